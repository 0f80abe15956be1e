// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ConformanceBase} from "../../contracts/testing/ConformanceBase.sol";

/// Strict mode: a property whose optional hook is not implemented fails, naming the property and the hook,
/// instead of being skipped as not applicable.
contract StrictModeTest is ConformanceBase {
    function strict() internal pure override returns (bool) {
        return true;
    }

    function probeMissingHook() external {
        _requireHook("order.pause.refused", "setOrderPaused", false);
    }

    function probeImplementedHook() external {
        _requireHook("order.pause.refused", "setOrderPaused", true);
    }

    function test_strict_missingHookFailsTheProperty() public {
        try this.probeMissingHook() {
            revert("a missing hook passed in strict mode");
        } catch Error(string memory reason) {
            require(
                keccak256(bytes(reason))
                    == keccak256(
                        "[order.pause.refused] strict mode: hook setOrderPaused not implemented; implement it or name the property in notApplicable"
                    ),
                reason
            );
        }
    }

    function test_strict_implementedHookRuns() public {
        this.probeImplementedHook();
    }
}
