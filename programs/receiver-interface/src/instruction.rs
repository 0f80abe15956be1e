//! Instruction data of the receiver program: `sha256("global:<name>")[..8] || borsh(args)`
//! (Anchor layout, see `programs/idl/attested_receiver.json`), and builders for the instructions
//! an integrator calls without accounts of their own.

use crate::attestation::ENCODED_LEN;

/// Anchor-style instruction discriminators, `sha256("global:<name>")[..8]`.
pub mod discriminator {
    pub const INITIALIZE: [u8; 8] = [175, 175, 109, 31, 13, 152, 155, 237];
    pub const WHITELIST_ADD: [u8; 8] = [200, 159, 194, 141, 100, 114, 107, 154];
    pub const WHITELIST_REMOVE: [u8; 8] = [202, 51, 20, 101, 162, 51, 190, 153];
    pub const ROTATE_SOLVER: [u8; 8] = [69, 170, 228, 5, 35, 92, 119, 138];
    pub const SET_PAUSED: [u8; 8] = [91, 60, 125, 192, 176, 225, 166, 218];
    pub const TRANSFER_OWNERSHIP: [u8; 8] = [65, 177, 215, 73, 53, 45, 99, 47];
    pub const ACCEPT_OWNERSHIP: [u8; 8] = [172, 23, 43, 13, 238, 213, 85, 150];
    pub const DEPOSIT_NATIVE: [u8; 8] = [13, 158, 13, 223, 95, 213, 28, 6];
    pub const DEPOSIT_TOKEN: [u8; 8] = [11, 156, 96, 218, 39, 163, 180, 19];
    pub const VERIFY_ATTESTATION: [u8; 8] = [144, 30, 116, 186, 33, 176, 35, 60];
    pub const INVALIDATE_REQUESTS: [u8; 8] = [175, 210, 60, 230, 54, 151, 14, 75];
    pub const SET_MAX_DEADLINE_WINDOW: [u8; 8] = [25, 81, 199, 168, 201, 84, 161, 61];
}

/// Most request ids one `invalidate_requests` takes (`InvalidRequestBatch` above). Chosen so the
/// instruction always lands, whoever pre-funds the replay PDAs: each id costs at most two system
/// CPIs (`Transfer` of the rent shortfall + `Assign`, for a PDA holding fewer lamports than rent),
/// so a batch adds at most 48 entries to the transaction's 64-entry instruction trace, leaving 16
/// for top-level instructions (compute budget, priority fee, the instruction itself). 14 ids fit
/// a transaction without an address lookup table. See `docs/svm-receiver.md`.
pub const MAX_INVALIDATE_BATCH: usize = 24;

/// Return data of `invalidate_requests`: Borsh `bytes` (u32 LE length, then one byte per id, in
/// order), each byte the status the id's replay record had before the instruction:
/// [`INVALIDATE_OUTCOME_INVALIDATED`] (none: invalidated now),
/// [`crate::state::paid_request::STATUS_PAID`] (a deposit won the race: the invalidation is too
/// late) or [`crate::state::paid_request::STATUS_INVALIDATED`] (already invalidated).
pub const INVALIDATE_OUTCOME_INVALIDATED: u8 = 0;

/// Longest signature the program accepts (65-byte `r || s || v`).
pub const MAX_SIGNATURE_LEN: usize = 65;

/// Instruction data of `verify_attestation(encoded, signature)`: discriminator, the 224-byte ABI
/// encoding, then the signature as Borsh `bytes` (u32 LE length + bytes). No accounts; the program
/// returns the recovered signer (20 bytes) as return data.
pub struct VerifyAttestationData {
    bytes: [u8; 8 + ENCODED_LEN + 4 + MAX_SIGNATURE_LEN],
    len: usize,
}

impl VerifyAttestationData {
    /// Builds the data; `None` when the signature is longer than [`MAX_SIGNATURE_LEN`].
    pub fn new(encoded: &[u8; ENCODED_LEN], signature: &[u8]) -> Option<Self> {
        if signature.len() > MAX_SIGNATURE_LEN {
            return None;
        }
        let mut bytes = [0u8; 8 + ENCODED_LEN + 4 + MAX_SIGNATURE_LEN];
        bytes[..8].copy_from_slice(&discriminator::VERIFY_ATTESTATION);
        bytes[8..8 + ENCODED_LEN].copy_from_slice(encoded);
        let at = 8 + ENCODED_LEN;
        bytes[at..at + 4].copy_from_slice(&(signature.len() as u32).to_le_bytes());
        bytes[at + 4..at + 4 + signature.len()].copy_from_slice(signature);
        Some(Self { bytes, len: at + 4 + signature.len() })
    }

    /// The instruction data.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}
