//! Address codecs between 20-byte EVM addresses, 32-byte SVM addresses and the 32-byte ABI words
//! the attestation carries (`originUser`, `originCurrency`, `destinationUser`).

use crate::attestation::EvmAddress;

/// ABI word of an EVM address: 12 zero bytes, then the 20 address bytes.
#[inline(always)]
pub fn evm_address_word(address: &EvmAddress) -> [u8; 32] {
    let mut word = [0u8; 32];
    word[12..].copy_from_slice(address);
    word
}

/// The EVM address in an ABI word, or `None` when the 12 high bytes are not all zero (the word
/// then is an SVM address or an out-of-range value, never an EVM address).
#[inline(always)]
pub fn evm_address_from_word(word: &[u8; 32]) -> Option<EvmAddress> {
    if word[..12].iter().any(|b| *b != 0) {
        return None;
    }
    let mut address = [0u8; 20];
    address.copy_from_slice(&word[12..]);
    Some(address)
}

/// ABI word of an SVM address: the 32 address bytes as they are.
#[inline(always)]
pub fn svm_address_word(address: &[u8; 32]) -> [u8; 32] {
    *address
}
