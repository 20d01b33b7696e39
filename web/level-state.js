// Which level is shown and what the player does on it: moves, undo, redo,
// restart, mouse walks and pushes, the solved moment, and keeping every
// level's progress (each change is saved for its level; another level, a
// reload or another collection brings it back). DOM-free.
import { closeReplay, commitProgress, emit, finishWalk, setResult, setStatus, settleGame, showNotice, takeoverUndoable } from './app-state.js';
import { stopJob } from './job-state.js';
import { SHARED, levelKey } from './library.js';
import { shippedSolutions } from './solutions-state.js';
import { emptyProgress, progressOf, sameProgress } from './state.js';
import { movesPushes, othersSolutionWords, plural, sourceWords } from './words.js';

// Shows level `index` of `collection` ({id, name, levels}). `stored` is
// what storage holds for it: progress {moves, redo} and the best solution
// by moves ({lurd, moves, pushes, source}), each or both null, and whether
// the player solved it themselves (the best may be the solver's either way).
export function showLevel(state, collection, index, { progress = null, best = null, solvedByPlayer = false } = {}) {
  leaveLevel(state);
  const newCollection = !state.collection || state.collection.id !== collection.id;
  const level = collection.levels[index];
  state.collection = collection;
  state.index = index;
  state.level = level;
  state.key = levelKey(level);
  const lost = state.play.load(level, progress);
  state.saved = progress ? { moves: progress.moves || '', redo: progress.redo || '' } : progressOf(state.play.game);
  state.announced = state.play.solved();  // a restored solved position is not a new solve
  state.banner = null;
  state.takeover = null;
  state.shipped = shippedSolutions(state.module, level);
  const fromFile = state.shipped.find((s) => !s.problem);
  state.solution = best ? { ...best, at: 0 } : fromFile ? { ...fromFile, at: 0 } : null;
  state.hintLine = null;
  state.figures = null;
  if (state.removed && state.removed.kind === 'snapshot') state.removed = null;  // its Undo was about the level left
  setResult(state, '');
  setStatus(state, storedWords(best, solvedByPlayer));
  if (lost) {
    const total = (progress.moves || '').length + (progress.redo || '').length;
    showNotice(state, 'Your saved game on this level did not fully replay', [
      `${lost} of ${plural(total, 'step')} could not be played on this board; the game stops before them.`]);
  }
  // A level opened from a link is not a place in a collection to come back to.
  if (collection.id !== SHARED) {
    emit(state, { type: 'collection-state', id: collection.id, lastIndex: index });
    if (newCollection) emit(state, { type: 'setting', name: 'collection', value: collection.id });
  }
}

// What the status line says of a level's kept solutions as it opens.
function storedWords(best, solvedByPlayer) {
  if (!best) return solvedByPlayer ? 'Solved before.' : '';
  const mp = movesPushes(best.moves, best.pushes);
  if (solvedByPlayer) return `Solved before: best ${mp}${best.source === 'player' ? '' : ` (${sourceWords(best.source)})`}.`;
  return `Not solved by you yet. ${othersSolutionWords(best.source)}: ${mp}.`;
}

// Before another level is shown: the solver stops, the replay closes, a walk
// ends where it was going and the game is saved.
function leaveLevel(state) {
  if (!state.play.game) return;
  if (state.job) stopJob(state);
  closeReplay(state);
  finishWalk(state);
  commitProgress(state);
  // Another tab's game on this level is what storage holds now and what the
  // level opens with next time; this tab's game is kept beside it.
  if (state.foreign && state.foreign.key === state.key) {
    emit(state, { type: 'snapshot', key: state.key, name: 'From this tab', progress: progressOf(state.play.game) });
  }
  state.foreign = null;
}

// An action on the player's game: {type: 'step', dir} | {type: 'undo'} |
// {type: 'redo'} | {type: 'restart'} | {type: 'tap', cell} | {type: 'play-hint'}
// | {type: 'undo-push'} (back to before the last push, the walk after it too).
// While a replay is shown the first such action only brings the player's
// game back: a move must never land on a position the player was not looking at.
export function playerAction(state, action) {
  const play = state.play;
  if (!play.game) return;
  if (state.replay) {
    closeReplay(state);
    setStatus(state, 'Back to your game.');
    return;
  }
  if (state.job && state.job.kind === 'hint' && action.type !== 'play-hint') stopJob(state);  // it was for the old position
  setStatus(state, '');  // the last message was about the position before this action
  state.hintLine = null;  // it started from the position before this action
  switch (action.type) {
    case 'step': play.step(action.dir); break;
    case 'undo': undo(state); break;
    case 'undo-push': undoPush(state); break;
    case 'redo': play.redo(); break;
    case 'restart': play.restart(); break;
    case 'tap': tap(state, action.cell); break;
    case 'drag': drag(state, action.from, action.to); break;
    case 'play-hint': play.playHint(); break;
    default: throw new Error('playerAction: unknown action ' + action.type);
  }
  settleGame(state);
}

function tap(state, cell) {
  const outcome = state.play.tap(cell);
  if (outcome === 'select') setStatus(state, 'Now click the square to push this box to.');
  else if (outcome === 'far') setStatus(state, 'Stand next to a stone, then click it to push it.');
  else if (outcome === 'no-path') setStatus(state, 'No way to get there.', 'bad');
}

