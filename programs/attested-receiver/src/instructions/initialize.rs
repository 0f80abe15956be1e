//! `initialize(owner, solver_evm, solver_svm, max_deadline_window)`.
//!
//! Accounts: 0 `[signer, writable]` authority (the program's upgrade authority; pays rent),
//! 1 `[writable]` config PDA `["config"]`, 2 `[]` the program's ProgramData account
//! (upgradeable loader), 3 `[]` system program.
//!
//! Only the upgrade authority may initialize: this closes the front-running window between
//! deploy and initialize. Runs once: a second call fails with `AlreadyInitialized`.

use super::fixed_args;
use crate::{
    checks,
    cpi::{create_pda, CreatePda},
    error::ReceiverError,
    state::{self, config::CONFIG_SEED, Config},
};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    AccountView, Address, ProgramResult,
};

#[repr(C)]
struct InitializeArgs {
    owner: [u8; 32],
    solver_evm: [u8; 20],
    solver_svm: [u8; 32],
    max_deadline_window: [u8; 8],
}

/// ProgramData layout (bincode): u32 tag 3, u64 slot, Option<Pubkey> authority.
const PROGRAM_DATA_TAG: [u8; 4] = [3, 0, 0, 0];

/// The accounts of an initialize (any program's config, same rules): `authority` a writable
/// signer and this program's upgrade authority (as its ProgramData records it: no front-running
/// between deploy and initialize), `config` the writable PDA `["config"]` not created yet
/// (`AlreadyInitialized` otherwise), the system program. Returns the config's bump.
pub fn uninitialized_config(
    program_id: &Address,
    authority: &AccountView,
    config: &AccountView,
    program_data: &AccountView,
    system_program: &AccountView,
) -> Result<u8, ProgramError> {
    checks::signer(authority)?;
    checks::writable(authority)?;
    checks::writable(config)?;
    checks::system_program(system_program)?;
    checks::distinct(authority, config)?;

    // The signer must be the upgrade authority recorded in this program's ProgramData.
    let (expected_pd, _) =
        checks::find_program_address(&[program_id.as_ref()], &checks::LOADER_V3_ID)?;
    if program_data.address() != &expected_pd || !program_data.owned_by(&checks::LOADER_V3_ID) {
        return Err(ReceiverError::InvalidProgramData.into());
    }
    {
        let pd = program_data.try_borrow()?;
        if pd.len() < 45 || pd[..4] != PROGRAM_DATA_TAG || pd[12] != 1 || &pd[13..45] != authority.address().as_ref() {
            return Err(ReceiverError::InvalidProgramData.into());
        }
    }

    // black_box keeps the seed array on the (8-aligned) stack: a constant array would be promoted
    // to .rodata, which sbpf-linker 0.1.9 aligns to 1 byte, and the syscall rejects an unaligned
    // seed slice ("Unaligned pointer").
    let seeds: [&[u8]; 1] = core::hint::black_box([CONFIG_SEED]);
    let (expected, bump) = checks::find_program_address(&seeds, program_id)?;
    if config.address() != &expected {
        return Err(ReceiverError::InvalidPdaAddress.into());
    }
    if config.owned_by(program_id) {
        return Err(ReceiverError::AlreadyInitialized.into());
    }
    Ok(bump)
}

/// Creates the config PDA of `bump` (rent from `authority`) as a `T`, filled by `fill`.
pub fn create_config<T: AccountType>(
    program_id: &Address,
    authority: &AccountView,
    config: &mut AccountView,
    bump: u8,
    fill: impl FnOnce(&mut T),
) -> ProgramResult {
    let bump_seed = [bump];
    let seeds = [Seed::from(CONFIG_SEED), Seed::from(&bump_seed)];
    create_pda(CreatePda { payer: authority, pda: &mut *config, space: T::LEN as u64, extra: 0, owner: program_id, signer: Signer::from(&seeds) })?;
    state::init::<T>(config, fill)
}

pub fn process(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    // SAFETY: InitializeArgs is repr(C) of u8 arrays.
    let args = unsafe { fixed_args::<InitializeArgs>(data)? };
    let [authority, config, program_data, system_program, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    let bump = uninitialized_config(program_id, authority, config, program_data, system_program)?;
    if args.solver_evm == [0; 20] || args.solver_svm == [0; 32] {
        return Err(ReceiverError::ZeroSolver.into());
    }
    if args.owner == [0; 32] {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    if i64::from_le_bytes(args.max_deadline_window) <= 0 {
        return Err(ReceiverError::InvalidWindow.into());
    }
    create_config::<Config>(program_id, authority, config, bump, |c| {
        c.bump = bump;
        c.paused = 0;
        c.owner = args.owner;
        c.pending_owner = [0; 32];
        c.solver_svm = args.solver_svm;
        c.solver_evm = args.solver_evm;
        c.previous_solver_evm = [0; 20];
        c.previous_solver_valid_until = i64::MIN.to_le_bytes();
        c.max_deadline_window = args.max_deadline_window;
    })
}

use state::AccountType;
