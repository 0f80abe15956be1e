/**
 * End-to-end fixture: a whole devnet per test file, the typed client over HTTP, and payer wallets that
 * reach the EVM chains through their JSON-RPC URLs (signing locally, as a user's wallet does).
 */
import { type BaseError, decodeErrorResult, type Hex, zeroAddress } from "viem";
import { type Devnet, type DevnetOptions, startDevnet } from "../../src/devnet/devnet.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import { type AttestationForm, deadlineIn, type EvmUser, evmUser } from "../../src/devnet/evm-user.ts";
import { sendQuotedEvmSteps } from "../../src/devnet/quoted-steps.ts";
import {
  attestedReceiverAbi,
  createServiceClient,
  encodeEvmReceiverDeposit,
  type QuoteV2Body,
  type ServiceClient,
  type StatusResponse,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
} from "../../src/index.ts";

export {
  type AttestationForm,
  balanceOf,
  depositThroughReceiver,
  type EvmUser,
  evmUser,
  linkSponsorshipWallet,
  sendAppBalanceFunding,
  tokenOf,
} from "../../src/devnet/evm-user.ts";
export { eventually } from "../../src/devnet/poll.ts";

export interface E2e {
  devnet: Devnet;
  client: ServiceClient;
  /**
   * Declares that `requestId`'s fill or refund is expected to fail its order's check with exactly
   * `codes` (a test of such a leg asserts it); close() accepts that verdict and no other.
   */
  expectLegFailure(requestId: string, codes: readonly string[]): void;
  close(): Promise<void>;
}

/** The parts of a quote a deposit-address test chooses; the rest is fixed by `quoteDepositAddress`. */
export type DepositAddressQuoteBody = Pick<
  QuoteV2Body,
  "user" | "recipient" | "originChainId" | "destinationChainId" | "originCurrency" | "destinationCurrency"
> & { amount: bigint; refundTo?: string };

/** POST /quote/v2 paid through a strict deposit address: exact input, protocol data, `refundTo` (default the user). */
export function quoteDepositAddress(e2e: E2e, { amount, refundTo, ...body }: DepositAddressQuoteBody) {
  return e2e.client.quoteV2({
    ...body,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
    useDepositAddress: true,
    includeProtocolData: true,
    refundTo: refundTo ?? body.user,
  });
}

/** Polls the status endpoint until `status` (the client's own waiter, at a test's pace). */
export function waitForStatus(
  e2e: E2e,
  requestId: string,
  status: StatusResponse["status"],
): Promise<StatusResponse> {
  return e2e.client.waitForStatus(requestId, { until: [status], intervalMs: 25, timeoutMs: 20_000 });
}

export async function startE2e(options: DevnetOptions = {}): Promise<E2e> {
  // The tests mine the blocks they need (`mine()`), so a status is never moved on by a timer.
  const devnet = await startDevnet({ indexerIntervalMs: 50, blockTimeMs: 0, ...options });
  const client = createServiceClient({ baseUrl: devnet.serviceUrl, apiKey: devnet.apiKey });
  const expected = new Map<string, string>();
  return {
    devnet,
    client,
    expectLegFailure(requestId, codes) {
      expected.set(requestId.toLowerCase(), JSON.stringify([...codes].sort()));
    },
    async close() {
      const unverified = unverifiedOrderLegs(devnet, expected);
      await devnet.close();
      if (unverified.length > 0) {
        throw new Error(`fills or refunds that do not honour their order:\n${unverified.join("\n")}`);
      }
    },
  };
}

/**
 * Every fill and own refund the mock made for a request with an order, checked against the order
 * as it landed (`orderVerification`): those that failed, or were never checked. Run on close, so
 * every flow of every end-to-end suite answers for both legs.
 */
function unverifiedOrderLegs(devnet: Devnet, expected: ReadonlyMap<string, string>): string[] {
  const rows = devnet.service.store
    .prepare("SELECT id, meta, record FROM requests WHERE order_id IS NOT NULL")
    .all() as { id: string; meta: string; record: string }[];
  return rows.flatMap(({ id, meta, record }) => {
    const { orderVerification } = JSON.parse(meta) as {
      orderVerification?: { ok: boolean; failures: { code: string }[] };
    };
    const { status } = JSON.parse(record) as { status: string };
    if (orderVerification === undefined)
      return ["success", "refund"].includes(status) ? [`${id}: ${status}, never checked`] : [];
    if (orderVerification.ok) return [];
    const codes = JSON.stringify(orderVerification.failures.map((failure) => failure.code).sort());
    return expected.get(id.toLowerCase()) === codes
      ? []
      : [`${id}: ${JSON.stringify(orderVerification.failures)}`];
  });
}

/**
 * Alice sends 0.1 ETH on chain 8453 to Bob as SOL on the SVM chain: quoted, deposited through the
 * receiver, the block mined. Returns the request id and the deposit's receipt.
 */
export async function evmToSvmTransfer(e2e: E2e) {
  const alice = evmUser(e2e.devnet.evmChain(8453), "alice");
  const quote = await e2e.client.quoteV2({
    user: alice.address,
    recipient: e2e.devnet.svm.accounts.bob.address,
    originChainId: 8453,
    destinationChainId: SVM_CHAIN_ID,
    originCurrency: zeroAddress,
    destinationCurrency: SVM_NATIVE_TOKEN,
    amount: "100000000000000000",
    tradeType: "EXACT_INPUT",
  });
  const requestId = quote.steps[0]?.requestId as string;
  const [deposit] = (await sendQuotedEvmSteps(alice, quote)).slice(-1);
  await e2e.devnet.evmChain(8453).mine();
  return { requestId, deposit };
}

/** The custom error a receiver call reverts with, decoded from the revert data viem reports. */
export async function receiverRevert(
  chain: EvmDevChain,
  user: EvmUser,
  attestation: AttestationForm,
  deadline?: bigint,
): Promise<{ errorName: string; args: readonly unknown[] }> {
  const call = encodeEvmReceiverDeposit({
    ...attestation,
    deadline: deadline ?? (await deadlineIn(user, 600)),
  });
  try {
    await user.public.call({ account: user.address, to: chain.receiver, data: call.data, value: call.value });
  } catch (error) {
    const data = (error as BaseError).walk((e) => typeof (e as { data?: unknown }).data === "string") as {
      data: Hex;
    } | null;
    if (data === null) throw error;
    const decoded = decodeErrorResult({ abi: attestedReceiverAbi, data: data.data });
    return { errorName: decoded.errorName, args: decoded.args ?? [] };
  }
  throw new Error("the receiver accepted the call");
}
