//! Token-2022 extensions the deposit refuses, read from the TLV area of the mint and of the
//! payer's token account (after the 165-byte base and the account-type byte: `u16` type,
//! `u16` length, value). What each decision protects is in `docs/svm-receiver.md`.
//!
//! - PermanentDelegate (mint, 12) with a delegate set: the delegate could move the deposit out of
//!   the solver's token account afterwards: [`ReceiverError::MintHasPermanentDelegate`].
//! - TransferHook (mint, 14) with a hook program set: the hook's extra accounts are not passed
//!   (and its program would run inside the deposit): [`ReceiverError::MintHasTransferHook`].
//! - CpiGuard (token account, 11) enabled on the payer's account: the token program refuses an
//!   owner-signed transfer made through CPI; refused up front with
//!   [`ReceiverError::PayerTokenCpiGuard`] instead of the token program's generic error.
//!
//! Parsing never panics (checked slicing only).

use crate::error::ReceiverError;
use pinocchio::{error::ProgramError, AccountView, Address};

/// Where the TLV entries start: 165-byte base (mints are padded to it) + 1 account-type byte.
const TLV_START: usize = 166;
const CPI_GUARD: u16 = 11;
const PERMANENT_DELEGATE: u16 = 12;
const TRANSFER_HOOK: u16 = 14;

/// The value of extension `wanted` in a Token-2022 account's data, if present.
#[inline(always)]
fn extension(data: &[u8], wanted: u16) -> Option<&[u8]> {
    let mut rest = data.get(TLV_START..)?;
    while let [t0, t1, l0, l1, tail @ ..] = rest {
        let kind = u16::from_le_bytes([*t0, *t1]);
        if kind == 0 {
            return None; // Uninitialized: no entries after it
        }
        let len = u16::from_le_bytes([*l0, *l1]) as usize;
        let value = tail.get(..len)?;
        if kind == wanted {
            return Some(value);
        }
        rest = tail.get(len..)?;
    }
    None
}

#[inline(always)]
fn is_set(key: Option<&[u8]>) -> bool {
    key.is_some_and(|k| k.iter().any(|b| *b != 0))
}

/// Refuses a mint whose permanent delegate or transfer hook program is set (`mint` is the whole
/// account data of a mint of either token program; a plain 82-byte mint has no extensions).
#[inline(always)]
pub fn check_mint(mint: &[u8]) -> Result<(), ReceiverError> {
    if is_set(extension(mint, PERMANENT_DELEGATE)) {
        return Err(ReceiverError::MintHasPermanentDelegate);
    }
    // TransferHook: authority (32) then program id (32).
    if is_set(extension(mint, TRANSFER_HOOK).and_then(|v| v.get(32..64))) {
        return Err(ReceiverError::MintHasTransferHook);
    }
    Ok(())
}

/// Refuses a payer token account with CPI Guard enabled.
#[inline(always)]
pub fn check_payer_account(account: &[u8]) -> Result<(), ReceiverError> {
    if is_set(extension(account, CPI_GUARD)) {
        return Err(ReceiverError::PayerTokenCpiGuard);
    }
    Ok(())
}

/// The payer's token account: owned by `token_program` (`InvalidTokenAccount`) and without CPI
/// Guard enabled (`PayerTokenCpiGuard`). Its data is read without tracking the borrow.
///
/// # Safety
/// No mutable borrow of the payer token account's data may be alive.
#[inline(always)]
pub unsafe fn check_payer_token(payer_token: &AccountView, token_program: &Address) -> Result<(), ProgramError> {
    if !payer_token.owned_by(token_program) {
        return Err(ReceiverError::InvalidTokenAccount.into());
    }
    // SAFETY: no mutable borrow is alive (the caller's contract).
    check_payer_account(unsafe { payer_token.borrow_unchecked() })?;
    Ok(())
}
