// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderReceiverConformance} from "attestkit/contracts/testing/OrderReceiverConformance.sol";
import {CONFORMANCE_VM} from "attestkit/contracts/testing/ConformanceVm.sol";
import {ShopCheckout} from "../src/ShopCheckout.sol";

/// The order catalogue against ShopCheckout, whose API differs from the reference: each hook translates the
/// suite's request into the contract's own call, its 10-minute window is declared and its errors classified.
contract ShopCheckoutConformanceTest is OrderReceiverConformance {
    uint256 private constant MAX_WINDOW = 600;

    function deployOrderReceiver(OrderReceiverSetup memory setup) internal override returns (address) {
        // The constructor's own order: cap, signer, this chain, delivery chain and recipient, owner.
        return address(
            new ShopCheckout(
                MAX_WINDOW, setup.solver, setup.chainId, setup.outputChainId, setup.outputRecipient, setup.owner
            )
        );
    }

    function payOrder(address receiver, OrderPayment memory payment) internal override {
        // Native payments only, signature first.
        CONFORMANCE_VM.prank(payment.payer);
        ShopCheckout(receiver).checkout{value: payment.value}(payment.signature, payment.order);
    }

    function isOrderPaid(address receiver, bytes32 orderId) internal view override returns (bool) {
        return ShopCheckout(receiver).settled(orderId);
    }

    function setOrderPaused(address receiver, bool paused) internal override returns (bool) {
        CONFORMANCE_VM.prank(ShopCheckout(receiver).owner());
        ShopCheckout(receiver).halt(paused);
        return true;
    }

    function invalidateOrder(address receiver, bytes32 orderId) internal override returns (bool) {
        CONFORMANCE_VM.prank(ShopCheckout(receiver).owner());
        ShopCheckout(receiver).cancel(orderId);
        return true;
    }

    /// Its two admin functions, as its owner would call them: a stranger sending them must be refused.
    function adminCalldata(AdminAction action, address, bytes32 id) internal pure override returns (bytes memory) {
        if (action == AdminAction.Pause) return abi.encodeCall(ShopCheckout.halt, (true));
        if (action == AdminAction.Invalidate) return abi.encodeCall(ShopCheckout.cancel, (id));
        return "";
    }

    function orderDeadlineWindow(address) internal pure override returns (uint256) {
        return MAX_WINDOW;
    }

    /// Every property is tested or named below with its reason.
    function strict() internal pure override returns (bool) {
        return true;
    }

    function notApplicable(string memory property) internal pure override returns (string memory) {
        bytes32 p = keccak256(bytes(property));
        if (
            p == keccak256("order.pay.token") || p == keccak256("order.token.noReturn")
                || p == keccak256("order.token.feeOnTransfer") || p == keccak256("order.token.rebasing")
                || p == keccak256("order.token.shares")
        ) return "native payments only";
        if (p == keccak256("order.replay.token")) return "native payments only";
        if (p == keccak256("order.calls.ownerAllows") || p == keccak256("order.admin.callsByStranger")) {
            return "output calls are always refused; there is no switch";
        }
        if (p == keccak256("order.deposit.record")) return "payments stay in the contract; no depository deposit";
        if (
            p == keccak256("order.rotation.grace") || p == keccak256("order.rotation.zeroGrace")
                || p == keccak256("order.rotation.graceCap") || p == keccak256("order.admin.rotateByStranger")
        ) return "the solver is immutable; no rotation";
        if (p == keccak256("order.admin.whitelistByStranger")) {
            return "the delivery chain and recipient are fixed at deployment";
        }
        if (p == keccak256("order.admin.ownershipByStranger")) return "the owner is immutable; no ownership transfer";
        return "";
    }

    /// Its errors, classified once (the reference's names, which ProtocolOrder's signature checks raise, after).
    function refusalOf(bytes4 selector) internal view override returns (string memory, string memory) {
        if (selector == ShopCheckout.NotOwner.selector) return ("NotOwner", "unauthorized");
        if (selector == ShopCheckout.Halted.selector) return ("Halted", "paused");
        if (selector == ShopCheckout.AlreadySettled.selector) return ("AlreadySettled", "replay");
        if (selector == ShopCheckout.Cancelled.selector) return ("Cancelled", "invalidated");
        if (selector == ShopCheckout.BadSolverSignature.selector) return ("BadSolverSignature", "signature");
        if (selector == ShopCheckout.WrongSolver.selector) return ("WrongSolver", "solver");
        if (selector == ShopCheckout.Late.selector) return ("Late", "deadline");
        if (selector == ShopCheckout.DeadlineTooFar.selector) return ("DeadlineTooFar", "deadline");
        if (selector == ShopCheckout.WrongAmount.selector) return ("WrongAmount", "amount");
        if (selector == ShopCheckout.NotNative.selector) return ("NotNative", "currency");
        if (selector == ShopCheckout.NoInputHere.selector) return ("NoInputHere", "chain");
        if (selector == ShopCheckout.NotYourOrder.selector) return ("NotYourOrder", "payer");
        if (selector == ShopCheckout.DeliveryRefused.selector) return ("DeliveryRefused", "whitelist");
        if (selector == ShopCheckout.CallsRefused.selector) return ("CallsRefused", "calls");
        return super.refusalOf(selector);
    }
}
