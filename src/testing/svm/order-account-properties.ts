import { type Address, generateKeyPairSigner, getAddressEncoder } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { privateKeyToAccount } from "viem/accounts";
import { hashEncodedOrder } from "../../orders/order-id.ts";
import { HookMissing } from "../evm/context.ts";
import { SVM_KEYS } from "./constants.ts";
import type { SvmOrderPropertyContext } from "./order-context.ts";
import { native, type SvmOrderProperty } from "./order-properties.ts";
import type { SvmOrderPayment } from "./order-types.ts";
import { cloneAccount, cloneProgram, lookAlikeConfig, programElf } from "./plant.ts";
import { enableCpiGuard, type MintExtension, TOKEN_2022_PROGRAM_ADDRESS } from "./token2022.ts";

/** The role's address in `p`'s accounts (not applicable when the adapter names none). */
async function role(
  t: SvmOrderPropertyContext,
  p: SvmOrderPayment,
  name: "config" | "depositoryProgram" | "vault" | "vaultToken" | "replay",
) {
  return (await t.accounts(p, name))[name] as Address;
}

/** A token payment of a fresh Token-2022 mint with `extensions`. */
async function token2022Payment(t: SvmOrderPropertyContext, extensions: readonly MintExtension[]) {
  return t.tokenPayment(await t.token(TOKEN_2022_PROGRAM_ADDRESS, extensions));
}

/** The hook `name` of the adapter, or not applicable. */
function hook<T>(value: T | undefined, name: string): T {
  if (!value) throw new HookMissing(name);
  return value;
}

/**
 * The SVM-only properties of the order catalogue: admin instructions signed by a stranger, account
 * substitution (each role of `SvmOrderAccounts` replaced by an attacker's account after a valid payment of the
 * same shape went through) and the tokens the program must refuse.
 */
