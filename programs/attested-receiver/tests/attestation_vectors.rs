//! Host tests of the pure attestation logic against the shared vectors
//! (`test/vectors/attestation.json`), with the interface crate's `host::Host` (reference crates for keccak256 and
//! secp256k1 recovery) plugged in through the same `Crypto` trait the program uses
//! with syscalls. Also checks the Anchor discriminators and account sizes the IDL declares.

use attested_receiver::{
    attestation::{
        self, attestation_signer, check_deadline, eip191_digest, is_authorized_signer,
        parse_signature, recover_signer, u64_word, RequestWords, SECP256K1_HALF_N,
        SECP256K1_N,
    },
    error::ReceiverError,
    event::{DEPOSITED_DISCRIMINATOR, DEPOSITED_LEN, REQUEST_INVALIDATED_DISCRIMINATOR},
    instructions::discriminator as ix,
    state::{AccountType, Config, PaidRequest, WhitelistEntry},
};
use attestkit_receiver_interface::host::Host;
use serde_json::Value;
use sha2::{Digest as _, Sha256};

fn hex(s: &str) -> Vec<u8> {
    let s = s.strip_prefix("0x").unwrap_or(s);
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}
fn h32(s: &str) -> [u8; 32] {
    hex(s).try_into().unwrap()
}
/// Decimal string to a 32-byte big-endian word.
fn dec_word(s: &str) -> [u8; 32] {
    let mut w = [0u8; 32];
    for c in s.bytes() {
        let mut carry = (c - b'0') as u32;
        for b in w.iter_mut().rev() {
            let v = *b as u32 * 10 + carry;
            *b = v as u8;
            carry = v >> 8;
        }
        assert_eq!(carry, 0, "overflow");
    }
    w
}

fn vectors() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../test/vectors/attestation.json");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    json["vectors"].as_array().unwrap().clone()
}

struct Words([[u8; 32]; 7]);
impl Words {
    fn of(v: &Value) -> Self {
        let w = &v["words"];
        Words([
            h32(w["requestId"].as_str().unwrap()),
            dec_word(w["originChainId"].as_str().unwrap()),
            h32(w["originUser"].as_str().unwrap()),
            h32(w["originCurrency"].as_str().unwrap()),
            dec_word(w["originAmount"].as_str().unwrap()),
            dec_word(w["destinationChainId"].as_str().unwrap()),
            h32(w["destinationUser"].as_str().unwrap()),
        ])
    }
    fn view(&self) -> RequestWords<'_> {
        let w = &self.0;
        RequestWords {
            request_id: &w[0],
            origin_chain_id: &w[1],
            origin_user: &w[2],
            origin_currency: &w[3],
            origin_amount: &w[4],
            destination_chain_id: &w[5],
            destination_user: &w[6],
        }
    }
}

#[test]
fn every_vector_encodes_hashes_digests_and_recovers_in_both_signature_forms() {
    let vs = vectors();
    assert_eq!(vs.len(), 32);
    for v in &vs {
        let name = v["name"].as_str().unwrap();
        let words = Words::of(v);
        assert_eq!(words.view().encode().to_vec(), hex(v["encoded"].as_str().unwrap()), "{name}: encoded");
        let hash = words.view().hash::<Host>();
        assert_eq!(hash.to_vec(), hex(v["hash"].as_str().unwrap()), "{name}: hash");
        let digest = eip191_digest::<Host>(&hash);
        assert_eq!(digest.to_vec(), hex(v["digest"].as_str().unwrap()), "{name}: digest");
        let signer = hex(v["signer"].as_str().unwrap());
        for form in ["signature", "compactSignature"] {
            let sig = hex(v[form].as_str().unwrap());
            assert_eq!(attestation_signer::<Host>(&words.view(), &sig).unwrap().to_vec(), signer, "{name}: {form}");
        }
    }
}

#[test]
fn u64_words_match_the_vectors_where_values_fit() {
    for v in vectors() {
        let w = &v["words"];
        for key in ["originChainId", "destinationChainId", "originAmount"] {
            let s = w[key].as_str().unwrap();
            if let Ok(n) = s.parse::<u64>() {
                assert_eq!(u64_word(n), dec_word(s));
            }
        }
    }
    assert_eq!(u64_word(attestation::SVM_CHAIN_ID), dec_word("792703809"));
}

fn first() -> (Words, Vec<u8>, Vec<u8>) {
    let v = &vectors()[3]; // svm-svm
    (Words::of(v), hex(v["signature"].as_str().unwrap()), hex(v["signer"].as_str().unwrap()))
}

#[test]
fn other_data_recovers_another_address() {
    let (mut words, sig, signer) = first();
    words.0[4][31] ^= 1;
    let got = attestation_signer::<Host>(&words.view(), &sig);
    assert!(got.map(|a| a.to_vec() != signer).unwrap_or(true));
}

fn sub_n(s: &[u8]) -> [u8; 32] {
    // n - s, big-endian
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let v = SECP256K1_N[i] as i16 - s[i] as i16 - borrow;
        borrow = (v < 0) as i16;
        out[i] = (v + 256 * borrow) as u8;
    }
    out
}

#[test]
fn high_s_twin_is_rejected() {
    let (words, sig, signer) = first();
    let mut twin = sig.clone();
    twin[32..64].copy_from_slice(&sub_n(&sig[32..64]));
    twin[64] = if sig[64] == 27 { 28 } else { 27 };
    // (k256 itself refuses high-s on recovery; the syscall does not, hence the program's check.)
    let digest = eip191_digest::<Host>(&words.view().hash::<Host>());
    assert_eq!(attestation_signer::<Host>(&words.view(), &sig).unwrap().to_vec(), signer);
    // ...and the program refuses it.
    assert_eq!(parse_signature(&twin), Err(ReceiverError::InvalidSignatureS));
    assert_eq!(recover_signer::<Host>(&digest, &twin), Err(ReceiverError::InvalidSignatureS));
}

