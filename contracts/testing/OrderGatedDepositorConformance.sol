// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {OrderGatedDepositor} from "../OrderGatedDepositor.sol";
import {RequestAttestation} from "../RequestAttestation.sol";
import {IRelayDepository} from "../depository/IRelayDepository.sol";
import {RelayDepository} from "../depository/RelayDepository.sol";
import {CONFORMANCE_VM} from "./ConformanceVm.sol";
import {OrderReceiverConformance} from "./OrderReceiverConformance.sol";

/// @title OrderGatedDepositorConformance
/// @notice The order catalogue wired to any contract with the reference order-gated depositor's ABI
/// (`OrderGatedDepositor`): inherit it in a test contract and every property runs. By default it deploys
/// `depositorCreationCode()` (the reference itself) in front of a fresh `RelayDepository`; override that to
/// test your own build, or `depositorUnderTest()` to test a deployed depositor on a fork (its owner is
/// impersonated to point it at the mock solver, whitelist the suite's recipient and refuse output calls).
abstract contract OrderGatedDepositorConformance is OrderReceiverConformance {
    address private _owner;

    /// @notice A deployed depositor to test (fork mode); zero deploys a fresh one from {depositorCreationCode}.
    /// @dev Its protocol chain id must be the suite's (`"base"`), or override {setUp} to match it.
    function depositorUnderTest() internal virtual returns (address) {
        return address(0);
    }

    /// @notice Creation code of the depositor to deploy (constructor arguments are appended).
    function depositorCreationCode() internal virtual returns (bytes memory) {
        return type(OrderGatedDepositor).creationCode;
    }

    function deployOrderReceiver(OrderReceiverSetup memory setup) internal virtual override returns (address receiver) {
        OrderGatedDepositor.Destination[] memory whitelist = new OrderGatedDepositor.Destination[](1);
        whitelist[0] = OrderGatedDepositor.Destination(setup.outputChainId, setup.outputRecipient);
        receiver = depositorUnderTest();
        if (receiver == address(0)) {
            IRelayDepository depository = new RelayDepository(setup.owner);
            bytes memory init = abi.encodePacked(
                depositorCreationCode(), abi.encode(setup.owner, setup.solver, depository, setup.chainId, whitelist)
            );
            assembly ("memory-safe") {
                receiver := create(0, add(init, 0x20), mload(init))
            }
            require(receiver != address(0), "OrderGatedDepositorConformance: deployment failed");
            _owner = setup.owner;
            return receiver;
        }
        OrderGatedDepositor deployed = OrderGatedDepositor(receiver);
        _owner = deployed.owner();
        CONFORMANCE_VM.prank(_owner);
        deployed.setSolver(setup.solver, 0);
        CONFORMANCE_VM.prank(_owner);
        deployed.addToWhitelist(whitelist);
        if (deployed.paused()) {
            CONFORMANCE_VM.prank(_owner);
            deployed.unpause();
        }
        if (deployed.callsAllowed()) {
            CONFORMANCE_VM.prank(_owner);
            deployed.setCallsAllowed(false);
        }
    }

    function payOrder(address receiver, OrderPayment memory payment) internal virtual override {
        bool native = payment.route == Route.Native
            || (payment.route == Route.ByCurrency && keccak256(payment.order.inputs[0].payment.currency) == keccak256(new bytes(20)));
        CONFORMANCE_VM.prank(payment.payer);
        if (native) OrderGatedDepositor(receiver).depositNative{value: payment.value}(payment.order, payment.signature);
        else OrderGatedDepositor(receiver).depositErc20(payment.order, payment.signature);
    }

    function isOrderPaid(address receiver, bytes32 orderId) internal view virtual override returns (bool) {
        return OrderGatedDepositor(receiver).isUsed(orderId);
    }

    function setOrderPaused(address receiver, bool paused) internal virtual override returns (bool) {
        CONFORMANCE_VM.prank(_owner);
        if (paused) OrderGatedDepositor(receiver).pause();
        else OrderGatedDepositor(receiver).unpause();
        return true;
    }

    function invalidateOrder(address receiver, bytes32 orderId) internal virtual override returns (bool) {
        bytes32[] memory ids = new bytes32[](1);
        ids[0] = orderId;
        CONFORMANCE_VM.prank(_owner);
        OrderGatedDepositor(receiver).invalidateOrders(ids);
        return true;
    }

    function allowOrderCalls(address receiver, bool allowed) internal virtual override returns (bool) {
        CONFORMANCE_VM.prank(_owner);
        OrderGatedDepositor(receiver).setCallsAllowed(allowed);
        return true;
    }

    function rotateOrderSolver(address receiver, address newSolver, uint40 gracePeriod)
        internal
        virtual
        override
        returns (bool)
    {
        CONFORMANCE_VM.prank(_owner);
        OrderGatedDepositor(receiver).setSolver(newSolver, gracePeriod);
        return true;
    }

    function orderDepository(address receiver) internal view virtual override returns (address) {
        return address(OrderGatedDepositor(receiver).depository());
    }

    /// @dev The reference's admin functions (see {ConformanceBase.adminCalldata}).
    function adminCalldata(AdminAction action, address account, bytes32 id)
        internal
        view
        virtual
        override
        returns (bytes memory)
    {
        if (action == AdminAction.RotateSolver) return abi.encodeCall(OrderGatedDepositor.setSolver, (account, 0));
        if (action == AdminAction.Pause) return abi.encodeCall(OrderGatedDepositor.pause, ());
        if (action == AdminAction.Invalidate) {
            bytes32[] memory ids = new bytes32[](1);
            ids[0] = id;
            return abi.encodeCall(OrderGatedDepositor.invalidateOrders, (ids));
        }
        if (action == AdminAction.Whitelist) {
            OrderGatedDepositor.Destination[] memory destinations = new OrderGatedDepositor.Destination[](1);
            destinations[0] = OrderGatedDepositor.Destination(orderSetup.outputChainId, abi.encodePacked(id));
            return abi.encodeCall(OrderGatedDepositor.addToWhitelist, (destinations));
        }
        if (action == AdminAction.AllowCalls) return abi.encodeCall(OrderGatedDepositor.setCallsAllowed, (true));
        return abi.encodeCall(Ownable.transferOwnership, (account));
    }

    /// @dev The depositor keeps nothing: every payment must arrive in its depository.
    function orderPaymentRecipient(address receiver) internal view virtual override returns (address) {
        return address(OrderGatedDepositor(receiver).depository());
    }

    /// @dev The reference's design choices the catalogue reports as not applicable.
    function notApplicable(string memory property) internal view virtual override returns (string memory) {
        bytes32 p = keccak256(bytes(property));
        if (p == keccak256("order.deadline.maxWindow")) return "orders carry their own output deadline; no maximum window";
        return "";
    }

    /// @dev The reference's typed error for each refusal (properties whose cause varies accept any revert).
    function expectedError(string memory property) internal view virtual override returns (bytes4) {
        bytes32 p = keccak256(bytes(property));
        if (
            p == keccak256("order.replay.sameSignature") || p == keccak256("order.replay.later")
                || p == keccak256("order.replay.otherPayer") || p == keccak256("order.replay.compactForm")
                || p == keccak256("order.replay.highSTwin") || p == keccak256("order.replay.token")
        ) return OrderGatedDepositor.OrderAlreadyUsed.selector;
        if (
            p == keccak256("order.rotation.grace") || p == keccak256("order.rotation.zeroGrace")
                || p == keccak256("order.rotation.graceCap")
        ) return OrderGatedDepositor.SignerMismatch.selector;
        if (p == keccak256("order.admin.invalidateByStranger")) return OrderGatedDepositor.NotSolverOrOwner.selector;
        if (
            p == keccak256("order.admin.rotateByStranger") || p == keccak256("order.admin.pauseByStranger")
                || p == keccak256("order.admin.whitelistByStranger") || p == keccak256("order.admin.callsByStranger")
                || p == keccak256("order.admin.ownershipByStranger")
        ) return Ownable.OwnableUnauthorizedAccount.selector;
        if (
            p == keccak256("order.binding.anyField") || p == keccak256("order.signer.stranger")
                || p == keccak256("order.signer.callerChosen")
        ) return OrderGatedDepositor.SignerMismatch.selector;
        if (p == keccak256("order.solver.named")) return OrderGatedDepositor.OrderSolverMismatch.selector;
        if (p == keccak256("order.signature.zeroAddress")) return RequestAttestation.InvalidSignature.selector;
        if (p == keccak256("order.signature.highS")) return RequestAttestation.InvalidSignatureS.selector;
        if (p == keccak256("order.signature.v")) return RequestAttestation.InvalidSignatureV.selector;
        if (p == keccak256("order.signature.length")) return RequestAttestation.InvalidSignatureLength.selector;
        if (p == keccak256("order.amount.shortNative") || p == keccak256("order.amount.overNative")) {
            return OrderGatedDepositor.ValueMismatch.selector;
        }
        if (p == keccak256("order.amount.zero")) return OrderGatedDepositor.ZeroAmount.selector;
        if (p == keccak256("order.currency.tokenPaidNatively")) return OrderGatedDepositor.NotNativeCurrency.selector;
        if (p == keccak256("order.currency.nativePaidWithToken")) return OrderGatedDepositor.NotAToken.selector;
        if (
            p == keccak256("order.token.feeOnTransfer") || p == keccak256("order.token.rebasing")
                || p == keccak256("order.token.shares")
        ) return OrderGatedDepositor.DeliveredAmountMismatch.selector;
        if (p == keccak256("order.chain.input")) return OrderGatedDepositor.NoInputForThisChain.selector;
        if (p == keccak256("order.deadline.expired")) return OrderGatedDepositor.OutputDeadlinePassed.selector;
        if (
            p == keccak256("order.whitelist.recipient") || p == keccak256("order.whitelist.everyRecipient")
                || p == keccak256("order.whitelist.outputChain")
        ) return OrderGatedDepositor.RecipientNotWhitelisted.selector;
        if (p == keccak256("order.invalidation.refused")) return OrderGatedDepositor.OrderIdInvalidated.selector;
        if (p == keccak256("order.pause.refused")) return OrderGatedDepositor.DepositorPaused.selector;
        if (p == keccak256("order.payer.stranger")) return OrderGatedDepositor.PayerNotRefundRecipient.selector;
        if (p == keccak256("order.payer.noRefundHere")) return OrderGatedDepositor.NoRefundForThisChain.selector;
        if (p == keccak256("order.calls.refused") || p == keccak256("order.calls.ownerAllows")) {
            return OrderGatedDepositor.OutputCallsNotAllowed.selector;
        }
        return bytes4(0);
    }
}
