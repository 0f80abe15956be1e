// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AttestedReceiverConformance} from "../../contracts/testing/AttestedReceiverConformance.sol";

/// The conformance catalogue against the reference receiver, through the ready adapter.
contract AttestedReceiverConformanceTest is AttestedReceiverConformance {}
