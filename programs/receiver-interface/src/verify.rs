//! Recover-and-compare: what an integrator's own program calls to accept only attestations
//! signed by the solver it trusts (the SVM counterpart of `RequestAttestation.sol`).

use crate::{
    attestation::{attestation_signer, eip191_digest, recover_signer, Crypto, EvmAddress, RequestWords, ENCODED_LEN},
    error::ReceiverError,
};

/// Verifies that `signature` over the request `words` was made by `expected_signer`: keccak256
/// of the ABI encoding, EIP-191 digest, strict signature parsing, secp256k1 recovery, compare.
///
/// Errors: the parsing errors of [`crate::attestation::parse_signature`],
/// [`ReceiverError::InvalidSignature`] when recovery fails, [`ReceiverError::SignerMismatch`]
/// when another key signed (or the data was changed after signing).
#[inline(always)]
pub fn verify_attestation<C: Crypto>(
    words: &RequestWords<'_>,
    signature: &[u8],
    expected_signer: &EvmAddress,
) -> Result<(), ReceiverError> {
    let signer = attestation_signer::<C>(words, signature)?;
    if &signer == expected_signer {
        Ok(())
    } else {
        Err(ReceiverError::SignerMismatch)
    }
}

/// [`verify_attestation`] over the 224-byte ABI encoding (`abi.encode(requestId, originChainId,
/// originUser, originCurrency, originAmount, destinationChainId, destinationUser)`).
#[inline(always)]
pub fn verify_encoded_attestation<C: Crypto>(
    encoded: &[u8; ENCODED_LEN],
    signature: &[u8],
    expected_signer: &EvmAddress,
) -> Result<(), ReceiverError> {
    let hash = C::keccak256(&[encoded]);
    let signer = recover_signer::<C>(&eip191_digest::<C>(&hash), signature)?;
    if &signer == expected_signer {
        Ok(())
    } else {
        Err(ReceiverError::SignerMismatch)
    }
}
