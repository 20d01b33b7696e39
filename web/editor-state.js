// The level editor in the page's state (state.editor while it is open): the
// board drawn (editor-grid.js), the tool, undo and redo of edits, the core's
// verdict on the board after every change (module.checkGrid: the messages
// pasted text gets, and the squares they are about), test play on the
// checked level, and the solver's answer on whether it can be solved. The
// board is kept as a draft in storage after each change (a setting), so the
// drawing is still there the next time the editor opens. DOM-free.
import { emit, line } from './app-state.js';
import { blankGrid, clampSide, gridFromDraft, gridOfLevel, hasBox, keepsDrawing, paint, reshape, sameGrid, strokeAdds,
         trimmed } from './editor-grid.js';
import { PlayState } from './state.js';
import { movesPushes, plural } from './words.js';

const HISTORY = 500;  // edits undo can take back
// A level this small is solved push-optimally (astar); a bigger one by the
// default strategy, which is stronger but gives no fewest-pushes guarantee.
export const SMALL_LEVEL = { boxes: 6, squares: 100 };

export function createEditor(module, grid = blankGrid(), title = '') {
  const editor = {
    module,
    grid,             // {width, height, cells}: what is drawn (editor-grid.js)
    title,            // the level's title, '' for none
    tool: 'wall',     // editor-grid.js TOOLS
    past: [],         // grids before each edit, for undo
    future: [],       // grids undone, for redo
    stroke: null,     // {before, adds, tool} while the pointer paints
    check: null,      // module.checkGrid's answer on `grid`: {ok, message, cells, interior, xsb, runLength}
    trial: null,      // PlayState on the checked level while it is test-played
    runs: 0,          // solver questions asked
    solve: null,      // {run, method, optimal, running, text, kind}: the solver's answer on this board
    saved: null,      // {id, index, runLength}: where the board was last saved
    message: line(),  // the editor's status line
  };
  recheck(editor);
  return editor;
}

// Opens the editor on the draft kept in storage (or a blank board).
export function openEditor(state, draft) {
  if (state.editor) return;
  const grid = gridFromDraft(draft);
  state.editor = createEditor(state.module, grid || blankGrid(), grid ? String(draft.title || '') : '');
  state.editor.message = line(grid ? 'Your drawing is as you left it.' : 'Draw a level: pick a tool, then click or drag on the board.');
}

export function closeEditor(state) {
  const e = state.editor;
  if (!e) return;
  endTrial(e);
  dropSolve(state);
  state.editor = null;
}

// "Edit a copy": the editor opens with `level`'s board; the drawing it had
// is one Undo away.
export function editCopy(state, level, draft) {
  openEditor(state, draft);
  const e = state.editor;
  const drawn = !sameGrid(e.grid, blankGrid(e.grid.width, e.grid.height));
  replaceGrid(state, gridOfLevel(level));
  setTitle(state, level.title || '');
  e.message = line(`Editing a copy of “${level.title || 'this level'}”.` + (drawn ? ' Undo brings back the drawing you had.' : ''));
}

// A blank board in place of the drawing (undoable).
export function newBoard(state) {
  replaceGrid(state, blankGrid());
  setTitle(state, '');
  state.editor.message = line('A new board. Undo brings back the drawing you had.');
}

function replaceGrid(state, grid) {
  const e = state.editor;
  endTrial(e);
  if (sameGrid(grid, e.grid)) return;
  remember(e, e.grid);
  e.grid = grid;
  changed(state);
}

function remember(e, grid) {
  e.past.push(grid);
  if (e.past.length > HISTORY) e.past.shift();
  e.future = [];
}

// After every change of the board: the core's verdict, the solver's answer
// dropped (it was about the board before), the draft kept.
function changed(state) {
  const e = state.editor;
  recheck(e);
  dropSolve(state);
  e.message = line();
  emit(state, { type: 'setting', name: 'editorDraft', value: { ...e.grid, title: e.title } });
}

function recheck(e) {
  e.check = e.module.checkGrid(e.grid.width, e.grid.height, e.grid.cells, e.title);
}

export function setTool(state, tool) {
  if (state.editor) state.editor.tool = tool;
}

export function setTitle(state, title) {
  const e = state.editor;
  const t = String(title || '').replace(/[\r\n]+/g, ' ').trim().slice(0, 120);
  if (!e || t === e.title) return;
  e.title = t;
  recheck(e);
  emit(state, { type: 'setting', name: 'editorDraft', value: { ...e.grid, title: e.title } });
}

