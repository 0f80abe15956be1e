/**
 * Quotes with `useDepositAddress: true` (strict deposit addresses): the deposit step is a plain
 * transfer to the address of the quote's order and its user (the depositor), which the service's
 * watcher sweeps into the depository (`deposit-address-watcher.ts`). A strict address needs
 * `refundTo`, an origin-chain address refunds go to, and a chain with deposit addresses.
 */
import { type Address, encodeFunctionData, erc20Abi, type Hex, zeroAddress } from "viem";
import { parseEvmAddress } from "../address/index.ts";
import type { QuoteStep, QuoteV2Body, RequestRecord } from "../schemas/index.ts";
import { assertSvmAddress } from "../svm/index.ts";
import type { DepositAddressChain } from "./chains/types.ts";
import { badRequest } from "./errors.ts";
import type { ValidatedQuote } from "./validated-quote.ts";

/** A chain's deposit addresses and its head, for quoting. */
export interface QuotableDepositAddresses {
  chain: DepositAddressChain;
  head(): Promise<number>;
}

/** What a deposit-address quote settled before its order is issued. */
export interface DepositAddressPlan {
  chain: DepositAddressChain;
  /** The origin chain's head when quoted: payments are read from the block after it. */
  head: number;
  refundTo: string;
}

/**
 * Checks a deposit-address quote: `refundTo` present and an origin-chain address, a chain with deposit
 * addresses. Throws MISSING_REFUND_TO / INVALID_ADDRESS / ADDRESS_VM_MISMATCH /
 * DEPOSIT_ADDRESS_UNSUPPORTED (400).
 */
export async function planDepositAddress(
  q: ValidatedQuote,
  body: QuoteV2Body,
  lookup: ((chainId: number) => QuotableDepositAddresses | undefined) | undefined,
): Promise<DepositAddressPlan> {
  if (body.refundTo === undefined) {
    throw badRequest(
      "MISSING_REFUND_TO",
      "refundTo is required with useDepositAddress: a strict deposit address refunds only to it",
    );
  }
  let refundTo: string;
  if (q.originVm === "svm") {
    assertSvmAddress(body.refundTo, "refundTo");
    refundTo = body.refundTo;
  } else refundTo = parseEvmAddress(body.refundTo, "refundTo");
  if (q.originVm === "evm" && q.user === zeroAddress) {
    throw badRequest(
      "INVALID_ADDRESS",
      "user is the depositor a strict deposit address credits: the zero address cannot be one",
    );
  }
  const found = lookup?.(body.originChainId);
  if (found === undefined) {
    throw badRequest(
      "DEPOSIT_ADDRESS_UNSUPPORTED",
      `chain ${body.originChainId} has no deposit-address factory here: quote without useDepositAddress`,
    );
  }
  return { chain: found.chain, head: await found.head(), refundTo };
}

/** The deposit step: pay the address by a plain transfer (EVM: native value, or an ERC-20 `transfer`). */
export function depositAddressStep(q: ValidatedQuote, requestId: Hex, address: string): QuoteStep {
  if (q.originVm !== "evm") {
    throw badRequest(
      "DEPOSIT_ADDRESS_UNSUPPORTED",
      `deposit-address steps on the ${q.originVm} chain are not built`,
    );
  }
  const token = q.originCurrency as Address;
  const data =
    token.toLowerCase() === zeroAddress
      ? { to: address, data: "0x", value: q.amount.toString() }
      : {
          to: token,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: "transfer",
            args: [address as Address, q.amount],
          }),
          value: "0",
        };
  return {
    id: "deposit",
    action: "Send funds to the deposit address",
    description: "A plain transfer to the deposit address: no calldata, no approval",
    kind: "transaction",
    requestId,
    depositAddress: address,
    items: [
      {
        status: "incomplete",
        data: { from: q.user, chainId: q.body.originChainId, ...data },
        check: { endpoint: `/intents/status/v3?requestId=${requestId}`, method: "GET" },
      },
    ],
  };
}

/** The request record's `depositAddress` of a fresh strict deposit-address quote. */
export function depositAddressRecord(
  address: string,
  depositor: string,
): NonNullable<RequestRecord["depositAddress"]> {
  return { address, type: "strict", depositor, depositTxHash: null, recoveryAddress: null };
}
