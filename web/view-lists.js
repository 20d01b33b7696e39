// The small lists of the side panel (solutions, snapshots): each item a
// name, a detail line and a few buttons. A button carries data-list,
// data-op and data-id; input.js turns its click into an action.

// A list is rebuilt only when what it shows changed (a click must not land
// on a button that is being replaced).
export const listSignature = (items) => JSON.stringify(items);

// items: [{id, name, detail, selected, actions: [{op, label, title}]}].
export function fillList(ul, items, list) {
  ul.textContent = '';
  for (const item of items) {
    const li = document.createElement('li');
    li.className = 'item' + (item.selected ? ' selected' : '');
    const main = document.createElement('div');
    main.className = 'item-main';
    const name = document.createElement('span');
    name.className = 'item-name';
    name.textContent = item.name;
    const detail = document.createElement('span');
    detail.className = 'item-detail muted';
    detail.textContent = item.detail;
    main.append(name, detail);
    const actions = document.createElement('div');
    actions.className = 'item-actions';
    for (const a of item.actions) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'small';
      b.textContent = a.label;
      b.title = a.title;
      b.setAttribute('aria-label', `${a.label}: ${item.name}`);
      Object.assign(b.dataset, { list, op: a.op, id: item.id });
      actions.append(b);
    }
    li.append(main, actions);
    ul.append(li);
  }
}
