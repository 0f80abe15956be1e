//! Replay record of a request id, PDA `["replay", requestId]`: its existence means the request can
//! never be paid (again). A deposit writes it with status [`STATUS_PAID`]; `invalidate_requests`
//! (owner or solver) with [`STATUS_INVALIDATED`]. Records are never closed (see
//! `docs/svm-receiver.md`, "Replay records"): closing one would make its attestation payable again.

use super::AccountType;

/// First PDA seed of a replay record.
pub const REPLAY_SEED: &[u8] = b"replay";
/// `status` of a request paid by a deposit.
pub const STATUS_PAID: u8 = 1;
/// `status` of a request invalidated before it was paid.
pub const STATUS_INVALIDATED: u8 = 2;

/// Replay record (50 bytes).
#[repr(C)]
pub struct PaidRequest {
    pub discriminator: [u8; 8],
    /// Canonical bump (checked on creation).
    pub bump: u8,
    /// [`STATUS_PAID`] or [`STATUS_INVALIDATED`].
    pub status: u8,
    /// Clock unix timestamp of the deposit or the invalidation (i64 LE).
    pub recorded_at: [u8; 8],
    /// The payer (attested `originUser`) of a deposit, or the owner / solver that invalidated.
    pub by: [u8; 32],
}

// SAFETY: repr(C), u8 arrays only, discriminator first.
unsafe impl AccountType for PaidRequest {
    const DISCRIMINATOR: [u8; 8] = [223, 178, 245, 243, 44, 13, 240, 164];
}
