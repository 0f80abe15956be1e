// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderGatedDepositor} from "../../contracts/OrderGatedDepositor.sol";
import {ProtocolOrder} from "../../contracts/ProtocolOrder.sol";
import {IRelayDepository} from "../../contracts/depository/IRelayDepository.sol";

/// An integrator's depositor built on the reference that also caps how far ahead an order's output deadline may
/// lie (the service quotes about ten minutes ahead): the conformance catalogues must build every valid order and
/// every time-dependent attack inside this window.
contract WindowedOrderDepositor is OrderGatedDepositor {
    /// The longest accepted `output.deadline - block.timestamp`, in seconds.
    uint256 public constant DEADLINE_WINDOW = 600;

    error DeadlineTooFar(uint32 deadline, uint256 latestAllowed);

    constructor(
        address initialOwner,
        address solver_,
        IRelayDepository depository_,
        string memory protocolChainId_,
        Destination[] memory initialWhitelist
    ) OrderGatedDepositor(initialOwner, solver_, depository_, protocolChainId_, initialWhitelist) {}

    function _checkOrderLimits(ProtocolOrder.Order calldata order) internal view override {
        if (order.output.deadline > block.timestamp + DEADLINE_WINDOW) {
            revert DeadlineTooFar(order.output.deadline, block.timestamp + DEADLINE_WINDOW);
        }
    }
}
