// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "attestkit/contracts/RequestAttestation.sol";

/// An integrator's own receiver: native payments only, one solver, one destination.
contract TipJarReceiver {
    address public immutable solver;
    uint256 public immutable destinationChainId;
    bytes32 public immutable destinationUser;
    uint256 public constant MAX_WINDOW = 1 hours;
    mapping(bytes32 requestId => bool) public paid;

    error Refused(string why);

    constructor(address solver_, uint256 destinationChainId_, bytes32 destinationUser_) {
        // A zero solver would match the zero address a failed signature recovery yields.
        if (solver_ == address(0)) revert Refused("zero solver");
        solver = solver_;
        destinationChainId = destinationChainId_;
        destinationUser = destinationUser_;
    }

    function pay(RequestAttestation.RequestData calldata data, uint256 deadline, bytes calldata signature)
        external
        payable
    {
        if (paid[data.requestId]) revert Refused("replay");
        if (RequestAttestation.recoverSigner(data, signature) != solver) revert Refused("signer");
        if (data.originChainId != block.chainid) revert Refused("chain");
        if (data.originUser != RequestAttestation.toBytes32(msg.sender)) revert Refused("payer");
        if (data.originCurrency != bytes32(0) || data.originAmount == 0 || msg.value != data.originAmount) {
            revert Refused("amount");
        }
        if (block.timestamp > deadline || deadline > block.timestamp + MAX_WINDOW) revert Refused("deadline");
        if (data.destinationChainId != destinationChainId || data.destinationUser != destinationUser) {
            revert Refused("destination");
        }
        paid[data.requestId] = true;
        (bool ok,) = solver.call{value: msg.value}("");
        if (!ok) revert Refused("forward");
    }
}
