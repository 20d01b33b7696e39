// Wires the page: the wasm module (rules, parsing, verification) on the main
// thread, the solver in a worker, and the modules that hold the state,
// draw the board, read input, keep the level library, replay solutions and
// remember progress. Handlers change state and ask for a redraw; only
// render.js draws.
import { attachInput } from './input.js';
import { Library, isSink, levelKey, levelText, looksLikeLurd, shareFragment, SHARED } from './library.js';
import { createRenderer } from './render.js';
import { Replay } from './replay.js';
import { Portfolio, SolverClient, pickPortfolio } from './solver-client.js';
import { PlayState } from './state.js';
import { Store } from './storage.js';

const $ = (id) => document.getElementById(id);
const STEP_MS = 32;         // walking animation, per step
const HINT_TIME_LIMIT = 30; // seconds at most for a hint
const PLAY_ICON = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 2v12l10-6z"/></svg>';
const PAUSE_ICON = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 2h4v12H3zM9 2h4v12H9z"/></svg>';

let M;        // the wasm module
let store;    // Store
let library;  // Library
let play;     // PlayState
let renderer;
let replay;   // Replay
let solver;   // SolverClient for single strategies and hints
let portfolio = null;  // Portfolio, made the first time it is chosen
let methodNames = [];  // strategies the module offers, default first
let current = { id: null, index: 0, levels: [] };
let solution = null;   // {lurd, moves, pushes, source} for the current level
let announced = false; // the solved banner was shown for this position
let busy = null;       // 'solve' | 'hint' | null
let run = 0;           // counts solves and hints; only the latest may clear `busy`

// ---------------------------------------------------------------- status
function setStatus(text, kind = '') {
  const s = $('status');
  s.textContent = text;
  s.className = 'status' + (kind ? ' ' + kind : '');
}

function showNotice(title, lines) {
  const box = $('notice-text');
  box.textContent = '';
  const strong = document.createElement('strong');
  strong.textContent = title;
  box.append(strong);
  if (lines && lines.length) {
    const ul = document.createElement('ul');
    for (const l of lines.slice(0, 12)) {
      const li = document.createElement('li');
      li.textContent = l;
      ul.append(li);
    }
    if (lines.length > 12) {
      const li = document.createElement('li');
      li.textContent = `… and ${lines.length - 12} more`;
      ul.append(li);
    }
    box.append(ul);
  }
  $('notice').hidden = false;
}
function hideNotice() { $('notice').hidden = true; }

const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
const fmtMB = (b) => (b < 1048576 ? Math.round(b / 1024) + ' KB' : (b / 1048576).toFixed(b < 10 * 1048576 ? 1 : 0) + ' MB');
const fmtSeconds = (s) => (s < 0.1 ? Math.round(s * 1000) + ' ms' : (s < 10 ? s.toFixed(1) : Math.round(s).toString()) + ' s');
const movesPushes = (m, p) => `${m} ${m === 1 ? 'move' : 'moves'}, ${p} ${p === 1 ? 'push' : 'pushes'}`;

// ---------------------------------------------------------------- levels
function levelLabel(level, i) {
  const mark = store.isSolved(levelKey(level)) ? '  ✓' : '';
  return `${i + 1}. ${level.title || 'Level ' + (i + 1)}${mark}`;
}

function fillCollections() {
  const sel = $('collection');
  sel.textContent = '';
  for (const c of library.collections()) {
    const o = document.createElement('option');
    o.value = c.id;
    o.textContent = c.name + (c.count ? ` (${c.count})` : '');
    sel.append(o);
  }
  sel.value = current.id ?? '';
}

function fillLevels() {
  const sel = $('level');
  sel.textContent = '';
  current.levels.forEach((l, i) => {
    const o = document.createElement('option');
    o.value = String(i);
    o.textContent = levelLabel(l, i);
    sel.append(o);
  });
  sel.value = String(current.index);
}

