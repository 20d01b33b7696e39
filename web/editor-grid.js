// The level editor's board: a grid {width, height, cells} where `cells` is
// a string of width * height XSB characters, row-major: '#' wall, ' ' floor
// (or outside: which squares are inside is the core's to say), '.' goal,
// '$' box, '*' box on goal, '@' player, '+' player on goal. Painting with a
// tool, resizing, moving the drawing and trimming it; nothing here knows
// the rules (module.checkGrid checks a grid). DOM-free.

export const TOOLS = ['wall', 'floor', 'goal', 'box', 'player'];
export const MIN_SIDE = 3;
export const MAX_SIDE = 100;  // squares a side: the editor repaints the whole board on each change

const GOAL_ADDED = { ' ': '.', $: '*', '@': '+', '#': '.' };
const GOAL_REMOVED = { '.': ' ', '*': '$', '+': '@' };
const BOX_ADDED = { ' ': '$', '.': '*', '#': '$', '@': '$', '+': '*' };
const BOX_REMOVED = { $: ' ', '*': '.' };
const PLAYER_PUT = { ' ': '@', '.': '+', '#': '@', $: '@', '*': '+' };
const PLAYER_GONE = { '@': ' ', '+': '.' };

export const hasGoal = (ch) => ch === '.' || ch === '*' || ch === '+';
export const hasBox = (ch) => ch === '$' || ch === '*';

// A grid of floor, walled all round.
export function blankGrid(width = 10, height = 8) {
  let cells = '';
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) cells += x === 0 || y === 0 || x === width - 1 || y === height - 1 ? '#' : ' ';
  return { width, height, cells };
}

// The grid of a parsed level ({width, height, cells} as parseCollection
// gives them, '_' for outside squares).
export function gridOfLevel(level) {
  return { width: level.width, height: level.height, cells: level.cells.replace(/_/g, ' ') };
}

// Whether a stroke starting on `ch` with `tool` adds what the tool puts
// (else it takes it away): a stroke begun on a wall erases walls, on a goal
// erases goals, on a box erases boxes.
export function strokeAdds(tool, ch) {
  if (tool === 'wall') return ch !== '#';
  if (tool === 'goal') return !hasGoal(ch);
  if (tool === 'box') return !hasBox(ch);
  return true;
}

// What `tool` makes of a square holding `ch` (adding or taking away).
export function paintSquare(tool, ch, adds) {
  switch (tool) {
    case 'wall': return adds ? '#' : ch === '#' ? ' ' : ch;
    case 'floor': return ' ';
    case 'goal': return (adds ? GOAL_ADDED : GOAL_REMOVED)[ch] ?? ch;
    case 'box': return (adds ? BOX_ADDED : BOX_REMOVED)[ch] ?? ch;
    case 'player': return PLAYER_PUT[ch] ?? ch;
    default: throw new Error('editor: unknown tool ' + tool);
  }
}

// The grid with `tool` applied on `cell`; the player tool moves the one
// player there (a level has one).
export function paint(grid, tool, cell, adds) {
  if (cell < 0 || cell >= grid.cells.length) return grid;
  let cells = grid.cells;
  const next = paintSquare(tool, cells[cell], adds);
  if (next === cells[cell]) return grid;
  if (tool === 'player') cells = cells.replace(/[@+]/g, (p) => PLAYER_GONE[p]);
  cells = cells.slice(0, cell) + next + cells.slice(cell + 1);
  return { ...grid, cells };
}

// The square at (x, y), or ' ' off the grid.
const at = (grid, x, y) => (x >= 0 && y >= 0 && x < grid.width && y < grid.height ? grid.cells[y * grid.width + x] : ' ');

// The grid `width` x `height`, its drawing moved by (dx, dy) squares; new
// squares are floor and squares moved off the grid are dropped.
export function reshape(grid, width, height, dx = 0, dy = 0) {
  let cells = '';
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) cells += at(grid, x - dx, y - dy);
  return { width, height, cells };
}

// True when the squares that a move by (dx, dy) or a resize to
// width x height would drop are all floor: nothing drawn is lost.
export function keepsDrawing(grid, width, height, dx = 0, dy = 0) {
  for (let y = 0; y < grid.height; y++)
    for (let x = 0; x < grid.width; x++) {
      const nx = x + dx;
      const ny = y + dy;
      if ((nx < 0 || ny < 0 || nx >= width || ny >= height) && grid.cells[y * grid.width + x] !== ' ') return false;
    }
  return true;
}

// The smallest grid holding everything drawn (floor all round is dropped),
// or the grid itself when nothing is drawn.
export function trimmed(grid) {
  let minX = grid.width;
  let minY = grid.height;
  let maxX = -1;
  let maxY = -1;
  for (let i = 0; i < grid.cells.length; i++) {
    if (grid.cells[i] === ' ') continue;
    const x = i % grid.width;
    const y = Math.floor(i / grid.width);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  if (maxX < 0) return grid;
  const width = Math.max(MIN_SIDE, maxX - minX + 1);
  const height = Math.max(MIN_SIDE, maxY - minY + 1);
  return reshape(grid, width, height, -minX, -minY);
}

export const sameGrid = (a, b) => a.width === b.width && a.height === b.height && a.cells === b.cells;
export const clampSide = (n) => Math.max(MIN_SIDE, Math.min(MAX_SIDE, Math.round(Number(n)) || MIN_SIDE));

// A grid kept as a draft (storage's setting), checked before it is used:
// null unless it is a grid the editor could have made.
export function gridFromDraft(d) {
  if (!d || typeof d.cells !== 'string') return null;
  const { width, height, cells } = d;
  if (width !== clampSide(width) || height !== clampSide(height) || cells.length !== width * height) return null;
  return /^[# .$*@+]*$/.test(cells) ? { width, height, cells } : null;
}
