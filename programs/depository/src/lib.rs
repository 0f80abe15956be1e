//! `depository`: a depository-compatible program written for the attestkit devnet, run at the
//! service's canonical depository program id (`99vQwtBwYtrqqD9YSXbdum3KBdxPAVxYTaQ3cfnJSrN2`).
//!
//! It implements the service depository's deposit interface as clients and indexers see it
//! (`attestkit_receiver_interface::order::depository`): `deposit_native(amount, id)` moves
//! lamports from the sender to the vault PDA; `deposit_token(amount, id)` moves tokens from the
//! sender's token account to the vault's associated token account (created when empty); both log
//! `DepositEvent { depositor, token, amount, id }` as an Anchor event, `amount` being what the
//! vault received. Withdrawals (the allocator's signed transfers) are not part of it: on the
//! devnet the service credits deposits from the vault's balance changes.
//!
//! `initialize(chain_id: bytes)` creates the configuration account once; the first caller becomes
//! its owner, so deploy and initialize in one step (the devnet does it at boot).
#![no_std]

pub mod error;
pub mod instructions;
pub mod state;

use attestkit_receiver_interface::order::depository::discriminator as ix;
use error::DepositoryError;
use pinocchio::{AccountView, Address, ProgramResult};

#[cfg(not(feature = "no-entrypoint"))]
pinocchio::program_entrypoint!(process_instruction, 10);
#[cfg(not(feature = "no-entrypoint"))]
pinocchio::no_allocator!();
// On SBF the panic handler is the interface crate's (feature `sbf-panic-handler`).
#[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
pinocchio::nostd_panic_handler!();

/// Dispatches on the 8-byte Anchor discriminator.
pub fn process_instruction(program_id: &Address, accounts: &mut [AccountView], instruction_data: &[u8]) -> ProgramResult {
    let Some((head, data)) = instruction_data.split_first_chunk::<8>() else {
        return Err(DepositoryError::UnknownInstruction.into());
    };
    match *head {
        ix::DEPOSIT_NATIVE => instructions::deposit_native(program_id, accounts, data),
        ix::DEPOSIT_TOKEN => instructions::deposit_token(program_id, accounts, data),
        ix::INITIALIZE => instructions::initialize(program_id, accounts, data),
        _ => Err(DepositoryError::UnknownInstruction.into()),
    }
}
