// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IDepositAddressFactory
/// @notice Strict deposit addresses: one factory per chain derives an address per `(orderId, depositor)`
/// and sweeps whatever it holds into the depository under that order id, credited to that depositor.
interface IDepositAddressFactory {
    /// @notice The deposit address of `(orderId, depositor)` was deployed (on its first sweep).
    event DepositAddressDeployed(bytes32 indexed orderId, address indexed depositor, address depositAddress);

    /// @notice The deposit address of `(orderId, depositor)`, deployed or not.
    /// @param orderId the protocol order id its deposits are made under
    /// @param depositor the account the depository credits
    /// @return the CREATE2 address of its clone
    function computeDepositAddress(bytes32 orderId, address depositor) external view returns (address);

    /// @notice Deploys the deposit address of `(orderId, depositor)` when it has no code yet, then deposits
    /// its whole balance of each of `tokens` (zero: native) into the depository under `orderId` for
    /// `depositor`. Anyone may call it: the caller chooses only when and which tokens, never where the
    /// funds go, whom they credit, or how much of a balance moves; it is paid nothing.
    /// @param orderId the protocol order id
    /// @param depositor the account credited
    /// @param tokens ERC-20 addresses to sweep; the zero address sweeps native currency
    function sweep(bytes32 orderId, address depositor, address[] calldata tokens) external;
}
