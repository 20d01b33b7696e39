// The level editor's DOM-free parts and the live deadlock warning under
// Node, with the real wasm module: painting and its undo, resizing, the
// core's verdict with its squares, test play, the solver question, the keys;
// and the warning after a push, with the boxes it is about.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { fixture, loadModule } from '../wasm/load.mjs';
import { createState, takeEffects } from '../../web/app-state.js';
import { deadlockWords, watchDeadlock } from '../../web/deadlock-state.js';
import { blankGrid, gridFromDraft, keepsDrawing, paint, reshape, strokeAdds, trimmed } from '../../web/editor-grid.js';
import { editorKeyAction } from '../../web/editor-input.js';
import { checkWords, closeEditor, editCopy, editedLevel, editorBoard, finishEditorSolve, levelSize, newBoard, openEditor,
         redoEdit, requestEditorSolve, resize, setTitle, shift, startTrial, strokeEnd, strokeStart, strokeTo, trialAction,
         trim, undoEdit } from '../../web/editor-state.js';
import { showLevel, playerAction } from '../../web/level-state.js';
import { parseLevels } from '../../web/library.js';

let M;
before(async () => { M = await loadModule(); });

const rows = (grid) => grid.cells.match(new RegExp(`.{${grid.width}}`, 'g'));
const at = (grid, x, y) => y * grid.width + x;

// Paints cells (x, y) in one stroke with the editor's tool.
function stroke(state, ...points) {
  const g = state.editor.grid;
  strokeStart(state, at(g, ...points[0]));
  for (const p of points.slice(1)) strokeTo(state, at(g, ...p));
  strokeEnd(state);
}

// ------------------------------------------------------------ the grid
test('tools put and take away walls, goals, boxes and the one player', () => {
  let g = { width: 4, height: 1, cells: ' .$#' };
  assert.equal(paint(g, 'goal', 0, true).cells, '..$#');
  assert.equal(paint(g, 'goal', 2, true).cells, ' .*#');
  assert.equal(paint(g, 'goal', 1, false).cells, '  $#');
  assert.equal(paint(g, 'box', 1, true).cells, ' *$#');
  assert.equal(paint(g, 'box', 2, false).cells, ' . #');
  assert.equal(paint(g, 'wall', 3, false).cells, ' .$ ');
  assert.equal(paint(g, 'floor', 2, true).cells, ' . #');
  g = paint(g, 'player', 0, true);
  assert.equal(g.cells, '@.$#');
  g = paint(g, 'player', 1, true);
  assert.equal(g.cells, ' +$#', 'the player moves: a level has one');
  assert.equal(strokeAdds('wall', '#'), false, 'a stroke that starts on a wall erases walls');
  assert.equal(strokeAdds('box', '.'), true);
  assert.equal(strokeAdds('goal', '*'), false);
});

test('resizing and moving keep the drawing, and say when part of it would be cut off', () => {
  const g = blankGrid(5, 4);
  assert.deepEqual(rows(g), ['#####', '#   #', '#   #', '#####']);
  assert.deepEqual(rows(reshape(g, 6, 5, 1, 0)), [' #####', ' #   #', ' #   #', ' #####', '      ']);
  assert.equal(keepsDrawing(g, 6, 5), true);
  assert.equal(keepsDrawing(g, 4, 4), false);
  assert.equal(keepsDrawing(g, 5, 4, 1, 0), false);
  assert.deepEqual(rows(trimmed(reshape(g, 8, 7, 2, 1))), rows(g));
  assert.equal(gridFromDraft({ width: 5, height: 4, cells: g.cells }).cells, g.cells);
  assert.equal(gridFromDraft({ width: 5, height: 4, cells: 'x'.repeat(20) }), null);
  assert.equal(gridFromDraft({ width: 5, height: 5, cells: g.cells }), null);
  assert.equal(gridFromDraft(null), null);
});

