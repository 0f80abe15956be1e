// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Forces its balance into `to` with SELFDESTRUCT, bypassing any receive or fallback function.
contract ForcedEtherSender {
    constructor() payable {}

    function force(address payable to) external {
        selfdestruct(to);
    }
}
