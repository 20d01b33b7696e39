#!/usr/bin/env node
// Runs levels through the page's own solvers (web/solvers.js: the pool of
// workers the page gives a player) in headless Chromium, one level at a
// time, and prints one JSON line per level as it ends. scripts/bench
// --engine browser calls it and checks every solution with `soko verify`.
//
//   scripts/bench-browser.mjs --site DIR --collection FILE --levels 1,2,3
//                             [--workers N] [--time S] [--memory-mb MB]
//
// --site        a built site (scripts/build-site), served from a sub-path
// --workers     the page's ?workers=N (default: what the page picks itself)
// --memory-mb   the page's Memory setting (default 0: sized to the device)
// The first line is the page's plan: {plan: {workers, members, shareBytes,
// totalBytes, source}} (web/pool-plan.js). Then a line per level: {level, status, lurd, moves, pushes, seconds, nodes,
// nodesPerSecond, peakMemoryBytes, stored, method, worker, workers}, where
// status is the solver's ('solved', 'timed-out', ...), or 'no-answer' when
// the page gave none within the time limit and a minute.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { chromium } = require(path.join(root, 'node_modules', 'playwright-core'));
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
                       '--disable-component-update', '--disable-sync', '--no-first-run'];

function fail(message) {
  process.stderr.write(`bench-browser: ${message}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const o = { site: '', collection: '', levels: [], workers: null, time: 60, memoryMB: 0 };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) fail(`${flag} needs a value`);
    if (flag === '--site') o.site = value;
    else if (flag === '--collection') o.collection = value;
    else if (flag === '--levels') o.levels = value.split(',').map(Number);
    else if (flag === '--workers') o.workers = Number(value);
    else if (flag === '--time') o.time = Number(value);
    else if (flag === '--memory-mb') o.memoryMB = Number(value);
    else fail(`unknown option ${flag}`);
  }
  if (!fs.existsSync(path.join(o.site, 'index.html'))) fail(`--site ${o.site || '(none)'} is not a built site (no index.html)`);
  if (!fs.existsSync(o.collection)) fail(`--collection ${o.collection || '(none)'}: no such file`);
  if (!o.levels.length || !o.levels.every((n) => Number.isInteger(n) && n > 0)) fail('--levels must list level numbers, e.g. 1,2,5');
  if (!(o.time > 0)) fail(`--time must be a number of seconds above 0, not ${o.time}`);
  return o;
}

// The levels' XSB texts, read by the wasm module as the page reads them.
async function levelTexts(file, numbers) {
  const dir = path.join(root, 'build-wasm', 'wasm');
  const createSokoModule = require(path.join(dir, 'soko.js'));
  const M = await createSokoModule({ wasmBinary: fs.readFileSync(path.join(dir, 'soko.wasm')) });
  const parsed = M.parseCollection(fs.readFileSync(file, 'utf8'));
  return numbers.map((n) => {
    const level = parsed.levels.find((l) => l.number === n);
    if (!level) fail(`${file} has no loadable level ${n}`);
    return { number: n, xsb: level.xsb };
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
    s.on('error', reject);
  });
}

// The site under /sokoban/, as GitHub Pages would serve it.
async function serve(site) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'soko-bench-'));
  fs.symlinkSync(path.resolve(site), path.join(dir, 'sokoban'));
  const port = await freePort();
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}/sokoban/`;
  for (let i = 0; ; i++) {
    try { if ((await fetch(base)).ok) break; } catch { /* not up yet */ }
    if (i === 100) fail(`the server did not start on ${base}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop: () => { server.kill(); fs.rmSync(dir, { recursive: true, force: true }); } };
}

// One level through the page's solvers; null when no answer came in time.
function solveInPage(page, xsb, o) {
  const answer = page.evaluate(async ({ xsb, time, memoryMB }) => {
    const r = await window.soko.solvers.run(xsb, { method: 'default', timeLimitSeconds: time, memoryMB });
    const s = r.stats || {};
    return {
      status: r.ok ? 'solved' : r.reason, message: r.ok ? '' : r.text, lurd: r.lurd || '', moves: r.moves ?? '',
      pushes: r.pushes ?? '', seconds: s.elapsed ?? 0, nodes: s.nodes ?? 0, nodesPerSecond: s.nodesPerSecond ?? 0,
      peakMemoryBytes: s.peakMemoryBytes ?? 0, stored: s.stored ?? 0, method: r.method || '', worker: r.worker || 0,
      workers: (s.workers || []).map((w) => `${w.method}:${w.state}:${w.nodes}`),
    };
  }, { xsb, time: o.time, memoryMB: o.memoryMB });
  const late = new Promise((resolve) => setTimeout(() => resolve(null), (o.time + 60) * 1000).unref());
  return Promise.race([answer, late]);
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const levels = await levelTexts(o.collection, o.levels);
  const server = await serve(o.site);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (e) => process.stderr.write(`bench-browser: the page: ${e.message}\n`));
    await page.goto(server.base + (o.workers ? `?workers=${o.workers}` : ''));
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60000 });
    const plan = await page.evaluate((mb) => window.soko.solvers.plan(mb), o.memoryMB);
    process.stdout.write(JSON.stringify({ plan }) + '\n');
    for (const { number, xsb } of levels) {
      const r = await solveInPage(page, xsb, o);
      process.stdout.write(JSON.stringify({ level: number, ...(r || { status: 'no-answer' }) }) + '\n');
      if (!r) break;  // the page is stuck: the levels left would not be measured fairly
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e) => fail(e && e.stack ? e.stack : String(e)));
