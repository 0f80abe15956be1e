/**
 * POST /quote/v2, /quote and /price (service interface: Endpoints, SVM rules): per-VM address validation, mock pricing and
 * fees, and the steps to execute (approve when an ERC20 deposit through a receiver contract needs it,
 * then the deposit carrying the request id), with the deposit step's `check` pointing at the status
 * endpoint. SVM-origin quotes build and size-gate a real transaction (`svm-route.ts`). With
 * `includeProtocolData: true` a quote also issues a protocol order (`orders.ts`) and its deposit step
 * pays the origin chain's depository under the order id instead of the solver.
 */
import { randomBytes } from "node:crypto";
import type { Address as SvmAddress } from "@solana/kit";
import { type Address, encodeFunctionData, erc20Abi, type Hex, zeroAddress } from "viem";
import { parseEvmAddress } from "../address/index.ts";
import { getChainVm } from "../chains.ts";
import { encodeOrderCall } from "../orders/fill-router.ts";
import { getOrderDeadline } from "../orders/order-deadline.ts";
import { encodeEvmReceiverDeposit } from "../receiver/index.ts";
import type { QuoteResponse, QuoteStep, QuoteV2Body, RequestData, RequestType } from "../schemas/index.ts";
import { assertSvmAddress, assertSvmTokenAddress, SVM_NATIVE_TOKEN } from "../svm/index.ts";
import { encodeDepositoryDeposit } from "./chains/depository-evm.ts";
import { buildDepositoryDepositInstruction } from "./chains/depository-svm.ts";
import {
  type DepositAddressPlan,
  depositAddressRecord,
  depositAddressStep,
  planDepositAddress,
  type QuotableDepositAddresses,
} from "./deposit-address-quote.ts";
import { svmDepositAddressStep } from "./deposit-address-svm-step.ts";
import { badRequest } from "./errors.ts";
import { type GaslessChain, gaslessQuote } from "./gasless.ts";
import {
  issueOrder,
  type OrdersConfig,
  ordersSupported,
  type ProtocolOrderBlock,
  refundRecipientOf,
} from "./orders.ts";
import type { RequestMeta, StoredRequest } from "./records.ts";
import { newRecord } from "./records.ts";
import { buildSvmDeposit } from "./svm-route.ts";
import { currencyAmount, fromMicroUsd, type TokenRegistry, toMicroUsd } from "./tokens.ts";
import type { ValidatedQuote } from "./validated-quote.ts";

/** The largest amount an SVM transfer instruction carries (u64). */
const SVM_U64_MAX = (1n << 64n) - 1n;

/** An `AttestedReceiver` deployment: quotes on its chain deposit through it instead of paying the solver. */
export interface ReceiverConfig {
  address: string;
  /** Seconds from quoting to the deposit's deadline (default 600; at most the receiver's maximum window). */
  deadlineSeconds?: number;
}

