// How the page shows things, under Node: the board's viewport (fit, zoom,
// pan, following the player), the level editor's (fitted), which squares a
// paint must touch (the deadlock's marks too), the themes,
// the Solver card's words and groups, and the keys and gestures for zoom and
// pan. The viewport and the paint run on the real module's games.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { fixture, loadModule } from '../wasm/load.mjs';
import { bigLevel } from './big-level.mjs';
import { createState, takeEffects } from '../../web/app-state.js';
import { watchDeadlock } from '../../web/deadlock-state.js';
import { openEditor, resize, startTrial } from '../../web/editor-state.js';
import { pinchOf, wheelFactor } from '../../web/board-gestures.js';
import { keyAction } from '../../web/input.js';
import { showLevel, playerAction, walkTick } from '../../web/level-state.js';
import { parseLevels } from '../../web/library.js';
import { syncViewport, systemLook, themeOf, viewAction } from '../../web/look-state.js';
import { openReplay, replayControl } from '../../web/replay-state.js';
import { changedSquares } from '../../web/render.js';
import { durationWords, methodGroups, solverWords } from '../../web/solver-words.js';
import { PALETTES, resolveTheme } from '../../web/themes.js';
import { MAX_CELL, MIN_CELL, ZOOM_STEP, canPan, createViewport, fitCell, fitWhole, followPlayer, layout, panBy, setFrame,
         showBoard, squareAt, visibleSquares, zoomBy } from '../../web/viewport.js';

let M;
before(async () => { M = await loadModule(); });

const viewport = (frameW, frameH, dpr, boardW, boardH, player) => {
  const vp = createViewport();
  setFrame(vp, frameW, frameH, dpr);
  showBoard(vp, 'k', boardW, boardH, player);
  return vp;
};
// The square under a point given in CSS px from the frame's centre.
const squareFromCentre = (vp, dx, dy) => {
  const g = layout(vp);
  return squareAt(g, g.width / g.dpr / 2 + dx, g.height / g.dpr / 2 + dy);
};

// ------------------------------------------------------------ viewport
test('a small board fits its frame, in whole device pixels per square', () => {
  const vp = viewport(800, 600, 1, 7, 6, 10);
  assert.equal(vp.cell, MAX_CELL, 'capped: a small level is not blown up');
  assert.equal(canPan(vp), false);
  assert.deepEqual(layout(vp), { cell: 96, width: 672, height: 576, ox: 0, oy: 0, dpr: 1, boardW: 7, boardH: 6 });
  const odd = viewport(801, 601, 1.5, 19, 11, 30);
  assert.equal(odd.cell, Math.floor(1201 / 19));
  assert.equal(layout(odd).width, 19 * odd.cell);
  assert.ok(Number.isInteger(layout(odd).width / 19));
});

test('a 200 x 200 board opens at the smallest playable size, centred on the player, and follows them', () => {
  const player = 120 * 200 + 80;
  const vp = viewport(800, 600, 1, 200, 200, player);
  assert.equal(vp.cell, MIN_CELL);
  assert.ok(canPan(vp));
  assert.equal(squareFromCentre(vp, 0, 0), player, 'the player is in the middle of the view');
  const g = layout(vp);
  assert.deepEqual([g.width, g.height], [800, 600], 'the canvas is the frame, not the board');
  const seen = visibleSquares(g);
  assert.deepEqual([seen.x1 - seen.x0, seen.y1 - seen.y0], [67, 51], 'with the part squares at the edges');
  // Steps inside the view leave it; a step within 3 squares of its edge centres it on the player.
  followPlayer(vp, player + 10);
  assert.equal(vp.cx, 80.5);
  followPlayer(vp, player + 30);
  assert.equal(vp.cx, 80.5);
  followPlayer(vp, player + 31);
  assert.equal(vp.cx, 111.5);
  assert.equal(squareFromCentre(vp, 0, 0), player + 31);
});

test('near the board\'s edge the view stops at the edge; an axis the board fits in stays centred', () => {
  const vp = viewport(840, 600, 1, 200, 30, 2 * 200 + 2);
  assert.equal(vp.cell, 12);
  assert.equal(vp.cx, 35, 'at the left edge');
  assert.equal(vp.cy, 15, 'the board fits its height: centred');
  panBy(vp, 5000, 0);
  assert.equal(vp.cx, 35);
  panBy(vp, -120, 0);
  assert.equal(vp.cx, 45, 'a drag of 120 px left moves 10 squares of 12 px');
  panBy(vp, -100000, 0);
  assert.equal(vp.cx, 165, 'at the right edge');
  assert.equal(layout(vp).ox, 840 - 200 * 12);
});

