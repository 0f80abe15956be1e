// The browser imports of the package and what each may cost, min+gzip from an esbuild browser bundle of
// the packed tarball (bench/package.bench.ts measures them and fails when one is over).

/** What an import may cost: bytes, a ratio to the bare library calls it wraps, or no input from a path. */
export type BundleBudget = {
  /** The import, as a consumer's module writes it. */
  name: string;
  source: string;
  /** min+gzip bytes it may take. */
  maxBytes?: number;
  /** The bare library calls it wraps, and how many times their min+gzip it may take. */
  bare?: { source: string; maxRatio: number };
  /** Inputs it must not bundle at all (path fragments), with why. */
  forbiddenInputs?: { fragment: string; why: string }[];
};

/**
 * An order verifier must not parse an ABI when it loads: viem's human-readable ABI parser (abitype's
 * parseAbi* and the runtime it uses) is not bundled at all. (abitype's formatters may be: they turn a JSON
 * ABI item into its signature.)
 */
const NO_ABI_PARSER = [
  "abitype/dist/esm/human-readable/parseAbi",
  "abitype/dist/esm/human-readable/runtime/",
].map((fragment) => ({ fragment, why: "parses an ABI when it loads (use a JSON ABI constant)" }));

/** Each wrapper at most this many times the bare calls it wraps. */
export const WRAPPER_RATIO_BUDGET = 1.2;

export const BUNDLE_BUDGETS: readonly BundleBudget[] = [
  { name: "root entry", source: 'export * from "attestkit";\n', maxBytes: 100_000 },
  {
    name: "verifyAttestation",
    source: 'export { verifyAttestation } from "attestkit";\n',
    bare: {
      source:
        'export { encodeAbiParameters, keccak256, recoverMessageAddress, isAddressEqual } from "viem";\n',
      maxRatio: WRAPPER_RATIO_BUDGET,
    },
  },
  {
    name: "getOrderId + verifyOrderSignature",
    source: 'export { getOrderId, verifyOrderSignature } from "attestkit";\n',
    bare: {
      source:
        'export { hashStruct, recoverMessageAddress } from "viem";\nexport { base58 } from "@scure/base";\n',
      maxRatio: WRAPPER_RATIO_BUDGET,
    },
  },
  // An HMAC-SHA256 check with the platform's Web Crypto: a few KB at most.
  { name: "verifyWebhook", source: 'export { verifyWebhook } from "attestkit/webhooks";\n', maxBytes: 3_000 },
  {
    name: "verifyOrderFill",
    source: 'export { verifyOrderFill } from "attestkit";\n',
    forbiddenInputs: NO_ABI_PARSER,
  },
  {
    name: "verifyOrderRefund",
    source: 'export { verifyOrderRefund } from "attestkit";\n',
    forbiddenInputs: NO_ABI_PARSER,
  },
  {
    name: "verifyQuoteOrder",
    source: 'export { verifyQuoteOrder } from "attestkit";\n',
    forbiddenInputs: NO_ABI_PARSER,
  },
];
