// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderGatedDepositor} from "../../contracts/OrderGatedDepositor.sol";
import {ConformanceBase} from "../../contracts/testing/ConformanceBase.sol";

/// The checks every catalogue property goes through. Strict mode: a property whose optional hook is not
/// implemented fails, naming the property and the hook, instead of being skipped as not applicable. Refusal
/// classes: a refusal of a class the property does not accept fails it, naming the error, not its selector.
contract ConformanceChecksTest is ConformanceBase {
    function strict() internal pure override returns (bool) {
        return true;
    }

    function probeMissingHook() external {
        _requireHook("order.pause.refused", "setOrderPaused", false);
    }

    function probeImplementedHook() external {
        _requireHook("order.pause.refused", "setOrderPaused", true);
    }

    function expectedRefusal(string memory) internal pure override returns (string memory) {
        return "replay|signature";
    }

    function probeRefusal(bytes memory err) external view {
        _checkRefusal("order.replay.later", false, err);
    }

    function test_refusal_ofAnotherClassFailsNamingTheError() public view {
        bytes memory deadline = abi.encodeWithSelector(OrderGatedDepositor.OutputDeadlinePassed.selector, 1, 2);
        try this.probeRefusal(deadline) {
            revert("a deadline refusal passed a replay property");
        } catch Error(string memory reason) {
            require(
                keccak256(bytes(reason))
                    == keccak256(
                        "[order.replay.later] refused as deadline (OutputDeadlinePassed), expected replay|signature"
                    ),
                reason
            );
        }
    }

    function test_refusal_ofAnAcceptedClassOrUnclassifiedPasses() public view {
        this.probeRefusal(abi.encodeWithSelector(OrderGatedDepositor.OrderAlreadyUsed.selector, bytes32(0)));
        this.probeRefusal(abi.encodeWithSelector(OrderGatedDepositor.SignerMismatch.selector, address(1), address(2)));
        this.probeRefusal(abi.encodeWithSignature("Refused(string)", "replay"));
    }

    function test_describe_namesAReferenceErrorAndShowsAnUnknownSelector() public view {
        bytes memory known = abi.encodeWithSelector(OrderGatedDepositor.OutputDeadlinePassed.selector, 1, 2);
        require(keccak256(bytes(_describe("refused", known))) == keccak256("refused (OutputDeadlinePassed)"));
        bytes memory unknown = hex"5377db58";
        require(keccak256(bytes(_describe("refused", unknown))) == keccak256("refused (error selector 0x5377db58)"));
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
