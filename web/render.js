// Paints the board on a canvas: the part of it in view (viewport.js), in
// whole device pixels per square so edges stay crisp at any
// devicePixelRatio, in the theme's palette (themes.js). After the first
// paint only the squares that changed are painted again (a move changes two
// or three), so a move costs the same on a 200 x 200 board as on a small
// one; a new layout, level or theme paints everything in view. The main
// board and the level editor's are each one of these.
import { drawGridLines, drawHintArrow, drawMark, drawSelection, drawSquare } from './render-pieces.js';
import { layout, squareAt, visibleSquares } from './viewport.js';

const STEP = { l: -1, r: 1 };

// The squares an overlay covers: the selected box's, the hint's box and
// the square it goes to, and the marked squares (so a mark that comes or
// goes paints its squares again).
function overlaySquares(v) {
  const out = [];
  if (v.selected >= 0) out.push(v.selected);
  if (v.hint) out.push(v.hint.box, v.hint.box + (STEP[v.hint.dir] ?? (v.hint.dir === 'u' ? -v.width : v.width)));
  if (v.marks) out.push(...v.marks);
  return out;
}

// The squares to paint again when the canvas shows board view `before`
// and must show `v`: those that differ, and those an overlay covers now or
// covered before. A wall that comes or goes changes the edges of the walls
// above and below it.
export function changedSquares(before, v) {
  const out = new Set(overlaySquares(v));
  for (const i of overlaySquares(before)) out.add(i);
  const a = before.cells;
  const b = v.cells;
  for (let i = 0; i < b.length; i++) {
    if (a.charCodeAt(i) === b.charCodeAt(i)) continue;
    out.add(i);
    if (a[i] === '#' || b[i] === '#') {
      out.add(i - v.width);
      out.add(i + v.width);
    }
  }
  return out;
}

// Paints board view `v` in layout `g`: every square in view, or only
// `squares` (a Set of indices; those out of view are skipped), each with
// its grid lines when `v.grid`; then the overlays, the marks last. Returns
// how many squares it painted.
function drawView(ctx, P, v, g, squares) {
  const seen = visibleSquares(g);
  const inView = (i) => {
    const x = i % v.width;
    const y = Math.floor(i / v.width);
    return i >= 0 && i < v.cells.length && x >= seen.x0 && x < seen.x1 && y >= seen.y0 && y < seen.y1;
  };
  const at = (i) => [g.ox + (i % v.width) * g.cell, g.oy + Math.floor(i / v.width) * g.cell];
  let count = 0;
  const draw = (i) => {
    drawSquare(ctx, P, v, i, ...at(i), g.cell);
    if (v.grid) drawGridLines(ctx, P, ...at(i), g.cell, (i + 1) % v.width === 0, i >= v.cells.length - v.width);
    count++;
  };
  if (squares) {
    for (const i of squares) if (inView(i)) draw(i);
  } else {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, g.width, g.height);
    for (let y = seen.y0; y < seen.y1; y++) for (let x = seen.x0; x < seen.x1; x++) draw(y * v.width + x);
  }
  if (v.selected >= 0 && inView(v.selected)) drawSelection(ctx, P, ...at(v.selected), g.cell);
  if (v.hint && inView(v.hint.box)) {
    const [x, y] = at(v.hint.box);
    drawHintArrow(ctx, P, x + g.cell / 2, y + g.cell / 2, v.hint.dir, g.cell);
  }
  if (v.marks) for (const i of v.marks) if (inView(i)) drawMark(ctx, P, ...at(i), g.cell);
  return count;
}

// canvas: the board's <canvas>; wrap: the frame it sits in, whose content
// box is the space the board may take: onFrame(width, height, dpr) is
// called with it (CSS px) when it changes. view.js calls paint() from its
// one redraw().
export function createBoard(canvas, wrap, onFrame) {
  const ctx = canvas.getContext('2d');
  let shown = null;     // {sig, v}: what the canvas holds
  let geometry = null;  // viewport.js layout() of the last paint
  const stats = { paints: 0, squares: 0, full: false };  // the last paint, for tests and the curious

  // v: {cells, width, height, selected, hint, sink, marks, grid} or null
  // (marks, optional: squares to mark in red, a deadlock's boxes or the
  // squares a level problem is about; grid, optional: every square
  // outlined, for the editor); vp: the viewport; P: the palette.
  function paint(v, vp, P) {
    if (!v || !v.width || !vp.cell) {
      canvas.width = canvas.height = 0;
      shown = geometry = null;
      return;
    }
    const g = layout(vp);
    let resized = false;
    if (canvas.width !== g.width || canvas.height !== g.height) {
      canvas.width = g.width;  // clears it
      canvas.height = g.height;
      canvas.style.width = g.width / g.dpr + 'px';
      canvas.style.height = g.height / g.dpr + 'px';
      resized = true;
    }
    geometry = g;
    const sig = [g.cell, g.width, g.height, g.ox, g.oy, g.dpr, v.width, v.height, v.sink, Boolean(v.grid), P.name].join();
    const full = resized || !shown || shown.sig !== sig;
    const count = drawView(ctx, P, v, g, full ? null : changedSquares(shown.v, v));
    shown = { sig, v };
    Object.assign(stats, { paints: stats.paints + 1, squares: count, full });
  }

  // The square under a point in CSS px relative to the canvas, or -1.
  const cellAt = (x, y) => squareAt(geometry, x, y);

  // A square's place on the canvas in CSS px {x, y, size}, or null when it is not in view.
  function squareRect(i) {
    const g = geometry;
    if (!g) return null;
    const x = (g.ox + (i % g.boardW) * g.cell) / g.dpr;
    const y = (g.oy + Math.floor(i / g.boardW) * g.cell) / g.dpr;
    const size = g.cell / g.dpr;
    return squareAt(g, x + size / 2, y + size / 2) === i ? { x, y, size } : null;
  }

  watchFrame(wrap, onFrame);
  return { paint, cellAt, squareRect, stats, geometry: () => geometry };
}

// Calls onFrame(width, height, dpr) with the content box of `wrap` (CSS
// px) whenever it or the device pixel ratio changes.
function watchFrame(wrap, onFrame) {
  let last = '';
  function measure() {
    const style = getComputedStyle(wrap);
    const w = wrap.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const h = wrap.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    const dpr = window.devicePixelRatio || 1;
    const key = [w, h, dpr].join();
    if (key === last || w <= 0 || h <= 0) return;
    last = key;
    onFrame(w, h, dpr);
  }
  new ResizeObserver(measure).observe(wrap);
  // A window moved to a screen of another pixel ratio keeps its CSS size.
  const watchRatio = () => {
    matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`).addEventListener('change', () => {
      measure();
      watchRatio();
    }, { once: true });
  };
  watchRatio();
}
