// Files shipped beside the code (programs/, artifacts/): found from the package root, which is the
// nearest folder holding package.json above this module, whether it runs from src/ or from dist/.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("attestkit: package.json not found above the installed code");
    dir = parent;
  }
  return dir;
}

/** The attestkit package root (the repository in development, node_modules/attestkit when installed). */
export const PACKAGE_ROOT = packageRoot();

/** Absolute path of a file shipped with attestkit, e.g. `packageFile("programs/deploy/route-hop.so")`. */
export function packageFile(relative: string): string {
  return join(PACKAGE_ROOT, relative);
}
