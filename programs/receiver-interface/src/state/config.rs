//! The receiver's single configuration account, PDA `["config"]`.

use super::AccountType;

/// PDA seed of the config.
pub const CONFIG_SEED: &[u8] = b"config";

/// The longest grace period `rotate_solver` accepts, seconds (30 days, as the EVM receiver): a
/// rotation away from a compromised key cannot keep that key verifying for longer.
pub const MAX_GRACE_PERIOD: i64 = 30 * 24 * 60 * 60;

/// Receiver configuration (162 bytes). Integers are little-endian byte arrays.
#[repr(C)]
pub struct Config {
    pub discriminator: [u8; 8],
    /// Canonical bump of `["config"]`.
    pub bump: u8,
    /// 1 when deposits are refused.
    pub paused: u8,
    /// Admin: whitelist, rotation, pause, ownership.
    pub owner: [u8; 32],
    /// Proposed owner (two-step transfer); zero when none.
    pub pending_owner: [u8; 32],
    /// SVM account that receives deposits (lamports, or the owner of the token account credited).
    pub solver_svm: [u8; 32],
    /// EVM address whose attestations are accepted.
    pub solver_evm: [u8; 20],
    /// Previous solver EVM address, accepted until `previous_solver_valid_until`; zero when none.
    pub previous_solver_evm: [u8; 20],
    /// Unix timestamp (i64 LE) after which the previous solver no longer verifies.
    pub previous_solver_valid_until: [u8; 8],
    /// Largest `deadline - now` accepted, seconds (i64 LE, > 0).
    pub max_deadline_window: [u8; 8],
}

// SAFETY: repr(C), u8 arrays only, discriminator first.
unsafe impl AccountType for Config {
    const DISCRIMINATOR: [u8; 8] = [155, 12, 170, 224, 30, 250, 204, 130];
}

impl Config {
    #[inline(always)]
    pub fn is_paused(&self) -> bool {
        self.paused != 0
    }
    #[inline(always)]
    pub fn previous_valid_until(&self) -> i64 {
        i64::from_le_bytes(self.previous_solver_valid_until)
    }
    #[inline(always)]
    pub fn max_window(&self) -> i64 {
        i64::from_le_bytes(self.max_deadline_window)
    }
}
