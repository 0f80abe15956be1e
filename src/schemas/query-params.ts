/**
 * Wire codecs for query-string parameters. A query string carries only strings; each codec here pairs
 * the string form (its input side, what `z.toJSONSchema(..., { io: "input" })` shows) with the typed
 * value (its output side). `schema.parse(wire)` decodes, `z.encode(schema, value)` encodes, so the mock
 * server and the typed client share one definition, and both sides stay JSON-schema representable.
 *
 * Coercion is strict, and this is a deliberate choice where the service interface is silent:
 * - integers: canonical decimal only. Rejected: "", " 1", "+1", "-1", "01", "1.0", "1e3", "0x10".
 * - decimals: plain notation only, non-negative. Rejected: "", ".5", "1.", "-1", "1e3", "Infinity".
 * - booleans: exactly "true" or "false" (not "1", "TRUE", "yes", "").
 * - strings: non-empty; a repeated parameter (an array) is rejected, not merged.
 */
import * as z from "zod";
import { REQUEST_TYPES, RequestTypeSchema } from "./enums.ts";
import { DECIMAL_STRING_PATTERN, INTEGER_STRING_PATTERN } from "./primitives.ts";

const IntegerWireSchema = z
  .string()
  .regex(
    INTEGER_STRING_PATTERN,
    "expected a non-negative integer in plain decimal form (no sign, exponent or leading zeros)",
  );

/** A positive integer in canonical decimal form. */
const POSITIVE_INTEGER_STRING_PATTERN = /^[1-9][0-9]*$/;
const PositiveIntegerWireSchema = z
  .string()
  .regex(
    POSITIVE_INTEGER_STRING_PATTERN,
    "expected a positive integer in plain decimal form (no sign, exponent or leading zeros)",
  );

const DecimalWireSchema = z
  .string()
  .regex(DECIMAL_STRING_PATTERN, "expected a non-negative decimal number in plain notation");

/** Bounds of an integer query parameter (inclusive). */
export interface IntegerParamBounds {
  min?: number;
  max?: number;
}

/**
 * An integer query parameter: canonical decimal string <-> safe integer within `bounds` (default
 * minimum 0). With a minimum of 1 or more the wire pattern also excludes "0".
 */
export function integerParam(bounds: IntegerParamBounds = {}) {
  const min = bounds.min ?? 0;
  let out = z.int().min(min);
  if (bounds.max !== undefined) out = out.max(bounds.max);
  return z.codec(min >= 1 ? PositiveIntegerWireSchema : IntegerWireSchema, out, {
    decode: (wire) => Number(wire),
    encode: (value) => String(value),
  });
}

/** Formats a finite non-negative number in plain decimal notation (never exponent form). */
export function toPlainDecimal(value: number): string {
  const text = String(value);
  const match = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const lead = match[1] ?? "";
  const digits = lead + (match[2] ?? "");
  const point = lead.length + Number(match[3]);
  if (point <= 0) return "0." + "0".repeat(-point) + digits;
  if (point >= digits.length) return digits + "0".repeat(point - digits.length);
  return digits.slice(0, point) + "." + digits.slice(point);
}

/** A non-negative decimal query parameter: plain decimal string <-> finite number >= 0. */
export function decimalParam() {
  return z.codec(DecimalWireSchema, z.number().nonnegative(), {
    decode: (wire) => Number(wire),
    encode: (value) => toPlainDecimal(value),
  });
}

/** A boolean query parameter: exactly "true" / "false" <-> boolean. */
export function booleanParam() {
  return z.codec(z.enum(["true", "false"]), z.boolean(), {
    decode: (wire) => wire === "true",
    encode: (value) => (value ? "true" : "false"),
  });
}

/** A non-empty string query parameter. */
export function stringParam() {
  return z.string().min(1);
}

/**
 * A comma-separated list parameter: "a,b" <-> ["a", "b"], each element validated by `item`.
 * Elements are trimmed; an empty element ("a,,b") fails the item schema. `item` must not accept
 * commas or surrounding spaces, or encoding would not round-trip. `wirePattern` optionally
 * constrains the wire string too (shown in the JSON Schema of the wire form).
 */
export function commaListParam<T extends z.ZodType<string, string>>(item: T, wirePattern?: RegExp) {
  const wire = wirePattern ? z.string().min(1).regex(wirePattern) : z.string().min(1);
  return z.codec(wire, z.array(item).min(1), {
    decode: (wire) => wire.split(",").map((part) => part.trim()) as z.input<T>[],
    encode: (values) => values.join(","),
  });
}

/**
 * A JSON-encoded parameter: JSON text <-> the value `schema` validates. Text that is not JSON is
 * reported as a custom issue, never thrown.
 */
export function jsonParam<T extends z.ZodType>(schema: T) {
  return z.codec(z.string().meta({ contentMediaType: "application/json" }), schema, {
    decode: (wire, ctx) => {
      try {
        return JSON.parse(wire) as z.input<T>;
      } catch {
        ctx.issues.push({ code: "custom", message: "expected JSON text", input: wire });
        return z.NEVER;
      }
    },
    encode: (value) => JSON.stringify(value),
  });
}

/**
 * Escapes regex syntax characters only, so the result is also valid under the `u` flag (which JSON
 * Schema validators such as Ajv use; `u` rejects needless escapes like `\-`).
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

/** A regex source matching `text` in any letter case, without relying on regex flags. */
export function caseInsensitivePatternSource(text: string): string {
  let out = "";
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const upper = ch.toUpperCase();
    if (lower !== upper) out += `[${lower}${upper}]`;
    else out += escapeRegExp(ch);
  }
  return out;
}

/** A wire pattern for a comma-separated list of `values` (spaces around elements allowed). */
export function commaListPattern(values: readonly string[]): RegExp {
  const one = `\\s*(?:${values.map(escapeRegExp).join("|")})\\s*`;
  return new RegExp(`^${one}(?:,${one})*$`);
}

const REQUEST_TYPE_WIRE_PATTERN = new RegExp(
  `^(?:${REQUEST_TYPES.map(caseInsensitivePatternSource).join("|")})$`,
);

/** Maps any casing of a request type to its canonical spelling; undefined when it is none. */
export function normalizeRequestType(value: string): z.infer<typeof RequestTypeSchema> | undefined {
  const lower = value.toLowerCase();
  return REQUEST_TYPES.find((type) => type.toLowerCase() === lower);
}

/**
 * The `requestType` filter: any casing of a section-1 value on the wire, decoded to the canonical
 * spelling (e.g. "crosschain SWAP" -> "Crosschain Swap"); encoded as the canonical spelling.
 */
export const RequestTypeParamSchema = z.codec(
  z.string().regex(REQUEST_TYPE_WIRE_PATTERN, `expected one of ${REQUEST_TYPES.join(", ")} (any case)`),
  RequestTypeSchema,
  {
    decode: (wire, ctx) => {
      const canonical = normalizeRequestType(wire);
      if (canonical === undefined) {
        ctx.issues.push({ code: "custom", message: "unknown request type", input: wire });
        return z.NEVER;
      }
      return canonical;
    },
    encode: (value) => value,
  },
);
