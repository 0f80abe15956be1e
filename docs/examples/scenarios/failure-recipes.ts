import type { ScenarioInput, ScenarioView } from "attestkit/service";

/**
 * Tells the mock (the devnet, or `attestkit service --scenarios FILE`) what should happen to the
 * next matching request(s). Refused input throws with the mock's error code (`INVALID_SCENARIO`).
 */
export async function addScenario(
  serviceUrl: string,
  apiKey: string,
  scenario: ScenarioInput,
): Promise<ScenarioView> {
  const response = await fetch(`${serviceUrl}/_mock/scenarios`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey },
    body: JSON.stringify(scenario),
  });
  const body = (await response.json()) as ScenarioView & { errorCode?: string; message?: string };
  if (!response.ok) throw new Error(`${body.errorCode}: ${body.message}`);
  return body as ScenarioView;
}

/** One scenario per outcome your integration must handle; add `match` to aim it at one wallet, chain or key. */
export const recipes = {
  /** Refunded on the origin chain, with the reason your UI explains. */
  refund: { outcome: "refund", failReason: "SOLVER_CAPACITY_EXCEEDED" },
  /** Failed, and the refund itself needs a person. */
  failure: { outcome: "failure", failReason: "NO_QUOTES", refundFailReason: "MANUAL_REFUND_REQUIRED" },
  /** Paid to the recipient, but not as quoted. */
  fallback: { outcome: "fallback", failReason: "SLIPPAGE" },
  /** Slow deposit confirmation, slow fill, slow fill confirmation (ms in each status). */
  slow: { delays: { depositing: 1500, pending: 1000, submitted: 1000 } },
  /** The destination fill delayed: `delayed` (not final) for 2 s, then filled. */
  delayed: { delays: { delayed: 2000 } },
  /** Stuck in `pending` for 2 s, then filled. */
  stuck: { stuck: { status: "pending", forMs: 2000 } },
  /** The deposit never confirms in time: held `depositing`, then refunded. */
  confirmationTimeout: {
    delays: { depositing: 3000 },
    outcome: "refund",
    failReason: "DEPOSIT_CONFIRMATION_TIMEOUT",
  },
  /** The deposit's block is dropped from the EVM origin chain: back to `waiting`. */
  depositReorg: { chainEvent: "deposit-reorg" },
  /** The fill is a transaction that fails on the destination chain: `failure`, `TRANSACTION_REVERTED`. */
  fillReverts: { chainEvent: "fill-reverts" },
  /** The solver cannot pay the fill: refunded, `SOLVER_BALANCE_TOO_LOW`. */
  solverBalanceTooLow: { chainEvent: "solver-balance-too-low" },
} satisfies Record<string, ScenarioInput>;
