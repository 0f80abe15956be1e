/**
 * The `filters` parameter of GET /requests/v3 (service interface: Endpoints): a JSON array of filter groups.
 *
 * 1. Fields inside one group are combined with AND; groups are combined with OR.
 * 2. A key prefixed `not:` negates it.
 * 3. A value is a scalar or an array of scalars (OR within the field).
 * 4. `null` is a null-check (field empty or missing); with `not:` it means "not empty".
 * 5. `null` cannot be mixed with real values in one array.
 *
 * Choices where the service interface is silent: field names are identifiers, dotted paths allowed
 * (`[A-Za-z_][A-Za-z0-9_.]*`), so `not:not:x` is rejected; arrays must be non-empty; an array of
 * only `null`s is accepted and means the same as `null`; empty groups and an empty group list are
 * accepted (they do not narrow anything).
 */
import * as z from "zod";

/** The negation prefix of a filter key. */
export const FILTER_NEGATION_PREFIX = "not:" as const;

/** A filter key: a field name, optionally prefixed `not:`. */
export const FILTER_KEY_PATTERN = /^(?:not:)?[A-Za-z_][A-Za-z0-9_.]*$/;

export const FilterKeySchema = z
  .string()
  .regex(FILTER_KEY_PATTERN, "expected a field name, optionally prefixed `not:`")
  .meta({ id: "FilterKey", description: "Field name, optionally prefixed `not:` to negate." });
export type FilterKey = z.infer<typeof FilterKeySchema>;

/** A real (non-null) filter value. */
export const FilterScalarSchema = z
  .union([z.string(), z.number(), z.boolean()])
  .meta({ id: "FilterScalar", description: "A scalar filter value." });
export type FilterScalar = z.infer<typeof FilterScalarSchema>;

/**
 * A filter value: a scalar, `null` (null-check), a non-empty array of scalars (OR), or a non-empty
 * array of nulls. Rule 5 is expressed structurally, so it shows in the JSON Schema too: an array
 * mixing `null` and real values matches no branch.
 */
export const FilterValueSchema = z
  .union([FilterScalarSchema, z.null(), z.array(FilterScalarSchema).min(1), z.array(z.null()).min(1)], {
    error: "expected a scalar, null, or a non-empty array of scalars (null cannot be mixed with real values)",
  })
  .meta({ id: "FilterValue", description: "Scalar, null-check, or array of alternatives." });
export type FilterValue = z.infer<typeof FilterValueSchema>;

/** A filter group: its fields are combined with AND. */
export const FilterGroupSchema = z
  .record(FilterKeySchema, FilterValueSchema)
  .meta({ id: "FilterGroup", description: "Fields combined with AND." });
export type FilterGroup = z.infer<typeof FilterGroupSchema>;

/** The decoded `filters` parameter: groups combined with OR. */
export const FiltersSchema = z
  .array(FilterGroupSchema)
  .meta({ id: "Filters", description: "Filter groups combined with OR." });
export type Filters = z.infer<typeof FiltersSchema>;

/** A filter key split into the field it tests and whether the test is negated. */
export interface ParsedFilterKey {
  field: string;
  negated: boolean;
}

/** Splits a filter key: `"not:status"` -> `{ field: "status", negated: true }`. */
export function parseFilterKey(key: string): ParsedFilterKey {
  return key.startsWith(FILTER_NEGATION_PREFIX)
    ? { field: key.slice(FILTER_NEGATION_PREFIX.length), negated: true }
    : { field: key, negated: false };
}

/**
 * The values a filter field accepts as alternatives, or `null` for a null-check.
 * `"a"` -> `["a"]`, `["a", "b"]` -> `["a", "b"]`, `null` and `[null]` -> `null`.
 */
export function filterAlternatives(value: FilterValue): FilterScalar[] | null {
  if (value === null) return null;
  if (!Array.isArray(value)) return [value];
  if (value.every((v) => v === null)) return null;
  return value as FilterScalar[];
}
