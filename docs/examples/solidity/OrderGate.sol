// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "attestkit/contracts/ProtocolOrder.sol";

/// @notice Accepts a protocol order only when the solver this contract trusts signed it, once.
contract OrderGate {
    /// @notice The solver address, fixed at deployment (take it from the service, never from a caller).
    address public immutable solver;
    /// @notice Order ids already acted on: the id has no domain separator, so replay is yours to stop.
    mapping(bytes32 orderId => bool) public used;

    error NotSignedBySolver(address signer);
    error OrderAlreadyUsed(bytes32 orderId);

    constructor(address solver_) {
        solver = solver_;
    }

    /// @notice The id of `order` when the solver signed exactly this order.
    /// @dev Reverts with ProtocolOrder's typed errors for a malformed signature.
    function signedOrderId(ProtocolOrder.Order memory order, bytes calldata signature)
        public
        view
        returns (bytes32 id)
    {
        id = ProtocolOrder.orderId(order);
        address signer = ProtocolOrder.recoverSigner(id, signature);
        if (signer != solver) revert NotSignedBySolver(signer);
    }

    /// @notice Records a signed order once; your own logic (check the input is for this chain, the
    /// output recipients, the deadline) goes here.
    function accept(ProtocolOrder.Order memory order, bytes calldata signature) external returns (bytes32 id) {
        id = signedOrderId(order, signature);
        if (used[id]) revert OrderAlreadyUsed(id);
        used[id] = true;
    }
}
