/**
 * `attestkit verify` as an outsider runs it: the devnet CLI in its own process, an order quoted and
 * paid over HTTP and JSON-RPC, then the verify command spawned against the devnet's service and
 * RPC URLs. Both legs print with each check and exit 0; `--json` carries the same; a request
 * checked against another order's data exits 1 with the codes; usage errors exit 2 in one line.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { generateKeyPairSigner } from "@solana/kit";
import { expect } from "chai";
import { createWalletClient, defineChain, type Hex, http, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import { freePort, freePortPair } from "../free-port.ts";

const NATIVE_SOL = "11111111111111111111111111111111";

describe("outside: attestkit verify against a running devnet", function () {
  this.timeout(180_000);
  let devnet: ChildProcess;
  let output = "";
  let serviceUrl: string;
  const rpc = new Map<string, string>();

  const waitFor = (pattern: RegExp, timeoutMs = 90_000): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const timer = setInterval(() => {
        const match = output.match(pattern);
        if (match) {
          clearInterval(timer);
          resolve(match);
        } else if (Date.now() - started > timeoutMs) {
          clearInterval(timer);
          reject(new Error(`no ${pattern} in the devnet output:\n${output}`));
        }
      }, 25);
    });

  /** Runs `attestkit verify` with `args` as its own process. */
  const verify = (...args: string[]) => {
    const run = spawnSync(process.execPath, ["src/cli.ts", "verify", ...args], {
      encoding: "utf8",
      timeout: 60_000,
    });
    return { code: run.status, stdout: run.stdout, stderr: run.stderr };
  };
  const urls = () => [
    "--service",
    serviceUrl,
    "--rpc",
    `8453=${rpc.get("8453")}`,
    "--rpc",
    `10=${rpc.get("10")}`,
    "--rpc",
    `792703809=${rpc.get("792703809")}`,
  ];

  before(async () => {
    const rpcPort = await freePortPair();
    const svmPort = await freePortPair();
    devnet = spawn(
      process.execPath,
      [
        "src/devnet/cli.ts",
        "--port",
        String(await freePort()),
        "--rpc-port",
        String(rpcPort),
        "--svm-rpc-port",
        String(svmPort),
        "--block-time",
        "200",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    devnet.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    devnet.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(/Activity \(quotes, deposits seen, fills, holds, refunds\):/);
    serviceUrl = ((await waitFor(/mock service\s+(http:\/\/127\.0\.0\.1:\d+)/)) as string[])[1] as string;
    for (const chain of ["8453", "10", "792703809"]) {
      rpc.set(
        chain,
        (
          (await waitFor(new RegExp(`\\(${chain}\\)\\s+(http://127\\.0\\.0\\.1:\\d+)`))) as string[]
        )[1] as string,
      );
    }
  });
  after(async () => {
    if (devnet.exitCode === null) {
      devnet.kill("SIGTERM");
      await new Promise((resolve) => devnet.once("exit", resolve));
    }
  });

  /** Quotes an order from base ETH to `recipient` on `destinationChainId`, pays it as quoted; the request id and quote. */
  async function paidOrder(destinationChainId: number, recipient: string, destinationCurrency: string) {
    const alice = evmDevAccount("alice");
    const response = await fetch(`${serviceUrl}/quote/v2`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        user: alice.address,
        recipient,
        originChainId: 8453,
        destinationChainId,
        originCurrency: zeroAddress,
        destinationCurrency,
        tradeType: "EXACT_INPUT",
        amount: "200000000000000000",
        includeProtocolData: true,
      }),
    });
    const quote = (await response.json()) as {
      steps: { requestId: string; items: { data: { to: string; data: string; value: string } }[] }[];
      protocol: { v2: { orderId: Hex; orderData: unknown } };
    };
    const step = quote.steps.at(-1);
    if (!step) throw new Error(`no step in the quote: ${JSON.stringify(quote)}`);
    const rpcUrl = rpc.get("8453") as string;
    const wallet = createWalletClient({
      account: privateKeyToAccount(alice.privateKey),
      chain: defineChain({
        id: 8453,
        name: "base",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl] } },
      }),
      transport: http(rpcUrl),
    });
    const { to, data, value } = step.items[0]?.data ?? { to: "", data: "", value: "0" };
    await wallet.sendTransaction({ to: to as Hex, data: data as Hex, value: BigInt(value) });
    const id = step.requestId;
    await waitFor(
      new RegExp(`fill     ${id}  success on ${destinationChainId}  tx (\\S+)  verified against its order`),
    );
    return { id, quote };
  }

  it("EVM fill: both legs print with each check, exit 0; by the fill's hash too; --json carries the same", async () => {
    const { id } = await paidOrder(10, evmDevAccount("bob").address, zeroAddress);
    const human = verify(id, ...urls());
    expect(human.code, human.stdout + human.stderr).to.equal(0);
    for (const line of [
      /✔ order/,
      /✔ deposit {2}chain 8453/,
      /✔ fill {2}chain 10/,
      /✔ order id tag/,
      /✔ deadline/,
      /✔ amount/,
      /verified: every check of both legs holds/,
    ]) {
      expect(human.stdout).to.match(line);
    }
    if (process.env.SHOW_VERIFY_OUTPUT) {
      console.log(human.stdout);
    }
    const json = verify(id, ...urls(), "--json");
    expect(json.code).to.equal(0);
    const parsed = JSON.parse(json.stdout) as {
      ok: boolean;
      requestId: string;
      legs: { leg: string; ok: boolean; txHash: string | null }[];
    };
    expect(parsed.ok).to.equal(true);
    expect(parsed.legs.map((leg) => [leg.leg, leg.ok])).to.deep.equal([
      ["order", true],
      ["deposit", true],
      ["fill", true],
    ]);
    const byHash = verify(parsed.legs[2]?.txHash as string, ...urls(), "--json");
    expect(byHash.code).to.equal(0);
    expect((JSON.parse(byHash.stdout) as { requestId: string }).requestId).to.equal(parsed.requestId);
  });

  it("SVM fill (base ETH to SOL): the fill is read over the Solana RPC, exit 0", async () => {
    const recipient = (await generateKeyPairSigner()).address;
    const { id } = await paidOrder(792703809, recipient, NATIVE_SOL);
    const run = verify(id, ...urls(), "--json");
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    const parsed = JSON.parse(run.stdout) as { legs: { leg: string; chainId: number | null; ok: boolean }[] };
    expect(parsed.legs.map((leg) => [leg.leg, leg.chainId, leg.ok])).to.deep.equal([
      ["order", null, true],
      ["deposit", 8453, true],
      ["fill", 792703809, true],
    ]);
  });

  it("checked against another order's data (--order): exit 1, the order, deposit and fill legs fail with their codes", async () => {
    const first = await paidOrder(10, evmDevAccount("bob").address, zeroAddress);
    const second = await paidOrder(10, evmDevAccount("bob").address, zeroAddress);
    const file = join(mkdtempSync(join(tmpdir(), "attestkit-verify-")), "quote.json");
    writeFileSync(file, JSON.stringify(second.quote));
    const run = verify(first.id, ...urls(), "--order", file, "--json");
    expect(run.code).to.equal(1);
    const parsed = JSON.parse(run.stdout) as {
      ok: boolean;
      legs: { leg: string; failures: { code: string }[] }[];
    };
    expect(parsed.ok).to.equal(false);
    expect(parsed.legs.map((leg) => [leg.leg, leg.failures.map((f) => f.code)])).to.deep.equal([
      ["order", ["ORDER_ID_MISMATCH"]],
      ["deposit", ["DEPOSIT_NOT_UNDER_ORDER_ID"]],
      // The fill's input starts with the other order's id, so its value does not count for this one.
      ["fill", ["ORDER_ID_TAG_MISSING", "FILL_RECIPIENT_NOT_PAID"]],
    ]);
  });

  it("usage errors exit 2 with one line pointing at --help", () => {
    for (const args of [["--bogus"], ["0xabc", "--rpc", "8453"], [`0x${"11".repeat(32)}`, ...urls()]]) {
      const run = verify(...args);
      expect(run.code, run.stderr).to.equal(2);
      expect(run.stderr.trim().split("\n")).to.have.length(1);
      expect(run.stderr).to.match(/^attestkit verify: .+ \(see attestkit verify --help\)\n$/);
    }
  });
});
