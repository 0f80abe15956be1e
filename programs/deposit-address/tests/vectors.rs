//! The Rust derivation of the deposit address (`order::deposit_address::deposit_address`, on the
//! host through solana-address's `find_program_address`) gives the addresses and bumps the
//! TypeScript one wrote (test/vectors/deposit-addresses.json, `npm run vectors`).

use attestkit_receiver_interface::order::deposit_address::{deposit_address, sweep_data, SWEEP_DISCRIMINATOR};
use pinocchio::Address;
use serde_json::Value;

const ALPHABET: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// Base58 (Bitcoin alphabet) of exactly 32 bytes.
fn base58_32(text: &str) -> [u8; 32] {
    let mut number = [0u8; 32];
    for c in text.bytes() {
        let mut carry = ALPHABET.iter().position(|a| *a == c).expect("base58 digit") as u32;
        for byte in number.iter_mut().rev() {
            carry += (*byte as u32) * 58;
            *byte = carry as u8;
            carry >>= 8;
        }
        assert_eq!(carry, 0, "{text} is longer than 32 bytes");
    }
    number
}

fn hex32(text: &str) -> [u8; 32] {
    let text = text.trim_start_matches("0x");
    let bytes: Vec<u8> = (0..64).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).unwrap()).collect();
    bytes.try_into().unwrap()
}

fn vectors() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test/vectors/deposit-addresses.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["svm"].as_array().unwrap().clone()
}

#[test]
fn deposit_addresses_and_bumps_match_typescript() {
    let cases = vectors();
    assert!(cases.len() >= 8);
    for case in &cases {
        let program = Address::new_from_array(base58_32(case["program"].as_str().unwrap()));
        let (address, bump) = deposit_address(
            &hex32(case["orderId"].as_str().unwrap()),
            &base58_32(case["mint"].as_str().unwrap()),
            &base58_32(case["depositor"].as_str().unwrap()),
            &program,
        );
        assert_eq!(address.to_bytes(), base58_32(case["address"].as_str().unwrap()), "{}", case["name"]);
        assert_eq!(bump as u64, case["bump"].as_u64().unwrap(), "{}", case["name"]);
    }
}

#[test]
fn native_uses_the_default_address_as_mint() {
    let native = vectors().into_iter().find(|c| c["mint"] == "11111111111111111111111111111111").unwrap();
    assert_eq!(base58_32(native["mint"].as_str().unwrap()), [0u8; 32]);
}

#[test]
fn sweep_data_is_the_discriminator_then_id_then_mint() {
    let (id, mint) = ([7u8; 32], [9u8; 32]);
    let data = sweep_data(&id, &mint);
    assert_eq!(data[..8], SWEEP_DISCRIMINATOR);
    assert_eq!(data[8..40], id);
    assert_eq!(data[40..], mint);
}
