// The page's own solver worker (solver-worker.js, served with the site) in
// headless Chromium: it searches exactly as the native build and the wasm
// module under Node do (tests/fixtures/determinism.json), and on a board far
// too big for the solver's tables it answers within its limit and stops
// within a slice when cancelled.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPage, servePage } from './page-harness.mjs';

servePage();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Runs `jobs` ([{level, options, cancelAfterMs}]) one after another in one
// worker of the page; resolves with each final message and the
// milliseconds from the cancel (if any) to the answer (reported, never asserted).
function runInWorker(page, jobs) {
  return page.evaluate((jobs) => new Promise((resolve, reject) => {
    const worker = new Worker('solver-worker.js');
    const results = [];
    let i = 0, cancelledAt = 0;
    const next = () => {
      if (i === jobs.length) { worker.terminate(); resolve(results); return; }
      const job = jobs[i];
      cancelledAt = 0;
      worker.postMessage({ type: 'solve', id: i + 1, level: job.level, options: job.options });
      if (job.cancelAfterMs) setTimeout(() => { cancelledAt = performance.now(); worker.postMessage({ type: 'cancel', id: i + 1 }); }, job.cancelAfterMs);
    };
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type !== 'solved' && m.type !== 'failed') return;
      results.push({ ...m, answeredMs: cancelledAt ? performance.now() - cancelledAt : null });
      ++i;
      next();
    };
    worker.onerror = (e) => reject(new Error('worker error: ' + e.message));
    next();
  }), jobs);
}

// Level `number` of a bundled collection file, as XSB text.
function levelText(file, number) {
  const text = fs.readFileSync(path.join(root, 'levels', file), 'utf8');
  const boards = text.split(/\r?\n\s*\r?\n/).filter((b) => /^[ \t]*#/m.test(b));
  const rows = boards[number - 1].split(/\r?\n/).filter((r) => /^[ \t]*[#@+$*.]/.test(r) && !/^\s*;/.test(r));
  return rows.join('\n') + '\n';
}

test("the page's worker expands, stores and finds exactly what the native build does", async (t) => {
  const { page } = await openPage(t);
  const cases = JSON.parse(fs.readFileSync(path.join(root, 'tests/fixtures/determinism.json'), 'utf8'));
  const results = await runInWorker(page, cases.map((c) => ({
    level: levelText(c.file, c.number),
    options: { method: c.method, timeLimitSeconds: 0, maxNodes: c.maxNodes, memoryBudgetBytes: c.memoryBudgetBytes },
  })));
  results.forEach((r, k) => {
    const c = cases[k];
    assert.deepEqual({ status: r.type === 'solved' ? 'solved' : r.reason, nodes: r.stats.nodes, stored: r.stats.stored,
                       solution: r.type === 'solved' ? r.lurd : '' },
                     { status: c.status, nodes: c.nodes, stored: c.stored, solution: c.solution });
  });
});

// A 150x150 board, walls all round; floor where `floor(x, y)` says; then
// `boxes` boxes and as many goals on floor squares drawn by a fixed
// pseudo-random sequence, the player on another.
function largeBoard(boxes, floor) {
  const n = 150, cells = [], free = [];
  for (let y = 0; y < n; ++y)
    for (let x = 0; x < n; ++x) {
      const inside = x > 0 && y > 0 && x < n - 1 && y < n - 1 && floor(x, y);
      if (inside) free.push(cells.length);
      cells.push(inside ? ' ' : '#');
    }
  let seed = 150;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let i = free.length - 1; i > 0; --i) {
    const j = next() % (i + 1);
    [free[i], free[j]] = [free[j], free[i]];
  }
  cells[free[0]] = '@';
  for (let i = 0; i < boxes; ++i) cells[free[1 + i]] = '$', cells[free[1 + boxes + i]] = '.';
  const rows = [];
  for (let y = 0; y < n; ++y) rows.push(cells.slice(y * n, (y + 1) * n).join(''));
  return rows.join('\n') + '\n';
}

test("on 150x150 boards the page's worker answers within its limit, and a cancel lands within a slice", async (t) => {
  const { page } = await openPage(t);
  // Open floor with 3,000 boxes: the tables would pass the budget, so every
  // member declines at once. One-wide corridors with 2,000 boxes: the tables
  // fit, and are built in the slices, where the limit and cancel reach them.
  const open = largeBoard(3000, () => true);
  const comb = largeBoard(2000, (x, y) => x % 5 === 1 || y === 1);
  const [declined, limited, cancelled, after] = await runInWorker(page, [
    { level: open, options: { timeLimitSeconds: 60 } },
    { level: comb, options: { timeLimitSeconds: 2 } },
    { level: comb, options: { timeLimitSeconds: 60 }, cancelAfterMs: 300 },
    { level: levelText('Microban_I.sok', 1), options: { timeLimitSeconds: 10 } },
  ]);
  assert.equal(declined.reason, 'declined', declined.message);
  assert.match(declined.message, /more than the memory budget/);
  assert.equal(limited.reason, 'timed-out', limited.message);
  assert.equal(cancelled.reason, 'cancelled', cancelled.message);
  t.diagnostic(`the cancel was answered in ${Math.round(cancelled.answeredMs)} ms`);  // for the record, not asserted
  assert.equal(after.type, 'solved');
});
