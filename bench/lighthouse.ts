/**
 * Lighthouse (npm) on the built storefront, in Debian's Chromium: the default config, which is the
 * mobile preset (Moto G Power screen, simulated slow 4G and 4x CPU slowdown), categories
 * performance, accessibility and best practices. Three runs per page, each in a fresh Chromium
 * with a cold cache; every figure reported is the median of its three runs.
 *
 * Pages: the landing `/`, a store homepage `/store/{code}` (store 1, normal link), the models of
 * brand 1 `/models/1`, and the checkout of an order with its design (`/pedido/pagar-tienda`,
 * `/pedido/pagar-ahora`, `/pedido/datos`), made through the shop's calls before the runs. The
 * models page reads the visitor's store from sessionStorage (set by the store homepage); a fresh
 * page has none and would redirect to /store, so before that navigation the session a store visit
 * leaves (store_id, store_url, from_url) is written into the new document by the driver
 * (Puppeteer's evaluateOnNewDocument, after Lighthouse's storage reset), and the browser gets the
 * store cookie the same visit sets (which that reset leaves alone): a cold load of /models/1 as a
 * customer arriving from the store homepage in the same tab has both, except that here nothing is
 * cached.
 *
 * The server is the built one (apps/server/dist) with the demo catalogue, on 127.0.0.1.
 *
 *   node --import tsx bench/lighthouse.ts
 *   BENCH_LH_RUNS=1 node --import tsx bench/lighthouse.ts      (quicker, less stable)
 *   BENCH_LH_REPORT_DIR=/tmp/lh node --import tsx bench/lighthouse.ts   (also writes HTML reports)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { STORE_COOKIE } from '@shop/contracts/storefront';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, generateReport, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import sharp from 'sharp';
import { chromiumArgs, chromiumPath } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

export interface PageTarget {
  name: string;
  path: string;
  /** sessionStorage to set in the document before the app starts. */
  session?: Record<string, string>;
  /** Cookies the browser has for the shop before the page is asked for. */
  cookies?: Record<string, string>;
  /** Most the page may download (Lighthouse's total byte weight), KB of 1000 bytes. */
  maxTransferKB?: number;
  /**
   * A page kept out of search engines on purpose (noindex: a customer's checkout): Lighthouse's
   * SEO score counts that against it, so the SEO target does not apply.
   */
  noindex?: boolean;
}

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Everything the page downloaded (Lighthouse's total byte weight), KB of 1000 bytes. */
  transferKB: number;
  /** Failing audits of accessibility, best practices and SEO (id: title), for the note. */
  failing: string[];
  /** Performance opportunities and diagnostics that cost something, for the note. */
  opportunities: string[];
}

export interface LighthousePageResult extends LighthouseRun {
  name: string;
  path: string;
  maxTransferKB: number | null;
  runs: LighthouseRun[];
  pass: boolean;
}

export interface LighthouseBenchResult {
  chromium: string;
  lighthouse: string;
  runsPerPage: number;
  pages: LighthousePageResult[];
  /** Lighthouse's measure of this machine's CPU speed (benchmarkIndex), median. */
  benchmarkIndex: number;
}

export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1800,
  tbtMs: 100,
  cls: 0.02,
} as const;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A store link: base64url of "{storeId}:{origin}" ('false' = a normal link, 'screen' = a kiosk). */
export const storeCode = (storeId: number, origin: 'false' | 'screen' = 'false'): string =>
  Buffer.from(`${storeId}:${origin}`).toString('base64url');

export function defaultPages(orderId?: string): PageTarget[] {
  const code = storeCode(1);
  const visit = { store_id: '1', store_url: code, from_url: 'false' };
  const pages: PageTarget[] = [
    // Pictures included: the hero's mock-ups, the gift's and the brand marks (lazy below the fold).
    { name: 'landing', path: '/', maxTransferKB: 400 },
    { name: 'store homepage', path: `/store/${code}` },
    // The cookie a store visit leaves with the tab's store (the models page comes with its first screen).
    { name: 'models', path: '/models/1', session: visit, cookies: { [STORE_COOKIE]: '1' } },
  ];
  if (!orderId) return pages;
  // The checkout of an order with its design confirmed, as the editor leaves it in the session.
  const order = { ...visit, order_id: orderId, payment_method: 'paystore' };
  return [
    ...pages,
    { name: 'pay at the store', path: '/pedido/pagar-tienda', session: order, noindex: true },
    { name: 'pay now', path: '/pedido/pagar-ahora', session: order, noindex: true },
    { name: 'order data', path: '/pedido/datos', session: order, noindex: true },
  ];
}

