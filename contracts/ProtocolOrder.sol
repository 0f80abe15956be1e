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
    /// @dev Walks the decoded order by its memory pointers and writes each struct's words to memory past the
    /// free memory pointer, hashing them there: nothing is allocated and `bytes` / `string` members are
    /// hashed where they lie. `uint32` and `address` members are masked to their width, as Solidity would.
    /// The type hashes are the constants above as literals (Yul functions cannot read Solidity constants).
    function orderId(Order memory order) internal pure returns (bytes32 id) {
        assembly ("memory-safe") {
            function bytesHash(p) -> h {
                h := keccak256(add(p, 0x20), mload(p))
            }
            function inputPayment(s, m) -> h {
                mstore(m, 0x66edc7ab4e5f0ad0adad21638ffff360dbf956d89a28f9ec6cdd3e7a123bb4eb)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), bytesHash(mload(add(s, 0x20))))
                mstore(add(m, 0x60), mload(add(s, 0x40)))
                mstore(add(m, 0x80), mload(add(s, 0x60)))
                h := keccak256(m, 0xa0)
            }
            function refunds(a, m) -> h {
                let size := shl(5, mload(a))
                let r := add(m, size)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    let s := mload(add(add(a, 0x20), i))
                    mstore(r, 0x9f8e11410c9bfb023e54a2bfcc41ef4f8db1fe4bb5db7873169ff3aead2bf0e2)
                    mstore(add(r, 0x20), bytesHash(mload(s)))
                    mstore(add(r, 0x40), bytesHash(mload(add(s, 0x20))))
                    mstore(add(r, 0x60), bytesHash(mload(add(s, 0x40))))
                    mstore(add(r, 0x80), mload(add(s, 0x60)))
                    mstore(add(r, 0xa0), and(mload(add(s, 0x80)), 0xffffffff))
                    mstore(add(r, 0xc0), bytesHash(mload(add(s, 0xa0))))
                    mstore(add(m, i), keccak256(r, 0xe0))
                }
                h := keccak256(m, size)
            }
            function inputs(a, m) -> h {
                let size := shl(5, mload(a))
                let e := add(m, size)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    let s := mload(add(add(a, 0x20), i))
                    mstore(e, 0xc5b0643c7427e4816be79fd8064fc108fc7c5aefbe7016b1eeeb150228f93745)
                    mstore(add(e, 0x20), inputPayment(mload(s), add(e, 0x60)))
                    mstore(add(e, 0x40), refunds(mload(add(s, 0x20)), add(e, 0x60)))
                    mstore(add(m, i), keccak256(e, 0x60))
                }
                h := keccak256(m, size)
            }
            function outputPayments(a, m) -> h {
                let size := shl(5, mload(a))
                let e := add(m, size)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    let s := mload(add(add(a, 0x20), i))
                    mstore(e, 0x96c6557b6ec114bb9ff5291394bf5f35c3685043c1a46f43146634a70dca0cdc)
                    mstore(add(e, 0x20), bytesHash(mload(s)))
                    mstore(add(e, 0x40), bytesHash(mload(add(s, 0x20))))
                    mstore(add(e, 0x60), mload(add(s, 0x40)))
                    mstore(add(e, 0x80), mload(add(s, 0x60)))
                    mstore(add(m, i), keccak256(e, 0xa0))
                }
                h := keccak256(m, size)
            }
            function calls(a, m) -> h {
                let size := shl(5, mload(a))
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    mstore(add(m, i), bytesHash(mload(add(add(a, 0x20), i))))
                }
                h := keccak256(m, size)
            }
            function output(s, m) -> h {
                let scratch := add(m, 0xc0)
                mstore(m, 0xec5bd83409077be71a3fbc2c8578ea7dd1aa0ce0a7be97571a0a89e61e2c2269)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), outputPayments(mload(add(s, 0x20)), scratch))
                mstore(add(m, 0x60), and(mload(add(s, 0x40)), 0xffffffff))
                mstore(add(m, 0x80), calls(mload(add(s, 0x60)), scratch))
                mstore(add(m, 0xa0), bytesHash(mload(add(s, 0x80))))
                h := keccak256(m, 0xc0)
            }
            function fees(a, m) -> h {
                let size := shl(5, mload(a))
                let e := add(m, size)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    let s := mload(add(add(a, 0x20), i))
                    mstore(e, 0x5e1420e6482d4138dbc016fa378f064eb120b8b82c866fbb1da0b68c92f8abae)
                    mstore(add(e, 0x20), bytesHash(mload(s)))
                    mstore(add(e, 0x40), bytesHash(mload(add(s, 0x20))))
                    mstore(add(e, 0x60), bytesHash(mload(add(s, 0x40))))
                    mstore(add(e, 0x80), bytesHash(mload(add(s, 0x60))))
                    mstore(add(e, 0xa0), mload(add(s, 0x80)))
                    mstore(add(m, i), keccak256(e, 0xc0))
                }
                h := keccak256(m, size)
            }

            let m := mload(0x40)
            let scratch := add(m, 0x100)
            mstore(m, 0xee05e73da8f2fce11d34a78a39998b4dd8a56c6298aa9ad2870c3f9a2821dc8e)
            mstore(add(m, 0x20), bytesHash(mload(order)))
            mstore(add(m, 0x40), bytesHash(mload(add(order, 0x20))))
            mstore(add(m, 0x60), and(mload(add(order, 0x40)), 0xffffffffffffffffffffffffffffffffffffffff))
            mstore(add(m, 0x80), mload(add(order, 0x60)))
            mstore(add(m, 0xa0), inputs(mload(add(order, 0x80)), scratch))
            mstore(add(m, 0xc0), output(mload(add(order, 0xa0)), scratch))
            mstore(add(m, 0xe0), fees(mload(add(order, 0xc0)), scratch))
            id := keccak256(m, 0x100)
        }
    }

    /// @notice {orderId} of an order still in calldata (an external function's `Order calldata` argument),
    /// hashed where it lies instead of being decoded into memory first: the cheaper form for contracts that
    /// take orders, such as `OrderGatedDepositor`.
    /// @dev Walks the ABI encoding through the same offsets Solidity's calldata accessors follow, copying each
    /// `bytes` / `string` member to memory past the free memory pointer to hash it; nothing is allocated. A
    /// `uint32` or `address` word with high bits set reverts, as the decoder would. Offsets and lengths are
    /// NOT range-checked (that costs ~25% more gas): a malformed offset makes the id commit to whatever bytes
    /// it points at (zeros past the end of calldata), which is the id of some other order, never a forgery of
    /// a signed one; and the Solidity accessors a contract reads the order's fields with still revert on it.
    /// The type hashes are the constants above as literals (Yul functions cannot read Solidity constants);
    /// the fuzz tests compare both forms with an `abi.encode` reference, non-canonical encodings included.
    function orderIdCalldata(Order calldata order) internal pure returns (bytes32 id) {
        assembly ("memory-safe") {
            /// Position of the dynamic member whose offset is stored at `head` (relative to `base`).
            function tail(base, head) -> p {
                p := add(base, calldataload(head))
            }
            /// keccak256 of the `bytes` / `string` whose offset is stored at `head`; `m` is scratch memory.
            function dynamic(base, head, m) -> h {
                let offset := calldataload(head)
                let p := add(base, offset)
                let length := calldataload(p)
                calldatacopy(m, add(p, 0x20), length)
                h := keccak256(m, length)
            }
            /// Length and first element head of the array whose offset is stored at `head`.
            function array(base, head) -> length, heads {
                let offset := calldataload(head)
                let p := add(base, offset)
                length := calldataload(p)
                heads := add(p, 0x20)
            }
            function uint32At(head) -> value {
                value := calldataload(head)
                if shr(32, value) { revert(0, 0) }
            }
            function inputPayment(s, m) -> h {
                mstore(m, 0x66edc7ab4e5f0ad0adad21638ffff360dbf956d89a28f9ec6cdd3e7a123bb4eb)
                mstore(add(m, 0x20), dynamic(s, s, add(m, 0xa0)))
                mstore(add(m, 0x40), dynamic(s, add(s, 0x20), add(m, 0xa0)))
                mstore(add(m, 0x60), calldataload(add(s, 0x40)))
                mstore(add(m, 0x80), calldataload(add(s, 0x60)))
                h := keccak256(m, 0xa0)
            }
            function refund(s, m) -> h {
                let scratch := add(m, 0xe0)
                mstore(m, 0x9f8e11410c9bfb023e54a2bfcc41ef4f8db1fe4bb5db7873169ff3aead2bf0e2)
                mstore(add(m, 0x20), dynamic(s, s, scratch))
                mstore(add(m, 0x40), dynamic(s, add(s, 0x20), scratch))
                mstore(add(m, 0x60), dynamic(s, add(s, 0x40), scratch))
                mstore(add(m, 0x80), calldataload(add(s, 0x60)))
                mstore(add(m, 0xa0), uint32At(add(s, 0x80)))
                mstore(add(m, 0xc0), dynamic(s, add(s, 0xa0), scratch))
                h := keccak256(m, 0xe0)
            }
            function refunds(base, head, m) -> h {
                let length, heads := array(base, head)
                let size := shl(5, length)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    mstore(add(m, i), refund(tail(heads, add(heads, i)), add(m, size)))
                }
                h := keccak256(m, size)
            }
            function input(s, m) -> h {
                mstore(m, 0xc5b0643c7427e4816be79fd8064fc108fc7c5aefbe7016b1eeeb150228f93745)
                mstore(add(m, 0x20), inputPayment(tail(s, s), add(m, 0x60)))
                mstore(add(m, 0x40), refunds(s, add(s, 0x20), add(m, 0x60)))
                h := keccak256(m, 0x60)
            }
            function inputs(base, head, m) -> h {
                let length, heads := array(base, head)
                let size := shl(5, length)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    mstore(add(m, i), input(tail(heads, add(heads, i)), add(m, size)))
                }
                h := keccak256(m, size)
            }
            function outputPayment(s, m) -> h {
                mstore(m, 0x96c6557b6ec114bb9ff5291394bf5f35c3685043c1a46f43146634a70dca0cdc)
                mstore(add(m, 0x20), dynamic(s, s, add(m, 0xa0)))
                mstore(add(m, 0x40), dynamic(s, add(s, 0x20), add(m, 0xa0)))
                mstore(add(m, 0x60), calldataload(add(s, 0x40)))
                mstore(add(m, 0x80), calldataload(add(s, 0x60)))
                h := keccak256(m, 0xa0)
            }
            function outputPayments(base, head, m) -> h {
                let length, heads := array(base, head)
                let size := shl(5, length)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    mstore(add(m, i), outputPayment(tail(heads, add(heads, i)), add(m, size)))
                }
                h := keccak256(m, size)
            }
            function calls(base, head, m) -> h {
                let length, heads := array(base, head)
                let size := shl(5, length)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    mstore(add(m, i), dynamic(heads, add(heads, i), add(m, size)))
                }
                h := keccak256(m, size)
            }
            function output(s, m) -> h {
                let scratch := add(m, 0xc0)
                mstore(m, 0xec5bd83409077be71a3fbc2c8578ea7dd1aa0ce0a7be97571a0a89e61e2c2269)
                mstore(add(m, 0x20), dynamic(s, s, scratch))
                mstore(add(m, 0x40), outputPayments(s, add(s, 0x20), scratch))
                mstore(add(m, 0x60), uint32At(add(s, 0x40)))
                mstore(add(m, 0x80), calls(s, add(s, 0x60), scratch))
                mstore(add(m, 0xa0), dynamic(s, add(s, 0x80), scratch))
                h := keccak256(m, 0xc0)
            }
            function fee(s, m) -> h {
                let scratch := add(m, 0xc0)
                mstore(m, 0x5e1420e6482d4138dbc016fa378f064eb120b8b82c866fbb1da0b68c92f8abae)
                mstore(add(m, 0x20), dynamic(s, s, scratch))
                mstore(add(m, 0x40), dynamic(s, add(s, 0x20), scratch))
                mstore(add(m, 0x60), dynamic(s, add(s, 0x40), scratch))
                mstore(add(m, 0x80), dynamic(s, add(s, 0x60), scratch))
                mstore(add(m, 0xa0), calldataload(add(s, 0x80)))
                h := keccak256(m, 0xc0)
            }
            function fees(base, head, m) -> h {
                let length, heads := array(base, head)
                let size := shl(5, length)
                for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                    mstore(add(m, i), fee(tail(heads, add(heads, i)), add(m, size)))
                }
                h := keccak256(m, size)
            }

            let m := mload(0x40)
            let scratch := add(m, 0x100)
            let solver := calldataload(add(order, 0x40))
            if shr(160, solver) { revert(0, 0) }
            mstore(m, 0xee05e73da8f2fce11d34a78a39998b4dd8a56c6298aa9ad2870c3f9a2821dc8e)
            mstore(add(m, 0x20), dynamic(order, order, scratch))
            mstore(add(m, 0x40), dynamic(order, add(order, 0x20), scratch))
            mstore(add(m, 0x60), solver)
            mstore(add(m, 0x80), calldataload(add(order, 0x60)))
            mstore(add(m, 0xa0), inputs(order, add(order, 0x80), scratch))
            mstore(add(m, 0xc0), output(tail(order, add(order, 0xa0)), scratch))
            mstore(add(m, 0xe0), fees(order, add(order, 0xc0), scratch))
            id := keccak256(m, 0x100)
        }
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
}
