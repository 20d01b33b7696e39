// Draws the board on a canvas. The canvas fills the space it is given,
// keeps square cells, and uses whole device pixels per cell so edges stay
// crisp at any devicePixelRatio.

const COLORS = {
  floor: '#efe9dd',
  floorAlt: '#e9e2d4',
  wall: '#56627a',
  wallTop: '#6e7b93',
  wallEdge: '#434d61',
  goal: '#2a9d8f',
  box: '#e3a857',
  boxEdge: '#b27a34',
  boxInner: '#eebb72',
  boxGoal: '#4fae86',
  boxGoalEdge: '#2f7d5d',
  boxGoalInner: '#68c29c',
  player: '#4157d8',
  playerLight: '#7d8ff0',
  select: '#f2c230',
  hint: 'rgba(65, 87, 216, 0.85)',
  sinkRim: '#b7ad9b',
  sinkRimLight: '#d6cfc1',
  sinkDeep: '#1f2533',
  sinkEdge: '#465064',
  mark: '#d13b3b',
  markFill: 'rgba(209, 59, 59, 0.22)',
  gridLine: 'rgba(140, 140, 140, 0.35)',
};

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

// Paints a board view {cells, width, height, selected, hint, sink, marks,
// grid} (null: nothing to show). With `sink` the cells are a SinkGame's: 'x'
// the sink, '+' the player on it, 'o' a stone (drawn as a box). `marks`
// (optional): cells to mark in red (a deadlock's boxes, the squares a level
// problem is about); `grid` (optional): every square outlined, for the
// editor. view.js calls paint() from its one redraw(); onResize() is called
// when the space changes.
export function createBoard(canvas, wrap, onResize) {
  const ctx = canvas.getContext('2d');
  let geometry = { cell: 0, dpr: 1, width: 0, height: 0 };

  function paint(v) {
    const dpr = window.devicePixelRatio || 1;
    if (!v || !v.width) {
      canvas.width = canvas.height = 0;
      geometry = { cell: 0, dpr, width: 0, height: 0 };
      return;
    }
    const style = getComputedStyle(wrap);
    const padX = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const padY = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
    const availW = Math.max(40, wrap.clientWidth - padX);
    const availH = Math.max(40, wrap.clientHeight - padY);
    // Whole device pixels per cell, capped so small levels don't look bloated.
    const cssCell = Math.min(availW / v.width, availH / v.height, 96);
    const cell = Math.max(4, Math.floor(cssCell * dpr));
    const w = cell * v.width;
    const h = cell * v.height;
    if (canvas.width !== w || canvas.height !== h) {
      canvas.width = w;
      canvas.height = h;
    }
    canvas.style.width = w / dpr + 'px';
    canvas.style.height = h / dpr + 'px';
    geometry = { cell, dpr, width: v.width, height: v.height };
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    drawBoard(ctx, v, cell);
  }

  // The cell under a point in CSS pixels relative to the canvas, or -1.
  function cellAt(x, y) {
    const { cell, dpr, width, height } = geometry;
    if (!cell) return -1;
    const cx = Math.floor((x * dpr) / cell);
    const cy = Math.floor((y * dpr) / cell);
    if (cx < 0 || cy < 0 || cx >= width || cy >= height) return -1;
    return cy * width + cx;
  }

  new ResizeObserver(onResize).observe(wrap);
  window.addEventListener('resize', onResize);
  return { paint, cellAt };
}

function drawBoard(ctx, v, c) {
  const { cells, width } = v;
  const n = cells.length;
  // Floor first, so walls, boxes and the player sit on it.
  for (let i = 0; i < n; i++) {
    const ch = cells[i];
    if (ch === '_' || ch === '#') continue;
    const x = (i % width) * c;
    const y = Math.floor(i / width) * c;
    ctx.fillStyle = ((i % width) + Math.floor(i / width)) % 2 ? COLORS.floorAlt : COLORS.floor;
    ctx.fillRect(x, y, c, c);
  }
  for (let i = 0; i < n; i++) {
    const ch = cells[i];
    const x = (i % width) * c;
    const y = Math.floor(i / width) * c;
    if (ch === '#') drawWall(ctx, x, y, c, cells[i - width] === '#', cells[i + width] === '#');
    if (v.sink) {
      if (ch === 'x' || ch === '+') drawSink(ctx, x, y, c);
      if (ch === 'o') drawBox(ctx, x, y, c, false);
    } else {
      if (ch === '.' || ch === '+') drawGoal(ctx, x, y, c);
      if (ch === '$' || ch === '*') drawBox(ctx, x, y, c, ch === '*');
    }
    if (ch === '@' || ch === '+') drawPlayer(ctx, x, y, c);
  }
  if (v.selected >= 0) {
    const x = (v.selected % width) * c;
    const y = Math.floor(v.selected / width) * c;
    ctx.strokeStyle = COLORS.select;
    ctx.lineWidth = Math.max(2, c * 0.09);
    roundRect(ctx, x + c * 0.05, y + c * 0.05, c * 0.9, c * 0.9, c * 0.16);
    ctx.stroke();
  }
  if (v.hint) drawHint(ctx, v.hint, width, c);
  if (v.grid) drawGrid(ctx, v, c);
  if (v.marks) for (const cell of v.marks) drawMark(ctx, (cell % width) * c, Math.floor(cell / width) * c, c);
}

// Every square outlined, so that the editor's board shows where each one is.
function drawGrid(ctx, v, c) {
  ctx.strokeStyle = COLORS.gridLine;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = 0; x <= v.width; x++) {
    ctx.moveTo(x * c + 0.5, 0);
    ctx.lineTo(x * c + 0.5, v.height * c);
  }
  for (let y = 0; y <= v.height; y++) {
    ctx.moveTo(0, y * c + 0.5);
    ctx.lineTo(v.width * c, y * c + 0.5);
  }
  ctx.stroke();
}

