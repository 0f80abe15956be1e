// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderGatedDepositorConformance} from "../../contracts/testing/OrderGatedDepositorConformance.sol";

/// The order conformance catalogue against the reference order-gated depositor, through the ready adapter.
contract OrderGatedDepositorConformanceTest is OrderGatedDepositorConformance {}
