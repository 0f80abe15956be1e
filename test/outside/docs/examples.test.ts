/**
 * The code samples of docs/examples run as an integrator runs them: copied into a fresh project
 * with attestkit installed from its packed tarball, executed by Node 24 against the embedded mock.
 */
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "chai";
import { privateKeyToAccount } from "viem/accounts";
import { NODE_24, REPO_ROOT, run, sharedLibraryConsumer } from "../../../scripts/package/consumer.ts";
import { EVM_RECIPIENT, EVM_USER, SPONSOR_KEY } from "../../service/helpers.ts";

// Runs the three samples in sequence and prints what an integrator would look at.
const DRIVER = `import { startMockService } from "./embedded-service.ts";
import { quoteAndTrack } from "./quote-and-track.ts";
import { checkAttestation } from "./verify-attestation.ts";
const [user, recipient, impostor] = process.argv.slice(2);
const { service, baseUrl, solver } = await startMockService();
try {
  const { requestId, status } = await quoteAndTrack(baseUrl, user, recipient);
  const bySolver = await checkAttestation(baseUrl, requestId, solver);
  const byImpostor = await checkAttestation(baseUrl, requestId, impostor);
  console.log(JSON.stringify({ requestId, status, solver, bySolver, byImpostor }));
} finally {
  await service.close();
}
`;

describe("docs/examples from the installed package", function () {
  this.timeout(900_000);

  it("quote, status and attestation check work end to end on the embedded mock", async () => {
    const { dir } = await sharedLibraryConsumer();
    const examples = join(dir, "docs-examples");
    cpSync(join(REPO_ROOT, "docs/examples"), examples, { recursive: true });
    writeFileSync(join(examples, "package.json"), '{ "type": "module" }\n');
    writeFileSync(join(examples, "driver.ts"), DRIVER);
    // Attack: a service (or a man in the middle) presenting another key's attestation as the solver's.
    const impostor = privateKeyToAccount(SPONSOR_KEY).address;
    const { stdout } = await run(NODE_24, ["driver.ts", EVM_USER, EVM_RECIPIENT, impostor], {
      cwd: examples,
    });
    const result = JSON.parse(stdout.trim().split("\n").at(-1) ?? "");
    expect(result.requestId).to.match(/^0x[0-9a-f]{64}$/);
    expect(result.status).to.equal("waiting");
    expect(impostor).not.to.equal(result.solver);
    expect(result.bySolver).to.equal(true);
    expect(result.byImpostor).to.equal(false);
  });
});
