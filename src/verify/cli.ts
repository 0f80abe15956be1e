/**
 * `attestkit verify <request id | tx hash>`: both legs of a request checked from outside, against
 * the devnet (the default service URL), a devnet's `--config-out` file, or any service URL. Prints
 * each leg with each check (`--json` for scripts); exits 0 only when every check holds, 1 when one
 * does not, 2 when nothing could be checked (a usage error: unknown flag, unknown request, bad file;
 * a connection error: unreachable service or RPC, an RPC serving another chain), in one line.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { DevnetConfigSchema } from "../devnet/config-out.ts";
import { type RequestReport, VerifyConnectionError, VerifyUsageError, verifyRequest } from "./legs.ts";

const HELP = `attestkit verify <request id | tx hash> [options]

Checks both legs of a request against its protocol order (v1 or v2), reading the chains, not the
service's word: the order (its id recomputed), the deposit (read on the order's input chain: found,
succeeded, final, and what the depository's own deposit event or instruction deposited under the
order id) and the fill or refund (read on the order's output or refund chain; verifyOrderFill /
verifyOrderRefund: success, finality, chain, order-id tag, deadline, what the recipient received
against the order's minimum; a refund's floor follows the deposit only when it was measured under
the order id). An EVM leg must be signed for its chain (a pre-EIP-155 transaction is refused).

  --config <file>       a devnet's --config-out file: its service URL, API key and RPC URLs
  --service <url>       the service (default: --config's, else env ATTESTKIT_SERVICE_URL, else
                        http://127.0.0.1:8787); the chains' RPC URLs come from its GET /chains
  --api-key <key>       sent as x-api-key to GET /requests/v3 (default: --config's, else env
                        ATTESTKIT_API_KEY, else the devnet's)
  --rpc <chain>=<url>   JSON-RPC URL of a numeric chain id, before --config's and GET /chains'
                        (repeatable)
  --order <file>        the order as JSON (the quote's protocol.v2 block or its orderData), for a
                        service that does not return it in the status
  --confirmations <n>   EVM blocks for finality, the transaction's own included (default 1)
  --commitment <c>      SVM commitment for finality: confirmed (default) or finalized
  --json                one JSON object on stdout
  -h, --help            this text

Exit code: 0 every check holds, 1 a check failed, 2 nothing was checked (usage or connection error).`;

/** The devnet's `DEVNET_API_KEY` (src/devnet/devnet.ts, not imported: it loads the whole devnet). */
const DEVNET_API_KEY = "devnet-api-key";

function usage(message: string): never {
  console.error(`attestkit verify: ${message} (see attestkit verify --help)`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        config: { type: "string" },
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

function readJson(flag: string, file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    return usage(`${flag} ${file}: ${(error as Error).message}`);
  }
}

/** What a devnet's `--config-out` file gives: the service, its API key, each chain's RPC URL. */
function devnetConfigFrom(file: string | undefined) {
  if (file === undefined) return undefined;
  const parsed = DevnetConfigSchema.safeParse(readJson("--config", file));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return usage(
      `--config ${file} is not a devnet's --config-out file (${issue?.path.join(".") || "file"}: ${issue?.message})`,
    );
  }
  const config = parsed.data;
  const rpcUrls = new Map<number, string>([
    ...config.evm.map((chain): [number, string] => [chain.chainId, chain.rpcUrl]),
    [config.svm.chainId, config.svm.rpcUrl],
  ]);
  return { serviceUrl: config.service.url, apiKey: config.service.apiKey, rpcUrls };
}

function rpcUrls(flags: readonly string[], configured: ReadonlyMap<number, string>): Map<number, string> {
  const urls = new Map(configured);
  for (const flag of flags) {
    const match = /^([1-9][0-9]*)=(https?:\/\/.+)$/.exec(flag);
    if (match === null) usage(`--rpc takes <chain id>=<http(s) url>, got ${JSON.stringify(flag)}`);
    urls.set(Number(match[1]), match[2] as string);
  }
  return urls;
}

function orderFrom(file: string | undefined): unknown {
  if (file === undefined) return undefined;
  const parsed = readJson("--order", file) as {
    orderData?: unknown;
    protocol?: { v2?: { orderData?: unknown } };
  };
  return parsed?.protocol?.v2?.orderData ?? parsed?.orderData ?? parsed;
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
const config = devnetConfigFrom(values.config);
try {
  const result = await verifyRequest(
    {
      serviceUrl:
        values.service ?? config?.serviceUrl ?? process.env.ATTESTKIT_SERVICE_URL ?? "http://127.0.0.1:8787",
      apiKey: values["api-key"] ?? config?.apiKey ?? process.env.ATTESTKIT_API_KEY ?? DEVNET_API_KEY,
      rpcUrls: rpcUrls(values.rpc ?? [], config?.rpcUrls ?? new Map()),
      ...(order === undefined ? {} : { order }),
      // The CLI's own defaults (included, confirmed), not the service's attestation finality
      // (10 blocks and 60 s, finalized): it answers "was this delivered", asked right after.
      finality: { confirmations: confirmations ?? 1, commitment: commitment ?? "confirmed" },
    },
    positionals[0] as string,
  );
  if (values.json)
    console.log(JSON.stringify(result, (_key, value) => (typeof value === "bigint" ? String(value) : value)));
  else print(result);
  process.exit(result.ok ? 0 : 1);
} catch (error) {
  if (error instanceof VerifyUsageError) usage(error.message);
  // Nothing was checked: exit 2, never 1 (a check failed). An unforeseen error keeps its stack.
  console.error(error instanceof VerifyConnectionError ? `attestkit verify: ${error.message}` : error);
  process.exit(2);
}
