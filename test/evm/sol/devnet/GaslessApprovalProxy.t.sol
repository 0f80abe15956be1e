// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {GaslessApprovalProxy} from "../../../../contracts/devnet/GaslessApprovalProxy.sol";
import {CallRecorder} from "../../../../contracts/devnet/CallRecorder.sol";
import {MockERC20} from "../../../../contracts/mocks/MockERC20.sol";
import {ERC3009} from "@openzeppelin/contracts/token/ERC20/extensions/draft-ERC3009.sol";
import {TestBase} from "../Vm.sol";

/// The devnet approval proxy: a relayer runs the user's signed calls funded by ERC-3009, and every way a
/// relayer could change what runs (a call, the value, refundTo, the relayer, the window) or spend the
/// funding twice is refused on chain with its exact error.
contract GaslessApprovalProxyTest is TestBase {
    bytes32 internal constant RECEIVE_TYPEHASH = keccak256(
        "ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"
    );
    uint256 internal constant USER_KEY = 0xA11CE;
    address internal constant RELAYER = address(0x4e1a7e4);
    address internal constant PAYEE = address(0xbeef);
    uint256 internal constant AMOUNT = 1_000_000;
    uint256 internal constant NOW = 1_800_000_000;

    GaslessApprovalProxy internal proxy;
    MockERC20 internal token;
    CallRecorder internal recorder;
    address internal user;

    /// One relayed submission: everything the relayer passes to the proxy.
    struct Submission {
        GaslessApprovalProxy.Permit3009[] permits;
        address[] tokens;
        GaslessApprovalProxy.Call3Value[] calls;
        address refundTo;
        bytes metadata;
        bytes[] signatures;
        uint256 msgValue;
    }

    function setUp() public {
        vm.warp(NOW);
        proxy = new GaslessApprovalProxy();
        token = new MockERC20("USD Coin", "USDC", 6);
        recorder = new CallRecorder();
        user = vm.addr(USER_KEY);
        token.mint(user, 10 * AMOUNT);
        vm.deal(RELAYER, 10 ether);
    }

    /// The user's calls: pay PAYEE 600_000 of the funded token, and record a call carrying `value` wei.
    function _calls(uint256 value) internal view returns (GaslessApprovalProxy.Call3Value[] memory calls) {
        calls = new GaslessApprovalProxy.Call3Value[](2);
        calls[0] = GaslessApprovalProxy.Call3Value(
            address(token), false, 0, abi.encodeCall(token.transfer, (PAYEE, 600_000))
        );
        calls[1] = GaslessApprovalProxy.Call3Value(
            address(recorder), false, value, abi.encodeCall(CallRecorder.record, (bytes32("memo")))
        );
    }

    /// What the user signs for `relayer` attaching `msgValue`: the multicall and its ERC-3009 funding.
    function _signed(address relayer, uint256 msgValue, GaslessApprovalProxy.Call3Value[] memory calls)
        internal
        view
        returns (Submission memory s)
    {
        s.permits = new GaslessApprovalProxy.Permit3009[](1);
        s.permits[0] = GaslessApprovalProxy.Permit3009(user, AMOUNT, NOW - 60, NOW + 600, 0, 0, 0);
        s.tokens = new address[](1);
        s.tokens[0] = address(token);
        s.calls = calls;
        s.refundTo = user;
        s.metadata = abi.encode(keccak256("request"));
        s.msgValue = msgValue;
        bytes32 digest = proxy.hashMulticallAuthorization(
            user, relayer, msgValue, user, address(0), s.metadata, 0, calls, s.permits, s.tokens
        );
        (uint8 v, bytes32 r, bytes32 sig) = vm.sign(USER_KEY, digest);
        s.signatures = new bytes[](1);
        s.signatures[0] = abi.encodePacked(r, sig, v);
        bytes32 structHash = keccak256(
            abi.encode(RECEIVE_TYPEHASH, user, address(proxy), AMOUNT, NOW - 60, NOW + 600, digest)
        );
        (s.permits[0].v, s.permits[0].r, s.permits[0].s) =
            vm.sign(USER_KEY, keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash)));
    }

    function _submit(address relayer, Submission memory s) internal returns (GaslessApprovalProxy.Result[] memory) {
        vm.prank(relayer);
        return proxy.permit3009TransferAndMulticall{value: s.msgValue}(
            s.permits, s.tokens, s.calls, s.refundTo, address(0), s.metadata, s.signatures
        );
    }

    function _expectInvalidSignature() internal {
        vm.expectRevert(abi.encodeWithSelector(GaslessApprovalProxy.InvalidMulticallSignature.selector, uint256(0)));
    }

    function test_relayerRunsTheSignedCallsAndTheLeftoverGoesToRefundTo() public {
        Submission memory s = _signed(RELAYER, 5, _calls(3));
        _submit(RELAYER, s);
        assertEq(token.balanceOf(PAYEE), 600_000, "payee paid by the first call");
        assertEq(token.balanceOf(user), 10 * AMOUNT - 600_000, "leftover token back to refundTo");
        assertEq(token.balanceOf(address(proxy)), 0, "proxy keeps no token");
        assertEq(recorder.received(address(proxy)), 3, "second call ran with its value");
        assertEq(user.balance, 2, "leftover native value back to refundTo");
        assertEq(address(proxy).balance, 0, "proxy keeps no native value");
    }

    function test_relayerSwappingACallIsRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        s.calls[0].callData = abi.encodeCall(token.transfer, (RELAYER, AMOUNT));
        _expectInvalidSignature();
        _submit(RELAYER, s);
        assertEq(token.balanceOf(RELAYER), 0, "the swapped call moved nothing");
    }

    function test_relayerAddingValueIsRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        s.msgValue = 1;
        s.calls[1].value = 1;
        _expectInvalidSignature();
        _submit(RELAYER, s);
    }

    function test_relayerAttachingLessThanSignedIsRefused() public {
        Submission memory s = _signed(RELAYER, 3, _calls(3));
        s.msgValue = 0;
        s.calls[1].allowFailure = true;
        _expectInvalidSignature();
        _submit(RELAYER, s);
    }

    function test_relayerRedirectingRefundToIsRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        s.refundTo = RELAYER;
        _expectInvalidSignature();
        _submit(RELAYER, s);
    }

    function test_anotherRelayerIsRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        _expectInvalidSignature();
        _submit(address(0xbad), s);
    }

    function test_relayerWideningValidBeforeIsRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        s.permits[0].validBefore = NOW + 1 days;
        _expectInvalidSignature();
        _submit(RELAYER, s);
    }

    function test_replayingTheFundingNonceIsRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        _submit(RELAYER, s);
        bytes32 digest = proxy.hashMulticallAuthorization(
            user, RELAYER, 0, user, address(0), s.metadata, 0, s.calls, s.permits, s.tokens
        );
        vm.expectRevert(abi.encodeWithSelector(ERC3009.ERC3009UsedAuthorization.selector, user, digest));
        _submit(RELAYER, s);
        assertEq(token.balanceOf(PAYEE), 600_000, "paid once");
    }

    function test_anExpiredFundingIsRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        vm.warp(NOW + 600);
        vm.expectRevert(
            abi.encodeWithSelector(ERC3009.ERC3009InvalidAuthorizationTime.selector, NOW - 60, NOW + 600)
        );
        _submit(RELAYER, s);
    }

    function test_aStrangersSignatureIsRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        (uint8 v, bytes32 r, bytes32 sig) = vm.sign(0xB0B, keccak256("anything"));
        s.signatures[0] = abi.encodePacked(r, sig, v);
        _expectInvalidSignature();
        _submit(RELAYER, s);
    }

    function test_aFailingCallRevertsAllUnlessItAllowsFailure() public {
        GaslessApprovalProxy.Call3Value[] memory calls = _calls(0);
        calls[1].callData = abi.encodeCall(CallRecorder.fail, (bytes32("no")));
        Submission memory s = _signed(RELAYER, 0, calls);
        vm.expectRevert(
            abi.encodeWithSelector(
                GaslessApprovalProxy.CallFailed.selector,
                uint256(1),
                abi.encodeWithSelector(CallRecorder.Refused.selector, bytes32("no"))
            )
        );
        _submit(RELAYER, s);

        calls[1].allowFailure = true;
        s = _signed(RELAYER, 0, calls);
        GaslessApprovalProxy.Result[] memory results = _submit(RELAYER, s);
        assertTrue(!results[1].success, "the failing call is reported");
        assertEq(token.balanceOf(PAYEE), 600_000, "the other call ran");
    }

    function test_callsCarryingMoreValueThanSignedAreRefused() public {
        Submission memory s = _signed(RELAYER, 1, _calls(2));
        vm.expectRevert(
            abi.encodeWithSelector(GaslessApprovalProxy.CallsValueExceedsMsgValue.selector, uint256(2), uint256(1))
        );
        _submit(RELAYER, s);
    }

    function test_malformedSubmissionsAreRefused() public {
        Submission memory s = _signed(RELAYER, 0, _calls(0));
        s.tokens = new address[](0);
        vm.expectRevert(GaslessApprovalProxy.LengthMismatch.selector);
        _submit(RELAYER, s);

        s = _signed(RELAYER, 0, _calls(0));
        s.refundTo = address(0);
        vm.expectRevert(GaslessApprovalProxy.RefundToZero.selector);
        _submit(RELAYER, s);

        s.permits = new GaslessApprovalProxy.Permit3009[](0);
        s.tokens = new address[](0);
        s.signatures = new bytes[](0);
        vm.expectRevert(GaslessApprovalProxy.NoFunding.selector);
        _submit(RELAYER, s);
    }
}
