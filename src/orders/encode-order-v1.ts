import type { Address } from "viem";
import { encodeFees, type MemberEncoders } from "./encode-members.ts";
import { hexBytes, list, member, uint32, uint256 } from "./fields.ts";
import type { EncodedOrder } from "./types.ts";

/** A `"v1"` order's members, validated and VM-encoded (the version was checked by `encodeOrder`). */
export function encodeOrderV1(order: unknown, { chain, address }: MemberEncoders): EncodedOrder {
  const solverChain = chain(member(order, "solverChainId", "order"), "solverChainId");
  const inputs = list(member(order, "inputs", "order"), "inputs").map((input, i) => {
    const payment = member(input, "payment", `inputs[${i}]`);
    const at = `inputs[${i}].payment`;
    const paymentChain = chain(member(payment, "chainId", at), `${at}.chainId`);
    return {
      payment: {
        chainId: paymentChain.chainId,
        currency: address(member(payment, "currency", at), paymentChain.vmType, `${at}.currency`),
        amount: uint256(member(payment, "amount", at), `${at}.amount`),
        weight: uint256(member(payment, "weight", at), `${at}.weight`),
      },
      refunds: list(member(input, "refunds", `inputs[${i}]`), `inputs[${i}].refunds`).map((refund, j) => {
        const path = `inputs[${i}].refunds[${j}]`;
        const refundChain = chain(member(refund, "chainId", path), `${path}.chainId`);
        return {
          chainId: refundChain.chainId,
          recipient: address(member(refund, "recipient", path), refundChain.vmType, `${path}.recipient`),
          currency: address(member(refund, "currency", path), refundChain.vmType, `${path}.currency`),
          minimumAmount: uint256(member(refund, "minimumAmount", path), `${path}.minimumAmount`),
          deadline: uint32(member(refund, "deadline", path), `${path}.deadline`),
          extraData: hexBytes(member(refund, "extraData", path), `${path}.extraData`),
        };
      }),
    };
  });
  const output = member(order, "output", "order");
  const outputChain = chain(member(output, "chainId", "output"), "output.chainId");
  return {
    version: "v1",
    solverChainId: solverChain.chainId,
    solver: address(member(order, "solver", "order"), "ethereum-vm", "solver") as Address,
    salt: uint256(member(order, "salt", "order"), "salt"),
    inputs,
    output: {
      chainId: outputChain.chainId,
      payments: list(member(output, "payments", "output"), "output.payments").map((payment, k) => {
        const path = `output.payments[${k}]`;
        return {
          recipient: address(member(payment, "recipient", path), outputChain.vmType, `${path}.recipient`),
          currency: address(member(payment, "currency", path), outputChain.vmType, `${path}.currency`),
          minimumAmount: uint256(member(payment, "minimumAmount", path), `${path}.minimumAmount`),
          expectedAmount: uint256(member(payment, "expectedAmount", path), `${path}.expectedAmount`),
        };
      }),
      deadline: uint32(member(output, "deadline", "output"), "output.deadline"),
      calls: list(member(output, "calls", "output"), "output.calls").map((call, k) =>
        hexBytes(call, `output.calls[${k}]`),
      ),
      extraData: hexBytes(member(output, "extraData", "output"), "output.extraData"),
    },
    fees: encodeFees(order, { chain, address }),
  };
}
