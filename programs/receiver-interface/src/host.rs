//! [`Crypto`] for the host (feature `host`): keccak256 from `sha3`, secp256k1 recovery from
//! `k256`, so clients and tests run the same verification code as the program.

use crate::attestation::Crypto;
use k256::ecdsa::{RecoveryId, Signature, VerifyingKey};
use sha3::{Digest as _, Keccak256};

/// Reference implementations of keccak256 and secp256k1 public-key recovery.
pub struct Host;

impl Crypto for Host {
    fn keccak256(parts: &[&[u8]]) -> [u8; 32] {
        let mut hasher = Keccak256::new();
        for part in parts {
            hasher.update(part);
        }
        hasher.finalize().into()
    }

    fn secp256k1_recover(hash: &[u8; 32], recovery_id: u8, rs: &[u8; 64]) -> Option<[u8; 64]> {
        let signature = Signature::from_slice(rs).ok()?;
        let key = VerifyingKey::recover_from_prehash(hash, &signature, RecoveryId::from_byte(recovery_id)?).ok()?;
        key.to_encoded_point(false).as_bytes()[1..].try_into().ok()
    }
}