/**
 * An order of the demo catalogue's first model with a photo and its design, pay at the store
 * chosen: what the checkout pages show. Made through the shop's own calls, as one visitor.
 */
export async function designedOrder(base: string): Promise<string> {
  let cookies = '';
  const call = async (method: string, path: string, body?: unknown, form?: FormData) => {
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookies)?.[1] ?? '';
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: cookies,
        ...(method === 'GET' ? {} : { 'x-xsrf-token': xsrf }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const set = res.headers.getSetCookie().map((c) => c.split(';')[0]!);
    if (set.length > 0) {
      const jar = new Map(cookies ? cookies.split('; ').map((c) => [c.split('=')[0]!, c] as const) : []);
      for (const c of set) jar.set(c.split('=')[0]!, c);
      cookies = [...jar.values()].join('; ');
    }
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown>>;
  };
  const image = async (bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return (await call('POST', '/api/images', undefined, form)).uri as string;
  };
  await call('GET', '/api/health');
  const models = (await call('GET', '/api/models?store=1&size=1')) as {
    items: { id: number; brand: { id: number } }[];
  };
  const model = models.items[0]!;
  const { id } = (await call('POST', '/api/orders', {
    store: { id: 1 },
    brand: { id: model.brand.id },
    model: { id: model.id },
  })) as { id: string };
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c85028' } })
    .jpeg({ quality: 85 })
    .toBuffer();
  await call('PUT', `/api/orders/${id}`, { image: await image(photo, 'foto.jpg', 'image/jpeg') });
  const design = await sharp({ create: { width: 480, height: 760, channels: 4, background: '#2864c8' } })
    .png()
    .toBuffer();
  await call('PUT', `/api/orders/${id}/design`, {
    design: await image(design, 'design.png', 'image/png'),
    transform: { centerX: 0.5, centerY: 0.5, scale: 3.5, quarterTurns: 0, flipX: false },
  });
  await call('POST', `/api/orders/${id}/confirmPaymentMethod?paymentMethod=paystore`);
  return id;
}

const score = (lhr: Result, id: string): number => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;

function summarise(lhr: Result): LighthouseRun {
  const failing: string[] = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push(`${ref.id}: ${audit.title}`);
      }
    }
  }
  const opportunities: string[] = [];
  for (const ref of lhr.categories.performance?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    opportunities.push(`${ref.id}: ${audit.displayValue ?? audit.title}`);
  }
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    transferKB: numeric(lhr, 'total-byte-weight') / 1000,
    failing,
    opportunities,
  };
}

/**
 * One Lighthouse navigation of `url` in a fresh Chromium. On a busy machine Lighthouse now and then
 * loses its trace (NO_NAVSTART, NO_FCP...): such a run is repeated, at most twice.
 */
async function runOnce(url: string, target: Pick<PageTarget, 'session' | 'cookies'>): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runInFreshChromium(url, target);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof LighthouseRuntimeError)) throw err;
      console.warn(`Lighthouse run of ${url} failed (${err.message}); trying again`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function runInFreshChromium(
  url: string,
  { session, cookies }: Pick<PageTarget, 'session' | 'cookies'>,
): Promise<Result> {
  // chrome-launcher reports a missing binary as an unhandled 'error' event that ends the process.
  if (!existsSync(chromiumPath))
    throw new Error(`no Chromium at ${chromiumPath} (bash scripts/ensure-bench-tools.sh)`);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
    logLevel: 'silent',
  });
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      const page = await browser.newPage();
      // Lighthouse's storage reset leaves cookies alone.
      for (const [name, value] of Object.entries(cookies ?? {})) await page.setCookie({ name, value, url });
      if (session) {
        await page.evaluateOnNewDocument((values: Record<string, string>) => {
          for (const [k, v] of Object.entries(values)) sessionStorage.setItem(k, v);
        }, session);
      }
      const flags: Flags = {
        logLevel: 'error',
        output: 'json',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      };
      // The 4th argument: Lighthouse drives this page (so the script above runs in its document).
      const result = await lighthouse(url, flags, undefined, page as never);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) {
        throw new LighthouseRuntimeError(
          `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}`,
        );
      }
      return result.lhr;
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

