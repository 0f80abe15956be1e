// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "../../../../contracts/ProtocolOrder.sol";
import {ProtocolOrderV2} from "../../../../contracts/ProtocolOrderV2.sol";
import {ProtocolOrderV2Harness} from "../../../../contracts/mocks/ProtocolOrderV2Harness.sol";
import {TestBase} from "../Vm.sol";

/// Reads test/vectors/protocol-orders-v2.json (shared with the TS and SVM tests): every v2 order, ABI-decoded
/// into the library's structs, hashes to the vector's id in both forms (memory and calldata), and its
/// signature recovers to the vectors' signer. The published entry is the settlement SDK's own v2 order, with
/// the id the SDK asserts. The type hashes are the keccak of the EIP-712 type strings.
contract ProtocolOrderV2VectorsTest is TestBase {
    string internal json;
    ProtocolOrderV2Harness internal harness;

    function setUp() public {
        json = vm.readFile("test/vectors/protocol-orders-v2.json");
        harness = new ProtocolOrderV2Harness();
    }

    function _decode(string memory key) internal view returns (ProtocolOrderV2.Order memory) {
        return abi.decode(vm.parseJsonBytes(json, key), (ProtocolOrderV2.Order));
    }

    function test_PublishedSdkOrderReproduces() public view {
        ProtocolOrderV2.Order memory order = _decode(".published[0].abiEncoded");
        bytes32 pinned = 0x891a00b48e5c73016382af5eec240cca7cf6751c2ce572c09ba9c203f52168cc;
        assertEq(ProtocolOrderV2.orderId(order), pinned, "published v2 order id");
        assertEq(harness.orderIdCalldata(order), pinned, "calldata form");
        assertEq(pinned, vm.parseJsonBytes32(json, ".published[0].orderId"), "vector id");
    }

    function test_EveryOrderVectorHashesAndVerifies() public view {
        address signer = vm.parseJsonAddress(json, ".solver.address");
        uint256 n;
        while (vm.keyExistsJson(json, string.concat(".cases[", vm.toString(n), "]"))) {
            string memory entry = string.concat(".cases[", vm.toString(n), "]");
            ProtocolOrderV2.Order memory order = _decode(string.concat(entry, ".abiEncoded"));
            bytes32 id = ProtocolOrderV2.orderId(order);
            assertEq(id, vm.parseJsonBytes32(json, string.concat(entry, ".orderId")), "order id");
            assertEq(harness.orderIdCalldata(order), id, "calldata form");
            bytes memory signature = vm.parseJsonBytes(json, string.concat(entry, ".signature"));
            assertEq(ProtocolOrder.recoverSignerMemory(id, signature), signer, "signature");
            n++;
        }
        assertTrue(n >= 32, "vectors read");
    }

    function test_TypeHashesAreTheEip712TypeStrings() public pure {
        assertEq(
            ProtocolOrderV2.ORDER_TYPEHASH,
            keccak256(
                "Order(string version,string relayerChainId,address relayer,uint256 salt,uint32 deadline,Input input,Refund[] refunds,Output output,Fee[] fees)Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)Input(string chainId,bytes currency,uint256 amount)Output(string chainId,Withdraw withdraw,Fill fill)Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)Withdraw(bytes currency,uint256 minimumAmount)"
            ),
            "Order"
        );
        assertEq(
            ProtocolOrderV2.OUTPUT_TYPEHASH,
            keccak256(
                "Output(string chainId,Withdraw withdraw,Fill fill)Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)Withdraw(bytes currency,uint256 minimumAmount)"
            ),
            "Output"
        );
    }

    /// Fuzz: changing the relayer, the deadline or the fill minimum of the published order changes its id.
    function testFuzz_EveryFieldIsBound(address relayer, uint32 deadline, uint256 fillMinimum) public view {
        ProtocolOrderV2.Order memory order = _decode(".published[0].abiEncoded");
        bytes32 id = ProtocolOrderV2.orderId(order);
        vm.assume(relayer != order.relayer && deadline != order.deadline);
        vm.assume(fillMinimum != order.output.fill.minimumAmount);
        order.relayer = relayer;
        assertTrue(ProtocolOrderV2.orderId(order) != id, "relayer bound");
        order = _decode(".published[0].abiEncoded");
        order.deadline = deadline;
        assertTrue(ProtocolOrderV2.orderId(order) != id, "deadline bound");
        order = _decode(".published[0].abiEncoded");
        order.output.fill.minimumAmount = fillMinimum;
        assertTrue(ProtocolOrderV2.orderId(order) != id, "fill minimum bound");
    }
}
