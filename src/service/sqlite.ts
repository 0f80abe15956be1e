/**
 * `node:sqlite`, loaded on demand: on a Node without it the service fails with one line naming the
 * Node it needs (not a module-linking stack trace), and its ExperimentalWarning is not printed on
 * every start (the service pins what it uses and tests it on the Node versions it supports).
 */
import { createRequire } from "node:module";
import { assertToolsNode } from "../node-floor.ts";

type Sqlite = typeof import("node:sqlite");

let sqlite: Sqlite | undefined;

function isSqliteExperimentalWarning(warning: string | Error, rest: unknown[]): boolean {
  const type = typeof rest[0] === "string" ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
  const name = warning instanceof Error ? warning.name : type;
  return (
    name === "ExperimentalWarning" &&
    /SQLite/i.test(String(warning instanceof Error ? warning.message : warning))
  );
}

/** The `node:sqlite` module (throws `UnsupportedNodeError` below the tools' Node floor). */
export function loadSqlite(): Sqlite {
  if (sqlite) return sqlite;
  assertToolsNode("The attestkit service");
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (isSqliteExperimentalWarning(warning, rest)) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    sqlite = createRequire(import.meta.url)("node:sqlite") as Sqlite;
  } finally {
    process.emitWarning = emitWarning;
  }
  return sqlite;
}
