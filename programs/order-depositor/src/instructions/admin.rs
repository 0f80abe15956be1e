//! Owner instructions on the config, with the receiver's rules: `rotate_solver(new_solver,
//! grace_period)` (the outgoing solver keeps verifying while `now < rotation + grace_period`,
//! at most 30 days), `set_paused(bool)`, `transfer_ownership(new_owner)` then
//! `accept_ownership()` (two steps). Accounts: 0 `[signer]` owner (the pending owner for
//! `accept_ownership`), 1 `[writable]` config.

use super::{fixed_args, read_bool};
use crate::state::OrderDepositorConfig;
use attested_receiver::checks;
use attestkit_receiver_interface::{
    error::ReceiverError,
    state::{self, config::MAX_GRACE_PERIOD},
};
use pinocchio::{
    account::RefMut,
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

/// Signer + owner check; the config for writing.
fn as_owner<'a>(program_id: &Address, accounts: &'a mut [AccountView]) -> Result<RefMut<'a, OrderDepositorConfig>, ProgramError> {
    let [owner, config, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(owner)?;
    let cfg = state::load_mut::<OrderDepositorConfig>(config, program_id)?;
    if owner.address().as_ref() != cfg.owner {
        return Err(ReceiverError::Unauthorized.into());
    }
    Ok(cfg)
}

#[repr(C)]
struct RotateArgs {
    new_solver: [u8; 20],
    grace_period: [u8; 8],
}

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
    if args.new_solver == [0; 20] {
        return Err(ReceiverError::ZeroSolver.into());
    }
    let now = Clock::get()?.unix_timestamp;
    let mut cfg = as_owner(program_id, accounts)?;
    if grace == 0 {
        cfg.previous_solver = [0; 20];
        cfg.previous_solver_valid_until = i64::MIN.to_le_bytes();
    } else {
        cfg.previous_solver = cfg.solver;
        cfg.previous_solver_valid_until = now.saturating_add(grace).to_le_bytes();
    }
    cfg.solver = args.new_solver;
    Ok(())
}

pub fn set_paused(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [flag] = data else {
        return Err(ReceiverError::InvalidInstructionData.into());
    };
    let paused = read_bool(*flag)?;
    as_owner(program_id, accounts)?.paused = paused as u8;
    Ok(())
}

pub fn transfer_ownership(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: [u8; 32].
    let new_owner = unsafe { fixed_args::<[u8; 32]>(data)? };
    as_owner(program_id, accounts)?.pending_owner = *new_owner;
    Ok(())
}

pub fn accept_ownership(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    if !data.is_empty() {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let [pending, config, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(pending)?;
    let mut cfg = state::load_mut::<OrderDepositorConfig>(config, program_id)?;
    if cfg.pending_owner == [0; 32] || pending.address().as_ref() != cfg.pending_owner {
        return Err(ReceiverError::NotPendingOwner.into());
    }
    cfg.owner = cfg.pending_owner;
    cfg.pending_owner = [0; 32];
    Ok(())
}
