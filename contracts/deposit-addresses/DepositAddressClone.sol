// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DepositAddressClone
/// @notice Where a strict deposit address lives: the CREATE2 address of a minimal proxy of the
/// `DepositAddress` implementation, deployed by the chain's `DepositAddressFactory` with the salt
/// `keccak256(abi.encodePacked(orderId, depositor))`. The same rule as `predictDepositAddress` in
/// `attestkit/orders` (shared vectors: test/vectors/deposit-addresses.json).
/// @dev The proxy is the 53-byte minimal proxy of Solady's `LibClone` (0age's variant of EIP-1167),
/// the one the service's factory deploys: constructor `602c3d8160093d39f33d` then 44 bytes of runtime
/// code delegate-calling the implementation. WARNING: OpenZeppelin `Clones` deploys the 55-byte
/// reference EIP-1167 code, whose hash differs: it would not reproduce the service's addresses.
library DepositAddressClone {
    /// @notice The clone could not be deployed (the address already has code, or the deployment ran out of gas).
    error CloneDeploymentFailed(address predicted);

    /// @notice The CREATE2 salt of an `(orderId, depositor)` pair.
    /// @param orderId the protocol order id the address deposits under
    /// @param depositor the account the depository credits
    /// @return `keccak256(abi.encodePacked(orderId, depositor))`
    function salt(bytes32 orderId, address depositor) internal pure returns (bytes32) {
        return keccak256(abi.encodePacked(orderId, depositor));
    }

    /// @notice The creation code of a clone of `implementation`.
    /// @param implementation the contract every clone delegate-calls
    /// @return the 53 bytes CREATE2 deploys
    function initCode(address implementation) internal pure returns (bytes memory) {
        return abi.encodePacked(
            hex"602c3d8160093d39f33d3d3d3d363d3d37363d73", implementation, hex"5af43d3d93803e602a57fd5bf3"
        );
    }

    /// @notice The deposit address `factory` deploys for `(orderId, depositor)`.
    /// @param factory the chain's `DepositAddressFactory`
    /// @param implementation the factory's `DepositAddress` implementation
    /// @param orderId the protocol order id
    /// @param depositor the account credited
    /// @return the CREATE2 address `keccak256(0xff ++ factory ++ salt ++ keccak256(initCode))[12:]`
    function predict(address factory, address implementation, bytes32 orderId, address depositor)
        internal
        pure
        returns (address)
    {
        bytes32 hash = keccak256(
            abi.encodePacked(bytes1(0xff), factory, salt(orderId, depositor), keccak256(initCode(implementation)))
        );
        return address(uint160(uint256(hash)));
    }

    /// @notice Deploys the clone of `implementation` for `(orderId, depositor)` from the calling contract.
    /// @return clone the deployed address, equal to `predict(address(this), implementation, orderId, depositor)`
    function deploy(address implementation, bytes32 orderId, address depositor) internal returns (address clone) {
        bytes memory code = initCode(implementation);
        bytes32 s = salt(orderId, depositor);
        assembly ("memory-safe") {
            clone := create2(0, add(code, 0x20), mload(code), s)
        }
        if (clone == address(0)) revert CloneDeploymentFailed(predict(address(this), implementation, orderId, depositor));
    }
}
