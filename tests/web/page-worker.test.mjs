// A solver worker that never answers Cancel, in the real page in headless
// Chromium. The first worker the page starts is swapped (playwright's
// route) for one that loads the real module, says it is ready, and on a
// solve spins forever without reading messages, as a worker does while the
// core prepares a board whose preparation never ends. Every later worker is
// the real solver-worker.js. The page must replace the stuck worker within
// about half a second of Cancel, say so, and solve again without a reload.
// SOKO_SITE names the built site (scripts/test-web builds it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeRestart } from '../../web/solver-client.js';
import { servePage, served } from './page-harness.mjs';

servePage();

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
  const ctx = await served.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const workers = { count: 0 };
  await ctx.route(served.base + 'solver-worker.js', (route) => {
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
  await page.goto(served.base);
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
  assert.match(await resultText(page), /^Solved.*: \d+ moves?, \d+ push(es)?( \([^)]*found it[^)]*\))?\./);
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