export async function runLighthouseBench(
  options: { runs?: number; pages?: PageTarget[]; baseUrl?: string; reportDir?: string } = {},
): Promise<LighthouseBenchResult> {
  const runs = options.runs ?? Number(process.env.BENCH_LH_RUNS ?? 3);
  const reportDir = options.reportDir ?? process.env.BENCH_LH_REPORT_DIR;
  const server = options.baseUrl ? null : await startServer();
  const base = options.baseUrl ?? server!.url;
  const results: LighthousePageResult[] = [];
  const benchmarkIndexes: number[] = [];
  let versions = { chromium: '', lighthouse: '' };
  try {
    const pages = options.pages ?? defaultPages(await designedOrder(base));
    for (const target of pages) {
      const lhrs: Result[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await runOnce(`${base}${target.path}`, target);
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== target.path) {
          throw new Error(
            `${target.path} ended on ${lhr.finalDisplayedUrl}: not the page meant to be measured`,
          );
        }
        lhrs.push(lhr);
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        versions = { chromium: lhr.environment.hostUserAgent, lighthouse: lhr.lighthouseVersion };
        if (reportDir) {
          mkdirSync(reportDir, { recursive: true });
          const file = join(reportDir, `${target.name.replace(/\W+/g, '-')}-${i + 1}.html`);
          writeFileSync(file, generateReport(lhr, 'html'));
        }
      }
      const each = lhrs.map(summarise);
      const m: LighthouseRun = {
        performance: median(each.map((r) => r.performance)),
        accessibility: median(each.map((r) => r.accessibility)),
        bestPractices: median(each.map((r) => r.bestPractices)),
        seo: median(each.map((r) => r.seo)),
        lcpMs: median(each.map((r) => r.lcpMs)),
        tbtMs: median(each.map((r) => r.tbtMs)),
        cls: median(each.map((r) => r.cls)),
        fcpMs: median(each.map((r) => r.fcpMs)),
        transferKB: median(each.map((r) => r.transferKB)),
        failing: [...new Set(each.flatMap((r) => r.failing))],
        opportunities: [...new Set(each.flatMap((r) => r.opportunities))],
      };
      const t = LIGHTHOUSE_TARGETS;
      results.push({
        name: target.name,
        path: target.path,
        maxTransferKB: target.maxTransferKB ?? null,
        ...m,
        runs: each,
        pass:
          m.performance >= t.performance &&
          m.accessibility >= t.accessibility &&
          m.bestPractices >= t.bestPractices &&
          (target.noindex === true || m.seo >= t.seo) &&
          m.lcpMs < t.lcpMs &&
          m.tbtMs < t.tbtMs &&
          m.cls < t.cls &&
          (target.maxTransferKB === undefined || m.transferKB <= target.maxTransferKB),
      });
    }
  } finally {
    await server?.stop();
  }
  return {
    ...versions,
    runsPerPage: runs,
    pages: results,
    benchmarkIndex: median(benchmarkIndexes),
  };
}

export function formatLighthouseTable(r: LighthouseBenchResult): string {
  const header = [
    'page',
    'performance',
    'accessibility',
    'best practices',
    'SEO',
    'LCP',
    'TBT',
    'CLS',
    'FCP',
    'transfer',
    'ok',
  ];
  const lines = r.pages.map((p) => [
    `${p.name} (${p.path})`,
    String(p.performance),
    String(p.accessibility),
    String(p.bestPractices),
    String(p.seo),
    `${(p.lcpMs / 1000).toFixed(2)} s`,
    `${p.tbtMs.toFixed(0)} ms`,
    p.cls.toFixed(3),
    `${(p.fcpMs / 1000).toFixed(2)} s`,
    `${p.transferKB.toFixed(0)} KB${p.maxTransferKB === null ? '' : ` (max ${p.maxTransferKB})`}`,
    p.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  const out = [
    `Lighthouse ${r.lighthouse}, mobile preset (simulated throttling), median of ${r.runsPerPage}; ` +
      `benchmarkIndex ${r.benchmarkIndex.toFixed(0)}`,
    fmt(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...lines.map(fmt),
  ];
  for (const p of r.pages) {
    for (const f of p.failing) out.push(`  ${p.name}: failing ${f}`);
    for (const o of p.opportunities) out.push(`  ${p.name}: ${o}`);
  }
  return out.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await runLighthouseBench();
  console.info(formatLighthouseTable(result));
  if (result.pages.some((p) => !p.pass)) process.exitCode = 1;
}