// ------------------------------------------------------------ the editor
test('a drawn level is checked by the core as it is drawn, its problem squares marked, and strokes undo as one', () => {
  const state = createState(M);
  openEditor(state, null);
  const e = state.editor;
  assert.match(checkWords(e).text, /there is no player/);
  e.tool = 'player';
  stroke(state, [2, 2]);
  e.tool = 'box';
  stroke(state, [4, 3]);
  assert.equal(checkWords(e).text, 'Not a valid level yet: there are 1 boxes but 0 goals (row 4, column 5, marked on the board).');
  assert.deepEqual(editorBoard(e).marks, [at(e.grid, 4, 3)]);
  e.tool = 'goal';
  stroke(state, [6, 3]);
  assert.equal(e.check.ok, true);
  assert.equal(editorBoard(e).marks, null);
  // A gap in the wall: the border square the player walks off by is marked.
  e.tool = 'wall';
  stroke(state, [9, 3]);
  assert.equal(e.check.ok, false);
  assert.match(e.check.message, /open to the outside/);
  assert.deepEqual(e.check.cells, [at(e.grid, 9, 3)]);
  // One stroke of three squares is one edit.
  stroke(state, [9, 3]);
  const edits = e.past.length;
  stroke(state, [7, 1], [7, 2], [7, 3]);
  assert.equal(e.past.length, edits + 1);
  undoEdit(state);
  assert.equal(e.grid.cells[at(e.grid, 7, 2)], ' ');
  redoEdit(state);
  assert.equal(e.grid.cells[at(e.grid, 7, 2)], '#');
  // Each change is kept as the draft.
  const drafts = takeEffects(state).filter((x) => x.type === 'setting' && x.name === 'editorDraft');
  assert.equal(drafts.length, e.past.length + 2);  // every edit, the undo and the redo
  assert.equal(drafts[drafts.length - 1].value.cells, e.grid.cells);
});

test('the squares outside the player\'s reach show as nothing; a valid level gives XSB and run-length text', () => {
  const state = createState(M);
  openEditor(state, { width: 7, height: 3, cells: '#######' + '#@$. ##' + '#######', title: 'Saved draft' });
  const e = state.editor;
  assert.equal(e.title, 'Saved draft');
  assert.equal(e.check.ok, true);
  const board = editorBoard(e);
  assert.equal(board.cells, '#######' + '#@$. ##' + '#######');
  setTitle(state, 'Tiny');
  const level = editedLevel(e);
  assert.equal(level.runLength, '6#|#@$.-#|6#');
  assert.equal(parseLevels(M, level.xsb).levels[0].title, 'Tiny');
  resize(state, 9, 5);
  assert.equal(editorBoard(e).cells.slice(9, 18), '#@$. ##__', 'new squares outside show as nothing');
  trim(state);
  assert.deepEqual([e.grid.width, e.grid.height], [7, 3]);
  shift(state, 1, 0);
  assert.match(e.message.text, /touches that edge/);
  assert.deepEqual([e.grid.width, e.grid.height], [7, 3]);
});

test('Edit a copy puts a level on the board, and the drawing it had is one Undo away', () => {
  const state = createState(M);
  openEditor(state, { width: 5, height: 3, cells: '#####' + '#@$.#' + '#####', title: 'Mine' });
  const corner = M.parseCollection(fixture('starter.sok')).levels[1];
  editCopy(state, corner, null);
  const e = state.editor;
  assert.equal(e.title, 'Corner Turn');
  assert.equal(e.check.ok, true);
  assert.equal(editedLevel(e).runLength, corner.runLength);
  assert.match(e.message.text, /Undo brings back the drawing you had/);
  undoEdit(state);
  assert.equal(e.grid.cells, '#####' + '#@$.#' + '#####');
  newBoard(state);
  assert.deepEqual(e.grid, blankGrid());
  closeEditor(state);
  assert.equal(state.editor, null);
});

test('test play plays the checked level by the core\'s rules, and back to editing', () => {
  const state = createState(M);
  openEditor(state, { width: 6, height: 3, cells: '######' + '#@$ .#' + '######' });
  startTrial(state);
  const e = state.editor;
  assert.ok(e.trial);
  assert.equal(editorBoard(e).grid, undefined);
  strokeStart(state, 0);  // drawing does nothing while playing
  assert.equal(e.stroke, null);
  trialAction(state, { type: 'step', dir: 'r' });
  assert.equal(e.message.text, 'Test play: 1 move, 1 push.');
  trialAction(state, { type: 'step', dir: 'r' });
  assert.equal(e.trial.solved(), true);
  assert.match(e.message.text, /^Solved in/);
  trialAction(state, { type: 'undo' });
  assert.equal(e.trial.solved(), false);
  closeEditor(state);
});

