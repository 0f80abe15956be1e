// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {IRelayDepository} from "./IRelayDepository.sol";

/// @title RelayDepository
/// @notice The service's EVM depository as integrators see it: deposits tagged with an order id, announced by
/// events that the service indexes. Written for tests and the local devnet, which place it at the canonical
/// address; its deposit interface and events are the public ones:
/// - `depositNative(depositor, id)` keeps `msg.value` and emits {RelayNativeDeposit};
/// - `depositErc20(depositor, token, amount, id)` pulls `amount` from the caller and emits {RelayErc20Deposit};
/// - `depositErc20(depositor, token, id)` deposits the caller's whole allowance;
/// - a zero `depositor` credits the caller.
/// @dev The production contract releases funds through allocator-signed calls; this one has a single
/// `withdraw` for its immutable owner instead (immutable, so the owner survives placing the runtime code at
/// the canonical address with `hardhat_setCode`). WARNING: not for production use.
contract RelayDepository is IRelayDepository {
    using SafeERC20 for IERC20;

    /// @notice The account allowed to {withdraw}.
    address public immutable owner;

    /// @notice The caller of {withdraw} is not the owner.
    error NotOwner(address caller);

    /// @param owner_ the account allowed to {withdraw}
    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice Deposits `msg.value` credited to `depositor` (the caller when zero) under `id`.
    /// @param depositor the account credited for the deposit; zero credits `msg.sender`
    /// @param id the identifier of the deposit (a protocol order id)
    function depositNative(address depositor, bytes32 id) external payable override {
        emit RelayNativeDeposit(depositor == address(0) ? msg.sender : depositor, msg.value, id);
    }

    /// @notice Pulls `amount` of `token` from the caller and deposits it credited to `depositor` under `id`.
    /// @param depositor the account credited for the deposit; zero credits `msg.sender`
    /// @param token the ERC-20 deposited
    /// @param amount the amount pulled with `transferFrom(msg.sender, this, amount)`
    /// @param id the identifier of the deposit (a protocol order id)
    /// @dev WARNING: the event reports `amount`, not the balance change: fee-on-transfer tokens are
    /// over-reported, as with the production contract. Callers that need the exact amount measure it.
    function depositErc20(address depositor, address token, uint256 amount, bytes32 id) public override {
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        emit RelayErc20Deposit(depositor == address(0) ? msg.sender : depositor, token, amount, id);
    }

    /// @notice {depositErc20} of the caller's whole allowance to this contract.
    /// @param depositor the account credited for the deposit; zero credits `msg.sender`
    /// @param token the ERC-20 deposited
    /// @param id the identifier of the deposit (a protocol order id)
    function depositErc20(address depositor, address token, bytes32 id) external {
        depositErc20(depositor, token, IERC20(token).allowance(msg.sender, address(this)), id);
    }

    /// @notice Sends `amount` of `currency` (zero for native) to `to`. Owner only.
    /// @param currency token address, or zero for native
    /// @param to recipient
    /// @param amount amount to send
    function withdraw(address currency, address to, uint256 amount) external {
        if (msg.sender != owner) revert NotOwner(msg.sender);
        if (currency == address(0)) Address.sendValue(payable(to), amount);
        else IERC20(currency).safeTransfer(to, amount);
    }
}
