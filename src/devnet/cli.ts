/**
 * `npx attestkit devnet` (`npm start` in this repository): boots the devnet and prints every
 * endpoint, contract, program and funded account, then prints a live activity feed (quotes, deposits
 * seen, fills, holds, refunds: the mock service's own events) until Ctrl-C (SIGINT) or SIGTERM,
 * which stop it cleanly. Flags (with environment fallbacks):
 *   --port <n>         mock service port (ATTESTKIT_SERVICE_PORT, default 8787; 0 = any free port)
 *   --ports <a-b>      every port picked free inside the range a-b instead (ATTESTKIT_PORTS)
 *   --rpc-port <n>     JSON-RPC port (HTTP and WebSocket) of chain 8453; chain 10 gets the next one
 *                      (ATTESTKIT_RPC_PORT, default 8545; 0 = a free port for each)
 *   --svm-rpc-port <n> Solana JSON-RPC port (ATTESTKIT_SVM_RPC_PORT, default 8899); PubSub on the next one
 *   --slot-time <ms>   SVM slot length (ATTESTKIT_SLOT_TIME, default 400)
 *   --svm-rpc-url <u>  run the SVM side on this external validator instead (ATTESTKIT_SVM_RPC_URL);
 *   --svm-ws-url <u>   its PubSub URL (ATTESTKIT_SVM_WS_URL, default the RPC port + 1)
 *   --block-time <ms>  after a block with transactions, an empty EVM block this often until it is final
 *                      (ATTESTKIT_BLOCK_TIME, default 2000)
 *   --db <file>        service SQLite file (ATTESTKIT_SERVICE_DB, default in memory)
 *   --order-version <v> protocol order format the mock issues: v1 (default) or v2 (ATTESTKIT_ORDER_VERSION)
 *   --router-shape <s> fill router the solver goes through: v3.2 (default) or v3.1 (ATTESTKIT_ROUTER_SHAPE)
 *   --webhook-url <u>  webhook endpoint of the devnet's API key (ATTESTKIT_WEBHOOK_URL)
 *   --scenarios <file> scenarios to start with, JSON (ATTESTKIT_SCENARIOS; more at /_mock/scenarios)
 *   --faucet-per-request-sol-cap <sol>, --faucet-per-time-sol-cap <sol>, --faucet-time-slice-secs <s>
 *                      requestAirdrop's caps, as solana-test-validator names them (default 1000, 10000, 10)
 *   --cors-origin <o>  a browser origin the chains' RPCs and the service serve (repeatable, '*' any; default local origins)
 *   --allow-host <h>   a Host name the chains' RPCs and the service answer (repeatable, '*' any; default loopback names)
 *   --dump-state <f>   save the whole devnet to <f> on exit and on POST /_devnet/dump-state
 *   --load-state <f>   start from a state saved by --dump-state
 *   --config-out <f>   write every endpoint, address and key as JSON to this file once ready (`config-out.ts`)
 */
