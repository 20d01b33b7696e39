// The level editor and the deadlock warning in the page's looks (Chromium):
// the editor's problem mark and grid lines in the light and dark themes,
// with the tool swatches in the board's colours; and a deadlock's mark on a
// zoomed 120 x 120 board: painted with the push, kept through a paint of the
// changed squares only, gone with its Undo; a level whose boxes can never
// move again, shutting a goal off, warned about from its start; and a goal
// room whose empty goals can no longer all be filled.
// Screenshots: /tmp/soko-editor-light.png, /tmp/soko-editor-dark.png,
// /tmp/soko-deadlock-big.png, /tmp/soko-deadlock-big-undone.png,
// /tmp/soko-deadlock-immovable.png, /tmp/soko-deadlock-goal-area.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bigLevel } from './big-level.mjs';
import { newContext, openPage, pasteText, servePage, text } from './page-harness.mjs';

servePage();

const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

// The palettes' colours the tests look for (web/themes.js).
const COLOURS = {
  light: { mark: '#d13b3b', wall: 'rgb(86, 98, 122)', box: 'rgb(227, 168, 87)' },
  dark: { mark: '#ff6b6b', wall: 'rgb(85, 96, 122)', box: 'rgb(217, 154, 74)' },
};

// The colour of a canvas's device pixel (x, y), as '#rrggbb'.
const pixel = (page, canvas, x, y) => page.evaluate(([id, x, y]) => {
  const d = document.getElementById(id).getContext('2d').getImageData(x, y, 1, 1).data;
  return '#' + [d[0], d[1], d[2]].map((v) => v.toString(16).padStart(2, '0')).join('');
}, [canvas, Math.floor(x), Math.floor(y)]);

// Device pixels of square `i` in a layout g (viewport.js): on the left edge
// of a mark's frame, halfway down; the square's own left column; and the
// column just right of it.
function squarePixels(g, i) {
  const x = g.ox + (i % g.boardW) * g.cell;
  const y = g.oy + Math.floor(i / g.boardW) * g.cell;
  const line = Math.max(2, g.cell * 0.08);
  return { frame: [x + Math.max(g.cell * 0.04, line / 2), y + g.cell / 2], edge: [x, y + g.cell / 2], inside: [x + 1, y + g.cell / 2] };
}

for (const scheme of ['light', 'dark']) {
  test(`the editor in the ${scheme} theme: the problem square marked and the squares outlined in its colours`, async (t) => {
    const ctx = await newContext({ colorScheme: scheme });
    t.after(() => ctx.close());
    const { page } = await openPage(t, { context: ctx });
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), scheme);
    await page.getByRole('button', { name: 'Editor', exact: true }).click();
    const at = async (x, y) => {
      await frame(page);
      const box = await page.locator('#editor-board').boundingBox();
      const c = box.width / 10;
      return { x: box.x + (x + 0.5) * c, y: box.y + (y + 0.5) * c };
    };
    for (const [key, x, y] of [['p', 2, 2], ['b', 4, 3]]) {
      await page.keyboard.press(key);
      const p = await at(x, y);
      await page.mouse.click(p.x, p.y);
    }
    assert.match(await text(page, '#editor-check'), /1 boxes but 0 goals/);
    await frame(page);
    const g = await page.evaluate(() => window.soko.state.editorViewport.cell && {
      cell: window.soko.state.editorViewport.cell, ox: 0, oy: 0, boardW: 10 });
    const marked = squarePixels(g, 3 * 10 + 4);
    assert.equal(await pixel(page, 'editor-board', ...marked.frame), COLOURS[scheme].mark, 'the box\'s square is marked');
    const floor = squarePixels(g, 5 * 10 + 6);
    assert.notEqual(await pixel(page, 'editor-board', ...floor.edge), await pixel(page, 'editor-board', ...floor.inside),
                    'each square has its outline');
    const swatch = (kind) => page.locator(`.swatch.${kind}`).evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.equal(await swatch('wall'), COLOURS[scheme].wall, 'the tools show the board\'s colours');
    assert.equal(await swatch('box'), COLOURS[scheme].box);
    await page.screenshot({ path: `/tmp/soko-editor-${scheme}.png` });
  });
}

// A 120 x 120 room (big-level.mjs) with one more box at (3, 5), the player
// right of it: two pushes left put it against the left wall, where no goal is.
function roomWithBoxByTheWall() {
  const lines = bigLevel({ size: 120, boxes: 19, px: 4, py: 5, title: 'Wall Room' }).split('\n');
  const set = (x, y, ch) => {
    const row = lines[y + 1].padEnd(120, ' ').split('');
    row[x] = ch;
    lines[y + 1] = row.join('');
  };
  set(3, 5, '$');
  set(50, 14, '.');
  return lines.join('\n');
}

