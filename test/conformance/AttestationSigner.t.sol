// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "../../contracts/RequestAttestation.sol";
import {AttestationSigner} from "../../contracts/testing/AttestationSigner.sol";
import {CONFORMANCE_VM} from "../../contracts/testing/ConformanceVm.sol";

/// Exposes the library's reverting and non-reverting recovery on calldata.
contract RecoveryHarness {
    function recoverSigner(RequestAttestation.RequestData calldata d, bytes calldata sig) external view returns (address) {
        return RequestAttestation.recoverSigner(d, sig);
    }

    function tryRecoverSigner(RequestAttestation.RequestData calldata d, bytes calldata sig)
        external
        pure
        returns (bool, address)
    {
        return RequestAttestation.tryRecoverSigner(d, sig);
    }
}

/// The shipped signing helper and `tryRecoverSigner`: every form the helper derives is accepted or
/// refused by `tryRecoverSigner` exactly as `recoverSigner` accepts it or reverts.
contract AttestationSignerTest {
    using AttestationSigner for bytes;

    RecoveryHarness internal h;

    function setUp() public {
        h = new RecoveryHarness();
    }

    function _data(bytes32 id, uint256 amount) internal view returns (RequestAttestation.RequestData memory) {
        return RequestAttestation.RequestData(id, block.chainid, bytes32(uint256(0xbeef)), 0, amount, 10, bytes32(uint256(0xd5)));
    }

    function _key(uint256 seed) internal pure returns (uint256) {
        return 1 + (seed % (AttestationSigner.SECP256K1_N - 1));
    }

    function testFuzz_SignedFormsRecoverTheKey(uint256 seed, bytes32 id, uint256 amount) public view {
        uint256 key = _key(seed);
        RequestAttestation.RequestData memory d = _data(id, amount);
        bytes memory full = AttestationSigner.sign(key, d);
        (bool valid, address signer) = h.tryRecoverSigner(d, full);
        require(valid && signer == CONFORMANCE_VM.addr(key), "65-byte form recovers the key");
        require(h.recoverSigner(d, full) == signer, "reverting form agrees");
        require(full.length == 65, "65 bytes");
        bytes memory compact = AttestationSigner.signCompact(key, d);
        require(compact.length == 64, "64 bytes");
        (valid, signer) = h.tryRecoverSigner(d, compact);
        require(valid && signer == CONFORMANCE_VM.addr(key), "64-byte form recovers the key");
    }

    function testFuzz_MalformedFormsAreInvalidAndRevert(uint256 seed, bytes32 id) public view {
        RequestAttestation.RequestData memory d = _data(id, 1);
        bytes memory full = AttestationSigner.sign(_key(seed), d);
        _refused(d, full.highSTwin(), RequestAttestation.InvalidSignatureS.selector);
        _refused(d, full.withV(0), RequestAttestation.InvalidSignatureV.selector);
        _refused(d, full.withV(1), RequestAttestation.InvalidSignatureV.selector);
        _refused(d, full.withV(29), RequestAttestation.InvalidSignatureV.selector);
        _refused(d, full.resized(63), RequestAttestation.InvalidSignatureLength.selector);
        _refused(d, full.resized(66), RequestAttestation.InvalidSignatureLength.selector);
        _refused(d, AttestationSigner.zeroRecovery(), RequestAttestation.InvalidSignature.selector);
    }

    function test_HighSTwinRecoversTheSameSignerWithoutTheRule() public view {
        RequestAttestation.RequestData memory d = _data(keccak256("twin"), 5);
        bytes memory twin = AttestationSigner.sign(0xA11CE, d).highSTwin();
        (bytes32 r, bytes32 s, uint8 v) = AttestationSigner.split(twin);
        require(uint256(s) > RequestAttestation.HALF_CURVE_ORDER, "setup: the twin is high-s");
        require(ecrecover(AttestationSigner.digest(d), v, r, s) == CONFORMANCE_VM.addr(0xA11CE), "twin is the same signer");
    }

    function _refused(RequestAttestation.RequestData memory d, bytes memory sig, bytes4 expected) internal view {
        (bool valid, address signer) = h.tryRecoverSigner(d, sig);
        require(!valid && signer == address(0), "tryRecoverSigner refuses it");
        try h.recoverSigner(d, sig) {
            revert("recoverSigner accepted a malformed signature");
        } catch (bytes memory err) {
            require(bytes4(err) == expected, "recoverSigner reverts with the rule's error");
        }
    }
}
