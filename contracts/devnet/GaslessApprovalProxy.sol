// SPDX-License-Identifier: MIT
pragma solidity ^0.8.26;

import {IERC3009} from "@openzeppelin/contracts/interfaces/draft-IERC3009.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title GaslessApprovalProxy (devnet)
/// @notice The service's gasless route (router 3.1 approval proxy) as integrators meet it: a relayer submits,
/// and pays the gas of, a batch of calls the user authorised by EIP-712 `MulticallAuthorization`, funded by
/// the user's ERC-3009 authorisations, without the user sending a transaction. For each funding entry `i`:
/// - the user's signature over `MulticallAuthorization(from, relayer = msg.sender, msgValue = msg.value,
///   refundTo, nftRecipient, metadata, fundingIndex = i, calls, funding)` is checked (EOA or ERC-1271);
/// - the token's `receiveWithAuthorization` pulls the funding into this contract with that digest as its
///   nonce, so the funding is spent once and only with these calls, this relayer and this native value.
/// Then the calls run in order from this contract, each with its value out of `msg.value`; a failing call
/// reverts all unless it allows failure. Leftover native value and funded tokens go to `refundTo`.
/// @dev Domain `("RelayApprovalProxy", "3.1", chainid, this)`. The production proxy forwards the funding to
/// the router, whose multicall runs the calls and routes NFTs to `nftRecipient`; here the calls run from
/// the proxy itself and `nftRecipient` is only signed over. WARNING: not for production use.
contract GaslessApprovalProxy is EIP712, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice One call to run (Multicall3's `Call3Value`).
    struct Call3Value {
        address target;
        bool allowFailure;
        uint256 value;
        bytes callData;
    }

    /// @notice One ERC-3009 authorisation (the token is given beside it).
    struct Permit3009 {
        address from;
        uint256 value;
        uint256 validAfter;
        uint256 validBefore;
        uint8 v;
        bytes32 r;
        bytes32 s;
    }

    /// @notice What a call returned.
    struct Result {
        bool success;
        bytes returnData;
    }

    bytes32 public constant CALL3VALUE_TYPEHASH =
        keccak256("Call3Value(address target,bool allowFailure,uint256 value,bytes callData)");
    bytes32 public constant FUNDING_AUTHORIZATION_TYPEHASH = keccak256(
        "FundingAuthorization(address token,address from,uint256 value,uint256 validAfter,uint256 validBefore)"
    );
    bytes32 public constant MULTICALL_AUTHORIZATION_TYPEHASH = keccak256(
        "MulticallAuthorization(address from,address relayer,uint256 msgValue,address refundTo,address nftRecipient,bytes metadata,uint256 fundingIndex,Call3Value[] calls,FundingAuthorization[] funding)Call3Value(address target,bool allowFailure,uint256 value,bytes callData)FundingAuthorization(address token,address from,uint256 value,uint256 validAfter,uint256 validBefore)"
    );

    /// @notice Logged for every movement of funds the proxy makes.
    event FundsMovement(address from, address to, address currency, uint256 amount, bytes metadata);

    /// @notice `permits`, `tokens` and `multicallSignatures` differ in length.
    error LengthMismatch();
    /// @notice No funding was given: nothing binds the calls to a signer.
    error NoFunding();
    /// @notice `refundTo` is the zero address.
    error RefundToZero();
    /// @notice The signature over funding entry `index`'s `MulticallAuthorization` is not its owner's.
    error InvalidMulticallSignature(uint256 index);
    /// @notice The calls carry more native value than the relayer attached.
    error CallsValueExceedsMsgValue(uint256 callsValue, uint256 msgValue);
    /// @notice Call `index` reverted and does not allow failure.
    error CallFailed(uint256 index, bytes returnData);
    /// @notice The native refund to `refundTo` failed.
    error NativeRefundFailed(address refundTo, uint256 amount);

    constructor() EIP712("RelayApprovalProxy", "3.1") {}

    /// @notice Pulls every ERC-3009 funding into the proxy under the user's `MulticallAuthorization`, runs
    /// `calls`, and refunds what is left to `refundTo`.
    /// @param permits the ERC-3009 authorisations, one per funded token, in the signed order
    /// @param tokens the token of each authorisation
    /// @param calls the calls to run, in order
    /// @param refundTo receives leftover native value and funded tokens
    /// @param nftRecipient signed over; the devnet proxy routes no NFTs
    /// @param metadata logged with every funds movement (e.g. the request id)
    /// @param multicallSignatures the owner's signature over each entry's `MulticallAuthorization`
    /// @return results what each call returned
    function permit3009TransferAndMulticall(
        Permit3009[] calldata permits,
        address[] calldata tokens,
        Call3Value[] calldata calls,
        address refundTo,
        address nftRecipient,
        bytes calldata metadata,
        bytes[] calldata multicallSignatures
    ) external payable nonReentrant returns (Result[] memory results) {
        if (tokens.length != permits.length || multicallSignatures.length != permits.length) revert LengthMismatch();
        if (permits.length == 0) revert NoFunding();
        if (refundTo == address(0)) revert RefundToZero();
        uint256 nativeBefore = address(this).balance - msg.value;
        uint256[] memory tokensBefore = new uint256[](tokens.length);
        for (uint256 i = 0; i < tokens.length; i++) {
            tokensBefore[i] = IERC20(tokens[i]).balanceOf(address(this));
        }
        bytes32 callsHash = hashCalls(calls);
        bytes32 fundingHash = hashFunding(permits, tokens);
        for (uint256 i = 0; i < permits.length; i++) {
            _pull(permits[i], tokens[i], i, _digest(permits[i].from, refundTo, nftRecipient, metadata, i, callsHash, fundingHash), multicallSignatures[i], metadata);
        }
        results = _run(calls);
        _refund(tokens, tokensBefore, nativeBefore, refundTo, metadata);
    }

    /// @notice The EIP-712 digest of a `MulticallAuthorization` (the ERC-3009 nonce of its funding entry).
    function hashMulticallAuthorization(
        address from,
        address relayer,
        uint256 msgValue,
        address refundTo,
        address nftRecipient,
        bytes calldata metadata,
        uint256 fundingIndex,
        Call3Value[] calldata calls,
        Permit3009[] calldata permits,
        address[] calldata tokens
    ) external view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    MULTICALL_AUTHORIZATION_TYPEHASH,
                    from,
                    relayer,
                    msgValue,
                    refundTo,
                    nftRecipient,
                    keccak256(metadata),
                    fundingIndex,
                    hashCalls(calls),
                    hashFunding(permits, tokens)
                )
            )
        );
    }

    /// @notice The EIP-712 hash of a `Call3Value[]`.
    function hashCalls(Call3Value[] calldata calls) public pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            hashes[i] = keccak256(
                abi.encode(
                    CALL3VALUE_TYPEHASH, calls[i].target, calls[i].allowFailure, calls[i].value, keccak256(calls[i].callData)
                )
            );
        }
        return keccak256(abi.encodePacked(hashes));
    }

    /// @notice The EIP-712 hash of the ordered `FundingAuthorization[]` the permits make.
    function hashFunding(Permit3009[] calldata permits, address[] calldata tokens) public pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](permits.length);
        for (uint256 i = 0; i < permits.length; i++) {
            hashes[i] = keccak256(
                abi.encode(
                    FUNDING_AUTHORIZATION_TYPEHASH,
                    tokens[i],
                    permits[i].from,
                    permits[i].value,
                    permits[i].validAfter,
                    permits[i].validBefore
                )
            );
        }
        return keccak256(abi.encodePacked(hashes));
    }

    /// @dev The relayer (`msg.sender`) and the attached value (`msg.value`) are signed over, never given.
    function _digest(
        address from,
        address refundTo,
        address nftRecipient,
        bytes calldata metadata,
        uint256 fundingIndex,
        bytes32 callsHash,
        bytes32 fundingHash
    ) internal view returns (bytes32) {
        return _hashTypedDataV4(
            keccak256(
                abi.encode(
                    MULTICALL_AUTHORIZATION_TYPEHASH,
                    from,
                    msg.sender,
                    msg.value,
                    refundTo,
                    nftRecipient,
                    keccak256(metadata),
                    fundingIndex,
                    callsHash,
                    fundingHash
                )
            )
        );
    }

    function _pull(
        Permit3009 calldata permit,
        address token,
        uint256 index,
        bytes32 digest,
        bytes calldata signature,
        bytes calldata metadata
    ) internal {
        if (!SignatureChecker.isValidSignatureNow(permit.from, digest, signature)) {
            revert InvalidMulticallSignature(index);
        }
        uint256 before = IERC20(token).balanceOf(address(this));
        // The token checks the window and refuses a nonce (this digest) it has seen.
        IERC3009(token).receiveWithAuthorization(
            permit.from, address(this), permit.value, permit.validAfter, permit.validBefore, digest, permit.v, permit.r, permit.s
        );
        emit FundsMovement(permit.from, address(this), token, IERC20(token).balanceOf(address(this)) - before, metadata);
    }

    function _run(Call3Value[] calldata calls) internal returns (Result[] memory results) {
        uint256 callsValue;
        for (uint256 i = 0; i < calls.length; i++) callsValue += calls[i].value;
        if (callsValue > msg.value) revert CallsValueExceedsMsgValue(callsValue, msg.value);
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call{value: calls[i].value}(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert CallFailed(i, returnData);
            results[i] = Result(success, returnData);
        }
    }

    function _refund(
        address[] calldata tokens,
        uint256[] memory tokensBefore,
        uint256 nativeBefore,
        address refundTo,
        bytes calldata metadata
    ) internal {
        // A token listed twice is back at its balance before once refunded: it is refunded once.
        for (uint256 i = 0; i < tokens.length; i++) {
            uint256 balance = IERC20(tokens[i]).balanceOf(address(this));
            if (balance > tokensBefore[i]) {
                IERC20(tokens[i]).safeTransfer(refundTo, balance - tokensBefore[i]);
                emit FundsMovement(address(this), refundTo, tokens[i], balance - tokensBefore[i], metadata);
            }
        }
        uint256 leftover = address(this).balance - nativeBefore;
        if (leftover > 0) {
            (bool sent,) = refundTo.call{value: leftover}("");
            if (!sent) revert NativeRefundFailed(refundTo, leftover);
            emit FundsMovement(address(this), refundTo, address(0), leftover, metadata);
        }
    }
}
