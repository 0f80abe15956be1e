//! The solver's signature over an order: EIP-191 personal-sign of the 32 raw bytes of the order
//! id, with the attestation's strict parsing (65-byte `r || s || v` with `v` in {27, 28} or
//! 64-byte EIP-2098; low `s`; zero-address recovery refused): the same functions, another hash.

use crate::{
    attestation::{eip191_digest, recover_signer, Crypto, EvmAddress},
    error::ReceiverError,
};

/// The EVM address that signed `order_id`. Errors: the attestation's signature errors
/// (`InvalidSignatureLength`, `InvalidSignatureV`, `InvalidSignatureS`, `InvalidSignature`).
#[inline(always)]
pub fn order_signer<C: Crypto>(order_id: &[u8; 32], signature: &[u8]) -> Result<EvmAddress, ReceiverError> {
    recover_signer::<C>(&eip191_digest::<C>(order_id), signature)
}

/// Accepts only a signature of `order_id` by `expected_signer`
/// ([`ReceiverError::SignerMismatch`] otherwise).
#[inline(always)]
pub fn verify_order_signature<C: Crypto>(
    order_id: &[u8; 32],
    signature: &[u8],
    expected_signer: &EvmAddress,
) -> Result<(), ReceiverError> {
    if &order_signer::<C>(order_id, signature)? == expected_signer {
        Ok(())
    } else {
        Err(ReceiverError::SignerMismatch)
    }
}
