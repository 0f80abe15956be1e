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

pub use attestkit_receiver_interface::instruction::discriminator;

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
