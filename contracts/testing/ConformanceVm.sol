// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The cheatcodes attestkit's Solidity test helpers use, as Foundry and Hardhat 3 implement them.
/// @dev A minimal interface instead of forge-std, so the helpers compile in any project.
interface ConformanceVm {
    /// @notice A log as `getRecordedLogs` returns it.
    struct Log {
        bytes32[] topics;
        bytes data;
        address emitter;
    }

    /// @notice The address of `privateKey`.
    function addr(uint256 privateKey) external pure returns (address);
    /// @notice Signs `digest` with `privateKey` (no prefix added).
    function sign(uint256 privateKey, bytes32 digest) external pure returns (uint8 v, bytes32 r, bytes32 s);
    /// @notice Makes the next call come from `sender`.
    function prank(address sender) external;
    /// @notice Sets `account`'s native balance.
    function deal(address account, uint256 newBalance) external;
    /// @notice Sets `block.timestamp`.
    function warp(uint256 newTimestamp) external;
    /// @notice Sets `block.chainid`.
    function chainId(uint256 newChainId) external;
    /// @notice Discards the current fuzz input unless `condition` holds.
    function assume(bool condition) external pure;
    /// @notice Marks the running test skipped with `reason` (a not-applicable property).
    function skip(bool skipTest, string calldata reason) external;
    /// @notice Sets the runtime code of `account`.
    function etch(address account, bytes calldata code) external;
    /// @notice Starts recording every log emitted from now on.
    function recordLogs() external;
    /// @notice The logs recorded since {recordLogs} or the last call, and clears them.
    function getRecordedLogs() external returns (Log[] memory logs);
    /// @notice Names `account` in traces.
    function label(address account, string calldata newLabel) external;
}

/// @dev The cheatcode address both test runners answer on.
ConformanceVm constant CONFORMANCE_VM = ConformanceVm(address(uint160(uint256(keccak256("hevm cheat code")))));
