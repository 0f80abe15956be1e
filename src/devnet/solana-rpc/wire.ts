/**
 * A transaction from the wire, checked as a validator checks it before anything runs it: the encoded
 * and decoded size limits (1644 base64 / 1683 base58 characters, 1232 bytes), a strict parse
 * (canonical compact-u16 lengths, no read past the end, message version 0 or legacy) and the
 * message's sanitization (signature count matching the header, fee payer writable, account and
 * program indexes in range, no duplicate keys, lookups not empty, at most 256 accounts). Everything
 * refused here is a -32602 with a validator's text; only what passes reaches LiteSVM, whose decoder
 * aborts the process on some malformed input.
 */
import { createPublicKey, verify } from "node:crypto";
import { getBase58Encoder, getTransactionDecoder, type Transaction } from "@solana/kit";
import { RpcError } from "./errors.ts";

/** Largest transaction on the wire (`PACKET_DATA_SIZE`). */
export const PACKET_DATA_SIZE = 1232;
/** The longest base58 / base64 text a 1232-byte transaction can take. */
export const MAX_BASE58_SIZE = 1683;
export const MAX_BASE64_SIZE = 1644;
const MAX_ACCOUNTS = 256;
const SIGNATURE_BYTES = 64;
const ADDRESS_BYTES = 32;
const TYPE_NAME = "solana_transaction::versioned::VersionedTransaction";

export type WireEncoding = "base58" | "base64";

/** The account layout of a message, enough to sanitize it. */
export interface WireMessage {
  version: "legacy" | 0;
  numRequiredSignatures: number;
  numReadonlySigned: number;
  numReadonlyUnsigned: number;
  staticKeys: Uint8Array[];
  instructions: { programIdIndex: number; accounts: Uint8Array; data: Uint8Array }[];
  lookups: { table: Uint8Array; writable: Uint8Array; readonly: Uint8Array }[];
}

export interface WireTransaction {
  /** The transaction's bytes, without any trailing bytes the sender appended. */
  bytes: Uint8Array;
  signatures: Uint8Array[];
  /** The signed bytes. */
  messageBytes: Uint8Array;
  message: WireMessage;
}

const INVALID_PARAMS = -32602;
const invalid = (message: string) => new RpcError(INVALID_PARAMS, message);

class Malformed extends Error {}

/** A cursor over the bytes that refuses to read past the end. */
class Reader {
  offset = 0;
  readonly bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
  }

  take(length: number): Uint8Array {
    if (this.offset + length > this.bytes.length) throw new Malformed("io error: unexpected end of file");
    const out = this.bytes.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }

  u8(): number {
    return this.take(1)[0] as number;
  }

  /** Solana's short_vec length: 1 to 3 bytes of 7 bits, in its one canonical form, at most 0xffff. */
  compactU16(): number {
    let value = 0;
    for (let nth = 0; nth < 3; nth++) {
      const byte = this.u8();
      if (nth > 0 && byte === 0) {
        throw new Malformed("invalid value: alias encoding, expected strict form encoding");
      }
      value |= (byte & 0x7f) << (7 * nth);
      if (value > 0xffff) {
        throw new Malformed(`invalid value: integer \`${value}\`, expected a value in the range [0, 65535]`);
      }
      if ((byte & 0x80) === 0) return value;
    }
    throw new Malformed("invalid length 4, expected three or fewer bytes");
  }

  list<T>(item: () => T): T[] {
    const count = this.compactU16();
    const out: T[] = [];
    for (let i = 0; i < count; i++) out.push(item());
    return out;
  }

  bytesList(size: number): Uint8Array[] {
    return this.list(() => this.take(size));
  }
}

