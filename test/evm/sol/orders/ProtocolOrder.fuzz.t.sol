// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "../../../../contracts/ProtocolOrder.sol";
import {TestBase} from "../Vm.sol";

/// Fuzz: the library's in-place hashing equals a plain `keccak256(abi.encode(...))` EIP-712 reference over
/// random fields and list lengths.
contract ProtocolOrderFuzzTest is TestBase {
    function _reference(ProtocolOrder.Order memory o) private pure returns (bytes32) {
        bytes32[] memory inputs = new bytes32[](o.inputs.length);
        for (uint256 i; i < o.inputs.length; ++i) {
            ProtocolOrder.InputPayment memory p = o.inputs[i].payment;
            bytes32[] memory refunds = new bytes32[](o.inputs[i].refunds.length);
            for (uint256 j; j < refunds.length; ++j) {
                ProtocolOrder.InputRefund memory r = o.inputs[i].refunds[j];
                refunds[j] = keccak256(
                    abi.encode(
                        ProtocolOrder.INPUT_REFUND_TYPEHASH,
                        keccak256(bytes(r.chainId)),
                        keccak256(r.recipient),
                        keccak256(r.currency),
                        r.minimumAmount,
                        r.deadline,
                        keccak256(r.extraData)
                    )
                );
            }
            bytes32 payment = keccak256(
                abi.encode(ProtocolOrder.INPUT_PAYMENT_TYPEHASH, keccak256(bytes(p.chainId)), keccak256(p.currency), p.amount, p.weight)
            );
            inputs[i] = keccak256(abi.encode(ProtocolOrder.INPUT_TYPEHASH, payment, keccak256(abi.encodePacked(refunds))));
        }
        bytes32[] memory payments = new bytes32[](o.output.payments.length);
        for (uint256 k; k < payments.length; ++k) {
            ProtocolOrder.OutputPayment memory p = o.output.payments[k];
            payments[k] = keccak256(
                abi.encode(ProtocolOrder.OUTPUT_PAYMENT_TYPEHASH, keccak256(p.recipient), keccak256(p.currency), p.minimumAmount, p.expectedAmount)
            );
        }
        bytes32[] memory calls = new bytes32[](o.output.calls.length);
        for (uint256 k; k < calls.length; ++k) {
            calls[k] = keccak256(o.output.calls[k]);
        }
        bytes32 output = keccak256(
            abi.encode(
                ProtocolOrder.OUTPUT_TYPEHASH,
                keccak256(bytes(o.output.chainId)),
                keccak256(abi.encodePacked(payments)),
                o.output.deadline,
                keccak256(abi.encodePacked(calls)),
                keccak256(o.output.extraData)
            )
        );
        bytes32[] memory fees = new bytes32[](o.fees.length);
        for (uint256 k; k < fees.length; ++k) {
            ProtocolOrder.Fee memory f = o.fees[k];
            fees[k] = keccak256(
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
        return keccak256(
            abi.encode(
                ProtocolOrder.ORDER_TYPEHASH,
                keccak256(bytes(o.version)),
                keccak256(bytes(o.solverChainId)),
                o.solver,
                o.salt,
                keccak256(abi.encodePacked(inputs)),
                output,
                keccak256(abi.encodePacked(fees))
            )
        );
    }

    /// @dev The calldata form under test: an external call, so the order reaches it ABI-encoded.
    function orderIdCalldata(ProtocolOrder.Order calldata o) external pure returns (bytes32) {
        return ProtocolOrder.orderIdCalldata(o);
    }

    /// @dev A random order: list lengths from the counts, contents from the seed.
    function _randomOrder(
        bytes32 seed,
        uint8 inputCount,
        uint8 refundCount,
        uint8 paymentCount,
        uint8 callCount,
        uint8 feeCount,
        uint32 deadline
    ) private pure returns (ProtocolOrder.Order memory o) {
        o.version = "v1";
        o.solverChainId = "base";
        o.solver = address(bytes20(seed));
        o.salt = uint256(seed);
        o.inputs = new ProtocolOrder.Input[](inputCount % 4);
        for (uint256 i; i < o.inputs.length; ++i) {
            bytes memory currency = abi.encodePacked(keccak256(abi.encode(seed, "c", i)));
            o.inputs[i].payment = ProtocolOrder.InputPayment("solana", currency, uint256(seed) >> i, i);
            o.inputs[i].refunds = new ProtocolOrder.InputRefund[]((refundCount >> i) % 4);
            for (uint256 j; j < o.inputs[i].refunds.length; ++j) {
                o.inputs[i].refunds[j] = ProtocolOrder.InputRefund(
                    "bitcoin", abi.encodePacked(bytes21(seed)), currency, j, deadline, abi.encodePacked(seed, j)
                );
            }
        }
        o.output.chainId = "tron";
        o.output.payments = new ProtocolOrder.OutputPayment[](paymentCount % 4);
        for (uint256 k; k < o.output.payments.length; ++k) {
            o.output.payments[k] = ProtocolOrder.OutputPayment(abi.encodePacked(bytes21(seed)), "", k, k + 1);
        }
        o.output.deadline = deadline;
        o.output.calls = new bytes[](callCount % 3);
        for (uint256 k; k < o.output.calls.length; ++k) {
            o.output.calls[k] = abi.encodePacked(seed, k, seed);
        }
        o.output.extraData = abi.encodePacked(bytes7(seed));
        o.fees = new ProtocolOrder.Fee[](feeCount % 3);
        for (uint256 k; k < o.fees.length; ++k) {
            o.fees[k] = ProtocolOrder.Fee("base", abi.encodePacked(address(bytes20(seed))), "ethereum", new bytes(20), k);
        }
    }

    function testFuzz_OrderIdMatchesTheReference(
        bytes32 seed,
        uint8 inputCount,
        uint8 refundCount,
        uint8 paymentCount,
        uint8 callCount,
        uint8 feeCount,
        uint32 deadline
    ) public view {
        ProtocolOrder.Order memory o =
            _randomOrder(seed, inputCount, refundCount, paymentCount, callCount, feeCount, deadline);
        bytes32 expected = _reference(o);
        assertEq(ProtocolOrder.orderId(o), expected, "orderId vs reference");
        assertEq(this.orderIdCalldata(o), expected, "orderIdCalldata vs reference");
    }

    /// Non-canonical encodings the ABI decoder accepts: the calldata hasher must read the order exactly as
    /// Solidity decodes it. Here two string members share one tail (solverChainId's offset aliased to
    /// version's), and the order tuple's offset moved past an extra word.
    function testFuzz_CalldataHasherReadsNonCanonicalEncodingsAsTheDecoder(bytes32 seed, uint8 counts) public view {
        ProtocolOrder.Order memory o = _randomOrder(seed, counts, counts >> 2, counts >> 4, counts >> 6, counts, 7);
        bytes memory encoded = abi.encode(o);
        // encoded: [offset of the order tuple = 0x20][order heads: version offset, solverChainId offset, ...]
        assembly ("memory-safe") {
            mstore(add(encoded, 0x60), mload(add(encoded, 0x40)))
        }
        ProtocolOrder.Order memory decoded = abi.decode(encoded, (ProtocolOrder.Order));
        assertTrue(keccak256(bytes(decoded.solverChainId)) == keccak256(bytes(o.version)), "alias decoded");
        bytes32 expected = ProtocolOrder.orderId(decoded);
        assertEq(_callHasher(encoded), expected, "aliased member");

        // Shift the order tuple by one word: [0x40][junk][heads...] with every inner offset unchanged.
        bytes memory shifted = bytes.concat(abi.encode(uint256(0x40), seed), _slice(encoded, 0x20));
        assertEq(_callHasher(shifted), expected, "moved tuple");
    }

    /// A dirty uint32 / address word reverts as the decoder would; an offset of 2^64 or more (which the
    /// calldata hasher does not range-check) never yields the canonical order's id.
    function test_CalldataHasherOnMalformedEncodings() public view {
        ProtocolOrder.Order memory o = _randomOrder(bytes32(uint256(1)), 1, 1, 1, 1, 1, 7);
        bytes memory canonical = abi.encode(o);
        bytes32 id = ProtocolOrder.orderId(o);
        assertEq(_callHasher(canonical), id, "canonical");
        // Order heads start at 0x20 in `canonical`: version offset, solverChainId offset, solver, salt, inputs
        // offset, output offset (the output tuple: chainId offset, payments offset, deadline, ...).
        uint256 output = 0x20 + uint256(bytes32(_slice(canonical, 0x20 + 0xa0)));
        uint256[2] memory dirtySlots = [uint256(0x20 + 0x40), output + 0x40];
        uint256[2] memory dirtyBits = [uint256(1) << 160, uint256(1) << 32];
        for (uint256 k; k < dirtySlots.length; ++k) {
            (bool ok,) = address(this).staticcall(
                abi.encodePacked(this.orderIdCalldata.selector, _withBits(canonical, dirtySlots[k], dirtyBits[k]))
            );
            assertTrue(!ok, "dirty word accepted");
        }
        uint256[3] memory offsetSlots = [uint256(0x20), 0x20 + 0x80, output + 0x20];
        for (uint256 k; k < offsetSlots.length; ++k) {
            bytes memory broken = _withBits(canonical, offsetSlots[k], uint256(1) << 64);
            (bool ok, bytes memory result) =
                address(this).staticcall(abi.encodePacked(this.orderIdCalldata.selector, broken));
            assertTrue(!ok || abi.decode(result, (bytes32)) != id, "out-of-range offset kept the id");
        }
    }

    function _withBits(bytes memory encoded, uint256 slot, uint256 bits) private pure returns (bytes memory out) {
        out = bytes.concat(encoded);
        assembly ("memory-safe") {
            let p := add(add(out, 0x20), slot)
            mstore(p, or(mload(p), bits))
        }
    }

    function _callHasher(bytes memory encoded) private view returns (bytes32) {
        (bool ok, bytes memory result) =
            address(this).staticcall(abi.encodePacked(this.orderIdCalldata.selector, encoded));
        assertTrue(ok, "hasher reverted");
        return abi.decode(result, (bytes32));
    }

    function _slice(bytes memory data, uint256 from) private pure returns (bytes memory out) {
        out = new bytes(data.length - from);
        for (uint256 i; i < out.length; ++i) {
            out[i] = data[from + i];
        }
    }

    function testFuzz_AnyDeadlineChangeChangesTheId(uint32 a, uint32 b) public pure {
        vm.assume(a != b);
        ProtocolOrder.Order memory o;
        o.version = "v1";
        o.output.deadline = a;
        bytes32 first = ProtocolOrder.orderId(o);
        o.output.deadline = b;
        assertTrue(ProtocolOrder.orderId(o) != first, "deadline bound");
    }
}
