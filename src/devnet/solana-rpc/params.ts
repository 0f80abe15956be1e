/**
 * zod schemas of the Solana RPC's positional parameters and their configuration objects. A request
 * whose parameters do not match gets a -32602 error naming the first problem.
 */
import { type Address, getBase58Encoder, getBase64Encoder, isAddress, isSignature } from "@solana/kit";
import * as z from "zod";
import { invalidParams } from "./errors.ts";

// Annotated: the inferred type names @solana/kit's brand internals, which a declaration cannot import.
export const address: z.ZodType<Address, string> = z
  .string()
  .refine(isAddress, "Invalid param: not a base58 address")
  .transform((a) => a as Address);
export const signature = z.string().refine(isSignature, "Invalid param: not a base58 signature");
export const commitment = z.enum(["processed", "confirmed", "finalized"]);
const u64 = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
export const accountEncoding = z.enum(["base58", "base64", "base64+zstd", "jsonParsed"]);
const dataSlice = z.object({
  offset: z.number().int().nonnegative(),
  length: z.number().int().nonnegative(),
});

const contextConfig = { commitment: commitment.optional(), minContextSlot: u64.optional() };
export const commitmentConfig = z.object(contextConfig).optional();
export const accountConfig = z
  .object({ ...contextConfig, encoding: accountEncoding.optional(), dataSlice: dataSlice.optional() })
  .optional();

const memcmp = z.object({
  memcmp: z.object({
    offset: z.number().int().nonnegative(),
    bytes: z.string().max(1024),
    encoding: z.enum(["base58", "base64"]).optional(),
  }),
});
const dataSize = z.object({ dataSize: u64 });
export const programAccountsFilters = z
  .array(z.union([memcmp, dataSize]))
  .max(4)
  .optional();

export const programAccountsConfig = z
  .object({
    ...contextConfig,
    encoding: accountEncoding.optional(),
    dataSlice: dataSlice.optional(),
    filters: programAccountsFilters,
    withContext: z.boolean().optional(),
  })
  .optional();
export type ProgramAccountsFilter = z.infer<typeof memcmp> | z.infer<typeof dataSize>;

const base58 = getBase58Encoder();
const base64 = getBase64Encoder();

/** Whether account data passes a `getProgramAccounts` / `programSubscribe` filter. */
export function filterMatches(data: Uint8Array, filter: ProgramAccountsFilter): boolean {
  if ("dataSize" in filter) return data.length === filter.dataSize;
  const { offset, bytes, encoding } = filter.memcmp;
  const wanted = encoding === "base64" ? base64.encode(bytes) : base58.encode(bytes);
  if (offset + wanted.length > data.length) return false;
  for (let i = 0; i < wanted.length; i++) if (data[offset + i] !== wanted[i]) return false;
  return true;
}

export const tokenAccountsFilter = z.union([z.object({ mint: address }), z.object({ programId: address })]);

export const sendConfig = z
  .object({
    encoding: z.enum(["base58", "base64"]).optional(),
    skipPreflight: z.boolean().optional(),
    preflightCommitment: commitment.optional(),
    maxRetries: u64.optional(),
    minContextSlot: u64.optional(),
  })
  .optional();

export const simulateConfig = z
  .object({
    ...contextConfig,
    encoding: z.enum(["base58", "base64"]).optional(),
    sigVerify: z.boolean().optional(),
    replaceRecentBlockhash: z.boolean().optional(),
    innerInstructions: z.boolean().optional(),
    accounts: z.object({ addresses: z.array(address), encoding: accountEncoding.optional() }).optional(),
  })
  .optional();

export const transactionConfig = z
  .object({
    commitment: commitment.optional(),
    encoding: z.enum(["json", "jsonParsed", "base58", "base64"]).optional(),
    maxSupportedTransactionVersion: z.number().int().min(0).max(0).optional(),
  })
  .optional();

export const signaturesConfig = z
  .object({
    ...contextConfig,
    limit: z.number().int().min(1).max(1000).optional(),
    before: signature.optional(),
    until: signature.optional(),
  })
  .optional();

export const signatureStatusesConfig = z
  .object({ searchTransactionHistory: z.boolean().optional() })
  .optional();

/** Parses positional `params` with `schema`; -32602 on any mismatch. */
export function parseParams<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const result = schema.safeParse(params ?? []);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw invalidParams(`${issue?.message ?? "invalid"}${where}`);
  }
  return result.data;
}
