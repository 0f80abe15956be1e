//! Orders against the shared vectors (`test/vectors/protocol-orders.json`): every order's Borsh
//! bytes (the IDL's `Order`) parse in place, hash to the vector's id with `host::Host` as the
//! crypto, and every signature recovers to the vectors' solver; the type hashes are the keccak
//! of the EIP-712 type strings; malformed bytes and tampered orders are refused.

use attestkit_receiver_interface::{
    error::ReceiverError,
    host::Host,
    order::{
        eip712::{order_id, type_hash, type_strings as t, EMPTY_HASH, ORDER_VERSION_V1, V1_VERSION_HASH},
        error::OrderError,
        layout::{word_to_u64, Order, MAX_LIST_LEN},
        signature::{order_signer, verify_order_signature},
    },
    attestation::Crypto,
};
use serde_json::Value;

mod borsh_json;
mod common;
use borsh_json::{word, Borsh};
use common::{hex, repo_json};

fn borsh_order(e: &Value) -> Vec<u8> {
    let mut b = Borsh(Vec::new());
    b.text(&e["version"]);
    b.text(&e["solverChainId"]);
    b.0.extend_from_slice(&hex(e["solver"].as_str().unwrap()));
    b.word(&e["salt"]);
    b.list(&e["inputs"], |b, i| {
        let p = &i["payment"];
        b.text(&p["chainId"]);
        b.hex(&p["currency"]);
        b.word(&p["amount"]);
        b.word(&p["weight"]);
        b.list(&i["refunds"], |b, r| {
            b.text(&r["chainId"]);
            b.hex(&r["recipient"]);
            b.hex(&r["currency"]);
            b.word(&r["minimumAmount"]);
            b.u32(r["deadline"].as_u64().unwrap() as u32);
            b.hex(&r["extraData"]);
        });
    });
    let o = &e["output"];
    b.text(&o["chainId"]);
    b.list(&o["payments"], |b, p| {
        b.hex(&p["recipient"]);
        b.hex(&p["currency"]);
        b.word(&p["minimumAmount"]);
        b.word(&p["expectedAmount"]);
    });
    b.u32(o["deadline"].as_u64().unwrap() as u32);
    b.list(&o["calls"], |b, c| b.hex(c));
    b.hex(&o["extraData"]);
    b.fees(&e["fees"]);
    b.0
}

fn vectors() -> Value {
    repo_json("test/vectors/protocol-orders.json")
}

fn id_of(bytes: &[u8]) -> Result<[u8; 32], OrderError> {
    order_id::<Host>(&Order::parse(bytes)?)
}

#[test]
fn every_vector_order_hashes_to_its_id() {
    let v = vectors();
    let all: Vec<&Value> = v["published"].as_array().unwrap().iter().chain(v["cases"].as_array().unwrap()).collect();
    assert!(all.len() > 30);
    for case in all {
        let bytes = borsh_order(&case["encoded"]);
        let expected = hex(case["orderId"].as_str().unwrap());
        assert_eq!(id_of(&bytes).unwrap().to_vec(), expected, "{}", case["name"]);
    }
}

#[test]
fn every_vector_signature_recovers_to_the_solver() {
    let v = vectors();
    let solver: [u8; 20] = hex(v["solver"]["address"].as_str().unwrap()).try_into().unwrap();
    let cases = v["cases"].as_array().unwrap();
    assert!(!cases.is_empty());
    for case in cases {
        let id: [u8; 32] = hex(case["orderId"].as_str().unwrap()).try_into().unwrap();
        let signature = hex(case["signature"].as_str().unwrap());
        assert_eq!(order_signer::<Host>(&id, &signature).unwrap(), solver, "{}", case["name"]);
        verify_order_signature::<Host>(&id, &signature, &solver).unwrap();
        let mut other = id;
        other[0] ^= 1;
        assert_eq!(verify_order_signature::<Host>(&other, &signature, &solver), Err(ReceiverError::SignerMismatch));
    }
}

