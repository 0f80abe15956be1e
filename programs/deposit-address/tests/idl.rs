//! The hand-maintained Anchor IDL (`programs/idl/deposit_address.json`) against the crates: every
//! error code and name, the `sweep` discriminator, the PDA seed.

use attestkit_receiver_interface::order::deposit_address::{DEPOSIT_ADDRESS_SEED, SWEEP_DISCRIMINATOR};
use deposit_address::error::DepositAddressError as E;
use serde_json::Value;

fn idl() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../idl/deposit_address.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

const ERRORS: [E; 16] = [
    E::UnknownInstruction,
    E::InvalidInstructionData,
    E::InsufficientBalance,
    E::MissingTokenAccounts,
    E::NotEnoughAccounts,
    E::MissingSigner,
    E::AccountNotWritable,
    E::InvalidSystemProgram,
    E::InvalidAssociatedTokenProgram,
    E::InvalidDepositoryProgram,
    E::InvalidDepositAddress,
    E::InvalidMint,
    E::InvalidTokenProgram,
    E::InvalidDepositAddressTokenAccount,
    E::InvalidVaultTokenAccount,
    E::DuplicateAccount,
];

#[test]
fn every_idl_error_is_the_crate_error_of_that_code_and_name() {
    let v = idl();
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), ERRORS.len());
    for (entry, error) in errors.iter().zip(ERRORS) {
        assert_eq!(entry["code"].as_u64().unwrap(), error as u64);
        assert_eq!(entry["name"].as_str().unwrap(), format!("{error:?}"));
    }
}

#[test]
fn sweep_discriminator_and_seed_match_the_interface() {
    let v = idl();
    let sweep = &v["instructions"][0];
    assert_eq!(sweep["name"], "sweep");
    let d: Vec<u8> = sweep["discriminator"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() as u8).collect();
    assert_eq!(d, SWEEP_DISCRIMINATOR);
    let address = sweep["accounts"].as_array().unwrap().iter().find(|a| a["name"] == "deposit_address").unwrap();
    let seed: Vec<u8> = address["pda"]["seeds"][0]["value"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() as u8).collect();
    assert_eq!(seed, DEPOSIT_ADDRESS_SEED);
}