test('zoom keeps the square under the pointer, stops at the whole board and at the largest size', () => {
  const vp = viewport(800, 600, 2, 60, 40, 20 * 60 + 30);
  const whole = fitCell(vp);
  assert.equal(vp.mode, 'auto');
  const under = squareFromCentre(vp, 120, -50);
  zoomBy(vp, ZOOM_STEP, 120, -50);
  assert.equal(vp.mode, 'free');
  assert.ok(vp.cell > whole);
  assert.equal(squareFromCentre(vp, 120, -50), under);
  for (let i = 0; i < 30; i++) zoomBy(vp, ZOOM_STEP, 120, -50);
  assert.equal(vp.cell, MAX_CELL * 2);
  for (let i = 0; i < 30; i++) zoomBy(vp, 1 / ZOOM_STEP);
  assert.equal(vp.cell, whole);
  assert.equal(vp.mode, 'whole');
  assert.equal(canPan(vp), false);
});

test('Fit shows a board too large to play whole; a resize keeps each mode', () => {
  const vp = viewport(800, 600, 1, 200, 200, 100 * 200 + 100);
  fitWhole(vp);
  assert.equal(vp.cell, 3);
  setFrame(vp, 1000, 1000, 1);
  assert.equal(vp.cell, 5, 'the whole board, in the new frame');
  zoomBy(vp, 4);
  assert.equal(vp.cell, 20);
  setFrame(vp, 500, 500, 1);
  assert.equal(vp.cell, 20, 'the size the player zoomed to stays');
  setFrame(vp, 500, 500, 2);
  assert.equal(vp.cell, 40, 'the same size on a screen with twice the pixels');
  showBoard(vp, 'other', 10, 10, 11);
  assert.equal(vp.mode, 'auto', 'another board opens afresh');
  assert.equal(vp.cell, fitCell(vp));
});

test('a square is found under a point only where it is drawn', () => {
  const vp = viewport(800, 600, 1, 200, 200, 100 * 200 + 100);
  const g = layout(vp);
  assert.equal(squareAt(g, -1, 10), -1);
  assert.equal(squareAt(g, 801, 10), -1);
  assert.equal(squareAt(null, 1, 1), -1);
});

// ------------------------------------------------------------ the viewport on the real games
test('the view opens on a new level, follows the player\'s moves and the replay\'s player', () => {
  const big = M.parseCollection(bigLevel()).levels[0];
  const state = createState(M);
  viewAction(state, { type: 'frame', width: 840, height: 600, dpr: 1 });
  showLevel(state, { id: 'c', name: 'C', levels: [big] }, 0);
  syncViewport(state);
  const vp = state.viewport;
  assert.equal(squareFromCentre(vp, 0, 0), 100 * 200 + 100);
  for (let i = 0; i < 32; i++) playerAction(state, { type: 'step', dir: 'r' });
  syncViewport(state);
  assert.equal(vp.cx, 100.5);
  playerAction(state, { type: 'step', dir: 'r' });
  syncViewport(state);
  assert.equal(vp.cx, 133.5, 'near the right edge of the view the view centres on the player again');
  viewAction(state, { type: 'pan', dx: 600, dy: 0 });
  assert.equal(vp.cx, 83.5, 'the player may look away, out of view');
  syncViewport(state);
  assert.equal(vp.cx, 83.5, 'and the view stays there until the player moves');
  playerAction(state, { type: 'step', dir: 'u' });
  syncViewport(state);
  assert.equal(vp.cx, 133.5, 'then it comes back to them');

  const starter = { id: 's', name: 'S', levels: M.parseCollection(fixture('starter.sok')).levels };
  showLevel(state, starter, 3);
  syncViewport(state);
  assert.equal(canPan(vp), false, 'Little Warehouse fits');
  state.solution = { lurd: 'ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD', moves: 41, pushes: 9, source: 'import', at: 0 };
  openReplay(state);
  replayControl(state, 'end');
  syncViewport(state);
  assert.equal(vp.player, state.replay.game.player());
});

