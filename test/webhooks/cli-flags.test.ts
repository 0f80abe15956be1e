/**
 * `--webhook-url` of `attestkit service` and `attestkit devnet`: a URL that is not an absolute
 * http(s) URL without credentials stops the command at once with a one-line reason (exit 2), before
 * anything starts.
 */
import { execFile } from "node:child_process";
import { expect } from "chai";

function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["src/cli.ts", ...args], { timeout: 60_000 }, (error, _stdout, stderr) => {
      resolve({ code: error === null ? 0 : ((error as { code?: number }).code ?? null), stderr });
    });
  });
}

describe("CLI: --webhook-url", function () {
  this.timeout(120_000);

  for (const command of ["service", "devnet"]) {
    for (const url of ["ftp://127.0.0.1/hook", "http://user:secret@127.0.0.1/hook", "not a url"]) {
      it(`attestkit ${command} refuses --webhook-url ${url}`, async () => {
        const { code, stderr } = await run([command, "--port", "0", "--webhook-url", url]);
        expect(code).to.equal(2);
        expect(stderr).to.include("invalid --webhook-url");
        expect(stderr).to.not.include("secret");
      });
    }
  }
});
