// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "attestkit/contracts/ProtocolOrder.sol";

/// An integrator's own order-paying contract: native inputs only, one solver, one output recipient, no
/// destination calls; only the order's own refund recipient on this chain may pay it. It keeps what it
/// is paid.
contract OrderTipJar {
    address public immutable solver;
    bytes32 private immutable _chainId;
    bytes32 private immutable _outputChainId;
    bytes32 private immutable _recipient;
    mapping(bytes32 orderId => bool) public paid;

    error Refused(string why);

    constructor(address solver_, string memory chainId, string memory outputChainId, bytes memory recipient) {
        solver = solver_;
        _chainId = keccak256(bytes(chainId));
        _outputChainId = keccak256(bytes(outputChainId));
        _recipient = keccak256(recipient);
    }

    function pay(ProtocolOrder.Order memory order, bytes calldata signature) external payable {
        bytes32 id = ProtocolOrder.orderId(order);
        if (paid[id]) revert Refused("replay");
        if (ProtocolOrder.recoverSigner(id, signature) != solver || order.solver != solver) revert Refused("signer");
        if (block.timestamp > order.output.deadline) revert Refused("deadline");
        ProtocolOrder.Input memory input = _inputOnThisChain(order);
        ProtocolOrder.InputPayment memory payment = input.payment;
        if (keccak256(payment.currency) != keccak256(new bytes(20)) || payment.amount == 0 || msg.value != payment.amount) {
            revert Refused("amount");
        }
        // Whoever holds the order and its signature could pay it first and use up its one payment:
        // only the payer the order refunds on this chain may pay.
        if (keccak256(_refundRecipientOnThisChain(input)) != keccak256(abi.encodePacked(msg.sender))) {
            revert Refused("payer");
        }
        // Calls run on the destination with the output and could send it past the recipient check.
        if (order.output.calls.length != 0) revert Refused("calls");
        if (keccak256(bytes(order.output.chainId)) != _outputChainId) revert Refused("output chain");
        for (uint256 i; i < order.output.payments.length; ++i) {
            if (keccak256(order.output.payments[i].recipient) != _recipient) revert Refused("recipient");
        }
        paid[id] = true;
    }

    function _inputOnThisChain(ProtocolOrder.Order memory order) private view returns (ProtocolOrder.Input memory) {
        for (uint256 i; i < order.inputs.length; ++i) {
            if (keccak256(bytes(order.inputs[i].payment.chainId)) == _chainId) return order.inputs[i];
        }
        revert Refused("no input on this chain");
    }

    function _refundRecipientOnThisChain(ProtocolOrder.Input memory input) private view returns (bytes memory) {
        for (uint256 i; i < input.refunds.length; ++i) {
            if (keccak256(bytes(input.refunds[i].chainId)) == _chainId) return input.refunds[i].recipient;
        }
        revert Refused("no refund on this chain");
    }
}
