// How the board sits in its frame: the size of a square, and which part of
// a board larger than the frame is in view. A board opens fitted to the
// frame; one that would have squares smaller than MIN_CELL opens at that
// size instead, centred on the player, and the view follows the player.
// Zoom (wheel, pinch, + and -) and pan (drag, Shift+arrows) change it.
//
// Sizes are whole device pixels per square, so every edge falls on a device
// pixel at any devicePixelRatio; the centre (cx, cy) is in squares. DOM-free:
// the frame's size comes in as an action (render.js measures it).
//
//   mode 'auto'   fitted, or MIN_CELL when fitting would be smaller; follows frame changes
//        'whole'  the whole board, however small (the Fit button, or zoomed all the way out)
//        'free'   the size the player zoomed to

export const MIN_CELL = 12;   // CSS px
export const MAX_CELL = 96;   // CSS px: small levels are not blown up past this
export const ZOOM_STEP = 1.25;

export function createViewport() {
  return {
    frameW: 0, frameH: 0, dpr: 1,  // the frame, CSS px, and device pixels per CSS px
    boardW: 0, boardH: 0,          // squares
    key: '',                       // the board shown (a new one opens afresh)
    mode: 'auto',
    cell: 0,                       // device px per square
    cx: 0, cy: 0,                  // the view's centre, in squares
    player: -1,                    // the square the view last followed
    fresh: false,                  // a board not yet sized and centred
  };
}

const frameDev = (vp) => [Math.max(1, Math.floor(vp.frameW * vp.dpr)), Math.max(1, Math.floor(vp.frameH * vp.dpr))];

// The largest square that shows the whole board.
export function fitCell(vp) {
  const [fw, fh] = frameDev(vp);
  return Math.max(1, Math.floor(Math.min(fw / vp.boardW, fh / vp.boardH, MAX_CELL * vp.dpr)));
}

const autoCell = (vp) => Math.max(fitCell(vp), Math.floor(MIN_CELL * vp.dpr));
const maxCell = (vp) => Math.max(fitCell(vp), Math.floor(MAX_CELL * vp.dpr));

function sizeFor(vp) {
  if (vp.mode === 'auto') vp.cell = autoCell(vp);
  else if (vp.mode === 'whole') vp.cell = fitCell(vp);
  else vp.cell = Math.min(Math.max(vp.cell, fitCell(vp)), maxCell(vp));
}

// Keeps the view on the board: an axis the board fits in is centred, on
// another the view stops at the board's edges.
function clamp(vp) {
  const [fw, fh] = frameDev(vp);
  const axis = (c, board, frame) => {
    const view = frame / vp.cell;
    return board <= view ? board / 2 : Math.min(Math.max(c, view / 2), board - view / 2);
  };
  vp.cx = axis(vp.cx, vp.boardW, fw);
  vp.cy = axis(vp.cy, vp.boardH, fh);
}

const ready = (vp) => vp.boardW > 0 && vp.frameW > 0;

// The frame's size changed (CSS px), or the device pixel ratio.
export function setFrame(vp, width, height, dpr) {
  if (vp.dpr !== dpr && vp.mode === 'free') vp.cell = Math.round((vp.cell * dpr) / vp.dpr);
  Object.assign(vp, { frameW: width, frameH: height, dpr });
  settle(vp);
}

// A board is shown: a new one (another key or size) opens afresh, centred
// on the player when it is larger than the frame.
export function showBoard(vp, key, width, height, player) {
  if (vp.key === key && vp.boardW === width && vp.boardH === height) return;
  Object.assign(vp, { key, boardW: width, boardH: height, mode: 'auto', player, fresh: true });
  settle(vp);
}

// Sizes the view once both the board and the frame are known; a fresh
// board is centred on its player.
function settle(vp) {
  if (!ready(vp)) return;
  sizeFor(vp);
  if (vp.fresh) {
    vp.fresh = false;
    followPlayer(vp, vp.player, true);
  }
  clamp(vp);
}

