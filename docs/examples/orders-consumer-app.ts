/**
 * An integrator's app on protocol orders, as it runs in its own project: attestkit installed from
 * the packed tarball, viem and @solana/kit from the registry, the devnet reached only over its
 * network endpoints. Copied into a fresh project by test/outside/orders/orders-e2e.test.ts (kept out of
 * test/, where every .ts file is a spec) and run by Node 24 with the
 * endpoints as its argument; prints one JSON line.
 *
 * EVM: quote with protocol data, verify (every step item included: a quote whose steps do anything
 * but pay the depository and approve it exactly is refused before any step is sent), send the steps
 * as quoted, wait for success; then the two attacks on a second order (a deposit under a tampered id,
 * one naming another depositor), then its genuine deposit. SVM: quote, verify, sign and send the
 * quoted transaction, wait for success; and a copy of a quoted transaction with its order id
 * tampered, which pays no request.
 */
import {
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  signTransaction,
  type Transaction,
} from "@solana/kit";
import { createServiceClient, type QuoteV2Body, verifyQuoteOrder } from "attestkit";
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
  parseEther,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";

interface Endpoints {
  serviceUrl: string;
  evmRpcUrl: string;
  svmRpcUrl: string;
  solver: Hex;
  aliceEvmKey: Hex;
  bobEvm: Hex;
  /** alice's SVM keypair, 64 bytes (seed + public key) in base58. */
  aliceSvmSecret: string;
}

type Protocol = {
  orderId: Hex;
  paymentDetails: { depository: string };
};

const config = JSON.parse(process.argv[2] ?? "{}") as Endpoints;
const client = createServiceClient({ baseUrl: config.serviceUrl });
const chains = await client.chains();
const protocolOf = (quote: object) => (quote as { protocol: { v2: Protocol } }).protocol.v2;
const tamper = (id: Hex) => `${id.slice(0, -2)}${id.endsWith("00") ? "01" : "00"}` as Hex;
const waitSuccess = (requestId: string) =>
  client.waitForStatus(requestId, { until: ["success"], intervalMs: 100, timeoutMs: 60_000 });

/** The quote's failures; throws (nothing is sent) unless the quote passes every check. */
async function verify(quote: object, body: QuoteV2Body) {
  const verdict = await verifyQuoteOrder(quote, {
    chains,
    expectedPayer: body.user,
    solver: config.solver,
    now: Math.floor(Date.now() / 1000),
    policy: { outputChainId: body.destinationChainId, acceptedRecipients: [body.recipient as string] },
  });
  if (!verdict.ok) throw new Error(verdict.failures.map((failure) => failure.code).join(", "));
  return verdict.failures;
}

// --- EVM, chain 8453
const account = privateKeyToAccount(config.aliceEvmKey);
const evm = createPublicClient({ transport: http(config.evmRpcUrl), pollingInterval: 50 });
const wallet = createWalletClient({ account, transport: http(config.evmRpcUrl) });
const chainId = await evm.getChainId();
const evmBody: QuoteV2Body = {
  user: account.address,
  recipient: config.bobEvm,
  originChainId: chainId,
  destinationChainId: 10,
  originCurrency: zeroAddress,
  destinationCurrency: zeroAddress,
  amount: parseEther("0.1").toString(),
  tradeType: "EXACT_INPUT",
  includeProtocolData: true,
};

async function send(to: Hex, data: Hex, value: bigint) {
  const hash = await wallet.sendTransaction({ account, chain: null, to, data, value });
  return (await evm.waitForTransactionReceipt({ hash })).status;
}

async function sendSteps(quote: Awaited<ReturnType<typeof client.quoteV2>>) {
  for (const step of quote.steps)
    for (const item of step.items) {
      if ("sign" in item.data) throw new Error(`step ${step.id} asks for a signature, not a transaction`);
      await send(item.data.to as Hex, item.data.data as Hex, BigInt(item.data.value ?? "0"));
    }
}

const evmQuote = await client.quoteV2(evmBody);
const evmFailures = await verify(evmQuote, evmBody);
await sendSteps(evmQuote);
const evmDone = await waitSuccess(evmQuote.steps[0]?.requestId as string);