#[test]
fn type_hashes_are_the_keccak_of_the_eip712_type_strings() {
    let k = |s: &str| Host::keccak256(&[s.as_bytes()]);
    let input = format!("{}{}{}", t::INPUT_HEAD, t::INPUT_PAYMENT, t::INPUT_REFUND);
    let output = format!("{}{}", t::OUTPUT_HEAD, t::OUTPUT_PAYMENT);
    let order = format!("{}{}{}{}", t::ORDER_HEAD, t::FEE, input, output);
    assert_eq!(k(t::INPUT_PAYMENT), type_hash::INPUT_PAYMENT);
    assert_eq!(k(t::INPUT_REFUND), type_hash::INPUT_REFUND);
    assert_eq!(k(t::OUTPUT_PAYMENT), type_hash::OUTPUT_PAYMENT);
    assert_eq!(k(t::FEE), type_hash::FEE);
    assert_eq!(k(&input), type_hash::INPUT);
    assert_eq!(k(&output), type_hash::OUTPUT);
    assert_eq!(k(&order), type_hash::ORDER);
}

#[test]
fn the_constant_hashes_are_the_keccak_of_v1_and_of_nothing() {
    assert_eq!(Host::keccak256(&[ORDER_VERSION_V1]), V1_VERSION_HASH);
    assert_eq!(Host::keccak256(&[]), EMPTY_HASH);
}

#[test]
fn every_truncation_and_any_trailing_byte_is_refused() {
    let v = vectors();
    let bytes = borsh_order(&v["published"][0]["encoded"]);
    for len in 0..bytes.len() {
        assert_eq!(Order::parse(&bytes[..len]).err(), Some(OrderError::InvalidOrderEncoding), "length {len}");
    }
    let mut padded = bytes.clone();
    padded.push(0);
    assert_eq!(Order::parse(&padded).err(), Some(OrderError::InvalidOrderEncoding));
}

/// The one-pass hashing (what `compute_order_id` and the deposits run) on its own, over the
/// published order (no calls, no fees, empty extra data: constant slices) and the first vector
/// with calls, fees and extra data: an order cut anywhere, or followed by one more byte, is
/// malformed.
#[test]
fn the_hashing_pass_refuses_every_truncation_and_any_trailing_byte() {
    use attestkit_receiver_interface::order::eip712::order_id_from_borsh;
    let v = vectors();
    let full = v["cases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            let e = &c["encoded"];
            let some = |list: &Value| list.as_array().is_some_and(|a| !a.is_empty());
            some(&e["output"]["calls"]) && some(&e["fees"]) && e["output"]["extraData"] != "0x"
        })
        .expect("a vector with calls, fees and extra data");
    for case in [&v["published"][0], full] {
        let bytes = borsh_order(&case["encoded"]);
        for len in 0..bytes.len() {
            assert_eq!(order_id_from_borsh::<Host>(&bytes[..len]).err(), Some(OrderError::InvalidOrderEncoding), "length {len}");
        }
        let mut padded = bytes.clone();
        padded.push(0);
        assert_eq!(order_id_from_borsh::<Host>(&padded).err(), Some(OrderError::InvalidOrderEncoding));
        assert_eq!(order_id_from_borsh::<Host>(&bytes).ok(), id_of(&bytes).ok());
    }
}

#[test]
fn changing_any_byte_of_an_order_changes_its_id_or_its_validity() {
    let v = vectors();
    let bytes = borsh_order(&v["published"][0]["encoded"]);
    let id = id_of(&bytes).unwrap();
    for at in 0..bytes.len() {
        let mut changed = bytes.clone();
        changed[at] ^= 0x01;
        assert_ne!(id_of(&changed).ok(), Some(id), "byte {at}");
    }
}

