// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderGatedDepositor} from "../../../../contracts/OrderGatedDepositor.sol";
import {ProtocolOrder} from "../../../../contracts/ProtocolOrder.sol";
import {FeeOnTransferToken} from "../../../../contracts/mocks/FeeOnTransferToken.sol";
import {OrderFixture} from "./OrderFixture.sol";

/// Honest payments and the attack suite of the order-gated depositor: each attack is set up, shown to differ
/// from the honest case, and refused with its specific error.
contract OrderGatedDepositorTest is OrderFixture {
    function setUp() public {
        _deploy();
        vm.deal(payer, 100 ether);
        token.mint(payer, 1_000_000);
        vm.prank(payer);
        token.approve(address(depositor), type(uint256).max);
    }

    function test_NativePaymentReachesTheDepositoryUnderTheOrderId() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        bytes32 id = ProtocolOrder.orderId(order);
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
        assertEq(address(depository).balance, 1 ether, "depository balance");
        assertEq(address(depositor).balance, 0, "depositor keeps nothing");
        assertTrue(depositor.isUsed(id), "order id used");
    }

    function test_Erc20PaymentReachesTheDepositoryUnderTheOrderId() public {
        ProtocolOrder.Order memory order = _erc20(1000);
        vm.prank(payer);
        depositor.depositErc20(order, _sign(SOLVER_PK, order));
        assertEq(token.balanceOf(address(depository)), 1000, "depository balance");
        assertEq(token.balanceOf(address(depositor)), 0, "depositor keeps nothing");
        assertEq(token.allowance(address(depositor), address(depository)), 0, "no allowance left");
        assertTrue(depositor.isUsed(ProtocolOrder.orderId(order)), "order id used");
    }

    function test_Attack_TamperedOrderRecoversToAnotherSigner() public {
        ProtocolOrder.Order memory signed = _native(1 ether);
        bytes memory signature = _sign(SOLVER_PK, signed);
        ProtocolOrder.Order memory tampered = _native(1 ether);
        tampered.output.payments[0].minimumAmount = 1; // the attacker lowers the guaranteed output
        bytes32 tamperedId = ProtocolOrder.orderId(tampered);
        assertTrue(tamperedId != ProtocolOrder.orderId(signed), "tampering changed the id");
        address recovered = ProtocolOrder.recoverSignerMemory(tamperedId, signature);
        assertTrue(recovered != solver, "tampered id recovers to someone else");
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.SignerMismatch.selector, solver, recovered));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(tampered, signature);
    }

    /// Attack: the order's `output` offset is pointed past the end of calldata, where a reader finds an output
    /// with no payments (no recipient to whitelist). The depositor reads the output through the offset the id
    /// was hashed over, unchecked as the hasher reads it, so it sees the empty output the id commits to and
    /// refuses its zero deadline.
    function test_Attack_OutputOffsetPastCalldata() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        bytes memory honest = abi.encodeCall(OrderGatedDepositor.depositNative, (order, _sign(SOLVER_PK, order)));
        bytes memory data = bytes.concat(honest);
        // selector, then the heads (order, signature); the order's sixth head word is its output's offset, set
        // to the calldata's length: relative to the order, that is past the end
        uint256 outputHead = 4 + 0x40 + 5 * 0x20;
        assembly ("memory-safe") {
            mstore(add(add(data, 0x20), outputHead), mload(data))
        }
        vm.prank(payer);
        (bool ok, bytes memory reason) = address(depositor).call{value: 1 ether}(data);
        assertTrue(!ok, "payment with the output past calldata refused");
        assertEq(
            keccak256(reason),
            keccak256(
                abi.encodeWithSelector(OrderGatedDepositor.OutputDeadlinePassed.selector, uint32(0), block.timestamp)
            ),
            "refused for the empty output's zero deadline"
        );
        vm.prank(payer);
        (ok,) = address(depositor).call{value: 1 ether}(honest);
        assertTrue(ok, "the honest encoding pays");
    }

    function test_Attack_OrderSignedByAnotherKey() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        address attacker = vm.addr(ATTACKER_PK);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.SignerMismatch.selector, solver, attacker));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(ATTACKER_PK, order));
    }

    function test_Attack_HighSTwinOfTheSolverSignature() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        bytes memory signature = _sign(SOLVER_PK, order);
        bytes32 s;
        assembly ("memory-safe") {
            s := mload(add(signature, 0x40))
        }
        bytes32 highS = bytes32(SECP256K1_N - uint256(s));
        assembly ("memory-safe") {
            mstore(add(signature, 0x40), highS)
        }
        signature[64] = signature[64] == bytes1(uint8(27)) ? bytes1(uint8(28)) : bytes1(uint8(27));
        vm.expectRevert(abi.encodeWithSignature("InvalidSignatureS(bytes32)", highS));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, signature);
    }

    function test_Attack_ExpiredOutputDeadline() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        vm.warp(uint256(DEADLINE) + 1);
        vm.expectRevert(
            abi.encodeWithSelector(OrderGatedDepositor.OutputDeadlinePassed.selector, DEADLINE, uint256(DEADLINE) + 1)
        );
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }

    function test_DeadlineSecondItselfIsAccepted() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        vm.warp(DEADLINE);
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
        assertEq(address(depository).balance, 1 ether, "paid at the deadline second");
    }

    function test_Attack_NativeValueShortOfTheAmount() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.ValueMismatch.selector, 1 ether, 1 ether - 1));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether - 1}(order, _sign(SOLVER_PK, order));
    }

    function test_Attack_TokenOrderPaidWithNativeCurrency() public {
        ProtocolOrder.Order memory order = _erc20(1000);
        vm.expectRevert(
            abi.encodeWithSelector(OrderGatedDepositor.NotNativeCurrency.selector, abi.encodePacked(address(token)))
        );
        vm.prank(payer);
        depositor.depositNative{value: 1000}(order, _sign(SOLVER_PK, order));
    }

    function test_Attack_NativeOrderPaidThroughTheTokenPath() public {
        ProtocolOrder.Order memory order = _native(1000);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.NotAToken.selector, new bytes(20)));
        vm.prank(payer);
        depositor.depositErc20(order, _sign(SOLVER_PK, order));
    }

    function test_Attack_NonEvmCurrencyBytes() public {
        ProtocolOrder.Order memory order = _order(new bytes(32), 1000);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.NotAToken.selector, new bytes(32)));
        vm.prank(payer);
        depositor.depositErc20(order, _sign(SOLVER_PK, order));
    }

    function test_Attack_FeeOnTransferTokenShortDelivers() public {
        FeeOnTransferToken fee = new FeeOnTransferToken(100); // 1%
        fee.mint(payer, 10_000);
        vm.prank(payer);
        fee.approve(address(depositor), type(uint256).max);
        ProtocolOrder.Order memory order = _order(abi.encodePacked(address(fee)), 10_000);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.DeliveredAmountMismatch.selector, 10_000, 9_900));
        vm.prank(payer);
        depositor.depositErc20(order, _sign(SOLVER_PK, order));
    }

    function test_Attack_ReplayOfAPaidOrder() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        bytes memory signature = _sign(SOLVER_PK, order);
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, signature);
        assertTrue(depositor.isUsed(ProtocolOrder.orderId(order)), "first payment landed");
        vm.expectRevert(
            abi.encodeWithSelector(OrderGatedDepositor.OrderAlreadyUsed.selector, ProtocolOrder.orderId(order))
        );
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, signature);
    }

    function test_Attack_RecipientOffTheWhitelist() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        bytes memory attackerRecipient = abi.encodePacked(keccak256("attacker"));
        order.output.payments[0].recipient = attackerRecipient;
        assertTrue(!depositor.isWhitelisted(OUTPUT_CHAIN, attackerRecipient), "recipient not whitelisted");
        vm.expectRevert(
            abi.encodeWithSelector(OrderGatedDepositor.RecipientNotWhitelisted.selector, OUTPUT_CHAIN, attackerRecipient)
        );
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }

    function test_Attack_WhitelistedRecipientOnAnotherOutputChain() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        order.output.chainId = "eclipse";
        vm.expectRevert(
            abi.encodeWithSelector(OrderGatedDepositor.RecipientNotWhitelisted.selector, "eclipse", RECIPIENT)
        );
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }

    function test_Attack_OrderPaysOnAnotherChain() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        order.inputs[0].payment.chainId = "optimism";
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.NoInputForThisChain.selector, THIS_CHAIN));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }

    function test_Attack_OrderNamingAnotherSolverSignedByTheTrustedOne() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        order.solver = vm.addr(ATTACKER_PK);
        vm.expectRevert(
            abi.encodeWithSelector(OrderGatedDepositor.OrderSolverMismatch.selector, solver, vm.addr(ATTACKER_PK))
        );
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }

    function test_InvalidatedOrderCannotBePaid() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        bytes32[] memory ids = new bytes32[](1);
        ids[0] = ProtocolOrder.orderId(order);
        vm.prank(solver);
        depositor.invalidateOrders(ids);
        assertTrue(depositor.isOrderInvalidated(ids[0]), "invalidated");
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.OrderIdInvalidated.selector, ids[0]));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }

    function test_OnlySolverOrOwnerInvalidates() public {
        bytes32[] memory ids = new bytes32[](1);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.NotSolverOrOwner.selector, payer));
        vm.prank(payer);
        depositor.invalidateOrders(ids);
    }

    function test_PausedRefusesPayments() public {
        depositor.pause();
        ProtocolOrder.Order memory order = _native(1 ether);
        vm.expectRevert(OrderGatedDepositor.DepositorPaused.selector);
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }

    function test_RotatedSolverKeepsGraceThenStops() public {
        uint256 newPk = 0xC0FFEE;
        depositor.setSolver(vm.addr(newPk), 600);
        ProtocolOrder.Order memory order = _native(1 ether);
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
        ProtocolOrder.Order memory late = _native(2 ether);
        vm.warp(block.timestamp + 600);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.SignerMismatch.selector, vm.addr(newPk), solver));
        vm.prank(payer);
        depositor.depositNative{value: 2 ether}(late, _sign(SOLVER_PK, late));
    }

    function test_GracePeriodCapped() public {
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.GracePeriodTooLong.selector, 31 days, 30 days));
        depositor.setSolver(address(1), 31 days);
    }

    function test_RenounceDisabled() public {
        vm.expectRevert(OrderGatedDepositor.RenounceDisabled.selector);
        depositor.renounceOwnership();
    }

    function test_ZeroAmountRefused() public {
        ProtocolOrder.Order memory order = _native(0);
        vm.expectRevert(OrderGatedDepositor.ZeroAmount.selector);
        vm.prank(payer);
        depositor.depositNative{value: 0}(order, _sign(SOLVER_PK, order));
    }

    /// Fuzz: any native value other than the order's amount is refused with the exact pair.
    function testFuzz_NativeValueMustBeExact(uint96 amount, uint96 sent) public {
        vm.assume(amount != 0 && sent != amount);
        ProtocolOrder.Order memory order = _native(amount);
        vm.deal(payer, sent);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.ValueMismatch.selector, amount, sent));
        vm.prank(payer);
        depositor.depositNative{value: sent}(order, _sign(SOLVER_PK, order));
    }

    /// Fuzz: an order signed for one salt never pays under another.
    function testFuzz_SignatureBindsTheSalt(uint256 signedSalt, uint256 paidSalt) public {
        vm.assume(signedSalt != paidSalt);
        ProtocolOrder.Order memory signed = _native(1 ether);
        signed.salt = signedSalt;
        bytes memory signature = _sign(SOLVER_PK, signed);
        ProtocolOrder.Order memory paid = _native(1 ether);
        paid.salt = paidSalt;
        address recovered = ProtocolOrder.recoverSignerMemory(ProtocolOrder.orderId(paid), signature);
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.SignerMismatch.selector, solver, recovered));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(paid, signature);
    }
    /// R2: a stranger holding the user's order and signature (both public once a first try lands on chain)
    /// pays it first. Before the payer was bound this succeeded, used up the one-time record and made the
    /// user's own payment fail with OrderAlreadyUsed; now it is refused and the user pays.
    function test_Attack_StrangerPaysTheUsersOrderFirst() public {
        address stranger = vm.addr(ATTACKER_PK);
        vm.deal(stranger, 10 ether);
        ProtocolOrder.Order memory order = _native(1 ether);
        bytes memory signature = _sign(SOLVER_PK, order);
        bytes32 id = ProtocolOrder.orderId(order);
        vm.expectRevert(
            abi.encodeWithSelector(
                OrderGatedDepositor.PayerNotRefundRecipient.selector, abi.encodePacked(payer), stranger
            )
        );
        vm.prank(stranger);
        depositor.depositNative{value: 1 ether}(order, signature);
        assertTrue(!depositor.isUsed(id), "the stranger did not use up the record");
        assertEq(stranger.balance, 10 ether, "the stranger paid nothing");
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, signature);
        assertTrue(depositor.isUsed(id), "the user's own payment went through");
        assertEq(address(depository).balance, 1 ether, "depository balance");
    }

    /// R2, token path: the stranger approved the depositor and holds the tokens; still refused.
    function test_Attack_StrangerPaysTheUsersTokenOrderFirst() public {
        address stranger = vm.addr(ATTACKER_PK);
        token.mint(stranger, 1000);
        vm.prank(stranger);
        token.approve(address(depositor), 1000);
        ProtocolOrder.Order memory order = _erc20(1000);
        bytes memory signature = _sign(SOLVER_PK, order);
        vm.expectRevert(
            abi.encodeWithSelector(
                OrderGatedDepositor.PayerNotRefundRecipient.selector, abi.encodePacked(payer), stranger
            )
        );
        vm.prank(stranger);
        depositor.depositErc20(order, signature);
        assertEq(token.balanceOf(stranger), 1000, "the stranger's tokens stayed");
        vm.prank(payer);
        depositor.depositErc20(order, signature);
        assertEq(token.balanceOf(address(depository)), 1000, "the user's own payment went through");
    }

    /// R2: an order whose only refund is on another chain binds no payer here: refused, whoever pays.
    function test_Attack_OrderWithoutRefundOnThisChain() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        order.inputs[0].refunds[0].chainId = OUTPUT_CHAIN;
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.NoRefundForThisChain.selector, THIS_CHAIN));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }

    /// R2: the first refund on this chain binds the payer (an earlier refund elsewhere naming the payer's
    /// bytes does not), and a recipient that is not 20 bytes never matches.
    function test_Attack_PayerNamedOnlyByARefundElsewhereOrInAnotherForm() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        ProtocolOrder.InputRefund[] memory refunds = new ProtocolOrder.InputRefund[](2);
        refunds[0] = ProtocolOrder.InputRefund(OUTPUT_CHAIN, abi.encodePacked(payer), new bytes(20), 0, DEADLINE, "");
        refunds[1] = ProtocolOrder.InputRefund(THIS_CHAIN, abi.encodePacked(address(0xCAFE)), new bytes(20), 0, DEADLINE, "");
        order.inputs[0].refunds = refunds;
        vm.expectRevert(
            abi.encodeWithSelector(
                OrderGatedDepositor.PayerNotRefundRecipient.selector, abi.encodePacked(address(0xCAFE)), payer
            )
        );
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));

        ProtocolOrder.Order memory padded = _native(1 ether);
        padded.inputs[0].refunds[0].recipient = abi.encodePacked(bytes12(0), payer); // 32-byte form
        vm.expectRevert(
            abi.encodeWithSelector(
                OrderGatedDepositor.PayerNotRefundRecipient.selector, abi.encodePacked(bytes12(0), payer), payer
            )
        );
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(padded, _sign(SOLVER_PK, padded));
    }

    /// R3: an order paying the whitelisted recipient whose output calls send the output elsewhere (here a
    /// token transfer to the attacker run on the destination). Refused until the owner allows calls.
    function test_Attack_OutputCallsSendTheOutputElsewhere() public {
        ProtocolOrder.Order memory order = _native(1 ether);
        order.output.calls = new bytes[](1);
        order.output.calls[0] = abi.encodeWithSignature("transfer(address,uint256)", vm.addr(ATTACKER_PK), 990);
        bytes memory signature = _sign(SOLVER_PK, order);
        assertTrue(depositor.isWhitelisted(OUTPUT_CHAIN, RECIPIENT), "the output recipient is whitelisted");
        vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.OutputCallsNotAllowed.selector, 1));
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, signature);
        assertTrue(!depositor.isUsed(ProtocolOrder.orderId(order)), "nothing recorded");

        depositor.setCallsAllowed(true);
        assertTrue(depositor.callsAllowed(), "calls allowed");
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, signature);
        assertEq(address(depository).balance, 1 ether, "paid once the owner allows calls");
    }

    function test_OnlyTheOwnerAllowsCalls() public {
        vm.expectRevert(abi.encodeWithSignature("OwnableUnauthorizedAccount(address)", payer));
        vm.prank(payer);
        depositor.setCallsAllowed(true);
        assertTrue(!depositor.callsAllowed(), "calls refused by default");
    }

    /// Deadline second, on and off chain alike: valid while `block.timestamp <= output.deadline`.
    function testFuzz_DeadlineIsInclusive(uint32 offset) public {
        ProtocolOrder.Order memory order = _native(1 ether);
        uint256 at = bound(offset, 0, 2) + DEADLINE - 1; // deadline - 1, deadline, deadline + 1
        vm.warp(at);
        if (at > DEADLINE) {
            vm.expectRevert(abi.encodeWithSelector(OrderGatedDepositor.OutputDeadlinePassed.selector, DEADLINE, at));
        }
        vm.prank(payer);
        depositor.depositNative{value: 1 ether}(order, _sign(SOLVER_PK, order));
    }
}
