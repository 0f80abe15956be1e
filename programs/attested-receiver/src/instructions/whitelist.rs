//! `whitelist_add(destination_chain_id, destination_user)` and `whitelist_remove(...)`: one
//! PDA `["whitelist", destination_chain_id u64 LE, destination_user]` per destination. Batches are
//! several instructions in one transaction.
//!
//! Accounts: 0 `[signer, writable]` owner (pays rent / receives it back), 1 `[]` config,
//! 2 `[writable]` the entry, 3 `[]` system program (add only).

use super::fixed_args;
use crate::{
    checks,
    cpi::{create_pda, CreatePda},
    error::ReceiverError,
    state::{self, whitelist::WHITELIST_SEED, AccountType, Config, WhitelistEntry},
};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, Address, ProgramResult,
};

#[repr(C)]
struct WhitelistArgs {
    destination_chain_id: [u8; 8],
    destination_user: [u8; 32],
}

fn owner_checked(program_id: &Address, owner: &AccountView, config: &AccountView) -> ProgramResult {
    checks::signer(owner)?;
    let cfg = state::load::<Config>(config, program_id)?;
    if owner.address().as_ref() != cfg.owner {
        return Err(ReceiverError::Unauthorized.into());
    }
    Ok(())
}

pub fn add(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: WhitelistArgs is repr(C) of u8 arrays.
    let args = unsafe { fixed_args::<WhitelistArgs>(data)? };
    let [owner, config, entry, system_program, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    owner_checked(program_id, owner, config)?;
    checks::writable(owner)?;
    checks::writable(entry)?;
    checks::system_program(system_program)?;
    let (expected, bump) = checks::find_program_address(
        &[WHITELIST_SEED, &args.destination_chain_id, &args.destination_user],
        program_id,
    )?;
    if entry.address() != &expected {
        return Err(ReceiverError::InvalidPdaAddress.into());
    }
    if entry.owned_by(program_id) {
        return Err(ReceiverError::WhitelistEntryExists.into());
    }
    let bump_seed = [bump];
    let seeds = [
        Seed::from(WHITELIST_SEED),
        Seed::from(&args.destination_chain_id),
        Seed::from(&args.destination_user),
        Seed::from(&bump_seed),
    ];
    create_pda(CreatePda { payer: owner, pda: &mut *entry, space: WhitelistEntry::LEN as u64, extra: 0, owner: program_id, signer: Signer::from(&seeds) })?;
    state::init::<WhitelistEntry>(entry, |e| {
        e.bump = bump;
        e.destination_chain_id = args.destination_chain_id;
        e.destination_user = args.destination_user;
    })
}

pub fn remove(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: WhitelistArgs is repr(C) of u8 arrays.
    let args = unsafe { fixed_args::<WhitelistArgs>(data)? };
    let [owner, config, entry, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    owner_checked(program_id, owner, config)?;
    checks::writable(owner)?;
    checks::distinct(owner, entry)?;
    {
        let e = state::load_mut::<WhitelistEntry>(entry, program_id)?;
        if e.destination_chain_id != args.destination_chain_id
            || e.destination_user != args.destination_user
        {
            return Err(ReceiverError::DestinationNotWhitelisted.into());
        }
    }
    // Close: lamports back to the owner, data length, owner and lamports zeroed.
    let lamports = entry.lamports();
    let refunded = owner.lamports().checked_add(lamports).ok_or(ReceiverError::ArithmeticOverflow)?;
    owner.set_lamports(refunded);
    entry.set_lamports(0);
    entry.close()
}
