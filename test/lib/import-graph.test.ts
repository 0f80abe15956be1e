// The structure of src/: no module imports the package barrel (src/index.ts), and the relative imports
// (type imports included) form no circle, so each module can be read, bundled and tested on its own.
// The codama clients under */generated/ are generated as codama lays them out and are not checked.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "chai";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
const BARREL = join(SRC, "index.ts");
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+"(\.{1,2}\/[^"]+)"/g;

function graph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !file.includes("/generated/"))
    .map((file) => join(SRC, file));
  return new Map(
    files.map((file) => [
      file,
      [...readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => resolve(dirname(file), m[1] as string)),
    ]),
  );
}

/** The import circles of `edges`, each as the list of files around it. */
function circles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === "open") found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("src/ import graph", () => {
  it("no module inside src/ imports the package barrel", () => {
    const importers = [...graph()]
      .filter(([file, imports]) => file !== BARREL && imports.includes(BARREL))
      .map(([file]) => relative(SRC, file));
    expect(importers).to.deep.equal([]);
  });

  it("relative imports form no circle", () => {
    expect(circles(graph()).map((circle) => circle.map((file) => relative(SRC, file)))).to.deep.equal([]);
  });

  it("the circle finder finds a circle (the check can fail)", () => {
    const edges = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(circles(edges)).to.deep.equal([["a", "b", "c"]]);
  });
});
