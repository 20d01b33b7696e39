// Draws the page from the state: the board (render.js) and every panel.
// Nothing else writes to the DOM's text, buttons or cards; input handlers
// change the state and call redraw().
//
// redraw() asks for one draw and batches: however many changes an event
// makes, the panels are drawn once when it has been handled (a microtask,
// so what a key or click changed is in the DOM when its handler returns),
// and the board is painted once on the next animation frame.
import { canUndo } from './app-state.js';
import { deadlockWords } from './deadlock-state.js';
import { SHARED, isSink, levelKey } from './library.js';
import { themeOf } from './look-state.js';
import { paletteOf } from './themes.js';
import { drawLook, revealBoard } from './view-look.js';
import { createBrowserView } from './view-browser.js';
import { drawSnapshots } from './view-snapshots.js';
import { drawSolver } from './view-solver.js';
import { drawSolutions } from './view-solutions.js';
import { movesPushes, plural } from './words.js';

const HELP = {
  standard: 'Arrows or WASD to move · click a square to walk · drag a box to a square (or click it, then the square) to push it there · + and − zoom · PageUp/PageDown: other levels · ? how to play',
  sink: 'Arrows or WASD to move · push every stone into the sink · click a square to walk · click a stone next to you to push it · + and − zoom · ? how to play',
};

const $ = (id) => document.getElementById(id);

// state: app-state.js; storage: for the solved marks; library: for the
// collections' names; board: render.js's createBoard; editor: editor-view.js's.
export function createView({ state, storage, library, board, editor }) {
  let panelsPending = false;
  let boardPending = false;
  const drawn = { collections: '', levels: '', notice: null, banner: null, solutions: '', snapshots: '' };
  const browser = createBrowserView(storage);

  function redraw() {
    if (!panelsPending) {
      panelsPending = true;
      queueMicrotask(drawPanels);
    }
    if (!boardPending) {
      boardPending = true;
      requestAnimationFrame(paintBoard);
    }
  }

  function paintBoard() {
    boardPending = false;
    const palette = paletteOf(themeOf(state));
    board.paint(boardView(state), state.viewport, palette);
    editor.paint(state, palette);
  }

  function drawPanels() {
    panelsPending = false;
    drawLook(state, drawn);
    drawPickers(state, library, storage, drawn);
    drawHeading(state);
    drawPlayBar(state);
    drawSolver(state);
    drawSolutions(state, drawn);
    drawSnapshots(state, drawn);
    browser.draw(state);
    drawMessages(state, drawn);
    drawDeadlock(state);
    editor.draw(state);
    revealBoard(state, drawn);
  }

  return { redraw };
}

// What the board shows: the replay's position while it is open, else the player's game.
function boardView(state) {
  const r = state.replay;
  const play = state.play;
  if (r) return { cells: r.cells, width: r.game.width(), height: r.game.height(), selected: -1, hint: null, sink: play.sink };
  if (!play.game) return null;
  return { cells: play.cells, width: play.width, height: play.height, selected: play.selected, hint: play.hint, sink: play.sink,
           marks: state.deadlock ? state.deadlock.boxes : null };
}

// The live deadlock warning under the board, with Undo; and its setting.
function drawDeadlock(state) {
  const d = !state.replay && state.deadlock;
  $('deadlock-bar').hidden = !d;
  if (d) $('deadlock-text').textContent = deadlockWords(d);
  $('deadlock-undo').hidden = !d || !d.pushed;
  $('deadlock-warning').checked = Boolean(state.settings.deadlockWarning);
}

// Rebuilds a select's options only when they changed (an open list must not flicker).
function fillSelect(select, options, signature, previous) {
  if (signature === previous) return signature;
  select.textContent = '';
  for (const { value, label } of options) {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    select.append(o);
  }
  return signature;
}

function drawPickers(state, library, storage, drawn) {
  const collections = library.collections().map((c) => ({ value: c.id, label: c.name + (c.count ? ` (${c.count})` : '') }));
  drawn.collections = fillSelect($('collection'), collections, JSON.stringify(collections), drawn.collections);
  $('collection').value = state.collection ? state.collection.id : '';
  const levels = state.collection ? state.collection.levels : [];
  // ✓ and the count: levels the player solved, not ones only the solver did.
  let solved = 0;
  const labels = levels.map((l, i) => {
    const mine = storage.solvedByPlayer(levelKey(l));
    if (mine) solved++;
    return { value: String(i), label: `${i + 1}. ${l.title || 'Level ' + (i + 1)}${mine ? '  ✓' : ''}` };
  });
  drawn.levels = fillSelect($('level'), labels, JSON.stringify(labels), drawn.levels);
  $('solved-count').textContent = `${solved} / ${levels.length}`;
  $('browser-open').disabled = !levels.length;
  $('browser-open').setAttribute('aria-label', `Levels: ${solved} of ${levels.length} solved`);
  $('level').value = String(state.index);
  $('prev').disabled = state.index <= 0;
  $('next').disabled = !state.collection || state.index + 1 >= levels.length;
}

