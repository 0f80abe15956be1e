//! The Anchor IDL (`programs/idl/attested_receiver.json`, for `@coral-xyz/anchor` users and the
//! source of the codama IDL and the generated TS client) against the Rust interface: instruction,
//! account and event discriminators, error codes and names, account and event sizes.

use attestkit_receiver_interface::{
    error::ReceiverError,
    event::{Deposited, RequestInvalidated, DEPOSITED_DISCRIMINATOR, REQUEST_INVALIDATED_DISCRIMINATOR},
    instruction::discriminator as ix,
    state::{AccountType, Config, PaidRequest, WhitelistEntry},
};
use serde_json::Value;

fn idl() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../idl/attested_receiver.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn bytes(v: &Value) -> Vec<u8> {
    v.as_array().unwrap().iter().map(|b| b.as_u64().unwrap() as u8).collect()
}

fn by_name<'a>(list: &'a Value, name: &str) -> &'a Value {
    list.as_array().unwrap().iter().find(|x| x["name"] == name).unwrap_or_else(|| panic!("{name} missing from the IDL"))
}

/// Borsh size of an IDL field type (the fixed-size types this IDL uses).
fn size(t: &Value) -> usize {
    match t {
        Value::String(s) => match s.as_str() {
            "u8" | "bool" => 1,
            "u64" | "i64" => 8,
            "pubkey" => 32,
            other => panic!("unsized type {other}"),
        },
        Value::Object(o) => {
            let a = o["array"].as_array().unwrap();
            size(&a[0]) * a[1].as_u64().unwrap() as usize
        }
        other => panic!("unexpected type {other}"),
    }
}

/// 8-byte discriminator + the Borsh size of the IDL type `name`.
fn idl_len(idl: &Value, name: &str) -> usize {
    let fields = by_name(&idl["types"], name)["type"]["fields"].as_array().unwrap();
    8 + fields.iter().map(|f| size(&f["type"])).sum::<usize>()
}

#[test]
fn instruction_discriminators_match_one_to_one() {
    let idl = idl();
    let rust = [
        ("initialize", ix::INITIALIZE),
        ("whitelist_add", ix::WHITELIST_ADD),
        ("whitelist_remove", ix::WHITELIST_REMOVE),
        ("rotate_solver", ix::ROTATE_SOLVER),
        ("set_paused", ix::SET_PAUSED),
        ("transfer_ownership", ix::TRANSFER_OWNERSHIP),
        ("accept_ownership", ix::ACCEPT_OWNERSHIP),
        ("set_max_deadline_window", ix::SET_MAX_DEADLINE_WINDOW),
        ("deposit_native", ix::DEPOSIT_NATIVE),
        ("deposit_token", ix::DEPOSIT_TOKEN),
        ("verify_attestation", ix::VERIFY_ATTESTATION),
        ("invalidate_requests", ix::INVALIDATE_REQUESTS),
    ];
    assert_eq!(idl["instructions"].as_array().unwrap().len(), rust.len(), "instruction count");
    for (name, disc) in rust {
        assert_eq!(bytes(&by_name(&idl["instructions"], name)["discriminator"]), disc, "{name}");
    }
}

#[test]
fn accounts_and_events_match_discriminators_and_sizes() {
    let idl = idl();
    let accounts = [
        ("Config", Config::DISCRIMINATOR, Config::LEN),
        ("PaidRequest", PaidRequest::DISCRIMINATOR, PaidRequest::LEN),
        ("WhitelistEntry", WhitelistEntry::DISCRIMINATOR, WhitelistEntry::LEN),
    ];
    assert_eq!(idl["accounts"].as_array().unwrap().len(), accounts.len());
    for (name, disc, len) in accounts {
        assert_eq!(bytes(&by_name(&idl["accounts"], name)["discriminator"]), disc, "{name}");
        assert_eq!(idl_len(&idl, name), len, "{name} size");
    }
    let events = [
        ("Deposited", DEPOSITED_DISCRIMINATOR, core::mem::size_of::<Deposited>()),
        ("RequestInvalidated", REQUEST_INVALIDATED_DISCRIMINATOR, core::mem::size_of::<RequestInvalidated>()),
    ];
    assert_eq!(idl["events"].as_array().unwrap().len(), events.len());
    for (name, disc, len) in events {
        assert_eq!(bytes(&by_name(&idl["events"], name)["discriminator"]), disc, "{name}");
        assert_eq!(idl_len(&idl, name), len, "{name} size");
    }
}

#[test]
fn every_error_code_maps_to_the_variant_of_the_same_name_and_back() {
    let idl = idl();
    let errors = idl["errors"].as_array().unwrap();
    for e in errors {
        let code = e["code"].as_u64().unwrap() as u32;
        let err = ReceiverError::from_code(code).unwrap_or_else(|| panic!("code {code} has no ReceiverError"));
        assert_eq!(format!("{err:?}"), e["name"].as_str().unwrap(), "code {code}");
        assert_eq!(err as u32, code);
    }
    // Codes are contiguous from 6000, so no Rust variant is missing from the IDL either.
    let first = 6000u32;
    let last = first + errors.len() as u32;
    assert!((first..last).all(|c| ReceiverError::from_code(c).is_some()));
    assert_eq!(ReceiverError::from_code(last), None);
    assert_eq!(ReceiverError::from_code(first - 1), None);
}
