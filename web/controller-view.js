// The actions about how the page shows things (look-state.js): the board's
// frame, zoom and pan, the system's preferences, and the help.
//   {type: 'frame', width, height, dpr} | {type: 'zoom', factor, dx, dy} | {type: 'pan', dx, dy}
//   | {type: 'pan-step', dir} | 'fit' | {type: 'system-look', dark, moreContrast, forcedColors} | 'help'
import { systemLook, viewAction } from './look-state.js';

export function viewActions({ state, page, update }) {
  const view = (a) => update(() => viewAction(state, a));
  return {
    frame: view, zoom: view, pan: view, 'pan-step': view, fit: view,
    'system-look': (a) => update(() => systemLook(state, a)),
    help: () => page.showHelp(),
  };
}
