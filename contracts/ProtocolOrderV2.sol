// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ProtocolOrder} from "./ProtocolOrder.sol";

/// @title ProtocolOrderV2
/// @notice The service's `"v2"` protocol orders on chain (the settlement SDK's next format, beside `"v1"` in
/// {ProtocolOrder}): the EIP-712 structs and the order id, `hashStruct(Order)` with NO domain separator. The
/// solver's signature over the id is checked as for v1 ({ProtocolOrder-recoverSigner}).
/// @dev A v2 order has one relayer with exclusive filling rights (an EVM address), one `deadline` shared by
/// filling and refunding, one `input`, the `refunds` options, and an `output` split into the minimum the
/// relayer withdraws from the output chain's depository (`withdraw`) and what the fill must end with
/// (`fill`: currency, minimum, recipient and the user's `calls`). `fees` are v1's {ProtocolOrder-Fee}.
/// Addresses and currencies are `bytes` already encoded in the VM of their chain, chain ids the protocol's
/// strings, exactly as the service hashes them.
/// WARNING: as in v1, the id binds the order's contents, not a contract or a chain: contracts must record
/// used ids themselves and bind the input to their own chain.
library ProtocolOrderV2 {
    struct Input {
        string chainId;
        bytes currency;
        uint256 amount;
    }

    struct Refund {
        string chainId;
        bytes currency;
        uint256 minimumAmount;
        bytes recipient;
    }

    struct Withdraw {
        bytes currency;
        uint256 minimumAmount;
    }

    struct Fill {
        bytes currency;
        uint256 minimumAmount;
        bytes recipient;
        bytes[] calls;
    }

    struct Output {
        string chainId;
        Withdraw withdraw;
        Fill fill;
    }

    struct Order {
        string version;
        string relayerChainId;
        address relayer;
        uint256 salt;
        uint32 deadline;
        Input input;
        Refund[] refunds;
        Output output;
        ProtocolOrder.Fee[] fees;
    }

    bytes32 internal constant INPUT_TYPEHASH = keccak256("Input(string chainId,bytes currency,uint256 amount)");
    bytes32 internal constant REFUND_TYPEHASH =
        keccak256("Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)");
    bytes32 internal constant WITHDRAW_TYPEHASH = keccak256("Withdraw(bytes currency,uint256 minimumAmount)");
    bytes32 internal constant FILL_TYPEHASH =
        keccak256("Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)");
    bytes32 internal constant OUTPUT_TYPEHASH = keccak256(
        "Output(string chainId,Withdraw withdraw,Fill fill)"
        "Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)"
        "Withdraw(bytes currency,uint256 minimumAmount)"
    );
    bytes32 internal constant ORDER_TYPEHASH = keccak256(
        "Order(string version,string relayerChainId,address relayer,uint256 salt,uint32 deadline,Input input,Refund[] refunds,Output output,Fee[] fees)"
        "Fee(string recipientChainId,bytes recipient,string currencyChainId,bytes currency,uint256 amount)"
        "Fill(bytes currency,uint256 minimumAmount,bytes recipient,bytes[] calls)"
        "Input(string chainId,bytes currency,uint256 amount)"
        "Output(string chainId,Withdraw withdraw,Fill fill)"
        "Refund(string chainId,bytes currency,uint256 minimumAmount,bytes recipient)"
        "Withdraw(bytes currency,uint256 minimumAmount)"
    );

    /// @notice The order id: EIP-712 `hashStruct(order)`, no domain separator.
    /// @dev Walks the order by its memory pointers (a struct in memory is one word per member, a pointer for
    /// each dynamic member) and writes each struct's words to memory past the free memory pointer, hashing
    /// them there: nothing is allocated and `bytes` / `string` members are hashed where they lie. The
    /// relayer, salt and deadline are copied as one run (MCOPY), the `address` and `uint32` then masked to their
    /// width in place, as Solidity would. The type hashes are the constants
    /// above as literals (Yul functions cannot read Solidity constants); the fuzz tests compare it with a
    /// plain `abi.encode` reference.
    function orderId(Order memory order) internal pure returns (bytes32 id) {
        assembly ("memory-safe") {
            // Lists switch on their length, the one-element case first (a switch tests its cases in the order
            // written and one is the common length).
            function bytesHash(p) -> h {
                h := keccak256(add(p, 0x20), mload(p))
            }
            /// Input: typeHash, h(chainId), h(currency), amount.
            function input(s, m) -> h {
                mstore(m, 0xf60f330bccb0564147ef5e2cca0ba28e30c5d80ff9964684b915274bb6707226)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), bytesHash(mload(add(s, 0x20))))
                mstore(add(m, 0x60), mload(add(s, 0x40)))
                h := keccak256(m, 0x80)
            }
            /// keccak256 of the one word `w`, hashed in the scratch space.
            function wordHash(w) -> h {
                mstore(0x00, w)
                h := keccak256(0x00, 0x20)
            }
            /// Refund: typeHash, h(chainId), h(currency), minimumAmount, h(recipient).
            function refund(s, m) -> h {
                mstore(m, 0x0e84ab180395d369bc317d503deabec70102299585b95e20fe2e1270d5516805)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), bytesHash(mload(add(s, 0x20))))
                mstore(add(m, 0x60), mload(add(s, 0x40)))
                mstore(add(m, 0x80), bytesHash(mload(add(s, 0x60))))
                h := keccak256(m, 0xa0)
            }
            function refunds(a, m) -> h {
                switch mload(a)
                case 1 { h := wordHash(refund(mload(add(a, 0x20)), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    // Two elements or more: the loop tests for its end after each element, not before.
                    let size := shl(5, mload(a))
                    let i := 0
                    for { } 1 { } {
                        mstore(add(m, i), refund(mload(add(add(a, 0x20), i)), add(m, size)))
                        i := add(i, 0x20)
                        if eq(i, size) { break }
                    }
                    h := keccak256(m, size)
                }
            }
            /// bytes[]: the keccak of each element's hash.
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
            /// Output: typeHash, h(chainId), hashStruct(Withdraw), hashStruct(Fill); Withdraw and Fill are
            /// hashed first, each at `m`, then Output's words are written over them.
            function output(s, m) -> h {
                // Withdraw: typeHash, h(currency), minimumAmount.
                let w := mload(add(s, 0x20))
                mstore(m, 0xa853ec6d1e558b0731606ef40fdba4d65c3a051d33711196df33f39210c1954d)
                mstore(add(m, 0x20), bytesHash(mload(w)))
                mstore(add(m, 0x40), mload(add(w, 0x20)))
                let withdrawHash := keccak256(m, 0x60)
                // Fill: typeHash, h(currency), minimumAmount, h(recipient), h(calls).
                let f := mload(add(s, 0x40))
                let callsHash := calls(mload(add(f, 0x60)), m)
                mstore(m, 0xeb1cb11cd1fe32d578ab2060abf86dfc33b4a67fea5aed3a214a5dd3d374f61f)
                mstore(add(m, 0x20), bytesHash(mload(f)))
                mstore(add(m, 0x40), mload(add(f, 0x20)))
                mstore(add(m, 0x60), bytesHash(mload(add(f, 0x40))))
                mstore(add(m, 0x80), callsHash)
                let fillHash := keccak256(m, 0xa0)
                mstore(m, 0x159296a38369c83e5e9c626c5216da68f0a6176cb3334be8e15f53030e3b7b25)
                mstore(add(m, 0x20), bytesHash(mload(s)))
                mstore(add(m, 0x40), withdrawHash)
                mstore(add(m, 0x60), fillHash)
                h := keccak256(m, 0x80)
            }
            /// Fee (v1's Fee): typeHash, h(recipientChainId), h(recipient), h(currencyChainId), h(currency),
            /// amount.
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
                case 1 { h := wordHash(fee(mload(add(a, 0x20)), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, mload(a))
                    let i := 0
                    for { } 1 { } {
                        mstore(add(m, i), fee(mload(add(add(a, 0x20), i)), add(m, size)))
                        i := add(i, 0x20)
                        if eq(i, size) { break }
                    }
                    h := keccak256(m, size)
                }
            }

            // The nested members first (their scratch at `m`), then the order's words over it.
            let m := mload(0x40)
            let inputHash := input(mload(add(order, 0xa0)), m)
            let refundsHash := refunds(mload(add(order, 0xc0)), m)
            let outputHash := output(mload(add(order, 0xe0)), m)
            let feesHash := fees(mload(add(order, 0x100)), m)
            mstore(m, 0xb7f486624026ae401825ef4a258d2cc1e12a28b9005c12d5086930b7b094b645)
            mstore(add(m, 0x20), bytesHash(mload(order)))
            mstore(add(m, 0x40), bytesHash(mload(add(order, 0x20))))
            mcopy(add(m, 0x60), add(order, 0x40), 0x60)
            mstore(add(m, 0x60), and(mload(add(m, 0x60)), 0xffffffffffffffffffffffffffffffffffffffff))
            mstore(add(m, 0xa0), and(mload(add(m, 0xa0)), 0xffffffff))
            mstore(add(m, 0xc0), inputHash)
            mstore(add(m, 0xe0), refundsHash)
            mstore(add(m, 0x100), outputHash)
            mstore(add(m, 0x120), feesHash)
            id := keccak256(m, 0x140)
        }
    }

    /// @notice {orderId} of an order still in calldata (an external function's `Order calldata` argument),
    /// hashed where it lies instead of being decoded into memory first: the cheaper form for contracts that
    /// take orders.
    /// @dev Walks the ABI encoding through the same offsets Solidity's calldata accessors follow, copying each
    /// `bytes` / `string` member to memory past the free memory pointer to hash it; nothing is allocated. The
    /// order, its output and each input, refund and fee hash their members first, each at the struct's own
    /// memory, keep the hashes on the stack and only then write their words there: the memory touched stays a
    /// few words past the free memory pointer (memory expansion costs gas). A
    /// `uint32` or `address` word with high bits set reverts, as the decoder would. As in
    /// {ProtocolOrder-orderIdCalldata}, offsets and lengths are NOT range-checked: a malformed offset makes the
    /// id commit to whatever bytes it points at (zeros past the end of calldata), the id of some other order,
    /// never a forgery of a signed one. The fuzz tests compare it with the plain `abi.encode` reference.
    function orderIdCalldata(Order calldata order) internal pure returns (bytes32 id) {
        assembly ("memory-safe") {
            /// Position of the dynamic member whose offset is stored at `head` (relative to `base`).
            function tail(base, head) -> p {
                p := add(base, calldataload(head))
            }
            /// keccak256 of the `bytes` / `string` whose offset is stored at `head`; `m` is scratch memory.
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
            /// Length and first element head of the array whose offset is stored at `head`.
            function array(base, head) -> length, heads {
                let p := add(base, calldataload(head))
                length := calldataload(p)
                heads := add(p, 0x20)
            }
            function input(s, m) -> h {
                let chainId := dynamic(s, s, m)
                let currency := dynamic(s, add(s, 0x20), m)
                mstore(m, 0xf60f330bccb0564147ef5e2cca0ba28e30c5d80ff9964684b915274bb6707226)
                mstore(add(m, 0x20), chainId)
                mstore(add(m, 0x40), currency)
                mstore(add(m, 0x60), calldataload(add(s, 0x40)))
                h := keccak256(m, 0x80)
            }
            function refund(s, m) -> h {
                let chainId := dynamic(s, s, m)
                let currency := dynamic(s, add(s, 0x20), m)
                let recipient := dynamic(s, add(s, 0x60), m)
                mstore(m, 0x0e84ab180395d369bc317d503deabec70102299585b95e20fe2e1270d5516805)
                mstore(add(m, 0x20), chainId)
                mstore(add(m, 0x40), currency)
                mstore(add(m, 0x60), calldataload(add(s, 0x40)))
                mstore(add(m, 0x80), recipient)
                h := keccak256(m, 0xa0)
            }
            function refunds(base, head, m) -> h {
                let length, heads := array(base, head)
                switch length
                case 1 { h := wordHash(refund(tail(heads, heads), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, length)
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), refund(tail(heads, add(heads, i)), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }
            function calls(base, head, m) -> h {
                let length, heads := array(base, head)
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
            function withdraw(s, m) -> h {
                mstore(m, 0xa853ec6d1e558b0731606ef40fdba4d65c3a051d33711196df33f39210c1954d)
                mstore(add(m, 0x20), dynamic(s, s, add(m, 0x60)))
                mstore(add(m, 0x40), calldataload(add(s, 0x20)))
                h := keccak256(m, 0x60)
            }
            function fill(s, m) -> h {
                let scratch := add(m, 0xa0)
                mstore(m, 0xeb1cb11cd1fe32d578ab2060abf86dfc33b4a67fea5aed3a214a5dd3d374f61f)
                mstore(add(m, 0x20), dynamic(s, s, scratch))
                mstore(add(m, 0x40), calldataload(add(s, 0x20)))
                mstore(add(m, 0x60), dynamic(s, add(s, 0x40), scratch))
                mstore(add(m, 0x80), calls(s, add(s, 0x60), scratch))
                h := keccak256(m, 0xa0)
            }
            function output(s, m) -> h {
                let withdrawHash := withdraw(tail(s, add(s, 0x20)), m)
                let fillHash := fill(tail(s, add(s, 0x40)), m)
                let chainId := dynamic(s, s, m)
                mstore(m, 0x159296a38369c83e5e9c626c5216da68f0a6176cb3334be8e15f53030e3b7b25)
                mstore(add(m, 0x20), chainId)
                mstore(add(m, 0x40), withdrawHash)
                mstore(add(m, 0x60), fillHash)
                h := keccak256(m, 0x80)
            }
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
                let length, heads := array(base, head)
                switch length
                case 1 { h := wordHash(fee(tail(heads, heads), m)) }
                case 0 { h := 0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470 }
                default {
                    let size := shl(5, length)
                    for { let i := 0 } lt(i, size) { i := add(i, 0x20) } {
                        mstore(add(m, i), fee(tail(heads, add(heads, i)), add(m, size)))
                    }
                    h := keccak256(m, size)
                }
            }

            // The nested members first, each hashed at `m`, then the order's words over them.
            let m := mload(0x40)
            let inputHash := input(tail(order, add(order, 0xa0)), m)
            let refundsHash := refunds(order, add(order, 0xc0), m)
            let outputHash := output(tail(order, add(order, 0xe0)), m)
            let feesHash := fees(order, add(order, 0x100), m)
            let version := dynamic(order, order, m)
            let relayerChainId := dynamic(order, add(order, 0x20), m)
            // relayer, salt, deadline: one copy, then the width checks.
            calldatacopy(add(m, 0x60), add(order, 0x40), 0x60)
            if or(shr(160, mload(add(m, 0x60))), shr(32, mload(add(m, 0xa0)))) { revert(0, 0) }
            mstore(m, 0xb7f486624026ae401825ef4a258d2cc1e12a28b9005c12d5086930b7b094b645)
            mstore(add(m, 0x20), version)
            mstore(add(m, 0x40), relayerChainId)
            mstore(add(m, 0xc0), inputHash)
            mstore(add(m, 0xe0), refundsHash)
            mstore(add(m, 0x100), outputHash)
            mstore(add(m, 0x120), feesHash)
            id := keccak256(m, 0x140)
        }
    }
}
