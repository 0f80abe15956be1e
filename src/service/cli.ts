/**
 * CLI of the mock service: `attestkit service` (`npm run service --` here) [--port 8787] [--db file.sqlite [--new-db]]
 * [--solver-key 0x...] [--api-keys k1,k2] [--rpc 31337=http://127.0.0.1:8545]
 * [--svm-rpc http://127.0.0.1:8899] [--svm-ws ws://127.0.0.1:8900] [--svm-solver-keypair file.json]
 * [--svm-receiver <program id>] [--order-version v1|v2] [--webhook-url URL] [--scenarios FILE] [--log-level info]`.
 * Every flag has an environment fallback (ATTESTKIT_SERVICE_PORT, ATTESTKIT_SERVICE_DB,
 * ATTESTKIT_SOLVER_KEY, ATTESTKIT_API_KEYS, ATTESTKIT_RPC, ATTESTKIT_SVM_RPC, ATTESTKIT_SVM_WS,
 * ATTESTKIT_SVM_SOLVER_KEYPAIR, ATTESTKIT_SVM_RECEIVER, ATTESTKIT_ORDER_VERSION, ATTESTKIT_WEBHOOK_URL,
 * ATTESTKIT_LOG_LEVEL). Listens on 127.0.0.1
 * only. Keys are never printed.
 */
import { readFileSync } from "node:fs";
import { type Address, createKeyPairSignerFromBytes, isAddress, type KeyPairSigner } from "@solana/kit";
import type { Hex } from "viem";
import { commandOptions, parseCommandArgs } from "../cli-options.ts";
import { svmDevKeypair } from "../devnet/accounts.ts";
import {
  CANONICAL_EVM_DEPOSITORY,
  ORDER_VERSIONS,
  type OrderVersion,
  SVM_DEPOSITORY_PROGRAM,
} from "../orders/index.ts";
import { withPortFlag } from "../start-errors.ts";
import { createEvmChainAdapter } from "./chains/evm.ts";
import { createSvmChainAdapter } from "./chains/svm.ts";
import type { ChainAdapter } from "./chains/types.ts";
import { SERVICE_HELP } from "./help.ts";
import { LOOPBACK_HOSTS } from "./host-guard.ts";
import { scenariosOfFlag } from "./scenarios/file.ts";
import { createService } from "./service.ts";
import { DatabaseFileError } from "./store.ts";
import { WebhookUrlSchema } from "./webhooks/endpoint-url.ts";

/** Hardhat's well-known account #1: a development default only, printed as such. */
const DEV_SOLVER_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

