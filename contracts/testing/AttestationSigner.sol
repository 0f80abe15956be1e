// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "../RequestAttestation.sol";
import {CONFORMANCE_VM} from "./ConformanceVm.sol";

/// @title AttestationSigner
/// @notice Signs request data as the solver does, with a test key (`vm.sign`), in Foundry and Hardhat 3
/// Solidity tests, and derives the malformed forms a receiver must handle: the 64-byte EIP-2098 form,
/// the high-s twin, other `v` bytes and other lengths.
library AttestationSigner {
    /// @dev secp256k1 group order.
    uint256 internal constant SECP256K1_N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141;

    /// @notice The EIP-191 digest the solver signs for `data`.
    function digest(RequestAttestation.RequestData memory data) internal pure returns (bytes32) {
        return RequestAttestation.toEthSignedMessageHash(RequestAttestation.hashMemory(data));
    }

    /// @notice The 65-byte `r || s || v` attestation of `data` by `privateKey`.
    function sign(uint256 privateKey, RequestAttestation.RequestData memory data) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = CONFORMANCE_VM.sign(privateKey, digest(data));
        return abi.encodePacked(r, s, v);
    }

    /// @notice The 64-byte EIP-2098 attestation `r || (yParity << 255 | s)` of `data` by `privateKey`.
    function signCompact(uint256 privateKey, RequestAttestation.RequestData memory data)
        internal
        pure
        returns (bytes memory)
    {
        return compact(sign(privateKey, data));
    }

    /// @notice The 64-byte form of a 65-byte signature: same signer, other bytes.
    function compact(bytes memory signature) internal pure returns (bytes memory) {
        (bytes32 r, bytes32 s, uint8 v) = split(signature);
        return abi.encodePacked(r, bytes32(uint256(s) | (uint256(v - 27) << 255)));
    }

    /// @notice The high-s twin `(r, n - s, v ^ 1)` of a 65-byte signature: `ecrecover` returns the same signer.
    function highSTwin(bytes memory signature) internal pure returns (bytes memory) {
        (bytes32 r, bytes32 s, uint8 v) = split(signature);
        return abi.encodePacked(r, bytes32(SECP256K1_N - uint256(s)), v == 27 ? uint8(28) : uint8(27));
    }

    /// @notice A 65-byte signature with its `v` byte replaced.
    function withV(bytes memory signature, uint8 v) internal pure returns (bytes memory) {
        (bytes32 r, bytes32 s,) = split(signature);
        return abi.encodePacked(r, s, v);
    }

    /// @notice `signature` cut, or zero-extended, to `length` bytes.
    function resized(bytes memory signature, uint256 length) internal pure returns (bytes memory out) {
        out = new bytes(length);
        for (uint256 i; i < length && i < signature.length; ++i) {
            out[i] = signature[i];
        }
    }

    /// @notice A signature for which `ecrecover` returns the zero address (`r = 0`).
    function zeroRecovery() internal pure returns (bytes memory) {
        return abi.encodePacked(bytes32(0), bytes32(uint256(1)), uint8(27));
    }

    /// @notice `(r, s, v)` of a 65-byte signature.
    function split(bytes memory signature) internal pure returns (bytes32 r, bytes32 s, uint8 v) {
        require(signature.length == 65, "AttestationSigner: not a 65-byte signature");
        assembly ("memory-safe") {
            r := mload(add(signature, 0x20))
            s := mload(add(signature, 0x40))
            v := byte(0, mload(add(signature, 0x60)))
        }
    }
}
