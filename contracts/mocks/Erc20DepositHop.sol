// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IRelayDepository} from "../depository/IRelayDepository.sol";

/// @notice The token movement an order-gated ERC-20 deposit requires and nothing else: pull the amount from
/// the payer, measure this contract's balance change, approve the depository and deposit. The order gas
/// benchmark measures it to derive the floor of `OrderGatedDepositor.depositErc20` (no checks here).
contract Erc20DepositHop {
    IRelayDepository private immutable _depository;

    constructor(IRelayDepository depository_) {
        _depository = depository_;
    }

    function deposit(IERC20 token, uint256 amount, bytes32 id) external {
        uint256 before = token.balanceOf(address(this));
        token.transferFrom(msg.sender, address(this), amount);
        require(token.balanceOf(address(this)) - before == amount);
        token.approve(address(_depository), amount);
        _depository.depositErc20(msg.sender, address(token), amount, id);
    }
}
