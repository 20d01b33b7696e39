// The board's pieces, each drawn inside its own square (so one square can
// be painted again alone), in a theme's palette (themes.js). x, y: the
// square's top left, c: its side, all in device pixels. render.js decides
// which squares to paint; the collection browser's small pictures are here
// too (paintThumbnail).
import { paletteOf } from './themes.js';

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

function fillDisc(ctx, cx, cy, r, style) {
  ctx.fillStyle = style;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, Math.PI * 2);
  ctx.fill();
}

// One square of a board view {cells, width, sink} from scratch: cleared,
// then its floor or wall, then what stands on it. With `sink` the cells are
// a SinkGame's: 'x' the sink, '+' the player on it, 'o' a stone (drawn as a box).
export function drawSquare(ctx, P, v, i, x, y, c) {
  const { cells, width } = v;
  const ch = cells[i];
  ctx.clearRect(x, y, c, c);
  if (ch === '_') return;
  if (ch === '#') {
    drawWall(ctx, P, x, y, c, cells[i - width] === '#', cells[i + width] === '#');
    return;
  }
  ctx.fillStyle = ((i % width) + Math.floor(i / width)) % 2 ? P.floorAlt : P.floor;
  ctx.fillRect(x, y, c, c);
  if (v.sink) {
    if (ch === 'x' || ch === '+') drawSink(ctx, P, x, y, c);
    if (ch === 'o') drawBox(ctx, P, x, y, c, false);
  } else {
    if (ch === '.' || ch === '+') drawGoal(ctx, P, x, y, c);
    if (ch === '$' || ch === '*') drawBox(ctx, P, x, y, c, ch === '*');
  }
  if (ch === '@' || ch === '+') drawPlayer(ctx, P, x, y, c);
}

// Walls join into one block: light edges only where no wall continues.
function drawWall(ctx, P, x, y, c, wallAbove, wallBelow) {
  ctx.fillStyle = P.wall;
  ctx.fillRect(x, y, c, c);
  const band = Math.max(1, Math.round(c * 0.12));
  if (!wallAbove) {
    ctx.fillStyle = P.wallTop;
    ctx.fillRect(x, y, c, band);
  }
  if (!wallBelow) {
    ctx.fillStyle = P.wallEdge;
    ctx.fillRect(x, y + c - band, c, band);
  }
}

function drawGoal(ctx, P, x, y, c) {
  ctx.strokeStyle = P.goal;
  ctx.lineWidth = Math.max(1.5, c * P.goalWidth);
  ctx.beginPath();
  ctx.arc(x + c / 2, y + c / 2, c * 0.22, 0, Math.PI * 2);
  ctx.stroke();
  fillDisc(ctx, x + c / 2, y + c / 2, c * 0.09, P.goal);
}

// A drain: a worn rim around a dark hole, lit from the top like the walls.
function drawSink(ctx, P, x, y, c) {
  const cx = x + c / 2;
  const cy = y + c / 2;
  fillDisc(ctx, cx, cy, c * 0.42, P.sinkRim);
  ctx.fillStyle = P.sinkRimLight;
  ctx.beginPath();
  ctx.arc(cx, cy, c * 0.42, Math.PI * 1.05, Math.PI * 1.95);
  ctx.arc(cx, cy, c * 0.34, Math.PI * 1.95, Math.PI * 1.05, true);
  ctx.closePath();
  ctx.fill();
  const hole = ctx.createRadialGradient(cx, cy - c * 0.06, c * 0.04, cx, cy, c * 0.34);
  hole.addColorStop(0, P.sinkDeep);
  hole.addColorStop(0.75, P.sinkDeep);
  hole.addColorStop(1, P.sinkEdge);
  fillDisc(ctx, cx, cy, c * 0.33, hole);
}

function drawBox(ctx, P, x, y, c, onGoal) {
  const m = c * 0.1;
  const r = c * 0.14;
  ctx.fillStyle = onGoal ? P.boxGoalEdge : P.boxEdge;
  roundRect(ctx, x + m, y + m, c - 2 * m, c - 2 * m, r);
  ctx.fill();
  const e = Math.max(1.5, c * 0.07);
  ctx.fillStyle = onGoal ? P.boxGoal : P.box;
  roundRect(ctx, x + m + e, y + m + e, c - 2 * (m + e), c - 2 * (m + e), r * 0.7);
  ctx.fill();
  ctx.strokeStyle = onGoal ? P.boxGoalInner : P.boxInner;
  ctx.lineWidth = Math.max(1, c * 0.05);
  const i = c * 0.3;
  ctx.beginPath();
  ctx.moveTo(x + i, y + i);
  ctx.lineTo(x + c - i, y + c - i);
  ctx.moveTo(x + c - i, y + i);
  ctx.lineTo(x + i, y + c - i);
  ctx.stroke();
}

