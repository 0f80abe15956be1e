// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title CallRecorder (devnet)
/// @notice A contract an order's user calls can target on every devnet EVM chain: it records each call's
/// caller, memo and value, and reverts on demand, so a flow can see that a call ran (or made its fill fail).
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
        _record(memo);
    }

    /// @notice Records a plain payment (no data) as a call with a zero memo. Having no fallback, it refuses
    /// a payment that carries data.
    receive() external payable {
        _record(bytes32(0));
    }

    /// @notice Always reverts with `Refused(memo)`.
    function fail(bytes32 memo) external payable {
        revert Refused(memo);
    }

    function _record(bytes32 memo) private {
        calls += 1;
        lastMemo = memo;
        received[msg.sender] += msg.value;
        emit Recorded(msg.sender, memo, msg.value);
    }
}