// Only what reading the options and opening the chains' ports needs is imported up front: the chains,
// the service and their dependencies load once the ports answer (early-json-rpc.ts).
import { existsSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { commandOptions, parseCommandArgs } from "../cli-options.ts";
import type { RouterShape } from "../orders/fill-router.ts";
import { ORDER_VERSIONS, type OrderVersion } from "../orders/typed-data.ts";
import { formatActivity } from "../service/activity.ts";
import { LOOPBACK_HOSTS } from "../service/host-guard.ts";
import { withPortFlag } from "../start-errors.ts";
import { type BrowserPolicy, DEFAULT_BROWSER_POLICY } from "./browser-guard.ts";
import { DEVNET_BLOCK_TIME_MS, DEVNET_EVM_CHAINS } from "./defaults.ts";
import type { Devnet, SvmChainBase } from "./devnet.ts";
import { type EarlyJsonRpcServer, listenEarly } from "./early-json-rpc.ts";
import { DEVNET_HELP } from "./help.ts";
import { loadInTurns } from "./load-in-turns.ts";
import { collectSetupGarbage, reexecWithDevnetFlags } from "./node-flags.ts";
import { DEVNET_PORT_COUNT, type DevnetPorts, parsePortRange, pickDevnetPorts } from "./port-range.ts";
import { DEFAULT_FAUCET_LIMITS } from "./solana-rpc/faucet.ts";

// Run directly (not through `attestkit devnet`, which re-executes before loading this module).
reexecWithDevnetFlags(process.argv.slice(2));

const { values } = parseCommandArgs("devnet", {
  options: {
    port: { type: "string" },
    ports: { type: "string" },
    "rpc-port": { type: "string" },
    "block-time": { type: "string" },
    "svm-rpc-port": { type: "string" },
    "slot-time": { type: "string" },
    "svm-rpc-url": { type: "string" },
    "svm-ws-url": { type: "string" },
    db: { type: "string" },
    "webhook-url": { type: "string" },
    scenarios: { type: "string" },
    "faucet-per-request-sol-cap": { type: "string" },
    "faucet-per-time-sol-cap": { type: "string" },
    "faucet-time-slice-secs": { type: "string" },
    "cors-origin": { type: "string", multiple: true },
    "allow-host": { type: "string", multiple: true },
    "order-version": { type: "string" },
    "router-shape": { type: "string" },
    "dump-state": { type: "string" },
    "load-state": { type: "string" },
    "config-out": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log(DEVNET_HELP);
  process.exit(0);
}

const options = commandOptions("devnet");

const env = process.env;
const portsFlag = values.ports ?? env.ATTESTKIT_PORTS;
const portRange = portsFlag === undefined ? null : parsePortRange(portsFlag);
if (portsFlag !== undefined && portRange === null)
  options.fail(
    `invalid --ports ${JSON.stringify(portsFlag)}: expected FIRST-LAST, ports 1 to 65535, at least ${DEVNET_PORT_COUNT} of them`,
  );
if (
  portRange !== null &&
  [values.port, values["rpc-port"], values["svm-rpc-port"]].some((v) => v !== undefined)
)
  options.fail("--ports picks every port: leave out --port, --rpc-port and --svm-rpc-port");
const servicePort = options.integer("port", values.port ?? env.ATTESTKIT_SERVICE_PORT, 8787, 0, 65535);
const rpcPort = options.integer("rpc-port", values["rpc-port"] ?? env.ATTESTKIT_RPC_PORT, 8545, 0, 65534);
const blockTimeMs = options.integer(
  "block-time",
  values["block-time"] ?? env.ATTESTKIT_BLOCK_TIME,
  DEVNET_BLOCK_TIME_MS,
  0,
  3_600_000,
);
const svmRpcPort = options.integer(
  "svm-rpc-port",
  values["svm-rpc-port"] ?? env.ATTESTKIT_SVM_RPC_PORT,
  8899,
  0,
  65534,
);
const slotTimeMs = options.integer(
  "slot-time",
  values["slot-time"] ?? env.ATTESTKIT_SLOT_TIME,
  400,
  10,
  60_000,
);
const db = values.db ?? env.ATTESTKIT_SERVICE_DB;
const webhookUrl = values["webhook-url"] ?? env.ATTESTKIT_WEBHOOK_URL;
if (
  webhookUrl !== undefined &&
  !(await import("../service/webhooks/endpoint-url.ts")).WebhookUrlSchema.safeParse(webhookUrl).success
) {
  // The URL is not echoed: it may carry credentials.
  options.fail("invalid --webhook-url: expected an absolute http(s) URL without credentials");
}
const scenariosFlag = values.scenarios ?? env.ATTESTKIT_SCENARIOS;
const scenarios =
  scenariosFlag === undefined
    ? undefined
    : (await import("../service/scenarios/file.ts")).scenariosOfFlag(scenariosFlag, options.fail);
const svmRpcUrl = values["svm-rpc-url"] ?? env.ATTESTKIT_SVM_RPC_URL;
const svmWsUrl = values["svm-ws-url"] ?? env.ATTESTKIT_SVM_WS_URL;
for (const [name, url] of [
  ["svm-rpc-url", svmRpcUrl],
  ["svm-ws-url", svmWsUrl],
] as const) {
  if (url !== undefined && !URL.canParse(url))
    options.fail(`invalid --${name} ${JSON.stringify(url)}: expected a URL`);
}

const orderVersion = values["order-version"] ?? env.ATTESTKIT_ORDER_VERSION ?? "v1";
if (!(ORDER_VERSIONS as readonly string[]).includes(orderVersion)) {
  options.fail(
    `invalid --order-version ${JSON.stringify(orderVersion)}: expected ${ORDER_VERSIONS.join(" or ")}`,
  );
}

// Absent: the service's default shape.
const routerShape = values["router-shape"] ?? env.ATTESTKIT_ROUTER_SHAPE;
if (routerShape !== undefined) {
  const { ROUTER_SHAPES } = await import("../orders/fill-router.ts");
  if (!(ROUTER_SHAPES as readonly string[]).includes(routerShape)) {
    options.fail(
      `invalid --router-shape ${JSON.stringify(routerShape)}: expected ${ROUTER_SHAPES.join(" or ")}`,
    );
  }
}

const dumpStatePath = values["dump-state"];
const loadStatePath = values["load-state"];
if (loadStatePath !== undefined && svmRpcUrl !== undefined) {
  options.fail("--load-state needs the embedded SVM chain: it cannot be combined with --svm-rpc-url");
}
if (dumpStatePath !== undefined) {
  if (svmRpcUrl !== undefined) {
    options.fail("--dump-state needs the embedded SVM chain: it cannot be combined with --svm-rpc-url");
  }
  // Checked now, not when the devnet stops: the state is written beside it, in its folder.
  const folder = dirname(resolve(dumpStatePath));
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    options.fail(`invalid --dump-state ${JSON.stringify(dumpStatePath)}: folder ${folder} does not exist`);
  }
}

const faucet = {
  perRequestSol: options.nonNegative(
    "faucet-per-request-sol-cap",
    values["faucet-per-request-sol-cap"],
    DEFAULT_FAUCET_LIMITS.perRequestSol,
  ),
  perTimeSliceSol: options.nonNegative(
    "faucet-per-time-sol-cap",
    values["faucet-per-time-sol-cap"],
    DEFAULT_FAUCET_LIMITS.perTimeSliceSol,
  ),
  timeSliceSeconds: options.integer(
    "faucet-time-slice-secs",
    values["faucet-time-slice-secs"],
    DEFAULT_FAUCET_LIMITS.timeSliceSeconds,
    1,
    86_400,
  ),
};

function table(title: string, rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0))) ?? [];
  console.log(`\n${title}`);
  for (const row of rows) console.log(`  ${row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ")}`);
}

