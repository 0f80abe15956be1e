/**
 * The payment-path matrix's helpers: every documented way to pay a request, on both VMs, through the
 * devnet and the mock service over HTTP. A path is a currency and a route:
 * - EVM (8453 → 10, ETH out): native, ERC-20 (an exact approval) or ERC-20 with an EIP-2612 permit
 *   (signed by the payer, submitted by a relayer), through the depository as quoted, through an
 *   integrator's `OrderGatedDepositor`, or through the `AttestedReceiver` with the attestation;
 * - SVM (→ 8453, ETH out): native, SPL Token or Token-2022, through the depository as quoted, through
 *   the order-gated depositor program, or through the attested-receiver program.
 * Each path has the user's payment and a stranger's attempt on the user's request (a deposit naming
 * the user, or paying the user's order or attestation from another wallet).
 */
import { readFileSync } from "node:fs";
import anchor, { type Idl } from "@coral-xyz/anchor";
import {
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
} from "@solana/kit";
import { getCreateAccountInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import {
  type Abi,
  type BaseError,
  decodeErrorResult,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  hexToBytes,
  parseAbi,
  parseEther,
  parseSignature,
  parseUnits,
  type TransactionReceipt,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import receiverIdl from "../../programs/idl/attested_receiver.json" with { type: "json" };
import depositoryIdl from "../../programs/idl/depository.json" with { type: "json" };
import orderIdl from "../../programs/idl/order_depositor.json" with { type: "json" };
import { evmDevAccount } from "../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../src/devnet/evm-chain.ts";
import {
  approveExactly,
  deployOrderGatedDepositor,
  encodeGatePayment,
  orderGatedDepositorAbi,
} from "../../src/devnet/evm-order-gate.ts";
import { deadlineIn, sendAndWait } from "../../src/devnet/evm-user.ts";
import { sendQuotedEvmSteps, submitQuotedSvmDeposit } from "../../src/devnet/quoted-steps.ts";
import type { SvmDevChain } from "../../src/devnet/svm-chain.ts";
import { submitSvmInstructions } from "../../src/devnet/svm-user.ts";
import {
  attestedReceiverAbi,
  chainVmTypesFromChains,
  type EncodedOrder,
  encodeEvmReceiverDeposit,
  encodeOrder,
  encodeOrderAddress,
  orderChainsFromChains,
  type QuoteResponse,
  type QuoteV2Body,
  RELAY_DEPOSITORY_ABI,
  type RequestData,
  SVM_CHAIN_ID,
  SVM_NATIVE_TOKEN,
} from "../../src/index.ts";
import { buildSvmReceiverDepositInstruction } from "../../src/receiver/index.ts";
import {
  buildDepositoryDepositInstruction,
  encodeDepositoryDeposit,
  type ProtocolOrderBlock,
} from "../../src/service/index.ts";
import { TOKEN_2022_PROGRAM } from "../../src/service/svm-route.ts";
import { OrderFixture, PROGRAM_SEED, pda } from "../svm/order-fixture.ts";
import { balanceOf, type E2e, type EvmUser, eventually, evmUser, startE2e, tokenOf } from "./fixture.ts";

export type Route = "depository" | "gated depositor" | "receiver";
export type EvmCurrency = "native" | "ERC-20" | "ERC-20 permit";
export type SvmCurrency = "native" | "SPL Token" | "Token-2022";

export interface EvmPath {
  vm: "EVM";
  currency: EvmCurrency;
  route: Route;
}
export interface SvmPath {
  vm: "SVM";
  currency: SvmCurrency;
  route: Route;
}

const ROUTES: readonly Route[] = ["depository", "gated depositor", "receiver"];
export const EVM_PATHS: readonly EvmPath[] = (["native", "ERC-20", "ERC-20 permit"] as const).flatMap(
  (currency) => ROUTES.map((route) => ({ vm: "EVM" as const, currency, route })),
);
export const SVM_PATHS: readonly SvmPath[] = (["native", "SPL Token", "Token-2022"] as const).flatMap(
  (currency) => ROUTES.map((route) => ({ vm: "SVM" as const, currency, route })),
);

const ORDER_DEPOSITOR_SO = new URL("../../programs/deploy/order-depositor.so", import.meta.url);
/** Token-2022 units minted to every SVM account of the matrix. */
const TOKEN_2022_FUNDING = 10n ** 12n;

/** The devnet with what the matrix adds: both order-gated depositors and a Token-2022 mint. */
export interface PathsEnv {
  e2e: E2e;
  base: EvmDevChain;
  optimism: EvmDevChain;
  /** GET /chains, as an integrator reads it. */
  chains: unknown;
  /** The EVM `OrderGatedDepositor` on 8453. */
  gate: Hex;
  /** The SVM order depositor program, driven through the order fixture's builders. */
  svmGate: OrderFixture;
  /** A Token-2022 mint (6 decimals, no extensions) held by the SVM users and the solver. */
  token2022: Address;
  close(): Promise<void>;
}

const svmOf = (env: PathsEnv): SvmDevChain => env.e2e.devnet.svm;

/** The protocol chain id GET /chains gives numeric chain `id`. */
function protocolChainId(chains: unknown, id: number): string {
  const found = orderChainsFromChains(chains).find((chain) => chain.id === id);
  if (found === undefined) throw new Error(`GET /chains has no protocol chain for ${id}`);
  return found.protocolChainId;
}

export async function startPathsEnv(): Promise<PathsEnv> {
  const e2e = await startE2e();
  const { devnet } = e2e;
  const base = devnet.evmChain(8453);
  const chains = await (await fetch(`${devnet.serviceUrl}/chains`)).json();
  const bob = evmDevAccount("bob").address;
  const gate = await deployOrderGatedDepositor(base, evmUser(base, "deployer"), {
    solver: devnet.solver.evm,
    protocolChainId: protocolChainId(chains, 8453),
    whitelist: [{ chainId: protocolChainId(chains, 10), recipient: encodeOrderAddress(bob, "ethereum-vm") }],
  });
  const svmGate = await installOrderDepositor(devnet.svm, protocolChainId(chains, 8453), bob);
  const token2022 = await createToken2022(devnet.svm);
  return {
    e2e,
    base,
    optimism: devnet.evmChain(10),
    chains,
    gate,
    svmGate,
    token2022,
    close: () => e2e.close(),
  };
}

/**
 * The order-gated depositor (programs/order-depositor) loaded on the devnet's SVM chain, trusting the
 * service's solver key, initialized for "solana", with `recipient` on `chainId` whitelisted: the
 * order fixture's instruction builders pointed at the devnet's LiteSVM, its setup sent through the ledger.
 */
export async function installOrderDepositor(
  chain: SvmDevChain,
  chainId: string,
  recipient: Hex,
): Promise<OrderFixture> {
  const f = new OrderFixture();
  f.svm = chain.svm;
  f.authority = await generateKeyPairSigner();
  f.owner = f.authority;
  chain.svm.airdrop(f.authority.address, lamports(10n ** 10n));
  f.solverEvm = privateKeyToAccount(evmDevAccount("solver").privateKey);
  f.programId = (await createKeyPairSignerFromPrivateKeyBytes(PROGRAM_SEED)).address;
  await f.loadUpgradeable(readFileSync(ORDER_DEPOSITOR_SO));
  f.orders = new anchor.Program({ ...(orderIdl as Idl), address: f.programId }, { connection: {} } as never);
  f.relayDepository = await pda(chain.depository.program, ["relay_depository"]);
  f.vault = chain.depository.vault;
  f.orderConfig = await pda(f.programId, ["config"]);
  await submitSvmInstructions(chain, f.authority, [await f.initializeOrders("solana")]);
  await submitSvmInstructions(chain, f.authority, [await f.whitelistOrderRecipient(chainId, recipient)]);
  return f;
}

// ---------------------------------------------------------------------------------------------------
// Quotes
// ---------------------------------------------------------------------------------------------------

/** A quote of the user's, with its order (depository and gated routes) or its attestation (receiver). */
export interface PathQuote {
  quote: QuoteResponse;
  requestId: string;
  amount: bigint;
  order?: { block: ProtocolOrderBlock; encoded: EncodedOrder };
  attestation?: { requestId: string; requestData: RequestData; signature: string };
}

async function pathQuote(env: PathsEnv, route: Route, body: QuoteV2Body): Promise<PathQuote> {
  const { client } = env.e2e;
  const amount = BigInt(body.amount);
  if (route === "receiver") {
    const quote = await client.quoteV2(body);
    const requestId = quote.steps[0]?.requestId as string;
    return {
      quote,
      requestId,
      amount,
      attestation: { requestId, ...(await client.getSignature(requestId)) },
    };
  }
  const quote = await client.quoteV2({ ...body, includeProtocolData: true });
  const block = (quote as { protocol?: { v2: ProtocolOrderBlock } }).protocol?.v2;
  if (block === undefined) throw new Error("the order quote carries no protocol.v2");
  const encoded = encodeOrder(block.orderData, chainVmTypesFromChains(env.chains));
  return { quote, requestId: quote.steps[0]?.requestId as string, amount, order: { block, encoded } };
}

/** The EVM currency paid on 8453: the zero address or the devnet's USDC. */
const evmCurrencyOf = (env: PathsEnv, currency: EvmCurrency): Hex =>
  currency === "native" ? zeroAddress : tokenOf(env.base, "USDC");

/** alice on 8453 pays, bob receives ETH on 10. */
function quoteEvmPath(env: PathsEnv, path: EvmPath): Promise<PathQuote> {
  const amount = path.currency === "native" ? parseEther("0.2") : parseUnits("30", 6);
  return pathQuote(env, path.route, {
    user: evmDevAccount("alice").address,
    recipient: evmDevAccount("bob").address,
    originChainId: 8453,
    destinationChainId: 10,
    originCurrency: evmCurrencyOf(env, path.currency),
    destinationCurrency: zeroAddress,
    amount: amount.toString(),
    tradeType: "EXACT_INPUT",
  });
}

/** The SVM currency paid: the native constant or the mint, and its token program. */
function svmCurrencyOf(env: PathsEnv, currency: SvmCurrency): { currency: string; tokenProgram?: Address } {
  if (currency === "native") return { currency: SVM_NATIVE_TOKEN };
  if (currency === "SPL Token")
    return { currency: svmOf(env).usdc.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS };
  return { currency: env.token2022, tokenProgram: TOKEN_2022_PROGRAM };
}

/** alice on the SVM chain pays, bob receives ETH on 8453 (a one-hop route for tokens). */
function quoteSvmPath(env: PathsEnv, path: SvmPath): Promise<PathQuote> {
  const native = path.currency === "native";
  return pathQuote(env, path.route, {
    user: svmOf(env).accounts.alice.address,
    recipient: evmDevAccount("bob").address,
    originChainId: SVM_CHAIN_ID,
    destinationChainId: 8453,
    originCurrency: svmCurrencyOf(env, path.currency).currency,
    destinationCurrency: zeroAddress,
    amount: (native ? 10n ** 9n : 20_000_000n).toString(),
    tradeType: "EXACT_INPUT",
    ...(native ? {} : { maxRouteLength: 1 }),
  });
}

// ---------------------------------------------------------------------------------------------------
// EVM payments
// ---------------------------------------------------------------------------------------------------

const PERMIT_ABI = parseAbi([
  "function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)",
  "function nonces(address owner) view returns (uint256)",
  "function name() view returns (string)",
]);

interface Permit {
  deadline: bigint;
  v: number;
  r: Hex;
  s: Hex;
}

/** `owner`'s EIP-2612 permit of exactly `value` of `token` for `spender`, valid ten minutes. */
async function signPermit(owner: EvmUser, token: Hex, spender: Hex, value: bigint): Promise<Permit> {
  const read = <T>(functionName: "nonces" | "name", args: readonly [Hex] | readonly [] = []) =>
    owner.public.readContract({ address: token, abi: PERMIT_ABI, functionName, args } as never) as Promise<T>;
  const deadline = await deadlineIn(owner, 600);
  const signature = await owner.wallet.signTypedData({
    account: owner.wallet.account,
    domain: {
      name: await read<string>("name"),
      version: "1",
      chainId: await owner.public.getChainId(),
      verifyingContract: token,
    },
    types: {
      Permit: [
        { name: "owner", type: "address" },
        { name: "spender", type: "address" },
        { name: "value", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    primaryType: "Permit",
    message: {
      owner: owner.address,
      spender,
      value,
      nonce: await read<bigint>("nonces", [owner.address]),
      deadline,
    },
  });
  const { v, r, s } = parseSignature(signature);
  return { deadline, v: Number(v), r, s };
}

/**
 * Lets `spender` pull `amount` of the path's token from `owner`: an exact approval, or the owner's
 * permit submitted by a relayer (the deployer account), as a gasless wallet does. Nothing for native.
 */
async function allow(
  env: PathsEnv,
  path: EvmPath,
  owner: EvmUser,
  spender: Hex,
  amount: bigint,
): Promise<void> {
  const token = evmCurrencyOf(env, path.currency);
  if (path.currency === "ERC-20") await approveExactly(owner, token, spender, amount);
  if (path.currency !== "ERC-20 permit") return;
  const permit = await signPermit(owner, token, spender, amount);
  await sendAndWait(evmUser(env.base, "deployer"), token, {
    data: encodeFunctionData({
      abi: PERMIT_ABI,
      functionName: "permit",
      args: [owner.address, spender, amount, permit.deadline, permit.v, permit.r, permit.s],
    }),
  });
}

/** `depositErc20WithPermit`: the receiver deposit with `payer`'s permit for the receiver, in one transaction. */
async function receiverDepositWithPermit(env: PathsEnv, payer: EvmUser, q: PathQuote) {
  const attestation = q.attestation as NonNullable<PathQuote["attestation"]>;
  const plain = encodeEvmReceiverDeposit({ ...attestation, deadline: await deadlineIn(payer, 600) });
  const [data, deadline, signature] = decodeFunctionData({ abi: attestedReceiverAbi, data: plain.data })
    .args as readonly [unknown, bigint, Hex];
  const permit = await signPermit(payer, evmCurrencyOf(env, "ERC-20 permit"), env.base.receiver, q.amount);
  return {
    data: encodeFunctionData({
      abi: attestedReceiverAbi,
      functionName: "depositErc20WithPermit",
      args: [data, deadline, signature, permit.deadline, permit.v, permit.r, permit.s],
    } as never),
  };
}

/** Where the route takes the payment on 8453: the depository (directly or through the gate), or the receiver. */
const evmSpender = (env: PathsEnv, route: Route): Hex =>
  route === "depository" ? env.base.depository : route === "gated depositor" ? env.gate : env.base.receiver;

/** The transaction that pays `q` along `path` from `payer` (after its approval or permit); no transaction is sent. */
async function evmPaymentCall(env: PathsEnv, path: EvmPath, payer: EvmUser, q: PathQuote) {
  const native = path.currency === "native";
  if (path.route === "depository") {
    // The quote's own deposit step (its approve step replaced by the permit).
    const item = q.quote.steps.find((step) => step.id === "deposit")?.items[0]?.data;
    if (item === undefined || "sign" in item) throw new Error("the quote has no deposit transaction");
    return { data: item.data as Hex, value: BigInt(item.value ?? "0") };
  }
  if (path.route === "gated depositor") {
    const { encoded, block } = q.order as NonNullable<PathQuote["order"]>;
    return encodeGatePayment(encoded, block.orderSignature as Hex, native);
  }
  if (path.currency === "ERC-20 permit") return receiverDepositWithPermit(env, payer, q);
  const attestation = q.attestation as NonNullable<PathQuote["attestation"]>;
  return encodeEvmReceiverDeposit({ ...attestation, deadline: await deadlineIn(payer, 600) });
}

/** The user pays `q` along `path`; returns the payment's receipt. */
async function payEvmPath(env: PathsEnv, path: EvmPath, q: PathQuote): Promise<TransactionReceipt> {
  const alice = evmUser(env.base, "alice");
  if (path.route === "depository" && path.currency !== "ERC-20 permit")
    return (await sendQuotedEvmSteps(alice, q.quote)).at(-1) as TransactionReceipt;
  const spender = evmSpender(env, path.route);
  // The receiver's permit travels inside its deposit.
  if (!(path.route === "receiver" && path.currency === "ERC-20 permit"))
    await allow(env, path, alice, spender, q.amount);
  return sendAndWait(alice, spender, await evmPaymentCall(env, path, alice, q));
}

/** The custom error name of a reverted call, decoded with `abi`. */
async function revertOf(
  user: EvmUser,
  to: Hex,
  call: { data: Hex; value?: bigint },
  abi: Abi,
): Promise<string | null> {
  try {
    await user.public.call({ account: user.address, to, data: call.data, value: call.value ?? 0n });
    return null;
  } catch (error) {
    const found = (error as BaseError).walk((e) => typeof (e as { data?: unknown }).data === "string") as {
      data: Hex;
    } | null;
    if (found === null) throw error;
    return decodeErrorResult({ abi, data: found.data }).errorName;
  }
}

/** What a stranger's attempt did: refused on chain (with the contract's error), or landed with `paid` in it. */
export type StrangerAttempt =
  | { landed: false; error: string }
  | { landed: true; tx: string; paid: bigint; balanceAfter: bigint };

/** carol's balance on 8453 of the path's currency. */
function strangerEvmBalance(env: PathsEnv, path: EvmPath): Promise<bigint> {
  const carol = evmUser(env.base, "carol");
  return balanceOf(
    carol,
    path.currency === "native" ? null : evmCurrencyOf(env, path.currency),
    carol.address,
  );
}

/** Each route's contract ABI on 8453, for decoding its refusals. */
const ROUTE_ABI: Readonly<Record<Route, () => Abi>> = {
  depository: () => RELAY_DEPOSITORY_ABI as Abi,
  "gated depositor": orderGatedDepositorAbi,
  receiver: () => attestedReceiverAbi,
};

/**
 * carol attacks alice's request `q` on 8453 along `path`: through the depository, a deposit of one
 * unit naming alice as depositor under alice's order id; through the gate, alice's order paid from
 * carol's wallet; through the receiver, alice's attestation paid from carol's wallet.
 */
async function strangerEvmAttempt(env: PathsEnv, path: EvmPath, q: PathQuote): Promise<StrangerAttempt> {
  const carol = evmUser(env.base, "carol");
  const spender = evmSpender(env, path.route);
  const paid = path.route === "depository" ? 1n : q.amount;
  const call =
    path.route === "depository"
      ? namingAliceOnEvm(env, path, q, paid)
      : path.route === "gated depositor"
        ? await evmPaymentCall(env, path, carol, q)
        : encodeEvmReceiverDeposit({
            ...(q.attestation as NonNullable<PathQuote["attestation"]>),
            deadline: await deadlineIn(carol, 600),
          });
  if (path.route !== "receiver") await allow(env, path, carol, spender, paid);
  const error = await revertOf(carol, spender, call, ROUTE_ABI[path.route]());
  if (error !== null) return { landed: false, error };
  const receipt = await sendAndWait(carol, spender, call);
  return {
    landed: true,
    tx: receipt.transactionHash,
    paid,
    balanceAfter: await strangerEvmBalance(env, path),
  };
}

/** carol's depository deposit of `amount`, naming alice as depositor under alice's order id. */
function namingAliceOnEvm(env: PathsEnv, path: EvmPath, q: PathQuote, amount: bigint) {
  return encodeDepositoryDeposit({
    depositor: evmDevAccount("alice").address,
    currency: evmCurrencyOf(env, path.currency),
    amount,
    id: q.order?.block.orderId as Hex,
  });
}

/** carol's deposit of nothing into the depository on 8453, naming alice under alice's order id. */
async function strangerEvmZeroDeposit(env: PathsEnv, path: EvmPath, q: PathQuote): Promise<string> {
  const call = namingAliceOnEvm(env, path, q, 0n);
  return (await sendAndWait(evmUser(env.base, "carol"), env.base.depository, call)).transactionHash;
}

/** What holds the user's payment on 8453 once made: the depository, or the solver (receiver). */
function evmCustody(env: PathsEnv, path: EvmPath): () => Promise<bigint> {
  const holder = path.route === "receiver" ? env.e2e.devnet.solver.evm : env.base.depository;
  const token = path.currency === "native" ? null : evmCurrencyOf(env, path.currency);
  return () => balanceOf(evmUser(env.base, "alice"), token, holder);
}

// ---------------------------------------------------------------------------------------------------
// SVM payments
// ---------------------------------------------------------------------------------------------------

/**
 * A Token-2022 mint without extensions (6 decimals, the authority minting), with the associated
 * accounts of every devnet SVM account (users, solver) funded; set up through the ledger.
 */
async function createToken2022(chain: SvmDevChain): Promise<Address> {
  const { authority } = chain.accounts;
  const mint = await generateKeyPairSigner();
  const instructions: Instruction[] = [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: mint,
      lamports: chain.svm.minimumBalanceForRentExemption(82n),
      space: 82,
      programAddress: TOKEN_2022_PROGRAM,
    }),
    getInitializeMint2Instruction(
      { mint: mint.address, decimals: 6, mintAuthority: authority.address },
      { programAddress: TOKEN_2022_PROGRAM },
    ),
  ];
  for (const owner of Object.values(chain.accounts)) {
    const ata = await tokenAccountOf(mint.address, TOKEN_2022_PROGRAM, owner.address);
    instructions.push(
      getCreateAssociatedTokenIdempotentInstruction({
        payer: authority,
        ata,
        owner: owner.address,
        mint: mint.address,
        tokenProgram: TOKEN_2022_PROGRAM,
      }),
      getMintToInstruction(
        { mint: mint.address, token: ata, mintAuthority: authority, amount: TOKEN_2022_FUNDING },
        { programAddress: TOKEN_2022_PROGRAM },
      ),
    );
  }
  await submitSvmInstructions(chain, authority, instructions);
  return mint.address;
}

/** The associated token account of `owner` for `mint` under `tokenProgram`. */
async function tokenAccountOf(mint: Address, tokenProgram: Address, owner: Address): Promise<Address> {
  return (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
}

/** `owner`'s balance of the path's currency on the SVM chain: lamports, or its associated token account's amount. */
async function svmBalance(env: PathsEnv, currency: SvmCurrency, owner: Address): Promise<bigint> {
  const chain = svmOf(env);
  const { currency: mint, tokenProgram } = svmCurrencyOf(env, currency);
  if (tokenProgram === undefined) return chain.svm.getBalance(owner) ?? 0n;
  const account = chain.svm.getAccount(await tokenAccountOf(mint as Address, tokenProgram, owner));
  // The base layout's amount (bytes 64..72), the same in SPL Token and Token-2022 accounts.
  return account.exists
    ? new DataView(account.data.buffer, account.data.byteOffset).getBigUint64(64, true)
    : 0n;
}

/** The instruction that pays `q` along `path` from `payer`. */
async function svmPaymentInstruction(env: PathsEnv, path: SvmPath, payer: KeyPairSigner, q: PathQuote) {
  const chain = svmOf(env);
  const { currency, tokenProgram } = svmCurrencyOf(env, path.currency);
  const token =
    tokenProgram === undefined
      ? undefined
      : {
          mint: currency as Address,
          payerToken: await tokenAccountOf(currency as Address, tokenProgram, payer.address),
          tokenProgram,
        };
  if (path.route === "gated depositor") {
    const { encoded, block } = q.order as NonNullable<PathQuote["order"]>;
    const signature = hexToBytes(block.orderSignature as Hex);
    return token === undefined
      ? env.svmGate.depositNativeOrder(encoded, { payer, signature })
      : env.svmGate.depositTokenOrder(encoded, token, { payer, signature });
  }
  const attestation = q.attestation as NonNullable<PathQuote["attestation"]>;
  const solver = chain.accounts.solver.address;
  return buildSvmReceiverDepositInstruction({
    programId: chain.receiverProgram,
    payer,
    requestId: attestation.requestId as Hex,
    requestData: attestation.requestData,
    signature: attestation.signature as Hex,
    deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
    solver,
    ...(token === undefined
      ? {}
      : { token: { ...token, solverToken: await tokenAccountOf(token.mint, token.tokenProgram, solver) } }),
  });
}

/** The user pays `q` along `path` (the depository route: the quoted transaction as is); returns its signature. */
async function paySvmPath(env: PathsEnv, path: SvmPath, q: PathQuote): Promise<string> {
  const chain = svmOf(env);
  const alice = chain.accounts.alice;
  if (path.route === "depository") return (await submitQuotedSvmDeposit(chain, alice, q.quote)).signature;
  return (await submitSvmInstructions(chain, alice, [await svmPaymentInstruction(env, path, alice, q)]))
    .signature;
}

/** Each route's program's custom error names by code (the programs' codes overlap). */
const errorNames = (idl: { errors: { code: number; name: string }[] }) =>
  new Map(idl.errors.map((e) => [e.code, e.name] as const));
const PROGRAM_ERRORS: Readonly<Record<Route, Map<number, string>>> = {
  depository: errorNames(depositoryIdl),
  "gated depositor": errorNames(orderIdl),
  receiver: errorNames(receiverIdl),
};

/**
 * bob attacks alice's request `q` on the SVM chain along `path`: through the depository, a deposit of
 * one unit naming alice as depositor under alice's order id, signed by bob alone; through the order
 * depositor, alice's order paid from bob's accounts; through the receiver, alice's attestation paid by bob.
 */
async function strangerSvmAttempt(env: PathsEnv, path: SvmPath, q: PathQuote): Promise<StrangerAttempt> {
  const chain = svmOf(env);
  const { bob } = chain.accounts;
  const paid = path.route === "depository" ? 1n : q.amount;
  const instruction =
    path.route === "depository"
      ? await namingAliceOnSvm(env, path, q, paid)
      : await svmPaymentInstruction(env, path, bob, q);
  try {
    const landed = await submitSvmInstructions(chain, bob, [instruction]);
    return {
      landed: true,
      tx: landed.signature,
      paid,
      balanceAfter: await svmBalance(env, path.currency, bob.address),
    };
  } catch (error) {
    // "Custom(6009)" from the RPC's message, or `{"Custom":6009}` from the ledger's transaction error.
    const match = /Custom\((\d+)\)|"Custom":(\d+)/.exec(String((error as Error).message));
    if (match === null) throw error;
    const code = Number(match[1] ?? match[2]);
    return { landed: false, error: PROGRAM_ERRORS[path.route].get(code) ?? `Custom(${code})` };
  }
}

/** bob's depository deposit of `amount`, naming alice as depositor under alice's order id, signed by bob alone. */
async function namingAliceOnSvm(env: PathsEnv, path: SvmPath, q: PathQuote, amount: bigint) {
  const chain = svmOf(env);
  const { currency, tokenProgram } = svmCurrencyOf(env, path.currency);
  return buildDepositoryDepositInstruction({
    program: chain.depository.program,
    sender: chain.accounts.bob,
    depositor: chain.accounts.alice.address,
    currency,
    amount,
    id: q.order?.block.orderId as Hex,
    ...(tokenProgram === undefined ? {} : { tokenProgram }),
  });
}

/** bob's deposit of nothing into the depository, naming alice under alice's order id. */
async function strangerSvmZeroDeposit(env: PathsEnv, path: SvmPath, q: PathQuote): Promise<string> {
  const chain = svmOf(env);
  const instruction = await namingAliceOnSvm(env, path, q, 0n);
  return (await submitSvmInstructions(chain, chain.accounts.bob, [instruction])).signature;
}

/** What holds the user's payment on the SVM chain once made: the depository's vault, or the solver (receiver). */
function svmCustody(env: PathsEnv, path: SvmPath): () => Promise<bigint> {
  const chain = svmOf(env);
  const holder = path.route === "receiver" ? chain.accounts.solver.address : chain.depository.vault;
  return () => svmBalance(env, path.currency, holder);
}

// ---------------------------------------------------------------------------------------------------
// One interface over both VMs
// ---------------------------------------------------------------------------------------------------

/** A path's steps as the matrix runs them, the same on both VMs. */
export interface PathDriver {
  /** The user's quote along the path. */
  quote(): Promise<PathQuote>;
  /** The user pays it; returns the deposit transaction. */
  pay(q: PathQuote): Promise<string>;
  /** The stranger's attempt on the user's request. */
  stranger(q: PathQuote): Promise<StrangerAttempt>;
  /** The stranger's deposit of nothing through the depository, naming the user under the user's order id. */
  strangerZeroDeposit(q: PathQuote): Promise<string>;
  /** Returns once the indexer passed over everything that landed on the origin chain so far, final. */
  settled(): Promise<void>;
  /** The stranger's balance of the path's currency on the origin chain. */
  strangerBalance(): Promise<bigint>;
  /** What holds the user's payment on the origin chain (depository or solver). */
  custody(): Promise<bigint>;
  /** Makes what landed on the origin final (EVM: mines the confirmation block). */
  finalize(): Promise<void>;
  /** The recipient's ETH on the destination chain. */
  recipientBalance(): Promise<bigint>;
  /** Whether the fill transaction succeeded on the destination chain. */
  fillSucceeded(hash: string): Promise<boolean>;
}

/** Three indexer passes: a final deposit is booked in the first one that sees it. */
async function indexerPasses(env: PathsEnv): Promise<void> {
  for (let i = 0; i < 3; i++) await env.e2e.devnet.service.indexer?.tick();
}

const fillOn = (chain: EvmDevChain) => async (hash: string) =>
  (await evmUser(chain, "bob").public.getTransactionReceipt({ hash: hash as Hex })).status === "success";
const recipientOn = (chain: EvmDevChain) => () => {
  const bob = evmUser(chain, "bob");
  return balanceOf(bob, null, bob.address);
};

export function pathDriver(env: PathsEnv, path: EvmPath | SvmPath): PathDriver {
  if (path.vm === "EVM") {
    return {
      quote: () => quoteEvmPath(env, path),
      pay: async (q) => (await payEvmPath(env, path, q)).transactionHash,
      stranger: (q) => strangerEvmAttempt(env, path, q),
      strangerZeroDeposit: (q) => strangerEvmZeroDeposit(env, path, q),
      settled: async () => {
        await env.base.mine(2);
        await indexerPasses(env);
      },
      strangerBalance: () => strangerEvmBalance(env, path),
      custody: evmCustody(env, path),
      finalize: () => env.base.mine(),
      recipientBalance: recipientOn(env.optimism),
      fillSucceeded: fillOn(env.optimism),
    };
  }
  return {
    quote: () => quoteSvmPath(env, path),
    pay: (q) => paySvmPath(env, path, q),
    stranger: (q) => strangerSvmAttempt(env, path, q),
    strangerZeroDeposit: (q) => strangerSvmZeroDeposit(env, path, q),
    settled: async () => {
      const { ledger } = svmOf(env);
      const landed = ledger.slot("processed");
      await eventually(async () => (ledger.slot("confirmed") >= landed ? true : undefined), "confirmation");
      await indexerPasses(env);
    },
    strangerBalance: () => svmBalance(env, path.currency, svmOf(env).accounts.bob.address),
    custody: svmCustody(env, path),
    finalize: async () => {},
    recipientBalance: recipientOn(env.base),
    fillSucceeded: fillOn(env.base),
  };
}