test('a move repaints only the squares it changed', () => {
  const big = M.parseCollection(bigLevel()).levels[0];
  const state = createState(M);
  showLevel(state, { id: 'c', name: 'C', levels: [big] }, 0);
  const view = () => ({ cells: state.play.cells, width: 200, selected: state.play.selected, hint: state.play.hint });
  let before = view();
  playerAction(state, { type: 'step', dir: 'l' });
  assert.deepEqual([...changedSquares(before, view())].sort((a, b) => a - b), [100 * 200 + 99, 100 * 200 + 100]);
  // A walk to next to the first box, then a push: the player's two squares and the box's new one.
  state.play.tap(11 * 200 + 10);
  while (walkTick(state));
  before = view();
  playerAction(state, { type: 'step', dir: 'u' });
  assert.deepEqual([...changedSquares(before, view())].sort((a, b) => a - b), [9 * 200 + 10, 10 * 200 + 10, 11 * 200 + 10]);
  // A hint's arrow covers its box and the square it points to; they are painted when it comes and goes.
  before = view();
  const withHint = { ...before, hint: { box: 9 * 200 + 10, dir: 'l' } };
  assert.deepEqual([...changedSquares(before, withHint)].sort((a, b) => a - b), [9 * 200 + 9, 9 * 200 + 10]);
  assert.deepEqual([...changedSquares(withHint, before)].sort((a, b) => a - b), [9 * 200 + 9, 9 * 200 + 10]);
  // A wall that comes or goes (an editor) also changes the walls above and below.
  const cells = before.cells.split('');
  cells[50 * 200 + 50] = '#';
  assert.deepEqual([...changedSquares(before, { ...before, cells: cells.join('') })].sort((a, b) => a - b),
                   [49 * 200 + 50, 50 * 200 + 50, 51 * 200 + 50]);
});

test('a deadlock\'s marks paint their squares as they come and go, the box not pushed too', () => {
  //   ########
  //   #..$   #   the push up puts a second box beside the first, against the wall:
  //   #   $  #   a frozen pair, not on goals
  //   #   @  #
  //   ########
  const state = createState(M);
  showLevel(state, { id: 'c', name: 'C', levels: parseLevels(M, '########\n#..$   #\n#   $  #\n#   @  #\n########\n').levels }, 0);
  takeEffects(state);
  const view = () => ({ cells: state.play.cells, width: 8, selected: -1, hint: null, marks: state.deadlock && state.deadlock.boxes });
  watchDeadlock(state);
  const before = view();
  playerAction(state, { type: 'step', dir: 'u' });
  watchDeadlock(state);
  const dead = view();
  assert.deepEqual(dead.marks, [11, 12]);
  const sorted = (set) => [...set].sort((a, b) => a - b);
  assert.deepEqual(sorted(changedSquares(before, dead)), [11, 12, 20, 28], 'the box that stood still is painted with its mark');
  playerAction(state, { type: 'undo-push' });
  watchDeadlock(state);
  assert.deepEqual(sorted(changedSquares(dead, view())), [11, 12, 20, 28], 'and again when the mark goes');
});

test('the editor\'s board is fitted whole to its own frame, as it is resized and test-played', () => {
  const state = createState(M);
  viewAction(state, { type: 'editor-frame', width: 600, height: 400, dpr: 2 });
  viewAction(state, { type: 'frame', width: 900, height: 700, dpr: 2 });
  openEditor(state, { width: 7, height: 3, cells: '#######' + '#@$. ##' + '#######' });
  syncViewport(state);
  const vp = state.editorViewport;
  assert.deepEqual([vp.boardW, vp.boardH, vp.cell], [7, 3, Math.floor(1200 / 7)]);
  assert.equal(state.viewport.boardW, 0, 'the player\'s viewport is not the editor\'s');
  resize(state, 60, 40);
  syncViewport(state);
  assert.deepEqual([vp.boardW, vp.boardH, vp.cell], [60, 40, 20]);
  assert.equal(canPan(vp), false, 'however large, the whole board shows');
  viewAction(state, { type: 'editor-frame', width: 300, height: 400, dpr: 2 });
  assert.equal(vp.cell, 10);
  resize(state, 7, 3);
  startTrial(state);
  syncViewport(state);
  assert.deepEqual([vp.boardW, vp.boardH], [state.editor.trial.width, state.editor.trial.height]);
  assert.equal(vp.cell, fitCell(vp));
});

