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

/// The two primitives a PDA check is made of: SHA-256 and the ed25519 point test. The program
/// uses the runtime's syscalls ([`PdaSyscalls`]); host tests plug in reference crates and compare
/// [`replay_pda_with_canonical_bump`] with `solana-address`'s own `create_program_address` rule.
pub trait PdaOps {
    /// SHA-256 of `data`.
    fn sha256(data: &[u8]) -> [u8; 32];
    /// Whether `bytes` is the compressed form of a point ON the ed25519 curve (decompresses).
    fn is_on_curve(bytes: &[u8; 32]) -> bool;
}

/// `create_program_address`'s domain separator, hashed after the program id.
pub const PDA_MARKER: [u8; 21] = *b"ProgramDerivedAddress";
/// The replay PDA's constant seed (`state::paid_request::REPLAY_SEED`, host-tested equal).
pub const REPLAY_SEED: [u8; 6] = *b"replay";

/// The replay PDA's hash preimage `"replay" || request_id || [bump] || program_id ||
/// "ProgramDerivedAddress"` in one contiguous buffer (92 bytes, no padding: only byte arrays), so
/// each bump costs one single-slice `sol_sha256` and only the bump byte changes between bumps.
#[repr(C)]
struct ReplayPreimage {
    seed: [u8; 6],
    request_id: [u8; 32],
    bump: u8,
    program_id: [u8; 32],
    marker: [u8; 21],
}

const REPLAY_PREIMAGE_LEN: usize = 92;
const _: () = assert!(core::mem::size_of::<ReplayPreimage>() == REPLAY_PREIMAGE_LEN);

impl ReplayPreimage {
    #[inline(always)]
    fn bytes(&self) -> &[u8; REPLAY_PREIMAGE_LEN] {
        // SAFETY: repr(C) struct of u8 arrays: 92 bytes, alignment 1, no padding (asserted above).
        unsafe { &*(self as *const Self as *const [u8; REPLAY_PREIMAGE_LEN]) }
    }
}

/// `address` is the replay PDA `create_program_address(["replay", request_id, [bump]],
/// program_id)` and `bump` is canonical (what `find_program_address` returns), computed exactly as
/// the runtime does it, at a fraction of the syscall's 1,500 CU:
///
/// - PDA of bump b = `sha256(seeds || [b] || program_id || "ProgramDerivedAddress")`, valid only
///   when that hash is NOT an ed25519 point (`InvalidPdaAddress` otherwise or when it differs
///   from `address`);
/// - canonical: every bump above b gives a hash ON the curve (`NonCanonicalBump` otherwise), since
///   `find_program_address` returns the highest bump whose hash is off the curve.
///
/// Each bump costs one `sol_sha256` of 92 bytes (85 + 46 CU) and one `sol_curve_validate_point`
/// (159 CU) on the syscalls: 290 CU, versus 1,500 for `sol_create_program_address`.
#[inline(always)]
pub fn replay_pda_with_canonical_bump<P: PdaOps>(
    address: &[u8; 32],
    request_id: &[u8; 32],
    bump: u8,
    program_id: &[u8; 32],
) -> Result<(), ReceiverError> {
    let mut pre = ReplayPreimage {
        seed: REPLAY_SEED,
        request_id: *request_id,
        bump,
        program_id: *program_id,
        marker: PDA_MARKER,
    };
    let derived = P::sha256(pre.bytes());
    if &derived != address || P::is_on_curve(&derived) {
        return Err(ReceiverError::InvalidPdaAddress);
    }
    let mut higher = bump;
    while higher < u8::MAX {
        higher += 1;
        pre.bump = higher;
        if !P::is_on_curve(&P::sha256(pre.bytes())) {
            return Err(ReceiverError::NonCanonicalBump);
        }
    }
    Ok(())
}

/// [`replay_pda_with_canonical_bump`] on an account, with the runtime's syscalls.
#[inline(always)]
pub fn replay_pda(account: &AccountView, request_id: &[u8; 32], bump: u8, program_id: &Address) -> Result<(), ProgramError> {
    replay_pda_with_canonical_bump::<PdaSyscalls>(account.address().as_array(), request_id, bump, program_id.as_array())
        .map_err(ProgramError::from)
}

/// `sol_sha256` (85 CU + 1 CU per 2 bytes per slice, at least 10 per slice) and
/// `sol_curve_validate_point` on curve 0 = edwards (159 CU; returns 0 when the 32 bytes are a
/// valid point, i.e. ON the curve, 1 otherwise). Host builds have no syscalls: the program's
/// handlers are only exercised on the SVM (LiteSVM tests); host tests use reference crates.
pub struct PdaSyscalls;

impl PdaOps for PdaSyscalls {
    #[inline(always)]
    fn sha256(data: &[u8]) -> [u8; 32] {
        #[cfg(any(target_os = "solana", target_arch = "bpf"))]
        {
            let mut out = core::mem::MaybeUninit::<[u8; 32]>::uninit();
            // black_box keeps the one-slice array on the (8-aligned) stack, never in .rodata.
            let parts: [&[u8]; 1] = core::hint::black_box([data]);
            // SAFETY: `parts` is a slice of (ptr, len) pairs, the layout the syscall reads; it
            // writes 32 bytes to `out` (it fails only on bad pointers, which abort).
            unsafe {
                pinocchio::syscalls::sol_sha256(parts.as_ptr() as *const u8, 1, out.as_mut_ptr() as *mut u8);
                out.assume_init()
            }
        }
        #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
        {
            let _ = data;
            unreachable!("sol_sha256: SVM only")
        }
    }

    #[inline(always)]
    fn is_on_curve(bytes: &[u8; 32]) -> bool {
        #[cfg(any(target_os = "solana", target_arch = "bpf"))]
        {
            // Neither read nor written by the edwards validation (no zeroing needed); passed as a
            // valid pointer all the same.
            let mut unused = core::mem::MaybeUninit::<[u8; 32]>::uninit();
            // SAFETY: a 32-byte point; curve id 0 = CURVE25519_EDWARDS.
            let rc = unsafe {
                pinocchio::syscalls::sol_curve_validate_point(0, bytes.as_ptr(), unused.as_mut_ptr() as *mut u8)
            };
            rc == 0
        }
        #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
        {
            let _ = bytes;
            unreachable!("sol_curve_validate_point: SVM only")
        }
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
