/**
 * The random-moment crash trial: whole flows on both VMs run against `attestkit service` as a child
 * process on a SQLite file while the chains (`trial-chains.ts`) and a webhook receiver keep running
 * here. The service is killed with SIGKILL at a random millisecond of its life (start-up included),
 * stays down a random while (holds expire meanwhile) and is restarted on the same file, without
 * `--new-db`, until every flow has started; the last one is stopped with SIGTERM, which must exit 0.
 *
 * Flows (seeded mix): EVM -> EVM fill, EVM short deposit refunded, EVM -> EVM held by a scenario
 * (slow fill), EVM -> SVM fill, SVM -> EVM fill, EVM fast fill, SVM fast fill. The receiver answers
 * 503 now and then, so deliveries are retried across kills.
 *
 * Checked at the end, against the chains and the database file:
 * - every deposit filled or refunded exactly once, for what arrived, to the right account;
 * - every request of a flow ended as its flow says (nothing stuck), and no request with a booked
 *   deposit is left open;
 * - every webhook delivery recorded is delivered, and its signed body reached the receiver at least
 *   once (the receiver deduplicates on that signed content); each flow's final status among them;
 * - every fast fill's hold is settled once: released, or debited by exactly one ledger entry.
 * Each broken rule is one line of `problems`.
 */
