//! `order_depositor`: the SVM order-gated depositor of attestkit (see `docs/svm-receiver.md`,
//! "Protocol orders").
//!
//! A payer pays an order's input through this program instead of calling the depository
//! directly; the payment goes through only when the order (passed whole, as the IDL's `Order`)
//! hashes to an id the trusted solver signed (EIP-191 over the 32 raw bytes of the EIP-712 id),
//! one of its inputs pays this chain (the configured protocol chain id string) in exactly the
//! currency paid and an amount the depository's vault receives exactly, `output.deadline` has not
//! passed, every output recipient is on the owner's whitelist, and the order id was never used
//! here. Then it deposits into the depository by CPI with `id = orderId` and `depositor = payer`,
//! and logs `OrderDeposited`.
//!
//! `compute_order_id(order)` returns the id as return data (simulate it from any client).
//! `invalidate_orders(ids, solver_signature)` lets the owner or the current solver make order ids
//! unpayable before they are paid.
#![no_std]

pub mod event;
pub mod instructions;
pub mod state;

use attestkit_receiver_interface::error::ReceiverError;
use instructions::discriminator as ix;
use pinocchio::{AccountView, Address, ProgramResult};
use state::OrderDepositorConfig;

/// The token deposit takes 12 accounts, plus one whitelist entry per output payment.
pub const MAX_ACCOUNTS: usize = 12 + attestkit_receiver_interface::order::layout::MAX_LIST_LEN;

#[cfg(not(feature = "no-entrypoint"))]
pinocchio::program_entrypoint!(process_instruction, MAX_ACCOUNTS);
#[cfg(not(feature = "no-entrypoint"))]
pinocchio::no_allocator!();
// On SBF the panic handler is the interface crate's (feature `sbf-panic-handler`).
#[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
pinocchio::nostd_panic_handler!();

/// Dispatches on the 8-byte Anchor-style discriminator.
pub fn process_instruction(program_id: &Address, accounts: &mut [AccountView], instruction_data: &[u8]) -> ProgramResult {
    let Some((head, data)) = instruction_data.split_first_chunk::<8>() else {
        return Err(ReceiverError::UnknownInstruction.into());
    };
    match *head {
        ix::ORDER_DEPOSIT_NATIVE => instructions::deposit::native(program_id, accounts, data),
        ix::ORDER_DEPOSIT_TOKEN => instructions::deposit::token(program_id, accounts, data),
        ix::COMPUTE_ORDER_ID => instructions::compute::process(data),
        ix::INITIALIZE => instructions::initialize::process(program_id, accounts, data),
        ix::WHITELIST_ADD => instructions::whitelist::add(program_id, accounts, data),
        ix::WHITELIST_REMOVE => instructions::whitelist::remove(program_id, accounts, data),
        ix::ROTATE_SOLVER => instructions::admin::rotate_solver(program_id, accounts, data),
        ix::SET_PAUSED => instructions::admin::set_paused::<OrderDepositorConfig>(program_id, accounts, data),
        ix::TRANSFER_OWNERSHIP => {
            instructions::admin::transfer_ownership::<OrderDepositorConfig>(program_id, accounts, data)
        }
        ix::ACCEPT_OWNERSHIP => instructions::admin::accept_ownership::<OrderDepositorConfig>(program_id, accounts, data),
        ix::INVALIDATE_ORDERS => instructions::invalidate::process(program_id, accounts, data),
        _ => Err(ReceiverError::UnknownInstruction.into()),
    }
}
