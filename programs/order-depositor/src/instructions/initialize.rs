//! `initialize(owner: pubkey, solver: [u8; 20], chain_id: string)`.
//!
//! Accounts: 0 `[signer, writable]` authority (the program's upgrade authority; pays rent),
//! 1 `[writable]` config PDA `["config"]`, 2 `[]` the program's ProgramData account,
//! 3 `[]` system program. Only the upgrade authority may initialize (no front-running between
//! deploy and initialize); runs once (`AlreadyInitialized`). The account checks and the config's
//! creation are the receiver's (`attested_receiver::instructions::initialize`).

use crate::state::{OrderDepositorConfig, MAX_CHAIN_ID_LEN};
use attested_receiver::instructions::initialize::{create_config, uninitialized_config};
use attestkit_receiver_interface::{
    error::ReceiverError,
    order::{borsh::Reader, error::OrderError},
};
use pinocchio::{AccountView, Address, ProgramResult};

pub fn process(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let mut reader = Reader::new(data);
    let owner = *reader.array::<32>()?;
    let solver = *reader.array::<20>()?;
    let chain_id = reader.bytes()?;
    reader.finish()?;
    let [authority, config, program_data, system_program, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    let bump = uninitialized_config(program_id, authority, config, program_data, system_program)?;
    if solver == [0; 20] {
        return Err(ReceiverError::ZeroSolver.into());
    }
    if owner == [0; 32] || chain_id.is_empty() {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let mut chain_id_bytes = [0u8; MAX_CHAIN_ID_LEN];
    chain_id_bytes.get_mut(..chain_id.len()).ok_or(OrderError::ChainIdTooLong)?.copy_from_slice(chain_id);

    create_config::<OrderDepositorConfig>(program_id, authority, config, bump, |c| {
        c.bump = bump;
        c.paused = 0;
        c.owner = owner;
        c.pending_owner = [0; 32];
        c.solver = solver;
        c.previous_solver = [0; 20];
        c.previous_solver_valid_until = i64::MIN.to_le_bytes();
        c.chain_id_len = chain_id.len() as u8;
        c.chain_id = chain_id_bytes;
        c.calls_allowed = 0;
    })
}
