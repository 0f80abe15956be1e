//! `deposit-address`: strict deposit addresses on the SVM
//! (`attestkit_receiver_interface::order::deposit_address`).
//!
//! A deposit address is the PDA `["deposit_address", id, mint, depositor]` of this program; it
//! holds no data and nobody has its key, so what is paid into it can only leave through `sweep`,
//! and `sweep` only deposits into the depository under `id` for `depositor`.
//!
//! `sweep(id, mint)` is permissionless and takes no amount: it always deposits the whole balance
//! (the lamports for native, the token account's amount for a token), so a sweeper cannot split
//! a payment into many small deposits. The vault's associated token account is created
//! (idempotently) at the sweeper's expense when it does not exist yet: the deposit address has no
//! lamports to pay for it, so without this the first sweep of every mint would fail.
#![no_std]

pub mod error;
pub mod sweep;

use attestkit_receiver_interface::order::deposit_address::SWEEP_DISCRIMINATOR;
use error::DepositAddressError;
use pinocchio::{AccountView, Address, ProgramResult};

#[cfg(not(feature = "no-entrypoint"))]
pinocchio::program_entrypoint!(process_instruction, 12);
#[cfg(not(feature = "no-entrypoint"))]
pinocchio::no_allocator!();
// On SBF the panic handler is the interface crate's (feature `sbf-panic-handler`).
#[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
pinocchio::nostd_panic_handler!();

/// Dispatches on the 8-byte Anchor discriminator.
pub fn process_instruction(program_id: &Address, accounts: &mut [AccountView], instruction_data: &[u8]) -> ProgramResult {
    match instruction_data.split_first_chunk::<8>() {
        Some((head, data)) if *head == SWEEP_DISCRIMINATOR => sweep::sweep(program_id, accounts, data),
        _ => Err(DepositAddressError::UnknownInstruction.into()),
    }
}
