/**
 * docs/troubleshooting.md quotes error messages (its ```text blocks) as integrators see them: each must
 * come from the source that prints it (attestkit's TypeScript and Solidity, or Hardhat's own messages),
 * so a message reworded in the code cannot leave a stale quote behind.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect } from "chai";
import { literalParts, quotedFromSource } from "./quoted-messages.ts";

const ROOT = resolve(import.meta.dirname, "..", "..");
const PAGE = join(ROOT, "docs", "troubleshooting.md");
/** Hardhat's messages the page quotes (compiler download, Node version). */
const THIRD_PARTY = [
  "node_modules/@nomicfoundation/hardhat-errors/dist/src/descriptors.js",
  "node_modules/hardhat/dist/src/internal/cli/node-version.js",
];

function sourceFiles(dir: string, extensions: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, extensions);
    return extensions.some((extension) => name.endsWith(extension)) ? [path] : [];
  });
}

function quotedMessages(page: string): string[] {
  return [...page.matchAll(/```text\n([\s\S]*?)```/g)].flatMap(([, block]) =>
    (block as string).split("\n").filter((line) => line.trim() !== ""),
  );
}

describe("docs: the troubleshooting page", () => {
  const parts = [
    ...sourceFiles(join(ROOT, "src"), [".ts"]),
    ...sourceFiles(join(ROOT, "contracts"), [".sol"]),
    ...THIRD_PARTY.map((path) => join(ROOT, path)),
  ].flatMap((file) => literalParts(readFileSync(file, "utf8")));

  it("every quoted error message is printed by the source", () => {
    const messages = quotedMessages(readFileSync(PAGE, "utf8"));
    expect(messages.length).to.be.greaterThan(10);
    expect(messages.filter((message) => !quotedFromSource(message, parts))).to.deep.equal([]);
  });

  it("quotes the messages the integrators reported: Node floor, offline solc, deadline window, unwired hook, chain, port", () => {
    const page = readFileSync(PAGE, "utf8");
    for (const quoted of [
      "needs Node.js >= 22.14.0",
      "npx attestkit install-node",
      "Couldn't download compiler version list",
      "a valid payment was refused (DeadlineTooFar)",
      "not applicable: hook rotateSolver not implemented",
      "is not supported here",
      "is already in use",
    ])
      expect(page).to.include(quoted);
  });

  it("a reworded or invented message is not taken for the source's", () => {
    expect(
      quotedFromSource("port 8545 on 127.0.0.1 is already in use: choose another with --rpc-port", parts),
    ).to.be.true;
    expect(quotedFromSource("port 8545 on 127.0.0.1 is busy: pick another port with --rpc-port", parts)).to.be
      .false;
    expect(quotedFromSource("the solver could not reach the chain because the node went away", parts)).to.be
      .false;
  });

  it("literalParts splits template literals at their interpolations and reads Solidity's concatenated pieces", () => {
    expect(literalParts('`port ${port} on 127.0.0.1 is already in use${flag ? `: x` : ""}`')).to.include(
      " on 127.0.0.1 is already in use",
    );
    expect(
      literalParts('string.concat(property, " not applicable: hook ", hook, " not implemented")'),
    ).to.deep.equal([" not applicable: hook ", " not implemented"]);
  });
});
