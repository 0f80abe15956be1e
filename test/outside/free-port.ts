/** Ports free on 127.0.0.1 right now, for servers that take their port as a flag. */
import { createServer } from "node:net";

/** Binds `port` (0: any) on 127.0.0.1 and releases it; the bound port, or null when it is taken. */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const address = server.address();
      const bound = typeof address === "object" && address !== null ? address.port : null;
      server.close(() => resolve(bound));
    });
  });
}

export async function freePort(): Promise<number> {
  const port = await probe(0);
  if (port === null) throw new Error("no free port");
  return port;
}

/** A free port `p` with `p + 1` free too (the devnet CLI puts chain 10 on the port after chain 8453's). */
export async function freePortPair(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await probe(0);
    if (port !== null && port < 65535 && (await probe(port + 1)) !== null) return port;
  }
  throw new Error("no free port pair");
}
