// A 200 x 200 board in the real page: it opens at a playable size centred on
// the player, a move repaints only the squares it changed (the time a move
// takes is measured with the performance API and reported, not asserted),
// the view follows the player, and the wheel, the keys, the buttons, a mouse
// drag and two fingers zoom and move it. Screenshots: /tmp/soko-big-*.png.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bigLevel } from './big-level.mjs';
import { moves, newContext, openPage, pasteText, servePage } from './page-harness.mjs';

servePage();

const BIG = 200;
const START = 100 * BIG + 100;  // the player's square

async function openBig(t, options) {
  const opened = await openPage(t, options);
  await pasteText(opened.page, bigLevel({ size: BIG, px: 100, py: 100 }));
  await opened.page.waitForFunction(() => document.getElementById('title').textContent === 'Big Room');
  await frame(opened.page);
  return opened;
}

const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const viewport = (page) => page.evaluate(() => ({ ...window.soko.state.viewport }));
const player = (page) => page.evaluate(() => window.soko.play.game.player());

// The square's centre in page coordinates, or null when it is not drawn.
async function squarePoint(page, square) {
  const box = await page.locator('#board').boundingBox();
  const r = await page.evaluate((i) => window.soko.board.squareRect(i), square);
  return r && { x: box.x + r.x + r.size / 2, y: box.y + r.y + r.size / 2, size: r.size };
}

// True when the square is drawn on the canvas and the canvas there is in the window.
async function inView(page, square) {
  const p = await squarePoint(page, square);
  const size = page.viewportSize();
  return Boolean(p && p.x > 0 && p.y > 0 && p.x < size.width && p.y < size.height);
}

// Times each key's handling (the action, the state, the panels: from the
// keydown to the microtasks after it), the board's paint (its animation
// frame callback) and the browser's style, layout and paint of that frame
// (to a message posted from the frame's last callback), with
// performance.now(); long tasks (over 50 ms) are watched too.
function instrument(page) {
  return page.evaluate(() => {
    window.moveTimes = [];
    window.longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.longTasks.push(e.duration); }).observe({ type: 'longtask' });
    let t0 = 0;
    let handled = 0;
    let before = 0;
    window.addEventListener('keydown', () => {
      t0 = performance.now();
      requestAnimationFrame(() => { before = performance.now(); });  // runs just before the board's paint
    }, { capture: true });
    window.addEventListener('keydown', () => {
      queueMicrotask(() => { handled = performance.now() - t0; });  // after the panels were drawn
      requestAnimationFrame(() => {  // just after the board's paint
        const painted = performance.now();
        const s = window.soko.board.stats;
        const m = { handled, paint: painted - before, render: 0, squares: s.squares, full: s.full };
        window.moveTimes.push(m);
        const channel = new MessageChannel();
        channel.port1.onmessage = () => { m.render = performance.now() - painted; };
        channel.port2.postMessage(0);
      });
    });
  });
}

test('a 200 x 200 board: a move repaints only its squares, the player stays in view; the time is measured', async (t) => {
  const { page } = await openBig(t);
  const vp = await viewport(page);
  assert.equal(vp.cell, 12, 'too large to fit at a playable size, it opens at 12 px a square');
  assert.ok(await inView(page, START), 'the player is in view at the start');
  await page.screenshot({ path: '/tmp/soko-big-start.png' });
  await instrument(page);
  const keys = ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown'];
  for (let i = 0; i < 21; i++) {
    await page.keyboard.press(keys[i % 4]);
    await frame(page);
    if (i === 0) assert.ok(await inView(page, await player(page)), 'the player is in view after the first move');
  }
  const times = await page.evaluate(() => window.moveTimes);
  assert.equal(times.length, 21);
  assert.ok(times.every((m) => !m.full && m.squares <= 3), `each move repaints its squares only: ${JSON.stringify(times.map((m) => m.squares))}`);
  const total = times.map((m) => m.handled + m.paint + m.render);
  const sorted = [...total].sort((a, b) => a - b);
  const longTasks = await page.evaluate(() => window.longTasks);
  const f = times[0];
  t.diagnostic(`200x200 move, handling + board paint + the browser's rendering: first ${total[0].toFixed(1)} ms `
    + `(${f.handled.toFixed(1)} + ${f.paint.toFixed(1)} + ${f.render.toFixed(1)}), median ${sorted[10].toFixed(1)} ms, `
    + `max ${sorted[20].toFixed(1)} ms over 21 moves; long tasks (> 50 ms): ${longTasks.length}`);
  // Walking out of the view: it follows.
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
  await frame(page);
  assert.ok(await inView(page, await player(page)), 'the view followed the player');
  assert.notEqual((await viewport(page)).cx, vp.cx);
  await page.screenshot({ path: '/tmp/soko-big-followed.png' });
});

