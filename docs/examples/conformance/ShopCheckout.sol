// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "attestkit/contracts/ProtocolOrder.sol";

/// A shop's checkout that takes native payments of the solver's orders, with its own names, argument order
/// and errors: `checkout(signature, order)` instead of the reference's `depositNative(order, signature)`,
/// `settled(id)` for `isUsed(id)`, `halt` / `cancel` for pause and invalidation, and a 10-minute cap on
/// `output.deadline - now`. It keeps what it is paid.
contract ShopCheckout {
    address public immutable owner;
    address public immutable signer;
    uint256 public immutable maxWindow;
    bytes32 private immutable _here;
    bytes32 private immutable _deliveryChain;
    bytes32 private immutable _deliverTo;
    bool public halted;
    mapping(bytes32 orderId => bool) public settled;
    mapping(bytes32 orderId => bool) public cancelled;

    error NotOwner();
    error Halted();
    error AlreadySettled(bytes32 orderId);
    error Cancelled(bytes32 orderId);
    error BadSolverSignature();
    error WrongSolver(address named);
    error Late(uint256 deadline);
    error DeadlineTooFar(uint256 deadline, uint256 latest);
    error WrongAmount(uint256 sent, uint256 due);
    error NotNative();
    error NoInputHere();
    error NotYourOrder(address payer);
    error DeliveryRefused();
    error CallsRefused();

    /// Its own argument order: the cap first, the owner last.
    constructor(
        uint256 maxWindow_,
        address signer_,
        string memory here,
        string memory deliveryChain,
        bytes memory deliverTo,
        address owner_
    ) {
        maxWindow = maxWindow_;
        signer = signer_;
        _here = keccak256(bytes(here));
        _deliveryChain = keccak256(bytes(deliveryChain));
        _deliverTo = keccak256(deliverTo);
        owner = owner_;
    }

    function checkout(bytes calldata solverSignature, ProtocolOrder.Order calldata order) external payable {
        if (halted) revert Halted();
        bytes32 id = ProtocolOrder.orderIdCalldata(order);
        if (settled[id]) revert AlreadySettled(id);
        if (cancelled[id]) revert Cancelled(id);
        if (ProtocolOrder.recoverSigner(id, solverSignature) != signer) revert BadSolverSignature();
        if (order.solver != signer) revert WrongSolver(order.solver);
        if (block.timestamp > order.output.deadline) revert Late(order.output.deadline);
        if (order.output.deadline > block.timestamp + maxWindow) {
            revert DeadlineTooFar(order.output.deadline, block.timestamp + maxWindow);
        }
        ProtocolOrder.Input calldata input = _inputHere(order);
        if (keccak256(input.payment.currency) != keccak256(new bytes(20))) revert NotNative();
        if (input.payment.amount == 0 || msg.value != input.payment.amount) {
            revert WrongAmount(msg.value, input.payment.amount);
        }
        // Whoever holds the order could pay it first and use up its one payment: only the payer it refunds may pay.
        if (keccak256(_refundRecipientHere(input)) != keccak256(abi.encodePacked(msg.sender))) {
            revert NotYourOrder(msg.sender);
        }
        if (order.output.calls.length != 0) revert CallsRefused();
        if (keccak256(bytes(order.output.chainId)) != _deliveryChain) revert DeliveryRefused();
        for (uint256 i; i < order.output.payments.length; ++i) {
            if (keccak256(order.output.payments[i].recipient) != _deliverTo) revert DeliveryRefused();
        }
        settled[id] = true;
    }

    function halt(bool halted_) external {
        if (msg.sender != owner) revert NotOwner();
        halted = halted_;
    }

    function cancel(bytes32 orderId) external {
        if (msg.sender != owner) revert NotOwner();
        cancelled[orderId] = true;
    }

    function _inputHere(ProtocolOrder.Order calldata order) private view returns (ProtocolOrder.Input calldata) {
        for (uint256 i; i < order.inputs.length; ++i) {
            if (keccak256(bytes(order.inputs[i].payment.chainId)) == _here) return order.inputs[i];
        }
        revert NoInputHere();
    }

    function _refundRecipientHere(ProtocolOrder.Input calldata input) private view returns (bytes calldata) {
        for (uint256 i; i < input.refunds.length; ++i) {
            if (keccak256(bytes(input.refunds[i].chainId)) == _here) return input.refunds[i].recipient;
        }
        revert NotYourOrder(msg.sender);
    }
}
