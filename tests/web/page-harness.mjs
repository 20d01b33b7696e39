// What the page tests share: the built site served by python3 -m http.server
// from a sub-path (/sokoban/) as GitHub Pages would, headless Chromium
// (Debian's /usr/bin/chromium driven by playwright-core), and the steps a
// person takes on the page. SOKO_SITE names the built site (scripts/test-web
// builds it with the test levels, tests/fixtures, as its bundled
// collections); SOKO_SITE_BUNDLED a second build with the real bundled
// collections (levels/), served from /bundled/.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
                       '--disable-component-update', '--disable-sync', '--no-first-run'];

export const site = process.env.SOKO_SITE;
export const bundledSite = process.env.SOKO_SITE_BUNDLED;
// Filled in by the before() hook servePage() adds: {browser, base, bundledBase}.
export const served = { browser: null, base: '', bundledBase: '' };

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

// Starts the server and Chromium before the file's tests, stops them after.
// mounts: {name: folder} served at /name/ besides (a folder may be filled later).
export function servePage({ mounts = {} } = {}) {
  let server = null;
  let root = null;
  before(async () => {
    assert.ok(site && fs.existsSync(path.join(site, 'index.html')), 'SOKO_SITE must name a built site');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-page-'));
    fs.symlinkSync(path.resolve(site), path.join(root, 'sokoban'));
    if (bundledSite) fs.symlinkSync(path.resolve(bundledSite), path.join(root, 'bundled'));
    for (const [name, dir] of Object.entries(mounts)) fs.symlinkSync(path.resolve(dir), path.join(root, name));
    const port = await freePort();
    server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', root], { stdio: 'ignore' });
    served.base = `http://127.0.0.1:${port}/sokoban/`;
    served.bundledBase = `http://127.0.0.1:${port}/bundled/`;
    await waitForServer(served.base);
    served.browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  });
  after(async () => {
    if (served.browser) await served.browser.close();
    if (server) server.kill();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });
}

export const newContext = (options = {}) => served.browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });

// A page on the site in a fresh browser context (its own storage), or in
// `context`; the test fails if the page logged an error.
export async function openPage(t, { url = served.base, context = null, allowErrors = [] } = {}) {
  const ctx = context || await newContext();
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(served.base).origin });
  const page = await ctx.newPage();
  const problems = [];
  const note = (p) => { if (!allowErrors.some((re) => re.test(p))) problems.push(p); };
  page.on('pageerror', (e) => note('pageerror: ' + e.message));
  page.on('console', (m) => { if (m.type() === 'error') note('console: ' + m.text()); });
  page.on('requestfailed', (r) => note('request failed: ' + r.url()));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  t.after(async () => {
    assert.deepEqual(problems, [], 'the page logged errors');
    if (!context) await ctx.close();
  });
  return { page, ctx };
}

export const text = (page, sel) => page.locator(sel).innerText();
export const moves = async (page) => Number(await text(page, '#moves'));
// Steps the page tests share: the game's LURD (with its redo, fullHistory), keys, a button, a reload.
export const history = (page) => page.evaluate(() => window.soko.play.game.history());
export const fullHistory = (page) => page.evaluate(() => window.soko.play.game.fullHistory());
export const press = async (page, ...keys) => { for (const k of keys) await page.keyboard.press(k); };
export const button = (page, name) => page.getByRole('button', { name, exact: true });
export const reload = async (page) => {
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
};

// The centre of board cell (x, y) in page coordinates, once the board
// shows the latest state (it is painted on the next animation frame).
export async function cellPoint(page, x, y) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
  const box = await page.locator('#board').boundingBox();
  const w = await page.evaluate(() => window.soko.play.width);
  const c = box.width / w;
  return { x: box.x + (x + 0.5) * c, y: box.y + (y + 0.5) * c };
}
export async function clickCell(page, x, y) {
  const p = await cellPoint(page, x, y);
  await page.mouse.click(p.x, p.y);
}

export async function pasteText(page, value) {
  await page.evaluate((v) => navigator.clipboard.writeText(v), value);
  await page.locator('body').click({ position: { x: 5, y: 790 } });  // focus the page, not a field
  await page.keyboard.press('Control+V');
}

// Opens the Solver card's "Advanced" fold (strategy, limits), as a person would.
export async function openAdvanced(page) {
  if (!(await page.locator('#solver-advanced').evaluate((d) => d.open))) await page.getByText('Advanced', { exact: true }).click();
}

// Picks a solver strategy under "Advanced".
export async function chooseStrategy(page, value) {
  await openAdvanced(page);
  await page.getByRole('combobox', { name: 'Strategy' }).selectOption(value);
}

// Picks a bundled collection, as a person would; it opens at the level the
// player was on there.
export async function pickCollection(page, collection) {
  const options = await page.getByRole('combobox', { name: 'Collection' }).locator('option').allInnerTexts();
  const label = options.find((o) => o.startsWith(collection + ' ('));
  await page.getByRole('combobox', { name: 'Collection' }).selectOption({ label });
  await page.waitForFunction((c) => document.getElementById('subtitle').textContent.startsWith(c + ' · '), collection);
}

// Picks level `index` (0-based) of a bundled collection.
export async function pickLevel(page, collection, index) {
  await pickCollection(page, collection);
  await page.getByRole('combobox', { name: 'Level' }).selectOption(String(index));
  await page.waitForFunction((i) => document.getElementById('subtitle').textContent.includes(` ${i + 1} of`), index);
}

// Waits until the shown level's game is on disk (IndexedDB), as a reload
// would read it: a write still under way when the page unloads is aborted.
export async function waitSaved(page) {
  await page.waitForFunction(async () => {
    const key = window.soko.state.key;
    const game = window.soko.play.progress();
    const db = await new Promise((resolve, reject) => {
      const r = indexedDB.open('sokoban');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const record = await new Promise((resolve) => {
      const r = db.transaction('progress').objectStore('progress').get(key);
      r.onsuccess = () => resolve(r.result);
    });
    db.close();
    return Boolean(record && record.moves === game.moves && record.redo === game.redo);
  });
}