function parseMessage(reader: Reader): WireMessage {
  const first = reader.u8();
  let version: WireMessage["version"] = "legacy";
  let numRequiredSignatures = first;
  if (first & 0x80) {
    const number = first & 0x7f;
    if (number !== 0) {
      throw new Malformed(
        `invalid value: integer \`${number}\`, expected a valid transaction message version`,
      );
    }
    version = 0;
    numRequiredSignatures = reader.u8();
  }
  const numReadonlySigned = reader.u8();
  const numReadonlyUnsigned = reader.u8();
  const staticKeys = reader.bytesList(ADDRESS_BYTES);
  reader.take(ADDRESS_BYTES);
  const instructions = reader.list(() => {
    const programIdIndex = reader.u8();
    const accounts = reader.take(reader.compactU16());
    const data = reader.take(reader.compactU16());
    return { programIdIndex, accounts, data };
  });
  const lookups =
    version === 0
      ? reader.list(() => {
          const table = reader.take(ADDRESS_BYTES);
          const writable = reader.take(reader.compactU16());
          const readonly = reader.take(reader.compactU16());
          return { table, writable, readonly };
        })
      : [];
  return {
    version,
    numRequiredSignatures,
    numReadonlySigned,
    numReadonlyUnsigned,
    staticKeys,
    instructions,
    lookups,
  };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/** What `Message::sanitize` and `SanitizedTransaction::try_create` refuse: null when it is sound. */
function sanitizeFailure(signatureCount: number, message: WireMessage): string | null {
  const SANITIZE = "Transaction failed to sanitize accounts offsets correctly";
  const keys = message.staticKeys.length;
  if (message.numRequiredSignatures !== signatureCount || signatureCount > keys) return SANITIZE;
  if (message.numRequiredSignatures + message.numReadonlyUnsigned > keys) return SANITIZE;
  if (message.numReadonlySigned >= message.numRequiredSignatures) return SANITIZE;
  let loaded = 0;
  for (const lookup of message.lookups) {
    if (lookup.writable.length + lookup.readonly.length === 0) return SANITIZE;
    loaded += lookup.writable.length + lookup.readonly.length;
  }
  const total = keys + loaded;
  if (total > MAX_ACCOUNTS) return SANITIZE;
  for (const instruction of message.instructions) {
    const { programIdIndex } = instruction;
    if (programIdIndex === 0 || programIdIndex >= keys) return SANITIZE;
    for (const index of instruction.accounts) if (index >= total) return SANITIZE;
  }
  for (let i = 0; i < keys; i++) {
    for (let j = i + 1; j < keys; j++) {
      if (sameBytes(message.staticKeys[i] as Uint8Array, message.staticKeys[j] as Uint8Array)) {
        return "Account loaded twice";
      }
    }
  }
  return null;
}

/** Strictly parses and sanitizes transaction bytes. @throws RpcError -32602 with a validator's text. */
export function parseWireTransaction(bytes: Uint8Array): WireTransaction {
  if (bytes.length > PACKET_DATA_SIZE) {
    throw invalid(`decoded ${TYPE_NAME} too large: ${bytes.length} bytes (max: ${PACKET_DATA_SIZE} bytes)`);
  }
  const reader = new Reader(bytes);
  let signatures: Uint8Array[];
  let message: WireMessage;
  let messageStart: number;
  try {
    signatures = reader.bytesList(SIGNATURE_BYTES);
    messageStart = reader.offset;
    message = parseMessage(reader);
  } catch (error) {
    if (!(error instanceof Malformed)) throw error;
    throw invalid(`failed to deserialize ${TYPE_NAME}: ${error.message}`);
  }
  const failure = sanitizeFailure(signatures.length, message);
  if (failure !== null) throw invalid(`invalid transaction: ${failure}`);
  const end = reader.offset;
  return {
    bytes: bytes.subarray(0, end),
    signatures,
    messageBytes: bytes.subarray(messageStart, end),
    message,
  };
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base58 = getBase58Encoder();

/** The bytes of an encoded transaction, refusing oversize text before decoding it. */
export function decodeWireText(text: string, encoding: WireEncoding): Uint8Array {
  const max = encoding === "base58" ? MAX_BASE58_SIZE : MAX_BASE64_SIZE;
  if (text.length > max) {
    throw invalid(
      `${encoding} encoded ${TYPE_NAME} too large: ${text.length} bytes (max: encoded/raw ${max}/${PACKET_DATA_SIZE})`,
    );
  }
  if (encoding === "base64") {
    if (!BASE64.test(text) || text.length % 4 !== 0) throw invalid("invalid base64 encoding: InvalidByte");
    return new Uint8Array(Buffer.from(text, "base64"));
  }
  try {
    return new Uint8Array(base58.encode(text));
  } catch {
    throw invalid("invalid base58 encoding: InvalidCharacter");
  }
}

const transactionDecoder = getTransactionDecoder();

/** An encoded transaction checked as a validator checks it, as kit's `Transaction` and its wire form. */
export function decodeTransaction(
  text: string,
  encoding: WireEncoding,
): { tx: Transaction; wire: WireTransaction } {
  const wire = parseWireTransaction(decodeWireText(text, encoding));
  return { tx: transactionDecoder.decode(wire.bytes) as Transaction, wire };
}

/** DER prefix of an Ed25519 public key (SubjectPublicKeyInfo) before its 32 raw bytes. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** Whether every signature verifies against its signer's key over the message (a validator's sigverify). */
export function signaturesVerify(wire: WireTransaction): boolean {
  return wire.signatures.every((signature, i) => {
    const signer = wire.message.staticKeys[i] as Uint8Array;
    const key = createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, signer]),
      format: "der",
      type: "spki",
    });
    return verify(null, wire.messageBytes, key, signature);
  });
}
