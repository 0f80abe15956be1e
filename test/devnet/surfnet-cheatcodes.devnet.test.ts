/**
 * surfpool's cheatcodes on the devnet's SVM chain, written as a surfpool user writes them: raw
 * JSON-RPC with surfpool's documented parameters, read back with @solana/kit. The clock calls move the
 * whole devnet; bad parameters get surfpool's JSON-RPC errors and change nothing.
 */

import { type Address, address, createSolanaRpc, generateKeyPairSigner, lamports } from "@solana/kit";
import {
  AccountState,
  fetchToken,
  findAssociatedTokenPda,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import { expect } from "chai";
import fc from "fast-check";
import { type Devnet, startDevnet } from "../../src/devnet/devnet.ts";

interface Answer {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

const NATIVE_MINT = address("So11111111111111111111111111111111111111112");
const SYSTEM = "11111111111111111111111111111111";
const TOKEN_2022_PROGRAM_ADDRESS = address("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");

describe("devnet: surfpool cheatcodes on the SVM chain", function () {
  this.timeout(120_000);
  let devnet: Devnet;
  let rpc: ReturnType<typeof createSolanaRpc<string>>;

  const call = async (method: string, params?: unknown[]): Promise<Answer> => {
    const response = await fetch(devnet.svm.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, ...(params === undefined ? {} : { params }) }),
    });
    return (await response.json()) as Answer;
  };
  const fresh = async () => (await generateKeyPairSigner()).address;
  const read = async (key: Address) =>
    (await rpc.getAccountInfo(key, { encoding: "base64", commitment: "processed" }).send()).value;

  before(async () => {
    devnet = await startDevnet({ blockTimeMs: 0, logger: false });
    rpc = createSolanaRpc(devnet.svm.rpcUrl);
  });
  after(() => devnet?.close());

  describe("surfnet_setAccount", () => {
    it("all five fields replace the account; answers { context, value: null }", async () => {
      const key = await fresh();
      const owner = await fresh();
      const answer = await call("surfnet_setAccount", [
        key,
        { lamports: 1_000_000, data: "0102ff", owner, executable: false, rentEpoch: 0 },
      ]);
      expect(answer.result).to.deep.include({ value: null });
      expect((answer.result as { context: { slot: number } }).context.slot).to.be.a("number");
      const account = await read(key);
      expect(account?.lamports).to.equal(1_000_000n);
      expect(account?.owner).to.equal(owner);
      expect(Buffer.from(account?.data[0] ?? "", "base64").toString("hex")).to.equal("0102ff");
    });

    it("some fields update the account and keep the rest; a missing account starts empty, System-owned", async () => {
      const key = await fresh();
      await call("surfnet_setAccount", [key, { lamports: 5_000_000 }]);
      let account = await read(key);
      expect(account?.owner).to.equal(SYSTEM);
      expect(account?.lamports).to.equal(5_000_000n);
      await call("surfnet_setAccount", [key, { data: "abcd" }]);
      account = await read(key);
      expect(account?.lamports).to.equal(5_000_000n);
      expect(Buffer.from(account?.data[0] ?? "", "base64").toString("hex")).to.equal("abcd");
    });

    it("a write is read at processed, confirmed and finalized at once, as on surfpool", async () => {
      const key = await fresh();
      await call("surfnet_setAccount", [key, { lamports: 7_000_000 }]);
      for (const commitment of ["processed", "confirmed", "finalized"] as const) {
        expect((await rpc.getBalance(key, { commitment }).send()).value, commitment).to.equal(7_000_000n);
      }
    });

    it("refuses a bad key, bad hex and wrong types with surfpool's errors, changing nothing", async () => {
      const key = await fresh();
      await call("surfnet_setAccount", [key, { lamports: 7 }]);
      expect(await call("surfnet_setAccount", ["notakey0", { lamports: 1 }])).to.deep.equal({
        jsonrpc: "2.0",
        id: 1,
        error: { code: -32602, message: "Invalid pubkey 'notakey0'", data: "Invalid Base58 string" },
      } as Answer);
      const tooLong = "1".repeat(45);
      expect((await call("surfnet_setAccount", [tooLong, {}])).error).to.deep.equal({
        code: -32602,
        message: `Invalid pubkey '${tooLong}'`,
        data: "String is the wrong size",
      });
      expect((await call("surfnet_setAccount", [key, { data: "0x01" }])).error).to.deep.equal({
        code: -32602,
        message: "Invalid hex data provided: Invalid character 'x' at position 1",
      });
      expect((await call("surfnet_setAccount", [key, { data: "abc" }])).error?.message).to.equal(
        "Invalid hex data provided: Odd number of digits",
      );
      expect((await call("surfnet_setAccount", [key, { lamports: "5" }])).error).to.deep.equal({
        code: -32602,
        message: 'Invalid params: invalid type: string "5", expected u64.',
      });
      expect((await call("surfnet_setAccount", [key, { lamports: -1 }])).error?.message).to.equal(
        "Invalid params: invalid value: integer `-1`, expected u64.",
      );
      expect((await call("surfnet_setAccount", [key])).error?.message).to.equal(
        "Invalid params: invalid length 1, expected a tuple of size 2.",
      );
      expect(
        (await call("surfnet_setAccount", [key, { lamports: 9, owner: "bad" }])).error?.message,
      ).to.equal("Invalid pubkey 'bad'");
      expect((await read(key))?.lamports).to.equal(7n);
    });

    it("property: any key that is not 32 base58 bytes is refused -32602, and nothing is written", async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 60 }), async (text) => {
          let valid = false;
          try {
            valid = address(text) === text;
          } catch {}
          fc.pre(!valid);
          const answer = await call("surfnet_setAccount", [text, { lamports: 1 }]);
          expect(answer.error?.code).to.equal(-32602);
          expect(answer.error?.message).to.equal(`Invalid pubkey '${text}'`);
        }),
        { numRuns: 50 },
      );
    });
  });

  describe("surfnet_setTokenAccount", () => {
    it("creates the owner's associated token account with the amount, then updates delegate and state", async () => {
      const owner = await fresh();
      const delegate = await fresh();
      const { mint } = devnet.svm.usdc;
      const mintAccount = await read(mint);
      const tokenProgram = mintAccount?.owner as Address;
      const params = tokenProgram === TOKEN_PROGRAM_ADDRESS ? [] : [tokenProgram];
      expect(
        (await call("surfnet_setTokenAccount", [owner, mint, { amount: 1_234_567 }, ...params])).result,
      ).to.deep.include({ value: null });
      const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram });
      const balance = await rpc.getTokenAccountBalance(ata, { commitment: "processed" }).send();
      expect(balance.value.amount).to.equal("1234567");

      await call("surfnet_setTokenAccount", [
        owner,
        mint,
        { delegate, delegatedAmount: 5, state: "frozen" },
        ...params,
      ]);
      const token = (await fetchToken(rpc, ata, { commitment: "processed" })).data;
      expect(token).to.deep.include({
        owner,
        mint,
        amount: 1_234_567n,
        delegatedAmount: 5n,
        state: AccountState.Frozen,
      });
      expect(token.delegate).to.deep.equal({ __option: "Some", value: delegate });

      await call("surfnet_setTokenAccount", [
        owner,
        mint,
        { delegate: "null", state: "initialized" },
        ...params,
      ]);
      const after = (await fetchToken(rpc, ata, { commitment: "processed" })).data;
      expect(after.delegate).to.deep.equal({ __option: "None" });
      expect(after.state).to.equal(AccountState.Initialized);
    });

    it("wrapped SOL holds the rent-exempt minimum plus the amount in lamports", async () => {
      const owner = await fresh();
      await call("surfnet_setTokenAccount", [owner, NATIVE_MINT, { amount: 3_000_000_000 }]);
      const [ata] = await findAssociatedTokenPda({
        owner,
        mint: NATIVE_MINT,
        tokenProgram: TOKEN_PROGRAM_ADDRESS,
      });
      const rent = await rpc.getMinimumBalanceForRentExemption(165n).send();
      expect((await read(ata))?.lamports).to.equal(rent + 3_000_000_000n);
    });

    it("refuses a bad state, a bad delegate and an account that is not a token account, changing nothing", async () => {
      const owner = await fresh();
      const mint = await fresh();
      expect((await call("surfnet_setTokenAccount", [owner, mint, { state: "closed" }])).error).to.deep.equal(
        {
          code: -32602,
          message: "Invalid token account state closed",
        },
      );
      expect(
        (await call("surfnet_setTokenAccount", [owner, mint, { delegate: "x" }])).error?.message,
      ).to.equal("Invalid pubkey 'x'");
      const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS });
      expect(await read(ata)).to.equal(null);
      await call("surfnet_setAccount", [ata, { lamports: 1_000_000, data: "00" }]);
      expect(
        (await call("surfnet_setTokenAccount", [owner, mint, { amount: 1 }, TOKEN_2022_PROGRAM_ADDRESS]))
          .error,
      ).to.deep.equal({
        code: -32602,
        message: "Failed to unpack token account data: Parse error: Failed to unpack token account",
      });
      expect(Buffer.from((await read(ata))?.data[0] ?? "", "base64").toString("hex")).to.equal("00");
    });
  });

  describe("surfnet_resetAccount", () => {
    it("deletes the account, and with includeOwnedAccounts every account it owns", async () => {
      const program = await fresh();
      const owned = await fresh();
      const alone = await fresh();
      await call("surfnet_setAccount", [program, { lamports: 1_000_000 }]);
      await call("surfnet_setAccount", [owned, { lamports: 1_000_000, owner: program }]);
      await call("surfnet_setAccount", [alone, { lamports: 1_000_000 }]);
      expect((await call("surfnet_resetAccount", [alone])).result).to.deep.include({ value: null });
      expect(await read(alone)).to.equal(null);
      await call("surfnet_resetAccount", [program, { includeOwnedAccounts: true }]);
      expect(await read(program)).to.equal(null);
      expect(await read(owned)).to.equal(null);
      expect((await call("surfnet_resetAccount", ["nope"])).error?.code).to.equal(-32602);
    });
  });

  describe("surfpool's clock calls move the whole devnet", () => {
    it("surfnet_timeTravel to an absolute slot lands on it, moves the Clock sysvar, the EVM chains and the service", async () => {
      const info = (await call("surfnet_pauseClock", [])).result as { absoluteSlot: number };
      const before = devnet.time.now();
      try {
        const target = info.absoluteSlot + 2_000;
        const travelled = (await call("surfnet_timeTravel", [{ absoluteSlot: target }])).result as Record<
          string,
          number
        >;
        expect(travelled).to.include({ absoluteSlot: target, slotsInEpoch: 432_000 });
        expect(Object.keys(travelled).sort()).to.deep.equal(
          ["absoluteSlot", "blockHeight", "epoch", "slotIndex", "slotsInEpoch", "transactionCount"].sort(),
        );
        expect(await rpc.getSlot({ commitment: "processed" }).send()).to.equal(BigInt(target));
        // The first slots close as the timer closes them (what was sent is finalized); the rest are skipped.
        const blocks = await rpc
          .getBlocks(BigInt(info.absoluteSlot), BigInt(target), { commitment: "confirmed" })
          .send();
        expect(blocks.map(Number)).to.deep.equal(Array.from({ length: 34 }, (_, i) => info.absoluteSlot + i));
        expect(devnet.time.now() - before).to.equal(2_000 * 400);
        const time = (await (await fetch(`${devnet.serviceUrl}/_devnet/time`)).json()) as {
          timestamp: number;
        };
        expect(time.timestamp).to.equal(Math.floor((before + 800_000) / 1000));
        await devnet.evmChain(10).mine();
        const block = (await devnet.evmChain(10).provider.request({
          method: "eth_getBlockByNumber",
          params: ["latest", false],
        })) as { timestamp: string };
        expect(Number(BigInt(block.timestamp)) >= time.timestamp).to.equal(true);
      } finally {
        await call("surfnet_resumeClock", []);
      }
    });

    it("absoluteTimestamp is in ms; a target in the past is refused as surfpool refuses it", async () => {
      const target = devnet.time.now() + 3_600_000;
      await call("surfnet_timeTravel", [{ absoluteTimestamp: target }]);
      expect(devnet.time.now() >= target).to.equal(true);
      // The chain goes on after the jump: a new blockhash is valid and a transaction confirms.
      const { value: latest } = await rpc.getLatestBlockhash({ commitment: "processed" }).send();
      expect(
        (await rpc.isBlockhashValid(latest.blockhash, { commitment: "processed" }).send()).value,
      ).to.equal(true);
      const signature = await rpc.requestAirdrop(await fresh(), lamports(1_000_000_000n)).send();
      const confirmed = async () => {
        const { value } = await rpc.getSignatureStatuses([signature]).send();
        return value[0]?.confirmationStatus === "confirmed" || value[0]?.confirmationStatus === "finalized";
      };
      for (let i = 0; i < 50 && !(await confirmed()); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await confirmed()).to.equal(true);
      const past = await call("surfnet_timeTravel", [{ absoluteTimestamp: 1000 }]);
      expect(past.error?.code).to.equal(-32603);
      expect(past.error?.message).to.equal("Internal error");
      expect(past.error?.data).to.match(/^Cannot travel to past timestamp: target=1000, current=\d+$/);
      expect((await call("surfnet_timeTravel", [{ absoluteSlot: 1 }])).error?.data).to.match(
        /^Cannot travel to past slot: target=1, current=\d+$/,
      );
      expect((await call("surfnet_timeTravel", [{ sideways: 1 }])).error).to.deep.equal({
        code: -32602,
        message:
          "Invalid params: unknown variant `sideways`, expected one of `absoluteEpoch`, `absoluteSlot`, `absoluteTimestamp`.",
      });
      expect((await call("surfnet_timeTravel", [{ absoluteSlot: "1" }])).error?.code).to.equal(-32602);
    });

    it("surfnet_pauseClock stops slots and every clock; surfnet_resumeClock restarts them", async () => {
      const paused = (await call("surfnet_pauseClock", [])).result as { absoluteSlot: number };
      try {
        const held = devnet.time.now();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await rpc.getSlot({ commitment: "processed" }).send()).to.equal(BigInt(paused.absoluteSlot));
        expect(devnet.time.now()).to.equal(held);
        const time = (await (await fetch(`${devnet.serviceUrl}/_devnet/time`)).json()) as { paused: boolean };
        expect(time.paused).to.equal(true);
        expect((await call("surfnet_pauseClock", [1])).error?.message).to.equal(
          "Invalid parameters: No parameters were expected",
        );
      } finally {
        const resumed = (await call("surfnet_resumeClock", [])).result as { absoluteSlot: number };
        expect(resumed.absoluteSlot).to.equal(paused.absoluteSlot);
      }
      await new Promise((resolve) => setTimeout(resolve, 900));
      expect(Number(await rpc.getSlot({ commitment: "processed" }).send()) > paused.absoluteSlot).to.equal(
        true,
      );
      expect(devnet.time.paused).to.equal(false);
    });
  });
});
