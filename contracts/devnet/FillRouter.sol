// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title FillRouter (devnet)
/// @notice The contract a solver fills orders through on a devnet EVM chain, with the events the service's
/// router emits and its oracle reads: each native payment it makes is logged as `SolverNativeTransfer`, each
/// user call it runs as `SolverCallExecuted` (its shape set by the concrete router: `FillRouterV31` logs the
/// call data, `FillRouterV32` its keccak256 hash). An order names the router that fills it in its
/// `extraData` (`abi.encode(address)`); the oracle counts only that contract's events.
/// @dev The solver appends the 32-byte order id after the ABI-encoded arguments (the oracle requires the
/// transaction's input to end with it); the ABI decoder ignores those trailing bytes. The router holds
/// nothing between transactions: every wei a call brings is paid out or forwarded in it.
/// WARNING: user calls run from this contract with whatever data the order carries. Never approve tokens
/// to a router: any caller can make it spend them.
abstract contract FillRouter {
    /// @notice A native payment: `amount` wei to `to`.
    struct NativePayment {
        address to;
        uint256 amount;
    }

    /// @notice A user call of an order (`abi.encode(address to, bytes data, uint256 value)` in the order).
    struct Call {
        address to;
        bytes data;
        uint256 value;
    }

    /// @notice Logged for every native payment the router makes.
    event SolverNativeTransfer(address to, uint256 amount);

    /// @notice The value sent differs from what the payments and calls spend.
    error ValueMismatch(uint256 expected, uint256 actual);
    /// @notice A native payment's recipient refused it.
    error NativeTransferFailed(address to, uint256 amount);
    /// @notice The user call at `index` reverted, with its revert data.
    error CallFailed(uint256 index, bytes returnData);

    /// @notice Pays `payments` in native currency, then runs `calls` in order, all funded by `msg.value`,
    /// which must equal the payments' amounts plus the calls' values. Reverts whole if any payment or call
    /// fails.
    /// @param payments native payments, each logged as `SolverNativeTransfer`.
    /// @param calls user calls, each run with its value and logged as `SolverCallExecuted`.
    function fill(NativePayment[] calldata payments, Call[] calldata calls) external payable {
        uint256 spent;
        for (uint256 i = 0; i < payments.length; i++) spent += payments[i].amount;
        for (uint256 i = 0; i < calls.length; i++) spent += calls[i].value;
        if (spent != msg.value) revert ValueMismatch(spent, msg.value);
        for (uint256 i = 0; i < payments.length; i++) {
            NativePayment calldata payment = payments[i];
            (bool paid,) = payment.to.call{value: payment.amount}("");
            if (!paid) revert NativeTransferFailed(payment.to, payment.amount);
            emit SolverNativeTransfer(payment.to, payment.amount);
        }
        for (uint256 i = 0; i < calls.length; i++) {
            Call calldata call = calls[i];
            (bool ok, bytes memory returnData) = call.to.call{value: call.value}(call.data);
            if (!ok) revert CallFailed(i, returnData);
            _callExecuted(call);
        }
    }

    /// @dev Logs one executed user call in the router's shape.
    function _callExecuted(Call calldata call) internal virtual;
}
