//! The guide's order sample against orders the TypeScript library encoded (`encodeOrderBorsh`) and signed:
//! test/docs/anchor-sample.test.ts writes them to the file named by `ORDER_GATE_VECTORS`, one case a line:
//! `expected borsh_hex order_id_hex signature_hex solver_hex payer_hex now amount`, `expected` being `Ok`
//! or the name of the `OrderGateError` that `check_order` must return.

use anchor_lang::prelude::*;
use anchor_order_gate::{check_order, Order, OrderGateError};
use attestkit_receiver_interface::{host::Host, order::eip712::order_id_from_borsh};

fn hex(text: &str) -> Vec<u8> {
    let digits = text.strip_prefix("0x").unwrap_or(text);
    assert!(digits.len() % 2 == 0, "odd hex length: {text}");
    (0..digits.len()).step_by(2).map(|i| u8::from_str_radix(&digits[i..i + 2], 16).expect("hex")).collect()
}

fn fixed<const N: usize>(text: &str) -> [u8; N] {
    hex(text).try_into().expect("length")
}

fn error_code(name: &str) -> u32 {
    let error = match name {
        "NotTheSolver" => OrderGateError::NotTheSolver,
        "NoInputHere" => OrderGateError::NoInputHere,
        "NotNative" => OrderGateError::NotNative,
        "Expired" => OrderGateError::Expired,
        "PayerNotRefundRecipient" => OrderGateError::PayerNotRefundRecipient,
        "OutputCalls" => OrderGateError::OutputCalls,
        other => panic!("unknown expected error {other}"),
    };
    u32::from(error)
}

fn code_of(error: &Error) -> u32 {
    match error {
        Error::AnchorError(e) => e.error_code_number,
        Error::ProgramError(e) => u64::from(e.program_error.clone()) as u32,
    }
}

#[test]
fn typescript_orders_decode_byte_identically_and_check_as_expected() {
    let path = std::env::var("ORDER_GATE_VECTORS").expect("ORDER_GATE_VECTORS: run through test/docs/anchor-sample.test.ts");
    let text = std::fs::read_to_string(path).expect("vectors file");
    let mut cases = 0;
    for line in text.lines().filter(|l| !l.is_empty()) {
        let fields: Vec<&str> = line.split(' ').collect();
        let [expected, borsh_hex, id, signature, solver, payer, now, amount] = fields[..] else {
            panic!("malformed line: {line}");
        };
        let bytes = hex(borsh_hex);
        let order = Order::try_from_slice(&bytes).expect("the sample's Order decodes the library's bytes");
        assert_eq!(borsh::to_vec(&order).expect("encode"), bytes, "re-encoded bytes differ");
        assert_eq!(order_id_from_borsh::<Host>(&bytes).expect("id"), fixed::<32>(id), "order id differs");
        let result = check_order::<Host>(&order, &hex(signature), &fixed(solver), &fixed(payer), now.parse().expect("now"));
        match (expected, result) {
            ("Ok", Ok(accepted)) => {
                assert_eq!(accepted.order_id, fixed::<32>(id));
                assert_eq!(accepted.amount, amount.parse::<u64>().expect("amount"));
            }
            ("Ok", Err(e)) => panic!("valid order refused: {e}"),
            (name, Ok(_)) => panic!("expected {name}, the order was accepted"),
            (name, Err(e)) => assert_eq!(code_of(&e), error_code(name), "expected {name}, got {e}"),
        }
        cases += 1;
    }
    assert!(cases >= 8, "only {cases} cases");
}