#[test]
fn lists_longer_than_the_maximum_and_unknown_versions_are_refused() {
    let v = vectors();
    let mut e = v["published"][0]["encoded"].clone();
    e["output"]["calls"] = Value::Array(vec![Value::from("0x"); MAX_LIST_LEN + 1]);
    assert_eq!(Order::parse(&borsh_order(&e)).err(), Some(OrderError::TooManyElements));
    e["output"]["calls"] = Value::Array(vec![Value::from("0x"); MAX_LIST_LEN]);
    assert!(id_of(&borsh_order(&e)).is_ok());
    e["version"] = Value::from("v2");
    assert_eq!(id_of(&borsh_order(&e)).err(), Some(OrderError::UnsupportedOrderVersion));
}

#[test]
fn the_hashing_pass_tells_another_version_from_a_version_cut_short() {
    use attestkit_receiver_interface::order::eip712::order_id_from_borsh;
    let bytes = borsh_order(&vectors()["published"][0]["encoded"]);
    assert_eq!(bytes[..6], [2, 0, 0, 0, b'v', b'1']);
    // Whole versions other than "v1", shorter, longer or as long, with nothing after them.
    for other in [&b"\x01\x00\x00\x00v"[..], b"\x03\x00\x00\x00v10", b"\x02\x00\x00\x00v2"] {
        assert_eq!(order_id_from_borsh::<Host>(other).err(), Some(OrderError::UnsupportedOrderVersion), "{other:?}");
    }
    // "v1" cut short, or whole and followed by a cut-short order: malformed.
    for len in 0..8 {
        assert_eq!(order_id_from_borsh::<Host>(&bytes[..len]).err(), Some(OrderError::InvalidOrderEncoding), "length {len}");
    }
}

#[test]
fn word_to_u64_takes_only_values_that_fit() {
    let mut w = [0u8; 32];
    w[24..].copy_from_slice(&u64::MAX.to_be_bytes());
    assert_eq!(word_to_u64(&w), Some(u64::MAX));
    w[23] = 1;
    assert_eq!(word_to_u64(&w), None);
}

#[test]
fn an_invalidation_signature_recovers_to_its_signer_only_for_its_program_and_ids() {
    use attestkit_receiver_interface::order::invalidation::{invalidation_hash, invalidation_signer};
    use k256::ecdsa::SigningKey;
    let key = SigningKey::from_slice(&[7u8; 32]).unwrap();
    let point = key.verifying_key().to_encoded_point(false);
    let signer: [u8; 20] = Host::keccak256(&[&point.as_bytes()[1..]])[12..].try_into().unwrap();
    let program = [0x0du8; 32];
    let ids = [[1u8; 32], [2u8; 32]].concat();
    let hash = invalidation_hash::<Host>(&program, &ids);
    assert_eq!(hash, Host::keccak256(&[b"attestkit:invalidate_orders", &program, &ids]));
    let digest = Host::keccak256(&[b"\x19Ethereum Signed Message:\n32", &hash]);
    let (sig, rec) = key.sign_prehash_recoverable(&digest).unwrap();
    let mut signature = sig.normalize_s().unwrap_or(sig).to_bytes().to_vec();
    let flipped = sig.normalize_s().is_some();
    signature.push(27 + (rec.to_byte() ^ u8::from(flipped)));
    assert_eq!(invalidation_signer::<Host>(&program, &ids, &signature), Ok(signer));
    // Another program, or the ids in another order: another (wrong) signer, never the solver.
    assert_ne!(invalidation_signer::<Host>(&[0x0e; 32], &ids, &signature).ok(), Some(signer));
    let swapped = [[2u8; 32], [1u8; 32]].concat();
    assert_ne!(invalidation_signer::<Host>(&program, &swapped, &signature).ok(), Some(signer));
}

/// Everything `hash_order` shows its visitor, as owned values.
#[derive(Default)]
struct Seen {
    solver: Vec<u8>,
    input_payments: Vec<(Vec<u8>, Vec<u8>, Vec<u8>)>,
    /// Each refund's chain id and recipient, after the index of the input payment it follows.
    refunds: Vec<(usize, Vec<u8>, Vec<u8>)>,
    output_chain_id: Vec<u8>,
    calls: Vec<Vec<u8>>,
    recipients: Vec<(usize, Vec<u8>)>,
    deadline: Option<u32>,
}

