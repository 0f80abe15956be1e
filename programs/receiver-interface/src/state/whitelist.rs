//! One whitelisted destination, PDA `["whitelist", destinationChainId (u64 LE), destinationUser]`.

use super::AccountType;

/// First PDA seed of a whitelist entry.
pub const WHITELIST_SEED: &[u8] = b"whitelist";

/// Whitelist entry (49 bytes).
#[repr(C)]
pub struct WhitelistEntry {
    pub discriminator: [u8; 8],
    /// Canonical bump.
    pub bump: u8,
    /// Destination chain id (u64 LE).
    pub destination_chain_id: [u8; 8],
    /// Destination user as its 32-byte ABI word (EVM address left-padded, or SVM key).
    pub destination_user: [u8; 32],
}

// SAFETY: repr(C), u8 arrays only, discriminator first.
unsafe impl AccountType for WhitelistEntry {
    const DISCRIMINATOR: [u8; 8] = [51, 70, 173, 81, 219, 192, 234, 62];
}
