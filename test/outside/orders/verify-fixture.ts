/**
 * What the outside tests of `attestkit verify` share: the CLI run as its own process, a devnet's
 * `--config-out` file, a service that lies (a proxy in front of the devnet's rewriting what GET
 * /requests/v3 lists), and the orders they check: quoted and paid, or paid through
 * `OrderGatedDepositor` and then refunded with a tampered 1-wei refund.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  type Hex,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import { devnetConfig, writeDevnetConfig } from "../../../src/devnet/config-out.ts";
import {
  chainVmTypesFromChains,
  encodeOrder,
  type QuoteResponse,
  type QuoteV2Body,
  RELAY_DEPOSITORY_ABI,
} from "../../../src/index.ts";
import type { ProtocolOrderBlock } from "../../../src/service/index.ts";
import { orderGatedDepositorArtifact } from "../../../src/testing/evm/order-gated-depositor-adapter.ts";
import { type E2e, type EvmUser, evmUser, waitForStatus } from "../../e2e/fixture.ts";

export type OrderQuote = QuoteResponse & { protocol: { v2: ProtocolOrderBlock } };
export type Run = { code: number | null; stdout: string; stderr: string };
type Listed = { txHash: string; chainId: number; type: string };
export type Report = {
  ok: boolean;
  legs: {
    leg: string;
    chainId: number | null;
    txHash: string | null;
    ok: boolean;
    checks: { check: string; ok: boolean; detail: string }[];
    failures: { code: string }[];
  }[];
};

/**
 * `attestkit verify` of the CLI entry `cli` (the repository's src/cli.ts, a packed tarball's
 * dist/cli.js), each run its own process (asynchronous: a devnet in this process answers it).
 */