async function openCollection(id, index = 0, history = '') {
  let parsed;
  try {
    parsed = await library.open(id);
  } catch (e) {
    showNotice('Could not load the collection', [String(e.message || e)]);
    return false;
  }
  if (!parsed.levels.length) {
    showNotice('This collection has no valid level', parsed.errors.map((e) => e.text));
    return false;
  }
  current = { id, index: 0, levels: parsed.levels };
  fillCollections();
  loadLevel(Math.min(Math.max(0, index), parsed.levels.length - 1), history);
  return true;
}

function loadLevel(index, history = '') {
  stopBusy();
  current.index = index;
  const level = current.levels[index];
  replay.detach();
  announced = true;  // a restored solved position is not a new solve
  play.load(level, history);
  announced = play.solved();
  solution = null;
  const best = store.best(levelKey(level));
  if (best) solution = { ...best.byMoves, source: 'your best' };
  showSolution();
  $('solved-banner').hidden = true;
  $('empty').hidden = true;
  $('title').textContent = level.title || `Level ${index + 1}`;
  const coll = library.collections().find((c) => c.id === current.id);
  const parts = [];
  if (coll) parts.push(`${coll.name} · ${index + 1} of ${current.levels.length}`);
  if (level.author) parts.push('by ' + level.author);
  if (isSink(level)) parts.push('sink variant: every stone into the sink');
  $('subtitle').textContent = parts.join(' · ');
  showVariant();
  $('solve-result').textContent = '';
  $('progress').hidden = true;
  fillLevels();
  if (current.id !== SHARED && location.hash) replaceHash('');
  setStatus(best ? `Solved before: best ${movesPushes(best.byMoves.moves, best.byMoves.pushes)}.` : '');
  savePosition();
  renderer.redraw();
  updateButtons();
}

function replaceHash(hash) {
  const url = location.pathname + location.search + (hash ? '#' + hash : '');
  history.replaceState(null, '', url);
}

function go(delta) {
  const i = current.index + delta;
  if (i >= 0 && i < current.levels.length) loadLevel(i);
}

let saveTimer = null;
function savePosition() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    if (!play.game || current.id === null) return;
    store.setPosition({ collection: current.id, index: current.index, history: play.game.history() });
  }, 250);
}

// Pasted, opened or dropped text: levels, or a solution for this level.
function takeText(text, name) {
  if (!text || !text.trim()) {
    showNotice('Nothing to load', ['The text was empty.']);
    return;
  }
  if (looksLikeLurd(text) && play.level) {
    importSolution(text);
    return;
  }
  const r = library.addText(text, name);
  if (!r.levels.length) {
    const lines = r.errors.length ? r.errors.map((e) => e.text) : ['No level found in the text.'];
    showNotice('No valid level found; nothing was changed.', lines);
    return;
  }
  hideNotice();
  openCollection(r.id, r.index).then(() => {
    const what = r.levels.length === 1 ? 'Level loaded' : `Collection of ${r.levels.length} levels loaded`;
    setStatus(what + '.', 'good');
    if (r.errors.length) showNotice(`${r.errors.length} level(s) could not be read and were skipped:`, r.errors.map((e) => e.text));
  });
}

// ---------------------------------------------------------------- play
// What differs on a single-sink level: the stones counter, the help line,
// and the strategy picker, which does not apply (the sink solver is used).
function showVariant() {
  const sink = play.sink;
  $('stones-counter').hidden = !sink;
  $('help').textContent = sink
    ? 'Arrows or WASD to move · push every stone into the sink · click a square to walk · click a stone next to you to push it · on a phone tap and swipe'
    : 'Arrows or WASD to move · click a square to walk · click a box, then a square, to push it there · on a phone tap and swipe';
  $('method').disabled = sink;
  describeMethod();
}

function onPlayChange() {
  renderer.redraw();
  if (!play.game) return;
  describeBoard();
  $('moves').textContent = play.game.moves();
  $('pushes').textContent = play.game.pushes();
  if (play.sink) $('stones').textContent = play.game.stonesLeft();
  updateButtons();
  if (replay.active) {
    updateReplay();
    if (replay.atEnd() && play.solved()) setStatus('Replay finished: the level is solved.', 'good');
    return;
  }
  savePosition();
  const solved = play.solved() && !play.queue;
  if (solved && !announced) {
    announced = true;
    celebrate();
  } else if (!play.solved()) {
    announced = false;
    $('solved-banner').hidden = true;
  }
}

