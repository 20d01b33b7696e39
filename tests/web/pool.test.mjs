// The page's pool of solver workers: how many workers a device gets and how
// much memory each, which strategies they run, and the portfolio's
// transitions (first verified solution wins, the others are cancelled and
// replaced if they do not answer). The Worker and the timers are fakes
// (the boundaries); the real workers in Chromium are page-pool.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadModule } from '../wasm/load.mjs';
import { MAX_WORKERS, MIN_SHARE_BYTES, POOL_ORDER, pickMembers, planPool, wantedWorkers, workersFromQuery } from '../../web/pool-plan.js';
import { Portfolio, memberState } from '../../web/portfolio.js';
import { SolverClient } from '../../web/solver-client.js';
import { poolWords, sizeWords } from '../../web/solver-words.js';
import { Solvers } from '../../web/solvers.js';

const MIB = 1048576;
const GIB = 1024 * MIB;
const METHODS = ['fess-hbox', 'bfs', 'hbox', 'hbox0', 'hbox1', 'hbox4', 'hbox11', 'astar', 'fess', 'fess-noroom', 'fess-four', 'fess-flat', 'fess-noplan'];
const device = (over = {}) => ({ cores: 4, memoryGB: 8, forcedWorkers: null, defaultBytes: 512 * MIB, capBytes: 2 * GIB - 64 * MIB, ...over });

class FakeWorker {
  constructor(log) { this.sent = []; this.terminated = false; log.push(this); }
  postMessage(m) { this.sent.push(m); }
  terminate() { this.terminated = true; }
  emit(m) { this.onmessage({ data: m }); }
  ready() { this.emit({ type: 'ready', methods: [] }); }
  last(type) { return this.sent.filter((m) => m.type === type).at(-1); }
}

class ManualTimers {
  constructor() { this.pending = new Map(); this.next = 1; }
  setTimeout(fn, ms) { const id = this.next++; this.pending.set(id, { fn, ms }); return id; }
  clearTimeout(id) { this.pending.delete(id); }
  fireAll() {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const t of due) t.fn();
  }
}

// A verifier that accepts only the solution 'R'.
const onlyR = (text, lurd) => (lurd === 'R' ? '' : `step 1 of ${lurd} walks into a wall`);

function poolOf(n, { verify = onlyR, timers } = {}) {
  const workers = [];
  const restarts = [];
  const clients = Array.from({ length: n }, () => new SolverClient(() => new FakeWorker(workers),
                                                                   { timers, onRestart: (r) => restarts.push(r) }));
  for (const w of [...workers]) w.ready();
  return { workers, restarts, pool: new Portfolio(clients, verify) };
}

// ------------------------------------------------------------ the plan
test('a device gets one worker fewer than its cores, at least one and at most eight', () => {
  assert.equal(wantedWorkers(2), 1);
  assert.equal(wantedWorkers(1), 1);
  assert.equal(wantedWorkers(4), 3);
  assert.equal(wantedWorkers(64), MAX_WORKERS);
  assert.equal(MAX_WORKERS, 8);
  assert.equal(wantedWorkers(undefined), 1, 'a browser that does not tell its cores');
  assert.equal(wantedWorkers(2, 2), 2, 'the address may ask for more than the cores');
});

test('the address may ask for a number of workers; anything else is named in the error', () => {
  assert.equal(workersFromQuery(''), null);
  assert.equal(workersFromQuery('?workers=2'), 2);
  assert.equal(workersFromQuery('?level=3&workers=8'), 8);
  for (const bad of ['0', '9', '1.5', 'two', '']) {
    assert.throws(() => workersFromQuery(`?workers=${bad}`), new RegExp(`workers=${bad}; it must be a whole number from 1 to 8`));
  }
});

test('the members: the default first, then the measured complements, then the rest in order', () => {
  assert.deepEqual(pickMembers(METHODS, 1), ['fess-hbox']);
  assert.deepEqual(pickMembers(METHODS, 2), ['fess-hbox', POOL_ORDER[0]]);
  const eight = pickMembers(METHODS, 8);
  assert.equal(new Set(eight).size, 8, 'no strategy twice');
  assert.deepEqual(eight.slice(1), POOL_ORDER.filter((m) => METHODS.includes(m)).slice(0, 7));
  assert.deepEqual(pickMembers(['greedy', 'bfs', 'astar'], 3), ['greedy', 'bfs', 'astar'], 'none of the order offered');
  assert.deepEqual(pickMembers(['bfs'], 3), ['bfs']);
  assert.deepEqual(pickMembers([], 3), []);
});

