// The entries of the npm package build: dist/<name>.{js,cjs,d.ts,d.cts} from each source. tsup.config.ts
// bundles them; scripts/package/declarations.ts writes their declarations.

export const LIBRARY_ENTRIES = {
  index: "src/index.ts",
  attestation: "src/attestation/index.ts",
  address: "src/address/index.ts",
  funding: "src/funding/index.ts",
  svm: "src/svm/index.ts",
  orders: "src/orders/index.ts",
  "deposit-addresses": "src/orders/deposit-address/index.ts",
  gasless: "src/gasless/index.ts",
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
} as const satisfies Record<string, string>;

/** The command line: ESM only (top-level await), no declarations. */
export const CLI_ENTRY = { cli: "src/cli.ts" } as const;
