// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IDepositAddressFactory} from "../deposit-addresses/IDepositAddressFactory.sol";

/// @notice A permissionless sweeper out to maximise what a deposit-address user is charged: it sweeps with
/// a padded token list (repeats, tokens the address never held) and again right after, so a service that
/// charged per deposit event, or per sweep from the sweep's own gas, would bill the user several times over.
/// Test double only.
contract FeeMaximisingSweeper {
    /// @notice Sweeps `(orderId, depositor)` with `tokens` `rounds` times in one transaction.
    function attack(IDepositAddressFactory factory, bytes32 orderId, address depositor, address[] calldata tokens, uint256 rounds)
        external
    {
        for (uint256 i; i < rounds; ++i) {
            factory.sweep(orderId, depositor, tokens);
        }
    }

    receive() external payable {}
}
