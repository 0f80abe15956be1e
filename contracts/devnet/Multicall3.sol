// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Multicall3 (devnet)
/// @notice The batching contract clients expect at 0xcA11bde05977b3631167028862bE2a173976CA11 on every
/// chain (viem's `multicall`, ethers' and wagmi's batch reads): the same interface, placed there by the
/// devnet with `hardhat_setCode`. Calls run in order from this contract; a call whose `allowFailure` is
/// false reverts the whole batch.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Call3Value {
        address target;
        bool allowFailure;
        uint256 value;
        bytes callData;
    }

    struct Call {
        address target;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error CallFailed(uint256 index);
    error ValueMismatch(uint256 sent, uint256 spent);

    /// @notice Runs every call; a failing call reverts the batch unless it allows failure.
    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert CallFailed(i);
            results[i] = Result(success, returnData);
        }
    }

    /// @notice Runs every call with its own value, which together must be exactly `msg.value`; a failing
    /// call reverts the batch unless it allows failure.
    function aggregate3Value(Call3Value[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        uint256 spent;
        for (uint256 i = 0; i < calls.length; i++) {
            spent += calls[i].value;
            (bool success, bytes memory returnData) = calls[i].target.call{value: calls[i].value}(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert CallFailed(i);
            results[i] = Result(success, returnData);
        }
        if (spent != msg.value) revert ValueMismatch(msg.value, spent);
    }

    /// @notice Runs every call, reverting on any failure; returns the block number and the return data.
    function aggregate(Call[] calldata calls) external payable returns (uint256 blockNumber, bytes[] memory returnData) {
        blockNumber = block.number;
        returnData = new bytes[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
            if (!success) revert CallFailed(i);
            returnData[i] = data;
        }
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    function getChainId() external view returns (uint256) {
        return block.chainid;
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }
}
