/**
 * Gasless deposits (`usePermit: true`) through the approval proxy of the origin chain: the quote's one
 * `signature` step asks the user for an EIP-712 `MulticallAuthorization` (the order's deposit calls,
 * relayer = the service's relayer, no native value) and its ERC-3009 `ReceiveWithAuthorization`
 * (nonce = the authorisation's digest); POST /execute/permits takes each signature, checks it against
 * what was quoted, and once both are in, the relayer sends the proxy call and pays its gas. The deposit
 * it makes is indexed like any other: the depository's event, paid by the user's tokens.
 */
import {
  type Address,
  getAddress,
  type Hex,
  hexToBytes,
  isAddressEqual,
  recoverTypedDataAddress,
  toHex,
  zeroAddress,
} from "viem";
import { describeValue } from "../describe.ts";
import { gaslessDepositCalls } from "../gasless/deposit-calls.ts";
import { RECEIVE_WITH_AUTHORIZATION_TYPES } from "../gasless/eip712-types.ts";
import { buildFundingAuthorization, type TokenDomain } from "../gasless/funding-authorization.ts";
import {
  buildMulticallAuthorization,
  parseMulticallAuthorization,
} from "../gasless/multicall-authorization.ts";
import { encodeApprovalProxyCall } from "../gasless/relay-call.ts";
import type { ExecutePermitsBody, ExecutePermitsResponse, QuoteStep } from "../schemas/index.ts";
import type { ChainAdapter } from "./chains/types.ts";
import { badRequest, conflict, forbidden, notFound } from "./errors.ts";
import { GASLESS_SIGNATURE_KINDS, type GaslessSignatureKind, type GaslessState } from "./gasless-state.ts";
import { getRequest, updateRequest } from "./requests-repo.ts";
import type { Store } from "./store.ts";

/** Seconds a gasless quote's authorisations stay valid (ERC-3009 `validBefore` = quote time + this). */
export const GASLESS_VALIDITY_SECONDS = 600;

/** A chain where the service relays gasless deposits. */
export interface GaslessChain {
  approvalProxy: Address;
  /** The account that submits the proxy call and pays its gas. */
  relayer: Address;
  /** The EIP-712 domain of an ERC-3009 token on this chain; null when it has none. */
  tokenDomain(token: Address): Promise<TokenDomain | null>;
}

const json = (value: unknown): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v)));

/**
 * The signature step of a gasless deposit of `amount` of `token` by `user` under `orderId` into
 * `depository`, and the state the service keeps to relay it.
 */
export async function gaslessQuote(input: {
  chain: GaslessChain;
  chainId: number;
  requestId: Hex;
  user: Address;
  refundTo: Address;
  token: Address;
  amount: bigint;
  depository: Address;
  orderId: Hex;
  api: "bridge" | "swap";
  nowMs: number;
}): Promise<{ steps: QuoteStep[]; state: GaslessState }> {
  const tokenDomain = await input.chain.tokenDomain(input.token);
  if (tokenDomain === null) {
    throw badRequest(
      "GASLESS_UNSUPPORTED",
      `usePermit: ${input.token} on chain ${input.chainId} has no EIP-712 domain, so no ERC-3009 authorisation`,
    );
  }
  const nowSeconds = BigInt(Math.floor(input.nowMs / 1000));
  const multicall = buildMulticallAuthorization({
    chainId: input.chainId,
    approvalProxy: input.chain.approvalProxy,
    from: input.user,
    execution: {
      relayer: input.chain.relayer,
      msgValue: 0n,
      refundTo: input.refundTo,
      nftRecipient: zeroAddress,
      metadata: input.requestId,
      calls: gaslessDepositCalls({
        depository: input.depository,
        token: input.token,
        amount: input.amount,
        depositor: input.user,
        orderId: input.orderId,
      }),
    },
    funding: [
      {
        token: input.token,
        from: input.user,
        value: input.amount,
        // ERC-3009 windows are strict: valid from the next second on.
        validAfter: nowSeconds - 1n,
        validBefore: nowSeconds + BigInt(GASLESS_VALIDITY_SECONDS),
      },
    ],
  });
  const funding = buildFundingAuthorization(multicall, tokenDomain);
  const item = (
    typedData: { domain: unknown; types: unknown; primaryType: string; message: unknown },
    kind: GaslessSignatureKind,
  ) => ({
    status: "incomplete",
    data: {
      sign: {
        signatureKind: "eip712" as const,
        domain: json(typedData.domain),
        types: json(typedData.types) as Record<string, { name: string; type: string }[]>,
        primaryType: typedData.primaryType,
        value: json(typedData.message),
      },
      post: {
        endpoint: "/execute/permits",
        method: "POST" as const,
        body: { kind, requestId: input.requestId, api: input.api },
      },
    },
  });
  const step: QuoteStep = {
    id: "authorize1",
    action: "Sign authorization",
    description: "Authorize the relayer to pay the deposit for you (no gas needed)",
    kind: "signature",
    requestId: input.requestId,
    items: [
      item(multicall, "multicall-authorization"),
      {
        ...item(funding, "eip3009"),
        check: { endpoint: `/intents/status/v3?requestId=${input.requestId}`, method: "GET" },
      },
    ],
  };
  return {
    steps: [step],
    state: { chainId: input.chainId, multicall: json(multicall), funding: json(funding), signatures: {} },
  };
}

