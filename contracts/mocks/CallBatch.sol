// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Test helper: makes several calls, each with its own value, in one transaction (two deposits
/// under one order id in one transaction, for the service's books). Reverts when any call reverts.
contract CallBatch {
    /// @notice A call that reverted, with its index.
    error CallFailed(uint256 index);

    /// @notice Calls `targets[i]` with `values[i]` and `data[i]`, in order; `msg.value` pays the values.
    function callAll(address[] calldata targets, uint256[] calldata values, bytes[] calldata data) external payable {
        for (uint256 i; i < targets.length; ++i) {
            (bool ok,) = targets[i].call{value: values[i]}(data[i]);
            if (!ok) revert CallFailed(i);
        }
    }
}