export interface QuoteContext {
  tokens: TokenRegistry;
  /** Solver EVM address (same on every EVM chain, service interface: Attestation). */
  solverEvm: Address;
  /** Solver address on the SVM chain. */
  solverSvm: string;
  receivers: ReadonlyMap<number, ReceiverConfig>;
  /** The solver's attestation (service interface: Attestation), embedded in receiver deposit steps. */
  attest(requestId: Hex, requestData: RequestData): Promise<Hex>;
  /**
   * The SVM chain's latest blockhash, when an SVM chain adapter is configured (`SvmChainAdapter.
   * latestBlockhash`): SVM deposit transactions then carry it and execute as quoted; without it they
   * carry a deterministic placeholder (right size, not executable).
   */
  svmLatestBlockhash?: () => Promise<string>;
  /**
   * The smallest native deposit that can land in the solver's SVM wallet (`SvmChainAdapter.
   * nativeDepositMinimum`: what it lacks to be rent-exempt), when an SVM chain adapter is configured.
   */
  svmNativeDepositMinimum?: () => Promise<bigint>;
  /** The only chains a quote may touch (others: 400 UNSUPPORTED_CHAIN); undefined: any chain. */
  chains?: ReadonlySet<number>;
  /**
   * The token program owning an SVM mint (`SvmChainAdapter.tokenProgramOf`), when an SVM chain
   * adapter is configured: a Token-2022 mint's deposit then names Token-2022 and its accounts.
   */
  svmTokenProgram?: (mint: string) => Promise<string | null>;
  /** ERC20 allowance on a chain, when a chain adapter for it is configured. */
  allowance?: (chainId: number, token: Address, owner: Address, spender: Address) => Promise<bigint | null>;
  /** Relayer fee in basis points of the input. */
  relayerFeeBps: bigint;
  /** Flat gas fee in micro-USD, charged in the origin native currency. */
  gasFeeMicroUsd: bigint;
  /** Protocol orders (`includeProtocolData: true`); without it such quotes are refused. */
  orders?: OrdersConfig;
  /** The fill router of each chain that has one: quotes with user calls need one on their destination. */
  fillRouters?: ReadonlyMap<number, string>;
  /** The chains whose approval proxy relays gasless deposits (`usePermit: true`). */
  gasless?: ReadonlyMap<number, GaslessChain>;
  /** A chain's strict deposit addresses, when it has them (`useDepositAddress: true`). */
  depositAddresses?: (chainId: number) => QuotableDepositAddresses | undefined;
}

/** Per-VM address checks (service interface: SVM rules): throws INVALID_ADDRESS / ADDRESS_VM_MISMATCH (400). */
export function validateQuote(body: QuoteV2Body): ValidatedQuote {
  const originVm = getChainVm(body.originChainId);
  const destinationVm = getChainVm(body.destinationChainId);
  let user: string;
  let originCurrency: string;
  let refundTo: string | null = null;
  if (originVm === "svm") {
    assertSvmAddress(body.user, "user");
    assertSvmTokenAddress(body.originCurrency, "originCurrency");
    user = body.user;
    originCurrency = body.originCurrency;
    if (body.refundTo !== undefined) {
      // The native-currency constant is a valid refundTo (refund the depositor).
      assertSvmTokenAddress(body.refundTo, "refundTo");
      refundTo = body.refundTo;
    }
  } else {
    user = parseEvmAddress(body.user, "user");
    originCurrency = parseEvmAddress(body.originCurrency, "originCurrency");
    if (body.refundTo !== undefined) refundTo = parseEvmAddress(body.refundTo, "refundTo");
  }
  let recipient: string;
  let destinationCurrency: string;
  const recipientInput = body.recipient ?? (originVm === destinationVm ? user : undefined);
  if (recipientInput === undefined) {
    throw badRequest(
      "MISSING_RECIPIENT",
      `recipient is required when the origin (${originVm.toUpperCase()}) and destination (${destinationVm.toUpperCase()}) chains use different VMs`,
    );
  }
  if (destinationVm === "svm") {
    assertSvmAddress(recipientInput, "recipient");
    assertSvmTokenAddress(body.destinationCurrency, "destinationCurrency");
    recipient = recipientInput;
    destinationCurrency = body.destinationCurrency;
  } else {
    recipient = parseEvmAddress(recipientInput, "recipient");
    destinationCurrency = parseEvmAddress(body.destinationCurrency, "destinationCurrency");
  }
  const amount = BigInt(body.amount);
  if (amount === 0n) throw badRequest("INVALID_AMOUNT", "amount must be greater than zero");
  if (amount >= 1n << 128n) throw badRequest("INVALID_AMOUNT", "amount is too large to quote (>= 2^128)");
  return {
    body,
    originVm,
    destinationVm,
    user,
    recipient,
    refundTo,
    originCurrency,
    destinationCurrency,
    amount,
    calls: validateCalls(body, destinationVm, destinationCurrency),
  };
}

/**
 * The quote's user calls (`txs`): EVM destinations only (the SVM chain runs no order calls), with a
 * native output their values come out of. Throws CALLS_UNSUPPORTED (400).
 */
