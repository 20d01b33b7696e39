// The optimizer as the page's state sees it, with the real wasm module: a
// row of the Solutions card optimized, each shorter solution recorded as it
// comes, the replay showing the shortest at the end, cancel and refusals.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule, starterCollection } from '../wasm/load.mjs';
import { createState, takeEffects } from '../../web/app-state.js';
import { stopJob } from '../../web/job-state.js';
import { showLevel } from '../../web/level-state.js';
import { levelText } from '../../web/library.js';
import { finishOptimize, optimizeProgress, requestOptimize } from '../../web/optimize-state.js';
import { solutionRows } from '../../web/solutions-state.js';

let M;
let starter;
before(async () => {
  M = await loadModule();
  starter = starterCollection(M);
});

// Little Warehouse (starter 4), and a solution with two needless steps first.
const WAREHOUSE = 3;
const LONGER = 'rl' + 'ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD';  // 43 moves, 13 pushes

function withBest(state, lurd) {
  const v = M.verify(levelText(state.level), lurd);
  const s = { lurd, moves: v.moves, pushes: v.pushes, source: 'player', found: 1 };
  state.best = { byMoves: s, byPushes: s };
}

// What the worker would report, from the module's Optimizer run to its end:
// the progress with the best solution, then the answer.
function optimizeInModule(state, lurd, metric) {
  const o = new M.Optimizer(levelText(state.level), lurd, { metric, timeLimitSeconds: 0, maxNodes: 50000 });
  while (o.step(20) === 'running');
  const best = o.best();
  const answer = { ok: true, lurd: o.solution(), moves: o.moves(), pushes: o.pushes(), proven: o.proven(),
                   status: o.status(), stats: { elapsed: 0.2, nodes: o.progress().nodes } };
  o.delete();
  return { progress: { nodes: 10, elapsed: 0.1, best: { moves: best.moves, pushes: best.pushes }, lurd: best.lurd }, answer };
}

test('a longer solution is optimized: each shorter one recorded, the replay shows it', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  withBest(state, LONGER);
  takeEffects(state);
  assert.equal(solutionRows(state).rows[0].solution.lurd, LONGER);
  const job = requestOptimize(state, 0, 'moves');
  assert.ok(job);
  assert.equal(state.job, job);
  assert.match(state.result.text, /fewer moves than 43 moves, 13 pushes/);
  const { progress, answer } = optimizeInModule(state, LONGER, 'moves');
  assert.ok(answer.moves < 43);
  optimizeProgress(state, job, progress);
  const recorded = takeEffects(state).filter((e) => e.type === 'record-solution');
  assert.equal(recorded.length, 1);
  assert.equal(recorded[0].solution.source, 'optimizer');
  assert.equal(recorded[0].solution.moves, answer.moves);
  assert.match(state.result.text, /so far/);
  finishOptimize(state, job, answer);
  assert.equal(state.job, null);
  // The same solution again is not recorded twice.
  assert.equal(takeEffects(state).filter((e) => e.type === 'record-solution').length, 0);
  assert.match(state.result.text, new RegExp(`Optimized for fewer moves in 0.2 s: ${answer.moves} moves, 13 pushes, was 43 moves, 13 pushes.`));
  assert.ok(state.replay);
  assert.equal(state.replay.solution.lurd, answer.lurd);
  assert.equal(state.solution.source, 'optimizer');
});

test('the level\'s other whole solutions go with the one optimized', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  withBest(state, LONGER);
  const shorter = LONGER.slice(2);
  const v = M.verify(levelText(state.level), shorter);
  state.best.byPushes = { lurd: shorter, moves: v.moves, pushes: v.pushes, source: 'solver', found: 2 };
  state.solution = { lurd: 'uuL', moves: 3, pushes: 1, source: 'solver', from: 5, at: 0 };  // a hint's way
  const rows = solutionRows(state).rows.map((r) => r.solution.lurd);
  assert.ok(rows.includes(LONGER) && rows.includes(shorter) && rows.includes('uuL'));
  const job = requestOptimize(state, rows.indexOf(LONGER), 'moves');
  assert.deepEqual(job.others, [shorter]);
});

test('nothing shorter: the result says so and nothing is recorded', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  const { answer } = optimizeInModule(state, LONGER, 'pushes');
  withBest(state, answer.lurd);
  takeEffects(state);
  const job = requestOptimize(state, 0, 'pushes');
  const again = optimizeInModule(state, answer.lurd, 'pushes').answer;
  finishOptimize(state, job, again);
  assert.equal(takeEffects(state).filter((e) => e.type === 'record-solution').length, 0);
  assert.match(state.result.text, /^No solution with fewer pushes found in 0.2 s\./);
  if (again.proven === 'optimal') assert.match(state.result.text, /proven optimal/);
  assert.equal(state.replay, null);
});

test('cancel keeps what was found; a busy solver or a bad row refuses', () => {
  const state = createState(M);
  showLevel(state, starter, WAREHOUSE);
  withBest(state, LONGER);
  assert.equal(requestOptimize(state, 9, 'pushes'), null);
  assert.equal(requestOptimize(state, 0, 'speed'), null);
  const job = requestOptimize(state, 0, 'pushes');
  assert.equal(requestOptimize(state, 0, 'moves'), null);
  assert.match(state.status.text, /busy/);
  takeEffects(state);
  const { progress } = optimizeInModule(state, LONGER, 'pushes');
  optimizeProgress(state, job, progress);
  stopJob(state);
  assert.match(state.result.text, /cancelled; every shorter solution it found is kept/);
  const effects = takeEffects(state).map((e) => e.type);
  assert.deepEqual(effects, ['record-solution', 'cancel-job']);
  // The cancelled run's answer comes later and changes nothing.
  finishOptimize(state, job, { ok: false, reason: 'cancelled', text: 'Cancelled.' });
  assert.match(state.result.text, /cancelled; every shorter/);
});
