// web/storage.js in headless Chromium over the browser's own IndexedDB and
// BroadcastChannel: the built site's storage.js is imported into a page of
// the served site (a blank page of its own, so the app's main.js does not
// touch the database meanwhile). Covers what Node's fake-indexeddb cannot:
// a reload, two tabs, a quota failure raised by the browser's API, and an
// export carried to a fresh browser profile. SOKO_SITE names the built site
// (scripts/test-web builds it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { servePage, served } from './page-harness.mjs';

servePage();

const K1 = '5#|#@$.#|5#';
const K2 = '6#|#@$-.#|6#';
const BLANK = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>storage</title>';

// A fresh browser profile whose blank page (storage.html) sits beside the site's storage.js.
async function newProfile(t, { initScript = null } = {}) {
  const ctx = await served.browser.newContext();
  await ctx.route(served.base + 'storage.html', (route) => route.fulfill({ contentType: 'text/html', body: BLANK }));
  if (initScript) await ctx.addInitScript(initScript);
  t.after(() => ctx.close());
  return ctx;
}

// A tab of `ctx` with the storage opened as window.st; the 'change' and
// 'error' events it sees are kept in window.changes and window.errors.
async function openTab(ctx) {
  const page = await ctx.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(served.base + 'storage.html');
  await openStorageIn(page);
  page.problems = problems;
  return page;
}

function openStorageIn(page) {
  return page.evaluate(async () => {
    const m = await import('./storage.js');
    window.st = await m.openStorage({ indexedDB, localStorage, BroadcastChannel });
    window.changes = [];
    window.errors = [];
    window.st.on('change', (c) => window.changes.push(c));
    window.st.on('error', (e) => window.errors.push({ name: e.name, message: e.message }));
  });
}

test('a write survives a reload', async (t) => {
  const ctx = await newProfile(t);
  const page = await openTab(ctx);
  await page.evaluate(async ([k1]) => {
    await st.saveProgress(k1, { moves: 'rrU', redo: 'l' });
    await st.addSnapshot(k1, { name: 'before the push', moves: 'rr', redo: '' });
    await st.recordSolution(k1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'player' });
  }, [K1]);
  await page.reload();
  await openStorageIn(page);
  const back = await page.evaluate(([k1]) => ({
    persistent: st.persistent, progress: st.progress(k1), snapshots: st.snapshots(k1).map((s) => s.name),
    solution: st.solutions(k1).byMoves.lurd, status: st.levelStatus(k1),
  }), [K1]);
  assert.equal(back.persistent, true);
  assert.deepEqual([back.progress.moves, back.progress.redo], ['rrU', 'l']);
  assert.deepEqual(back.snapshots, ['before the push']);
  assert.deepEqual([back.solution, back.status], ['rRl', 'solved']);
  // One record per level in the browser's database, not one blob.
  const stores = await page.evaluate(() => new Promise((resolve) => {
    const req = indexedDB.open('sokoban');
    req.onsuccess = () => { const names = [...req.result.objectStoreNames]; req.result.close(); resolve(names); };
  }));
  assert.deepEqual(stores.sort(), ['collectionStates', 'collections', 'meta', 'progress', 'settings', 'snapshots', 'solutions']);
  assert.deepEqual(page.problems, []);
});

test('two tabs saving two levels each keep theirs and see the other\'s', async (t) => {
  const ctx = await newProfile(t);
  const a = await openTab(ctx);
  const b = await openTab(ctx);
  // Both write at once, each a different level.
  await Promise.all([
    a.evaluate(([k]) => st.saveProgress(k, { moves: 'rrUU', redo: '' }), [K1]),
    b.evaluate(([k]) => st.saveProgress(k, { moves: 'dLL', redo: 'r' }), [K2]),
  ]);
  const seen = (page, key) => page.waitForFunction((k) => window.changes.some((c) => c.store === 'progress' && c.key === k), key);
  await Promise.all([seen(a, K2), seen(b, K1)]);
  for (const page of [a, b]) {
    const both = await page.evaluate(([k1, k2]) => [st.progress(k1)?.moves, st.progress(k2)?.moves], [K1, K2]);
    assert.deepEqual(both, ['rrUU', 'dLL']);
  }
  // And the database holds both after a reload of either tab.
  await a.reload();
  await openStorageIn(a);
  assert.deepEqual(await a.evaluate(([k1, k2]) => [st.progress(k1).moves, st.progress(k2).redo], [K1, K2]), ['rrUU', 'r']);
  assert.deepEqual([...a.problems, ...b.problems], []);
});

