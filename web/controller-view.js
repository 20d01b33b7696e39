// The actions about how the page shows things (look-state.js): the board's
// frame (and the level editor's), zoom and pan, the system's preferences,
// and the help; and about the page itself: offline use and new versions
// (offline-state.js).
//   {type: 'frame' | 'editor-frame', width, height, dpr} | {type: 'zoom', factor, dx, dy} | {type: 'pan', dx, dy}
//   | {type: 'pan-step', dir} | 'fit' | {type: 'system-look', dark, moreContrast, forcedColors} | 'help'
//   | {type: 'offline', status, message} | {type: 'update', status} | 'update-take' | 'update-later'
import { systemLook, viewAction } from './look-state.js';
import { offlineChanged, updateChanged } from './offline-state.js';

export function viewActions({ state, page, update }) {
  const view = (a) => update(() => viewAction(state, a));
  return {
    frame: view, 'editor-frame': view, zoom: view, pan: view, 'pan-step': view, fit: view,
    'system-look': (a) => update(() => systemLook(state, a)),
    help: () => page.showHelp(),
    offline: (a) => update(() => offlineChanged(state, a.status, a.message)),
    update: (a) => update(() => updateChanged(state, a.status)),
    'update-take': () => page.takeUpdate(),
    'update-later': () => update(() => updateChanged(state, null)),
  };
}
