// Gas regression check: re-measures and fails when any figure grew more than 2% over
// bench/results/evm-gas.json. Run: npx hardhat run bench/evm-gas.check.ts (exit code 1 on regression).
// The same check runs under `hardhat test` from test/evm/gas-regression.test.ts.
import { readFileSync } from "node:fs";
import { type GasResults, measureGas } from "./evm-gas.measure.ts";

export const TOLERANCE = 0.02;

export type Regression = { figure: string; recorded: number; measured: number };

export function readRecorded(): GasResults {
  return JSON.parse(readFileSync(new URL("./results/evm-gas.json", import.meta.url), "utf8")) as GasResults;
}

/** Figures of `measured` more than `TOLERANCE` above `recorded`. */
export function findRegressions(recorded: GasResults, measured: GasResults): Regression[] {
  const out: Regression[] = [];
  for (const path of ["native", "erc20"] as const) {
    for (const key of ["b", "c"] as const) {
      const r = recorded[path][key];
      const m = measured[path][key];
      if (m > r * (1 + TOLERANCE)) out.push({ figure: `${path}.${key}`, recorded: r, measured: m });
    }
  }
  return out;
}

export async function checkGas(): Promise<{ regressions: Regression[]; measured: GasResults }> {
  const measured = await measureGas();
  return { regressions: findRegressions(readRecorded(), measured), measured };
}

if (process.argv.some((a) => a.endsWith("evm-gas.check.ts"))) {
  const { regressions, measured } = await checkGas();
  const recorded = readRecorded();
  for (const path of ["native", "erc20"] as const) {
    console.log(
      `${path}: (c) recorded ${recorded[path].c}, measured ${measured[path].c}; (b) recorded ${recorded[path].b}, measured ${measured[path].b}`,
    );
  }
  if (regressions.length > 0) {
    for (const r of regressions) console.error(`gas regression ${r.figure}: ${r.recorded} -> ${r.measured}`);
    process.exitCode = 1;
  } else {
    console.log(`no figure grew more than ${TOLERANCE * 100}%`);
  }
}
