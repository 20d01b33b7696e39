// The level editor's input: keys for the tools, the pointer on the editor's
// canvas (press, drag to paint; the right button paints floor; in test play
// a click walks or pushes and a swipe steps, as on the main board), and its
// buttons and fields. Handlers only turn events into actions for `dispatch`
// (controller-editor.js); editorKeyAction is pure and tested in Node.
import { TOOLS } from './editor-grid.js';
import { gestureOf, keyAction, mouseAction } from './input.js';

const TOOL_KEYS = { w: 'wall', f: 'floor', g: 'goal', b: 'box', p: 'player' };

// The action for a key while the editor is open ({key, ctrlKey, metaKey,
// shiftKey, altKey}; mode 'edit' or 'trial'), or null: no other key acts
// while drawing. In test play the game's keys act, and Escape or T goes
// back to editing.
export function editorKeyAction(e, mode) {
  if (e.altKey) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const mod = e.ctrlKey || e.metaKey;
  if (mode === 'trial') {
    if (!mod && (key === 'Escape' || key === 't')) return { type: 'editor-edit' };
    const a = keyAction(e);
    return a && ['step', 'undo', 'redo', 'restart', 'snapshot-save'].includes(a.type) ? a : null;
  }
  if (mod) {
    if (key === 'z') return { type: e.shiftKey ? 'editor-redo' : 'editor-undo' };
    if (key === 'y') return { type: 'editor-redo' };
    if (key === 's') return { type: 'editor-save' };
    return null;
  }
  if (TOOL_KEYS[key]) return { type: 'editor-tool', tool: TOOL_KEYS[key] };
  if (/^[1-5]$/.test(key)) return { type: 'editor-tool', tool: TOOLS[Number(key) - 1] };
  if (key === 'z' || key === 'Backspace') return { type: 'editor-undo' };
  if (key === 'y') return { type: 'editor-redo' };
  if (key === 't') return { type: 'editor-play' };
  return null;
}

// Buttons and the action each one dispatches.
const BUTTONS = {
  'editor-open': 'editor-open', 'edit-copy': 'editor-copy', 'editor-close': 'editor-close', 'editor-new': 'editor-new',
  'editor-undo': 'editor-undo', 'editor-redo': 'editor-redo', 'editor-trim': 'editor-trim',
  'editor-left': { type: 'editor-shift', dx: -1, dy: 0 }, 'editor-right': { type: 'editor-shift', dx: 1, dy: 0 },
  'editor-up': { type: 'editor-shift', dx: 0, dy: -1 }, 'editor-down': { type: 'editor-shift', dx: 0, dy: 1 },
  'editor-play': 'editor-play', 'editor-edit': 'editor-edit', 'editor-trial-undo': 'undo', 'editor-trial-restart': 'restart',
  'editor-solve': 'editor-solve', 'editor-cancel': 'editor-cancel', 'editor-save': 'editor-save',
  'editor-xsb': 'editor-xsb', 'editor-rle': 'editor-rle', 'editor-share': 'editor-share', 'editor-saved-open': 'editor-saved-open',
};

const $ = (id) => document.getElementById(id);

// canvas: the editor's; cellAt(x, y): its cell under a point; trial(): true
// while the level is test-played.
export function attachEditorInput({ canvas, cellAt, dispatch, trial }) {
  for (const [id, action] of Object.entries(BUTTONS)) $(id).addEventListener('click', () => dispatch(action));
  for (const b of document.querySelectorAll('#editor-tools [data-tool]'))
    b.addEventListener('click', () => dispatch({ type: 'editor-tool', tool: b.dataset.tool }));
  const size = () => dispatch({ type: 'editor-resize', width: Number($('editor-width').value), height: Number($('editor-height').value) });
  $('editor-width').addEventListener('change', size);
  $('editor-height').addEventListener('change', size);
  $('editor-title').addEventListener('change', (e) => dispatch({ type: 'editor-title', title: e.target.value }));
  canvas.addEventListener('contextmenu', (e) => e.preventDefault());  // the right button paints floor
  attachCanvas(canvas, cellAt, dispatch, trial);
}

// The cells a pointer crossed from (x0, y0) to (x1, y1), so that a quick
// stroke leaves no gaps: sampled every few pixels.
function crossed(cellAt, x0, y0, x1, y1) {
  const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) / 3));
  const out = [];
  for (let i = 1; i <= steps; i++) {
    const cell = cellAt(x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * i) / steps);
    if (cell >= 0 && cell !== out[out.length - 1]) out.push(cell);
  }
  return out;
}

function attachCanvas(canvas, cellAt, dispatch, trial) {
  let down = null;  // {id, x, y, touch, cell, painting}
  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0 && e.button !== 2) return;
    const cell = cellAt(e.offsetX, e.offsetY);
    down = { id: e.pointerId, x: e.offsetX, y: e.offsetY, touch: e.pointerType !== 'mouse', cell, painting: !trial() };
    try { canvas.setPointerCapture(e.pointerId); } catch { /* a synthetic or already ended pointer */ }
    if (down.painting) dispatch({ type: 'editor-stroke', cell, erase: e.button === 2 });
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!down || e.pointerId !== down.id || !down.painting) return;
    for (const cell of crossed(cellAt, down.x, down.y, e.offsetX, e.offsetY)) dispatch({ type: 'editor-paint', cell });
    down.x = e.offsetX;
    down.y = e.offsetY;
  });
  const end = (e) => {
    if (!down || e.pointerId !== down.id) return;
    const d = down;
    down = null;
    if (d.painting) return dispatch('editor-stroke-end');
    if (e.type === 'pointercancel') return undefined;
    if (!d.touch) return dispatch(mouseAction(d.cell, cellAt(e.offsetX, e.offsetY)));
    const g = gestureOf(d.x, d.y, e.offsetX, e.offsetY);
    return dispatch(g.type === 'tap' ? { type: 'tap', cell: cellAt(g.x, g.y) } : g);
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
}
