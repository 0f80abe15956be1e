//! Zero-copy views of the program's accounts. Every layout is `#[repr(C)]` over byte arrays
//! (alignment 1), starts with an Anchor-style 8-byte discriminator (`sha256("account:<Name>")[..8]`)
//! and equals the Borsh layout the IDL declares, so `@coral-xyz/anchor` decodes it.
//!
//! Trust model: an account owned by this program with a given discriminator and exact size was
//! written by this program's own instruction for that type, at the PDA of its seeds (each creating
//! instruction checks the address first). That is why the hot path can trust the config and a
//! whitelist entry from owner + discriminator + stored key fields without re-deriving their PDAs.

pub mod config;
pub mod paid_request;
pub mod whitelist;

pub use {config::Config, paid_request::PaidRequest, whitelist::WhitelistEntry};

use crate::error::ReceiverError;
use pinocchio::{
    account::{Ref, RefMut},
    error::ProgramError,
    AccountView, Address,
};

/// A fixed-size account type of this program.
///
/// # Safety
/// Implementors must be `#[repr(C)]`, contain only `u8` arrays / `u8` (alignment 1, no padding,
/// every bit pattern valid) and start with the 8-byte discriminator.
pub unsafe trait AccountType: Sized {
    /// `sha256("account:<Name>")[..8]`.
    const DISCRIMINATOR: [u8; 8];
    /// Exact data length.
    const LEN: usize = core::mem::size_of::<Self>();
}

/// Checks owner, exact size and discriminator, then borrows the data as `T`.
#[inline(always)]
pub fn load<'a, T: AccountType>(
    account: &'a AccountView,
    program_id: &Address,
) -> Result<Ref<'a, T>, ProgramError> {
    if !account.owned_by(program_id) {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }
    let data = account.try_borrow()?;
    if data.len() != T::LEN || data[..8] != T::DISCRIMINATOR {
        return Err(ReceiverError::InvalidAccountDiscriminator.into());
    }
    // SAFETY: size checked; T has alignment 1 and accepts every bit pattern (AccountType contract).
    Ok(Ref::map(data, |d| unsafe { &*(d.as_ptr() as *const T) }))
}

/// As [`load`], without tracking the borrow (see [`view_owned`]).
///
/// # Safety
/// No mutable borrow of the account's data may be alive, or taken, while the result is.
#[inline(always)]
pub unsafe fn view<'a, T: AccountType>(account: &'a AccountView, program_id: &Address) -> Result<&'a T, ProgramError> {
    if !account.owned_by(program_id) {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }
    // SAFETY: the caller's contract.
    unsafe { view_owned(account) }
}

/// As [`load`] for an account whose owner the caller has checked, without tracking the borrow
/// (pinocchio's borrow flag costs a load and two stores each way).
///
/// # Safety
/// No mutable borrow of the account's data may be alive, or taken, while the result is.
#[inline(always)]
pub unsafe fn view_owned<T: AccountType>(account: &AccountView) -> Result<&T, ProgramError> {
    // SAFETY: no mutable borrow (the caller's contract).
    let data = unsafe { account.borrow_unchecked() };
    if data.len() != T::LEN || data[..8] != T::DISCRIMINATOR {
        return Err(ReceiverError::InvalidAccountDiscriminator.into());
    }
    // SAFETY: size checked; T has alignment 1 and accepts every bit pattern (AccountType contract).
    Ok(unsafe { &*(data.as_ptr() as *const T) })
}

/// As [`load`], mutable; the account must be writable.
#[inline(always)]
pub fn load_mut<'a, T: AccountType>(
    account: &'a mut AccountView,
    program_id: &Address,
) -> Result<RefMut<'a, T>, ProgramError> {
    if !account.owned_by(program_id) {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }
    if !account.is_writable() {
        return Err(ReceiverError::AccountNotWritable.into());
    }
    let data = account.try_borrow_mut()?;
    if data.len() != T::LEN || data[..8] != T::DISCRIMINATOR {
        return Err(ReceiverError::InvalidAccountDiscriminator.into());
    }
    // SAFETY: as in `load`.
    Ok(RefMut::map(data, |d| unsafe { &mut *(d.as_mut_ptr() as *mut T) }))
}

/// Writes a freshly created account: the discriminator, then `init` fills the rest.
#[inline(always)]
pub fn init<T: AccountType>(
    account: &mut AccountView,
    init: impl FnOnce(&mut T),
) -> Result<(), ProgramError> {
    let mut data = account.try_borrow_mut()?;
    if data.len() != T::LEN {
        return Err(ReceiverError::InvalidAccountDiscriminator.into());
    }
    // SAFETY: as in `load`.
    let value = unsafe { &mut *(data.as_mut_ptr() as *mut T) };
    data_prefix(value).copy_from_slice(&T::DISCRIMINATOR);
    init(value);
    Ok(())
}

#[inline(always)]
fn data_prefix<T: AccountType>(value: &mut T) -> &mut [u8; 8] {
    // SAFETY: AccountType starts with the 8-byte discriminator.
    unsafe { &mut *(value as *mut T as *mut [u8; 8]) }
}
