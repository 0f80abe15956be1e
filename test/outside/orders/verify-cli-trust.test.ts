/**
 * `attestkit verify` trusted as an outsider trusts it: the CLI in its own process against devnets
 * started here on free ports. A v2 request verifies with `--config devnet.json` alone and with
 * `--service` alone (the RPC URLs come from GET /chains). Against a service that lies (a proxy in
 * front of the devnet's service rewriting what GET /requests/v3 lists), the CLI trusts the chains
 * and the order, never the listing: a 1-wei refund of a deposit paid through `OrderGatedDepositor`
 * (the depository reached by a contract) fails, a deposit under another order id lowers no refund
 * floor, and a fill listed on a chain the order does not name is read on the order's chain.
 * Connection errors are one line with exit 2.
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { encodeFunctionData, type Hex, parseEther, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { evmDevAccount } from "../../../src/devnet/accounts.ts";
import type { EvmDevChain } from "../../../src/devnet/evm-chain.ts";
import { sendQuotedEvmSteps, submitQuotedSvmDeposit } from "../../../src/devnet/quoted-steps.ts";
import { RELAY_DEPOSITORY_ABI, SVM_CHAIN_ID, SVM_NATIVE_TOKEN } from "../../../src/index.ts";
import { type E2e, evmUser, startE2e, waitForStatus } from "../../e2e/fixture.ts";
import { freePort } from "../free-port.ts";
import {
  closeServer,
  codesOf,
  configFile,
  lyingService,
  type OrderQuote,
  quote,
  report,
  requestIdOf,
  rpcFlags,
  send,
  tamperedGateRefund,
  verifyCli,
} from "./verify-fixture.ts";

const verify = verifyCli("src/cli.ts");

describe("outside: attestkit verify on a v2 devnet, from --config or --service alone", function () {
  this.timeout(300_000);
  let e2e: E2e;
  let config: string;
  let requestId: string;

  before(async () => {
    e2e = await startE2e({ orderVersion: "v2" });
    config = await configFile(e2e);
    const q = await quote(e2e, parseEther("0.2"));
    expect(q.protocol.v2.orderData.version).to.equal("v2");
    await sendQuotedEvmSteps(evmUser(e2e.devnet.evmChain(8453), "alice"), q);
    await e2e.devnet.evmChain(8453).mine();
    requestId = requestIdOf(q);
    await waitForStatus(e2e, requestId, "success");
  });
  after(() => e2e?.close());

  it("a v2 request verifies with --config devnet.json alone: every leg holds, exit 0", async () => {
    const run = await verify(requestId, "--config", config, "--json");
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    const parsed = report(run);
    expect(parsed.legs.map((leg) => [leg.leg, leg.chainId, leg.ok])).to.deep.equal([
      ["order", null, true],
      ["deposit", 8453, true],
      ["fill", 10, true],
    ]);
    const amount = parsed.legs[1]?.checks.find((check) => check.check === "amount");
    expect(amount?.detail).to.match(/deposited 200000000000000000 .* under the order id/);
  });

  it("--service alone reads the chains' RPC URLs from GET /chains, exit 0", async () => {
    const run = await verify(requestId, "--service", e2e.devnet.serviceUrl);
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    expect(run.stdout).to.match(/verified: every check of both legs holds/);
  });

  it("a v2 request paid on the SVM chain: the deposit measured from the depository's instruction under the order id, exit 0", async () => {
    const { svm } = e2e.devnet;
    const amount = 2n * 10n ** 9n;
    const q = (await e2e.client.quoteV2({
      user: svm.accounts.alice.address,
      recipient: evmDevAccount("bob").address,
      originChainId: SVM_CHAIN_ID,
      destinationChainId: 8453,
      originCurrency: SVM_NATIVE_TOKEN,
      destinationCurrency: zeroAddress,
      amount: amount.toString(),
      tradeType: "EXACT_INPUT",
      includeProtocolData: true,
    })) as OrderQuote;
    await submitQuotedSvmDeposit(svm, svm.accounts.alice, q);
    const id = requestIdOf(q);
    await waitForStatus(e2e, id, "success");
    const run = await verify(id, "--config", config, "--json");
    expect(run.code, run.stdout + run.stderr).to.equal(0);
    const deposit = report(run).legs[1];
    expect(deposit).to.deep.include({ leg: "deposit", chainId: SVM_CHAIN_ID, ok: true });
    expect(deposit?.checks.find((check) => check.check === "amount")?.detail).to.match(
      new RegExp(`deposited ${amount} of 0x0{64} under the order id`),
    );
  });

  it("an unreachable chain RPC is one line and exit 2, not a stack trace", async () => {
    const closed = await freePort();
    const run = await verify(
      requestId,
      "--service",
      e2e.devnet.serviceUrl,
      ...rpcFlags(e2e),
      "--rpc",
      `10=http://127.0.0.1:${closed}`,
    );
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr.trim().split("\n")).to.have.length(1);
    expect(run.stderr).to.match(/^attestkit verify: cannot read chain 10 at http:\/\/127\.0\.0\.1:\d+: /);
  });

  it("an RPC URL that serves another chain is refused in one line, exit 2", async () => {
    const base = e2e.devnet.evmChain(8453).rpcUrl;
    const run = await verify(
      requestId,
      "--service",
      e2e.devnet.serviceUrl,
      ...rpcFlags(e2e),
      "--rpc",
      `10=${base}`,
    );
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr).to.match(/^attestkit verify: the RPC URL of chain 10 \(.+\) serves chain 8453\n$/);
  });

  it("an unreachable service is one line and exit 2", async () => {
    const run = await verify(requestId, "--service", `http://127.0.0.1:${await freePort()}`);
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr).to.match(/^attestkit verify: cannot reach http:\/\/127\.0\.0\.1:\d+\/requests\/v3/);
  });

  it("a --config file that is not a devnet's --config-out is a usage error, exit 2", async () => {
    const run = await verify(requestId, "--config", join(tmpdir(), "no-such-devnet.json"));
    expect(run.code, run.stderr).to.equal(2);
    expect(run.stderr).to.match(/^attestkit verify: --config .+ \(see attestkit verify --help\)\n$/);
  });
});

describe("outside: attestkit verify trusts the chains and the order, not the service's listing", function () {
  this.timeout(300_000);
  let e2e: E2e;
  let base: EvmDevChain;

  before(async () => {
    e2e = await startE2e();
    base = e2e.devnet.evmChain(8453);
  });
  after(() => e2e?.close());

  it("a 1-wei refund of a gate-paid deposit fails REFUND_BELOW_MINIMUM, exit 1; the honest refund verifies, its deposit measured from the depository's event", async () => {
    const amount = parseEther("0.5");
    const { requestId, tampered } = await tamperedGateRefund(e2e, amount);
    const lying = await lyingService(e2e.devnet.serviceUrl, (data) => {
      for (const tx of data.outTxs) if (tx.type === "refund") tx.txHash = tampered;
    });
    try {
      const run = await verify(requestId, "--service", lying.url, ...rpcFlags(e2e), "--json");
      expect(run.code, run.stdout + run.stderr).to.equal(1);
      expect(codesOf(run)).to.deep.equal([
        ["order", []],
        ["deposit", []],
        ["refund", ["REFUND_BELOW_MINIMUM"]],
      ]);
    } finally {
      await closeServer(lying.server);
    }

    // The honest refund the service lists verifies, its deposit measured under the order id.
    const honest = await verify(requestId, "--service", e2e.devnet.serviceUrl, ...rpcFlags(e2e), "--json");
    expect(honest.code, honest.stdout + honest.stderr).to.equal(0);
    const deposit = report(honest).legs[1];
    expect(deposit?.checks.find((check) => check.check === "amount")?.detail).to.match(
      new RegExp(`deposited ${amount} of 0x0{40} under the order id`),
    );
  });

  it("a deposit listed for the request that pays another order id fails DEPOSIT_NOT_UNDER_ORDER_ID and lowers no refund floor", async () => {
    const amount = parseEther("0.3");
    await e2e.devnet.scenarios.add({
      match: { minAmount: amount.toString(), maxAmount: amount.toString() },
      outcome: "refund",
    });
    const q = await quote(e2e, amount);
    await sendQuotedEvmSteps(evmUser(base, "alice"), q);
    await base.mine();
    const requestId = requestIdOf(q);
    await waitForStatus(e2e, requestId, "refund");

    // A small deposit into the depository under another id, and a refund of the same small share.
    const alice = evmUser(base, "alice");
    const small = amount / 100n;
    const otherId = `0x${"ab".repeat(32)}` as Hex;
    const elsewhere = await send(
      alice,
      base.depository,
      small,
      encodeFunctionData({
        abi: RELAY_DEPOSITORY_ABI,
        functionName: "depositNative",
        args: [alice.address, otherId],
      }),
    );
    const smallRefund = await send(evmUser(base, "carol"), alice.address, small, q.protocol.v2.orderId);
    await base.mine();
    const lying = await lyingService(e2e.devnet.serviceUrl, (data) => {
      for (const tx of data.inTxs) if (tx.type === "deposit") tx.txHash = elsewhere;
      for (const tx of data.outTxs) if (tx.type === "refund") tx.txHash = smallRefund;
    });
    try {
      const run = await verify(requestId, "--service", lying.url, ...rpcFlags(e2e), "--json");
      expect(run.code, run.stdout + run.stderr).to.equal(1);
      expect(codesOf(run)).to.deep.equal([
        ["order", []],
        ["deposit", ["DEPOSIT_NOT_UNDER_ORDER_ID"]],
        ["refund", ["REFUND_BELOW_MINIMUM"]],
      ]);
    } finally {
      await closeServer(lying.server);
    }
  });

  it("a fill listed on the origin chain is read on the order's output chain: not found there, exit 1", async () => {
    const q = await quote(e2e, parseEther("0.2"));
    await sendQuotedEvmSteps(evmUser(base, "alice"), q);
    await base.mine();
    const requestId = requestIdOf(q);
    await waitForStatus(e2e, requestId, "success");
    // The attack: the order's minimum paid to its recipient on base (not its output chain), tagged.
    const order = q.protocol.v2.orderData;
    if (!("inputs" in order)) throw new Error("the devnet issues v1 orders by default");
    const minimum = BigInt(order.output.payments[0]?.minimumAmount as string);
    const onBase = await send(
      evmUser(base, "alice"),
      evmDevAccount("bob").address,
      minimum,
      q.protocol.v2.orderId,
    );
    await base.mine();
    const lying = await lyingService(e2e.devnet.serviceUrl, (data) => {
      for (const tx of data.outTxs)
        if (tx.type === "fill") {
          tx.txHash = onBase;
          tx.chainId = 8453;
        }
    });
    try {
      const run = await verify(requestId, "--service", lying.url, ...rpcFlags(e2e), "--json");
      expect(run.code, run.stdout + run.stderr).to.equal(1);
      const parsed = report(run);
      expect(parsed.legs[2]).to.deep.include({ leg: "fill", chainId: 10, txHash: onBase });
      expect(codesOf(run)[2]).to.deep.equal(["fill", ["TX_NOT_FOUND"]]);
    } finally {
      await closeServer(lying.server);
    }
  });

  it("a pre-EIP-155 fill (no chain id in its signature) on the order's output chain fails the chain check: LEG_CHAIN_MISMATCH, exit 1", async () => {
    const q = await quote(e2e, parseEther("0.2"));
    await sendQuotedEvmSteps(evmUser(base, "alice"), q);
    await base.mine();
    const requestId = requestIdOf(q);
    await waitForStatus(e2e, requestId, "success");
    const order = q.protocol.v2.orderData;
    if (!("inputs" in order)) throw new Error("the devnet issues v1 orders by default");
    const optimism = evmUser(e2e.devnet.evmChain(10), "carol");
    // The attack: the order's minimum to its recipient, tagged, signed with no chain id (valid on any chain).
    const unprotected = await privateKeyToAccount(evmDevAccount("carol").privateKey).signTransaction({
      type: "legacy",
      to: evmDevAccount("bob").address,
      value: BigInt(order.output.payments[0]?.minimumAmount as string),
      data: q.protocol.v2.orderId,
      gas: 100_000n,
      gasPrice: await optimism.public.getGasPrice(),
      nonce: await optimism.public.getTransactionCount({ address: optimism.address }),
    });
    const hash = await optimism.public.sendRawTransaction({ serializedTransaction: unprotected });
    expect((await optimism.public.waitForTransactionReceipt({ hash })).status).to.equal("success");
    expect((await optimism.public.getTransaction({ hash })).chainId).to.equal(undefined);
    const lying = await lyingService(e2e.devnet.serviceUrl, (data) => {
      for (const tx of data.outTxs) if (tx.type === "fill") tx.txHash = hash;
    });
    try {
      const run = await verify(requestId, "--service", lying.url, ...rpcFlags(e2e), "--json");
      expect(run.code, run.stdout + run.stderr).to.equal(1);
      expect(codesOf(run)[2]).to.deep.equal(["fill", ["LEG_CHAIN_MISMATCH"]]);
      expect(report(run).legs[2]?.checks.find((check) => check.check === "chain id")?.detail).to.match(
        /states no chain id \(pre-EIP-155\)/,
      );
    } finally {
      await closeServer(lying.server);
    }
  });
});
