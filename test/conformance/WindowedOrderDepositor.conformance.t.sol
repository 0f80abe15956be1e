// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderGatedDepositorConformance} from "../../contracts/testing/OrderGatedDepositorConformance.sol";
import {WindowedOrderDepositor} from "./WindowedOrderDepositor.sol";

/// The order catalogue against a depositor that refuses output deadlines more than ten minutes ahead: every
/// valid order and time-dependent attack must be built inside that window, and the window itself is tested.
contract WindowedOrderDepositorConformanceTest is OrderGatedDepositorConformance {
    function strict() internal pure override returns (bool) {
        return true;
    }

    function depositorCreationCode() internal pure override returns (bytes memory) {
        return type(WindowedOrderDepositor).creationCode;
    }

    function orderDeadlineWindow(address receiver) internal view override returns (uint256) {
        return WindowedOrderDepositor(receiver).DEADLINE_WINDOW();
    }

    function notApplicable(string memory property) internal view override returns (string memory) {
        if (keccak256(bytes(property)) == keccak256("order.deadline.maxWindow")) return "";
        return super.notApplicable(property);
    }

    /// The window's error is a deadline refusal: the catalogue judges every refusal by its class.
    function refusalOf(bytes4 selector) internal view override returns (string memory, string memory) {
        if (selector == WindowedOrderDepositor.DeadlineTooFar.selector) return ("DeadlineTooFar", "deadline");
        return super.refusalOf(selector);
    }

    function expectedError(string memory property) internal view override returns (bytes4) {
        if (keccak256(bytes(property)) == keccak256("order.deadline.maxWindow")) {
            return WindowedOrderDepositor.DeadlineTooFar.selector;
        }
        return super.expectedError(property);
    }
}
