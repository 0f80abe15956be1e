// Token-2022 extension setup the catalogue needs, as raw instructions (no Token-2022 client in the
// dependencies): each mint extension's initializer and its size, and the CPI Guard of an account.
import {
  AccountRole,
  type AccountSignerMeta,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from "@solana/kit";

export const TOKEN_2022_PROGRAM_ADDRESS = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb" as Address;
const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;

/** A mint extension the catalogue can set up before `InitializeMint2`. */
export type MintExtension =
  | { kind: "transferFee"; bps: number }
  | { kind: "permanentDelegate"; delegate: Address; delegateBytes: Uint8Array }
  | { kind: "transferHook"; programBytes: Uint8Array }
  | { kind: "defaultFrozen" }
  | { kind: "nonTransferable" };

/** TLV value lengths of each mint extension, and of the account extensions its token accounts get. */
const MINT_VALUE_LEN = {
  transferFee: 108,
  permanentDelegate: 32,
  transferHook: 64,
  defaultFrozen: 1,
  nonTransferable: 0,
} as const;
const ACCOUNT_VALUE_LENS: Record<MintExtension["kind"], readonly number[]> = {
  transferFee: [8], // TransferFeeAmount
  permanentDelegate: [],
  transferHook: [1], // TransferHookAccount
  defaultFrozen: [],
  nonTransferable: [0, 0], // NonTransferableAccount, ImmutableOwner
};
/** Base account length (mints are padded to it) plus the account-type byte. */
const EXTENDED_BASE = 166;

/** Space of a mint with `extensions` (82 without any). */
export function mintSpace(extensions: readonly MintExtension[]): number {
  if (extensions.length === 0) return 82;
  return extensions.reduce((n, e) => n + 4 + MINT_VALUE_LEN[e.kind], EXTENDED_BASE);
}

/** Space of a token account of a mint with `extensions` (165 when they add no account extension). */
export function tokenAccountSpace(extensions: readonly MintExtension[]): number {
  const lens = extensions.flatMap((e) => ACCOUNT_VALUE_LENS[e.kind]);
  if (lens.length === 0) return 165;
  return lens.reduce((n, len) => n + 4 + len, EXTENDED_BASE);
}

function instruction(data: number[] | Uint8Array, mint: Address): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [{ address: mint, role: AccountRole.WRITABLE }],
    data: Uint8Array.from(data),
  };
}

/** The initializer of one mint extension (sent after `CreateAccount`, before `InitializeMint2`). */
export function initializeMintExtension(mint: Address, extension: MintExtension): Instruction {
  switch (extension.kind) {
    case "transferFee": {
      // TransferFeeExtension::InitializeTransferFeeConfig: no authorities, bps, no maximum fee cap.
      const data = new Uint8Array(14);
      data.set([26, 0, 0, 0]);
      new DataView(data.buffer).setUint16(4, extension.bps, true);
      new DataView(data.buffer).setBigUint64(6, 2n ** 64n - 1n, true);
      return instruction(data, mint);
    }
    case "permanentDelegate":
      return instruction([35, ...extension.delegateBytes], mint);
    case "transferHook":
      // TransferHookExtension::Initialize: no authority, the hook program.
      return instruction([36, 0, ...new Uint8Array(32), ...extension.programBytes], mint);
    case "defaultFrozen":
      // DefaultAccountStateExtension::Initialize(Frozen); the mint needs a freeze authority.
      return instruction([28, 0, 2], mint);
    case "nonTransferable":
      return instruction([32], mint);
  }
}

/** `ThawAccount` by the mint's freeze authority. */
export function thawAccount(account: Address, mint: Address, authority: KeyPairSigner): Instruction {
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: account, role: AccountRole.WRITABLE },
      { address: mint, role: AccountRole.READONLY },
      {
        address: authority.address,
        role: AccountRole.READONLY_SIGNER,
        signer: authority,
      } as AccountSignerMeta,
    ],
    data: Uint8Array.of(11),
  };
}

/** Grows a token account for the CPI Guard extension, then enables it (signed by the account's owner). */
export function enableCpiGuard(account: Address, owner: KeyPairSigner, payer: KeyPairSigner): Instruction[] {
  const ownerMeta: AccountSignerMeta = {
    address: owner.address,
    role: AccountRole.READONLY_SIGNER,
    signer: owner,
  };
  return [
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [
        { address: account, role: AccountRole.WRITABLE },
        { address: payer.address, role: AccountRole.WRITABLE_SIGNER, signer: payer } as AccountSignerMeta,
        { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
        ownerMeta,
      ],
      data: Uint8Array.of(29, 11, 0), // Reallocate([CpiGuard])
    },
    {
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      accounts: [{ address: account, role: AccountRole.WRITABLE }, ownerMeta],
      data: Uint8Array.of(34, 0), // CpiGuardExtension::Enable
    },
  ];
}
