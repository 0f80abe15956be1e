/**
 * The fill contracts (routers) of the chains the mock serves: every router deployed on a chain, by
 * shape, which GET /chains lists under `contracts` as the service does; and the one the solver fills
 * and refunds through (the configured shape's), which the orders it signs name.
 */
import { getAddress } from "viem";
import { getChainVm } from "../chains.ts";
import { DEFAULT_ROUTER_SHAPE, ROUTER_SHAPES, type RouterShape } from "../orders/index.ts";

/** The routers deployed on one EVM chain, by shape. */
export type ChainRouters = Readonly<Partial<Record<RouterShape, string>>>;

/** A chain's routers as configured, and the one the solver fills through. */
export interface FillRouters {
  /** Routers by numeric chain id, addresses checksummed. */
  deployed: ReadonlyMap<number, ChainRouters>;
  /** The router the solver fills and refunds through, per chain id. */
  active: ReadonlyMap<number, string>;
  shape: RouterShape;
}

/** An invalid router configuration (an unknown shape, a chain without the chosen shape, a bad address). */
export class RouterConfigError extends Error {
  readonly code = "ROUTER_CONFIG_INVALID";
  constructor(message: string) {
    super(message);
    this.name = "RouterConfigError";
  }
}

/**
 * Checks and indexes the routers: each chain must be an EVM chain and have a router of `shape`
 * (default 3.2). Throws `RouterConfigError`.
 */
export function fillRoutersOf(
  routers: Readonly<Record<number, ChainRouters>> = {},
  shape: RouterShape = DEFAULT_ROUTER_SHAPE,
): FillRouters {
  if (!(ROUTER_SHAPES as readonly string[]).includes(shape)) {
    throw new RouterConfigError(
      `routerShape must be one of ${ROUTER_SHAPES.join(", ")}, got ${String(shape)}`,
    );
  }
  const deployed = new Map<number, ChainRouters>();
  const active = new Map<number, string>();
  for (const [key, byShape] of Object.entries(routers)) {
    const chainId = Number(key);
    if (getChainVm(chainId) !== "evm") throw new RouterConfigError(`chain ${chainId} is not an EVM chain`);
    const checked: Partial<Record<RouterShape, string>> = {};
    for (const [name, address] of Object.entries(byShape)) {
      if (!(ROUTER_SHAPES as readonly string[]).includes(name)) {
        throw new RouterConfigError(`chain ${chainId}: unknown router shape ${JSON.stringify(name)}`);
      }
      try {
        checked[name as RouterShape] = getAddress(address as string);
      } catch {
        throw new RouterConfigError(
          `chain ${chainId}: router ${name} ${JSON.stringify(address)} is not an address`,
        );
      }
    }
    const router = checked[shape];
    if (router === undefined)
      throw new RouterConfigError(`chain ${chainId} has no ${shape} router to fill through`);
    deployed.set(chainId, checked);
    active.set(chainId, router);
  }
  return { deployed, active, shape };
}

/**
 * GET /chains `contracts` of a chain, as the service lists them: `erc20Router` (the router in use) and
 * each deployed shape's `{ router }` under its version key; undefined when the chain has no router.
 */
export function contractsOf(routers: FillRouters, chainId: number): Record<string, unknown> | undefined {
  const deployed = routers.deployed.get(chainId);
  if (deployed === undefined) return undefined;
  return {
    erc20Router: routers.active.get(chainId),
    ...Object.fromEntries(Object.entries(deployed).map(([shape, router]) => [shape, { router }])),
  };
}
