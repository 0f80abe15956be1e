//! Strict deposit addresses on the SVM: the public interface of a deposit-address program (the
//! devnet's is `programs/deposit-address`).
//!
//! A deposit address is the PDA `["deposit_address", id, mint, depositor]` of the program, with
//! `mint` the 32 zero bytes (the default address) for native SOL. Anyone may pay into it: lamports
//! for native, tokens to any token account of `mint` it owns (wallets use its associated token
//! account). `sweep(id, mint)` is permissionless: it deposits everything the address holds into
//! the depository ([`super::depository`]) under `id` for `depositor`.
//!
//! `sweep` data: `sha256("global:sweep")[..8] || id || mint`. Accounts: 0 `[signer, writable]`
//! sweeper (pays the creation of the vault's token account when it is missing), 1 `[]`
//! depositor, 2 `[writable]` deposit address, 3 `[]` depository program, 4 `[]` relay_depository,
//! 5 `[writable]` vault, 6 `[]` system program; for a token also 7 `[]` mint, 8 `[writable]` the
//! deposit address's token account, 9 `[writable]` the vault's associated token account,
//! 10 `[]` token program, 11 `[]` associated token program.

/// The deposit address PDA's constant seed.
pub const DEPOSIT_ADDRESS_SEED: &[u8] = b"deposit_address";

/// The `mint` seed of a native SOL deposit address: the default address.
pub const NATIVE_MINT: [u8; 32] = [0; 32];

/// `sha256("global:sweep")[..8]`.
pub const SWEEP_DISCRIMINATOR: [u8; 8] = [40, 23, 234, 175, 14, 61, 154, 177];

/// Length of `sweep`'s instruction data: discriminator, id, mint.
pub const SWEEP_DATA_LEN: usize = 8 + 32 + 32;

/// Accounts of a native sweep; a token sweep takes [`SWEEP_TOKEN_ACCOUNTS`].
pub const SWEEP_NATIVE_ACCOUNTS: usize = 7;
/// Accounts of a token sweep.
pub const SWEEP_TOKEN_ACCOUNTS: usize = 12;

/// Instruction data of `sweep(id, mint)`.
#[inline(always)]
pub fn sweep_data(id: &[u8; 32], mint: &[u8; 32]) -> [u8; SWEEP_DATA_LEN] {
    let mut data = [0u8; SWEEP_DATA_LEN];
    data[..8].copy_from_slice(&SWEEP_DISCRIMINATOR);
    data[8..40].copy_from_slice(id);
    data[40..].copy_from_slice(mint);
    data
}

/// The seeds of the deposit address of `(id, mint, depositor)`, bump excluded.
#[inline(always)]
pub fn deposit_address_seeds<'a>(id: &'a [u8; 32], mint: &'a [u8; 32], depositor: &'a [u8; 32]) -> [&'a [u8]; 4] {
    [DEPOSIT_ADDRESS_SEED, id, mint, depositor]
}

/// The deposit address of `(id, mint, depositor)` under `program_id` and its canonical bump.
/// On the SVM this is `sol_try_find_program_address`; off it, it needs the `host` feature.
#[cfg(any(target_os = "solana", target_arch = "bpf", feature = "host"))]
#[inline(always)]
pub fn deposit_address(
    id: &[u8; 32],
    mint: &[u8; 32],
    depositor: &[u8; 32],
    program_id: &pinocchio::Address,
) -> (pinocchio::Address, u8) {
    // black_box keeps the seed list on the (8-aligned) stack (see `crate::pda`).
    let seeds = core::hint::black_box(deposit_address_seeds(id, mint, depositor));
    pinocchio::Address::find_program_address(&seeds, program_id)
}
