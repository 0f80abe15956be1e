// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ConformanceToken} from "./ConformanceToken.sol";
import {CONFORMANCE_VM} from "./ConformanceVm.sol";
import {ReferenceRefusals} from "./ReferenceRefusals.sol";

/// @title ConformanceBase
/// @notice What the attestation and order conformance catalogues share: the not-applicable and expected-error
/// hooks, the entry-point selector, and the checks that name the property a receiver broke.
abstract contract ConformanceBase {
    /// @notice Which entry point a payment hook must use: by the signed currency, or forced to one.
    enum Route {
        ByCurrency,
        Native,
        Token
    }

    /// @notice An admin function a stranger must not be able to call (see {adminCalldata}).
    enum AdminAction {
        /// Rotate the solver to `account` with no grace.
        RotateSolver,
        /// Pause payments.
        Pause,
        /// Invalidate the payment id `id`.
        Invalidate,
        /// Whitelist the catalogue's output chain with the recipient `id` (an attestation's `bytes32` user, or
        /// an order's 32-byte recipient).
        Whitelist,
        /// Allow orders with output calls.
        AllowCalls,
        /// Hand ownership (or the admin role) to `account`.
        TransferOwnership
    }

    /// @notice The calldata with which the contract's admin would perform `action` (arguments `account` and `id`
    /// as {AdminAction} describes); empty when the contract has no such function. The catalogue sends it from a
    /// stranger, who must be refused. The default knows none: the reference adapters implement it.
    function adminCalldata(AdminAction action, address account, bytes32 id) internal view virtual returns (bytes memory) {
        (action, account, id);
        return "";
    }

    /// @notice A non-empty reason marks `property` not applicable to this receiver (reported as skipped).
    function notApplicable(string memory property) internal view virtual returns (string memory reason) {
        property;
        return "";
    }

    /// @notice Whether to run `property`, an opt-in property whose premise is a design choice (such as
    /// `order.replay.acrossDepositors`); opt-in properties are skipped as not applicable unless this returns true.
    function optedIn(string memory property) internal view virtual returns (bool) {
        property;
        return false;
    }

    /// @notice Strict mode: true turns a property skipped only because an optional hook is not implemented into a
    /// failure, so every property is either tested or named in {notApplicable} with a reason (default false).
    function strict() internal view virtual returns (bool) {
        return false;
    }

    /// @notice The error selector the receiver must revert with for `property`; zero accepts any revert.
    function expectedError(string memory property) internal view virtual returns (bytes4) {
        property;
        return bytes4(0);
    }

    /// @notice The refusal classes `property` accepts, `|`-separated (e.g. "signature|solver"); empty accepts any.
    function expectedRefusal(string memory property) internal view virtual returns (string memory) {
        property;
        return "";
    }

    /// @notice The name and refusal class (signature, solver, deadline, amount, currency, chain, replay,
    /// invalidated, whitelist, paused, payer, calls, unauthorized) of the error `selector`; empty strings when unknown. The
    /// default knows the reference contracts' errors: override it to classify your own, once, and fall back to
    /// `super`. A refusal of a class its property does not accept fails it.
    function refusalOf(bytes4 selector) internal view virtual returns (string memory name, string memory class) {
        return ReferenceRefusals.lookup(selector);
    }

    /// @dev Native funds and `tokens` for `account`, each token approved to `spender`.
    function _fundAccount(address account, address spender, address[2] memory tokens) internal {
        CONFORMANCE_VM.deal(account, 1e31);
        for (uint256 i; i < tokens.length; ++i) {
            ConformanceToken(tokens[i]).mint(account, 1e31);
            CONFORMANCE_VM.prank(account);
            ConformanceToken(tokens[i]).approve(spender, type(uint256).max);
        }
    }

    function _setTokenBalance(address token, address account, uint256 amount) internal {
        uint256 held = ConformanceToken(token).balanceOf(account);
        CONFORMANCE_VM.prank(account);
        ConformanceToken(token).transfer(address(0xdead), held - amount);
    }

    function _balance(address currency, address account) internal view returns (uint256) {
        return currency == address(0) ? account.balance : ConformanceToken(currency).balanceOf(account);
    }

    function _applicable(string memory property) internal {
        string memory reason = notApplicable(property);
        if (bytes(reason).length != 0) CONFORMANCE_VM.skip(true, string.concat(property, " not applicable: ", reason));
    }

    function _requireHook(string memory property, string memory hook, bool supported) internal {
        if (supported) return;
        _check(
            !strict(),
            property,
            string.concat("strict mode: hook ", hook, " not implemented; implement it or name the property in notApplicable")
        );
        CONFORMANCE_VM.skip(true, string.concat(property, " not applicable: hook ", hook, " not implemented"));
    }

    /// @dev Skips an opt-in `property` unless {optedIn} runs it (never a failure in strict mode: it is a choice).
    function _optIn(string memory property, string memory premise) internal {
        if (!optedIn(property)) {
            CONFORMANCE_VM.skip(true, string.concat(property, " not applicable: opt-in (", premise, "); override optedIn to run it"));
        }
    }

    /// @dev Skips `property` as not applicable when the receiver's declared limits make its attack impossible.
    function _requireLimit(string memory property, bool possible, string memory reason) internal {
        if (!possible) CONFORMANCE_VM.skip(true, string.concat(property, " not applicable: ", reason));
    }

    /// @dev `stranger` sends the admin call for `action` to `target`: it must be refused, and refused as
    /// unauthorized when the error is classified. Skips (or fails in strict mode) when {adminCalldata} has none.
    function _assertStrangerRefused(
        string memory property,
        address target,
        address stranger,
        AdminAction action,
        address account,
        bytes32 id
    ) internal {
        bytes memory data = adminCalldata(action, account, id);
        _requireHook(property, "adminCalldata", data.length != 0);
        CONFORMANCE_VM.prank(stranger);
        (bool ok, bytes memory err) = target.call(data);
        _checkRefusal(property, ok, err);
    }

    /// @dev Refusal checks shared by both catalogues: refused, of a class the property accepts (when the error is
    /// classified), and with the expected error when one is named.
    function _checkRefusal(string memory property, bool ok, bytes memory err) internal view {
        _check(!ok, property, "the attack was accepted");
        string memory accepted = expectedRefusal(property);
        if (err.length >= 4 && bytes(accepted).length != 0) {
            (string memory name, string memory class) = refusalOf(bytes4(err));
            _check(
                bytes(class).length == 0 || _accepts(accepted, class),
                property,
                string.concat("refused as ", class, " (", name, "), expected ", accepted)
            );
        }
        bytes4 expected = expectedError(property);
        if (expected != bytes4(0)) {
            _check(err.length >= 4 && bytes4(err) == expected, property, _describe("refused with another error than expected", err));
        }
    }

    function _check(bool condition, string memory property, string memory what) internal pure {
        if (!condition) revert(string.concat("[", property, "] ", what));
    }

    /// @dev `what`, followed by the error's name when known, else its selector.
    function _describe(string memory what, bytes memory err) internal view returns (string memory) {
        if (err.length < 4) return what;
        (string memory name,) = refusalOf(bytes4(err));
        if (bytes(name).length != 0) return string.concat(what, " (", name, ")");
        return string.concat(what, " (error selector ", _hex4(bytes4(err)), ")");
    }

    /// @dev Whether `class` is one of the `|`-separated classes in `accepted`.
    function _accepts(string memory accepted, string memory class) private pure returns (bool) {
        bytes memory list = bytes(accepted);
        bytes memory wanted = bytes(class);
        uint256 start;
        for (uint256 i; i <= list.length; ++i) {
            if (i < list.length && list[i] != "|") continue;
            if (i - start == wanted.length && keccak256(_slice(list, start, i)) == keccak256(wanted)) return true;
            start = i + 1;
        }
        return false;
    }

    function _slice(bytes memory data, uint256 from, uint256 to) private pure returns (bytes memory out) {
        out = new bytes(to - from);
        for (uint256 i; i < out.length; ++i) out[i] = data[from + i];
    }

    function _hex4(bytes4 selector) private pure returns (string memory out) {
        bytes memory digits = "0123456789abcdef";
        bytes memory b = new bytes(10);
        b[0] = "0";
        b[1] = "x";
        for (uint256 i; i < 4; ++i) {
            b[2 + i * 2] = digits[uint8(selector[i]) >> 4];
            b[3 + i * 2] = digits[uint8(selector[i]) & 0x0f];
        }
        out = string(b);
    }

    function _bound(uint256 x, uint256 min, uint256 max) internal pure returns (uint256) {
        if (max <= min) return min;
        if (x >= min && x <= max) return x;
        return min + (x % (max - min + 1));
    }
}
