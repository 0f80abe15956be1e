// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderGatedDepositorConformance} from "../../contracts/testing/OrderGatedDepositorConformance.sol";

/// The order conformance catalogue against the reference order-gated depositor, through the ready adapter.
/// Strict: every property runs or is declared not applicable with a reason.
contract OrderGatedDepositorConformanceTest is OrderGatedDepositorConformance {
    function strict() internal pure override returns (bool) {
        return true;
    }
}
