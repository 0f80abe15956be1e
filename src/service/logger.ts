/**
 * Structured logging options for the mock service. API keys never reach a log line: request logs
 * carry method, path and the query with every secret-bearing parameter masked, and the headers that
 * hold keys are redacted should anything log them.
 */
import type { FastifyServerOptions } from "fastify";

const SECRET_PARAMS = new Set(["apikey", "api_key", "key", "token"]);

/** A URL with the values of secret-bearing query parameters replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join("&")}`;
}

/** The service's log output: `true` (info to stdout), `false` (silent), or a level and a stream. */
export type ServiceLoggerOption =
  | boolean
  | {
      /** Pino level (default `info`). */
      level?: string;
      /** Where the JSON lines go (default stdout). */
      stream?: {
        /** Receives one JSON log line. */
        write(line: string): void;
      };
    };

/** Fastify logger options: pino with redaction, or false. */
export function loggerOptions(option: ServiceLoggerOption | undefined): FastifyServerOptions["logger"] {
  if (option === undefined || option === false) return false;
  const level = option === true ? "info" : (option.level ?? "info");
  return {
    level,
    ...(option !== true && option.stream ? { stream: option.stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        'req.headers["x-api-key"]',
        "headers.authorization",
        'headers["x-api-key"]',
        "apiKey",
        "key",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req(request: { method?: string; url?: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url ?? ""), remoteAddress: request.ip };
      },
    },
  };
}
