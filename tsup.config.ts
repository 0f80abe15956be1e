// The npm package build (`npm run build:package`): ESM + CommonJS + .d.ts + source maps in dist/.
// The repository's own tests, demo and scripts run the .ts sources directly.
import { defineConfig } from "tsup";

const library = {
  index: "src/index.ts",
  attestation: "src/attestation/index.ts",
  address: "src/address/index.ts",
  funding: "src/funding/index.ts",
  svm: "src/svm/index.ts",
  orders: "src/orders/index.ts",
  receiver: "src/receiver/index.ts",
  credit: "src/credit/index.ts",
  webhooks: "src/webhooks/index.ts",
  schemas: "src/schemas/index.ts",
  client: "src/client/index.ts",
  service: "src/service/index.ts",
  devnet: "src/devnet/devnet.ts",
  deploy: "src/deploy/index.ts",
  ignition: "src/ignition/attested-receiver.ts",
  testing: "src/testing/index.ts",
  "testing-svm": "src/testing/svm/index.ts",
  // The two targets of `#keccak` (package.json "imports"), each its own file so that the resolver of the
  // consumer's runtime or bundler picks one: scripts/package/manifest.ts points the shipped map at them.
  keccak: "src/orders/keccak.ts",
  "keccak-node": "src/orders/keccak-node.ts",
  // Entries of their own (not exported) so that code splitting keeps these zod-free constants out of the
  // chunk of the zod schemas built from them: verifyWebhook imports them, and a chunk with zod schemas in it
  // brings zod into every bundle that imports anything from that chunk.
  "schema-status-values": "src/schemas/status-values.ts",
  "schema-patterns": "src/schemas/patterns.ts",
};

const common = {
  outDir: "dist",
  target: "node20",
  platform: "node",
  sourcemap: true,
  splitting: true,
  treeshake: true,
  // import.meta.url in the CommonJS build (packageFile finds the package root from it).
  shims: true,
  // Keep the node: prefix (node:sqlite has no other name).
  removeNodeProtocol: false,
  // Left for the consumer's resolver, not inlined (esbuild would pick the build's own platform, node).
  external: ["#keccak"],
  // `npm pack` (prepack) prints only errors: not every entry, chunk size and bundler note.
  silent: true,
} as const;

export default defineConfig([
  { ...common, entry: library, format: ["esm", "cjs"], dts: true, clean: true },
  // The command line is ESM only (top-level await) and has no types.
  { ...common, entry: { cli: "src/cli.ts" }, format: ["esm"] },
]);
