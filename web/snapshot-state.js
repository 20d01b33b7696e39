// Snapshots: positions of the player's game on the shown level, saved under
// a name, each with its whole undo/redo history; restoring one, renaming,
// deleting (with Undo). Also the two small dialogs the page asks with: the
// name dialog and the question before something is removed. DOM-free.
//
// Restoring never loses the game on the board: unless it is empty or
// already one of the level's snapshots, it is first kept as a snapshot of
// its own ("Before restoring …"), shown at the top of the list, so the way
// back is one more Restore. (An Undo of the restore would fight with undoing
// moves inside the restored game, so the way back is a snapshot instead.)
import { closeReplay, commitProgress, emit, finishWalk, setStatus, showNotice } from './app-state.js';
import { stopJob } from './job-state.js';
import { emptyProgress, progressOf, sameProgress } from './state.js';
import { clock, movesPushes, plural, pushesIn } from './words.js';

// The name a snapshot gets unless the player gives one: where the game
// stands and when (local time).
export const defaultSnapshotName = (progress, now) =>
  `${movesPushes(progress.moves.length, pushesIn(progress.moves))} · ${clock(now)}`;

// "Save position": the name dialog opens with the default name; the
// position is the one at this moment (what the board shows under the dialog).
export function askSnapshotSave(state, now) {
  if (!state.play.game) return;
  finishWalk(state);
  const progress = progressOf(state.play.game);
  state.naming = { kind: 'new-snapshot', key: state.key, progress, name: defaultSnapshotName(progress, now),
                   heading: 'Save this position as' };
}

export function askSnapshotRename(state, id) {
  const s = state.snapshots.find((x) => x.id === id);
  if (s) state.naming = { kind: 'snapshot', id, name: s.name, heading: 'Rename the snapshot' };
}

// The name dialog was answered: `name` (empty or blank: the name it had).
export function nameGiven(state, name) {
  const n = state.naming;
  if (!n) return;
  state.naming = null;
  const given = String(name || '').trim().slice(0, 120) || n.name;
  switch (n.kind) {
    case 'new-snapshot':
      emit(state, { type: 'snapshot', key: n.key, name: given, progress: n.progress });
      setStatus(state, `Position saved as “${given}”.`, 'good');
      break;
    case 'snapshot':
      if (given !== n.name) emit(state, { type: 'rename-snapshot', id: n.id, name: given });
      break;
    case 'collection':
      if (given !== n.name) emit(state, { type: 'rename-collection', id: n.id, name: given });
      if (state.collection && state.collection.id === n.id) state.collection = { ...state.collection, name: given };
      break;
    default: throw new Error('nameGiven: unknown kind ' + n.kind);
  }
}

export function namingCancelled(state) { state.naming = null; }

// Puts snapshot `id`'s game on the board, its history with it.
export function restoreSnapshot(state, id) {
  const snap = state.snapshots.find((s) => s.id === id);
  const play = state.play;
  if (!snap || !play.game) return;
  if (state.job && state.job.kind === 'hint') stopJob(state);  // it was for the old position
  closeReplay(state);
  finishWalk(state);
  const before = progressOf(play.game);
  if (sameProgress(before, snap)) {
    setStatus(state, `Your game already stands at “${snap.name}”.`);
    return;
  }
  const keep = !emptyProgress(before) && !state.snapshots.some((s) => sameProgress(s, before));
  const keptName = `Before restoring “${snap.name}”`;
  if (keep) emit(state, { type: 'snapshot', key: state.key, name: keptName, progress: before });
  const lost = play.setProgress(snap);
  state.announced = play.solved();  // a solved snapshot is not a new solve
  state.banner = null;
  state.takeover = null;
  state.hintLine = null;
  commitProgress(state);
  if (lost) {
    showNotice(state, 'This snapshot did not fully replay on this board',
               [`${lost} of ${plural(snap.moves.length + snap.redo.length, 'step')} could not be played; the game stops before them.`]);
    return;
  }
  setStatus(state, `Restored “${snap.name}”.` + (keep ? ` The game you had is kept as the snapshot “${keptName}”.` : ''), 'good');
}

export function deleteSnapshot(state, id) {
  const snap = state.snapshots.find((s) => s.id === id);
  if (!snap) return;
  emit(state, { type: 'delete-snapshot', id });
  state.removed = { kind: 'snapshot', record: snap, words: `Snapshot “${snap.name}” deleted.` };
}

// Undo of the last removal (a snapshot or a collection).
export function undoRemoval(state) {
  const r = state.removed;
  if (!r) return;
  state.removed = null;
  emit(state, { type: r.kind === 'snapshot' ? 'restore-snapshot' : 'restore-collection', record: r.record });
  setStatus(state, r.kind === 'snapshot' ? `Snapshot “${r.record.name}” is back.` : `Collection “${r.record.name}” is back.`, 'good');
}

export function dismissRemoval(state) { state.removed = null; }

// The question before something is removed; answered by confirmAnswered.
export function askConfirm(state, question) { state.confirm = question; }
export function confirmAnswered(state) {
  const q = state.confirm;
  state.confirm = null;
  return q;
}
