//! `probe`: the smallest useful SVM program, kept to prove the build pipeline
//! (upstream `bpfel-unknown-none` + `sbpf-linker` -> SBPF v0) end to end.
//!
//! Instruction: data is exactly 8 bytes, a little-endian `u64` increment.
//! Accounts: `[writable] counter`, owned by this program, data at least 8 bytes.
//! Effect: `counter.data[0..8] = u64_le(counter) + increment` (checked), then logs
//! [`LOG_MESSAGE`].
#![no_std]

use pinocchio::{error::ProgramError, AccountView, Address, ProgramResult};

/// Line written to the program log on every successful instruction.
pub const LOG_MESSAGE: &str = "probe: counter incremented";

/// Size of the instruction data and of the counter stored in the account.
pub const COUNTER_LEN: usize = 8;

// One account is all this program reads: a small `MAX_ACCOUNTS` keeps the entrypoint's
// stack frame small (extra accounts are ignored).
pinocchio::program_entrypoint!(process_instruction, 1);
pinocchio::no_allocator!();
pinocchio::nostd_panic_handler!();

/// Processes one instruction (see the crate documentation for the layout).
pub fn process_instruction(
    program_id: &Address,
    accounts: &mut [AccountView],
    instruction_data: &[u8],
) -> ProgramResult {
    let increment: [u8; COUNTER_LEN] = instruction_data
        .try_into()
        .map_err(|_| ProgramError::InvalidInstructionData)?;

    let [counter, ..] = accounts else {
        return Err(ProgramError::NotEnoughAccountKeys);
    };
    if !counter.owned_by(program_id) {
        return Err(ProgramError::IncorrectProgramId);
    }
    if !counter.is_writable() {
        return Err(ProgramError::InvalidAccountData);
    }

    let mut data = counter.try_borrow_mut()?;
    let slot: &mut [u8; COUNTER_LEN] = data
        .get_mut(..COUNTER_LEN)
        .and_then(|s| s.try_into().ok())
        .ok_or(ProgramError::AccountDataTooSmall)?;
    *slot = apply_increment(*slot, increment)?;
    drop(data);

    log(LOG_MESSAGE);
    Ok(())
}

/// Pure logic: `current + increment`, both little-endian `u64`; errors on overflow.
pub fn apply_increment(
    current: [u8; COUNTER_LEN],
    increment: [u8; COUNTER_LEN],
) -> Result<[u8; COUNTER_LEN], ProgramError> {
    u64::from_le_bytes(current)
        .checked_add(u64::from_le_bytes(increment))
        .map(u64::to_le_bytes)
        .ok_or(ProgramError::ArithmeticOverflow)
}

#[inline(always)]
fn log(message: &str) {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: pointer and length describe a valid UTF-8 string for the call's duration.
    unsafe {
        pinocchio::syscalls::sol_log_(message.as_ptr(), message.len() as u64)
    };
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    let _ = message;
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;

    #[test]
    fn adds_little_endian() {
        assert_eq!(
            apply_increment(5u64.to_le_bytes(), 7u64.to_le_bytes()),
            Ok(12u64.to_le_bytes())
        );
    }

    #[test]
    fn rejects_overflow() {
        assert_eq!(
            apply_increment(u64::MAX.to_le_bytes(), 1u64.to_le_bytes()),
            Err(ProgramError::ArithmeticOverflow)
        );
    }
}
