// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrderV2} from "../ProtocolOrderV2.sol";

/// @notice Exposes {ProtocolOrderV2} for tests and the gas benchmark.
contract ProtocolOrderV2Harness {
    function orderId(ProtocolOrderV2.Order memory order) external pure returns (bytes32) {
        return ProtocolOrderV2.orderId(order);
    }

    /// @notice The order id and the gas `ProtocolOrderV2.orderId` alone spent (the order is already decoded).
    function measureOrderId(ProtocolOrderV2.Order memory order) external view returns (bytes32 id, uint256 gasUsed) {
        uint256 start = gasleft();
        id = ProtocolOrderV2.orderId(order);
        gasUsed = start - gasleft();
    }

    function orderIdCalldata(ProtocolOrderV2.Order calldata order) external pure returns (bytes32) {
        return ProtocolOrderV2.orderIdCalldata(order);
    }

    /// @notice {measureOrderId} for the calldata form: the order is hashed where it lies in calldata.
    function measureOrderIdCalldata(ProtocolOrderV2.Order calldata order)
        external
        view
        returns (bytes32 id, uint256 gasUsed)
    {
        uint256 start = gasleft();
        id = ProtocolOrderV2.orderIdCalldata(order);
        gasUsed = start - gasleft();
    }
}
