/**
 * Malformed and hostile requests to the devnet's Solana RPC get JSON-RPC errors with the codes a
 * validator uses, and the server keeps serving: parse errors, invalid requests, unknown methods,
 * invalid params, a transaction with a forged signature, one that fails preflight, an expired
 * blockhash, and the same on the PubSub socket.
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { expect } from "chai";
import fc from "fast-check";
import { WebSocket } from "ws";
import { type RpcChain, startRpcChain } from "./chain.ts";

interface RpcReply {
  id: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: { err?: unknown; logs?: string[] } };
}

describe("SVM RPC: bad requests get JSON-RPC errors", function () {
  this.timeout(60_000);
  let chain: RpcChain;

  before(async () => {
    chain = await startRpcChain();
  });
  after(() => chain?.close());

  const post = async (body: string): Promise<RpcReply> => {
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return (await response.json()) as RpcReply;
  };
  const call = (method: string, params: unknown) =>
    post(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }));

  it("-32700 for a body that is not JSON, -32600 for a request that is not JSON-RPC", async () => {
    expect((await post("{not json")).error?.code).to.equal(-32700);
    expect((await post(JSON.stringify({ id: 1, method: "getSlot" }))).error?.code).to.equal(-32600);
    expect((await post(JSON.stringify([]))).error?.code).to.equal(-32600);
    expect((await call("getSlot", [])).result).to.be.a("number");
  });

  it("-32601 for an unknown method, including inherited property names", async () => {
    for (const method of ["getEverything", "constructor", "__proto__", "toString"]) {
      const reply = await call(method, []);
      expect(reply.error?.code, method).to.equal(-32601);
    }
  });

  it("-32602 for invalid params: bad addresses, wrong types, unknown encodings, oversized lists", async () => {
    const bad: [string, unknown][] = [
      ["getBalance", ["not-an-address"]],
      ["getBalance", [42]],
      ["getBalance", { pubkey: "11111111111111111111111111111111" }],
      ["getAccountInfo", ["11111111111111111111111111111111", { encoding: "hex" }]],
      ["getAccountInfo", ["11111111111111111111111111111111", { commitment: "sometime" }]],
      ["getMultipleAccounts", [Array(101).fill("11111111111111111111111111111111")]],
      ["getSignatureStatuses", [["nope"]]],
      ["getTransaction", ["1111", { commitment: "processed" }]],
      ["sendTransaction", ["!!!", { encoding: "base64" }]],
      ["requestAirdrop", ["11111111111111111111111111111111", -5]],
      [
        "getProgramAccounts",
        ["11111111111111111111111111111111", { filters: [{ memcmp: { offset: -1, bytes: "1" } }] }],
      ],
    ];
    for (const [method, params] of bad) {
      const reply = await call(method, params);
      expect(reply.error?.code, `${method} ${JSON.stringify(params).slice(0, 60)}`).to.equal(-32602);
    }
  });

  it("property: any JSON value as params gets a result or a JSON-RPC error, never a dropped connection", async () => {
    const methods = [
      "getBalance",
      "getAccountInfo",
      "getTransaction",
      "sendTransaction",
      "getProgramAccounts",
      "getSlot",
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...methods), fc.jsonValue({ maxDepth: 3 }), async (method, params) => {
        const reply = await call(method, params);
        expect(reply.result !== undefined || typeof reply.error?.code === "number").to.equal(true);
      }),
      { numRuns: 60 },
    );
  });

  async function transfer(options: { blockhash?: string; amount?: bigint; forge?: boolean } = {}) {
    const payer = await chain.funded(1n);
    const { value: latest } = await chain.rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
    const tx = await pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          {
            ...latest,
            ...(options.blockhash ? { blockhash: options.blockhash as typeof latest.blockhash } : {}),
          },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({
              source: payer,
              destination: payer.address,
              amount: lamports(options.amount ?? 1n),
            }),
          ],
          m,
        ),
      (m) => signTransactionMessageWithSigners(m),
    );
    if (options.forge) {
      const [signer] = Object.keys(tx.signatures);
      const forged = new Uint8Array(64).fill(7);
      return {
        payer,
        wire: getBase64EncodedWireTransaction({
          ...tx,
          signatures: { [signer as string]: forged },
        } as typeof tx),
      };
    }
    return { payer, wire: getBase64EncodedWireTransaction(tx) };
  }

  it("attack: a transaction with a forged signature is refused with -32003 and moves nothing", async () => {
    const { payer, wire } = await transfer({ forge: true });
    const before = await chain.rpc.getBalance(payer.address).send();
    const reply = await call("sendTransaction", [wire, { encoding: "base64" }]);
    expect(reply.error?.code).to.equal(-32003);
    expect((await chain.rpc.getBalance(payer.address).send()).value).to.equal(before.value);
  });

  it("a transaction that fails preflight is refused with -32002, its error and its logs; an unknown blockhash too", async () => {
    const { wire } = await transfer({ amount: 10n ** 12n });
    const reply = await call("sendTransaction", [wire, { encoding: "base64" }]);
    expect(reply.error?.code).to.equal(-32002);
    expect(reply.error?.message).to.match(/custom program error: 0x1/);
    expect(reply.error?.data?.err).to.deep.equal({ InstructionError: [0, { Custom: 1 }] });
    expect(reply.error?.data?.logs?.join("\n")).to.match(/insufficient lamports/);

    const stale = await transfer({ blockhash: (await generateKeyPairSigner()).address });
    const refused = await call("sendTransaction", [stale.wire, { encoding: "base64" }]);
    expect(refused.error?.code).to.equal(-32002);
    expect(refused.error?.data?.err).to.equal("BlockhashNotFound");
    const valid = await call("isBlockhashValid", [(await generateKeyPairSigner()).address]);
    expect((valid.result as { value: boolean }).value).to.equal(false);
  });

  it("PubSub: malformed messages, unknown methods and bad params get errors on the socket", async () => {
    const socket = new WebSocket(chain.wsUrl);
    try {
      await new Promise((resolve, reject) => {
        socket.once("open", resolve);
        socket.once("error", reject);
      });
      const replies: RpcReply[] = [];
      const all = new Promise<void>((resolve) =>
        socket.on("message", (data) => {
          replies.push(JSON.parse(data.toString()) as RpcReply);
          if (replies.length === 5) resolve();
        }),
      );
      socket.send("{oops");
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "voteSubscribe", params: [] }));
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "accountSubscribe", params: ["zzz"] }));
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 4, method: "slotUnsubscribe", params: [987654] }));
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 5, method: "slotSubscribe" }));
      await all;
      expect(replies.slice(0, 5).map((r) => r.error?.code ?? "ok")).to.deep.equal([
        -32700,
        -32601,
        -32602,
        -32602,
        "ok",
      ]);
    } finally {
      socket.close();
    }
  });
});
