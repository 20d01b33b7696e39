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

// board: the canvas; canPanFrom(x, y): may a mouse drag from this point
// (CSS px on the canvas) move the view.
export function attachGestures(board, dispatch, canPanFrom) {
  const pointers = new Map();  // pointerId -> {x, y} (client px)
  const taken = new Set();     // pointers that were a pan or a pinch
  let pan = null;              // {id, x, y, started}
  let pinch = null;            // {dist, x, y, factor}

  const fromCentre = (x, y) => {
    const r = board.getBoundingClientRect();
    return { dx: x - (r.left + r.width / 2), dy: y - (r.top + r.height / 2) };
  };

  board.addEventListener('wheel', (e) => {
    e.preventDefault();  // the page must not scroll while the board zooms
    dispatch({ type: 'zoom', factor: wheelFactor(e.deltaY, e.deltaMode), ...fromCentre(e.clientX, e.clientY) });
  }, { passive: false });

  board.addEventListener('pointerdown', (e) => {
    taken.delete(e.pointerId);
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 2) {
      const [a, b] = [...pointers.values()];
      pinch = { ...pinchOf(a, b), factor: 1 };
      for (const id of pointers.keys()) taken.add(id);
      pan = null;
    } else if (e.pointerType === 'mouse' && e.button === 0 && canPanFrom(e.offsetX, e.offsetY)) {
      pan = { id: e.pointerId, x: e.clientX, y: e.clientY, started: false };
    }
  });

  board.addEventListener('pointermove', (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    p.x = e.clientX;
    p.y = e.clientY;
    if (pinch && pointers.size === 2) movePinch();
    else if (pan && pan.id === e.pointerId) movePan(e);
  });

  function movePinch() {
    const [a, b] = [...pointers.values()];
    const now = pinchOf(a, b);
    if (now.x !== pinch.x || now.y !== pinch.y) dispatch({ type: 'pan', dx: now.x - pinch.x, dy: now.y - pinch.y });
    // Whole device pixels per square: small changes add up before they zoom.
    pinch.factor *= now.dist / Math.max(1, pinch.dist);
    if (Math.abs(pinch.factor - 1) >= PINCH_STEP) {
      dispatch({ type: 'zoom', factor: pinch.factor, ...fromCentre(now.x, now.y) });
      pinch.factor = 1;
    }
    Object.assign(pinch, { dist: now.dist, x: now.x, y: now.y });
  }

  function movePan(e) {
    if (!pan.started && Math.hypot(e.clientX - pan.x, e.clientY - pan.y) < PAN_AFTER) return;
    if (!pan.started) {
      pan.started = true;
      taken.add(pan.id);
      board.classList.add('panning');
    }
    dispatch({ type: 'pan', dx: e.clientX - pan.x, dy: e.clientY - pan.y });
    pan.x = e.clientX;
    pan.y = e.clientY;
  }

  const end = (e) => {
    pointers.delete(e.pointerId);
    if (pointers.size < 2) pinch = null;
    if (pan && pan.id === e.pointerId) {
      pan = null;
      board.classList.remove('panning');
    }
  };
  board.addEventListener('pointerup', end);
  board.addEventListener('pointercancel', end);

  return { owns: (id) => taken.has(id) };
}
