// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {RequestAttestation} from "./RequestAttestation.sol";

/// @title ProtocolOrder
/// @notice The service's protocol orders on chain: the EIP-712 structs, the order id
/// (`hashStruct(Order)`, with NO domain separator) and the solver's signature over it (EIP-191 personal-sign
/// of the 32 raw bytes of the id).
/// @dev Addresses and currencies are `bytes` already encoded in the VM of their chain (EVM: the 20 address
/// bytes; Solana: the 32 key bytes; ...), exactly as the service hashes them; chain ids are the protocol's
/// strings (`"base"`, `"solana"`). The signature is parsed as strictly as an attestation's (see
/// {RequestAttestation}): 65-byte `r || s || v` with `v` 27/28 or 64-byte EIP-2098, low `s`, non-zero signer.
/// WARNING: the id has no domain separator. It binds the order's contents (chains, amounts, recipients,
/// deadlines, solver, salt), not a contract or a chain: the same signed order verifies in every contract
/// that checks it. Contracts must record used ids themselves and bind the input to their own chain.
library ProtocolOrder {
    struct InputPayment {
        string chainId;
        bytes currency;
        uint256 amount;
        uint256 weight;
    }

    struct InputRefund {
        string chainId;
        bytes recipient;
        bytes currency;
        uint256 minimumAmount;
        uint32 deadline;
        bytes extraData;
    }

    struct Input {
        InputPayment payment;
        InputRefund[] refunds;
    }

    struct OutputPayment {
        bytes recipient;
        bytes currency;
        uint256 minimumAmount;
        uint256 expectedAmount;
    }

    struct Output {
        string chainId;
        OutputPayment[] payments;
        uint32 deadline;
        bytes[] calls;
        bytes extraData;
    }

    struct Fee {
        string recipientChainId;
        bytes recipient;
        string currencyChainId;
        bytes currency;
        uint256 amount;
    }

    struct Order {
        string version;
        string solverChainId;
        address solver;
        uint256 salt;
        Input[] inputs;
        Output output;
        Fee[] fees;
    }

    bytes32 internal constant INPUT_PAYMENT_TYPEHASH =
        keccak256("InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)");
    bytes32 internal constant INPUT_REFUND_TYPEHASH = keccak256(
        "InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,uint32 deadline,bytes extraData)"
    );
    bytes32 internal constant INPUT_TYPEHASH = keccak256(
        "Input(InputPayment payment,InputRefund[] refunds)"
        "InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)"
        "InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,uint32 deadline,bytes extraData)"
    );
    bytes32 internal constant OUTPUT_PAYMENT_TYPEHASH =
        keccak256("OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)");
    bytes32 internal constant OUTPUT_TYPEHASH = keccak256(
        "Output(string chainId,OutputPayment[] payments,uint32 deadline,bytes[] calls,bytes extraData)"
        "OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)"
    );
    bytes32 internal constant FEE_TYPEHASH = keccak256(
        "Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)"
    );
    bytes32 internal constant ORDER_TYPEHASH = keccak256(
        "Order(string version,string solverChainId,address solver,uint256 salt,Input[] inputs,Output output,Fee[] fees)"
        "Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)"
        "Input(InputPayment payment,InputRefund[] refunds)"
        "InputPayment(string chainId,bytes currency,uint256 amount,uint256 weight)"
        "InputRefund(string chainId,bytes recipient,bytes currency,uint256 minimumAmount,uint32 deadline,bytes extraData)"
        "Output(string chainId,OutputPayment[] payments,uint32 deadline,bytes[] calls,bytes extraData)"
        "OutputPayment(bytes recipient,bytes currency,uint256 minimumAmount,uint256 expectedAmount)"
    );

    /// @notice The order id: EIP-712 `hashStruct(order)`, no domain separator.
    /// @dev Struct words are written to unallocated memory and hashed in place; array buffers are allocated
    /// for the loop and released afterwards, so hashing leaves the free memory pointer where it found it.
    function orderId(Order memory order) internal pure returns (bytes32) {
        return _hash8(
            ORDER_TYPEHASH,
            keccak256(bytes(order.version)),
            keccak256(bytes(order.solverChainId)),
            bytes32(uint256(uint160(order.solver))),
            bytes32(order.salt),
            _hashInputs(order.inputs),
            _hashOutput(order.output),
            _hashFees(order.fees)
        );
    }

    /// @notice The EIP-191 digest the solver signs: `keccak256("\x19Ethereum Signed Message:\n32" || id)`.
    function digest(bytes32 id) internal pure returns (bytes32) {
        return RequestAttestation.toEthSignedMessageHash(id);
    }

    /// @notice The signer of `id`; reverts on any signature form {RequestAttestation} rejects, never returns zero.
    /// @dev WARNING: the caller still has to compare the result with the solver it trusts.
    function recoverSigner(bytes32 id, bytes calldata signature) internal view returns (address) {
        return RequestAttestation.recover(RequestAttestation.toEthSignedMessageHash(id), signature);
    }

    /// @notice {recoverSigner} for a signature held in memory.
    function recoverSignerMemory(bytes32 id, bytes memory signature) internal view returns (address) {
        return RequestAttestation.recoverMemory(RequestAttestation.toEthSignedMessageHash(id), signature);
    }

    function _hashInputs(Input[] memory inputs) private pure returns (bytes32 result) {
        (uint256 buffer, uint256 length) = _allocate(inputs.length);
        for (uint256 i; i < inputs.length; ++i) {
            Input memory input = inputs[i];
            bytes32 item = _hash3(INPUT_TYPEHASH, _hashInputPayment(input.payment), _hashRefunds(input.refunds));
            _store(buffer, i, item);
        }
        result = _release(buffer, length);
    }

    function _hashInputPayment(InputPayment memory payment) private pure returns (bytes32) {
        return _hash5(
            INPUT_PAYMENT_TYPEHASH,
            keccak256(bytes(payment.chainId)),
            keccak256(payment.currency),
            bytes32(payment.amount),
            bytes32(payment.weight)
        );
    }

    function _hashRefunds(InputRefund[] memory refunds) private pure returns (bytes32 result) {
        (uint256 buffer, uint256 length) = _allocate(refunds.length);
        for (uint256 i; i < refunds.length; ++i) {
            InputRefund memory refund = refunds[i];
            bytes32 item = _hash7(
                INPUT_REFUND_TYPEHASH,
                keccak256(bytes(refund.chainId)),
                keccak256(refund.recipient),
                keccak256(refund.currency),
                bytes32(refund.minimumAmount),
                bytes32(uint256(refund.deadline)),
                keccak256(refund.extraData)
            );
            _store(buffer, i, item);
        }
        result = _release(buffer, length);
    }

    function _hashOutput(Output memory output) private pure returns (bytes32) {
        return _hash6(
            OUTPUT_TYPEHASH,
            keccak256(bytes(output.chainId)),
            _hashOutputPayments(output.payments),
            bytes32(uint256(output.deadline)),
            _hashCalls(output.calls),
            keccak256(output.extraData)
        );
    }

    function _hashOutputPayments(OutputPayment[] memory payments) private pure returns (bytes32 result) {
        (uint256 buffer, uint256 length) = _allocate(payments.length);
        for (uint256 i; i < payments.length; ++i) {
            OutputPayment memory payment = payments[i];
            bytes32 item = _hash5(
                OUTPUT_PAYMENT_TYPEHASH,
                keccak256(payment.recipient),
                keccak256(payment.currency),
                bytes32(payment.minimumAmount),
                bytes32(payment.expectedAmount)
            );
            _store(buffer, i, item);
        }
        result = _release(buffer, length);
    }

    function _hashCalls(bytes[] memory calls) private pure returns (bytes32 result) {
        (uint256 buffer, uint256 length) = _allocate(calls.length);
        for (uint256 i; i < calls.length; ++i) {
            _store(buffer, i, keccak256(calls[i]));
        }
        result = _release(buffer, length);
    }

    function _hashFees(Fee[] memory fees) private pure returns (bytes32 result) {
        (uint256 buffer, uint256 length) = _allocate(fees.length);
        for (uint256 i; i < fees.length; ++i) {
            Fee memory fee = fees[i];
            bytes32 item = _hash6(
                FEE_TYPEHASH,
                keccak256(bytes(fee.recipientChainId)),
                keccak256(fee.recipient),
                keccak256(bytes(fee.currencyChainId)),
                keccak256(fee.currency),
                bytes32(fee.amount)
            );
            _store(buffer, i, item);
        }
        result = _release(buffer, length);
    }

    /// @dev Reserves `count` words at the free memory pointer for an array's element hashes.
    function _allocate(uint256 count) private pure returns (uint256 buffer, uint256 length) {
        assembly ("memory-safe") {
            buffer := mload(0x40)
            length := shl(5, count)
            mstore(0x40, add(buffer, length))
        }
    }

    function _store(uint256 buffer, uint256 index, bytes32 value) private pure {
        assembly ("memory-safe") {
            mstore(add(buffer, shl(5, index)), value)
        }
    }

    /// @dev keccak256 of the element hashes, then gives the buffer back.
    function _release(uint256 buffer, uint256 length) private pure returns (bytes32 result) {
        assembly ("memory-safe") {
            result := keccak256(buffer, length)
            mstore(0x40, buffer)
        }
    }

    function _hash3(bytes32 a, bytes32 b, bytes32 c) private pure returns (bytes32 result) {
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, a)
            mstore(add(m, 0x20), b)
            mstore(add(m, 0x40), c)
            result := keccak256(m, 0x60)
        }
    }

    function _hash5(bytes32 a, bytes32 b, bytes32 c, bytes32 d, bytes32 e) private pure returns (bytes32 result) {
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, a)
            mstore(add(m, 0x20), b)
            mstore(add(m, 0x40), c)
            mstore(add(m, 0x60), d)
            mstore(add(m, 0x80), e)
            result := keccak256(m, 0xa0)
        }
    }

    function _hash6(bytes32 a, bytes32 b, bytes32 c, bytes32 d, bytes32 e, bytes32 f)
        private
        pure
        returns (bytes32 result)
    {
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, a)
            mstore(add(m, 0x20), b)
            mstore(add(m, 0x40), c)
            mstore(add(m, 0x60), d)
            mstore(add(m, 0x80), e)
            mstore(add(m, 0xa0), f)
            result := keccak256(m, 0xc0)
        }
    }

    function _hash7(bytes32 a, bytes32 b, bytes32 c, bytes32 d, bytes32 e, bytes32 f, bytes32 g)
        private
        pure
        returns (bytes32 result)
    {
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, a)
            mstore(add(m, 0x20), b)
            mstore(add(m, 0x40), c)
            mstore(add(m, 0x60), d)
            mstore(add(m, 0x80), e)
            mstore(add(m, 0xa0), f)
            mstore(add(m, 0xc0), g)
            result := keccak256(m, 0xe0)
        }
    }

    function _hash8(bytes32 a, bytes32 b, bytes32 c, bytes32 d, bytes32 e, bytes32 f, bytes32 g, bytes32 h)
        private
        pure
        returns (bytes32 result)
    {
        assembly ("memory-safe") {
            let m := mload(0x40)
            mstore(m, a)
            mstore(add(m, 0x20), b)
            mstore(add(m, 0x40), c)
            mstore(add(m, 0x60), d)
            mstore(add(m, 0x80), e)
            mstore(add(m, 0xa0), f)
            mstore(add(m, 0xc0), g)
            mstore(add(m, 0xe0), h)
            result := keccak256(m, 0x100)
        }
    }
}