// The board's accessible name: the level and how far along it is.
function describeBoard() {
  if (play.sink) {
    const left = play.game.stonesLeft();
    const name = play.level.title || 'Sink level';
    $('board').setAttribute('aria-label', `${name}: ${left} ${left === 1 ? 'stone' : 'stones'} left${play.solved() ? ', solved' : ''}`);
    return;
  }
  const cells = play.cells;
  let boxes = 0;
  let home = 0;
  for (const ch of cells) {
    if (ch === '$') boxes++;
    else if (ch === '*') { boxes++; home++; }
  }
  const title = play.level.title || 'Sokoban level';
  $('board').setAttribute('aria-label', `${title}: ${home} of ${boxes} boxes on goals${play.solved() ? ', solved' : ''}`);
}

function celebrate() {
  const g = play.game;
  const key = levelKey(play.level);
  const moves = g.moves();
  const pushes = g.pushes();
  const improved = store.recordSolution(key, { moves, pushes, lurd: g.history() });
  $('solved-detail').textContent = movesPushes(moves, pushes) + (improved ? ' · new best' : '');
  $('next-level').hidden = current.index + 1 >= current.levels.length;
  $('solved-banner').hidden = false;
  setStatus(`Solved: ${movesPushes(moves, pushes)}.`, 'good');
  fillLevels();
  if (!$('next-level').hidden) $('next-level').focus({ preventScroll: true });
}

let animTimer = null;
function animate() {
  if (animTimer) return;
  animTimer = setInterval(() => {
    if (!play.tick()) {
      clearInterval(animTimer);
      animTimer = null;
      onPlayChange();
    }
  }, STEP_MS);
}

function leaveReplay() {
  if (replay.active) {
    replay.detach();
    updateReplay();
  }
}

function act(action) {
  if (!play.game) return;
  if (busy === 'hint') cancelSolve();
  switch (action.type) {
    case 'step': {
      leaveReplay();
      const outcome = play.step(action.dir);
      if (outcome === 'blocked') setStatus('');
      break;
    }
    case 'undo': leaveReplay(); play.undo(); break;
    case 'redo': leaveReplay(); play.redo(); break;
    case 'restart': leaveReplay(); play.restart(); setStatus(''); break;
    case 'tap': {
      leaveReplay();
      const r = play.tap(renderer.cellAt(action.x, action.y));
      if (r === 'select') setStatus('Now click the square to push this box to.');
      else if (r === 'far') setStatus('Stand next to a stone, then click it to push it.');
      else if (r === 'no-path') setStatus('No way to get there.', 'bad');
      else if (r === 'walk' || r === 'push') setStatus('');
      if (play.queue) animate();
      break;
    }
  }
}

function updateButtons() {
  const g = play.game;
  $('undo').disabled = !g || !g.canUndo();
  $('redo').disabled = !g || !g.canRedo();
  $('restart').disabled = !g || g.moves() === 0;
  $('prev').disabled = current.index <= 0;
  $('next').disabled = current.index + 1 >= current.levels.length;
  $('play-hint').hidden = !play.hint;
  $('solve').disabled = !g || busy === 'solve';
  $('hint').disabled = !g || busy === 'hint';
  $('cancel').disabled = !busy;
}

// ---------------------------------------------------------------- solver
function solverOptions() {
  return {
    method: $('method').value || 'default',
    timeLimitSeconds: Number($('time-limit').value),
    memoryBudgetBytes: Number($('memory').value) * 1048576,
  };
}

function showProgress(p) {
  $('progress').hidden = false;
  $('p-elapsed').textContent = fmtSeconds(p.elapsed ?? p.seconds ?? 0);
  $('p-nodes').textContent = fmtInt(p.nodes ?? 0);
  $('p-rate').textContent = fmtInt(p.nodesPerSecond ?? 0);
  $('p-memory').textContent = fmtMB(p.memoryBytes ?? 0);
}

