/**
 * `npm run lighthouse` (after `npm run build`): starts the built product on embedded storage,
 * runs Lighthouse in Debian's Chromium on the home page and, signed in, on the dashboard
 * overview, and prints the category scores, the Largest Contentful Paint, Total Blocking Time
 * and Cumulative Layout Shift.
 *
 * Runs under tsx (`node --import tsx`) to reuse the e2e harness written in TypeScript.
 * `--desktop` uses Lighthouse's desktop preset instead of the default mobile emulation.
 * `--runs N` (default 3) audits each page N times and reports the median run, as Lighthouse
 * advises: a single run's performance score varies by several points on a shared machine.
 * `--save DIR` writes each page's median report there (`home.json`, `dashboard-overview.json`),
 * for its long tasks, script timings and LCP breakdown.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { PRERENDERED_HOME_FILE } from '@parlance/contract/endpoints';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumArgs, chromiumPath } from './browser.ts';
import { startProduct } from './product.ts';
import { createAccount, newAccount, sessionCookies } from './session.ts';

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const desktop = process.argv.includes('--desktop');
const runsFlag = process.argv.indexOf('--runs');
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 3;
const saveFlag = process.argv.indexOf('--save');
const saveDir = saveFlag > 0 ? process.argv[saveFlag + 1] : undefined;
if (saveFlag > 0 && (!saveDir || saveDir.startsWith('--')))
  throw new Error('--save needs a directory: --save DIR');

async function lighthouseRun(port, url, attempt = 1) {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: categories },
    desktop ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // Lighthouse sometimes fails to record a load's trace (NO_NAVSTART) and asks to be run again.
  if (lhr.runtimeError && attempt < 3) return lighthouseRun(port, url, attempt + 1);
  if (lhr.runtimeError)
    throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  return lhr;
}

async function audit(port, url) {
  const lhrs = [];
  for (let i = 0; i < runs; i += 1) lhrs.push(await lighthouseRun(port, url));
  const lhr = computeMedianRun(lhrs);
  const page = new URL(lhr.finalDisplayedUrl).pathname;
  if (saveDir) {
    mkdirSync(saveDir, { recursive: true });
    const name = page.replace(/^\/|\/$/g, '').replaceAll('/', '-') || 'home';
    writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(lhr));
  }
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = categories
    .filter((id) => id !== 'performance')
    .flatMap((id) => lhr.categories[id]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  if (failing.length > 0) console.log(`${url}: failing audits: ${failing.join(', ')}`);
  return {
    page,
    ...Object.fromEntries(categories.map((id) => [id, score(id)])),
    'LCP (s)': (metric('largest-contentful-paint') / 1000).toFixed(2),
    'TBT (ms)': Math.round(metric('total-blocking-time')),
    CLS: metric('cumulative-layout-shift').toFixed(3),
  };
}

// A bare `vite build` (as `npm run size` runs) leaves out the prerendered home page.
if (!existsSync(fileURLToPath(new URL(`../dist/${PRERENDERED_HOME_FILE}`, import.meta.url))))
  throw new Error('no prerendered home page in packages/app/dist: run `npm run build` first');
const product = await startProduct('pglite');
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumArgs });
try {
  const home = await audit(chrome.port, `${product.url}/`);
  // Signed in as a browser is after a sign-in: Lighthouse keeps the browser's cookies.
  const token = await createAccount(product.url, newAccount('lighthouse'));
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const domain = new URL(product.url).hostname;
  await browser.setCookie(
    ...sessionCookies(product.url, token).map(({ name, value, httpOnly, sameSite }) => ({
      name,
      value,
      httpOnly,
      sameSite,
      domain,
      path: '/',
    })),
  );
  await browser.disconnect();
  const rows = [home, await audit(chrome.port, `${product.url}/dashboard/overview`)];
  console.log(
    `Lighthouse ${desktop ? 'desktop' : 'mobile'} scores (0-100) and LCP, median of ${runs} runs`,
  );
  console.table(rows);
} finally {
  chrome.kill();
  await product.stop();
}
