//! [`Crypto`] over the runtime's syscalls: `sol_keccak256` (85 CU + 1 CU per 2 bytes per slice,
//! at least 10 per slice) and `sol_secp256k1_recover` (25,000 CU).
//!
//! On the host the syscalls do not exist; host tests use reference crates instead (see
//! `tests/`), and these functions panic if reached.

use crate::attestation::Crypto;

/// The runtime's keccak256 and secp256k1 recovery.
pub struct Syscalls;

impl Crypto for Syscalls {
    #[inline(always)]
    fn keccak256(parts: &[&[u8]]) -> [u8; 32] {
        #[cfg(any(target_os = "solana", target_arch = "bpf"))]
        {
            let mut out = core::mem::MaybeUninit::<[u8; 32]>::uninit();
            // SAFETY: `parts` is a slice of (ptr, len) pairs, the layout the syscall reads; the
            // syscall writes 32 bytes to `out` (it fails only on bad pointers, which abort).
            unsafe {
                pinocchio::syscalls::sol_keccak256(
                    parts.as_ptr() as *const u8,
                    parts.len() as u64,
                    out.as_mut_ptr() as *mut u8,
                );
                out.assume_init()
            }
        }
        #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
        {
            let _ = parts;
            unreachable!("sol_keccak256 exists only on the SVM")
        }
    }

    #[inline(always)]
    fn keccak256_into(parts: &[&[u8]], out: &mut core::mem::MaybeUninit<[u8; 32]>) {
        #[cfg(any(target_os = "solana", target_arch = "bpf"))]
        // SAFETY: as in `keccak256`; `out` is 32 writable bytes.
        unsafe {
            pinocchio::syscalls::sol_keccak256(parts.as_ptr() as *const u8, parts.len() as u64, out.as_mut_ptr() as *mut u8)
        };
        #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
        {
            let _ = (parts, out);
            unreachable!("sol_keccak256 exists only on the SVM")
        }
    }

    #[inline(always)]
    fn secp256k1_recover(hash: &[u8; 32], recovery_id: u8, rs: &[u8; 64]) -> Option<[u8; 64]> {
        let mut out = core::mem::MaybeUninit::<[u8; 64]>::uninit();
        if Self::secp256k1_recover_into(hash, recovery_id, rs, &mut out) {
            // SAFETY: `secp256k1_recover_into` returned true, so it wrote the key.
            Some(unsafe { out.assume_init() })
        } else {
            None
        }
    }

    #[inline(always)]
    fn secp256k1_recover_into(hash: &[u8; 32], recovery_id: u8, rs: &[u8; 64], out: &mut core::mem::MaybeUninit<[u8; 64]>) -> bool {
        #[cfg(any(target_os = "solana", target_arch = "bpf"))]
        {
            // SAFETY: 32-byte hash, 64-byte signature and 64-byte output buffers; success (0)
            // means the syscall wrote the 64-byte key.
            unsafe {
                pinocchio::syscalls::sol_secp256k1_recover(hash.as_ptr(), recovery_id as u64, rs.as_ptr(), out.as_mut_ptr() as *mut u8) == 0
            }
        }
        #[cfg(not(any(target_os = "solana", target_arch = "bpf")))]
        {
            let _ = (hash, recovery_id, rs, out);
            unreachable!("sol_secp256k1_recover exists only on the SVM")
        }
    }
}
