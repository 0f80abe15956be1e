// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {AttestedReceiver} from "../AttestedReceiver.sol";
import {OrderGatedDepositor} from "../OrderGatedDepositor.sol";
import {RequestAttestation} from "../RequestAttestation.sol";

/// @title ReferenceRefusals
/// @notice The name and refusal class of every error of the reference contracts (the same classes as the
/// TypeScript catalogue's `REFERENCE_REFUSAL_CLASSES`): the catalogues' default for naming an error in a failure
/// and for judging whether a refusal was for the property's own reason. An empty class is not judged.
library ReferenceRefusals {
    struct Entry {
        bytes4 selector;
        string name;
        string class;
    }

    /// @notice The error's name and class, or empty strings when `selector` is no reference error.
    function lookup(bytes4 selector) internal pure returns (string memory name, string memory class) {
        Entry[] memory e = _entries();
        for (uint256 i; i < e.length; ++i) {
            if (e[i].selector == selector) return (e[i].name, e[i].class);
        }
        return ("", "");
    }

    function _entries() private pure returns (Entry[] memory e) {
        e = new Entry[](37);
        e[0] = Entry(RequestAttestation.InvalidSignature.selector, "InvalidSignature", "signature");
        e[1] = Entry(RequestAttestation.InvalidSignatureS.selector, "InvalidSignatureS", "signature");
        e[2] = Entry(RequestAttestation.InvalidSignatureV.selector, "InvalidSignatureV", "signature");
        e[3] = Entry(RequestAttestation.InvalidSignatureLength.selector, "InvalidSignatureLength", "signature");
        e[4] = Entry(RequestAttestation.DirtyAddressBytes.selector, "DirtyAddressBytes", "");
        e[5] = Entry(OrderGatedDepositor.SignerMismatch.selector, "SignerMismatch", "signature");
        e[6] = Entry(OrderGatedDepositor.OrderSolverMismatch.selector, "OrderSolverMismatch", "solver");
        e[7] = Entry(OrderGatedDepositor.OutputDeadlinePassed.selector, "OutputDeadlinePassed", "deadline");
        e[8] = Entry(OrderGatedDepositor.ValueMismatch.selector, "ValueMismatch", "amount");
        e[9] = Entry(OrderGatedDepositor.ZeroAmount.selector, "ZeroAmount", "amount");
        e[10] = Entry(OrderGatedDepositor.DeliveredAmountMismatch.selector, "DeliveredAmountMismatch", "amount");
        e[11] = Entry(OrderGatedDepositor.NotNativeCurrency.selector, "NotNativeCurrency", "currency");
        e[12] = Entry(OrderGatedDepositor.NotAToken.selector, "NotAToken", "currency");
        e[13] = Entry(OrderGatedDepositor.NoInputForThisChain.selector, "NoInputForThisChain", "chain");
        e[14] = Entry(OrderGatedDepositor.OrderAlreadyUsed.selector, "OrderAlreadyUsed", "replay");
        e[15] = Entry(OrderGatedDepositor.OrderIdInvalidated.selector, "OrderIdInvalidated", "invalidated");
        e[16] = Entry(OrderGatedDepositor.RecipientNotWhitelisted.selector, "RecipientNotWhitelisted", "whitelist");
        e[17] = Entry(OrderGatedDepositor.DepositorPaused.selector, "DepositorPaused", "paused");
        e[18] = Entry(OrderGatedDepositor.PayerNotRefundRecipient.selector, "PayerNotRefundRecipient", "payer");
        e[19] = Entry(OrderGatedDepositor.NoRefundForThisChain.selector, "NoRefundForThisChain", "payer");
        e[20] = Entry(OrderGatedDepositor.OutputCallsNotAllowed.selector, "OutputCallsNotAllowed", "calls");
        e[21] = Entry(OrderGatedDepositor.NotSolverOrOwner.selector, "NotSolverOrOwner", "unauthorized");
        e[22] = Entry(OrderGatedDepositor.GracePeriodTooLong.selector, "GracePeriodTooLong", "");
        e[23] = Entry(AttestedReceiver.ReceiverPaused.selector, "ReceiverPaused", "paused");
        e[24] = Entry(AttestedReceiver.DeadlineExpired.selector, "DeadlineExpired", "deadline");
        e[25] = Entry(AttestedReceiver.DeadlineBeyondMaxWindow.selector, "DeadlineBeyondMaxWindow", "deadline");
        e[26] = Entry(AttestedReceiver.OriginChainMismatch.selector, "OriginChainMismatch", "chain");
        e[27] = Entry(AttestedReceiver.PayerMismatch.selector, "PayerMismatch", "payer");
        e[28] = Entry(AttestedReceiver.CurrencyMismatch.selector, "CurrencyMismatch", "currency");
        e[29] = Entry(AttestedReceiver.NotAToken.selector, "NotAToken", "currency");
        e[30] = Entry(AttestedReceiver.DestinationNotWhitelisted.selector, "DestinationNotWhitelisted", "whitelist");
        e[31] = Entry(AttestedReceiver.RequestAlreadyAccepted.selector, "RequestAlreadyAccepted", "replay");
        e[32] = Entry(AttestedReceiver.RequestIdInvalidated.selector, "RequestIdInvalidated", "invalidated");
        e[33] = Entry(AttestedReceiver.ForwardFailed.selector, "ForwardFailed", "");
        e[34] = Entry(AttestedReceiver.TokenCallFailed.selector, "TokenCallFailed", "");
        e[35] = Entry(AttestedReceiver.ReentrantCall.selector, "ReentrantCall", "");
        e[36] = Entry(Ownable.OwnableUnauthorizedAccount.selector, "OwnableUnauthorizedAccount", "unauthorized");
    }
}
