// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SignedCallAccount} from "./SignedCallAccount.sol";

/// @title RefundRefusingAccount
/// @notice A smart account (its calls submitted by a relayer once its key signed them) that refuses every
/// native transfer after deployment, with or without data: the shape of a wallet whose `receive` reverts.
/// It is funded at deployment. A refund sent to it can never land.
/// @dev Test contract.
contract RefundRefusingAccount is SignedCallAccount {
    error NativeRefused();

    constructor(address owner_) payable SignedCallAccount(owner_) {}

    receive() external payable override {
        revert NativeRefused();
    }

    fallback() external payable override {
        revert NativeRefused();
    }
}
