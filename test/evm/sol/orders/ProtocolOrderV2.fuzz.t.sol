// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "../../../../contracts/ProtocolOrder.sol";
import {ProtocolOrderV2} from "../../../../contracts/ProtocolOrderV2.sol";
import {TestBase} from "../Vm.sol";

/// Fuzz: ProtocolOrderV2's in-place hashing (memory and calldata forms) equals a plain
/// `keccak256(abi.encode(...))` EIP-712 reference over random fields and list lengths, and leaves the free
/// memory pointer where it was; the calldata form refuses dirty words and reads odd encodings as the decoder.
contract ProtocolOrderV2FuzzTest is TestBase {
    function _reference(ProtocolOrderV2.Order memory o) private pure returns (bytes32) {
        return keccak256(
            abi.encode(
                ProtocolOrderV2.ORDER_TYPEHASH,
                keccak256(bytes(o.version)),
                keccak256(bytes(o.relayerChainId)),
                o.relayer,
                o.salt,
                o.deadline,
                _input(o.input),
                _refunds(o.refunds),
                _output(o.output),
                _fees(o.fees)
            )
        );
    }

    function _input(ProtocolOrderV2.Input memory input) private pure returns (bytes32) {
        return keccak256(
            abi.encode(ProtocolOrderV2.INPUT_TYPEHASH, keccak256(bytes(input.chainId)), keccak256(input.currency), input.amount)
        );
    }

    function _refunds(ProtocolOrderV2.Refund[] memory refunds) private pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](refunds.length);
        for (uint256 i; i < refunds.length; ++i) {
            ProtocolOrderV2.Refund memory r = refunds[i];
            hashes[i] = keccak256(
                abi.encode(
                    ProtocolOrderV2.REFUND_TYPEHASH,
                    keccak256(bytes(r.chainId)),
                    keccak256(r.currency),
                    r.minimumAmount,
                    keccak256(r.recipient)
                )
            );
        }
        return keccak256(abi.encodePacked(hashes));
    }

    function _output(ProtocolOrderV2.Output memory output) private pure returns (bytes32) {
        ProtocolOrderV2.Withdraw memory w = output.withdraw;
        ProtocolOrderV2.Fill memory f = output.fill;
        bytes32[] memory calls = new bytes32[](f.calls.length);
        for (uint256 i; i < calls.length; ++i) {
            calls[i] = keccak256(f.calls[i]);
        }
        bytes32 withdraw = keccak256(abi.encode(ProtocolOrderV2.WITHDRAW_TYPEHASH, keccak256(w.currency), w.minimumAmount));
        bytes32 fill = keccak256(
            abi.encode(
                ProtocolOrderV2.FILL_TYPEHASH,
                keccak256(f.currency),
                f.minimumAmount,
                keccak256(f.recipient),
                keccak256(abi.encodePacked(calls))
            )
        );
        return keccak256(abi.encode(ProtocolOrderV2.OUTPUT_TYPEHASH, keccak256(bytes(output.chainId)), withdraw, fill));
    }

    function _fees(ProtocolOrder.Fee[] memory fees) private pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](fees.length);
        for (uint256 i; i < fees.length; ++i) {
            ProtocolOrder.Fee memory f = fees[i];
            hashes[i] = keccak256(
                abi.encode(
                    ProtocolOrder.FEE_TYPEHASH,
                    keccak256(bytes(f.recipientChainId)),
                    keccak256(f.recipient),
                    keccak256(bytes(f.currencyChainId)),
                    keccak256(f.currency),
                    f.amount
                )
            );
        }
        return keccak256(abi.encodePacked(hashes));
    }

    /// @dev The calldata form under test: an external call, so the order reaches it ABI-encoded.
    function orderIdCalldata(ProtocolOrderV2.Order calldata o) external pure returns (bytes32) {
        return ProtocolOrderV2.orderIdCalldata(o);
    }

    /// @dev A random v2 order: list lengths from the counts, contents from the seed.
    function _randomOrder(bytes32 seed, uint8 refundCount, uint8 callCount, uint8 feeCount, uint32 deadline)
        private
        pure
        returns (ProtocolOrderV2.Order memory o)
    {
        o.version = "v2";
        o.relayerChainId = "base";
        o.relayer = address(bytes20(seed));
        o.salt = uint256(seed);
        o.deadline = deadline;
        bytes memory currency = abi.encodePacked(keccak256(abi.encode(seed, "c")));
        o.input = ProtocolOrderV2.Input("solana", currency, uint256(seed) >> 3);
        o.refunds = new ProtocolOrderV2.Refund[](refundCount % 5);
        for (uint256 j; j < o.refunds.length; ++j) {
            o.refunds[j] = ProtocolOrderV2.Refund("bitcoin", currency, j, abi.encodePacked(bytes21(seed), j));
        }
        o.output.chainId = "tron";
        o.output.withdraw = ProtocolOrderV2.Withdraw(abi.encodePacked(bytes21(seed)), uint256(seed) >> 7);
        o.output.fill.currency = "";
        o.output.fill.minimumAmount = uint256(seed) >> 9;
        o.output.fill.recipient = abi.encodePacked(bytes21(seed));
        o.output.fill.calls = new bytes[](callCount % 4);
        for (uint256 k; k < o.output.fill.calls.length; ++k) {
            o.output.fill.calls[k] = abi.encodePacked(seed, k, seed);
        }
        o.fees = new ProtocolOrder.Fee[](feeCount % 3);
        for (uint256 k; k < o.fees.length; ++k) {
            o.fees[k] = ProtocolOrder.Fee("base", abi.encodePacked(address(bytes20(seed))), "ethereum", new bytes(20), k);
        }
    }

    function testFuzz_OrderIdMatchesTheReference(
        bytes32 seed,
        uint8 refundCount,
        uint8 callCount,
        uint8 feeCount,
        uint32 deadline
    ) public view {
        ProtocolOrderV2.Order memory o = _randomOrder(seed, refundCount, callCount, feeCount, deadline);
        bytes32 expected = _reference(o);
        uint256 before;
        uint256 afterHash;
        assembly ("memory-safe") {
            before := mload(0x40)
        }
        bytes32 id = ProtocolOrderV2.orderId(o);
        assembly ("memory-safe") {
            afterHash := mload(0x40)
        }
        assertEq(id, expected, "orderId vs reference");
        assertEq(afterHash, before, "free memory pointer");
        assertEq(this.orderIdCalldata(o), expected, "orderIdCalldata vs reference");
    }

    /// Every `bytes` / `string` member 0 to 299 bytes long (several words, odd lengths) and lists of 0 to 3
    /// elements: both forms still equal the reference (each member is copied or hashed at memory other
    /// members' hashes share).
    function testFuzz_LongMembersMatchTheReference(bytes32 seed, uint8 refundCount, uint8 callCount, uint8 feeCount)
        public
        view
    {
        ProtocolOrderV2.Order memory o = _randomOrder(seed, refundCount % 4, callCount, feeCount, uint32(uint256(seed)));
        o.version = string(_blob(seed, 0));
        o.relayerChainId = string(_blob(seed, 1));
        o.input.chainId = string(_blob(seed, 2));
        o.input.currency = _blob(seed, 3);
        for (uint256 j; j < o.refunds.length; ++j) {
            o.refunds[j].chainId = string(_blob(seed, 10 + j));
            o.refunds[j].currency = _blob(seed, 20 + j);
            o.refunds[j].recipient = _blob(seed, 30 + j);
        }
        o.output.chainId = string(_blob(seed, 4));
        o.output.withdraw.currency = _blob(seed, 5);
        o.output.fill.currency = _blob(seed, 6);
        o.output.fill.recipient = _blob(seed, 7);
        for (uint256 k; k < o.output.fill.calls.length; ++k) {
            o.output.fill.calls[k] = _blob(seed, 40 + k);
        }
        for (uint256 k; k < o.fees.length; ++k) {
            o.fees[k].recipientChainId = string(_blob(seed, 50 + k));
            o.fees[k].recipient = _blob(seed, 60 + k);
            o.fees[k].currencyChainId = string(_blob(seed, 70 + k));
            o.fees[k].currency = _blob(seed, 80 + k);
        }
        bytes32 expected = _reference(o);
        assertEq(ProtocolOrderV2.orderId(o), expected, "orderId vs reference");
        assertEq(this.orderIdCalldata(o), expected, "orderIdCalldata vs reference");
    }

    /// 0 to 299 bytes drawn from `seed` and `tag`.
    function _blob(bytes32 seed, uint256 tag) private pure returns (bytes memory out) {
        bytes32 word = keccak256(abi.encode(seed, tag));
        out = new bytes(uint256(word) % 300);
        for (uint256 i; i < out.length; ++i) {
            out[i] = word[i % 32] ^ bytes1(uint8(i));
        }
    }

    /// A dirty `address` (relayer) or `uint32` (deadline) word reverts in the calldata form, as the decoder
    /// would; an offset of 2^64 or more (not range-checked) never yields the canonical order's id; an aliased
    /// member (relayerChainId's offset pointing at version's tail) is read as the decoder reads it.
    function test_CalldataHasherOnMalformedEncodings() public view {
        ProtocolOrderV2.Order memory o = _randomOrder(bytes32(uint256(1)), 2, 1, 1, 7);
        bytes memory canonical = abi.encode(o);
        bytes32 id = ProtocolOrderV2.orderId(o);
        (bool ok, bytes memory result) = _call(canonical);
        assertTrue(ok && abi.decode(result, (bytes32)) == id, "canonical");
        // Order heads start at 0x20: version offset, relayerChainId offset, relayer, salt, deadline, input
        // offset, refunds offset, output offset, fees offset.
        (ok,) = _call(_withBits(canonical, 0x20 + 0x40, uint256(1) << 160));
        assertTrue(!ok, "dirty relayer accepted");
        (ok,) = _call(_withBits(canonical, 0x20 + 0x80, uint256(1) << 32));
        assertTrue(!ok, "dirty deadline accepted");
        uint256[4] memory offsetSlots = [uint256(0x20), 0x20 + 0xa0, 0x20 + 0xc0, 0x20 + 0xe0];
        for (uint256 k; k < offsetSlots.length; ++k) {
            (ok, result) = _call(_withBits(canonical, offsetSlots[k], uint256(1) << 64));
            assertTrue(!ok || abi.decode(result, (bytes32)) != id, "out-of-range offset kept the id");
        }
        bytes memory aliased = bytes.concat(canonical);
        assembly ("memory-safe") {
            mstore(add(aliased, 0x60), mload(add(aliased, 0x40)))
        }
        ProtocolOrderV2.Order memory decoded = abi.decode(aliased, (ProtocolOrderV2.Order));
        assertTrue(keccak256(bytes(decoded.relayerChainId)) == keccak256(bytes(o.version)), "alias decoded");
        (ok, result) = _call(aliased);
        assertTrue(ok && abi.decode(result, (bytes32)) == ProtocolOrderV2.orderId(decoded), "aliased member");
    }

    /// Dirty high bits anywhere above the relayer's 160 or the deadline's 32: the memory form masks them as
    /// `abi.encode` would (words written by assembly), the calldata form reverts on either, as the decoder would.
    function testFuzz_DirtyRelayerOrDeadlineBits(bytes32 seed, uint8 relayerBit, uint8 deadlineBit) public view {
        ProtocolOrderV2.Order memory o = _randomOrder(seed, 1, 0, 1, uint32(uint256(seed)));
        bytes32 id = _reference(o);
        bytes memory canonical = abi.encode(o);
        uint256 relayerDirt = uint256(1) << (160 + (relayerBit % 96));
        uint256 deadlineDirt = uint256(1) << (32 + (deadlineBit % 224));
        uint256 dirtyRelayer;
        assembly ("memory-safe") {
            mstore(add(o, 0x40), or(mload(add(o, 0x40)), relayerDirt))
            mstore(add(o, 0x80), or(mload(add(o, 0x80)), deadlineDirt))
            dirtyRelayer := mload(add(o, 0x40))
        }
        assertTrue(dirtyRelayer >> 160 != 0, "relayer word dirtied");
        assertEq(ProtocolOrderV2.orderId(o), id, "dirty memory words masked");
        (bool ok, bytes memory result) = _call(canonical);
        assertTrue(ok && abi.decode(result, (bytes32)) == id, "canonical");
        (ok,) = _call(_withBits(canonical, 0x20 + 0x40, relayerDirt));
        assertTrue(!ok, "dirty relayer accepted");
        (ok,) = _call(_withBits(canonical, 0x20 + 0x80, deadlineDirt));
        assertTrue(!ok, "dirty deadline accepted");
    }

    function _call(bytes memory encoded) private view returns (bool ok, bytes memory result) {
        (ok, result) = address(this).staticcall(abi.encodePacked(this.orderIdCalldata.selector, encoded));
    }

    function _withBits(bytes memory encoded, uint256 slot, uint256 bits) private pure returns (bytes memory out) {
        out = bytes.concat(encoded);
        assembly ("memory-safe") {
            let p := add(add(out, 0x20), slot)
            mstore(p, or(mload(p), bits))
        }
    }
}
