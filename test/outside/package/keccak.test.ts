// Which keccak the installed package hashes orders with: its "#keccak" import resolves to the js-sha3 build
// under Node (ESM and CommonJS), and to viem's in an esbuild browser bundle of getOrderId, which holds no
// js-sha3. Each path is run on the shared v1 and v2 order vectors: the ids do not depend on the runtime.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { bundleSourceForBrowser } from "../../../scripts/package/browser-bundle.ts";
import {
  NODE_24,
  NODE_SYSTEM,
  REPO_ROOT,
  run,
  sharedLibraryConsumer,
} from "../../../scripts/package/consumer.ts";

const VECTOR_FILES = ["protocol-orders.json", "protocol-orders-v2.json"].map((name) =>
  join(REPO_ROOT, "test/vectors", name),
);

type OrderVectorFile = {
  chainVmTypes: unknown;
  published: Array<{ order: unknown; chainVmTypes: unknown; orderId: string }>;
  cases: Array<{ order: unknown; orderId: string }>;
};

/** Every published and seeded order of both formats with the id the vectors assert, in file order. */
const EXPECTED_IDS = VECTOR_FILES.flatMap((file) => {
  const vectors = JSON.parse(readFileSync(file, "utf8")) as OrderVectorFile;
  return [...vectors.published, ...vectors.cases].map((entry) => entry.orderId);
});

/** Script text: `getOrderId` of every vector order, printed as JSON beside what `loaded()` reports. */
const printIds = (getOrderId: string, loaded: string) => `
const ids = ${JSON.stringify(VECTOR_FILES)}.flatMap((file) => {
  const vectors = JSON.parse(readFileSync(file, "utf8"));
  return [
    ...vectors.published.map((entry) => ${getOrderId}(entry.order, entry.chainVmTypes)),
    ...vectors.cases.map((entry) => ${getOrderId}(entry.order, vectors.chainVmTypes)),
  ];
});
console.log(JSON.stringify({ keccak: ${loaded}, ids }));
`;

// Node 24's module hooks see every resolution, the package's own "#keccak" included.
const ESM = `import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";
const keccak = [];
registerHooks({
  resolve(specifier, context, next) {
    const result = next(specifier, context);
    if (specifier === "#keccak") keccak.push(result.url);
    return result;
  },
});
const { getOrderId } = await import("attestkit/orders");
${printIds("getOrderId", "keccak")}`;

const CJS = `const { readFileSync } = require("node:fs");
const { getOrderId } = require("attestkit/orders");
${printIds("getOrderId", "Object.keys(require.cache).filter((file) => /attestkit[\\\\/]dist[\\\\/]keccak/.test(file))")}`;

const KECCAK_NODE = /node_modules\/attestkit\/dist\/keccak-node\.c?js$/;

describe("package: the keccak each runtime resolves", function () {
  this.timeout(900_000);
  let dir: string;

  before(async () => {
    ({ dir } = await sharedLibraryConsumer());
    writeFileSync(join(dir, "order-ids.mjs"), ESM);
    writeFileSync(join(dir, "order-ids.cjs"), CJS);
  });

  const idsFrom = async (node: string, file: string) => {
    const { stdout } = await run(node, [file], { cwd: dir });
    return JSON.parse(stdout) as { keccak: string[]; ids: string[] };
  };

  it("Node 24 ESM loads the js-sha3 build for #keccak and gives every vector's order id", async () => {
    const { keccak, ids } = await idsFrom(NODE_24, "order-ids.mjs");
    expect(keccak).to.have.length.greaterThan(0);
    for (const url of keccak) expect(url).to.match(KECCAK_NODE);
    expect(ids).to.deep.equal(EXPECTED_IDS);
  });

  for (const [label, node] of [
    ["machine Node", NODE_SYSTEM],
    ["Node 24", NODE_24],
  ] as const) {
    it(`CommonJS on the ${label} loads only the js-sha3 build and gives every vector's order id`, async () => {
      const { keccak, ids } = await idsFrom(node, "order-ids.cjs");
      expect(keccak).to.have.length(1);
      expect(keccak[0]).to.match(KECCAK_NODE);
      expect(ids).to.deep.equal(EXPECTED_IDS);
    });
  }

  it("a browser bundle of getOrderId has viem's keccak, no js-sha3, and gives every vector's order id", async () => {
    const bundle = await bundleSourceForBrowser(dir, "order-id", 'export { getOrderId } from "attestkit";\n');
    const inputs = Object.keys(bundle.metafile.inputs);
    expect(inputs).to.include("node_modules/attestkit/dist/keccak.js");
    expect(inputs.filter((input) => /js-sha3|keccak-node/.test(input))).to.deep.equal([]);
    const [output] = bundle.outputFiles;
    if (!output) throw new Error("esbuild wrote no bundle");
    expect(output.text).to.not.match(/js-sha3|keccak-node/);
    writeFileSync(join(dir, "order-id.browser.mjs"), output.contents);
    writeFileSync(
      join(dir, "browser-order-ids.mjs"),
      `import { readFileSync } from "node:fs";
import { getOrderId } from "./order-id.browser.mjs";
${printIds("getOrderId", "[]")}`,
    );
    const { ids } = await idsFrom(NODE_24, "browser-order-ids.mjs");
    expect(ids).to.deep.equal(EXPECTED_IDS);
  });
});
