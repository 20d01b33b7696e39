// The wasm module under Node: what the page and the worker rely on.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, loadModule, root, solveAll } from './load.mjs';

let M;
before(async () => { M = await loadModule(); });

test('parses a collection with titles, authors and run-length boards', () => {
  const c = M.parseCollection(fixture('starter.sok'));
  assert.equal(c.errors.length, 0);
  assert.deepEqual(c.levels.map((l) => l.title), ['First Steps', 'Corner Turn', 'Two Rooms', 'Little Warehouse', 'Crossing']);
  const first = c.levels[0];
  assert.equal(first.author, 'soko tests');
  assert.equal(first.width, 5);
  assert.equal(first.height, 3);
  assert.equal(first.cells, '#####' + '#@$.#' + '#####');
  assert.equal(first.runLength, '5#|#@$.#|5#');
  // The run-length form and the XSB text both read back as the same board.
  assert.equal(M.parseCollection(first.runLength).levels[0].cells, first.cells);
  assert.equal(M.parseCollection(first.xsb).levels[0].title, 'First Steps');
});

test('a parse error names the level, line and column, and good levels still load', () => {
  const text = 'Good\n#####\n#@$.#\n#####\n\nBad\n#####\n#@x.#\n#####\n';
  const c = M.parseCollection(text);
  assert.equal(c.levels.length, 1);
  assert.equal(c.errors.length, 1);
  const e = c.errors[0];
  assert.equal(e.level, 2);
  assert.equal(e.title, 'Bad');
  assert.equal(e.line, 8);
  assert.equal(e.column, 3);
  assert.match(e.text, /line 8, column 3/);
});

test('plays, undoes, redoes and restarts by the core rules', () => {
  const level = M.parseCollection(fixture('starter.sok')).levels[4];  // Crossing
  const g = new M.Game(level.xsb);
  assert.ok(g.valid());
  assert.equal(g.play('l'), 'moved');
  assert.equal(g.play('u'), 'pushed');
  assert.equal(g.play('u'), 'blocked');
  assert.equal(g.moves(), 2);
  assert.equal(g.pushes(), 1);
  assert.equal(g.history(), 'lU');
  assert.ok(g.undo());
  assert.equal(g.moves(), 1);
  assert.ok(g.redo());
  assert.equal(g.history(), 'lU');
  g.seek(0);
  assert.equal(g.moves(), 0);
  assert.equal(g.fullHistory(), 'lU');
  g.redo();
  g.restart();  // back to the start, the steps kept for redo
  assert.equal(g.moves(), 0);
  assert.ok(g.canRedo());
  g.delete();
});

test('finds walking and pushing paths for mouse play', () => {
  // Crossing:    #######
  //              #.   .#
  //              # $$  #
  //              #  @  #
  //              #######
  const level = M.parseCollection(fixture('starter.sok')).levels[4];
  const g = new M.Game(level.xsb);
  const w = g.width();
  assert.equal(g.walkPath(3 * w + 1), 'll');
  assert.equal(g.walkPath(g.player()), '');
  assert.equal(g.walkPath(0), null);  // a wall
  const path = g.pushPath(2 * w + 2, 1 * w + 2);  // the left box up one
  assert.ok(path && /U$/.test(path));
  assert.equal(g.playAll(path), path.length);
  assert.ok(g.hasBox(1 * w + 2));
  g.delete();
});

test('an invalid level gives a Game that says why', () => {
  const g = new M.Game('nothing here');
  assert.equal(g.valid(), false);
  assert.notEqual(g.error(), '');
  assert.equal(g.play('l'), 'blocked');
  g.delete();
});

test('verifies solutions: solving, legal but unsolved, illegal', () => {
  const level = M.parseCollection(fixture('starter.sok')).levels[0];
  assert.deepEqual([M.verify(level.xsb, 'R').solved, M.verify(level.xsb, 'R').pushes], [true, 1]);
  const none = M.verify(level.xsb, '');
  assert.equal(none.legal, true);
  assert.equal(none.solved, false);
  const bad = M.verify(level.xsb, 'u');
  assert.equal(bad.legal, false);
  assert.equal(bad.failedStep, 0);
  assert.match(M.verify('no level', 'R').error, /bad level/);
});

test('expands run-length LURD for replay', () => {
  assert.deepEqual({ ...M.expandLurd('3r2(dL) u') }, { steps: 'rrrdLdLu', error: '', errorAt: 0 });
  assert.notEqual(M.expandLurd('rx').error, '');
});

test('lists the solver strategies, default first', () => {
  const methods = M.solverMethods();
  assert.ok(methods.length >= 1);
  for (const m of methods) assert.equal(typeof m.name, 'string');
  assert.ok(methods.some((m) => m.name === 'bfs'));
});