test('a deadlock on a zoomed large board: the mark is painted with the push, stays through a step, and goes with its Undo', async (t) => {
  const { page } = await openPage(t);
  await pasteText(page, roomWithBoxByTheWall());
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Wall Room');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await frame(page);
  const vp = await page.evaluate(() => ({ ...window.soko.state.viewport }));
  assert.ok(vp.cell > 12 && vp.mode === 'free', `zoomed in: ${vp.cell} device px a square`);
  const wallSquare = 5 * 120 + 1;
  await page.keyboard.press('ArrowLeft');
  await frame(page);
  assert.equal(await page.locator('#deadlock-bar').isVisible(), false, 'one square from the wall the box can still go up or down');
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('#deadlock-bar:not([hidden])');
  await frame(page);
  assert.deepEqual(await page.evaluate(() => window.soko.state.deadlock.boxes), [wallSquare]);
  assert.ok(await page.evaluate((i) => window.soko.board.squareRect(i), wallSquare), 'the marked square is in view');
  const markAt = async () => {
    const p = squarePixels(await page.evaluate(() => window.soko.board.geometry()), wallSquare);
    return pixel(page, 'board', ...p.frame);
  };
  assert.equal(await markAt(), COLOURS.light.mark, 'the box is marked');
  // A step away is a paint of the changed squares only (the bar above no
  // longer comes or goes): the mark, on a square that did not change, stays.
  await page.keyboard.press('ArrowDown');
  await frame(page);
  const stats = await page.evaluate(() => ({ ...window.soko.board.stats }));
  assert.equal(stats.full, false, `only the changed squares were painted (${stats.squares})`);
  assert.equal(await markAt(), COLOURS.light.mark, 'the mark stays');
  await page.screenshot({ path: '/tmp/soko-deadlock-big.png' });
  await page.getByRole('button', { name: 'Undo the push', exact: true }).click();
  await frame(page);
  assert.equal(await page.locator('#deadlock-bar').isVisible(), false);
  assert.notEqual(await markAt(), COLOURS.light.mark, 'the mark went with the box');
  await page.screenshot({ path: '/tmp/soko-deadlock-big-undone.png' });
});

test('a level whose goal is shut off by boxes that can never move is warned about from its start, the boxes marked', async (t) => {
  //   ########
  //   #@ #*.*#   the empty goal can only be filled from below, from a
  //   # $ ***#   pocket the player never reaches: five boxes are held
  //   #   # ##   for good, the loose one is not
  //   ########
  const { page } = await openPage(t);
  await pasteText(page, 'Shut Goal\n########\n#@ #*.*#\n# $ ***#\n#   # ##\n########\n');
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Shut Goal');
  await page.waitForSelector('#deadlock-bar:not([hidden])');
  await frame(page);
  const d = await page.evaluate(() => ({ ...window.soko.state.deadlock }));
  assert.equal(d.kind, 'immovable');
  assert.deepEqual(d.boxes, [12, 14, 20, 21, 22]);
  assert.match(await text(page, '#deadlock-bar'), /This level cannot be solved, even from its start: the marked boxes can never be pushed again/);
  const g = await page.evaluate(() => window.soko.board.geometry());
  for (const i of d.boxes) assert.equal(await pixel(page, 'board', ...squarePixels(g, i).frame), COLOURS.light.mark, `square ${i} marked`);
  assert.notEqual(await pixel(page, 'board', ...squarePixels(g, 10).frame), COLOURS.light.mark, 'the loose box is not');
  await page.screenshot({ path: '/tmp/soko-deadlock-immovable.png' });
});

test('a goal room filled in an order that shuts its last goals off is warned about, its boxes marked', async (t) => {
  // The right goal is filled only from the left, the player on the goal
  // between the two boxes on goals, which it can reach only by moving one
  // of them onto a goal the other then needs.
  const { page } = await openPage(t);
  const rows = ['  #####', '###@  ##', '#      #', '# $   ##', '# $ *###', '#  *.*.#', '########'];
  await pasteText(page, `Goal Room\n${rows.join('\n')}\n`);
  await page.waitForFunction(() => document.getElementById('title').textContent === 'Goal Room');
  await page.waitForSelector('#deadlock-bar:not([hidden])');
  await frame(page);
  const d = await page.evaluate(() => ({ ...window.soko.state.deadlock }));
  assert.equal(d.kind, 'goal-area');
  assert.deepEqual(d.boxes, [36, 43, 45]);
  assert.match(await text(page, '#deadlock-bar'), /This level cannot be solved, even from its start: the empty goals can never all be filled with the marked boxes where they stand/);
  const g = await page.evaluate(() => window.soko.board.geometry());
  for (const i of d.boxes) assert.equal(await pixel(page, 'board', ...squarePixels(g, i).frame), COLOURS.light.mark, `square ${i} marked`);
  for (const i of [26, 34]) assert.notEqual(await pixel(page, 'board', ...squarePixels(g, i).frame), COLOURS.light.mark, `the box outside on ${i} is not`);
  await page.screenshot({ path: '/tmp/soko-deadlock-goal-area.png' });
});