function validateCalls(
  body: QuoteV2Body,
  destinationVm: "evm" | "svm",
  destinationCurrency: string,
): ValidatedQuote["calls"] {
  const txs = body.txs ?? [];
  if (txs.length === 0) return [];
  if (destinationVm !== "evm") {
    throw badRequest("CALLS_UNSUPPORTED", "txs: calls run on EVM destination chains only");
  }
  if (destinationCurrency !== zeroAddress) {
    throw badRequest(
      "CALLS_UNSUPPORTED",
      "txs: calls need a native destination currency to pay their values from",
    );
  }
  return txs.map((tx, i) => ({
    to: parseEvmAddress(tx.to, `txs[${i}].to`),
    data: (tx.data ?? "0x") as `0x${string}`,
    value: BigInt(tx.value ?? "0"),
  }));
}

function requestTypeOf(q: ValidatedQuote, inSymbol: string, outSymbol: string): RequestType {
  const sameChain = q.body.originChainId === q.body.destinationChainId;
  if (sameChain) {
    if (q.originCurrency.toLowerCase() === q.destinationCurrency.toLowerCase()) return "Send";
    if (`W${inSymbol}` === outSymbol) return "Wrap";
    if (inSymbol === `W${outSymbol}`) return "Unwrap";
    return "Same-chain Swap";
  }
  return inSymbol === outSymbol ? "Bridge" : "Crosschain Swap";
}

const DEFAULT_RECEIVER_DEADLINE_SECONDS = 600;

const newRequestId = (): Hex => `0x${randomBytes(32).toString("hex")}`;

const depositCheck = (requestId: string) => ({
  endpoint: `/intents/status/v3?requestId=${requestId}`,
  method: "GET" as const,
});

/** The approval of exactly `amount` of `token` to `spender`, when the current allowance is short. */
async function approveStepIfNeeded(
  ctx: QuoteContext,
  q: ValidatedQuote,
  requestId: Hex,
  spender: Address,
  description: string,
): Promise<QuoteStep[]> {
  const chainId = q.body.originChainId;
  const user = q.user as Address;
  const token = q.originCurrency as Address;
  const allowance = ctx.allowance ? await ctx.allowance(chainId, token, user, spender) : null;
  if (allowance !== null && allowance >= q.amount) return [];
  // USDT-style tokens revert an approve from one non-zero allowance to another: reset it first.
  const amounts = allowance !== null && allowance > 0n ? [0n, q.amount] : [q.amount];
  return amounts.map((amount) => ({
    id: "approve",
    action: "Confirm transaction in your wallet",
    description:
      amount === 0n
        ? "Clear the leftover allowance first (tokens such as USDT refuse to change a non-zero allowance)"
        : description,
    kind: "transaction",
    requestId,
    items: [
      {
        status: "incomplete",
        data: {
          from: user,
          to: token,
          chainId,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [spender, amount] }),
          value: "0",
        },
      },
    ],
  }));
}

/** The deposit step of an EVM-origin quote: one transaction, checked on the status endpoint. */
function evmDepositStep(
  q: ValidatedQuote,
  requestId: Hex,
  depositAddress: string,
  deposit: { to: string; data: Hex; value: string },
): QuoteStep {
  return {
    id: "deposit",
    action: "Confirm transaction in your wallet",
    description: "Depositing funds to the relayer",
    kind: "transaction",
    requestId,
    depositAddress,
    items: [
      {
        status: "incomplete",
        data: { from: q.user, chainId: q.body.originChainId, ...deposit },
        check: depositCheck(requestId),
      },
    ],
  };
}

