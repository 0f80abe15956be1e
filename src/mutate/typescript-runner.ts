/**
 * The TypeScript EVM catalogue (attestations or orders) as a mutation runner: each build is deployed by
 * the integrator's adapter on a fresh in-process EDR chain, the same simulator Hardhat runs.
 */
import { custom, type Hex } from "viem";
import { createEdrProvider } from "../devnet/edr-provider.ts";
import type { EvmOrderReceiverAdapter } from "../testing/evm/order-types.ts";
import { runEvmConformance, runEvmOrderConformance } from "../testing/evm/run.ts";
import type { EvmReceiverAdapter } from "../testing/evm/types.ts";
import type { ConformanceReport } from "../testing/report.ts";
import type { CatalogueRunner } from "./runner.ts";

export type EvmCatalogue = "attestations" | "orders";

/** An adapter for the creation code of one mutant (the reference adapters take `{ bytecode, name }`). */
export type MutantAdapterFactory = (
  bytecode: Hex,
  name: string,
) => EvmReceiverAdapter | EvmOrderReceiverAdapter | Promise<EvmReceiverAdapter | EvmOrderReceiverAdapter>;

const CHAIN_ID = 31337;

export function typescriptRunner(catalogue: EvmCatalogue, adapter: MutantAdapterFactory): CatalogueRunner {
  return {
    label: "ts",
    async run(build) {
      const provider = await createEdrProvider(CHAIN_ID);
      try {
        // A revert is an answer, not a failure to retry.
        const transport = custom(provider, { retryCount: 0 });
        const made = await adapter(build.artifact as Hex, build.name);
        const report: ConformanceReport =
          catalogue === "orders"
            ? await runEvmOrderConformance({
                transport,
                adapter: made as EvmOrderReceiverAdapter,
                print: false,
              })
            : await runEvmConformance({ transport, adapter: made as EvmReceiverAdapter, print: false });
        const ids = (status: string) =>
          report.results.filter((r) => r.status === status).map((r) => `ts:${r.id}`);
        return { failed: ids("fail"), passed: ids("pass") };
      } finally {
        provider.close();
      }
    },
  };
}
