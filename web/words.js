// Numbers and outcomes in the words the page shows them. DOM-free.

export const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
export const fmtMB = (b) => (b < 1048576 ? Math.round(b / 1024) + ' KB' : (b / 1048576).toFixed(b < 10 * 1048576 ? 1 : 0) + ' MB');
export const fmtSeconds = (s) => (s < 0.1 ? Math.round(s * 1000) + ' ms' : (s < 10 ? s.toFixed(1) : Math.round(s).toString()) + ' s');
export const plural = (n, one, many = one + 's') => `${n} ${n === 1 ? one : many}`;
export const movesPushes = (m, p) => `${plural(m, 'move')}, ${plural(p, 'push', 'pushes')}`;

// Where a solution came from, as the Solution card names it.
const SOURCES = { player: 'yours', solver: 'by the solver', import: 'imported', link: 'from a link' };
export const sourceWords = (source) => SOURCES[source] || source;
