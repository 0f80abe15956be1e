/**
 * API key handling (service interface: Authentication). Keys are held only as SHA-256 hashes: nothing stored, logged or
 * returned ever contains a key. GET /requests/v3 takes `x-api-key`; POST /fast-fill takes
 * `Authorization: Bearer <key>` (service interface: Authentication) or `x-api-key` (what the SDK's `fastFill` action sends). Linking a fee sponsorship wallet is proven by an EIP-191 signature
 * from the wallet over a fixed message that names the key's hash, never the key itself.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { unauthorized } from "./errors.ts";

/**
 * Hex SHA-256 of a key: the only form in which keys are kept.
 * @param key an API key.
 * @example
 * ```ts
 * const message = sponsorshipLinkMessage(hashApiKey(apiKey));
 * ```
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

/**
 * The message a sponsorship wallet signs (EIP-191 personal message) to link itself to a key.
 * @param keyHash `hashApiKey` of the API key to link to.
 * @example
 * ```ts
 * const signature = await wallet.signMessage({ message: sponsorshipLinkMessage(hashApiKey(apiKey)) });
 * ```
 */
export function sponsorshipLinkMessage(keyHash: string): string {
  return `attestkit mock service: link this wallet as the fee sponsorship wallet of API key sha256:${keyHash}`;
}

/** Known API keys, by hash. */
export class ApiKeyRegistry {
  #hashes: Buffer[];
  #set: Set<string>;

  constructor(keys: readonly string[]) {
    const hashes = keys.filter((key) => typeof key === "string" && key.length > 0).map(hashApiKey);
    this.#set = new Set(hashes);
    this.#hashes = [...this.#set].map((hash) => Buffer.from(hash, "hex"));
  }

  /** The hash of `key` when it is a known key, else null. Compares hashes in constant time. */
  verify(key: string): string | null {
    const hash = Buffer.from(hashApiKey(key), "hex");
    let found: string | null = null;
    for (const known of this.#hashes) if (timingSafeEqual(known, hash)) found = known.toString("hex");
    return found;
  }

  get size(): number {
    return this.#set.size;
  }
}

const header = (headers: Record<string, unknown>, name: string): string | undefined => {
  const value = headers[name];
  return typeof value === "string" ? value : undefined;
};

/** `x-api-key` of GET /requests/v3: 401 when missing or unknown. Returns the key hash. */
export function requireXApiKey(registry: ApiKeyRegistry, headers: Record<string, unknown>): string {
  const key = header(headers, "x-api-key");
  if (key === undefined || key.length === 0) {
    throw unauthorized("MISSING_API_KEY", "the x-api-key header is required");
  }
  const hash = registry.verify(key);
  if (hash === null) throw unauthorized("INVALID_API_KEY", "the API key in x-api-key is not valid");
  return hash;
}

/**
 * The key of POST /fast-fill: `Authorization: Bearer <key>` or, when no Authorization header is sent,
 * `x-api-key`. 401 when missing, malformed or unknown; a bad Authorization header is never overridden by
 * an `x-api-key` beside it.
 */
export function requireFastFillKey(registry: ApiKeyRegistry, headers: Record<string, unknown>): string {
  const authorization = header(headers, "authorization");
  const direct = header(headers, "x-api-key");
  if (
    (authorization === undefined || authorization.length === 0) &&
    direct !== undefined &&
    direct.length > 0
  ) {
    return requireXApiKey(registry, headers);
  }
  return requireBearerKey(registry, headers);
}

/** `Authorization: Bearer <key>`: 401 when missing, malformed or unknown. */
function requireBearerKey(registry: ApiKeyRegistry, headers: Record<string, unknown>): string {
  const value = header(headers, "authorization");
  if (value === undefined || value.length === 0) {
    throw unauthorized(
      "MISSING_API_KEY",
      "an API key is required: send Authorization: Bearer <API_KEY> or x-api-key: <API_KEY>",
    );
  }
  const match = /^Bearer ([^\s]+)$/.exec(value);
  if (!match)
    throw unauthorized("INVALID_AUTHORIZATION", "the Authorization header must be `Bearer <API_KEY>`");
  const hash = registry.verify(match[1] as string);
  if (hash === null) throw unauthorized("INVALID_API_KEY", "the bearer API key is not valid");
  return hash;
}

/** Either header, for routes where a key is optional: the hash of a known key, else null. */
export function optionalKey(registry: ApiKeyRegistry, headers: Record<string, unknown>): string | null {
  const direct = header(headers, "x-api-key");
  if (direct) return registry.verify(direct);
  const bearer = /^Bearer ([^\s]+)$/.exec(header(headers, "authorization") ?? "");
  return bearer ? registry.verify(bearer[1] as string) : null;
}
