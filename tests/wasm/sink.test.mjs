// The single-sink variant through the wasm module: what the page and the
// worker use when a text is a sink level (see core/sink/README.md).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule } from './load.mjs';

let M;
before(async () => { M = await loadModule(); });

// Five stones, the sink on the board's right edge:
//   #*********
//   #*y......*
//   #*.o..o..*
//   #*...o.*.*
//   #*..o..o.*
//   #*.......x
//   #*********
const FIVE = '#7\n#9\n#*********\n#*y......*\n#*.o..o..*\n#*...o.*.*\n#*..o..o.*\n#*.......x\n#*********\n';
const LINE = '#3\n#7\n#*****\n#*yo.x*\n#*****\n';  // two pushes from the sink; short rows are walls

test('tells sink levels from XSB levels', () => {
  assert.equal(M.isSinkLevel(FIVE), true);
  assert.equal(M.isSinkLevel('#####\n#@$.#\n#####\n'), false);
  assert.equal(M.isSinkLevel('rrUU'), false);
});

test('parses a sink level into cells and writes it back', () => {
  const p = M.parseSinkLevel(LINE);
  assert.equal(p.ok, true);
  assert.deepEqual([p.width, p.height, p.stones], [7, 3, 1]);
  // Walls that touch no floor are '_', the sink 'x', stones 'o'.
  assert.equal(p.cells, '_####__' + '#@o x#_' + '_####__');
  assert.equal(M.parseSinkLevel(p.text).cells, p.cells);
  assert.equal(M.parseSinkLevel(FIVE).stones, 5);
});

test('a bad sink level says what is wrong and on which line', () => {
  const long = M.parseSinkLevel('Options: none\n#2\n#3\n#y.x\n#....\n');
  assert.equal(long.ok, false);
  assert.match(long.error, /row 2 is longer than the width 3/);
  assert.equal(long.line, 5);
  const twoPlayers = M.parseSinkLevel('#1\n#4\n#yxoy\n');
  assert.match(twoPlayers.error, /more than one player/);
  assert.equal(twoPlayers.line, 3);
  assert.match(M.parseSinkLevel('#1\n#3\n#y.o\n').error, /no sink/);
  const g = new M.SinkGame('#1\n#3\n#y.o\n');
  assert.equal(g.valid(), false);
  assert.match(g.error(), /no sink/);
  assert.equal(g.play('r'), 'blocked');
  g.delete();
});

test('a stone pushed onto the sink disappears; undo brings it back', () => {
  const g = new M.SinkGame(LINE);
  assert.ok(g.valid());
  const w = g.width();
  assert.equal(g.sink(), w + 4);
  assert.equal(g.stonesLeft(), 1);
  assert.equal(g.play('r'), 'pushed');
  assert.equal(g.cells(), '_####__' + '# @ox#_' + '_####__');
  assert.equal(g.play('r'), 'pushed');
  assert.equal(g.stonesLeft(), 0);
  assert.equal(g.solved(), true);
  assert.equal(g.hasStone(w + 4), false);
  assert.equal(g.cells(), '_####__' + '#  @x#_' + '_####__');
  assert.equal(g.play('r'), 'moved');  // the player walks over the sink
  assert.equal(g.cells()[w + 4], '+');
  assert.equal(g.history(), 'RRr');
  assert.deepEqual([g.moves(), g.pushes()], [3, 2]);
  g.undo();
  g.undo();
  assert.equal(g.stonesLeft(), 1);
  assert.ok(g.hasStone(w + 3));
  assert.equal(g.solved(), false);
  g.seek(3);
  assert.equal(g.solved(), true);
  g.restart();
  assert.deepEqual([g.moves(), g.stonesLeft()], [0, 1]);
  assert.ok(g.canRedo());
  g.delete();
});

test('walk paths go around walls and stones; the current position is a level again', () => {
  const g = new M.SinkGame(FIVE);
  const w = g.width();
  assert.equal(g.walkPath(1 * w + 3), 'rr');
  assert.equal(g.walkPath(0), null);  // a wall
  g.playAll('rD');
  const here = M.parseSinkLevel(g.currentLevelText());
  assert.equal(here.ok, true);
  assert.equal(here.cells, g.cells());
  g.delete();
});

test('verifySink: solving, legal but unsolved, illegal, bad level', () => {
  assert.deepEqual([M.verifySink(LINE, 'RR').solved, M.verifySink(LINE, 'RR').pushes], [true, 2]);
  const short = M.verifySink(LINE, 'R');
  assert.deepEqual([short.legal, short.solved], [true, false]);
  const bad = M.verifySink(LINE, 'u');
  assert.equal(bad.legal, false);
  assert.equal(bad.failedStep, 0);
  assert.match(M.verifySink('#1\n#3\n#y.o\n', 'r').error, /bad level/);
});

test('SinkSolver solves a small level in slices, and the solution verifies', () => {
  const s = new M.SinkSolver(FIVE, { method: 'ignored', timeLimitSeconds: 20, memoryBudgetBytes: 64 * 1048576 });
  let status;
  while ((status = s.step(50)) === 'running');
  assert.equal(status, 'solved', s.message());
  const v = M.verifySink(FIVE, s.solution());
  assert.ok(v.solved);
  assert.deepEqual([v.moves, v.pushes], [s.moves(), s.pushes()]);
  assert.ok(s.progress().nodes > 0);
  s.delete();
});

test('SinkSolver proves a hopeless position and reports a bad level', () => {
  // The stone sits in a corner: it can never reach the sink.
  const stuck = new M.SinkSolver('#4\n#5\n#*****\n#*o.x*\n#*.y.*\n#*****\n', { method: '', timeLimitSeconds: 5, memoryBudgetBytes: 16 * 1048576 });
  let status;
  while ((status = stuck.step(50)) === 'running');
  assert.equal(status, 'unsolvable', stuck.message());
  stuck.delete();
  const bad = new M.SinkSolver('not a level', { method: '', timeLimitSeconds: 1, memoryBudgetBytes: 1048576 });
  assert.equal(bad.step(50), 'bad-level');
  assert.match(bad.message(), /bad level/);
  bad.delete();
});
