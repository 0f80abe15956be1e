import { generateKeyPairSigner } from "@solana/kit";
import type { LiteSVM } from "litesvm";
import { pad } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { notApplicableOutcome } from "../evm/catalogue-context.ts";
import { NotApplicable, PropertyViolation } from "../evm/context.ts";
import {
  type ConformanceReport,
  formatConformanceTable,
  type PropertyResult,
  summarize,
  writeConformanceReport,
} from "../report.ts";
import { SVM_KEYS, SVM_WINDOW } from "./constants.ts";
import { SvmConformanceEnv } from "./env.ts";
import { liteSvmLedger, type SvmLedger } from "./ledger.ts";
import { SVM_PROPERTIES, SvmPropertyContext } from "./properties.ts";
import type { SvmReceiverAdapter, SvmReceiverSetup } from "./types.ts";

/** Options of `runSvmConformance`. */
export interface SvmConformanceOptions {
  /** A LiteSVM instance (`new LiteSVM()`); the receiver is deployed into it. */
  svm?: LiteSVM;
  /**
   * Instead of `svm`: any ledger, e.g. `rpcLedger(rpc, rpcSubscriptions)` for a Solana JSON-RPC
   * endpoint. Properties that plant accounts are then reported not applicable.
   */
  ledger?: SvmLedger;
  adapter: SvmReceiverAdapter;
  fuzzRuns?: number;
  only?: readonly string[];
  /** Writes `conformance-svm.json` and `conformance-svm.junit.xml` here. */
  reportDir?: string;
  print?: boolean;
  /**
   * Fails a property that is not applicable only because the adapter left out an optional hook (default
   * false): in strict mode every property is tested or named in the adapter's `notApplicable` with a reason.
   */
  strict?: boolean;
}

/**
 * Runs the SVM catalogue against the program `adapter` deploys into `svm`: every property sends real
 * transactions from a snapshot of the deployment (restored afterwards in LiteSVM; over RPC, fresh request
 * ids and accounts keep properties apart) and the report is printed, and written as JSON and JUnit XML
 * when `reportDir` is set.
 */
export async function runSvmConformance(options: SvmConformanceOptions): Promise<ConformanceReport> {
  const started = performance.now();
  const env = await SvmConformanceEnv.create(ledgerOf(options));
  const owner = await generateKeyPairSigner();
  const solver = await generateKeyPairSigner();
  await env.fund(owner.address);
  const fixed = options.adapter.fixedSetup ?? {};
  const solverKey = fixed.solverKey ?? SVM_KEYS.solver;
  const setup: SvmReceiverSetup = {
    owner,
    solverKey,
    solverEvm: privateKeyToAccount(solverKey).address,
    solver: fixed.solver ?? solver.address,
    maxDeadlineWindow: fixed.maxDeadlineWindow ?? SVM_WINDOW,
    destinationChainId: fixed.destinationChainId ?? 1n,
    destinationUser: fixed.destinationUser ?? pad("0xd5", { size: 32 }),
  };
  await env.fund(setup.solver);
  await options.adapter.deploy(env, setup);
  return runProperties({
    name: options.adapter.name,
    ledger: env.ledger,
    properties: SVM_PROPERTIES,
    notApplicable: options.adapter.notApplicable,
    context: (id) => new SvmPropertyContext(env, options.adapter, setup, id),
    started,
    options,
  });
}

/** The ledger `options` name. */
export function ledgerOf(options: Pick<SvmConformanceOptions, "svm" | "ledger">): SvmLedger {
  if (options.ledger) return options.ledger;
  if (options.svm) return liteSvmLedger(options.svm);
  throw new TypeError("runSvmConformance needs `svm` (a LiteSVM instance) or `ledger`");
}

/** One catalogue's properties, as `runProperties` runs them. */
export interface CatalogueProperty<C> {
  id: string;
  attack: string;
  run(context: C, fuzzRuns: number): Promise<void>;
}

/**
 * Runs `properties` one by one, each from a snapshot of `ledger` restored afterwards (LiteSVM), skipping
 * not-applicable ones with their reason, then reports.
 */
export async function runProperties<C>(run: {
  name: string;
  ledger: SvmLedger;
  properties: readonly CatalogueProperty<C>[];
  notApplicable?: Readonly<Record<string, string>>;
  context(id: string): C;
  started: number;
  options: Pick<SvmConformanceOptions, "fuzzRuns" | "only" | "reportDir" | "print" | "strict">;
}): Promise<ConformanceReport> {
  const { options } = run;
  const results: PropertyResult[] = [];
  for (const property of run.properties.filter((p) => !options.only || options.only.includes(p.id))) {
    const t0 = performance.now();
    const na = run.notApplicable?.[property.id];
    if (na) {
      results.push({
        id: property.id,
        attack: property.attack,
        status: "not-applicable",
        reason: na,
        durationMs: 0,
      });
      continue;
    }
    let result: Omit<PropertyResult, "durationMs">;
    const restore = run.ledger.snapshot?.();
    try {
      await property.run(run.context(property.id), options.fuzzRuns ?? 8);
      result = { id: property.id, attack: property.attack, status: "pass" };
    } catch (error) {
      result = classify(property.id, property.attack, error, options.strict);
    } finally {
      restore?.();
    }
    results.push({ ...result, durationMs: Math.round(performance.now() - t0) });
  }
  const report = summarize(run.name, "svm", results, Math.round(performance.now() - run.started));
  if (options.print ?? true) console.log(formatConformanceTable(report));
  if (options.reportDir) writeConformanceReport(report, options.reportDir);
  return report;
}

function classify(
  id: string,
  attack: string,
  error: unknown,
  strict: boolean | undefined,
): Omit<PropertyResult, "durationMs"> {
  let inner = error;
  for (
    let depth = 0;
    depth < 5 && !(inner instanceof NotApplicable || inner instanceof PropertyViolation);
    depth += 1
  ) {
    const cause = (inner as { cause?: unknown })?.cause;
    if (cause === undefined) break;
    inner = cause;
  }
  if (inner instanceof NotApplicable) return { id, attack, ...notApplicableOutcome(inner, strict) };
  if (inner instanceof PropertyViolation) return { id, attack, status: "fail", reason: inner.message };
  return {
    id,
    attack,
    status: "fail",
    reason: `error: ${String((error as Error)?.message ?? error).split("\n")[0]}`,
  };
}
