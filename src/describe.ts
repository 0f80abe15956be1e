/**
 * A short, safe rendering of an untrusted value for error messages (strings are
 * quoted and cut at 80 characters; objects are never stringified).
 */
export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
  if (typeof value === "bigint") return `${value}n`;
  if (value === null || typeof value !== "object") return String(value);
  if (value instanceof Uint8Array) return `a Uint8Array(${value.length})`;
  return Array.isArray(value) ? "an array" : "an object";
}

/** JSON of a chain's error object for a message: bigints as decimal, never a throw. */
export function describeChainError(err: unknown): string {
  try {
    return JSON.stringify(err, (_, v) => (typeof v === "bigint" ? v.toString() : v)) ?? String(err);
  } catch {
    return String(err);
  }
}