test('a large board zooms with the wheel, the keys and the buttons, and pans with a mouse drag', async (t) => {
  const { page } = await openBig(t);
  const start = await viewport(page);
  const p = await squarePoint(page, START);
  await page.mouse.move(p.x, p.y);
  await page.mouse.wheel(0, -100);
  await frame(page);
  const zoomed = await viewport(page);
  assert.equal(zoomed.cell, 15, 'one notch: a quarter larger');
  const q = await squarePoint(page, START);
  assert.ok(Math.abs(q.x - p.x) < q.size && Math.abs(q.y - p.y) < q.size, 'the square under the pointer stays under it');
  await page.keyboard.press('+');
  assert.ok((await viewport(page)).cell > zoomed.cell);
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  assert.ok((await viewport(page)).cell < zoomed.cell);
  // Drag the floor: the board follows the mouse, the player does not move.
  const before = await viewport(page);
  const from = await squarePoint(page, START - 5 * BIG);  // an empty square above the player
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y + 30, { steps: 5 });
  await page.mouse.up();
  const after = await viewport(page);
  assert.ok(Math.abs((before.cx - after.cx) * after.cell - 60) < 1, `dragged 60 px right: ${before.cx} -> ${after.cx}`);
  assert.equal(await moves(page), 0, 'a drag that moved the view is not a walk');
  await page.getByRole('button', { name: 'Whole board' }).click();
  const whole = await viewport(page);
  assert.equal(whole.mode, 'whole');
  assert.ok(whole.cell < start.cell);
  assert.equal(await page.getByRole('button', { name: 'Whole board' }).isDisabled(), true);
  await page.screenshot({ path: '/tmp/soko-big-whole.png' });
  await page.getByRole('button', { name: 'Zoom in' }).click();
  assert.ok((await viewport(page)).cell > whole.cell);
  await page.keyboard.press('0');
  assert.equal((await viewport(page)).mode, 'whole');
});

test('on a touch screen two fingers pinch the board larger, and one still swipes a step', async (t) => {
  const ctx = await newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  t.after(() => ctx.close());
  const { page } = await openBig(t, { context: ctx });
  const start = await viewport(page);
  const c = await squarePoint(page, START);
  // Two fingers 40 px apart move to 100 px apart: pointer events as fingers make them.
  await page.evaluate(({ x, y }) => {
    const b = document.getElementById('board');
    const ev = (type, id, dx) => new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 11, bubbles: true,
                                                          clientX: x + dx, clientY: y, button: 0 });
    b.dispatchEvent(ev('pointerdown', 11, -20));
    b.dispatchEvent(ev('pointerdown', 12, 20));
    for (let d = 20; d <= 50; d += 5) {
      b.dispatchEvent(ev('pointermove', 11, -d));
      b.dispatchEvent(ev('pointermove', 12, d));
    }
    b.dispatchEvent(ev('pointerup', 11, -50));
    b.dispatchEvent(ev('pointerup', 12, 50));
  }, c);
  await frame(page);
  const pinched = await viewport(page);
  assert.ok(pinched.cell >= start.cell * 2, `pinched from ${start.cell} to ${pinched.cell} device px`);
  assert.equal(await moves(page), 0, 'a pinch is not a step or a tap');
  await page.evaluate(({ x, y }) => {
    const b = document.getElementById('board');
    const ev = (type, dx) => new PointerEvent(type, { pointerId: 13, pointerType: 'touch', isPrimary: true, bubbles: true,
                                                      clientX: x + dx, clientY: y, button: 0 });
    b.dispatchEvent(ev('pointerdown', 0));
    b.dispatchEvent(ev('pointerup', -80));
  }, c);
  assert.equal(await moves(page), 1, 'a swipe still steps');
  await page.screenshot({ path: '/tmp/soko-big-phone.png' });
});