test('every strategy of the order is one the module offers, enough for eight workers', async () => {
  const M = await loadModule();
  const offered = M.solverMethods().map((m) => m.name);
  assert.deepEqual(POOL_ORDER.filter((m) => !offered.includes(m)), []);
  assert.equal(new Set(POOL_ORDER).size, MAX_WORKERS - 1);
  assert.ok(!POOL_ORDER.includes(offered[0]), 'the default is worker 1 already');
});

test('the budget is a quarter of the device memory, split among the workers, each within what a module can give', () => {
  const p = planPool(device({ cores: 3, memoryGB: 8 }), 0, METHODS);
  assert.deepEqual([p.workers, p.shareBytes, p.totalBytes, p.source], [2, GIB, 2 * GIB, 'device']);
  assert.deepEqual(p.members, ['fess-hbox', POOL_ORDER[0]]);
  assert.equal(p.singleBytes, 2 * GIB - 64 * MIB, 'one search alone: the whole budget, within the module cap');
  const one = planPool(device({ cores: 2, memoryGB: 8 }), 0, METHODS);
  assert.deepEqual([one.workers, one.members, one.shareBytes], [1, ['fess-hbox'], 2 * GIB - 64 * MIB]);
  const many = planPool(device({ cores: 16, memoryGB: 8 }), 0, METHODS);
  assert.deepEqual([many.workers, many.shareBytes], [8, 256 * MIB]);
});

test('a small device gets fewer workers rather than shares too small to use', () => {
  const p = planPool(device({ cores: 8, memoryGB: 1 }), 0, METHODS);  // 256 MB in all
  assert.deepEqual([p.workers, p.shareBytes], [2, MIN_SHARE_BYTES]);
  const tiny = planPool(device({ cores: 8, memoryGB: 0.25 }), 0, METHODS);
  assert.deepEqual([tiny.workers, tiny.shareBytes], [1, 64 * MIB]);
});

test('without the device memory each worker gets the core default; a chosen Memory is split', () => {
  const p = planPool(device({ cores: 4, memoryGB: undefined }), 0, METHODS);
  assert.deepEqual([p.workers, p.shareBytes, p.totalBytes, p.source], [3, 512 * MIB, 1536 * MIB, 'default']);
  const chosen = planPool(device({ cores: 4 }), 1024, METHODS);
  assert.deepEqual([chosen.workers, chosen.shareBytes, chosen.singleBytes, chosen.source], [3, Math.floor(1024 * MIB / 3), 1024 * MIB, 'setting']);
  const forced = planPool(device({ cores: 2, forcedWorkers: 2 }), 0, METHODS);
  assert.deepEqual([forced.workers, forced.shareBytes], [2, GIB]);
  assert.equal(planPool(device({ cores: 8 }), 0, ['bfs', 'astar']).workers, 2, 'no more workers than strategies');
});

