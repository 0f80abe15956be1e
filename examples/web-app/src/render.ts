// Small DOM helpers: every value goes in as text, never as HTML.
import type { Execute } from "@relayprotocol/relay-sdk";
import type { RequestStatus } from "./status.ts";

export function byTestId<T extends HTMLElement>(id: string): T {
  const element = document.querySelector<T>(`[data-testid="${id}"]`);
  if (element === null) throw new Error(`no element ${id}`);
  return element;
}

/** Fills a <dl> with term/value pairs; each <dd> gets a data-testid of `${prefix}-${key}`. */
export function renderList(list: HTMLElement, prefix: string, rows: [key: string, value: string][]): void {
  list.replaceChildren(
    ...rows.flatMap(([key, value]) => {
      const term = document.createElement("dt");
      term.textContent = key;
      const detail = document.createElement("dd");
      detail.textContent = value;
      detail.dataset.testid = `${prefix}-${key}`;
      return [term, detail];
    }),
  );
}

export function renderQuote(list: HTMLElement, quote: Execute): void {
  const details = quote.details;
  const fees = Object.entries(quote.fees ?? {}).map(([name, fee]): [string, string] => [
    `fee ${name}`,
    `${fee?.amountFormatted ?? fee?.amount ?? "0"} ${fee?.currency?.symbol ?? ""}`.trim(),
  ]);
  renderList(list, "quote", [
    ["requestId", quote.steps.find((step) => step.requestId)?.requestId ?? "none"],
    ["in", `${details?.currencyIn?.amountFormatted ?? "?"} ${details?.currencyIn?.currency?.symbol ?? ""}`],
    [
      "out",
      `${details?.currencyOut?.amountFormatted ?? "?"} ${details?.currencyOut?.currency?.symbol ?? ""}`,
    ],
    ["outBaseUnits", details?.currencyOut?.amount ?? "?"],
    ["steps", quote.steps.map((step) => step.id).join(", ")],
    ...fees,
  ]);
}

/** One line per step item as the SDK reports it: step, item status, progress, check, tx hashes. */
export function renderSteps(list: HTMLElement, steps: Execute["steps"]): void {
  list.replaceChildren(
    ...steps.flatMap((step) =>
      (step.items ?? []).map((item, index) => {
        const line = document.createElement("li");
        line.dataset.step = step.id;
        // The SDK lists the transactions it sent in txHashes until the request settles; then txHashes
        // holds the destination fill and internalTxHashes the origin deposit.
        const hashes = (label: string, list: { txHash: string; chainId: number }[] = []) =>
          list.length === 0 ? "" : `${label} ${list.map((tx) => `${tx.chainId}:${tx.txHash}`).join(" ")}`;
        line.textContent = [
          `${step.id}[${index}]`,
          item.status,
          item.progressState ?? "",
          item.checkStatus ? `check ${item.checkStatus}` : "",
          hashes("tx", item.txHashes),
          hashes("origin", item.internalTxHashes),
        ]
          .filter(Boolean)
          .join("  ");
        return line;
      }),
    ),
  );
}

export function renderStatus(list: HTMLElement, status: RequestStatus, executeMs: number): void {
  renderList(list, "status", [
    ["status", status.status],
    ["txHashes", (status.txHashes ?? []).join(" ") || "none"],
    ["inTxHashes", (status.inTxHashes ?? []).join(" ") || "none"],
    ["executeMs", executeMs.toFixed(0)],
  ]);
  list
    .querySelector<HTMLElement>('[data-testid="status-status"]')
    ?.setAttribute("data-status", status.status);
}
