//! Pure attestation logic, identical on the BPF target and on the host: the ABI encoding of the
//! request data (7 words, 224 bytes), its keccak256 hash, the EIP-191 personal-message digest,
//! strict signature parsing (65-byte `r || s || v` with `v` in {27, 28}, or 64-byte EIP-2098
//! `r || vs`; `s` must be non-zero and at most n/2) and signer recovery.
//!
//! The two primitives (keccak256 over slices, secp256k1 public-key recovery) come from a
//! [`Crypto`] implementation: syscalls on chain ([`crate::crypto::Syscalls`]), reference crates in
//! host tests. Nothing here allocates.

use crate::{error::ReceiverError, words::be_words};

/// `originChainId` of this SVM chain (the service interface's SVM rules).
pub const SVM_CHAIN_ID: u64 = 792_703_809;

/// Length of `abi.encode(bytes32, uint256, bytes32, bytes32, uint256, uint256, bytes32)`.
pub const ENCODED_LEN: usize = 7 * 32;

/// EIP-191 prefix for a 32-byte message.
pub const EIP191_PREFIX: &[u8; 28] = b"\x19Ethereum Signed Message:\n32";

/// secp256k1 group order n, big-endian.
pub const SECP256K1_N: [u8; 32] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
];

/// floor(n / 2), big-endian: the largest accepted `s` (EIP-2 low-s rule).
pub const SECP256K1_HALF_N: [u8; 32] = [
    0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    0x5d, 0x57, 0x6e, 0x73, 0x57, 0xa4, 0x50, 0x1d, 0xdf, 0xe9, 0x2f, 0x46, 0x68, 0x1b, 0x20, 0xa0,
];

/// The two cryptographic primitives the attestation needs.
pub trait Crypto {
    /// keccak256 of the concatenation of `parts`.
    fn keccak256(parts: &[&[u8]]) -> [u8; 32];
    /// keccak256 of the concatenation of `parts`, written to `out` (no 32-byte copy on return).
    #[inline(always)]
    fn keccak256_into(parts: &[&[u8]], out: &mut core::mem::MaybeUninit<[u8; 32]>) {
        out.write(Self::keccak256(parts));
    }
    /// Uncompressed public key (x || y, 64 bytes) recovered from `hash` and `r || s`, or `None`.
    fn secp256k1_recover(hash: &[u8; 32], recovery_id: u8, rs: &[u8; 64]) -> Option<[u8; 64]>;
    /// The key [`Crypto::secp256k1_recover`] recovers, written to `out` (no 64-byte copy on
    /// return); `false`, and `out` untouched, when there is none.
    #[inline(always)]
    fn secp256k1_recover_into(hash: &[u8; 32], recovery_id: u8, rs: &[u8; 64], out: &mut core::mem::MaybeUninit<[u8; 64]>) -> bool {
        match Self::secp256k1_recover(hash, recovery_id, rs) {
            Some(key) => {
                out.write(key);
                true
            }
            None => false,
        }
    }
}

/// An EVM address.
pub type EvmAddress = [u8; 20];

/// ABI word of a `uint256` that fits in 64 bits: 24 zero bytes, then the big-endian value.
#[inline(always)]
pub fn u64_word(value: u64) -> [u8; 32] {
    let mut word = [0u8; 32];
    word[24..].copy_from_slice(&value.to_be_bytes());
    word
}

/// The seven ABI words of the attested request data, in encoding order, borrowed where possible.
pub struct RequestWords<'a> {
    pub request_id: &'a [u8; 32],
    pub origin_chain_id: &'a [u8; 32],
    pub origin_user: &'a [u8; 32],
    pub origin_currency: &'a [u8; 32],
    pub origin_amount: &'a [u8; 32],
    pub destination_chain_id: &'a [u8; 32],
    pub destination_user: &'a [u8; 32],
}

impl RequestWords<'_> {
    /// `keccak256(abi.encode(...))`, hashed from the words in place (no 224-byte copy). The
    /// `sol_keccak256` cost is the same for 7 slices of 32 bytes as for one slice of 224.
    #[inline(always)]
    pub fn hash<C: Crypto>(&self) -> [u8; 32] {
        C::keccak256(&[
            self.request_id,
            self.origin_chain_id,
            self.origin_user,
            self.origin_currency,
            self.origin_amount,
            self.destination_chain_id,
            self.destination_user,
        ])
    }

    /// The 224-byte encoding (host helper; the program hashes the words in place).
    pub fn encode(&self) -> [u8; ENCODED_LEN] {
        let mut out = [0u8; ENCODED_LEN];
        for (i, w) in [
            self.request_id,
            self.origin_chain_id,
            self.origin_user,
            self.origin_currency,
            self.origin_amount,
            self.destination_chain_id,
            self.destination_user,
        ]
        .iter()
        .enumerate()
        {
            out[i * 32..(i + 1) * 32].copy_from_slice(*w);
        }
        out
    }
}