async function evmSteps(
  ctx: QuoteContext,
  q: ValidatedQuote,
  requestId: Hex,
  now: number,
): Promise<QuoteStep[]> {
  const chainId = q.body.originChainId;
  const user = q.user as Address;
  const token = q.originCurrency as Address;
  const native = token.toLowerCase() === zeroAddress;
  const receiver = ctx.receivers.get(chainId);
  const steps: QuoteStep[] = [];
  let deposit: { to: string; data: Hex; value: string };
  if (receiver !== undefined) {
    const spender = parseEvmAddress(receiver.address, "receiver");
    if (!native) {
      steps.push(
        ...(await approveStepIfNeeded(
          ctx,
          q,
          requestId,
          spender,
          "Sign an approval for the receiver to take exactly this deposit's amount",
        )),
      );
    }
    const requestData: RequestData = {
      originChainId: chainId,
      originUser: user,
      originCurrency: token,
      originAmount: q.amount.toString(),
      destinationChainId: q.body.destinationChainId,
      destinationUser: q.recipient,
    };
    const call = encodeEvmReceiverDeposit({
      requestId,
      requestData,
      signature: await ctx.attest(requestId, requestData),
      deadline: Math.floor(now / 1000) + (receiver.deadlineSeconds ?? DEFAULT_RECEIVER_DEADLINE_SECONDS),
    });
    deposit = { to: spender, data: call.data, value: call.value.toString() };
  } else if (native) {
    // Native deposit to the solver, tagged with the request id as calldata.
    deposit = { to: ctx.solverEvm, data: requestId, value: q.amount.toString() };
  } else {
    // ERC20 transfer to the solver with the request id appended.
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: "transfer",
      args: [ctx.solverEvm, q.amount],
    });
    deposit = { to: token, data: `${transfer}${requestId.slice(2)}`, value: "0" };
  }
  steps.push(evmDepositStep(q, requestId, receiver?.address ?? ctx.solverEvm, deposit));
  return steps;
}

/** An EVM-origin order's steps: approve the depository for a token, then deposit under the order id. */
async function evmOrderSteps(
  ctx: QuoteContext,
  q: ValidatedQuote,
  requestId: Hex,
  order: ProtocolOrderBlock,
): Promise<QuoteStep[]> {
  const depository = parseEvmAddress(order.paymentDetails.depository, "depository");
  const currency = q.originCurrency as Address;
  const steps =
    currency.toLowerCase() === zeroAddress
      ? []
      : await approveStepIfNeeded(
          ctx,
          q,
          requestId,
          depository,
          "Sign an approval for the depository to take exactly this deposit's amount",
        );
  const call = encodeDepositoryDeposit({
    depositor: q.user as Address,
    currency,
    amount: q.amount,
    id: order.orderId,
  });
  steps.push(
    evmDepositStep(q, requestId, depository, {
      to: depository,
      data: call.data,
      value: call.value.toString(),
    }),
  );
  return steps;
}

async function svmSteps(
  ctx: QuoteContext,
  q: ValidatedQuote,
  requestId: Hex,
  order: ProtocolOrderBlock | null,
): Promise<QuoteStep[]> {
  const blockhash = await ctx.svmLatestBlockhash?.();
  const tokenProgram =
    q.originCurrency === SVM_NATIVE_TOKEN ? null : ((await ctx.svmTokenProgram?.(q.originCurrency)) ?? null);
  // An order's deposit pays the depository program under the order id; otherwise the solver, memo-tagged.
  const payee = order === null ? ctx.solverSvm : order.paymentDetails.depository;
  const built = await buildSvmDeposit({
    requestId,
    user: q.user,
    originCurrency: q.originCurrency,
    destinationChainId: q.body.destinationChainId,
    destinationCurrency: q.destinationCurrency,
    amount: q.amount,
    solver: ctx.solverSvm,
    ...(blockhash === undefined ? {} : { blockhash }),
    ...(tokenProgram === null ? {} : { tokenProgram }),
    ...(q.body.maxRouteLength === undefined ? {} : { maxRouteLength: q.body.maxRouteLength }),
    ...(q.body.includedOriginSwapSources === undefined
      ? {}
      : { includedOriginSwapSources: q.body.includedOriginSwapSources }),
    ...(order === null
      ? {}
      : {
          fitRoute: true,
          deposit: async (sender) => [
            await buildDepositoryDepositInstruction({
              program: payee as SvmAddress,
              sender,
              depositor: q.user as SvmAddress,
              currency: q.originCurrency,
              amount: q.amount,
              id: order.orderId,
              ...(tokenProgram === null ? {} : { tokenProgram: tokenProgram as SvmAddress }),
            }),
          ],
        }),
  });
  const step: QuoteStep = {
    id: "deposit",
    action: "Confirm transaction in your wallet",
    description: "Depositing funds to the relayer",
    kind: "transaction",
    requestId,
    depositAddress: payee,
    items: [
      {
        status: "incomplete",
        data: {
          from: q.user,
          to: payee,
          chainId: q.body.originChainId,
          transaction: built.transaction,
          transactionSize: built.size,
          route: built.route,
          // What the SDK's SVM adapter executes: the same instructions; the deposit uses no lookup tables.
          instructions: built.instructions,
          addressLookupTableAddresses: [],
        },
        check: depositCheck(requestId),
      },
    ],
  };
  return [step];
}