test('solves every small test level, and the solutions verify', () => {
  for (const level of M.parseCollection(fixture('starter.sok')).levels) {
    const r = solveAll(M, level.xsb, { method: 'bfs', timeLimitSeconds: 20, memoryBudgetBytes: 64 * 1048576 });
    assert.equal(r.status, 'solved', level.title + ': ' + r.message);
    const v = M.verify(level.xsb, r.lurd);
    assert.ok(v.solved, level.title);
    assert.equal(v.moves, r.moves);
    assert.equal(v.pushes, r.pushes);
  }
});

test('a solve says which member of the default found the solution, as the CLI does', () => {
  const level = M.parseCollection(fixture('starter.sok')).levels[0];
  const s = new M.Solver(level.xsb, { method: 'default', timeLimitSeconds: 20, memoryBudgetBytes: 64 * 1048576 });
  assert.equal(s.searchDetail(), '');  // nothing to say before the end
  let status;
  while ((status = s.step(50)) === 'running');
  assert.equal(status, 'solved', s.message());
  assert.match(s.searchDetail(), /^(fess|hbox11|hbox1|hbox4|fess \(.*\)) found it/);
  s.delete();
});

test('every strategy the module reports solves a trivial level or declines cleanly', () => {
  const level = M.parseCollection(fixture('starter.sok')).levels[0];
  for (const m of M.solverMethods()) {
    const r = solveAll(M, level.xsb, { method: m.name, timeLimitSeconds: 10, memoryBudgetBytes: 64 * 1048576 });
    assert.ok(['solved', 'declined'].includes(r.status), `${m.name}: ${r.status} ${r.message}`);
  }
});

test('a hard level with a tiny memory budget ends out of memory, and the module keeps working', () => {
  const hard = M.parseCollection(fixture('hard.sok')).levels[0];
  const r = solveAll(M, hard.xsb, { method: 'bfs', timeLimitSeconds: 60, memoryBudgetBytes: 2 * 1048576 });
  assert.equal(r.status, 'out-of-memory', r.message);
  assert.match(r.message, /memory/);
  assert.ok(r.progress.peakMemoryBytes <= 2 * 1048576);
  const easy = M.parseCollection(fixture('starter.sok')).levels[3];
  assert.equal(solveAll(M, easy.xsb, { method: 'bfs', timeLimitSeconds: 10, memoryBudgetBytes: 64 * 1048576 }).status, 'solved');
});

test('the memory budget is clamped below the heap cap', () => {
  assert.equal(M.heapMaxBytes(), 2 * 1024 * 1024 * 1024);
  assert.ok(M.solverBudgetCapBytes() < M.heapMaxBytes());
  const level = M.parseCollection(fixture('starter.sok')).levels[0];
  const r = solveAll(M, level.xsb, { method: 'bfs', timeLimitSeconds: 5, memoryBudgetBytes: 64 * 1024 * 1048576 });
  assert.equal(r.status, 'solved');
});

test('bad input to the solver ends with a reason, not an exception', () => {
  assert.equal(solveAll(M, 'not a level', { method: 'bfs', timeLimitSeconds: 1, memoryBudgetBytes: 1048576 }).status, 'bad-level');
  const level = M.parseCollection(fixture('starter.sok')).levels[0];
  assert.equal(solveAll(M, level.xsb, { method: 'no-such-method', timeLimitSeconds: 1, memoryBudgetBytes: 1048576 }).status, 'declined');
});

test('a solve can be cancelled between slices', () => {
  const hard = M.parseCollection(fixture('hard.sok')).levels[0];
  const s = new M.Solver(hard.xsb, { method: 'bfs', timeLimitSeconds: 60, memoryBudgetBytes: 256 * 1048576 });
  assert.equal(s.step(20), 'running');
  s.cancel();
  assert.equal(s.step(20), 'cancelled');
  s.delete();
});

test('the bundled collections listed in the index parse', () => {
  const dir = fs.existsSync(path.join(root, 'levels/index.json')) ? path.join(root, 'levels') : path.join(root, 'tests/fixtures');
  const index = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8'));
  assert.ok(index.length > 0);
  for (const c of index) {
    for (const key of ['file', 'name', 'count']) assert.ok(key in c, `${c.file}: ${key}`);
    const parsed = M.parseCollection(fs.readFileSync(path.join(dir, c.file), 'utf8'));
    assert.ok(parsed.levels.length > 0, c.file);
    assert.equal(parsed.levels.length, c.count, `${c.file}: index count`);
  }
});