const { values } = parseCommandArgs("service", {
  options: {
    port: { type: "string" },
    db: { type: "string" },
    "new-db": { type: "boolean" },
    "solver-key": { type: "string" },
    "api-keys": { type: "string" },
    rpc: { type: "string", multiple: true },
    confirmations: { type: "string", multiple: true },
    "hold-timeout": { type: "string" },
    "svm-rpc": { type: "string" },
    "svm-ws": { type: "string" },
    "svm-solver-keypair": { type: "string" },
    "svm-receiver": { type: "string" },
    "order-version": { type: "string" },
    "log-level": { type: "string" },
    "webhook-url": { type: "string" },
    scenarios: { type: "string" },
    "allow-host": { type: "string", multiple: true },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log(SERVICE_HELP);
  process.exit(0);
}

const env = process.env;
const options = commandOptions("service");
const fail: (problem: string) => never = options.fail;
const port = options.integer("port", values.port ?? env.ATTESTKIT_SERVICE_PORT, 8787, 0, 65535);
const solverKey = (values["solver-key"] ?? env.ATTESTKIT_SOLVER_KEY ?? DEV_SOLVER_KEY) as Hex;
if (!/^0x[0-9a-fA-F]{64}$/.test(solverKey)) fail("invalid --solver-key: expected 0x + 64 hex characters");
const apiKeys = (values["api-keys"] ?? env.ATTESTKIT_API_KEYS ?? "devnet-api-key")
  .split(",")
  .map((key) => key.trim())
  .filter(Boolean);
const rpcs = values.rpc ?? (env.ATTESTKIT_RPC ? env.ATTESTKIT_RPC.split(",") : []);
const extraHosts = values["allow-host"]?.map((host) => host.toLowerCase());
const allowHosts =
  extraHosts === undefined ? undefined : extraHosts.includes("*") ? "*" : [...LOOPBACK_HOSTS, ...extraHosts];
const level = values["log-level"] ?? env.ATTESTKIT_LOG_LEVEL ?? "info";

const webhookUrl = values["webhook-url"] ?? env.ATTESTKIT_WEBHOOK_URL;
if (webhookUrl !== undefined && (apiKeys.length === 0 || !WebhookUrlSchema.safeParse(webhookUrl).success)) {
  // The URL is not echoed: it may carry credentials.
  fail("invalid --webhook-url: expected an absolute http(s) URL without credentials, and an API key");
}

const scenarios = scenariosOfFlag(values.scenarios ?? env.ATTESTKIT_SCENARIOS, fail);

const holdTimeout = values["hold-timeout"];
if (holdTimeout !== undefined && !/^\d+(\.\d+)?$/.test(holdTimeout)) {
  fail(`invalid --hold-timeout ${JSON.stringify(holdTimeout)}: expected seconds`);
}

const orderVersion = values["order-version"] ?? env.ATTESTKIT_ORDER_VERSION ?? "v1";
if (!(ORDER_VERSIONS as readonly string[]).includes(orderVersion)) {
  fail(`invalid --order-version ${JSON.stringify(orderVersion)}: expected ${ORDER_VERSIONS.join(" or ")}`);
}

const chains: ChainAdapter[] = [];
for (const spec of rpcs) {
  const match = /^(\d+)=(https?:\/\/.+)$/.exec(spec.trim());
  if (!match) fail(`invalid --rpc ${JSON.stringify(spec)}: expected <chainId>=<http url>`);
  chains.push(
    createEvmChainAdapter({
      chainId: Number(match[1]),
      rpcUrl: match[2] as string,
      solverPrivateKey: solverKey,
      depository: CANONICAL_EVM_DEPOSITORY,
    }),
  );
}

const confirmations: Record<number, number> = {};
for (const spec of values.confirmations ?? []) {
  const match = /^(\d+)=(\d+)$/.exec(spec.trim());
  if (!match || Number(match[2]) < 1)
    fail(`invalid --confirmations ${JSON.stringify(spec)}: expected <chainId>=<n >= 1>`);
  confirmations[Number(match[1])] = Number(match[2]);
}

async function svmSolverKeypair(file: string | undefined): Promise<KeyPairSigner> {
  if (file === undefined) return svmDevKeypair("solver");
  let bytes: unknown;
  try {
    bytes = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    fail(`invalid --svm-solver-keypair ${JSON.stringify(file)}: ${(error as Error).message}`);
  }
  if (
    !Array.isArray(bytes) ||
    bytes.length !== 64 ||
    !bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)
  ) {
    fail(`invalid --svm-solver-keypair ${JSON.stringify(file)}: expected a JSON array of 64 bytes`);
  }
  return createKeyPairSignerFromBytes(Uint8Array.from(bytes as number[]));
}

const svmRpc = values["svm-rpc"] ?? env.ATTESTKIT_SVM_RPC;
const svmWs = values["svm-ws"] ?? env.ATTESTKIT_SVM_WS;
const svmReceiver = values["svm-receiver"] ?? env.ATTESTKIT_SVM_RECEIVER;
const svmSolverFile = values["svm-solver-keypair"] ?? env.ATTESTKIT_SVM_SOLVER_KEYPAIR;
if (svmRpc !== undefined && !/^https?:\/\/.+/.test(svmRpc))
  fail(`invalid --svm-rpc ${JSON.stringify(svmRpc)}: expected an http(s) URL`);
if (svmWs !== undefined && !/^wss?:\/\/.+/.test(svmWs))
  fail(`invalid --svm-ws ${JSON.stringify(svmWs)}: expected a ws(s) URL`);
if (svmReceiver !== undefined && !isAddress(svmReceiver))
  fail(`invalid --svm-receiver ${JSON.stringify(svmReceiver)}: expected a base58 program id`);
const svmSolver = await svmSolverKeypair(svmSolverFile);
if (svmRpc !== undefined) {
  chains.push(
    createSvmChainAdapter({
      rpcUrl: svmRpc,
      solver: svmSolver,
      depositoryProgram: SVM_DEPOSITORY_PROGRAM as Address,
      ...(svmWs === undefined ? {} : { wsUrl: svmWs }),
      ...(svmReceiver === undefined ? {} : { receiverProgram: svmReceiver as Address }),
    }),
  );
}

let service: ReturnType<typeof createService>;
try {
  service = createService({
    svmSolverAddress: svmSolver.address,
    db: values.db ?? env.ATTESTKIT_SERVICE_DB ?? ":memory:",
    newDb: values["new-db"] === true,
    confirmations,
    ...(holdTimeout === undefined ? {} : { holdTimeoutMs: Number(holdTimeout) * 1000 }),
    solverPrivateKey: solverKey,
    apiKeys,
    chains,
    orderVersion: orderVersion as OrderVersion,
    logger: level === "silent" ? false : { level },
    ...(allowHosts === undefined ? {} : { allowedHosts: allowHosts }),
    ...(webhookUrl === undefined ? {} : { webhooks: { endpoints: { [apiKeys[0] as string]: webhookUrl } } }),
    ...(scenarios === undefined ? {} : { scenarios }),
  });
} catch (error) {
  if (error instanceof DatabaseFileError) fail(error.message);
  throw error;
}
const url = await service.listen(port).catch((error: unknown) => {
  throw withPortFlag(error, new Map([[port, "--port"]]));
});
console.log(
  `attestkit mock service on ${url} (solver ${service.solverAddress}${solverKey === DEV_SOLVER_KEY ? ", PUBLIC DEV KEY" : ""}; ` +
    `${apiKeys.length} API key(s); db ${values.db ?? env.ATTESTKIT_SERVICE_DB ?? "in memory"}; ` +
    `${chains.length} chain(s) indexed${svmRpc === undefined ? "" : ` (SVM solver ${svmSolver.address}${svmSolverFile === undefined ? ", PUBLIC DEV KEY" : ""})`}; OpenAPI at ${url}/openapi.json)`,
);

/** How long a stop waits for fills and refunds in flight before handing them back to the next start. */
const STOP_GRACE_MS = 5000;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await service.close({ graceMs: STOP_GRACE_MS });
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
