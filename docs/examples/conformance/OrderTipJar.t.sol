// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderReceiverConformance} from "attestkit/contracts/testing/OrderReceiverConformance.sol";
import {CONFORMANCE_VM} from "attestkit/contracts/testing/ConformanceVm.sol";
import {OrderTipJar} from "../src/OrderTipJar.sol";

/// Every property of the order catalogue against OrderTipJar: three hooks, and the reasons for what it lacks.
contract OrderTipJarConformanceTest is OrderReceiverConformance {
    function deployOrderReceiver(OrderReceiverSetup memory setup) internal override returns (address) {
        return address(new OrderTipJar(setup.solver, setup.chainId, setup.outputChainId, setup.outputRecipient));
    }

    function payOrder(address receiver, OrderPayment memory payment) internal override {
        CONFORMANCE_VM.prank(payment.payer);
        OrderTipJar(receiver).pay{value: payment.value}(payment.order, payment.signature);
    }

    function isOrderPaid(address receiver, bytes32 orderId) internal view override returns (bool) {
        return OrderTipJar(receiver).paid(orderId);
    }

    function notApplicable(string memory property) internal pure override returns (string memory) {
        bytes32 p = keccak256(bytes(property));
        if (
            p == keccak256("order.pay.token") || p == keccak256("order.token.noReturn")
                || p == keccak256("order.replay.token")
        ) return "native inputs only";
        return "";
    }
}
