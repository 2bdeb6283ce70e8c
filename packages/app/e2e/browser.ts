/** Debian's Chromium driven by Playwright (it cannot download its own browser here). */
import { chromium, type Browser, type BrowserContext } from 'playwright';
import chromiumFlags from './chromium-flags.json' with { type: 'json' };

/** Shared with lighthouse.mjs, which launches the same Chromium through chrome-launcher. */
export const chromiumArgs: string[] = chromiumFlags;
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium with the journeys' flags, and `extraArgs` (e.g. a fake microphone). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, ...extraArgs] });
}

export const phone = { width: 375, height: 667 };
export const desktop = { width: 1280, height: 800 };

/** Every action and navigation of a journey gives up after this long, naming what it waited for. */
const ACTION_TIMEOUT_MS = 30_000;

export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = desktop,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context;
}
