//! The configuration account `RelayDepository`, PDA `["relay_depository"]`, in the service
//! depository's Anchor layout: discriminator, owner, allocator, vault_bump, chain_id (Borsh
//! `bytes`), so a client built on the service's IDL decodes it.

use crate::error::DepositoryError;
use attestkit_receiver_interface::order::depository::RELAY_DEPOSITORY_ACCOUNT_DISCRIMINATOR;
use pinocchio::{error::ProgramError, AccountView, Address};

/// Offset of `vault_bump`: discriminator (8), owner (32), allocator (32).
pub const VAULT_BUMP_OFFSET: usize = 72;
/// Offset of `chain_id`'s length prefix.
pub const CHAIN_ID_OFFSET: usize = 73;
/// Longest chain id `initialize` accepts.
pub const MAX_CHAIN_ID_LEN: usize = 64;

/// The vault bump of an initialized configuration account owned by this program. Only
/// `initialize` writes an account with this discriminator, at the PDA, so owner + discriminator
/// identify the one configuration.
#[inline(always)]
pub fn vault_bump(account: &AccountView, program_id: &Address) -> Result<u8, ProgramError> {
    if !account.owned_by(program_id) {
        return Err(DepositoryError::InvalidDepositoryAccount.into());
    }
    let data = account.try_borrow()?;
    match (data.get(..8), data.get(VAULT_BUMP_OFFSET)) {
        (Some(d), Some(bump)) if d == RELAY_DEPOSITORY_ACCOUNT_DISCRIMINATOR => Ok(*bump),
        _ => Err(DepositoryError::InvalidDepositoryAccount.into()),
    }
}