// The pointer goes down on `cell`: a stroke starts (with the floor tool
// when `erase`, e.g. the right mouse button).
export function strokeStart(state, cell, erase = false) {
  const e = state.editor;
  if (!e || e.trial || cell < 0) return;
  const tool = erase ? 'floor' : e.tool;
  e.stroke = { before: e.grid, tool, adds: strokeAdds(tool, e.grid.cells[cell]) };
  strokeTo(state, cell);
}

// The pointer moved on to `cell` while painting; checked as it goes.
export function strokeTo(state, cell) {
  const e = state.editor;
  if (!e || !e.stroke || cell < 0) return;
  const next = paint(e.grid, e.stroke.tool, cell, e.stroke.adds);
  if (next === e.grid) return;
  e.grid = next;
  recheck(e);
}

// The pointer came up: the stroke is one edit for undo.
export function strokeEnd(state) {
  const e = state.editor;
  if (!e || !e.stroke) return;
  const { before } = e.stroke;
  e.stroke = null;
  if (sameGrid(before, e.grid)) return;
  remember(e, before);
  changed(state);
}

export function undoEdit(state) {
  const e = state.editor;
  if (!e || e.trial || !e.past.length) return;
  e.future.push(e.grid);
  e.grid = e.past.pop();
  changed(state);
}

export function redoEdit(state) {
  const e = state.editor;
  if (!e || e.trial || !e.future.length) return;
  e.past.push(e.grid);
  e.grid = e.future.pop();
  changed(state);
}

// A new size, the drawing kept at the top left; squares cut off are one Undo away.
export function resize(state, width, height) {
  const e = state.editor;
  if (!e) return;
  const w = clampSide(width);
  const h = clampSide(height);
  if (w === e.grid.width && h === e.grid.height) return;
  const cuts = !keepsDrawing(e.grid, w, h);
  replaceGrid(state, reshape(e.grid, w, h));
  if (cuts) e.message = line('Part of the drawing was beyond the new edge; Undo brings it back.');
}

// Moves the drawing one square (dx, dy), unless part of it would fall off.
export function shift(state, dx, dy) {
  const e = state.editor;
  if (!e) return;
  const { width, height } = e.grid;
  if (!keepsDrawing(e.grid, width, height, dx, dy)) {
    e.message = line('The drawing touches that edge: make the board larger first.', 'bad');
    return;
  }
  replaceGrid(state, reshape(e.grid, width, height, dx, dy));
}

// The board cut down to what is drawn.
export function trim(state) {
  if (state.editor) replaceGrid(state, trimmed(state.editor.grid));
}

// The core's verdict in words: {text, kind}.
export function checkWords(e) {
  const c = e.check;
  if (c.ok) return line('A valid level. Play it, ask the solver, save or share it.', 'good');
  const where = c.cells.length ? ` (${squareWords(e.grid.width, c.cells)})` : '';
  return line(`Not a valid level yet: ${c.message}${where}.`, 'bad');
}

// "row 2, column 6 and 3 more squares, marked on the board" (1-based).
function squareWords(width, cells) {
  const first = `row ${Math.floor(cells[0] / width) + 1}, column ${(cells[0] % width) + 1}`;
  const more = cells.length > 1 ? ` and ${plural(cells.length - 1, 'more square')}` : '';
  return `${first}${more}, marked on the board`;
}

// ---- test play -------------------------------------------------------

export function startTrial(state) {
  const e = state.editor;
  if (!e || e.trial) return;
  if (!e.check.ok) {
    e.message = line('Fix the level first: ' + e.check.message + '.', 'bad');
    return;
  }
  e.stroke = null;
  e.trial = new PlayState(e.module);
  e.trial.load({ title: e.title, xsb: e.check.xsb, runLength: e.check.runLength });
  e.message = line('Test play: arrows or WASD, click to walk, drag a box to push it. “Back to editing” when done.');
}

export function endTrial(e) {
  if (!e || !e.trial) return;
  if (e.trial.game) e.trial.game.delete();
  e.trial = null;
  e.message = line();
}

