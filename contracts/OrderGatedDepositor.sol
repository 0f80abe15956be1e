// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IRelayDepository} from "./depository/IRelayDepository.sol";
import {ProtocolOrder} from "./ProtocolOrder.sol";

/// @title OrderGatedDepositor
/// @notice Reference order-gated depositor: a payer pays a protocol order through it, on the ORIGIN chain,
/// instead of calling the depository directly. A payment is accepted only when
/// 1. the order id's signature recovers to the trusted solver (or the previous solver inside its grace
///    window), and the order names that solver,
/// 2. the order has an input whose payment is on this chain (its protocol chain id string, e.g. `"base"`),
/// 3. the currency is exactly the input's (native: the 20 zero bytes; token: its 20 address bytes) and exactly
///    the input's amount arrives (native `msg.value`; tokens measured by this contract's balance change),
/// 4. `output.deadline` has not passed (the deadline second itself still pays, as off chain),
/// 5. every output recipient `(output.chainId, recipient)` is on the integrator's whitelist,
/// 6. the order id was never used or invalidated here,
/// 7. the order carries no `output.calls`, unless the owner allows calls ({setCallsAllowed}),
/// 8. the payer (`msg.sender`) is the recipient of the paid input's first refund on this chain: only the
///    account the service would refund can pay the order and use up its one-time record.
/// It then deposits into the depository with `id = orderId` and `depositor = msg.sender` (the payer), and
/// emits {OrderDeposited}. The contract never keeps funds.
/// Fee recipients (`order.fees`) are not checked: fees are part of the price the solver quoted, paid out of
/// the input on the service's side, and change nothing of what the whitelisted output recipients receive
/// (at least each payment's `minimumAmount`); the contract judges where the output goes, not the price.
/// @dev WARNING: the order id has no domain separator. The same signed order is payable through every
/// depositor that trusts the solver and through the depository directly; replay protection here covers
/// this contract only. The service credits a deposit once per order id.
contract OrderGatedDepositor is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @dev The longest grace period {setSolver} accepts, in seconds (reported by {GracePeriodTooLong}).
    uint40 private constant _MAX_GRACE_PERIOD = 30 days;
    /// @dev Replay slot of an order id: 0 open, 1 used, 2 invalidated.
    uint256 private constant _USED = 1;
    uint256 private constant _INVALIDATED = 2;

    /// @notice A whitelisted output recipient: the protocol chain id of the output and the VM-encoded recipient.
    struct Destination {
        string chainId;
        bytes recipient;
    }

    /// @dev The solver before the last rotation and the first second its signatures are no longer accepted.
    struct PreviousSolver {
        address solver;
        uint40 validUntil;
    }

    /// @notice The depository deposits go to (the chain's canonical depository, from GET /chains).
    IRelayDepository public immutable depository;
    /// @dev keccak256 of this chain's protocol chain id string.
    bytes32 private immutable _chainIdHash;

    address private _solver;
    bool private _paused;
    bool private _callsAllowed;
    PreviousSolver private _previous;
    string private _protocolChainId;
    mapping(bytes32 orderId => uint256 state) private _orders;
    mapping(bytes32 key => bool allowed) private _whitelist;

    /// @notice An order was paid: `amount` of `currency` (zero for native) went into the depository with
    /// `id = orderId`, credited to `payer`.
    /// @param orderId the order id (also the depository's deposit id)
    /// @param payer the caller, credited as depositor
    /// @param currency the token paid, zero for native
    /// @param amount the input payment's amount, exactly what was deposited
    /// @param solver the solver that signed the order
    event OrderDeposited(
        bytes32 indexed orderId, address indexed payer, address indexed currency, uint256 amount, address solver
    );
    /// @notice The solver changed; `previous` keeps verifying while `block.timestamp < previousValidUntil`.
    event SolverRotated(address indexed previous, address indexed current, uint40 previousValidUntil);
    /// @notice `orderId` can no longer be paid here; `by` is the solver or the owner that invalidated it.
    event OrderInvalidated(bytes32 indexed orderId, address indexed by);
    /// @notice The owner moved `amount` of `currency` (zero for native) that was not part of any payment.
    event Rescued(address indexed currency, address indexed to, uint256 amount);
    /// @notice An output recipient was added to (`allowed`) or removed from the whitelist.
    event WhitelistUpdated(string chainId, bytes recipient, bool allowed);
    /// @notice Payments were paused (`true`) or resumed (`false`) by the owner.
    event PauseSet(bool paused);
    /// @notice The owner allowed (`true`) or refused (`false`) orders with `output.calls`.
    event CallsAllowedSet(bool allowed);

    /// @notice Payments are paused.
    error DepositorPaused();
    /// @notice No input of the order pays on this chain (`chainId`, its protocol chain id).
    error NoInputForThisChain(string chainId);
    /// @notice The input's currency is not the native currency's encoding (20 zero bytes).
    error NotNativeCurrency(bytes currency);
    /// @notice The input's currency is not a 20-byte non-zero token address.
    error NotAToken(bytes currency);
    /// @notice The input's amount is zero.
    error ZeroAmount();
    /// @notice `msg.value` (actual) differs from the input's amount (expected).
    error ValueMismatch(uint256 expected, uint256 actual);
    /// @notice This contract's token balance grew by `delivered`, not the input's amount (expected):
    /// fee-on-transfer and rebasing tokens are rejected, never silently short-paid.
    error DeliveredAmountMismatch(uint256 expected, uint256 delivered);
    /// @notice `output.deadline` is before `block.timestamp`.
    error OutputDeadlinePassed(uint32 deadline, uint256 timestamp);
    /// @notice The order carries `calls` output calls and the owner has not allowed calls ({setCallsAllowed}).
    error OutputCallsNotAllowed(uint256 calls);
    /// @notice The payer is not the paid input's refund recipient on this chain (`refundRecipient`, VM-encoded).
    error PayerNotRefundRecipient(bytes refundRecipient, address payer);
    /// @notice The paid input has no refund on this chain (`chainId`), so no payer is bound to the order.
    error NoRefundForThisChain(string chainId);
    /// @notice An output recipient is not on the whitelist.
    error RecipientNotWhitelisted(string chainId, bytes recipient);
    /// @notice The order id was paid here before.
    error OrderAlreadyUsed(bytes32 orderId);
    /// @notice The order id was invalidated by the solver or the owner ({invalidateOrders}).
    error OrderIdInvalidated(bytes32 orderId);
    /// @notice The signature recovers to `actual`, which is neither the solver (expected) nor the previous
    /// solver inside its grace window.
    error SignerMismatch(address expected, address actual);
    /// @notice The order names `named` as its solver, not the signer.
    error OrderSolverMismatch(address signer, address named);
    /// @notice The caller of {invalidateOrders} is neither the owner nor an authorized solver.
    error NotSolverOrOwner(address caller);
    /// @notice `gracePeriod` exceeds 30 days (max).
    error GracePeriodTooLong(uint256 gracePeriod, uint256 max);
    /// @notice A zero address was given for the solver, the depository or a rescue recipient.
    error ZeroAddress();
    /// @notice Renouncing ownership is disabled: solver rotation and the whitelist must stay manageable.
    error RenounceDisabled();

    /// @param initialOwner owner (admin); ownership moves in two steps afterwards
    /// @param solver_ the solver address whose order signatures are trusted
    /// @param depository_ this chain's canonical depository
    /// @param protocolChainId_ this chain's protocol chain id string (GET /chains `protocol.v2.chainId`)
    /// @param initialWhitelist output recipients accepted from the start
    constructor(
        address initialOwner,
        address solver_,
        IRelayDepository depository_,
        string memory protocolChainId_,
        Destination[] memory initialWhitelist
    ) Ownable(initialOwner) {
        if (solver_ == address(0) || address(depository_) == address(0)) revert ZeroAddress();
        _solver = solver_;
        depository = depository_;
        _protocolChainId = protocolChainId_;
        _chainIdHash = keccak256(bytes(protocolChainId_));
        emit SolverRotated(address(0), solver_, 0);
        for (uint256 i; i < initialWhitelist.length; ++i) {
            _setWhitelisted(initialWhitelist[i].chainId, initialWhitelist[i].recipient, true);
        }
    }

    // ------------------------------------------------------------------------------------------------------
    // Payments
    // ------------------------------------------------------------------------------------------------------

    /// @notice Pays a native-currency order input into the depository.
    /// @param order the order as the service returned it, with addresses and currencies VM-encoded
    /// @param signature the solver's `orderSignature`, 65-byte `r || s || v` or 64-byte EIP-2098
    /// @dev `msg.value` must equal the input's amount exactly. The depository is called with
    /// `depositNative(msg.sender, orderId)`. WARNING: the payer is `msg.sender` and must be the order's refund
    /// recipient on this chain; smart wallets and relayers quote for their own address.
    function depositNative(ProtocolOrder.Order calldata order, bytes calldata signature) external payable {
        (bytes32 id, ProtocolOrder.InputPayment calldata payment, address signer) = _verify(order, signature);
        if (!_isNative(payment.currency)) revert NotNativeCurrency(payment.currency);
        if (msg.value != payment.amount) revert ValueMismatch(payment.amount, msg.value);
        depository.depositNative{value: msg.value}(msg.sender, id);
        emit OrderDeposited(id, msg.sender, address(0), msg.value, signer);
    }

    /// @notice Pays an ERC-20 order input into the depository: pulls the input's amount from the caller,
    /// checks this contract's balance grew by exactly that, and deposits it.
    /// @param order the order as the service returned it, with addresses and currencies VM-encoded
    /// @param signature the solver's `orderSignature`, 65-byte `r || s || v` or 64-byte EIP-2098
    /// @dev The payer (the order's refund recipient on this chain) approves this contract for the amount
    /// beforehand. The depository is called with
    /// `depositErc20(msg.sender, token, amount, orderId)`. WARNING: fee-on-transfer and rebasing tokens are
    /// rejected with {DeliveredAmountMismatch}.
    function depositErc20(ProtocolOrder.Order calldata order, bytes calldata signature) external nonReentrant {
        (bytes32 id, ProtocolOrder.InputPayment calldata payment, address signer) = _verify(order, signature);
        if (payment.currency.length != 20 || _isNative(payment.currency)) revert NotAToken(payment.currency);
        IERC20 token = IERC20(address(bytes20(payment.currency)));
        uint256 amount = payment.amount;
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), amount);
        uint256 delivered = token.balanceOf(address(this)) - before;
        if (delivered != amount) revert DeliveredAmountMismatch(amount, delivered);
        token.forceApprove(address(depository), amount);
        depository.depositErc20(msg.sender, address(token), amount, id);
        emit OrderDeposited(id, msg.sender, address(token), amount, signer);
    }

    // ------------------------------------------------------------------------------------------------------
    // Admin
    // ------------------------------------------------------------------------------------------------------

    /// @notice Rotates the solver. Signatures of the outgoing solver stay valid while
    /// `block.timestamp < rotation time + gracePeriod`. `gracePeriod = 0` revokes it at once.
    /// @param newSolver the new trusted solver (non-zero)
    /// @param gracePeriod seconds during which the outgoing solver still verifies, at most 30 days
    /// @dev WARNING: only one previous solver is kept; a leaked key must be rotated with `gracePeriod = 0`.
    function setSolver(address newSolver, uint40 gracePeriod) external onlyOwner {
        if (newSolver == address(0)) revert ZeroAddress();
        if (gracePeriod > _MAX_GRACE_PERIOD) revert GracePeriodTooLong(gracePeriod, _MAX_GRACE_PERIOD);
        address outgoing = _solver;
        uint40 validUntil = uint40(block.timestamp) + gracePeriod;
        _previous = PreviousSolver({solver: outgoing, validUntil: validUntil});
        _solver = newSolver;
        emit SolverRotated(outgoing, newSolver, validUntil);
    }

    /// @notice Adds output recipients to the whitelist.
    /// @param destinations `(chainId, recipient)` pairs; `recipient` VM-encoded as in orders
    /// @dev WARNING: recipients are compared as bytes: an EVM recipient is its 20 bytes, a Solana one its 32
    /// key bytes (see `encodeOrderAddress` in attestkit/orders); any other form never matches.
    function addToWhitelist(Destination[] calldata destinations) external onlyOwner {
        for (uint256 i; i < destinations.length; ++i) {
            _setWhitelisted(destinations[i].chainId, destinations[i].recipient, true);
        }
    }

    /// @notice Removes output recipients from the whitelist.
    /// @param destinations `(chainId, recipient)` pairs to remove
    function removeFromWhitelist(Destination[] calldata destinations) external onlyOwner {
        for (uint256 i; i < destinations.length; ++i) {
            _setWhitelisted(destinations[i].chainId, destinations[i].recipient, false);
        }
    }

    /// @notice Invalidates order ids: any later payment of them reverts with {OrderIdInvalidated}. Ids already
    /// used or invalidated are skipped without an event.
    /// @param orderIds the ids to invalidate
    /// @dev Callable by the owner and by every signer {isAuthorizedSigner} accepts.
    function invalidateOrders(bytes32[] calldata orderIds) external {
        if (msg.sender != owner() && !isAuthorizedSigner(msg.sender)) revert NotSolverOrOwner(msg.sender);
        for (uint256 i; i < orderIds.length; ++i) {
            bytes32 id = orderIds[i];
            if (_orders[id] != 0) continue;
            _orders[id] = _INVALIDATED;
            emit OrderInvalidated(id, msg.sender);
        }
    }

    /// @notice Sends `amount` of `currency` held by this contract to `to` (value forced in, tokens sent by
    /// mistake). Payments never rest here, so the balance rescued is never a payment's.
    /// @param currency token address, or zero for native
    /// @param to recipient (non-zero)
    /// @param amount amount to send
    function rescueAsset(address currency, address to, uint256 amount) external onlyOwner nonReentrant {
        if (to == address(0)) revert ZeroAddress();
        emit Rescued(currency, to, amount);
        if (currency == address(0)) Address.sendValue(payable(to), amount);
        else IERC20(currency).safeTransfer(to, amount);
    }

    /// @notice Accepts (`true`) or refuses (`false`, the default) orders with `output.calls`.
    /// @param allowed whether orders with calls are accepted from now on
    /// @dev WARNING: calls run on the destination chain with the output; they can send it to any address,
    /// which the recipient whitelist cannot see. Allow them only when you check the calls yourself.
    function setCallsAllowed(bool allowed) external onlyOwner {
        _callsAllowed = allowed;
        emit CallsAllowedSet(allowed);
    }

    /// @notice Pauses payments. Admin functions keep working.
    function pause() external onlyOwner {
        _paused = true;
        emit PauseSet(true);
    }

    /// @notice Resumes payments.
    function unpause() external onlyOwner {
        _paused = false;
        emit PauseSet(false);
    }

    /// @notice Disabled: always reverts with {RenounceDisabled}.
    function renounceOwnership() public view override onlyOwner {
        revert RenounceDisabled();
    }

    // ------------------------------------------------------------------------------------------------------
    // Views
    // ------------------------------------------------------------------------------------------------------

    /// @notice The current trusted solver.
    function solver() external view returns (address) {
        return _solver;
    }

    /// @notice The solver before the last rotation and the first second it no longer verifies.
    function previousSolver() external view returns (address solver_, uint40 validUntil) {
        return (_previous.solver, _previous.validUntil);
    }

    /// @notice Whether `signer` verifies at the current block (current solver or previous one in grace).
    function isAuthorizedSigner(address signer) public view returns (bool) {
        if (signer == address(0)) return false;
        if (signer == _solver) return true;
        return signer == _previous.solver && block.timestamp < _previous.validUntil;
    }

    /// @notice This chain's protocol chain id string.
    function protocolChainId() external view returns (string memory) {
        return _protocolChainId;
    }

    /// @notice Whether payments are paused.
    function paused() external view returns (bool) {
        return _paused;
    }

    /// @notice Whether orders with `output.calls` are accepted.
    function callsAllowed() external view returns (bool) {
        return _callsAllowed;
    }

    /// @notice Whether `orderId` was paid here.
    function isUsed(bytes32 orderId) external view returns (bool) {
        return _orders[orderId] == _USED;
    }

    /// @notice Whether `orderId` was invalidated here.
    function isOrderInvalidated(bytes32 orderId) external view returns (bool) {
        return _orders[orderId] == _INVALIDATED;
    }

    /// @notice Whether `(chainId, recipient)` is a whitelisted output recipient.
    function isWhitelisted(string calldata chainId, bytes calldata recipient) external view returns (bool) {
        return _whitelist[_whitelistKey(keccak256(bytes(chainId)), keccak256(recipient))];
    }

    // ------------------------------------------------------------------------------------------------------
    // Internals
    // ------------------------------------------------------------------------------------------------------

    /// @dev Checks 1, 2, 4 to 8, marks the id used; returns the id, this chain's input payment and the signer.
    /// What a signed order allows (calls, payer) is checked after the signature, so a tampered order reports
    /// its signature first. The order's nested members are reached through the offsets
    /// {ProtocolOrder.orderIdCalldata} hashed, unchecked as it reads them ({_at}): what is checked here is
    /// exactly what the id commits to, even in an odd or malformed encoding.
    function _verify(ProtocolOrder.Order calldata order, bytes calldata signature)
        private
        returns (bytes32 id, ProtocolOrder.InputPayment calldata payment, address signer)
    {
        if (_paused) revert DepositorPaused();
        id = ProtocolOrder.orderIdCalldata(order);
        uint256 input = _inputForThisChain(_pointer(order));
        payment = _inputPayment(_at(input, 0));
        if (payment.amount == 0) revert ZeroAmount();
        ProtocolOrder.Output calldata output = _output(_at(_pointer(order), 0xa0));
        if (block.timestamp > output.deadline) {
            revert OutputDeadlinePassed(output.deadline, block.timestamp);
        }
        _checkOrderLimits(order);
        _requireWhitelisted(_pointer(output));
        uint256 state = _orders[id];
        if (state == _INVALIDATED) revert OrderIdInvalidated(id);
        if (state != 0) revert OrderAlreadyUsed(id);
        _orders[id] = _USED;
        signer = ProtocolOrder.recoverSigner(id, signature);
        if (!isAuthorizedSigner(signer)) revert SignerMismatch(_solver, signer);
        if (order.solver != signer) revert OrderSolverMismatch(signer, order.solver);
        uint256 calls = _length(_at(_pointer(output), 0x60));
        if (calls != 0 && !_callsAllowed) revert OutputCallsNotAllowed(calls);
        _requirePayerRefunded(_at(input, 0x20));
    }

    /// @dev Extension point for a depositor built on this one: further limits on an order (such as a maximum
    /// output deadline window), checked after the output deadline and before the replay record. Revert to
    /// refuse the order. The reference sets no further limit.
    function _checkOrderLimits(ProtocolOrder.Order calldata) internal view virtual {}

    /// @dev Every output payment's `(output.chainId, recipient)` must be whitelisted.
    function _requireWhitelisted(uint256 output) private view {
        bytes32 outputChain = keccak256(_bytes(_at(output, 0)));
        uint256 payments = _at(output, 0x20);
        for (uint256 i; i < _length(payments); ++i) {
            bytes calldata recipient = _bytes(_at(_element(payments, i), 0));
            if (!_whitelist[_whitelistKey(outputChain, keccak256(recipient))]) {
                revert RecipientNotWhitelisted(string(_bytes(_at(output, 0))), recipient);
            }
        }
    }

    /// @dev The payer must be the recipient (20 bytes) of the first refund on this chain (`refunds`: the list).
    function _requirePayerRefunded(uint256 refunds) private view {
        for (uint256 i; i < _length(refunds); ++i) {
            uint256 refund = _element(refunds, i);
            if (keccak256(_bytes(_at(refund, 0))) != _chainIdHash) continue;
            bytes calldata recipient = _bytes(_at(refund, 0x20));
            if (recipient.length != 20 || bytes20(recipient) != bytes20(msg.sender)) {
                revert PayerNotRefundRecipient(recipient, msg.sender);
            }
            return;
        }
        revert NoRefundForThisChain(_protocolChainId);
    }

    /// @dev The first input whose payment is on this chain (`order`: the order's position in calldata).
    function _inputForThisChain(uint256 order) private view returns (uint256) {
        uint256 inputs = _at(order, 0x80);
        for (uint256 i; i < _length(inputs); ++i) {
            uint256 input = _element(inputs, i);
            if (keccak256(_bytes(_at(_at(input, 0), 0))) == _chainIdHash) return input;
        }
        revert NoInputForThisChain(_protocolChainId);
    }

    // Unchecked calldata views of the order: positions in calldata, followed as {ProtocolOrder.orderIdCalldata}
    // follows them (no range checks; past the end of calldata reads zeros, as the hasher does).

    /// @dev Where a struct's dynamic member lies: `p` plus the offset stored `member` bytes into `p`.
    function _at(uint256 p, uint256 member) private pure returns (uint256 q) {
        assembly ("memory-safe") {
            q := add(p, calldataload(add(p, member)))
        }
    }

    /// @dev Where element `i` of the list at `list` lies.
    function _element(uint256 list, uint256 i) private pure returns (uint256 q) {
        assembly ("memory-safe") {
            let heads := add(list, 0x20)
            q := add(heads, calldataload(add(heads, shl(5, i))))
        }
    }

    /// @dev The length of the list (or `bytes`) at `p`.
    function _length(uint256 p) private pure returns (uint256 n) {
        assembly ("memory-safe") {
            n := calldataload(p)
        }
    }

    /// @dev The `bytes` / `string` at `p`.
    function _bytes(uint256 p) private pure returns (bytes calldata b) {
        assembly ("memory-safe") {
            b.offset := add(p, 0x20)
            b.length := calldataload(p)
        }
    }

    function _pointer(ProtocolOrder.Order calldata order) private pure returns (uint256 p) {
        assembly ("memory-safe") {
            p := order
        }
    }

    function _pointer(ProtocolOrder.Output calldata output) private pure returns (uint256 p) {
        assembly ("memory-safe") {
            p := output
        }
    }

    function _output(uint256 p) private pure returns (ProtocolOrder.Output calldata output) {
        assembly ("memory-safe") {
            output := p
        }
    }

    function _inputPayment(uint256 p) private pure returns (ProtocolOrder.InputPayment calldata payment) {
        assembly ("memory-safe") {
            payment := p
        }
    }

    /// @dev The EVM native currency in orders: 20 zero bytes.
    function _isNative(bytes calldata currency) private pure returns (bool) {
        return currency.length == 20 && bytes20(currency) == bytes20(0);
    }

    /// @dev Whitelist key of an output recipient, from the hashes of its chain id and its bytes.
    function _whitelistKey(bytes32 chainIdHash, bytes32 recipientHash) private pure returns (bytes32) {
        return keccak256(abi.encode(chainIdHash, recipientHash));
    }

    function _setWhitelisted(string memory chainId, bytes memory recipient, bool allowed) private {
        _whitelist[_whitelistKey(keccak256(bytes(chainId)), keccak256(recipient))] = allowed;
        emit WhitelistUpdated(chainId, recipient, allowed);
    }
}
