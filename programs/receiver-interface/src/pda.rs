//! Program-derived addresses keyed by a request id: the receiver's replay record
//! `["replay", request_id]` ([`crate::state::paid_request::replay_status`]) and the same pattern in
//! an integrator's own program (one record per request id is its replay protection).
//!
//! The address is always re-derived with the CANONICAL bump (`find_program_address`), never taken
//! from the caller: a caller-chosen bump would give one request id several valid addresses, hence
//! several records, and a replay. On the SVM this is the runtime's `sol_try_find_program_address`
//! (1,500 CU per bump tried, two on average); off the SVM it needs the `host` feature.

use crate::error::ReceiverError;
use pinocchio::{AccountView, Address};

/// The canonical PDA of `[seed, request_id]` under `program_id`, and its bump.
#[inline(always)]
pub fn request_address(seed: &[u8], request_id: &[u8; 32], program_id: &Address) -> (Address, u8) {
    // black_box keeps the seed list on the (8-aligned) stack: sbpf-linker 0.1.9 aligns .rodata to
    // 1 byte and the syscall rejects an unaligned seed list.
    let seeds: [&[u8]; 2] = core::hint::black_box([seed, request_id]);
    Address::find_program_address(&seeds, program_id)
}

/// Checks that `account` is the canonical PDA of `[seed, request_id]` under `program_id` and
/// returns its bump; `InvalidPdaAddress` for any other account (another id, another program, a
/// non-canonical bump).
#[inline(always)]
pub fn check_request_address(
    account: &AccountView,
    seed: &[u8],
    request_id: &[u8; 32],
    program_id: &Address,
) -> Result<u8, ReceiverError> {
    let (expected, bump) = request_address(seed, request_id, program_id);
    if account.address() == &expected {
        Ok(bump)
    } else {
        Err(ReceiverError::InvalidPdaAddress)
    }
}
