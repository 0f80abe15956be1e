// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {FillRouter} from "../../../../contracts/devnet/FillRouter.sol";
import {FillRouterV31} from "../../../../contracts/devnet/FillRouterV31.sol";
import {FillRouterV32} from "../../../../contracts/devnet/FillRouterV32.sol";
import {CallRecorder} from "../../../../contracts/devnet/CallRecorder.sol";
import {TestBase} from "../Vm.sol";

/// @notice Refuses native currency: a payment to it fails.
contract RefusesEther {}

/// The devnet fill routers: native payments and user calls, their events in both router shapes, the
/// order id appended to the calldata, and every refusal with its exact error.
contract FillRouterTest is TestBase {
    event SolverNativeTransfer(address to, uint256 amount);

    FillRouterV31 internal v31;
    FillRouterV32 internal v32;
    CallRecorder internal recorder;
    address internal constant SOLVER = address(0x5017e4);
    address internal constant RECIPIENT = address(0xbeef);
    bytes32 internal constant ORDER_ID = keccak256("order");

    function setUp() public {
        v31 = new FillRouterV31();
        v32 = new FillRouterV32();
        recorder = new CallRecorder();
        vm.deal(SOLVER, 100 ether);
    }

    function _payments(address to, uint256 amount) internal pure returns (FillRouter.NativePayment[] memory p) {
        p = new FillRouter.NativePayment[](1);
        p[0] = FillRouter.NativePayment(to, amount);
    }

    function _recordCall(bytes32 memo, uint256 value) internal view returns (FillRouter.Call[] memory c) {
        c = new FillRouter.Call[](1);
        c[0] = FillRouter.Call(address(recorder), abi.encodeCall(CallRecorder.record, (memo)), value);
    }

    /// The solver's transaction: the ABI-encoded fill with the order id appended.
    function _fillTagged(FillRouter router, FillRouter.NativePayment[] memory p, FillRouter.Call[] memory c, uint256 value)
        internal
        returns (bool ok, bytes memory returnData)
    {
        vm.prank(SOLVER);
        (ok, returnData) = address(router).call{value: value}(
            abi.encodePacked(abi.encodeCall(FillRouter.fill, (p, c)), ORDER_ID)
        );
    }

    function test_NativePaymentLoggedAndPaidWithTheOrderIdAppended() public {
        vm.expectEmit(false, false, false, true, address(v32));
        emit SolverNativeTransfer(RECIPIENT, 1 ether);
        (bool ok,) = _fillTagged(v32, _payments(RECIPIENT, 1 ether), new FillRouter.Call[](0), 1 ether);
        assertTrue(ok, "tagged fill succeeds");
        assertEq(RECIPIENT.balance, 1 ether, "recipient paid");
        assertEq(address(v32).balance, 0, "router keeps nothing");
    }

    function test_V31LogsTheCallData() public {
        bytes memory data = abi.encodeCall(CallRecorder.record, (ORDER_ID));
        vm.expectEmit(false, false, false, true, address(v31));
        emit FillRouterV31.SolverCallExecuted(address(recorder), data, 3);
        (bool ok,) = _fillTagged(v31, new FillRouter.NativePayment[](0), _recordCall(ORDER_ID, 3), 3);
        assertTrue(ok, "fill succeeds");
        assertEq(recorder.calls(), 1, "call ran");
        assertEq(recorder.received(address(v31)), 3, "call value delivered");
    }

    function test_V32LogsTheHashOfTheCallData() public {
        bytes memory data = abi.encodeCall(CallRecorder.record, (ORDER_ID));
        vm.expectEmit(false, false, false, true, address(v32));
        emit FillRouterV32.SolverCallExecuted(address(recorder), keccak256(data), 5);
        (bool ok,) = _fillTagged(v32, new FillRouter.NativePayment[](0), _recordCall(ORDER_ID, 5), 5);
        assertTrue(ok, "fill succeeds");
        assertEq(recorder.lastMemo(), ORDER_ID, "call ran with its data");
    }

    function test_PaymentsRunBeforeCalls() public {
        vm.expectEmit(false, false, false, true, address(v32));
        emit SolverNativeTransfer(RECIPIENT, 7);
        vm.expectEmit(false, false, false, true, address(v32));
        emit FillRouterV32.SolverCallExecuted(
            address(recorder), keccak256(abi.encodeCall(CallRecorder.record, (ORDER_ID))), 2
        );
        (bool ok,) = _fillTagged(v32, _payments(RECIPIENT, 7), _recordCall(ORDER_ID, 2), 9);
        assertTrue(ok, "fill succeeds");
    }

    function test_RefusesValueThatPaysMoreOrLessThanSpent() public {
        vm.prank(SOLVER);
        vm.expectRevert(abi.encodeWithSelector(FillRouter.ValueMismatch.selector, 10, 11));
        v32.fill{value: 11}(_payments(RECIPIENT, 10), new FillRouter.Call[](0));
        vm.prank(SOLVER);
        vm.expectRevert(abi.encodeWithSelector(FillRouter.ValueMismatch.selector, 10, 9));
        v32.fill{value: 9}(_payments(RECIPIENT, 10), new FillRouter.Call[](0));
    }

    function test_AFailingCallRevertsTheWholeFill() public {
        FillRouter.Call[] memory c = new FillRouter.Call[](2);
        c[0] = FillRouter.Call(address(recorder), abi.encodeCall(CallRecorder.record, (ORDER_ID)), 0);
        c[1] = FillRouter.Call(address(recorder), abi.encodeCall(CallRecorder.fail, (ORDER_ID)), 0);
        vm.prank(SOLVER);
        vm.expectRevert(
            abi.encodeWithSelector(
                FillRouter.CallFailed.selector, 1, abi.encodeWithSelector(CallRecorder.Refused.selector, ORDER_ID)
            )
        );
        v31.fill{value: 4}(_payments(RECIPIENT, 4), c);
        assertEq(RECIPIENT.balance, 0, "no payment left behind");
        assertEq(recorder.calls(), 0, "no call left behind");
    }

    function test_ARecipientThatRefusesRevertsTheFill() public {
        address refuser = address(new RefusesEther());
        vm.prank(SOLVER);
        vm.expectRevert(abi.encodeWithSelector(FillRouter.NativeTransferFailed.selector, refuser, 1));
        v32.fill{value: 1}(_payments(refuser, 1), new FillRouter.Call[](0));
    }

    function testFuzz_EveryPaymentArrivesAndNothingStays(uint256 a, uint256 b, uint256 callValue) public {
        a = bound(a, 0, 10 ether);
        b = bound(b, 0, 10 ether);
        callValue = bound(callValue, 0, 10 ether);
        FillRouter.NativePayment[] memory p = new FillRouter.NativePayment[](2);
        p[0] = FillRouter.NativePayment(RECIPIENT, a);
        p[1] = FillRouter.NativePayment(address(0xcafe), b);
        (bool ok,) = _fillTagged(v32, p, _recordCall(bytes32(a), callValue), a + b + callValue);
        assertTrue(ok, "fill succeeds");
        assertEq(RECIPIENT.balance, a, "first recipient");
        assertEq(address(0xcafe).balance, b, "second recipient");
        assertEq(recorder.received(address(v32)), callValue, "call value");
        assertEq(address(v32).balance, 0, "router keeps nothing");
    }
}