// ------------------------------------------------------------ themes
test('the theme is the player\'s choice, else what the system prefers', () => {
  assert.equal(resolveTheme('system', {}), 'light');
  assert.equal(resolveTheme('system', { dark: true }), 'dark');
  assert.equal(resolveTheme('system', { dark: true, moreContrast: true }), 'contrast');
  assert.equal(resolveTheme('system', { forcedColors: true }), 'contrast');
  assert.equal(resolveTheme('light', { dark: true }), 'light');
  assert.equal(resolveTheme('dark', {}), 'dark');
  assert.equal(resolveTheme('contrast', { dark: true }), 'contrast');
  assert.equal(resolveTheme('no such theme', {}), 'light');
  const state = createState(M, { theme: 'system' });
  systemLook(state, { dark: true });
  assert.equal(themeOf(state), 'dark');
  for (const p of Object.values(PALETTES))
    assert.deepEqual(Object.keys(p).sort(), Object.keys(PALETTES.light).sort(), `${p.name} has every colour`);
});

// ------------------------------------------------------------ the Solver card
test('the Solver card says what Solve and Hint do with the settings chosen', () => {
  assert.equal(durationWords(60), '1 minute');
  assert.equal(durationWords(600), '10 minutes');
  assert.equal(durationWords(10), '10 seconds');
  assert.equal(durationWords(90), '90 seconds');
  const first = M.solverMethods()[0].name;
  assert.match(solverWords({ method: 'default', timeLimit: 60 }, first), /The solver tries for up to 1 minute \(30 seconds for a hint\)\.$/);
  assert.equal(solverWords({ method: first, timeLimit: 60 }, first), solverWords({ method: 'default', timeLimit: 60 }, first));
  assert.match(solverWords({ method: 'bfs', timeLimit: 10 }, first), /With “bfs”, chosen under Advanced, it tries for up to 10 seconds\.$/);
  // Older pages stored 'portfolio' for several strategies side by side: the default is that now.
  assert.equal(solverWords({ method: 'portfolio', timeLimit: 60 }, first), solverWords({ method: 'default', timeLimit: 60 }, first));
  assert.match(solverWords({ method: 'bfs', timeLimit: 60 }, first, true), /sink solver/);
});

test('the strategies are grouped by what they are good for, each once, the default first', () => {
  const methods = M.solverMethods();
  const groups = methodGroups(methods);
  assert.equal(groups[0].label, 'Recommended');
  assert.deepEqual(groups[0].options.map((o) => o.value), [methods[0].name]);
  assert.match(groups[0].options[0].title, /other strategies search beside it/);
  const listed = groups.flatMap((g) => g.options.map((o) => o.value));
  assert.deepEqual(listed.sort(), methods.map((m) => m.name).sort());
  assert.ok(groups.every((g) => g.options.length > 0));
  const group = (name) => groups.find((g) => g.options.some((o) => o.value === name)).label;
  assert.match(group('bfs'), /Fewest pushes/);
  assert.match(group('astar'), /Fewest pushes/);
  assert.match(group('hbox3'), /hbox/);
  assert.match(group('fess-noplan'), /FESS/);
  assert.deepEqual(methodGroups(methods.slice(0, 1)).map((g) => g.options.length), [1]);
  assert.deepEqual(methodGroups([]), []);
});

// ------------------------------------------------------------ keys and gestures
test('keys zoom, fit, pan and open the help; the wheel and two fingers zoom', () => {
  assert.deepEqual(keyAction({ key: '+' }), { type: 'zoom', factor: ZOOM_STEP });
  assert.deepEqual(keyAction({ key: '=' }), { type: 'zoom', factor: ZOOM_STEP });
  assert.deepEqual(keyAction({ key: '-' }), { type: 'zoom', factor: 1 / ZOOM_STEP });
  assert.deepEqual(keyAction({ key: '0' }), { type: 'fit' });
  assert.deepEqual(keyAction({ key: 'ArrowLeft', shiftKey: true }), { type: 'pan-step', dir: 'l' });
  assert.deepEqual(keyAction({ key: 'ArrowLeft' }), { type: 'step', dir: 'l' });
  assert.deepEqual(keyAction({ key: '?', shiftKey: true }), { type: 'help' });
  assert.ok(Math.abs(wheelFactor(-100) - 1.25) < 1e-9, 'a notch up zooms in one step');
  assert.ok(Math.abs(wheelFactor(100) - 0.8) < 1e-9);
  assert.ok(Math.abs(wheelFactor(-3, 1) - wheelFactor(-99)) < 1e-9, 'wheels that count lines');
  assert.deepEqual(pinchOf({ x: 0, y: 0 }, { x: 30, y: 40 }), { dist: 50, x: 15, y: 20 });
});
