// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Test helper: a contract a user call can target. Records each call's caller, memo and value, and
/// reverts on demand, so a test can see that a call ran (or made its transaction fail).
contract CallRecorder {
    /// @notice Logged for every recorded call.
    event Recorded(address caller, bytes32 memo, uint256 value);

    /// @notice Raised by `fail`.
    error Refused(bytes32 memo);

    /// @notice How many calls were recorded.
    uint256 public calls;
    /// @notice The memo of the last recorded call.
    bytes32 public lastMemo;
    /// @notice Wei received per caller.
    mapping(address => uint256) public received;

    /// @notice Records a call with `memo` and the value it brings.
    function record(bytes32 memo) external payable {
        calls += 1;
        lastMemo = memo;
        received[msg.sender] += msg.value;
        emit Recorded(msg.sender, memo, msg.value);
    }

    /// @notice Always reverts with `Refused(memo)`.
    function fail(bytes32 memo) external payable {
        revert Refused(memo);
    }
}