import type { ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { generateKeyPairSigner, lamports } from "@solana/kit";
import { createWalletClient, defineChain, type Hex, http, parseEther, zeroAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { APP_BALANCE_CHAIN_ID, encodeAppBalanceFundingCalldata, SVM_CHAIN_ID } from "../../src/index.ts";
import { createRng } from "../../src/rng.ts";
import { BASE_USDC, SOLVER } from "../service/helpers.ts";
import { startReceiver } from "../webhooks/receiver.ts";
import { spawnService } from "./service-child.ts";
import { ORIGIN, type TrialChains } from "./trial-chains.ts";

export const FLOW_KINDS = [
  "evm-fill",
  "evm-refund",
  "evm-scenario-hold",
  "evm-to-svm",
  "svm-to-evm",
  "evm-fast-fill",
  "svm-fast-fill",
] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

export interface TrialOptions {
  flows: number;
  seed: number;
  /** A fresh directory for the database file and the scenario file. */
  dir: string;
  /** Flows under way at once (default 6). */
  concurrency?: number;
  /** Longest life of one service process after it listens, before its SIGKILL, in ms (default 4000). */
  maxUpMs?: number;
  /** Longest time the service stays down after a kill, in ms (default 2000). */
  maxDownMs?: number;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface TrialReport {
  seed: number;
  flows: number;
  byKind: Record<FlowKind, number>;
  /** SIGKILLs, and how many of them fell before the service listened (during its start-up). */
  kills: number;
  killsDuringStartUp: number;
  /** Fast fills the service accepted (holds placed), and holds that expired while it was down. */
  fastFillHolds: number;
  holdsExpiredWhileDown: number;
  /** Webhook deliveries recorded, and posts beyond one per delivery (retries and resends). */
  webhookDeliveries: number;
  webhookExtraPosts: number;
  /** Exit code of the final SIGTERM (0: graceful). */
  sigtermExitCode: number | null;
  durationMs: number;
  problems: string[];
}

const API_KEY = "crash-trial-key";
const EVM_AMOUNT = parseEther("0.1");
/** The origin amount the trial's scenario holds (slow fill and fill confirmation). */
const HELD_AMOUNT = parseEther("0.13");
const SVM_AMOUNT = 2_000_000_000n;
const SVM_NATIVE = "11111111111111111111111111111111";
const TERMINAL = new Set(["success", "refund", "failure"]);
/** The share of kills aimed at the start-up (the service takes 1-3 s to listen on this machine). */
const START_UP_KILLS = 0.15;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface FlowRecord {
  kind: FlowKind;
  requestId: string;
  /** The EVM or SVM account that paid the deposit. */
  payer: string;
  recipient: string;
  deposited: bigint;
}

export async function runRandomCrashTrial(chains: TrialChains, options: TrialOptions): Promise<TrialReport> {
  const started = performance.now();
  const rng = createRng(options.seed);
  const log = options.log ?? (() => {});
  const concurrency = options.concurrency ?? 6;
  const maxUpMs = options.maxUpMs ?? 4000;
  const maxDownMs = options.maxDownMs ?? 2000;
  const db = join(options.dir, "service.sqlite");
  const scenarioFile = join(options.dir, "scenarios.json");
  writeFileSync(
    scenarioFile,
    JSON.stringify([
      {
        name: "slow fill",
        match: { chainId: ORIGIN, minAmount: String(HELD_AMOUNT), maxAmount: String(HELD_AMOUNT) },
        count: 10_000,
        delays: { pending: 800, submitted: 400 },
      },
    ]),
  );
  const problems: string[] = [];
  const answers = createRng(options.seed ^ 0x5eed);
  const receiver = await startReceiver(API_KEY, (_delivery, response) => {
    response.writeHead(answers() < 0.1 ? 503 : 200).end();
  });

  const baseArgs = [
    ...["--port", "0", "--db", db, "--api-keys", API_KEY, "--log-level", "silent"],
    ...[
      "--rpc",
      `${ORIGIN}=${chains.originUrl}`,
      "--rpc",
      `${APP_BALANCE_CHAIN_ID}=${chains.destinationUrl}`,
    ],
    ...["--confirmations", `${ORIGIN}=2`, "--confirmations", `${SVM_CHAIN_ID}=60`],
    ...["--svm-rpc", chains.svmRpcUrl, "--hold-timeout", "2", "--scenarios", scenarioFile],
    ...["--webhook-url", receiver.url],
  ];

  // --- the service process, replaced at each restart
  let child: ChildProcess | null = null;
  let listening: Promise<string | null> = Promise.resolve(null);
  let listened = false;
  let spawnedAt = 0;
  let kills = 0;
  let killsDuringStartUp = 0;
  const downtimes: [number, number][] = [];
  function start(fresh: boolean): void {
    listened = false;
    spawnedAt = Date.now();
    listening = spawnService(fresh ? [...baseArgs, "--new-db"] : baseArgs, undefined, (spawned) => {
      child = spawned;
    }).then(
      ({ url }) => {
        listened = true;
        const down = downtimes.at(-1);
        if (down !== undefined && down[1] === 0) down[1] = Date.now();
        return url;
      },
      (error: Error) => {
        log(`killed before it listened: ${error.message.slice(0, 200)}`);
        return null;
      },
    );
  }
  async function exited(process: ChildProcess): Promise<void> {
    if (process.exitCode !== null || process.signalCode !== null) return;
    await new Promise((resolve) => process.once("exit", resolve));
  }

  /** A call to the service, retried (on whichever process runs then) until it answers. */
  async function api(method: "GET" | "POST", path: string, body?: unknown) {
    for (;;) {
      const url = await listening;
      if (url !== null) {
        try {
          const res = await fetch(`${url}${path}`, {
            method,
            headers: { "content-type": "application/json", "x-api-key": API_KEY },
            signal: AbortSignal.timeout(30_000),
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          return { status: res.status, body: (await res.json()) as Record<string, unknown> };
        } catch {
          // killed mid-call: asked again of the next process
        }
      }
      await sleep(50);
    }
  }

  async function quote(body: Record<string, unknown>) {
    const res = await api("POST", "/quote/v2", { tradeType: "EXACT_INPUT", ...body });
    if (res.status !== 200) throw new Error(`quote refused: ${JSON.stringify(res.body)}`);
    const step = (
      res.body.steps as { requestId: string; items: { data: { to: Hex; data: Hex; value: string } }[] }[]
    )[0]!;
    return { requestId: step.requestId, tx: step.items[0]!.data };
  }
  const status = async (requestId: string) =>
    String((await api("GET", `/intents/status/v3?requestId=${requestId}`)).body.status);

  async function fastFillWhenDepositing(requestId: string): Promise<void> {
    for (;;) {
      const now = await status(requestId);
      if (now === "depositing") {
        await api("POST", "/fast-fill", { requestId });
        return;
      }
      if (now !== "waiting") return;
      await sleep(40);
    }
  }

  const originChain = defineChain({
    id: ORIGIN,
    name: "origin",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [chains.originUrl] } },
  });

  async function evmFlow(kind: FlowKind): Promise<FlowRecord> {
    const account = privateKeyToAccount(generatePrivateKey());
    await chains.origin.provider.request({
      method: "hardhat_setBalance",
      params: [account.address, `0x${parseEther("10").toString(16)}`],
    });
    const toSvm = kind === "evm-to-svm";
    const recipient = toSvm
      ? (await generateKeyPairSigner()).address
      : privateKeyToAccount(generatePrivateKey()).address;
    const amount = kind === "evm-scenario-hold" ? HELD_AMOUNT : EVM_AMOUNT;
    const { requestId, tx } = await quote({
      user: account.address,
      originChainId: ORIGIN,
      destinationChainId: toSvm ? SVM_CHAIN_ID : APP_BALANCE_CHAIN_ID,
      originCurrency: zeroAddress,
      destinationCurrency: toSvm ? SVM_NATIVE : zeroAddress,
      recipient,
      amount: amount.toString(),
    });
    const deposited = kind === "evm-refund" ? BigInt(tx.value) / 2n : BigInt(tx.value);
    const wallet = createWalletClient({ account, chain: originChain, transport: http(chains.originUrl) });
    await wallet.sendTransaction({ to: tx.to, data: tx.data, value: deposited });
    if (kind === "evm-fast-fill") await fastFillWhenDepositing(requestId);
    return { kind, requestId: requestId.toLowerCase(), payer: account.address, recipient, deposited };
  }

  async function svmFlow(kind: FlowKind): Promise<FlowRecord> {
    const payer = await generateKeyPairSigner();
    chains.svm.airdrop(payer.address, lamports(10_000_000_000n));
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const { requestId } = await quote({
      user: payer.address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: APP_BALANCE_CHAIN_ID,
      originCurrency: SVM_NATIVE,
      destinationCurrency: zeroAddress,
      recipient,
      amount: SVM_AMOUNT.toString(),
    });
    await chains.svmDeposit(payer, requestId, SVM_AMOUNT);
    if (kind === "svm-fast-fill") await fastFillWhenDepositing(requestId);
    return {
      kind,
      requestId: requestId.toLowerCase(),
      payer: payer.address,
      recipient,
      deposited: SVM_AMOUNT,
    };
  }

  async function runFlow(kind: FlowKind): Promise<FlowRecord> {
    const record = kind.startsWith("svm-") ? await svmFlow(kind) : await evmFlow(kind);
    for (let i = 0; !TERMINAL.has(await status(record.requestId)); i++) {
      if (i > 3000) throw new Error(`${kind} ${record.requestId} never settled`);
      await sleep(150);
    }
    return record;
  }

  // --- set up: the sponsor's app balance for the fast fills
  start(true);
  if ((await listening) === null) throw new Error("the service did not start");
  const sponsor = privateKeyToAccount(generatePrivateKey());
  const message = String((await api("GET", "/_mock/sponsorship-wallets/message")).body.message);
  const linked = await api("POST", "/_mock/sponsorship-wallets", {
    wallet: sponsor.address,
    signature: await sponsor.signMessage({ message }),
  });
  const funded = await api("POST", "/_mock/funding", {
    txHash: `0x${"f".repeat(64)}`,
    from: sponsor.address,
    to: BASE_USDC,
    input: encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: 1_000_000_000_000n }),
  });
  if (linked.status !== 200 || funded.status !== 200) throw new Error("sponsor set-up refused");

  // --- flows and kills, side by side
  const kinds = Array.from(
    { length: options.flows },
    () => FLOW_KINDS[Math.floor(rng() * FLOW_KINDS.length)] as FlowKind,
  );
  const upTimes = () => Math.floor(rng() * maxUpMs);
  const downTimes = () => Math.floor(rng() * maxDownMs);
  let launched = 0;
  let settled = 0;
  const records: FlowRecord[] = [];
  const miner = setInterval(() => void chains.mine().catch(() => {}), 600);
  const worker = async () => {
    while (launched < kinds.length) {
      const index = launched++;
      try {
        records.push(await runFlow(kinds[index] as FlowKind));
      } catch (error) {
        problems.push(`flow ${index} (${kinds[index]}): ${(error as Error).message}`);
      }
      settled++;
      log(`flow ${index} ${kinds[index]} done, ${kills} kills`);
    }
  };
  // Kills go on until every flow has settled: the last flows launched are still in flight after it.
  const killer = async () => {
    while (settled < kinds.length) {
      // Mostly at a random moment of its running life; now and then during its start-up (reconciliation).
      if (rng() < START_UP_KILLS) await sleep(Math.max(0, spawnedAt + Math.floor(rng() * 2000) - Date.now()));
      else if ((await listening) !== null) await sleep(upTimes());
      if (settled >= kinds.length) return;
      const victim = child as ChildProcess | null;
      if (victim === null) continue;
      if (!listened) killsDuringStartUp++;
      victim.kill("SIGKILL");
      await exited(victim);
      kills++;
      log(`kill ${kills} (${listened ? "running" : "starting"})`);
      downtimes.push([Date.now(), 0]);
      await sleep(downTimes());
      start(false);
    }
  };
  await Promise.all([killer(), ...Array.from({ length: concurrency }, worker)]);
  log(`${records.length} flows settled; ${kills} kills; waiting for webhooks`);

  // --- every delivery recorded is delivered, then a graceful stop
  const read = <T>(fn: (file: DatabaseSync) => T): T => {
    const file = new DatabaseSync(db, { readOnly: true });
    try {
      return fn(file);
    } finally {
      file.close();
    }
  };
  const count = (sql: string) => read((file) => (file.prepare(sql).get() as { n: number }).n);
  // A fast-filled request succeeds before its deposit is final: its hold settles after.
  const unsettled = () =>
    count("SELECT COUNT(*) AS n FROM holds WHERE status = 'active'") +
    count("SELECT COUNT(*) AS n FROM webhook_deliveries WHERE state <> 'delivered'");
  for (let i = 0; unsettled() > 0; i++) {
    if (i > 1200) {
      problems.push(`${unsettled()} holds or webhook deliveries never settled`);
      break;
    }
    await sleep(100);
  }
  await listening;
  const last = child as ChildProcess | null;
  let sigtermExitCode: number | null = null;
  if (last !== null) {
    last.kill("SIGTERM");
    const timeout = sleep(15_000).then(() => "timeout");
    if ((await Promise.race([exited(last).then(() => "exited"), timeout])) === "timeout") {
      problems.push("SIGTERM: the service did not exit within 15 s");
      last.kill("SIGKILL");
      await exited(last);
    }
    sigtermExitCode = last.exitCode;
    if (last.exitCode !== 0) problems.push(`SIGTERM: exit ${last.exitCode ?? last.signalCode}, not 0`);
  }
  clearInterval(miner);

  // --- the books against the chains and the database
  const originTransfers = await chains.solverTransfers(chains.origin);
  const destinationTransfers = await chains.solverTransfers(chains.destination);
  const destinationClient = await chains.destination.viem.getPublicClient();
  const rows = read((file) => ({
    requests: new Map(
      (file.prepare("SELECT id, status FROM requests").all() as { id: string; status: string }[]).map(
        (row) => [row.id.toLowerCase(), row.status],
      ),
    ),
    openWithDeposit: file
      .prepare(
        `SELECT DISTINCT r.id FROM requests r JOIN deposits d ON d.request_id = r.id
         WHERE r.status NOT IN ('success', 'refund', 'failure') AND d.kind <> 'refund'`,
      )
      .all() as { id: string }[],
    deliveries: file.prepare("SELECT id, body, state FROM webhook_deliveries").all() as {
      id: string;
      body: string;
      state: string;
    }[],
    holds: file.prepare("SELECT request_id, status, expires_at FROM holds").all() as {
      request_id: string;
      status: string;
      expires_at: number;
    }[],
    debits: file
      .prepare(
        "SELECT request_id, COUNT(*) AS n FROM ledger_entries WHERE kind = 'debit' GROUP BY request_id",
      )
      .all() as { request_id: string; n: number }[],
  }));

  for (const flow of records) {
    const at = `${flow.kind} ${flow.requestId}`;
    const expected = flow.kind === "evm-refund" ? "refund" : "success";
    const ended = rows.requests.get(flow.requestId);
    if (ended !== expected) problems.push(`${at}: ended ${ended}, expected ${expected}`);
    const refunds = originTransfers.get(flow.requestId) ?? [];
    const fills = destinationTransfers.get(flow.requestId) ?? [];
    if (flow.kind === "evm-refund") {
      if (fills.length > 0) problems.push(`${at}: filled ${fills.length} times, expected a refund only`);
      if (refunds.length !== 1 || refunds[0]?.to !== flow.payer || refunds[0]?.value !== flow.deposited)
        problems.push(`${at}: refunds ${describe(refunds)}, expected one of ${flow.deposited} to the payer`);
      continue;
    }
    if (refunds.length > 0) problems.push(`${at}: refunded ${describe(refunds)}`);
    if (flow.kind === "evm-to-svm") {
      const landed = chains.ledger.signaturesFor(flow.recipient).filter((tx) => tx.err === null);
      if (landed.length !== 1) problems.push(`${at}: ${landed.length} SVM fills, expected 1`);
      continue;
    }
    if (flow.kind.startsWith("svm-")) {
      const payerTxs = chains.ledger.signaturesFor(flow.payer).filter((tx) => tx.err === null);
      if (payerTxs.length !== 1) problems.push(`${at}: ${payerTxs.length - 1} SVM refunds to the payer`);
    }
    const received = await destinationClient.getBalance({ address: flow.recipient as Hex });
    if (fills.length !== 1 || received !== fills[0]?.value)
      problems.push(`${at}: fills ${describe(fills)}, recipient holds ${received}; expected one fill`);
  }
  for (const { id } of rows.openWithDeposit) problems.push(`request ${id}: deposit booked, still open`);

  const signedBodies = new Set(receiver.received.filter((d) => d.signatureValid).map((d) => d.raw));
  if (receiver.received.some((d) => !d.signatureValid)) problems.push("a webhook with a bad signature");
  for (const delivery of rows.deliveries) {
    if (delivery.state !== "delivered") problems.push(`webhook ${delivery.id}: ${delivery.state}`);
    else if (!signedBodies.has(delivery.body)) problems.push(`webhook ${delivery.id}: never received`);
  }
  const finalStatusSeen = new Set(
    receiver.received.map((d) => `${String(d.event.data.requestId).toLowerCase()}:${d.event.data.status}`),
  );
  for (const flow of records) {
    const ended = rows.requests.get(flow.requestId);
    if (!finalStatusSeen.has(`${flow.requestId}:${ended}`))
      problems.push(`${flow.kind} ${flow.requestId}: its final status (${ended}) never reached the receiver`);
  }

  const debits = new Map(rows.debits.map((row) => [row.request_id.toLowerCase(), row.n]));
  let holdsExpiredWhileDown = 0;
  for (const hold of rows.holds) {
    const id = hold.request_id.toLowerCase();
    const expectedDebits = hold.status === "debited" ? 1 : 0;
    if (hold.status === "active") problems.push(`hold ${id}: still active`);
    if ((debits.get(id) ?? 0) !== expectedDebits)
      problems.push(`hold ${id} ${hold.status}: ${debits.get(id) ?? 0} debits, expected ${expectedDebits}`);
    if (
      hold.status === "debited" &&
      downtimes.some(([from, to]) => hold.expires_at >= from && hold.expires_at < to)
    )
      holdsExpiredWhileDown++;
  }

  await receiver.close();
  const byKind = Object.fromEntries(FLOW_KINDS.map((kind) => [kind, 0])) as Record<FlowKind, number>;
  for (const kind of kinds) byKind[kind]++;
  return {
    seed: options.seed,
    flows: records.length,
    byKind,
    kills,
    killsDuringStartUp,
    fastFillHolds: rows.holds.length,
    holdsExpiredWhileDown,
    webhookDeliveries: rows.deliveries.length,
    webhookExtraPosts: receiver.received.length - rows.deliveries.length,
    sigtermExitCode,
    durationMs: Math.round(performance.now() - started),
    problems,
  };
}

const describe = (transfers: readonly { to: string; value: bigint }[]) =>
  `[${transfers.map((t) => `${t.value} to ${t.to}`).join(", ")}]`;
