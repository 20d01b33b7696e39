// The replay beside the player's game: opening it (Solve, an imported
// solution, or the Solution card's controls), driving it, leaving it, and
// "continue from here", the one explicit way the solution's moves enter the
// player's game. DOM-free.
//
// Continue from here: the player's game becomes the solution's moves up to
// the position shown, with the rest of the solution as its redo. The game
// it replaces is kept two ways: in memory, so that Undo right there gives it
// back exactly in one step (the solution's moves came in as one action and
// leave as one); and as a snapshot in storage, so a reload or another level
// in between never loses it.
import { closeReplay, commitProgress, dismissNotice, emit, finishWalk, setResult, setStatus, showNotice } from './app-state.js';
import { isSink } from './library.js';
import { Replay } from './replay.js';
import { emptyProgress, newGame, progressOf, sameProgress } from './state.js';
import { movesPushes } from './words.js';

// Opens `solution` (by default the Solution card's) beside the player's
// game, at move `at` (by default where it was last shown, or the start when
// it plays at once).
export function openReplay(state, { solution = state.solution, autoplay = false, at = null } = {}) {
  if (!solution || !state.level) return false;
  closeReplay(state);
  finishWalk(state);
  state.play.selected = -1;
  state.banner = null;
  const start = at ?? (autoplay ? 0 : solution.at || 0);
  const replay = new Replay(newGame(state.module, state.level), solution, start);
  state.replay = replay;
  if (!replay.complete) {
    showNotice(state, 'This solution does not play to its end on this board', [
      `It stops after ${replay.length} moves; the replay shows those.`]);
  }
  if (autoplay) replay.play();
  setStatus(state, replayingWords(replay));
  return true;
}

// A hint's line starts with the player's own moves; the replay says so.
const replayingWords = (r) => `Replaying ${r.solution.from === undefined ? 'the solution' : 'a solution from your position'}. `
  + 'Your own game is kept: “Back to my game” returns to it.';

// The last hint's whole line, from the player's position on.
export function watchHintLine(state) {
  const line = state.hintLine;
  if (line) openReplay(state, { solution: line, autoplay: true, at: line.at ?? line.from.length });
}

// The player left the replay: their game is shown again, as it was.
export function leaveReplay(state) {
  if (!state.replay) return;
  closeReplay(state);
  setStatus(state, 'Back to your game.');
}

// The Solution card's controls; they open the replay when it is not shown.
// op: 'toggle' | 'back' | 'forward' | 'start' | 'end' | 'seek' (to move `to`).
export function replayControl(state, op, to = 0) {
  if (!state.replay && !openReplay(state, op === 'seek' ? { at: to } : {})) return;
  const r = state.replay;
  switch (op) {
    case 'toggle':
      r.toggle();
      if (r.playing) setStatus(state, replayingWords(r));
      break;
    case 'back': r.stepBack(); break;
    case 'forward': r.stepForward(); break;
    case 'start': r.pause(); r.seek(0); break;
    case 'end': r.pause(); r.seek(r.length); break;
    case 'seek': r.pause(); r.seek(to); break;
    default: throw new Error('replayControl: unknown control ' + op);
  }
  arrived(state);
}

// One step of a playing replay (the ticker calls it at the replay speed).
export function replayTick(state) {
  if (!state.replay || !state.replay.playing) return;
  state.replay.tick();
  arrived(state);
}

// Only the end is news; in between, the status line keeps what it says (a
// copied link, say).
function arrived(state) {
  const r = state.replay;
  if (r.atEnd() && r.solved()) setStatus(state, 'Replay finished: the level is solved.', 'good');
}

export function continueFromReplay(state) {
  const r = state.replay;
  if (!r) return;
  const play = state.play;
  const before = progressOf(play.game);
  const prefix = r.movesSoFar();
  const after = { moves: prefix, redo: r.game.fullHistory().slice(prefix.length) };
  closeReplay(state);
  if (sameProgress(before, after)) {
    setStatus(state, 'Your game already stands there.');
    return;
  }
  if (!emptyProgress(before)) emit(state, { type: 'snapshot', key: state.key, name: 'Before “Continue from here”', progress: before });
  state.takeover = { key: state.key, at: prefix.length, prefix, before };
  play.setProgress(after);
  state.announced = play.solved();  // the solution's own end is the solver's solve, not the player's
  state.banner = null;
  commitProgress(state);
  setStatus(state, `Your game goes on from move ${prefix.length} of the solution. Undo gives your own game back.`);
}

// A LURD text for the level shown: verified by the core, then replayed
// beside the player's game and recorded. False (with a notice saying why)
// when it is not a solution of this level.
export function importSolution(state, text) {
  const level = state.level;
  if (!level) return false;
  const M = state.module;
  const expanded = M.expandLurd(String(text));
  if (expanded.error) {
    showNotice(state, 'That is not a solution:', [`${expanded.error} (at character ${expanded.errorAt + 1})`]);
    return false;
  }
  const sink = isSink(level);
  const v = sink ? M.verifySink(level.text, expanded.steps) : M.verify(level.xsb, expanded.steps);
  if (!v.solved) {
    const left = sink ? 'leaves stones outside the sink' : 'leaves boxes off their goals';
    showNotice(state, 'That solution does not solve this level:', [v.legal ? `it plays ${v.moves} moves but ${left}` : v.error || v.text]);
    return false;
  }
  dismissNotice(state);
  state.solution = { lurd: expanded.steps, moves: v.moves, pushes: v.pushes, source: 'import', at: 0 };
  openReplay(state, { autoplay: true });
  // As the game records it: pushes upper case, whatever case the text used.
  state.solution.lurd = state.replay.game.fullHistory();
  const { at, ...solution } = state.solution;
  emit(state, { type: 'record-solution', key: state.key, solution });
  setResult(state, `Imported solution verified: ${movesPushes(v.moves, v.pushes)}.`, 'good');
  return true;
}
