/** Fast fill, holds, app balances, signature, status lifecycle, sponsorship linking (spec 3, 4.4-4.7, 5). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import { encodeAppBalanceFundingCalldata, SVM_CHAIN_ID, verifyAttestation } from "../../src/index.ts";
import { hashApiKey, type Service, sponsorshipLinkMessage } from "../../src/service/index.ts";
import {
  API_KEY,
  BASE_USDC,
  createRequest,
  EVM_RECIPIENT,
  expectError,
  get,
  linkSponsorshipWallet,
  OTHER_KEY,
  post,
  SOLVER,
  SPONSOR_KEY,
  SVM_USER,
  testService,
} from "./helpers.ts";

const sponsor = privateKeyToAccount(SPONSOR_KEY);
const bearer = (key = API_KEY) => ({ authorization: `Bearer ${key}` });
/** 0.1 ETH at the mock's 3000 USD. */
const REQUEST_USD_MICRO = 300_000_000n;

function link(service: Service, key = API_KEY, account = sponsor) {
  return linkSponsorshipWallet(service, account, key);
}

let fundingNonce = 0;
async function fund(service: Service, microUsd: bigint, from = sponsor.address, credit?: string) {
  const input = encodeAppBalanceFundingCalldata({
    solver: SOLVER,
    amount: microUsd,
    ...(credit ? { credit } : {}),
  });
  const txHash = `0x${(++fundingNonce).toString(16).padStart(64, "0")}`;
  const res = await post(
    service,
    "/_mock/funding",
    { txHash, from, to: BASE_USDC, input },
    { "x-api-key": API_KEY },
  );
  expect(res.status, res.raw).to.equal(200);
  return { txHash, input, body: res.body as { credited: { wallet: string; amount: string } | null } };
}

async function balance(service: Service, wallet = sponsor.address): Promise<bigint> {
  const res = await get(service, `/app-fees/${wallet}/balances`);
  expect(res.status, res.raw).to.equal(200);
  return BigInt((res.body as { amount: string }).amount);
}

async function depositing(service: Service, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = await createRequest(service, overrides);
  const res = await post(
    service,
    `/_mock/requests/${id}/deposit`,
    { final: false },
    { "x-api-key": API_KEY },
  );
  expect((res.body as { status: string }).status).to.equal("depositing");
  return id;
}

