// How the page shows things, as state: the board's zoom and pan (the
// viewport, viewport.js) kept on the board shown and on its player, the
// level editor's board fitted whole to its frame, and the theme (themes.js)
// from the player's choice and the system's preferences. DOM-free: the
// frames' sizes and the system's preferences come in as actions.
import { shownGame } from './app-state.js';
import { resolveTheme } from './themes.js';
import { fitWhole, followPlayer, panBy, panStep, setFrame, showBoard, zoomBy } from './viewport.js';

// After every action: a new board opens afresh in the viewport, and the
// view follows the player of the game shown (the replay's while it is open);
// the editor's board, while it is open, is fitted.
export function syncViewport(state) {
  syncEditorViewport(state);
  const g = shownGame(state);
  if (!g) return;
  const player = g.player();
  showBoard(state.viewport, state.key, g.width(), g.height(), player);
  followPlayer(state.viewport, player);
}

// The editor's board always shows whole (the editor has no zoom or pan):
// each square is where the pointer that draws on it expects it.
function syncEditorViewport(state) {
  const e = state.editor;
  if (!e) return;
  const { width, height } = e.trial || e.grid;
  showBoard(state.editorViewport, e.trial ? 'editor-trial' : 'editor', width, height, -1);
  fitWhole(state.editorViewport);
}

// What the player (or the page) did to the view:
//   {type: 'frame', width, height, dpr}  the board's frame, CSS px
//   {type: 'editor-frame', width, height, dpr}  the level editor's board's frame
//   {type: 'zoom', factor, dx, dy}       about a point, CSS px from the frame's centre
//   {type: 'pan', dx, dy}                a drag, CSS px
//   {type: 'pan-step', dir}              a key
//   {type: 'fit'}                        the whole board
export function viewAction(state, a) {
  const vp = state.viewport;
  switch (a.type) {
    case 'frame': setFrame(vp, a.width, a.height, a.dpr); break;
    case 'editor-frame': setFrame(state.editorViewport, a.width, a.height, a.dpr); break;
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
