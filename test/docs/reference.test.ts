/** Generated references: the committed HTTP page matches a fresh render; stale TypeDoc trees are caught. */
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect } from "chai";
import { natspec, renderContractsReference } from "../../scripts/docs/reference-contracts.ts";
import { renderHttpReference } from "../../scripts/docs/reference-http.ts";
import { renderProgramReference } from "../../scripts/docs/reference-program.ts";
import { diffTrees } from "../../scripts/docs/reference-ts.ts";
import { buildOpenApiDocument } from "../../src/service/openapi.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");

describe("generated references", () => {
  it("docs/reference/http.md is the render of the current OpenAPI document, one section per operation", () => {
    const document = buildOpenApiDocument();
    const page = renderHttpReference(document);
    expect(readFileSync(join(ROOT, "docs", "reference", "http.md"), "utf8")).to.equal(page);
    const paths = document.paths as Record<string, Record<string, unknown>>;
    for (const [path, item] of Object.entries(paths)) {
      for (const method of Object.keys(item)) expect(page).to.include(`## ${method.toUpperCase()} ${path}\n`);
    }
  });

  it("docs/reference/svm-program.md is the render of the IDL: every instruction and error listed", () => {
    const idl = JSON.parse(readFileSync(join(ROOT, "programs", "idl", "attested_receiver.json"), "utf8"));
    const page = renderProgramReference(idl);
    expect(readFileSync(join(ROOT, "docs", "reference", "svm-program.md"), "utf8")).to.equal(page);
    for (const ix of idl.instructions as { name: string }[]) expect(page).to.include(`### ${ix.name}\n`);
    for (const error of idl.errors as { code: number; name: string }[]) {
      expect(page).to.include(`| ${error.code} | \`${error.name}\` |`);
    }
  });

  it("docs/reference/contracts.md is the render of the contracts' NatSpec, receiver functions included", function () {
    this.timeout(120_000);
    const docs = natspec();
    const page = renderContractsReference(docs);
    expect(readFileSync(join(ROOT, "docs", "reference", "contracts.md"), "utf8")).to.equal(page);
    expect([...docs.keys()]).to.include("contracts/AttestedReceiver.sol:AttestedReceiver");
    for (const fn of ["depositNative(", "depositErc20(", "addToWhitelist("])
      expect(page).to.include(`- \`${fn}`);
  });

  it("diffTrees reports added, removed and changed pages, and nothing for identical trees", async () => {
    const dir = await mkdtemp(join(tmpdir(), "attestkit-ref-"));
    try {
      for (const side of ["a", "b"]) {
        await mkdir(join(dir, side, "sub"), { recursive: true });
        await writeFile(join(dir, side, "same.md"), "same\n");
        await writeFile(join(dir, side, "sub", "changed.md"), `${side}\n`);
      }
      await writeFile(join(dir, "a", "only-a.md"), "x\n");
      await writeFile(join(dir, "b", "only-b.md"), "x\n");
      expect(diffTrees(join(dir, "a"), join(dir, "b"))).to.deep.equal([
        "only-a.md",
        "only-b.md",
        join("sub", "changed.md"),
      ]);
      expect(diffTrees(join(dir, "a"), join(dir, "a"))).to.deep.equal([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
