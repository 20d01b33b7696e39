// Draws the collection browser (a dialog) from the state: a tile per level
// of the open collection with a small picture of its board, its number and
// title, and its mark (solved by the player, with the best moves/pushes;
// started; a solution only the solver or another source found; or
// untouched); the count the player solved; the focus of the keyboard. The
// pictures are painted when their tile scrolls into view, so a big
// collection opens at once. view.js calls drawBrowser from its one redraw.
import { solvedCount } from './browser-state.js';
import { isSink, levelKey } from './library.js';
import { paintThumbnail } from './render-pieces.js';
import { othersSolutionWords } from './words.js';

const THUMB = { w: 132, h: 96 };  // CSS pixels a picture may take
const MARKS = { solved: 'Solved', started: 'Started', untouched: 'Not started' };

const $ = (id) => document.getElementById(id);

// storage: for each level's status and best solutions (read only).
export function createBrowserView(storage) {
  let built = '';       // the collection the tiles were made for
  let focused = -1;     // the tile the keyboard was last put on
  let observer = null;

  function marks(state) {
    const statuses = [];
    const tiles = $('browser-grid').children;
    state.collection.levels.forEach((level, i) => {
      const key = levelKey(level);
      const status = storage.levelStatus(key);
      statuses.push(status);
      const words = markWords(status, storage.solutions(key));
      const tile = tiles[i];
      const label = `${tile.querySelector('.tile-name').textContent}: ${words}${i === state.index ? ' (shown now)' : ''}`;
      if (tile.getAttribute('aria-label') === label) return;
      tile.setAttribute('aria-label', label);
      tile.dataset.status = status;
      tile.classList.toggle('current', i === state.index);
      tile.querySelector('.tile-mark').textContent = words;
    });
    return statuses;
  }

  function draw(state) {
    const dialog = $('browser');
    const b = state.browser;
    if (!b || !state.collection) {
      if (dialog.open) dialog.close();
      focused = -1;
      return;
    }
    const signature = state.collection.id + ':' + state.collection.levels.map(levelKey).join('\n');
    if (signature !== built) {
      built = signature;
      if (observer) observer.disconnect();
      observer = buildTiles(state.collection);
    }
    const { solved, total } = solvedCount(marks(state));
    $('browser-heading').textContent = state.collection.name;
    $('browser-count').textContent = `${solved} / ${total} solved`;
    const own = storage.collections().some((c) => c.id === state.collection.id);
    $('collection-rename').hidden = !own;
    $('collection-remove').hidden = !own;
    $('next-unsolved').disabled = solved === total;
    const opening = !dialog.open;
    if (opening) dialog.showModal();
    // The keyboard goes to a tile only when it moved (or the grid opened),
    // never from the header's buttons or a dialog on top.
    const tiles = $('browser-grid').children;
    if (opening || b.focus !== focused) {
      for (let i = 0; i < tiles.length; i++) {
        tiles[i].tabIndex = i === b.focus ? 0 : -1;
        tiles[i].setAttribute('aria-selected', String(i === b.focus));
      }
      tiles[b.focus].focus();
      focused = b.focus;
    }
  }

  return { draw };
}

// A tile per level; each picture is painted when it first comes into view.
// Returns the observer that paints them.
function buildTiles(collection) {
  const grid = $('browser-grid');
  grid.textContent = '';
  const observer = new IntersectionObserver((seen) => {
    for (const e of seen) {
      if (!e.isIntersecting) continue;
      const level = collection.levels[Number(e.target.dataset.index)];
      const canvas = e.target.firstChild;
      paintThumbnail(canvas, { cells: level.cells, width: level.width, height: level.height, sink: isSink(level) }, THUMB.w, THUMB.h);
      canvas.dataset.painted = 'true';
      observer.unobserve(e.target);
    }
  }, { root: grid, rootMargin: '200px' });
  collection.levels.forEach((level, i) => {
    const tile = document.createElement('button');
    tile.type = 'button';
    tile.className = 'tile';
    tile.setAttribute('role', 'option');
    tile.dataset.index = String(i);
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 0;  // not the default 300 x 150 until it is painted
    canvas.setAttribute('aria-hidden', 'true');
    const frame = document.createElement('span');
    frame.className = 'thumb';
    frame.dataset.index = String(i);
    frame.append(canvas);
    const name = document.createElement('span');
    name.className = 'tile-name';
    name.textContent = `${i + 1}. ${level.title || 'Level ' + (i + 1)}`;
    const mark = document.createElement('span');
    mark.className = 'tile-mark';
    tile.append(frame, name, mark);
    grid.append(tile);
    observer.observe(frame);
  });
  return observer;
}

function markWords(status, best) {
  if (status === 'solved') return `Solved · ${bestWords(best)}`;
  // Named by who found the best by moves.
  if (status === 'solution-known') return `${othersSolutionWords((best.byMoves || best.byPushes).source)} · ${bestWords(best)}`;
  return MARKS[status];
}

function bestWords(best) {
  const m = best.byMoves;
  const p = best.byPushes;
  if (!m && !p) return '';
  const a = m || p;
  const b = p || m;
  return a === b || (a.moves === b.moves && a.pushes === b.pushes)
    ? `${a.moves}/${a.pushes}` : `${a.moves}/${a.pushes} · ${b.moves}/${b.pushes}`;
}
