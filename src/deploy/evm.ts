// Updates a deployed AttestedReceiver: whitelist additions/removals, solver rotation, deadline window, pause.
// Used by scripts/evm/configure-receiver.ts (CLI) and by the tests.
import type { Address, Hex } from "viem";
import { toBytes32Address } from "../address/index.ts";

/** A destination as the API gives it: chain id and address (EVM hex or SVM base58). */
export type DestinationInput = { chainId: number; user: string };

export type ReceiverChanges = {
  whitelistAdd?: DestinationInput[];
  whitelistRemove?: DestinationInput[];
  solver?: { address: Address; gracePeriod: number };
  maxDeadlineWindow?: number;
  paused?: boolean;
};

/** The minimal contract surface used here (a hardhat-viem / viem contract instance fits). */
export type ReceiverWriter = {
  address: Address;
  write: {
    /** Adds destinations to the whitelist. */
    addToWhitelist(args: readonly [readonly { chainId: bigint; user: Hex }[]]): Promise<Hex>;
    /** Removes destinations from the whitelist. */
    removeFromWhitelist(args: readonly [readonly { chainId: bigint; user: Hex }[]]): Promise<Hex>;
    /** Rotates the solver; the previous one stays valid for the grace period (seconds). */
    setSolver(args: readonly [Address, number]): Promise<Hex>;
    /** Sets the largest accepted `deadline - block.timestamp`, in seconds. */
    setMaxDeadlineWindow(args: readonly [number]): Promise<Hex>;
    /** Refuses every deposit until `unpause`. */
    pause(): Promise<Hex>;
    /** Accepts deposits again. */
    unpause(): Promise<Hex>;
  };
};

/** Destinations in the receiver's (chainId, bytes32 user) form. */
export function toDestinations(list: DestinationInput[]): { chainId: bigint; user: Hex }[] {
  return list.map((d) => ({ chainId: BigInt(d.chainId), user: toBytes32Address(d.user, d.chainId) }));
}

/**
 * Applies `changes` in a fixed order (whitelist add, whitelist remove, window, solver, pause) and waits
 * for each transaction. Returns the transaction hashes.
 */
export async function configureReceiver(
  receiver: ReceiverWriter,
  changes: ReceiverChanges,
  wait: (hash: Hex) => Promise<unknown>,
): Promise<Hex[]> {
  const hashes: Hex[] = [];
  const send = async (p: Promise<Hex>) => {
    const hash = await p;
    await wait(hash);
    hashes.push(hash);
  };
  if (changes.whitelistAdd?.length)
    await send(receiver.write.addToWhitelist([toDestinations(changes.whitelistAdd)]));
  if (changes.whitelistRemove?.length) {
    await send(receiver.write.removeFromWhitelist([toDestinations(changes.whitelistRemove)]));
  }
  if (changes.maxDeadlineWindow !== undefined)
    await send(receiver.write.setMaxDeadlineWindow([changes.maxDeadlineWindow]));
  if (changes.solver)
    await send(receiver.write.setSolver([changes.solver.address, changes.solver.gracePeriod]));
  if (changes.paused === true) await send(receiver.write.pause());
  if (changes.paused === false) await send(receiver.write.unpause());
  return hashes;
}

/**
 * Reads the CLI's environment:
 *   RECEIVER=0x...                      receiver address (required)
 *   WHITELIST_ADD='[{"chainId":8453,"user":"0x..."}]'   JSON list (EVM hex or SVM base58 users)
 *   WHITELIST_REMOVE='[...]'            same shape
 *   SOLVER=0x... GRACE_PERIOD=3600      rotate the solver (grace defaults to 0)
 *   MAX_DEADLINE_WINDOW=600             seconds
 *   PAUSED=true|false
 */
export function parseConfigureEnv(env: Record<string, string | undefined>): {
  receiver: Address;
  changes: ReceiverChanges;
} {
  const receiver = env["RECEIVER"];
  if (!receiver || !/^0x[0-9a-fA-F]{40}$/.test(receiver))
    throw new Error("RECEIVER must be the receiver address");
  const changes: ReceiverChanges = {};
  const list = (name: string): DestinationInput[] | undefined => {
    const raw = env[name];
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (
      !Array.isArray(parsed) ||
      !parsed.every(
        (d) =>
          typeof d === "object" && d !== null && Number.isInteger(d.chainId) && typeof d.user === "string",
      )
    ) {
      throw new Error(`${name} must be a JSON list of {chainId, user}`);
    }
    return parsed as DestinationInput[];
  };
  const add = list("WHITELIST_ADD");
  if (add) changes.whitelistAdd = add;
  const remove = list("WHITELIST_REMOVE");
  if (remove) changes.whitelistRemove = remove;
  const solver = env["SOLVER"];
  if (solver) {
    if (!/^0x[0-9a-fA-F]{40}$/.test(solver)) throw new Error("SOLVER must be an address");
    changes.solver = { address: solver as Address, gracePeriod: Number(env["GRACE_PERIOD"] ?? "0") };
  }
  if (env["MAX_DEADLINE_WINDOW"]) changes.maxDeadlineWindow = Number(env["MAX_DEADLINE_WINDOW"]);
  if (env["PAUSED"] === "true") changes.paused = true;
  if (env["PAUSED"] === "false") changes.paused = false;
  return { receiver: receiver as Address, changes };
}
