// The level editor and the live deadlock warning in the real page (real
// workers, real IndexedDB): a level drawn with the mouse, its error shown
// with the square marked and then fixed, test-played, solved, shared, and
// opened from the link in a fresh browser; saved into My levels and still
// there after a reload; drawn by touch; "Edit a copy" of a level; a push
// into a corner warned about at once, and a pasted level whose box the
// player can never get behind, at its start; a push that walls a goal in
// between two boxes. Screenshots: /tmp/soko-editor-*.png,
// /tmp/soko-deadlock.png, /tmp/soko-deadlock-side.png, /tmp/soko-deadlock-diagonal.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { button, newContext, openPage, pasteText, pickLevel, servePage, text } from './page-harness.mjs';

servePage();

const frame = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
const editor = (page) => page.evaluate(() => {
  const e = window.soko.state.editor;
  return e && { width: e.grid.width, cells: e.grid.cells, ok: e.check.ok, runLength: e.check.runLength || '', edits: e.past.length };
});

// The centre of the editor's square (x, y) in page coordinates.
async function square(page, x, y) {
  await frame(page);
  const box = await page.locator('#editor-board').boundingBox();
  const { width } = await editor(page);
  const c = box.width / width;
  return { x: box.x + (x + 0.5) * c, y: box.y + (y + 0.5) * c };
}
async function clickSquare(page, x, y) {
  const p = await square(page, x, y);
  await page.mouse.click(p.x, p.y);
}
async function dragSquares(page, from, to) {
  const a = await square(page, ...from);
  const b = await square(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}
const checkLine = (page) => text(page, '#editor-check');

test('a level drawn in the editor: an error marked, fixed, test-played, solved, shared and opened from the link elsewhere', async (t) => {
  const { page } = await openPage(t);
  await button(page, 'Editor').click();
  assert.equal(await page.locator('#editor').isVisible(), true);
  assert.equal(await page.locator('#board').isVisible(), false, 'the editor takes the board\'s place');
  assert.match(await checkLine(page), /there is no player/);

  // Player and box with the keys' tools; no goal yet: the core's message, the box marked.
  await page.keyboard.press('p');
  await clickSquare(page, 2, 2);
  await page.keyboard.press('b');
  await clickSquare(page, 4, 3);
  assert.equal(await checkLine(page), 'Not a valid level yet: there are 1 boxes but 0 goals (row 4, column 5, marked on the board).');
  assert.deepEqual(await page.evaluate(() => window.soko.state.editor.check.cells), [3 * 10 + 4]);
  // A gap in the outer wall: a stroke that starts on a wall takes walls away.
  await page.keyboard.press('w');
  await clickSquare(page, 9, 3);
  assert.match(await checkLine(page), /the level is open to the outside: the player can walk off the board \(row 4, column 10/);
  await page.screenshot({ path: '/tmp/soko-editor-error.png' });

  // Fixed: the wall back, a goal, and an inner wall drawn in one stroke (one edit).
  await clickSquare(page, 9, 3);
  await page.getByRole('button', { name: /Goal/ }).click();
  await clickSquare(page, 6, 3);
  assert.equal(await checkLine(page), 'A valid level. Play it, ask the solver, save or share it.');
  const before = (await editor(page)).edits;
  await page.keyboard.press('1');
  await dragSquares(page, [8, 1], [8, 5]);
  const drawn = await editor(page);
  assert.equal(drawn.edits, before + 1);
  for (let y = 1; y <= 5; y++) assert.equal(drawn.cells[y * 10 + 8], '#', `wall drawn at (8, ${y})`);
  await page.keyboard.press('Control+z');
  assert.equal((await editor(page)).cells[3 * 10 + 8], ' ', 'undone as one stroke');
  await page.keyboard.press('y');
  assert.equal((await editor(page)).cells[3 * 10 + 8], '#');
  await page.screenshot({ path: '/tmp/soko-editor-valid.png' });

  // Test play in place, then back to editing.
  await button(page, 'Test play').click();
  for (const k of ['ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  assert.equal(await text(page, '#editor-message'), 'Solved in 4 moves, 2 pushes.');
  assert.equal(await text(page, '#editor-pushes'), '2');
  await page.screenshot({ path: '/tmp/soko-editor-play.png' });
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#editor-tools').isVisible(), true);

  // The solver: a small level, so astar and the fewest pushes.
  await page.getByLabel('Title').fill('Drawn in a test');
  await page.getByLabel('Title').press('Enter');
  await button(page, 'Is it solvable?').click();
  await page.waitForFunction(() => /^Solvable|^Not solvable|^No answer/.test(document.getElementById('editor-solve-result').textContent), null, { timeout: 30000 });
  assert.equal(await text(page, '#editor-solve-result'), 'Solvable in 2 pushes at the fewest (astar, push-optimal; that solution takes 4 moves).');

  // Shared by link: a fresh browser opens the same level with its title.
  await button(page, 'Share link').click();
  await page.waitForFunction(() => /copied/.test(document.getElementById('editor-message').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.match(link, /#level=.*&title=Drawn%20in%20a%20test$/);
  const { runLength } = await editor(page);
  const elsewhere = await newContext();
  t.after(() => elsewhere.close());
  const { page: other } = await openPage(t, { url: link, context: elsewhere });
  assert.equal(await text(other, '#title'), 'Drawn in a test');
  assert.equal(await other.evaluate(() => window.soko.state.level.runLength), runLength);
  await other.keyboard.press('ArrowDown');
  for (let i = 0; i < 3; i++) await other.keyboard.press('ArrowRight');
  await other.waitForSelector('#solved-banner:not([hidden])');
});

test('a drawn level saved into My levels is kept like a pasted one, and a drawing survives a reload', async (t) => {
  const { page } = await openPage(t);
  await button(page, 'Editor').click();
  await page.keyboard.press('p');
  await clickSquare(page, 1, 1);
  await page.keyboard.press('b');
  await clickSquare(page, 3, 1);
  await page.keyboard.press('g');
  await clickSquare(page, 5, 1);
  await page.keyboard.press('Control+s');
  await page.waitForFunction(() => /Saved as level/.test(document.getElementById('editor-message').textContent));
  await button(page, 'Play it in My levels').click();
  await page.waitForFunction(() => document.getElementById('subtitle').textContent.startsWith('My levels'));
  assert.equal(await page.locator('#editor').isVisible(), false);
  const key = await page.evaluate(() => window.soko.state.key);

  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.match(await text(page, '#subtitle'), /^My levels · 1 of 1/);
  assert.equal(await page.evaluate(() => window.soko.state.key), key);
  // The editor opens on the drawing as it was left.
  await button(page, 'Editor').click();
  assert.equal((await editor(page)).runLength, key);
  assert.match(await text(page, '#editor-message'), /as you left it/);
});

test('a wall drawn by touch, and "Edit a copy" of a level, back to the game as it was', async (t) => {
  const context = await newContext({ hasTouch: true });
  t.after(() => context.close());
  const { page } = await openPage(t, { context });
  await pickLevel(page, 'Starter (test)', 1);  // Corner Turn
  await page.keyboard.press('ArrowDown');
  const moves = await text(page, '#moves');
  await button(page, 'Edit a copy').click();
  const copy = await editor(page);
  assert.equal(copy.runLength, await page.evaluate(() => window.soko.state.level.runLength));
  assert.equal(await page.getByLabel('Title').inputValue(), 'Corner Turn');

  await button(page, 'New board').click();
  await page.getByRole('button', { name: /Wall/ }).click();
  const a = await square(page, 2, 3);
  const b = await square(page, 6, 3);
  const cdp = await context.newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', a);
  for (let i = 1; i <= 6; i++) await touch('touchMove', { x: a.x + ((b.x - a.x) * i) / 6, y: a.y });
  await touch('touchEnd');
  const touched = await editor(page);
  for (let x = 2; x <= 6; x++) assert.equal(touched.cells[3 * 10 + x], '#', `wall drawn by touch at (${x}, 3)`);
  // The right mouse button draws floor; the size fields resize the board.
  const p = await square(page, 4, 3);
  await page.mouse.click(p.x, p.y, { button: 'right' });
  assert.equal((await editor(page)).cells[3 * 10 + 4], ' ');
  await page.getByLabel('Width').fill('12');
  await page.getByLabel('Width').press('Enter');
  const wider = await editor(page);
  assert.equal(wider.width, 12);
  assert.equal(wider.cells.slice(3 * 12, 3 * 12 + 12), '# ## ##  #' + '  ', 'the drawing stays at the top left');

  await button(page, 'Back to playing').click();
  assert.equal(await page.locator('#board').isVisible(), true);
  assert.equal(await text(page, '#title'), 'Corner Turn');
  assert.equal(await text(page, '#moves'), moves, 'the game waited behind the editor');
});

test('a save the browser refuses is shown in the editor, and the drawing stays', async (t) => {
  const { page } = await openPage(t);
  await button(page, 'Editor').click();
  await page.keyboard.press('p');
  await clickSquare(page, 1, 1);
  await page.keyboard.press('b');
  await clickSquare(page, 3, 1);
  await page.evaluate(() => {
    IDBObjectStore.prototype.put = function put() { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  });
  await page.keyboard.press('g');
  await clickSquare(page, 5, 1);  // the draft's write fails
  await page.waitForSelector('#editor-storage:not([hidden])');
  assert.match(await text(page, '#editor-storage'), /^Not saved: .*storage is full/);
  await button(page, 'Save to My levels').click();
  await page.waitForFunction(() => /^Not saved:/.test(document.getElementById('editor-message').textContent));
  assert.match(await text(page, '#editor-message'), /Your drawing is still here/);
  assert.equal((await editor(page)).ok, true);
});

test('text pasted while the editor is open goes onto its board; text with no level says why', async (t) => {
  const { page } = await openPage(t);
  await button(page, 'Editor').click();
  await pasteText(page, 'Pasted\n#######\n#@ $ .#\n#######\n');
  await page.waitForFunction(() => window.soko.state.editor.grid.width === 7);
  assert.equal(await page.getByLabel('Title').inputValue(), 'Pasted');
  assert.equal((await editor(page)).runLength, '7#|#@-$-.#|7#');
  assert.equal(await page.locator('#editor').isVisible(), true);
  await pasteText(page, '#####\n#@$x#\n#####\n');
  await page.waitForFunction(() => /No level in the pasted text/.test(document.getElementById('editor-message').textContent));
  assert.match(await text(page, '#editor-message'), /line 2, column 4: unknown character 'x'/);
  await page.keyboard.press('Control+z');
  assert.equal((await editor(page)).width, 10, 'Undo brings the board before the paste back');
});

//   #####
//   #+$ #   the player on the goal; a push right puts the box in the corner
//   #   #
//   #####
const CORNER = '#####\n#+$ #\n#   #\n#####\n';

test('a push into a corner shows the deadlock warning with the box marked, and Undo takes it back', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, CORNER);
  await page.waitForFunction(() => /Level loaded/.test(document.getElementById('status').textContent));
  assert.equal(await page.locator('#deadlock-bar').isVisible(), false);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#deadlock-bar:not([hidden])');
  assert.equal(await text(page, '#deadlock-text'), 'No solution from here: the marked box can never reach a goal from its square.');
  assert.deepEqual(await page.evaluate(() => window.soko.state.deadlock.boxes), [8]);
  await frame(page);
  await page.screenshot({ path: '/tmp/soko-deadlock.png' });
  await page.keyboard.press('ArrowDown');  // a walk: the warning stays, and its Undo takes the walk back too
  assert.equal(await page.locator('#deadlock-bar').isVisible(), true);
  await button(page, 'Undo the push').click();
  assert.equal(await page.locator('#deadlock-bar').isVisible(), false);
  assert.equal(await text(page, '#moves'), '0');

  // The setting off: no warning, and it stays off after a reload.
  await page.getByLabel('Warn at once when a push makes the level unsolvable').uncheck();
  await page.keyboard.press('ArrowRight');
  assert.equal(await text(page, '#pushes'), '1');
  assert.equal(await page.locator('#deadlock-bar').isVisible(), false);
  await page.waitForFunction(() => new Promise((resolve) => {
    const open = indexedDB.open('sokoban');
    open.onsuccess = () => {
      const get = open.result.transaction('settings').objectStore('settings').get('deadlockWarning');
      get.onsuccess = () => { open.result.close(); resolve(Boolean(get.result && get.result.value === false)); };
    };
  }));
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal(await page.getByLabel('Warn at once when a push makes the level unsolvable').isChecked(), false);
});

//   ########
//   #@ .   #   the box reaches the goal only by a push up from the square
//   #### $ #   left of it, with the player in the pocket below that square,
//   #### ###   which it enters only through the square itself
//   ########
const POCKET = '########\n#@ .   #\n#### $ #\n#### ###\n########\n';

test('a level whose box can only be pushed from a side the player never reaches is warned about at its start', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, POCKET);
  await page.waitForSelector('#deadlock-bar:not([hidden])');
  assert.equal(await text(page, '#deadlock-text'),
    'This level cannot be solved, even from its start: the marked box can never reach a goal from the side of it you can get to.');
  assert.equal(await page.evaluate(() => window.soko.state.deadlock.kind), 'dead-side');
  await frame(page);
  await page.screenshot({ path: '/tmp/soko-deadlock-side.png' });
});

//   ########
//   #  .   #   a push down puts the box on the right above the goal in the
//   ## $  @#   corner, with the box left of that goal: either one pushed on
//   ###   $#   to the goal leaves the other stuck off goal (a closed
//   ##     #   diagonal of one square)
//   #   .$.#
//   ########
const WALLED_GOAL = '########\n#  .   #\n## $  @#\n###   $#\n##     #\n#   .$.#\n########\n';

test('a push that walls a goal in between two boxes is warned about, the two boxes marked', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, WALLED_GOAL);
  await page.waitForFunction(() => /Level loaded/.test(document.getElementById('status').textContent));
  assert.equal(await page.locator('#deadlock-bar').isVisible(), false);
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('#deadlock-bar:not([hidden])');
  assert.equal(await text(page, '#deadlock-text'),
    'No solution from here: the marked boxes wall in a diagonal row of empty squares, and can never all be pushed onto goals from there.');
  const d = await page.evaluate(() => window.soko.state.deadlock);
  assert.equal(d.kind, 'diagonal');
  assert.deepEqual(d.boxes, [4 * 8 + 6, 5 * 8 + 5]);
  await frame(page);
  await page.screenshot({ path: '/tmp/soko-deadlock-diagonal.png' });
});
