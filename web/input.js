// Every way the player acts on the page, in one place: keys, the board's
// mouse and touch, the buttons and pickers, paste, files and drops. The
// handlers only turn events into actions for `dispatch` (controller.js);
// they never change state or draw. The pure mapping functions (keyAction,
// gestureOf, mouseAction, and browser-state.js's gridMove) are tested in Node.
// Zoom and pan on the board: board-gestures.js.
import { attachGestures } from './board-gestures.js';
import { gridMove } from './browser-state.js';
import { ZOOM_STEP } from './viewport.js';

const ARROWS = {
  ArrowLeft: 'l', ArrowUp: 'u', ArrowRight: 'r', ArrowDown: 'd',
  a: 'l', w: 'u', d: 'r', s: 'd', A: 'l', W: 'u', D: 'r', S: 'd',
};

// The action for a key event ({key, ctrlKey, metaKey, shiftKey, altKey}), or null.
export function keyAction(e) {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key;
  if (e.altKey) return null;
  if (mod) {
    const k = key.toLowerCase();
    if (k === 'z') return { type: e.shiftKey ? 'redo' : 'undo' };
    if (k === 'y') return { type: 'redo' };
    if (k === 's') return { type: 'snapshot-save' };
    return null;
  }
  if (e.shiftKey && key.startsWith('Arrow')) return { type: 'pan-step', dir: ARROWS[key] };
  if (key === '+' || key === '=') return { type: 'zoom', factor: ZOOM_STEP };
  if (key === '-' || key === '_') return { type: 'zoom', factor: 1 / ZOOM_STEP };
  if (key === '0') return { type: 'fit' };
  if (key === '?') return { type: 'help' };
  if (key === 'PageUp') return { type: 'prev' };
  if (key === 'PageDown') return { type: 'next' };
  if (ARROWS[key]) return { type: 'step', dir: ARROWS[key] };
  if (key === 'z' || key === 'Z' || key === 'Backspace') return { type: 'undo' };
  if (key === 'y' || key === 'Y') return { type: 'redo' };
  if (key === 'r' || key === 'R' || key === 'Escape') return { type: 'restart' };
  if (key === 'h' || key === 'H') return { type: 'hint' };
  if (key === 'n' || key === 'N') return { type: 'next-unsolved' };
  return null;
}

// A tap, or a swipe in one of four directions, from a pointer's start and
// end (CSS pixels). `minSwipe`: the distance below which it is a tap.
export function gestureOf(x0, y0, x1, y1, minSwipe = 24) {
  const dx = x1 - x0;
  const dy = y1 - y0;
  if (Math.hypot(dx, dy) < minSwipe) return { type: 'tap', x: x0, y: y0 };
  if (Math.abs(dx) > Math.abs(dy)) return { type: 'step', dir: dx > 0 ? 'r' : 'l' };
  return { type: 'step', dir: dy > 0 ? 'd' : 'u' };
}

// Buttons and the action each one dispatches.
const BUTTONS = {
  prev: 'prev', next: 'next', 'next-level': 'next',
  undo: 'undo', redo: 'redo', restart: 'restart', hint: 'hint', 'play-hint': 'play-hint', 'hint-rest': 'hint-line',
  solve: 'solve', cancel: 'cancel', dismiss: 'dismiss', 'storage-dismiss': 'dismiss-storage',
  'r-play': { type: 'replay', op: 'toggle' }, 'r-back': { type: 'replay', op: 'back' },
  'r-forward': { type: 'replay', op: 'forward' }, 'r-start': { type: 'replay', op: 'start' },
  'r-end': { type: 'replay', op: 'end' }, 'r-leave': 'replay-leave', 'r-continue': 'replay-continue',
  'copy-solution': 'copy-solution', share: 'share', 'download-level': 'download-level',
  'snapshot-save': 'snapshot-save', 'share-position': 'share-position',
  'undo-removal': 'undo-removal', 'undo-dismiss': 'dismiss-removal',
  'browser-open': 'browser-open', 'browser-close': 'browser-close', 'next-unsolved': 'next-unsolved',
  'collection-rename': 'collection-rename', 'collection-remove': 'collection-remove', 'export-data': 'export-data',
  'zoom-in': { type: 'zoom', factor: ZOOM_STEP }, 'zoom-out': { type: 'zoom', factor: 1 / ZOOM_STEP }, 'zoom-fit': 'fit',
  'help-open': 'help', 'update-take': 'update-take', 'update-later': 'update-later', 'deadlock-undo': 'undo-push',
};

