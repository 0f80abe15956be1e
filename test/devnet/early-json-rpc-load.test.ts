/**
 * What opening a chain's early JSON-RPC port loads (`listenEarly`, the first thing `attestkit devnet`
 * does): node:http without its ESM facade, which would load fetch's undici (about 50 ms), and no ws
 * until a WebSocket client comes (about 35 ms), so the port answers `eth_chainId` that much sooner.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import WebSocket from "ws";

const EARLY = fileURLToPath(new URL("../../src/devnet/early-json-rpc.ts", import.meta.url));

// A process of its own (this one has loaded both long ago): it listens, prints its port, then prints
// what it has loaded each time it reads a line.
const CHILD = `
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
const { listenEarly } = await import(${JSON.stringify(EARLY)});
const server = await listenEarly(8453, 0);
const loaded = () => ({
  undici: process.moduleLoadList.includes("NativeModule internal/deps/undici/undici"),
  ws: Object.keys(createRequire(${JSON.stringify(EARLY)}).cache).some((file) => file.includes("/node_modules/ws/")),
});
console.log(JSON.stringify({ url: server.url, wsUrl: server.wsUrl, ...loaded() }));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === "close") break;
  console.log(JSON.stringify(loaded()));
}
await server.close();
`;

describe("a chain's early JSON-RPC port loads little", function () {
  this.timeout(30_000);

  it("listens and answers eth_chainId without undici or ws loaded; ws loads with the first WebSocket client", async () => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", CHILD], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    const exited = once(child, "exit");
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async () => JSON.parse((await lines.next()).value as string);
    try {
      const opened = await next();
      expect(opened).to.include({ undici: false, ws: false });
      const answer = await fetch(opened.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      }).then((response) => response.json() as Promise<{ result?: string }>);
      expect(answer.result).to.equal("0x2105");
      child.stdin.write("report\n");
      expect(await next()).to.deep.equal({ undici: false, ws: false });

      const socket = new WebSocket(opened.wsUrl);
      await once(socket, "open");
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "eth_chainId", params: [] }));
      const [message] = await once(socket, "message");
      expect(JSON.parse(String(message)).result).to.equal("0x2105");
      socket.close();
      child.stdin.write("report\n");
      expect(await next()).to.deep.equal({ undici: false, ws: true });
    } finally {
      child.stdin.end("close\n");
      await exited;
    }
  });
});