function describe(devnet: Devnet<SvmChainBase>, accounts: typeof import("./accounts.ts")): void {
  const { EVM_ROLE_NAMES, evmDevAccount, SVM_ROLE_NAMES, svmDevSecretKey } = accounts;
  table("Endpoints", [
    ["mock service", devnet.serviceUrl, `API key: ${devnet.apiKey}`],
    ["OpenAPI", `${devnet.serviceUrl}/openapi.json`, ""],
    ["devnet clock", `${devnet.serviceUrl}/_devnet/time`, "one clock for every chain and the service"],
    ...[...devnet.evm.values()].flatMap((chain) => [
      [`${chain.name} (${chain.chainId})`, chain.rpcUrl, "JSON-RPC over HTTP"],
      [`${chain.name} (${chain.chainId})`, chain.wsUrl, "JSON-RPC over WebSocket (eth_subscribe)"],
    ]),
    ["svm (792703809)", devnet.svm.rpcUrl, `Solana JSON-RPC${svmRpcUrl ? " (external validator)" : ""}`],
    ["svm (792703809)", devnet.svm.wsUrl, "Solana PubSub (WebSocket)"],
  ]);
  table("Contracts and programs", [
    ...[...devnet.evm.values()].flatMap((chain) => [
      [`${chain.chainId}`, "AttestedReceiver", chain.receiver],
      [`${chain.chainId}`, `RelayDepository (protocol chain "${chain.name}")`, chain.depository],
      ...(chain.depositAddressFactory === undefined
        ? []
        : [
            [
              `${chain.chainId}`,
              "DepositAddressFactory (strict deposit addresses)",
              chain.depositAddressFactory,
            ],
          ]),
      ...chain.tokens.map((token) => [
        `${chain.chainId}`,
        `${token.symbol} (${token.decimals} decimals)`,
        token.address,
      ]),
    ]),
    ["792703809", "attested-receiver program", devnet.svm.receiverProgram],
    ["792703809", "attested-receiver config", devnet.svm.receiverConfig],
    ["792703809", `USDC mint (${devnet.svm.usdc.decimals} decimals)`, devnet.svm.usdc.mint],
    ...(devnet.svm.depository
      ? [
          ["792703809", 'depository program (protocol chain "solana")', devnet.svm.depository.program],
          ["792703809", "depository vault", devnet.svm.depository.vault],
        ]
      : []),
  ]);
  table(
    "Funded EVM accounts (10,000 ETH, 1,000,000 USDC and 1,000 WETH on each chain; public keys: devnet only)",
    [
      ...EVM_ROLE_NAMES.map((role) => {
        const account = evmDevAccount(role);
        return [role, account.address, account.privateKey];
      }),
    ],
  );
  table(
    `Funded SVM accounts (${svmRpcUrl ? "100" : "1,000"} SOL and 1,000,000 USDC; secret keys in base58)`,
    [
      ...SVM_ROLE_NAMES.map((role) => {
        const signer = devnet.svm.accounts[role];
        return [role, signer.address, svmDevSecretKey(signer, role)];
      }),
    ],
  );
  console.log(
    `\nSolver: ${devnet.solver.evm} (EVM), ${devnet.solver.svm} (SVM). Confirmation blocks ${blockTimeMs} ms apart on ${DEVNET_EVM_CHAINS.map((c) => c.chainId).join(" and ")}, SVM slots every ${slotTimeMs} ms. Ctrl-C stops.`,
  );
}

