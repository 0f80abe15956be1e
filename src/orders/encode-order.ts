import type { Address } from "viem";
import { describeValue } from "../describe.ts";
import { AttestkitError } from "../errors.ts";
import { encodeOrderAddress } from "./address/index.ts";
import { UnknownOrderChainError, UnsupportedOrderVersionError } from "./errors.ts";
import { hexBytes, list, member, text, uint32, uint256 } from "./fields.ts";
import { ORDER_FORMATS } from "./typed-data.ts";
import type { EncodedOrder } from "./types.ts";
import type { ChainVmTypes, OrderVmType } from "./vm-types.ts";

/**
 * Validates `order` (the service's `orderData`) and encodes every address and
 * currency in the VM of its chain, as the order id hashes them. Every problem
 * throws a typed error naming the member (`inputs[0].refunds[1].recipient`).
 */
export function encodeOrder(order: unknown, chainVmTypes: ChainVmTypes): EncodedOrder {
  const version = text(member(order, "version", "order"), "order.version");
  if (!Object.hasOwn(ORDER_FORMATS, version)) {
    throw new UnsupportedOrderVersionError(
      `order version ${describeValue(version)} is not supported (supported: ${Object.keys(ORDER_FORMATS).join(", ")})`,
    );
  }
  const chain = (value: unknown, path: string) => {
    const chainId = text(value, path);
    const vmType = Object.hasOwn(chainVmTypes, chainId) ? chainVmTypes[chainId] : undefined;
    if (vmType === undefined) {
      throw new UnknownOrderChainError(`${path} ${describeValue(chainId)} is not in the chain → VM type map`);
    }
    return { chainId, vmType };
  };
  const address = (value: unknown, vmType: OrderVmType, path: string) => {
    try {
      return encodeOrderAddress(value as string, vmType);
    } catch (error) {
      if (error instanceof AttestkitError) error.message = `${path}: ${error.message}`;
      throw error;
    }
  };

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
  const encoded: EncodedOrder = {
    version,
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
    fees: list(member(order, "fees", "order"), "fees").map((fee, k) => {
      const path = `fees[${k}]`;
      const recipientChain = chain(member(fee, "recipientChainId", path), `${path}.recipientChainId`);
      const currencyChain = chain(member(fee, "currencyChainId", path), `${path}.currencyChainId`);
      return {
        recipientChainId: recipientChain.chainId,
        recipient: address(member(fee, "recipient", path), recipientChain.vmType, `${path}.recipient`),
        currencyChainId: currencyChain.chainId,
        currency: address(member(fee, "currency", path), currencyChain.vmType, `${path}.currency`),
        amount: uint256(member(fee, "amount", path), `${path}.amount`),
      };
    }),
  };
  return encoded;
}
