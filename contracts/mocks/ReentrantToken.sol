// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice ERC20 that, once armed, makes an arbitrary call (e.g. back into the receiver) from inside
/// `transferFrom` before moving the tokens, and bubbles that call's revert.
contract ReentrantToken is ERC20 {
    address public target;
    bytes public payload;
    bool public armed;
    /// @notice Full calldata of the last `transferFrom` (to read the appended request id tag).
    bytes public lastTransferFromCalldata;

    constructor() ERC20("Reentrant Token", "REENTER") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    /// @notice Arms a single re-entrant call to `target_` with `payload_` on the next `transferFrom`.
    function arm(address target_, bytes calldata payload_) external {
        target = target_;
        payload = payload_;
        armed = true;
    }

    function transferFrom(address from, address to, uint256 value) public override returns (bool) {
        lastTransferFromCalldata = msg.data;
        if (armed) {
            armed = false;
            (bool ok, bytes memory ret) = target.call(payload);
            if (!ok) {
                assembly ("memory-safe") {
                    revert(add(ret, 0x20), mload(ret))
                }
            }
        }
        return super.transferFrom(from, to, value);
    }
}