// The buttons of the side panel's lists (view-lists.js): list and op -> action.
const LIST_ACTIONS = {
  'solution:replay': (id) => ({ type: 'solution-replay', index: Number(id) }),
  'solution:copy': (id) => ({ type: 'solution-copy', index: Number(id) }),
  'solution:fewer-pushes': (id) => ({ type: 'solution-optimize', index: Number(id), metric: 'pushes' }),
  'solution:fewer-moves': (id) => ({ type: 'solution-optimize', index: Number(id), metric: 'moves' }),
  'snapshot:restore': (id) => ({ type: 'snapshot-restore', id }),
  'snapshot:rename': (id) => ({ type: 'snapshot-rename', id }),
  'snapshot:delete': (id) => ({ type: 'snapshot-delete', id }),
};

// Pickers: the action for the chosen value.
const PICKERS = {
  collection: (v) => ({ type: 'open-collection', id: v }),
  level: (v) => ({ type: 'open-level', index: Number(v) }),
  method: (v) => ({ type: 'setting', name: 'method', value: v }),
  'time-limit': (v) => ({ type: 'setting', name: 'timeLimit', value: Number(v) }),
  memory: (v) => ({ type: 'setting', name: 'memoryMB', value: Number(v) }),
  'r-speed': (v) => ({ type: 'setting', name: 'speed', value: Number(v) }),
  theme: (v) => ({ type: 'setting', name: 'theme', value: v }),
};

const $ = (id) => document.getElementById(id);

// True when a key press belongs to a text field, a select or a dialog (so
// the board must not react).
function ownsKeys(target) {
  return Boolean(target && target.closest && target.closest('input, textarea, select, [contenteditable="true"], dialog'));
}

// board: the canvas; cellAt(x, y): the board cell under a point;
// canPanFrom(x, y): may a mouse drag from there move the view; dispatch(action);
// keysFor(e) (optional): the action for a key in another mode (the level
// editor's), null for none, or undefined where keyAction decides.
export function attachInput({ board, cellAt, canPanFrom, dispatch, keysFor = () => undefined }) {
  document.addEventListener('keydown', (e) => {
    if (ownsKeys(e.target)) return;
    const other = keysFor(e);
    // Enter on the page itself goes on after a solve (on a button it clicks the button).
    if (other === undefined && e.key === 'Enter' && e.target === document.body) dispatch('enter');
    const action = other === undefined ? keyAction(e) : other;
    if (!action) return;
    e.preventDefault();  // arrows must not scroll; Space and Enter on a button keep their meaning
    dispatch(action);
  });
  attachPointer(board, cellAt, dispatch, attachGestures(board, dispatch, canPanFrom));
  for (const [id, action] of Object.entries(BUTTONS)) $(id).addEventListener('click', () => dispatch(action));
  for (const [id, action] of Object.entries(PICKERS)) {
    $(id).addEventListener('change', (e) => {
      if (id === 'collection' || id === 'level') e.target.blur();  // the keyboard goes back to the board
      dispatch(action(e.target.value));
    });
  }
  $('deadlock-warning').addEventListener('change', (e) => {
    e.target.blur();  // the arrow keys go back to the board
    dispatch({ type: 'setting', name: 'deadlockWarning', value: e.target.checked });
  });
  // The slider's value is read at the event: it is where the player put it.
  $('r-scrub').addEventListener('input', (e) => dispatch({ type: 'replay', op: 'seek', to: Number(e.target.value) }));
  for (const ul of document.querySelectorAll('.item-list')) {
    ul.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-list]');
      const action = b && LIST_ACTIONS[`${b.dataset.list}:${b.dataset.op}`];
      if (action) dispatch(action(b.dataset.id));
    });
  }
  attachDialogs(dispatch);
  attachBrowser(dispatch);
  attachText(dispatch);
}

// The collection browser's grid: a click or Enter opens a level, the arrow
// keys move between the tiles.
function attachBrowser(dispatch) {
  const grid = $('browser-grid');
  grid.addEventListener('click', (e) => {
    const tile = e.target.closest('.tile');
    if (tile) dispatch({ type: 'browser-pick', index: Number(tile.dataset.index) });
  });
  grid.addEventListener('keydown', (e) => {
    const tile = e.target.closest('.tile');
    if (!tile) return;
    const columns = getComputedStyle(grid).gridTemplateColumns.split(' ').length;
    const to = gridMove(Number(tile.dataset.index), e.key, columns, grid.children.length);
    if (to === null) return;
    e.preventDefault();
    dispatch({ type: 'browser-focus', index: to });
  });
  $('browser').addEventListener('close', () => dispatch('browser-close'));
}

