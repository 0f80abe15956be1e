//! `attested_receiver`: the SVM receiver of attestkit (see `docs/svm-receiver.md`).
//!
//! A payer deposits through this program instead of paying the solver directly; the deposit is
//! accepted only when the solver's EIP-191 secp256k1 signature over the same ABI encoding as on
//! EVM verifies and binds this chain (792703809), the payer, the currency and the exact amount,
//! the caller's deadline is within the owner's window, the destination is whitelisted and the
//! request id was neither paid nor invalidated. Then the funds go to the solver and a `Deposited` event is logged.
//!
//! Layout: [`attestation`] (pure logic, host-tested), [`crypto`] (syscalls), [`state`]
//! (zero-copy account views), [`instructions`], [`error`]. No allocator: nothing allocates.
#![no_std]

pub mod checks;
pub mod cpi;
pub mod instructions;
pub mod security_txt;
pub mod token_extensions;

pub use attestkit_receiver_interface::{attestation, crypto, error, event, state};

use error::ReceiverError;
use instructions::discriminator as ix;
use pinocchio::{AccountView, Address, ProgramResult};
use state::Config;

// deposit_token takes 9 accounts; invalidate_requests 3 + one per request id, at most
// MAX_INVALIDATE_BATCH (24) ids, so 27. Accounts beyond MAX_ACCOUNTS are not parsed.
pub const MAX_ACCOUNTS: usize = 40;
// With the `no-entrypoint` feature another program can depend on this crate (e.g. to CPI into
// it) without a second entrypoint, allocator or panic handler.
#[cfg(not(feature = "no-entrypoint"))]
pinocchio::program_entrypoint!(process_instruction, MAX_ACCOUNTS);
#[cfg(not(feature = "no-entrypoint"))]
pinocchio::no_allocator!();
// Off the SVM the macro links std's panic handler, which host builds need with or without the feature.
#[cfg(not(all(feature = "no-entrypoint", any(target_os = "solana", target_arch = "bpf"))))]
pinocchio::nostd_panic_handler!();

/// Dispatches on the 8-byte Anchor-style discriminator.
pub fn process_instruction(
    program_id: &Address,
    accounts: &mut [AccountView],
    instruction_data: &[u8],
) -> ProgramResult {
    if instruction_data.len() < 8 {
        return Err(ReceiverError::UnknownInstruction.into());
    }
    let (head, data) = instruction_data.split_at(8);
    let disc: [u8; 8] = [head[0], head[1], head[2], head[3], head[4], head[5], head[6], head[7]];
    match disc {
        ix::DEPOSIT_NATIVE => instructions::deposit::native(program_id, accounts, data),
        ix::DEPOSIT_TOKEN => instructions::deposit::token(program_id, accounts, data),
        ix::VERIFY_ATTESTATION => instructions::verify::process(accounts, data),
        ix::INITIALIZE => instructions::initialize::process(program_id, accounts, data),
        ix::WHITELIST_ADD => instructions::whitelist::add(program_id, accounts, data),
        ix::WHITELIST_REMOVE => instructions::whitelist::remove(program_id, accounts, data),
        ix::ROTATE_SOLVER => instructions::admin::rotate_solver(program_id, accounts, data),
        ix::SET_PAUSED => instructions::admin::set_paused::<Config>(program_id, accounts, data),
        ix::TRANSFER_OWNERSHIP => instructions::admin::transfer_ownership::<Config>(program_id, accounts, data),
        ix::ACCEPT_OWNERSHIP => instructions::admin::accept_ownership::<Config>(program_id, accounts, data),
        ix::SET_MAX_DEADLINE_WINDOW => instructions::admin::set_max_deadline_window(program_id, accounts, data),
        ix::INVALIDATE_REQUESTS => instructions::invalidate::process(program_id, accounts, data),
        _ => {
            // The only reference to the security.txt static: it keeps the text in the linked .so
            // (the linker drops unreferenced data and custom sections).
            #[cfg(all(any(target_os = "solana", target_arch = "bpf"), not(feature = "no-entrypoint")))]
            core::hint::black_box(&security_txt::security_txt);
            Err(ReceiverError::UnknownInstruction.into())
        }
    }
}
