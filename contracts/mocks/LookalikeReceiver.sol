// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Emits an event with the same signature as `AttestedReceiver.DepositAccepted` for any values,
/// without receiving or forwarding anything.
contract LookalikeReceiver {
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

    function fake(bytes32 requestId, uint256 amount, address solver) external {
        emit DepositAccepted(requestId, msg.sender, address(0), block.chainid, amount, 8453, bytes32(0), solver);
    }
}
