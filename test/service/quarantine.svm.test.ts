/**
 * The SVM scan works out each transaction on its own: when the node returns a transaction whose
 * meta nothing can credit (its `preBalances` missing), that transaction alone becomes a quarantine
 * observation and the deposit beside it in the same scan is still reported. A LiteSVM chain served
 * by the devnet's ledger and RPC server, behind a proxy that damages the one answer.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { keccak256, toHex } from "viem";
import { createSvmLedger, serveSolanaRpc } from "../../src/devnet/solana-rpc/index.ts";
import { submitToLedger } from "../../src/devnet/svm-chain.ts";
import { SVM_NATIVE_TOKEN } from "../../src/index.ts";
import { createSvmChainAdapter } from "../../src/service/chains/svm.ts";
import { requestIdMemoInstruction } from "../../src/service/svm-route.ts";

/** A JSON-RPC proxy to `target` that drops `meta.preBalances` from `getTransaction` of `damaged`. */
async function damagingProxy(target: string, damaged: ReadonlySet<string>): Promise<Server> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const call = JSON.parse(body) as { method?: string; params?: unknown[] };
    const answer = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const json = (await answer.json()) as { result?: { meta?: Record<string, unknown> } | null };
    if (call.method === "getTransaction" && damaged.has(String(call.params?.[0])) && json.result?.meta) {
      delete json.result.meta.preBalances;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

describe("SVM scan: a transaction that cannot be worked out is quarantined alone", function () {
  this.timeout(60_000);

  it("quarantines the damaged transaction and still reports the deposit beside it", async () => {
    const svm = new LiteSVM();
    const [solver, user] = [await generateKeyPairSigner(), await generateKeyPairSigner()];
    svm.airdrop(solver.address, lamports(10n ** 9n));
    svm.airdrop(user.address, lamports(10n ** 11n));
    const ledger = createSvmLedger({ svm, slotTimeMs: 25 });
    const rpcServer = await serveSolanaRpc({ ledger });
    const damaged = new Set<string>();
    const proxy = await damagingProxy(rpcServer.rpcUrl, damaged);
    const adapter = createSvmChainAdapter({
      rpcUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      wsUrl: rpcServer.wsUrl,
      solver,
    });
    const deposit = async (signer: KeyPairSigner, id: string) => {
      const instructions: Instruction[] = [
        getTransferSolInstruction({ source: signer, destination: solver.address, amount: 10n ** 9n }),
        requestIdMemoInstruction(id, signer),
      ];
      const blockhash = (await adapter.latestBlockhash()) as Blockhash;
      const tx = await pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
        (m) => signTransactionMessageWithSigners(m),
      );
      const landed = submitToLedger(ledger, tx);
      while (ledger.slot("confirmed") < landed.slot) await new Promise((resolve) => setTimeout(resolve, 5));
      return landed.signature;
    };
    try {
      const [first, second] = [keccak256(toHex("request-1")), keccak256(toHex("request-2"))];
      const poisoned = await deposit(user, first);
      damaged.add(poisoned);
      const honest = await deposit(user, second);
      const observations = await adapter.scan(0, await adapter.head());
      const quarantined = observations.filter((o) => o.kind === "quarantine");
      expect(quarantined.map((o) => o.txHash)).to.deep.equal([poisoned]);
      expect(quarantined[0])
        .to.have.property("reason")
        .that.matches(/^TypeError: /);
      const deposits = observations.filter((o) => o.kind === "deposit");
      expect(deposits.map((o) => [o.txHash, o.requestId, o.currency, o.amount])).to.deep.equal([
        [honest, second, SVM_NATIVE_TOKEN, (10n ** 9n).toString()],
      ]);
    } finally {
      adapter.close?.();
      await new Promise((resolve) => proxy.close(resolve));
      await rpcServer.close();
      ledger.close();
    }
  });
});
