// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReceiverConformance} from "attestkit/contracts/testing/ReceiverConformance.sol";
import {CONFORMANCE_VM} from "attestkit/contracts/testing/ConformanceVm.sol";
import {TipJarReceiver} from "../src/TipJarReceiver.sol";

/// Every property of the catalogue against TipJarReceiver: three hooks, and the reasons for what it lacks.
contract TipJarReceiverConformanceTest is ReceiverConformance {
    function deployReceiver(ReceiverSetup memory setup) internal override returns (address) {
        return address(new TipJarReceiver(setup.solver, setup.destinationChainId, setup.destinationUser));
    }

    function pay(address receiver, Payment memory payment) internal override {
        CONFORMANCE_VM.prank(payment.payer);
        TipJarReceiver(receiver).pay{value: payment.value}(payment.data, payment.deadline, payment.signature);
    }

    function isPaid(address receiver, bytes32 requestId) internal view override returns (bool) {
        return TipJarReceiver(receiver).paid(requestId);
    }

    function notApplicable(string memory property) internal pure override returns (string memory) {
        bytes32 p = keccak256(bytes(property));
        if (
            p == keccak256("pay.token") || p == keccak256("token.noReturn") || p == keccak256("replay.token")
                || p == keccak256("token.standingBalance")
        ) {
            return "native payments only";
        }
        if (p == keccak256("replay.acrossReceivers")) return "one receiver per solver";
        return "";
    }
}
