// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "../ProtocolOrder.sol";
import {CONFORMANCE_VM} from "./ConformanceVm.sol";

/// @title OrderSigner
/// @notice Signs a protocol order as the solver does (EIP-191 personal-sign of the 32 bytes of its id), with
/// a test key (`vm.sign`), in Foundry and Hardhat 3 Solidity tests. The malformed forms (64-byte, high-s,
/// other `v`, other lengths, zero recovery) are {AttestationSigner}'s: they apply to any signature.
library OrderSigner {
    /// @notice The 65-byte `r || s || v` order signature of `order` by `privateKey`.
    function sign(uint256 privateKey, ProtocolOrder.Order memory order) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) =
            CONFORMANCE_VM.sign(privateKey, ProtocolOrder.digest(ProtocolOrder.orderId(order)));
        return abi.encodePacked(r, s, v);
    }
}
