// Keyboard, mouse and touch turned into actions. The handlers never touch the
// game or draw: they call `act(action)` and main.js decides. The pure
// mapping functions (keyAction, gestureOf) are tested in Node.
//
// Actions: {type:'step', dir:'l'|'u'|'r'|'d'} | {type:'undo'} | {type:'redo'}
//          | {type:'restart'} | {type:'tap', x, y} (CSS pixels on the board)

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
    return null;
  }
  if (ARROWS[key]) return { type: 'step', dir: ARROWS[key] };
  if (key === 'z' || key === 'Z' || key === 'Backspace') return { type: 'undo' };
  if (key === 'y' || key === 'Y') return { type: 'redo' };
  if (key === 'r' || key === 'R' || key === 'Escape') return { type: 'restart' };
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

// True when a key press belongs to a text field, a select or a button that
// uses it (so the board must not react).
function ownsKeys(target) {
  if (!target || !target.closest) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], dialog')) return true;
  return false;
}

// Wires the document's keys and the board's pointer to `act`.
export function attachInput(board, act) {
  document.addEventListener('keydown', (e) => {
    if (ownsKeys(e.target)) return;
    const action = keyAction(e);
    if (!action) return;
    // Space and Enter on a focused button keep their meaning; arrows always go to the board.
    e.preventDefault();
    act(action);
  });

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
    // Mouse drags are not swipes: a mouse always taps where it went down.
    const g = s.touch ? gestureOf(s.x, s.y, e.offsetX, e.offsetY) : { type: 'tap', x: s.x, y: s.y };
    act(g);
  });
  board.addEventListener('pointercancel', () => { start = null; });
}
