// The installed package's declarations under `tsc --strict`, skipLibCheck off, with moduleResolution
// nodenext and bundler. tsc's time is measured by bench/package.bench.ts, not asserted here.
import { expect } from "chai";
import { sharedLibraryConsumer } from "../../../scripts/package/consumer.ts";
import { CONSUMER_SOURCE, typecheckConsumer } from "../../../scripts/package/typecheck.ts";

describe("package: TypeScript consumers", function () {
  this.timeout(900_000);
  let dir: string;

  before(async () => {
    ({ dir } = await sharedLibraryConsumer());
  });

  for (const resolution of ["nodenext", "bundler", "nodenext-commonjs"] as const) {
    it(`type-checks the root and attestkit/client with moduleResolution ${resolution}`, async () => {
      const { stdout } = await typecheckConsumer(dir, resolution);
      expect(stdout).to.equal("");
    });
  }

  it("reports a misuse of the package's types (the declarations are really read)", async () => {
    const misuse = `${CONSUMER_SOURCE}\nexport const wrong = verifyAttestation({ requestId: 1 });\n`;
    const failure = await typecheckConsumer(`${dir}/misuse`, "bundler", misuse).then(
      () => undefined,
      (error: Error) => error.message,
    );
    expect(failure).to.match(/consumer\.ts\(\d+,\d+\): error TS2\d{3}/);
  });
});
