//! `order_depositor`: the SVM order-gated depositor of attestkit (see `docs/svm-receiver.md`,
//! "Protocol orders").
//!
//! A payer pays an order's input through this program instead of calling the depository
//! directly; the payment goes through only when the order (passed whole, as the IDL's `Order`)
//! hashes to an id the trusted solver signed (EIP-191 over the 32 raw bytes of the EIP-712 id),
//! one of its inputs pays this chain (the configured protocol chain id string) in exactly the
//! currency paid and an amount the depository's vault receives exactly, `output.deadline` has not
//! passed (the deadline second itself still pays), every output recipient is on the owner's
//! whitelist, the order carries no `output.calls` unless the owner allows them, the payer is the
//! paid input's refund recipient on this chain, a token's mint and the payer's token account
//! carry none of the Token-2022 extensions the receiver refuses, and the order id was never used
//! here. Then it deposits into the depository by CPI with `id = orderId` and `depositor = payer`,
//! and logs `OrderDeposited`.
//!
//! `compute_order_id(order)` returns the id as return data (simulate it from any client).
//! `invalidate_orders(ids, solver_signature)` lets the owner or the current solver make order ids
//! unpayable before they are paid. `set_calls_allowed(bool)` (owner) accepts or refuses orders with
//! `output.calls`.
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

/// A discriminator as the little-endian `u64` the dispatch compares in one instruction.
const fn word(discriminator: [u8; 8]) -> u64 {
    u64::from_le_bytes(discriminator)
}

/// Dispatches on the 8-byte Anchor-style discriminator (read and compared as one word).
pub fn process_instruction(program_id: &Address, accounts: &mut [AccountView], instruction_data: &[u8]) -> ProgramResult {
    let Some((head, data)) = instruction_data.split_first_chunk::<8>() else {
        return Err(ReceiverError::UnknownInstruction.into());
    };
    const ORDER_DEPOSIT_NATIVE: u64 = word(ix::ORDER_DEPOSIT_NATIVE);
    const ORDER_DEPOSIT_TOKEN: u64 = word(ix::ORDER_DEPOSIT_TOKEN);
    const COMPUTE_ORDER_ID: u64 = word(ix::COMPUTE_ORDER_ID);
    const INITIALIZE: u64 = word(ix::INITIALIZE);
    const WHITELIST_ADD: u64 = word(ix::WHITELIST_ADD);
    const WHITELIST_REMOVE: u64 = word(ix::WHITELIST_REMOVE);
    const ROTATE_SOLVER: u64 = word(ix::ROTATE_SOLVER);
    const SET_PAUSED: u64 = word(ix::SET_PAUSED);
    const TRANSFER_OWNERSHIP: u64 = word(ix::TRANSFER_OWNERSHIP);
    const ACCEPT_OWNERSHIP: u64 = word(ix::ACCEPT_OWNERSHIP);
    const INVALIDATE_ORDERS: u64 = word(ix::INVALIDATE_ORDERS);
    const SET_CALLS_ALLOWED: u64 = word(ix::SET_CALLS_ALLOWED);
    match word(*head) {
        ORDER_DEPOSIT_NATIVE => instructions::deposit::native(program_id, accounts, data),
        ORDER_DEPOSIT_TOKEN => instructions::deposit::token(program_id, accounts, data),
        COMPUTE_ORDER_ID => instructions::compute::process(data),
        INITIALIZE => instructions::initialize::process(program_id, accounts, data),
        WHITELIST_ADD => instructions::whitelist::add(program_id, accounts, data),
        WHITELIST_REMOVE => instructions::whitelist::remove(program_id, accounts, data),
        ROTATE_SOLVER => instructions::admin::rotate_solver(program_id, accounts, data),
        SET_PAUSED => instructions::admin::set_paused::<OrderDepositorConfig>(program_id, accounts, data),
        TRANSFER_OWNERSHIP => instructions::admin::transfer_ownership::<OrderDepositorConfig>(program_id, accounts, data),
        ACCEPT_OWNERSHIP => instructions::admin::accept_ownership::<OrderDepositorConfig>(program_id, accounts, data),
        INVALIDATE_ORDERS => instructions::invalidate::process(program_id, accounts, data),
        SET_CALLS_ALLOWED => instructions::admin::set_calls_allowed(program_id, accounts, data),
        _ => Err(ReceiverError::UnknownInstruction.into()),
    }
}
