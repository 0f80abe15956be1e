// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "attestkit/contracts/RequestAttestation.sol";

/// @notice Accepts request data only when the solver this contract trusts signed it.
contract AttestationGate {
    /// @notice The solver address, fixed at deployment (take it from the service, never from a caller).
    address public immutable solver;

    constructor(address solver_) {
        solver = solver_;
    }

    /// @notice True when `signature` is the solver's attestation of exactly `data`.
    /// @dev Reverts with RequestAttestation's typed errors for a malformed signature.
    function isAttested(RequestAttestation.RequestData calldata data, bytes calldata signature)
        external
        view
        returns (bool)
    {
        return RequestAttestation.recoverSigner(data, signature) == solver;
    }
}
