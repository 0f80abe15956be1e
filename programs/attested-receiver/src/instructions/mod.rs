//! Instruction handlers and the shared instruction-data readers. Instruction data is
//! `sha256("global:<name>")[..8] || borsh(args)` (Anchor layout, see the IDL).

pub mod admin;
pub mod deposit;
pub mod initialize;
pub mod invalidate;
pub mod verify;
pub mod whitelist;

use crate::error::ReceiverError;
use pinocchio::error::ProgramError;

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

/// Views `data` (exactly `size_of::<T>()` bytes) as the fixed-layout args `T`.
///
/// # Safety
/// `T` must be `#[repr(C)]` of `u8` arrays / `u8` only (alignment 1, any bit pattern valid).
#[inline(always)]
pub unsafe fn fixed_args<T>(data: &[u8]) -> Result<&T, ProgramError> {
    if data.len() != core::mem::size_of::<T>() {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    Ok(&*(data.as_ptr() as *const T))
}

/// Splits `data` into fixed-layout args `T` followed by one Borsh `bytes` (u32 LE length + bytes)
/// that must end the data exactly.
///
/// # Safety
/// As [`fixed_args`].
#[inline(always)]
pub unsafe fn args_with_bytes<T>(data: &[u8]) -> Result<(&T, &[u8]), ProgramError> {
    let fixed = core::mem::size_of::<T>();
    if data.len() < fixed + 4 {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    let (head, rest) = data.split_at(fixed);
    let (len, bytes) = rest.split_at(4);
    let len = u32::from_le_bytes([len[0], len[1], len[2], len[3]]) as usize;
    if bytes.len() != len {
        return Err(ReceiverError::InvalidInstructionData.into());
    }
    Ok((&*(head.as_ptr() as *const T), bytes))
}

/// Borsh `bool`: 0 or 1 only.
#[inline(always)]
pub fn read_bool(byte: u8) -> Result<bool, ProgramError> {
    match byte {
        0 => Ok(false),
        1 => Ok(true),
        _ => Err(ReceiverError::InvalidInstructionData.into()),
    }
}
