// The page's side of the service worker (sw.js): registers it, tells the
// state whether the page works offline and when a new version waits, and
// takes the new version when the player says so (the page reloads into it,
// all of its files from its one cache). Actions dispatched:
//   {type: 'offline', status}   'ready' (this version is kept for offline use)
//                               | 'unsupported' | 'failed' (with `message`)
//   {type: 'update', status}    'ready' (a new version waits)
//                               | 'elsewhere' (another tab took it: this page is the old one)
export function startOffline(dispatch) {
  const sw = navigator.serviceWorker;
  if (!sw || !window.isSecureContext) {
    dispatch({ type: 'offline', status: 'unsupported' });
    return { takeUpdate: () => location.reload() };
  }
  let registration = null;
  let taking = false;

  function check() {
    if (registration.active) dispatch({ type: 'offline', status: 'ready' });
    // With no page under a worker yet (the first visit) a new worker simply starts.
    if (registration.waiting && sw.controller) dispatch({ type: 'update', status: 'ready' });
  }

  sw.register('sw.js', { updateViaCache: 'none' }).then((reg) => {
    if (!reg) {  // a browser set to refuse service workers may answer so
      dispatch({ type: 'offline', status: 'unsupported' });
      return;
    }
    registration = reg;
    const watch = (w) => w && w.addEventListener('statechange', check);
    watch(reg.installing);
    watch(reg.waiting);
    reg.addEventListener('updatefound', () => watch(reg.installing));
    check();
    // A page left open for days looks for a new version when it is looked at again.
    document.addEventListener('visibilitychange', () => { if (!document.hidden) reg.update().catch(() => {}); });
  }, (e) => dispatch({ type: 'offline', status: 'failed', message: e && e.message ? e.message : String(e) }));

  const hadController = Boolean(sw.controller);
  sw.addEventListener('controllerchange', () => {
    if (taking) location.reload();
    else if (hadController) dispatch({ type: 'update', status: 'elsewhere' });
  });

  return {
    // Reloads into the waiting version (the page's state is saved as it unloads).
    takeUpdate() {
      if (registration && registration.waiting) {
        taking = true;
        registration.waiting.postMessage({ type: 'skip-waiting' });
      } else {
        location.reload();
      }
    },
  };
}