impl<'a> attestkit_receiver_interface::order::eip712::OrderVisitor<'a> for Seen {
    type Error = OrderError;
    fn solver(&mut self, solver: &'a [u8; 20]) {
        self.solver = solver.to_vec();
    }
    fn input_payment(&mut self, chain_id: &'a [u8], currency: &'a [u8], amount: &'a [u8; 32]) {
        self.input_payments.push((chain_id.to_vec(), currency.to_vec(), amount.to_vec()));
    }
    fn input_refund(&mut self, chain_id: &'a [u8], recipient: &'a [u8]) {
        self.refunds.push((self.input_payments.len() - 1, chain_id.to_vec(), recipient.to_vec()));
    }
    fn output_call(&mut self, call: &'a [u8]) {
        self.calls.push(call.to_vec());
    }
    fn output_chain_id(&mut self, chain_id: &'a [u8]) {
        self.output_chain_id = chain_id.to_vec();
    }
    fn output_recipient(&mut self, index: usize, recipient: &'a [u8]) {
        self.recipients.push((index, recipient.to_vec()));
    }
    fn output_deadline(&mut self, deadline: u32) {
        self.deadline = Some(deadline);
    }
}

#[test]
fn hash_order_shows_its_visitor_the_members_a_deposit_checks_and_leaves_the_rest() {
    use attestkit_receiver_interface::order::{borsh::Reader, eip712::hash_order};
    let v = vectors();
    for case in v["cases"].as_array().unwrap() {
        let e = &case["encoded"];
        let mut bytes = borsh_order(e);
        let order_len = bytes.len();
        bytes.extend_from_slice(&[7, 7, 7]); // the instruction's next arguments
        let (mut seen, mut id) = (Seen::default(), core::mem::MaybeUninit::uninit());
        let mut reader = Reader::new(&bytes);
        hash_order::<Host, _>(&mut reader, &mut seen, &mut id).unwrap();
        // SAFETY: hash_order returned Ok.
        assert_eq!(unsafe { id.assume_init() }.to_vec(), hex(case["orderId"].as_str().unwrap()));
        assert_eq!(reader.rest(), &bytes[order_len..]);
        assert_eq!(seen.solver, hex(e["solver"].as_str().unwrap()));
        let inputs = e["inputs"].as_array().unwrap();
        assert_eq!(seen.input_payments.len(), inputs.len());
        for ((chain, currency, amount), input) in seen.input_payments.iter().zip(inputs) {
            let p = &input["payment"];
            assert_eq!(chain.as_slice(), p["chainId"].as_str().unwrap().as_bytes());
            assert_eq!(currency, &hex(p["currency"].as_str().unwrap()));
            assert_eq!(amount.as_slice(), word(&p["amount"]));
        }
        let refunds: Vec<(usize, Vec<u8>, Vec<u8>)> = inputs
            .iter()
            .enumerate()
            .flat_map(|(i, input)| {
                input["refunds"].as_array().unwrap().iter().map(move |r| {
                    (i, r["chainId"].as_str().unwrap().as_bytes().to_vec(), hex(r["recipient"].as_str().unwrap()))
                })
            })
            .collect();
        assert_eq!(seen.refunds, refunds);
        let output = &e["output"];
        assert_eq!(seen.output_chain_id.as_slice(), output["chainId"].as_str().unwrap().as_bytes());
        let payments = output["payments"].as_array().unwrap();
        let expected: Vec<(usize, Vec<u8>)> =
            payments.iter().enumerate().map(|(i, p)| (i, hex(p["recipient"].as_str().unwrap()))).collect();
        assert_eq!(seen.recipients, expected);
        assert_eq!(seen.deadline, Some(output["deadline"].as_u64().unwrap() as u32));
        let calls: Vec<Vec<u8>> = output["calls"].as_array().unwrap().iter().map(|c| hex(c.as_str().unwrap())).collect();
        assert_eq!(seen.calls, calls);
    }
}
