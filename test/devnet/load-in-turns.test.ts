/**
 * loadInTurns lets a server in the same process answer between the parts it loads: a client that
 * connects and sends its request while a part blocks the event loop has its answer before the next part
 * starts, not one part later.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { loadInTurns } from "../../src/devnet/load-in-turns.ts";

/** Blocks the event loop, as loading a module graph does, until `done()` or 10 s. */
function block(done: () => boolean): void {
  const until = Date.now() + 10_000;
  while (!done() && Date.now() < until);
}

describe("loadInTurns", function () {
  this.timeout(30_000);

  it("answers a request sent during a part before the next part starts", async () => {
    const events: string[] = [];
    const server = createServer((_request, response) => {
      events.push("answered");
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const dir = mkdtempSync(join(tmpdir(), "load-in-turns-"));
    const sent = join(dir, "sent");
    // Another process: its connection and request reach the kernel while this process is blocked.
    const client = spawn(process.execPath, [
      "-e",
      `const s = require("node:net").connect(${port}, "127.0.0.1", () => s.write("GET / HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n", () => require("node:fs").writeFileSync(${JSON.stringify(sent)}, "")));
       s.on("data", () => s.destroy());`,
    ]);
    const exited = new Promise((resolve) => client.once("exit", resolve));
    try {
      const part = (name: string, done: () => boolean) => async () => {
        events.push(`${name} starts`);
        block(done);
        const settle = Date.now() + 50;
        block(() => Date.now() > settle);
      };
      await loadInTurns([part("first", () => existsSync(sent)), part("second", () => true)], async () =>
        events.push("last"),
      );
      expect(existsSync(sent), "the client sent its request during the first part").to.equal(true);
      expect(events).to.deep.equal(["first starts", "answered", "second starts", "last"]);
    } finally {
      client.kill();
      await exited;
      server.close();
      server.closeAllConnections();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
