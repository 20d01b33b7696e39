// The controller's actions on the level editor (editor-state.js): opening
// and closing it, drawing, test play, the solver's answer, and what leaves
// the editor: the level saved into "My levels" (kept as pasted levels
// are), copied as XSB or run-length text, or shared by link. ctx: the
// controller's shared parts (controller.js).
//
//   'editor-open' | 'editor-copy' (the level shown) | 'editor-close' | 'editor-new'
//   drawing    {type: 'editor-tool', tool} | {type: 'editor-stroke', cell, erase} | {type: 'editor-paint', cell}
//              | 'editor-stroke-end' | 'editor-undo' | 'editor-redo' | {type: 'editor-resize', width, height}
//              | {type: 'editor-shift', dx, dy} | 'editor-trim' | {type: 'editor-title', title}
//   play       'editor-play' | 'editor-edit'; while it is open the player's moves are the test game's
//   solver     'editor-solve' | 'editor-cancel'
//   out        'editor-save' | 'editor-xsb' | 'editor-rle' | 'editor-share' | 'editor-saved-open'
import { finishWalk } from './app-state.js';
import { cancelEditorSolve, closeEditor, editCopy, editedLevel, endTrial, finishEditorSolve, newBoard, openEditor,
         redoEdit, requestEditorSolve, resize, setEditorMessage, setTitle, setTool, shift, startTrial, strokeEnd,
         strokeStart, strokeTo, trialAction, trim, undoEdit } from './editor-state.js';
import { isSink, parseLevels, shareFragment } from './library.js';

export function editorActions(ctx) {
  const { state, storage, update } = ctx;
  const draft = () => storage.setting('editorDraft', null);
  const edit = (fn) => (a) => update(() => fn(state, a));
  return {
    'editor-open': () => update(() => { finishWalk(state); openEditor(state, draft()); }),
    'editor-copy': () => {
      if (!state.level || isSink(state.level)) return;
      update(() => { finishWalk(state); editCopy(state, state.level, draft()); });
    },
    'editor-close': () => update(() => closeEditor(state)),
    'editor-new': edit((s) => newBoard(s)),
    'editor-tool': edit((s, a) => setTool(s, a.tool)),
    'editor-stroke': edit((s, a) => strokeStart(s, a.cell, a.erase)),
    'editor-paint': edit((s, a) => strokeTo(s, a.cell)),
    'editor-stroke-end': edit((s) => strokeEnd(s)),
    'editor-undo': edit((s) => undoEdit(s)),
    'editor-redo': edit((s) => redoEdit(s)),
    'editor-resize': edit((s, a) => resize(s, a.width, a.height)),
    'editor-shift': edit((s, a) => shift(s, a.dx, a.dy)),
    'editor-trim': edit((s) => trim(s)),
    'editor-title': edit((s, a) => setTitle(s, a.title)),
    'editor-play': edit((s) => startTrial(s)),
    'editor-edit': edit((s) => endTrial(s.editor)),
    'editor-solve': () => solveEdited(ctx),
    'editor-cancel': edit((s) => cancelEditorSolve(s)),
    'editor-save': () => saveEdited(ctx),
    'editor-xsb': () => copyEdited(ctx, (l) => l.xsb, 'Level (XSB)'),
    'editor-rle': () => copyEdited(ctx, (l) => l.runLength, 'Level (run-length)'),
    'editor-share': () => copyEdited(ctx, (l) => ctx.page.link(shareFragment(l)), 'Link'),
    'editor-saved-open': () => openSaved(ctx),
  };
}

