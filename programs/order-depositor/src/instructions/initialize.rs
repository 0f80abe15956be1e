//! `initialize(owner: pubkey, solver: [u8; 20], chain_id: string)`.
//!
//! Accounts: 0 `[signer, writable]` authority (the program's upgrade authority; pays rent),
//! 1 `[writable]` config PDA `["config"]`, 2 `[]` the program's ProgramData account,
//! 3 `[]` system program. Only the upgrade authority may initialize (no front-running between
//! deploy and initialize); runs once (`AlreadyInitialized`).

use crate::state::{OrderDepositorConfig, CONFIG_SEED, MAX_CHAIN_ID_LEN};
use attested_receiver::{
    checks,
    cpi::{create_pda, CreatePda},
};
use attestkit_receiver_interface::{
    error::ReceiverError,
    order::{borsh::Reader, error::OrderError},
    state::{self, AccountType},
};
use pinocchio::{
    cpi::{Seed, Signer},
    AccountView, Address, ProgramResult,
};

/// ProgramData layout (bincode): u32 tag 3, u64 slot, Option<Pubkey> authority.
const PROGRAM_DATA_TAG: [u8; 4] = [3, 0, 0, 0];

/// `authority` is the upgrade authority recorded in this program's ProgramData account.
fn check_upgrade_authority(program_id: &Address, program_data: &AccountView, authority: &AccountView) -> ProgramResult {
    let (expected, _) = checks::find_program_address(&[program_id.as_ref()], &checks::LOADER_V3_ID)?;
    if program_data.address() != &expected || !program_data.owned_by(&checks::LOADER_V3_ID) {
        return Err(ReceiverError::InvalidProgramData.into());
    }
    let pd = program_data.try_borrow()?;
    match (pd.get(..4), pd.get(12), pd.get(13..45)) {
        (Some(tag), Some(1), Some(key)) if tag == PROGRAM_DATA_TAG && key == authority.address().as_ref() => Ok(()),
        _ => Err(ReceiverError::InvalidProgramData.into()),
    }
}

pub fn process(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let mut reader = Reader::new(data);
    let owner = *reader.array::<32>()?;
    let solver = *reader.array::<20>()?;
    let chain_id = reader.bytes()?;
    reader.finish()?;
    let [authority, config, program_data, system_program, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(authority)?;
    checks::writable(authority)?;
    checks::writable(config)?;
    checks::system_program(system_program)?;
    checks::distinct(authority, config)?;
    check_upgrade_authority(program_id, program_data, authority)?;

    let seeds: [&[u8]; 1] = core::hint::black_box([CONFIG_SEED]);
    let (expected, bump) = checks::find_program_address(&seeds, program_id)?;
    if config.address() != &expected {
        return Err(ReceiverError::InvalidPdaAddress.into());
    }
    if config.owned_by(program_id) {
        return Err(ReceiverError::AlreadyInitialized.into());
    }
    if solver == [0; 20] {
        return Err(ReceiverError::ZeroSolver.into());
    }
    if owner == [0; 32] || chain_id.is_empty() {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let mut chain_id_bytes = [0u8; MAX_CHAIN_ID_LEN];
    chain_id_bytes.get_mut(..chain_id.len()).ok_or(OrderError::ChainIdTooLong)?.copy_from_slice(chain_id);

    let bump_seed = [bump];
    let seeds = [Seed::from(CONFIG_SEED), Seed::from(&bump_seed)];
    create_pda(CreatePda {
        payer: authority,
        pda: &mut *config,
        space: OrderDepositorConfig::LEN as u64,
        extra: 0,
        owner: program_id,
        signer: Signer::from(&seeds),
    })?;
    state::init::<OrderDepositorConfig>(config, |c| {
        c.bump = bump;
        c.paused = 0;
        c.owner = owner;
        c.pending_owner = [0; 32];
        c.solver = solver;
        c.previous_solver = [0; 20];
        c.previous_solver_valid_until = i64::MIN.to_le_bytes();
        c.chain_id_len = chain_id.len() as u8;
        c.chain_id = chain_id_bytes;
    })
}
