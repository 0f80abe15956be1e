//! The hand-maintained Anchor IDLs (`programs/idl/order_depositor.json`, `programs/idl/depository.json`)
//! against the Rust crates: every error code and name, every instruction / account / event
//! discriminator, account sizes.

use attestkit_receiver_interface::{
    error::ReceiverError,
    event::RequestInvalidated,
    order::{depository, error::OrderError},
    state::AccountType,
};
use order_depositor::{
    event::{
        CallsAllowedSet, OrderDeposited, CALLS_ALLOWED_SET_DISCRIMINATOR, ORDER_DEPOSITED_DISCRIMINATOR, ORDER_INVALIDATED_DISCRIMINATOR,
        ORDER_INVALIDATION_TOO_LATE_DISCRIMINATOR,
    },
    instructions::discriminator as ix,
    state::{OrderDepositorConfig, OrderRecipient, PaidRequest},
};
use serde_json::Value;

fn idl(name: &str) -> Value {
    let path = format!("{}/../idl/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn discriminator(v: &Value, list: &str, name: &str) -> [u8; 8] {
    let entry = v[list].as_array().unwrap().iter().find(|e| e["name"] == name).unwrap_or_else(|| panic!("{name}"));
    let bytes: Vec<u8> = entry["discriminator"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() as u8).collect();
    bytes.try_into().unwrap()
}

#[test]
fn every_idl_error_is_the_crate_error_of_that_code_and_name() {
    let v = idl("order_depositor");
    let errors = v["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 46 + 19);
    for e in errors {
        let code = e["code"].as_u64().unwrap() as u32;
        let name = e["name"].as_str().unwrap();
        let crate_name = match (ReceiverError::from_code(code), OrderError::from_code(code)) {
            (Some(r), None) => format!("{r:?}"),
            (None, Some(o)) => format!("{o:?}"),
            other => panic!("code {code}: {other:?}"),
        };
        assert_eq!(crate_name, name, "code {code}");
    }
}

#[test]
fn instruction_account_and_event_discriminators_match_the_crates() {
    let v = idl("order_depositor");
    for (name, d) in [
        ("compute_order_id", ix::COMPUTE_ORDER_ID),
        ("order_deposit_native", ix::ORDER_DEPOSIT_NATIVE),
        ("order_deposit_token", ix::ORDER_DEPOSIT_TOKEN),
        ("initialize", ix::INITIALIZE),
        ("whitelist_add", ix::WHITELIST_ADD),
        ("whitelist_remove", ix::WHITELIST_REMOVE),
        ("rotate_solver", ix::ROTATE_SOLVER),
        ("set_paused", ix::SET_PAUSED),
        ("transfer_ownership", ix::TRANSFER_OWNERSHIP),
        ("accept_ownership", ix::ACCEPT_OWNERSHIP),
        ("invalidate_orders", ix::INVALIDATE_ORDERS),
        ("set_calls_allowed", ix::SET_CALLS_ALLOWED),
    ] {
        assert_eq!(discriminator(&v, "instructions", name), d, "{name}");
    }
    assert_eq!(discriminator(&v, "accounts", "OrderDepositorConfig"), OrderDepositorConfig::DISCRIMINATOR);
    assert_eq!(discriminator(&v, "accounts", "OrderRecipient"), OrderRecipient::DISCRIMINATOR);
    assert_eq!(discriminator(&v, "accounts", "PaidRequest"), PaidRequest::DISCRIMINATOR);
    assert_eq!(discriminator(&v, "events", "OrderDeposited"), ORDER_DEPOSITED_DISCRIMINATOR);
    assert_eq!(discriminator(&v, "events", "OrderInvalidated"), ORDER_INVALIDATED_DISCRIMINATOR);
    assert_eq!(discriminator(&v, "events", "OrderInvalidationTooLate"), ORDER_INVALIDATION_TOO_LATE_DISCRIMINATOR);
    assert_eq!(discriminator(&v, "events", "CallsAllowedSet"), CALLS_ALLOWED_SET_DISCRIMINATOR);
    assert_eq!(core::mem::size_of::<RequestInvalidated>(), 72);
    assert_eq!(OrderDepositorConfig::LEN, 156);
    assert_eq!(OrderRecipient::LEN, 41);
    assert_eq!(core::mem::size_of::<OrderDeposited>(), 132);
    assert_eq!(core::mem::size_of::<CallsAllowedSet>(), 9);
}

#[test]
fn the_depository_idl_matches_the_depository_interface() {
    let v = idl("depository");
    assert_eq!(v["address"], "99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2");
    assert_eq!(discriminator(&v, "instructions", "deposit_native"), depository::discriminator::DEPOSIT_NATIVE);
    assert_eq!(discriminator(&v, "instructions", "deposit_token"), depository::discriminator::DEPOSIT_TOKEN);
    assert_eq!(discriminator(&v, "instructions", "initialize"), depository::discriminator::INITIALIZE);
    assert_eq!(discriminator(&v, "accounts", "RelayDepository"), depository::RELAY_DEPOSITORY_ACCOUNT_DISCRIMINATOR);
    assert_eq!(discriminator(&v, "events", "DepositEvent"), depository::DEPOSIT_EVENT_DISCRIMINATOR);
    let native = v["instructions"].as_array().unwrap().iter().find(|i| i["name"] == "deposit_native").unwrap();
    let names: Vec<&str> = native["accounts"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["relay_depository", "sender", "depositor", "vault", "system_program"]);
}