// The name and question dialogs the state opens: their answers, taken the
// moment they are given (the form's submit, Cancel, Escape's cancel event).
// Not from the close event: it comes a task later, and a redraw in between
// (a save landing, a timer) reopened the dialog the state still asked for,
// reset its field, and the close then read as a cancel: the name was lost.
// The state's answer closes the dialog (view-snapshots.js).
function attachDialogs(dispatch) {
  // Cancel is not a submit button, so Enter in the field means Save.
  $('name-dialog').querySelector('form').addEventListener('submit', (e) => {
    e.preventDefault();
    dispatch({ type: 'name-given', name: $('name-input').value });
  });
  $('name-cancel').addEventListener('click', () => dispatch('name-cancel'));
  $('name-dialog').addEventListener('cancel', () => dispatch('name-cancel'));
  $('confirm-dialog').querySelector('form').addEventListener('submit', (e) => {
    e.preventDefault();
    dispatch(e.submitter && e.submitter.value === 'yes' ? 'confirm-yes' : 'confirm-no');
  });
  $('confirm-dialog').addEventListener('cancel', () => dispatch('confirm-no'));
}

// A finger swipes the player a step; a short touch taps.
function touchAction(s, e, cellAt) {
  const g = gestureOf(s.x, s.y, e.offsetX, e.offsetY);
  return g.type === 'tap' ? { type: 'tap', cell: cellAt(g.x, g.y) } : g;
}

// A mouse click taps its square; a mouse drag from one square to another
// drags (a box there is pushed to where the button came up).
export function mouseAction(downCell, upCell) {
  return downCell === upCell || upCell < 0 ? { type: 'tap', cell: downCell } : { type: 'drag', from: downCell, to: upCell };
}

// A pointer that zoomed or moved the view (gestures.owns) does nothing more.
function attachPointer(board, cellAt, dispatch, gestures) {
  let start = null;
  board.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    start = { id: e.pointerId, x: e.offsetX, y: e.offsetY, touch: e.pointerType !== 'mouse' };
    try { board.setPointerCapture(e.pointerId); } catch { /* a synthetic or already ended pointer */ }
  });
  board.addEventListener('pointerup', (e) => {
    if (!start || e.pointerId !== start.id) return;
    const s = start;
    start = null;
    if (gestures.owns(e.pointerId)) return;
    dispatch(s.touch ? touchAction(s, e, cellAt) : mouseAction(cellAt(s.x, s.y), cellAt(e.offsetX, e.offsetY)));
  });
  board.addEventListener('pointercancel', () => { start = null; });
}

// Text that comes in: a paste anywhere outside text fields, the Paste and
// Open buttons, the dialogs, and files or text dropped on the page.
function attachText(dispatch) {
  const takeText = (text, name = null) => dispatch({ type: 'text', text, name });
  const fileName = (f) => f.name.replace(/\.[^.]+$/, '');
  document.addEventListener('paste', (e) => {
    if (ownsKeys(e.target)) return;
    e.preventDefault();
    takeText(e.clipboardData.getData('text/plain'));
  });
  $('paste').addEventListener('click', async () => {
    try {
      const text = await navigator.clipboard.readText();
      if (text && text.trim()) return takeText(text);
    } catch {
      // No clipboard permission: the player pastes into the dialog.
    }
    $('paste-text').value = '';
    return $('paste-dialog').showModal();
  });
  $('paste-dialog').addEventListener('close', () => {
    if ($('paste-dialog').returnValue === 'load') takeText($('paste-text').value);
  });
  $('import-solution').addEventListener('click', () => {
    $('import-text').value = '';
    $('import-dialog').showModal();
  });
  $('import-dialog').addEventListener('close', () => {
    if ($('import-dialog').returnValue === 'load') dispatch({ type: 'import-solution', text: $('import-text').value });
  });
  $('import-data').addEventListener('click', () => $('data-file').click());
  $('data-file').addEventListener('change', async (e) => {
    const f = e.target.files && e.target.files[0];
    if (f) dispatch({ type: 'import-data', text: await f.text(), name: f.name });
    e.target.value = '';
  });
  $('open').addEventListener('click', () => $('file').click());
  $('file').addEventListener('change', async (e) => {
    const f = e.target.files && e.target.files[0];
    if (f) takeText(await f.text(), fileName(f));
    e.target.value = '';
  });
  const wrap = $('board-wrap');
  document.addEventListener('dragover', (e) => { e.preventDefault(); wrap.classList.add('dragging'); });
  document.addEventListener('dragleave', (e) => { if (!e.relatedTarget) wrap.classList.remove('dragging'); });
  document.addEventListener('drop', async (e) => {
    e.preventDefault();
    wrap.classList.remove('dragging');
    const f = e.dataTransfer.files && e.dataTransfer.files[0];
    if (f) takeText(await f.text(), fileName(f));
    else takeText(e.dataTransfer.getData('text/plain'));
  });
}