export const verifyCli =
  (cli: string, cwd?: string) =>
  (...args: string[]): Promise<Run> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [cli, "verify", ...args], {
        stdio: ["ignore", "pipe", "pipe"],
        ...(cwd === undefined ? {} : { cwd }),
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
      child.once("error", reject);
      child.once("close", (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });

export const report = (run: Run): Report => {
  try {
    return JSON.parse(run.stdout) as Report;
  } catch {
    throw new Error(`not a JSON report (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
};
export const codesOf = (run: Run) =>
  report(run).legs.map((leg) => [leg.leg, leg.failures.map((f) => f.code)]);

/**
 * A service that lies: forwards every request to `upstream`, and passes the JSON of GET
 * /requests/v3 through `rewrite` (each listed request's `data`).
 */
export async function lyingService(
  upstream: string,
  rewrite: (data: { inTxs: Listed[]; outTxs: Listed[] }) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer(async (request, response) => {
    const apiKey = request.headers["x-api-key"];
    const forwarded = await fetch(`${upstream}${request.url}`, {
      headers: typeof apiKey === "string" ? { "x-api-key": apiKey } : {},
    });
    let body = await forwarded.text();
    if (request.url?.startsWith("/requests/v3") && forwarded.ok) {
      const page = JSON.parse(body) as { requests: { data: { inTxs: Listed[]; outTxs: Listed[] } }[] };
      for (const listed of page.requests) rewrite(listed.data);
      body = JSON.stringify(page);
    }
    response.writeHead(forwarded.status, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

export const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

/** Writes the devnet's `--config-out` file; its path. */
export async function configFile(e2e: E2e): Promise<string> {
  const file = join(mkdtempSync(join(tmpdir(), "attestkit-verify-")), "devnet.json");
  await writeDevnetConfig(file, devnetConfig(e2e.devnet));
  return file;
}

/** Every chain's RPC URL as `--rpc` flags (what the verifier took before it read GET /chains). */
export const rpcFlags = (e2e: E2e) => [
  ...[...e2e.devnet.evm.values()].flatMap((chain) => ["--rpc", `${chain.chainId}=${chain.rpcUrl}`]),
  "--rpc",
  `792703809=${e2e.devnet.svm.rpcUrl}`,
];

const quoteBody = (amount: bigint): QuoteV2Body => ({
  user: evmDevAccount("alice").address,
  recipient: evmDevAccount("bob").address,
  originChainId: 8453,
  destinationChainId: 10,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: amount.toString(),
  tradeType: "EXACT_INPUT",
});
export const quote = async (e2e: E2e, amount: bigint) =>
  (await e2e.client.quoteV2({ ...quoteBody(amount), includeProtocolData: true })) as OrderQuote;
export const requestIdOf = (q: QuoteResponse) => q.steps[0]?.requestId as string;

/** Sends `value` wei from `user` to `to` with `data`; the hash of the transaction, which succeeded. */
export async function send(user: EvmUser, to: Address, value: bigint, data: Hex): Promise<Hex> {
  const hash = await user.wallet.sendTransaction({
    account: user.wallet.account,
    chain: null,
    to,
    value,
    data,
  });
  expect((await user.public.waitForTransactionReceipt({ hash })).status, hash).to.equal("success");
  return hash;
}

/** A v1 order of `amount` paid natively through a fresh `OrderGatedDepositor`; the quote and the deposit's hash. */
export async function gatePaid(e2e: E2e, amount: bigint): Promise<{ q: OrderQuote; deposit: Hex }> {
  const base = e2e.devnet.evmChain(8453);
  const alice = evmUser(base, "alice");
  const q = await quote(e2e, amount);
  const { orderData, orderSignature, orderId } = q.protocol.v2;
  const chains = chainVmTypesFromChains(await (await fetch(`${e2e.devnet.serviceUrl}/chains`)).json());
  const order = encodeOrder(orderData, chains);
  const { abi, bytecode } = orderGatedDepositorArtifact();
  const deployHash = await alice.wallet.sendTransaction({
    account: alice.wallet.account,
    chain: null,
    data: encodeDeployData({
      abi,
      bytecode,
      args: [
        alice.address,
        e2e.devnet.service.solverAddress,
        base.depository,
        order.inputs[0]?.payment.chainId,
        [{ chainId: order.output.chainId, recipient: evmDevAccount("bob").address }],
      ],
    }),
  });
  const gate = getAddress(
    (await alice.public.waitForTransactionReceipt({ hash: deployHash })).contractAddress as Address,
  );
  const deposit = await send(
    alice,
    gate,
    amount,
    encodeFunctionData({ abi, functionName: "depositNative", args: [order, orderSignature] }),
  );
  // The depository was reached by the gate, not by the payer's transaction: its event names the order.
  const receipt = await alice.public.getTransactionReceipt({ hash: deposit });
  const [event] = parseEventLogs({
    abi: RELAY_DEPOSITORY_ABI,
    logs: receipt.logs,
    eventName: "RelayNativeDeposit",
  });
  expect(event?.address.toLowerCase()).to.equal(base.depository.toLowerCase());
  expect(event?.args).to.deep.include({ amount, id: orderId });
  expect(getAddress(receipt.to as Address)).to.equal(gate);
  await base.mine();
  return { q, deposit };
}

/**
 * A v1 order of `amount` paid through `OrderGatedDepositor` and refunded by the devnet (a scenario),
 * then the attack: a 1-wei refund to the order's refund recipient, tagged with the order id, lands
 * on the input chain. The quote, the request id and the tampered refund's hash.
 */
export async function tamperedGateRefund(e2e: E2e, amount: bigint) {
  const base = e2e.devnet.evmChain(8453);
  await e2e.devnet.scenarios.add({
    match: { minAmount: amount.toString(), maxAmount: amount.toString() },
    outcome: "refund",
  });
  const { q } = await gatePaid(e2e, amount);
  const requestId = requestIdOf(q);
  await waitForStatus(e2e, requestId, "refund");
  const alice = evmDevAccount("alice").address;
  const carol = evmUser(base, "carol");
  const before = await carol.public.getBalance({ address: alice });
  const tampered = await send(carol, alice, 1n, q.protocol.v2.orderId);
  expect((await carol.public.getBalance({ address: alice })) - before).to.equal(1n);
  await base.mine();
  return { q, requestId, tampered };
}
