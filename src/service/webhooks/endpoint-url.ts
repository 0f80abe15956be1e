/** The rule for a webhook endpoint URL: absolute http(s), no credentials in it, at most 2048 characters. */
import * as z from "zod";

export const WebhookUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (
      (url.protocol === "http:" || url.protocol === "https:") && url.username === "" && url.password === ""
    );
  }, "expected an absolute http(s) URL without credentials");

/** Parses an endpoint URL or throws a one-line `Error` naming `what`. */
export function parseWebhookUrl(value: string, what: string): string {
  const parsed = WebhookUrlSchema.safeParse(value);
  // The URL is not echoed: it may carry credentials.
  if (!parsed.success) throw new Error(`invalid ${what}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
