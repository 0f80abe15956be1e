/**
 * The `filters` parameter of GET /requests/v3 (service interface: Endpoints) compiled to SQL over the stored record JSON.
 *
 * Semantics (the reference evaluator in the tests implements the same, independently):
 * - a field is a dotted path into the request record as the API returns it (`status`,
 *   `data.failReason`, `depositAddress.type`, `originChainId`, ...);
 * - a scalar matches a field holding the same JSON value: same type, exact (case-sensitive) equality;
 *   an array of scalars matches when any of them does (rule 3);
 * - `null` (or an array of only nulls) is a null-check: the field is missing, JSON null, "", [] or {}
 *   (rule 4); `not:` negates any test, so `not:x: null` means "x is not empty" (rule 2);
 * - fields in a group AND together, groups OR together (rule 1); an empty group matches everything,
 *   and an empty group list does not narrow the result;
 * - null mixed with real values is rejected by the schema before this runs (rule 5).
 */
import type { SQLInputValue } from "node:sqlite";
import { type FilterGroup, type Filters, filterAlternatives, parseFilterKey } from "../schemas/filters.ts";

/** A SQL condition with its positional parameters. */
export interface SqlCondition {
  sql: string;
  params: SQLInputValue[];
}

/** `$."a"."b"` for `a.b`; segments are identifiers by the key pattern, so quoting is safe. */
export function jsonPath(field: string): string {
  return `$${field
    .split(".")
    .map((segment) => `."${segment}"`)
    .join("")}`;
}

const COLUMN = "record";

function emptyCheck(path: string, params: SQLInputValue[]): string {
  params.push(path, path, path, path, path, path, path, path);
  return (
    `(json_type(${COLUMN}, ?) IS NULL OR json_type(${COLUMN}, ?) = 'null' ` +
    `OR (json_type(${COLUMN}, ?) = 'text' AND json_extract(${COLUMN}, ?) = '') ` +
    `OR (json_type(${COLUMN}, ?) = 'array' AND json_array_length(${COLUMN}, ?) = 0) ` +
    `OR (json_type(${COLUMN}, ?) = 'object' AND json_extract(${COLUMN}, ?) = '{}'))`
  );
}

function scalarCheck(path: string, value: string | number | boolean, params: SQLInputValue[]): string {
  if (typeof value === "boolean") {
    params.push(path);
    return `json_type(${COLUMN}, ?) IS '${value ? "true" : "false"}'`;
  }
  if (typeof value === "number") {
    params.push(path, path, value);
    return `(json_type(${COLUMN}, ?) IN ('integer', 'real') AND json_extract(${COLUMN}, ?) IS ?)`;
  }
  params.push(path, path, value);
  return `(json_type(${COLUMN}, ?) IS 'text' AND json_extract(${COLUMN}, ?) IS ?)`;
}

function groupCondition(group: FilterGroup, params: SQLInputValue[]): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(group)) {
    const { field, negated } = parseFilterKey(key);
    const path = jsonPath(field);
    const alternatives = filterAlternatives(value);
    const test =
      alternatives === null
        ? emptyCheck(path, params)
        : `(${alternatives.map((alternative) => scalarCheck(path, alternative, params)).join(" OR ")})`;
    parts.push(negated ? `NOT ${test}` : test);
  }
  return parts.length === 0 ? "1" : `(${parts.join(" AND ")})`;
}

/** The SQL condition of a decoded `filters` value, or null when it does not narrow anything. */
export function filtersToSql(filters: Filters): SqlCondition | null {
  if (filters.length === 0) return null;
  const params: SQLInputValue[] = [];
  const groups = filters.map((group) => groupCondition(group, params));
  return { sql: `(${groups.join(" OR ")})`, params };
}
