// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable, Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {MessageHashUtils} from "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/// @notice Gas baseline: the same receiver "written the obvious way" with OpenZeppelin building blocks
/// (ECDSA + MessageHashUtils, mappings, SafeERC20 pull into the receiver then a tagged transfer out,
/// Ownable2Step, Pausable, ReentrancyGuard). Functionally equivalent checks and event. Not for production.
contract NaiveReceiver is Ownable2Step, Pausable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    struct RequestData {
        bytes32 requestId;
        uint256 originChainId;
        bytes32 originUser;
        bytes32 originCurrency;
        uint256 originAmount;
        uint256 destinationChainId;
        bytes32 destinationUser;
    }

    address public solver;
    address public previousSolver;
    uint256 public previousSolverValidUntil;
    uint256 public maxDeadlineWindow;
    mapping(bytes32 => bool) public accepted;
    mapping(uint256 => mapping(bytes32 => bool)) public whitelist;

    event DepositAccepted(
        bytes32 indexed requestId,
        address indexed payer,
        address indexed currency,
        uint256 originChainId,
        uint256 amount,
        uint256 destinationChainId,
        bytes32 destinationUser,
        address solver
    );

    constructor(address owner_, address solver_, uint256 maxDeadlineWindow_) Ownable(owner_) {
        solver = solver_;
        maxDeadlineWindow = maxDeadlineWindow_;
    }

    function setWhitelist(uint256 chainId, bytes32 user, bool allowed) external onlyOwner {
        whitelist[chainId][user] = allowed;
    }

    function setSolver(address newSolver, uint256 gracePeriod) external onlyOwner {
        previousSolver = solver;
        previousSolverValidUntil = block.timestamp + gracePeriod;
        solver = newSolver;
    }

    function depositNative(RequestData calldata data, uint256 deadline, bytes calldata signature)
        external
        payable
        nonReentrant
        whenNotPaused
    {
        require(data.originCurrency == bytes32(0), "currency");
        require(msg.value == data.originAmount, "amount");
        address signer = _verify(data, deadline, signature);
        (bool ok,) = signer.call{value: msg.value}(abi.encodePacked(data.requestId));
        require(ok, "forward failed");
        _emit(data, address(0), signer);
    }

    function depositErc20(RequestData calldata data, uint256 deadline, bytes calldata signature)
        external
        nonReentrant
        whenNotPaused
    {
        IERC20 token = IERC20(address(uint160(uint256(data.originCurrency))));
        require(address(token) != address(0), "currency");
        address signer = _verify(data, deadline, signature);
        uint256 before = token.balanceOf(address(this));
        token.safeTransferFrom(msg.sender, address(this), data.originAmount);
        require(token.balanceOf(address(this)) - before == data.originAmount, "amount");
        (bool ok, bytes memory ret) = address(token).call(
            abi.encodePacked(abi.encodeCall(IERC20.transfer, (signer, data.originAmount)), data.requestId)
        );
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "forward failed");
        _emit(data, address(token), signer);
    }

    function _verify(RequestData calldata data, uint256 deadline, bytes calldata signature)
        internal
        returns (address signer)
    {
        require(block.timestamp <= deadline, "expired");
        require(deadline <= block.timestamp + maxDeadlineWindow, "deadline too far");
        require(data.originChainId == block.chainid, "chain");
        require(data.originUser == bytes32(uint256(uint160(msg.sender))), "payer");
        require(data.originAmount > 0, "zero amount");
        require(whitelist[data.destinationChainId][data.destinationUser], "not whitelisted");
        require(!accepted[data.requestId], "replay");
        accepted[data.requestId] = true;
        bytes32 hash = keccak256(
            abi.encode(
                data.requestId,
                data.originChainId,
                data.originUser,
                data.originCurrency,
                data.originAmount,
                data.destinationChainId,
                data.destinationUser
            )
        );
        signer = ECDSA.recover(MessageHashUtils.toEthSignedMessageHash(hash), signature);
        require(
            signer == solver || (signer == previousSolver && block.timestamp <= previousSolverValidUntil),
            "signer"
        );
    }

    function _emit(RequestData calldata data, address currency, address signer) internal {
        emit DepositAccepted(
            data.requestId,
            msg.sender,
            currency,
            data.originChainId,
            data.originAmount,
            data.destinationChainId,
            data.destinationUser,
            signer
        );
    }
}
