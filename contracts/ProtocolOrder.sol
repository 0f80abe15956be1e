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
            // As in {orderIdCalldata}: each struct hashes its nested members first, keeping their hashes on
            // the stack, then writes its own words at `m` and hashes them, so the memory touched stays a few
            // words past the free memory pointer (memory expansion costs gas). `bytes` / `string` members are
            // hashed where they lie. A list of one element (the common shape) hashes that element at `m` and
            // its one-word list in the scratch space, without a loop; an empty list's hash is the constant
            // keccak256(""); a longer list writes its element hashes at `m` and hashes each element past them.
            // A switch tests its cases in the order written: the likelier length comes first (one, but zero
            // for the fees, most often none).
            function bytesHash(p) -> h {
                h := keccak256(add(p, 0x20), mload(p))
            }
            /// keccak256 of the one word `w`, hashed in the scratch space.
            function wordHash(w) -> h {
                mstore(0x00, w)
                h := keccak256(0x00, 0x20)
            }
            /// InputPayment: typeHash, h(chainId), h(currency), amount, weight.
            function inputPayment(s, m) -> h {
                mstore(m, 0x66edc7ab4e5f0ad0adad21638ffff360dbf956d89a28f9ec6cdd3e7a123bb4eb)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), bytesHash(mload(add(s, 0x20))))
                mcopy(add(m, 0x60), add(s, 0x40), 0x40)
                h := keccak256(m, 0xa0)
            }
            /// InputRefund: typeHash, h(chainId), h(recipient), h(currency), minimumAmount, deadline,
            /// h(extraData).
            function refund(s, m) -> h {
                mstore(m, 0x9f8e11410c9bfb023e54a2bfcc41ef4f8db1fe4bb5db7873169ff3aead2bf0e2)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), bytesHash(mload(add(s, 0x20))))
                mstore(add(m, 0x60), bytesHash(mload(add(s, 0x40))))
                mstore(add(m, 0x80), mload(add(s, 0x60)))
                mstore(add(m, 0xa0), and(mload(add(s, 0x80)), 0xffffffff))
                mstore(add(m, 0xc0), bytesHash(mload(add(s, 0xa0))))
                h := keccak256(m, 0xe0)
            }
            function refunds(a, m) -> h {
                switch mload(a)
                case 1 { h := wordHash(refund(mload(add(a, 0x20)), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, mload(a))
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), refund(mload(add(add(a, 0x20), i)), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }
            /// Input: typeHash, hashStruct(payment), h(refunds). The words are written as they are hashed,
            /// the nested scratch past them: holding the payment's hash on the stack across the refunds costs
            /// more.
            function input(s, m) -> h {
                mstore(m, 0xc5b0643c7427e4816be79fd8064fc108fc7c5aefbe7016b1eeeb150228f93745)
                mstore(add(m, 0x20), inputPayment(mload(s), add(m, 0x60)))
                mstore(add(m, 0x40), refunds(mload(add(s, 0x20)), add(m, 0x60)))
                h := keccak256(m, 0x60)
            }
            function inputs(a, m) -> h {
                switch mload(a)
                case 1 { h := wordHash(input(mload(add(a, 0x20)), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, mload(a))
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), input(mload(add(add(a, 0x20), i)), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }
            /// OutputPayment: typeHash, h(recipient), h(currency), minimumAmount, expectedAmount.
            function outputPayment(s, m) -> h {
                mstore(m, 0x96c6557b6ec114bb9ff5291394bf5f35c3685043c1a46f43146634a70dca0cdc)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), bytesHash(mload(add(s, 0x20))))
                mcopy(add(m, 0x60), add(s, 0x40), 0x40)
                h := keccak256(m, 0xa0)
            }
            function outputPayments(a, m) -> h {
                switch mload(a)
                case 1 { h := wordHash(outputPayment(mload(add(a, 0x20)), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, mload(a))
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), outputPayment(mload(add(add(a, 0x20), i)), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }
            /// bytes[]: the hash of each element's hash.
            function calls(a, m) -> h {
                switch mload(a)
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, mload(a))
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), bytesHash(mload(add(add(a, 0x20), i))))
                    }
                    h := keccak256(m, size)
                }
            }
            /// Output: typeHash, h(chainId), h(payments), deadline, h(calls), h(extraData).
            function output(s, m) -> h {
                let payments := outputPayments(mload(add(s, 0x20)), m)
                let callsHash := calls(mload(add(s, 0x60)), m)
                mstore(m, 0xec5bd83409077be71a3fbc2c8578ea7dd1aa0ce0a7be97571a0a89e61e2c2269)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), payments)
                mstore(add(m, 0x60), and(mload(add(s, 0x40)), 0xffffffff))
                mstore(add(m, 0x80), callsHash)
                mstore(add(m, 0xa0), bytesHash(mload(add(s, 0x80))))
                h := keccak256(m, 0xc0)
            }
            /// Fee: typeHash, h(recipientChainId), h(recipient), h(currencyChainId), h(currency), amount.
            function fee(s, m) -> h {
                mstore(m, 0x5e1420e6482d4138dbc016fa378f064eb120b8b82c866fbb1da0b68c92f8abae)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), bytesHash(mload(add(s, 0x20))))
                mstore(add(m, 0x60), bytesHash(mload(add(s, 0x40))))
                mstore(add(m, 0x80), bytesHash(mload(add(s, 0x60))))
                mstore(add(m, 0xa0), mload(add(s, 0x80)))
                h := keccak256(m, 0xc0)
            }
            function fees(a, m) -> h {
                switch mload(a)
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                case 1 { h := wordHash(fee(mload(add(a, 0x20)), m)) }
                default {
                    let size := shl(5, mload(a))
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), fee(mload(add(add(a, 0x20), i)), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }

            // Order: typeHash, h(version), h(solverChainId), solver, salt, h(inputs), hashStruct(output),
            // h(fees).
            let m := mload(0x40)
            let inputsHash := inputs(mload(add(order, 0x80)), m)
            let outputHash := output(mload(add(order, 0xa0)), m)
            let feesHash := fees(mload(add(order, 0xc0)), m)
            mstore(m, 0xee05e73da8f2fce11d34a78a39998b4dd8a56c6298aa9ad2870c3f9a2821dc8e)
            mstore(add(m, 0x20), bytesHash(mload(order)))
            mstore(add(m, 0x40), bytesHash(mload(add(order, 0x20))))
            mstore(add(m, 0x60), and(mload(add(order, 0x40)), 0xffffffffffffffffffffffffffffffffffffffff))
            mstore(add(m, 0x80), mload(add(order, 0x60)))
            mstore(add(m, 0xa0), inputsHash)
            mstore(add(m, 0xc0), outputHash)
            mstore(add(m, 0xe0), feesHash)
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
    /// a signed one. A contract that also reads the order's fields reads them through these same offsets (as
    /// `OrderGatedDepositor` does), so what it checks is what the id commits to, or through Solidity's
    /// accessors, which revert on such an encoding.
    /// The type hashes are the constants above as literals (Yul functions cannot read Solidity constants);
    /// the fuzz tests compare both forms with an `abi.encode` reference, non-canonical encodings included.
    function orderIdCalldata(Order calldata order) internal pure returns (bytes32 id) {
        assembly ("memory-safe") {
            // Every struct hashes its members first, keeping their hashes on the stack, and only then writes
            // its own words at `m` and hashes them: the members' scratch and the struct's words share one
            // region, so the memory touched stays a few words past the free memory pointer (memory expansion
            // costs gas) and no scratch pointer is threaded through the nesting. A `uint32` / `address` word is
            // checked for high bits after it is copied into place. Lists switch on their length
            // as in {orderId} (the length word itself: scaling it to bytes waits for a longer list); a longer
            // list writes its element hashes at `m` and hashes each element past them.

            /// keccak256 of the `bytes` / `string` whose offset (relative to `base`) is stored at `head`,
            /// copied to `m` to hash it.
            function dynamic(base, head, m) -> h {
                let p := add(base, calldataload(head))
                let length := calldataload(p)
                calldatacopy(m, add(p, 0x20), length)
                h := keccak256(m, length)
            }
            /// keccak256 of the one word `w`, hashed in the scratch space.
            function wordHash(w) -> h {
                mstore(0x00, w)
                h := keccak256(0x00, 0x20)
            }
            /// InputPayment: typeHash, h(chainId), h(currency), amount, weight (the last two copied as one run).
            function inputPayment(s, m) -> h {
                let chainId := dynamic(s, s, m)
                let currency := dynamic(s, add(s, 0x20), m)
                mstore(m, 0x66edc7ab4e5f0ad0adad21638ffff360dbf956d89a28f9ec6cdd3e7a123bb4eb)
                mstore(add(m, 0x20), chainId)
                mstore(add(m, 0x40), currency)
                calldatacopy(add(m, 0x60), add(s, 0x40), 0x40)
                h := keccak256(m, 0xa0)
            }
            /// InputRefund: typeHash, h(chainId), h(recipient), h(currency), minimumAmount, deadline,
            /// h(extraData); minimumAmount and deadline copied as one run, the deadline's width checked in place.
            function refund(s, m) -> h {
                let chainId := dynamic(s, s, m)
                let recipient := dynamic(s, add(s, 0x20), m)
                let currency := dynamic(s, add(s, 0x40), m)
                let extraData := dynamic(s, add(s, 0xa0), m)
                mstore(m, 0x9f8e11410c9bfb023e54a2bfcc41ef4f8db1fe4bb5db7873169ff3aead2bf0e2)
                mstore(add(m, 0x20), chainId)
                mstore(add(m, 0x40), recipient)
                mstore(add(m, 0x60), currency)
                calldatacopy(add(m, 0x80), add(s, 0x60), 0x40)
                if shr(32, mload(add(m, 0xa0))) { revert(0, 0) }
                mstore(add(m, 0xc0), extraData)
                h := keccak256(m, 0xe0)
            }
            /// Position and length of the array whose offset (relative to `base`) is stored at `head`: its
            /// element heads start at `heads`.
            function array(base, head) -> heads, length {
                let p := add(base, calldataload(head))
                length := calldataload(p)
                heads := add(p, 0x20)
            }
            function refunds(base, head, m) -> h {
                let heads, length := array(base, head)
                switch length
                case 1 { h := wordHash(refund(add(heads, calldataload(heads)), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, length)
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), refund(add(heads, calldataload(add(heads, i))), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }
            /// Input: typeHash, hashStruct(payment), h(refunds).
            function input(s, m) -> h {
                let payment := inputPayment(add(s, calldataload(s)), m)
                let refundsHash := refunds(s, add(s, 0x20), m)
                mstore(m, 0xc5b0643c7427e4816be79fd8064fc108fc7c5aefbe7016b1eeeb150228f93745)
                mstore(add(m, 0x20), payment)
                mstore(add(m, 0x40), refundsHash)
                h := keccak256(m, 0x60)
            }
            function inputs(base, head, m) -> h {
                let heads, length := array(base, head)
                switch length
                case 1 { h := wordHash(input(add(heads, calldataload(heads)), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, length)
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), input(add(heads, calldataload(add(heads, i))), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }
            /// OutputPayment: typeHash, h(recipient), h(currency), minimumAmount, expectedAmount (one run).
            function outputPayment(s, m) -> h {
                let recipient := dynamic(s, s, m)
                let currency := dynamic(s, add(s, 0x20), m)
                mstore(m, 0x96c6557b6ec114bb9ff5291394bf5f35c3685043c1a46f43146634a70dca0cdc)
                mstore(add(m, 0x20), recipient)
                mstore(add(m, 0x40), currency)
                calldatacopy(add(m, 0x60), add(s, 0x40), 0x40)
                h := keccak256(m, 0xa0)
            }
            function outputPayments(base, head, m) -> h {
                let heads, length := array(base, head)
                switch length
                case 1 { h := wordHash(outputPayment(add(heads, calldataload(heads)), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, length)
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), outputPayment(add(heads, calldataload(add(heads, i))), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }
            /// bytes[]: the hash of each element's hash.
            function calls(base, head, m) -> h {
                let heads, length := array(base, head)
                switch length
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, length)
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), dynamic(heads, add(heads, i), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }
            /// Output: typeHash, h(chainId), h(payments), deadline, h(calls), h(extraData).
            function output(s, m) -> h {
                let chainId := dynamic(s, s, m)
                let payments := outputPayments(s, add(s, 0x20), m)
                let callsHash := calls(s, add(s, 0x60), m)
                let extraData := dynamic(s, add(s, 0x80), m)
                mstore(m, 0xec5bd83409077be71a3fbc2c8578ea7dd1aa0ce0a7be97571a0a89e61e2c2269)
                mstore(add(m, 0x20), chainId)
                mstore(add(m, 0x40), payments)
                mstore(add(m, 0x60), calldataload(add(s, 0x40)))
                mstore(add(m, 0x80), callsHash)
                mstore(add(m, 0xa0), extraData)
                if shr(32, mload(add(m, 0x60))) { revert(0, 0) }
                h := keccak256(m, 0xc0)
            }
            /// Fee: typeHash, h(recipientChainId), h(recipient), h(currencyChainId), h(currency), amount.
            function fee(s, m) -> h {
                let recipientChainId := dynamic(s, s, m)
                let recipient := dynamic(s, add(s, 0x20), m)
                let currencyChainId := dynamic(s, add(s, 0x40), m)
                let currency := dynamic(s, add(s, 0x60), m)
                mstore(m, 0x5e1420e6482d4138dbc016fa378f064eb120b8b82c866fbb1da0b68c92f8abae)
                mstore(add(m, 0x20), recipientChainId)
                mstore(add(m, 0x40), recipient)
                mstore(add(m, 0x60), currencyChainId)
                mstore(add(m, 0x80), currency)
                mstore(add(m, 0xa0), calldataload(add(s, 0x80)))
                h := keccak256(m, 0xc0)
            }
            function fees(base, head, m) -> h {
                let heads, length := array(base, head)
                switch length
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                case 1 { h := wordHash(fee(add(heads, calldataload(heads)), m)) }
                default {
                    let size := shl(5, length)
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), fee(add(heads, calldataload(add(heads, i))), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }

            // Order: typeHash, h(version), h(solverChainId), solver, salt, h(inputs), hashStruct(output),
            // h(fees).
            let m := mload(0x40)
            let version := dynamic(order, order, m)
            let solverChainId := dynamic(order, add(order, 0x20), m)
            let inputsHash := inputs(order, add(order, 0x80), m)
            let outputHash := output(add(order, calldataload(add(order, 0xa0))), m)
            let feesHash := fees(order, add(order, 0xc0), m)
            mstore(m, 0xee05e73da8f2fce11d34a78a39998b4dd8a56c6298aa9ad2870c3f9a2821dc8e)
            mstore(add(m, 0x20), version)
            mstore(add(m, 0x40), solverChainId)
            calldatacopy(add(m, 0x60), add(order, 0x40), 0x40) // solver, salt; the address checked in place
            if shr(160, mload(add(m, 0x60))) { revert(0, 0) }
            mstore(add(m, 0xa0), inputsHash)
            mstore(add(m, 0xc0), outputHash)
            mstore(add(m, 0xe0), feesHash)
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