function drawHeading(state) {
  const level = state.level;
  $('empty').hidden = Boolean(level) || !state.ready;
  if (!level) {
    $('title').textContent = state.ready ? 'No level yet' : 'Loading…';
    $('subtitle').textContent = '';
    return;
  }
  $('title').textContent = level.title || `Level ${state.index + 1}`;
  const parts = [];
  if (state.collection.id !== SHARED) parts.push(`${state.collection.name} · ${state.index + 1} of ${state.collection.levels.length}`);
  else parts.push('Shared link');
  if (level.author) parts.push('by ' + level.author);
  if (isSink(level)) parts.push('sink variant: every stone into the sink');
  $('subtitle').textContent = parts.join(' · ');
  $('help').textContent = isSink(level) ? HELP.sink : HELP.standard;
}

function drawPlayBar(state) {
  const play = state.play;
  const g = state.replay ? state.replay.game : play.game;
  $('moves').textContent = g ? g.moves() : 0;
  $('pushes').textContent = g ? g.pushes() : 0;
  $('stones-counter').hidden = !play.sink;
  if (play.sink && g) $('stones').textContent = g.stonesLeft();
  const own = play.game;
  $('undo').disabled = !canUndo(state);
  $('redo').disabled = !own || !own.canRedo();
  $('restart').disabled = !own || own.moves() === 0;
  $('play-hint').hidden = !play.hint || Boolean(state.replay);
  $('hint-rest').hidden = !state.hintLine || Boolean(state.replay);
  $('status').textContent = state.status.text;
  $('status').className = 'status' + (state.status.kind ? ' ' + state.status.kind : '');
  $('board').setAttribute('aria-label', boardLabel(state, g));
}

// The board's accessible name: the level, how far along it is, and whose game it is.
function boardLabel(state, g) {
  if (!g) return 'Sokoban board';
  const whose = state.replay ? ' (solution replay)' : '';
  const solved = g.solved() ? ', solved' : '';
  if (state.play.sink) {
    const left = g.stonesLeft();
    return `${state.level.title || 'Sink level'}${whose}: ${plural(left, 'stone')} left${solved}`;
  }
  const cells = state.replay ? state.replay.cells : state.play.cells;
  let boxes = 0;
  let home = 0;
  for (const ch of cells) {
    if (ch === '$') boxes++;
    else if (ch === '*') { boxes++; home++; }
  }
  return `${state.level.title || 'Sokoban level'}${whose}: ${home} of ${boxes} boxes on goals${solved}`;
}

function drawMessages(state, drawn) {
  if (state.notice !== drawn.notice) {
    drawn.notice = state.notice;
    drawNotice(state.notice);
  }
  $('storage-alert').hidden = !state.storageProblem;
  $('storage-text').textContent = state.storageProblem;
  const b = state.banner;
  $('solved-banner').hidden = !b;
  if (b) {
    $('solved-detail').textContent = movesPushes(b.moves, b.pushes) + (b.improved ? ' · new best' : '');
    $('next-level').hidden = b.last;
  }
  // The moment a level is solved, Continue takes the keyboard (Enter goes on).
  if (b && !drawn.banner && !b.last) $('next-level').focus({ preventScroll: true });
  drawn.banner = b;
}

function drawNotice(notice) {
  $('notice').hidden = !notice;
  const box = $('notice-text');
  box.textContent = '';
  if (!notice) return;
  const strong = document.createElement('strong');
  strong.textContent = notice.title;
  box.append(strong);
  const lines = notice.lines || [];
  if (!lines.length) return;
  const ul = document.createElement('ul');
  const shown = lines.slice(0, 12);
  if (lines.length > 12) shown.push(`… and ${lines.length - 12} more`);
  for (const l of shown) {
    const li = document.createElement('li');
    li.textContent = l;
    ul.append(li);
  }
  box.append(ul);
}
