// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title ConformanceReentrantPayee
/// @notice The re-entering payee the conformance catalogues place (as runtime code) at the account a receiver
/// forwards native payments to: armed, the next call carrying value re-enters `target` with `payload`,
/// passing the value on, and records whether that inner call succeeded; disarmed, it accepts value. Test
/// double only: anyone can arm it.
contract ConformanceReentrantPayee {
    /// @notice The contract the armed payee calls on the next forward.
    address public target;
    /// @notice The calldata it sends.
    bytes public payload;
    /// @notice Whether the next forward re-enters.
    bool public armed;
    /// @notice Whether a forward re-entered.
    bool public reentered;
    /// @notice Whether the re-entering call succeeded.
    bool public innerSucceeded;

    /// @notice Arms the payee: the next forward calls `target_` with `payload_` and the value it carries.
    function arm(address target_, bytes calldata payload_) external {
        target = target_;
        payload = payload_;
        armed = true;
    }

    receive() external payable {
        _forwarded();
    }

    /// @dev A forward with calldata (the reference sends the request id).
    fallback() external payable {
        _forwarded();
    }

    function _forwarded() private {
        if (!armed) return;
        armed = false;
        reentered = true;
        (innerSucceeded,) = target.call{value: msg.value}(payload);
    }
}
