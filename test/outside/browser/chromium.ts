/**
 * Debian's Chromium (`scripts/ci/install-chromium.sh`), headless through playwright-core, with a
 * throwaway profile and nothing reaching out on its own (updates, sync, QUIC probes).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

export interface HeadlessChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/** `args` are extra Chromium flags (e.g. `--host-resolver-rules` to give a foreign name a loopback address). */
export async function launchChromium(
  viewport: { width: number; height: number },
  args: readonly string[] = [],
): Promise<HeadlessChromium> {
  const profile = await mkdtemp(join(tmpdir(), "attestkit-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    viewport,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...args,
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
