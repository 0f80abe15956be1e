//! What the solver signs to invalidate order ids on the SVM order-gated depositor
//! (`invalidate_orders`) without holding an SVM key there: its EVM key signs (EIP-191
//! personal-sign over the 32 raw bytes) the hash of a domain tag, the depositor's program id and
//! the ids in the order the instruction lists them. The program id keeps the signature from
//! invalidating orders on another deployment that trusts the same solver.

use crate::attestation::{eip191_digest, recover_signer, Crypto, EvmAddress};
use crate::error::ReceiverError;

/// Domain tag at the front of the invalidation message.
pub const INVALIDATE_ORDERS_DOMAIN: &[u8] = b"attestkit:invalidate_orders";

/// `keccak256(INVALIDATE_ORDERS_DOMAIN || program_id || ids)`, `ids` the 32-byte order ids side
/// by side: the 32 bytes the solver signs.
#[inline(always)]
pub fn invalidation_hash<C: Crypto>(program_id: &[u8; 32], ids: &[u8]) -> [u8; 32] {
    C::keccak256(&[INVALIDATE_ORDERS_DOMAIN, program_id, ids])
}

/// The EVM address that signed the invalidation of `ids` on `program_id`. Errors: the
/// attestation's signature errors (`InvalidSignatureLength`, `InvalidSignatureV`,
/// `InvalidSignatureS`, `InvalidSignature`).
#[inline(always)]
pub fn invalidation_signer<C: Crypto>(
    program_id: &[u8; 32],
    ids: &[u8],
    signature: &[u8],
) -> Result<EvmAddress, ReceiverError> {
    recover_signer::<C>(&eip191_digest::<C>(&invalidation_hash::<C>(program_id, ids)), signature)
}
