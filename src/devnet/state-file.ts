/**
 * The devnet's saved-state file (`attestkit devnet --dump-state` / `--load-state`): one JSON document
 * with a header (`format`, `version`, the attestkit version that wrote it) and the state of each part.
 * Values JSON lacks are tagged: a bigint as `{"$bigint": "<decimal>"}`, bytes as
 * `{"$bytes": "<base64>"}`. A file is read only by the attestkit version that wrote it, since the
 * parts' formats (the service's schema, the EVM journal, the SVM ledger) change between versions.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import * as z from "zod";
import { packageFile } from "../package-files.ts";
import type { DatabaseRows } from "../service/snapshot.ts";
import { StateFileError } from "../start-errors.ts";
import type { DevnetClockState } from "./clock.ts";
import type { EvmChainState } from "./evm-state.ts";
import type { SvmDevChainState } from "./svm-chain.ts";

export const STATE_FILE_FORMAT = "attestkit-devnet-state";
/** The layout of the file; a file of another layout or attestkit version is refused. */
export const STATE_FILE_VERSION = 1;

/** The whole devnet's saved state (`--dump-state`, `devnet.state()`), what `--load-state` starts from. */
export interface DevnetState {
  evm: EvmChainState[];
  svm: SvmDevChainState;
  service: DatabaseRows;
  clock: DevnetClockState;
}

let version: string | undefined;
/** The running attestkit's version (package.json). */
export function attestkitVersion(): string {
  version ??= (JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { version: string }).version;
  return version;
}

const HeaderSchema = z.object({
  format: z.literal(STATE_FILE_FORMAT),
  version: z.number().int(),
  attestkit: z.string(),
});

const BodySchema = z.object({
  evm: z.array(z.object({ chainId: z.number().int(), journal: z.array(z.unknown()) }).loose()),
  svm: z.object({ accounts: z.array(z.unknown()), history: z.object({}).loose() }).loose(),
  clock: z.object({ offsetMs: z.number(), frozenAtMs: z.number().nullable() }),
  service: z.record(
    z.string(),
    z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())) }),
  ),
});

function replacer(_key: string, value: unknown): unknown {
  if (typeof value === "bigint") return { $bigint: value.toString() };
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString("base64") };
  return value;
}

/** Turns the tagged values back into bigints and bytes, in place (faster than a JSON.parse reviver). */
function untag(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = untag(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length === 1) {
    if (typeof record.$bigint === "string") return BigInt(record.$bigint);
    if (typeof record.$bytes === "string") return new Uint8Array(Buffer.from(record.$bytes, "base64"));
  }
  for (const key of keys) {
    // JSON.parse made "__proto__" an own property; assigning it would set the prototype instead.
    if (key !== "__proto__") record[key] = untag(record[key]);
  }
  return record;
}

/** The file's text for `state`. */
export function serializeState(state: DevnetState): string {
  const header = { format: STATE_FILE_FORMAT, version: STATE_FILE_VERSION, attestkit: attestkitVersion() };
  return JSON.stringify({ ...header, savedAt: new Date().toISOString(), ...state }, replacer);
}

/** Writes `state` to `path` atomically (a reader never sees half a file). */
export function writeStateFile(path: string, state: DevnetState): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, serializeState(state));
  renameSync(temporary, path);
}

/** Parses a state file's text. @throws StateFileError for another format, version or attestkit. */
export function parseState(text: string, path: string): DevnetState {
  let parsed: unknown;
  try {
    parsed = untag(JSON.parse(text));
  } catch (error) {
    throw new StateFileError(`state file ${path} is not JSON (${(error as Error).message})`);
  }
  const header = HeaderSchema.safeParse(parsed);
  if (!header.success) {
    throw new StateFileError(`${path} is not an attestkit devnet state file (written by --dump-state)`);
  }
  const { version: fileVersion, attestkit } = header.data;
  if (fileVersion !== STATE_FILE_VERSION || attestkit !== attestkitVersion()) {
    throw new StateFileError(
      `state file ${path} was written by attestkit ${attestkit} (state format ${fileVersion}); this is attestkit ${attestkitVersion()} (format ${STATE_FILE_VERSION}): start without --load-state, or with the attestkit that wrote it`,
    );
  }
  if (!BodySchema.safeParse(parsed).success) {
    throw new StateFileError(
      `state file ${path} is incomplete: it lacks the evm, svm, service or clock state`,
    );
  }
  return parsed as DevnetState;
}

/** Reads a state file. @throws StateFileError when it is missing, unreadable or from another version. */
export function readStateFile(path: string): DevnetState {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new StateFileError(`state file ${path} cannot be read: ${(error as Error).message}`);
  }
  return parseState(text, path);
}
