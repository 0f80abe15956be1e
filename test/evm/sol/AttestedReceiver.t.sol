// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AttestedReceiver} from "../../../contracts/AttestedReceiver.sol";
import {RequestAttestation} from "../../../contracts/RequestAttestation.sol";
import {ReceiverFixture} from "./ReceiverFixture.sol";

/// Fuzz tests of the receiver: exact forwarding, no residue, no replay, exact error payloads.
contract AttestedReceiverFuzzTest is ReceiverFixture {
    function setUp() public {
        _deploy();
    }

    function testFuzz_NativeDepositReachesSolverExactly(bytes32 id, uint256 payerSeed, uint256 amount) public {
        address payer = address(uint160(bound(payerSeed, 0x1000, 0xffffffff)));
        amount = bound(amount, 1, 1e30);
        vm.deal(payer, amount);
        uint256 before = solver.balance;
        RequestAttestation.RequestData memory d = _request(id, payer, address(0), amount);
        bytes memory sig = _sign(SOLVER_PK, d);
        vm.prank(payer);
        receiver.depositNative{value: amount}(d, block.timestamp + 1, sig);
        assertEq(solver.balance - before, amount, "solver received");
        assertEq(address(receiver).balance, 0, "receiver keeps nothing");
        assertTrue(receiver.isAccepted(id), "recorded");

        // the same id is never accepted twice, whatever the payment
        vm.deal(payer, amount);
        vm.prank(payer);
        vm.expectRevert(abi.encodeWithSelector(AttestedReceiver.RequestAlreadyAccepted.selector, id));
        receiver.depositNative{value: amount}(d, block.timestamp + 1, sig);
    }

    function testFuzz_Erc20DepositReachesSolverExactly(bytes32 id, uint256 payerSeed, uint256 amount) public {
        address payer = address(uint160(bound(payerSeed, 0x1000, 0xffffffff)));
        amount = bound(amount, 1, 1e30);
        token.mint(payer, amount * 2);
        vm.prank(payer);
        token.approve(address(receiver), type(uint256).max);
        RequestAttestation.RequestData memory d = _request(id, payer, address(token), amount);
        bytes memory sig = _sign(SOLVER_PK, d);
        vm.prank(payer);
        receiver.depositErc20(d, block.timestamp + WINDOW, sig);
        assertEq(token.balanceOf(solver), amount, "solver received");
        assertEq(token.balanceOf(address(receiver)), 0, "receiver keeps nothing");

        vm.prank(payer);
        vm.expectRevert(abi.encodeWithSelector(AttestedReceiver.RequestAlreadyAccepted.selector, id));
        receiver.depositErc20(d, block.timestamp + WINDOW, sig);
        assertEq(token.balanceOf(payer), amount, "second payment not taken");
    }

    function testFuzz_WrongValueRejectedWithBothAmounts(uint256 amount, uint256 sent) public {
        amount = bound(amount, 1, 1e30);
        sent = bound(sent, 0, 1e30);
        vm.assume(sent != amount);
        address payer = address(0xBEEF);
        vm.deal(payer, sent);
        RequestAttestation.RequestData memory d = _request(keccak256("v"), payer, address(0), amount);
        bytes memory sig = _sign(SOLVER_PK, d);
        vm.prank(payer);
        vm.expectRevert(abi.encodeWithSelector(AttestedReceiver.ValueMismatch.selector, amount, sent));
        receiver.depositNative{value: sent}(d, block.timestamp, sig);
    }

    function testFuzz_DeadlineWindow(uint256 ahead) public {
        ahead = bound(ahead, 0, 10 * uint256(WINDOW));
        address payer = address(0xBEEF);
        vm.deal(payer, 1);
        RequestAttestation.RequestData memory d = _request(keccak256("d"), payer, address(0), 1);
        bytes memory sig = _sign(SOLVER_PK, d);
        uint256 deadline = block.timestamp + ahead;
        if (ahead > WINDOW) {
            vm.expectRevert(
                abi.encodeWithSelector(
                    AttestedReceiver.DeadlineBeyondMaxWindow.selector, deadline, block.timestamp + WINDOW
                )
            );
        }
        vm.prank(payer);
        receiver.depositNative{value: 1}(d, deadline, sig);
    }

    function testFuzz_SignatureOfAnyOtherKeyRejected(uint256 pk) public {
        pk = bound(pk, 1, SECP256K1_N - 1);
        vm.assume(pk != SOLVER_PK);
        address payer = address(0xBEEF);
        vm.deal(payer, 1);
        RequestAttestation.RequestData memory d = _request(keccak256("k"), payer, address(0), 1);
        bytes memory sig = _sign(pk, d);
        vm.prank(payer);
        vm.expectRevert(abi.encodeWithSelector(AttestedReceiver.SignerMismatch.selector, solver, vm.addr(pk)));
        receiver.depositNative{value: 1}(d, block.timestamp, sig);
    }

    function testFuzz_GraceWindowIsExclusiveAndCapped(uint40 grace, uint256 elapsed) public {
        address next = vm.addr(0xB0B);
        if (grace > 30 days) {
            vm.expectRevert(abi.encodeWithSelector(AttestedReceiver.GracePeriodTooLong.selector, grace, 30 days));
            receiver.setSolver(next, grace);
            return;
        }
        uint256 rotatedAt = block.timestamp;
        receiver.setSolver(next, grace);
        elapsed = bound(elapsed, 0, uint256(grace) + 10);
        vm.warp(rotatedAt + elapsed);
        assertTrue(receiver.isAuthorizedSigner(solver) == (elapsed < grace), "old key verifies only before the grace ends");
        address payer = address(0xBEEF);
        vm.deal(payer, 1);
        RequestAttestation.RequestData memory d = _request(keccak256(abi.encode(grace, elapsed)), payer, address(0), 1);
        bytes memory sig = _sign(SOLVER_PK, d);
        if (elapsed >= grace) {
            vm.expectRevert(abi.encodeWithSelector(AttestedReceiver.SignerMismatch.selector, next, solver));
        }
        vm.prank(payer);
        receiver.depositNative{value: 1}(d, block.timestamp, sig);
    }

    function testFuzz_InvalidatedIdIsNeverAccepted(bytes32 id, uint256 amount) public {
        amount = bound(amount, 1, 1e30);
        bytes32[] memory ids = new bytes32[](1);
        ids[0] = id;
        vm.prank(solver);
        receiver.invalidateRequests(ids);
        assertTrue(receiver.isRequestInvalidated(id), "invalidated");
        address payer = address(0xBEEF);
        vm.deal(payer, amount);
        RequestAttestation.RequestData memory d = _request(id, payer, address(0), amount);
        bytes memory sig = _sign(SOLVER_PK, d);
        vm.prank(payer);
        vm.expectRevert(abi.encodeWithSelector(AttestedReceiver.RequestIdInvalidated.selector, id));
        receiver.depositNative{value: amount}(d, block.timestamp, sig);
        assertTrue(!receiver.isAccepted(id), "not accepted");
        assertEq(payer.balance, amount, "nothing taken");
    }

    /// Attack (E3): the rotated-out solver, still verifying inside any grace, invalidates a quote of the new
    /// solver. Only the owner and the current solver may invalidate.
    function testFuzz_RotatedOutSolverCannotInvalidateInsideGrace(bytes32 id, uint40 grace, uint256 elapsed) public {
        grace = uint40(bound(grace, 1, 30 days));
        address next = address(0xA11CE);
        uint256 rotatedAt = block.timestamp;
        receiver.setSolver(next, grace);
        vm.warp(rotatedAt + bound(elapsed, 0, uint256(grace) - 1));
        assertTrue(receiver.isAuthorizedSigner(solver), "setup: the old key still verifies");
        bytes32[] memory ids = new bytes32[](1);
        ids[0] = id;
        vm.prank(solver);
        vm.expectRevert(abi.encodeWithSelector(AttestedReceiver.NotSolverOrOwner.selector, solver));
        receiver.invalidateRequests(ids);
        assertTrue(!receiver.isRequestInvalidated(id), "nothing invalidated");
        vm.prank(next);
        assertEq(receiver.invalidateRequests(ids), 0, "the current solver invalidates");
        assertTrue(receiver.isRequestInvalidated(id), "invalidated by the current solver");
    }

    /// E5: an invalidation that loses the race to the deposit is reported in its return value (the
    /// InvalidationTooLate event is checked by test/evm/security.test.ts).
    function testFuzz_InvalidationAfterDepositIsReportedTooLate(bytes32 id, uint256 amount) public {
        amount = bound(amount, 1, 1e30);
        address payer = address(0xBEEF);
        vm.deal(payer, amount);
        RequestAttestation.RequestData memory d = _request(id, payer, address(0), amount);
        bytes memory sig = _sign(SOLVER_PK, d);
        vm.prank(payer);
        receiver.depositNative{value: amount}(d, block.timestamp, sig);
        assertTrue(receiver.isAccepted(id), "setup: the deposit won");
        bytes32[] memory ids = new bytes32[](2);
        ids[0] = id;
        ids[1] = id;
        vm.prank(solver);
        assertEq(receiver.invalidateRequests(ids), 2, "both mentions reported too late");
        assertTrue(receiver.isAccepted(id) && !receiver.isRequestInvalidated(id), "stays paid");
    }
}
