// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "../RequestAttestation.sol";

/// @notice Exposes {RequestAttestation} for tests and off-chain checks (vectors, fuzzing).
contract RequestAttestationHarness {
    function hash(RequestAttestation.RequestData calldata data) external pure returns (bytes32) {
        return RequestAttestation.hash(data);
    }

    function hashMemory(RequestAttestation.RequestData memory data) external pure returns (bytes32) {
        return RequestAttestation.hashMemory(data);
    }

    function hashAbiEncode(RequestAttestation.RequestData calldata d) external pure returns (bytes32) {
        return keccak256(
            abi.encode(
                d.requestId,
                d.originChainId,
                d.originUser,
                d.originCurrency,
                d.originAmount,
                d.destinationChainId,
                d.destinationUser
            )
        );
    }

    function digest(RequestAttestation.RequestData calldata data) external pure returns (bytes32) {
        return RequestAttestation.digest(data);
    }

    function toEthSignedMessageHash(bytes32 h) external pure returns (bytes32) {
        return RequestAttestation.toEthSignedMessageHash(h);
    }

    function recoverSigner(RequestAttestation.RequestData calldata data, bytes calldata signature)
        external
        view
        returns (address)
    {
        return RequestAttestation.recoverSigner(data, signature);
    }

    function recover(bytes32 digest_, bytes calldata signature) external view returns (address) {
        return RequestAttestation.recover(digest_, signature);
    }

    function recoverMemory(bytes32 digest_, bytes memory signature) external view returns (address) {
        return RequestAttestation.recoverMemory(digest_, signature);
    }

    function toBytes32(address account) external pure returns (bytes32) {
        return RequestAttestation.toBytes32(account);
    }

    function toAddress(bytes32 value) external pure returns (address) {
        return RequestAttestation.toAddress(value);
    }
}
