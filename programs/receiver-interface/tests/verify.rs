//! Recover-and-compare, address codecs and instruction data against the shared vectors
//! (`test/vectors/attestation.json`), with `host::Host` as the crypto.

use attestkit_receiver_interface::{
    address::{evm_address_from_word, evm_address_word, svm_address_word},
    attestation::ENCODED_LEN,
    error::ReceiverError,
    host::Host,
    instruction::{discriminator, VerifyAttestationData, MAX_SIGNATURE_LEN},
    verify::{verify_attestation, verify_encoded_attestation},
    attestation::RequestWords,
};
use serde_json::Value;

mod common;
use common::{hex, repo_json};

fn vectors() -> Vec<Value> {
    repo_json("test/vectors/attestation.json")["vectors"].as_array().unwrap().clone()
}

struct Vector {
    name: String,
    encoded: [u8; ENCODED_LEN],
    signatures: [Vec<u8>; 2],
    signer: [u8; 20],
}

fn load() -> Vec<Vector> {
    vectors()
        .iter()
        .map(|v| Vector {
            name: v["name"].as_str().unwrap().to_owned(),
            encoded: hex(v["encoded"].as_str().unwrap()).try_into().unwrap(),
            signatures: [hex(v["signature"].as_str().unwrap()), hex(v["compactSignature"].as_str().unwrap())],
            signer: hex(v["signer"].as_str().unwrap()).try_into().unwrap(),
        })
        .collect()
}

fn words(encoded: &[u8; ENCODED_LEN]) -> [[u8; 32]; 7] {
    core::array::from_fn(|i| encoded[i * 32..(i + 1) * 32].try_into().unwrap())
}

fn view(w: &[[u8; 32]; 7]) -> RequestWords<'_> {
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

#[test]
fn every_vector_verifies_against_its_signer_in_both_signature_forms() {
    let vs = load();
    assert_eq!(vs.len(), 32);
    for v in &vs {
        let w = words(&v.encoded);
        for sig in &v.signatures {
            assert_eq!(verify_encoded_attestation::<Host>(&v.encoded, sig, &v.signer), Ok(()), "{}", v.name);
            assert_eq!(verify_attestation::<Host>(&view(&w), sig, &v.signer), Ok(()), "{}", v.name);
        }
    }
}

#[test]
fn attack_tampered_field_is_rejected_with_signer_mismatch() {
    for v in &load() {
        // Each of the 7 words in turn: flip the last byte (amount, user, chain id, ...).
        for word in 0..7 {
            let mut tampered = v.encoded;
            tampered[word * 32 + 31] ^= 1;
            assert_ne!(tampered, v.encoded);
            let got = verify_encoded_attestation::<Host>(&tampered, &v.signatures[0], &v.signer);
            // Recovery over other data yields another key (or none): never the signer.
            assert!(
                matches!(got, Err(ReceiverError::SignerMismatch) | Err(ReceiverError::InvalidSignature)),
                "{} word {word}: {got:?}",
                v.name
            );
        }
    }
}

#[test]
fn attack_wrong_signer_is_rejected_with_signer_mismatch() {
    let vs = load();
    for (i, v) in vs.iter().enumerate() {
        // A valid signature by another vector's key: genuine, but not the trusted solver's.
        let other = &vs[(i + 1) % vs.len()];
        assert_ne!(other.signer, v.signer);
        assert_eq!(
            verify_encoded_attestation::<Host>(&other.encoded, &other.signatures[0], &v.signer),
            Err(ReceiverError::SignerMismatch),
            "{}",
            v.name
        );
    }
}

#[test]
fn malformed_signatures_keep_their_parsing_errors() {
    let v = &load()[0];
    assert_eq!(
        verify_encoded_attestation::<Host>(&v.encoded, &v.signatures[0][..63], &v.signer),
        Err(ReceiverError::InvalidSignatureLength)
    );
    let mut bad_v = v.signatures[0].clone();
    bad_v[64] = 1;
    assert_eq!(verify_encoded_attestation::<Host>(&v.encoded, &bad_v, &v.signer), Err(ReceiverError::InvalidSignatureV));
}

#[test]
fn address_words_round_trip_and_svm_words_are_not_evm_addresses() {
    for v in &vectors() {
        let w = &v["words"];
        let data = &v["requestData"];
        for (field, word) in [("originUser", "originUser"), ("destinationUser", "destinationUser"), ("originCurrency", "originCurrency")] {
            let word: [u8; 32] = hex(w[word].as_str().unwrap()).try_into().unwrap();
            let text = data[field].as_str().unwrap();
            if text.starts_with("0x") && text.len() == 42 {
                let address: [u8; 20] = hex(text).try_into().unwrap();
                assert_eq!(evm_address_word(&address), word);
                assert_eq!(evm_address_from_word(&word), Some(address));
            } else {
                assert_eq!(svm_address_word(&word), word);
            }
        }
    }
    let mut high = [0u8; 32];
    high[0] = 1;
    assert_eq!(evm_address_from_word(&high), None);
}

#[test]
fn verify_attestation_data_is_discriminator_encoding_and_borsh_bytes() {
    let v = &load()[0];
    for sig in &v.signatures {
        let data = VerifyAttestationData::new(&v.encoded, sig).unwrap();
        let bytes = data.as_bytes();
        assert_eq!(bytes.len(), 8 + ENCODED_LEN + 4 + sig.len());
        assert_eq!(bytes[..8], discriminator::VERIFY_ATTESTATION);
        assert_eq!(bytes[8..8 + ENCODED_LEN], v.encoded);
        assert_eq!(bytes[8 + ENCODED_LEN..12 + ENCODED_LEN], (sig.len() as u32).to_le_bytes());
        assert_eq!(&bytes[12 + ENCODED_LEN..], &sig[..]);
    }
    assert!(VerifyAttestationData::new(&v.encoded, &[0u8; MAX_SIGNATURE_LEN + 1]).is_none());
}
