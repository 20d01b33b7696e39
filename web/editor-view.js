// Draws the level editor from state.editor: which part of the page shows
// (the editor takes the place of the board and the side panel while it is
// open), the tool palette, the board's size, the core's verdict, test play,
// the solver's answer and the ways out. The editor's canvas is painted with
// render.js from editorBoard(). Called from view.js's one redraw().
import { checkWords, editorBoard } from './editor-state.js';
import { isSink } from './library.js';

const $ = (id) => document.getElementById(id);

// board: render.js's createBoard on the editor's canvas.
export function createEditorView(board) {
  // palette: the theme's (themes.js); the board is fitted to its frame (state.editorViewport).
  function paint(state, palette) {
    if (state.editor) board.paint(editorBoard(state.editor), state.editorViewport, palette);
  }
  function draw(state) {
    const e = state.editor;
    document.querySelector('main > .stage').hidden = Boolean(e);
    document.querySelector('main > .panel').hidden = Boolean(e);
    $('editor').hidden = !e;
    $('editor-open').setAttribute('aria-pressed', String(Boolean(e)));
    $('edit-copy').disabled = !state.level || isSink(state.level);
    if (!e) return;
    drawTools(e);
    drawBoardCard(e);
    drawLines(e);
    drawStorageProblem(state);
    drawSolveAndKeep(e);
  }
  return { paint, draw };
}

function drawTools(e) {
  const trial = Boolean(e.trial);
  $('editor-tools').hidden = trial;
  $('editor-trial-bar').hidden = !trial;
  for (const b of document.querySelectorAll('#editor-tools [data-tool]')) {
    b.setAttribute('aria-pressed', String(b.dataset.tool === e.tool));
  }
  $('editor-undo').disabled = !e.past.length;
  $('editor-redo').disabled = !e.future.length;
  if (trial) {
    const g = e.trial.game;
    $('editor-moves').textContent = g.moves();
    $('editor-pushes').textContent = g.pushes();
    $('editor-trial-undo').disabled = !g.canUndo();
    $('editor-trial-restart').disabled = g.moves() === 0;
  }
  const label = trial ? 'Test play of the level drawn' : `The level being drawn, ${e.grid.width} by ${e.grid.height} squares`;
  $('editor-board').setAttribute('aria-label', label);
}

// A field the player is typing in keeps what they type.
function setField(id, value) {
  const input = $(id);
  if (document.activeElement !== input && input.value !== String(value)) input.value = String(value);
}

function drawBoardCard(e) {
  setField('editor-width', e.grid.width);
  setField('editor-height', e.grid.height);
  setField('editor-title', e.title);
  for (const id of ['editor-width', 'editor-height', 'editor-trim', 'editor-new', 'editor-left', 'editor-right', 'editor-up', 'editor-down'])
    $(id).disabled = Boolean(e.trial);
}

function drawLines(e) {
  const check = checkWords(e);
  $('editor-check').hidden = Boolean(e.trial);
  $('editor-check').textContent = check.text;
  $('editor-check').className = 'status ' + check.kind;
  $('editor-message').textContent = e.message.text;
  $('editor-message').className = 'status' + (e.message.kind ? ' ' + e.message.kind : '');
}

// The side panel's alert is hidden behind the editor: a write that failed
// (the drawing's draft, a save) is said here too.
function drawStorageProblem(state) {
  $('editor-storage').hidden = !state.storageProblem;
  $('editor-storage').textContent = state.storageProblem ? 'Not saved: ' + state.storageProblem : '';
}

function drawSolveAndKeep(e) {
  const ok = e.check.ok;
  const running = Boolean(e.solve && e.solve.running);
  $('editor-play').hidden = Boolean(e.trial);
  $('editor-play').disabled = !ok;
  $('editor-edit').hidden = !e.trial;
  $('editor-solve').disabled = !ok || running;
  $('editor-solve').textContent = running ? 'Searching…' : 'Is it solvable?';
  $('editor-cancel').hidden = !running;
  $('editor-solve-result').textContent = e.solve ? e.solve.text : '';
  $('editor-solve-result').className = 'result' + (e.solve && e.solve.kind ? ' ' + e.solve.kind : '');
  const why = ok ? '' : 'Fix the level first: ' + e.check.message;
  for (const id of ['editor-save', 'editor-xsb', 'editor-rle', 'editor-share']) {
    $(id).disabled = !ok;
    $(id).title = why || $(id).dataset.title;
  }
  $('editor-saved-open').hidden = !e.saved || !ok || e.saved.runLength !== e.check.runLength;
}
