// `attestkit install-node` pins what this repository runs on: the prebuilt Node of its own dev
// dependencies and the devnet peers of its lockfile.
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { DEVNET_PEERS } from "../../src/devnet/peers.ts";
import { DEVNET_PEER_VERSIONS, TOOLS_NODE_PACKAGE, TOOLS_NODE_VERSION } from "../../src/install-node.ts";

const installed = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), "utf8")) as {
      version: string;
    }
  ).version;

describe("install-node pins", () => {
  it("installs the Node this repository's tools run on", () => {
    const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(manifest.devDependencies[TOOLS_NODE_PACKAGE]).to.equal(TOOLS_NODE_VERSION);
    expect(process.version).to.equal(`v${TOOLS_NODE_VERSION}`);
  });

  it("installs every devnet peer at the version this repository tests with", () => {
    expect(Object.keys(DEVNET_PEER_VERSIONS).sort()).to.deep.equal([...DEVNET_PEERS].sort());
    for (const peer of DEVNET_PEERS) expect(DEVNET_PEER_VERSIONS[peer], peer).to.equal(installed(peer));
  });
});
