//! Replay record of a request id, PDA `["replay", requestId]`: its existence means the request can
//! never be paid (again). A deposit writes it with status [`STATUS_PAID`]; `invalidate_requests`
//! (owner or solver) with [`STATUS_INVALIDATED`]. Records are never closed (see
//! `docs/svm-receiver.md`, "Replay records"): closing one would make its attestation payable again.
//!
//! The record does not store its request id: its ADDRESS is the id's binding (only the canonical
//! PDA of `["replay", id]` is ever written). Another program reading a record must therefore
//! re-derive that address from the id it cares about: [`replay_status`] does it. Storing the id
//! instead would grow every record (rent paid by every payer) and change the layout existing
//! records and clients decode, for a check the address already gives.

use super::AccountType;

/// First PDA seed of a replay record.
pub const REPLAY_SEED: &[u8] = b"replay";
/// `status` of a request paid by a deposit.
pub const STATUS_PAID: u8 = 1;
/// `status` of a request invalidated before it was paid.
pub const STATUS_INVALIDATED: u8 = 2;

/// Replay record (50 bytes).
#[repr(C)]
pub struct PaidRequest {
    pub discriminator: [u8; 8],
    /// Canonical bump (checked on creation).
    pub bump: u8,
    /// [`STATUS_PAID`] or [`STATUS_INVALIDATED`].
    pub status: u8,
    /// Clock unix timestamp of the deposit or the invalidation (i64 LE).
    pub recorded_at: [u8; 8],
    /// The payer (attested `originUser`) of a deposit, or the owner / solver that invalidated.
    pub by: [u8; 32],
}

// SAFETY: repr(C), u8 arrays only, discriminator first.
unsafe impl AccountType for PaidRequest {
    const DISCRIMINATOR: [u8; 8] = [223, 178, 245, 243, 44, 13, 240, 164];
}

/// What the receiver `receiver_program` recorded for `request_id`, read from `account` after
/// checking that it is the receiver's replay PDA of THIS id (re-derived with its canonical bump):
/// `None` when nothing is recorded yet (the PDA is still a system account, possibly holding
/// lamports someone sent), `Some(STATUS_PAID)` or `Some(STATUS_INVALIDATED)` otherwise.
///
/// Errors: `InvalidPdaAddress` for an account that is not that PDA (a record of another id, or of
/// another program), `InvalidAccountOwner` for an account at that address owned by anyone else,
/// `InvalidAccountDiscriminator` for data that is not a replay record.
#[cfg(any(target_os = "solana", target_arch = "bpf", feature = "host"))]
pub fn replay_status(
    account: &pinocchio::AccountView,
    request_id: &[u8; 32],
    receiver_program: &pinocchio::Address,
) -> Result<Option<u8>, crate::error::ReceiverError> {
    use crate::error::ReceiverError;
    crate::pda::check_request_address(account, REPLAY_SEED, request_id, receiver_program)?;
    if account.owned_by(receiver_program) {
        let record = super::load::<PaidRequest>(account, receiver_program).map_err(|_| ReceiverError::InvalidAccountDiscriminator)?;
        return Ok(Some(record.status));
    }
    if account.owned_by(&pinocchio::Address::new_from_array([0; 32])) && account.is_data_empty() {
        return Ok(None);
    }
    Err(ReceiverError::InvalidAccountOwner)
}
