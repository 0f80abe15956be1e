//! Replay record of a paid request, PDA `["replay", requestId]`: its existence means "paid".

use super::AccountType;

/// First PDA seed of a replay record.
pub const REPLAY_SEED: &[u8] = b"replay";

/// Paid request record (49 bytes).
#[repr(C)]
pub struct PaidRequest {
    pub discriminator: [u8; 8],
    /// Canonical bump (checked on creation).
    pub bump: u8,
    /// Clock unix timestamp of the deposit (i64 LE).
    pub paid_at: [u8; 8],
    /// The payer (attested `originUser`).
    pub payer: [u8; 32],
}

// SAFETY: repr(C), u8 arrays only, discriminator first.
unsafe impl AccountType for PaidRequest {
    const DISCRIMINATOR: [u8; 8] = [223, 178, 245, 243, 44, 13, 240, 164];
}
