// Numbers and outcomes in the words the page shows them. DOM-free.

export const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
export const fmtMB = (b) => (b < 1048576 ? Math.round(b / 1024) + ' KB' : (b / 1048576).toFixed(b < 10 * 1048576 ? 1 : 0) + ' MB');
export const fmtSeconds = (s) => (s < 0.1 ? Math.round(s * 1000) + ' ms' : (s < 10 ? s.toFixed(1) : Math.round(s).toString()) + ' s');
export const plural = (n, one, many = one + 's') => `${n} ${n === 1 ? one : many}`;
export const movesPushes = (m, p) => `${plural(m, 'move')}, ${plural(p, 'push', 'pushes')}`;

// Where a solution came from, as the Solution card names it.
const SOURCES = { player: 'yours', solver: 'by the solver', optimizer: 'by the optimizer', import: 'imported', link: 'from a link',
                  file: 'from the level file' };
export const sourceWords = (source) => SOURCES[source] || source;
// A kept solution the player did not find themselves, named by its source.
const OTHERS = { solver: 'Solver’s solution', optimizer: 'Optimizer’s solution', import: 'Imported solution',
                 link: 'Solution from a link' };
export const othersSolutionWords = (source) => OTHERS[source] || 'A solution';

// The pushes in a LURD text (upper-case steps).
export const pushesIn = (lurd) => String(lurd).replace(/[^LURD]/g, '').length;

const two = (n) => String(n).padStart(2, '0');
// "14:05" for a Date.now() value, in local time.
export const clock = (t) => {
  const d = new Date(t);
  return `${two(d.getHours())}:${two(d.getMinutes())}`;
};
// When something was saved: "14:05" today, else "3 Mar 14:05" (or with the year).
export function when(t, now) {
  const d = new Date(t);
  const n = new Date(now);
  if (d.toDateString() === n.toDateString()) return clock(t);
  const day = `${d.getDate()} ${d.toLocaleString('en-GB', { month: 'short' })}`;
  return `${day}${d.getFullYear() === n.getFullYear() ? '' : ' ' + d.getFullYear()} ${clock(t)}`;
}

// "a, b and c".
const listWords = (parts) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`);

// What an import added (storage.importAll's counts), in words.
export function importWords(s) {
  const parts = [];
  if (s.progress) parts.push(`your games on ${plural(s.progress, 'level')}`);
  if (s.solutions) parts.push(`best solutions on ${plural(s.solutions, 'level')}`);
  if (s.snapshots) parts.push(plural(s.snapshots, 'snapshot'));
  if (s.collections) parts.push(plural(s.collections, 'collection'));
  if (s.collectionStates) parts.push(`your place in ${plural(s.collectionStates, 'collection')}`);
  if (s.settings) parts.push(plural(s.settings, 'setting'));
  let out = parts.length ? `Imported ${listWords(parts)}.` : 'Nothing new: everything in the file was already here.';
  if (s.progressKeptAsSnapshots) {
    out += ` ${plural(s.progressKeptAsSnapshots, 'game')} that differed from the one here ${s.progressKeptAsSnapshots === 1 ? 'is' : 'are'} kept as ${s.progressKeptAsSnapshots === 1 ? 'a snapshot' : 'snapshots'}.`;
  }
  if (s.collectionsRenamed) {
    out += ` ${plural(s.collectionsRenamed, 'collection')} with the name of one here but other levels ${s.collectionsRenamed === 1 ? 'was' : 'were'} added as “… (imported)”.`;
  }
  return out;
}

// What an export holds, in words.
export function exportWords(data) {
  const solved = data.solutions.length;
  const parts = [`your games on ${plural(data.progress.length, 'level')}`, `best solutions on ${plural(solved, 'level')}`,
                 plural(data.snapshots.length, 'snapshot'), `${plural(data.collections.length, 'collection')} of your own`];
  return listWords(parts);
}
