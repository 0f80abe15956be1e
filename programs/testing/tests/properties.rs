//! Properties over many keys and requests (deterministic pseudo-random inputs from keccak): every
//! signature recovers to its signer in both forms, and every malformed variant is refused.

use attestkit_receiver_interface::{
    attestation::{eip191_digest, recover_signer, Crypto},
    host::Host,
};
use attestkit_testing::{compact_form, high_s_twin, resized, with_v, MockSolver, RequestData};

const CASES: u32 = 32;

fn bytes(label: &str, index: u32) -> [u8; 32] {
    Host::keccak256(&[label.as_bytes(), &index.to_le_bytes()])
}

fn int(label: &str, index: u32) -> u64 {
    u64::from_le_bytes(bytes(label, index)[..8].try_into().expect("8 bytes"))
}

fn request(index: u32) -> RequestData {
    RequestData {
        request_id: bytes("request", index),
        origin_chain_id: int("chain", index),
        origin_user: bytes("user", index),
        origin_currency: if index % 3 == 0 { [0; 32] } else { bytes("currency", index) },
        origin_amount: int("amount", index),
        destination_chain_id: int("destination-chain", index),
        destination_user: bytes("destination", index),
    }
}

#[test]
fn every_signature_recovers_to_its_signer_in_both_forms_and_every_variant_is_refused() {
    for index in 0..CASES {
        let solver = MockSolver::new(&format!("property-{index}"));
        let data = request(index);
        let signature = solver.sign_attestation(&data);
        assert_eq!(data.signer(&signature), Ok(solver.address()), "case {index}");
        assert_eq!(data.signer(&compact_form(&signature)), Ok(solver.address()), "case {index}");
        assert_eq!(high_s_twin(&high_s_twin(&signature)), signature, "the twin of the twin, case {index}");
        for variant in [
            high_s_twin(&signature).to_vec(),
            with_v(&signature, signature[64] - 27).to_vec(),
            with_v(&signature, 29).to_vec(),
            resized(&signature, 63),
            resized(&signature, 66),
        ] {
            assert!(data.signer(&variant).is_err(), "case {index}: accepted {variant:02x?}");
        }
    }
}

#[test]
fn signatures_are_deterministic_and_bound_to_every_word() {
    let solver = MockSolver::new("binding");
    for index in 0..CASES {
        let data = request(index);
        let signature = solver.sign_attestation(&data);
        assert_eq!(solver.sign_attestation(&data), signature, "RFC 6979: case {index}");
        let changed = [
            RequestData { request_id: bytes("other", index), ..data },
            RequestData { origin_chain_id: data.origin_chain_id ^ 1, ..data },
            RequestData { origin_user: bytes("other-user", index), ..data },
            RequestData { origin_currency: bytes("other-currency", index), ..data },
            RequestData { origin_amount: data.origin_amount ^ 1, ..data },
            RequestData { destination_chain_id: data.destination_chain_id ^ 1, ..data },
            RequestData { destination_user: bytes("other-destination", index), ..data },
        ];
        for other in changed {
            assert_ne!(other.signer(&signature), Ok(solver.address()), "case {index}: {other:?}");
        }
    }
}

#[test]
fn order_signatures_recover_to_the_signer() {
    for index in 0..CASES {
        let solver = MockSolver::new(&format!("orders-{index}"));
        let order_id = bytes("order", index);
        let signature = solver.sign_order_id(&order_id);
        let recovered = recover_signer::<Host>(&eip191_digest::<Host>(&order_id), &signature);
        assert_eq!(recovered, Ok(solver.address()), "case {index}");
    }
}
