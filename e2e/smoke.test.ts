// Smoke test: the built server starts, serves the web app and answers its health check.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('GET /api/health answers ok', async () => {
  const res = await fetch(`${server.url}/api/health`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok' });
});

test('home page loads on a phone with a title and no uncaught errors', async () => {
  const { page, context, errors } = await newPage(browser, 'phone');
  try {
    const res = await page.goto(`${server.url}/`, { waitUntil: 'load' });
    assert.ok(res, 'no response for /');
    assert.equal(res.status(), 200);
    const title = await page.title();
    assert.ok(title.trim().length > 0, 'the page has an empty <title>');
    // Only uncaught exceptions fail the smoke test; console noise is for the feature tests.
    assert.deepEqual(
      errors.filter((e) => e.startsWith('pageerror:')),
      [],
    );
  } finally {
    await context.close();
  }
});
