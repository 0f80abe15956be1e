/**
 * The faucet's caps (`requestAirdrop`), on a clock the test moves: the per-request cap, the
 * per-recipient cap within a time slice, the counts restarting with the next slice, and a property
 * that no recipient ever receives more than the cap within one slice.
 */
import { expect } from "chai";
import fc from "fast-check";
import { RpcError } from "../../src/devnet/solana-rpc/errors.ts";
import { createFaucet } from "../../src/devnet/solana-rpc/faucet.ts";

const SOL = 1_000_000_000n;
const ALICE = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const BOB = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";

function refusal(grant: () => void): { code: number; message: string; faucetError: string } {
  try {
    grant();
  } catch (error) {
    expect(error).to.be.instanceOf(RpcError);
    const { code, message, data } = error as RpcError;
    return { code, message, faucetError: (data as { faucetError: string }).faucetError };
  }
  throw new Error("the faucet granted the airdrop");
}

describe("devnet faucet caps", () => {
  it("refuses an airdrop over the per-request cap as a validator does (-32603 Internal error)", () => {
    const faucet = createFaucet({ perRequestSol: 2, perTimeSliceSol: 100, timeSliceSeconds: 10 });
    expect(refusal(() => faucet.grant(ALICE, 3n * SOL))).to.deep.equal({
      code: -32603,
      message: "Internal error",
      faucetError: "request too large; req: ◎3, cap: ◎2",
    });
    // A refused request is not counted: the cap itself still passes.
    faucet.grant(ALICE, 2n * SOL);
  });

  it("caps what one recipient receives within a slice, and restarts the count with the next slice", () => {
    let clock = 1_000_000;
    const faucet = createFaucet({ perRequestSol: 3, perTimeSliceSol: 5, timeSliceSeconds: 10 }, () => clock);
    faucet.grant(ALICE, 3n * SOL);
    faucet.grant(ALICE, 2n * SOL);
    expect(refusal(() => faucet.grant(ALICE, SOL / 2n))).to.deep.equal({
      code: -32603,
      message: "Internal error",
      faucetError: `limit reached; req: ◎0.5, to: ${ALICE}, current: ◎5.5, cap: ◎5`,
    });
    // Another recipient has its own count.
    faucet.grant(BOB, 3n * SOL);
    clock += 9_999;
    expect(refusal(() => faucet.grant(ALICE, 1n)).faucetError).to.match(/^limit reached/);
    clock += 1;
    faucet.grant(ALICE, 3n * SOL);
  });

  it("rejects limits that are not amounts", () => {
    expect(() => createFaucet({ perRequestSol: -1, perTimeSliceSol: 1, timeSliceSeconds: 1 })).to.throw(
      RangeError,
    );
    expect(() => createFaucet({ perRequestSol: 1, perTimeSliceSol: 1, timeSliceSeconds: 0 })).to.throw(
      RangeError,
    );
  });

  it("property: within any slice no recipient receives more than the cap, and a fitting request is granted", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            recipient: fc.constantFrom(ALICE, BOB),
            lamports: fc.bigInt({ min: 1n, max: 4n * SOL }),
            advanceMs: fc.integer({ min: 0, max: 4_000 }),
          }),
          { maxLength: 60 },
        ),
        (requests) => {
          let clock = 0;
          const faucet = createFaucet(
            { perRequestSol: 3, perTimeSliceSol: 7, timeSliceSeconds: 10 },
            () => clock,
          );
          const given = new Map<string, bigint>();
          for (const { recipient, lamports, advanceMs } of requests) {
            clock += advanceMs;
            const key = `${Math.floor(clock / 10_000)}:${recipient}`;
            const before = given.get(key) ?? 0n;
            const fits = lamports <= 3n * SOL && before + lamports <= 7n * SOL;
            let granted = true;
            try {
              faucet.grant(recipient, lamports);
            } catch {
              granted = false;
            }
            expect(granted).to.equal(fits);
            if (granted) given.set(key, before + lamports);
          }
        },
      ),
    );
  });
});
