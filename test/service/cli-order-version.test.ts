// `attestkit service --order-version`: v2 makes the quotes' protocol orders v2 (signed, their id recomputes);
// an unknown version stops the CLI with exit code 2 before it listens.
import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "chai";
import { getOrderId, type OrderV2, recoverOrderSigner } from "../../src/index.ts";
import type { ProtocolOrderBlock } from "../../src/service/index.ts";
import { quoteBody } from "./helpers.ts";

const API_KEY = "cli-order-version-key";

function service(extraArgs: string[]): ChildProcess {
  const args = ["src/cli.ts", "service", "--port", "0", "--api-keys", API_KEY, "--log-level", "silent"];
  return spawn(process.execPath, [...args, ...extraArgs], { stdio: ["ignore", "pipe", "pipe"] });
}

describe("service CLI: --order-version", function () {
  this.timeout(60_000);
  let child: ChildProcess | null = null;
  afterEach(() => {
    if (child !== null && child.exitCode === null) child.kill("SIGTERM");
    child = null;
  });

  it("--order-version v2: quotes carry v2 orders signed by the solver", async () => {
    child = service(["--order-version", "v2"]);
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child?.stdout?.on("data", (chunk) => {
        out += String(chunk);
        const match = /mock service on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child?.on("exit", (code) => reject(new Error(`service exited (${code})`)));
    });
    const res = await fetch(`${url}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": API_KEY },
      body: JSON.stringify(quoteBody({ includeProtocolData: true })),
    });
    expect(res.status).to.equal(200);
    const order = ((await res.json()) as { protocol: { v2: ProtocolOrderBlock & { orderData: OrderV2 } } })
      .protocol.v2;
    expect(order.orderData.version).to.equal("v2");
    const chains = { ethereum: "ethereum-vm", base: "ethereum-vm" } as const;
    expect(getOrderId(order.orderData, chains)).to.equal(order.orderId);
    const signer = await recoverOrderSigner({ orderId: order.orderId, signature: order.orderSignature });
    expect(signer.toLowerCase()).to.equal(order.orderData.relayer.toLowerCase());
  });

  it("an unknown --order-version exits with code 2 and says which versions exist", async () => {
    child = service(["--order-version", "v3"]);
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child?.on("exit", resolve));
    expect(code).to.equal(2);
    expect(stderr).to.contain('invalid --order-version "v3": expected v1 or v2');
  });
});