function setBusy(what) {
  busy = what;
  $('solve').textContent = what === 'solve' ? 'Solving…' : 'Solve';
  updateButtons();
}

function stopBusy() { if (busy) cancelSolve(); }

function cancelSolve() {
  solver.cancel();
  if (portfolio) portfolio.cancel();
}

// Workers for a portfolio: as many as the machine has cores, 2 to 3.
function portfolioSize() {
  return Math.min(methodNames.length, Math.max(2, Math.min(3, navigator.hardwareConcurrency || 2)));
}

function newSolverClient() {
  return new SolverClient(() => new Worker('solver-worker.js'), {
    onRestart: () => setStatus('The solver stopped unexpectedly; a fresh one has been started.', 'bad'),
  });
}

// Runs the chosen strategy, or several side by side for 'portfolio'; a
// sink level always goes to one worker, which uses the sink solver.
function runSolver(levelText, options, onProgress, sink = false) {
  if (sink) return solver.solve(levelText, { ...options, method: 'sink' }, onProgress);
  if (options.method !== 'portfolio') return solver.solve(levelText, options, onProgress);
  if (!portfolio) {
    const clients = [solver];
    while (clients.length < portfolioSize()) clients.push(newSolverClient());
    portfolio = new Portfolio(clients);
  }
  return portfolio.solve(levelText, pickPortfolio(methodNames, portfolioSize()), options, onProgress);
}

async function solve() {
  if (!play.level || busy === 'solve') return;
  if (busy) cancelSolve();
  const level = play.level;
  const options = solverOptions();
  const result = $('solve-result');
  result.textContent = 'Searching…';
  result.className = 'result';
  showProgress({ elapsed: 0, nodes: 0, nodesPerSecond: 0, memoryBytes: 0 });
  setBusy('solve');
  const mine = ++run;
  const r = await runSolver(levelText(level), options, showProgress, isSink(level));
  if (mine !== run) return;  // a newer solve or hint took over
  setBusy(null);
  if (play.level !== level) return;  // the player moved on meanwhile
  if (r.stats) showProgress(r.stats);
  if (r.ok) {
    const secs = r.stats ? ` in ${fmtSeconds(r.stats.elapsed ?? r.stats.seconds)}` : '';
    const by = isSink(level) ? ' by the sink solver' : r.method ? ` by ${r.method}` : '';
    result.textContent = `Solved${by}${secs}: ${movesPushes(r.moves, r.pushes)}.`;
    result.className = 'result good';
    solution = { lurd: r.lurd, moves: r.moves, pushes: r.pushes, source: 'solver' };
    startReplay(true);
  } else {
    result.textContent = r.text;
    result.className = r.reason === 'cancelled' ? 'result' : 'result bad';
  }
}

async function hint() {
  if (!play.game) return;
  if (play.hint) { playHint(); return; }
  if (play.solved()) { setStatus('The level is already solved.', 'good'); return; }
  if (busy === 'solve') { setStatus('The solver is busy; cancel it first or wait.'); return; }
  leaveReplay();
  play.flush();
  const history = play.game.history();
  const text = play.game.currentLevelText();
  const options = solverOptions();
  options.timeLimitSeconds = Math.min(options.timeLimitSeconds, HINT_TIME_LIMIT);
  setStatus('Looking for the next push…');
  setBusy('hint');
  const mine = ++run;
  const r = await runSolver(text, options, showProgress, play.sink);
  if (mine !== run) return;
  setBusy(null);
  if (!play.game || play.game.history() !== history) return;  // the position changed
  if (r.ok) {
    const h = play.setHintFrom(r.lurd);
    if (h) setStatus(`Hint: push the marked ${play.sink ? 'stone' : 'box'} the way the arrow points. Press “Play hint” to do it.`, 'good');
    else setStatus('Already solved.');
  } else if (r.reason === 'unsolvable') {
    setStatus('This position is a deadlock: it cannot be solved any more. Undo a few moves.', 'bad');
  } else if (r.reason === 'cancelled') {
    setStatus('');
  } else {
    setStatus('No hint: ' + r.text, 'bad');
  }
  updateButtons();
}

