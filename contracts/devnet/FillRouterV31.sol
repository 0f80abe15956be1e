// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FillRouter} from "./FillRouter.sol";

/// @title FillRouterV31 (devnet)
/// @notice The Router 3.1 shape: an executed user call is logged with its call data.
contract FillRouterV31 is FillRouter {
    /// @notice Logged for every user call the router runs: its target, data and value.
    event SolverCallExecuted(address to, bytes data, uint256 amount);

    function _callExecuted(Call calldata call) internal override {
        emit SolverCallExecuted(call.to, call.data, call.value);
    }
}
