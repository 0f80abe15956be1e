/**
 * How the mock's solver sends one leg of a request that has an order, as that order states it: through
 * the fill contract the order names (v1: `output.extraData` for the fill, the refund option's
 * `extraData` for a refund; a v2 order names none, so the chain's configured router) and, for a fill,
 * with the order's user calls. The EVM adapter decides from these whether a plain transfer will do.
 */
import type { Hex } from "viem";
import { decodeFillContractExtraData, decodeOrderCall, type OrderChain } from "../orders/index.ts";
import type { TransferParams } from "./chains/types.ts";
import type { RequestMeta } from "./records.ts";

/**
 * The router and user calls of `leg` of a request (its `order`, else its quoted `calls`) on `chain`:
 * nothing off EVM chains. A request without an order goes through the chain's configured router.
 */
export function legRoute(
  meta: Pick<RequestMeta, "order" | "calls">,
  leg: "fill" | "refund",
  chain: OrderChain | undefined,
  fillRouters: ReadonlyMap<number, string>,
): Pick<TransferParams, "router" | "calls"> {
  if (chain === undefined || chain.vmType !== "ethereum-vm") return {};
  const { order } = meta;
  const router =
    order === undefined
      ? (fillRouters.get(chain.id) ?? null)
      : order.version === "v1"
        ? decodeFillContractExtraData(
            leg === "fill"
              ? order.output.extraData
              : (order.inputs
                  .flatMap((input) => input.refunds)
                  .find((r) => r.chainId === chain.protocolChainId)?.extraData ?? "0x"),
          )
        : (fillRouters.get(chain.id) ?? null);
  const calls =
    leg === "refund"
      ? []
      : order === undefined
        ? (meta.calls ?? [])
        : order.version === "v1"
          ? order.output.calls
          : order.output.fill.calls;
  return {
    ...(router === null ? {} : { router }),
    ...(calls.length === 0 ? {} : { calls: calls.map((call) => decodeOrderCall(call as Hex)) }),
  };
}
