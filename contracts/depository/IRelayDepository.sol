// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IRelayDepository
/// @notice The public deposit interface and events of the service's EVM depository.
interface IRelayDepository {
    /// @notice Native currency was deposited; `from` is the credited depositor (members not indexed).
    event RelayNativeDeposit(address from, uint256 amount, bytes32 id);
    /// @notice Tokens were deposited; `from` is the credited depositor (members not indexed).
    event RelayErc20Deposit(address from, address token, uint256 amount, bytes32 id);

    /// @notice Deposits `msg.value` credited to `depositor` (the caller when zero) under `id`.
    function depositNative(address depositor, bytes32 id) external payable;

    /// @notice Pulls `amount` of `token` from the caller, credited to `depositor` (the caller when zero) under `id`.
    function depositErc20(address depositor, address token, uint256 amount, bytes32 id) external;
}