function playHint() {
  if (play.playHint()) {
    setStatus('');
    animate();
  }
}

// ---------------------------------------------------------------- replay
function showSolution() {
  const has = Boolean(solution);
  $('copy-solution').disabled = !has;
  $('replay-controls').hidden = !has;
  $('replay-summary').textContent = has
    ? `${movesPushes(solution.moves, solution.pushes)} (${solution.source}).`
    : 'Solve the level, or import a solution, to replay it here.';
  updateReplay();
}

function startReplay(autoplay) {
  if (!solution) return;
  play.flush();
  play.selected = -1;
  play.hint = null;
  $('solved-banner').hidden = true;
  replay.load(solution.lurd);
  showSolution();
  if (autoplay) replay.play();
  setStatus('Replaying the solution.');
}

function updateReplay() {
  const scrub = $('r-scrub');
  const active = replay.active;
  const len = active ? replay.length : solution ? solution.moves : 0;
  const pos = active ? replay.position() : 0;
  scrub.max = String(len);
  scrub.value = String(pos);
  $('r-pos').textContent = `${pos} / ${len}`;
  const playBtn = $('r-play');
  playBtn.setAttribute('aria-label', replay.playing ? 'Pause' : 'Play');
  playBtn.title = replay.playing ? 'Pause' : 'Play';
  playBtn.innerHTML = replay.playing ? PAUSE_ICON : PLAY_ICON;
}

// The replay controls start a replay when the player's own game is shown.
function withReplay(fn) {
  return () => {
    if (!solution) return;
    if (!replay.active) startReplay(false);
    fn();
    updateReplay();
  };
}

function importSolution(text) {
  if (!play.level) return;
  const sink = isSink(play.level);
  const v = sink ? M.verifySink(play.level.text, text) : M.verify(play.level.xsb, text);
  if (!v.solved) {
    const left = sink ? 'leaves stones outside the sink' : 'leaves boxes off their goals';
    const why = v.legal ? `it plays ${v.moves} moves but ${left}` : v.error || v.text;
    showNotice('That solution does not solve this level:', [why]);
    return;
  }
  hideNotice();
  // Store the plain history (counts expanded, pushes upper case) as the game records it.
  const g = sink ? new M.SinkGame(play.level.text) : new M.Game(play.level.xsb);
  g.playAll(M.expandLurd(text).steps);
  const lurd = g.history();
  g.delete();
  store.recordSolution(levelKey(play.level), { moves: v.moves, pushes: v.pushes, lurd });
  solution = { lurd, moves: v.moves, pushes: v.pushes, source: 'imported' };
  fillLevels();
  $('solve-result').textContent = `Imported solution verified: ${movesPushes(v.moves, v.pushes)}.`;
  $('solve-result').className = 'result good';
  startReplay(true);
}

async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus(`${what} copied to the clipboard.`, 'good');
  } catch {
    $('import-text').value = text;
    setStatus(`Could not reach the clipboard; the ${what.toLowerCase()} is shown in the dialog.`);
    $('import-dialog').showModal();
  }
}

