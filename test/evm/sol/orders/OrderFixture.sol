// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OrderGatedDepositor} from "../../../../contracts/OrderGatedDepositor.sol";
import {ProtocolOrder} from "../../../../contracts/ProtocolOrder.sol";
import {RelayDepository} from "../../../../contracts/depository/RelayDepository.sol";
import {MockERC20} from "../../../../contracts/mocks/MockERC20.sol";
import {TestBase} from "../Vm.sol";

/// Shared deployment, orders and signing for the order-gated depositor's Solidity tests.
abstract contract OrderFixture is TestBase {
    uint256 internal constant SOLVER_PK = 0xA11CE;
    uint256 internal constant ATTACKER_PK = 0xBAD;
    string internal constant THIS_CHAIN = "base";
    string internal constant OUTPUT_CHAIN = "solana";
    bytes internal constant RECIPIENT = hex"5b7e1c1b6d2a3f9e0c4d8a7b6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f";
    uint32 internal constant DEADLINE = 2_000_000_000;

    RelayDepository internal depository;
    OrderGatedDepositor internal depositor;
    MockERC20 internal token;
    address internal solver;
    address internal payer = address(0xBEEF);

    function _deploy() internal {
        solver = vm.addr(SOLVER_PK);
        depository = new RelayDepository(address(this));
        token = new MockERC20("Token", "TKN", 18);
        OrderGatedDepositor.Destination[] memory wl = new OrderGatedDepositor.Destination[](1);
        wl[0] = OrderGatedDepositor.Destination(OUTPUT_CHAIN, RECIPIENT);
        depositor = new OrderGatedDepositor(address(this), solver, depository, THIS_CHAIN, wl);
        vm.warp(1_900_000_000);
    }

    /// An order paying `amount` of `currency` (20 bytes; zero = native) on this chain, filled on Solana.
    function _order(bytes memory currency, uint256 amount) internal view returns (ProtocolOrder.Order memory o) {
        o.version = "v1";
        o.solverChainId = "base";
        o.solver = solver;
        o.salt = 42;
        o.inputs = new ProtocolOrder.Input[](1);
        o.inputs[0].payment = ProtocolOrder.InputPayment(THIS_CHAIN, currency, amount, 1);
        o.inputs[0].refunds = new ProtocolOrder.InputRefund[](1);
        o.inputs[0].refunds[0] =
            ProtocolOrder.InputRefund(THIS_CHAIN, abi.encodePacked(payer), currency, 0, DEADLINE, "");
        o.output.chainId = OUTPUT_CHAIN;
        o.output.payments = new ProtocolOrder.OutputPayment[](1);
        o.output.payments[0] = ProtocolOrder.OutputPayment(RECIPIENT, new bytes(32), 990, 1000);
        o.output.deadline = DEADLINE;
        o.output.calls = new bytes[](0);
        o.output.extraData = "";
        o.fees = new ProtocolOrder.Fee[](0);
    }

    function _native(uint256 amount) internal view returns (ProtocolOrder.Order memory) {
        return _order(new bytes(20), amount);
    }

    function _erc20(uint256 amount) internal view returns (ProtocolOrder.Order memory) {
        return _order(abi.encodePacked(address(token)), amount);
    }

    function _sign(uint256 pk, ProtocolOrder.Order memory order) internal pure returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(pk, ProtocolOrder.digest(ProtocolOrder.orderId(order)));
        return abi.encodePacked(r, s, v);
    }
}
