// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";

/// @title ConformanceToken
/// @notice The token the conformance catalogue pays with: a plain EIP-2612 token by default, switched into
/// one hostile behaviour at a time to test what a receiver credits. Test double only: anyone can mint and
/// switch it.
contract ConformanceToken is ERC20Permit {
    enum Behaviour {
        Standard,
        /// Delivers 1% less than the amount sent (the fee is burnt).
        FeeOnTransfer,
        /// Delivers the amount plus a 1% positive rebase of the recipient.
        Rebasing,
        /// Moves the tokens and returns no data (USDT-style).
        NoReturn,
        /// Moves nothing and returns `false`.
        FalseReturn,
        /// Moves the amount in shares, each share reported by `balanceOf` as 1.5 units.
        Shares,
        /// On the next `transferFrom`, calls `hookTarget` with `hookPayload` instead of moving its own tokens:
        /// only the re-entered deposit's transfer reaches the recipient.
        ReentrantHook
    }

    /// @notice The behaviour of later transfers.
    Behaviour public behaviour;
    /// @notice The contract the armed hook calls on the next `transferFrom`.
    address public hookTarget;
    /// @notice The calldata the armed hook sends.
    bytes public hookPayload;

    constructor(string memory name_) ERC20(name_, "CONF") ERC20Permit(name_) {}

    /// @notice Mints `amount` to `to`.
    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Switches the behaviour of later transfers.
    function setBehaviour(Behaviour behaviour_) external {
        behaviour = behaviour_;
    }

    /// @notice Arms {Behaviour.ReentrantHook}: the next `transferFrom` calls `target` with `payload` from this
    /// token (which approves `spender` for its own balance first, so the re-entered deposit can pull it).
    function armHook(address target, bytes calldata payload, address spender) external {
        behaviour = Behaviour.ReentrantHook;
        hookTarget = target;
        hookPayload = payload;
        _approve(address(this), spender, type(uint256).max);
    }

    function balanceOf(address account) public view override returns (uint256) {
        uint256 units = super.balanceOf(account);
        return behaviour == Behaviour.Shares ? (units * 3) / 2 : units;
    }

    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        Behaviour b = behaviour;
        if (b == Behaviour.FalseReturn) return false;
        if (b == Behaviour.ReentrantHook) {
            behaviour = Behaviour.Standard;
            (bool ok, bytes memory ret) = hookTarget.call(hookPayload);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(ret, 0x20), mload(ret))
                }
            }
            return true;
        }
        super.transferFrom(from, to, value);
        if (b == Behaviour.FeeOnTransfer) _burn(to, value / 100);
        else if (b == Behaviour.Rebasing) _mint(to, super.balanceOf(to) / 100);
        else if (b == Behaviour.NoReturn) {
            assembly ("memory-safe") {
                return(0, 0)
            }
        }
        return true;
    }
}
