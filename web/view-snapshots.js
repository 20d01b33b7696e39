// Draws the Snapshots card, the Undo bar of the last removal, and the two
// dialogs the state asks with (a name; a question before a removal).
// view.js calls drawSnapshots from its one redraw.
import { movesPushes, pushesIn, when } from './words.js';
import { fillList, listSignature } from './view-lists.js';

const $ = (id) => document.getElementById(id);

export function drawSnapshots(state, drawn, now = Date.now()) {
  const has = Boolean(state.play.game);
  $('snapshot-save').disabled = !has;
  $('share-position').disabled = !has;
  const items = state.snapshots.map((s) => ({
    id: s.id,
    name: s.name,
    detail: snapshotDetail(s, now),
    selected: false,
    actions: [{ op: 'restore', label: 'Restore', title: 'Put this position on the board, with its undo and redo (your game is kept as a snapshot)' },
              { op: 'rename', label: 'Rename', title: 'Give this snapshot another name' },
              { op: 'delete', label: 'Delete', title: 'Delete this snapshot (Undo brings it back)' }],
  }));
  const signature = listSignature(items);
  if (signature !== drawn.snapshots) {
    drawn.snapshots = signature;
    fillList($('snapshot-list'), items, 'snapshot');
  }
  $('snapshot-empty').hidden = items.length > 0;
  drawUndoBar(state);
  drawNameDialog(state);
  drawConfirmDialog(state);
}

function drawUndoBar(state) {
  $('undo-bar').hidden = !state.removed;
  $('undo-text').textContent = state.removed ? state.removed.words : '';
}

function drawNameDialog(state) {
  const dialog = $('name-dialog');
  const n = state.naming;
  if (n && !dialog.open) {
    $('name-heading').textContent = n.heading;
    const input = $('name-input');
    input.value = n.name;
    dialog.returnValue = '';
    dialog.showModal();
    input.select();
  } else if (!n && dialog.open) {
    dialog.close();
  }
}

function drawConfirmDialog(state) {
  const dialog = $('confirm-dialog');
  const q = state.confirm;
  if (q && !dialog.open) {
    $('confirm-heading').textContent = q.heading;
    const text = $('confirm-text');
    text.textContent = '';
    for (const line of q.lines) {
      const p = document.createElement('p');
      p.textContent = line;
      text.append(p);
    }
    $('confirm-yes').textContent = q.yes;
    dialog.returnValue = '';
    dialog.showModal();
  } else if (!q && dialog.open) {
    dialog.close();
  }
}

// Where the snapshot stands and when it was saved; a default name already
// says the first, so it is not said twice.
function snapshotDetail(s, now) {
  const where = movesPushes(s.moves.length, pushesIn(s.moves));
  const redo = s.redo ? `${s.redo.length} more to redo` : '';
  const parts = s.name.startsWith(where) ? [redo, `saved ${when(s.created, now)}`] : [where, redo, when(s.created, now)];
  return parts.filter(Boolean).join(' · ');
}
