/**
 * Free devnet ports inside a range: the service first, then two pairs of consecutive ports (the EVM
 * chains, the SVM RPC and its PubSub), skipping busy ports, never leaving the range.
 */
import { createServer, type Server } from "node:net";
import { expect } from "chai";
import fc from "fast-check";
import { parsePortRange, pickDevnetPorts } from "../../src/devnet/port-range.ts";

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe("devnet: ports picked inside a range", () => {
  it("parses FIRST-LAST and refuses what cannot hold the devnet's five ports", () => {
    expect(parsePortRange("9000-9004")).to.deep.equal({ first: 9000, last: 9004 });
    for (const bad of [
      "9000-9003",
      "9004-9000",
      "0-10",
      "65530-65536",
      "9000",
      "a-b",
      " 9000-9100",
      "9000-9100-",
    ])
      expect(parsePortRange(bad), bad).to.equal(null);
  });

  it("skips busy ports: the service on the first free one, the pairs on consecutive free ones (property)", async function () {
    this.timeout(60_000);
    // Below Linux's ephemeral range (32768 up), where other tests' outgoing connections take ports.
    const base = 20000 + Math.floor(Math.random() * 12000);
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.integer({ min: 0, max: 11 }), { maxLength: 6 }), async (offsets) => {
        const busy = await Promise.all(offsets.map((offset) => listen(base + offset)));
        try {
          const picked = await pickDevnetPorts({ first: base, last: base + 11 });
          const taken = new Set(offsets.map((offset) => base + offset));
          const free = (port: number) => port >= base && port <= base + 11 && !taken.has(port);
          // The expected choice, stated directly: lowest free port, then the lowest two free pairs above it.
          const service = [...Array(12).keys()].map((i) => base + i).find(free);
          const pairs: number[] = [];
          for (let port = (service ?? base) + 1; port < base + 11 && pairs.length < 2; port++)
            if (free(port) && free(port + 1) && !pairs.some((p) => p + 1 === port)) pairs.push(port);
          if (service === undefined || pairs.length < 2) expect(picked).to.equal(null);
          else
            expect(picked).to.deep.equal({ servicePort: service, rpcPort: pairs[0], svmRpcPort: pairs[1] });
        } finally {
          await Promise.all(busy.map(close));
        }
      }),
      { numRuns: 40 },
    );
  });
});