test('the solver question: astar (push-optimal) on a small level, the default on a larger one, and what each answer says', () => {
  const state = createState(M);
  openEditor(state, { width: 6, height: 3, cells: '######' + '#@$ .#' + '######' });
  const e = state.editor;
  assert.deepEqual(levelSize(e), { boxes: 1, squares: 4 });
  let job = requestEditorSolve(state);
  assert.equal(job.method, 'astar');
  finishEditorSolve(state, job, { ok: true, moves: 2, pushes: 2 });
  assert.equal(e.solve.text, 'Solvable in 2 pushes at the fewest (astar, push-optimal; that solution takes 2 moves).');
  // An answer about the board before an edit is dropped, and its search stopped.
  job = requestEditorSolve(state);
  takeEffects(state);
  e.tool = 'wall';
  stroke(state, [0, 0]);
  assert.ok(takeEffects(state).some((x) => x.type === 'cancel-job'));
  finishEditorSolve(state, job, { ok: true, moves: 2, pushes: 2 });
  assert.equal(e.solve, null);
  // Seven boxes: the default strategy, which promises no fewest pushes.
  const big = '##########' + '#@$$$$$$$#' + '#.......##' + '##########';
  const other = createState(M);
  openEditor(other, { width: 10, height: 4, cells: big });
  job = requestEditorSolve(other);
  assert.equal(job.method, 'default');
  finishEditorSolve(other, job, { ok: false, reason: 'unsolvable', text: '' });
  assert.equal(other.editor.solve.text, 'Not solvable: default searched every position and found no solution.');
});

test('editor keys pick tools, undo and redo; in test play the game keys act and Escape goes back', () => {
  assert.deepEqual(editorKeyAction({ key: 'w' }, 'edit'), { type: 'editor-tool', tool: 'wall' });
  assert.deepEqual(editorKeyAction({ key: 'B' }, 'edit'), { type: 'editor-tool', tool: 'box' });
  assert.deepEqual(editorKeyAction({ key: '5' }, 'edit'), { type: 'editor-tool', tool: 'player' });
  assert.deepEqual(editorKeyAction({ key: 'z', ctrlKey: true }, 'edit'), { type: 'editor-undo' });
  assert.deepEqual(editorKeyAction({ key: 'Z', ctrlKey: true, shiftKey: true }, 'edit'), { type: 'editor-redo' });
  assert.deepEqual(editorKeyAction({ key: 't' }, 'edit'), { type: 'editor-play' });
  assert.equal(editorKeyAction({ key: 'ArrowLeft' }, 'edit'), null, 'no move while drawing');
  assert.equal(editorKeyAction({ key: 'PageDown' }, 'edit'), null, 'no other level while drawing');
  assert.deepEqual(editorKeyAction({ key: 'ArrowLeft' }, 'trial'), { type: 'step', dir: 'l' });
  assert.deepEqual(editorKeyAction({ key: 'Escape' }, 'trial'), { type: 'editor-edit' });
  assert.equal(editorKeyAction({ key: 'h' }, 'trial'), null, 'no hint in test play');
});

// ------------------------------------------------------------ the live deadlock warning
//   #####
//   #+$ #   the player on the goal; a push right puts the box in the corner
//   #   #
//   #####
const CORNER = '#####\n#+$ #\n#   #\n#####\n';

function playing(text) {
  const state = createState(M);
  const levels = parseLevels(M, text).levels;
  showLevel(state, { id: 'mine', name: 'Mine', levels }, 0);
  takeEffects(state);
  return state;
}

test('a push into a corner is called dead at once, the box marked, and Undo takes it back', () => {
  const state = playing(CORNER);
  watchDeadlock(state);
  assert.equal(state.deadlock, null);
  playerAction(state, { type: 'step', dir: 'r' });
  watchDeadlock(state);
  assert.deepEqual(state.deadlock, { kind: 'dead-square', boxes: [8], pushed: true });
  assert.equal(deadlockWords(state.deadlock), 'No solution from here: the marked box can never reach a goal from its square.');
  playerAction(state, { type: 'step', dir: 'd' });  // a walk: the verdict stays
  watchDeadlock(state);
  assert.equal(state.deadlock.kind, 'dead-square');
  playerAction(state, { type: 'undo-push' });  // the walk and the push
  assert.equal(state.play.game.moves(), 0);
  watchDeadlock(state);
  assert.equal(state.deadlock, null);
});

test('a level dead from its start is said to be so, with no Undo to offer', () => {
  //   ######
  //   #@$  #   the box on the top wall, with no goal on it
  //   #   .#
  //   ######
  const state = playing('######\n#@$  #\n#   .#\n######\n');
  watchDeadlock(state);
  assert.deepEqual(state.deadlock, { kind: 'dead-square', boxes: [8], pushed: false });
  assert.match(deadlockWords(state.deadlock), /^This level cannot be solved, even from its start: /);
});

