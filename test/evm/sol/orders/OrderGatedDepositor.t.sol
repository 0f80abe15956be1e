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
}
