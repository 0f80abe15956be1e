// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "../../../contracts/RequestAttestation.sol";
import {RequestAttestationHarness} from "../../../contracts/mocks/RequestAttestationHarness.sol";
import {TestBase} from "./Vm.sol";

/// Fuzz tests of the attestation library: encoding equivalence and strict recovery.
contract RequestAttestationTest is TestBase {
    RequestAttestationHarness internal h;

    function setUp() public {
        h = new RequestAttestationHarness();
    }

    function _data(bytes32 id, uint256 a, bytes32 b, bytes32 c, uint256 d, uint256 e, bytes32 f)
        internal
        pure
        returns (RequestAttestation.RequestData memory)
    {
        return RequestAttestation.RequestData(id, a, b, c, d, e, f);
    }

    /// The assembly hash of the 224 calldata bytes equals keccak256(abi.encode(7 fields)).
    function testFuzz_HashEqualsAbiEncode(
        bytes32 id,
        uint256 originChainId,
        bytes32 originUser,
        bytes32 originCurrency,
        uint256 originAmount,
        uint256 destinationChainId,
        bytes32 destinationUser
    ) public view {
        RequestAttestation.RequestData memory d =
            _data(id, originChainId, originUser, originCurrency, originAmount, destinationChainId, destinationUser);
        bytes32 expected = keccak256(
            abi.encode(id, originChainId, originUser, originCurrency, originAmount, destinationChainId, destinationUser)
        );
        assertEq(h.hash(d), expected, "calldata hash");
        assertEq(h.hashMemory(d), expected, "memory hash");
        assertEq(h.hashAbiEncode(d), expected, "harness abi.encode");
        assertEq(
            h.digest(d), keccak256(abi.encodePacked("\x19Ethereum Signed Message:\n32", expected)), "eip-191 digest"
        );
    }

    /// Any key signs, both the 65-byte and the 64-byte forms recover the key's address.
    function testFuzz_RecoverBothForms(uint256 pk, bytes32 digest) public view {
        pk = bound(pk, 1, SECP256K1_N - 1);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(pk, digest);
        address expected = vm.addr(pk);
        assertEq(h.recover(digest, abi.encodePacked(r, s, v)), expected, "65-byte");
        bytes32 vs = bytes32(uint256(s) | (uint256(v - 27) << 255));
        assertEq(h.recover(digest, abi.encodePacked(r, vs)), expected, "64-byte");
        assertEq(h.recoverMemory(digest, abi.encodePacked(r, s, v)), expected, "65-byte memory");
        assertEq(h.recoverMemory(digest, abi.encodePacked(r, vs)), expected, "64-byte memory");
    }

    /// The high-s twin (s' = n - s, v flipped) of every valid signature is rejected.
    function testFuzz_RejectsHighSTwin(uint256 pk, bytes32 digest) public {
        pk = bound(pk, 1, SECP256K1_N - 1);
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(pk, digest);
        bytes32 highS = bytes32(SECP256K1_N - uint256(s));
        uint8 flipped = v == 27 ? 28 : 27;
        vm.expectRevert(abi.encodeWithSelector(RequestAttestation.InvalidSignatureS.selector, highS));
        h.recover(digest, abi.encodePacked(r, highS, flipped));
    }

    /// Every v other than 27 and 28 (including 0 and 1) is rejected.
    function testFuzz_RejectsBadV(uint256 pk, bytes32 digest, uint8 v) public {
        vm.assume(v != 27 && v != 28);
        pk = bound(pk, 1, SECP256K1_N - 1);
        (, bytes32 r, bytes32 s) = vm.sign(pk, digest);
        vm.expectRevert(abi.encodeWithSelector(RequestAttestation.InvalidSignatureV.selector, v));
        h.recover(digest, abi.encodePacked(r, s, v));
    }

    /// Every length other than 64 and 65 is rejected.
    function testFuzz_RejectsBadLength(bytes calldata sig) public {
        vm.assume(sig.length != 64 && sig.length != 65);
        vm.expectRevert(abi.encodeWithSelector(RequestAttestation.InvalidSignatureLength.selector, sig.length));
        h.recover(bytes32(0), sig);
    }

    /// r = 0 makes the precompile return nothing: rejected, never address(0).
    function testFuzz_RejectsZeroAddressRecovery(bytes32 digest, uint256 s) public {
        s = bound(s, 1, SECP256K1_N / 2);
        vm.expectRevert(RequestAttestation.InvalidSignature.selector);
        h.recover(digest, abi.encodePacked(bytes32(0), bytes32(s), uint8(27)));
    }

    function testFuzz_AddressRoundTrip(address a) public view {
        assertEq(h.toBytes32(a), bytes32(uint256(uint160(a))), "left padded");
        assertEq(h.toAddress(h.toBytes32(a)), a, "round trip");
    }

    function testFuzz_RejectsDirtyUpperBytes(bytes32 value) public {
        vm.assume(uint256(value) >> 160 != 0);
        vm.expectRevert(abi.encodeWithSelector(RequestAttestation.DirtyAddressBytes.selector, value));
        h.toAddress(value);
    }
}
