/** Structured logs never contain API keys (spec 5). */
import { expect } from "chai";
import { API_KEY, get, post, quoteBody, testService } from "./helpers.ts";

describe("logging", () => {
  it("logs requests as JSON lines with keys redacted from headers and query strings", async () => {
    const lines: string[] = [];
    const service = testService({
      logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await get(service, `/requests/v3?apiKey=${API_KEY}&limit=2`, { "x-api-key": API_KEY });
      await get(service, "/requests/v3", { "x-api-key": "wrong-secret-key" });
      await post(
        service,
        "/fast-fill",
        { requestId: `0x${"00".repeat(32)}` },
        { authorization: `Bearer ${API_KEY}` },
      );
      await post(service, "/quote/v2", quoteBody(), { "x-api-key": API_KEY });
      await get(service, `/requests/v3?apikey=${API_KEY}&filters=%5B`, { "x-api-key": API_KEY });
    } finally {
      await service.close();
    }
    expect(lines.length).to.be.greaterThan(5);
    for (const line of lines) JSON.parse(line);
    const all = lines.join("\n");
    expect(all).not.to.contain(API_KEY);
    expect(all).not.to.contain("wrong-secret-key");
    expect(all).to.contain("[redacted]");
  });
});