// A box dragged with the mouse to another square is pushed there along the
// core's shortest push path; a drag that does not start on a box is a tap
// where it started. When the box cannot go there the status says why.
const DRAG_REFUSALS = {
  'no-floor': 'A box can only be pushed onto a floor square.',
  occupied: 'Another box stands on that square.',
  'no-path': 'This box cannot be pushed to that square from here.',
};
function drag(state, from, to) {
  const outcome = state.play.drag(from, to);
  if (outcome === 'tap') tap(state, from);
  else if (DRAG_REFUSALS[outcome]) setStatus(state, DRAG_REFUSALS[outcome], 'bad');
}

function undo(state) {
  state.play.flush();
  if (takeoverUndoable(state)) {
    state.play.setProgress(state.takeover.before);
    state.takeover = null;
    setStatus(state, 'Your own game is back, as it was before “Continue from here”.');
    return;
  }
  state.play.undo();
}

// The deadlock warning's Undo: steps back until a push has been taken back.
function undoPush(state) {
  const play = state.play;
  play.flush();
  while (play.game.canUndo()) {
    const pushed = /[LURD]$/.test(play.game.history());
    play.undo();
    if (pushed) return;
  }
}

// One step of a mouse walk or push; false when there was none.
export function walkTick(state) {
  if (!state.play.tick()) return false;
  if (!state.play.queue) settleGame(state);
  return true;
}

// Storage says a record of the shown level's progress changed in another
// tab. This tab's game wins while the level is open here (the player is
// looking at it; replacing it under their hands would be the surprise):
// the other game is kept as a snapshot when this tab saves next, or, if this
// tab leaves the level first, it stays the level's progress and this tab's
// game is kept as a snapshot (leaveLevel).
export function progressChangedElsewhere(state, key, theirs) {
  if (key !== state.key || !state.play.game || !theirs) return;
  if (sameProgress(theirs, progressOf(state.play.game)) || sameProgress(theirs, state.saved)) return;
  state.foreign = { key, progress: { moves: theirs.moves || '', redo: theirs.redo || '' } };
  setStatus(state, 'This level was played in another tab too. Your game here stays, and the other one is kept as a snapshot.');
}

// The open collection's levels changed in another tab (a level pasted into
// it there): the list follows, and the level shown stays shown.
export function collectionChanged(state, id, levels, name = null) {
  if (!state.collection || state.collection.id !== id || !levels.length) return;
  state.collection = { ...state.collection, levels, name: name || state.collection.name };
  const at = levels.findIndex((l) => levelKey(l) === state.key);
  if (at >= 0) state.index = at;
}

// Storage said whether the solution just found improved on the best.
export function solutionRecorded(state, key, improved) {
  if (state.banner && key === state.key) state.banner.improved = improved;
}

// The previous version of the page kept one position (its moves) for the
// level it was on. Shown once on that level: it becomes the level's game
// when there is none yet, else it is kept as a snapshot beside it.
export function applyOldPosition(state, moves) {
  if (!state.play.game || !moves) return;
  const old = { moves, redo: '' };
  if (sameProgress(old, state.saved)) return;
  if (state.saved && (state.saved.moves || state.saved.redo)) {
    emit(state, { type: 'snapshot', key: state.key, name: 'From the previous version of the page', progress: old });
    return;
  }
  const lost = state.play.setProgress(old);
  state.announced = state.play.solved();
  if (lost) showNotice(state, 'Your game from the previous version of the page did not fully replay',
                       [`${lost} of ${plural(moves.length, 'step')} could not be played on this board.`]);
  commitProgress(state);
}

// A link carried moves (run-length LURD): the level opens at that position,
// the moves its undo history. A different game the player had on this
// level is kept as a snapshot first.
export function applyLinkMoves(state, text) {
  const play = state.play;
  if (!play.game) return;
  const expanded = state.module.expandLurd(String(text));
  if (expanded.error) {
    showNotice(state, 'The link\'s moves could not be read; the level opens at its start', [
      `${expanded.error} (at character ${expanded.errorAt + 1})`]);
    return;
  }
  const link = { moves: expanded.steps, redo: '' };
  const before = progressOf(play.game);
  if (sameProgress(before, link)) return;
  if (!emptyProgress(before) && !state.snapshots.some((s) => sameProgress(s, before))) {
    emit(state, { type: 'snapshot', key: state.key, name: 'Before opening a link', progress: before });
  }
  const lost = play.setProgress(link);
  state.announced = play.solved();
  commitProgress(state);
  if (lost) {
    showNotice(state, 'The link\'s moves do not all fit this level',
               [`${lost} of ${plural(link.moves.length, 'step')} could not be played; the game stops before them.`]);
    return;
  }
  setStatus(state, `Opened at move ${play.game.moves()} from the link; Undo walks back through its moves.`, 'good');
}

// An import changed the shown level's progress (it was newer; the game
// this tab had is kept as a snapshot by the merge): the board follows.
export function progressReplaced(state, stored) {
  const play = state.play;
  if (!play.game || !stored || sameProgress(stored, state.saved)) return;
  finishWalk(state);
  closeReplay(state);
  play.setProgress(stored);
  state.saved = { moves: stored.moves, redo: stored.redo };
  state.announced = play.solved();
  state.banner = null;
  state.takeover = null;
}
