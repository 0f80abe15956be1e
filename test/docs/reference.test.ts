/**
 * Generated references: every committed page matches a fresh render, every package export has a page,
 * and an undocumented public function or hook fails the generation.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { expect } from "chai";
import {
  CONTRACT_PAGES,
  natspec,
  natspecOf,
  renderContractsReference,
  undocumentedFunctions,
} from "../../scripts/docs/reference-contracts.ts";
import { renderHttpReference } from "../../scripts/docs/reference-http.ts";
import { renderProgramReference } from "../../scripts/docs/reference-program.ts";
import {
  diffTrees,
  javascriptExports,
  modulePage,
  render,
  renderReferenceIndex,
} from "../../scripts/docs/reference-ts.ts";
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

  it("docs/reference/contracts.md and testing-contracts.md are the render of the NatSpec, with every public function and hook documented", function () {
    this.timeout(240_000);
    const docs = natspec();
    for (const page of CONTRACT_PAGES)
      expect(readFileSync(page.path, "utf8")).to.equal(renderContractsReference(docs, page));
    expect(undocumentedFunctions(docs)).to.deep.equal([]);
    expect([...docs.keys()]).to.include("contracts/AttestedReceiver.sol:AttestedReceiver");
    const [contracts, testing] = CONTRACT_PAGES.map((page) => renderContractsReference(docs, page));
    for (const fn of ["depositNative(", "depositErc20(", "addToWhitelist("])
      expect(contracts).to.include(`- \`${fn}`);
    // The conformance bases' hooks and the structs they take are on the testing page.
    for (const hook of ["deployOrderReceiver(", "payOrder(", "isOrderPaid(", "deployReceiver(", "refusalOf("])
      expect(testing).to.include(`- \`function ${hook}`);
    for (const struct of ["OrderReceiverSetup", "OrderPayment", "ReceiverSetup", "Payment"])
      expect(testing).to.include(`struct ${struct} {`);
  });

  it("a public function or a conformance hook without NatSpec is reported, a documented one is not", () => {
    const content = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
/// @notice A fixture base.
abstract contract Fixture {
    /// @notice Documented hook.
    function documentedHook() internal virtual returns (bool);
    function silentHook() internal virtual returns (bool);
    /// @notice Documented entry.
    function documentedEntry() external {}
    function silentEntry() external {}
    function test_property() public {}
}
`;
    const docs = natspecOf({
      language: "Solidity",
      sources: { "project/contracts/testing/Fixture.sol": { content } },
      settings: {},
    });
    expect(undocumentedFunctions(docs)).to.deep.equal([
      "contracts/testing/Fixture.sol:Fixture.silentEntry",
      "contracts/testing/Fixture.sol:Fixture.silentHook",
    ]);
  });

  it("every JavaScript export of package.json has a TypeDoc page, listed in docs/reference/README.md", () => {
    const paths = javascriptExports();
    for (const path of ["attestkit/testing", "attestkit/testing/svm", "attestkit/devnet", "attestkit/deploy"])
      expect(paths).to.include(path);
    for (const path of ["attestkit/ignition", "attestkit/service", "attestkit/client"])
      expect(paths).to.include(path);
    for (const path of paths)
      expect(existsSync(join(ROOT, "docs", "reference", modulePage(path))), `${path} has no page`).to.equal(
        true,
      );
    expect(readFileSync(join(ROOT, "docs", "reference", "README.md"), "utf8")).to.equal(
      renderReferenceIndex(paths),
    );
    // The adapter types have a section of attestkit/testing's page, not only a place in the .d.ts files.
    const testingPage = readFileSync(
      join(ROOT, "docs", "reference", modulePage("attestkit/testing")),
      "utf8",
    );
    for (const type of ["EvmOrderReceiverAdapter", "EvmReceiverAdapter"])
      expect(testingPage.split("\n"), `${type} has no section`).to.include(`### ${type}`);
  });

  it("docs/reference/ts is a fresh TypeDoc render (which refuses undocumented exports)", async function () {
    this.timeout(300_000);
    const scratch = await mkdtemp(join(tmpdir(), "attestkit-typedoc-"));
    try {
      render(scratch);
      expect(diffTrees(scratch, join(ROOT, "docs", "reference", "ts"))).to.deep.equal([]);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
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
