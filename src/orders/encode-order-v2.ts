import type { Address } from "viem";
import { encodeFees, type MemberEncoders } from "./encode-members.ts";
import { hexBytes, list, member, uint32, uint256 } from "./fields.ts";
import type { EncodedOrderV2 } from "./types.ts";

/**
 * A `"v2"` order's members, validated and VM-encoded (the version was checked by `encodeOrder`): the
 * input's currency in the VM of the input's chain, each refund's currency and recipient in the VM of its
 * own chain, the withdraw and fill currencies and the fill recipient in the VM of the output chain, the
 * relayer as an EVM address.
 */
export function encodeOrderV2(order: unknown, { chain, address }: MemberEncoders): EncodedOrderV2 {
  const relayerChain = chain(member(order, "relayerChainId", "order"), "relayerChainId");
  const input = member(order, "input", "order");
  const inputChain = chain(member(input, "chainId", "input"), "input.chainId");
  const output = member(order, "output", "order");
  const outputChain = chain(member(output, "chainId", "output"), "output.chainId");
  const withdraw = member(output, "withdraw", "output");
  const fill = member(output, "fill", "output");
  return {
    version: "v2",
    relayerChainId: relayerChain.chainId,
    relayer: address(member(order, "relayer", "order"), "ethereum-vm", "relayer") as Address,
    salt: uint256(member(order, "salt", "order"), "salt"),
    deadline: uint32(member(order, "deadline", "order"), "deadline"),
    input: {
      chainId: inputChain.chainId,
      currency: address(member(input, "currency", "input"), inputChain.vmType, "input.currency"),
      amount: uint256(member(input, "amount", "input"), "input.amount"),
    },
    refunds: list(member(order, "refunds", "order"), "refunds").map((refund, j) => {
      const path = `refunds[${j}]`;
      const refundChain = chain(member(refund, "chainId", path), `${path}.chainId`);
      return {
        chainId: refundChain.chainId,
        currency: address(member(refund, "currency", path), refundChain.vmType, `${path}.currency`),
        minimumAmount: uint256(member(refund, "minimumAmount", path), `${path}.minimumAmount`),
        recipient: address(member(refund, "recipient", path), refundChain.vmType, `${path}.recipient`),
      };
    }),
    output: {
      chainId: outputChain.chainId,
      withdraw: {
        currency: address(
          member(withdraw, "currency", "output.withdraw"),
          outputChain.vmType,
          "output.withdraw.currency",
        ),
        minimumAmount: uint256(
          member(withdraw, "minimumAmount", "output.withdraw"),
          "output.withdraw.minimumAmount",
        ),
      },
      fill: {
        currency: address(
          member(fill, "currency", "output.fill"),
          outputChain.vmType,
          "output.fill.currency",
        ),
        minimumAmount: uint256(member(fill, "minimumAmount", "output.fill"), "output.fill.minimumAmount"),
        recipient: address(
          member(fill, "recipient", "output.fill"),
          outputChain.vmType,
          "output.fill.recipient",
        ),
        calls: list(member(fill, "calls", "output.fill"), "output.fill.calls").map((call, k) =>
          hexBytes(call, `output.fill.calls[${k}]`),
        ),
      },
    },
    fees: encodeFees(order, { chain, address }),
  };
}
