// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AttestedReceiverConformance} from "../../contracts/testing/AttestedReceiverConformance.sol";

/// The conformance catalogue against the reference receiver, through the ready adapter.
/// Strict: every property runs or is declared not applicable with a reason.
contract AttestedReceiverConformanceTest is AttestedReceiverConformance {
    function strict() internal pure override returns (bool) {
        return true;
    }
}
