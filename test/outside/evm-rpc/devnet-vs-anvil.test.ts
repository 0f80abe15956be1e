// The devnet's EVM chain beside anvil (from the npm registry), a small slice of
// bench/devnet-vs-anvil.bench.ts: fails when a ratio passes its limit (bench/devnet-vs-anvil.check.ts).
// Ratios only, never absolute times. The full figures: npm run bench:devnet-vs-anvil.
import { expect } from "chai";
import { CHECK_SIZES, findBreaches, IDLE_CPU_LIMIT_POINTS } from "../../../bench/devnet-vs-anvil.check.ts";
import { compareDevnetWithAnvil, type Figure, gap } from "../../../bench/devnet-vs-anvil.measure.ts";

describe("the devnet's EVM chain beside anvil: ratios within their limits", function () {
  this.timeout(180_000);

  it("reads, transfers, snapshots, start, idle CPU and memory stay within their ratio limits", async function () {
    if (process.platform !== "linux") this.skip(); // CPU and memory are read from /proc
    const figures = await compareDevnetWithAnvil(CHECK_SIZES);
    const table = figures.map((figure) => `${figure.name}: ${gap(figure).toFixed(2)}x`).join("\n");
    expect(findBreaches(figures), table).to.deep.equal([]);
  });

  it("the check itself flags a ratio over its limit and idle CPU over its points", () => {
    const within: Figure[] = [
      { name: "eth_call p50", unit: "ms", better: "lower", anvil: 0.4, devnet: 0.5 },
      {
        name: "500 transfers, sequential, fresh chain",
        unit: "tx/s",
        better: "higher",
        anvil: 400,
        devnet: 380,
      },
      { name: "idle CPU", unit: "% of a core", better: "lower", anvil: 0, devnet: 0.4 },
    ];
    expect(findBreaches(within)).to.deep.equal([]);
    const over: Figure[] = [
      { name: "eth_call p50", unit: "ms", better: "lower", anvil: 0.4, devnet: 4 },
      {
        name: "500 transfers, sequential, fresh chain",
        unit: "tx/s",
        better: "higher",
        anvil: 400,
        devnet: 30,
      },
      { name: "idle CPU", unit: "% of a core", better: "lower", anvil: 0, devnet: IDLE_CPU_LIMIT_POINTS + 1 },
    ];
    expect(findBreaches(over).map((breach) => breach.figure)).to.deep.equal(
      over.map((figure) => figure.name),
    );
  });
});
