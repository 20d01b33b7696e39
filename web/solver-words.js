// The Solver card in a player's words: what Solve and Hint will do with the
// settings chosen, and the strategies grouped by what they are good for
// (the groups and the technical descriptions sit under "Advanced"). DOM-free.
import { plural } from './words.js';

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
  if (method === 'default' || method === defaultMethod) return `${what} The solver ${tries}`;
  const how = method === 'portfolio' ? 'several strategies side by side' : `“${method}”`;
  return `${what} With ${how}, chosen under Advanced, it ${tries}`;
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
// solverMethods); portfolio: the strategies a portfolio runs, or [].
// Returns [{label, options: [{value, label, title}]}].
export function methodGroups(methods, portfolio = []) {
  if (!methods.length) return [];
  const [first, ...rest] = methods;
  const best = { label: 'Recommended', options: [{ value: first.name, label: `${first.name} (default)`, title: first.description }] };
  if (portfolio.length >= 2) {
    best.options.push({ value: 'portfolio', label: 'portfolio',
                        title: `${portfolio.join(', ')} side by side, one worker each; the first solution wins` });
  }
  const groups = GROUPS.map((g) => ({ label: g.label, test: g.test, options: [] }));
  for (const m of rest) groups.find((g) => g.test(m.name)).options.push({ value: m.name, label: m.name, title: m.description });
  return [best, ...groups.filter((g) => g.options.length).map(({ label, options }) => ({ label, options }))];
}