test('a box whose only way to a goal needs the player where it cannot get is marked, with its own words', () => {
  //   ########
  //   #@ .   #   the box gets to the top row only by a push up from the
  //   #### $ #   square left of it, the player in the pocket below that
  //   #### ###   square, which it enters only through the square itself
  //   ########
  const state = playing('########\n#@ .   #\n#### $ #\n#### ###\n########\n');
  watchDeadlock(state);
  assert.equal(state.deadlock.kind, 'dead-side');
  assert.equal(state.deadlock.boxes.length, 1);
  assert.equal(deadlockWords(state.deadlock),
    'This level cannot be solved, even from its start: the marked box can never reach a goal from the side of it you can get to.');
});

test('boxes that can never move again and shut a goal off are marked, the loose box not', () => {
  //   ########
  //   #@ #*.*#   the empty goal can only be filled from below, from a
  //   # $ ***#   pocket the player never reaches
  //   #   # ##
  //   ########
  const state = playing('########\n#@ #*.*#\n# $ ***#\n#   # ##\n########\n');
  watchDeadlock(state);
  assert.deepEqual(state.deadlock, { kind: 'immovable', boxes: [12, 14, 20, 21, 22], pushed: false });
  assert.match(deadlockWords(state.deadlock), /: the marked boxes can never be pushed again, and the level cannot be finished with them where they stand\.$/);
});

test('two boxes walling a goal in between them are marked, with their own words', () => {
  //   ########
  //   #@.    #   the goal in the bottom right corner has walls right and
  //   ## $   #   below and a box above and left: either box pushed onto
  //   ###    #   it leaves the other stuck off goal
  //   ##    $#
  //   #   .$.#
  //   ########
  const state = playing('########\n#@.    #\n## $   #\n###    #\n##    $#\n#   .$.#\n########\n');
  watchDeadlock(state);
  assert.deepEqual(state.deadlock, { kind: 'diagonal', boxes: [38, 45], pushed: false });
  assert.match(deadlockWords(state.deadlock), /: the marked boxes wall in a diagonal row of empty squares, and can never all be pushed onto goals from there\.$/);
});

test('goals that can never all be filled mark the boxes of the goal area', () => {
  //     #####
  //   ###@  ##   the right goal is filled only from the left, the player
  //   #      #   on the goal between the two boxes on goals, which it can
  //   # $   ##   reach only by moving one of them onto a goal the other
  //   # $ *###   then needs; the boxes on goals are marked, not the two
  //   #  *.*.#   outside
  //   ########
  const state = playing('  #####\n###@  ##\n#      #\n# $   ##\n# $ *###\n#  *.*.#\n########\n');
  watchDeadlock(state);
  assert.deepEqual(state.deadlock, { kind: 'goal-area', boxes: [36, 43, 45], pushed: false });
  assert.match(deadlockWords(state.deadlock), /: the empty goals can never all be filled with the marked boxes where they stand\.$/);
});

test('goals shut off by boxes that never move, the player kept to its side of each', () => {
  // A position of XSokoban 88 with 20 of its 23 boxes on goals: the boxes
  // on goals round the three empty ones never move, and with the player
  // kept to its side of each box the others cannot fill all three. Those
  // boxes are marked, not the three outside.
  const state = playing([
    '##########', '#********####', '#***#### #@ #####', '#*.*#  ###      #',
    '#**.            #', '#  *#     #    ##', '#**.# # #      #', '#*# #          #',
    '#*  # ### #### #', '##  #          #', ' #  # $     #$ #', ' #  # ####     #',
    ' #  #    ###   #', ' #  # $  # #####', ' #  #    #', ' #########', ''].join('\n'));
  watchDeadlock(state);
  assert.deepEqual(state.deadlock, {
    kind: 'immovable',
    boxes: [18, 19, 20, 21, 22, 23, 24, 25, 35, 36, 37, 52, 54, 69, 103, 104, 120, 137],
    pushed: false,
  });
});

test('with the setting off there is no warning; a solvable game is never warned about', () => {
  const state = playing(CORNER);
  state.settings.deadlockWarning = false;
  playerAction(state, { type: 'step', dir: 'r' });
  watchDeadlock(state);
  assert.equal(state.deadlock, null);
  const warehouse = playing(M.parseCollection(fixture('starter.sok')).levels[3].xsb);
  for (const dir of 'ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD') {
    playerAction(warehouse, { type: 'step', dir: dir.toLowerCase() });
    watchDeadlock(warehouse);
    assert.equal(warehouse.deadlock, null);
  }
  assert.equal(warehouse.play.solved(), true);
});
