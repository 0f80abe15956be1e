// Gas benchmark of the EVM receiver. Run: npx hardhat run bench/evm-gas.bench.ts
// Prints the table and records it in bench/results/evm-gas.json (checked by bench/evm-gas.check.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { formatResults, measureGas } from "./evm-gas.measure.ts";

const results = await measureGas();
console.log(formatResults(results));
const out = new URL("./results/evm-gas.json", import.meta.url);
mkdirSync(new URL("./results/", import.meta.url), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      note: "npx hardhat run bench/evm-gas.bench.ts; solc 0.8.37 (solc-js), optimizer runs 10000, viaIR, evm cancun; chain: EDR in-process at the hardfork below. (a) plain tagged transfer, (b) naive OZ receiver (test/evm/baseline), (c) AttestedReceiver, cWithoutBalanceDelta: (c) without check 3's balance-delta (test/evm/baseline, measurement only). Floor items as the issue lists them; designRequired: measured costs of the design's own checks; rest: ABI framing + all other execution.",
      ...results,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nwritten ${out.pathname}`);
