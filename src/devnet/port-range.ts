/**
 * Free ports for the devnet inside a range the caller owns (`attestkit devnet --ports 9000-9099`):
 * the service's port, a pair for the two EVM chains, a pair for the SVM RPC and its PubSub, each
 * tried by binding it on 127.0.0.1 first, so several devnets (or CI jobs) share a machine without
 * clashing and without leaving the range a firewall or container opens.
 */
import { createServer } from "node:net";

/** An inclusive range of TCP ports. */
export type PortRange = { first: number; last: number };

/** The ports `startDevnet` listens on, as the CLI's flags name them. */
export type DevnetPorts = { servicePort: number; rpcPort: number; svmRpcPort: number };

/** Ports the devnet needs: the service, two EVM chains, the SVM RPC and its PubSub. */
export const DEVNET_PORT_COUNT = 5;

/** `FIRST-LAST` (both 1–65535, FIRST ≤ LAST, room for the devnet's five ports), or null. */
export function parsePortRange(text: string): PortRange | null {
  const match = /^(\d{1,5})-(\d{1,5})$/.exec(text);
  if (match === null) return null;
  const first = Number(match[1]);
  const last = Number(match[2]);
  if (first < 1 || last > 65535 || last - first + 1 < DEVNET_PORT_COUNT) return null;
  return { first, last };
}

/** Whether `port` can be bound on 127.0.0.1 right now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The lowest free ports in `range` for the devnet, or null when the range has too few: the service
 * one port, the EVM chains and the SVM RPC two consecutive ports each (chain 10 and the PubSub take
 * the port after theirs). A port free now may be taken before the devnet binds it: a start that
 * fails on a port should pick again.
 */
export async function pickDevnetPorts(range: PortRange): Promise<DevnetPorts | null> {
  const picked: number[] = [];
  let previousFree: number | null = null;
  for (let port = range.first; port <= range.last && picked.length < 3; port++) {
    if (!(await isFree(port))) {
      previousFree = null;
      continue;
    }
    if (picked.length === 0) picked.push(port);
    else if (previousFree !== null) {
      picked.push(previousFree);
      previousFree = null;
      continue;
    }
    // The service took this port, or it starts a pair the next port may complete.
    previousFree = picked.at(-1) === port ? null : port;
  }
  if (picked.length < 3) return null;
  const [servicePort, rpcPort, svmRpcPort] = picked as [number, number, number];
  return { servicePort, rpcPort, svmRpcPort };
}
