//! The request record: one account per request id, at the canonical PDA `["request", id]`. Its
//! existence is the replay protection: a second deposit of the same id finds it and fails.
//!
//! The account is made with `Transfer` (what rent still lacks) + `Allocate` + `Assign`, never
//! `CreateAccount`: anyone can send lamports to the PDA's address beforehand, and `CreateAccount`
//! refuses an address holding lamports, which would block that request id for good.

use attestkit_receiver_interface::error::ReceiverError;
use pinocchio::{
    cpi::{invoke, invoke_signed, Seed, Signer},
    instruction::{InstructionAccount, InstructionView},
    sysvars::{rent::Rent, Sysvar},
    AccountView, Address, ProgramResult,
};

/// First PDA seed of a request record.
pub const RECORD_SEED: &[u8] = b"request";
/// `sha256("account:RequestRecord")[..8]`.
pub const RECORD_DISCRIMINATOR: [u8; 8] = [45, 90, 250, 188, 51, 127, 189, 14];
/// discriminator (8) || request id (32) || payer (32) || amount u64 LE (8).
pub const RECORD_LEN: usize = 80;

const SYSTEM_PROGRAM: Address = Address::new_from_array([0; 32]);

/// What a new record holds besides the payer.
pub struct NewRecord<'a> {
    pub request_id: &'a [u8; 32],
    /// Canonical bump of the record's PDA (checked by the caller).
    pub bump: u8,
    pub amount: u64,
}

/// Creates the record at `record` (already checked to be the canonical PDA of `new.request_id`,
/// and still a system account), paid by `payer`, and writes it. (Upstream BPF passes at most 5
/// arguments in registers, hence the struct.)
pub fn create(program_id: &Address, payer: &AccountView, record: &mut AccountView, new: &NewRecord) -> ProgramResult {
    let rent = Rent::get()?.try_minimum_balance(RECORD_LEN)?;
    let missing = rent.saturating_sub(record.lamports());
    if missing > 0 {
        transfer(payer, record, missing)?;
    }
    let bump_seed = [new.bump];
    let seeds = [Seed::from(RECORD_SEED), Seed::from(new.request_id), Seed::from(&bump_seed)];
    let mut allocate = [0u8; 12];
    allocate[0] = 8;
    allocate[4..].copy_from_slice(&(RECORD_LEN as u64).to_le_bytes());
    signed_by_record(&allocate, record, Signer::from(&seeds))?;
    let mut assign = [0u8; 36];
    assign[0] = 1;
    assign[4..].copy_from_slice(program_id.as_ref());
    signed_by_record(&assign, record, Signer::from(&seeds))?;

    let mut data = record.try_borrow_mut()?;
    if data.len() != RECORD_LEN {
        return Err(ReceiverError::InvalidAccountDiscriminator.into());
    }
    data[..8].copy_from_slice(&RECORD_DISCRIMINATOR);
    data[8..40].copy_from_slice(new.request_id);
    data[40..72].copy_from_slice(payer.address().as_ref());
    data[72..80].copy_from_slice(&new.amount.to_le_bytes());
    Ok(())
}

/// System `Transfer` of `lamports` from the signing `from` to `to`.
pub fn transfer(from: &AccountView, to: &AccountView, lamports: u64) -> ProgramResult {
    let mut data = [0u8; 12];
    data[0] = 2;
    data[4..].copy_from_slice(&lamports.to_le_bytes());
    let metas = [InstructionAccount::writable_signer(from.address()), InstructionAccount::writable(to.address())];
    invoke(&InstructionView { program_id: &SYSTEM_PROGRAM, accounts: &metas, data: &data }, &[from, to])
}

/// A system instruction on the record alone (`Allocate`, `Assign`), signed for its PDA.
fn signed_by_record(data: &[u8], record: &AccountView, signer: Signer) -> ProgramResult {
    let metas = [InstructionAccount::writable_signer(record.address())];
    invoke_signed(&InstructionView { program_id: &SYSTEM_PROGRAM, accounts: &metas, data }, &[record], &[signer])
}
