// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "../ProtocolOrder.sol";
import {IRelayDepository} from "../depository/IRelayDepository.sol";
import {AttestationSigner} from "./AttestationSigner.sol";
import {ConformanceBase} from "./ConformanceBase.sol";
import {ConformanceToken} from "./ConformanceToken.sol";
import {CONFORMANCE_VM, ConformanceVm} from "./ConformanceVm.sol";
import {OrderSigner} from "./OrderSigner.sol";

/// @title OrderReceiverConformance
/// @notice The attack catalogue for a contract that takes payments of the solver's protocol orders (such as
/// {OrderGatedDepositor}), as Foundry / Hardhat 3 Solidity tests. Inherit it, implement the hooks (deploy,
/// pay an order, whether an order id is paid; optionally pause, invalidate, the deadline window) and every
/// property runs as a `test_order_*` (or `testFuzz_order_*`) function, with orders signed by a mock solver
/// key. A property your contract does not claim is marked not applicable with a reason ({notApplicable}).
/// @dev The order id has no domain separator: the contract, not the signature, must bind the input to its
/// chain, record used ids and check that exactly the input's amount of its currency arrived.
abstract contract OrderReceiverConformance is ConformanceBase {
    using AttestationSigner for bytes;

    /// @notice What the suite asks {deployOrderReceiver} to set up.
    struct OrderReceiverSetup {
        address owner;
        /// The solver whose order signatures are trusted.
        address solver;
        /// This chain's protocol chain id string: the input the contract must take.
        string chainId;
        /// The output chain and the output recipient (VM-encoded) to whitelist.
        string outputChainId;
        bytes outputRecipient;
        address token;
        address hostileToken;
    }

    /// @notice One order payment attempt. {payOrder} sends it as `payer`, with `value` native when it pays natively.
    struct OrderPayment {
        ProtocolOrder.Order order;
        bytes signature;
        address payer;
        uint256 value;
        Route route;
    }

    uint256 internal constant ORDER_SOLVER_KEY = uint256(keccak256("attestkit.conformance.solver"));
    uint256 internal constant ORDER_NEXT_SOLVER_KEY = uint256(keccak256("attestkit.conformance.next-solver"));
    uint256 internal constant ORDER_STRANGER_KEY = uint256(keccak256("attestkit.conformance.stranger"));
    uint256 internal constant ORDER_PAYER_KEY = uint256(keccak256("attestkit.conformance.payer"));
    uint256 internal constant ORDER_AMOUNT = 1e18;
    uint40 internal constant ORDER_GRACE = 60;
    uint40 internal constant ORDER_MAX_GRACE = 30 days;
    string internal constant ORDER_CHAIN = "base";
    string internal constant ORDER_OUTPUT_CHAIN = "solana";

    /// @notice The contract under test, deployed in {setUp}.
    address internal orderReceiver;
    OrderReceiverSetup internal orderSetup;
    address internal orderPayer;
    uint256 private _salt;

    // ------------------------------------------------------------------------------------------------------
    // Hooks
    // ------------------------------------------------------------------------------------------------------

    /// @notice Deploys the contract under test: `setup.solver` signs, `setup.owner` administers, the input on
    /// `setup.chainId` is this chain's and `(setup.outputChainId, setup.outputRecipient)` is whitelisted.
    function deployOrderReceiver(OrderReceiverSetup memory setup) internal virtual returns (address receiver);

    /// @notice Sends `payment` to `receiver` as `payment.payer` (`vm.prank`), through the entry point
    /// `payment.route` selects. Must revert when the contract refuses it. Token approvals are already given.
    function payOrder(address receiver, OrderPayment memory payment) internal virtual;

    /// @notice Whether `receiver` recorded `orderId` as paid.
    function isOrderPaid(address receiver, bytes32 orderId) internal view virtual returns (bool);

    /// @notice Pauses or resumes payments; false when the contract cannot be paused.
    function setOrderPaused(address receiver, bool paused) internal virtual returns (bool) {
        (receiver, paused);
        return false;
    }

    /// @notice Invalidates `orderId` as its solver or owner would; false when the contract has no invalidation.
    function invalidateOrder(address receiver, bytes32 orderId) internal virtual returns (bool) {
        (receiver, orderId);
        return false;
    }

    /// @notice The account whose balance a payment must grow by exactly the input's amount (default: the
    /// contract itself; a depositor names its depository).
    function orderPaymentRecipient(address receiver) internal view virtual returns (address) {
        return receiver;
    }

    /// @notice Allows or refuses orders with `output.calls` as the owner would; false when the contract has no
    /// such setting.
    function allowOrderCalls(address receiver, bool allowed) internal virtual returns (bool) {
        (receiver, allowed);
        return false;
    }

    /// @notice Rotates to `newSolver`, the outgoing key verifying for `gracePeriod` seconds, as the owner would;
    /// false when the contract has no rotation.
    function rotateOrderSolver(address receiver, address newSolver, uint40 gracePeriod) internal virtual returns (bool) {
        (receiver, newSolver, gracePeriod);
        return false;
    }

    /// @notice The depository whose deposit events (`RelayNativeDeposit`, `RelayErc20Deposit`) every payment must
    /// emit exactly once, under the order id and crediting the payer; zero when the contract deposits into none
    /// (`order.deposit.record` is then skipped, or failed in strict mode unless named in {notApplicable}).
    function orderDepository(address receiver) internal view virtual returns (address) {
        receiver;
        return address(0);
    }

    /// @notice The longest `output.deadline - block.timestamp` the contract accepts; zero when it has no
    /// maximum (the window property is then reported not applicable).
    function orderDeadlineWindow(address receiver) internal view virtual returns (uint256) {
        receiver;
        return 0;
    }

    // ------------------------------------------------------------------------------------------------------
    // Setup
    // ------------------------------------------------------------------------------------------------------

    /// @notice Deploys the tokens and the contract under test through the deploy hook; runs before every property.
    /// Override it only to add your own setup, calling `super.setUp()` first.
    function setUp() public virtual {
        orderPayer = CONFORMANCE_VM.addr(ORDER_PAYER_KEY);
        orderSetup = OrderReceiverSetup({
            owner: address(this),
            solver: CONFORMANCE_VM.addr(ORDER_SOLVER_KEY),
            chainId: ORDER_CHAIN,
            outputChainId: ORDER_OUTPUT_CHAIN,
            outputRecipient: abi.encodePacked(keccak256("attestkit.conformance.output-recipient")),
            token: address(new ConformanceToken("Conformance Token")),
            hostileToken: address(new ConformanceToken("Hostile Token"))
        });
        orderReceiver = deployOrderReceiver(orderSetup);
        _fundOrderAccount(orderPayer);
        _fundOrderAccount(address(this));
    }

    // ------------------------------------------------------------------------------------------------------
    // Baseline
    // ------------------------------------------------------------------------------------------------------

    /// @notice order.pay.native: a valid native order is paid once and exactly its input's amount arrives.
    function test_order_pay_native() public {
        _applicable("order.pay.native");
        _assertOrderPaid("order.pay.native", _signedOrder(_order(address(0), ORDER_AMOUNT)));
    }

    /// @notice order.pay.token: a valid token order is paid once and exactly its input's amount arrives.
    function test_order_pay_token() public {
        _applicable("order.pay.token");
        _assertOrderPaid("order.pay.token", _signedOrder(_order(orderSetup.token, ORDER_AMOUNT)));
    }

    /// @notice order.pay.anyAmount (fuzz): every non-zero native amount is delivered exactly.
    function testFuzz_order_pay_anyAmount(uint256 amount) public {
        _applicable("order.pay.anyAmount");
        amount = _bound(amount, 1, 1e30);
        _assertOrderPaid("order.pay.anyAmount", _signedOrder(_order(address(0), amount)));
    }

    /// @notice order.chain.multiInput: an order with an input on another chain listed first (other amount)
    /// pays this chain's input, not the first one.
    function test_order_chain_multiInput() public {
        _applicable("order.chain.multiInput");
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        ProtocolOrder.Input[] memory inputs = new ProtocolOrder.Input[](2);
        inputs[0] = ProtocolOrder.Input(ProtocolOrder.InputPayment("optimism", new bytes(20), 1, 1), o.inputs[0].refunds);
        inputs[1] = o.inputs[0];
        o.inputs = inputs;
        _assertOrderPaid("order.chain.multiInput", _signedOrder(o));
    }

    // ------------------------------------------------------------------------------------------------------
    // Replay
    // ------------------------------------------------------------------------------------------------------

    /// @notice order.replay.sameSignature: attack = pay the paid order again right away.
    function test_order_replay_sameSignature() public {
        _applicable("order.replay.sameSignature");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _assertOrderPaid("order.replay.sameSignature", p);
        _assertOrderReplayRefused("order.replay.sameSignature", p);
    }

    /// @notice order.replay.later: attack = pay the paid order again later, half its lifetime on (its deadline
    /// still ahead): two days, or the contract's deadline window when shorter.
    function test_order_replay_later() public {
        _applicable("order.replay.later");
        uint256 window = orderDeadlineWindow(orderReceiver);
        uint256 lifetime = window != 0 && window < 2 days ? window : 2 days;
        _requireLimit("order.replay.later", lifetime >= 2, "the deadline window leaves no second between payment and deadline");
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.output.deadline = uint32(block.timestamp + lifetime);
        OrderPayment memory p = _signedOrder(o);
        _assertOrderPaid("order.replay.later", p);
        CONFORMANCE_VM.warp(block.timestamp + lifetime / 2);
        _assertOrderReplayRefused("order.replay.later", p);
    }

    /// @notice order.replay.otherPayer: attack = another account pays the paid order id again.
    function test_order_replay_otherPayer() public {
        _applicable("order.replay.otherPayer");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _assertOrderPaid("order.replay.otherPayer", p);
        p.payer = address(this);
        _assertOrderReplayRefused("order.replay.otherPayer", p);
    }

    /// @notice order.replay.compactForm: attack = pay with the 65-byte signature, then with its 64-byte
    /// EIP-2098 form (a replay key on the signature bytes pays twice).
    function test_order_replay_compactForm() public {
        _applicable("order.replay.compactForm");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _assertOrderPaid("order.replay.compactForm", p);
        p.signature = p.signature.compact();
        _assertOrderReplayRefused("order.replay.compactForm", p);
    }

    /// @notice order.replay.highSTwin: attack = pay, then replay with the high-s twin of the signature.
    function test_order_replay_highSTwin() public {
        _applicable("order.replay.highSTwin");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _assertOrderPaid("order.replay.highSTwin", p);
        p.signature = p.signature.highSTwin();
        _assertOrderReplayRefused("order.replay.highSTwin", p);
    }

    /// @notice order.replay.token: attack = pay a paid token order again (the token path's replay record).
    function test_order_replay_token() public {
        _applicable("order.replay.token");
        OrderPayment memory p = _signedOrder(_order(orderSetup.token, ORDER_AMOUNT));
        _assertOrderPaid("order.replay.token", p);
        _assertOrderReplayRefused("order.replay.token", p);
    }

    /// @notice order.replay.acrossDepositors (opt-in): attack = pay the order through one contract, then the
    /// same order through a second contract of the same solver (the id names no contract). Only contracts that
    /// share one replay record across deployments can refuse it: opt in with {optedIn} when yours do.
    function test_order_replay_acrossDepositors() public {
        _applicable("order.replay.acrossDepositors");
        _optIn("order.replay.acrossDepositors", "needs one replay record shared by every contract of the solver");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _assertOrderPaid("order.replay.acrossDepositors", p);
        orderReceiver = deployOrderReceiver(orderSetup);
        _fundOrderAccount(orderPayer);
        _assertOrderRefused("order.replay.acrossDepositors", p);
    }

    // ------------------------------------------------------------------------------------------------------
    // Signer and signature
    // ------------------------------------------------------------------------------------------------------

    /// @notice order.binding.anyField (fuzz): attack = change a signed field after signing
    /// (salt, solver chain, output amounts, currency, deadline, calls, refund, fee, weight) and keep the
    /// signature: only the order id binds them.
    function testFuzz_order_binding_anyField(uint8 field, uint256 value) public {
        _applicable("order.binding.anyField");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        bytes32 signedId = ProtocolOrder.orderId(p.order);
        _tamper(p.order, uint8(_bound(field, 0, 9)), _bound(value, 1, type(uint32).max));
        _check(ProtocolOrder.orderId(p.order) != signedId, "order.binding.anyField", "setup: tampering left the id unchanged");
        _assertOrderRefused("order.binding.anyField", p);
    }

    /// @notice order.signer.stranger (fuzz): attack = an order signed by any key but the solver's.
    function testFuzz_order_signer_stranger(uint256 key) public {
        _applicable("order.signer.stranger");
        key = _bound(key, 1, AttestationSigner.SECP256K1_N - 1);
        CONFORMANCE_VM.assume(key != ORDER_SOLVER_KEY);
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        p.signature = OrderSigner.sign(key, p.order);
        _assertOrderRefused("order.signer.stranger", p);
    }

    /// @notice order.signer.callerChosen: attack = the payer signs an order naming itself as the solver (a
    /// contract that trusts `order.solver` accepts it).
    function test_order_signer_callerChosen() public {
        _applicable("order.signer.callerChosen");
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.solver = orderPayer;
        OrderPayment memory p = _signedOrder(o);
        p.signature = OrderSigner.sign(ORDER_PAYER_KEY, o);
        _assertOrderRefused("order.signer.callerChosen", p);
    }

    /// @notice order.solver.named: attack = the trusted solver's signature on an order naming another solver
    /// (the service fills an order only for the solver it names).
    function test_order_solver_named() public {
        _applicable("order.solver.named");
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.solver = CONFORMANCE_VM.addr(ORDER_STRANGER_KEY);
        _assertOrderRefused("order.solver.named", _signedOrder(o));
    }

    /// @notice order.signature.zeroAddress: attack = a signature `ecrecover` maps to the zero address.
    function test_order_signature_zeroAddress() public {
        _applicable("order.signature.zeroAddress");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        p.signature = AttestationSigner.zeroRecovery();
        _assertOrderRefused("order.signature.zeroAddress", p);
    }

    /// @notice order.signature.highS: attack = the high-s twin of a valid signature on a fresh order.
    function test_order_signature_highS() public {
        _applicable("order.signature.highS");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        p.signature = p.signature.highSTwin();
        _assertOrderRefused("order.signature.highS", p);
    }

    /// @notice order.signature.v: attack = `v` bytes other than 27 / 28 (0, 1, 29, 255).
    function test_order_signature_v() public {
        _applicable("order.signature.v");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        bytes memory valid = p.signature;
        uint8[4] memory vs = [0, 1, 29, 255];
        for (uint256 i; i < vs.length; ++i) {
            p.signature = valid.withV(vs[i]);
            _assertOrderRefused("order.signature.v", p);
        }
    }

    /// @notice order.signature.length: attack = signatures of 0, 63, 66 and 96 bytes.
    function test_order_signature_length() public {
        _applicable("order.signature.length");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        bytes memory valid = p.signature;
        uint8[4] memory lengths = [0, 63, 66, 96];
        for (uint256 i; i < lengths.length; ++i) {
            p.signature = valid.resized(lengths[i]);
            _assertOrderRefused("order.signature.length", p);
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // Amount and currency (what arrived, not what was signed)
    // ------------------------------------------------------------------------------------------------------

    /// @notice order.amount.shortNative (fuzz): attack = send less native value than the input's amount.
    function testFuzz_order_amount_shortNative(uint256 sent) public {
        _applicable("order.amount.shortNative");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        p.value = _bound(sent, 0, ORDER_AMOUNT - 1);
        _assertOrderRefused("order.amount.shortNative", p);
    }

    /// @notice order.amount.overNative: attack = send more than the input's amount.
    function test_order_amount_overNative() public {
        _applicable("order.amount.overNative");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        p.value = ORDER_AMOUNT + 1;
        _assertOrderRefused("order.amount.overNative", p);
    }

    /// @notice order.amount.shortToken: attack = the payer holds (and approved) less than the input's amount.
    function test_order_amount_shortToken() public {
        _applicable("order.amount.shortToken");
        OrderPayment memory p = _signedOrder(_order(orderSetup.token, ORDER_AMOUNT));
        _setTokenBalance(orderSetup.token, orderPayer, ORDER_AMOUNT - 1);
        _assertOrderRefused("order.amount.shortToken", p);
    }

    /// @notice order.amount.zero: attack = a validly signed order whose input is zero.
    function test_order_amount_zero() public {
        _applicable("order.amount.zero");
        _assertOrderRefused("order.amount.zero", _signedOrder(_order(address(0), 0)));
    }

    /// @notice order.currency.tokenPaidNatively: attack = a token order paid with the same number of wei.
    function test_order_currency_tokenPaidNatively() public {
        _applicable("order.currency.tokenPaidNatively");
        OrderPayment memory p = _signedOrder(_order(orderSetup.token, ORDER_AMOUNT));
        p.route = Route.Native;
        p.value = ORDER_AMOUNT;
        _assertOrderRefused("order.currency.tokenPaidNatively", p);
    }

    /// @notice order.currency.nativePaidWithToken: attack = a native order paid through the token path.
    function test_order_currency_nativePaidWithToken() public {
        _applicable("order.currency.nativePaidWithToken");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        p.route = Route.Token;
        p.value = 0;
        _assertOrderRefused("order.currency.nativePaidWithToken", p);
    }

    /// @notice order.token.feeOnTransfer: attack = a token that delivers 1% less than sent.
    function test_order_token_feeOnTransfer() public {
        _assertOrderHostileTokenRefused("order.token.feeOnTransfer", ConformanceToken.Behaviour.FeeOnTransfer);
    }

    /// @notice order.token.rebasing: attack = a token whose transfer also rebases the recipient (more arrives).
    function test_order_token_rebasing() public {
        _assertOrderHostileTokenRefused("order.token.rebasing", ConformanceToken.Behaviour.Rebasing);
    }

    /// @notice order.token.falseReturn: attack = a token that moves nothing and returns `false`.
    function test_order_token_falseReturn() public {
        _assertOrderHostileTokenRefused("order.token.falseReturn", ConformanceToken.Behaviour.FalseReturn);
    }

    /// @notice order.token.shares: attack = a share token whose balance units differ from its transfer units.
    function test_order_token_shares() public {
        _assertOrderHostileTokenRefused("order.token.shares", ConformanceToken.Behaviour.Shares);
    }

    /// @notice order.token.noReturn: a token that returns no data (USDT-style) is still paid exactly.
    function test_order_token_noReturn() public {
        _applicable("order.token.noReturn");
        ConformanceToken(orderSetup.hostileToken).setBehaviour(ConformanceToken.Behaviour.NoReturn);
        _assertOrderPaid("order.token.noReturn", _signedOrder(_order(orderSetup.hostileToken, ORDER_AMOUNT)));
    }

    // ------------------------------------------------------------------------------------------------------
    // Chain, deadline, whitelist
    // ------------------------------------------------------------------------------------------------------

    /// @notice order.chain.input: attack = an order whose only input is on another chain, or on a look-alike
    /// of this chain's id string (case, whitespace, empty, the numeric EVM chain id).
    function test_order_chain_input() public {
        _applicable("order.chain.input");
        string[5] memory others = ["optimism", "Base", "base ", "", "8453"];
        for (uint256 i; i < others.length; ++i) {
            ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
            o.inputs[0].payment.chainId = others[i];
            _assertOrderRefused("order.chain.input", _signedOrder(o));
        }
    }

    /// @notice order.deadline.expired: attack = pay after `output.deadline` (edge: the deadline itself pays).
    function test_order_deadline_expired() public {
        _applicable("order.deadline.expired");
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.output.deadline = uint32(block.timestamp - 1);
        _assertOrderRefused("order.deadline.expired", _signedOrder(o));
        o.output.deadline = uint32(block.timestamp);
        _assertOrderPaid("order.deadline.expired", _signedOrder(o));
    }

    /// @notice order.deadline.maxWindow: attack = an output deadline beyond the contract's window, keeping a
    /// stale quote payable (edge: exactly the window pays).
    function test_order_deadline_maxWindow() public {
        _applicable("order.deadline.maxWindow");
        uint256 window = orderDeadlineWindow(orderReceiver);
        _requireHook("order.deadline.maxWindow", "orderDeadlineWindow", window != 0);
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.output.deadline = uint32(block.timestamp + window + 1);
        _assertOrderRefused("order.deadline.maxWindow", _signedOrder(o));
        o.output.deadline = uint32(block.timestamp + window);
        _assertOrderPaid("order.deadline.maxWindow", _signedOrder(o));
    }

    /// @notice order.whitelist.recipient (fuzz): attack = an order paying out to a recipient not whitelisted.
    function testFuzz_order_whitelist_recipient(bytes32 recipient) public {
        _applicable("order.whitelist.recipient");
        CONFORMANCE_VM.assume(keccak256(abi.encodePacked(recipient)) != keccak256(orderSetup.outputRecipient));
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.output.payments[0].recipient = abi.encodePacked(recipient);
        _assertOrderRefused("order.whitelist.recipient", _signedOrder(o));
    }

    /// @notice order.whitelist.everyRecipient: attack = a whitelisted first output payment followed by one to
    /// the attacker (a check of the first recipient only lets it through).
    function test_order_whitelist_everyRecipient() public {
        _applicable("order.whitelist.everyRecipient");
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        ProtocolOrder.OutputPayment[] memory payments = new ProtocolOrder.OutputPayment[](2);
        payments[0] = o.output.payments[0];
        payments[1] = ProtocolOrder.OutputPayment(abi.encodePacked(keccak256("attacker")), new bytes(32), 1, 1);
        o.output.payments = payments;
        _assertOrderRefused("order.whitelist.everyRecipient", _signedOrder(o));
    }

    /// @notice order.whitelist.outputChain: attack = the whitelisted recipient's bytes on another output chain
    /// (the same bytes are another account there).
    function test_order_whitelist_outputChain() public {
        _applicable("order.whitelist.outputChain");
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.output.chainId = "eclipse";
        _assertOrderRefused("order.whitelist.outputChain", _signedOrder(o));
    }

    // ------------------------------------------------------------------------------------------------------
    // Payer and output calls
    // ------------------------------------------------------------------------------------------------------

    /// @notice order.payer.stranger: attack = a stranger holding the order and its signature (public once a
    /// first try lands on chain) pays it first, using up the one-time record; then the user's own payment of
    /// the same order must still pay.
    function test_order_payer_stranger() public {
        _applicable("order.payer.stranger");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        address user = p.payer;
        p.payer = CONFORMANCE_VM.addr(ORDER_STRANGER_KEY);
        _fundOrderAccount(p.payer);
        _assertOrderRefused("order.payer.stranger", p);
        p.payer = user;
        _assertOrderPaid("order.payer.stranger", p);
    }

    /// @notice order.payer.noRefundHere: attack = an order whose only refund is on another chain (it binds no
    /// payer here), paid by anyone.
    function test_order_payer_noRefundHere() public {
        _applicable("order.payer.noRefundHere");
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.inputs[0].refunds[0].chainId = orderSetup.outputChainId;
        _assertOrderRefused("order.payer.noRefundHere", _signedOrder(o));
    }

    /// @notice order.calls.refused: attack = an order paying the whitelisted recipient whose `output.calls`
    /// (run on the destination with the output) send the output elsewhere.
    function test_order_calls_refused() public {
        _applicable("order.calls.refused");
        _assertOrderRefused("order.calls.refused", _signedOrder(_orderWithCall()));
    }

    /// @notice order.calls.ownerAllows: once the owner allows calls, an order with calls pays; refused again
    /// once the owner withdraws it.
    function test_order_calls_ownerAllows() public {
        _applicable("order.calls.ownerAllows");
        _requireHook("order.calls.ownerAllows", "allowOrderCalls", allowOrderCalls(orderReceiver, true));
        _assertOrderPaid("order.calls.ownerAllows", _signedOrder(_orderWithCall()));
        allowOrderCalls(orderReceiver, false);
        _assertOrderRefused("order.calls.ownerAllows", _signedOrder(_orderWithCall()));
    }

    // ------------------------------------------------------------------------------------------------------
    // Administration
    // ------------------------------------------------------------------------------------------------------

    /// @notice order.invalidation.refused: attack = pay an order its solver invalidated; other orders still pay.
    function test_order_invalidation_refused() public {
        _applicable("order.invalidation.refused");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _requireHook("order.invalidation.refused", "invalidateOrder", invalidateOrder(orderReceiver, ProtocolOrder.orderId(p.order)));
        _assertOrderRefused("order.invalidation.refused", p);
        _assertOrderPaid("order.invalidation.refused", _signedOrder(_order(address(0), ORDER_AMOUNT)));
    }

    /// @notice order.pause.refused: attack = pay while paused; after resuming the same order pays.
    function test_order_pause_refused() public {
        _applicable("order.pause.refused");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _requireHook("order.pause.refused", "setOrderPaused", setOrderPaused(orderReceiver, true));
        _assertOrderRefused("order.pause.refused", p);
        setOrderPaused(orderReceiver, false);
        _assertOrderPaid("order.pause.refused", p);
    }

    /// @notice order.deposit.record: each payment, native and token, is one deposit of the depository's own record
    /// (its deposit event) under the order id, crediting the payer: a deposit under another id or depositor is
    /// paid to no order the service can fill.
    function test_order_deposit_record() public {
        _applicable("order.deposit.record");
        _requireHook("order.deposit.record", "orderDepository", orderDepository(orderReceiver) != address(0));
        _assertOrderPaid("order.deposit.record", _signedOrder(_order(address(0), ORDER_AMOUNT)));
        _assertOrderPaid("order.deposit.record", _signedOrder(_order(orderSetup.token, ORDER_AMOUNT)));
    }

    /// @notice order.rotation.grace: after a rotation with a 60 s grace, the outgoing solver's orders pay until the
    /// grace's last second and are refused from its end; the new solver's pay.
    function test_order_rotation_grace() public {
        _applicable("order.rotation.grace");
        OrderPayment memory inGrace = _signedOrder(_order(address(0), ORDER_AMOUNT));
        OrderPayment memory atEnd = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _requireHook("order.rotation.grace", "rotateOrderSolver", _rotateOrder(ORDER_GRACE));
        // Relative warps: the compiler may read `block.timestamp` again where a local holds it.
        CONFORMANCE_VM.warp(block.timestamp + ORDER_GRACE - 1);
        _assertOrderPaid("order.rotation.grace", inGrace);
        CONFORMANCE_VM.warp(block.timestamp + 1);
        _assertOrderRefused("order.rotation.grace", atEnd);
        _assertOrderPaid("order.rotation.grace", _signedOrderBy(ORDER_NEXT_SOLVER_KEY));
    }

    /// @notice order.rotation.zeroGrace: attack = a leaked solver key used after a rotation without grace; the new
    /// solver's orders pay.
    function test_order_rotation_zeroGrace() public {
        _applicable("order.rotation.zeroGrace");
        _requireHook("order.rotation.zeroGrace", "rotateOrderSolver", _rotateOrder(0));
        _assertOrderRefused("order.rotation.zeroGrace", _signedOrderBy(ORDER_SOLVER_KEY));
        _assertOrderPaid("order.rotation.zeroGrace", _signedOrderBy(ORDER_NEXT_SOLVER_KEY));
    }

    /// @notice order.rotation.graceCap: attack = an outgoing solver kept alive for a year; whether the rotation is
    /// refused or capped, its orders must not pay after 30 days.
    function test_order_rotation_graceCap() public {
        _applicable("order.rotation.graceCap");
        uint256 rotatedAt = block.timestamp;
        (bool supported, bool done) = _tryRotateOrder(365 days);
        _requireHook("order.rotation.graceCap", "rotateOrderSolver", supported);
        if (!done) return;
        CONFORMANCE_VM.warp(rotatedAt + ORDER_MAX_GRACE + 1);
        _assertOrderRefused("order.rotation.graceCap", _signedOrderBy(ORDER_SOLVER_KEY));
    }

    /// @notice order.admin.rotateByStranger: attack = a stranger makes its own key the solver; its orders must stay
    /// refused and the solver's pay.
    function test_order_admin_rotateByStranger() public {
        _applicable("order.admin.rotateByStranger");
        address stranger = CONFORMANCE_VM.addr(ORDER_STRANGER_KEY);
        _assertStrangerRefused("order.admin.rotateByStranger", orderReceiver, stranger, AdminAction.RotateSolver, stranger, 0);
        (bool ok,) = _attemptOrder(_signedOrderBy(ORDER_STRANGER_KEY));
        _check(!ok, "order.admin.rotateByStranger", "an order signed by the stranger was paid");
        _assertOrderPaid("order.admin.rotateByStranger", _signedOrderBy(ORDER_SOLVER_KEY));
    }

    /// @notice order.admin.pauseByStranger: attack = a stranger pauses the contract (denial of service); orders
    /// must go on paying.
    function test_order_admin_pauseByStranger() public {
        _applicable("order.admin.pauseByStranger");
        _assertStrangerRefused("order.admin.pauseByStranger", orderReceiver, _orderStranger(), AdminAction.Pause, address(0), 0);
        _assertOrderPaid("order.admin.pauseByStranger", _signedOrder(_order(address(0), ORDER_AMOUNT)));
    }

    /// @notice order.admin.invalidateByStranger: attack = a stranger invalidates someone else's order before it is
    /// paid.
    function test_order_admin_invalidateByStranger() public {
        _applicable("order.admin.invalidateByStranger");
        OrderPayment memory p = _signedOrder(_order(address(0), ORDER_AMOUNT));
        _assertStrangerRefused(
            "order.admin.invalidateByStranger",
            orderReceiver,
            _orderStranger(),
            AdminAction.Invalidate,
            address(0),
            ProtocolOrder.orderId(p.order)
        );
        _assertOrderPaid("order.admin.invalidateByStranger", p);
    }

    /// @notice order.admin.whitelistByStranger: attack = a stranger whitelists its own output recipient; orders
    /// paying out to it must stay refused.
    function test_order_admin_whitelistByStranger() public {
        _applicable("order.admin.whitelistByStranger");
        bytes32 recipient = keccak256("attestkit.conformance.stranger-recipient");
        _assertStrangerRefused(
            "order.admin.whitelistByStranger", orderReceiver, _orderStranger(), AdminAction.Whitelist, address(0), recipient
        );
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.output.payments[0].recipient = abi.encodePacked(recipient);
        (bool ok,) = _attemptOrder(_signedOrder(o));
        _check(!ok, "order.admin.whitelistByStranger", "an order paying out to the stranger's recipient was paid");
    }

    /// @notice order.admin.callsByStranger: attack = a stranger allows output calls; orders with calls must stay
    /// refused.
    function test_order_admin_callsByStranger() public {
        _applicable("order.admin.callsByStranger");
        _assertStrangerRefused("order.admin.callsByStranger", orderReceiver, _orderStranger(), AdminAction.AllowCalls, address(0), 0);
        (bool ok,) = _attemptOrder(_signedOrder(_orderWithCall()));
        _check(!ok, "order.admin.callsByStranger", "an order with output calls was paid");
    }

    /// @notice order.admin.ownershipByStranger: attack = a stranger hands itself the ownership (the admin role).
    function test_order_admin_ownershipByStranger() public {
        _applicable("order.admin.ownershipByStranger");
        address stranger = _orderStranger();
        _assertStrangerRefused(
            "order.admin.ownershipByStranger", orderReceiver, stranger, AdminAction.TransferOwnership, stranger, 0
        );
    }

    // ------------------------------------------------------------------------------------------------------
    // Refusal classes
    // ------------------------------------------------------------------------------------------------------

    /// @dev The refusal classes each property accepts (the same as the TypeScript catalogue's `ORDER_REFUSALS`);
    /// a property not listed (a token that reverts inside its own transfer) accepts any refusal.
    function expectedRefusal(string memory property) internal view virtual override returns (string memory) {
        bytes32 p = keccak256(bytes(property));
        if (
            p == keccak256("order.replay.sameSignature")
                || p == keccak256("order.replay.later")
                || p == keccak256("order.replay.otherPayer")
                || p == keccak256("order.replay.compactForm")
                || p == keccak256("order.replay.acrossDepositors")
                || p == keccak256("order.replay.token")
        ) return "replay";
        if (p == keccak256("order.replay.highSTwin")) return "replay|signature";
        if (
            p == keccak256("order.binding.anyField")
                || p == keccak256("order.signer.stranger")
                || p == keccak256("order.signature.zeroAddress")
                || p == keccak256("order.signature.highS")
                || p == keccak256("order.signature.v")
                || p == keccak256("order.signature.length")
                || p == keccak256("order.rotation.grace")
                || p == keccak256("order.rotation.zeroGrace")
                || p == keccak256("order.rotation.graceCap")
        ) return "signature";
        if (p == keccak256("order.signer.callerChosen")) return "signature|solver";
        if (p == keccak256("order.solver.named")) return "solver|signature";
        if (
            p == keccak256("order.amount.shortNative")
                || p == keccak256("order.amount.overNative")
                || p == keccak256("order.amount.zero")
                || p == keccak256("order.token.feeOnTransfer")
                || p == keccak256("order.token.rebasing")
                || p == keccak256("order.token.shares")
        ) return "amount";
        if (
            p == keccak256("order.currency.tokenPaidNatively")
                || p == keccak256("order.currency.nativePaidWithToken")
        ) return "currency|amount";
        if (p == keccak256("order.chain.input")) return "chain";
        if (
            p == keccak256("order.deadline.expired")
                || p == keccak256("order.deadline.maxWindow")
        ) return "deadline";
        if (
            p == keccak256("order.whitelist.recipient")
                || p == keccak256("order.whitelist.everyRecipient")
                || p == keccak256("order.whitelist.outputChain")
        ) return "whitelist";
        if (
            p == keccak256("order.payer.stranger")
                || p == keccak256("order.payer.noRefundHere")
        ) return "payer";
        if (
            p == keccak256("order.calls.refused")
                || p == keccak256("order.calls.ownerAllows")
        ) return "calls";
        if (p == keccak256("order.invalidation.refused")) return "invalidated";
        if (p == keccak256("order.pause.refused")) return "paused";
        if (
            p == keccak256("order.admin.rotateByStranger")
                || p == keccak256("order.admin.pauseByStranger")
                || p == keccak256("order.admin.invalidateByStranger")
                || p == keccak256("order.admin.whitelistByStranger")
                || p == keccak256("order.admin.callsByStranger")
                || p == keccak256("order.admin.ownershipByStranger")
        ) return "unauthorized";
        return "";
    }

    // ------------------------------------------------------------------------------------------------------
    // Entry point the suite calls on itself (to catch reverts); not part of the catalogue
    // ------------------------------------------------------------------------------------------------------

    /// @notice The suite's own entry point for one payment attempt (called on itself to catch the revert); not a
    /// property and not for your tests.
    function conformanceAttemptOrder(OrderPayment memory payment) external {
        require(msg.sender == address(this), "OrderReceiverConformance: self only");
        payOrder(orderReceiver, payment);
    }

    /// @notice The suite's own entry point for a solver rotation (called on itself); not for your tests.
    function conformanceRotateOrder(address newSolver, uint40 gracePeriod) external returns (bool supported) {
        require(msg.sender == address(this), "OrderReceiverConformance: self only");
        return rotateOrderSolver(orderReceiver, newSolver, gracePeriod);
    }

    // ------------------------------------------------------------------------------------------------------
    // Internals
    // ------------------------------------------------------------------------------------------------------

    /// @dev Pays `p`: refused, unrecorded or short of the input's amount fails `property`, and so does a deposit
    /// (when {orderDepository} names the depository) other than one under the order id crediting the payer.
    function _assertOrderPaid(string memory property, OrderPayment memory p) internal {
        (address currency, uint256 amount) = _thisChainInput(p.order);
        address recipient = orderPaymentRecipient(orderReceiver);
        address depository = orderDepository(orderReceiver);
        uint256 before = _balance(currency, recipient);
        if (depository != address(0)) CONFORMANCE_VM.recordLogs();
        (bool ok, bytes memory err) = _attemptOrder(p);
        _check(ok, property, _describe("a valid payment was refused", err));
        bytes32 id = ProtocolOrder.orderId(p.order);
        _check(isOrderPaid(orderReceiver, id), property, "a valid payment was not recorded as paid");
        _check(_balance(currency, recipient) - before == amount, property, "the recipient did not receive exactly the input's amount");
        if (depository != address(0)) _checkDeposit(property, depository, id, p.payer);
    }

    /// @dev Exactly one deposit event of `depository` among the recorded logs, under `id`, crediting `payer`.
    function _checkDeposit(string memory property, address depository, bytes32 id, address payer) internal {
        ConformanceVm.Log[] memory logs = CONFORMANCE_VM.getRecordedLogs();
        uint256 deposits;
        bytes32 depositId;
        address depositor;
        for (uint256 i; i < logs.length; ++i) {
            if (logs[i].emitter != depository || logs[i].topics.length == 0) continue;
            bytes32 topic = logs[i].topics[0];
            if (topic == IRelayDepository.RelayNativeDeposit.selector) {
                (depositor,, depositId) = abi.decode(logs[i].data, (address, uint256, bytes32));
            } else if (topic == IRelayDepository.RelayErc20Deposit.selector) {
                (depositor,,, depositId) = abi.decode(logs[i].data, (address, address, uint256, bytes32));
            } else {
                continue;
            }
            ++deposits;
        }
        _check(deposits == 1, property, "the depository did not record exactly one deposit");
        _check(depositId == id, property, "the depository recorded the deposit under another id than the order's");
        _check(depositor == payer, property, "the depository credited the deposit to another depositor than the payer");
    }

    function _orderStranger() internal view returns (address) {
        return CONFORMANCE_VM.addr(ORDER_STRANGER_KEY);
    }

    /// @dev (hook implemented, rotation applied) of a rotation to the next solver key: a reverting rotation counts
    /// as refused, not as missing.
    function _tryRotateOrder(uint40 gracePeriod) internal returns (bool supported, bool done) {
        try this.conformanceRotateOrder(CONFORMANCE_VM.addr(ORDER_NEXT_SOLVER_KEY), gracePeriod) returns (bool implemented) {
            return (implemented, implemented);
        } catch {
            return (true, false);
        }
    }

    function _rotateOrder(uint40 gracePeriod) internal returns (bool supported) {
        bool done;
        (supported, done) = _tryRotateOrder(gracePeriod);
        if (supported) _check(done, "order.rotation", "the rotation itself reverted");
    }

    /// @dev A fresh native order naming the solver of `key`, signed by it.
    function _signedOrderBy(uint256 key) internal returns (OrderPayment memory p) {
        ProtocolOrder.Order memory o = _order(address(0), ORDER_AMOUNT);
        o.solver = CONFORMANCE_VM.addr(key);
        p = _signedOrder(o);
        p.signature = OrderSigner.sign(key, o);
    }

    function _assertOrderRefused(string memory property, OrderPayment memory p) internal {
        bytes32 id = ProtocolOrder.orderId(p.order);
        bool paidBefore = isOrderPaid(orderReceiver, id);
        address recipient = orderPaymentRecipient(orderReceiver);
        uint256 nativeBefore = recipient.balance;
        uint256 tokenBefore = ConformanceToken(orderSetup.token).balanceOf(recipient);
        (bool ok, bytes memory err) = _attemptOrder(p);
        _checkRefusal(property, ok, err);
        _check(isOrderPaid(orderReceiver, id) == paidBefore, property, "the attack was recorded as paid");
        _check(recipient.balance == nativeBefore, property, "the refused payment moved native funds");
        _check(ConformanceToken(orderSetup.token).balanceOf(recipient) == tokenBefore, property, "the refused payment moved tokens");
    }

    function _assertOrderReplayRefused(string memory property, OrderPayment memory p) internal {
        _check(isOrderPaid(orderReceiver, ProtocolOrder.orderId(p.order)), property, "setup: the first payment was not recorded");
        _assertOrderRefused(property, p);
    }

    function _assertOrderHostileTokenRefused(string memory property, ConformanceToken.Behaviour behaviour) internal {
        _applicable(property);
        ConformanceToken(orderSetup.hostileToken).setBehaviour(behaviour);
        _assertOrderRefused(property, _signedOrder(_order(orderSetup.hostileToken, ORDER_AMOUNT)));
    }

    function _attemptOrder(OrderPayment memory p) internal returns (bool ok, bytes memory err) {
        try this.conformanceAttemptOrder(p) {
            ok = true;
        } catch (bytes memory reason) {
            err = reason;
        }
    }

    /// @dev Changes one signed field after signing: the signature must be what refuses it (calls and the refund
    /// recipient are checked after the signature, so they report it too). The deadline moves earlier, inside
    /// the declared window, so no deadline check can refuse it first.
    function _tamper(ProtocolOrder.Order memory o, uint8 field, uint256 value) internal view {
        if (field == 0) o.salt ^= value;
        else if (field == 1) o.solverChainId = string.concat(o.solverChainId, "x");
        else if (field == 2) o.output.payments[0].minimumAmount ^= value;
        else if (field == 3) o.output.payments[0].expectedAmount ^= value;
        else if (field == 4) o.output.payments[0].currency = abi.encodePacked(bytes32(value));
        else if (field == 5) o.output.deadline -= uint32(1 + value % _orderLifetime());
        else if (field == 6) o.inputs[0].refunds[0].recipient = abi.encodePacked(address(uint160(value)));
        else if (field == 7) o.inputs[0].payment.weight ^= value;
        else if (field == 8) o.output.calls = new bytes[](1);
        else {
            o.fees = new ProtocolOrder.Fee[](1);
            o.fees[0] = ProtocolOrder.Fee(o.output.chainId, o.output.payments[0].recipient, o.output.chainId, new bytes(32), value);
        }
    }

    /// @dev The currency (zero for native) and amount of the order's input on this chain.
    function _thisChainInput(ProtocolOrder.Order memory o) internal view returns (address currency, uint256 amount) {
        for (uint256 i; i < o.inputs.length; ++i) {
            ProtocolOrder.InputPayment memory payment = o.inputs[i].payment;
            if (keccak256(bytes(payment.chainId)) == keccak256(bytes(orderSetup.chainId))) {
                return (address(bytes20(payment.currency)), payment.amount);
            }
        }
        revert("OrderReceiverConformance: no input on this chain");
    }

    function _signedOrder(ProtocolOrder.Order memory o) internal view returns (OrderPayment memory p) {
        bool native = keccak256(o.inputs[0].payment.currency) == keccak256(new bytes(20));
        p = OrderPayment({
            order: o,
            signature: OrderSigner.sign(ORDER_SOLVER_KEY, o),
            payer: orderPayer,
            value: native ? o.inputs[0].payment.amount : 0,
            route: Route.ByCurrency
        });
        if (o.inputs.length > 1) (, p.value) = _thisChainInput(o);
    }

    /// @dev Seconds from now to a valid order's output deadline: an hour, or the contract's deadline window
    /// when shorter (a valid order must be valid under the contract's own limits).
    function _orderLifetime() internal view returns (uint256) {
        uint256 window = orderDeadlineWindow(orderReceiver);
        return window != 0 && window < 1 hours ? window : 1 hours;
    }

    /// @dev A fresh order (new salt) paying `amount` of `currency` (zero: native) on this chain, filled on
    /// the output chain to the whitelisted recipient, its output deadline {_orderLifetime} ahead.
    function _order(address currency, uint256 amount) internal returns (ProtocolOrder.Order memory o) {
        bytes memory encodedCurrency = currency == address(0) ? new bytes(20) : abi.encodePacked(currency);
        o.version = "v1";
        o.solverChainId = orderSetup.chainId;
        o.solver = orderSetup.solver;
        o.salt = uint256(keccak256(abi.encode("attestkit.conformance.order", ++_salt)));
        o.inputs = new ProtocolOrder.Input[](1);
        o.inputs[0].payment = ProtocolOrder.InputPayment(orderSetup.chainId, encodedCurrency, amount, 1);
        o.inputs[0].refunds = new ProtocolOrder.InputRefund[](1);
        o.inputs[0].refunds[0] = ProtocolOrder.InputRefund(
            orderSetup.chainId, abi.encodePacked(orderPayer), encodedCurrency, 0, uint32(block.timestamp + 1 days), ""
        );
        o.output.chainId = orderSetup.outputChainId;
        o.output.payments = new ProtocolOrder.OutputPayment[](1);
        o.output.payments[0] = ProtocolOrder.OutputPayment(orderSetup.outputRecipient, new bytes(32), 990, 1000);
        o.output.deadline = uint32(block.timestamp + _orderLifetime());
        o.output.calls = new bytes[](0);
        o.output.extraData = "";
        o.fees = new ProtocolOrder.Fee[](0);
    }

    /// @dev A fresh native order whose output call transfers the output token to an attacker.
    function _orderWithCall() internal returns (ProtocolOrder.Order memory o) {
        o = _order(address(0), ORDER_AMOUNT);
        o.output.calls = new bytes[](1);
        o.output.calls[0] = abi.encodeWithSignature("transfer(address,uint256)", address(0xBAD), 990);
    }

    function _fundOrderAccount(address account) internal {
        _fundAccount(account, orderReceiver, [orderSetup.token, orderSetup.hostileToken]);
    }
}
