//! `invalidate_requests(request_ids: Vec<[u8; 32]>) -> bytes`: the owner or the CURRENT solver
//! (`config.solver_svm`; a rotated-out solver has no right left) makes request ids unpayable
//! before they are paid. An attestation has no expiry, so this is how a stale quote is withdrawn:
//! each id's replay record is written with status "invalidated" (a later deposit fails with
//! `RequestInvalidated`) and a `RequestInvalidated` event is logged per id. Ids whose record
//! exists already are left as they are: an id a deposit already paid (the invalidation lost the
//! race) logs `InvalidationTooLate`; an id already invalidated logs nothing. The return data
//! reports every id's prior status (`instruction::INVALIDATE_OUTCOME_INVALIDATED`, `STATUS_PAID`
//! or `STATUS_INVALIDATED`), one byte per id. At most `MAX_INVALIDATE_BATCH` ids.
//!
//! Accounts: 0 `[signer, writable]` owner or solver (pays the records' rent), 1 `[]` config,
//! 2 `[]` system program, 3.. `[writable]` the replay PDA `["replay", request_id]` of each id, in
//! the order of the ids.

use crate::{
    checks,
    cpi::{create_pda, CreatePda},
    error::ReceiverError,
    event::{
        InvalidationTooLate, RequestInvalidated, INVALIDATION_TOO_LATE_DISCRIMINATOR,
        REQUEST_INVALIDATED_DISCRIMINATOR,
    },
    state::{
        self,
        paid_request::{REPLAY_SEED, STATUS_INVALIDATED, STATUS_PAID},
        AccountType, Config, PaidRequest,
    },
};
use attestkit_receiver_interface::instruction::{INVALIDATE_OUTCOME_INVALIDATED, MAX_INVALIDATE_BATCH};
use pinocchio::{
    cpi::{Seed, Signer},
    error::ProgramError,
    sysvars::{clock::Clock, Sysvar},
    AccountView, Address, ProgramResult,
};

const ID_LEN: usize = 32;

/// The ids of a Borsh `Vec<[u8; 32]>` at the front of `data`: their count and their bytes, and
/// the bytes after them.
#[inline(always)]
pub fn split_ids(data: &[u8]) -> Result<(usize, &[u8], &[u8]), ProgramError> {
    let Some(([c0, c1, c2, c3], rest)) = data.split_first_chunk::<4>() else {
        return Err(ReceiverError::InvalidInstructionData.into());
    };
    let count = u32::from_le_bytes([*c0, *c1, *c2, *c3]) as usize;
    match count.checked_mul(ID_LEN).and_then(|len| rest.split_at_checked(len)) {
        Some((ids, tail)) => Ok((count, ids, tail)),
        None => Err(ReceiverError::InvalidInstructionData.into()),
    }
}

/// The discriminators an invalidation logs its events with (both in the [`RequestInvalidated`]
/// layout: discriminator, id, by).
pub struct InvalidationEvents {
    /// An id invalidated now.
    pub invalidated: [u8; 8],
    /// An id a deposit had already paid.
    pub too_late: [u8; 8],
}

/// The receiver's events.
const REQUEST_EVENTS: InvalidationEvents =
    InvalidationEvents { invalidated: REQUEST_INVALIDATED_DISCRIMINATOR, too_late: INVALIDATION_TOO_LATE_DISCRIMINATOR };

pub fn process(program_id: &Address, accounts: &mut [AccountView], data: &[u8]) -> ProgramResult {
    let (count, ids, rest) = split_ids(data)?;
    if !rest.is_empty() {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let [authority, config, system_program, replays @ ..] = accounts else {
        return Err(ReceiverError::NotEnoughAccounts.into());
    };
    checks::signer(authority)?;
    checks::writable(authority)?;
    checks::system_program(system_program)?;
    {
        let cfg = state::load::<Config>(config, program_id)?;
        let who = authority.address().as_array();
        if who != &cfg.owner && who != &cfg.solver_svm {
            return Err(ReceiverError::NotOwnerOrSolver.into());
        }
    }
    invalidate_ids(program_id, authority, ids, count, replays, &REQUEST_EVENTS)
}

/// Makes each of `count` ids (`ids`, 32 bytes each) unpayable by writing its replay record
/// `["replay", id]` (one account of `replays` per id, in order) with status "invalidated", paid
/// by `authority` (already authorized, a writable signer); an id whose record exists is left as
/// it is (logging `events.too_late` when a deposit paid it). Sets the return data to every id's
/// prior status (Borsh `bytes`). Refuses an empty or oversized batch, or a `replays` count other
/// than `count`, with `InvalidRequestBatch`.
pub fn invalidate_ids(
    program_id: &Address,
    authority: &AccountView,
    ids: &[u8],
    count: usize,
    replays: &mut [AccountView],
    events: &InvalidationEvents,
) -> ProgramResult {
    if count == 0 || count > MAX_INVALIDATE_BATCH || replays.len() != count {
        return Err(ReceiverError::InvalidRequestBatch.into());
    }
    let now = Clock::get()?.unix_timestamp;
    // Borsh `bytes`: u32 LE length, then each id's prior status.
    let mut outcomes = [0u8; 4 + MAX_INVALIDATE_BATCH];
    outcomes[..4].copy_from_slice(&(count as u32).to_le_bytes());
    for ((id, replay), outcome) in ids.chunks_exact(ID_LEN).zip(replays.iter_mut()).zip(outcomes[4..].iter_mut()) {
        let Ok(request_id) = <[u8; ID_LEN]>::try_from(id) else {
            return Err(ReceiverError::InvalidInstructionData.into());
        };
        checks::writable(replay)?;
        checks::distinct(authority, replay)?;
        let (expected, bump) = checks::find_program_address(&[REPLAY_SEED, &request_id], program_id)?;
        if replay.address() != &expected {
            return Err(ReceiverError::InvalidPdaAddress.into());
        }
        if replay.owned_by(program_id) {
            let status = state::load::<PaidRequest>(replay, program_id)?.status;
            *outcome = status;
            if status == STATUS_PAID {
                InvalidationTooLate {
                    discriminator: events.too_late,
                    request_id,
                    by: authority.address().to_bytes(),
                }
                .emit();
            }
            continue;
        }
        *outcome = INVALIDATE_OUTCOME_INVALIDATED;
        if !replay.owned_by(&checks::SYSTEM_PROGRAM_ID) {
            return Err(ReceiverError::InvalidAccountOwner.into());
        }
        let bump_seed = [bump];
        let seeds = [Seed::from(REPLAY_SEED), Seed::from(&request_id), Seed::from(&bump_seed)];
        create_pda(CreatePda {
            payer: authority,
            pda: &mut *replay,
            space: PaidRequest::LEN as u64,
            extra: 0,
            owner: program_id,
            signer: Signer::from(&seeds),
        })?;
        state::init::<PaidRequest>(replay, |r| {
            r.bump = bump;
            r.status = STATUS_INVALIDATED;
            r.recorded_at = now.to_le_bytes();
            r.by = authority.address().to_bytes();
        })?;
        RequestInvalidated {
            discriminator: events.invalidated,
            request_id,
            by: authority.address().to_bytes(),
        }
        .emit();
    }
    set_return_data(&outcomes[..4 + count]);
    Ok(())
}

#[inline(always)]
fn set_return_data(bytes: &[u8]) {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    // SAFETY: `bytes` is valid for its length (at most 4 + MAX_INVALIDATE_BATCH, under 1,024).
    unsafe {
        pinocchio::syscalls::sol_set_return_data(bytes.as_ptr(), bytes.len() as u64)
    };
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    let _ = bytes;
}
