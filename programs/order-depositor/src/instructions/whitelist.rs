//! `whitelist_add(chain_id: string, recipient: bytes)` and `whitelist_remove(...)`: one PDA
//! `["recipient", recipient_key(chain_id, recipient)]` per accepted output recipient (the
//! recipient VM-encoded as in the order, e.g. 20 bytes for an EVM address).
//!
//! Accounts: 0 `[signer, writable]` owner (pays rent / gets it back), 1 `[]` config,
//! 2 `[writable]` the entry, 3 `[]` system program (add only).

use crate::state::{recipient_key, OrderDepositorConfig, OrderRecipient, RECIPIENT_SEED};
use attested_receiver::{
    checks,
    cpi::{create_pda, CreatePda},
};
use attestkit_receiver_interface::{
    crypto::Syscalls,
    error::ReceiverError,
    order::borsh::Reader,
    state::{self, AccountType},
};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    AccountView, Address, ProgramResult,
};

/// The entry key of the `(chain_id, recipient)` arguments.
fn key_of(data: &[u8]) -> Result<[u8; 32], ProgramError> {
    let mut reader = Reader::new(data);
    let chain_id = reader.bytes()?;
    let recipient = reader.bytes()?;
    reader.finish()?;
    Ok(recipient_key::<Syscalls>(chain_id, recipient))
}

fn owner_checked(program_id: &Address, owner: &AccountView, config: &AccountView) -> ProgramResult {
    checks::signer(owner)?;
    checks::writable(owner)?;
    let cfg = state::load::<OrderDepositorConfig>(config, program_id)?;
    if owner.address().as_ref() != cfg.owner {
        return Err(ReceiverError::Unauthorized.into());
    }
    Ok(())
}

pub fn add(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let key = key_of(data)?;
    let [owner, config, entry, system_program, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    owner_checked(program_id, owner, config)?;
    checks::writable(entry)?;
    checks::system_program(system_program)?;
    let (expected, bump) = checks::find_program_address(&[RECIPIENT_SEED, &key], program_id)?;
    if entry.address() != &expected {
        return Err(ReceiverError::InvalidPdaAddress.into());
    }
    if entry.owned_by(program_id) {
        return Err(ReceiverError::WhitelistEntryExists.into());
    }
    let bump_seed = [bump];
    let seeds = [Seed::from(RECIPIENT_SEED), Seed::from(&key), Seed::from(&bump_seed)];
    create_pda(CreatePda {
        payer: owner,
        pda: &mut *entry,
        space: OrderRecipient::LEN as u64,
        extra: 0,
        owner: program_id,
        signer: Signer::from(&seeds),
    })?;
    state::init::<OrderRecipient>(entry, |e| {
        e.bump = bump;
        e.key = key;
    })
}

pub fn remove(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let key = key_of(data)?;
    let [owner, config, entry, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    owner_checked(program_id, owner, config)?;
    checks::distinct(owner, entry)?;
    if state::load_mut::<OrderRecipient>(entry, program_id)?.key != key {
        return Err(ReceiverError::DestinationNotWhitelisted.into());
    }
    let refunded = owner.lamports().checked_add(entry.lamports()).ok_or(ReceiverError::ArithmeticOverflow)?;
    owner.set_lamports(refunded);
    entry.set_lamports(0);
    entry.close()
}
