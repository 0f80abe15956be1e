/**
 * The mock service's SVM adapter reaches the devnet's chain in process (`svm-in-process-transport.ts`):
 * every answer, errors included, must be what kit reads over HTTP from the same chain, u64 integers as
 * bigints included, or the adapter would see another chain than every other client.
 */

import { createSolanaRpc, createSolanaRpcFromTransport, generateKeyPairSigner, lamports } from "@solana/kit";
import { expect } from "chai";
import fc from "fast-check";
import { LiteSVM } from "litesvm";
import { createSvmLedger, serveSolanaRpc } from "../../src/devnet/solana-rpc/index.ts";
import { inProcessSolanaTransport } from "../../src/devnet/svm-in-process-transport.ts";
import { TOKEN_PROGRAM } from "../../src/service/svm-route.ts";

describe("devnet SVM chain, in process for the mock service", () => {
  let ledger: ReturnType<typeof createSvmLedger>;
  let server: Awaited<ReturnType<typeof serveSolanaRpc>>;
  let owner: Awaited<ReturnType<typeof generateKeyPairSigner>>;
  before(async () => {
    const svm = new LiteSVM();
    owner = await generateKeyPairSigner();
    svm.airdrop(owner.address, lamports(123_456_789_012n));
    ledger = createSvmLedger({ svm, slotTimeMs: 60_000 });
    server = await serveSolanaRpc({ ledger });
  });
  after(async () => {
    await server.close();
    ledger.close();
  });

  const both = () => ({
    http: createSolanaRpc(server.rpcUrl),
    local: createSolanaRpcFromTransport(inProcessSolanaTransport(server.provider)),
  });
  const settle = <T>(request: { send(): Promise<T> }) =>
    request.send().then(
      (value) => ({ value }),
      (error: { context?: unknown; message?: string }) => ({
        error: { context: error.context, message: error.message },
      }),
    );

  it("answers reads as HTTP does: slots, balances and accounts with u64s as bigints", async () => {
    const { http, local } = both();
    expect(await local.getSlot().send()).to.equal(await http.getSlot().send());
    const balance = await local.getBalance(owner.address).send();
    expect(balance.value).to.equal(123_456_789_012n);
    expect(balance).to.deep.equal(await http.getBalance(owner.address).send());
    expect(await local.getAccountInfo(owner.address, { encoding: "base64" }).send()).to.deep.equal(
      await http.getAccountInfo(owner.address, { encoding: "base64" }).send(),
    );
    expect(
      await local
        .getTokenAccountsByOwner(owner.address, { programId: TOKEN_PROGRAM }, { encoding: "base64" })
        .send(),
    ).to.deep.equal(
      await http
        .getTokenAccountsByOwner(owner.address, { programId: TOKEN_PROGRAM }, { encoding: "base64" })
        .send(),
    );
  });

  it("answers a refused request with the error HTTP gets", async () => {
    const { http, local } = both();
    const bad = "not-an-address" as never;
    const overLocal = await settle(local.getBalance(bad));
    expect(overLocal).to.have.property("error");
    expect(overLocal).to.deep.equal(await settle(http.getBalance(bad)));
  });

  it("property: getSignaturesForAddress with any limit answers as over HTTP", async () => {
    const { http, local } = both();
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 1n, max: 1000n }), async (limit) => {
        const options = { limit: Number(limit) };
        expect(await settle(local.getSignaturesForAddress(owner.address, options))).to.deep.equal(
          await settle(http.getSignaturesForAddress(owner.address, options)),
        );
      }),
      { numRuns: 25 },
    );
  });
});
