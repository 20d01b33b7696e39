// Offline use and new versions of the page, as state and words: whether
// this version is kept for use with no network, and whether a new version
// waits (offline.js reports both). DOM-free.

// status: 'ready' | 'unsupported' | 'failed' (message: why).
export function offlineChanged(state, status, message = '') {
  state.offline = { status, message };
}

// status: 'ready' (a new version waits) | 'elsewhere' (another tab took
// it) | null (the player said "later").
export function updateChanged(state, status) {
  state.update = status;
}

// The line in the "This page" card.
export function offlineWords(offline) {
  if (!offline) return '';
  switch (offline.status) {
    case 'ready': return 'Works offline: after this visit the page, the levels and the solver need no network.';
    case 'unsupported': return 'This browser cannot keep the page for offline use; it needs the network on each visit.';
    default: return `The page could not be kept for offline use${offline.message ? ` (${offline.message})` : ''}; it needs the network on each visit.`;
  }
}

// The bar that offers the new version.
export function updateWords(status) {
  if (status === 'ready') return 'A new version of the page is ready.';
  if (status === 'elsewhere') return 'The page was updated in another tab; reload to use the new version.';
  return '';
}
