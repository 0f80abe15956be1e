// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "attestkit/contracts/ProtocolOrder.sol";

/// An integrator's own order-paying contract: native inputs only, one solver, one output recipient; it
/// keeps what it is paid.
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
        ProtocolOrder.InputPayment memory input = _inputOnThisChain(order);
        if (keccak256(input.currency) != keccak256(new bytes(20)) || input.amount == 0 || msg.value != input.amount) {
            revert Refused("amount");
        }
        if (keccak256(bytes(order.output.chainId)) != _outputChainId) revert Refused("output chain");
        for (uint256 i; i < order.output.payments.length; ++i) {
            if (keccak256(order.output.payments[i].recipient) != _recipient) revert Refused("recipient");
        }
        paid[id] = true;
    }

    function _inputOnThisChain(ProtocolOrder.Order memory order) private view returns (ProtocolOrder.InputPayment memory) {
        for (uint256 i; i < order.inputs.length; ++i) {
            if (keccak256(bytes(order.inputs[i].payment.chainId)) == _chainId) return order.inputs[i].payment;
        }
        revert Refused("no input on this chain");
    }
}