// ---------------------------------------------------------------- boot
async function boot() {
  setStatus('Loading…');
  store = new Store(safeLocalStorage());
  library = new Library(null, store, async (url) => {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return res.text();
  });
  // The level index and the collection to show download while the module compiles.
  const indexLoaded = library.loadIndex().then(() => {
    const pos = store.position();
    library.prefetch(pos && !location.hash ? pos.collection : library.bundled[0]?.id);
  });
  performance.mark('soko:boot');
  M = await createSokoModule({ locateFile: (f) => new URL(f, document.baseURI).href });
  library.module = M;
  performance.mark('soko:module');
  const board = $('board');
  play = new PlayState(M, onPlayChange);
  renderer = createRenderer(board, $('board-wrap'), () => play.game && {
    cells: play.cells, width: play.width, height: play.height, selected: play.selected, hint: play.hint, sink: play.sink,
  });
  // The replay always drives whatever game is loaded.
  replay = new Replay(() => play.game, () => play.refresh());

  fillMethods(M.solverMethods());
  restoreSettings();

  wireControls();
  attachInput(board, act);

  await indexLoaded;
  performance.mark('soko:index');
  let opened = false;
  if (location.hash) {
    const parsed = library.openShared(location.hash);
    if (parsed && parsed.levels.length) opened = await openCollection(SHARED, 0);
    else if (parsed) showNotice('The link does not hold a valid level.', parsed.errors.map((e) => e.text));
  }
  const pos = store.position();
  if (!opened && pos && library.has(pos.collection)) opened = await openCollection(pos.collection, pos.index, pos.history);
  if (!opened && library.collections().length) opened = await openCollection(library.collections()[0].id, 0);
  if (!opened) {
    $('empty').hidden = false;
    $('title').textContent = 'No level yet';
    fillCollections();
    updateButtons();
    setStatus('');
  }
  performance.mark('soko:ready');
  document.body.dataset.ready = 'true';
  // The solver's worker loads its own module copy; started once the board is up.
  solver = newSolverClient();
}

function safeLocalStorage() {
  try {
    const s = window.localStorage;
    s.getItem('x');
    return s;
  } catch {
    return null;
  }
}

function fillMethods(methods) {
  const sel = $('method');
  const keep = sel.value;
  sel.textContent = '';
  methodNames = methods.map((m) => m.name);
  const add = (value, title) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = value;
    o.title = title;
    sel.append(o);
  };
  for (const m of methods) add(m.name, m.description);
  if (methods.length >= 2) {
    const names = pickPortfolio(methodNames, portfolioSize());
    add('portfolio', `${names.join(', ')} side by side, one worker each; the first solution wins`);
  }
  if (keep && methods.some((m) => m.name === keep)) sel.value = keep;
  describeMethod();
}

function describeMethod() {
  const o = $('method').selectedOptions[0];
  $('method-desc').textContent = play && play.sink
    ? 'This is a sink level: the sink solver is used (fewest pushes); the strategy applies to standard levels.'
    : o ? o.title : '';
}

function restoreSettings() {
  const s = store.settings();
  const set = (id, v) => { if (v !== undefined && [...$(id).options].some((o) => o.value === String(v))) $(id).value = String(v); };
  set('method', s.method);
  describeMethod();
  set('time-limit', s.timeLimit ?? 60);
  set('memory', s.memoryMB ?? 512);
  set('r-speed', s.speed ?? 10);
  replay.setSpeed(Number($('r-speed').value));
}

