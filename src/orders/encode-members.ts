import { describeValue } from "../describe.ts";
import { AttestkitError } from "../errors.ts";
import { encodeOrderAddress } from "./address/index.ts";
import { UnknownOrderChainError } from "./errors.ts";
import { list, member, text, uint256 } from "./fields.ts";
import type { EncodedOrder } from "./types.ts";
import type { ChainVmTypes, OrderVmType } from "./vm-types.ts";

/** The member encoders every order version shares: chain ids and VM-encoded addresses. */
export type MemberEncoders = {
  /** A chain id string and the VM type the map gives it; unknown chains throw `UnknownOrderChainError`. */
  chain(value: unknown, path: string): { chainId: string; vmType: OrderVmType };
  /** An address or currency in the native form of `vmType`, as its `bytes`; errors name `path`. */
  address(value: unknown, vmType: OrderVmType, path: string): ReturnType<typeof encodeOrderAddress>;
};

export function createMemberEncoders(chainVmTypes: ChainVmTypes): MemberEncoders {
  return {
    chain(value, path) {
      const chainId = text(value, path);
      const vmType = Object.hasOwn(chainVmTypes, chainId) ? chainVmTypes[chainId] : undefined;
      if (vmType === undefined) {
        throw new UnknownOrderChainError(
          `${path} ${describeValue(chainId)} is not in the chain → VM type map`,
        );
      }
      return { chainId, vmType };
    },
    address(value, vmType, path) {
      try {
        return encodeOrderAddress(value as string, vmType);
      } catch (error) {
        if (error instanceof AttestkitError) error.message = `${path}: ${error.message}`;
        throw error;
      }
    },
  };
}

/** `fees` (the same `Fee` list in every version): each recipient and currency encoded in its own chain's VM. */
export function encodeFees(order: unknown, members: MemberEncoders): EncodedOrder["fees"] {
  return list(member(order, "fees", "order"), "fees").map((fee, k) => {
    const path = `fees[${k}]`;
    const recipientChain = members.chain(member(fee, "recipientChainId", path), `${path}.recipientChainId`);
    const currencyChain = members.chain(member(fee, "currencyChainId", path), `${path}.currencyChainId`);
    return {
      recipientChainId: recipientChain.chainId,
      recipient: members.address(member(fee, "recipient", path), recipientChain.vmType, `${path}.recipient`),
      currencyChainId: currencyChain.chainId,
      currency: members.address(member(fee, "currency", path), currencyChain.vmType, `${path}.currency`),
      amount: uint256(member(fee, "amount", path), `${path}.amount`),
    };
  });
}
