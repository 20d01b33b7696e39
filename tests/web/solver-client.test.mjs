// The solver client when a worker does not answer a cancel: it is replaced,
// the page is told why, and the next solve works. The Worker and the timers
// are fakes (the boundaries); the real stuck worker in Chromium is
// tests/web/page-worker.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CANCEL_ANSWER_MS, LOADING_ANSWER_MS, SolverClient, describeRestart } from '../../web/solver-client.js';

class FakeWorker {
  constructor(log) { this.log = log; this.sent = []; this.terminated = false; log.push(this); }
  postMessage(m) { this.sent.push(m); }
  terminate() { this.terminated = true; }
  emit(m) { this.onmessage({ data: m }); }
  ready() { this.emit({ type: 'ready', methods: [{ name: 'bfs' }] }); }
  last(type) { return this.sent.filter((m) => m.type === type).at(-1); }
}

// Timers that fire only when the test says so.
class ManualTimers {
  constructor() { this.pending = new Map(); this.next = 1; }
  setTimeout(fn, ms) { const id = this.next++; this.pending.set(id, { fn, ms }); return id; }
  clearTimeout(id) { this.pending.delete(id); }
  delays() { return [...this.pending.values()].map((t) => t.ms); }
  fireAll() {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const t of due) t.fn();
  }
}

function client(options = {}) {
  const workers = [];
  const timers = new ManualTimers();
  const restarts = [];
  const c = new SolverClient(() => new FakeWorker(workers), {
    timers, onRestart: (reason) => restarts.push(reason), ...options,
  });
  workers[0].ready();
  return { c, workers, timers, restarts };
}

test('a worker that does not answer a cancel is replaced, and the next solve goes to the new one', async () => {
  const { c, workers, timers, restarts } = client();
  const p = c.solve('level', { method: 'bfs' });
  c.cancel();
  assert.equal((await p).reason, 'cancelled', 'the solve ends as cancelled at once');
  assert.deepEqual(timers.delays(), [CANCEL_ANSWER_MS]);
  assert.equal(CANCEL_ANSWER_MS, 500);
  timers.fireAll();  // no answer came
  assert.ok(workers[0].terminated);
  assert.equal(workers.length, 2);
  assert.deepEqual(restarts, ['unresponsive']);
  assert.match(describeRestart(restarts[0]), /did not stop when asked; it was restarted/);
  workers[1].ready();
  const next = c.solve('level', { method: 'bfs' });
  const { id } = workers[1].last('solve');
  workers[1].emit({ type: 'solved', id, lurd: 'R', moves: 1, pushes: 1, detail: 'fess found it', stats: {} });
  const answer = await next;
  assert.equal(answer.ok, true);
  assert.equal(answer.detail, 'fess found it', 'the strategy\'s words reach the page');
  assert.deepEqual(workers[0].sent.map((m) => m.type), ['solve', 'cancel'], 'nothing more went to the stuck worker');
  assert.deepEqual(timers.delays(), []);
});

test('a worker that answers the cancel in time is kept', async () => {
  const { c, workers, timers, restarts } = client();
  c.solve('level', {});
  const { id } = workers[0].last('solve');
  c.cancel();
  workers[0].emit({ type: 'failed', id, reason: 'cancelled', message: 'cancelled' });
  assert.deepEqual(timers.delays(), [], 'the timer is cleared');
  assert.equal(workers.length, 1);
  assert.deepEqual(restarts, []);
  // A solution that crossed the cancel on its way is an answer too.
  c.solve('level', {});
  const second = workers[0].last('solve').id;
  c.cancel();
  workers[0].emit({ type: 'solved', id: second, lurd: 'R', moves: 1, pushes: 1 });
  assert.deepEqual(timers.delays(), []);
  assert.equal(workers.length, 1);
});

test('a solve started while the old one awaits its cancel answer goes to the fresh worker', async () => {
  const { c, workers, timers, restarts } = client();
  c.solve('huge board', {});
  const hint = c.solve('level', { method: 'bfs' });  // cancels the first, which never answers
  assert.deepEqual(workers[0].sent.map((m) => m.type), ['solve', 'cancel', 'solve']);
  timers.fireAll();
  assert.deepEqual(restarts, ['unresponsive']);
  const moved = workers[1].last('solve');
  assert.deepEqual([moved.level, moved.options.method], ['level', 'bfs']);
  workers[1].ready();
  workers[1].emit({ type: 'progress', id: moved.id, nodes: 7 });
  workers[1].emit({ type: 'solved', id: moved.id, lurd: 'rR', moves: 2, pushes: 1 });
  const r = await hint;
  assert.deepEqual([r.ok, r.lurd], [true, 'rR']);
});

