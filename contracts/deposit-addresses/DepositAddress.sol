// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IRelayDepository} from "../depository/IRelayDepository.sol";

/// @title DepositAddress
/// @notice The stateless implementation behind every strict deposit address (a minimal-proxy clone
/// per `(orderId, depositor)`, see `DepositAddressClone`). A clone accepts plain transfers and, when its
/// factory asks, deposits its whole balance of a currency into the depository under the order id for the
/// depositor that salted it. It stores nothing: the depository and factory are immutables of this code.
/// @dev Only the factory calls {sweep}, and the factory derives the clone from the very `(orderId,
/// depositor)` it passes, so a clone can never deposit under another pair.
contract DepositAddress {
    using SafeERC20 for IERC20;

    /// @notice The depository every sweep deposits into.
    address public immutable DEPOSITORY;
    /// @notice The factory that deployed this implementation, the only caller of {sweep}.
    address public immutable FACTORY;

    /// @notice {sweep} was called by someone other than the factory.
    error NotFactory(address caller);

    /// @param depository the depository every sweep deposits into; the deployer becomes the factory
    constructor(address depository) {
        DEPOSITORY = depository;
        FACTORY = msg.sender;
    }

    /// @notice Deposits this address's whole balance of `token` (zero: native) under `orderId` for
    /// `depositor`; a zero balance deposits nothing and emits nothing. Factory only.
    /// @param token the ERC-20 to sweep, or zero for native currency
    /// @param depositor the account the depository credits
    /// @param orderId the protocol order id
    /// @return amount what was deposited
    function sweep(address token, address depositor, bytes32 orderId) external returns (uint256 amount) {
        if (msg.sender != FACTORY) revert NotFactory(msg.sender);
        if (token == address(0)) {
            amount = address(this).balance;
            if (amount != 0) IRelayDepository(DEPOSITORY).depositNative{value: amount}(depositor, orderId);
            return amount;
        }
        amount = IERC20(token).balanceOf(address(this));
        if (amount == 0) return 0;
        IERC20(token).forceApprove(DEPOSITORY, amount);
        IRelayDepository(DEPOSITORY).depositErc20(depositor, token, amount, orderId);
        // What a token left approved (it moved less than asked) is not left for a later pull.
        if (IERC20(token).allowance(address(this), DEPOSITORY) != 0) IERC20(token).forceApprove(DEPOSITORY, 0);
    }

    /// @notice Plain transfers are how users pay a deposit address, deployed or not.
    receive() external payable {}
}