// The player stands on `player`: when that is near the edge of the view (or
// outside it), the view centres on them along that axis.
export function followPlayer(vp, player, force = false) {
  if (!ready(vp) || vp.fresh || player < 0 || (player === vp.player && !force)) return;
  vp.player = player;
  const [fw, fh] = frameDev(vp);
  const axis = (c, at, frame) => {
    const view = frame / vp.cell;
    const margin = Math.min(3, view / 4);
    return force || at < c - view / 2 + margin || at > c + view / 2 - margin ? at : c;
  };
  vp.cx = axis(vp.cx, (player % vp.boardW) + 0.5, fw);
  vp.cy = axis(vp.cy, Math.floor(player / vp.boardW) + 0.5, fh);
  clamp(vp);
}

// Zooms by `factor` (> 1 in) about a point given in CSS px from the
// frame's centre, so the square under it stays under it.
export function zoomBy(vp, factor, dx = 0, dy = 0) {
  if (!ready(vp)) return;
  const old = vp.cell;
  let cell = Math.round(old * factor);
  if (cell === old && Math.abs(factor - 1) >= 0.2) cell += factor > 1 ? 1 : -1;  // a step always shows
  cell = Math.min(Math.max(cell, fitCell(vp)), maxCell(vp));
  const atX = vp.cx + (dx * vp.dpr) / old;
  const atY = vp.cy + (dy * vp.dpr) / old;
  vp.cell = cell;
  vp.mode = cell <= fitCell(vp) ? 'whole' : 'free';
  vp.cx = atX - (dx * vp.dpr) / cell;
  vp.cy = atY - (dy * vp.dpr) / cell;
  clamp(vp);
}

// The whole board in view.
export function fitWhole(vp) {
  if (!ready(vp)) return;
  vp.mode = 'whole';
  sizeFor(vp);
  clamp(vp);
}

// Moves the view by a drag of (dx, dy) CSS px: the board follows the pointer.
export function panBy(vp, dx, dy) {
  if (!ready(vp)) return;
  vp.cx -= (dx * vp.dpr) / vp.cell;
  vp.cy -= (dy * vp.dpr) / vp.cell;
  clamp(vp);
}

// A key's pan: a quarter of the frame towards `dir` ('l', 'u', 'r', 'd').
export function panStep(vp, dir) {
  const d = { l: [-1, 0], r: [1, 0], u: [0, -1], d: [0, 1] }[dir];
  panBy(vp, (-d[0] * vp.frameW) / 4, (-d[1] * vp.frameH) / 4);
}

// True when some of the board is out of view.
export function canPan(vp) {
  if (!ready(vp)) return false;
  const [fw, fh] = frameDev(vp);
  return vp.boardW * vp.cell > fw || vp.boardH * vp.cell > fh;
}

// Where to draw, in device px: the canvas's size (the board, or the frame
// when the board is larger) and the offset of square (0, 0) in it.
export function layout(vp) {
  const [fw, fh] = frameDev(vp);
  const axis = (board, frame, c) => {
    const size = board * vp.cell;
    if (size <= frame) return [size, 0];
    return [frame, Math.round(frame / 2 - c * vp.cell)];
  };
  const [width, ox] = axis(vp.boardW, fw, vp.cx);
  const [height, oy] = axis(vp.boardH, fh, vp.cy);
  return { cell: vp.cell, width, height, ox, oy, dpr: vp.dpr, boardW: vp.boardW, boardH: vp.boardH };
}

// The squares a layout shows: columns x0..x1-1, rows y0..y1-1.
export function visibleSquares(g) {
  return {
    x0: Math.max(0, Math.floor(-g.ox / g.cell)), x1: Math.min(g.boardW, Math.ceil((g.width - g.ox) / g.cell)),
    y0: Math.max(0, Math.floor(-g.oy / g.cell)), y1: Math.min(g.boardH, Math.ceil((g.height - g.oy) / g.cell)),
  };
}

// The square under a point in CSS px from the canvas's top left, or -1.
export function squareAt(g, x, y) {
  if (!g || !g.cell || x < 0 || y < 0 || x * g.dpr >= g.width || y * g.dpr >= g.height) return -1;
  const sx = Math.floor((x * g.dpr - g.ox) / g.cell);
  const sy = Math.floor((y * g.dpr - g.oy) / g.cell);
  return sx < 0 || sy < 0 || sx >= g.boardW || sy >= g.boardH ? -1 : sy * g.boardW + sx;
}
