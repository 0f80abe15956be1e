//! Owner instructions on the config: `rotate_solver`, `set_paused`, `set_max_deadline_window`,
//! `transfer_ownership`, `accept_ownership`. Accounts: 0 `[signer]` owner (pending owner for `accept_ownership`),
//! 1 `[writable]` config.

use super::{fixed_args, read_bool};
use crate::{
    checks,
    error::ReceiverError,
    state::{self, config::MAX_GRACE_PERIOD, Config},
};
use pinocchio::{
    account::RefMut,
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

/// Signer + owner check; returns the config for writing.
fn as_owner<'a>(
    program_id: &Address,
    accounts: &'a mut [AccountView],
) -> Result<RefMut<'a, Config>, pinocchio::error::ProgramError> {
    let [owner, config, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(owner)?;
    let cfg = state::load_mut::<Config>(config, program_id)?;
    if owner.address().as_ref() != cfg.owner {
        return Err(ReceiverError::Unauthorized.into());
    }
    Ok(cfg)
}

#[repr(C)]
struct RotateArgs {
    new_solver_evm: [u8; 20],
    new_solver_svm: [u8; 32],
    grace_period: [u8; 8],
}

/// Sets a new solver. The outgoing EVM signer keeps verifying while `now < now_at_rotation +
/// grace_period` (`grace_period` = 0: never again, from this very instruction on; at most
/// `MAX_GRACE_PERIOD`, 30 days). WARNING: deposits go to the NEW solver SVM account at once.
pub fn rotate_solver(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: RotateArgs is repr(C) of u8 arrays.
    let args = unsafe { fixed_args::<RotateArgs>(data)? };
    let grace = i64::from_le_bytes(args.grace_period);
    if grace < 0 {
        return Err(ReceiverError::InvalidWindow.into());
    }
    if grace > MAX_GRACE_PERIOD {
        return Err(ReceiverError::GracePeriodTooLong.into());
    }
    if args.new_solver_evm == [0; 20] || args.new_solver_svm == [0; 32] {
        return Err(ReceiverError::ZeroSolver.into());
    }
    let now = Clock::get()?.unix_timestamp;
    let mut cfg = as_owner(program_id, accounts)?;
    if grace == 0 {
        cfg.previous_solver_evm = [0; 20];
        cfg.previous_solver_valid_until = i64::MIN.to_le_bytes();
    } else {
        cfg.previous_solver_evm = cfg.solver_evm;
        cfg.previous_solver_valid_until = now.saturating_add(grace).to_le_bytes();
    }
    cfg.solver_evm = args.new_solver_evm;
    cfg.solver_svm = args.new_solver_svm;
    Ok(())
}

/// `set_paused(paused: bool)`.
pub fn set_paused(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [flag] = data else {
        return Err(ReceiverError::InvalidInstructionData.into());
    };
    let paused = read_bool(*flag)?;
    as_owner(program_id, accounts)?.paused = paused as u8;
    Ok(())
}

/// `set_max_deadline_window(max_deadline_window: i64)`: the largest `deadline - now` accepted from
/// now on (> 0). Shortening it does not shorten deposits already signed by payers with a longer
/// deadline that have not landed yet: they are checked against the window when they land.
pub fn set_max_deadline_window(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: [u8; 8].
    let window = unsafe { fixed_args::<[u8; 8]>(data)? };
    if i64::from_le_bytes(*window) <= 0 {
        return Err(ReceiverError::InvalidWindow.into());
    }
    as_owner(program_id, accounts)?.max_deadline_window = *window;
    Ok(())
}

/// `transfer_ownership(new_owner)`: step 1, records the pending owner (zero cancels).
pub fn transfer_ownership(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: [u8; 32].
    let new_owner = unsafe { fixed_args::<[u8; 32]>(data)? };
    as_owner(program_id, accounts)?.pending_owner = *new_owner;
    Ok(())
}

/// `accept_ownership()`: step 2, signed by the pending owner.
pub fn accept_ownership(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    if !data.is_empty() {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let [pending, config, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(pending)?;
    let mut cfg = state::load_mut::<Config>(config, program_id)?;
    if cfg.pending_owner == [0; 32] || pending.address().as_ref() != cfg.pending_owner {
        return Err(ReceiverError::NotPendingOwner.into());
    }
    cfg.owner = cfg.pending_owner;
    cfg.pending_owner = [0; 32];
    Ok(())
}