/**
 * A native SVM deposit paid to the solver's wallet fails on chain when it leaves that wallet below
 * its rent-exempt minimum (an unfunded solver): such a quote is refused before the user signs.
 */
async function assertSolverCanReceive(
  ctx: QuoteContext,
  q: ValidatedQuote,
  body: QuoteV2Body,
): Promise<void> {
  const paysSolver =
    q.originVm === "svm" && q.originCurrency === SVM_NATIVE_TOKEN && body.includeProtocolData !== true;
  if (!paysSolver || ctx.svmNativeDepositMinimum === undefined) return;
  const minimum = await ctx.svmNativeDepositMinimum();
  if (q.amount < minimum) {
    throw badRequest(
      "SOLVER_ACCOUNT_UNFUNDED",
      `a deposit of ${q.amount} lamports would leave the solver's account ${ctx.solverSvm} below its rent-exempt minimum and fail: deposit at least ${minimum} lamports (the operator funds the solver's account to lift this)`,
    );
  }
}

export interface QuoteResult {
  response: QuoteResponse;
  request: StoredRequest | null;
}

function assertChainsRun(chains: ReadonlySet<number> | undefined, body: QuoteV2Body): void {
  if (chains === undefined) return;
  for (const [role, chainId] of [
    ["origin", body.originChainId],
    ["destination", body.destinationChainId],
  ] as const) {
    if (!chains.has(chainId)) {
      throw badRequest(
        "UNSUPPORTED_CHAIN",
        `${role} chain ${chainId} is not supported here (chains: ${[...chains].join(", ")})`,
      );
    }
  }
}

/**
 * Prices and builds a quote. `persist` false (POST /price) skips nothing in validation or the size
 * gate but returns no steps and stores no request.
 */
