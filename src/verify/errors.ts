/** What `attestkit verify` reports in one line with exit 2: nothing was checked. */

/** The command line is wrong or names something the service does not know: the user must fix it. */
export class VerifyUsageError extends Error {}

/**
 * The service or a chain's RPC could not be read, or answers for another chain than it stands for:
 * no verdict can be given.
 */
export class VerifyConnectionError extends Error {}

/** The first line of what `error` says (viem's short message and details, kit's message). */
export function errorLine(error: unknown): string {
  const { shortMessage, details, message } = (error ?? {}) as {
    shortMessage?: unknown;
    details?: unknown;
    message?: unknown;
  };
  const head = String(shortMessage ?? message ?? error).split("\n")[0] as string;
  return typeof details === "string" && details !== "" && !head.includes(details)
    ? `${head} (${details})`
    : head;
}
