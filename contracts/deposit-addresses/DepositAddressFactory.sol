// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {DepositAddress} from "./DepositAddress.sol";
import {DepositAddressClone} from "./DepositAddressClone.sol";
import {IDepositAddressFactory} from "./IDepositAddressFactory.sol";

/// @title DepositAddressFactory
/// @notice One per chain: strict deposit addresses for `(orderId, depositor)` pairs (minimal-proxy
/// clones of one {DepositAddress} implementation, see `DepositAddressClone`) and their permissionless
/// sweep into the depository.
/// @dev Sweeping is open to anyone, so nothing a sweeper controls reaches value: the clone is derived
/// from the pair the caller names (another pair is another, empty address), the clone's whole
/// balance moves (a sweeper cannot split or shave a payment), an empty balance emits nothing (no dust
/// deposits to charge fees on), the caller is paid nothing, and re-entering a sweep from inside one
/// (a hostile token) reverts. The service's fee is the quote's, never derived from a sweep's gas.
contract DepositAddressFactory is IDepositAddressFactory, ReentrancyGuardTransient {
    /// @notice The depository every sweep deposits into.
    address public immutable DEPOSITORY;
    /// @notice The {DepositAddress} implementation every deposit address clones.
    address public immutable IMPLEMENTATION;

    /// @notice A zero depositor: the depository would credit the deposit address itself.
    error ZeroDepositor();

    /// @param depository the depository every sweep deposits into
    constructor(address depository) {
        DEPOSITORY = depository;
        IMPLEMENTATION = address(new DepositAddress(depository));
    }

    /// @inheritdoc IDepositAddressFactory
    function computeDepositAddress(bytes32 orderId, address depositor) public view returns (address) {
        return DepositAddressClone.predict(address(this), IMPLEMENTATION, orderId, depositor);
    }

    /// @inheritdoc IDepositAddressFactory
    function sweep(bytes32 orderId, address depositor, address[] calldata tokens) external nonReentrant {
        if (depositor == address(0)) revert ZeroDepositor();
        address clone = computeDepositAddress(orderId, depositor);
        if (clone.code.length == 0) {
            DepositAddressClone.deploy(IMPLEMENTATION, orderId, depositor);
            emit DepositAddressDeployed(orderId, depositor, clone);
        }
        for (uint256 i; i < tokens.length; ++i) {
            DepositAddress(payable(clone)).sweep(tokens[i], depositor, orderId);
        }
    }
}
