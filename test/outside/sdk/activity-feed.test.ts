/**
 * `npm start`'s activity feed: the devnet CLI runs as its own process; an app's traffic over HTTP
 * (a quote, then the quoted deposit sent on chain 8453) appears in its output as it happens,
 * from the service's own events. SIGTERM stops it cleanly.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { expect } from "chai";
import { createWalletClient, defineChain, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import { freePortPair } from "../free-port.ts";

describe("outside: npm start prints the app's activity", function () {
  this.timeout(120_000);
  let cli: ChildProcess;
  let output = "";

  const waitFor = (pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (match) {
          clearInterval(timer);
          clearTimeout(timeout);
          resolve(match);
        }
      };
      const timer = setInterval(check, 25);
      const timeout = setTimeout(() => {
        clearInterval(timer);
        reject(new Error(`no ${pattern} in the CLI output:\n${output}`));
      }, timeoutMs);
      check();
    });

  before(async () => {
    const rpcPort = await freePortPair();
    cli = spawn(
      process.execPath,
      ["src/devnet/cli.ts", "--port", "0", "--rpc-port", String(rpcPort), "--block-time", "200"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    cli.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    cli.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(/Activity \(quotes, deposits seen, fills, holds, refunds\):/);
  });
  after(async () => {
    if (cli.exitCode === null) {
      cli.kill("SIGKILL");
      await new Promise((resolve) => cli.once("exit", resolve));
    }
  });

  it("shows a quote, the deposit seen and final, and the fill; SIGTERM stops the devnet", async () => {
    const [, serviceUrl] = (await waitFor(/mock service\s+(http:\/\/127\.0\.0\.1:\d+)/)) as [string, string];
    const [, rpcUrl] = (await waitFor(/base \(8453\)\s+(http:\/\/127\.0\.0\.1:\d+)/)) as [string, string];
    const alice = evmDevAccount("alice").address;
    const quote = (await (
      await fetch(`${serviceUrl}/quote/v2`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          user: alice,
          recipient: evmDevAccount("bob").address,
          originChainId: 8453,
          destinationChainId: 10,
          originCurrency: zeroAddress,
          destinationCurrency: zeroAddress,
          tradeType: "EXACT_INPUT",
          amount: "100000000000000000",
        }),
      })
    ).json()) as {
      steps: { requestId: string; items: { data: { to: string; data: string; value: string } }[] }[];
    };
    const step = quote.steps[0];
    if (!step) throw new Error("no step in the quote");
    // Lines carry the request id whole, as the status endpoint names it.
    const id = step.requestId;
    await waitFor(new RegExp(`quote {4}${id} {2}0\\.1 ETH \\(8453\\) -> [\\d.]+ ETH \\(10\\)`));

    // The user signs the quoted deposit locally and sends it over the chain's JSON-RPC.
    const { to, data, value } = step.items[0]?.data ?? { to: "", data: "", value: "0" };
    const wallet = createWalletClient({
      account: privateKeyToAccount(evmDevAccount("alice").privateKey),
      chain: defineChain({
        id: 8453,
        name: "base (devnet)",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      }),
      transport: http(rpcUrl),
    });
    await wallet.sendTransaction({ to: to as Hex, data: data as Hex, value: BigInt(value) });
    await waitFor(new RegExp(`deposit  ${id}  (seen|final) on 8453`));
    await waitFor(new RegExp(`deposit  ${id}  final on 8453`));
    await waitFor(new RegExp(`fill     ${id}  (submitted|success) on 10`));

    cli.kill("SIGTERM");
    const code = await new Promise((resolve) => cli.once("exit", resolve));
    expect(code).to.equal(0);
    expect(output).to.match(/SIGTERM: stopping the devnet\.\.\.\nstopped/);
  });
});
