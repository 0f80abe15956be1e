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
    function orderId(Order memory order) internal pure returns (bytes32) {
        return keccak256(
            abi.encode(
                ORDER_TYPEHASH,
                keccak256(bytes(order.version)),
                keccak256(bytes(order.relayerChainId)),
                order.relayer,
                order.salt,
                order.deadline,
                _input(order.input),
                _refunds(order.refunds),
                _output(order.output),
                _fees(order.fees)
            )
        );
    }

    /// @notice {orderId} of an order held in calldata (an external function's `Order calldata` argument).
    /// @dev Copies the order to memory first (Solidity's ABI decoder, which refuses malformed offsets and
    /// dirty `address` / `uint32` words), then hashes it as {orderId}: one implementation for both forms.
    function orderIdCalldata(Order calldata order) internal pure returns (bytes32) {
        return orderId(order);
    }

    /// @dev `hashStruct(Input)`.
    function _input(Input memory input) private pure returns (bytes32) {
        return keccak256(
            abi.encode(INPUT_TYPEHASH, keccak256(bytes(input.chainId)), keccak256(input.currency), input.amount)
        );
    }

    /// @dev The `Refund[]` member: keccak256 of the refunds' `hashStruct`s.
    function _refunds(Refund[] memory refunds) private pure returns (bytes32) {
        bytes32[] memory hashes = new bytes32[](refunds.length);
        for (uint256 i; i < refunds.length; ++i) {
            Refund memory r = refunds[i];
            hashes[i] = keccak256(
                abi.encode(
                    REFUND_TYPEHASH,
                    keccak256(bytes(r.chainId)),
                    keccak256(r.currency),
                    r.minimumAmount,
                    keccak256(r.recipient)
                )
            );
        }
        return keccak256(abi.encodePacked(hashes));
    }

    /// @dev `hashStruct(Output)`, with `hashStruct(Withdraw)`, `hashStruct(Fill)` and the `bytes[] calls` member.
    function _output(Output memory output) private pure returns (bytes32) {
        Withdraw memory w = output.withdraw;
        Fill memory f = output.fill;
        bytes32[] memory calls = new bytes32[](f.calls.length);
        for (uint256 i; i < calls.length; ++i) {
            calls[i] = keccak256(f.calls[i]);
        }
        bytes32 withdraw = keccak256(abi.encode(WITHDRAW_TYPEHASH, keccak256(w.currency), w.minimumAmount));
        bytes32 fill = keccak256(
            abi.encode(
                FILL_TYPEHASH,
                keccak256(f.currency),
                f.minimumAmount,
                keccak256(f.recipient),
                keccak256(abi.encodePacked(calls))
            )
        );
        return keccak256(abi.encode(OUTPUT_TYPEHASH, keccak256(bytes(output.chainId)), withdraw, fill));
    }

    /// @dev The `Fee[]` member, `Fee` hashed as in v1 ({ProtocolOrder-FEE_TYPEHASH}).
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
}
