// Debian's Chromium driven by playwright-core (never Playwright's own browser download).
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// --headless is passed by Playwright too (headless: true); listing it keeps the set explicit.
// The rest keeps Chromium from phoning home or doing background work during tests.
export const chromiumArgs = [
  '--headless',
  '--no-sandbox', // CI runs as root, where Chromium's sandbox cannot start
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
  kiosk: { width: 1920, height: 1080 },
} as const;

export type ViewportName = keyof typeof viewports;

/**
 * How long a browser test waits for what it asserts (an element, a URL, a response) before it
 * fails: twice Playwright's own default, so that a loaded 2-core machine (CI with another job on
 * one core) still passes. A functional test never asserts how fast something happened; speed
 * goals live in bench/ (the kiosk hand-off, for example, in bench/kiosk.ts).
 */
export const BROWSER_WAIT_MS = 60_000;
export type Viewport = { width: number; height: number };

/** Launches headless Chromium; Playwright gives it a fresh temporary profile and removes it on close. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /**
   * Console errors ("console.error: …") and uncaught page exceptions ("pageerror: …") seen so far.
   * Tests typically end with `assert.deepEqual(errors, [])`.
   */
  errors: string[];
}

/**
 * New isolated context (own cookies/storage) + page, in Spanish / Madrid time, at the given viewport.
 * The phone viewport also gets touch + mobile meta-viewport behaviour. `opts` overrides anything.
 */
export async function newPage(
  browser: Browser,
  viewport: ViewportName | Viewport,
  opts: BrowserContextOptions = {},
): Promise<TestPage> {
  const size = typeof viewport === 'string' ? viewports[viewport] : viewport;
  const mobile = size === viewports.phone; // by name or by passing viewports.phone
  const context = await browser.newContext({
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    viewport: { width: size.width, height: size.height },
    ...(mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    ...opts,
  });
  context.setDefaultTimeout(BROWSER_WAIT_MS);
  context.setDefaultNavigationTimeout(BROWSER_WAIT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      const loc = msg.location();
      errors.push(`console.error: ${msg.text()}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => {
    errors.push(`pageerror: ${err.stack ?? err.message}`);
  });
  return { page, context, errors };
}
