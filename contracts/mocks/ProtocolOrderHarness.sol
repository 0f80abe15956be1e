// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "../ProtocolOrder.sol";

/// @notice Exposes {ProtocolOrder} for tests and the gas benchmark.
contract ProtocolOrderHarness {
    function orderId(ProtocolOrder.Order memory order) external pure returns (bytes32) {
        return ProtocolOrder.orderId(order);
    }

    /// @notice The order id and the gas `ProtocolOrder.orderId` alone spent (the order is already decoded).
    function measureOrderId(ProtocolOrder.Order memory order) external view returns (bytes32 id, uint256 gasUsed) {
        uint256 start = gasleft();
        id = ProtocolOrder.orderId(order);
        gasUsed = start - gasleft();
    }

    function orderIdCalldata(ProtocolOrder.Order calldata order) external pure returns (bytes32) {
        return ProtocolOrder.orderIdCalldata(order);
    }

    /// @notice {measureOrderId} for the calldata form: the order is hashed where it lies in calldata.
    function measureOrderIdCalldata(ProtocolOrder.Order calldata order)
        external
        view
        returns (bytes32 id, uint256 gasUsed)
    {
        uint256 start = gasleft();
        id = ProtocolOrder.orderIdCalldata(order);
        gasUsed = start - gasleft();
    }

    function recoverSigner(bytes32 id, bytes calldata signature) external view returns (address) {
        return ProtocolOrder.recoverSigner(id, signature);
    }
}
