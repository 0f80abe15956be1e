/**
 * What the mock adds for apps on the service's public SDK (docs/sdk.md): CORS for browser origins,
 * GET /chains, POST /transactions/index, the fast-fill key in x-api-key, the app balance also under
 * `balances`, and the activity events `npm start` prints.
 */
import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import { encodeAppBalanceFundingCalldata } from "../../src/index.ts";
import { type ActivityEvent, formatActivity } from "../../src/service/activity.ts";
import type { ChainAdapter, ChainObservation, Service } from "../../src/service/index.ts";
import {
  API_KEY,
  BASE_USDC,
  createRequest,
  ETH,
  EVM_USER,
  expectError,
  get,
  linkSponsorshipWallet,
  post,
  SOLVER,
  SPONSOR_KEY,
  testService,
} from "./helpers.ts";

const sponsor = privateKeyToAccount(SPONSOR_KEY);

/** A chain the test controls: deposits "land" when the test adds them; scans return what landed. */
class ScriptedChain implements ChainAdapter {
  readonly chainId = 1;
  readonly vm = "evm" as const;
  readonly solverAddress = SOLVER;
  readonly landed: ChainObservation[] = [];
  scans = 0;
  async head(): Promise<number> {
    return this.landed.length;
  }
  async scan(from: number, to: number): Promise<ChainObservation[]> {
    this.scans += 1;
    return this.landed.filter((observation) => observation.block >= from && observation.block <= to);
  }
  async transfer(): Promise<{ txHash: string; block: number }> {
    throw new Error("the scripted chain does not fill");
  }
  async resume(): Promise<null> {
    return null;
  }
}

const preflight = (service: Service, origin: string) =>
  service.app.inject({
    method: "OPTIONS",
    url: "/quote/v2",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "content-type,x-api-key,authorization,relay-sdk-version",
    },
  });