describe("fast fill and app balances", () => {
  let service: Service;
  let clock: number;

  beforeEach(() => {
    clock = Date.UTC(2026, 5, 1);
    service = testService({ now: () => clock, holdTimeoutMs: 60_000 });
  });
  afterEach(() => service.close());

  describe("app balance funding (4.6)", () => {
    it("credits funding transfers to the solver on 8453, once per transaction", async () => {
      const { txHash, input } = await fund(service, 5_000_000n);
      expect(await balance(service)).to.equal(5_000_000n);
      await post(
        service,
        "/_mock/funding",
        { txHash, from: sponsor.address, to: BASE_USDC, input },
        { "x-api-key": API_KEY },
      );
      expect(await balance(service)).to.equal(5_000_000n);
    });
    it("credits the address in the calldata when it is not zero", async () => {
      await fund(service, 7_000_000n, sponsor.address, EVM_RECIPIENT);
      expect(await balance(service, EVM_RECIPIENT)).to.equal(7_000_000n);
      expect(await balance(service)).to.equal(0n);
    });
    it("ignores transfers to another solver and calldata without the markers", async () => {
      const other = encodeAppBalanceFundingCalldata({ solver: EVM_RECIPIENT, amount: 1_000_000n });
      const res = await post(
        service,
        "/_mock/funding",
        {
          txHash: "0x01",
          from: sponsor.address,
          to: BASE_USDC,
          input: other,
        },
        { "x-api-key": API_KEY },
      );
      expect((res.body as { credited: unknown }).credited).to.equal(null);
      const plain = await post(
        service,
        "/_mock/funding",
        {
          txHash: "0x02",
          from: sponsor.address,
          to: BASE_USDC,
          input: other.slice(0, 138),
        },
        { "x-api-key": API_KEY },
      );
      expect((plain.body as { credited: unknown }).credited).to.equal(null);
      expect(await balance(service)).to.equal(0n);
    });
    it("rejects malformed wallet addresses with 400", async () => {
      expectError(await get(service, "/app-fees/0x1234/balances"), 400);
      expectError(await get(service, `/app-fees/${SVM_USER}/balances`), 400, "ADDRESS_VM_MISMATCH");
    });
  });

  describe("sponsorship wallet linking (5)", () => {
    it("requires the wallet's EIP-191 signature over the message naming the key hash", async () => {
      const message = sponsorshipLinkMessage(hashApiKey(API_KEY));
      expect(message).not.to.contain(API_KEY);
      const wrongKey = await sponsor.signMessage({ message: sponsorshipLinkMessage(hashApiKey(OTHER_KEY)) });
      expectError(
        await post(
          service,
          "/_mock/sponsorship-wallets",
          { wallet: sponsor.address, signature: wrongKey },
          bearer(),
        ),
        400,
        "INVALID_LINK_SIGNATURE",
      );
      const otherSigner = await privateKeyToAccount(`0x${"11".repeat(32)}`).signMessage({ message });
      expectError(
        await post(
          service,
          "/_mock/sponsorship-wallets",
          { wallet: sponsor.address, signature: otherSigner },
          bearer(),
        ),
        400,
        "INVALID_LINK_SIGNATURE",
      );
      expectError(
        await post(service, "/_mock/sponsorship-wallets", { wallet: sponsor.address, signature: wrongKey }),
        401,
      );
      const served = await get(service, "/_mock/sponsorship-wallets/message", { "x-api-key": API_KEY });
      expect((served.body as { message: string }).message).to.equal(message);
      await link(service);
    });
  });

  describe("POST /fast-fill (3, 4.4)", () => {
    it("401 without a key, with a wrong key (Bearer or x-api-key), or a malformed Authorization", async () => {
      const id = await depositing(service);
      expectError(await post(service, "/fast-fill", { requestId: id }), 401, "MISSING_API_KEY");
      expectError(
        await post(service, "/fast-fill", { requestId: id }, bearer("nope-key")),
        401,
        "INVALID_API_KEY",
      );
      expectError(
        await post(service, "/fast-fill", { requestId: id }, { authorization: API_KEY }),
        401,
        "INVALID_AUTHORIZATION",
      );
      expectError(
        await post(service, "/fast-fill", { requestId: id }, { "x-api-key": "nope-key" }),
        401,
        "INVALID_API_KEY",
      );
    });
    it("403 without a linked sponsorship wallet", async () => {
      const id = await depositing(service);
      expectError(
        await post(service, "/fast-fill", { requestId: id }, bearer()),
        403,
        "SPONSORSHIP_WALLET_NOT_LINKED",
      );
    });
    it("404 for an unknown request, 409 before the origin transaction is seen", async () => {
      await link(service);
      await fund(service, 1_000_000_000n);
      expectError(
        await post(service, "/fast-fill", { requestId: `0x${"ab".repeat(32)}` }, bearer()),
        404,
        "REQUEST_NOT_FOUND",
      );
      const waiting = await createRequest(service);
      expectError(
        await post(service, "/fast-fill", { requestId: waiting }, bearer()),
        409,
        "ORIGIN_TX_NOT_SUBMITTED",
      );
    });
    it("fills at once, places a hold, and the indexed deposit releases it", async () => {
      await link(service);
      await fund(service, 1_000_000_000n);
      const id = await depositing(service);
      const res = await post(service, "/fast-fill", { requestId: id }, bearer());
      expect(res.status, res.raw).to.equal(200);
      const body = res.body as { status: string; fillTxHash: string; hold: { amount: string } };
      expect(body.status).to.equal("filled");
      expect(BigInt(body.hold.amount)).to.equal(REQUEST_USD_MICRO);
      expect(await balance(service)).to.equal(1_000_000_000n - REQUEST_USD_MICRO);
      const status = (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
        status: string;
        txHashes: string[];
      };
      expect(status.status).to.equal("success");
      expect(status.txHashes[0]).to.equal(body.fillTxHash);
      const listed = await get(service, `/requests/v3?id=${id}&features=fast_fill`, { "x-api-key": API_KEY });
      const record = (listed.body as { requests: { data: { triggeredByFastFill: boolean } }[] }).requests[0]!;
      expect(record.data.triggeredByFastFill).to.equal(true);
      // Same request again: not before finality any more.
      expectError(await post(service, "/fast-fill", { requestId: id }, bearer()), 409);
      // Deposit lands and is indexed: hold released, no second fill.
      await post(service, `/_mock/requests/${id}/deposit`, { final: true }, { "x-api-key": API_KEY });
      expect(await balance(service)).to.equal(1_000_000_000n);
      const after = (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
        status: string;
        txHashes: string[];
      };
      expect(after.status).to.equal("success");
      expect(after.txHashes.filter((h) => h === body.fillTxHash)).to.have.length(1);
    });
    it("a deposit that never lands turns the hold into a permanent debit after the timeout", async () => {
      await link(service);
      await fund(service, 1_000_000_000n);
      const id = await depositing(service);
      await post(service, "/fast-fill", { requestId: id }, bearer());
      clock += 59_000;
      expect((await post(service, "/_mock/holds/settle", {}, { "x-api-key": API_KEY })).body).to.deep.equal({
        debited: [],
      });
      clock += 2_000;
      expect((await post(service, "/_mock/holds/settle", {}, { "x-api-key": API_KEY })).body).to.deep.equal({
        debited: [id],
      });
      expect(await balance(service)).to.equal(1_000_000_000n - REQUEST_USD_MICRO);
      // A late deposit does not undo a permanent debit.
      await post(service, `/_mock/requests/${id}/deposit`, { final: true }, { "x-api-key": API_KEY });
      expect(await balance(service)).to.equal(1_000_000_000n - REQUEST_USD_MICRO);
      const snapshot = service.ledger.snapshot(sponsor.address);
      expect(snapshot.debited).to.equal(REQUEST_USD_MICRO);
      expect(snapshot.held).to.equal(0n);
    });
    it("maxFillAmountUsd: skipped without a hold when the request is worth more", async () => {
      await link(service);
      await fund(service, 1_000_000_000n);
      const id = await depositing(service);
      const res = await post(service, "/fast-fill", { requestId: id, maxFillAmountUsd: 299.99 }, bearer());
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ status: "skipped", fillTxHash: null, hold: null });
      expect(await balance(service)).to.equal(1_000_000_000n);
      const ok = await post(service, "/fast-fill", { requestId: id, maxFillAmountUsd: 300 }, bearer());
      expect((ok.body as { status: string }).status).to.equal("filled");
    });
    it("solverInputCurrencyAmount sets the fill input and the hold; above the request amount is 400", async () => {
      await link(service);
      await fund(service, 1_000_000_000n);
      const id = await depositing(service);
      expectError(
        await post(
          service,
          "/fast-fill",
          { requestId: id, solverInputCurrencyAmount: "100000000000000001" },
          bearer(),
        ),
        400,
        "INVALID_SOLVER_INPUT_AMOUNT",
      );
      const res = await post(
        service,
        "/fast-fill",
        { requestId: id, solverInputCurrencyAmount: "50000000000000000" },
        bearer(),
      );
      expect((res.body as { hold: { amount: string } }).hold.amount).to.equal("150000000");
    });
    it("402 when the available balance (after holds) is too low", async () => {
      await link(service);
      await fund(service, 400_000_000n);
      const first = await depositing(service);
      const second = await depositing(service);
      expect((await post(service, "/fast-fill", { requestId: first }, bearer())).status).to.equal(200);
      expectError(
        await post(service, "/fast-fill", { requestId: second }, bearer()),
        402,
        "INSUFFICIENT_APP_BALANCE",
      );
    });
    it("holds reduce what claims may use but do not block fee sponsorship deductions", async () => {
      await link(service);
      await fund(service, 400_000_000n);
      await post(service, "/fast-fill", { requestId: await depositing(service) }, bearer());
      expectError(
        await post(
          service,
          `/_mock/app-balances/${sponsor.address}/claim`,
          { amount: "100000001" },
          { "x-api-key": API_KEY },
        ),
        402,
        "INSUFFICIENT_APP_BALANCE",
      );
      expect(
        (
          await post(
            service,
            `/_mock/app-balances/${sponsor.address}/claim`,
            { amount: "50000000" },
            { "x-api-key": API_KEY },
          )
        ).status,
      ).to.equal(200);
      // 350 USD balance, 300 held: a 340 USD sponsorship deduction still goes through.
      service.ledger.deductSponsorship(sponsor.address, 340_000_000n, "0xsponsored");
      expect(() => service.ledger.deductSponsorship(sponsor.address, 20_000_000n, "0xsponsored2")).to.throw(
        "sponsorship needs",
      );
      expect(await balance(service)).to.equal(0n);
    });
    it("1,000 parallel fast fills never overdraw the app balance", async function () {
      this.timeout(60_000);
      await link(service);
      const fills = 137;
      await fund(service, REQUEST_USD_MICRO * BigInt(fills) + 1n);
      const ids: string[] = [];
      for (let i = 0; i < 1000; i++) ids.push(await depositing(service));
      const results = await Promise.all(
        ids.map((requestId) => post(service, "/fast-fill", { requestId }, bearer())),
      );
      const filled = results.filter((r) => r.status === 200);
      const refused = results.filter((r) => r.status === 402);
      expect(filled).to.have.length(fills);
      expect(refused).to.have.length(1000 - fills);
      for (const r of refused) expectError(r, 402, "INSUFFICIENT_APP_BALANCE");
      const snapshot = service.ledger.snapshot(sponsor.address);
      expect(snapshot.available).to.equal(1n);
      expect(snapshot.held).to.equal(REQUEST_USD_MICRO * BigInt(fills));
    });
  });

  describe("status lifecycle (3, 4.5)", () => {
    it("waiting -> depositing -> pending -> success, destination hash first", async () => {
      const id = await createRequest(service);
      const status = async () =>
        (await get(service, `/intents/status/v3?requestId=${id}`)).body as {
          status: string;
          txHashes: string[];
          inTxHashes: string[];
        };
      expect((await status()).status).to.equal("waiting");
      await post(
        service,
        `/_mock/requests/${id}/deposit`,
        { final: false, txHash: "0xdeposit" },
        { "x-api-key": API_KEY },
      );
      expect((await status()).status).to.equal("depositing");
      await post(
        service,
        `/_mock/requests/${id}/deposit`,
        { final: true, txHash: "0xdeposit" },
        { "x-api-key": API_KEY },
      );
      await service.lifecycle.idle();
      const done = await status();
      expect(done.status).to.equal("success");
      expect(done.txHashes).to.have.length(1);
      expect(done.txHashes).to.not.include("0xdeposit");
      expect(done.inTxHashes).to.deep.equal(["0xdeposit"]);
    });
    it("a short deposit is refunded with DEPOSITED_AMOUNT_TOO_LOW_TO_FILL", async () => {
      const id = await createRequest(service);
      await post(
        service,
        `/_mock/requests/${id}/deposit`,
        { final: true, amount: "1" },
        { "x-api-key": API_KEY },
      );
      await service.lifecycle.idle();
      const listed = await get(service, `/requests/v3?id=${id}`, { "x-api-key": API_KEY });
      const record = (listed.body as { requests: { status: string; data: { failReason: string } }[] })
        .requests[0]!;
      expect(record.status).to.equal("refund");
      expect(record.data.failReason).to.equal("DEPOSITED_AMOUNT_TOO_LOW_TO_FILL");
    });
    it("400 for a malformed id and 404 for an unknown one", async () => {
      expectError(await get(service, "/intents/status/v3?requestId=0x12"), 400);
      expectError(await get(service, "/intents/status/v3"), 400);
      expectError(
        await get(service, `/intents/status/v3?requestId=0x${"cd".repeat(32)}`),
        404,
        "REQUEST_NOT_FOUND",
      );
    });
  });

  describe("GET /requests/{id}/signature (4.7)", () => {
    it("signs with the solver key; verifyAttestation accepts it (EVM and SVM destinations)", async () => {
      for (const overrides of [
        {},
        {
          destinationChainId: SVM_CHAIN_ID,
          destinationCurrency: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
          recipient: SVM_USER,
        },
      ]) {
        const id = await createRequest(service, overrides);
        const res = await get(service, `/requests/${id}/signature`);
        expect(res.status, res.raw).to.equal(200);
        const { requestData, signature } = res.body as {
          requestData: Parameters<typeof verifyAttestation>[0]["requestData"];
          signature: `0x${string}`;
        };
        expect(await verifyAttestation({ requestId: id, requestData, signature, solver: SOLVER })).to.equal(
          true,
        );
        expect(
          await verifyAttestation({
            requestId: id,
            requestData: { ...requestData, originAmount: "1" },
            signature,
            solver: SOLVER,
          }),
        ).to.equal(false);
      }
    });
    it("400 for a malformed id, 404 for an unknown one", async () => {
      expectError(await get(service, "/requests/0xzz/signature"), 400);
      expectError(await get(service, `/requests/0x${"ef".repeat(32)}/signature`), 404, "REQUEST_NOT_FOUND");
    });
  });
});

describe("durability of a file database", () => {
  it("a restart loses no acknowledged write (requests, credits, holds, links)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "attestkit-service-"));
    const db = join(dir, "service.sqlite");
    try {
      const first = testService({ db, newDb: true });
      await link(first);
      await fund(first, 900_000_000n);
      const id = await depositing(first);
      expect((await post(first, "/fast-fill", { requestId: id }, bearer())).status).to.equal(200);
      const cursor = (await get(first, "/requests/v3?limit=1", { "x-api-key": API_KEY })).body as {
        continuation: string | null;
      };
      // A second process opening the same file while the first still runs sees every acknowledged write.
      const concurrent = testService({ db });
      expect(await balance(concurrent)).to.equal(900_000_000n - REQUEST_USD_MICRO);
      await concurrent.close();
      await first.close();
      const second = testService({ db });
      try {
        expect(await balance(second)).to.equal(900_000_000n - REQUEST_USD_MICRO);
        const status = (await get(second, `/intents/status/v3?requestId=${id}`)).body as { status: string };
        expect(status.status).to.equal("success");
        expect(
          (await post(second, "/fast-fill", { requestId: await depositing(second) }, bearer())).status,
        ).to.equal(200);
        expect(cursor.continuation).to.equal(null);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
