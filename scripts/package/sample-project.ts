// The guide's conformance samples (docs/examples/conformance) in one project made of the docs' templates:
// the receivers in src/, their Solidity catalogue tests in test/, the TypeScript samples at the root.
// Installed from the packed tarball once per process and shared by the package suites that run them.
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type ConsumerProject, createTemplateProject, REPO_ROOT } from "./consumer.ts";

export const SAMPLES = join(REPO_ROOT, "docs/examples/conformance");
const RECEIVERS = ["TipJarReceiver", "OrderTipJar", "ShopCheckout"];
const SCRIPTS = [
  "reference-conformance.test.ts",
  "order-conformance.test.ts",
  "shop-checkout-adapter.ts",
  "shop-checkout-conformance.test.ts",
];

/** The guide's mutation run on TipJarReceiver ("Measure your suite"), after `npx`, without its threshold. */
export const GUIDE_MUTATE_ARGS = [
  "attestkit",
  "mutate",
  "--contract",
  "src/TipJarReceiver.sol:TipJarReceiver",
  "--test",
  "npx hardhat test solidity test/TipJarReceiver.t.sol",
] as const;

let shared: Promise<ConsumerProject> | undefined;

/** The samples' project (created on first use). Suites may build and test in it, not change its files. */
export function sharedSampleProject(): Promise<ConsumerProject> {
  shared ??= (async () => {
    const project = await createTemplateProject("samples");
    mkdirSync(join(project.dir, "src"));
    mkdirSync(join(project.dir, "test"));
    for (const name of RECEIVERS) {
      copyFileSync(join(SAMPLES, `${name}.sol`), join(project.dir, `src/${name}.sol`));
      copyFileSync(join(SAMPLES, `${name}.t.sol`), join(project.dir, `test/${name}.t.sol`));
    }
    for (const script of SCRIPTS) copyFileSync(join(SAMPLES, script), join(project.dir, script));
    return project;
  })();
  return shared;
}
