// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "../../../../contracts/ProtocolOrder.sol";
import {TestBase} from "../Vm.sol";

/// Reads test/vectors/protocol-orders.json (shared with the TS and SVM tests): every order, ABI-decoded into
/// the library's structs, hashes to the vector's id, and its solver signature recovers to the vector's solver.
/// The first published entry is the service's own order, with the id its settlement SDK asserts.
contract ProtocolOrderVectorsTest is TestBase {
    string internal json;

    function setUp() public {
        json = vm.readFile("test/vectors/protocol-orders.json");
    }

    function _decode(string memory key) internal view returns (ProtocolOrder.Order memory) {
        return abi.decode(vm.parseJsonBytes(json, key), (ProtocolOrder.Order));
    }

    function test_PublishedServiceOrderReproduces() public view {
        ProtocolOrder.Order memory order = _decode(".published[0].abiEncoded");
        assertEq(
            ProtocolOrder.orderId(order),
            0x67f44dc715059f196cd133e54e4bbe125773cb6d7053d24389fbda361f4c14d8,
            "published order id"
        );
        assertEq(ProtocolOrder.orderId(order), vm.parseJsonBytes32(json, ".published[0].orderId"), "vector id");
    }

    function test_EveryOrderVectorHashesAndVerifies() public view {
        address solver = vm.parseJsonAddress(json, ".solver.address");
        uint256 n;
        while (vm.keyExistsJson(json, string.concat(".cases[", vm.toString(n), "]"))) {
            string memory at = string.concat(".cases[", vm.toString(n), "]");
            ProtocolOrder.Order memory order = _decode(string.concat(at, ".abiEncoded"));
            bytes32 id = ProtocolOrder.orderId(order);
            assertEq(id, vm.parseJsonBytes32(json, string.concat(at, ".orderId")), "order id");
            bytes memory signature = vm.parseJsonBytes(json, string.concat(at, ".signature"));
            assertEq(ProtocolOrder.recoverSignerMemory(id, signature), solver, "solver signature");
            n++;
        }
        assertTrue(n >= 32, "vectors read");
    }

    function test_HashingLeavesTheFreeMemoryPointer() public view {
        ProtocolOrder.Order memory order = _decode(".cases[3].abiEncoded");
        uint256 before;
        uint256 afterHash;
        assembly ("memory-safe") {
            before := mload(0x40)
        }
        ProtocolOrder.orderId(order);
        assembly ("memory-safe") {
            afterHash := mload(0x40)
        }
        assertEq(afterHash, before, "free memory pointer");
    }
}
