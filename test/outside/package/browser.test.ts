// The browser-safe entries of the installed package bundle for `platform: "browser"` without Node
// built-ins or server code; a server entry does not (the check really rejects Node built-ins).
import { expect } from "chai";
import { bundleForBrowser } from "../../../scripts/package/browser-bundle.ts";
import { sharedLibraryConsumer } from "../../../scripts/package/consumer.ts";

const BROWSER_ENTRIES = [
  "attestkit",
  "attestkit/attestation",
  "attestkit/address",
  "attestkit/funding",
  "attestkit/svm",
  "attestkit/receiver",
  "attestkit/credit",
  "attestkit/webhooks",
  "attestkit/schemas",
  "attestkit/client",
];
const SERVER_CODE =
  /node_modules\/(fastify|hardhat|@nomicfoundation|litesvm|pino)\/|attestkit\/dist\/(service|devnet|deploy)/;

describe("package: browser bundles", function () {
  this.timeout(900_000);
  let dir: string;

  before(async () => {
    ({ dir } = await sharedLibraryConsumer());
  });

  for (const specifier of BROWSER_ENTRIES) {
    it(`${specifier} bundles for the browser without Node built-ins or server code`, async () => {
      const result = await bundleForBrowser(dir, specifier);
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.some((input) => input.includes("node_modules/attestkit/dist/"))).to.equal(true);
      expect(inputs.filter((input) => SERVER_CODE.test(input) || input.startsWith("node:"))).to.deep.equal(
        [],
      );
    });
  }

  it("attestkit/service does not bundle for the browser (it needs Node built-ins)", async () => {
    const failure = await bundleForBrowser(dir, "attestkit/service").then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).to.match(/Could not resolve "node:/);
  });
});
