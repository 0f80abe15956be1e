/**
 * Instructions in the `jsonParsed` form of a validator's parsers: the System program, SPL Token and
 * Token-2022 (`spl-token`), the associated token account program and Memo are decoded to
 * `{ program, programId, parsed: { type, info } }`; an instruction of any other program (or one these
 * parsers do not know) stays partially decoded as `{ programId, accounts, data }`.
 */
import { type Address, getBase58Decoder, type ReadonlyUint8Array } from "@solana/kit";
import { TOKEN_PROGRAMS, uiTokenAmount } from "./token-accounts.ts";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const ATA_PROGRAM = "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL";
const MEMO_PROGRAMS = new Set([
  "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr",
  "Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo",
]);

const base58 = getBase58Decoder();

type Info = Record<string, unknown>;
type Parsed = string | { type: string; info: Info };

/** A view over instruction data that answers undefined past the end instead of throwing. */
class Data {
  readonly view: DataView;
  readonly bytes: ReadonlyUint8Array;
  constructor(bytes: ReadonlyUint8Array) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  fits(offset: number, size: number) {
    return offset + size <= this.bytes.length;
  }
  u8(offset: number) {
    return this.fits(offset, 1) ? this.view.getUint8(offset) : undefined;
  }
  u32(offset: number) {
    return this.fits(offset, 4) ? this.view.getUint32(offset, true) : undefined;
  }
  u64(offset: number) {
    return this.fits(offset, 8) ? this.view.getBigUint64(offset, true) : undefined;
  }
  key(offset: number) {
    return this.fits(offset, 32) ? base58.decode(this.bytes.slice(offset, offset + 32)) : undefined;
  }
}

function parseSystem(data: Data, accounts: readonly Address[]): Parsed | null {
  const [a, b, c] = accounts;
  const lamports = (offset: number) => {
    const value = data.u64(offset);
    return value === undefined ? undefined : Number(value);
  };
  switch (data.u32(0)) {
    case 0:
      return {
        type: "createAccount",
        info: { source: a, newAccount: b, lamports: lamports(4), space: lamports(12), owner: data.key(20) },
      };
    case 1:
      return { type: "assign", info: { account: a, owner: data.key(4) } };
    case 2:
      return { type: "transfer", info: { source: a, destination: b, lamports: lamports(4) } };
    case 4:
      return {
        type: "advanceNonce",
        info: { nonceAccount: a, recentBlockhashesSysvar: b, nonceAuthority: c },
      };
    case 6:
      return {
        type: "initializeNonce",
        info: { nonceAccount: a, recentBlockhashesSysvar: b, rentSysvar: c, nonceAuthority: data.key(4) },
      };
    case 8:
      return { type: "allocate", info: { account: a, space: lamports(4) } };
    default:
      return null;
  }
}

function parseToken(data: Data, accounts: readonly Address[]): Parsed | null {
  const [a, b, c, d] = accounts;
  const amount = (offset: number) => data.u64(offset)?.toString();
  const checked = (offset: number) => {
    const raw = data.u64(offset);
    const decimals = data.u8(offset + 8);
    return raw === undefined || decimals === undefined ? undefined : uiTokenAmount(raw, decimals);
  };
  const optionalKey = (flagAt: number) => (data.u8(flagAt) === 1 ? data.key(flagAt + 1) : undefined);
  switch (data.u8(0)) {
    case 1:
      return { type: "initializeAccount", info: { account: a, mint: b, owner: c, rentSysvar: d } };
    case 3:
      return { type: "transfer", info: { source: a, destination: b, authority: c, amount: amount(1) } };
    case 4:
      return { type: "approve", info: { source: a, delegate: b, owner: c, amount: amount(1) } };
    case 7:
      return { type: "mintTo", info: { mint: a, account: b, mintAuthority: c, amount: amount(1) } };
    case 8:
      return { type: "burn", info: { account: a, mint: b, authority: c, amount: amount(1) } };
    case 9:
      return { type: "closeAccount", info: { account: a, destination: b, owner: c } };
    case 12:
      return {
        type: "transferChecked",
        info: { source: a, mint: b, destination: c, authority: d, tokenAmount: checked(1) },
      };
    case 14:
      return {
        type: "mintToChecked",
        info: { mint: a, account: b, mintAuthority: c, tokenAmount: checked(1) },
      };
    case 17:
      return { type: "syncNative", info: { account: a } };
    case 18:
      return { type: "initializeAccount3", info: { account: a, mint: b, owner: data.key(1) } };
    case 20: {
      const freezeAuthority = optionalKey(34);
      return {
        type: "initializeMint2",
        info: {
          mint: a,
          decimals: data.u8(1),
          mintAuthority: data.key(2),
          ...(freezeAuthority ? { freezeAuthority } : {}),
        },
      };
    }
    default:
      return null;
  }
}

function parseAssociatedToken(data: Data, accounts: readonly Address[]): Parsed | null {
  const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts;
  const info = { source, account, wallet, mint, systemProgram, tokenProgram };
  const kind = data.bytes.length === 0 ? 0 : data.u8(0);
  if (kind === 0) return { type: "create", info };
  if (kind === 1) return { type: "createIdempotent", info };
  return null;
}

function parseMemo(data: Data): Parsed | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data.bytes as Uint8Array);
  } catch {
    return null;
  }
}

/** Whether every field a parser read was present (a short instruction stays partially decoded). */
function complete(parsed: Parsed): boolean {
  return typeof parsed === "string" || Object.values(parsed.info).every((value) => value !== undefined);
}

function parse(programId: string, data: Data, accounts: readonly Address[]): [string, Parsed] | null {
  let program: string;
  let parsed: Parsed | null;
  if (programId === SYSTEM_PROGRAM) [program, parsed] = ["system", parseSystem(data, accounts)];
  else if (TOKEN_PROGRAMS.has(programId)) [program, parsed] = ["spl-token", parseToken(data, accounts)];
  else if (programId === ATA_PROGRAM)
    [program, parsed] = ["spl-associated-token-account", parseAssociatedToken(data, accounts)];
  else if (MEMO_PROGRAMS.has(programId)) [program, parsed] = ["spl-memo", parseMemo(data)];
  else return null;
  return parsed !== null && complete(parsed) ? [program, parsed] : null;
}

/** One instruction, resolved against the transaction's account keys, as `jsonParsed` shows it. */
export function parsedInstruction(
  keys: readonly Address[],
  instruction: { programIdIndex: number; accounts: readonly number[]; data: ReadonlyUint8Array },
  stackHeight: number | null,
) {
  const programId = keys[instruction.programIdIndex] as Address;
  const accounts = instruction.accounts.map((index) => keys[index] as Address);
  const decoded = parse(programId, new Data(instruction.data), accounts);
  if (decoded !== null) {
    const [program, parsed] = decoded;
    return { program, programId, parsed, stackHeight };
  }
  return { programId, accounts, data: base58.decode(instruction.data), stackHeight };
}
