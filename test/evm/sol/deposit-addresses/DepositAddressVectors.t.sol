// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DepositAddressClone} from "../../../../contracts/deposit-addresses/DepositAddressClone.sol";
import {TestBase} from "../Vm.sol";

/// Reads test/vectors/deposit-addresses.json (shared with the TS tests): every EVM case's salt, init code
/// hash and address come out of `DepositAddressClone` byte for byte.
contract DepositAddressVectorsTest is TestBase {
    string internal json;

    function setUp() public {
        json = vm.readFile("test/vectors/deposit-addresses.json");
    }

    function test_EveryEvmVectorPredicts() public view {
        uint256 n;
        while (vm.keyExistsJson(json, string.concat(".evm[", vm.toString(n), "]"))) {
            string memory at = string.concat(".evm[", vm.toString(n), "]");
            address factory = vm.parseJsonAddress(json, string.concat(at, ".factory"));
            address implementation = vm.parseJsonAddress(json, string.concat(at, ".implementation"));
            bytes32 orderId = vm.parseJsonBytes32(json, string.concat(at, ".orderId"));
            address depositor = vm.parseJsonAddress(json, string.concat(at, ".depositor"));
            assertEq(
                DepositAddressClone.salt(orderId, depositor),
                vm.parseJsonBytes32(json, string.concat(at, ".salt")),
                "salt"
            );
            assertEq(
                keccak256(DepositAddressClone.initCode(implementation)),
                vm.parseJsonBytes32(json, string.concat(at, ".initCodeHash")),
                "init code hash"
            );
            assertEq(
                DepositAddressClone.predict(factory, implementation, orderId, depositor),
                vm.parseJsonAddress(json, string.concat(at, ".address")),
                "address"
            );
            n++;
        }
        assertTrue(n >= 16, "vectors read");
    }
}
