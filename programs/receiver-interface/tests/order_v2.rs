//! `"v2"` orders against the shared vectors (`test/vectors/protocol-orders-v2.json`): every order's
//! Borsh bytes hash to the vector's id with `host::Host` as the crypto (the settlement SDK's
//! published v2 order included), the type hashes are the keccak of the EIP-712 type strings, and
//! malformed bytes, long lists and other versions are refused.

use attestkit_receiver_interface::{
    attestation::Crypto,
    host::Host,
    order::{
        eip712::{order_id_from_borsh as v1_order_id, type_hash::FEE, type_strings::FEE as FEE_STRING},
        error::OrderError,
        layout::MAX_LIST_LEN,
        v2::{order_id_from_borsh, type_hash, type_strings as t, ORDER_VERSION_V2, V2_BORSH, V2_VERSION_HASH},
    },
};
use serde_json::Value;

mod borsh_json;
mod common;
use borsh_json::Borsh;
use common::{hex, repo_json};

/// Borsh of a v2 order from a vector's `encoded` JSON, member for member as the EIP-712 types.
fn borsh_order_v2(e: &Value) -> Vec<u8> {
    let mut b = Borsh(Vec::new());
    b.text(&e["version"]);
    b.text(&e["relayerChainId"]);
    b.0.extend_from_slice(&hex(e["relayer"].as_str().unwrap()));
    b.word(&e["salt"]);
    b.u32(e["deadline"].as_u64().unwrap() as u32);
    let i = &e["input"];
    b.text(&i["chainId"]);
    b.hex(&i["currency"]);
    b.word(&i["amount"]);
    b.list(&e["refunds"], |b, r| {
        b.text(&r["chainId"]);
        b.hex(&r["currency"]);
        b.word(&r["minimumAmount"]);
        b.hex(&r["recipient"]);
    });
    let o = &e["output"];
    b.text(&o["chainId"]);
    b.hex(&o["withdraw"]["currency"]);
    b.word(&o["withdraw"]["minimumAmount"]);
    let f = &o["fill"];
    b.hex(&f["currency"]);
    b.word(&f["minimumAmount"]);
    b.hex(&f["recipient"]);
    b.list(&f["calls"], |b, c| b.hex(c));
    b.fees(&e["fees"]);
    b.0
}

fn vectors() -> Value {
    repo_json("test/vectors/protocol-orders-v2.json")
}

fn published() -> Vec<u8> {
    borsh_order_v2(&vectors()["published"][0]["encoded"])
}

#[test]
fn the_settlement_sdks_published_v2_order_reproduces_its_pinned_id() {
    let id = order_id_from_borsh::<Host>(&published()).unwrap();
    assert_eq!(id.to_vec(), hex("0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc"));
}

#[test]
fn every_v2_vector_order_hashes_to_its_id() {
    let v = vectors();
    let cases = v["cases"].as_array().unwrap();
    assert!(cases.len() > 30);
    for case in cases {
        let id = order_id_from_borsh::<Host>(&borsh_order_v2(&case["encoded"])).unwrap();
        assert_eq!(id.to_vec(), hex(case["orderId"].as_str().unwrap()), "{}", case["name"]);
    }
}

#[test]
fn v2_type_hashes_are_the_keccak_of_the_eip712_type_strings() {
    let k = |s: &str| Host::keccak256(&[s.as_bytes()]);
    let output = format!("{}{}{}", t::OUTPUT_HEAD, t::FILL, t::WITHDRAW);
    let order = format!("{}{}{}{}{}{}{}", t::ORDER_HEAD, FEE_STRING, t::FILL, t::INPUT, t::OUTPUT_HEAD, t::REFUND, t::WITHDRAW);
    assert_eq!(k(t::INPUT), type_hash::INPUT);
    assert_eq!(k(t::REFUND), type_hash::REFUND);
    assert_eq!(k(t::WITHDRAW), type_hash::WITHDRAW);
    assert_eq!(k(t::FILL), type_hash::FILL);
    assert_eq!(k(&output), type_hash::OUTPUT);
    assert_eq!(k(&order), type_hash::ORDER);
    assert_eq!(k(FEE_STRING), FEE);
    assert_eq!(Host::keccak256(&[ORDER_VERSION_V2]), V2_VERSION_HASH);
    assert_eq!(published()[..6], V2_BORSH);
}

#[test]
fn every_truncation_and_any_trailing_byte_is_refused() {
    let bytes = published();
    for len in 0..bytes.len() {
        assert_eq!(order_id_from_borsh::<Host>(&bytes[..len]).err(), Some(OrderError::InvalidOrderEncoding), "length {len}");
    }
    let mut padded = bytes.clone();
    padded.push(0);
    assert_eq!(order_id_from_borsh::<Host>(&padded).err(), Some(OrderError::InvalidOrderEncoding));
}

#[test]
fn changing_any_byte_of_a_v2_order_changes_its_id_or_its_validity() {
    let bytes = published();
    let id = order_id_from_borsh::<Host>(&bytes).unwrap();
    for at in 0..bytes.len() {
        let mut changed = bytes.clone();
        changed[at] ^= 0x01;
        assert_ne!(order_id_from_borsh::<Host>(&changed).ok(), Some(id), "byte {at}");
    }
}

#[test]
fn long_lists_and_other_versions_are_refused_and_each_version_reads_only_its_own() {
    let v = vectors();
    let mut e = v["published"][0]["encoded"].clone();
    e["output"]["fill"]["calls"] = Value::Array(vec![Value::from("0x"); MAX_LIST_LEN + 1]);
    assert_eq!(order_id_from_borsh::<Host>(&borsh_order_v2(&e)).err(), Some(OrderError::TooManyElements));
    e["output"]["fill"]["calls"] = Value::Array(vec![Value::from("0x"); MAX_LIST_LEN]);
    assert!(order_id_from_borsh::<Host>(&borsh_order_v2(&e)).is_ok());
    e["version"] = Value::from("v1");
    assert_eq!(order_id_from_borsh::<Host>(&borsh_order_v2(&e)).err(), Some(OrderError::UnsupportedOrderVersion));
    // v1's hashing refuses a v2 order: the version picks the types, never the shape of the bytes.
    assert_eq!(v1_order_id::<Host>(&published()).err(), Some(OrderError::UnsupportedOrderVersion));
}
