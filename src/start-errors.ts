/**
 * The errors a user meets when starting the devnet or the service, each turned into one line that
 * says what to change: a busy port (with the flag that moves it), a Node.js below the tools' floor,
 * and Hardhat's native binding missing because node_modules was installed under another Node.
 */
import { AttestkitError } from "./errors.ts";
import { TOOLS_NODE_FLOOR } from "./node-floor.ts";

/** A port the devnet or the service must listen on is taken. */
export class PortInUseError extends AttestkitError {
  readonly port: number;
  /** The flag or option that sets the port, when known. */
  readonly setting: string | undefined;

  constructor(port: number, setting: string | undefined) {
    super(
      "PORT_IN_USE",
      `port ${port} on 127.0.0.1 is already in use${setting === undefined ? "" : `: choose another with ${setting}`}`,
    );
    this.port = port;
    this.setting = setting;
  }
}

/**
 * `PortInUseError` for an `EADDRINUSE` listen error (or a `PortInUseError` naming an option), naming
 * the flag or option that sets that port (`portFlags`: port -> flag), else the error itself.
 */
export function withPortFlag(error: unknown, portFlags: ReadonlyMap<number, string>): unknown {
  if (error instanceof PortInUseError) {
    return new PortInUseError(error.port, portFlags.get(error.port) ?? error.setting);
  }
  const e = error as { code?: unknown; port?: unknown; message?: unknown } | null;
  if (e?.code !== "EADDRINUSE") return error;
  const port = typeof e.port === "number" ? e.port : Number(/:(\d+)\s*$/.exec(String(e.message))?.[1]);
  return new PortInUseError(port, portFlags.get(port));
}

/** A `--load-state` file the devnet cannot start from (another attestkit, not a state file, unreadable). */
export class StateFileError extends AttestkitError {
  constructor(message: string) {
    super("STATE_FILE_REFUSED", message);
  }
}

const MISSING_NATIVE_BINDING = /Cannot find native binding|Missing platform package/;

/** The one line to print for a start-up error, or undefined when the full error is more useful. */
export function startErrorLine(error: unknown): string | undefined {
  if (error instanceof AttestkitError) return error.message;
  const message = String((error as { message?: unknown } | null)?.message ?? "");
  if (MISSING_NATIVE_BINDING.test(message))
    return `a native module (Hardhat's EDR or LiteSVM) has no binary for Node.js ${process.versions.node} on ${process.platform}-${process.arch}: node_modules was installed under another Node.js or platform (npm skips these packages below their Node floor): run npx attestkit install-node (it installs them under Node 24 and keeps a copy the devnet restores after a later npm install), or reinstall under Node.js >= ${TOOLS_NODE_FLOOR}`;
  return undefined;
}
