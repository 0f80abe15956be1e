//! Owner instructions on the config, with the receiver's rules and code
//! (`attested_receiver::instructions::admin`, generic over its config): `rotate_solver(new_solver,
//! grace_period)` (the outgoing solver keeps verifying while `now < rotation + grace_period`, at
//! most 30 days), `set_paused(bool)`, `transfer_ownership(new_owner)` then `accept_ownership()`
//! (two steps); and the depositor's own `set_calls_allowed(bool)`. Accounts: 0 `[signer]` owner
//! (the pending owner for `accept_ownership`), 1 `[writable]` config.

use super::{fixed_args, read_bool};
use crate::{
    event::{CallsAllowedSet, CALLS_ALLOWED_SET_DISCRIMINATOR},
    state::OrderDepositorConfig,
};
use attested_receiver::instructions::admin::{as_owner, grace_period, rotate_evm_solver};
use attestkit_receiver_interface::error::ReceiverError;
use pinocchio::{
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

pub use attested_receiver::instructions::admin::{accept_ownership, set_paused, transfer_ownership};

attested_receiver::impl_admin_config!(OrderDepositorConfig, solver, previous_solver, previous_solver_valid_until);

#[repr(C)]
struct RotateArgs {
    new_solver: [u8; 20],
    grace_period: [u8; 8],
}

pub fn rotate_solver(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: RotateArgs is repr(C) of u8 arrays.
    let args = unsafe { fixed_args::<RotateArgs>(data)? };
    let grace = grace_period(args.grace_period)?;
    if args.new_solver == [0; 20] {
        return Err(ReceiverError::ZeroSolver.into());
    }
    let now = Clock::get()?.unix_timestamp;
    rotate_evm_solver(&mut *as_owner::<OrderDepositorConfig>(program_id, accounts)?, args.new_solver, grace, now);
    Ok(())
}

/// `set_calls_allowed(allowed: bool)`: whether orders with `output.calls` are accepted from now on
/// (refused by default: the calls run on the destination chain, where they can send the output to
/// anyone, which the recipient whitelist cannot see). Logs `CallsAllowedSet`.
pub fn set_calls_allowed(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [flag] = data else {
        return Err(ReceiverError::InvalidInstructionData.into());
    };
    let allowed = read_bool(*flag)?;
    as_owner::<OrderDepositorConfig>(program_id, accounts)?.calls_allowed = allowed as u8;
    CallsAllowedSet { discriminator: CALLS_ALLOWED_SET_DISCRIMINATOR, allowed: allowed as u8 }.emit();
    Ok(())
}