test('the panel names the workers, their strategies and memory, and why', () => {
  assert.equal(sizeWords(2 * GIB), '2 GB');
  assert.equal(sizeWords(1536 * MIB), '1.5 GB');
  assert.equal(sizeWords(512 * MIB), '512 MB');
  const d = device({ cores: 3 });
  assert.equal(poolWords(planPool(d, 0, METHODS), d),
               `2 workers side by side (fess-hbox, ${POOL_ORDER[0]}), 1 GB of memory each, 2 GB in all: a quarter of this device's 8 GB. The first solution wins.`);
  const two = device({ cores: 2 });
  assert.equal(poolWords(planPool(two, 0, METHODS), two),
               "One worker (this device has 2 cores; one stays with the page) with 1.9 GB of memory: a quarter of this device's 8 GB.");
  const unknown = device({ memoryGB: undefined, cores: 2, forcedWorkers: 2 });
  assert.match(poolWords(planPool(unknown, 0, METHODS), unknown), /512 MB of memory each, 1 GB in all: the solver's default for each worker; this browser does not tell .* The page address asks for 2 workers\.$/);
  assert.match(poolWords(planPool(d, 512, METHODS), d), /256 MB of memory each, 512 MB in all: the memory chosen under Advanced/);
});

// ------------------------------------------------------------ the portfolio
test('each member runs in its own worker with its share; progress names each; the first verified solution wins', async () => {
  const { workers, pool } = poolOf(2);
  const seen = [];
  const p = pool.solve('level', ['fess-hbox', 'fess', 'hbox11'], 256, { timeLimitSeconds: 9 }, (q) => seen.push(q));
  assert.deepEqual(workers.map((w) => [w.last('solve').options.method, w.last('solve').options.memoryBudgetBytes, w.last('solve').options.timeLimitSeconds]),
                   [['fess-hbox', 256, 9], ['fess', 256, 9]]);
  workers[0].emit({ type: 'progress', id: workers[0].last('solve').id, nodes: 10, memoryBytes: 7, elapsed: 0.2 });
  workers[1].emit({ type: 'progress', id: workers[1].last('solve').id, nodes: 5, memoryBytes: 3, elapsed: 0.3 });
  assert.deepEqual([seen.at(-1).nodes, seen.at(-1).memoryBytes, seen.at(-1).elapsed], [15, 10, 0.3]);
  assert.deepEqual(seen.at(-1).workers, [
    { method: 'fess-hbox', nodes: 10, memoryBytes: 7, budgetBytes: 256, state: 'searching' },
    { method: 'fess', nodes: 5, memoryBytes: 3, budgetBytes: 256, state: 'searching' },
  ]);
  workers[1].emit({ type: 'solved', id: workers[1].last('solve').id, lurd: 'R', moves: 1, pushes: 1, stats: { nodes: 6, elapsed: 0.4 } });
  const r = await p;
  assert.deepEqual([r.ok, r.method, r.worker, r.lurd], [true, 'fess', 2, 'R']);
  assert.deepEqual([r.stats.nodes, r.stats.elapsed], [16, 0.4]);
  assert.deepEqual(r.stats.workers.map((w) => w.state), ['stopped', 'solved']);
  assert.equal(workers[0].last('cancel').id, workers[0].last('solve').id, 'the other worker is stopped');
  assert.equal(pool.busy(), false);
});

test('a solution that does not replay is not taken: the others go on, and it is reported if all fail', async () => {
  const { workers, pool } = poolOf(2);
  const p = pool.solve('level', ['a', 'b'], 100, { timeLimitSeconds: 5 });
  workers[0].emit({ type: 'solved', id: workers[0].last('solve').id, lurd: 'L', moves: 1, pushes: 1 });
  assert.equal(workers[1].last('cancel'), undefined, 'b searches on');
  workers[1].emit({ type: 'solved', id: workers[1].last('solve').id, lurd: 'R', moves: 1, pushes: 1 });
  const r = await p;
  assert.deepEqual([r.ok, r.method], [true, 'b']);
  assert.equal(r.stats.workers[0].state, 'failed');

  const again = pool.solve('level', ['a'], 100, {});
  workers[0].emit({ type: 'solved', id: workers[0].last('solve').id, lurd: 'LL', moves: 2, pushes: 0 });
  const bad = await again;
  assert.equal(bad.ok, false);
  assert.match(bad.text, /a's solution does not solve the level: step 1 of LL walks into a wall/);
});

test('when every member fails, the most telling reason is reported, with the share in the words', async () => {
  const { workers, pool } = poolOf(2);
  const p = pool.solve('level', ['a', 'b'], 256 * MIB, { timeLimitSeconds: 5 });
  workers[0].emit({ type: 'failed', id: workers[0].last('solve').id, reason: 'timed-out', message: '' });
  workers[1].emit({ type: 'failed', id: workers[1].last('solve').id, reason: 'unsolvable', message: '' });
  const r = await p;
  assert.equal(r.reason, 'unsolvable');
  assert.match(r.text, /no solution/);
  assert.deepEqual(r.stats.workers.map((w) => w.state), ['out of time', 'proved no solution']);
  const q = pool.solve('level', ['a', 'b'], 256 * MIB, {});
  for (const w of workers) w.emit({ type: 'failed', id: w.last('solve').id, reason: 'out-of-memory', message: '' });
  assert.match((await q).text, /out of memory \(budget 256 MB\)/);
  assert.equal(memberState({ ok: false, reason: 'declined' }), 'cannot search this level');
});

test('cancelling the pool cancels every worker; a new solve cancels the old', async () => {
  const { workers, pool } = poolOf(2);
  const p = pool.solve('level', ['a', 'b'], 1, {});
  pool.cancel();
  assert.equal((await p).reason, 'cancelled');
  for (const w of workers) assert.equal(w.last('cancel').id, w.sent[0].id);
  const first = pool.solve('one', ['a', 'b'], 1, {});
  const second = pool.solve('two', ['a', 'b'], 1, {});
  assert.equal((await first).reason, 'cancelled');
  for (const w of workers) assert.equal(w.last('solve').level, 'two');
  workers[0].emit({ type: 'solved', id: workers[0].last('solve').id, lurd: 'R', moves: 1, pushes: 1 });
  assert.equal((await second).ok, true);
});

test('a loser that does not answer its cancel is replaced, and the next solve uses the fresh worker', async () => {
  const timers = new ManualTimers();
  const { workers, restarts, pool } = poolOf(2, { timers });
  const p = pool.solve('level', ['a', 'b'], 1, {});
  const [w0, w1] = workers;
  w1.emit({ type: 'solved', id: w1.last('solve').id, lurd: 'R', moves: 1, pushes: 1 });
  assert.equal((await p).method, 'b');
  timers.fireAll();  // the loser never answers
  assert.deepEqual(restarts, ['unresponsive']);
  assert.ok(w0.terminated && !w1.terminated);
  const fresh = workers[2];
  fresh.ready();
  const again = pool.solve('level', ['a', 'b'], 1, {});
  fresh.emit({ type: 'solved', id: fresh.last('solve').id, lurd: 'R', moves: 1, pushes: 1 });
  assert.deepEqual([(await again).ok, (await again).method], [true, 'a']);
});

test('a member whose worker crashes drops out; the others go on', async () => {
  const { workers, restarts, pool } = poolOf(2);
  const p = pool.solve('level', ['a', 'b'], 1, {});
  workers[0].emit({ type: 'failed', id: null, reason: 'crashed', message: 'Aborted(OOM)' });
  assert.deepEqual(restarts, ['crashed']);
  workers[1].emit({ type: 'solved', id: workers[1].last('solve').id, lurd: 'R', moves: 1, pushes: 1 });
  const r = await p;
  assert.deepEqual([r.ok, r.method, r.stats.workers[0].state], [true, 'b', 'crashed']);
});

// ------------------------------------------------------------ the page's solvers
function solversOf(d) {
  const workers = [];
  const s = new Solvers(() => new SolverClient(() => new FakeWorker(workers)), onlyR, d);
  s.methods = METHODS;
  return { s, workers };
}

test('the default runs as the pool; a chosen strategy and a sink level run alone in the first worker', async () => {
  const { s, workers } = solversOf(device({ cores: 3 }));
  s.start();
  assert.equal(workers.length, 1, 'one worker until the pool is needed');
  const pooled = s.run('level', { method: 'default', timeLimitSeconds: 60, memoryMB: 0 });
  assert.deepEqual(workers.map((w) => [w.last('solve').options.method, w.last('solve').options.memoryBudgetBytes]),
                   [['fess-hbox', GIB], [POOL_ORDER[0], GIB]]);
  const alone = s.run('level', { method: 'astar', timeLimitSeconds: 60, memoryMB: 0 });
  assert.equal((await pooled).reason, 'cancelled', 'a new run stops the pool');
  assert.deepEqual([workers[0].last('solve').options.method, workers[0].last('solve').options.memoryBudgetBytes], ['astar', 2 * GIB - 64 * MIB]);
  assert.equal(workers[1].last('solve').options.method, POOL_ORDER[0], 'the second worker has nothing new');
  workers[0].emit({ type: 'solved', id: workers[0].last('solve').id, lurd: 'R', moves: 1, pushes: 1 });
  assert.equal((await alone).method, 'astar');
  s.run('xxx', { method: 'default', timeLimitSeconds: 60, memoryMB: 0 }, null, true);
  assert.equal(workers[0].last('solve').options.method, 'sink');
  s.run('level', { method: 'portfolio', timeLimitSeconds: 60, memoryMB: 512 });
  assert.deepEqual(workers.map((w) => [w.last('solve').options.method, w.last('solve').options.memoryBudgetBytes]),
                   [['fess-hbox', 256 * MIB], [POOL_ORDER[0], 256 * MIB]], 'what older pages stored as portfolio is the default');
});

test('with one worker the default runs alone, as one worker did before the pool', () => {
  const { s, workers } = solversOf(device({ cores: 2 }));
  s.run('level', { method: 'default', timeLimitSeconds: 60, memoryMB: 0 });
  assert.equal(workers.length, 1);
  assert.deepEqual([workers[0].last('solve').options.method, workers[0].last('solve').options.memoryBudgetBytes], ['fess-hbox', 2 * GIB - 64 * MIB]);
});
