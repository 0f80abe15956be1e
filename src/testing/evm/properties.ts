import { type Address, encodeFunctionData, type Hex, isAddressEqual, pad, toHex, zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { SECP256K1_N } from "../../attestation/index.ts";
import { bigintIn, fuzz } from "../fuzz.ts";
import { compactForm, highSTwin, resized, withV, zeroRecoverySignature } from "../malformed.ts";
import { conformanceTokenArtifact, TOKEN_BEHAVIOUR } from "./conformance-token.ts";
import {
  AMOUNT,
  type EvmPropertyContext,
  GRACE,
  HookMissing,
  KEYS,
  MAX_GRACE,
  NotApplicable,
  WINDOW,
} from "./context.ts";
import { reentrantPayeeArtifact } from "./reentrant-payee.ts";

/** One property of the EVM catalogue: its id (shared with the Solidity catalogue) and the attack. */
export interface EvmProperty {
  /** Property id, shared with the Solidity catalogue. */
  id: string;
  /** The attack it stands for. */
  attack: string;
  /** Runs the attack; throws when the contract does not refuse it as expected. */
  run(t: EvmPropertyContext, fuzzRuns: number): Promise<void>;
}

const addressOf = (key: Hex): Address => privateKeyToAccount(key).address;

async function hostileRefused(t: EvmPropertyContext, behaviour: number) {
  await t.token(t.setup.hostileToken, "setBehaviour", [behaviour]);
  await t.assertRefused(await t.signed(t.data(t.payer, t.setup.hostileToken, AMOUNT)));
}

async function rotate(t: EvmPropertyContext, gracePeriod: number): Promise<boolean> {
  return t.rotateSolver(t.adapter.rotateSolverCall?.(t.receiver, addressOf(KEYS.nextSolver), gracePeriod));
}

const native = async (t: EvmPropertyContext) => t.signed(t.data(t.payer, "native", AMOUNT));

/** Where `payer.txOrigin` places its forwarding contract (the re-entering payee's code, armed to pay). */
const FORWARDER: Address = "0x00000000000000000000000000000000a77e5f0d";

/** The EVM catalogue, in the order the report lists it. */
export const EVM_PROPERTIES: readonly EvmProperty[] = [
  {
    id: "pay.native",
    attack: "baseline: a valid native attestation is paid once and exactly",
    run: async (t) => t.assertPaid(await t.signed(t.data(t.payer, "native", AMOUNT))),
  },
  {
    id: "pay.token",
    attack: "baseline: a valid token attestation is paid once and exactly",
    run: async (t) => t.assertPaid(await t.signed(t.data(t.payer, t.setup.token, AMOUNT))),
  },
  {
    id: "pay.anyAmount",
    attack: "baseline (fuzz): every non-zero native amount is delivered exactly",
    run: (t, runs) =>
      fuzz(runs, 1, bigintIn(1n, 10n ** 30n), async (amount) =>
        t.assertPaid(await t.signed(t.data(t.payer, "native", amount))),
      ),
  },
  {
    id: "replay.sameSignature",
    attack: "submit the paid attestation again right away",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertPaid(p);
      await t.assertReplayRefused(p);
    },
  },
  {
    id: "replay.later",
    attack: "submit the paid attestation a day later with a fresh deadline",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertPaid(p);
      await t.env.warpTo((await t.env.timestamp()) + 86_400n);
      p.deadline = (await t.env.timestamp()) + 60n;
      await t.assertReplayRefused(p);
    },
  },
  {
    id: "replay.compactForm",
    attack: "pay with the 65-byte signature, then with its 64-byte EIP-2098 form (other bytes, same signer)",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertPaid(p);
      await t.assertReplayRefused({ ...p, signature: compactForm(p.signature) });
    },
  },
  {
    id: "replay.fullForm",
    attack: "pay with the 64-byte form, then with the 65-byte form",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertPaid({ ...p, signature: compactForm(p.signature) });
      await t.assertReplayRefused(p);
    },
  },
  {
    id: "replay.highSTwin",
    attack: "pay, then replay with the high-s twin of the signature",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertPaid(p);
      await t.assertReplayRefused({ ...p, signature: highSTwin(p.signature) });
    },
  },
  {
    id: "replay.token",
    attack: "pay a paid token attestation again (the token path's replay record)",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, t.setup.token, AMOUNT));
      await t.assertPaid(p);
      await t.assertReplayRefused(p);
    },
  },
  {
    id: "replay.acrossReceivers",
    attack: "pay on one receiver, then the same attestation on a second receiver of the same solver",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertPaid(p);
      ({ receiver: t.receiver, owner: t.owner } = await t.adapter.deploy(t.env, t.setup));
      await t.assertRefused(p);
    },
  },
  {
    id: "replay.acrossChains",
    attack: "pay on a fork (same state, other chain id) the attestation of the original chain",
    run: async () => {
      throw new NotApplicable(
        "needs a chain-id change inside one state: run by the Solidity catalogue (vm.chainId)",
      );
    },
  },
  {
    id: "signer.stranger",
    attack: "(fuzz) an attestation signed by any key but the solver's",
    run: (t, runs) =>
      fuzz(
        runs,
        2,
        (rng, i) => pad(toHex(bigintIn(1n, SECP256K1_N - 1n)(rng, i)), { size: 32 }),
        async (key) => t.assertRefused(await t.signed(t.data(t.payer, "native", AMOUNT), key)),
        (key) => key === KEYS.solver,
      ),
  },
  {
    id: "signer.callerChosen",
    attack: "the payer signs its own attestation",
    run: async (t) => t.assertRefused(await t.signed(t.data(t.payer, "native", AMOUNT), KEYS.payer)),
  },
  {
    id: "signature.zeroAddress",
    attack: "a signature ecrecover maps to the zero address (matches any unset signer slot)",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertRefused({ ...p, signature: zeroRecoverySignature() });
    },
  },
  {
    id: "signature.highS",
    attack: "the high-s twin of a valid signature on a fresh request",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertRefused({ ...p, signature: highSTwin(p.signature) });
    },
  },
  {
    id: "signature.v",
    attack: "v bytes other than 27 / 28 (0, 1, 29, 255)",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      for (const v of [0, 1, 29, 255]) await t.assertRefused({ ...p, signature: withV(p.signature, v) });
    },
  },
  {
    id: "signature.length",
    attack: "signatures of 0, 63, 66 and 96 bytes",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      for (const n of [0, 63, 66, 96]) await t.assertRefused({ ...p, signature: resized(p.signature, n) });
    },
  },
  {
    id: "binding.anyField",
    attack: "(fuzz) change one of the seven attested values and keep the signature",
    run: (t, runs) =>
      fuzz(
        runs,
        3,
        (rng, i) => [i % 7, bigintIn(1n, (1n << 160n) - 1n)(rng, i)] as const,
        async ([field, x]) => {
          const p = await t.signed(t.data(t.payer, "native", AMOUNT));
          const d = { ...p.data };
          const xor = (w: Hex) => pad(toHex(BigInt(w) ^ x), { size: 32 });
          if (field === 0) d.requestId = xor(d.requestId);
          else if (field === 1) d.originChainId ^= x;
          else if (field === 2) d.originUser = xor(d.originUser);
          else if (field === 3) d.originCurrency = xor(d.originCurrency);
          else if (field === 4) d.originAmount ^= x;
          else if (field === 5) d.destinationChainId ^= x;
          else d.destinationUser = xor(d.destinationUser);
          const payer = field === 2 ? (`0x${d.originUser.slice(26)}` as Address) : p.payer;
          if (field === 2) await t.env.fund(payer);
          await t.assertRefused({ ...p, data: d, payer, value: d.originAmount });
        },
      ),
  },
  {
    id: "amount.shortNative",
    attack: "(fuzz) send less native value than attested",
    run: (t, runs) =>
      fuzz(runs, 4, bigintIn(0n, AMOUNT - 1n), async (sent) => {
        const p = await t.signed(t.data(t.payer, "native", AMOUNT));
        await t.assertRefused({ ...p, value: sent });
      }),
  },
  {
    id: "amount.overNative",
    attack: "send more native value than attested",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertRefused({ ...p, value: AMOUNT + 1n });
    },
  },
  {
    id: "amount.shortToken",
    attack: "the payer holds less than the attested amount of the token",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, t.setup.token, AMOUNT));
      const held = await t.balance(t.setup.token, t.payer);
      await t.env.send(t.payer, {
        to: t.setup.token,
        data: encodeFunctionData({
          abi: conformanceTokenArtifact().abi,
          functionName: "transfer",
          args: ["0x000000000000000000000000000000000000dEaD", held - AMOUNT + 1n],
        }),
      });
      await t.assertRefused(p);
    },
  },
  {
    id: "amount.zero",
    attack: "a validly signed attestation of zero",
    run: async (t) => t.assertRefused(await t.signed(t.data(t.payer, "native", 0n))),
  },
  {
    id: "currency.tokenPaidNatively",
    attack: "a token attestation paid with the same number of wei",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, t.setup.token, AMOUNT));
      await t.assertRefused({ ...p, route: "native", value: AMOUNT });
    },
  },
  {
    id: "currency.nativePaidWithToken",
    attack: "a native attestation paid through the token path",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertRefused({ ...p, route: "token", value: 0n });
    },
  },
  {
    id: "token.feeOnTransfer",
    attack:
      "a token that delivers 1% less than sent (credit the signed amount without checking what arrived)",
    run: (t) => hostileRefused(t, TOKEN_BEHAVIOUR.feeOnTransfer),
  },
  {
    id: "token.rebasing",
    attack: "a token whose transfer also rebases the recipient",
    run: (t) => hostileRefused(t, TOKEN_BEHAVIOUR.rebasing),
  },
  {
    id: "token.falseReturn",
    attack: "a token that moves nothing and returns false",
    run: (t) => hostileRefused(t, TOKEN_BEHAVIOUR.falseReturn),
  },
  {
    id: "token.shares",
    attack: "a share token whose balance units differ from its transfer units",
    run: (t) => hostileRefused(t, TOKEN_BEHAVIOUR.shares),
  },
  {
    id: "token.noReturn",
    attack: "a token that returns no data is still paid exactly",
    run: async (t) => {
      await t.token(t.setup.hostileToken, "setBehaviour", [TOKEN_BEHAVIOUR.noReturn]);
      await t.assertPaid(await t.signed(t.data(t.payer, t.setup.hostileToken, AMOUNT)));
    },
  },
  {
    id: "token.standingBalance",
    attack:
      "the receiver and the recipient already hold the token: a payment is credited by what it moved, not by a balance read after it (which counts the standing balance and lets a short transfer through)",
    run: async (t) => {
      const recipient = t.adapter.paymentRecipient?.(t.receiver, t.solver) ?? t.solver;
      for (const token of [t.setup.token, t.setup.hostileToken])
        for (const holder of [t.receiver, recipient]) await t.token(token, "mint", [holder, 3n * AMOUNT]);
      await t.assertPaid(await t.signed(t.data(t.payer, t.setup.token, AMOUNT)));
      await hostileRefused(t, TOKEN_BEHAVIOUR.feeOnTransfer);
    },
  },
  {
    id: "payer.binding",
    attack: "(fuzz) another account submits the payer's attestation",
    run: (t, runs) =>
      fuzz(
        runs,
        5,
        (rng, i) => pad(toHex(bigintIn(1n << 20n, (1n << 160n) - 1n)(rng, i)), { size: 20 }) as Address,
        async (caller) => {
          await t.env.fund(caller);
          const p = await t.signed(t.data(t.payer, "native", AMOUNT));
          await t.assertRefused({ ...p, payer: caller });
        },
        (caller) => caller.toLowerCase() === t.payer.toLowerCase(),
      ),
  },
  {
    id: "payer.txOrigin",
    attack:
      "a contract the payer calls submits the payer's attestation: the transaction's origin is the payer, the caller is not",
    run: async (t) => {
      const p = await native(t);
      const { abi, deployedBytecode } = reentrantPayeeArtifact();
      await t.env.client.setCode({ address: FORWARDER, bytecode: deployedBytecode });
      const pay = t.adapter.payCall(t.receiver, p);
      await t.env.send(t.owner, {
        to: FORWARDER,
        data: encodeFunctionData({ abi, functionName: "arm", args: [pay.to, pay.data] }),
      });
      await t.env.send(t.payer, { to: FORWARDER, data: "0x", value: pay.value ?? 0n });
      const read = async (functionName: string) =>
        (await t.env.client.readContract({ address: FORWARDER, abi, functionName })) as boolean;
      t.check(await read("reentered"), "setup: the payer's call did not reach the forwarding contract");
      t.check(!(await read("innerSucceeded")), "the attack was accepted");
      t.check(!(await t.isPaid(p.data.requestId)), "the attack was recorded as paid");
    },
  },
  {
    id: "chain.binding",
    attack: "(fuzz) an attestation for another origin chain paid here",
    run: (t, runs) =>
      fuzz(
        runs,
        6,
        bigintIn(0n, (1n << 64n) - 1n),
        async (chainId) =>
          t.assertRefused(await t.signed({ ...t.data(t.payer, "native", AMOUNT), originChainId: chainId })),
        (chainId) => chainId === t.env.chainId,
      ),
  },
  {
    id: "deadline.expired",
    attack: "a transaction landing after its deadline",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertRefused({ ...p, deadline: (await t.env.timestamp()) - 1n });
      await t.assertPaid(p);
    },
  },
  {
    id: "deadline.maxWindow",
    attack: "a deadline beyond the maximum window, keeping a stale quote payable",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.assertRefused({ ...p, deadline: (await t.env.timestamp()) + BigInt(WINDOW) + 30n });
      await t.assertPaid({ ...p, deadline: (await t.env.timestamp()) + BigInt(WINDOW) - 30n });
    },
  },
  {
    id: "whitelist.destination",
    attack:
      "(fuzz) an attestation to a destination not whitelisted: each field wrong alone (at the whitelisted value's neighbours and at random) and both",
    run: async (t, runs) => {
      const chain = t.setup.destinationChainId;
      const user = t.setup.destinationUser;
      const refused = async (destinationChainId: bigint, destinationUser: Hex) =>
        t.assertRefused(
          await t.signed({ ...t.data(t.payer, "native", AMOUNT), destinationChainId, destinationUser }),
        );
      const near = (by: bigint) => pad(toHex(BigInt(user) + by), { size: 32 });
      // A check of one field, of both together, or an ordering in place of equality lets one through.
      for (const by of [-1n, 1n]) {
        await refused(chain + by, user);
        await refused(chain, near(by));
      }
      await fuzz(
        runs,
        7,
        (rng, i) =>
          [
            bigintIn(0n, (1n << 64n) - 1n)(rng, i),
            pad(toHex(bigintIn(0n, (1n << 256n) - 1n)(rng, i)), { size: 32 }),
          ] as const,
        async ([chainId, destinationUser]) => {
          if (chainId !== chain) await refused(chainId, user);
          if (destinationUser !== user) await refused(chain, destinationUser);
          await refused(chainId, destinationUser);
        },
        ([chainId, u]) => chainId === chain && u === user,
      );
    },
  },
  {
    id: "invalidation.refused",
    attack: "pay a quote its solver invalidated (a signed quote has no expiry)",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.admin(t.adapter.invalidateCall?.(t.receiver, p.data.requestId), "invalidateCall");
      await t.assertRefused(p);
      await t.assertPaid(await t.signed(t.data(t.payer, "native", AMOUNT)));
    },
  },
  {
    id: "pause.refused",
    attack: "pay while paused; after resuming the same attestation pays",
    run: async (t) => {
      const p = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.admin(t.adapter.pauseCall?.(t.receiver, true), "pauseCall");
      await t.assertRefused(p);
      await t.admin(t.adapter.pauseCall?.(t.receiver, false), "pauseCall");
      await t.assertPaid(p);
    },
  },
  {
    id: "admin.rotateByStranger",
    attack: "a stranger makes its own key the solver; the solver's attestations must go on paying",
    run: async (t) => {
      const stranger = addressOf(KEYS.stranger);
      await t.assertAdminRefused(t.adapter.rotateSolverCall?.(t.receiver, stranger, 0), "rotateSolverCall");
      await t.assertPaid(await native(t));
    },
  },
  {
    id: "admin.pauseByStranger",
    attack: "a stranger pauses the receiver (denial of service); payments must go on",
    run: async (t) => {
      await t.assertAdminRefused(t.adapter.pauseCall?.(t.receiver, true), "pauseCall");
      await t.assertPaid(await native(t));
    },
  },
  {
    id: "admin.invalidateByStranger",
    attack: "a stranger invalidates someone else's request id before it is paid",
    run: async (t) => {
      const p = await native(t);
      await t.assertAdminRefused(t.adapter.invalidateCall?.(t.receiver, p.data.requestId), "invalidateCall");
      await t.assertPaid(p);
    },
  },
  {
    id: "admin.whitelistByStranger",
    attack: "a stranger whitelists its own destination; attestations to it must stay refused",
    run: async (t) => {
      const user = pad(addressOf(KEYS.stranger), { size: 32 });
      const chainId = t.setup.destinationChainId;
      await t.assertAdminRefused(t.adapter.whitelistCall?.(t.receiver, chainId, user, true), "whitelistCall");
      const p = await t.signed({ ...t.data(t.payer, "native", AMOUNT), destinationUser: user });
      const result = await t.env.attempt(p.payer, t.adapter.payCall(t.receiver, p));
      t.check(!result.ok, "an attestation to the stranger's destination was paid");
    },
  },
  {
    id: "admin.ownershipByStranger",
    attack: "a stranger hands itself the ownership (the admin role)",
    run: async (t) => {
      const stranger = addressOf(KEYS.stranger);
      await t.assertAdminRefused(
        t.adapter.transferOwnershipCall?.(t.receiver, stranger),
        "transferOwnershipCall",
      );
    },
  },
  {
    id: "rotation.grace",
    attack:
      "the outgoing key pays inside its grace window (edge: its last second) and is refused from the second it ends; the new key pays",
    run: async (t) => {
      const rotatedAt = (await t.env.timestamp()) + 1n;
      await t.env.client.setNextBlockTimestamp({ timestamp: rotatedAt });
      t.check(await rotate(t, GRACE), "the rotation itself reverted");
      await t.assertPaid(await t.signed(t.data(t.payer, "native", AMOUNT)));
      const next = addressOf(KEYS.nextSolver);
      await t.assertPaid(await t.signed(t.data(t.payer, "native", AMOUNT), KEYS.nextSolver), next);
      // Signing mines blocks, so the three payments are signed first; each then lands at a set second.
      const end = rotatedAt + BigInt(GRACE);
      await t.env.warpTo(end - 10n);
      const lastSecond = await t.signed(t.data(t.payer, "native", AMOUNT));
      const atEnd = await t.signed(t.data(t.payer, "native", AMOUNT));
      const afterEnd = await t.signed(t.data(t.payer, "native", AMOUNT));
      await t.env.client.setNextBlockTimestamp({ timestamp: end - 1n });
      await t.assertPaid(lastSecond);
      await t.env.client.setNextBlockTimestamp({ timestamp: end });
      await t.assertRefused(atEnd, true);
      // One second later the block before is the grace end itself, so the error can be replayed and judged.
      await t.env.client.setNextBlockTimestamp({ timestamp: end + 1n });
      await t.assertRefused(afterEnd);
    },
  },
  {
    id: "rotation.zeroGrace",
    attack: "a leaked key used after a rotation without grace",
    run: async (t) => {
      t.check(await rotate(t, 0), "the rotation itself reverted");
      await t.assertRefused(await t.signed(t.data(t.payer, "native", AMOUNT)));
      const next = addressOf(KEYS.nextSolver);
      await t.assertPaid(await t.signed(t.data(t.payer, "native", AMOUNT), KEYS.nextSolver), next);
    },
  },
  {
    id: "rotation.graceCap",
    attack: "an outgoing key kept alive for a year: refused or capped, it must not pay after 30 days",
    run: async (t) => {
      const rotatedAt = await t.env.timestamp();
      if (!(await rotate(t, 365 * 86_400))) return;
      await t.env.warpTo(rotatedAt + BigInt(MAX_GRACE) + 2n);
      await t.assertRefused(await t.signed(t.data(t.payer, "native", AMOUNT)));
    },
  },
  {
    id: "reentrancy.tokenHook",
    attack:
      "a token whose transferFrom re-enters with a second payment and moves nothing itself: two credits, one transfer",
    run: async (t) => {
      const hostile = t.setup.hostileToken;
      const outer = await t.signed(t.data(t.payer, hostile, AMOUNT));
      const inner = await t.signed(t.data(hostile, hostile, AMOUNT));
      await t.token(hostile, "mint", [hostile, AMOUNT]);
      const reenter = t.adapter.payCall(t.receiver, inner);
      await t.token(hostile, "armHook", [reenter.to, reenter.data, t.receiver]);
      const recipient = t.adapter.paymentRecipient?.(t.receiver, t.solver) ?? t.solver;
      const before = await t.balance(hostile, recipient);
      const result = await t.env.attempt(t.payer, t.adapter.payCall(t.receiver, outer));
      const credited =
        Number(await t.isPaid(outer.data.requestId)) + Number(await t.isPaid(inner.data.requestId));
      const received = (await t.balance(hostile, recipient)) - before;
      t.check(result.ok === credited > 0, "the call outcome and the recorded requests disagree");
      t.check(
        received === BigInt(credited) * AMOUNT,
        `${credited} requests credited for ${received} received`,
      );
    },
  },
  {
    id: "reentrancy.nativeForward",
    attack:
      "the account a native payment is forwarded to re-enters from inside the forward with a second payment of the same request id: a replay record written after the forward accepts one id twice",
    run: async (t) => {
      const payee = t.adapter.paymentRecipient?.(t.receiver, t.solver) ?? t.solver;
      const code = await t.env.client.getCode({ address: payee });
      if (isAddressEqual(payee, t.receiver) || (code && code !== "0x"))
        throw new NotApplicable("native payments are not forwarded to an account without code");
      const outer = await native(t);
      const inner = await t.signed({ ...t.data(payee, "native", AMOUNT), requestId: outer.data.requestId });
      const { abi, deployedBytecode } = reentrantPayeeArtifact();
      await t.env.client.setCode({ address: payee, bytecode: deployedBytecode });
      await t.env.fund(payee);
      const reenter = t.adapter.payCall(t.receiver, inner);
      await t.env.send(t.owner, {
        to: payee,
        data: encodeFunctionData({ abi, functionName: "arm", args: [reenter.to, reenter.data] }),
      });
      const result = await t.env.attempt(t.payer, t.adapter.payCall(t.receiver, outer));
      const read = async (functionName: string) =>
        (await t.env.client.readContract({ address: payee, abi, functionName })) as boolean;
      t.check(!result.ok || (await read("reentered")), "setup: the forward did not reach the payee");
      t.check(
        !(result.ok && (await read("innerSucceeded"))),
        "one request id accepted twice, once from inside the forward",
      );
    },
  },
  {
    id: "deploy.zeroSolver",
    attack:
      "a deployment naming the zero address as the solver, the signer ecrecover returns for a malformed signature",
    run: async (t) => {
      const deployed = await t.adapter.deploy(t.env, { ...t.setup, solver: zeroAddress }).then(
        ({ receiver }) => receiver,
        () => undefined,
      );
      if (deployed && isAddressEqual(deployed, t.receiver))
        throw new NotApplicable("the adapter attaches to a deployed receiver");
      t.check(deployed === undefined, "a receiver was deployed with the zero address as its solver");
    },
  },
  {
    id: "permit.frontRun",
    attack:
      "a front-runner submits the payer's permit first; the payment must still go through on its allowance",
    run: async (t) => {
      const build = t.adapter.payWithPermitCall;
      if (!build) throw new HookMissing("payWithPermitCall");
      const p = await t.signed(t.data(t.payer, t.setup.token, AMOUNT));
      await t.token(t.setup.token, "approve", [t.receiver, 0n], t.payer);
      const permit = await t.signPermit(t.setup.token, t.receiver, AMOUNT, (await t.env.timestamp()) + 600n);
      await t.token(
        t.setup.token,
        "permit",
        [t.payer, t.receiver, AMOUNT, permit.deadline, permit.v, permit.r, permit.s],
        t.attacker,
      );
      const before = await t.balance(t.setup.token, t.solver);
      const result = await t.env.attempt(t.payer, build(t.receiver, p, permit));
      t.check(result.ok, "the payment with a front-run permit was refused");
      t.check(await t.isPaid(p.data.requestId), "not recorded as paid");
      t.check(
        (await t.balance(t.setup.token, t.solver)) - before === AMOUNT,
        "the recipient did not receive the amount",
      );
    },
  },
];
