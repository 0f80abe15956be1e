//! `example_integrator`: an SVM program of your own that takes a native deposit for a solver
//! attestation, with every check a correct integration needs, on `attestkit-receiver-interface`
//! (the SVM counterpart of calling `RequestAttestation.sol` from your own contract). Copy it and
//! edit [`config`].
//!
//! A valid signature proves only that the solver quoted these seven values; the program must also
//! make each value true of THIS transaction, or a genuine attestation is replayed elsewhere:
//!
//! | attested value | bound to | error |
//! |---|---|---|
//! | `originChainId` | this chain (792703809) | `OriginChainMismatch` |
//! | `originUser` | the signing payer | `PayerMismatch` |
//! | `originCurrency` | native (32 zero bytes) | `CurrencyMismatch` |
//! | `originAmount` | the lamports that ARRIVE at the solver (balance change) | `ZeroAmount`, `DeliveredAmountMismatch` |
//! | `destinationChainId`, `destinationUser` | the configured destination | `DestinationNotWhitelisted` |
//! | `requestId` | one record per id, at its canonical PDA | `RequestAlreadyPaid`, `InvalidPdaAddress` |
//! | (none: the attestation has no expiry) | `now <= deadline <= now + MAX_DEADLINE_WINDOW` | `DeadlineExpired`, `DeadlineBeyondMaxWindow` |
//! | the signature | the trusted solver | `SignerMismatch` and the parsing errors |
//!
//! Instruction data: the 224-byte ABI encoding of the request data, the caller's deadline (i64
//! LE, unix seconds), then the signature (65-byte `r || s || v` or 64-byte EIP-2098 `r || vs`).
//! Accounts: 0 `[signer, writable]` payer (the attested `originUser`), 1 `[writable]` request
//! record PDA `["request", request_id]`, 2 `[writable]` the solver account
//! ([`config::SOLVER_ACCOUNT`]), 3 `[]` system program.
//! Effect: the record is written, exactly `originAmount` lamports move from the payer to the
//! solver, [`LOG_MESSAGE`] is logged and the 32-byte request id is the return data. Failures are
//! the interface's `ReceiverError` codes, so clients map them with the receiver's IDL.
#![no_std]

pub mod config;
pub mod record;

use attestkit_receiver_interface::{
    attestation::{check_deadline, u64_word, ENCODED_LEN, SVM_CHAIN_ID},
    crypto::Syscalls,
    error::ReceiverError,
    pda::check_request_address,
    verify::verify_encoded_attestation,
};
use config::{DESTINATION_CHAIN_ID, DESTINATION_USER, MAX_DEADLINE_WINDOW, SOLVER_ACCOUNT, TRUSTED_SOLVER};
use pinocchio::{
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

/// Line written to the program log when a deposit is accepted.
pub const LOG_MESSAGE: &str = "example-integrator: deposit accepted";

pinocchio::program_entrypoint!(process_instruction, 4);
pinocchio::no_allocator!();
pinocchio::nostd_panic_handler!();

const SYSTEM_PROGRAM: Address = Address::new_from_array([0; 32]);

/// The attestation's seven 32-byte words, in order.
fn word(encoded: &[u8; ENCODED_LEN], index: usize) -> &[u8; 32] {
    encoded[index * 32..index * 32 + 32].try_into().unwrap_or(&[0; 32])
}

/// Takes the deposit in `instruction_data` (see the crate docs) or fails with its specific error.
pub fn process_instruction(program_id: &Address, accounts: &mut [AccountView], instruction_data: &[u8]) -> ProgramResult {
    let [payer, request_record, solver, system_program, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    if !payer.is_signer() {
        return Err(ReceiverError::MissingSigner.into());
    }
    if !payer.is_writable() || !request_record.is_writable() || !solver.is_writable() {
        return Err(ReceiverError::AccountNotWritable.into());
    }
    if system_program.address() != &SYSTEM_PROGRAM {
        return Err(ReceiverError::InvalidSystemProgram.into());
    }
    if solver.address() != &SOLVER_ACCOUNT {
        return Err(ReceiverError::InvalidSolverAccount.into());
    }
    if payer.address() == solver.address() {
        return Err(ReceiverError::DuplicateAccount.into());
    }
    if instruction_data.len() < ENCODED_LEN + 8 {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let (encoded, rest) = instruction_data.split_at(ENCODED_LEN);
    let (deadline, signature) = rest.split_at(8);
    let encoded: &[u8; ENCODED_LEN] = encoded.try_into().map_err(|_| ReceiverError::InvalidInstructionData)?;
    let deadline = i64::from_le_bytes(deadline.try_into().map_err(|_| ReceiverError::InvalidInstructionData)?);
    let request_id = word(encoded, 0);

    // Binding: every attested value must be a fact of this transaction.
    if word(encoded, 1) != &u64_word(SVM_CHAIN_ID) {
        return Err(ReceiverError::OriginChainMismatch.into());
    }
    if word(encoded, 2) != payer.address().as_array() {
        return Err(ReceiverError::PayerMismatch.into());
    }
    if word(encoded, 3) != &[0u8; 32] {
        return Err(ReceiverError::CurrencyMismatch.into());
    }
    let amount_word = word(encoded, 4);
    if amount_word[..24] != [0u8; 24] {
        return Err(ReceiverError::ArithmeticOverflow.into()); // more lamports than exist
    }
    let amount = u64::from_be_bytes(amount_word[24..].try_into().map_err(|_| ReceiverError::InvalidInstructionData)?);
    if amount == 0 {
        return Err(ReceiverError::ZeroAmount.into());
    }
    if word(encoded, 5) != &u64_word(DESTINATION_CHAIN_ID) || word(encoded, 6) != &DESTINATION_USER {
        return Err(ReceiverError::DestinationNotWhitelisted.into());
    }
    check_deadline(deadline, Clock::get()?.unix_timestamp, MAX_DEADLINE_WINDOW)?;

    // Replay: the canonical PDA of this id, not created yet (a system account, maybe pre-funded).
    let bump = check_request_address(request_record, record::RECORD_SEED, request_id, program_id)?;
    if request_record.owned_by(program_id) {
        return Err(ReceiverError::RequestAlreadyPaid.into());
    }
    if !request_record.owned_by(&SYSTEM_PROGRAM) || !request_record.is_data_empty() {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }

    // The solver signed exactly these values (secp256k1 recovery, 25,000 CU, last).
    verify_encoded_attestation::<Syscalls>(encoded, signature, &TRUSTED_SOLVER)?;

    record::create(program_id, payer, request_record, &record::NewRecord { request_id, bump, amount })?;
    // Amount: what ARRIVES at the solver, measured, not what an instruction says.
    let before = solver.lamports();
    record::transfer(payer, solver, amount)?;
    if solver.lamports().checked_sub(before) != Some(amount) {
        return Err(ReceiverError::DeliveredAmountMismatch.into());
    }

    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: the message is valid UTF-8 of the given length; the request id is 32 valid bytes.
    unsafe {
        pinocchio::syscalls::sol_log_(LOG_MESSAGE.as_ptr(), LOG_MESSAGE.len() as u64);
        pinocchio::syscalls::sol_set_return_data(request_id.as_ptr(), 32);
    }
    Ok(())
}
