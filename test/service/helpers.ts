/** Shared helpers of the mock service tests. */
import { expect } from "chai";
import { network } from "hardhat";
import type { Hex, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { APP_BALANCE_CHAIN_ID } from "../../src/index.ts";
import { createEvmChainAdapter } from "../../src/service/chains/evm.ts";
import {
  createService,
  hashApiKey,
  type Service,
  type ServiceOptions,
  sponsorshipLinkMessage,
} from "../../src/service/index.ts";
import { type RefundableDeposit, type Solver, simulatedSolver } from "../../src/service/lifecycle.ts";

export const SOLVER_KEY: Hex = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
export const SOLVER = privateKeyToAccount(SOLVER_KEY).address;
export const API_KEY = "test-key-alpha";
export const OTHER_KEY = "test-key-beta";
export const SPONSOR_KEY: Hex = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";
export const EVM_USER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
export const EVM_RECIPIENT = "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65";
export const SVM_USER = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
export const BASE_USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
export const ETH = "0x0000000000000000000000000000000000000000";

export function testService(overrides: Partial<ServiceOptions> = {}): Service {
  return createService({
    solverPrivateKey: SOLVER_KEY,
    apiKeys: [API_KEY, OTHER_KEY],
    holdSweepIntervalMs: 0,
    ...overrides,
  });
}

/**
 * Reports the request's deposit final through `/_mock/requests/{id}/deposit` on the listening
 * `service` at `url` with `apiKey`, waits for the lifecycle to settle it, and returns its status body.
 */
export async function depositAndSettle(service: Service, url: string, requestId: string, apiKey = API_KEY) {
  const response = await fetch(`${url}/_mock/requests/${requestId}/deposit`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": apiKey },
    body: JSON.stringify({ final: true }),
  });
  expect(response.status).to.equal(200);
  await service.lifecycle.idle();
  return (await (await fetch(`${url}/intents/status/v3?requestId=${requestId}`)).json()) as Record<
    string,
    unknown
  >;
}

export interface InjectResult {
  status: number;
  body: unknown;
  raw: string;
}

export async function get(
  service: Service,
  url: string,
  headers: Record<string, string> = {},
): Promise<InjectResult> {
  const res = await service.app.inject({ method: "GET", url, headers });
  return { status: res.statusCode, body: safeJson(res.body), raw: res.body };
}

export async function post(
  service: Service,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<InjectResult> {
  const res = await service.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...headers },
    payload: typeof payload === "string" ? payload : JSON.stringify(payload),
  });
  return { status: res.statusCode, body: safeJson(res.body), raw: res.body };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Asserts a 4xx error body `{ errorCode, message }` with the given status and code. */
export function expectError(result: InjectResult, status: number, errorCode?: string): void {
  expect(result.status, result.raw).to.equal(status);
  const body = result.body as { errorCode?: unknown; message?: unknown };
  expect(body).to.have.keys(["errorCode", "message"]);
  expect(body.errorCode).to.be.a("string");
  expect(body.message).to.be.a("string");
  if (errorCode !== undefined) expect(body.errorCode, result.raw).to.equal(errorCode);
}

export const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  user: EVM_USER,
  originChainId: 1,
  destinationChainId: 8453,
  originCurrency: ETH,
  destinationCurrency: BASE_USDC,
  tradeType: "EXACT_INPUT",
  amount: "100000000000000000",
  ...overrides,
});

/** Creates a quote and returns its request id. */
export async function createRequest(
  service: Service,
  overrides: Record<string, unknown> = {},
  apiKey?: string,
): Promise<string> {
  const res = await post(service, "/quote/v2", quoteBody(overrides), apiKey ? { "x-api-key": apiKey } : {});
  expect(res.status, res.raw).to.equal(200);
  return (res.body as { steps: { requestId: string }[] }).steps[0]?.requestId as string;
}

/** Links `account` as the sponsorship wallet of `key` through the mock-only route. */
export async function linkSponsorshipWallet(
  service: Service,
  account: LocalAccount,
  key = API_KEY,
): Promise<void> {
  const message = sponsorshipLinkMessage(hashApiKey(key));
  const res = await post(
    service,
    "/_mock/sponsorship-wallets",
    { wallet: account.address, signature: await account.signMessage({ message }) },
    { authorization: `Bearer ${key}` },
  );
  expect(res.status, res.raw).to.equal(200);
}

/** Origin chain id of the in-process EDR pair (`serviceOnEdrChains`). */
export const EDR_ORIGIN_CHAIN_ID = 31337;

/**
 * A test service on two in-process Hardhat EDR chains, origin 31337 and the app-balance chain 8453,
 * the solver's key on both; the indexer runs only when a test ticks it.
 */
export async function serviceOnEdrChains(confirmations: number) {
  const origin = await network.create({ override: { chainId: EDR_ORIGIN_CHAIN_ID } });
  const destination = await network.create({ override: { chainId: APP_BALANCE_CHAIN_ID } });
  const service = testService({
    chains: [origin, destination].map((chain, i) =>
      createEvmChainAdapter({
        chainId: i === 0 ? EDR_ORIGIN_CHAIN_ID : APP_BALANCE_CHAIN_ID,
        provider: chain.provider,
        solverPrivateKey: SOLVER_KEY,
      }),
    ),
    confirmations: { [EDR_ORIGIN_CHAIN_ID]: confirmations },
    indexerIntervalMs: 0,
  });
  const close = async () => {
    await service.close();
    await origin.close?.();
    await destination.close?.();
  };
  return { service, origin, destination, close };
}

/** A simulated solver that records the fills and refunds it is asked for. */
export function recordingSolver(): Solver & {
  fills: string[];
  refunds: { requestId: string; deposit: RefundableDeposit }[];
} {
  const fills: string[] = [];
  const refunds: { requestId: string; deposit: RefundableDeposit }[] = [];
  return {
    fills,
    refunds,
    fill: async (request, amount) => {
      fills.push(request.record.id);
      return simulatedSolver.fill(request, amount);
    },
    refund: async (request, deposit) => {
      refunds.push({ requestId: request.record.id, deposit });
      return simulatedSolver.refund(request, deposit);
    },
  };
}
