// The Solver card in a player's words: what Solve and Hint will do with the
// settings chosen, and the strategies grouped by what they are good for
// (the groups and the technical descriptions sit under "Advanced"). DOM-free.
import { fmtMB, plural } from './words.js';

export const HINT_TIME_LIMIT = 30;  // seconds at most for a hint

// "1 minute", "30 seconds", "90 seconds".
export function durationWords(seconds) {
  return seconds >= 60 && seconds % 60 === 0 ? plural(seconds / 60, 'minute') : plural(seconds, 'second');
}

// The line under the Solver heading. settings: {method, timeLimit};
// defaultMethod: the module's first strategy; sink: a sink level is shown.
export function solverWords(settings, defaultMethod, sink = false) {
  const limit = Number(settings.timeLimit);
  const hint = limit > HINT_TIME_LIMIT ? ` (${durationWords(HINT_TIME_LIMIT)} for a hint)` : '';
  const tries = `tries for up to ${durationWords(limit)}${hint}.`;
  const what = 'Solve finds a way from the start and plays it beside your game; Hint shows your next push.';
  if (sink) return `${what} On this sink level the sink solver (fewest pushes) ${tries}`;
  const method = settings.method || 'default';
  if (method === 'default' || method === 'portfolio' || method === defaultMethod) return `${what} The solver ${tries}`;
  return `${what} With “${method}”, chosen under Advanced, it ${tries}`;
}

// "2 GB", "1.5 GB", "512 MB".
export function sizeWords(bytes) {
  const gb = bytes / 1073741824;
  return gb >= 1 ? `${Number(gb.toFixed(gb < 10 ? 1 : 0))} GB` : fmtMB(bytes);
}

// Why the memory budget is what it is (pool-plan.js's plan.source).
function budgetReason(plan, device) {
  if (plan.source === 'setting') return 'the memory chosen under Advanced';
  if (plan.source === 'device') return `a quarter of this device's ${device.memoryGB} GB`;
  return 'the solver\'s default for each worker; this browser does not tell how much memory the device has';
}

// The line about the workers: how many, which strategy each runs, the
// memory each may take and why. plan: pool-plan.js's planPool; device: its
// figures.
export function poolWords(plan, device) {
  const why = budgetReason(plan, device);
  const forced = device.forcedWorkers ? ` The page address asks for ${plural(device.forcedWorkers, 'worker')}.` : '';
  if (plan.workers === 1) {
    const cores = device.cores > 0 && !device.forcedWorkers && device.cores <= 2 ? ` (this device has ${plural(device.cores, 'core')}; one stays with the page)` : '';
    return `One worker${cores} with ${sizeWords(plan.shareBytes)} of memory: ${why}.${forced}`;
  }
  return `${plan.workers} workers side by side (${plan.members.join(', ')}), ${sizeWords(plan.shareBytes)} of memory each, `
    + `${sizeWords(plan.totalBytes)} in all: ${why}. The first solution wins.${forced}`;
}

// The strategy groups, in the order they are listed; a strategy goes in the
// first group whose test it passes.
const GROUPS = [
  { label: 'Fewest pushes (small levels)', test: (n) => /^bfs/.test(n) || n === 'astar' },
  { label: 'Fewest moves (small levels)', test: (n) => n === 'astar-moves' },
  { label: 'Fast, not the shortest', test: (n) => n === 'greedy' },
  { label: 'FESS variants (after Festival, by Shoham and Schaeffer)', test: (n) => /^fess/.test(n) },
  { label: 'hbox methods (after hbox 1.3.5, by fastrgv)', test: (n) => /^hbox/.test(n) },
  { label: 'Other', test: () => true },
];

// methods: [{name, description}], default first (the module's
// solverMethods). The default runs beside other strategies when the device
// has the cores (pool-plan.js); any other runs alone.
// Returns [{label, options: [{value, label, title}]}].
export function methodGroups(methods) {
  if (!methods.length) return [];
  const [first, ...rest] = methods;
  const title = `${first.description}. With more than one worker, other strategies search beside it; the first solution wins.`;
  const best = { label: 'Recommended', options: [{ value: first.name, label: `${first.name} (default)`, title }] };
  const groups = GROUPS.map((g) => ({ label: g.label, test: g.test, options: [] }));
  for (const m of rest) groups.find((g) => g.test(m.name)).options.push({ value: m.name, label: m.name, title: m.description });
  return [best, ...groups.filter((g) => g.options.length).map(({ label, options }) => ({ label, options }))];
}
