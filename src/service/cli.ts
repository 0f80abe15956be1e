/**
 * CLI of the mock service: `node src/service/cli.ts [--port 8787] [--db file.sqlite]
 * [--solver-key 0x...] [--api-keys k1,k2] [--rpc 31337=http://127.0.0.1:8545] [--log-level info]`.
 * Every flag has an environment fallback (ATTESTKIT_SERVICE_PORT, ATTESTKIT_SERVICE_DB,
 * ATTESTKIT_SOLVER_KEY, ATTESTKIT_API_KEYS, ATTESTKIT_RPC, ATTESTKIT_LOG_LEVEL). Listens on
 * 127.0.0.1 only. Keys are never printed.
 */
import { parseArgs } from "node:util";
import type { Hex } from "viem";
import { createEvmChainAdapter } from "./chains/evm.ts";
import type { ChainAdapter } from "./chains/types.ts";
import { createService } from "./service.ts";

/** Hardhat's well-known account #1: a development default only, printed as such. */
const DEV_SOLVER_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    db: { type: "string" },
    "solver-key": { type: "string" },
    "api-keys": { type: "string" },
    rpc: { type: "string", multiple: true },
    "log-level": { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log(`attestkit mock service

  --port <n>              port on 127.0.0.1 (env ATTESTKIT_SERVICE_PORT, default 8787; 0 = any)
  --db <file>             SQLite file (env ATTESTKIT_SERVICE_DB, default in memory)
  --solver-key <0x..>     solver EVM private key (env ATTESTKIT_SOLVER_KEY, default a public dev key)
  --api-keys <k1,k2>      accepted API keys (env ATTESTKIT_API_KEYS, default "dev-key")
  --rpc <chainId=url>     EVM chain to index and fill through (repeatable; env ATTESTKIT_RPC, comma-separated)
  --log-level <level>     pino level, or "silent" (env ATTESTKIT_LOG_LEVEL, default info)`);
  process.exit(0);
}

const env = process.env;
const port = Number(values.port ?? env.ATTESTKIT_SERVICE_PORT ?? 8787);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`invalid port ${values.port ?? env.ATTESTKIT_SERVICE_PORT}`);
  process.exit(2);
}
const solverKey = (values["solver-key"] ?? env.ATTESTKIT_SOLVER_KEY ?? DEV_SOLVER_KEY) as Hex;
if (!/^0x[0-9a-fA-F]{64}$/.test(solverKey)) {
  console.error("invalid solver key: expected 0x + 64 hex characters");
  process.exit(2);
}
const apiKeys = (values["api-keys"] ?? env.ATTESTKIT_API_KEYS ?? "dev-key")
  .split(",")
  .map((key) => key.trim())
  .filter(Boolean);
const rpcs = values.rpc ?? (env.ATTESTKIT_RPC ? env.ATTESTKIT_RPC.split(",") : []);
const level = values["log-level"] ?? env.ATTESTKIT_LOG_LEVEL ?? "info";

const chains: ChainAdapter[] = [];
for (const spec of rpcs) {
  const match = /^(\d+)=(https?:\/\/.+)$/.exec(spec.trim());
  if (!match) {
    console.error(`invalid --rpc ${JSON.stringify(spec)}: expected <chainId>=<http url>`);
    process.exit(2);
  }
  chains.push(
    createEvmChainAdapter({
      chainId: Number(match[1]),
      rpcUrl: match[2] as string,
      solverPrivateKey: solverKey,
    }),
  );
}

const service = createService({
  db: values.db ?? env.ATTESTKIT_SERVICE_DB ?? ":memory:",
  solverPrivateKey: solverKey,
  apiKeys,
  chains,
  logger: level === "silent" ? false : { level },
});
const url = await service.listen(port);
console.log(
  `attestkit mock service on ${url} (solver ${service.solverAddress}${solverKey === DEV_SOLVER_KEY ? ", PUBLIC DEV KEY" : ""}; ` +
    `${apiKeys.length} API key(s); db ${values.db ?? env.ATTESTKIT_SERVICE_DB ?? "in memory"}; ` +
    `${chains.length} chain(s) indexed; OpenAPI at ${url}/openapi.json)`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await service.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