#[test]
fn strict_parsing() {
    let (_, sig, _) = first();
    for v in [0u8, 1, 26, 29, 255] {
        let mut bad = sig.clone();
        bad[64] = v;
        assert_eq!(parse_signature(&bad), Err(ReceiverError::InvalidSignatureV), "v = {v}");
    }
    for len in [0usize, 63, 66, 130] {
        let bad = vec![1u8; len];
        assert_eq!(parse_signature(&bad), Err(ReceiverError::InvalidSignatureLength), "len {len}");
    }
    let mut zero_s = sig.clone();
    zero_s[32..64].fill(0);
    assert_eq!(parse_signature(&zero_s), Err(ReceiverError::InvalidSignatureS));
    let mut half = sig.clone();
    half[32..64].copy_from_slice(&SECP256K1_HALF_N);
    assert!(parse_signature(&half).is_ok(), "s = n/2 is the largest accepted s");
    let mut over = SECP256K1_HALF_N;
    over[31] += 1;
    half[32..64].copy_from_slice(&over);
    assert_eq!(parse_signature(&half), Err(ReceiverError::InvalidSignatureS));
    let mut zero_r = sig.clone();
    zero_r[..32].fill(0);
    assert_eq!(parse_signature(&zero_r), Err(ReceiverError::InvalidSignature));
    let mut big_r = sig.clone();
    big_r[..32].copy_from_slice(&SECP256K1_N);
    assert_eq!(parse_signature(&big_r), Err(ReceiverError::InvalidSignature));
    // EIP-2098: parity from the top bit of vs.
    let compact: Vec<u8> = {
        let mut c = sig[..64].to_vec();
        if sig[64] == 28 {
            c[32] |= 0x80;
        }
        c
    };
    let p = parse_signature(&compact).unwrap();
    assert_eq!(p.recovery_id, sig[64] - 27);
    assert_eq!(p.rs.to_vec(), sig[..64].to_vec());
}

#[test]
fn grace_window_and_deadline_rules() {
    let (cur, prev, other) = ([1u8; 20], [2u8; 20], [3u8; 20]);
    assert!(is_authorized_signer(&cur, &cur, &prev, 100, 1000));
    // The grace window ends exclusively: valid at valid_until - 1, revoked at valid_until, so a
    // rotation with grace 0 (valid_until = now) revokes the previous key at once.
    assert!(is_authorized_signer(&prev, &cur, &prev, 1001, 1000));
    assert!(!is_authorized_signer(&prev, &cur, &prev, 1000, 1000));
    assert!(!is_authorized_signer(&prev, &cur, &prev, 999, 1000));
    assert!(!is_authorized_signer(&other, &cur, &prev, i64::MAX, 0));
    assert!(!is_authorized_signer(&[0; 20], &cur, &[0; 20], i64::MAX, 0));
    assert_eq!(check_deadline(100, 100, 10), Ok(()));
    assert_eq!(check_deadline(110, 100, 10), Ok(()));
    assert_eq!(check_deadline(99, 100, 10), Err(ReceiverError::DeadlineExpired));
    assert_eq!(check_deadline(111, 100, 10), Err(ReceiverError::DeadlineBeyondMaxWindow));
    assert_eq!(check_deadline(i64::MAX, i64::MAX - 1, i64::MAX), Ok(()));
}

fn anchor(prefix: &str, name: &str) -> [u8; 8] {
    Sha256::digest(format!("{prefix}:{name}").as_bytes())[..8].try_into().unwrap()
}

#[test]
fn discriminators_are_anchors() {
    for (name, d) in [
        ("initialize", ix::INITIALIZE),
        ("whitelist_add", ix::WHITELIST_ADD),
        ("whitelist_remove", ix::WHITELIST_REMOVE),
        ("rotate_solver", ix::ROTATE_SOLVER),
        ("set_paused", ix::SET_PAUSED),
        ("transfer_ownership", ix::TRANSFER_OWNERSHIP),
        ("accept_ownership", ix::ACCEPT_OWNERSHIP),
        ("deposit_native", ix::DEPOSIT_NATIVE),
        ("deposit_token", ix::DEPOSIT_TOKEN),
        ("verify_attestation", ix::VERIFY_ATTESTATION),
        ("invalidate_requests", ix::INVALIDATE_REQUESTS),
        ("set_max_deadline_window", ix::SET_MAX_DEADLINE_WINDOW),
    ] {
        assert_eq!(anchor("global", name), d, "{name}");
    }
    assert_eq!(anchor("account", "Config"), Config::DISCRIMINATOR);
    assert_eq!(anchor("account", "WhitelistEntry"), WhitelistEntry::DISCRIMINATOR);
    assert_eq!(anchor("account", "PaidRequest"), PaidRequest::DISCRIMINATOR);
    assert_eq!(anchor("event", "Deposited"), DEPOSITED_DISCRIMINATOR);
    assert_eq!(anchor("event", "RequestInvalidated"), REQUEST_INVALIDATED_DISCRIMINATOR);
}

#[test]
fn account_and_event_sizes() {
    assert_eq!(Config::LEN, 8 + 1 + 1 + 32 * 3 + 20 * 2 + 8 * 2);
    assert_eq!(WhitelistEntry::LEN, 8 + 1 + 8 + 32);
    assert_eq!(PaidRequest::LEN, 8 + 1 + 1 + 8 + 32);
    assert_eq!(DEPOSITED_LEN, 8 + 32 + 8 + 32 + 32 + 8 + 8 + 32 + 8 + 32 + 32 + 20);
}
