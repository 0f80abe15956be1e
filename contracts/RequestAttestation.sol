// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title RequestAttestation
/// @notice Verifies the solver attestation of a request (service interface: Attestation): the solver signs, as an
/// EIP-191 personal message, the 32 raw bytes of
/// `keccak256(abi.encode(bytes32 requestId, uint256 originChainId, bytes32 originUser,
/// bytes32 originCurrency, uint256 originAmount, uint256 destinationChainId, bytes32 destinationUser))`.
/// @dev Small on purpose: hashing, EIP-191 digest, strict signature recovery (65-byte `r || s || v` and
/// 64-byte EIP-2098 `r || vs`), and `address <-> bytes32` conversion. Usable on its own by integrators.
///
/// Signature policy (strict, one accepted encoding per curve point and form):
/// - `s` must be in the lower half of the curve order (EIP-2): the high-s twin of a valid signature is
///   rejected with {InvalidSignatureS}.
/// - `v` must be 27 or 28. The legacy 0/1 form is rejected with {InvalidSignatureV}: every signer the
///   service uses (viem, ethers, hardware wallets through them) emits 27/28, and accepting 0/1 would only
///   add a second byte encoding of the same signature.
/// - Lengths other than 64 and 65 are rejected with {InvalidSignatureLength}.
/// - A recovery to the zero address (e.g. `r = 0`, or `r` not the x of a curve point) is rejected with
///   {InvalidSignature}.
library RequestAttestation {
    /// @notice The seven values the solver signs, in signing order. Every member is a full ABI word, so the
    /// in-memory / calldata layout of this struct is exactly `abi.encode` of the seven values (224 bytes).
    /// @dev Addresses are `bytes32`: EVM addresses left-padded with zeros, SVM addresses as the 32 raw key
    /// bytes. The zero value of `originCurrency` is the native currency on both VMs.
    struct RequestData {
        bytes32 requestId;
        uint256 originChainId;
        bytes32 originUser;
        bytes32 originCurrency;
        uint256 originAmount;
        uint256 destinationChainId;
        bytes32 destinationUser;
    }

    /// @dev Length of `abi.encode` of the seven values.
    uint256 internal constant ENCODED_LENGTH = 224;

    /// @dev secp256k1n / 2: the largest accepted `s`.
    uint256 internal constant HALF_CURVE_ORDER = 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0;

    /// @notice The signature is neither 64 (EIP-2098) nor 65 bytes long.
    error InvalidSignatureLength(uint256 length);
    /// @notice `v` is not 27 or 28.
    error InvalidSignatureV(uint8 v);
    /// @notice `s` is above secp256k1n / 2 (the malleable high-s twin).
    error InvalidSignatureS(bytes32 s);
    /// @notice The signature recovers to no address (the precompile returned the zero address).
    error InvalidSignature();
    /// @notice A `bytes32` meant to hold an EVM address has non-zero upper 12 bytes.
    error DirtyAddressBytes(bytes32 value);

    /// @notice keccak256 of the ABI encoding of `data` (the attested hash, service interface: Attestation steps 1-2).
    /// @dev Hashes the 224 calldata bytes in place; equivalent to `keccak256(abi.encode(...7 fields))`.
    function hash(RequestData calldata data) internal pure returns (bytes32) {
        uint256 m;
        assembly ("memory-safe") {
            m := mload(0x40)
        }
        return hashAt(data, m);
    }

    /// @notice Same as {hash}, with the 224 bytes copied to memory at `m` and left there for the caller to
    /// reuse (e.g. as the key of a storage slot) without copying the fields again.
    /// @dev WARNING: `m` must be free memory the caller owns, typically the free memory pointer, not allocated;
    /// 224 bytes from `m` are overwritten.
    function hashAt(RequestData calldata data, uint256 m) internal pure returns (bytes32 result) {
        assembly ("memory-safe") {
            calldatacopy(m, data, 224)
            result := keccak256(m, 224)
        }
    }

    /// @notice Same as {hash} for a struct held in memory.
    function hashMemory(RequestData memory data) internal pure returns (bytes32 result) {
        assembly ("memory-safe") {
            result := keccak256(data, 224)
        }
    }

    /// @notice The EIP-191 digest the solver signs: `keccak256("\x19Ethereum Signed Message:\n32" || hash)`.
    /// @dev WARNING: sign and verify the 32 raw bytes of the hash, never its hex text.
    function toEthSignedMessageHash(bytes32 messageHash) internal pure returns (bytes32 result) {
        assembly ("memory-safe") {
            mstore(0x00, "\x19Ethereum Signed Message:\n32")
            mstore(0x1c, messageHash)
            result := keccak256(0x00, 0x3c)
        }
    }

    /// @notice The EIP-191 digest of the attestation of `data`.
    function digest(RequestData calldata data) internal pure returns (bytes32) {
        return toEthSignedMessageHash(hash(data));
    }

    /// @notice Recovers the signer of `data` from a 65- or 64-byte signature; reverts on any invalid form.
    /// @dev WARNING: the caller still has to compare the result with the expected solver address.
    function recoverSigner(RequestData calldata data, bytes calldata signature) internal view returns (address) {
        return recover(toEthSignedMessageHash(hash(data)), signature);
    }

    /// @notice Recovers the signer of `digest_` from a 65-byte `r || s || v` or a 64-byte EIP-2098 `r || vs`
    /// signature held in calldata. Reverts with {InvalidSignatureLength}, {InvalidSignatureS},
    /// {InvalidSignatureV} or {InvalidSignature}; never returns the zero address.
    function recover(bytes32 digest_, bytes calldata signature) internal view returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (signature.length == 65) {
            assembly ("memory-safe") {
                r := calldataload(signature.offset)
                s := calldataload(add(signature.offset, 0x20))
                v := byte(0, calldataload(add(signature.offset, 0x40)))
            }
        } else if (signature.length == 64) {
            assembly ("memory-safe") {
                r := calldataload(signature.offset)
                let vs := calldataload(add(signature.offset, 0x20))
                s := and(vs, 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff)
                v := add(shr(255, vs), 27)
            }
        } else {
            revert InvalidSignatureLength(signature.length);
        }
        return recover(digest_, v, r, s);
    }

    /// @notice Recovers the signer from a 65-byte signature held in memory (same rules as the calldata form).
    function recoverMemory(bytes32 digest_, bytes memory signature) internal view returns (address) {
        bytes32 r;
        bytes32 s;
        uint8 v;
        if (signature.length == 65) {
            assembly ("memory-safe") {
                r := mload(add(signature, 0x20))
                s := mload(add(signature, 0x40))
                v := byte(0, mload(add(signature, 0x60)))
            }
        } else if (signature.length == 64) {
            assembly ("memory-safe") {
                r := mload(add(signature, 0x20))
                let vs := mload(add(signature, 0x40))
                s := and(vs, 0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff)
                v := add(shr(255, vs), 27)
            }
        } else {
            revert InvalidSignatureLength(signature.length);
        }
        return recover(digest_, v, r, s);
    }

    /// @notice Recovers the signer from split `(v, r, s)` with the low-s, `v in {27, 28}` and non-zero rules.
    function recover(bytes32 digest_, uint8 v, bytes32 r, bytes32 s) internal view returns (address signer) {
        bool bad;
        assembly ("memory-safe") {
            // one test for both rules: s above the half order, or v - 27 (wrapping) above 1
            bad := or(gt(s, HALF_CURVE_ORDER), gt(sub(and(v, 0xff), 27), 1))
        }
        if (bad) {
            if (uint256(s) > HALF_CURVE_ORDER) revert InvalidSignatureS(s);
            revert InvalidSignatureV(v);
        }
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, digest_)
            mstore(add(m, 0x20), v)
            mstore(add(m, 0x40), r)
            mstore(add(m, 0x60), s)
            mstore(0x00, 0)
            // ecrecover returns nothing on failure: the zeroed scratch word then reads as address(0).
            pop(staticcall(gas(), 0x01, m, 0x80, 0x00, 0x20))
            signer := mload(0x00)
        }
        if (signer == address(0)) revert InvalidSignature();
    }

    /// @notice `bytes32` form of an EVM address: left-padded with zeros.
    function toBytes32(address account) internal pure returns (bytes32) {
        return bytes32(uint256(uint160(account)));
    }

    /// @notice EVM address held in a `bytes32`; reverts with {DirtyAddressBytes} when the upper 12 bytes are
    /// not zero (the value is then not an EVM address, e.g. an SVM key).
    function toAddress(bytes32 value) internal pure returns (address) {
        if (uint256(value) >> 160 != 0) revert DirtyAddressBytes(value);
        return address(uint160(uint256(value)));
    }
}
