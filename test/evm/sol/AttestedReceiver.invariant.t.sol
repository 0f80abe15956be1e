// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AttestedReceiver} from "../../../contracts/AttestedReceiver.sol";
import {RequestAttestation} from "../../../contracts/RequestAttestation.sol";
import {MockERC20} from "../../../contracts/mocks/MockERC20.sol";
import {ReceiverFixture} from "./ReceiverFixture.sol";

/// Drives random sequences of deposits, replays and time jumps against the receiver.
contract DepositHandler is ReceiverFixture {
    bytes32[] public acceptedIds;
    uint256 public ghostNative;
    uint256 public ghostToken;
    uint256 public replaysAccepted;
    uint256 public replaysTried;
    uint256 private _nonce;

    constructor(AttestedReceiver receiver_, MockERC20 token_, address solver_) {
        receiver = receiver_;
        token = token_;
        solver = solver_;
    }

    function acceptedCount() external view returns (uint256) {
        return acceptedIds.length;
    }

    function _payer(uint256 seed) private pure returns (address) {
        return address(uint160(0x10000 + (seed % 16)));
    }

    function depositNative(uint256 payerSeed, uint256 amount) external {
        amount = bound(amount, 1, 1e24);
        address payer = _payer(payerSeed);
        vm.deal(payer, amount);
        bytes32 id = keccak256(abi.encode("native", _nonce++));
        RequestAttestation.RequestData memory d = _request(id, payer, address(0), amount);
        bytes memory sig = _sign(SOLVER_PK, d);
        vm.prank(payer);
        receiver.depositNative{value: amount}(d, block.timestamp + 60, sig);
        acceptedIds.push(id);
        ghostNative += amount;
    }

    function depositErc20(uint256 payerSeed, uint256 amount) external {
        amount = bound(amount, 1, 1e24);
        address payer = _payer(payerSeed);
        token.mint(payer, amount);
        vm.prank(payer);
        token.approve(address(receiver), amount);
        bytes32 id = keccak256(abi.encode("erc20", _nonce++));
        RequestAttestation.RequestData memory d = _request(id, payer, address(token), amount);
        bytes memory sig = _sign(SOLVER_PK, d);
        vm.prank(payer);
        receiver.depositErc20(d, block.timestamp + 60, sig);
        acceptedIds.push(id);
        ghostToken += amount;
    }

    /// Re-submits an accepted id with a valid signature and fresh funds, native or token.
    function replay(uint256 index, uint256 payerSeed, bool native) external {
        if (acceptedIds.length == 0) return;
        bytes32 id = acceptedIds[index % acceptedIds.length];
        address payer = _payer(payerSeed);
        replaysTried++;
        if (native) {
            vm.deal(payer, 1);
            RequestAttestation.RequestData memory d = _request(id, payer, address(0), 1);
            bytes memory sig = _sign(SOLVER_PK, d);
            vm.prank(payer);
            try receiver.depositNative{value: 1}(d, block.timestamp, sig) {
                replaysAccepted++;
            } catch {}
        } else {
            token.mint(payer, 1);
            vm.prank(payer);
            token.approve(address(receiver), 1);
            RequestAttestation.RequestData memory d = _request(id, payer, address(token), 1);
            bytes memory sig = _sign(SOLVER_PK, d);
            vm.prank(payer);
            try receiver.depositErc20(d, block.timestamp, sig) {
                replaysAccepted++;
            } catch {}
        }
    }

    function passTime(uint256 secondsAhead) external {
        vm.warp(block.timestamp + bound(secondsAhead, 0, 600));
    }
}

/// Invariants: no id accepted twice; every accepted deposit reached the solver; the receiver holds nothing.
contract AttestedReceiverInvariantTest is ReceiverFixture {
    DepositHandler internal handler;

    function setUp() public {
        _deploy();
        handler = new DepositHandler(receiver, token, solver);
    }

    /// Restricts the invariant fuzzer to the handler (forge-std's StdInvariant selector).
    function targetContracts() public view returns (address[] memory targets) {
        targets = new address[](1);
        targets[0] = address(handler);
    }

    /// hardhat-config: invariant.runs = 48
    /// hardhat-config: invariant.depth = 24
    function invariant_NoRequestIdAcceptedTwice() public view {
        assertEq(handler.replaysAccepted(), 0, "a replay was accepted");
    }

    /// Handler calls must never revert here: deposits are real, so the invariant is not vacuous.
    /// hardhat-config: invariant.runs = 48
    /// hardhat-config: invariant.depth = 24
    /// hardhat-config: invariant.failOnRevert = true
    function invariant_FundsReachSolverNothingStays() public view {
        assertEq(address(receiver).balance, 0, "receiver holds native");
        assertEq(token.balanceOf(address(receiver)), 0, "receiver holds tokens");
        assertEq(solver.balance, handler.ghostNative(), "solver native");
        assertEq(token.balanceOf(solver), handler.ghostToken(), "solver tokens");
    }

    /// hardhat-config: invariant.runs = 48
    /// hardhat-config: invariant.depth = 24
    function invariant_EveryAcceptedIdIsRecorded() public view {
        uint256 n = handler.acceptedCount();
        for (uint256 i; i < n; ++i) {
            assertTrue(receiver.isAccepted(handler.acceptedIds(i)), "accepted id not recorded");
        }
    }
}
