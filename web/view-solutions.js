// Draws the Solutions card from the state: the level's solutions as a list
// (solutions-state.js), the replay controls of the one selected, and the
// replay bar above the board while a replay is shown. view.js calls it from
// its one redraw.
import { selectedRow, solutionRows } from './solutions-state.js';
import { movesPushes, plural, sourceWords } from './words.js';
import { fillList, listSignature } from './view-lists.js';

const PLAY_ICON = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M4 2v12l10-6z"/></svg>';
const PAUSE_ICON = '<svg viewBox="0 0 16 16" aria-hidden="true"><path d="M3 2h4v12H3zM9 2h4v12H9z"/></svg>';

const $ = (id) => document.getElementById(id);

const OPTIMIZE_ACTIONS = [
  { op: 'fewer-pushes', label: 'Fewer pushes', title: 'Search for a solution with fewer pushes (then fewer moves) near this one' },
  { op: 'fewer-moves', label: 'Fewer moves', title: 'Search for a solution with fewer moves (then fewer pushes) near this one' },
];

export function drawSolutions(state, drawn) {
  const r = state.replay;
  const s = r ? r.solution : state.solution;
  const { rows, problems } = solutionRows(state);
  drawList(rows, selectedRow(state, rows), drawn, state.play.sink);
  $('solution-problems').hidden = !problems.length;
  $('solution-problems').textContent = problems.join(' ');
  $('copy-solution').disabled = !s;
  $('download-level').disabled = !state.level;
  $('replay-controls').hidden = !s;
  // The list says what each solution is; the line speaks only while there is none.
  $('replay-summary').hidden = Boolean(s);
  drawTransport(state, r, s);
  $('replay-card').classList.toggle('replaying', Boolean(r));
  $('replay-bar').hidden = !r;
}

// The optimizer works on standard levels: a sink level's rows offer no Fewer buttons.
function drawList(rows, selected, drawn, sink) {
  const items = rows.map((row, i) => ({
    name: row.labels.join(' · '),
    // The file's row is named for its source already.
    detail: movesPushes(row.solution.moves, row.solution.pushes) + (row.solution.source === 'file' ? '' : ` (${solutionWords(row.solution)})`),
    selected: i === selected,
    actions: [{ op: 'replay', label: 'Replay', title: 'Replay this solution beside your game' },
              { op: 'copy', label: 'Copy', title: 'Copy this solution as LURD' },
              ...(sink ? [] : OPTIMIZE_ACTIONS)],
    id: String(i),
  }));
  const signature = listSignature(items);
  if (signature === drawn.solutions) return;
  drawn.solutions = signature;
  fillList($('solution-list'), items, 'solution');
}

function drawTransport(state, r, s) {
  const len = r ? r.length : s ? s.moves : 0;
  const pos = r ? r.position() : s ? Math.min(s.at || 0, len) : 0;
  const scrub = $('r-scrub');
  scrub.max = String(len);
  scrub.value = String(pos);
  $('r-pos').textContent = `${pos} / ${len}`;
  const playing = Boolean(r && r.playing);
  const button = $('r-play');
  if (button.dataset.playing !== String(playing)) {
    button.dataset.playing = String(playing);
    button.setAttribute('aria-label', playing ? 'Pause' : 'Play');
    button.title = playing ? 'Pause' : 'Play';
    button.innerHTML = playing ? PAUSE_ICON : PLAY_ICON;
  }
  const speed = $('r-speed');
  if ([...speed.options].some((o) => o.value === String(state.settings.speed))) speed.value = String(state.settings.speed);
  if (r) $('replay-where').textContent = `Solution replay, move ${pos} of ${len}. Your own game is kept.`;
}

function solutionWords(s) {
  if (s.from !== undefined) return `your ${plural(s.from.length, 'move')}, then the solver's`;
  return sourceWords(s.source);
}