describe("mock service: SDK compatibility surface", () => {
  let service: Service;
  afterEach(() => service?.close());

  describe("CORS", () => {
    it("answers a local dev server's preflight with the SDK's headers allowed", async () => {
      service = testService();
      for (const origin of ["http://localhost:5173", "http://127.0.0.1:4173", "https://localhost"]) {
        const res = await preflight(service, origin);
        expect(res.statusCode).to.equal(204);
        expect(res.headers["access-control-allow-origin"]).to.equal(origin);
        const allowed = String(res.headers["access-control-allow-headers"])
          .split(",")
          .map((name) => name.trim());
        expect(allowed).to.include.members([
          "content-type",
          "x-api-key",
          "authorization",
          "relay-sdk-version",
        ]);
      }
      const res = await service.app.inject({
        method: "GET",
        url: "/chains",
        headers: { origin: "http://localhost:5173" },
      });
      expect(res.headers["access-control-allow-origin"]).to.equal("http://localhost:5173");
    });

    it("attack: a foreign web page reading responses in a victim's browser gets no CORS grant", async () => {
      service = testService();
      // Look-alike hosts included: only an exact localhost / 127.0.0.1 host is local.
      for (const origin of [
        "https://evil.example",
        "http://localhost.evil.example",
        "http://127.0.0.1.evil.example:80",
      ]) {
        const res = await preflight(service, origin);
        expect(res.headers["access-control-allow-origin"], origin).to.equal(undefined);
        // A foreign origin is refused outright, before any route (browser-guard.ts).
        const get = await service.app.inject({ method: "GET", url: "/chains", headers: { origin } });
        expect(get.statusCode).to.equal(403);
        expect(JSON.parse(get.body).errorCode).to.equal("ORIGIN_NOT_ALLOWED");
        expect(get.headers["access-control-allow-origin"], origin).to.equal(undefined);
      }
    });

    it("configured origins replace the local default", async () => {
      service = testService({ corsOrigins: ["https://app.example"] });
      expect(
        (await preflight(service, "https://app.example")).headers["access-control-allow-origin"],
      ).to.equal("https://app.example");
      expect(
        (await preflight(service, "http://localhost:5173")).headers["access-control-allow-origin"],
      ).to.equal(undefined);
    });
  });

  describe("GET /chains", () => {
    it("describes each chain as configureDynamicChains() reads it, without an explorer, with its protocol.v2", async () => {
      service = testService({
        publicChains: [
          {
            id: 8453,
            name: "base",
            displayName: "Base (devnet)",
            vmType: "evm",
            httpRpcUrl: "http://127.0.0.1:8545",
            wsRpcUrl: "ws://127.0.0.1:8545",
            currency: { name: "Ether", symbol: "ETH", decimals: 18 },
          },
        ],
      });
      const res = await get(service, "/chains");
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        chains: [
          {
            id: 8453,
            name: "base",
            displayName: "Base (devnet)",
            httpRpcUrl: "http://127.0.0.1:8545",
            wsRpcUrl: "ws://127.0.0.1:8545",
            explorerUrl: "",
            explorerName: "",
            depositEnabled: true,
            disabled: false,
            vmType: "evm",
            currency: {
              id: "eth",
              name: "Ether",
              symbol: "ETH",
              decimals: 18,
              address: ETH,
              supportsBridging: true,
            },
            protocol: {
              v2: { chainId: "base", depository: "0x4cd00e387622c35bddb9b4c962c136462338bc31" },
            },
          },
        ],
      });
    });
    it("lists no chains when none are configured", async () => {
      service = testService();
      expect((await get(service, "/chains")).body).to.deep.equal({ chains: [] });
    });
  });

  describe("POST /transactions/index", () => {
    it("scans the chain at once: a landed deposit moves the request to depositing without a poll", async () => {
      const chain = new ScriptedChain();
      service = testService({ chains: [chain], indexerIntervalMs: 0, confirmations: { 1: 5 } });
      const requestId = await createRequest(service);
      const txHash = `0x${"12".repeat(32)}`;
      chain.landed.push({
        kind: "deposit",
        requestId,
        txHash,
        block: 1,
        timestamp: Math.floor(Date.now() / 1000),
        from: EVM_USER,
        currency: ETH,
        amount: "100000000000000000",
        status: "success",
        via: "transfer",
        position: "tx",
      });
      const status = async () =>
        (await get(service, `/intents/status/v3?requestId=${requestId}`)).body as {
          status: string;
          inTxHashes: string[];
        };
      expect((await status()).status).to.equal("waiting");
      const res = await post(service, "/transactions/index", { txHash, chainId: "1", referrer: "app" });
      expect(res.status, res.raw).to.equal(200);
      expect(res.body).to.deep.equal({ message: "Success", txHash, chainId: 1 });
      expect(chain.scans).to.be.greaterThan(0);
      const after = await status();
      expect(after.status).to.equal("depositing");
      expect(after.inTxHashes).to.deep.equal([txHash]);
    });
    it("typed errors: malformed hash or chain id (400 INVALID_REQUEST), a chain not indexed (400 UNSUPPORTED_CHAIN)", async () => {
      service = testService({ chains: [new ScriptedChain()], indexerIntervalMs: 0 });
      const hash = `0x${"12".repeat(32)}`;
      for (const body of [
        { txHash: "0x1234", chainId: "1" },
        { txHash: `${hash}00`, chainId: "1" },
        { txHash: hash, chainId: "0x1" },
        { txHash: hash, chainId: -1 },
        { txHash: hash },
      ]) {
        expectError(await post(service, "/transactions/index", body), 400, "INVALID_REQUEST");
      }
      expectError(
        await post(service, "/transactions/index", { txHash: hash, chainId: "10" }),
        400,
        "UNSUPPORTED_CHAIN",
      );
    });
    it("a service without chains indexes none (400 UNSUPPORTED_CHAIN)", async () => {
      service = testService();
      expectError(
        await post(service, "/transactions/index", { txHash: `0x${"12".repeat(32)}`, chainId: 1 }),
        400,
        "UNSUPPORTED_CHAIN",
      );
    });
  });

  describe("fast fill key, app balance list, activity events", () => {
    async function fundedDepositing(): Promise<string> {
      await linkSponsorshipWallet(service, sponsor);
      const input = encodeAppBalanceFundingCalldata({ solver: SOLVER, amount: 1_000_000_000n });
      await post(
        service,
        "/_mock/funding",
        {
          txHash: `0x${"34".repeat(32)}`,
          from: sponsor.address,
          to: BASE_USDC,
          input,
        },
        { "x-api-key": API_KEY },
      );
      const id = await createRequest(service);
      await post(
        service,
        `/_mock/requests/${id}/deposit`,
        { final: false, txHash: "0xdeposit" },
        { "x-api-key": API_KEY },
      );
      return id;
    }

    it("POST /fast-fill takes the key as x-api-key (what the SDK sends); a bad Authorization beside it is not overridden", async () => {
      service = testService();
      const id = await fundedDepositing();
      expectError(
        await post(
          service,
          "/fast-fill",
          { requestId: id },
          { authorization: "Basic abc", "x-api-key": API_KEY },
        ),
        401,
        "INVALID_AUTHORIZATION",
      );
      const res = await post(service, "/fast-fill", { requestId: id }, { "x-api-key": API_KEY });
      expect(res.status, res.raw).to.equal(200);
      expect((res.body as { status: string }).status).to.equal("filled");
    });

    it("the app balance is also listed under balances, equal to the top-level amount", async () => {
      service = testService();
      await fundedDepositing();
      const body = (await get(service, `/app-fees/${sponsor.address}/balances`)).body as {
        amount: string;
        balances: { amount: string; currency: unknown }[];
      };
      expect(body.amount).to.equal("1000000000");
      expect(body.balances).to.have.length(1);
      const { balances: _list, ...topLevel } = body;
      expect(body.balances[0]).to.deep.equal(topLevel);
    });

    it("emits quote, deposit, hold and fill events as they happen, and formats one line each", async () => {
      service = testService();
      const events: ActivityEvent[] = [];
      const unsubscribe = service.onActivity((event) => events.push(event));
      const id = await fundedDepositing();
      await post(service, "/fast-fill", { requestId: id }, { authorization: `Bearer ${API_KEY}` });
      await post(
        service,
        `/_mock/requests/${id}/deposit`,
        { final: true, txHash: "0xdeposit" },
        { "x-api-key": API_KEY },
      );
      await service.lifecycle.idle();
      unsubscribe();
      await createRequest(service);
      const kinds = events.map((event) => event.kind);
      expect(kinds.slice(0, 4)).to.deep.equal(["quote", "deposit", "hold", "fill"]);
      expect(kinds.at(-1)).to.equal("deposit");
      expect(events.every((event) => "requestId" in event && event.requestId === id)).to.equal(true);
      const quote = events[0] as Extract<ActivityEvent, { kind: "quote" }>;
      expect(quote).to.include({
        originChainId: 1,
        destinationChainId: 8453,
        symbolIn: "ETH",
        amountIn: "0.1",
      });
      const lines = events.map(formatActivity);
      expect(lines[0]).to.equal(`quote    ${id}  0.1 ETH (1) -> ${quote.amountOut} USDC (8453)`);
      expect(lines[2]).to.match(/^hold {5}.* 300 USD held on app balance of /);
      expect(lines.at(-1)).to.match(/^deposit {2}.* final on 1 {2}tx 0xdeposit$/);
    });

    it("one event per change: a deposit observed again on every scan is reported once seen and once final", async () => {
      service = testService();
      const events: ActivityEvent[] = [];
      service.onActivity((event) => events.push(event));
      const id = await createRequest(service);
      for (const final of [false, false, false, true, true]) {
        const res = await post(
          service,
          `/_mock/requests/${id}/deposit`,
          { final, txHash: "0xdeposit" },
          { "x-api-key": API_KEY },
        );
        expect(res.status, res.raw).to.equal(200);
      }
      await service.lifecycle.idle();
      const deposits = events.filter((event) => event.kind === "deposit").map(formatActivity);
      expect(deposits).to.have.length(2);
      expect(deposits[0]).to.match(/ seen on /);
      expect(deposits[1]).to.match(/ final on /);
    });

    it("a throwing listener does not break the request it observes", async () => {
      service = testService();
      service.onActivity(() => {
        throw new Error("listener bug");
      });
      const res = await post(service, "/quote/v2", {
        user: EVM_USER,
        originChainId: 1,
        destinationChainId: 8453,
        originCurrency: ETH,
        destinationCurrency: BASE_USDC,
        tradeType: "EXACT_INPUT",
        amount: "100000000000000000",
      });
      expect(res.status, res.raw).to.equal(200);
    });
  });
});
