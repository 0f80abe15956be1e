//! The Anchor IDL (`programs/idl/attested_receiver.json`, for `@coral-xyz/anchor` users) and the
//! codama IDL derived from it (`programs/idl/attested_receiver.codama.json`,
//! `npm run codama`) against the Rust interface: instruction, account and event discriminators,
//! error codes and names, account and event sizes.

use attestkit_receiver_interface::{
    error::ReceiverError,
    event::{
        Deposited, InvalidationTooLate, RequestInvalidated, DEPOSITED_DISCRIMINATOR,
        INVALIDATION_TOO_LATE_DISCRIMINATOR, REQUEST_INVALIDATED_DISCRIMINATOR,
    },
    instruction::discriminator as ix,
    state::{AccountType, Config, PaidRequest, WhitelistEntry},
};
use serde_json::Value;

mod common;
use common::{hex, repo_json};

fn read(name: &str) -> Value {
    repo_json(&format!("programs/idl/{name}"))
}

fn idl() -> Value {
    read("attested_receiver.json")
}

fn camel(snake: &str) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in snake.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The 8-byte discriminator a codama node carries as the default value of its `discriminator`
/// field (instruction argument or account field).
fn codama_discriminator(fields: &Value) -> Vec<u8> {
    let field = by_name(fields, "discriminator");
    assert_eq!(field["defaultValue"]["encoding"], "base16");
    hex(field["defaultValue"]["data"].as_str().unwrap())
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

const INSTRUCTIONS: [(&str, [u8; 8]); 12] = [
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

#[test]
fn instruction_discriminators_match_one_to_one() {
    let idl = idl();
    assert_eq!(idl["instructions"].as_array().unwrap().len(), INSTRUCTIONS.len(), "instruction count");
    for (name, disc) in INSTRUCTIONS {
        assert_eq!(bytes(&by_name(&idl["instructions"], name)["discriminator"]), disc, "{name}");
    }
}

#[test]
fn codama_idl_matches_the_rust_interface() {
    let program = &read("attested_receiver.codama.json")["program"];
    assert_eq!(program["instructions"].as_array().unwrap().len(), INSTRUCTIONS.len(), "instruction count");
    for (name, disc) in INSTRUCTIONS {
        let node = by_name(&program["instructions"], &camel(name));
        assert_eq!(codama_discriminator(&node["arguments"]), disc, "{name}");
    }
    for (name, disc, len) in [
        ("config", Config::DISCRIMINATOR, Config::LEN),
        ("paidRequest", PaidRequest::DISCRIMINATOR, PaidRequest::LEN),
        ("whitelistEntry", WhitelistEntry::DISCRIMINATOR, WhitelistEntry::LEN),
    ] {
        let node = by_name(&program["accounts"], name);
        assert_eq!(codama_discriminator(&node["data"]["fields"]), disc, "{name}");
        assert_eq!(node["size"].as_u64().unwrap() as usize, len, "{name} size");
    }
    let errors = program["errors"].as_array().unwrap();
    assert_eq!(errors.len(), idl()["errors"].as_array().unwrap().len());
    for e in errors {
        let code = e["code"].as_u64().unwrap() as u32;
        let err = ReceiverError::from_code(code).unwrap_or_else(|| panic!("code {code} has no ReceiverError"));
        let rust = format!("{err:?}");
        let expected = format!("{}{}", rust[..1].to_lowercase(), &rust[1..]);
        assert_eq!(e["name"].as_str().unwrap(), expected, "code {code}");
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
        ("InvalidationTooLate", INVALIDATION_TOO_LATE_DISCRIMINATOR, core::mem::size_of::<InvalidationTooLate>()),
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
