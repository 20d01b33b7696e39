// The main thread's checks under Node: a board drawn in the editor
// (checkGrid) and the live deadlock check after a push (PositionCheck).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { fixture, loadModule, solveAll } from './load.mjs';

let M;
before(async () => { M = await loadModule(); });

const grid = (rows) => ({ width: rows[0].length, height: rows.length, cells: rows.join('') });
const checkRows = (rows, title = '') => {
  const g = grid(rows);
  return M.checkGrid(g.width, g.height, g.cells, title);
};

test('a drawn board gets the message pasted text gets, with its squares in the drawn grid', () => {
  const cases = [
    ['######', '#@$.  ', '#     ', '######'],        // open to the outside
    ['#######', '#@$ $.#', '#  *  #', '#######'],    // 3 boxes, 2 goals
    ['#########', '#@$.#$ $#', '#  .#. .#', '#########'],  // boxes out of reach
    ['#####', '# $.#', '#####'],                     // no player
  ];
  for (const rows of cases) {
    const drawn = checkRows(rows);
    const pasted = M.parseCollection(rows.join('\n') + '\n');
    assert.equal(drawn.ok, false);
    assert.equal(pasted.errors.length, 1);
    assert.equal(drawn.message, pasted.errors[0].message);
  }
  assert.deepEqual(checkRows(cases[0]).cells, [11, 17]);
  assert.deepEqual(checkRows(cases[1]).cells, [9, 11]);
  assert.deepEqual(checkRows(cases[3]).cells, []);
});

test('a valid drawn board gives the level as XSB and run-length text, and where the player can walk', () => {
  const r = checkRows(['        ', ' ###### ', ' #@$ .# ', ' ###### ', '        '], 'Drawn');
  assert.equal(r.ok, true);
  assert.equal(r.message, '');
  assert.equal(r.runLength, '6#|#@$-.#|6#');
  const level = M.parseCollection(r.xsb).levels[0];
  assert.equal(level.title, 'Drawn');
  assert.equal(level.runLength, r.runLength);
  assert.equal(r.interior, '0'.repeat(16) + '00111100' + '0'.repeat(16));
});

test('a box pushed into a corner is dead, and the box is named', () => {
  //   #####
  //   #+$ #   the player stands on the goal; pushing right puts the box
  //   #   #   in the corner, where it can never move again
  //   #####
  const text = '#####\n#+$ #\n#   #\n#####\n';
  const check = new M.PositionCheck(text);
  const game = new M.Game(text);
  assert.ok(check.valid());
  assert.deepEqual(check.check(game.cells(), -1), { dead: false, kind: '', boxes: [] });
  assert.equal(game.play('r'), 'pushed');
  const v = check.check(game.cells(), 8);
  assert.deepEqual(v, { dead: true, kind: 'dead-square', boxes: [8] });
  game.delete();
  check.delete();
});

test('the position check follows a whole solution without calling a position dead', () => {
  const levels = M.parseCollection(fixture('starter.sok')).levels;
  assert.equal(levels.length, 5);
  for (const level of levels) {
    const solved = solveAll(M, level.xsb, { method: 'astar', timeLimitSeconds: 0, maxNodes: 100000 });
    assert.equal(solved.status, 'solved');
    const check = new M.PositionCheck(level.xsb);
    const game = new M.Game(level.xsb);
    for (const step of solved.lurd) {
      assert.notEqual(game.play(step), 'blocked');
      assert.equal(check.check(game.cells(), -1).dead, false, `${level.title} after ${game.history()}`);
    }
    assert.ok(game.solved());
    game.delete();
    check.delete();
  }
});

test('a position check of text that holds no level says why', () => {
  const check = new M.PositionCheck('no board here');
  assert.equal(check.valid(), false);
  assert.match(check.error(), /no level/);
  assert.deepEqual(check.check('', -1), { dead: false, kind: '', boxes: [] });
  check.delete();
});
