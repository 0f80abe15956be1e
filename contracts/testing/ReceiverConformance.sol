// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "../RequestAttestation.sol";
import {AttestationSigner} from "./AttestationSigner.sol";
import {ConformanceBase} from "./ConformanceBase.sol";
import {ConformanceReentrantPayee} from "./ConformanceReentrantPayee.sol";
import {ConformanceToken} from "./ConformanceToken.sol";
import {CONFORMANCE_VM} from "./ConformanceVm.sol";

/// @title ReceiverConformance
/// @notice The attack catalogue for a receiver of solver attestations, as Foundry / Hardhat 3 Solidity
/// tests. Inherit it, implement the hooks (deploy, pay, isPaid; optionally rotate, pause, invalidate, pay
/// with permit) and every property runs against your receiver as a `test_*` (or `testFuzz_*`) function,
/// with attestations signed by a mock solver key. A property your receiver does not claim is marked not
/// applicable with a reason ({notApplicable}); the runner reports it as skipped with that reason.
/// @dev Each property names the attack it stands for. A rejection is checked by its outcome (the attack was
/// not paid and the valid path still pays) and, when {expectedError} names one, by the exact error.
abstract contract ReceiverConformance is ConformanceBase {
    using AttestationSigner for bytes;

    /// @notice What the suite asks {deployReceiver} to set up.
    struct ReceiverSetup {
        address owner;
        address solver;
        uint40 maxDeadlineWindow;
        uint256 destinationChainId;
        bytes32 destinationUser;
        address token;
        address hostileToken;
    }

    /// @notice One payment attempt. {pay} sends it as `payer`, with `value` native when it pays natively.
    struct Payment {
        RequestAttestation.RequestData data;
        uint256 deadline;
        bytes signature;
        address payer;
        uint256 value;
        Route route;
    }

    uint256 internal constant CONFORMANCE_SOLVER_KEY = uint256(keccak256("attestkit.conformance.solver"));
    uint256 internal constant CONFORMANCE_NEXT_SOLVER_KEY = uint256(keccak256("attestkit.conformance.next-solver"));
    uint256 internal constant CONFORMANCE_STRANGER_KEY = uint256(keccak256("attestkit.conformance.stranger"));
    uint256 internal constant CONFORMANCE_PAYER_KEY = uint256(keccak256("attestkit.conformance.payer"));
    uint40 internal constant CONFORMANCE_WINDOW = 3600;
    uint40 internal constant CONFORMANCE_GRACE = 3600;
    uint40 internal constant CONFORMANCE_MAX_GRACE = 30 days;
    uint256 internal constant CONFORMANCE_AMOUNT = 1e18;

    /// @notice The receiver under test, deployed in {setUp}.
    address internal conformanceReceiver;
    ReceiverSetup internal conformanceSetup;
    address internal conformancePayer;
    address internal conformanceAttacker;
    uint256 private _nonce;
    address private _reentrantPayee;

    // ------------------------------------------------------------------------------------------------------
    // Hooks
    // ------------------------------------------------------------------------------------------------------

    /// @notice Deploys the receiver under test: `setup.solver` signs and `setup.owner` administers,
    /// deadlines up to `setup.maxDeadlineWindow` ahead are accepted and the destination is whitelisted.
    function deployReceiver(ReceiverSetup memory setup) internal virtual returns (address receiver);

    /// @notice Sends `payment` to `receiver` as `payment.payer` (`vm.prank`), through the entry point
    /// `payment.route` selects. Must revert when the receiver refuses it. Token approvals are already given.
    function pay(address receiver, Payment memory payment) internal virtual;

    /// @notice Whether `receiver` recorded `requestId` as paid.
    function isPaid(address receiver, bytes32 requestId) internal view virtual returns (bool);

    /// @notice Rotates to `newSolver`, the outgoing key verifying for `gracePeriod` seconds. Return false
    /// when the receiver has no rotation (its properties are then reported not applicable).
    function rotateSolver(address receiver, address newSolver, uint40 gracePeriod) internal virtual returns (bool) {
        (receiver, newSolver, gracePeriod);
        return false;
    }

    /// @notice Pauses or resumes payments; false when the receiver cannot be paused.
    function setPaused(address receiver, bool paused) internal virtual returns (bool) {
        (receiver, paused);
        return false;
    }

    /// @notice Invalidates `requestId` as its solver or owner would; false when the receiver has no invalidation.
    function invalidateRequest(address receiver, bytes32 requestId) internal virtual returns (bool) {
        (receiver, requestId);
        return false;
    }

    /// @notice Pays a token attestation through the receiver's EIP-2612 permit entry point; false when it has none.
    function payWithPermit(address receiver, Payment memory payment, uint256 permitDeadline, uint8 v, bytes32 r, bytes32 s)
        internal
        virtual
        returns (bool)
    {
        (receiver, payment, permitDeadline, v, r, s);
        return false;
    }

    /// @notice The account whose balance a payment signed by `signer` must grow by exactly the attested
    /// amount (default: the signing solver, to which the reference forwards every payment).
    function paymentRecipient(address receiver, address signer) internal view virtual returns (address) {
        receiver;
        return signer;
    }

    // ------------------------------------------------------------------------------------------------------
    // Setup
    // ------------------------------------------------------------------------------------------------------

    /// @notice Deploys the tokens and the contract under test through the deploy hook; runs before every property.
    /// Override it only to add your own setup, calling `super.setUp()` first.
    function setUp() public virtual {
        conformancePayer = CONFORMANCE_VM.addr(CONFORMANCE_PAYER_KEY);
        conformanceAttacker = address(uint160(uint256(keccak256("attestkit.conformance.attacker"))));
        conformanceSetup = ReceiverSetup({
            owner: address(this),
            solver: CONFORMANCE_VM.addr(CONFORMANCE_SOLVER_KEY),
            maxDeadlineWindow: CONFORMANCE_WINDOW,
            destinationChainId: block.chainid == 8453 ? 10 : 8453,
            destinationUser: bytes32(uint256(0xd5)),
            token: address(new ConformanceToken("Conformance Token")),
            hostileToken: address(new ConformanceToken("Hostile Token"))
        });
        conformanceReceiver = deployReceiver(conformanceSetup);
        _fund(conformancePayer);
        _fund(conformanceAttacker);
        _fund(address(this));
    }

    // ------------------------------------------------------------------------------------------------------
    // Baseline: the valid path pays exactly
    // ------------------------------------------------------------------------------------------------------

    /// @notice pay.native: a valid native attestation is paid once and the recipient receives exactly the amount.
    function test_pay_native() public {
        _applicable("pay.native");
        _assertPaid("pay.native", _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT)));
    }

    /// @notice pay.token: a valid token attestation is paid once and the recipient receives exactly the amount.
    function test_pay_token() public {
        _applicable("pay.token");
        _assertPaid("pay.token", _signed(_data(conformancePayer, conformanceSetup.token, CONFORMANCE_AMOUNT)));
    }

    /// @notice pay.anyAmount (fuzz): every non-zero native amount is delivered exactly.
    function testFuzz_pay_anyAmount(uint256 amount) public {
        _applicable("pay.anyAmount");
        amount = _bound(amount, 1, 1e30);
        _assertPaid("pay.anyAmount", _signed(_data(conformancePayer, address(0), amount)));
    }

    // ------------------------------------------------------------------------------------------------------
    // Replay
    // ------------------------------------------------------------------------------------------------------

    /// @notice replay.sameSignature: attack = submit the paid attestation again right away.
    function test_replay_sameSignature() public {
        _applicable("replay.sameSignature");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        _assertPaid("replay.sameSignature", p);
        _assertReplayRefused("replay.sameSignature", p);
    }

    /// @notice replay.later: attack = submit the paid attestation a day later with a fresh deadline.
    function test_replay_later() public {
        _applicable("replay.later");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        _assertPaid("replay.later", p);
        CONFORMANCE_VM.warp(block.timestamp + 1 days);
        p.deadline = block.timestamp + 60;
        _assertReplayRefused("replay.later", p);
    }

    /// @notice replay.compactForm: attack = pay with the 65-byte signature, then again with its 64-byte
    /// EIP-2098 form (other bytes, same signer): a replay key on the signature bytes pays twice.
    function test_replay_compactForm() public {
        _applicable("replay.compactForm");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        _assertPaid("replay.compactForm", p);
        p.signature = p.signature.compact();
        _assertReplayRefused("replay.compactForm", p);
    }

    /// @notice replay.fullForm: attack = pay with the 64-byte form, then again with the 65-byte form.
    function test_replay_fullForm() public {
        _applicable("replay.fullForm");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        bytes memory full = p.signature;
        p.signature = full.compact();
        _assertPaid("replay.fullForm", p);
        p.signature = full;
        _assertReplayRefused("replay.fullForm", p);
    }

    /// @notice replay.highSTwin: attack = pay, then replay with the high-s twin of the signature.
    function test_replay_highSTwin() public {
        _applicable("replay.highSTwin");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        _assertPaid("replay.highSTwin", p);
        p.signature = p.signature.highSTwin();
        _assertReplayRefused("replay.highSTwin", p);
    }

    /// @notice replay.token: attack = pay a paid token attestation again (the token path's replay record).
    function test_replay_token() public {
        _applicable("replay.token");
        Payment memory p = _signed(_data(conformancePayer, conformanceSetup.token, CONFORMANCE_AMOUNT));
        _assertPaid("replay.token", p);
        _assertReplayRefused("replay.token", p);
    }

    /// @notice replay.acrossReceivers: attack = pay on one receiver, then the same attestation on a second
    /// receiver of the same solver.
    function test_replay_acrossReceivers() public {
        _applicable("replay.acrossReceivers");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        _assertPaid("replay.acrossReceivers", p);
        conformanceReceiver = deployReceiver(conformanceSetup);
        _fund(conformancePayer);
        _assertRefused("replay.acrossReceivers", p);
    }

    /// @notice replay.acrossChains: attack = after a chain split (same state, other chain id), pay the
    /// attestation of the original chain on the fork.
    function test_replay_acrossChains() public {
        _applicable("replay.acrossChains");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        CONFORMANCE_VM.chainId(block.chainid + 1);
        _assertRefused("replay.acrossChains", p);
    }

    // ------------------------------------------------------------------------------------------------------
    // Signatures
    // ------------------------------------------------------------------------------------------------------

    /// @notice signer.stranger (fuzz): attack = an attestation signed by any key but the solver's.
    function testFuzz_signer_stranger(uint256 key) public {
        _applicable("signer.stranger");
        key = _bound(key, 1, AttestationSigner.SECP256K1_N - 1);
        CONFORMANCE_VM.assume(key != CONFORMANCE_SOLVER_KEY);
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.signature = AttestationSigner.sign(key, p.data);
        _assertRefused("signer.stranger", p);
    }

    /// @notice signer.callerChosen: attack = the payer signs its own attestation (a receiver that trusts
    /// a signer the caller names, or the caller itself, accepts it).
    function test_signer_callerChosen() public {
        _applicable("signer.callerChosen");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.signature = AttestationSigner.sign(CONFORMANCE_PAYER_KEY, p.data);
        _assertRefused("signer.callerChosen", p);
    }

    /// @notice signature.zeroAddress: attack = a signature `ecrecover` maps to the zero address, which
    /// matches any unset signer slot (e.g. the previous solver before any rotation).
    function test_signature_zeroAddress() public {
        _applicable("signature.zeroAddress");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.signature = AttestationSigner.zeroRecovery();
        _assertRefused("signature.zeroAddress", p);
    }

    /// @notice signature.highS: attack = the high-s twin of a valid signature, on a fresh request (one
    /// accepted encoding per signature, EIP-2).
    function test_signature_highS() public {
        _applicable("signature.highS");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.signature = p.signature.highSTwin();
        _assertRefused("signature.highS", p);
    }

    /// @notice signature.v: attack = `v` bytes other than 27 / 28 (0, 1, 29, 255): a second byte encoding
    /// of the same signature, or garbage the precompile reads as no signer.
    function test_signature_v() public {
        _applicable("signature.v");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        bytes memory valid = p.signature;
        uint8[4] memory vs = [0, 1, 29, 255];
        for (uint256 i; i < vs.length; ++i) {
            p.signature = valid.withV(vs[i]);
            _assertRefused("signature.v", p);
        }
    }

    /// @notice signature.length: attack = signatures of 0, 63, 66 and 96 bytes (only 64 and 65 are valid).
    function test_signature_length() public {
        _applicable("signature.length");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        bytes memory valid = p.signature;
        uint8[4] memory lengths = [0, 63, 66, 96];
        for (uint256 i; i < lengths.length; ++i) {
            p.signature = valid.resized(lengths[i]);
            _assertRefused("signature.length", p);
        }
    }

    /// @notice binding.anyField (fuzz): attack = change one of the seven attested values and keep the
    /// signature (the payer is the attested one, so only the signature can refuse it).
    function testFuzz_binding_anyField(uint8 field, uint256 value) public {
        _applicable("binding.anyField");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        field = uint8(_bound(field, 0, 6));
        value = _bound(value, 1, type(uint160).max);
        bytes32 w = bytes32(value);
        RequestAttestation.RequestData memory d = p.data;
        if (field == 0) d.requestId = d.requestId ^ w;
        else if (field == 1) d.originChainId ^= value;
        else if (field == 2) d.originUser ^= w;
        else if (field == 3) d.originCurrency ^= w;
        else if (field == 4) d.originAmount = _bound(d.originAmount ^ value, 1, 1e30);
        else if (field == 5) d.destinationChainId ^= value;
        else d.destinationUser ^= w;
        CONFORMANCE_VM.assume(RequestAttestation.hashMemory(d) != RequestAttestation.hashMemory(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT, p.data.requestId)));
        if (field == 2) p.payer = address(uint160(uint256(d.originUser)));
        CONFORMANCE_VM.assume(uint160(p.payer) > 0xffff && p.payer.code.length == 0);
        p.value = d.originAmount;
        _fund(p.payer);
        _assertRefused("binding.anyField", p);
    }

    // ------------------------------------------------------------------------------------------------------
    // Amount and currency
    // ------------------------------------------------------------------------------------------------------

    /// @notice amount.shortNative (fuzz): attack = send less native value than attested.
    function testFuzz_amount_shortNative(uint256 sent) public {
        _applicable("amount.shortNative");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.value = _bound(sent, 0, CONFORMANCE_AMOUNT - 1);
        _assertRefused("amount.shortNative", p);
    }

    /// @notice amount.overNative: attack = send more than attested (the excess would be stuck or credited).
    function test_amount_overNative() public {
        _applicable("amount.overNative");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.value = CONFORMANCE_AMOUNT + 1;
        _assertRefused("amount.overNative", p);
    }

    /// @notice amount.shortToken: attack = the payer holds (and approved) less than the attested amount.
    function test_amount_shortToken() public {
        _applicable("amount.shortToken");
        Payment memory p = _signed(_data(conformancePayer, conformanceSetup.token, CONFORMANCE_AMOUNT));
        _setTokenBalance(conformanceSetup.token, conformancePayer, CONFORMANCE_AMOUNT - 1);
        _assertRefused("amount.shortToken", p);
    }

    /// @notice amount.zero: attack = a validly signed attestation of zero (credits a request for nothing).
    function test_amount_zero() public {
        _applicable("amount.zero");
        Payment memory p = _signed(_data(conformancePayer, address(0), 0));
        _assertRefused("amount.zero", p);
    }

    /// @notice currency.tokenPaidNatively: attack = a token attestation paid with the same number of wei.
    function test_currency_tokenPaidNatively() public {
        _applicable("currency.tokenPaidNatively");
        Payment memory p = _signed(_data(conformancePayer, conformanceSetup.token, CONFORMANCE_AMOUNT));
        p.route = Route.Native;
        p.value = CONFORMANCE_AMOUNT;
        _assertRefused("currency.tokenPaidNatively", p);
    }

    /// @notice currency.nativePaidWithToken: attack = a native attestation paid through the token path.
    function test_currency_nativePaidWithToken() public {
        _applicable("currency.nativePaidWithToken");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.route = Route.Token;
        p.value = 0;
        _assertRefused("currency.nativePaidWithToken", p);
    }

    /// @notice token.feeOnTransfer: attack = a token that delivers 1% less than sent (the August 2026 drain:
    /// credit the signed amount without checking what arrived).
    function test_token_feeOnTransfer() public {
        _assertHostileTokenRefused("token.feeOnTransfer", ConformanceToken.Behaviour.FeeOnTransfer);
    }

    /// @notice token.rebasing: attack = a token whose transfer also rebases the recipient (more arrives).
    function test_token_rebasing() public {
        _assertHostileTokenRefused("token.rebasing", ConformanceToken.Behaviour.Rebasing);
    }

    /// @notice token.falseReturn: attack = a token that moves nothing and returns `false`.
    function test_token_falseReturn() public {
        _assertHostileTokenRefused("token.falseReturn", ConformanceToken.Behaviour.FalseReturn);
    }

    /// @notice token.shares: attack = a share token whose balance units differ from its transfer units.
    function test_token_shares() public {
        _assertHostileTokenRefused("token.shares", ConformanceToken.Behaviour.Shares);
    }

    /// @notice token.noReturn: a token that returns no data (USDT-style) is still paid exactly, not refused
    /// or mis-credited.
    function test_token_noReturn() public {
        _applicable("token.noReturn");
        ConformanceToken(conformanceSetup.hostileToken).setBehaviour(ConformanceToken.Behaviour.NoReturn);
        _assertPaid("token.noReturn", _signed(_data(conformancePayer, conformanceSetup.hostileToken, CONFORMANCE_AMOUNT)));
    }

    /// @notice token.standingBalance: attack = the receiver and the recipient already hold the token; a payment
    /// must be credited by what it moved (a balance read after the transfer counts the standing balance and
    /// lets a short transfer through).
    function test_token_standingBalance() public {
        _applicable("token.standingBalance");
        address recipient = paymentRecipient(conformanceReceiver, conformanceSetup.solver);
        address[2] memory tokens = [conformanceSetup.token, conformanceSetup.hostileToken];
        for (uint256 i; i < tokens.length; ++i) {
            ConformanceToken(tokens[i]).mint(conformanceReceiver, 3 * CONFORMANCE_AMOUNT);
            ConformanceToken(tokens[i]).mint(recipient, 3 * CONFORMANCE_AMOUNT);
        }
        _assertPaid("token.standingBalance", _signed(_data(conformancePayer, conformanceSetup.token, CONFORMANCE_AMOUNT)));
        _assertHostileTokenRefused("token.standingBalance", ConformanceToken.Behaviour.FeeOnTransfer);
    }

    // ------------------------------------------------------------------------------------------------------
    // Payer, chain, deadline, whitelist
    // ------------------------------------------------------------------------------------------------------

    /// @notice payer.binding (fuzz): attack = another account submits the payer's attestation.
    function testFuzz_payer_binding(address caller) public {
        _applicable("payer.binding");
        CONFORMANCE_VM.assume(caller != conformancePayer && caller.code.length == 0 && uint160(caller) > 0xffff);
        CONFORMANCE_VM.assume(caller != address(CONFORMANCE_VM));
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.payer = caller;
        _fund(caller);
        _assertRefused("payer.binding", p);
    }

    /// @notice chain.binding (fuzz): attack = an attestation for another origin chain paid here.
    function testFuzz_chain_binding(uint256 chainId) public {
        _applicable("chain.binding");
        CONFORMANCE_VM.assume(chainId != block.chainid);
        RequestAttestation.RequestData memory d = _data(conformancePayer, address(0), CONFORMANCE_AMOUNT);
        d.originChainId = chainId;
        _assertRefused("chain.binding", _signed(d));
    }

    /// @notice deadline.expired: attack = a transaction landing after its deadline (edge: the deadline
    /// itself still pays).
    function test_deadline_expired() public {
        _applicable("deadline.expired");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.deadline = block.timestamp - 1;
        _assertRefused("deadline.expired", p);
        p.deadline = block.timestamp;
        _assertPaid("deadline.expired", p);
    }

    /// @notice deadline.maxWindow: attack = a deadline beyond the maximum window, keeping a stale quote
    /// payable (edge: exactly the window still pays).
    function test_deadline_maxWindow() public {
        _applicable("deadline.maxWindow");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.deadline = block.timestamp + CONFORMANCE_WINDOW + 1;
        _assertRefused("deadline.maxWindow", p);
        p.deadline = block.timestamp + CONFORMANCE_WINDOW;
        _assertPaid("deadline.maxWindow", p);
    }

    /// @notice whitelist.destination (fuzz): attack = an attestation to a destination not whitelisted.
    function testFuzz_whitelist_destination(uint256 chainId, bytes32 user) public {
        _applicable("whitelist.destination");
        uint256 rightChain = conformanceSetup.destinationChainId;
        bytes32 rightUser = conformanceSetup.destinationUser;
        // Each field wrong alone, at the whitelisted value's neighbours and at the fuzzed value: a check of
        // one field, of both together, or an ordering in place of equality lets one of them through.
        _assertDestinationRefused(rightChain - 1, rightUser);
        _assertDestinationRefused(rightChain + 1, rightUser);
        _assertDestinationRefused(rightChain, bytes32(uint256(rightUser) - 1));
        _assertDestinationRefused(rightChain, bytes32(uint256(rightUser) + 1));
        if (chainId != rightChain) _assertDestinationRefused(chainId, rightUser);
        if (user != rightUser) _assertDestinationRefused(rightChain, user);
        if (chainId != rightChain || user != rightUser) _assertDestinationRefused(chainId, user);
    }

    function _assertDestinationRefused(uint256 chainId, bytes32 user) internal {
        RequestAttestation.RequestData memory d = _data(conformancePayer, address(0), CONFORMANCE_AMOUNT);
        d.destinationChainId = chainId;
        d.destinationUser = user;
        _assertRefused("whitelist.destination", _signed(d));
    }

    // ------------------------------------------------------------------------------------------------------
    // Administration: invalidation, pause, rotation
    // ------------------------------------------------------------------------------------------------------

    /// @notice invalidation.refused: attack = pay a quote its solver invalidated (a signed quote has no expiry).
    function test_invalidation_refused() public {
        _applicable("invalidation.refused");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        _requireHook("invalidation.refused", "invalidateRequest", invalidateRequest(conformanceReceiver, p.data.requestId));
        _assertRefused("invalidation.refused", p);
        _assertPaid("invalidation.refused", _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT)));
    }

    /// @notice pause.refused: attack = pay while paused; after resuming the same attestation pays.
    function test_pause_refused() public {
        _applicable("pause.refused");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        _requireHook("pause.refused", "setPaused", setPaused(conformanceReceiver, true));
        _assertRefused("pause.refused", p);
        setPaused(conformanceReceiver, false);
        _assertPaid("pause.refused", p);
    }

    /// @notice admin.rotateByStranger: attack = a stranger makes its own key the solver; the solver's
    /// attestations must go on paying.
    function test_admin_rotateByStranger() public {
        _applicable("admin.rotateByStranger");
        address stranger = CONFORMANCE_VM.addr(CONFORMANCE_STRANGER_KEY);
        _assertStrangerRefused("admin.rotateByStranger", conformanceReceiver, stranger, AdminAction.RotateSolver, stranger, 0);
        _assertPaid("admin.rotateByStranger", _signedBy(CONFORMANCE_SOLVER_KEY));
    }

    /// @notice admin.pauseByStranger: attack = a stranger pauses the receiver (denial of service); payments
    /// must go on.
    function test_admin_pauseByStranger() public {
        _applicable("admin.pauseByStranger");
        _assertStrangerRefused("admin.pauseByStranger", conformanceReceiver, conformanceAttacker, AdminAction.Pause, address(0), 0);
        _assertPaid("admin.pauseByStranger", _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT)));
    }

    /// @notice admin.invalidateByStranger: attack = a stranger invalidates someone else's request id before it
    /// is paid.
    function test_admin_invalidateByStranger() public {
        _applicable("admin.invalidateByStranger");
        Payment memory p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        _assertStrangerRefused(
            "admin.invalidateByStranger", conformanceReceiver, conformanceAttacker, AdminAction.Invalidate, address(0), p.data.requestId
        );
        _assertPaid("admin.invalidateByStranger", p);
    }

    /// @notice admin.whitelistByStranger: attack = a stranger whitelists its own destination; attestations to
    /// it must stay refused.
    function test_admin_whitelistByStranger() public {
        _applicable("admin.whitelistByStranger");
        bytes32 user = bytes32(uint256(uint160(conformanceAttacker)));
        _assertStrangerRefused("admin.whitelistByStranger", conformanceReceiver, conformanceAttacker, AdminAction.Whitelist, address(0), user);
        RequestAttestation.RequestData memory d = _data(conformancePayer, address(0), CONFORMANCE_AMOUNT);
        d.destinationUser = user;
        (bool ok,) = _attempt(_signed(d));
        _check(!ok, "admin.whitelistByStranger", "an attestation to the stranger's destination was paid");
    }

    /// @notice admin.ownershipByStranger: attack = a stranger hands itself the ownership (the admin role).
    function test_admin_ownershipByStranger() public {
        _applicable("admin.ownershipByStranger");
        _assertStrangerRefused(
            "admin.ownershipByStranger", conformanceReceiver, conformanceAttacker, AdminAction.TransferOwnership, conformanceAttacker, 0
        );
    }

    /// @notice rotation.grace: the outgoing key pays inside its grace window and is refused from its last
    /// second on; the new key pays.
    function test_rotation_grace() public {
        _applicable("rotation.grace");
        uint256 rotatedAt = block.timestamp;
        _requireHook("rotation.grace", "rotateSolver", _rotate(CONFORMANCE_GRACE));
        _assertPaid("rotation.grace", _signedBy(CONFORMANCE_SOLVER_KEY));
        _assertPaid("rotation.grace", _signedBy(CONFORMANCE_NEXT_SOLVER_KEY));
        CONFORMANCE_VM.warp(rotatedAt + CONFORMANCE_GRACE);
        _assertRefused("rotation.grace", _signedBy(CONFORMANCE_SOLVER_KEY));
    }

    /// @notice rotation.zeroGrace: attack = a leaked key used after a rotation without grace.
    function test_rotation_zeroGrace() public {
        _applicable("rotation.zeroGrace");
        _requireHook("rotation.zeroGrace", "rotateSolver", _rotate(0));
        _assertRefused("rotation.zeroGrace", _signedBy(CONFORMANCE_SOLVER_KEY));
        _assertPaid("rotation.zeroGrace", _signedBy(CONFORMANCE_NEXT_SOLVER_KEY));
    }

    /// @notice rotation.graceCap: attack = an outgoing key kept alive for a year; whether the rotation is
    /// refused or capped, the old key must not pay after 30 days.
    function test_rotation_graceCap() public {
        _applicable("rotation.graceCap");
        uint256 rotatedAt = block.timestamp;
        (bool supported, bool done) = _tryRotate(365 days);
        _requireHook("rotation.graceCap", "rotateSolver", supported);
        if (!done) return;
        CONFORMANCE_VM.warp(rotatedAt + CONFORMANCE_MAX_GRACE + 1);
        _assertRefused("rotation.graceCap", _signedBy(CONFORMANCE_SOLVER_KEY));
    }

    // ------------------------------------------------------------------------------------------------------
    // Re-entrancy and permit
    // ------------------------------------------------------------------------------------------------------

    /// @notice reentrancy.tokenHook: attack = a token whose `transferFrom` re-enters the receiver with a
    /// second attested payment and moves nothing itself, so the outer payment measures the inner transfer
    /// as its own: two requests credited for one transfer. Passes when every credited request was paid.
    function test_reentrancy_tokenHook() public {
        _applicable("reentrancy.tokenHook");
        address hostile = conformanceSetup.hostileToken;
        Payment memory outer = _signed(_data(conformancePayer, hostile, CONFORMANCE_AMOUNT));
        Payment memory inner = _signed(_data(address(this), hostile, CONFORMANCE_AMOUNT));
        ConformanceToken(hostile).mint(address(this), CONFORMANCE_AMOUNT);
        ConformanceToken(hostile).approve(conformanceReceiver, type(uint256).max);
        ConformanceToken(hostile).armHook(address(this), abi.encodeCall(this.conformanceReenter, (inner)), conformanceReceiver);
        address recipient = paymentRecipient(conformanceReceiver, conformanceSetup.solver);
        uint256 before = ConformanceToken(hostile).balanceOf(recipient);
        (bool ok,) = _attempt(outer);
        uint256 credited = (isPaid(conformanceReceiver, outer.data.requestId) ? 1 : 0)
            + (isPaid(conformanceReceiver, inner.data.requestId) ? 1 : 0);
        uint256 received = ConformanceToken(hostile).balanceOf(recipient) - before;
        _check(ok == (credited > 0), "reentrancy.tokenHook", "the call outcome and the recorded requests disagree");
        _check(received == credited * CONFORMANCE_AMOUNT, "reentrancy.tokenHook", "requests credited without their transfer");
    }

    /// @notice reentrancy.nativeForward: attack = the account a native payment is forwarded to re-enters the
    /// receiver from inside the forward with a second payment of the same request id (attested to that
    /// account): a replay record written after the forward accepts one id twice. Passes when at most one of
    /// the two is accepted.
    function test_reentrancy_nativeForward() public {
        _applicable("reentrancy.nativeForward");
        address payee = paymentRecipient(conformanceReceiver, conformanceSetup.solver);
        _requireLimit(
            "reentrancy.nativeForward",
            payee != conformanceReceiver && payee.code.length == 0,
            "native payments are not forwarded to an account without code"
        );
        Payment memory outer = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        Payment memory inner = _signed(_data(payee, address(0), CONFORMANCE_AMOUNT, outer.data.requestId));
        CONFORMANCE_VM.etch(payee, address(new ConformanceReentrantPayee()).code);
        CONFORMANCE_VM.deal(payee, 1e31);
        _reentrantPayee = payee;
        ConformanceReentrantPayee(payable(payee)).arm(address(this), abi.encodeCall(this.conformanceReenterNative, (inner)));
        (bool ok,) = _attempt(outer);
        ConformanceReentrantPayee hook = ConformanceReentrantPayee(payable(payee));
        _check(!ok || hook.reentered(), "reentrancy.nativeForward", "setup: the forward did not reach the payee");
        _check(!(ok && hook.innerSucceeded()), "reentrancy.nativeForward", "one request id accepted twice, once from inside the forward");
    }

    /// @notice permit.frontRun: attack = a front-runner submits the payer's permit first; the payment with
    /// the spent permit must still go through on the allowance it created (a griefing denial otherwise).
    function test_permit_frontRun() public {
        _applicable("permit.frontRun");
        Payment memory p = _signed(_data(conformancePayer, conformanceSetup.token, CONFORMANCE_AMOUNT));
        ConformanceToken token = ConformanceToken(conformanceSetup.token);
        CONFORMANCE_VM.prank(conformancePayer);
        token.approve(conformanceReceiver, 0);
        uint256 permitDeadline = block.timestamp + 600;
        (uint8 v, bytes32 r, bytes32 s) = _signPermit(token, conformanceReceiver, CONFORMANCE_AMOUNT, permitDeadline);
        token.permit(conformancePayer, conformanceReceiver, CONFORMANCE_AMOUNT, permitDeadline, v, r, s);
        _check(token.allowance(conformancePayer, conformanceReceiver) == CONFORMANCE_AMOUNT, "permit.frontRun", "front-run permit not spent");
        address recipient = paymentRecipient(conformanceReceiver, conformanceSetup.solver);
        uint256 before = token.balanceOf(recipient);
        (bool supported, bool ok, bytes memory err) = _attemptWithPermit(p, permitDeadline, v, r, s);
        _requireHook("permit.frontRun", "payWithPermit", supported);
        _check(ok, "permit.frontRun", _describe("payment with a front-run permit refused", err));
        _check(isPaid(conformanceReceiver, p.data.requestId), "permit.frontRun", "not recorded as paid");
        _check(token.balanceOf(recipient) - before == CONFORMANCE_AMOUNT, "permit.frontRun", "recipient did not receive the amount");
    }

    /// @notice deploy.zeroSolver: attack = a deployment naming the zero address as the solver, the signer
    /// ecrecover returns for a malformed signature. Not applicable when {deployReceiver} attaches to a
    /// deployed receiver.
    function test_deploy_zeroSolver() public {
        _applicable("deploy.zeroSolver");
        ReceiverSetup memory setup = conformanceSetup;
        setup.solver = address(0);
        try this.conformanceDeploy(setup) returns (address deployed) {
            _requireLimit("deploy.zeroSolver", deployed != conformanceReceiver, "the test attaches to a deployed receiver");
            _check(false, "deploy.zeroSolver", "a receiver was deployed with the zero address as its solver");
        } catch {}
    }

    // ------------------------------------------------------------------------------------------------------
    // Entry points the suite calls on itself (to catch reverts); not part of the catalogue
    // ------------------------------------------------------------------------------------------------------

    /// @notice The suite's own entry point for one payment attempt (called on itself to catch the revert); not a
    /// property and not for your tests.
    function conformanceAttempt(Payment memory payment) external {
        require(msg.sender == address(this), "ReceiverConformance: self only");
        pay(conformanceReceiver, payment);
    }

    /// @notice The suite's own entry point for a deployment (called on itself to catch the revert); not for your tests.
    function conformanceDeploy(ReceiverSetup memory setup) external returns (address) {
        require(msg.sender == address(this), "ReceiverConformance: self only");
        return deployReceiver(setup);
    }

    /// @dev Returns whether the hook exists instead of reverting: Foundry reports a skip that follows a
    /// caught revert as a failure.
    function conformanceAttemptWithPermit(Payment memory payment, uint256 permitDeadline, uint8 v, bytes32 r, bytes32 s)
        external
        returns (bool supported)
    {
        require(msg.sender == address(this), "ReceiverConformance: self only");
        return payWithPermit(conformanceReceiver, payment, permitDeadline, v, r, s);
    }

    /// @notice The suite's own entry point for a solver rotation (called on itself); not for your tests.
    function conformanceRotate(address newSolver, uint40 gracePeriod) external returns (bool supported) {
        require(msg.sender == address(this), "ReceiverConformance: self only");
        return rotateSolver(conformanceReceiver, newSolver, gracePeriod);
    }

    /// @notice Called by the hostile token from inside the outer payment's `transferFrom`.
    function conformanceReenter(Payment memory payment) external {
        require(msg.sender == conformanceSetup.hostileToken, "ReceiverConformance: hostile token only");
        pay(conformanceReceiver, payment);
    }

    /// @notice Called by the re-entering payee from inside the outer payment's native forward.
    function conformanceReenterNative(Payment memory payment) external payable {
        require(msg.sender == _reentrantPayee, "ReceiverConformance: re-entering payee only");
        pay(conformanceReceiver, payment);
    }

    /// @notice The signer of `signature` over `data` (zero when invalid), for {paymentRecipient}.
    function conformanceRecover(RequestAttestation.RequestData calldata data, bytes calldata signature)
        external
        pure
        returns (address signer)
    {
        (, signer) = RequestAttestation.tryRecoverSigner(data, signature);
    }

    // ------------------------------------------------------------------------------------------------------
    // Refusal classes
    // ------------------------------------------------------------------------------------------------------

    /// @dev The refusal classes each property accepts (the same as the TypeScript catalogue's
    /// `ATTESTATION_REFUSALS`); a property not listed accepts any refusal.
    function expectedRefusal(string memory property) internal view virtual override returns (string memory) {
        bytes32 p = keccak256(bytes(property));
        if (
            p == keccak256("replay.sameSignature")
                || p == keccak256("replay.later")
                || p == keccak256("replay.compactForm")
                || p == keccak256("replay.fullForm")
                || p == keccak256("replay.acrossReceivers")
                || p == keccak256("replay.token")
        ) return "replay";
        if (p == keccak256("replay.highSTwin")) return "replay|signature";
        if (p == keccak256("replay.acrossChains")) return "chain|replay";
        if (
            p == keccak256("signer.stranger")
                || p == keccak256("signature.zeroAddress")
                || p == keccak256("signature.highS")
                || p == keccak256("signature.v")
                || p == keccak256("signature.length")
                || p == keccak256("rotation.grace")
                || p == keccak256("rotation.zeroGrace")
                || p == keccak256("rotation.graceCap")
        ) return "signature";
        if (p == keccak256("signer.callerChosen")) return "signature|solver";
        if (
            p == keccak256("amount.shortNative")
                || p == keccak256("amount.overNative")
                || p == keccak256("amount.zero")
                || p == keccak256("token.feeOnTransfer")
                || p == keccak256("token.standingBalance")
                || p == keccak256("token.rebasing")
                || p == keccak256("token.shares")
        ) return "amount";
        if (
            p == keccak256("currency.tokenPaidNatively")
                || p == keccak256("currency.nativePaidWithToken")
        ) return "currency|amount";
        if (p == keccak256("payer.binding")) return "payer";
        if (p == keccak256("chain.binding")) return "chain";
        if (
            p == keccak256("deadline.expired")
                || p == keccak256("deadline.maxWindow")
        ) return "deadline";
        if (p == keccak256("whitelist.destination")) return "whitelist";
        if (p == keccak256("invalidation.refused")) return "invalidated";
        if (p == keccak256("pause.refused")) return "paused";
        if (
            p == keccak256("admin.rotateByStranger")
                || p == keccak256("admin.pauseByStranger")
                || p == keccak256("admin.invalidateByStranger")
                || p == keccak256("admin.whitelistByStranger")
                || p == keccak256("admin.ownershipByStranger")
        ) return "unauthorized";
        return "";
    }

    // ------------------------------------------------------------------------------------------------------
    // Internals
    // ------------------------------------------------------------------------------------------------------

    function _assertPaid(string memory property, Payment memory p) internal {
        address recipient = paymentRecipient(conformanceReceiver, _signer(p));
        address currency = address(uint160(uint256(p.data.originCurrency)));
        uint256 before = _balance(currency, recipient);
        (bool ok, bytes memory err) = _attempt(p);
        _check(ok, property, _describe("a valid payment was refused", err));
        _check(isPaid(conformanceReceiver, p.data.requestId), property, "a valid payment was not recorded as paid");
        _check(_balance(currency, recipient) - before == p.data.originAmount, property, "the recipient did not receive exactly the attested amount");
    }

    function _assertRefused(string memory property, Payment memory p) internal {
        bool paidBefore = isPaid(conformanceReceiver, p.data.requestId);
        (bool ok, bytes memory err) = _attempt(p);
        _checkRefusal(property, ok, err);
        _check(isPaid(conformanceReceiver, p.data.requestId) == paidBefore, property, "the attack was recorded as paid");
    }

    function _assertReplayRefused(string memory property, Payment memory p) internal {
        address recipient = paymentRecipient(conformanceReceiver, _signer(p));
        address currency = address(uint160(uint256(p.data.originCurrency)));
        uint256 before = _balance(currency, recipient);
        _check(isPaid(conformanceReceiver, p.data.requestId), property, "setup: the first payment was not recorded");
        _assertRefused(property, p);
        _check(_balance(currency, recipient) == before, property, "the replay moved funds");
    }

    /// @dev The signer of a payment's (valid) signature, read with the library's non-reverting recovery.
    function _signer(Payment memory p) internal view returns (address signer) {
        signer = this.conformanceRecover(p.data, p.signature);
    }

    function _assertHostileTokenRefused(string memory property, ConformanceToken.Behaviour behaviour) internal {
        _applicable(property);
        ConformanceToken(conformanceSetup.hostileToken).setBehaviour(behaviour);
        _assertRefused(property, _signed(_data(conformancePayer, conformanceSetup.hostileToken, CONFORMANCE_AMOUNT)));
    }

    function _attempt(Payment memory p) internal returns (bool ok, bytes memory err) {
        try this.conformanceAttempt(p) {
            ok = true;
        } catch (bytes memory reason) {
            err = reason;
        }
    }

    function _attemptWithPermit(Payment memory p, uint256 permitDeadline, uint8 v, bytes32 r, bytes32 s)
        internal
        returns (bool supported, bool ok, bytes memory err)
    {
        try this.conformanceAttemptWithPermit(p, permitDeadline, v, r, s) returns (bool implemented) {
            return (implemented, implemented, "");
        } catch (bytes memory reason) {
            return (true, false, reason);
        }
    }

    /// @dev (hook implemented, rotation applied): a reverting rotation counts as refused, not as missing.
    function _tryRotate(uint40 gracePeriod) internal returns (bool supported, bool done) {
        try this.conformanceRotate(CONFORMANCE_VM.addr(CONFORMANCE_NEXT_SOLVER_KEY), gracePeriod) returns (bool implemented) {
            return (implemented, implemented);
        } catch {
            return (true, false);
        }
    }

    function _rotate(uint40 gracePeriod) internal returns (bool supported) {
        bool done;
        (supported, done) = _tryRotate(gracePeriod);
        if (supported) _check(done, "rotation", "the rotation itself reverted");
    }

    function _signedBy(uint256 key) internal returns (Payment memory p) {
        p = _signed(_data(conformancePayer, address(0), CONFORMANCE_AMOUNT));
        p.signature = AttestationSigner.sign(key, p.data);
    }

    function _signed(RequestAttestation.RequestData memory d) internal view returns (Payment memory) {
        return Payment({
            data: d,
            deadline: block.timestamp + 60,
            signature: AttestationSigner.sign(CONFORMANCE_SOLVER_KEY, d),
            payer: address(uint160(uint256(d.originUser))),
            value: d.originCurrency == bytes32(0) ? d.originAmount : 0,
            route: Route.ByCurrency
        });
    }

    function _data(address payer, address currency, uint256 amount)
        internal
        returns (RequestAttestation.RequestData memory)
    {
        return _data(payer, currency, amount, keccak256(abi.encode("attestkit.conformance.request", ++_nonce)));
    }

    function _data(address payer, address currency, uint256 amount, bytes32 requestId)
        internal
        view
        returns (RequestAttestation.RequestData memory)
    {
        return RequestAttestation.RequestData({
            requestId: requestId,
            originChainId: block.chainid,
            originUser: bytes32(uint256(uint160(payer))),
            originCurrency: bytes32(uint256(uint160(currency))),
            originAmount: amount,
            destinationChainId: conformanceSetup.destinationChainId,
            destinationUser: conformanceSetup.destinationUser
        });
    }

    function _signPermit(ConformanceToken token, address spender, uint256 value, uint256 deadline)
        internal
        view
        returns (uint8, bytes32, bytes32)
    {
        bytes32 structHash = keccak256(
            abi.encode(
                keccak256("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)"),
                conformancePayer,
                spender,
                value,
                token.nonces(conformancePayer),
                deadline
            )
        );
        bytes32 digest = keccak256(abi.encodePacked("\x19\x01", token.DOMAIN_SEPARATOR(), structHash));
        return CONFORMANCE_VM.sign(CONFORMANCE_PAYER_KEY, digest);
    }

    /// @dev Native and both tokens for `account`, each token approved to the receiver.
    function _fund(address account) internal {
        _fundAccount(account, conformanceReceiver, [conformanceSetup.token, conformanceSetup.hostileToken]);
    }
}
