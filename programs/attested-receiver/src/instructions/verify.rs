//! `verify_attestation(encoded: [u8; 224], signature: bytes) -> [u8; 20]`: the signature path of
//! the deposits (keccak256, EIP-191, strict parsing, `sol_secp256k1_recover`) over any given
//! 224-byte encoding, with no binding to this chain or config. Returns the recovered signer as
//! return data. Lets clients and tests check that every attestation (any origin or destination
//! chain, amounts above u64) verifies on chain exactly as on EVM. No accounts.

use super::args_with_bytes;
use crate::{
    attestation::{self, ENCODED_LEN},
    crypto::Syscalls,
    attestation::Crypto,
};
use pinocchio::{AccountView, ProgramResult};

pub fn process(_accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: [u8; 224].
    let (encoded, signature) = unsafe { args_with_bytes::<[u8; ENCODED_LEN]>(data)? };
    let hash = Syscalls::keccak256(&[encoded]);
    let signer = attestation::recover_signer::<Syscalls>(&attestation::eip191_digest::<Syscalls>(&hash), signature)?;
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: 20 valid bytes.
    unsafe {
        pinocchio::syscalls::sol_set_return_data(signer.as_ptr(), signer.len() as u64)
    };
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    let _ = signer;
    Ok(())
}
