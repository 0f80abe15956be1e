/**
 * Opaque continuation cursors for GET /requests/v3: keyset positions `(sortKey, id)` of the last row
 * of a page, bound to the query they came from and authenticated with an HMAC, base64url-encoded.
 * A position is a value, not an offset, so pages stay stable while new requests arrive.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { badRequest } from "./errors.ts";

/** A decoded cursor. */
export interface CursorPosition {
  /** The sort key value of the last row returned (ms timestamp or USD amount). */
  key: number;
  /** The id of the last row returned (tie-breaker). */
  id: string;
}

export class CursorCodec {
  #secret: Buffer;

  constructor(secret: Buffer) {
    this.#secret = secret;
  }

  #mac(payload: string): Buffer {
    return createHmac("sha256", this.#secret).update(payload).digest().subarray(0, 16);
  }

  encode(position: CursorPosition, fingerprint: string): string {
    const payload = Buffer.from(JSON.stringify([1, position.key, position.id, fingerprint])).toString(
      "base64url",
    );
    return `${payload}.${this.#mac(payload).toString("base64url")}`;
  }

  /** Decodes a cursor; 400 INVALID_CONTINUATION when forged, corrupted or from a different query. */
  decode(cursor: string, fingerprint: string): CursorPosition {
    const invalid = () =>
      badRequest(
        "INVALID_CONTINUATION",
        "continuation is not a cursor returned by this endpoint for this query",
      );
    const dot = cursor.indexOf(".");
    if (dot <= 0 || cursor.length > 1024) throw invalid();
    const payload = cursor.slice(0, dot);
    const mac = Buffer.from(cursor.slice(dot + 1), "base64url");
    const expected = this.#mac(payload);
    if (mac.length !== expected.length || !timingSafeEqual(mac, expected)) throw invalid();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    } catch {
      throw invalid();
    }
    if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== 1) throw invalid();
    const [, key, id, boundTo] = parsed as [number, unknown, unknown, unknown];
    if (typeof key !== "number" || typeof id !== "string") throw invalid();
    if (boundTo !== fingerprint) {
      throw badRequest(
        "INVALID_CONTINUATION",
        "continuation belongs to a different query (filters or sort changed); start again without it",
      );
    }
    return { key, id };
  }
}
