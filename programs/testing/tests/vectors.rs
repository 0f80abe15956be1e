//! The Rust helpers produce the bytes the TypeScript helpers produce
//! (test/vectors/testing-signatures.json, written by `npm run vectors`).

use attestkit_testing::{compact_form, high_s_twin, resized, with_v, zero_recovery_signature, MockSolver, RequestData};
use serde_json::Value;

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test/vectors/testing-signatures.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("vectors file")).expect("vectors JSON")
}

fn hex(value: &Value) -> Vec<u8> {
    let text = value.as_str().expect("hex string").trim_start_matches("0x");
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex digit")).collect()
}

fn array<const N: usize>(value: &Value) -> [u8; N] {
    hex(value).try_into().expect("length")
}

fn int(value: &Value) -> u64 {
    value.as_str().expect("decimal string").parse().expect("u64")
}

#[test]
fn mock_keys_and_addresses_match_typescript() {
    let v = vectors();
    let keys = v["keys"].as_array().expect("keys");
    assert!(keys.len() >= 5);
    for k in keys {
        let solver = MockSolver::new(k["label"].as_str().expect("label"));
        assert_eq!(solver.private_key().to_vec(), hex(&k["privateKey"]), "key of {}", k["label"]);
        assert_eq!(solver.address().to_vec(), hex(&k["address"]), "address of {}", k["label"]);
    }
}

#[test]
fn attestation_signatures_and_malformed_variants_match_typescript() {
    let v = vectors();
    let solver = MockSolver::new(v["signerLabel"].as_str().expect("label"));
    let attestations = v["attestations"].as_array().expect("attestations");
    assert!(!attestations.is_empty());
    for a in attestations {
        let data = RequestData {
            request_id: array(&a["requestId"]),
            origin_chain_id: int(&a["originChainId"]),
            origin_user: array(&a["originUser"]),
            origin_currency: array(&a["originCurrency"]),
            origin_amount: int(&a["originAmount"]),
            destination_chain_id: int(&a["destinationChainId"]),
            destination_user: array(&a["destinationUser"]),
        };
        let signature = solver.sign_attestation(&data);
        assert_eq!(signature.to_vec(), hex(&a["signature"]));
        assert_eq!(high_s_twin(&signature).to_vec(), hex(&a["highSTwin"]));
        assert_eq!(compact_form(&signature).to_vec(), hex(&a["compact"]));
        assert_eq!(with_v(&signature, 0).to_vec(), hex(&a["v0"]));
        assert_eq!(with_v(&signature, 1).to_vec(), hex(&a["v1"]));
        assert_eq!(with_v(&signature, 29).to_vec(), hex(&a["v29"]));
        assert_eq!(resized(&signature, 63), hex(&a["short63"]));
        assert_eq!(resized(&signature, 66), hex(&a["long66"]));
        assert_eq!(resized(&signature, 0), hex(&a["empty"]));
    }
    assert_eq!(zero_recovery_signature().to_vec(), hex(&v["zeroRecovery"]));
}

#[test]
fn order_signatures_match_typescript() {
    let v = vectors();
    let solver = MockSolver::new(v["signerLabel"].as_str().expect("label"));
    for o in v["orders"].as_array().expect("orders") {
        assert_eq!(solver.sign_order_id(&array(&o["orderId"])).to_vec(), hex(&o["signature"]));
    }
}

#[test]
fn the_receiver_accepts_the_signature_and_its_compact_form_and_refuses_every_malformed_variant() {
    let solver = MockSolver::new("receiver-rules");
    let data = RequestData {
        request_id: [9; 32],
        origin_chain_id: 792_703_809,
        origin_user: [3; 32],
        origin_currency: [0; 32],
        origin_amount: 5,
        destination_chain_id: 8453,
        destination_user: [4; 32],
    };
    let signature = solver.sign_attestation(&data);
    assert_eq!(data.signer(&signature), Ok(solver.address()));
    assert_eq!(data.signer(&compact_form(&signature)), Ok(solver.address()));
    let refused: [Vec<u8>; 7] = [
        high_s_twin(&signature).to_vec(),
        with_v(&signature, 0).to_vec(),
        with_v(&signature, 1).to_vec(),
        with_v(&signature, 29).to_vec(),
        resized(&signature, 63),
        resized(&signature, 66),
        zero_recovery_signature().to_vec(),
    ];
    for variant in refused {
        assert!(data.signer(&variant).is_err(), "accepted {variant:02x?}");
    }
    // Another request's data recovers to another address.
    let other = RequestData { origin_amount: 6, ..data };
    assert_ne!(other.signer(&signature), Ok(solver.address()));
}

#[test]
fn order_signatures_match_the_protocol_order_vectors() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test/vectors/protocol-orders.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).expect("vectors file")).expect("JSON");
    let solver = MockSolver::from_private_key(&array(&v["solver"]["privateKey"])).expect("valid key");
    assert_eq!(solver.address().to_vec(), hex(&v["solver"]["address"]));
    let cases = v["cases"].as_array().expect("cases");
    assert!(!cases.is_empty());
    for case in cases {
        assert_eq!(solver.sign_order_id(&array(&case["orderId"])).to_vec(), hex(&case["signature"]), "{}", case["name"]);
    }
    assert!(MockSolver::from_private_key(&[0; 32]).is_none());
}