/// `keccak256("\x19Ethereum Signed Message:\n32" || hash)`.
#[inline(always)]
pub fn eip191_digest<C: Crypto>(hash: &[u8; 32]) -> [u8; 32] {
    C::keccak256(&[EIP191_PREFIX, hash])
}

/// A signature in the form the recovery syscall takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParsedSignature {
    /// `r || s` with the low-s rule already checked.
    pub rs: [u8; 64],
    /// 0 or 1.
    pub recovery_id: u8,
}

/// Parses a 65-byte `r || s || v` (v in {27, 28}) or a 64-byte EIP-2098 `r || vs` signature.
///
/// Rejects: other lengths ([`ReceiverError::InvalidSignatureLength`]); `v` not 27/28
/// ([`ReceiverError::InvalidSignatureV`]; 0/1 are NOT accepted, as on EVM's `ecrecover` path);
/// `s` zero or above n/2 ([`ReceiverError::InvalidSignatureS`]), which also rules out the
/// malleable twin `(r, n - s, v ^ 1)`; `r` zero or `r >= n` ([`ReceiverError::InvalidSignature`]).
pub fn parse_signature(signature: &[u8]) -> Result<ParsedSignature, ReceiverError> {
    let mut rs = [0u8; 64];
    let recovery_id = match signature.len() {
        65 => {
            rs.copy_from_slice(&signature[..64]);
            match signature[64] {
                27 => 0,
                28 => 1,
                _ => return Err(ReceiverError::InvalidSignatureV),
            }
        }
        64 => {
            rs.copy_from_slice(signature);
            let parity = rs[32] >> 7;
            rs[32] &= 0x7f;
            parity
        }
        _ => return Err(ReceiverError::InvalidSignatureLength),
    };
    // As four big-endian words each: compared as tuples, they order like the numbers.
    let (r, s) = rs.split_at(32);
    let r = be_words(r.try_into().map_err(|_| ReceiverError::InvalidSignature)?);
    let s = be_words(s.try_into().map_err(|_| ReceiverError::InvalidSignature)?);
    if s == (0, 0, 0, 0) || s > be_words(&SECP256K1_HALF_N) {
        return Err(ReceiverError::InvalidSignatureS);
    }
    if r == (0, 0, 0, 0) || r >= be_words(&SECP256K1_N) {
        return Err(ReceiverError::InvalidSignature);
    }
    Ok(ParsedSignature { rs, recovery_id })
}

/// Recovers the EVM address that signed `digest` (already EIP-191 prefixed).
pub fn recover_signer<C: Crypto>(
    digest: &[u8; 32],
    signature: &[u8],
) -> Result<EvmAddress, ReceiverError> {
    let parsed = parse_signature(signature)?;
    // The key and its hash stay where the syscalls write them.
    let mut pubkey = core::mem::MaybeUninit::uninit();
    if !C::secp256k1_recover_into(digest, parsed.recovery_id, &parsed.rs, &mut pubkey) {
        return Err(ReceiverError::InvalidSignature);
    }
    let mut hashed = core::mem::MaybeUninit::uninit();
    // SAFETY: `secp256k1_recover_into` returned true, so it wrote the key.
    C::keccak256_into(&[unsafe { pubkey.assume_init_ref() }], &mut hashed);
    // SAFETY: written by `keccak256_into`.
    let (_, address) = unsafe { hashed.assume_init_ref() }.split_last_chunk::<20>().ok_or(ReceiverError::InvalidSignature)?;
    if *address == [0u8; 20] {
        return Err(ReceiverError::InvalidSignature);
    }
    Ok(*address)
}

/// Full path: request hash, EIP-191 digest, strict recovery. Returns the signer's address.
#[inline(always)]
pub fn attestation_signer<C: Crypto>(
    words: &RequestWords<'_>,
    signature: &[u8],
) -> Result<EvmAddress, ReceiverError> {
    let hash = words.hash::<C>();
    recover_signer::<C>(&eip191_digest::<C>(&hash), signature)
}

/// Whether `signer` may attest at `now`: the current solver, or the previous solver while
/// `now < previous_valid_until` (rotation grace window, end exclusive: a rotation with grace 0
/// revokes the previous key at once). A zero previous solver never matches.
#[inline(always)]
pub fn is_authorized_signer(
    signer: &EvmAddress,
    current: &EvmAddress,
    previous: &EvmAddress,
    previous_valid_until: i64,
    now: i64,
) -> bool {
    signer == current
        || (signer == previous && *previous != [0u8; 20] && now < previous_valid_until)
}

/// Deadline rule: `now <= deadline <= now + max_window`.
#[inline(always)]
pub fn check_deadline(deadline: i64, now: i64, max_window: i64) -> Result<(), ReceiverError> {
    if deadline < now {
        return Err(ReceiverError::DeadlineExpired);
    }
    if deadline > now.saturating_add(max_window) {
        return Err(ReceiverError::DeadlineBeyondMaxWindow);
    }
    Ok(())
}
