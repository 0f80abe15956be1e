//! Owner instructions on the config: `rotate_solver`, `set_paused`, `set_max_deadline_window`,
//! `transfer_ownership`, `accept_ownership`. Accounts: 0 `[signer]` owner (pending owner for `accept_ownership`),
//! 1 `[writable]` config.
//!
//! The owner model (owner check, pause, two-step ownership, EVM solver rotation with a grace
//! period) is generic over [`AdminConfig`]: the order depositor runs the same code on its own
//! config account.

use super::{fixed_args, read_bool};
use crate::{
    checks,
    error::ReceiverError,
    state::{self, config::MAX_GRACE_PERIOD, AccountType, Config},
};
use pinocchio::{
    account::RefMut,
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

/// The fields of a config account the owner instructions administer (each program keeps them in
/// its own layout).
pub trait AdminConfig: AccountType {
    fn owner(&mut self) -> &mut [u8; 32];
    /// Proposed owner of a two-step transfer; zero when none.
    fn pending_owner(&mut self) -> &mut [u8; 32];
    /// 1 when deposits are refused.
    fn paused(&mut self) -> &mut u8;
    /// The trusted EVM solver, the previous one and the end of its grace period (i64 LE).
    fn evm_solvers(&mut self) -> (&mut [u8; 20], &mut [u8; 20], &mut [u8; 8]);
}

/// Implements [`AdminConfig`] for a config struct with `owner`, `pending_owner` and `paused`
/// fields, naming its current EVM solver, previous EVM solver and grace-period end fields.
#[macro_export]
macro_rules! impl_admin_config {
    ($config:ty, $solver:ident, $previous:ident, $valid_until:ident) => {
        impl $crate::instructions::admin::AdminConfig for $config {
            #[inline(always)]
            fn owner(&mut self) -> &mut [u8; 32] {
                &mut self.owner
            }
            #[inline(always)]
            fn pending_owner(&mut self) -> &mut [u8; 32] {
                &mut self.pending_owner
            }
            #[inline(always)]
            fn paused(&mut self) -> &mut u8 {
                &mut self.paused
            }
            #[inline(always)]
            fn evm_solvers(&mut self) -> (&mut [u8; 20], &mut [u8; 20], &mut [u8; 8]) {
                (&mut self.$solver, &mut self.$previous, &mut self.$valid_until)
            }
        }
    };
}

impl_admin_config!(Config, solver_evm, previous_solver_evm, previous_solver_valid_until);

/// Signer + owner check; returns the config for writing.
pub fn as_owner<'a, T: AdminConfig>(
    program_id: &Address,
    accounts: &'a mut [AccountView],
) -> Result<RefMut<'a, T>, ProgramError> {
    let [owner, config, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(owner)?;
    let mut cfg = state::load_mut::<T>(config, program_id)?;
    if owner.address().as_ref() != cfg.owner() {
        return Err(ReceiverError::Unauthorized.into());
    }
    Ok(cfg)
}

/// A rotation's grace period (i64 LE seconds): 0 to `MAX_GRACE_PERIOD` (30 days).
#[inline(always)]
pub fn grace_period(bytes: [u8; 8]) -> Result<i64, ProgramError> {
    let grace = i64::from_le_bytes(bytes);
    if grace < 0 {
        return Err(ReceiverError::InvalidWindow.into());
    }
    if grace > MAX_GRACE_PERIOD {
        return Err(ReceiverError::GracePeriodTooLong.into());
    }
    Ok(grace)
}

/// Makes `new_solver` the trusted EVM solver; the outgoing one keeps verifying while `now <
/// now_at_rotation + grace` (`grace` = 0: never again, from this very instruction on).
#[inline(always)]
pub fn rotate_evm_solver<T: AdminConfig>(cfg: &mut T, new_solver: [u8; 20], grace: i64, now: i64) {
    let (solver, previous, valid_until) = cfg.evm_solvers();
    if grace == 0 {
        *previous = [0; 20];
        *valid_until = i64::MIN.to_le_bytes();
    } else {
        *previous = *solver;
        *valid_until = now.saturating_add(grace).to_le_bytes();
    }
    *solver = new_solver;
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
    let grace = grace_period(args.grace_period)?;
    if args.new_solver_evm == [0; 20] || args.new_solver_svm == [0; 32] {
        return Err(ReceiverError::ZeroSolver.into());
    }
    let now = Clock::get()?.unix_timestamp;
    let mut cfg = as_owner::<Config>(program_id, accounts)?;
    rotate_evm_solver(&mut *cfg, args.new_solver_evm, grace, now);
    cfg.solver_svm = args.new_solver_svm;
    Ok(())
}

/// `set_paused(paused: bool)`.
pub fn set_paused<T: AdminConfig>(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let [flag] = data else {
        return Err(ReceiverError::InvalidInstructionData.into());
    };
    let paused = read_bool(*flag)?;
    *as_owner::<T>(program_id, accounts)?.paused() = paused as u8;
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
    as_owner::<Config>(program_id, accounts)?.max_deadline_window = *window;
    Ok(())
}

/// `transfer_ownership(new_owner)`: step 1, records the pending owner (zero cancels).
pub fn transfer_ownership<T: AdminConfig>(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: [u8; 32].
    let new_owner = unsafe { fixed_args::<[u8; 32]>(data)? };
    *as_owner::<T>(program_id, accounts)?.pending_owner() = *new_owner;
    Ok(())
}

/// `accept_ownership()`: step 2, signed by the pending owner.
pub fn accept_ownership<T: AdminConfig>(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    if !data.is_empty() {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let [pending, config, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(pending)?;
    let mut cfg = state::load_mut::<T>(config, program_id)?;
    let proposed = *cfg.pending_owner();
    if proposed == [0; 32] || pending.address().as_ref() != proposed {
        return Err(ReceiverError::NotPendingOwner.into());
    }
    *cfg.owner() = proposed;
    *cfg.pending_owner() = [0; 32];
    Ok(())
}
