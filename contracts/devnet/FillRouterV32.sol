// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FillRouter} from "./FillRouter.sol";

/// @title FillRouterV32 (devnet)
/// @notice The Router 3.2 shape (the service's default since 2026-10-26): an executed user call is logged
/// with the keccak256 hash of its call data instead of the data.
contract FillRouterV32 is FillRouter {
    /// @notice Logged for every user call the router runs: its target, the hash of its data, its value.
    event SolverCallExecuted(address to, bytes32 dataHash, uint256 amount);

    function _callExecuted(Call calldata call) internal override {
        emit SolverCallExecuted(call.to, keccak256(call.data), call.value);
    }
}