function drawPlayer(ctx, P, x, y, c) {
  const cx = x + c / 2;
  const cy = y + c / 2;
  fillDisc(ctx, cx, cy, c * 0.32, P.player);
  fillDisc(ctx, cx - c * 0.09, cy - c * 0.1, c * 0.11, P.playerLight);
}

// The ring around the box picked for a mouse push.
export function drawSelection(ctx, P, x, y, c) {
  ctx.strokeStyle = P.select;
  ctx.lineWidth = Math.max(2, c * 0.09);
  roundRect(ctx, x + c * 0.05, y + c * 0.05, c * 0.9, c * 0.9, c * 0.16);
  ctx.stroke();
}

// The editor's outline of a square: its top and left edges, and its right
// and bottom ones on the board's last column and row, one device pixel
// wide and inside the square, so one square can be painted again alone.
export function drawGridLines(ctx, P, x, y, c, lastColumn, lastRow) {
  ctx.fillStyle = P.gridLine;
  ctx.fillRect(x, y, c, 1);
  ctx.fillRect(x, y + 1, 1, c - 1);
  if (lastColumn) ctx.fillRect(x + c - 1, y + 1, 1, c - 1);
  if (lastRow) ctx.fillRect(x + 1, y + c - 1, c - 2, 1);
}

// A frame and wash over a square that something is wrong with (a box of
// a deadlock, a square a level problem is about).
export function drawMark(ctx, P, x, y, c) {
  const line = Math.max(2, c * 0.08);
  const m = Math.max(c * 0.04, line / 2);  // the frame stays inside the square
  ctx.fillStyle = P.markFill;
  roundRect(ctx, x + m, y + m, c - 2 * m, c - 2 * m, c * 0.16);
  ctx.fill();
  ctx.strokeStyle = P.mark;
  ctx.lineWidth = line;
  ctx.stroke();
}

// The hint's arrow, from the box's square (bx, by: its centre) into the
// next square towards `dir`; it stays inside those two squares.
export function drawHintArrow(ctx, P, bx, by, dir, c) {
  const d = { l: [-1, 0], r: [1, 0], u: [0, -1], d: [0, 1] }[dir];
  const ex = bx + d[0] * c;
  const ey = by + d[1] * c;
  ctx.strokeStyle = P.hint;
  ctx.fillStyle = P.hint;
  ctx.lineWidth = Math.max(2, c * 0.12);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(bx + d[0] * c * 0.1, by + d[1] * c * 0.1);
  ctx.lineTo(ex - d[0] * c * 0.25, ey - d[1] * c * 0.25);
  ctx.stroke();
  const px = -d[1];
  const py = d[0];
  ctx.beginPath();
  ctx.moveTo(ex, ey);
  ctx.lineTo(ex - d[0] * c * 0.32 + px * c * 0.22, ey - d[1] * c * 0.32 + py * c * 0.22);
  ctx.lineTo(ex - d[0] * c * 0.32 - px * c * 0.22, ey - d[1] * c * 0.32 - py * c * 0.22);
  ctx.closePath();
  ctx.fill();
}

// A small picture of a board for the collection browser: flat squares, no
// shading, as large as fits `maxW` x `maxH` CSS pixels in whole device
// pixels per cell, in the page's theme. v: {cells, width, height, sink}.
export function paintThumbnail(canvas, v, maxW, maxH) {
  const P = paletteOf(document.documentElement.dataset.theme);
  const dpr = window.devicePixelRatio || 1;
  const c = Math.max(1, Math.floor(Math.min(maxW / v.width, maxH / v.height) * dpr));
  canvas.width = c * v.width;
  canvas.height = c * v.height;
  canvas.style.width = (c * v.width) / dpr + 'px';
  canvas.style.height = (c * v.height) / dpr + 'px';
  const ctx = canvas.getContext('2d');
  const square = (i, color, inset = 0) => {
    ctx.fillStyle = color;
    const m = Math.round(c * inset);
    ctx.fillRect((i % v.width) * c + m, Math.floor(i / v.width) * c + m, c - 2 * m, c - 2 * m);
  };
  for (let i = 0; i < v.cells.length; i++) {
    const ch = v.cells[i];
    if (ch === '_') continue;
    if (ch === '#') { square(i, P.wall); continue; }
    square(i, P.floor);
    if (v.sink ? ch === 'x' || ch === '+' : ch === '.' || ch === '+' || ch === '*') square(i, v.sink ? P.sinkDeep : P.goal, 0.3);
    if (ch === '$' || ch === 'o') square(i, P.box, 0.12);
    if (ch === '*') square(i, P.boxGoal, 0.12);
    if (ch === '@' || ch === '+') square(i, P.player, 0.22);
  }
}
