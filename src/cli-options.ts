/**
 * Command-line options of `attestkit <command>`: a bad flag or value is one line naming the flag and
 * pointing at `--help` (exit code 2), never a stack trace.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { AttestkitError } from "./errors.ts";

/** A flag the command does not know, or a value it cannot take. */
export class CliOptionError extends AttestkitError {
  constructor(command: string, problem: string) {
    super("INVALID_OPTION", `${problem}; attestkit ${command} --help lists the options`);
  }
}

/** `parseArgs` of `args` (default: the process's), its usage errors turned into `CliOptionError`. */
export function parseCommandArgs<T extends ParseArgsConfig>(command: string, config: T) {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_")) {
      throw new CliOptionError(command, (error as Error).message.replace(/\.$/, "").split("\n")[0]!);
    }
    throw error;
  }
}

/** The flags of one command, checked as they are read. */
export function commandOptions(command: string) {
  const fail = (problem: string): never => {
    throw new CliOptionError(command, problem);
  };
  return {
    fail,
    /** An integer flag in `[min, max]`; `fallback` when absent. */
    integer(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
      const parsed = value === undefined ? fallback : Number(value);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        fail(`invalid --${name} ${JSON.stringify(value)}: expected an integer from ${min} to ${max}`);
      }
      return parsed;
    },
    /** A number flag >= 0; `fallback` when absent. */
    nonNegative(name: string, value: string | boolean | undefined, fallback: number): number {
      const parsed = value === undefined ? fallback : Number(value);
      if (typeof value === "boolean" || !Number.isFinite(parsed) || parsed < 0) {
        fail(`invalid --${name} ${JSON.stringify(value)}: expected a number >= 0`);
      }
      return parsed;
    },
  };
}