test('a solve queued behind a cancel that is answered stays on the same worker', async () => {
  const { c, workers, timers, restarts } = client();
  c.solve('first', {});
  const firstId = workers[0].last('solve').id;
  const p = c.solve('second', {});
  const secondId = workers[0].last('solve').id;
  workers[0].emit({ type: 'failed', id: firstId, reason: 'cancelled', message: 'cancelled' });
  assert.deepEqual(timers.delays(), []);
  workers[0].emit({ type: 'solved', id: secondId, lurd: 'R', moves: 1, pushes: 1 });
  assert.equal((await p).ok, true);
  assert.deepEqual([workers.length, restarts], [1, []]);
});

test('the wait for an answer counts from the first unanswered cancel, and from ready for a loading worker', () => {
  const workers = [];
  const timers = new ManualTimers();
  const restarts = [];
  const c = new SolverClient(() => new FakeWorker(workers), { timers, onRestart: (r) => restarts.push(r) });
  c.solve('a', {});
  c.cancel();
  assert.deepEqual(timers.delays(), [LOADING_ANSWER_MS], 'a worker still loading its module cannot answer yet');
  workers[0].ready();
  assert.deepEqual(timers.delays(), [CANCEL_ANSWER_MS], 'ready: the usual time, from now');
  c.solve('b', {});
  c.cancel();
  assert.equal(timers.pending.size, 1, 'a second cancel does not push the deadline back');
  // The first is answered, the second not: the wait starts again for it.
  workers[0].emit({ type: 'failed', id: workers[0].sent[0].id, reason: 'cancelled' });
  assert.deepEqual(timers.delays(), [CANCEL_ANSWER_MS]);
  timers.fireAll();
  assert.deepEqual(restarts, ['unresponsive']);
});

test('a worker that never becomes ready after a cancel is replaced too', async () => {
  const workers = [];
  const timers = new ManualTimers();
  const restarts = [];
  const c = new SolverClient(() => new FakeWorker(workers), { timers, onRestart: (r) => restarts.push(r) });
  c.solve('a', {});
  c.cancel();
  const next = c.solve('b', {});
  timers.fireAll();  // the loading time ran out without a 'ready'
  assert.deepEqual(restarts, ['unresponsive']);
  workers[1].ready();
  workers[1].emit({ type: 'solved', id: workers[1].last('solve').id, lurd: 'R', moves: 1, pushes: 1 });
  assert.equal((await next).ok, true);
});

test('a crash while a cancel awaits its answer restarts once, as a crash', async () => {
  const { c, workers, timers, restarts } = client();
  c.solve('a', {});
  c.cancel();
  const p = c.solve('b', {});
  workers[0].emit({ type: 'failed', id: null, reason: 'crashed', message: 'Aborted(OOM)' });
  assert.equal((await p).reason, 'crashed');
  assert.deepEqual(restarts, ['crashed']);
  assert.deepEqual(timers.delays(), [], 'the cancel timer went with the old worker');
  timers.fireAll();
  assert.equal(workers.length, 2);
});

test('optimize: the request, its progress with the best so far, and the answer', async () => {
  const { c, workers, timers } = client();
  const seen = [];
  const p = c.optimize('level', 'rRR', { metric: 'moves', timeLimitSeconds: 5 }, (m) => seen.push(m));
  const sent = workers[0].last('optimize');
  assert.deepEqual({ ...sent, id: 0 }, { type: 'optimize', id: 0, level: 'level', solution: 'rRR', options: { metric: 'moves', timeLimitSeconds: 5 } });
  workers[0].emit({ type: 'progress', id: sent.id, nodes: 5, best: { moves: 2, pushes: 2 }, lurd: 'RR' });
  workers[0].emit({ type: 'optimized', id: sent.id, lurd: 'RR', moves: 2, pushes: 2, before: { moves: 3, pushes: 2 },
                    improved: true, proven: 'optimal', status: 'solved', message: 'm', stats: { nodes: 9 } });
  const r = await p;
  assert.equal(seen.length, 1);
  assert.equal(seen[0].lurd, 'RR');
  assert.deepEqual(r, { ok: true, lurd: 'RR', moves: 2, pushes: 2, before: { moves: 3, pushes: 2 }, improved: true,
                        proven: 'optimal', status: 'solved', message: 'm', stats: { nodes: 9 } });
  // A cancelled optimize's late answer counts as the worker answering the cancel.
  const q = c.optimize('level', 'rRR', {});
  c.cancel();
  assert.equal((await q).reason, 'cancelled');
  workers[0].emit({ type: 'optimized', id: workers[0].last('optimize').id, lurd: 'RR', moves: 2, pushes: 2 });
  assert.deepEqual(timers.delays(), []);
  assert.equal(workers.length, 1);
});
