// A solver worker that never answers Cancel, in the real page in headless
// Chromium. The first worker the page starts is swapped (playwright's
// route) for one that loads the real module, says it is ready, and on a
// solve spins forever without reading messages, as a worker does while the
// core prepares a board whose preparation never ends. Every later worker is
// the real solver-worker.js. The page must replace the stuck worker within
// about half a second of Cancel, say so, and solve again without a reload.
// SOKO_SITE names the built site (scripts/test-web builds it).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describeRestart } from '../../web/solver-client.js';

const site = process.env.SOKO_SITE;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
                       '--disable-component-update', '--disable-sync', '--no-first-run'];

let server, browser, base, root;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

async function waitForServer(url) {
  for (let i = 0; i < 100; i++) {
    try { if ((await fetch(url)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start: ' + url);
}

before(async () => {
  assert.ok(site && fs.existsSync(path.join(site, 'index.html')), 'SOKO_SITE must name a built site');
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-worker-'));
  fs.symlinkSync(path.resolve(site), path.join(root, 'sokoban'));
  const port = await freePort();
  server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', root], { stdio: 'ignore' });
  base = `http://127.0.0.1:${port}/sokoban/`;
  await waitForServer(base);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

// Ready like the real worker; then, like the real one, a solve waits for the
// module, and from there the worker is deaf for good.
const STUCK_WORKER = `
importScripts('soko.js');
const loaded = createSokoModule({ locateFile: (f) => new URL(f, self.location.href).href });
loaded.then((M) => self.postMessage({ type: 'ready', methods: M.solverMethods() }));
self.onmessage = (e) => {
  if (e.data && e.data.type === 'solve') loaded.then(() => { for (;;) { /* preparing forever */ } });
};
`;

// The page, its first solver worker stuck; `workers` counts the worker scripts fetched.
async function openPageWithStuckWorker(t) {
  // No service worker: once it runs, a new worker's script comes from its
  // cache, not through the route that counts and replaces it.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const workers = { count: 0 };
  await ctx.route(base + 'solver-worker.js', (route) => {
    workers.count += 1;
    if (workers.count === 1) route.fulfill({ contentType: 'text/javascript', body: STUCK_WORKER });
    else route.continue();
  });
  // Every text the status line shows, as the player would have read them.
  await ctx.addInitScript(() => {
    window.statusSeen = [];
    document.addEventListener('DOMContentLoaded', () => {
      const status = document.getElementById('status');
      new MutationObserver(() => window.statusSeen.push(status.textContent))
        .observe(status, { childList: true, characterData: true, subtree: true });
    });
  });
  const page = await ctx.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push('pageerror: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') problems.push('console: ' + m.text()); });
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await page.waitForFunction(() => document.getElementById('method').options.length > 0);
  t.after(async () => {
    assert.deepEqual(problems, [], 'the page logged errors');
    await ctx.close();
  });
  return { page, workers };
}

const RESTARTED = describeRestart('unresponsive');
const sawRestarted = (page) => page.waitForFunction((words) => window.statusSeen.includes(words), RESTARTED, { timeout: 5000 });
const resultText = (page) => page.locator('#solve-result').innerText();
// Waits for a solution; on a timeout, says what the page showed meanwhile.
async function waitForSolved(page) {
  try {
    await page.waitForFunction(() => /^Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 20000 });
  } catch (e) {
    const seen = await page.evaluate(() => ({ result: document.getElementById('solve-result').textContent, status: window.statusSeen }));
    throw new Error(`no solution shown: ${JSON.stringify(seen)}`, { cause: e });
  }
}

test('a worker that does not answer Cancel is replaced, the page says so, and Solve works again', async (t) => {
  const { page, workers } = await openPageWithStuckWorker(t);
  assert.equal(workers.count, 1);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  assert.match(await resultText(page), /Searching/);
  await page.getByRole('button', { name: 'Cancel' }).click();
  assert.match(await resultText(page), /cancelled/);
  await sawRestarted(page);
  assert.equal(await page.locator('#status').innerText(), RESTARTED);
  assert.equal(workers.count, 2, 'a fresh worker was started');
  await page.screenshot({ path: '/tmp/soko-worker-restarted.png' });
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await waitForSolved(page);
  assert.match(await resultText(page), /^Solved.*: \d+ moves?, \d+ push(es)?\./);
  await page.screenshot({ path: '/tmp/soko-worker-solved-after.png' });
});

test('Solve pressed again before the stuck worker was replaced does not hang', async (t) => {
  const { page, workers } = await openPageWithStuckWorker(t);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Solve', exact: true }).click();  // at once: the old job has not answered
  await waitForSolved(page);
  await sawRestarted(page);
  assert.equal(workers.count, 2);
});
