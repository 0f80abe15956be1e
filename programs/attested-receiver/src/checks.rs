//! Account checks shared by the instructions. Each returns the specific [`ReceiverError`].

use crate::error::ReceiverError;
use pinocchio::{error::ProgramError, AccountView, Address};

/// System program id.
pub const SYSTEM_PROGRAM_ID: Address = Address::new_from_array([0; 32]);
/// SPL Token (`TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA`).
pub const TOKEN_PROGRAM_ID: Address = Address::new_from_array([
    6, 221, 246, 225, 215, 101, 161, 147, 217, 203, 225, 70, 206, 235, 121, 172, 28, 180, 133, 237,
    95, 91, 55, 145, 58, 140, 245, 133, 126, 255, 0, 169,
]);
/// Token-2022 (`TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb`).
pub const TOKEN_2022_PROGRAM_ID: Address = Address::new_from_array([
    6, 221, 246, 225, 238, 117, 143, 222, 24, 66, 93, 188, 228, 108, 205, 218, 182, 26, 252, 77,
    131, 185, 13, 39, 254, 189, 249, 40, 216, 161, 139, 252,
]);
/// BPF upgradeable loader (`BPFLoaderUpgradeab1e11111111111111111111111`).
pub const LOADER_V3_ID: Address = Address::new_from_array([
    2, 168, 246, 145, 78, 136, 161, 176, 226, 16, 21, 62, 247, 99, 174, 43, 0, 194, 185, 61, 22,
    193, 36, 210, 192, 83, 122, 16, 4, 128, 0, 0,
]);

#[inline(always)]
pub fn signer(account: &AccountView) -> Result<(), ProgramError> {
    if account.is_signer() {
        Ok(())
    } else {
        Err(ReceiverError::MissingSigner.into())
    }
}

#[inline(always)]
pub fn writable(account: &AccountView) -> Result<(), ProgramError> {
    if account.is_writable() {
        Ok(())
    } else {
        Err(ReceiverError::AccountNotWritable.into())
    }
}

#[inline(always)]
pub fn system_program(account: &AccountView) -> Result<(), ProgramError> {
    if account.address() == &SYSTEM_PROGRAM_ID {
        Ok(())
    } else {
        Err(ReceiverError::InvalidSystemProgram.into())
    }
}

/// SPL Token or Token-2022; anything else is refused (arbitrary CPI).
#[inline(always)]
pub fn token_program(account: &AccountView) -> Result<(), ProgramError> {
    let id = account.address();
    if id == &TOKEN_PROGRAM_ID || id == &TOKEN_2022_PROGRAM_ID {
        Ok(())
    } else {
        Err(ReceiverError::InvalidTokenProgram.into())
    }
}

/// Two roles that must be distinct accounts.
#[inline(always)]
pub fn distinct(a: &AccountView, b: &AccountView) -> Result<(), ProgramError> {
    if a.address() == b.address() {
        Err(ReceiverError::DuplicateAccount.into())
    } else {
        Ok(())
    }
}

/// `account` is `create_program_address(seeds || [bump])` and `bump` is canonical: no higher bump
/// yields a valid PDA. Costs one `create_program_address` (1,500 CU) plus one per bump above
/// `bump` (none for 255); no search on the caller's behalf.
#[inline(always)]
pub fn pda_with_canonical_bump(
    account: &AccountView,
    seeds: &[&[u8]; 2],
    bump: u8,
    program_id: &Address,
) -> Result<(), ProgramError> {
    let derived = create_program_address(&[seeds[0], seeds[1], &[bump]], program_id)
        .map_err(|_| ProgramError::from(ReceiverError::InvalidPdaAddress))?;
    if &derived != account.address() {
        return Err(ReceiverError::InvalidPdaAddress.into());
    }
    let mut higher = bump;
    while higher < u8::MAX {
        higher += 1;
        if create_program_address(&[seeds[0], seeds[1], &[higher]], program_id).is_ok() {
            return Err(ReceiverError::NonCanonicalBump.into());
        }
    }
    Ok(())
}

/// `sol_create_program_address` (1,500 CU). Host builds have no syscall: the program's handlers
/// are only exercised on the SVM (LiteSVM tests); host tests cover the pure logic.
#[inline(always)]
pub fn create_program_address(seeds: &[&[u8]], program_id: &Address) -> Result<Address, ()> {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    {
        // The syscall directly (not solana-address's wrapper, whose error conversion has a panic
        // path): the program stays panic-free.
        let mut out = core::mem::MaybeUninit::<Address>::uninit();
        // SAFETY: seeds is a slice of (ptr, len) pairs; the syscall writes 32 bytes on success.
        let rc = unsafe {
            pinocchio::syscalls::sol_create_program_address(
                seeds.as_ptr() as *const u8,
                seeds.len() as u64,
                program_id.as_ref().as_ptr(),
                out.as_mut_ptr() as *mut u8,
            )
        };
        if rc == 0 {
            // SAFETY: success.
            Ok(unsafe { out.assume_init() })
        } else {
            Err(())
        }
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    {
        let _ = (seeds, program_id);
        unreachable!("create_program_address: SVM only")
    }
}

/// `find_program_address` (admin instructions only; never on the deposit path).
#[inline(always)]
pub fn find_program_address(seeds: &[&[u8]], program_id: &Address) -> Result<(Address, u8), ProgramError> {
    #[cfg(any(target_os = "solana", target_arch = "bpf"))]
    {
        let mut out = core::mem::MaybeUninit::<Address>::uninit();
        let mut bump = 0u8;
        // SAFETY: as above; the syscall writes the address and the bump on success.
        let rc = unsafe {
            pinocchio::syscalls::sol_try_find_program_address(
                seeds.as_ptr() as *const u8,
                seeds.len() as u64,
                program_id.as_ref().as_ptr(),
                out.as_mut_ptr() as *mut u8,
                &mut bump as *mut u8,
            )
        };
        if rc == 0 {
            // SAFETY: success.
            Ok((unsafe { out.assume_init() }, bump))
        } else {
            Err(ReceiverError::InvalidPdaAddress.into())
        }
    }
    #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
    {
        let _ = (seeds, program_id);
        unreachable!("find_program_address: SVM only")
    }
}
