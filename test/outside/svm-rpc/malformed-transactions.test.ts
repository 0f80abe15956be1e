/**
 * Malformed and oversize transactions are refused with -32602 and a validator's text before the SVM
 * sees them, and the process stays up and answering: the 216-byte non-canonical compact-u16 request
 * that used to abort it, transactions over 1232 bytes, and a fuzzer of mutated transactions and
 * malformed JSON-RPC frames over HTTP and WebSocket.
 */
import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type KeyPairSigner,
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
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** The memo program (v1) LiteSVM ships: any UTF-8 data, which pads a transaction to a chosen size. */
const MEMO_PROGRAM = address("Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo");
const memoInstruction = (memo: string) => ({
  programAddress: MEMO_PROGRAM,
  accounts: [],
  data: new TextEncoder().encode(memo),
});

const SEND_MODES: [string, Record<string, unknown>][] = [
  ["simulateTransaction", { encoding: "base64" }],
  ["sendTransaction", { encoding: "base64" }],
  ["sendTransaction", { encoding: "base64", skipPreflight: true }],
];

describe("SVM RPC: malformed and oversize transactions never reach the SVM", function () {
  this.timeout(120_000);
  let chain: RpcChain;
  let payer: KeyPairSigner;
  let payee: KeyPairSigner;

  before(async () => {
    chain = await startRpcChain();
    payer = await chain.funded(2n);
    payee = await generateKeyPairSigner();
  });
  after(() => chain?.close());

  const post = async (body: string): Promise<RpcReply | RpcReply[]> => {
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return (await response.json()) as RpcReply | RpcReply[];
  };
  const call = async (method: string, params: unknown) =>
    (await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }))) as RpcReply;
  const alive = async () => expect((await call("getSlot", [])).result).to.be.a("number");

  async function signed(memo = "") {
    const { value: latest } = await chain.rpc.getLatestBlockhash({ commitment: "confirmed" }).send();
    const instructions = [
      getTransferSolInstruction({ source: payer, destination: payee.address, amount: lamports(1_000_000n) }),
      ...(memo ? [memoInstruction(memo)] : []),
    ];
    return pipe(
      createTransactionMessage({ version: "legacy" }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
      (m) => signTransactionMessageWithSigners(m),
    );
  }
  const wireBytes = async (memo = "") => new Uint8Array(getTransactionEncoder().encode(await signed(memo)));
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

  it("attack: the account-key count as non-canonical compact-u16 (0x83 0x00, 216 bytes) gets -32602 on simulate, send and skipPreflight", async () => {
    const bytes = await wireBytes();
    // Legacy message after 1 + 64 signature bytes: 3 header bytes, then the account-key count (3 keys).
    const countAt = 1 + 64 + 3;
    expect(bytes[countAt]).to.equal(3);
    const aliased = new Uint8Array([
      ...bytes.subarray(0, countAt),
      0x83,
      0x00,
      ...bytes.subarray(countAt + 1),
    ]);
    expect(aliased.length).to.equal(216);
    for (const [method, config] of SEND_MODES) {
      const reply = await call(method, [base64(aliased), config]);
      expect(reply.error?.code, method).to.equal(-32602);
      expect(reply.error?.message).to.equal(
        "failed to deserialize solana_transaction::versioned::VersionedTransaction: invalid value: alias encoding, expected strict form encoding",
      );
      await alive();
    }
  });

  it("attack: a 1,470-byte transaction is refused with the validator's size text on simulate, send and skipPreflight, and never lands", async () => {
    const probe = await wireBytes("x".repeat(1000));
    const tx = await signed("x".repeat(1000 + 1470 - probe.length));
    const bytes = new Uint8Array(getTransactionEncoder().encode(tx));
    expect(bytes.length).to.equal(1470);
    const text = getBase64EncodedWireTransaction(tx);
    const before = await chain.rpc.getBalance(payer.address, { commitment: "processed" }).send();
    for (const [method, config] of SEND_MODES) {
      const reply = await call(method, [text, config]);
      expect(reply.error?.code, method).to.equal(-32602);
      expect(reply.error?.message).to.equal(
        `base64 encoded solana_transaction::versioned::VersionedTransaction too large: ${text.length} bytes (max: encoded/raw 1644/1232)`,
      );
    }
    const base58 = await call("sendTransaction", [Buffer.from(bytes).toString("hex"), {}]);
    expect(base58.error?.code).to.equal(-32602);
    const after = await chain.rpc.getBalance(payer.address, { commitment: "processed" }).send();
    expect(after.value).to.equal(before.value);
  });

  it("a 1232-byte transaction is accepted and a 1233-byte one refused (decoded size)", async () => {
    const probe = await wireBytes("y".repeat(1000));
    const fits = await wireBytes("y".repeat(1000 + 1232 - probe.length));
    expect(fits.length, "setup: exactly at the limit").to.equal(1232);
    const reply = await call("simulateTransaction", [base64(fits), { encoding: "base64" }]);
    expect(reply.error, JSON.stringify(reply.error)).to.equal(undefined);
    expect((reply.result as { value: { err: unknown } }).value.err).to.equal(null);
    const over = await wireBytes("y".repeat(1000 + 1233 - probe.length));
    const refused = await call("simulateTransaction", [base64(over), { encoding: "base64" }]);
    expect(refused.error?.message).to.equal(
      "decoded solana_transaction::versioned::VersionedTransaction too large: 1233 bytes (max: 1232 bytes)",
    );
  });

  it("sanitization: signature count, header and indexes out of range get -32602 with the validator's text", async () => {
    const bytes = await wireBytes();
    const header = 1 + 64;
    const cases: [string, (b: Uint8Array) => void][] = [
      ["two required signatures, one present", (b) => (b[header] = 2)],
      ["fee payer read-only", (b) => (b[header + 1] = 1)],
      ["read-only unsigned beyond the keys", (b) => (b[header + 2] = 5)],
      ["program index out of range", (b) => (b[b.length - 12 - 1 - 1 - 2 - 1] = 9)],
    ];
    for (const [name, mutate] of cases) {
      const copy = bytes.slice();
      mutate(copy);
      const reply = await call("simulateTransaction", [base64(copy), { encoding: "base64" }]);
      expect(reply.error?.code, name).to.equal(-32602);
      expect(reply.error?.message, name).to.equal(
        "invalid transaction: Transaction failed to sanitize accounts offsets correctly",
      );
    }
    await alive();
  });

  it("fuzz: mutated transactions get a result or -32602/-32003/-32002, never an internal error, and the process keeps answering", async () => {
    const bytes = await wireBytes("fuzz");
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        at: fc.nat(bytes.length - 1),
        value: fc.integer({ min: 0, max: 255 }),
      }),
      fc.record({
        kind: fc.constant("insert" as const),
        at: fc.nat(bytes.length),
        value: fc.constantFrom(0x80, 0x81, 0xff, 0x00),
      }),
      fc.record({ kind: fc.constant("cut" as const), at: fc.nat(bytes.length - 1), value: fc.constant(0) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...SEND_MODES),
        async (mutations, [method, config]) => {
          let copy = bytes.slice();
          for (const { kind, at, value } of mutations) {
            if (kind === "set") copy[Math.min(at, copy.length - 1)] = value;
            else if (kind === "insert")
              copy = new Uint8Array([...copy.subarray(0, at), value, ...copy.subarray(at)]);
            else copy = copy.subarray(0, Math.min(at, copy.length));
          }
          const reply = await call(method, [base64(copy), config]);
          const ok = reply.result !== undefined || [-32602, -32003, -32002].includes(reply.error?.code ?? 0);
          expect(ok, JSON.stringify(reply)).to.equal(true);
        },
      ),
      { numRuns: 300 },
    );
    await alive();
  });

  it("fuzz: malformed JSON-RPC frames over HTTP and WebSocket get JSON-RPC errors and the process keeps answering", async () => {
    const frame = fc.oneof(
      fc.string({ maxLength: 64 }),
      fc.json({ maxDepth: 3 }),
      fc
        .jsonValue({ maxDepth: 3 })
        .map((params) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "simulateTransaction", params })),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }).map((batch) => JSON.stringify(batch)),
    );
    await fc.assert(
      fc.asyncProperty(frame, async (body) => {
        const response = await fetch(chain.rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expect(response.status).to.be.oneOf([200, 204]);
      }),
      { numRuns: 150 },
    );
    const socket = new WebSocket(chain.wsUrl);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    try {
      const frames = fc.sample(frame, { numRuns: 100, seed: 21 });
      let replies = 0;
      const answered = new Promise<void>((resolve) =>
        socket.on("message", () => {
          replies++;
          if (replies === frames.length) resolve();
        }),
      );
      for (const text of frames) socket.send(text);
      await answered;
      expect(socket.readyState).to.equal(WebSocket.OPEN);
    } finally {
      socket.close();
    }
    await alive();
  });
});
