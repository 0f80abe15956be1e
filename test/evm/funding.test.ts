// App-balance funding (spec 4.6) on a chain with id 8453: the TS library's calldata moves the tokens
// and the tag stays readable from the transaction input.
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { network } from "hardhat";
import { getAddress, type Hex } from "viem";
import {
  APP_BALANCE_CHAIN_ID,
  decodeAppBalanceFundingCalldata,
  encodeAppBalanceFundingCalldata,
} from "../../src/index.ts";

type FundingVector = { name: string; solver: string; amount: string; credit: string | null; calldata: Hex };
const vectors = (
  JSON.parse(readFileSync(new URL("../vectors/funding.json", import.meta.url), "utf8")) as {
    vectors: FundingVector[];
  }
).vectors;

const { viem } = await network.create({ override: { chainId: APP_BALANCE_CHAIN_ID } });
const publicClient = await viem.getPublicClient();
const [funder] = await viem.getWalletClients();
if (!funder) throw new Error("need an account");

describe(`EVM: app-balance funding transfers on chain ${APP_BALANCE_CHAIN_ID}`, () => {
  it("runs on a chain whose id is 8453", async () => {
    expect(await publicClient.getChainId()).to.equal(8453);
  });

  for (const v of vectors) {
    it(`${v.name}: moves the tokens to the solver and the tag decodes from the tx input`, async () => {
      const token = await viem.deployContract("MockERC20", ["USD Coin", "USDC", 6]);
      const amount = BigInt(v.amount);
      await token.write.mint([funder.account.address, amount]);
      const calldata = encodeAppBalanceFundingCalldata({
        solver: v.solver,
        amount: v.amount,
        credit: v.credit,
      });
      expect(calldata).to.equal(v.calldata.toLowerCase());

      const before = await token.read.balanceOf([getAddress(v.solver)]);
      const hash = await funder.sendTransaction({ to: token.address, data: calldata });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      expect(receipt.status).to.equal("success");
      expect((await token.read.balanceOf([getAddress(v.solver)])) - before).to.equal(amount);

      const tx = await publicClient.getTransaction({ hash });
      const decoded = decodeAppBalanceFundingCalldata(tx.input);
      expect(decoded).to.not.equal(null);
      expect(decoded!.solver).to.equal(getAddress(v.solver));
      expect(decoded!.amount).to.equal(amount);
      expect(decoded!.credit).to.equal(v.credit === null ? null : getAddress(v.credit));
    });
  }
});
