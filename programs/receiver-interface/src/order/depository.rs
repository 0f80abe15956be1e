//! The public interface of the service's SVM depository (an Anchor program): what an order-gated
//! deposit pays into by CPI, and what an indexer reads back. attestkit's own depository
//! (`programs/depository`) implements exactly this so the devnet runs it at the canonical id.
//!
//! - `deposit_native(amount: u64, id: [u8; 32])`, accounts: 0 `[]` relay_depository
//!   (PDA `["relay_depository"]`), 1 `[signer, writable]` sender, 2 `[]` depositor (credited),
//!   3 `[writable]` vault (PDA `["vault"]`), 4 `[]` system program.
//! - `deposit_token(amount: u64, id: [u8; 32])`, accounts: 0 `[]` relay_depository,
//!   1 `[signer, writable]` sender, 2 `[]` depositor, 3 `[]` vault, 4 `[]` mint,
//!   5 `[writable]` sender token account, 6 `[writable]` vault token account (the vault's
//!   associated token account, created when empty), 7 `[]` token program (SPL Token or
//!   Token-2022), 8 `[]` associated token program, 9 `[]` system program.
//! - Both log `DepositEvent { depositor: Pubkey, token: Option<Pubkey>, amount: u64, id: [u8; 32] }`
//!   as an Anchor event (`sol_log_data` of discriminator || Borsh); `token` is `None` for
//!   native; for tokens `amount` is what the vault received (after any transfer fee).

use pinocchio::Address;

/// The canonical depository program id, `99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2`.
pub const DEPOSITORY_PROGRAM_ID: Address = Address::new_from_array([
    121, 38, 137, 55, 142, 205, 81, 216, 4, 6, 235, 12, 170, 59, 98, 121, 91, 235, 16, 182, 197, 220, 150, 188, 46,
    13, 240, 60, 191, 238, 26, 191,
]);

/// Associated token account program (`ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL`).
pub const ASSOCIATED_TOKEN_PROGRAM_ID: Address = Address::new_from_array([
    140, 151, 37, 143, 78, 36, 137, 241, 187, 61, 16, 41, 20, 142, 13, 131, 11, 90, 19, 153, 218, 255, 16, 132, 4,
    142, 123, 216, 219, 233, 248, 89,
]);

/// Seed of the depository's configuration account (`RelayDepository`).
pub const RELAY_DEPOSITORY_SEED: &[u8] = b"relay_depository";
/// Seed of the vault PDA that holds native deposits and owns the token accounts.
pub const VAULT_SEED: &[u8] = b"vault";

/// Anchor instruction discriminators, `sha256("global:<name>")[..8]`.
pub mod discriminator {
    pub const INITIALIZE: [u8; 8] = [175, 175, 109, 31, 13, 152, 155, 237];
    pub const DEPOSIT_NATIVE: [u8; 8] = [13, 158, 13, 223, 95, 213, 28, 6];
    pub const DEPOSIT_TOKEN: [u8; 8] = [11, 156, 96, 218, 39, 163, 180, 19];
    pub const SET_ALLOCATOR: [u8; 8] = [92, 128, 130, 234, 227, 249, 182, 17];
    pub const SET_OWNER: [u8; 8] = [72, 202, 120, 52, 77, 128, 96, 197];
}

/// `sha256("account:RelayDepository")[..8]`.
pub const RELAY_DEPOSITORY_ACCOUNT_DISCRIMINATOR: [u8; 8] = [128, 53, 156, 189, 243, 83, 245, 107];

/// `sha256("event:DepositEvent")[..8]`.
pub const DEPOSIT_EVENT_DISCRIMINATOR: [u8; 8] = [120, 248, 61, 83, 31, 142, 107, 144];

/// Length of `deposit_native` / `deposit_token` instruction data: discriminator, amount, id.
pub const DEPOSIT_DATA_LEN: usize = 8 + 8 + 32;

/// Instruction data of `deposit_native` / `deposit_token`.
#[inline(always)]
pub fn deposit_data(discriminator: &[u8; 8], amount: u64, id: &[u8; 32]) -> [u8; DEPOSIT_DATA_LEN] {
    let mut data = [0u8; DEPOSIT_DATA_LEN];
    data[..8].copy_from_slice(discriminator);
    data[8..16].copy_from_slice(&amount.to_le_bytes());
    data[16..].copy_from_slice(id);
    data
}

/// Longest `DepositEvent` log: discriminator, depositor, `Some(mint)`, amount, id.
pub const DEPOSIT_EVENT_MAX_LEN: usize = 8 + 32 + 1 + 32 + 8 + 32;

/// The `DepositEvent` log bytes (Anchor event layout); returns the buffer and its used length.
#[inline(always)]
pub fn deposit_event(depositor: &[u8; 32], token: Option<&[u8; 32]>, amount: u64, id: &[u8; 32]) -> ([u8; DEPOSIT_EVENT_MAX_LEN], usize) {
    let mut out = [0u8; DEPOSIT_EVENT_MAX_LEN];
    out[..8].copy_from_slice(&DEPOSIT_EVENT_DISCRIMINATOR);
    out[8..40].copy_from_slice(depositor);
    let mut at = 40;
    match token {
        None => {
            at += 1;
        }
        Some(mint) => {
            out[at] = 1;
            out[at + 1..at + 33].copy_from_slice(mint);
            at += 33;
        }
    }
    out[at..at + 8].copy_from_slice(&amount.to_le_bytes());
    out[at + 8..at + 40].copy_from_slice(id);
    (out, at + 40)
}
