// The solution optimizer in the wasm module under Node, stepped in slices as
// the worker steps it: shorter by the metric, never longer, verified,
// refused with the step when the solution is not valid, cancel keeps the best.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { fixture, loadModule } from './load.mjs';

let M;
before(async () => { M = await loadModule(); });

// Two rows: the box can be pushed right, walked around and pushed back.
const room = '#######\n#@$  .#\n#     #\n#######\n';
const roundabout = 'RdrruLdlluRRR';  // 13 moves, 5 pushes where 3 and 3 do

function optimizeAll(level, solution, options) {
  const o = new M.Optimizer(level, solution, options);
  let status;
  let slices = 0;
  while ((status = o.step(20)) === 'running') slices++;
  const out = {
    status, slices, lurd: o.solution(), moves: o.moves(), pushes: o.pushes(), proven: o.proven(),
    inputMoves: o.inputMoves(), inputPushes: o.inputPushes(), inputError: o.inputError(),
    message: o.message(), nodes: o.progress().nodes,
  };
  o.delete();
  return out;
}

test('a roundabout solution becomes push-optimal and proven so', () => {
  const r = optimizeAll(room, roundabout, { metric: 'pushes', timeLimitSeconds: 0, maxNodes: 100000 });
  assert.equal(r.status, 'solved');
  assert.equal(r.inputMoves, 13);
  assert.equal(r.inputPushes, 5);
  assert.equal(r.pushes, 3);
  assert.equal(r.moves, 3);
  assert.equal(r.proven, 'optimal');
  assert.equal(M.verify(room, r.lurd).solved, true);
});

test('other solutions given: the cheapest is where it starts; a bad one is refused by its number', () => {
  const r = optimizeAll(room, roundabout, { metric: 'pushes', timeLimitSeconds: 0, maxNodes: 1, otherSolutions: ['RRR'] });
  assert.equal(r.lurd, 'RRR');
  assert.equal(r.inputPushes, 5);
  assert.match(r.message, /other solutions joined: 1/);
  const bad = optimizeAll(room, roundabout, { otherSolutions: ['RRR', 'RRRRR'] });
  assert.equal(bad.status, 'declined');
  assert.match(bad.inputError, /^other solution 2: the solution is not valid: step 4 'R' is blocked/);
  assert.equal(bad.lurd, '');
});

test('every optimized solution of the fixtures verifies and is never longer, by both metrics', () => {
  const levels = M.parseCollection(fixture('starter.sok')).levels;
  for (const level of levels) {
    const found = new M.Solver(level.xsb, { timeLimitSeconds: 0, maxNodes: 200000 });
    while (found.step(50) === 'running');
    assert.equal(found.status(), 'solved', level.title);
    const lurd = found.solution();
    found.delete();
    for (const metric of ['pushes', 'moves']) {
      const r = optimizeAll(level.xsb, lurd, { metric, timeLimitSeconds: 0, maxNodes: 20000 });
      const v = M.verify(level.xsb, r.lurd);
      assert.equal(v.solved, true, `${level.title} by ${metric}`);
      const [a, b] = metric === 'pushes' ? [r.pushes, r.moves] : [r.moves, r.pushes];
      const [a0, b0] = metric === 'pushes' ? [r.inputPushes, r.inputMoves] : [r.inputMoves, r.inputPushes];
      assert.ok(a < a0 || (a === a0 && b <= b0), `${level.title} by ${metric}: ${a}/${b} after ${a0}/${b0}`);
    }
  }
});

test('a solution that is not valid is refused with its step and square', () => {
  const r = optimizeAll(room, 'RRRRR', {});
  assert.equal(r.status, 'declined');
  assert.match(r.inputError, /step 4 'R' is blocked \(the player on column 5, row 2\)/);
  assert.equal(r.lurd, '');
});

test('the same answer and node count in any slices; cancel keeps the given solution', () => {
  const xs = fixture('starter.sok');
  const level = M.parseCollection(xs).levels[3].xsb;
  const found = new M.Solver(level, { timeLimitSeconds: 0, maxNodes: 200000 });
  while (found.step(50) === 'running');
  const lurd = found.solution();
  found.delete();
  const a = optimizeAll(level, lurd, { metric: 'moves', timeLimitSeconds: 0, maxNodes: 5000 });
  const b = new M.Optimizer(level, lurd, { metric: 'moves', timeLimitSeconds: 0, maxNodes: 5000 });
  while (b.step(1) === 'running');
  assert.equal(b.solution(), a.lurd);
  assert.equal(b.progress().nodes, a.nodes);
  b.delete();

  const c = new M.Optimizer(room, roundabout, {});
  c.cancel();
  assert.equal(c.step(20), 'cancelled');
  assert.equal(c.solution(), roundabout);
  assert.equal(c.pushes(), 5);
  c.delete();
});
