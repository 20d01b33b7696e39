// Offline use under Node: what the service worker decides (offline-plan.js,
// loaded as the worker loads it, a classic script), the build's list of
// files and its version (scripts/site-manifest.mjs), the app's icons
// (scripts/make-icons.mjs), and the words the page shows. The worker itself
// runs in Chromium: page-offline.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { root } from '../wasm/load.mjs';
import { ICONS, encodePng, rasterize, svgOf } from '../../scripts/make-icons.mjs';
import { buildManifest, siteFiles, writeManifest } from '../../scripts/site-manifest.mjs';
import { offlineChanged, offlineWords, updateChanged, updateWords } from '../../web/offline-state.js';

// The script run as the service worker runs it: it defines self.SokoOffline.
function loadPlan() {
  const self = {};
  vm.runInNewContext(fs.readFileSync(path.join(root, 'web/offline-plan.js'), 'utf8'), { self, URL });
  return self.SokoOffline;
}

test('a request is served from the build\'s files only when the build lists them', () => {
  const { fileFor } = loadPlan();
  const build = { version: 'v', files: { 'index.html': 'a', 'main.js': 'b', 'levels/My Pair.sok': 'c' } };
  const scope = 'https://me.github.io/sokoban/';
  assert.equal(fileFor('https://me.github.io/sokoban/', scope, build), 'index.html');
  assert.equal(fileFor('https://me.github.io/sokoban/?level=1', scope, build), 'index.html', 'a query names the same page');
  assert.equal(fileFor('https://me.github.io/sokoban/main.js', scope, build), 'main.js');
  assert.equal(fileFor('https://me.github.io/sokoban/levels/My%20Pair.sok', scope, build), 'levels/My Pair.sok');
  assert.equal(fileFor('https://me.github.io/sokoban/other.js', scope, build), null, 'not in the build');
  assert.equal(fileFor('https://me.github.io/other/main.js', scope, build), null, 'outside the scope');
  assert.equal(fileFor('https://elsewhere.io/sokoban/main.js', scope, build), null, 'another origin');
  assert.equal(fileFor('https://me.github.io/sokoban/%E0%A4%A.js', scope, build), null, 'a malformed escape');
});

test('each version has its own cache; only older versions\' caches are let go', () => {
  const { cacheName, staleCaches, hex, CLIENTS } = loadPlan();
  assert.equal(cacheName({ version: '0123abcd' }), 'soko-0123abcd');
  assert.deepEqual(staleCaches(['soko-a', 'soko-b', CLIENTS, 'someone-else'], ['soko-b']), ['soko-a']);
  assert.equal(hex(new Uint8Array([0, 15, 255]).buffer), '000fff');
});

test('the build lists every file of the site with its hash; any change makes a new version', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-site-'));
  fs.mkdirSync(path.join(dir, 'levels'));
  for (const [f, text] of [['index.html', '<!doctype html>'], ['main.js', '1'], ['levels/a.sok', '#'], ['sw.js', 'w'], ['.nojekyll', '']])
    fs.writeFileSync(path.join(dir, f), text);
  assert.deepEqual(siteFiles(dir), ['index.html', 'levels/a.sok', 'main.js'], 'the worker and .nojekyll are left out');
  const one = buildManifest(dir);
  assert.equal(one.files['main.js'], crypto.createHash('sha256').update('1').digest('hex'));
  assert.match(one.version, /^[0-9a-f]{16}$/);
  assert.deepEqual(buildManifest(dir), one, 'the same files, the same version');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'changed');
  assert.equal(buildManifest(dir).version, one.version, 'the worker is not part of the version');
  fs.writeFileSync(path.join(dir, 'levels/a.sok'), '##');
  const two = writeManifest(dir);
  assert.notEqual(two.version, one.version);
  const self = {};
  vm.runInNewContext(fs.readFileSync(path.join(dir, 'build.js'), 'utf8'), { self });
  assert.deepEqual(JSON.parse(JSON.stringify(self.SOKO_BUILD)), two, 'build.js is what the worker imports');
  assert.deepEqual(siteFiles(dir), ['index.html', 'levels/a.sok', 'main.js'], 'build.js is not listed in itself');
  fs.rmSync(dir, { recursive: true });
});

// RGBA pixels of a PNG as encodePng writes it (8-bit RGBA, filter 0 on every row).
function decodePng(file) {
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  const chunks = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    if (file.toString('ascii', at + 4, at + 8) === 'IDAT') chunks.push(file.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const rows = zlib.inflateSync(Buffer.concat(chunks));
  const pixel = (x, y) => {
    const i = y * (width * 4 + 1) + 1 + x * 4;
    return [...rows.subarray(i, i + 4)];
  };
  return { width, height, pixel, filters: Array.from({ length: height }, (_, y) => rows[y * (width * 4 + 1)]) };
}

test('the icons: a box on the page\'s blue, the maskable one filling its square', () => {
  for (const icon of ICONS) {
    const png = decodePng(encodePng(rasterize(icon.picture(), icon.size), icon.size, icon.size));
    assert.equal(png.width, icon.size);
    assert.equal(png.height, icon.size);
    assert.ok(png.filters.every((f) => f === 0));
    const at = (x, y) => png.pixel(Math.round((icon.size * x) / 100), Math.round((icon.size * y) / 100));  // on the 100 x 100 grid
    assert.deepEqual(at(45, 38), [0xe3, 0xa8, 0x57, 255], `${icon.file}: the box`);
    assert.deepEqual(at(5, 50), [0x41, 0x57, 0xd8, 255], `${icon.file}: the blue`);
    const corner = png.pixel(0, 0);
    if (icon.file.includes('maskable')) assert.deepEqual(corner, [0x41, 0x57, 0xd8, 255], 'a maskable icon fills its corners');
    else assert.equal(corner[3], 0, 'a round-cornered icon leaves its corners clear');
  }
  const svg = svgOf(ICONS[0].picture());
  assert.equal((svg.match(/<rect /g) || []).length, 3);
  assert.equal((svg.match(/<path /g) || []).length, 2);
});

test('the page says in words whether it works offline and when a new version waits', () => {
  const state = { offline: null, update: null };
  assert.equal(offlineWords(state.offline), '');
  offlineChanged(state, 'ready');
  assert.match(offlineWords(state.offline), /^Works offline/);
  offlineChanged(state, 'failed', 'QuotaExceededError');
  assert.match(offlineWords(state.offline), /could not be kept for offline use \(QuotaExceededError\)/);
  offlineChanged(state, 'unsupported');
  assert.match(offlineWords(state.offline), /needs the network on each visit/);
  updateChanged(state, 'ready');
  assert.equal(updateWords(state.update), 'A new version of the page is ready.');
  updateChanged(state, 'elsewhere');
  assert.match(updateWords(state.update), /updated in another tab/);
  updateChanged(state, null);
  assert.equal(updateWords(state.update), '');
});
