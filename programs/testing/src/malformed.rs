//! Variants of a valid signature that a conforming receiver must refuse (or, for the 64-byte form,
//! must treat as the same attestation for replay).

use attestkit_receiver_interface::attestation::SECP256K1_N;

/// `n - s` for a big-endian `s <= n`.
fn negate_mod_n(s: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    let mut borrow = 0i16;
    for i in (0..32).rev() {
        let mut digit = SECP256K1_N[i] as i16 - s[i] as i16 - borrow;
        borrow = (digit < 0) as i16;
        if digit < 0 {
            digit += 256;
        }
        out[i] = digit as u8;
    }
    out
}

/// The high-s twin `(r, n - s, v ^ 1)` of a 65-byte signature: it recovers to the same signer, so
/// a receiver that keys replay on signature bytes, or accepts high s, pays twice.
pub fn high_s_twin(signature: &[u8; 65]) -> [u8; 65] {
    let mut out = *signature;
    out[32..64].copy_from_slice(&negate_mod_n(&signature[32..64]));
    out[64] = if signature[64] == 27 { 28 } else { 27 };
    out
}

/// The 64-byte EIP-2098 form `r || (parity << 255 | s)` of a 65-byte low-s signature.
pub fn compact_form(signature: &[u8; 65]) -> [u8; 64] {
    let mut out = [0u8; 64];
    out.copy_from_slice(&signature[..64]);
    if signature[64] == 28 {
        out[32] |= 0x80;
    }
    out
}

/// The signature with its last byte replaced by `v` (e.g. 0/1 or 29).
pub fn with_v(signature: &[u8; 65], v: u8) -> [u8; 65] {
    let mut out = *signature;
    out[64] = v;
    out
}

/// The signature cut or zero-extended to `length` bytes.
pub fn resized(signature: &[u8], length: usize) -> Vec<u8> {
    let mut out = signature[..length.min(signature.len())].to_vec();
    out.resize(length, 0);
    out
}

/// `r = 0, s = 1, v = 27`: `ecrecover` gives the zero address for it on EVM.
pub fn zero_recovery_signature() -> [u8; 65] {
    let mut out = [0u8; 65];
    out[63] = 1;
    out[64] = 27;
    out
}
