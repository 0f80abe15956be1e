/**
 * `requestAirdrop`'s faucet caps as clients see them, over the devnet's Solana RPC: an airdrop over
 * the per-request cap, and one past the per-recipient cap of the time slice, answer what a
 * validator's faucet makes its RPC answer (-32603 `Internal error`, @solana/kit's
 * SOLANA_ERROR__JSON_RPC__INTERNAL_ERROR, web3.js's `SolanaJSONRPCError`), and nothing is paid.
 */
import {
  generateKeyPairSigner,
  isSolanaError,
  lamports,
  SOLANA_ERROR__JSON_RPC__INTERNAL_ERROR,
} from "@solana/kit";
import { Connection, Keypair, SolanaJSONRPCError } from "@solana/web3.js";
import { expect } from "chai";
import { type RpcChain, startRpcChain } from "./chain.ts";

const SOL = 1_000_000_000n;

describe("SVM RPC: requestAirdrop's faucet caps", function () {
  this.timeout(60_000);
  let chain: RpcChain;

  before(async () => {
    // A slice far longer than the suite: every airdrop below falls in the first one.
    chain = await startRpcChain(50, { perRequestSol: 2, perTimeSliceSol: 5, timeSliceSeconds: 3_600 });
  });
  after(async () => {
    await new Promise((resolve) => setTimeout(resolve, 700));
    await chain?.close();
  });

  async function rawAirdrop(recipient: string, amount: bigint) {
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "requestAirdrop",
        params: [recipient, Number(amount)],
      }),
    });
    return (await response.json()) as {
      result?: string;
      error?: { code: number; message: string; data?: unknown };
    };
  }

  it("over the per-request cap: -32603 through @solana/kit, the faucet's reason in data, nothing paid", async () => {
    const recipient = (await generateKeyPairSigner()).address;
    const refused = await chain.rpc
      .requestAirdrop(recipient, lamports(3n * SOL))
      .send()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isSolanaError(refused, SOLANA_ERROR__JSON_RPC__INTERNAL_ERROR)).to.equal(true);
    expect(await rawAirdrop(recipient, 3n * SOL)).to.deep.include({
      error: {
        code: -32603,
        message: "Internal error",
        data: { faucetError: "request too large; req: ◎3, cap: ◎2" },
      },
    });
    // The cap itself is granted, so the refusals above paid nothing.
    await chain.rpc.requestAirdrop(recipient, lamports(2n * SOL)).send();
    await waitForBalance(recipient, 2n * SOL);
  });

  it("past the per-recipient cap of the time slice: web3.js's SolanaJSONRPCError -32603, the balance stops at the cap", async () => {
    const connection = new Connection(chain.rpcUrl, { commitment: "confirmed", wsEndpoint: chain.wsUrl });
    const recipient = Keypair.generate().publicKey;
    for (const amount of [2, 2, 1]) {
      const signature = await connection.requestAirdrop(recipient, amount * Number(SOL));
      const latest = await connection.getLatestBlockhash();
      expect((await connection.confirmTransaction({ signature, ...latest })).value.err).to.equal(null);
    }
    const refused = await connection.requestAirdrop(recipient, 1).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).to.be.instanceOf(SolanaJSONRPCError);
    expect((refused as SolanaJSONRPCError).code).to.equal(-32603);
    expect((refused as SolanaJSONRPCError).message).to.equal(
      `airdrop to ${recipient.toBase58()} failed: Internal error`,
    );
    expect((await rawAirdrop(recipient.toBase58(), 1n)).error?.data).to.deep.equal({
      faucetError: `limit reached; req: ◎0.000000001, to: ${recipient.toBase58()}, current: ◎5.000000001, cap: ◎5`,
    });
    expect(BigInt(await connection.getBalance(recipient))).to.equal(5n * SOL);
    // Another recipient has a count of its own.
    const other = Keypair.generate().publicKey;
    await connection.requestAirdrop(other, 2 * Number(SOL));
  });

  async function waitForBalance(recipient: Parameters<RpcChain["rpc"]["getBalance"]>[0], expected: bigint) {
    for (let attempt = 0; attempt < 100; attempt++) {
      const { value } = await chain.rpc.getBalance(recipient, { commitment: "confirmed" }).send();
      if (value === expected) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`balance of ${recipient} never reached ${expected}`);
  }
});
