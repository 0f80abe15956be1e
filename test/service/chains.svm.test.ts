/** The SVM chain adapter over LiteSVM: deposits seen on chain drive the status; fills land on chain. */

import {
  AccountRole,
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { expect } from "chai";
import { LiteSVM } from "litesvm";
import { SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../src/index.ts";
import { createSvmChainAdapter, type SvmChainAdapter } from "../../src/service/chains/svm.ts";
import type { Service } from "../../src/service/index.ts";
import { MEMO_PROGRAM, SYSTEM_PROGRAM } from "../../src/service/svm-route.ts";
import { BASE_USDC, ETH, EVM_RECIPIENT, EVM_USER, get, post, testService } from "./helpers.ts";

describe("SVM chain adapter on LiteSVM", () => {
  let service: Service;
  let svm: LiteSVM;
  let adapter: SvmChainAdapter;
  let solver: Awaited<ReturnType<typeof generateKeyPairSigner>>;

  before(async () => {
    svm = new LiteSVM();
    solver = await generateKeyPairSigner();
    svm.airdrop(solver.address, lamports(100_000_000_000n));
    adapter = createSvmChainAdapter({ svm, solver });
    service = testService({ chains: [adapter], svmSolverAddress: solver.address, indexerIntervalMs: 0 });
  });
  after(() => service.close());

  const status = async (id: string) =>
    (await get(service, `/intents/status/v3?requestId=${id}`)).body as { status: string; txHashes: string[] };

  it("a native SOL deposit tagged with a memo moves the request to success", async () => {
    const user = await generateKeyPairSigner();
    svm.airdrop(user.address, lamports(10_000_000_000n));
    const quote = await post(service, "/quote/v2", {
      user: user.address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: BASE_USDC,
      recipient: EVM_RECIPIENT,
      tradeType: "EXACT_INPUT",
      amount: "2000000000",
    });
    expect(quote.status, quote.raw).to.equal(200);
    const id = (quote.body as { steps: { requestId: string }[] }).steps[0]!.requestId;
    const data = new DataView(new ArrayBuffer(12));
    data.setUint32(0, 2, true);
    data.setBigUint64(4, 2_000_000_000n, true);
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(user, m),
      (m) => svm.setTransactionMessageLifetimeUsingLatestBlockhash(m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            {
              programAddress: SYSTEM_PROGRAM,
              accounts: [
                { address: user.address, role: AccountRole.WRITABLE_SIGNER, signer: user },
                { address: solver.address, role: AccountRole.WRITABLE },
              ],
              data: new Uint8Array(data.buffer),
            },
            {
              programAddress: MEMO_PROGRAM,
              accounts: [{ address: user.address, role: AccountRole.READONLY_SIGNER, signer: user }],
              data: new TextEncoder().encode(id),
            },
          ],
          m,
        ),
    );
    const { signature } = adapter.submit(await signTransactionMessageWithSigners(message));
    await service.indexer!.tick();
    await service.lifecycle.idle();
    const done = await status(id);
    expect(done.status).to.equal("success");
    expect(done.txHashes).to.include(signature);
  });

  it("the solver fills an SVM-destination request with a real transfer on LiteSVM", async () => {
    const recipient = (await generateKeyPairSigner()).address as Address;
    const quote = await post(service, "/quote/v2", {
      user: EVM_USER,
      originChainId: 1,
      destinationChainId: SVM_CHAIN_ID,
      originCurrency: ETH,
      destinationCurrency: SVM_NATIVE_TOKEN,
      recipient,
      tradeType: "EXACT_INPUT",
      amount: "100000000000000000",
    });
    const id = (quote.body as { steps: { requestId: string }[] }).steps[0]!.requestId;
    await post(service, `/_mock/requests/${id}/deposit`, { final: true });
    await service.lifecycle.idle();
    const done = await status(id);
    expect(done.status).to.equal("success");
    // 0.1 ETH (300 USD) minus fees, at 150 USD per SOL: about 2 SOL.
    const balance = svm.getBalance(recipient) ?? 0n;
    expect(balance > 1_900_000_000n && balance < 2_000_000_000n).to.equal(true);
  });
});
