// Draws the Solver card from the state: the buttons, the figures of the
// search under way (each worker's strategy, positions and memory), the
// answer, and under Advanced the settings and the workers the device gets.
import { planPool } from './pool-plan.js';
import { methodGroups, poolWords, sizeWords, solverWords } from './solver-words.js';
import { fmtInt, fmtMB, fmtSeconds } from './words.js';

const $ = (id) => document.getElementById(id);

export function drawSolver(state) {
  const job = state.job;
  const has = Boolean(state.play.game);
  $('solve').disabled = !has || Boolean(job && job.kind === 'solve');
  $('solve').textContent = job && job.kind === 'solve' ? 'Solving…' : 'Solve';
  $('hint').disabled = !has || Boolean(job && job.kind === 'hint');
  $('cancel').disabled = !job;
  $('solve-result').textContent = state.result.text;
  $('solve-result').className = 'result' + (state.result.kind ? ' ' + state.result.kind : '');
  drawFigures(state.figures);
  const sink = state.play.sink;
  $('method').disabled = sink;
  drawPool(state);
  setValue('method', state.settings.method);
  setValue('time-limit', state.settings.timeLimit);
  setValue('memory', state.settings.memoryMB);
  const o = $('method').selectedOptions[0];
  $('method-desc').textContent = sink
    ? 'This is a sink level: the sink solver is used (fewest pushes); the strategy applies to standard levels.'
    : o ? o.title : '';
  $('solver-words').textContent = solverWords(state.settings, $('method').options[0]?.value, sink);
}

function drawFigures(f) {
  $('progress').hidden = !f;
  const list = $('p-workers');
  list.hidden = !f || f.workers.length < 2;
  if (!f) return;
  $('p-elapsed').textContent = fmtSeconds(f.elapsed);
  $('p-nodes').textContent = fmtInt(f.nodes);
  $('p-rate').textContent = fmtInt(f.nodesPerSecond);
  $('p-memory').textContent = fmtMB(f.memoryBytes);
  const lines = f.workers.map((w, i) => `Worker ${i + 1}, ${w.method}: ${fmtInt(w.nodes)} positions, `
    + `${fmtMB(w.memoryBytes)} of ${sizeWords(w.budgetBytes)}; ${w.state}`);
  if (list.dataset.lines === lines.join('\n')) return;
  list.dataset.lines = lines.join('\n');
  list.replaceChildren(...lines.map((l) => Object.assign(document.createElement('li'), { textContent: l })));
}

// The workers this device gets with the Memory setting chosen, and the
// automatic budget named in the Memory picker.
function drawPool(state) {
  const machine = state.machine;
  if (!machine) return;
  const plan = planPool(machine.device, Number(state.settings.memoryMB), machine.methods);
  $('pool-words').textContent = poolWords(plan, machine.device);
  const auto = $('memory').querySelector('option[value="0"]');
  const total = planPool(machine.device, 0, machine.methods).totalBytes;
  auto.textContent = `Auto (${sizeWords(total)})`;
}

// Shows a setting in its picker, when the picker offers it.
function setValue(id, value) {
  const select = $(id);
  if ([...select.options].some((o) => o.value === String(value))) select.value = String(value);
}

// The strategies the module offers, grouped (solver-words.js), default first.
export function fillMethods(methods) {
  const sel = $('method');
  sel.textContent = '';
  for (const group of methodGroups(methods)) {
    const g = document.createElement('optgroup');
    g.label = group.label;
    for (const { value, label, title } of group.options) {
      const o = new Option(label, value);
      o.title = title;
      g.append(o);
    }
    sel.append(g);
  }
}