// A move in test play: {type: 'step', dir} | 'undo' | 'redo' | 'restart' |
// {type: 'tap', cell} | {type: 'drag', from, to}. Mouse walks and pushes
// play at once (no animation).
export function trialAction(state, a) {
  const play = state.editor && state.editor.trial;
  if (!play) return;
  const wasSolved = play.solved();
  if (a.type === 'step') play.step(a.dir);
  else if (a.type === 'undo') play.undo();
  else if (a.type === 'redo') play.redo();
  else if (a.type === 'restart') play.restart();
  else if (a.type === 'tap') play.tap(a.cell);
  else if (a.type === 'drag' && play.drag(a.from, a.to) === 'tap') play.tap(a.from);
  play.flush();
  const g = play.game;
  if (play.solved() && !wasSolved) state.editor.message = line(`Solved in ${movesPushes(g.moves(), g.pushes())}.`, 'good');
  else if (!play.solved()) state.editor.message = line(`Test play: ${movesPushes(g.moves(), g.pushes())}.`);
}

// ---- the solver's answer -------------------------------------------------

// {boxes, squares} of the checked level: boxes and the squares the player can reach.
export function levelSize(e) {
  let boxes = 0;
  let squares = 0;
  const { interior } = e.check;
  for (let i = 0; i < interior.length; i++) {
    if (interior[i] !== '1') continue;
    squares++;
    if (hasBox(e.grid.cells[i])) boxes++;
  }
  return { boxes, squares };
}

// The job to run for "Is it solvable?", or null (with a message saying why).
export function requestEditorSolve(state) {
  const e = state.editor;
  if (!e) return null;
  if (!e.check.ok) {
    e.message = line('Fix the level first: ' + e.check.message + '.', 'bad');
    return null;
  }
  dropSolve(state);
  const size = levelSize(e);
  const optimal = size.boxes <= SMALL_LEVEL.boxes && size.squares <= SMALL_LEVEL.squares;
  e.runs += 1;
  const job = { run: e.runs, method: optimal ? 'astar' : 'default', optimal, running: true, kind: '',
                text: optimal ? 'Searching for the fewest pushes (astar)…' : 'Searching with the default strategy…' };
  e.solve = job;
  return job;
}

// The solver answered (r: what Solvers.run resolved with); an answer about
// an older board or question is dropped.
export function finishEditorSolve(state, job, r) {
  const e = state.editor;
  if (!e || e.solve !== job) return;
  job.running = false;
  if (r.ok && job.optimal) {
    job.text = `Solvable in ${plural(r.pushes, 'push', 'pushes')} at the fewest (astar, push-optimal; `
      + `that solution takes ${plural(r.moves, 'move')}).`;
    job.kind = 'good';
  } else if (r.ok) {
    job.text = `Solvable: the default strategy found ${movesPushes(r.moves, r.pushes)} (not necessarily the fewest pushes).`;
    job.kind = 'good';
  } else if (r.reason === 'unsolvable') {
    job.text = `Not solvable: ${job.method} searched every position and found no solution.`;
    job.kind = 'bad';
  } else {
    job.text = `No answer from ${job.method}: ${r.text}`;
    job.kind = r.reason === 'cancelled' ? '' : 'bad';
  }
}

// The solver's answer no longer applies (the board changed, or the editor
// closes): a search under way stops.
function dropSolve(state) {
  const e = state.editor;
  if (!e || !e.solve) return;
  if (e.solve.running) emit(state, { type: 'cancel-job' });
  e.solve = null;
}

export function cancelEditorSolve(state) {
  const e = state.editor;
  if (!e || !e.solve || !e.solve.running) return;
  emit(state, { type: 'cancel-job' });
  e.solve = { ...e.solve, running: false, text: 'The solver was stopped.', kind: '' };
}

// The board as the player's level (to save, copy or share), or null while it is not valid.
export function editedLevel(e) {
  return e && e.check.ok ? { title: e.title, xsb: e.check.xsb, runLength: e.check.runLength } : null;
}

export function setEditorMessage(state, text, kind = '') {
  if (state.editor) state.editor.message = line(text, kind);
}

// What the editor's canvas shows (render.js's board view): the test game
// while it is played, else the drawing, the squares outside the player's
// reach drawn as nothing on a grid, the squares the core's message is about marked.
export function editorBoard(e) {
  if (e.trial) {
    const t = e.trial;
    return { cells: t.cells, width: t.width, height: t.height, selected: t.selected, hint: null, sink: false };
  }
  const { interior } = e.check;
  let cells = '';
  for (let i = 0; i < e.grid.cells.length; i++) cells += e.grid.cells[i] === ' ' && interior[i] !== '1' ? '_' : e.grid.cells[i];
  return { cells, width: e.grid.width, height: e.grid.height, selected: -1, hint: null, sink: false, grid: true,
           marks: e.check.ok ? null : e.check.cells };
}