/** Takes the signatures of gasless requests and relays each request once both are in. */
export class GaslessRelayer {
  #store: Store;
  #adapters: ReadonlyMap<number, ChainAdapter>;
  #now: () => number;
  /** One relay at a time: two posts completing the same request never send twice. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: { store: Store; adapters: ReadonlyMap<number, ChainAdapter>; now: () => number }) {
    this.#store = options.store;
    this.#adapters = options.adapters;
    this.#now = options.now;
  }

  /** POST /execute/permits: one signature of a gasless request; relays the request once it has both. */
  accept(body: ExecutePermitsBody, signature: Hex, keyHash: string | null): Promise<ExecutePermitsResponse> {
    const run = this.#queue.then(() => this.#accept(body, signature, keyHash));
    this.#queue = run.catch(() => {});
    return run;
  }

  async #accept(
    body: ExecutePermitsBody,
    signature: Hex,
    keyHash: string | null,
  ): Promise<ExecutePermitsResponse> {
    const requestId = body.requestId.toLowerCase();
    const stored = getRequest(this.#store, requestId);
    if (stored === null) throw notFound("REQUEST_NOT_FOUND", `no request with id ${requestId}`);
    const state = stored.meta.gasless;
    if (state === undefined) {
      throw badRequest("NOT_GASLESS", `request ${requestId} was not quoted gasless (usePermit: true)`);
    }
    if (stored.meta.apiKeyHash !== null && stored.meta.apiKeyHash !== keyHash) {
      throw forbidden(
        "API_KEY_MISMATCH",
        `request ${requestId} was quoted with another API key: post with that key`,
      );
    }
    const kind = body.kind as GaslessSignatureKind;
    if (!GASLESS_SIGNATURE_KINDS.includes(kind)) {
      throw badRequest(
        "INVALID_KIND",
        `kind ${describeValue(body.kind)} is not one of this request's signatures (${GASLESS_SIGNATURE_KINDS.join(", ")})`,
      );
    }
    if (state.relayTx !== undefined) {
      throw conflict("ALREADY_EXECUTED", `request ${requestId} was already relayed in ${state.relayTx}`);
    }
    const multicall = parseMulticallAuthorization(state.multicall);
    const entry = multicall.message.funding[0] as (typeof multicall.message.funding)[number];
    if (BigInt(Math.floor(this.#now() / 1000)) >= entry.validBefore) {
      throw badRequest(
        "SIGNATURE_EXPIRED",
        `the authorisation of request ${requestId} expired at ${entry.validBefore}`,
      );
    }
    const typedData = kind === "multicall-authorization" ? multicall : fundingTypedData(state.funding);
    const signer = await recoverTypedDataAddress({ ...typedData, signature } as Parameters<
      typeof recoverTypedDataAddress
    >[0]).catch(() => null);
    if (signer === null || !isAddressEqual(signer, multicall.message.from)) {
      throw badRequest(
        "INVALID_SIGNATURE",
        `the ${kind} signature is not ${multicall.message.from}'s over the quoted typed data (recovered ${signer ?? "nothing"})`,
      );
    }
    const signatures = { ...state.signatures, [kind]: signature };
    this.#save(requestId, { ...state, signatures });
    if (signatures["multicall-authorization"] === undefined || signatures.eip3009 === undefined) {
      return { message: "Signature accepted", requestId };
    }
    const adapter = this.#adapters.get(state.chainId);
    if (adapter?.relay === undefined) {
      throw badRequest("GASLESS_UNSUPPORTED", `chain ${state.chainId} has no relayer here`);
    }
    const balance = (await adapter.erc20Balance?.(entry.token, entry.from)) ?? null;
    if (balance !== null && balance < entry.value) {
      throw badRequest(
        "GASLESS_PERMIT_BALANCE_TOO_LOW",
        `${entry.from} holds ${balance} of ${entry.token}, less than the authorised ${entry.value}: top up and post the signature again`,
      );
    }
    const call = encodeApprovalProxyCall(multicall, [
      { multicall: signatures["multicall-authorization"], funding: signatures.eip3009 },
    ]);
    const sent = await adapter
      .relay({ to: call.to, data: call.data, value: call.value })
      .catch((error: unknown) => {
        // A relay the node refuses to estimate reverts: nothing was sent.
        if (error instanceof Error && /revert/i.test(error.message)) {
          throw badRequest(
            "TRANSACTION_REVERTED",
            `the relayed transaction would revert on chain ${state.chainId}`,
          );
        }
        throw error;
      });
    if (!sent.success) {
      throw badRequest(
        "TRANSACTION_REVERTED",
        `the relayed transaction ${sent.txHash} reverted on chain ${state.chainId}`,
      );
    }
    this.#save(requestId, { ...state, signatures, relayTx: sent.txHash });
    return { message: "Transaction submitted", requestId, txHash: sent.txHash };
  }

  #save(requestId: string, state: GaslessState): void {
    updateRequest(
      this.#store,
      requestId,
      (request) => {
        request.meta.gasless = state;
      },
      this.#now(),
    );
  }
}

function fundingTypedData(funding: unknown) {
  const { domain, message } = funding as {
    domain: Record<string, unknown>;
    message: Record<string, unknown>;
  };
  return {
    domain: {
      ...domain,
      chainId: Number(domain.chainId),
      verifyingContract: getAddress(String(domain.verifyingContract)),
    },
    types: RECEIVE_WITH_AUTHORIZATION_TYPES,
    primaryType: "ReceiveWithAuthorization" as const,
    message: {
      ...message,
      value: BigInt(String(message.value)),
      validAfter: BigInt(String(message.validAfter)),
      validBefore: BigInt(String(message.validBefore)),
      nonce: toHex(hexToBytes(message.nonce as Hex)),
    },
  };
}