const attacked = await client.quoteV2(evmBody);
const attackedOrder = protocolOf(attacked);
const depositNative = parseAbi(["function depositNative(address depositor, bytes32 id) payable"]);
const depository = attackedOrder.paymentDetails.depository as Hex;
const attackValue = BigInt(evmBody.amount);
// A deposit under a tampered order id: it pays no request (and the depositor argument, which anyone
// sets freely, never decides whose deposit it is: the service credits the transaction's sender).
const attacks = [
  await send(
    depository,
    encodeFunctionData({ abi: depositNative, args: [account.address, tamper(attackedOrder.orderId)] }),
    attackValue,
  ),
];
// Blocks keep coming on the devnet: give the indexer a few seconds to (not) credit them.
await new Promise((resolve) => setTimeout(resolve, 3000));
const afterAttacks = await client.getStatus(attacked.steps[0]?.requestId as string);
await verify(attacked, evmBody);
await sendSteps(attacked);
const attackedDone = await waitSuccess(attacked.steps[0]?.requestId as string);

// --- SVM chain
const rpc = createSolanaRpc(config.svmRpcUrl);

/** Sends a signed transaction as is and polls its status until it is confirmed (or fails). */
async function sendAndConfirm(tx: Transaction): Promise<void> {
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(tx), {
      encoding: "base64",
      preflightCommitment: "confirmed",
    })
    .send();
  for (let attempt = 0; attempt < 300; attempt++) {
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`);
    if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized") return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${signature} not confirmed`);
}
const signer = await createKeyPairSignerFromBytes(getBase58Encoder().encode(config.aliceSvmSecret));
const svmBody: QuoteV2Body = {
  user: signer.address,
  recipient: config.bobEvm,
  originChainId: 792703809,
  destinationChainId: chainId,
  originCurrency: "11111111111111111111111111111111",
  destinationCurrency: zeroAddress,
  amount: "1000000000",
  tradeType: "EXACT_INPUT",
  includeProtocolData: true,
};

/** The quote's transaction, signed; with `mutateLast` applied to its last instruction's data first. */
async function signedQuoteTx(
  quote: Awaited<ReturnType<typeof client.quoteV2>>,
  mutateLast?: (data: Uint8Array) => void,
) {
  const item = quote.steps.at(-1)?.items[0]?.data as unknown as { transaction: string } | undefined;
  const wire = item?.transaction ?? "";
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
  if (mutateLast === undefined) return signTransaction([signer.keyPair], tx);
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as unknown as {
    instructions: { data?: Uint8Array }[];
  };
  const last = message.instructions.at(-1);
  const data = new Uint8Array(last?.data ?? []);
  mutateLast(data);
  const instructions = [...message.instructions.slice(0, -1), { ...last, data }];
  const messageBytes = getCompiledTransactionMessageEncoder().encode({ ...message, instructions } as never);
  return signTransaction([signer.keyPair], { ...tx, messageBytes } as never);
}

const svmQuote = await client.quoteV2(svmBody);
const svmFailures = await verify(svmQuote, svmBody);
await sendAndConfirm(await signedQuoteTx(svmQuote));
const svmDone = await waitSuccess(svmQuote.steps[0]?.requestId as string);

const svmAttacked = await client.quoteV2(svmBody);
// The id is the instruction data's last 32 bytes: flip its last byte.
await sendAndConfirm(
  await signedQuoteTx(svmAttacked, (data) => {
    data[data.length - 1] = (data[data.length - 1] as number) ^ 0xff;
  }),
);
await new Promise((resolve) => setTimeout(resolve, 3000));
const svmAfterAttack = await client.getStatus(svmAttacked.steps[0]?.requestId as string);

console.log(
  JSON.stringify({
    evm: { failures: evmFailures, status: evmDone.status, fills: evmDone.txHashes.length },
    attacks: {
      receipts: attacks,
      statusAfter: afterAttacks.status,
      credited: afterAttacks.inTxHashes,
      genuineThen: attackedDone.status,
    },
    svm: { failures: svmFailures, status: svmDone.status },
    svmAttack: { statusAfter: svmAfterAttack.status, credited: svmAfterAttack.inTxHashes },
  }),
);
process.exit(0);
