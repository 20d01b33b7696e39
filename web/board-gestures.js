// Zoom and pan on the board: the wheel zooms about the pointer, two fingers
// pinch and move the view, and a mouse drag that starts on the floor or a
// wall (not a box) moves a board larger than its frame. Like input.js, it
// only turns events into actions for `dispatch`:
//   {type: 'zoom', factor, dx, dy}  dx, dy: CSS px from the board's centre
//   {type: 'pan', dx, dy}
// A pointer it took (a pinch's, a pan's) is not also a tap or a swipe:
// input.js asks owns(pointerId) when the pointer comes up.

const PAN_AFTER = 6;           // CSS px a mouse moves before a drag pans
const WHEEL_NOTCH = 100;       // CSS px of wheel delta in one notch
const LINE = 33;               // CSS px per line, for wheels that count lines
const PINCH_STEP = 0.06;       // a pinch zooms in steps of about 6 %

// The zoom factor for a wheel event's deltaY: one notch is one ZOOM_STEP (1.25).
export function wheelFactor(deltaY, deltaMode = 0) {
  const px = deltaMode === 1 ? deltaY * LINE : deltaMode === 2 ? deltaY * 400 : deltaY;
  return Math.pow(1.25, -px / WHEEL_NOTCH);
}

// The two fingers' distance and midpoint.
export function pinchOf(a, b) {
  return { dist: Math.hypot(a.x - b.x, a.y - b.y), x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

// A point in client px as CSS px from the board's centre.
function fromCentre(board, x, y) {
  const r = board.getBoundingClientRect();
  return { dx: x - (r.left + r.width / 2), dy: y - (r.top + r.height / 2) };
}

// board: the canvas; canPanFrom(x, y): may a mouse drag from this point
// (CSS px on the canvas) move the view.
export function attachGestures(board, dispatch, canPanFrom) {
  const g = { board, dispatch, pointers: new Map(), taken: new Set(), pan: null, pinch: null };
  // pointers: pointerId -> {x, y} (client px); taken: pointers that were a pan or a pinch;
  // pan: {id, x, y, started}; pinch: {dist, x, y, factor}.
  board.addEventListener('wheel', (e) => {
    e.preventDefault();  // the page must not scroll while the board zooms
    dispatch({ type: 'zoom', factor: wheelFactor(e.deltaY, e.deltaMode), ...fromCentre(board, e.clientX, e.clientY) });
  }, { passive: false });
  board.addEventListener('pointerdown', (e) => {
    g.taken.delete(e.pointerId);
    g.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (g.pointers.size === 2) {
      const [a, b] = [...g.pointers.values()];
      g.pinch = { ...pinchOf(a, b), factor: 1 };
      for (const id of g.pointers.keys()) g.taken.add(id);
      g.pan = null;
    } else if (e.pointerType === 'mouse' && e.button === 0 && canPanFrom(e.offsetX, e.offsetY)) {
      g.pan = { id: e.pointerId, x: e.clientX, y: e.clientY, started: false };
    }
  });
  board.addEventListener('pointermove', (e) => {
    const p = g.pointers.get(e.pointerId);
    if (!p) return;
    p.x = e.clientX;
    p.y = e.clientY;
    if (g.pinch && g.pointers.size === 2) movePinch(g);
    else if (g.pan && g.pan.id === e.pointerId) movePan(g, e);
  });
  const end = (e) => {
    g.pointers.delete(e.pointerId);
    if (g.pointers.size < 2) g.pinch = null;
    if (g.pan && g.pan.id === e.pointerId) {
      g.pan = null;
      board.classList.remove('panning');
    }
  };
  board.addEventListener('pointerup', end);
  board.addEventListener('pointercancel', end);
  return { owns: (id) => g.taken.has(id) };
}

// Two fingers moved: the view follows their midpoint and zooms by their spread.
function movePinch(g) {
  const [a, b] = [...g.pointers.values()];
  const now = pinchOf(a, b);
  const { pinch } = g;
  if (now.x !== pinch.x || now.y !== pinch.y) g.dispatch({ type: 'pan', dx: now.x - pinch.x, dy: now.y - pinch.y });
  // Whole device pixels per square: small changes add up before they zoom.
  pinch.factor *= now.dist / Math.max(1, pinch.dist);
  if (Math.abs(pinch.factor - 1) >= PINCH_STEP) {
    g.dispatch({ type: 'zoom', factor: pinch.factor, ...fromCentre(g.board, now.x, now.y) });
    pinch.factor = 1;
  }
  Object.assign(pinch, { dist: now.dist, x: now.x, y: now.y });
}

// A mouse drag from the floor: past a few pixels it moves the view.
function movePan(g, e) {
  const { pan } = g;
  if (!pan.started && Math.hypot(e.clientX - pan.x, e.clientY - pan.y) < PAN_AFTER) return;
  if (!pan.started) {
    pan.started = true;
    g.taken.add(pan.id);
    g.board.classList.add('panning');
  }
  g.dispatch({ type: 'pan', dx: e.clientX - pan.x, dy: e.clientY - pan.y });
  pan.x = e.clientX;
  pan.y = e.clientY;
}
