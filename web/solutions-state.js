// The shown level's solutions, as the Solutions card lists them: the best
// by moves and the best by pushes that the player or the solver found (in
// storage), the ones the level's file gives (its `Solution` sections,
// verified here), and the solution last shown if it is none of those (a
// solver's answer that is no better, a hint's line). Each can be replayed
// beside the player's game, copied as LURD, or saved with the level as a
// .sok file. DOM-free.
import { isSink, levelText } from './library.js';
import { openReplay } from './replay-state.js';
import { newGame } from './state.js';
import { movesPushes, plural, sourceWords } from './words.js';

// The file's solutions of `level` (parseCollection gives them as written,
// run-length LURD allowed), each checked with the core's verify:
// [{lurd, moves, pushes, source: 'file'} | {problem}] in the file's order.
// The LURD is the game's own (pushes upper case), whatever case the file used.
export function shippedSolutions(module, level) {
  if (!level || isSink(level) || !Array.isArray(level.solutions)) return [];
  return level.solutions.map((text, i) => {
    const where = level.solutions.length > 1 ? `The level file's solution ${i + 1}` : 'The level file\'s solution';
    const e = module.expandLurd(String(text));
    if (e.error) return { problem: `${where} cannot be read: ${e.error} (at character ${e.errorAt + 1}).` };
    const v = module.verify(levelText(level), e.steps);
    if (!v.solved) {
      return { problem: `${where} does not solve this level: ` + (v.legal ? `it plays ${plural(v.moves, 'move')} but leaves boxes off their goals.` : `${v.error || v.text}.`) };
    }
    const game = newGame(module, level);
    game.playAll(e.steps);
    const lurd = game.fullHistory();
    game.delete();
    return { lurd, moves: v.moves, pushes: v.pushes, source: 'file' };
  });
}

// The rows of the Solutions card: [{labels, solution}] (one row per
// distinct solution, with every name it goes by), and the problems of the
// file's solutions that do not play.
export function solutionRows(state) {
  const rows = [];
  const add = (label, s) => {
    if (!s) return;
    const same = rows.find((r) => r.solution.lurd === s.lurd);
    if (same) same.labels.push(label);
    else rows.push({ labels: [label], solution: s });
  };
  add('Best by moves', state.best.byMoves);
  add('Best by pushes', state.best.byPushes);
  const good = state.shipped.filter((s) => !s.problem);
  good.forEach((s, i) => add(good.length > 1 ? `From the level file (${i + 1})` : 'From the level file', s));
  const shown = state.replay ? state.replay.solution : state.solution;
  if (shown && !rows.some((r) => r.solution.lurd === shown.lurd)) add(latestLabel(shown), shown);
  return { rows, problems: state.shipped.filter((s) => s.problem).map((s) => s.problem) };
}

function latestLabel(s) {
  if (s.from !== undefined) return 'A hint’s way from your position';
  if (s.source === 'solver') return 'Found by the solver';
  if (s.source === 'player') return 'Yours';
  return sourceWords(s.source).replace(/^./, (c) => c.toUpperCase());
}

// The row of the solution the replay controls act on, or -1.
export function selectedRow(state, rows) {
  const shown = state.replay ? state.replay.solution : state.solution;
  return shown ? rows.findIndex((r) => r.solution.lurd === shown.lurd) : -1;
}

// Replays row `index` beside the player's game, from its start.
export function replaySolutionRow(state, index) {
  const row = solutionRows(state).rows[index];
  if (!row) return;
  const { at, from, ...solution } = row.solution;
  state.solution = { ...solution, at: 0 };
  openReplay(state, { autoplay: true, at: 0 });
}

// The LURD of row `index` (null when there is none).
export function solutionRowLurd(state, index) {
  const row = solutionRows(state).rows[index];
  return row ? row.solution.lurd : null;
}

// The level as a .sok text with its solutions (the file's and the best
// found), for the player to keep or pass on: {name, text}. A sink level is
// its own format (.txt), whose reader skips the solution lines.
export function levelFile(state) {
  const level = state.level;
  const { rows } = solutionRows(state);
  const sections = rows.filter((r) => r.solution.from === undefined)
    .map((r) => `Solution (${r.labels.join(', ').toLowerCase()}; ${movesPushes(r.solution.moves, r.solution.pushes)}):\n${r.solution.lurd}\n`);
  const body = isSink(level) ? level.text.replace(/\s*$/, '\n') : level.xsb;
  const title = level.title || `Level ${state.index + 1}`;
  const name = title.replace(/[^\w .()-]+/g, '_').trim().slice(0, 80) || 'level';
  return { name: `${name}.${isSink(level) ? 'txt' : 'sok'}`, text: body + sections.join('') };
}
