// Draws how the page looks from the state: the theme (<html data-theme>,
// the board's colours as CSS variables, the browser's bar colour, the Theme
// picker), the zoom buttons on the board, offline use and the offer of a
// new version, and the board brought into view when a replay or a hint
// appears on it (on a phone the buttons that ask for them are further down
// the page). view.js calls it from its one redraw.
import { themeOf } from './look-state.js';
import { offlineWords, updateWords } from './offline-state.js';
import { THEME_CHOICES, paletteOf } from './themes.js';
import { canPan, fitCell } from './viewport.js';

const $ = (id) => document.getElementById(id);

// The board's colours the page's CSS uses too (the level editor's tool
// swatches, editor.css): CSS variable -> palette colour.
const BOARD_COLOURS = {
  '--board-wall': 'wall', '--board-wall-top': 'wallTop', '--board-floor': 'floor', '--board-goal': 'goal',
  '--board-box': 'box', '--board-box-edge': 'boxEdge', '--board-player': 'player',
};

export function drawLook(state, drawn) {
  const theme = themeOf(state);
  const root = document.documentElement;
  if (root.dataset.theme !== theme) {
    const P = paletteOf(theme);
    root.dataset.theme = theme;
    for (const [name, colour] of Object.entries(BOARD_COLOURS)) root.style.setProperty(name, P[colour]);
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', P.page);
  }
  const select = $('theme');
  if (!drawn.themes) {
    drawn.themes = true;
    for (const { value, label } of THEME_CHOICES) select.add(new Option(label, value));
  }
  select.value = state.settings.theme;
  drawZoom(state);
  $('offline-note').hidden = !state.offline;
  $('offline-note').textContent = offlineWords(state.offline);
  $('update-bar').hidden = !state.update;
  $('update-text').textContent = updateWords(state.update);
}

// A replay that opened, or a hint that came, scrolls the page (when it
// scrolls) so the board and the replay bar above it are in view. Called
// last, once the replay bar is shown.
export function revealBoard(state, drawn) {
  const replay = Boolean(state.replay);
  const hint = Boolean(state.play.hint);
  if ((replay && !drawn.replayShown) || (hint && !drawn.hintShown)) {
    (replay ? $('replay-bar') : $('board-wrap')).scrollIntoView({ block: 'nearest' });
  }
  drawn.replayShown = replay;
  drawn.hintShown = hint;
}

// The buttons show once the board can be zoomed out, or is small on screen.
function drawZoom(state) {
  const vp = state.viewport;
  const shown = Boolean(vp.cell && state.level) && (canPan(vp) || vp.mode !== 'auto' || vp.cell / vp.dpr < 20);
  $('zoom').hidden = !shown;
  if (!shown) return;
  const whole = vp.cell <= fitCell(vp);
  $('zoom-fit').disabled = whole;
  $('zoom-out').disabled = whole;
}
