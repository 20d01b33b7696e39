// Offline use and new versions, in Chromium with the service worker
// (web/sw.js): every file the page loads is among those it caches; after
// one visit the page loads, opens a collection it never opened, solves and
// opens the level editor with the browser offline; a new build is offered,
// taken at once on "Reload", and no page ever runs files of two versions.
// Screenshots: /tmp/soko-offline-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeManifest } from '../../scripts/site-manifest.mjs';
import { moves, newContext, openPage, pickCollection, servePage, served, site, waitSaved } from './page-harness.mjs';

// A copy of the site to change under the page, served at /updating/.
const updating = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-updating-'));
servePage({ mounts: { updating } });

const ready = (page) => page.waitForSelector('body[data-ready="true"]');
// The page says it is kept for offline use once every file is cached.
const keptOffline = (page) => page.waitForFunction(() => /^Works offline/.test(document.getElementById('offline-note').textContent),
                                                    null, { timeout: 30000 });
const cacheNames = (page) => page.evaluate(() => caches.keys());
const fetchText = (page, file) => page.evaluate((f) => fetch(f).then((r) => r.text()), file);

// The site's files the page asked for (the document, its styles, modules,
// worker, module, levels...), relative to the page's folder.
const loadedFiles = (page) => page.evaluate(() => {
  const base = new URL('.', location.href).href;
  return [...new Set(performance.getEntriesByType('resource').map((e) => e.name.split(/[?#]/)[0])
    .filter((u) => u.startsWith(base)).map((u) => u.slice(base.length) || 'index.html'))];
});
// The files build.js lists: what the service worker caches.
const builtFiles = (page) => page.evaluate(async () => {
  const scope = {};
  new Function('self', await (await fetch('build.js')).text())(scope);
  return Object.keys(scope.SOKO_BUILD.files);
});

test('after one visit, offline: the page loads, a collection never opened loads, Solve and the editor work', async (t) => {
  const ctx = await newContext();
  t.after(() => ctx.close());
  const { page } = await openPage(t, { context: ctx });
  await keptOffline(page);
  const loaded = await loadedFiles(page);
  const built = await builtFiles(page);
  for (const f of ['main.js', 'editor.css', 'editor-view.js', 'deadlock-state.js', 'soko.wasm']) assert.ok(loaded.includes(f), `${f} was loaded`);
  assert.deepEqual(loaded.filter((f) => !built.includes(f) && f !== 'build.js'), [], 'every file the page loaded is cached');
  await ctx.setOffline(true);
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => navigator.onLine), false);
  assert.ok(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the page came from the service worker');
  await pickCollection(page, 'Hard (test)');
  assert.equal(await page.evaluate(() => window.soko.play.width > 0), true);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^Solved/.test(document.getElementById('solve-result').textContent), null, { timeout: 30000 });
  await page.screenshot({ path: '/tmp/soko-offline-solved.png' });
  // The level editor, with its styles, offline too.
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  assert.equal(await page.locator('#editor').evaluate((el) => getComputedStyle(el).display), 'grid', 'editor.css is there');
  assert.match(await page.locator('#editor-check').innerText(), /there is no player/);
  await page.getByRole('button', { name: 'Back to playing', exact: true }).click();
  // Installable: a manifest with icons, a service worker that serves the page.
  const cdp = await ctx.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's browser contexts are incognito profiles, where nothing installs.
  assert.deepEqual(installabilityErrors.filter((e) => e.errorId !== 'in-incognito'), []);
  const manifest = JSON.parse(await fetchText(page, 'manifest.webmanifest'));
  for (const icon of manifest.icons) {
    const size = await page.evaluate((src) => fetch(src).then((r) => r.blob()).then((b) => b.size), icon.src);
    assert.ok(size > 200, `${icon.src} is there, offline too`);
  }
});

test('a new version is offered and taken on Reload; each page keeps to the files of its own version', async (t) => {
  fs.cpSync(site, updating, { recursive: true, dereference: true });
  const url = new URL('../updating/', served.base).href;
  const ctx = await newContext();
  t.after(() => ctx.close());
  const { page: a } = await openPage(t, { context: ctx, url });
  await keptOffline(a);
  await a.reload();
  await ready(a);
  assert.ok(await a.evaluate(() => Boolean(navigator.serviceWorker.controller)), 'the page came from the service worker');
  const [first] = (await cacheNames(a)).filter((n) => n !== 'soko-clients');
  await a.keyboard.press('ArrowRight');  // First Steps: one push, solved
  await a.keyboard.press('z');
  await a.keyboard.press('y');
  await waitSaved(a);

  // A second build on the server: one file changed, a new build.js.
  fs.appendFileSync(path.join(updating, 'style.css'), '\n/* the second build */\n');
  const second = 'soko-' + writeManifest(updating).version;
  assert.notEqual(second, first);
  const { page: b } = await openPage(t, { context: ctx, url });  // a second tab, still on the first version
  await a.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await a.waitForSelector('#update-bar:not([hidden])', { timeout: 30000 });
  assert.equal(await a.locator('#update-text').innerText(), 'A new version of the page is ready.');
  assert.doesNotMatch(await fetchText(a, 'style.css'), /second build/, 'until it reloads, the page gets its own version\'s files');
  await a.screenshot({ path: '/tmp/soko-offline-update.png' });

  await Promise.all([a.waitForEvent('framenavigated'), a.getByRole('button', { name: 'Reload', exact: true }).click()]);
  await ready(a);
  assert.match(await fetchText(a, 'style.css'), /second build/, 'the new version');
  assert.equal(await moves(a), 1, 'the game is kept');
  assert.equal(await a.locator('#update-bar').isVisible(), false);

  // The other tab runs the first version: it still gets that version's files, and is told to reload.
  await b.waitForSelector('#update-bar:not([hidden])');
  assert.match(await b.locator('#update-text').innerText(), /updated in another tab/);
  assert.doesNotMatch(await fetchText(b, 'style.css'), /second build/);
  assert.deepEqual((await cacheNames(a)).sort(), [first, second, 'soko-clients'].sort(), 'the first version stays while a page uses it');
  await b.close();
  await a.reload();
  await ready(a);
  await a.waitForFunction((keep) => caches.keys().then((k) => k.filter((n) => n !== 'soko-clients').join() === keep), second);
});
