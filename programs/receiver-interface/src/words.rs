//! Byte strings read eight bytes at a time: a byte loop costs the SVM about four instructions
//! per byte (one compute unit each), a 64-bit load and compare about three per word.

/// The big-endian `uint256` in `bytes` as four `u64`, most significant first: compared as a
/// tuple, they order like the numbers.
#[inline(always)]
pub fn be_words(bytes: &[u8; 32]) -> (u64, u64, u64, u64) {
    // SAFETY: `[[u8; 8]; 4]` has the size (32) and alignment (1) of `[u8; 32]`.
    let [a, b, c, d] = unsafe { &*(bytes as *const [u8; 32] as *const [[u8; 8]; 4]) };
    (u64::from_be_bytes(*a), u64::from_be_bytes(*b), u64::from_be_bytes(*c), u64::from_be_bytes(*d))
}

/// Whether `a` and `b` hold the same bytes, compared in 8-byte (or, under 8 bytes, 4-byte)
/// loads; the last load of each side overlaps the one before it instead of reading bytes one by
/// one.
#[inline(always)]
pub fn bytes_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n >= 8 {
        let mut at = 0;
        while at + 8 < n {
            // SAFETY: `at + 8 < n`, the length of both.
            if unsafe { load8(a, at) != load8(b, at) } {
                return false;
            }
            at += 8;
        }
        // SAFETY: `n >= 8`.
        unsafe { load8(a, n - 8) == load8(b, n - 8) }
    } else if n >= 4 {
        // SAFETY: `4 <= n`.
        unsafe { load4(a, 0) == load4(b, 0) && load4(a, n - 4) == load4(b, n - 4) }
    } else {
        a == b
    }
}

/// The 8 bytes of `s` at `at`.
///
/// # Safety
/// `at + 8 <= s.len()`.
#[inline(always)]
unsafe fn load8(s: &[u8], at: usize) -> u64 {
    // SAFETY: the caller's promise; an unaligned read.
    unsafe { (s.as_ptr().add(at) as *const u64).read_unaligned() }
}

/// The 4 bytes of `s` at `at`.
///
/// # Safety
/// `at + 4 <= s.len()`.
#[inline(always)]
unsafe fn load4(s: &[u8], at: usize) -> u32 {
    // SAFETY: the caller's promise; an unaligned read.
    unsafe { (s.as_ptr().add(at) as *const u32).read_unaligned() }
}
