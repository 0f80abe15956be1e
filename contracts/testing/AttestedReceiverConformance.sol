// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {AttestedReceiver} from "../AttestedReceiver.sol";
import {RequestAttestation} from "../RequestAttestation.sol";
import {CONFORMANCE_VM} from "./ConformanceVm.sol";
import {ReceiverConformance} from "./ReceiverConformance.sol";

/// @title AttestedReceiverConformance
/// @notice The conformance catalogue wired to any contract with the reference receiver's ABI
/// (`AttestedReceiver`): inherit it in a test contract and every property runs. By default it deploys
/// `receiverCreationCode()` (the reference itself); override that to test your own build of the same ABI,
/// or override `receiverUnderTest()` to test a deployed receiver on a fork (its owner is impersonated to
/// point it at the mock solver and whitelist the suite's destination).
abstract contract AttestedReceiverConformance is ReceiverConformance {
    address private _owner;

    /// @notice A deployed receiver to test (fork mode); zero deploys a fresh one from {receiverCreationCode}.
    function receiverUnderTest() internal virtual returns (address) {
        return address(0);
    }

    /// @notice Creation code of the receiver to deploy (constructor arguments are appended).
    function receiverCreationCode() internal virtual returns (bytes memory) {
        return type(AttestedReceiver).creationCode;
    }

    function deployReceiver(ReceiverSetup memory setup) internal virtual override returns (address receiver) {
        AttestedReceiver.Destination[] memory whitelist = new AttestedReceiver.Destination[](1);
        whitelist[0] = AttestedReceiver.Destination(setup.destinationChainId, setup.destinationUser);
        receiver = receiverUnderTest();
        if (receiver == address(0)) {
            bytes memory init = abi.encodePacked(
                receiverCreationCode(), abi.encode(setup.owner, setup.solver, setup.maxDeadlineWindow, whitelist)
            );
            assembly ("memory-safe") {
                receiver := create(0, add(init, 0x20), mload(init))
            }
            require(receiver != address(0), "AttestedReceiverConformance: deployment failed");
            _owner = setup.owner;
            return receiver;
        }
        AttestedReceiver deployed = AttestedReceiver(receiver);
        _owner = deployed.owner();
        CONFORMANCE_VM.prank(_owner);
        deployed.setSolver(setup.solver, 0);
        CONFORMANCE_VM.prank(_owner);
        deployed.setMaxDeadlineWindow(setup.maxDeadlineWindow);
        CONFORMANCE_VM.prank(_owner);
        deployed.addToWhitelist(whitelist);
        if (deployed.paused()) {
            CONFORMANCE_VM.prank(_owner);
            deployed.unpause();
        }
    }

    function pay(address receiver, Payment memory payment) internal virtual override {
        bool native = payment.route == Route.Native
            || (payment.route == Route.ByCurrency && payment.data.originCurrency == bytes32(0));
        CONFORMANCE_VM.prank(payment.payer);
        if (native) {
            AttestedReceiver(receiver).depositNative{value: payment.value}(payment.data, payment.deadline, payment.signature);
        } else {
            AttestedReceiver(receiver).depositErc20(payment.data, payment.deadline, payment.signature);
        }
    }

    function isPaid(address receiver, bytes32 requestId) internal view virtual override returns (bool) {
        return AttestedReceiver(receiver).isAccepted(requestId);
    }

    function rotateSolver(address receiver, address newSolver, uint40 gracePeriod)
        internal
        virtual
        override
        returns (bool)
    {
        CONFORMANCE_VM.prank(_owner);
        AttestedReceiver(receiver).setSolver(newSolver, gracePeriod);
        return true;
    }

    function setPaused(address receiver, bool paused) internal virtual override returns (bool) {
        CONFORMANCE_VM.prank(_owner);
        if (paused) AttestedReceiver(receiver).pause();
        else AttestedReceiver(receiver).unpause();
        return true;
    }

    function invalidateRequest(address receiver, bytes32 requestId) internal virtual override returns (bool) {
        bytes32[] memory ids = new bytes32[](1);
        ids[0] = requestId;
        CONFORMANCE_VM.prank(_owner);
        AttestedReceiver(receiver).invalidateRequests(ids);
        return true;
    }

    function payWithPermit(
        address receiver,
        Payment memory payment,
        uint256 permitDeadline,
        uint8 v,
        bytes32 r,
        bytes32 s
    ) internal virtual override returns (bool) {
        CONFORMANCE_VM.prank(payment.payer);
        AttestedReceiver(receiver).depositErc20WithPermit(
            payment.data, payment.deadline, payment.signature, permitDeadline, v, r, s
        );
        return true;
    }

    /// @dev The reference's admin functions (see {ConformanceBase.adminCalldata}); it has no output calls.
    function adminCalldata(AdminAction action, address account, bytes32 id)
        internal
        view
        virtual
        override
        returns (bytes memory)
    {
        if (action == AdminAction.RotateSolver) return abi.encodeCall(AttestedReceiver.setSolver, (account, 0));
        if (action == AdminAction.Pause) return abi.encodeCall(AttestedReceiver.pause, ());
        if (action == AdminAction.Invalidate) {
            bytes32[] memory ids = new bytes32[](1);
            ids[0] = id;
            return abi.encodeCall(AttestedReceiver.invalidateRequests, (ids));
        }
        if (action == AdminAction.Whitelist) {
            AttestedReceiver.Destination[] memory destinations = new AttestedReceiver.Destination[](1);
            destinations[0] = AttestedReceiver.Destination(conformanceSetup.destinationChainId, id);
            return abi.encodeCall(AttestedReceiver.addToWhitelist, (destinations));
        }
        if (action == AdminAction.TransferOwnership) return abi.encodeCall(Ownable.transferOwnership, (account));
        return "";
    }

    /// @dev The reference's attestation names no receiver: by design one solver runs one receiver per chain
    /// and a quote is payable through any of them until its id is used or invalidated (see AttestedReceiver).
    function notApplicable(string memory property) internal view virtual override returns (string memory) {
        if (_is(property, "replay.acrossReceivers")) {
            return "the attestation names no receiver; one receiver per solver and chain, ids invalidated on retirement";
        }
        return "";
    }

    /// @dev The reference's typed error for each refusal (properties whose cause varies accept any revert).
    function expectedError(string memory property) internal view virtual override returns (bytes4) {
        bytes32 p = keccak256(bytes(property));
        if (_in(p, "replay.sameSignature", "replay.later", "replay.compactForm", "replay.fullForm")) {
            return AttestedReceiver.RequestAlreadyAccepted.selector;
        }
        // The replay slot is checked before the signature: the paid id reports the replay first.
        if (p == keccak256("replay.highSTwin")) return AttestedReceiver.RequestAlreadyAccepted.selector;
        if (p == keccak256("signature.highS")) {
            return RequestAttestation.InvalidSignatureS.selector;
        }
        if (p == keccak256("replay.acrossChains") || p == keccak256("chain.binding")) {
            return AttestedReceiver.OriginChainMismatch.selector;
        }
        if (_in(p, "signer.stranger", "signer.callerChosen", "rotation.grace", "rotation.zeroGrace")) {
            return AttestedReceiver.SignerMismatch.selector;
        }
        if (p == keccak256("rotation.graceCap")) return AttestedReceiver.SignerMismatch.selector;
        if (p == keccak256("signature.zeroAddress")) return RequestAttestation.InvalidSignature.selector;
        if (p == keccak256("signature.v")) return RequestAttestation.InvalidSignatureV.selector;
        if (p == keccak256("signature.length")) return RequestAttestation.InvalidSignatureLength.selector;
        if (p == keccak256("amount.shortNative") || p == keccak256("amount.overNative")) {
            return AttestedReceiver.ValueMismatch.selector;
        }
        if (p == keccak256("amount.zero")) return AttestedReceiver.ZeroAmount.selector;
        if (p == keccak256("currency.tokenPaidNatively")) return AttestedReceiver.CurrencyMismatch.selector;
        if (p == keccak256("currency.nativePaidWithToken")) return AttestedReceiver.NotAToken.selector;
        if (_in(p, "token.feeOnTransfer", "token.rebasing", "token.shares", "")) {
            return AttestedReceiver.DeliveredAmountMismatch.selector;
        }
        if (p == keccak256("token.falseReturn")) return AttestedReceiver.TokenCallFailed.selector;
        if (p == keccak256("payer.binding")) return AttestedReceiver.PayerMismatch.selector;
        if (p == keccak256("deadline.expired")) return AttestedReceiver.DeadlineExpired.selector;
        if (p == keccak256("deadline.maxWindow")) return AttestedReceiver.DeadlineBeyondMaxWindow.selector;
        if (p == keccak256("whitelist.destination")) return AttestedReceiver.DestinationNotWhitelisted.selector;
        if (p == keccak256("invalidation.refused")) return AttestedReceiver.RequestIdInvalidated.selector;
        if (p == keccak256("pause.refused")) return AttestedReceiver.ReceiverPaused.selector;
        if (p == keccak256("replay.token")) return AttestedReceiver.RequestAlreadyAccepted.selector;
        if (p == keccak256("admin.invalidateByStranger")) return AttestedReceiver.NotSolverOrOwner.selector;
        if (_in(p, "admin.rotateByStranger", "admin.pauseByStranger", "admin.whitelistByStranger", "admin.ownershipByStranger")) {
            return Ownable.OwnableUnauthorizedAccount.selector;
        }
        return bytes4(0);
    }

    function _is(string memory a, string memory b) private pure returns (bool) {
        return keccak256(bytes(a)) == keccak256(bytes(b));
    }

    function _in(bytes32 p, string memory a, string memory b, string memory c, string memory d)
        private
        pure
        returns (bool)
    {
        return p == keccak256(bytes(a)) || p == keccak256(bytes(b)) || p == keccak256(bytes(c))
            || (bytes(d).length != 0 && p == keccak256(bytes(d)));
    }
}
