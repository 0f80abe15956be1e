//! Accounts of the order depositor (zero-copy, Anchor layout: 8-byte discriminator
//! `sha256("account:<Name>")[..8]`, then the fields, byte arrays only):
//!
//! - [`OrderDepositorConfig`], PDA `["config"]`;
//! - [`OrderRecipient`], one whitelisted output recipient, PDA `["recipient", key]` with
//!   `key = keccak256(u32 LE length of chainId || chainId || recipient)` ([`recipient_key`]);
//! - the replay record of an order id: the receiver's `PaidRequest` at PDA `["replay", orderId]`.
//!
//! The trust model is the receiver's: an account owned by this program with the discriminator
//! and exact size of a type was written by this program for that type, at its PDA.

use attestkit_receiver_interface::{attestation::Crypto, state::AccountType};

pub use attestkit_receiver_interface::state::{config::CONFIG_SEED, paid_request::REPLAY_SEED, PaidRequest};

/// First PDA seed of a whitelisted recipient.
pub const RECIPIENT_SEED: &[u8] = b"recipient";
/// Longest protocol chain id stored in the config.
pub const MAX_CHAIN_ID_LEN: usize = 32;

/// Configuration (156 bytes).
#[repr(C)]
pub struct OrderDepositorConfig {
    pub discriminator: [u8; 8],
    pub bump: u8,
    /// 1 when deposits are refused.
    pub paused: u8,
    pub owner: [u8; 32],
    /// Proposed owner (two-step transfer); zero when none.
    pub pending_owner: [u8; 32],
    /// EVM address whose order signatures are accepted.
    pub solver: [u8; 20],
    /// Previous solver, accepted while `now < previous_solver_valid_until`; zero when none.
    pub previous_solver: [u8; 20],
    /// i64 LE.
    pub previous_solver_valid_until: [u8; 8],
    /// Length of `chain_id` in bytes.
    pub chain_id_len: u8,
    /// This chain's protocol chain id (`GET /chains` → `protocol.v2.chainId`, e.g. `solana`),
    /// zero-padded.
    pub chain_id: [u8; MAX_CHAIN_ID_LEN],
    /// 1 when orders with `output.calls` are accepted (`set_calls_allowed`); 0, the default,
    /// refuses them with `OutputCallsNotAllowed`.
    pub calls_allowed: u8,
}

// SAFETY: repr(C), u8 arrays only, discriminator first.
unsafe impl AccountType for OrderDepositorConfig {
    const DISCRIMINATOR: [u8; 8] = [111, 203, 92, 235, 83, 35, 171, 113];
}

impl OrderDepositorConfig {
    #[inline(always)]
    pub fn is_paused(&self) -> bool {
        self.paused != 0
    }
    #[inline(always)]
    pub fn previous_valid_until(&self) -> i64 {
        i64::from_le_bytes(self.previous_solver_valid_until)
    }
    #[inline(always)]
    pub fn calls_allowed(&self) -> bool {
        self.calls_allowed != 0
    }
    /// The protocol chain id bytes.
    #[inline(always)]
    pub fn chain_id(&self) -> &[u8] {
        self.chain_id.get(..self.chain_id_len as usize).unwrap_or(&[])
    }
}

/// One whitelisted output recipient (41 bytes).
#[repr(C)]
pub struct OrderRecipient {
    pub discriminator: [u8; 8],
    pub bump: u8,
    /// [`recipient_key`] of `(chainId, recipient)`.
    pub key: [u8; 32],
}

// SAFETY: repr(C), u8 arrays only, discriminator first.
unsafe impl AccountType for OrderRecipient {
    const DISCRIMINATOR: [u8; 8] = [5, 40, 234, 61, 60, 213, 58, 237];
}

/// `keccak256(u32 LE len(chain_id) || chain_id || recipient)`: one 32-byte seed for a chain id
/// and a VM-encoded recipient of any length (the length prefix keeps the pair unambiguous).
#[inline(always)]
pub fn recipient_key<C: Crypto>(chain_id: &[u8], recipient: &[u8]) -> [u8; 32] {
    let len = chain_id_len(chain_id);
    C::keccak256(&recipient_key_parts(&len, chain_id, recipient))
}

/// The length prefix of [`recipient_key`].
#[inline(always)]
pub fn chain_id_len(chain_id: &[u8]) -> [u8; 4] {
    (chain_id.len() as u32).to_le_bytes()
}

/// What [`recipient_key`] hashes, `len` from [`chain_id_len`]: kept by a caller that hashes the
/// keys of several recipients on one chain, which then sets only the last part each time.
#[inline(always)]
pub fn recipient_key_parts<'a>(len: &'a [u8; 4], chain_id: &'a [u8], recipient: &'a [u8]) -> [&'a [u8]; 3] {
    [len, chain_id, recipient]
}