export const SVM_ORDER_ACCOUNT_PROPERTIES: readonly SvmOrderProperty[] = [
  {
    id: "order.admin.pauseByStranger",
    attack: "a stranger pauses the program (denial of service); orders must go on paying",
    run: async (t) => {
      const build = hook(t.adapter.pauseInstructions, "pauseInstructions");
      await t.assertAdminRefused(await build(true, await t.payer()));
      await t.assertPaid(await native(t));
    },
  },
  {
    id: "order.admin.invalidateByStranger",
    attack: "a stranger invalidates someone else's order before it is paid",
    run: async (t) => {
      const build = hook(t.adapter.invalidateInstructions, "invalidateInstructions");
      const p = await native(t);
      await t.assertAdminRefused(await build(hashEncodedOrder(p.order), await t.payer()));
      await t.assertPaid(p);
    },
  },
  {
    id: "order.admin.rotateByStranger",
    attack: "a stranger makes its own key the solver; its orders must stay refused and the solver's pay",
    run: async (t) => {
      const build = hook(t.adapter.rotateSolverInstructions, "rotateSolverInstructions");
      const stranger = privateKeyToAccount(SVM_KEYS.stranger).address;
      await t.assertAdminRefused(await build(stranger, 0, await t.payer()));
      await t.assertPaid(await native(t));
    },
  },
  {
    id: "order.account.configSubstitution",
    attack: "a look-alike config owned by another program naming the attacker's key as the solver",
    run: async (t) => {
      const valid = await native(t);
      const config = await role(t, valid, "config");
      await t.assertPaid(valid);
      const fake = await lookAlikeConfig(
        t.env,
        config,
        privateKeyToAccount(t.adapter.setup.solverKey).address,
      );
      const order = await t.order((o) => {
        o.solver = privateKeyToAccount(SVM_KEYS.stranger).address;
      });
      await t.assertRefused(await t.payment(order, SVM_KEYS.stranger), {}, { accounts: { config: fake } });
    },
  },
  {
    id: "order.account.depositorySubstitution",
    attack:
      "a copy of the depository program at the attacker's address, which would credit the attacker's vault",
    run: async (t) => {
      const valid = await native(t);
      const depository = await role(t, valid, "depositoryProgram");
      await t.assertPaid(valid);
      const fake = await cloneProgram(t.env, depository);
      await t.assertRefused(await native(t), {}, { accounts: { depositoryProgram: fake } });
    },
  },
  {
    id: "order.account.vaultSubstitution",
    attack: "a native payment naming the attacker's account as the vault",
    run: async (t) => {
      const valid = await native(t);
      await role(t, valid, "vault");
      await t.assertPaid(valid);
      await t.assertRefused(await native(t), {}, { accounts: { vault: (await t.payer()).address } });
    },
  },
  {
    id: "order.account.vaultTokenSubstitution",
    attack: "a token payment into the attacker's token account of the same mint",
    run: async (t) => {
      const token = await t.token();
      const valid = await t.tokenPayment(token);
      await role(t, valid, "vaultToken");
      await t.assertPaid(valid);
      const attacker = await t.env.createTokenAccount(
        token.tokenProgram,
        token.mint,
        (await t.payer()).address,
      );
      await t.assertRefused(await t.tokenPayment(token), {}, { accounts: { vaultToken: attacker } });
    },
  },
  {
    id: "order.account.duplicate",
    attack: "the payer's token account passed as the vault's too",
    run: async (t) => {
      const token = await t.token();
      const valid = await t.tokenPayment(token);
      await role(t, valid, "vaultToken");
      await t.assertPaid(valid);
      await t.assertRefused(await t.tokenPayment(token), {}, { accounts: { vaultToken: token.payerToken } });
    },
  },
  {
    id: "order.account.replaySubstitution",
    attack:
      "another account as the order's one-time record: a fresh address, then another order's record (the order could be paid again)",
    run: async (t) => {
      const valid = await native(t);
      await role(t, valid, "replay");
      await t.assertPaid(valid);
      await t.assertRefused(valid, {}, { accounts: { replay: (await generateKeyPairSigner()).address } });
      const other = await role(t, await native(t), "replay");
      await t.assertRefused(valid, {}, { accounts: { replay: other } });
    },
  },
  {
    id: "order.pda.nonCanonical",
    attack: "the one-time record at a non-canonical bump, so the same order gets a second record",
    run: async (t) => {
      const replayAddress = hook(t.adapter.replayAddress, "replayAddress");
      const p = await native(t);
      const id = hashEncodedOrder(p.order);
      const canonical = await replayAddress(id);
      let bump = 254;
      for (; bump >= 0; bump -= 1) {
        const address = await replayAddress(id, bump).catch(() => undefined);
        if (address !== undefined && address !== canonical) break;
      }
      await t.assertRefused(p, { replayBump: bump });
      await t.assertPaid(p);
    },
  },
  {
    id: "order.pda.prefunded",
    attack: "a third party pre-funds the order's record address: the payment must still go through",
    run: async (t) => {
      const replayAddress = hook(t.adapter.replayAddress, "replayAddress");
      const p = await native(t);
      await t.env.fund(await replayAddress(hashEncodedOrder(p.order)), 1_000_000n);
      await t.assertPaid(p);
    },
  },
  {
    id: "order.whitelist.entrySubstitution",
    attack:
      "the whitelisted recipient's entry passed for an attacker's recipient; a look-alike of the entry owned by another program",
    run: async (t) => {
      const valid = await native(t);
      const entry = (await t.accounts(valid)).whitelist?.[0];
      if (!entry) throw new HookMissing("whitelist accounts", "names no");
      await t.assertPaid(valid);
      const toAttacker = await t.order((o) => {
        (o.output.payments[0] as { recipient: string }).recipient =
          "0x000000000000000000000000000000000000bad0";
      });
      await t.assertRefused(await t.payment(toAttacker), {}, { whitelist: [entry] });
      const lookAlike = await cloneAccount(t.env, entry, (await generateKeyPairSigner()).address);
      await t.assertRefused(await native(t), {}, { whitelist: [lookAlike] });
    },
  },
  {
    id: "order.token.fakeProgram",
    attack:
      "a program at another address posing as the token program, owning look-alike mint and token accounts",
    run: async (t) => {
      const real = await t.token();
      const valid = await t.tokenPayment(real);
      await t.assertPaid(valid);
      const fake = (await generateKeyPairSigner()).address;
      t.env.svm.addProgram(fake, programElf(t.env, TOKEN_PROGRAM_ADDRESS));
      const token = {
        tokenProgram: fake,
        mint: await cloneAccount(t.env, real.mint, fake),
        payerToken: await cloneAccount(t.env, real.payerToken, fake),
      };
      await t.assertRefused(await t.tokenPayment(token));
    },
  },
  {
    id: "order.token.feeOnTransfer",
    attack: "a Token-2022 mint with a 1% transfer fee (less arrives than the order's input)",
    run: async (t) => t.assertRefused(await token2022Payment(t, [{ kind: "transferFee", bps: 100 }])),
  },
  {
    id: "order.token2022.permanentDelegate",
    attack: "a Token-2022 mint with a permanent delegate, who can move the deposit out of the vault later",
    run: async (t) => {
      const delegate = await generateKeyPairSigner();
      const delegateBytes = getAddressEncoder().encode(delegate.address) as Uint8Array;
      await t.assertRefused(
        await token2022Payment(t, [{ kind: "permanentDelegate", delegate: delegate.address, delegateBytes }]),
      );
    },
  },
  {
    id: "order.token2022.transferHook",
    attack: "a Token-2022 mint with a transfer hook: foreign code would run inside the payment",
    run: async (t) => {
      const hookProgram = getAddressEncoder().encode((await generateKeyPairSigner()).address) as Uint8Array;
      await t.assertRefused(await token2022Payment(t, [{ kind: "transferHook", programBytes: hookProgram }]));
    },
  },
  {
    id: "order.token2022.cpiGuard",
    attack: "the payer's Token-2022 account has CPI Guard on: refused without recording the order",
    run: async (t) => {
      const p = await token2022Payment(t, []);
      const payerToken = p.token?.payerToken as Address;
      await t.env.sendOrThrow(enableCpiGuard(payerToken, p.payer, t.env.feePayer));
      const account = await t.env.account(payerToken);
      t.check(
        account.exists && account.data.length > 165,
        "setup: CPI Guard was not added to the payer's account",
      );
      await t.assertRefused(p);
    },
  },
  {
    id: "order.token2022.defaultFrozen",
    attack: "a default-frozen mint: the vault's new token account is frozen, so no record without the money",
    run: async (t) => t.assertRefused(await token2022Payment(t, [{ kind: "defaultFrozen" }])),
  },
  {
    id: "order.token2022.nonTransferable",
    attack: "a non-transferable mint: the tokens cannot move, so nothing may be recorded as paid",
    run: async (t) => t.assertRefused(await token2022Payment(t, [{ kind: "nonTransferable" }])),
  },
];
