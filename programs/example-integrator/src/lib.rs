//! `example_integrator`: how an SVM program of your own verifies a solver attestation with
//! `attestkit-receiver-interface`, the SVM counterpart of calling `RequestAttestation.sol` from
//! your own contract.
//!
//! Instruction data: the 224-byte ABI encoding of the request data, then the signature
//! (65-byte `r || s || v` or 64-byte EIP-2098 `r || vs`).
//! Accounts: `[] trusted_solver`, an account owned by this program whose data is exactly the
//! 20-byte EVM address of the solver this program trusts.
//! Effect: keccak256 + EIP-191 + `sol_secp256k1_recover`, compared with the trusted solver; on
//! success logs [`LOG_MESSAGE`] and returns the 32-byte request id as return data. Failures are
//! the interface's `ReceiverError` codes (`SignerMismatch` = 6007 for a tampered field or
//! another signer), so clients map them with the receiver's IDL.
#![no_std]

use attestkit_receiver_interface::{
    attestation::ENCODED_LEN, crypto::Syscalls, error::ReceiverError, verify::verify_encoded_attestation,
};
use pinocchio::{AccountView, Address, ProgramResult};

/// Line written to the program log when the attestation verifies.
pub const LOG_MESSAGE: &str = "example-integrator: attestation verified";

pinocchio::program_entrypoint!(process_instruction, 1);
pinocchio::no_allocator!();
pinocchio::nostd_panic_handler!();

/// Verifies the attestation in `instruction_data` against the trusted solver account.
pub fn process_instruction(program_id: &Address, accounts: &mut [AccountView], instruction_data: &[u8]) -> ProgramResult {
    let [trusted_solver, ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    if !trusted_solver.owned_by(program_id) {
        return Err(ReceiverError::InvalidAccountOwner.into());
    }
    let solver_data = trusted_solver.try_borrow()?;
    let solver: &[u8; 20] = (&*solver_data).try_into().map_err(|_| ReceiverError::InvalidAccountDiscriminator)?;
    if instruction_data.len() < ENCODED_LEN {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let (encoded, signature) = instruction_data.split_at(ENCODED_LEN);
    let encoded: &[u8; ENCODED_LEN] = encoded.try_into().map_err(|_| ReceiverError::InvalidInstructionData)?;
    verify_encoded_attestation::<Syscalls>(encoded, signature, solver)?;
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: the message is valid UTF-8 of the given length; the request id is 32 valid bytes.
    unsafe {
        pinocchio::syscalls::sol_log_(LOG_MESSAGE.as_ptr(), LOG_MESSAGE.len() as u64);
        pinocchio::syscalls::sol_set_return_data(encoded.as_ptr(), 32);
    }
    Ok(())
}