function wireControls() {
  // The pickers give the keyboard back to the board once used, so arrows move the player.
  $('collection').addEventListener('change', (e) => { e.target.blur(); openCollection(e.target.value, 0); });
  $('level').addEventListener('change', (e) => { e.target.blur(); loadLevel(Number(e.target.value)); });
  $('prev').addEventListener('click', () => go(-1));
  $('next').addEventListener('click', () => go(1));
  $('next-level').addEventListener('click', () => go(1));
  $('undo').addEventListener('click', () => act({ type: 'undo' }));
  $('redo').addEventListener('click', () => act({ type: 'redo' }));
  $('restart').addEventListener('click', () => act({ type: 'restart' }));
  $('hint').addEventListener('click', hint);
  $('play-hint').addEventListener('click', playHint);
  $('solve').addEventListener('click', solve);
  $('cancel').addEventListener('click', cancelSolve);
  $('dismiss').addEventListener('click', hideNotice);

  $('method').addEventListener('change', describeMethod);
  for (const id of ['method', 'time-limit', 'memory']) {
    $(id).addEventListener('change', () => store.setSettings({
      method: $('method').value, timeLimit: Number($('time-limit').value), memoryMB: Number($('memory').value),
    }));
  }

  // Replay
  $('r-play').addEventListener('click', withReplay(() => replay.toggle()));
  $('r-back').addEventListener('click', withReplay(() => replay.stepBack()));
  $('r-forward').addEventListener('click', withReplay(() => replay.stepForward()));
  $('r-start').addEventListener('click', withReplay(() => { replay.pause(); replay.seek(0); }));
  $('r-end').addEventListener('click', withReplay(() => { replay.pause(); replay.seek(replay.length); }));
  $('r-scrub').addEventListener('input', withReplay(() => { replay.pause(); replay.seek(Number($('r-scrub').value)); }));
  $('r-speed').addEventListener('change', () => {
    replay.setSpeed(Number($('r-speed').value));
    store.setSettings({ speed: Number($('r-speed').value) });
  });
  $('copy-solution').addEventListener('click', () => solution && copyText(solution.lurd, 'Solution'));
  $('import-solution').addEventListener('click', () => {
    $('import-text').value = '';
    $('import-dialog').showModal();
  });
  $('import-dialog').addEventListener('close', () => {
    if ($('import-dialog').returnValue === 'load') importSolution($('import-text').value);
  });

  // Paste: Ctrl+V anywhere outside text fields, or the button.
  document.addEventListener('paste', (e) => {
    const t = e.target;
    if (t && t.closest && t.closest('input, textarea, dialog')) return;
    e.preventDefault();
    takeText(e.clipboardData.getData('text/plain'), null);
  });
  $('paste').addEventListener('click', async () => {
    try {
      const text = await navigator.clipboard.readText();
      if (text && text.trim()) {
        takeText(text, null);
        return;
      }
    } catch {
      // No clipboard permission: let the player paste into the dialog.
    }
    $('paste-text').value = '';
    $('paste-dialog').showModal();
  });
  $('paste-dialog').addEventListener('close', () => {
    if ($('paste-dialog').returnValue === 'load') takeText($('paste-text').value, null);
  });

  // Files: the Open button, or a drop anywhere on the page.
  $('open').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', async (e) => {
    const f = e.target.files && e.target.files[0];
    if (f) takeText(await f.text(), f.name.replace(/\.[^.]+$/, ''));
    e.target.value = '';
  });
  const wrap = $('board-wrap');
  document.addEventListener('dragover', (e) => { e.preventDefault(); wrap.classList.add('dragging'); });
  document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) wrap.classList.remove('dragging'); });
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    wrap.classList.remove('dragging');
    const f = e.dataTransfer.files && e.dataTransfer.files[0];
    if (f) takeText(await f.text(), f.name.replace(/\.[^.]+$/, ''));
    else takeText(e.dataTransfer.getData('text/plain'), null);
  });

  $('share').addEventListener('click', () => {
    if (!play.level) return;
    const fragment = shareFragment(play.level);
    const url = location.href.replace(/#.*$/, '') + '#' + fragment;
    copyText(url, 'Link');
  });

  // Enter on the solved banner goes on; H asks for a hint.
  document.addEventListener('keydown', (e) => {
    if (e.target && e.target.closest && e.target.closest('input, textarea, select, dialog')) return;
    if ((e.key === 'h' || e.key === 'H') && !e.ctrlKey && !e.metaKey) hint();
    if (e.key === 'Enter' && !$('solved-banner').hidden && e.target === document.body) go(1);
  });
  window.addEventListener('hashchange', async () => {
    const parsed = library.openShared(location.hash);
    if (parsed && parsed.levels.length) {
      await openCollection(SHARED, 0);
    }
  });
  window.addEventListener('beforeunload', () => {
    if (play.game && current.id !== null) store.setPosition({ collection: current.id, index: current.index, history: play.game.history() });
  });
}

boot().catch((e) => {
  setStatus('The page could not start: ' + (e && e.message ? e.message : e), 'bad');
  console.error(e);
});

// Exposed for the page tests and the curious: the current state, read-only use.
window.soko = {
  get play() { return play; }, get replay() { return replay; }, get current() { return current; }, get solver() { return solver; },
};
