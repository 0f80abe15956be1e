/**
 * The devnet's EVM chain as a local node for outside tools: Foundry's `cast send`/`cast call` (from
 * npm, unchanged), the usual `evm_*`/`anvil_*`/`hardhat_*` helpers, and malformed traffic over HTTP
 * and WebSocket answered with JSON-RPC errors while the node keeps serving.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect } from "chai";
import { type Hex, parseEther } from "viem";
import WebSocket from "ws";
import type { EvmDevChain } from "../../../src/devnet/evm-chain.ts";
import { MAX_MESSAGE_BYTES } from "../../../src/devnet/json-rpc-server.ts";
import { alice, nativeDeposit, startChain } from "./fixture.ts";

const CAST = fileURLToPath(new URL("../../../node_modules/@foundry-rs/cast/bin.mjs", import.meta.url));
const run = promisify(execFile);
const cast = async (...args: string[]) =>
  (await run(process.execPath, [CAST, ...args], { timeout: 60_000 })).stdout.trim();

const STRANGER: Hex = "0x00000000000000000000000000000000000000e1";

describe("devnet EVM chain as a local node (cast, helpers, malformed traffic)", function () {
  this.timeout(180_000);
  let chain: EvmDevChain;
  before(async () => {
    chain = await startChain();
  });
  after(() => chain.close());

  const post = async (body: unknown) => {
    const response = await fetch(chain.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
  };
  const rpc = async (method: string, params: unknown[] = []) => {
    const reply = await post({ jsonrpc: "2.0", id: 1, method, params });
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result;
  };

  describe("Foundry cast", () => {
    it("cast send of a receiver deposit is mined, and cast call reads it back", async () => {
      const deposit = await nativeDeposit(chain, "cast");
      const before = await cast(
        "call",
        chain.receiver,
        "isAccepted(bytes32)(bool)",
        deposit.requestId,
        "--rpc-url",
        chain.rpcUrl,
      );
      expect(before).to.equal("false");
      const receipt = JSON.parse(
        await cast(
          "send",
          deposit.to,
          deposit.data,
          "--value",
          deposit.value.toString(),
          "--private-key",
          alice.privateKey,
          "--rpc-url",
          chain.rpcUrl,
          "--json",
        ),
      );
      expect(receipt.status).to.equal("0x1");
      expect(receipt.logs).to.have.length(1);
      expect(receipt.logs[0].address.toLowerCase()).to.equal(chain.receiver.toLowerCase());
      const after = await cast(
        "call",
        chain.receiver,
        "isAccepted(bytes32)(bool)",
        deposit.requestId,
        "--rpc-url",
        chain.rpcUrl,
      );
      expect(after).to.equal("true");
    });

    it("a call with both input and data is served when they agree and refused with -32602 when they differ", async () => {
      const deposit = await nativeDeposit(chain, "input+data");
      const call = (input: Hex, data: Hex) =>
        post({
          jsonrpc: "2.0",
          id: 1,
          method: "eth_call",
          params: [
            {
              from: alice.address,
              to: chain.receiver,
              value: `0x${deposit.value.toString(16)}`,
              input,
              data,
            },
            "latest",
          ],
        });
      // cast sends the calldata twice; hex case does not matter. The deposit simulates successfully.
      const agreeing = await call(deposit.data, deposit.data.toUpperCase().replace("0X", "0x") as Hex);
      expect(agreeing.error).to.equal(undefined);
      expect(agreeing.result).to.equal("0x");
      const differing = await call(deposit.data, "0x12345678");
      expect(differing.error?.code).to.equal(-32602);
      expect(differing.error?.message).to.match(/input and data.*differ/);
    });
  });

  describe("local-node helpers", () => {
    it("evm_snapshot and evm_revert roll the chain back; evm_mine mines", async () => {
      const start = BigInt((await rpc("eth_blockNumber")) as string);
      const snapshot = await rpc("evm_snapshot");
      await rpc("evm_mine");
      await rpc("anvil_mine", ["0x3"]);
      expect(BigInt((await rpc("eth_blockNumber")) as string)).to.equal(start + 4n);
      expect(await rpc("evm_revert", [snapshot])).to.equal(true);
      expect(BigInt((await rpc("eth_blockNumber")) as string)).to.equal(start);
    });

    it("evm_increaseTime moves the next block's timestamp forward", async () => {
      const latest = (await rpc("eth_getBlockByNumber", ["latest", false])) as { timestamp: Hex };
      await rpc("evm_increaseTime", [3600]);
      await rpc("evm_mine");
      const next = (await rpc("eth_getBlockByNumber", ["latest", false])) as { timestamp: Hex };
      expect(BigInt(next.timestamp) - BigInt(latest.timestamp) >= 3600n).to.equal(true);
    });

    for (const prefix of ["anvil", "hardhat"]) {
      it(`${prefix}_setBalance, ${prefix}_setCode and ${prefix}_setStorageAt change state`, async () => {
        await rpc(`${prefix}_setBalance`, [STRANGER, "0x1234"]);
        expect(await rpc("eth_getBalance", [STRANGER, "latest"])).to.equal("0x1234");
        await rpc(`${prefix}_setCode`, [STRANGER, "0x6001600055"]);
        expect(await rpc("eth_getCode", [STRANGER, "latest"])).to.equal("0x6001600055");
        const word = `0x${"ab".repeat(32)}`;
        await rpc(`${prefix}_setStorageAt`, [STRANGER, "0x0", word]);
        expect(await rpc("eth_getStorageAt", [STRANGER, "0x0", "latest"])).to.equal(word);
        await rpc(`${prefix}_setCode`, [STRANGER, "0x"]);
      });

      it(`${prefix}_impersonateAccount lets an account without a key send; ${prefix}_stopImpersonatingAccount ends it`, async () => {
        const impersonated: Hex =
          prefix === "anvil"
            ? "0x00000000000000000000000000000000000000e2"
            : "0x00000000000000000000000000000000000000e3";
        await rpc(`${prefix}_setBalance`, [impersonated, `0x${parseEther("1").toString(16)}`]);
        const send = () =>
          post({
            jsonrpc: "2.0",
            id: 1,
            method: "eth_sendTransaction",
            params: [{ from: impersonated, to: STRANGER, value: "0x1" }],
          });
        expect((await send()).error?.message).to.match(/unknown account|not.*sign|impersonat/i);
        await rpc(`${prefix}_impersonateAccount`, [impersonated]);
        const sent = await send();
        expect(sent.error).to.equal(undefined);
        const receipt = (await rpc("eth_getTransactionReceipt", [sent.result])) as { status: Hex; from: Hex };
        expect(receipt.status).to.equal("0x1");
        expect(receipt.from.toLowerCase()).to.equal(impersonated);
        await rpc(`${prefix}_stopImpersonatingAccount`, [impersonated]);
        expect((await send()).error).to.not.equal(undefined);
      });
    }
  });

  describe("malformed traffic", () => {
    const open = async () => {
      const socket = new WebSocket(chain.wsUrl);
      await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
      return socket;
    };
    const nextFrame = (socket: WebSocket) =>
      new Promise<Record<string, { code?: number } & Record<string, unknown>>>((resolve) =>
        socket.once("message", (data) => resolve(JSON.parse(data.toString()))),
      );

    it("bad frames and unknown methods get JSON-RPC errors over the same socket, which keeps serving", async () => {
      const socket = await open();
      try {
        for (const [frame, binary, code] of [
          ["{not json", false, -32700],
          ['{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}', true, -32700],
          ["[]", false, -32600],
          ['{"jsonrpc":"2.0","id":{},"method":"eth_chainId"}', false, -32600],
          ['{"jsonrpc":"1.0","id":1,"method":"eth_chainId"}', false, -32600],
          ['{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":7}', false, -32600],
        ] as const) {
          const reply = nextFrame(socket);
          socket.send(frame, { binary });
          expect((await reply).error?.code, frame).to.equal(code);
        }
        const unknown = nextFrame(socket);
        socket.send('{"jsonrpc":"2.0","id":2,"method":"eth_noSuchMethod","params":[]}');
        const reply = await unknown;
        expect(reply.id).to.equal(2);
        expect(reply.error?.code).to.be.a("number");
        const chainId = nextFrame(socket);
        socket.send('{"jsonrpc":"2.0","id":3,"method":"eth_chainId"}');
        expect((await chainId).result).to.equal("0x2105");
      } finally {
        socket.close();
      }
    });

    it("a frame over the size bound closes that socket with 1009; the node keeps serving others", async () => {
      const socket = await open();
      const closed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
      socket.on("error", () => {});
      socket.send(
        `{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":["${"a".repeat(MAX_MESSAGE_BYTES)}"]}`,
      );
      expect(await closed).to.equal(1009);
      expect(await rpc("eth_chainId")).to.equal("0x2105");
      const fresh = await open();
      const reply = nextFrame(fresh);
      fresh.send('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}');
      expect((await reply).result).to.equal("0x2105");
      fresh.close();
    });

    it("eth_subscribe over HTTP is refused: notifications need a socket", async () => {
      const reply = await post({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] });
      expect(reply.error?.code).to.equal(-32601);
    });
  });
});