export async function buildQuote(
  ctx: QuoteContext,
  body: QuoteV2Body,
  options: { persist: boolean; apiKeyHash: string | null; now?: number },
): Promise<QuoteResult> {
  const q = validateQuote(body);
  assertChainsRun(ctx.chains, body);
  if (q.calls.length > 0 && ctx.fillRouters?.has(body.destinationChainId) !== true) {
    throw badRequest(
      "CALLS_UNSUPPORTED",
      `txs: chain ${body.destinationChainId} has no fill router to run calls through`,
    );
  }
  const inPriced = ctx.tokens.resolve(body.originChainId, q.originCurrency);
  const outPriced = ctx.tokens.resolve(body.destinationChainId, q.destinationCurrency);
  const nativeIn = ctx.tokens.resolve(
    body.originChainId,
    q.originVm === "svm" ? "11111111111111111111111111111111" : zeroAddress,
  );
  const usdIn = toMicroUsd(inPriced, q.amount);
  const relayerFee = (q.amount * ctx.relayerFeeBps) / 10_000n;
  const relayerUsd = toMicroUsd(inPriced, relayerFee);
  const gasFee = fromMicroUsd(nativeIn, ctx.gasFeeMicroUsd);
  const usdOut = usdIn - relayerUsd - ctx.gasFeeMicroUsd;
  if (usdOut <= 0n) {
    throw badRequest(
      "AMOUNT_TOO_LOW",
      `amount is worth ${usdIn} micro-USD, not enough to cover fees of ${relayerUsd + ctx.gasFeeMicroUsd} micro-USD`,
    );
  }
  const amountOut = fromMicroUsd(outPriced, usdOut);
  if (amountOut === 0n) throw badRequest("AMOUNT_TOO_LOW", "amount after fees rounds to zero output");
  // SVM amounts are u64: a larger one would be truncated in the transaction, never refused by it.
  for (const [vm, side, value] of [
    [q.originVm, "amount", q.amount],
    [q.destinationVm, "output amount", amountOut],
  ] as const) {
    if (vm === "svm" && value > SVM_U64_MAX) {
      throw badRequest("AMOUNT_EXCEEDS_U64", `${side} ${value} exceeds the SVM u64 maximum ${SVM_U64_MAX}`);
    }
  }
  await assertSolverCanReceive(ctx, q, body);
  const gasless = gaslessChainOf(ctx, q);
  const requestId = newRequestId();
  const now = options.now ?? Date.now();
  const slippageBps = 50n;
  const minimumOut = (amountOut * (10_000n - slippageBps)) / 10_000n;
  // The calls' values come out of the output: the recipient is paid what they leave.
  const callsValue = q.calls.reduce((sum, call) => sum + call.value, 0n);
  if (callsValue > minimumOut) {
    throw badRequest(
      "AMOUNT_TOO_LOW",
      `txs carry ${callsValue} in value, more than the quote's minimum output ${minimumOut}`,
    );
  }
  const paidOut = amountOut - callsValue;
  // A deposit address is bound to an order: such a quote issues one whether or not it returns it.
  const depositPlan: DepositAddressPlan | null =
    options.persist && body.useDepositAddress === true
      ? await planDepositAddress(q, body, ctx.depositAddresses)
      : null;
  const order =
    options.persist && (body.includeProtocolData === true || gasless !== null || depositPlan !== null)
      ? await orderOf(
          ctx,
          q,
          { amountIn: q.amount, expectedOut: paidOut, minimumOut: minimumOut - callsValue, relayerFee },
          now,
        )
      : null;

  const depositAddress =
    depositPlan === null || order === null
      ? null
      : depositPlan.chain.addressOf({
          orderId: order.orderId,
          depositor: q.user,
          currency: q.originCurrency,
        });
  let steps: QuoteStep[] = [];
  let gaslessState: RequestMeta["gasless"];
  if (gasless !== null && order !== null) {
    const quoted = await gaslessQuote({
      chain: gasless,
      chainId: body.originChainId,
      requestId,
      user: q.user as Address,
      // Leftovers go where the order refunds: the quote's refundTo, else the user.
      refundTo: refundRecipientOf(q) as Address,
      token: q.originCurrency as Address,
      amount: q.amount,
      depository: parseEvmAddress(order.paymentDetails.depository, "depository"),
      orderId: order.orderId,
      api: body.originChainId === body.destinationChainId ? "swap" : "bridge",
      nowMs: now,
    });
    steps = quoted.steps;
    gaslessState = quoted.state;
  } else if (depositAddress !== null) {
    steps = [
      q.originVm === "svm"
        ? await svmDepositAddressStep(ctx, q, requestId, depositAddress)
        : depositAddressStep(q, requestId, depositAddress),
    ];
  } else if (q.originVm === "svm") {
    steps = await svmSteps(ctx, q, requestId, order);
  } else if (order !== null) {
    steps = await evmOrderSteps(ctx, q, requestId, order);
  } else if (options.persist) {
    steps = await evmSteps(ctx, q, requestId, now);
  }
  const currencyIn = currencyAmount(inPriced, q.amount);
  const currencyOut = currencyAmount(outPriced, amountOut, minimumOut);
  const timeEstimate = body.originChainId === body.destinationChainId ? 2 : 12;
  const response: QuoteResult["response"] = {
    steps: options.persist ? steps : [],
    fees: { gas: currencyAmount(nativeIn, gasFee), relayer: currencyAmount(inPriced, relayerFee) },
    details: {
      operation: body.originChainId === body.destinationChainId ? "swap" : "bridge",
      sender: q.user,
      recipient: q.recipient,
      currencyIn,
      currencyOut,
      timeEstimate,
    },
    ...(order === null || body.includeProtocolData !== true ? {} : { protocol: { v2: order } }),
  };
  if (!options.persist) return { response, request: null };

  const requestType = requestTypeOf(q, inPriced.currency.symbol, outPriced.currency.symbol);
  const meta: RequestMeta = {
    createdAt: now,
    updatedAt: now,
    requestType,
    orderId: order === null ? null : order.orderId.toLowerCase(),
    ...(order === null ? {} : { orderDeadline: getOrderDeadline(order.orderData) }),
    ...(order === null ? {} : { order: order.orderData }),
    parentId: null,
    apiKeyHash: options.apiKeyHash,
    privateChain: null,
    originChainId: body.originChainId,
    destinationChainId: body.destinationChainId,
    originCurrency: q.originCurrency,
    originSymbol: inPriced.currency.symbol,
    destinationCurrency: q.destinationCurrency,
    destinationSymbol: outPriced.currency.symbol,
    originAmount: q.amount.toString(),
    destinationAmount: paidOut.toString(),
    ...(q.calls.length === 0 ? {} : { calls: q.calls.map((call) => encodeOrderCall(call)) }),
    amountMicroUsd: usdIn.toString(),
    features: [
      ...(gaslessState === undefined ? [] : ["gasless_execution" as const]),
      ...(depositAddress === null ? [] : ["deposit_address" as const]),
    ],
    ...(gaslessState === undefined ? {} : { gasless: gaslessState }),
    ...(depositPlan === null ? {} : { depositAddressWatch: { nextBlock: depositPlan.head + 1, sweeps: [] } }),
    fillTime: null,
    depositSeenAt: null,
    authenticatedData: { referrer: body.referrer ?? null, quotedAt: new Date(now).toISOString() },
  };
  const record = newRecord(
    {
      id: requestId,
      user: q.user,
      recipient: q.recipient,
      sender: q.user,
      refundTo: q.refundTo,
      slippageTolerance: slippageBps.toString(),
      usesExternalLiquidity: body.useExternalLiquidity ?? false,
      timeEstimate,
      currencyIn,
      currencyOut,
      ...(depositPlan === null || depositAddress === null
        ? {}
        : { refundTo: depositPlan.refundTo, depositAddress: depositAddressRecord(depositAddress, q.user) }),
    },
    meta,
  );
  return { response, request: { record, meta } };
}