// While the editor is open, the player's moves and keys act on it (the test
// game, or undo and redo of edits), pasted text goes into it, Share shares
// it; picking another level or opening a link leaves it (the drawing stays
// as a draft); the rest of what would change the level behind it does
// nothing. handlers: the controller's own, for the actions that leave.
export function whileEditing(ctx, handlers) {
  const { state, update } = ctx;
  const leaving = (type) => (a) => {
    update(() => closeEditor(state));
    return handlers[type](a);
  };
  const move = (a) => update(() => {
    if (state.editor.trial) trialAction(state, a);
    else if (a.type === 'undo') undoEdit(state);
    else if (a.type === 'redo') redoEdit(state);
  });
  const nothing = () => undefined;
  return {
    step: move, undo: move, redo: move, restart: move, tap: move, drag: move,
    text: (a) => pasteIntoEditor(ctx, a.text),
    'snapshot-save': () => saveEdited(ctx),
    cancel: () => update(() => cancelEditorSolve(state)),
    solve: () => solveEdited(ctx),
    hint: nothing, 'play-hint': nothing, enter: nothing, 'next-unsolved': nothing,
    share: () => copyEdited(ctx, (l) => ctx.page.link(shareFragment(l)), 'Link'),
    'open-level': leaving('open-level'), 'open-collection': leaving('open-collection'), hash: leaving('hash'),
    prev: leaving('prev'), next: leaving('next'), 'browser-open': leaving('browser-open'),
  };
}

function solverOptions(state, method) {
  const s = state.settings;
  return { method, timeLimitSeconds: Number(s.timeLimit), memoryMB: Number(s.memoryMB) };
}

async function solveEdited({ state, solvers, update }) {
  let job = null;
  update(() => { job = requestEditorSolve(state); });
  if (!job) return;
  const r = await solvers.run(state.editor.check.xsb, solverOptions(state, job.method), () => {});
  update(() => finishEditorSolve(state, job, r));
}

async function copyEdited(ctx, pick, what) {
  const level = editedLevel(ctx.state.editor);
  if (!level) return undefined;
  try {
    await ctx.page.copy(pick(level));
    return ctx.update(() => setEditorMessage(ctx.state, `${what} copied to the clipboard.`, 'good'));
  } catch {
    ctx.page.showText(pick(level));
    const words = `Could not reach the clipboard; the ${what.toLowerCase()} is shown in the dialog.`;
    return ctx.update(() => setEditorMessage(ctx.state, words));
  }
}

// Into "My levels", as a pasted level is kept; a failed write is said, and
// the drawing stays in the editor.
async function saveEdited(ctx) {
  const { state, library, update } = ctx;
  const e = state.editor;
  const level = editedLevel(e);
  if (!level) {
    update(() => setEditorMessage(state, `Not saved: the level is not valid yet (${e.check.message}).`, 'bad'));
    return;
  }
  const mine = library.myLevelsId();
  const before = mine ? (await library.open(mine)).levels.length : 0;
  let r;
  try {
    r = await library.addText(level.xsb, null);
  } catch (err) {
    update(() => setEditorMessage(state, `Not saved: ${err.message}. Your drawing is still here.`, 'bad'));
    return;
  }
  update(() => {
    if (state.editor !== e) return;
    e.saved = { id: r.id, index: r.index, runLength: level.runLength };
    setEditorMessage(state, r.index < before ? `This board is already level ${r.index + 1} of My levels.`
      : `Saved as level ${r.index + 1} of My levels.`, 'good');
  });
}

// The saved level, opened for play where it is kept.
async function openSaved(ctx) {
  const saved = ctx.state.editor && ctx.state.editor.saved;
  if (!saved) return;
  ctx.update(() => closeEditor(ctx.state));
  await ctx.openCollection(saved.id, saved.index);
}

// Text pasted while the editor is open: its first level goes on the board
// (Undo brings the drawing back).
function pasteIntoEditor({ state, update }, text) {
  const parsed = parseLevels(state.module, String(text || ''));
  const level = parsed.levels[0];
  update(() => {
    if (level && !isSink(level)) editCopy(state, level, null);
    else if (level) setEditorMessage(state, 'The editor draws standard levels; a sink level cannot be edited here.', 'bad');
    else setEditorMessage(state, `No level in the pasted text: ${parsed.errors[0] ? parsed.errors[0].text : 'nothing found'}.`, 'bad');
  });
}
