/**
 * `attestkit verify <request id | tx hash>`: both legs of a request checked from outside, against
 * the devnet (the default URLs) or any service URL and chain RPCs. Prints each leg with each check
 * (`--json` for scripts); exits 0 only when every check holds, 1 when one does not, 2 for a usage
 * error (unknown flag, unknown request, unreachable service or RPC).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { SVM_CHAIN_ID } from "../svm/index.ts";
import { type RequestReport, VerifyUsageError, verifyRequest } from "./legs.ts";

const HELP = `attestkit verify <request id | tx hash> [options]

Checks both legs of a request against its protocol order: the order (its id recomputed), the
deposit (found, succeeded, final) and the fill or refund (verifyOrderFill / verifyOrderRefund over
the chain's RPC: success, finality, order-id tag, deadline, what the recipient received against the
order's minimum). Exit code 0 only when every check holds.

  --service <url>       the service (env ATTESTKIT_SERVICE_URL, default http://127.0.0.1:8787)
  --api-key <key>       sent as x-api-key to GET /requests/v3 (env ATTESTKIT_API_KEY, default the devnet's)
  --rpc <chain>=<url>   JSON-RPC URL of a numeric chain id (repeatable; default the devnet's
                        8453=http://127.0.0.1:8545, 10=http://127.0.0.1:8546, ${SVM_CHAIN_ID}=http://127.0.0.1:8899)
  --order <file>        the order as JSON (the quote's protocol.v2 block or its orderData), for a
                        service that does not return it in the status
  --confirmations <n>   EVM blocks for finality, the transaction's own included (default 1)
  --commitment <c>      SVM commitment for finality: confirmed (default) or finalized
  --json                one JSON object on stdout
  -h, --help            this text`;

/** The devnet's `DEVNET_API_KEY` (src/devnet/devnet.ts, not imported: it loads the whole devnet). */
const DEVNET_API_KEY = "devnet-api-key";

const DEVNET_RPC: ReadonlyArray<[number, string]> = [
  [8453, "http://127.0.0.1:8545"],
  [10, "http://127.0.0.1:8546"],
  [SVM_CHAIN_ID, "http://127.0.0.1:8899"],
];

function usage(message: string): never {
  console.error(`attestkit verify: ${message} (see attestkit verify --help)`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        service: { type: "string" },
        "api-key": { type: "string" },
        rpc: { type: "string", multiple: true },
        order: { type: "string" },
        confirmations: { type: "string" },
        commitment: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    return usage((error as Error).message.split(". ")[0] as string);
  }
}

function rpcUrls(flags: readonly string[]): Map<number, string> {
  const urls = new Map(DEVNET_RPC);
  for (const flag of flags) {
    const match = /^([1-9][0-9]*)=(https?:\/\/.+)$/.exec(flag);
    if (match === null) usage(`--rpc takes <chain id>=<http(s) url>, got ${JSON.stringify(flag)}`);
    urls.set(Number(match[1]), match[2] as string);
  }
  return urls;
}

function orderFrom(file: string | undefined): unknown {
  if (file === undefined) return undefined;
  let parsed: { orderData?: unknown; protocol?: { v2?: { orderData?: unknown } } };
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return usage(`--order ${file}: ${(error as Error).message}`);
  }
  return parsed.protocol?.v2?.orderData ?? parsed.orderData ?? parsed;
}

function print(result: RequestReport): void {
  console.log(`request ${result.requestId}  status ${result.status}  order ${result.orderId ?? "-"}`);
  for (const leg of result.legs) {
    const where = leg.txHash === null ? "" : `  chain ${leg.chainId}  tx ${leg.txHash}`;
    console.log(`\n${leg.ok ? "✔" : "✘"} ${leg.leg}${where}`);
    for (const check of leg.checks)
      console.log(`    ${check.ok ? "✔" : "✘"} ${check.check.padEnd(13)} ${check.detail}`);
    for (const failure of leg.failures) {
      const detail = [
        failure.expected && `expected ${failure.expected}`,
        failure.actual && `actual ${failure.actual}`,
      ]
        .filter(Boolean)
        .join(", ");
      console.log(`      ${failure.code}${detail === "" ? "" : ` (${detail})`}`);
    }
  }
  const failed = result.legs.flatMap((leg) => leg.failures.map((failure) => failure.code));
  console.log(
    result.ok ? "\nverified: every check of both legs holds" : `\nNOT verified: ${failed.join(", ")}`,
  );
}

const { values, positionals } = parse();
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
if (positionals.length !== 1) usage(`expected one request id or transaction hash, got ${positionals.length}`);
const confirmations = values.confirmations === undefined ? undefined : Number(values.confirmations);
if (confirmations !== undefined && !(Number.isSafeInteger(confirmations) && confirmations >= 1)) {
  usage(`--confirmations must be a whole number >= 1, got ${JSON.stringify(values.confirmations)}`);
}
const commitment = values.commitment;
if (commitment !== undefined && commitment !== "confirmed" && commitment !== "finalized") {
  usage(`--commitment must be confirmed or finalized, got ${JSON.stringify(commitment)}`);
}
const order = orderFrom(values.order);
try {
  const result = await verifyRequest(
    {
      serviceUrl: values.service ?? process.env.ATTESTKIT_SERVICE_URL ?? "http://127.0.0.1:8787",
      apiKey: values["api-key"] ?? process.env.ATTESTKIT_API_KEY ?? DEVNET_API_KEY,
      rpcUrls: rpcUrls(values.rpc ?? []),
      ...(order === undefined ? {} : { order }),
      finality: {
        ...(confirmations === undefined ? {} : { confirmations }),
        ...(commitment === undefined ? {} : { commitment }),
      },
    },
    positionals[0] as string,
  );
  if (values.json)
    console.log(JSON.stringify(result, (_key, value) => (typeof value === "bigint" ? String(value) : value)));
  else print(result);
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  if (error instanceof VerifyUsageError) usage(error.message);
  throw error;
}
