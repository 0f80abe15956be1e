// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "../../../contracts/RequestAttestation.sol";
import {RequestAttestationHarness} from "../../../contracts/mocks/RequestAttestationHarness.sol";
import {TestBase} from "./Vm.sol";

/// Reads test/vectors/attestation.json (shared with the TS and Rust tests) and checks every vector with the
/// library: same hash, digest and signer, from both signature forms.
contract AttestationVectorsTest is TestBase {
    RequestAttestationHarness internal h;

    function setUp() public {
        h = new RequestAttestationHarness();
    }

    function _key(uint256 i, string memory field) private pure returns (string memory) {
        return string.concat(".vectors[", vm.toString(i), "].", field);
    }

    function test_EveryAttestationVectorVerifies() public view {
        string memory json = vm.readFile("test/vectors/attestation.json");
        uint256 n;
        while (vm.keyExistsJson(json, string.concat(".vectors[", vm.toString(n), "]"))) {
            RequestAttestation.RequestData memory d = RequestAttestation.RequestData({
                requestId: vm.parseJsonBytes32(json, _key(n, "words.requestId")),
                originChainId: vm.parseJsonUint(json, _key(n, "words.originChainId")),
                originUser: vm.parseJsonBytes32(json, _key(n, "words.originUser")),
                originCurrency: vm.parseJsonBytes32(json, _key(n, "words.originCurrency")),
                originAmount: vm.parseJsonUint(json, _key(n, "words.originAmount")),
                destinationChainId: vm.parseJsonUint(json, _key(n, "words.destinationChainId")),
                destinationUser: vm.parseJsonBytes32(json, _key(n, "words.destinationUser"))
            });
            bytes32 expectedHash = vm.parseJsonBytes32(json, _key(n, "hash"));
            assertEq(keccak256(abi.encode(d.requestId, d.originChainId, d.originUser, d.originCurrency, d.originAmount, d.destinationChainId, d.destinationUser)), expectedHash, "abi.encode hash");
            assertEq(keccak256(vm.parseJsonBytes(json, _key(n, "encoded"))), expectedHash, "encoded");
            assertEq(h.hash(d), expectedHash, "library hash");
            assertEq(h.digest(d), vm.parseJsonBytes32(json, _key(n, "digest")), "digest");
            address signer = vm.parseJsonAddress(json, _key(n, "signer"));
            assertEq(h.recoverSigner(d, vm.parseJsonBytes(json, _key(n, "signature"))), signer, "65-byte signer");
            assertEq(h.recoverSigner(d, vm.parseJsonBytes(json, _key(n, "compactSignature"))), signer, "64-byte signer");
            n++;
        }
        assertTrue(n >= 8, "vectors read");
    }
}