// A state file from another attestkit is refused here, before anything starts (exit code 2).
const load =
  loadStatePath === undefined ? undefined : (await import("./state-file.ts")).readStateFile(loadStatePath);

/** Which flag moves each port the devnet listens on (PubSub and chain 10 take the port after theirs). */
function portFlagsOf(ports: DevnetPorts): Map<number, string> {
  if (portRange !== null) {
    const flag = `--ports (${portRange.first}-${portRange.last}: a port of the range was taken while the devnet started; start it again)`;
    return new Map(portsOf(ports).map((port) => [port, flag]));
  }
  return new Map<number, string>([
    [ports.servicePort, "--port"],
    [ports.rpcPort, "--rpc-port"],
    [ports.rpcPort + 1, "--rpc-port (chain 10 listens on the port after it)"],
    [ports.svmRpcPort, "--svm-rpc-port"],
    [ports.svmRpcPort + 1, "--svm-rpc-port (its PubSub listens on the port after it)"],
  ]);
}
const portsOf = (ports: DevnetPorts) => [
  ports.servicePort,
  ports.rpcPort,
  ports.rpcPort + 1,
  ports.svmRpcPort,
  ports.svmRpcPort + 1,
];
const ports: DevnetPorts =
  portRange === null
    ? { servicePort, rpcPort, svmRpcPort }
    : ((await pickDevnetPorts(portRange)) ??
      options.fail(
        `--ports ${portRange.first}-${portRange.last} has no free port for the service and two free pairs of consecutive ports for the chains`,
      ));

const origins = values["cors-origin"];
const hosts = values["allow-host"];
const browserPolicy: BrowserPolicy = {
  origins: origins === undefined ? DEFAULT_BROWSER_POLICY.origins : origins.includes("*") ? "*" : origins,
  hosts:
    hosts === undefined
      ? DEFAULT_BROWSER_POLICY.hosts
      : hosts.includes("*")
        ? "*"
        : [...LOOPBACK_HOSTS, ...hosts.map((h) => h.toLowerCase())],
};