// A red frame and wash over a square that something is wrong with.
function drawMark(ctx, x, y, c) {
  ctx.fillStyle = COLORS.markFill;
  roundRect(ctx, x + c * 0.04, y + c * 0.04, c * 0.92, c * 0.92, c * 0.16);
  ctx.fill();
  ctx.strokeStyle = COLORS.mark;
  ctx.lineWidth = Math.max(2, c * 0.08);
  ctx.stroke();
}

// Walls join into one block: light edges only where no wall continues.
function drawWall(ctx, x, y, c, wallAbove, wallBelow) {
  ctx.fillStyle = COLORS.wall;
  ctx.fillRect(x, y, c, c);
  const band = Math.max(1, Math.round(c * 0.12));
  if (!wallAbove) {
    ctx.fillStyle = COLORS.wallTop;
    ctx.fillRect(x, y, c, band);
  }
  if (!wallBelow) {
    ctx.fillStyle = COLORS.wallEdge;
    ctx.fillRect(x, y + c - band, c, band);
  }
}

function drawGoal(ctx, x, y, c) {
  ctx.strokeStyle = COLORS.goal;
  ctx.lineWidth = Math.max(1.5, c * 0.06);
  ctx.beginPath();
  ctx.arc(x + c / 2, y + c / 2, c * 0.22, 0, Math.PI * 2);
  ctx.stroke();
  fillDisc(ctx, x + c / 2, y + c / 2, c * 0.09, COLORS.goal);
}

// A drain: a worn rim around a dark hole, lit from the top like the walls.
function drawSink(ctx, x, y, c) {
  const cx = x + c / 2;
  const cy = y + c / 2;
  fillDisc(ctx, cx, cy, c * 0.42, COLORS.sinkRim);
  ctx.fillStyle = COLORS.sinkRimLight;
  ctx.beginPath();
  ctx.arc(cx, cy, c * 0.42, Math.PI * 1.05, Math.PI * 1.95);
  ctx.arc(cx, cy, c * 0.34, Math.PI * 1.95, Math.PI * 1.05, true);
  ctx.closePath();
  ctx.fill();
  const hole = ctx.createRadialGradient(cx, cy - c * 0.06, c * 0.04, cx, cy, c * 0.34);
  hole.addColorStop(0, COLORS.sinkDeep);
  hole.addColorStop(0.75, COLORS.sinkDeep);
  hole.addColorStop(1, COLORS.sinkEdge);
  fillDisc(ctx, cx, cy, c * 0.33, hole);
}

function drawBox(ctx, x, y, c, onGoal) {
  const m = c * 0.1;
  const r = c * 0.14;
  ctx.fillStyle = onGoal ? COLORS.boxGoalEdge : COLORS.boxEdge;
  roundRect(ctx, x + m, y + m, c - 2 * m, c - 2 * m, r);
  ctx.fill();
  const e = Math.max(1.5, c * 0.07);
  ctx.fillStyle = onGoal ? COLORS.boxGoal : COLORS.box;
  roundRect(ctx, x + m + e, y + m + e, c - 2 * (m + e), c - 2 * (m + e), r * 0.7);
  ctx.fill();
  ctx.strokeStyle = onGoal ? COLORS.boxGoalInner : COLORS.boxInner;
  ctx.lineWidth = Math.max(1, c * 0.05);
  const i = c * 0.3;
  ctx.beginPath();
  ctx.moveTo(x + i, y + i);
  ctx.lineTo(x + c - i, y + c - i);
  ctx.moveTo(x + c - i, y + i);
  ctx.lineTo(x + i, y + c - i);
  ctx.stroke();
}

function drawPlayer(ctx, x, y, c) {
  const cx = x + c / 2;
  const cy = y + c / 2;
  fillDisc(ctx, cx, cy, c * 0.32, COLORS.player);
  fillDisc(ctx, cx - c * 0.09, cy - c * 0.1, c * 0.11, COLORS.playerLight);
}

function drawHint(ctx, hint, width, c) {
  const bx = (hint.box % width) * c + c / 2;
  const by = Math.floor(hint.box / width) * c + c / 2;
  const d = { l: [-1, 0], r: [1, 0], u: [0, -1], d: [0, 1] }[hint.dir];
  const ex = bx + d[0] * c;
  const ey = by + d[1] * c;
  ctx.strokeStyle = COLORS.hint;
  ctx.fillStyle = COLORS.hint;
  ctx.lineWidth = Math.max(2, c * 0.12);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(bx + d[0] * c * 0.1, by + d[1] * c * 0.1);
  ctx.lineTo(ex - d[0] * c * 0.25, ey - d[1] * c * 0.25);
  ctx.stroke();
  // Arrow head.
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
// pixels per cell. v: {cells, width, height, sink}.
export function paintThumbnail(canvas, v, maxW, maxH) {
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
    if (ch === '#') { square(i, COLORS.wall); continue; }
    square(i, COLORS.floor);
    if (v.sink ? ch === 'x' || ch === '+' : ch === '.' || ch === '+' || ch === '*') square(i, v.sink ? COLORS.sinkDeep : COLORS.goal, 0.3);
    if (ch === '$' || ch === 'o') square(i, COLORS.box, 0.12);
    if (ch === '*') square(i, COLORS.boxGoal, 0.12);
    if (ch === '@' || ch === '+') square(i, COLORS.player, 0.22);
  }
}
