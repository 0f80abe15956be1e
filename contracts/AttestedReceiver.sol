// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/IERC20Permit.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {RequestAttestation} from "./RequestAttestation.sol";

/// @title AttestedReceiver
/// @notice Reference receiver for the cross-chain solver service: a payer deposits through it, on the ORIGIN
/// chain, instead of paying the solver with an unvalidated transfer. A deposit is accepted only when
/// 1. the attestation signature recovers to the solver (or to the previous solver inside its grace window),
/// 2. `originChainId` is this chain, `originUser` is the payer, `originCurrency` is the currency paid,
/// 3. exactly `originAmount` arrives at the solver (native value; token balance change at the solver),
/// 4. `block.timestamp <= deadline <= block.timestamp + maxDeadlineWindow`,
/// 5. `(destinationChainId, destinationUser)` is whitelisted,
/// 6. the request id was never accepted before and was not invalidated.
/// The funds then go straight to the signing solver tagged with the request id (native: a call whose
/// calldata is the 32-byte id; tokens: `transferFrom(payer, solver, amount)` with the id appended) and
/// {DepositAccepted} is emitted with every field. The receiver never holds funds.
/// The attestation carries no expiry and does not name a receiver: a signed quote stays payable, through
/// every receiver of the same solver, until its request id is accepted or invalidated
/// ({invalidateRequests}). The payer of an unexpired quote can still deposit it at any time with a fresh
/// `deadline`; the solver (or the owner) ends that by invalidating the id.
/// @dev Tokens move payer -> solver in one `transferFrom`, and the amount is measured as the solver's balance
/// change around that call. Compared with pulling into the receiver and transferring again this saves a
/// second transfer and a storage slot round-trip, and the tag sits on the transfer that reaches the solver.
/// The token path holds a transient-storage lock across the measured window, so a re-entrant deposit cannot
/// be counted inside another deposit's balance change. The native path measures nothing (it compares
/// `msg.value`) and needs no lock: a re-entering solver can only make a fresh, fully checked deposit.
contract AttestedReceiver is Ownable2Step {
    using RequestAttestation for RequestAttestation.RequestData;
    using SafeERC20 for IERC20;

    /// @dev The longest grace period {setSolver} accepts, in seconds (reported by {GracePeriodTooLong}).
    uint40 private constant _MAX_GRACE_PERIOD = 30 days;

    /// @notice A whitelisted destination: chain id and recipient in `bytes32` form.
    struct Destination {
        uint256 chainId;
        bytes32 user;
    }

    /// @dev Everything a deposit reads besides its own slots, packed into one storage slot (one cold SLOAD).
    struct Config {
        address solver;
        uint40 maxDeadlineWindow;
        bool paused;
    }

    /// @dev The solver before the last rotation and the first second its signatures are no longer accepted.
    struct PreviousSolver {
        address solver;
        uint40 validUntil;
    }

    /// @dev keccak256("attestkit.AttestedReceiver.lock") - 1; transient slot of the token-path lock.
    uint256 private constant _LOCK_SLOT = 0xac066bee1d81a78f5c75480c65b8b13431d318fe0b3782829d43b242c1dc368a;

    /// @dev keccak256("attestkit.AttestedReceiver.whitelist"): seed of the whitelist slots.
    uint256 private constant _WHITELIST_SEED = 0x98685fcb29010693b39710c094dfa0e17c7b87d2f61abe4e0c8fa1d11306ce70;

    /// @dev Replay slot of a request id: 0 open, 1 accepted, 2 invalidated.
    uint256 private constant _ACCEPTED = 1;
    uint256 private constant _INVALIDATED = 2;

    Config private _config;
    PreviousSolver private _previous;
    mapping(bytes32 requestId => uint256 state) private _requests;
    // The whitelist lives at keccak256(chainId, user, _WHITELIST_SEED): one hash per lookup instead of two.

    /// @notice A deposit passed every check and its funds reached `solver`.
    /// @param requestId the attested request id (also the forwarding tag)
    /// @param payer `originUser`, the caller
    /// @param currency `originCurrency` as an address, zero for native
    /// @param originChainId this chain's id, as attested
    /// @param amount `originAmount`, exactly what the solver received
    /// @param destinationChainId attested destination chain id
    /// @param destinationUser attested destination recipient (`bytes32`)
    /// @param solver the solver that signed the attestation and received the funds
    event DepositAccepted(
        bytes32 indexed requestId,
        address indexed payer,
        address indexed currency,
        uint256 originChainId,
        uint256 amount,
        uint256 destinationChainId,
        bytes32 destinationUser,
        address solver
    );
    /// @notice The solver changed; `previous` keeps verifying while `block.timestamp < previousValidUntil`.
    event SolverRotated(address indexed previous, address indexed current, uint40 previousValidUntil);
    /// @notice `requestId` can no longer be deposited; `by` is the solver or the owner that invalidated it.
    event RequestInvalidated(bytes32 indexed requestId, address indexed by);
    /// @notice {invalidateRequests} by `by` named `requestId`, which a deposit had already accepted: the
    /// invalidation lost the race, the quote stays paid and must be filled.
    event InvalidationTooLate(bytes32 indexed requestId, address indexed by);
    /// @notice The owner moved `amount` of `currency` (zero for native) that was not part of any deposit.
    event Rescued(address indexed currency, address indexed to, uint256 amount);
    /// @notice A destination was added to (`allowed`) or removed from the whitelist.
    event WhitelistUpdated(uint256 indexed chainId, bytes32 indexed user, bool allowed);
    /// @notice The maximum distance of a deadline from the current time changed.
    event MaxDeadlineWindowUpdated(uint40 previous, uint40 current);
    /// @notice Deposits were paused (`true`) or resumed (`false`) by the owner.
    event PauseSet(bool paused);

    /// @notice Deposits are paused.
    error ReceiverPaused();
    /// @notice `block.timestamp` (actual) is past the caller's `deadline`.
    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    /// @notice The deadline lies further ahead than `block.timestamp + maxDeadlineWindow` (latestAllowed).
    error DeadlineBeyondMaxWindow(uint256 deadline, uint256 latestAllowed);
    /// @notice The attested `originChainId` (actual) is not this chain (expected).
    error OriginChainMismatch(uint256 expected, uint256 actual);
    /// @notice The attested `originUser` (actual) is not the caller (expected).
    error PayerMismatch(bytes32 expected, bytes32 actual);
    /// @notice The attested `originCurrency` (actual) is not the currency of this entry point (expected).
    error CurrencyMismatch(bytes32 expected, bytes32 actual);
    /// @notice The attested `originAmount` is zero.
    error ZeroAmount();
    /// @notice `msg.value` (actual) differs from the attested `originAmount` (expected).
    error ValueMismatch(uint256 expected, uint256 actual);
    /// @notice The solver's token balance grew by `delivered`, not the attested `originAmount` (expected):
    /// fee-on-transfer and rebasing tokens are rejected, never silently short-paid.
    error DeliveredAmountMismatch(uint256 expected, uint256 delivered);
    /// @notice `(destinationChainId, destinationUser)` is not on the whitelist.
    error DestinationNotWhitelisted(uint256 chainId, bytes32 user);
    /// @notice The request id was accepted before.
    error RequestAlreadyAccepted(bytes32 requestId);
    /// @notice The request id was invalidated by the solver or the owner ({invalidateRequests}).
    error RequestIdInvalidated(bytes32 requestId);
    /// @notice The caller of {invalidateRequests} is neither the owner nor the current solver.
    error NotSolverOrOwner(address caller);
    /// @notice `gracePeriod` exceeds 30 days (max).
    error GracePeriodTooLong(uint256 gracePeriod, uint256 max);
    /// @notice A zero address was given as the recipient of a rescue.
    error ZeroRecipient();
    /// @notice The signature recovers to `actual`, which is neither the solver (expected) nor the previous
    /// solver inside its grace window.
    error SignerMismatch(address expected, address actual);
    /// @notice The call forwarding native value to `solver` failed without revert data.
    error ForwardFailed(address solver);
    /// @notice A token call failed without revert data, returned `false`, or `balanceOf` returned no word.
    error TokenCallFailed(address token);
    /// @notice `depositErc20` was called with a native (zero) `originCurrency`.
    error NotAToken(bytes32 currency);
    /// @notice A token deposit re-entered the token path of this receiver.
    error ReentrantCall();
    /// @notice A zero address was given for the solver.
    error ZeroSolver();
    /// @notice Renouncing ownership is disabled: solver rotation and the whitelist must stay manageable.
    error RenounceDisabled();

    /// @param initialOwner owner (admin) of the receiver; ownership moves in two steps afterwards
    /// @param solver_ the solver address that signs attestations and receives the funds
    /// @param maxDeadlineWindow_ the largest accepted `deadline - block.timestamp`, in seconds
    /// @param initialWhitelist destinations accepted from the start
    constructor(
        address initialOwner,
        address solver_,
        uint40 maxDeadlineWindow_,
        Destination[] memory initialWhitelist
    ) Ownable(initialOwner) {
        if (solver_ == address(0)) revert ZeroSolver();
        _config = Config({solver: solver_, maxDeadlineWindow: maxDeadlineWindow_, paused: false});
        emit SolverRotated(address(0), solver_, 0);
        emit MaxDeadlineWindowUpdated(0, maxDeadlineWindow_);
        for (uint256 i; i < initialWhitelist.length; ++i) {
            Destination memory d = initialWhitelist[i];
            uint256 slot = _whitelistSlot(d.chainId, d.user);
            assembly ("memory-safe") {
                sstore(slot, 1)
            }
            emit WhitelistUpdated(d.chainId, d.user, true);
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // Deposits
    // ------------------------------------------------------------------------------------------------------

    /// @notice Deposits native currency for an attested request and forwards it to the solver.
    /// @param data the seven attested values as returned by the service (`originCurrency` must be zero,
    /// `originUser` the caller, `originChainId` this chain)
    /// @param deadline last second (inclusive) at which the deposit may land; chosen by the caller, at most
    /// `maxDeadlineWindow` seconds ahead
    /// @param signature the solver's attestation, 65-byte `r || s || v` or 64-byte EIP-2098
    /// @dev `msg.value` must equal `originAmount` exactly. The solver is called with the 32-byte request id
    /// as calldata and all remaining gas; its revert data is bubbled up, and then nothing is recorded.
    /// WARNING: the attestation carries no expiry. `deadline` only bounds how long this transaction may wait:
    /// the payer can submit a quote of any age with a fresh deadline until the solver or the owner
    /// invalidates its request id ({invalidateRequests}). WARNING: the payer must be the `originUser` of the
    /// quote, so smart wallets and relayers must request quotes for the address that calls this function.
    function depositNative(
        RequestAttestation.RequestData calldata data,
        uint256 deadline,
        bytes calldata signature
    ) external payable {
        // Entry-point checks (currency is native, msg.value is the amount), folded into the common branch.
        bool inputsBad;
        assembly ("memory-safe") {
            inputsBad := or(calldataload(add(data, 0x60)), xor(callvalue(), calldataload(add(data, 0x80))))
        }
        address solver_ = _verifyAndRecord(data, deadline, signature, inputsBad, true, false);
        bytes32 requestId = data.requestId;
        bool ok;
        assembly ("memory-safe") {
            mstore(0x00, requestId)
            ok := call(gas(), solver_, callvalue(), 0x00, 0x20, 0x00, 0x00)
        }
        if (!ok) _bubbleOr(abi.encodeWithSelector(ForwardFailed.selector, solver_));
        _emitAccepted(data, address(0), solver_);
    }

    /// @notice Deposits an ERC20 token for an attested request: `transferFrom(payer, solver, originAmount)`
    /// with the request id appended, and checks that the solver's balance grew by exactly `originAmount`.
    /// @param data the seven attested values (`originCurrency` is the token, as a left-padded address)
    /// @param deadline last second (inclusive) at which the deposit may land, at most `maxDeadlineWindow` ahead
    /// @param signature the solver's attestation, 65-byte `r || s || v` or 64-byte EIP-2098
    /// @dev The payer approves this receiver for at least `originAmount` beforehand. Tokens without a return
    /// value are supported; `false` returns and failed calls revert (token revert data is bubbled up).
    /// WARNING: fee-on-transfer, rebasing or hook-driven tokens that change the solver's balance by anything
    /// but `originAmount` are rejected with {DeliveredAmountMismatch}; such deposits must use another path.
    /// WARNING: as with native deposits the attestation has no expiry of its own: a quote stays payable until
    /// its request id is invalidated ({invalidateRequests}); keep `deadline` short.
    function depositErc20(
        RequestAttestation.RequestData calldata data,
        uint256 deadline,
        bytes calldata signature
    ) external virtual {
        _depositErc20(data, deadline, signature);
    }

    /// @notice {depositErc20} preceded by an EIP-2612 `permit(payer, this, originAmount, ...)`, in one
    /// transaction and without a prior approval.
    /// @param data as in {depositErc20}
    /// @param deadline as in {depositErc20}
    /// @param signature as in {depositErc20}
    /// @param permitDeadline deadline of the EIP-2612 permit signed by the payer for this receiver and
    /// `originAmount`
    /// @param v permit signature `v`
    /// @param r permit signature `r`
    /// @param s permit signature `s`
    /// @dev A failing permit is ignored (it may have been front-run by anyone who saw it in the mempool); the
    /// deposit then relies on the existing allowance and reverts on `transferFrom` if there is none. A
    /// currency without code fails the first `balanceOf` with {TokenCallFailed}, as in {depositErc20}.
    /// WARNING: only for tokens implementing EIP-2612; tokens with a non-reverting fallback (e.g. WETH9)
    /// silently accept the `permit` call without approving anything.
    function depositErc20WithPermit(
        RequestAttestation.RequestData calldata data,
        uint256 deadline,
        bytes calldata signature,
        uint256 permitDeadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) external {
        address token = RequestAttestation.toAddress(data.originCurrency);
        if (token != address(0)) {
            // Low-level call, result ignored: unlike a high-level call it does not revert on an address
            // without code, which the deposit then reports as {TokenCallFailed}.
            bytes memory permitCall = abi.encodeCall(
                IERC20Permit.permit, (msg.sender, address(this), data.originAmount, permitDeadline, v, r, s)
            );
            assembly ("memory-safe") {
                pop(call(gas(), token, 0, add(permitCall, 0x20), mload(permitCall), 0x00, 0x00))
            }
        }
        _depositErc20(data, deadline, signature);
    }

    // ------------------------------------------------------------------------------------------------------
    // Admin
    // ------------------------------------------------------------------------------------------------------

    /// @notice Rotates the solver. Signatures of the outgoing solver stay valid while
    /// `block.timestamp < rotation time + gracePeriod`; deposits they cover are forwarded to the outgoing
    /// solver. `gracePeriod = 0` revokes the outgoing key at once, in the rotation block included.
    /// @param newSolver the new signing and receiving solver address (non-zero)
    /// @param gracePeriod seconds during which the outgoing solver still verifies, at most 30 days
    /// @dev WARNING: only one previous solver is kept. Rotating again inside a grace window ends the earlier
    /// solver's grace at once. WARNING: a leaked solver key must be rotated with `gracePeriod = 0`.
    function setSolver(address newSolver, uint40 gracePeriod) external onlyOwner {
        if (newSolver == address(0)) revert ZeroSolver();
        if (gracePeriod > _MAX_GRACE_PERIOD) revert GracePeriodTooLong(gracePeriod, _MAX_GRACE_PERIOD);
        address outgoing = _config.solver;
        uint40 validUntil = uint40(block.timestamp) + gracePeriod;
        _previous = PreviousSolver({solver: outgoing, validUntil: validUntil});
        _config.solver = newSolver;
        emit SolverRotated(outgoing, newSolver, validUntil);
    }

    /// @notice Adds destinations to the whitelist (already whitelisted entries are left as they are).
    /// @param destinations `(chainId, user)` pairs; `user` in the attestation's `bytes32` form
    /// @dev WARNING: EVM recipients must be left-padded addresses and SVM recipients the raw 32 key bytes,
    /// exactly as they appear in attestations; any other form never matches.
    function addToWhitelist(Destination[] calldata destinations) external onlyOwner {
        _setWhitelist(destinations, true);
    }

    /// @notice Removes destinations from the whitelist. Deposits in flight to them then revert with
    /// {DestinationNotWhitelisted}.
    /// @param destinations `(chainId, user)` pairs to remove
    function removeFromWhitelist(Destination[] calldata destinations) external onlyOwner {
        _setWhitelist(destinations, false);
    }

    /// @notice Sets the largest accepted distance, in seconds, between `block.timestamp` and a deposit's
    /// deadline.
    /// @param window new maximum window
    /// @dev WARNING: `0` accepts only deadlines equal to the block timestamp, which in practice blocks
    /// deposits; a large window lets stale quotes stay payable for that long.
    function setMaxDeadlineWindow(uint40 window) external onlyOwner {
        emit MaxDeadlineWindowUpdated(_config.maxDeadlineWindow, window);
        _config.maxDeadlineWindow = window;
    }

    /// @notice Invalidates request ids: each open id is marked in its replay slot, so any later deposit of
    /// it reverts with {RequestIdInvalidated}, and {RequestInvalidated} is emitted for it. An id a deposit
    /// already accepted (the invalidation lost the race) is left paid and reported with
    /// {InvalidationTooLate}; an id already invalidated is skipped without an event.
    /// @param requestIds the ids to invalidate (e.g. every quote the solver signed and no longer honours)
    /// @return tooLate how many of `requestIds` a deposit had already accepted (one {InvalidationTooLate} each)
    /// @dev Callable by the owner and the CURRENT solver only. The previous solver, whose signatures still
    /// verify inside its grace, cannot invalidate: it could otherwise kill the new solver's quotes for the
    /// whole grace. This is how a signed quote, which carries no expiry, is ended.
    function invalidateRequests(bytes32[] calldata requestIds) external returns (uint256 tooLate) {
        if (msg.sender != _config.solver && msg.sender != owner()) revert NotSolverOrOwner(msg.sender);
        for (uint256 i; i < requestIds.length; ++i) {
            bytes32 id = requestIds[i];
            uint256 state = _requests[id];
            if (state == 0) {
                _requests[id] = _INVALIDATED;
                emit RequestInvalidated(id, msg.sender);
            } else if (state == _ACCEPTED) {
                ++tooLate;
                emit InvalidationTooLate(id, msg.sender);
            }
        }
    }

    /// @notice Sends `amount` of `currency` held by the receiver to `to`: native value forced in (e.g. by
    /// SELFDESTRUCT) or tokens transferred to the receiver by mistake.
    /// @param currency token address, or zero for native
    /// @param to recipient (non-zero)
    /// @param amount amount to send
    /// @dev Deposits never rest in the receiver (native value is forwarded in the same call, tokens move
    /// payer -> solver directly), so the balance rescued is never a deposit's. The call is refused with
    /// {ReentrantCall} while a token deposit is in progress.
    /// The selectors of the admin functions added after the deposit entry points sort above theirs, so the
    /// compiler's linear selector dispatch reaches the deposits no later than before.
    function rescueAsset(address currency, address to, uint256 amount) external onlyOwner {
        if (to == address(0)) revert ZeroRecipient();
        bool locked;
        assembly ("memory-safe") {
            locked := tload(_LOCK_SLOT)
        }
        if (locked) revert ReentrantCall();
        emit Rescued(currency, to, amount);
        if (currency == address(0)) Address.sendValue(payable(to), amount);
        else IERC20(currency).safeTransfer(to, amount);
    }

    /// @notice Pauses deposits. Admin functions keep working.
    function pause() external onlyOwner {
        _config.paused = true;
        emit PauseSet(true);
    }

    /// @notice Resumes deposits.
    function unpause() external onlyOwner {
        _config.paused = false;
        emit PauseSet(false);
    }

    /// @notice Disabled: always reverts with {RenounceDisabled}.
    /// @dev An ownerless receiver could never rotate a compromised solver key or edit the whitelist.
    function renounceOwnership() public view override onlyOwner {
        revert RenounceDisabled();
    }

    // ------------------------------------------------------------------------------------------------------
    // Views
    // ------------------------------------------------------------------------------------------------------

    /// @notice The current solver (signer and receiver of new deposits).
    function solver() external view returns (address) {
        return _config.solver;
    }

    /// @notice The solver before the last rotation and the first second it no longer verifies.
    function previousSolver() external view returns (address solver_, uint40 validUntil) {
        PreviousSolver memory p = _previous;
        return (p.solver, p.validUntil);
    }

    /// @notice Whether `signer` verifies at the current block (current solver or previous one in grace).
    function isAuthorizedSigner(address signer) public view returns (bool) {
        if (signer == address(0)) return false;
        if (signer == _config.solver) return true;
        PreviousSolver memory p = _previous;
        return signer == p.solver && block.timestamp < p.validUntil;
    }

    /// @notice Largest accepted `deadline - block.timestamp`, in seconds.
    function maxDeadlineWindow() external view returns (uint40) {
        return _config.maxDeadlineWindow;
    }

    /// @notice Whether deposits are paused.
    function paused() external view returns (bool) {
        return _config.paused;
    }

    /// @notice Whether `requestId` was accepted (and can never be accepted again).
    function isAccepted(bytes32 requestId) external view returns (bool) {
        return _requests[requestId] == _ACCEPTED;
    }

    /// @notice Whether `requestId` was invalidated (and can never be accepted).
    function isRequestInvalidated(bytes32 requestId) external view returns (bool) {
        return _requests[requestId] == _INVALIDATED;
    }

    /// @notice Whether `(chainId, user)` is whitelisted as a destination.
    function isWhitelisted(uint256 chainId, bytes32 user) external view returns (bool) {
        return _isWhitelisted(chainId, user);
    }

    // ------------------------------------------------------------------------------------------------------
    // Internals
    // ------------------------------------------------------------------------------------------------------

    /// @dev Checks 1, 2 (chain, payer), 4, 5 and 6, records the request id, returns the signing solver.
    /// Currency and amount are checked by the caller and passed in as `inputsBad`. Every check, the signature
    /// included, is evaluated without branching and tested once, against the current solver. When any fails
    /// (or the signer is the previous solver), {_checkInOrder} re-runs them in order and reverts with the
    /// error of the first failing one, as a sequence of `if (...) revert` would, or returns the previous
    /// solver inside its grace window.
    function _verifyAndRecord(
        RequestAttestation.RequestData calldata data,
        uint256 deadline,
        bytes calldata signature,
        bool inputsBad,
        bool native,
        bool locked
    ) internal returns (address signer) {
        uint256 config;
        uint256 bad;
        uint256 replayed;
        // Scoped: its locals leave the stack before the call below, as builds without the optimizer need.
        {
            // The seven attested words, copied once to unallocated memory: hashed for the signature, then reused
            // in place as the keys of the whitelist slot and of the replay slot, then for the ecrecover input.
            uint256 copy;
            assembly ("memory-safe") {
                copy := mload(0x40)
            }
            bytes32 attested = RequestAttestation.hashAt(data, copy);
            assembly ("memory-safe") {
                config := sload(_config.slot)
                // Config layout: solver (bits 0-159), maxDeadlineWindow (160-199), paused (200-207).
                let latest := add(timestamp(), and(shr(160, config), 0xffffffffff))
                bad := or(inputsBad, shr(200, config)) // paused
                bad := or(bad, or(gt(timestamp(), deadline), gt(deadline, latest)))
                bad := or(bad, xor(mload(add(copy, 0x20)), chainid()))
                bad := or(bad, xor(mload(add(copy, 0x40)), caller()))
                bad := or(bad, iszero(mload(add(copy, 0x80)))) // zero amount
                // whitelist slot: keccak256(destinationChainId, destinationUser, _WHITELIST_SEED), see _whitelistSlot
                mstore(add(copy, 0xe0), _WHITELIST_SEED)
                bad := or(bad, iszero(sload(keccak256(add(copy, 0xa0), 0x60))))
                // replay slot: keccak256(requestId, _requests.slot), as for the mapping; non-zero once the id
                // was accepted or invalidated. Marked accepted here; a revert below undoes it.
                mstore(add(copy, 0x20), _requests.slot)
                let slot := keccak256(copy, 0x40)
                replayed := sload(slot)
                sstore(slot, _ACCEPTED)
                bad := or(bad, replayed)
            }
            bytes32 digest = RequestAttestation.toEthSignedMessageHash(attested);
            uint256 halfOrder = RequestAttestation.HALF_CURVE_ORDER;
            assembly ("memory-safe") {
                // The signature, recovered without branching on its form: a form RequestAttestation.recover
                // rejects (length, high s, v) yields the zero signer, which {_checkInOrder} hands to it for the
                // error. 65 bytes are r || s || v, 64 bytes r || vs (EIP-2098).
                let s := calldataload(add(signature.offset, 0x20))
                let v := byte(0, calldataload(add(signature.offset, 0x40)))
                let formBad := xor(signature.length, 65)
                if formBad {
                    formBad := xor(signature.length, 64)
                    v := add(shr(255, s), 27)
                    s := shr(1, shl(1, s))
                }
                formBad := or(formBad, or(gt(s, halfOrder), gt(sub(v, 27), 1)))
                // ecrecover input (digest, v, r, s) over the copy, which is no longer needed
                mstore(copy, digest)
                mstore(add(copy, 0x20), v)
                mstore(add(copy, 0x40), calldataload(signature.offset))
                mstore(add(copy, 0x60), s)
                mstore(0x00, 0) // ecrecover returns nothing on failure: the zeroed word then reads as address(0)
                pop(staticcall(gas(), 0x01, copy, 0x80, 0x00, 0x20))
                signer := mul(mload(0x00), iszero(formBad))
                // the current solver is never zero ({ZeroSolver}): a zero signer always fails here
                bad := or(bad, xor(signer, and(config, 0xffffffffffffffffffffffffffffffffffffffff)))
            }
        }
        if (bad != 0) signer = _checkInOrder(data, deadline, signature, config, replayed, signer, native, locked);
    }

    /// @dev The checks {_verifyAndRecord} folds into one branch, in order: reverts with the first failure, or
    /// returns the signer when the only mismatch was a previous solver still inside its grace window.
    /// `signer` is the fast path's recovery, zero when the signature's form is rejected.
    function _checkInOrder(
        RequestAttestation.RequestData calldata data,
        uint256 deadline,
        bytes calldata signature,
        uint256 config,
        uint256 replayed,
        address signer,
        bool native,
        bool locked
    ) private view returns (address) {
        if (native) {
            if (data.originCurrency != bytes32(0)) revert CurrencyMismatch(bytes32(0), data.originCurrency);
            if (msg.value != data.originAmount) revert ValueMismatch(data.originAmount, msg.value);
        } else {
            if (locked) revert ReentrantCall();
            if (RequestAttestation.toAddress(data.originCurrency) == address(0)) revert NotAToken(data.originCurrency);
        }
        if ((config >> 200) & 0xff != 0) revert ReceiverPaused();
        if (block.timestamp > deadline) revert DeadlineExpired(deadline, block.timestamp);
        uint256 latest = block.timestamp + ((config >> 160) & 0xffffffffff);
        if (deadline > latest) revert DeadlineBeyondMaxWindow(deadline, latest);
        if (data.originChainId != block.chainid) revert OriginChainMismatch(block.chainid, data.originChainId);
        bytes32 payer = bytes32(uint256(uint160(msg.sender)));
        if (data.originUser != payer) revert PayerMismatch(payer, data.originUser);
        if (data.originAmount == 0) revert ZeroAmount();
        if (!_isWhitelisted(data.destinationChainId, data.destinationUser)) {
            revert DestinationNotWhitelisted(data.destinationChainId, data.destinationUser);
        }
        if (replayed == _INVALIDATED) revert RequestIdInvalidated(data.requestId);
        if (replayed != 0) revert RequestAlreadyAccepted(data.requestId);
        // RequestAttestation.recover is the authority on the signature's form and reverts with its error.
        if (signer == address(0)) signer = RequestAttestation.recover(RequestAttestation.digest(data), signature);
        address current = address(uint160(config));
        if (signer != current) {
            PreviousSolver memory p = _previous;
            if (signer != p.solver || block.timestamp >= p.validUntil) revert SignerMismatch(current, signer);
        }
        return signer;
    }

    /// @dev Whitelist slot of `(chainId, user)`: keccak256(chainId, user, _WHITELIST_SEED), one hash.
    function _whitelistSlot(uint256 chainId, bytes32 user) private pure returns (uint256 slot) {
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, chainId)
            mstore(add(m, 0x20), user)
            mstore(add(m, 0x40), _WHITELIST_SEED)
            slot := keccak256(m, 0x60)
        }
    }

    function _isWhitelisted(uint256 chainId, bytes32 user) private view returns (bool allowed) {
        uint256 slot = _whitelistSlot(chainId, user);
        assembly ("memory-safe") {
            allowed := sload(slot)
        }
    }

    function _depositErc20(
        RequestAttestation.RequestData calldata data,
        uint256 deadline,
        bytes calldata signature
    ) private {
        bool locked;
        assembly ("memory-safe") {
            locked := tload(_LOCK_SLOT)
            tstore(_LOCK_SLOT, 1)
        }
        (address token, bool inputsBad) = _tokenOf(data, locked);
        address solver_ = _verifyAndRecord(data, deadline, signature, inputsBad, false, locked);
        uint256 amount = data.originAmount;
        // Check 3: the solver's balance before and after the tagged transferFrom. The reads are inline: a
        // shared helper is not inlined into this function and its call costs more than the read itself.
        uint256 before;
        bool readBefore;
        assembly ("memory-safe") {
            mstore(0x00, 0x70a08231) // balanceOf(address)
            mstore(0x20, solver_)
            readBefore := and(gt(returndatasize(), 0x1f), staticcall(gas(), token, 0x1c, 0x24, 0x00, 0x20))
            before := mload(0x00)
        }
        if (!readBefore) revert TokenCallFailed(token);
        _transferFromTagged(token, solver_, amount, data.requestId);
        uint256 afterBalance;
        bool readAfter;
        bool bad;
        assembly ("memory-safe") {
            mstore(0x00, 0x70a08231)
            mstore(0x20, solver_)
            readAfter := and(gt(returndatasize(), 0x1f), staticcall(gas(), token, 0x1c, 0x24, 0x00, 0x20))
            afterBalance := mload(0x00)
            // One test for the read and the delivered amount (a failed read is reported first).
            bad := or(iszero(readAfter), or(lt(afterBalance, before), xor(sub(afterBalance, before), amount)))
        }
        if (bad) {
            if (!readAfter) revert TokenCallFailed(token);
            unchecked {
                revert DeliveredAmountMismatch(amount, afterBalance > before ? afterBalance - before : 0);
            }
        }
        _emitAccepted(data, token, solver_);
        assembly ("memory-safe") {
            tstore(_LOCK_SLOT, 0)
        }
    }

    /// @dev The token of `data` and whether the token entry point must reject it: re-entrant (`locked`),
    /// dirty upper bytes (not an EVM address) or zero (native). Tested in {_verifyAndRecord}'s branch.
    function _tokenOf(RequestAttestation.RequestData calldata data, bool locked)
        internal
        pure
        returns (address token, bool inputsBad)
    {
        assembly ("memory-safe") {
            token := calldataload(add(data, 0x60))
            inputsBad := or(locked, or(shr(160, token), iszero(token)))
        }
    }

    /// @dev `token.transferFrom(msg.sender, to, amount)` with `requestId` appended to the calldata (the tag).
    /// Succeeds on no return data or a returned word equal to 1; otherwise bubbles the token's revert data,
    /// or reverts with {TokenCallFailed}.
    function _transferFromTagged(address token, address to, uint256 amount, bytes32 requestId) internal {
        bool ok;
        bool accepted;
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, 0x23b872dd) // transferFrom(address,address,uint256)
            mstore(add(m, 0x20), caller())
            mstore(add(m, 0x40), to)
            mstore(add(m, 0x60), amount)
            mstore(add(m, 0x80), requestId) // the tag, appended after the ABI arguments
            ok := call(gas(), token, 0, add(m, 0x1c), 0x84, 0x00, 0x20)
            // Accepted: success with no return data, or success returning a word equal to 1.
            accepted := and(ok, or(iszero(returndatasize()), and(gt(returndatasize(), 0x1f), eq(mload(0x00), 1))))
        }
        if (!accepted) {
            if (ok) revert TokenCallFailed(token);
            _bubbleOr(abi.encodeWithSelector(TokenCallFailed.selector, token));
        }
    }

    /// @dev Reverts with the last call's revert data when there is any, else with `fallbackError`.
    function _bubbleOr(bytes memory fallbackError) private pure {
        assembly ("memory-safe") {
            let size := returndatasize()
            if size {
                let m := mload(0x40)
                returndatacopy(m, 0x00, size)
                revert(m, size)
            }
            revert(add(fallbackError, 0x20), mload(fallbackError))
        }
    }

    function _emitAccepted(RequestAttestation.RequestData calldata data, address currency, address solver_)
        internal
    {
        bytes32 topic0 = DepositAccepted.selector;
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, calldataload(add(data, 0x20))) // originChainId
            calldatacopy(add(m, 0x20), add(data, 0x80), 0x60) // originAmount, destinationChainId, destinationUser
            mstore(add(m, 0x80), solver_)
            log4(m, 0xa0, topic0, calldataload(data), caller(), currency)
        }
    }

    function _setWhitelist(Destination[] calldata destinations, bool allowed) private {
        for (uint256 i; i < destinations.length; ++i) {
            Destination calldata d = destinations[i];
            uint256 slot = _whitelistSlot(d.chainId, d.user);
            assembly ("memory-safe") {
                sstore(slot, allowed)
            }
            emit WhitelistUpdated(d.chainId, d.user, allowed);
        }
    }
}