/**
 * The EVM chains' JSON-RPC ports, listening before the devnet's modules load: they answer `eth_chainId`
 * at once and hold every other call until their chain is set up. --rpc-port 0: a free port for each.
 */
async function listenChains(): Promise<Record<number, EarlyJsonRpcServer>> {
  const servers: Record<number, EarlyJsonRpcServer> = {};
  try {
    for (const [index, { chainId }] of DEVNET_EVM_CHAINS.entries()) {
      const port = ports.rpcPort === 0 ? 0 : ports.rpcPort + index;
      servers[chainId] = await listenEarly(chainId, port, browserPolicy);
    }
    return servers;
  } catch (error) {
    await Promise.all(Object.values(servers).map((server) => server.close()));
    throw withPortFlag(error, portFlagsOf(ports));
  }
}

console.log("Starting the attestkit devnet...");
const rpcServers = await listenChains();
// The devnet's dependencies a package (viem a subpath) at a time, then its own modules a part at a
// time, each under about 100 ms of loading here, so the chains' ports answer within one part's load.
// The smallest first: a client polling from the start connects while the first part loads.
const { startDevnet } = await loadInTurns(
  [
    () => import("zod"),
    () => import("@solana/kit"),
    () => import("fastify"),
    () => import("viem/accounts"),
    () => import("viem/utils"),
    () => import("viem/actions"),
    () => import("viem"),
    () => import("../orders/index.ts"),
    () => import("../schemas/index.ts"),
    () => import("../receiver/index.ts"),
    () => import("../gasless/index.ts"),
    () => import("../service/index.ts"),
    () => import("./svm-chain.ts"),
    () => import("./evm-chain.ts"),
  ],
  () => import("./devnet.ts"),
);
const devnet = await startDevnet({
  servicePort: ports.servicePort,
  rpcServers,
  blockTimeMs,
  svmRpcPort: ports.svmRpcPort,
  svmWsPort: ports.svmRpcPort === 0 ? 0 : ports.svmRpcPort + 1,
  svmSlotTimeMs: slotTimeMs,
  ...(db === undefined ? {} : { db }),
  ...(webhookUrl === undefined ? {} : { webhookUrl }),
  ...(scenarios === undefined ? {} : { scenarios }),
  browserPolicy,
  faucet,
  orderVersion: orderVersion as OrderVersion,
  ...(routerShape === undefined ? {} : { routerShape: routerShape as RouterShape }),
  ...(svmRpcUrl === undefined ? {} : { svmRpcUrl, ...(svmWsUrl === undefined ? {} : { svmWsUrl }) }),
  ...(load === undefined ? {} : { load }),
  ...(dumpStatePath === undefined ? {} : { dumpStatePath }),
}).catch((error: unknown) => {
  throw withPortFlag(error, portFlagsOf(ports));
});
// Handlers first: a Ctrl-C as soon as the endpoints are printed stops the devnet cleanly.
let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) process.exit(130);
  stopping = true;
  console.log(`\n${signal}: stopping the devnet...`);
  if (dumpStatePath !== undefined) {
    try {
      await devnet.dumpState(dumpStatePath);
      console.log(`state saved to ${dumpStatePath}`);
    } catch (error) {
      console.error(`state not saved to ${dumpStatePath}: ${(error as Error).message}`);
    }
  }
  await devnet.close();
  console.log("stopped");
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

const configOut = values["config-out"];
if (configOut !== undefined) {
  const { devnetConfig, writeDevnetConfig } = await import("./config-out.ts");
  try {
    await writeDevnetConfig(configOut, devnetConfig(devnet));
  } catch (error) {
    console.error(`attestkit devnet: cannot write --config-out ${configOut}: ${(error as Error).message}`);
    await devnet.close();
    process.exit(1);
  }
}
describe(devnet, await import("./accounts.ts"));
collectSetupGarbage();
console.log("\nActivity (quotes, deposits seen, fills, holds, refunds):");
devnet.service.onActivity((event) => {
  console.log(`  ${new Date().toISOString().slice(11, 23)}  ${formatActivity(event)}`);
});
