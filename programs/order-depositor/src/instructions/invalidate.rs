//! `invalidate_orders(order_ids: Vec<[u8; 32]>, solver_signature: bytes) -> bytes`: the owner or
//! the CURRENT solver (a rotated-out solver has no right left, even inside its grace period)
//! makes order ids unpayable here before they are paid, as the EVM depositor's
//! `invalidateOrders`. The owner signs the transaction (`solver_signature` empty); the solver,
//! which holds an EVM key, signs `order::invalidation::invalidation_hash(program_id, ids)`
//! (EIP-191) and anyone may send it. Each id's replay record is written with status
//! "invalidated" (a later deposit fails with `OrderInvalidated`) and logs `OrderInvalidated`; an
//! id a deposit already paid stays paid and logs `OrderInvalidationTooLate`; an id already
//! invalidated logs nothing. Return data: every id's prior status, one byte each, as the
//! receiver's `invalidate_requests` (`instruction::INVALIDATE_OUTCOME_INVALIDATED`,
//! `STATUS_PAID`, `STATUS_INVALIDATED`). At most `MAX_INVALIDATE_BATCH` ids.
//!
//! Accounts: 0 `[signer, writable]` authority (the owner, or whoever sends the solver's
//! signature; pays the records' rent), 1 `[]` config, 2 `[]` system program, 3.. `[writable]` the
//! replay PDA `["replay", order_id]` of each id, in the order of the ids.

use crate::{
    event::{ORDER_INVALIDATED_DISCRIMINATOR, ORDER_INVALIDATION_TOO_LATE_DISCRIMINATOR},
    state::OrderDepositorConfig,
};
use attested_receiver::{
    checks,
    instructions::invalidate::{invalidate_ids, split_ids, InvalidationEvents},
};
use attestkit_receiver_interface::{
    crypto::Syscalls,
    error::ReceiverError,
    order::{borsh::Reader, invalidation::invalidation_signer},
    state,
};
use pinocchio::{AccountView, Address, ProgramResult};

const ORDER_EVENTS: InvalidationEvents =
    InvalidationEvents { invalidated: ORDER_INVALIDATED_DISCRIMINATOR, too_late: ORDER_INVALIDATION_TOO_LATE_DISCRIMINATOR };

pub fn process(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let (count, ids, rest) = split_ids(data)?;
    let mut reader = Reader::new(rest);
    let solver_signature = reader.bytes()?;
    reader.finish()?;
    let [authority, config, system_program, replays @ ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(authority)?;
    checks::writable(authority)?;
    checks::system_program(system_program)?;
    {
        let cfg = state::load::<OrderDepositorConfig>(config, program_id)?;
        let by_owner = authority.address().as_array() == &cfg.owner;
        let by_solver = !solver_signature.is_empty()
            && invalidation_signer::<Syscalls>(program_id.as_array(), ids, solver_signature)? == cfg.solver;
        if !by_owner && !by_solver {
            return Err(ReceiverError::NotOwnerOrSolver.into());
        }
    }
    invalidate_ids(program_id, authority, ids, count, replays, &ORDER_EVENTS)
}