/** The quote's protocol order; 400 when the mock cannot issue one for this pair of chains. */
async function orderOf(
  ctx: QuoteContext,
  q: ValidatedQuote,
  amounts: Parameters<typeof issueOrder>[2],
  now: number,
): Promise<ProtocolOrderBlock> {
  if (ctx.orders === undefined || !ordersSupported(ctx.orders, q)) {
    throw badRequest(
      "PROTOCOL_DATA_UNSUPPORTED",
      `protocol data is not available for chains ${q.body.originChainId} -> ${q.body.destinationChainId}: no protocol chain id configured`,
    );
  }
  return issueOrder(ctx.orders, q, amounts, now);
}

/**
 * The chain that relays this quote's deposit gasless (`usePermit: true`), or null when the quote does
 * not ask for it. 400 GASLESS_UNSUPPORTED when it asks and cannot have it: the deposit must be an
 * ERC-20 (ERC-3009) on an EVM chain whose approval proxy the service relays through.
 */
function gaslessChainOf(ctx: QuoteContext, q: ValidatedQuote): GaslessChain | null {
  if (q.body.usePermit !== true) return null;
  const chain = ctx.gasless?.get(q.body.originChainId);
  const why =
    q.body.useDepositAddress === true
      ? "a deposit address is paid by a plain transfer, not by a signed authorisation"
      : q.originVm !== "evm"
        ? "gasless deposits are EVM-only"
        : q.originCurrency.toLowerCase() === zeroAddress
          ? "a native deposit cannot be authorised by signature (ERC-3009 is for tokens)"
          : chain === undefined
            ? `chain ${q.body.originChainId} has no approval proxy to relay through`
            : null;
  if (why !== null) throw badRequest("GASLESS_UNSUPPORTED", `usePermit: ${why}`);
  return chain as GaslessChain;
}
