import type { ConformanceReport } from "../report.ts";
import { SvmConformanceEnv } from "./env.ts";
import { SVM_ORDER_PROPERTIES } from "./order-catalogue.ts";
import { SvmOrderPropertyContext } from "./order-context.ts";
import type { SvmOrderAdapter } from "./order-types.ts";
import { ledgerOf, runProperties, type SvmConformanceOptions } from "./run.ts";

/** Options of `runSvmOrderConformance`. */
export interface SvmOrderConformanceOptions extends Omit<SvmConformanceOptions, "adapter"> {
  adapter: SvmOrderAdapter;
}

/**
 * Runs the SVM order catalogue against an order-gated program already deployed and configured in
 * `svm` as `adapter.setup` says (its solver key, chain id and one whitelisted output).
 */
export async function runSvmOrderConformance(
  options: SvmOrderConformanceOptions,
): Promise<ConformanceReport> {
  const started = performance.now();
  const env = await SvmConformanceEnv.create(ledgerOf(options));
  return runProperties({
    name: options.adapter.name,
    ledger: env.ledger,
    properties: SVM_ORDER_PROPERTIES,
    notApplicable: options.adapter.notApplicable,
    context: (id) => new SvmOrderPropertyContext(env, options.adapter, id),
    started,
    options,
  });
}
