//! Mock solver keys and what they sign.

use attestkit_receiver_interface::{
    attestation::{self, u64_word, Crypto, EvmAddress, RequestWords},
    error::ReceiverError,
    host::Host,
};
use k256::{
    ecdsa::SigningKey,
    elliptic_curve::bigint::{Encoding, U256},
};

/// secp256k1 group order minus one, the range a mock key is reduced into before adding one.
const N_MINUS_ONE: U256 = U256::from_be_hex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140");

/// The seven words a solver attests (integers as `u64`, the width the SVM receiver takes them in;
/// addresses as 32 bytes: SVM keys raw, EVM addresses left-padded with zeros).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RequestData {
    pub request_id: [u8; 32],
    pub origin_chain_id: u64,
    pub origin_user: [u8; 32],
    pub origin_currency: [u8; 32],
    pub origin_amount: u64,
    pub destination_chain_id: u64,
    pub destination_user: [u8; 32],
}

impl RequestData {
    /// The EIP-191 digest the solver signs: `keccak256("\x19Ethereum Signed Message:\n32" ||
    /// keccak256(abi.encode(words)))`.
    pub fn digest(&self) -> [u8; 32] {
        let (chain, amount, destination) =
            (u64_word(self.origin_chain_id), u64_word(self.origin_amount), u64_word(self.destination_chain_id));
        let words = RequestWords {
            request_id: &self.request_id,
            origin_chain_id: &chain,
            origin_user: &self.origin_user,
            origin_currency: &self.origin_currency,
            origin_amount: &amount,
            destination_chain_id: &destination,
            destination_user: &self.destination_user,
        };
        attestation::eip191_digest::<Host>(&words.hash::<Host>())
    }

    /// The signer of `signature` over this data under the receiver's strict rules (low s, v 27/28
    /// or the 64-byte form, lengths 64/65), exactly as the program recovers it.
    pub fn signer(&self, signature: &[u8]) -> Result<EvmAddress, ReceiverError> {
        attestation::recover_signer::<Host>(&self.digest(), signature)
    }
}

/// A solver key derived from a label, as `mockSolverKey(label)` derives it in TypeScript:
/// `keccak256("attestkit.testing." + label) mod (n - 1) + 1`.
pub struct MockSolver {
    key: SigningKey,
}

impl MockSolver {
    /// The key of `label` (the same label always gives the same key).
    pub fn new(label: &str) -> Self {
        let hash = Host::keccak256(&[b"attestkit.testing.", label.as_bytes()]);
        let mut scalar = U256::from_be_bytes(hash);
        if scalar >= N_MINUS_ONE {
            // hash < 2^256 < 2 (n - 1): one subtraction reduces it.
            scalar = scalar.wrapping_sub(&N_MINUS_ONE);
        }
        let scalar = scalar.wrapping_add(&U256::ONE);
        let key = SigningKey::from_slice(&scalar.to_be_bytes()).expect("a scalar in [1, n - 1] is a valid key");
        Self { key }
    }

    /// A solver of a given private key (e.g. a key from shared test vectors); `None` when the 32
    /// bytes are not a valid secp256k1 scalar.
    pub fn from_private_key(key: &[u8; 32]) -> Option<Self> {
        SigningKey::from_slice(key).ok().map(|key| Self { key })
    }

    /// The 32-byte private key (for tools that take raw keys).
    pub fn private_key(&self) -> [u8; 32] {
        self.key.to_bytes().into()
    }

    /// The EVM address a receiver is configured with (`keccak256(pubkey)[12..]`).
    pub fn address(&self) -> EvmAddress {
        let point = self.key.verifying_key().to_encoded_point(false);
        let hash = Host::keccak256(&[&point.as_bytes()[1..]]);
        let mut address = [0u8; 20];
        address.copy_from_slice(&hash[12..]);
        address
    }

    /// Signs an already prefixed 32-byte digest: `r || s || v` (RFC 6979 nonce, low s, v 27/28).
    pub fn sign_digest(&self, digest: &[u8; 32]) -> [u8; 65] {
        let (signature, recovery) =
            self.key.sign_prehash_recoverable(digest).expect("signing a 32-byte digest cannot fail");
        let mut out = [0u8; 65];
        out[..64].copy_from_slice(&signature.to_bytes());
        out[64] = 27 + recovery.to_byte();
        out
    }

    /// The attestation signature of `data` (what the service returns as `signature`).
    pub fn sign_attestation(&self, data: &RequestData) -> [u8; 65] {
        self.sign_digest(&data.digest())
    }

    /// The order signature (`orderSignature`): EIP-191 over the 32 raw bytes of the order id
    /// (computed from an order's Borsh bytes by `attestkit_receiver_interface::order::eip712`).
    pub fn sign_order_id(&self, order_id: &[u8; 32]) -> [u8; 65] {
        self.sign_digest(&attestation::eip191_digest::<Host>(order_id))
    }
}