test('a quota failure rejects with a StorageError in plain words and reaches the error listeners', async (t) => {
  // The browser's put throws as a full disk makes it, for the progress store only.
  const ctx = await newProfile(t, { initScript: () => {
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (...args) {
      if (this.name === 'progress') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    };
  } });
  const page = await openTab(ctx);
  const r = await page.evaluate(async ([k1]) => {
    let caught = null;
    try {
      await st.saveProgress(k1, { moves: 'rrU', redo: '' });
    } catch (e) {
      caught = { name: e.name, message: e.message, isStorageError: e instanceof (await import('./storage.js')).StorageError };
    }
    await st.setSetting('speed', 3);  // another store still saves
    return { caught, errors: window.errors, inMemory: st.progress(k1)?.moves, speed: st.setting('speed') };
  }, [K1]);
  const words = 'Could not save your progress on this level: the browser\'s storage is full.';
  assert.deepEqual(r.caught, { name: 'StorageError', message: words, isStorageError: true });
  assert.deepEqual(r.errors, [{ name: 'StorageError', message: words }]);
  assert.equal(r.inMemory, 'rrU', 'memory keeps the change');
  assert.equal(r.speed, 3);
  await page.reload();
  await openStorageIn(page);
  assert.deepEqual(await page.evaluate(([k1]) => [st.progress(k1), st.setting('speed')], [K1]), [null, 3]);
});

test('an export taken in one browser profile restores everything in a fresh one', async (t) => {
  const first = await openTab(await newProfile(t));
  const file = await first.evaluate(async ([k1, k2]) => {
    await st.saveProgress(k1, { moves: 'rrU', redo: 'd' });
    await st.saveProgress(k2, { moves: 'dd', redo: '' });
    await st.addSnapshot(k2, { name: 'halfway', moves: 'd', redo: 'd' });
    await st.recordSolution(k1, { lurd: 'rRl', moves: 3, pushes: 1, source: 'player' });
    await st.recordSolution(k2, { lurd: 'ddRRllUUr', moves: 9, pushes: 2, source: 'solver' });
    const id = await st.addCollection({ name: 'Pasted', text: '#####\n#@$.#\n#####' });
    await st.setCollectionState(id, { lastIndex: 0 });
    return JSON.stringify(st.exportAll());
  }, [K1, K2]);

  const ctx = await newProfile(t);
  const fresh = await openTab(ctx);
  const summary = await fresh.evaluate((text) => st.importAll(text), file);
  assert.deepEqual([summary.progress, summary.snapshots, summary.solutions, summary.collections], [2, 1, 2, 1]);
  await fresh.reload();
  await openStorageIn(fresh);
  const back = await fresh.evaluate(([k1, k2]) => ({
    progress: [st.progress(k1).moves, st.progress(k1).redo, st.progress(k2).moves],
    snapshots: st.snapshots(k2).map((s) => [s.name, s.moves, s.redo]),
    solutions: [st.solutions(k1).byMoves.lurd, st.solutions(k2).byPushes.lurd],
    collections: st.collections().map((c) => [c.name, st.collectionState(c.id)?.lastIndex]),
  }), [K1, K2]);
  assert.deepEqual(back, {
    progress: ['rrU', 'd', 'dd'],
    snapshots: [['halfway', 'd', 'd']],
    solutions: ['rRl', 'ddRRllUUr'],
    collections: [['Pasted', 0]],
  });
  // A file that is not an export is refused with what is wrong.
  const refused = await fresh.evaluate(() => st.importAll('{"format": "other"}').then(() => null, (e) => e.message));
  assert.match(refused, /not a Sokoban player export: its "format" is "other"/);
});
