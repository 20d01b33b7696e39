// How the page shows things, as state: the board's zoom and pan (the
// viewport, viewport.js) kept on the board shown and on its player, and
// the theme (themes.js) from the player's choice and the system's
// preferences. DOM-free: the frame's size and the system's preferences come
// in as actions.
import { shownGame } from './app-state.js';
import { resolveTheme } from './themes.js';
import { fitWhole, followPlayer, panBy, panStep, setFrame, showBoard, zoomBy } from './viewport.js';

// After every action: a new board opens afresh in the viewport, and the
// view follows the player of the game shown (the replay's while it is open).
export function syncViewport(state) {
  const g = shownGame(state);
  if (!g) return;
  const player = g.player();
  showBoard(state.viewport, state.key, g.width(), g.height(), player);
  followPlayer(state.viewport, player);
}

// What the player (or the page) did to the view:
//   {type: 'frame', width, height, dpr}  the board's frame, CSS px
//   {type: 'zoom', factor, dx, dy}       about a point, CSS px from the frame's centre
//   {type: 'pan', dx, dy}                a drag, CSS px
//   {type: 'pan-step', dir}              a key
//   {type: 'fit'}                        the whole board
export function viewAction(state, a) {
  const vp = state.viewport;
  switch (a.type) {
    case 'frame': setFrame(vp, a.width, a.height, a.dpr); break;
    case 'zoom': zoomBy(vp, a.factor, a.dx || 0, a.dy || 0); break;
    case 'pan': panBy(vp, a.dx, a.dy); break;
    case 'pan-step': panStep(vp, a.dir); break;
    case 'fit': fitWhole(vp); break;
    default: throw new Error('viewAction: unknown action ' + a.type);
  }
}

// The system's preferences changed ({dark, moreContrast, forcedColors}).
export function systemLook(state, prefs) {
  state.system = { dark: Boolean(prefs.dark), moreContrast: Boolean(prefs.moreContrast), forcedColors: Boolean(prefs.forcedColors) };
}

// The theme shown now: 'light' | 'dark' | 'contrast'.
export const themeOf = (state) => resolveTheme(state.settings.theme, state.system);
