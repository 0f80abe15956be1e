/**
 * The step items of a quote, flattened with their position, and what an SVM item asks the wallet to
 * run: its instruction list (the SDK adapter's form) and its wire transaction (what a wallet signing
 * `transaction` runs), decoded. When an item carries both they must be the same instructions.
 */
import { bytesToHex } from "viem";
import type { QuoteSvmInstruction } from "./depository-svm.ts";
import { parseWireMessage, type WireMessage } from "./svm-wire.ts";
import type { StepLocation } from "./verify-quote-types.ts";

/** One step item: its position and its `data` (null when it has none). */
export type QuoteItem = { location: StepLocation; data: Readonly<Record<string, unknown>> | null };

/** The items of `quote.steps`, or the reason the steps cannot be read. */
export function quoteItems(quote: unknown): { items: QuoteItem[] } | { malformed: string } {
  const steps = (quote as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return { malformed: "quote.steps is not an array" };
  const items: QuoteItem[] = [];
  for (const [stepIndex, step] of steps.entries()) {
    const stepItems = (step as { items?: unknown } | null)?.items;
    if (!Array.isArray(stepItems)) return { malformed: `steps[${stepIndex}].items is not an array` };
    for (const [itemIndex, item] of stepItems.entries()) {
      const data = (item as { data?: unknown } | null)?.data;
      items.push({
        location: { step: stepIndex, item: itemIndex },
        data: data !== null && typeof data === "object" ? (data as Record<string, unknown>) : null,
      });
    }
  }
  return { items };
}

/** An SVM instruction normalised for comparison: data as lowercase hex without 0x. */
function normalise(instruction: QuoteSvmInstruction): QuoteSvmInstruction {
  return {
    programId: instruction.programId,
    keys: instruction.keys.map((key) => ({ pubkey: key.pubkey })),
    data: instruction.data.replace(/^0x/, "").toLowerCase(),
  };
}

function isInstruction(value: unknown): value is QuoteSvmInstruction {
  const { programId, keys, data } = (value ?? {}) as { programId?: unknown; keys?: unknown; data?: unknown };
  return (
    typeof programId === "string" &&
    typeof data === "string" &&
    /^(0x)?([0-9a-fA-F]{2})*$/.test(data) &&
    Array.isArray(keys) &&
    keys.every((key) => typeof (key as { pubkey?: unknown } | null)?.pubkey === "string")
  );
}

/** The instructions of a base64 wire transaction, or why they cannot be read offline. */
function wireInstructions(wire: string): QuoteSvmInstruction[] | string {
  let message: WireMessage;
  try {
    message = parseWireMessage(wire);
  } catch (error) {
    return `its transaction cannot be decoded (${(error as Error).message})`;
  }
  if (message.lookupTables > 0)
    return "its transaction loads accounts from address lookup tables, which cannot be checked offline";
  const accounts = message.staticAccounts;
  const out: QuoteSvmInstruction[] = [];
  for (const instruction of message.instructions) {
    const indices = [instruction.programIndex, ...instruction.accountIndices];
    if (indices.some((index) => index >= accounts.length))
      return "its transaction names an account index outside its account list";
    out.push({
      programId: accounts[instruction.programIndex] as string,
      keys: instruction.accountIndices.map((index) => ({ pubkey: accounts[index] as string })),
      data: bytesToHex(instruction.data).slice(2),
    });
  }
  return out;
}

const sameInstructions = (a: QuoteSvmInstruction[], b: QuoteSvmInstruction[]) =>
  JSON.stringify(a.map(normalise)) === JSON.stringify(b.map(normalise));

/**
 * What an SVM step item runs: its `instructions`, its wire `transaction`, or both when they agree.
 * Returns the reason when neither is readable or they differ.
 */
export function svmItemInstructions(data: Readonly<Record<string, unknown>>): QuoteSvmInstruction[] | string {
  const listed = data.instructions;
  const wire = data.transaction;
  if (listed !== undefined && !(Array.isArray(listed) && listed.every(isInstruction)))
    return "its instruction list is malformed (programId, keys[].pubkey and hex data expected)";
  if (wire !== undefined && typeof wire !== "string") return "its transaction is not a base64 string";
  const fromWire = wire === undefined ? undefined : wireInstructions(wire);
  if (typeof fromWire === "string") return fromWire;
  if (listed === undefined) return fromWire ?? "it carries neither instructions nor a transaction";
  if (fromWire !== undefined && !sameInstructions(listed, fromWire))
    return "its transaction runs other instructions than its instruction list";
  return listed;
}
