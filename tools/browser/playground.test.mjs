// Drives the playground in Debian's Chromium (headless): the lines of issue 21's "what
// must be true", and issue 31's for the page (no console errors; registers and warps at
// load; all 32 lanes reachable at 1400 px; a toolbar of one line; EXEC history axes; the
// cursor's line unlike the PC's; the console speaks `warpkit debug`'s commands). Usage: node playground.test.mjs [WARPKIT_BINARY [SCREENSHOT_DIR]]
import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync, rmSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';

const repo = resolve(new URL('../..', import.meta.url).pathname);
const bin = resolve(process.argv[2] || join(repo, 'target/release/warpkit'));
const shots = resolve(process.argv[3] || join(repo, 'target/screenshots'));
mkdirSync(shots, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'warpkit-browser-'));

const server = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((ok, fail) => {
  let out = '';
  server.stdout.on('data', (d) => { out += d; const m = /(http:\/\/\S+)/.exec(out); if (m) ok(m[1]); });
  server.on('exit', (c) => fail(new Error(`warpkit serve exited (${c})`)));
  setTimeout(() => fail(new Error('no URL from warpkit serve')), 10000);
});

const ctx = await chromium.launchPersistentContext(join(tmp, 'profile'), {
  executablePath: '/usr/bin/chromium',
  headless: true,
  // rebind.test stands for a DNS-rebinding name: a foreign site's name resolving to loopback.
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP rebind.test 127.0.0.1'],
  viewport: { width: 1500, height: 900 },
  // Playwright's waiting helpers evaluate strings, which the page's CSP forbids.
  bypassCSP: true,
});
let failed = false;
const step = async (name, f) => {
  process.stdout.write(`browser test: ${name} ... `);
  await f();
  console.log('ok');
};
try {
  const page = ctx.pages()[0] || await ctx.newPage();
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  // Every console error, uncaught exception and failed answer (a 404 favicon was one).
  const consoleErrors = [];
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(`console: ${m.text()} (${m.location().url})`); });
  page.on('pageerror', (e) => consoleErrors.push(`exception: ${e.message}`));
  page.on('response', (r) => { if (r.status() >= 400) consoleErrors.push(`HTTP ${r.status()} ${r.url()}`); });
  page.on('requestfailed', (r) => consoleErrors.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  await page.goto(url);
  await page.waitForSelector('.cm-content');

  const status = () => page.textContent('#status');
  const setText = async (text) => {
    await page.click('.cm-content');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(text);
  };
  const lineOf = async (sel) => page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return null;
    const line = el.closest('.cm-line');
    return [...document.querySelectorAll('.cm-content .cm-line')].indexOf(line) + 1;
  }, sel);
  const grid = () => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#vgrid td')]
    .map((c) => [`${c.dataset.reg}[${c.dataset.lane}]`, c.dataset.hex])));
  const waitStatus = async (re) => {
    try {
      await page.waitForFunction((r) => new RegExp(r).test(document.getElementById('status').textContent), re.source, { timeout: 10000 });
    } catch (e) {
      throw new Error(`status ${JSON.stringify(await status())} never matched ${re}`);
    }
  };
  const steps = async () => +(await page.textContent('#sp-steps')).replace(/\D/g, '');

  const bad = 'laneid v1\nmul v2, v1, v1\nfrob v3, v2\nadd.vi v3, v2, 7\n';
  const good = 'laneid v1\nmul v2, v1, v1\nadd.vi v3, v2, -9\nadd.vi v3, v3, 7\n';

  await step('at load: the registers and the warp selector of the launch, no console error', async () => {
    // Nothing clicked: the default program's launch state is shown once it assembles.
    await page.waitForFunction(() => document.querySelectorAll('#vgrid td').length > 0, null, { timeout: 10000 });
    assert.ok(await page.$$eval('#warp option', (o) => o.length) >= 1, 'warps in the selector');
    assert.match(await page.textContent('#sp-pc'), /0x00000000/);
    assert.match(await status(), /position 0 .*launch/);
    // The browser's own request for an icon, if it makes one, is answered.
    await page.waitForTimeout(500);
    assert.deepEqual(consoleErrors, []);
    await page.screenshot({ path: join(shots, 'load.png') });
  });

  await step('a program with an error shows the diagnostic at its line', async () => {
    await setText(bad);
    await page.waitForSelector('.cm-lintRange-error', { timeout: 5000 });
    assert.equal(await lineOf('.cm-lintRange-error'), 3);
    await page.waitForFunction(() => document.getElementById('diag-list').textContent.startsWith('line 3:'));
    await page.screenshot({ path: join(shots, 'diagnostic.png') });
  });

  await step('fixed, run: the lanes equal `warpkit run`', async () => {
    await setText(good);
    await page.waitForFunction(() => !document.querySelector('.cm-lintRange-error') && document.querySelector('#listing div'));
    await page.click('#run');
    await waitStatus(/warp 0 exited/);
    const src = join(tmp, 'good.s');
    writeFileSync(src, good);
    const want = JSON.parse(execFileSync(bin, ['run', src]).toString()).warps[0].v;
    const g = await grid();
    for (const r of ['v1', 'v2', 'v3']) {
      const lanes = want[r];
      assert.ok(Array.isArray(lanes), `warpkit run shows ${r}`);
      for (let l = 0; l < 32; l++) assert.equal(BigInt(g[`${r}[${l}]`]), BigInt(lanes[l]), `${r}[${l}]`);
    }
    await page.screenshot({ path: join(shots, 'run.png') });
  });

  await step('step 3, step back 2: the state of step 1', async () => {
    await page.click('#reset');
    await waitStatus(/launch/);
    await page.keyboard.press('F10');
    await waitStatus(/step 1 /);
    const at1 = await grid();
    for (const k of ['step 2 ', 'step 3 ']) { await page.click('#step'); await waitStatus(new RegExp(k)); }
    assert.notDeepEqual(await grid(), at1);
    await page.keyboard.press('Shift+F10');
    await waitStatus(/step 2 /);
    await page.click('#back');
    await waitStatus(/step 1 /);
    assert.equal(await steps(), 1);
    assert.deepEqual(await grid(), at1);
  });

  await step('a breakpoint set in the gutter, continue stops there', async () => {
    await page.click('#reset');
    await waitStatus(/launch/);
    const box = await page.evaluate(() => {
      const v = window.wkEditor;
      const c = v.coordsAtPos(v.state.doc.line(3).from);
      const g = document.querySelector('.cm-bp-gutter').getBoundingClientRect();
      return { x: g.left + g.width / 2, y: (c.top + c.bottom) / 2 };
    });
    await page.mouse.click(box.x, box.y);
    // One marker is the gutter's hidden width spacer, the other the breakpoint.
    await page.waitForFunction(() => document.querySelectorAll('.cm-bp').length === 2);
    await page.keyboard.press('F5');
    await waitStatus(/breakpoint/);
    assert.equal(await steps(), 2);
    assert.equal(await lineOf('.cm-current-line'), 3);
    assert.match(await page.textContent('#sp-pc'), /0x00000008/);
    await page.screenshot({ path: join(shots, 'breakpoint.png') });
  });

  await step('the console answers `info warps` with the text of `warpkit debug`, refuses motions', async () => {
    const src = join(tmp, 'console.s');
    const st = join(tmp, 'console.state.json');
    writeFileSync(src, await page.evaluate(() => window.wkEditor.state.doc.toString()));
    writeFileSync(st, await page.inputValue('#state'));
    const cli = execFileSync(bin, ['debug', src, '--state', st, '--batch'],
      { input: 'b 3\nc\ninfo warps\n', env: { ...process.env, NO_COLOR: '1' } }).toString();
    await page.fill('#console-in', 'info warps');
    await page.press('#console-in', 'Enter');
    await page.waitForFunction(() => document.getElementById('console-out').textContent.includes('warp  status'), null, { timeout: 10000 });
    const reply = (await page.textContent('#console-out')).split('(wk) info warps\n')[1];
    assert.ok(reply && reply.includes('0x00000008') && cli.includes(reply), `console:\n${reply}\nwarpkit debug:\n${cli}`);
    await page.fill('#console-in', 'next');
    await page.press('#console-in', 'Enter');
    await page.waitForFunction(() => document.querySelector('#console-out .bad')?.textContent.includes('use the buttons'), null, { timeout: 10000 });
    assert.equal(await steps(), 2, 'a motion typed in the console does not run');
    await page.screenshot({ path: join(shots, 'console.png') });
  });

  await step('hover on a mnemonic shows its spec', async () => {
    const p = await page.evaluate(() => { const v = window.wkEditor; const c = v.coordsAtPos(v.state.doc.line(4).from + 2); return { x: c.left + 1, y: (c.top + c.bottom) / 2 }; });
    await page.mouse.move(p.x, p.y);
    const tip = await page.waitForSelector('.spec-tip', { timeout: 5000 });
    const text = await tip.textContent();
    const spec = execFileSync(bin, ['spec', 'add.vi']).toString();
    assert.ok(text.includes('add.vi'), text);
    assert.equal(text.trim(), spec.trim());
    await page.screenshot({ path: join(shots, 'hover.png') });
    await page.mouse.move(5, 5);
  });

  await step('the share link reopens the same program and state', async () => {
    const state = '{"warps": [{"exec": "0x0000ffff", "u": {"u5": 3}}]}';
    await page.click('[data-tab=state]');
    await page.fill('#state', state);
    await page.waitForFunction(() => document.getElementById('state-msg').textContent.startsWith('valid'));
    await page.click('#share');
    const link = await page.inputValue('#share-url');
    assert.match(link, /#p=[\w-]+$/);
    const p2 = await ctx.newPage();
    await p2.goto(link);
    await p2.waitForSelector('.cm-content');
    await p2.waitForFunction(() => window.wkEditor && window.wkEditor.state.doc.length > 0);
    assert.equal(await p2.evaluate(() => window.wkEditor.state.doc.toString()), good);
    assert.equal(await p2.inputValue('#state'), state);
    await p2.close();
  });

  await step('the EXEC strip and history of the divergent example show the divergence', async () => {
    const ex = readFileSync(join(repo, 'examples/divergent_if_else.s'), 'utf8');
    await page.selectOption('#examples', 'divergent_if_else');
    await page.waitForFunction((s) => window.wkEditor.state.doc.toString() === s, ex);
    await page.click('[data-tab=regs]');
    await page.click('#reset');
    await waitStatus(/launch/);
    const lanes = () => page.evaluate(() => [...document.querySelectorAll('#exec-strip div')].map((d) => d.className === 'on' ? 1 : 0).join(''));
    assert.equal(await lanes(), '1'.repeat(32));
    for (const k of [1, 2, 3]) { await page.keyboard.press('F10'); await waitStatus(new RegExp(`step ${k} `)); }
    // After saveexec.and: lanes 0-11 take the then-branch.
    assert.equal(await lanes(), '1'.repeat(12) + '0'.repeat(20));
    const dimmed = await page.evaluate(() => document.querySelectorAll('#vgrid td.inactive[data-reg=v1]').length);
    assert.equal(dimmed, 20);
    await page.screenshot({ path: join(shots, 'divergence.png') });
    await page.click('[data-tab=history]');
    await page.waitForFunction(() => (document.getElementById('history').dataset.columns || '').length > 0);
    const cols = (await page.getAttribute('#history', 'data-columns')).split(',');
    assert.ok(cols.includes('0xffffffff') && cols.includes('0x00000fff') && cols.includes('0xfffff000'), cols.join());
    assert.equal(cols[cols.length - 1], '0xffffffff', 'the last instruction runs after reconverging');
    // The overview of the whole run: one column per step for a run this short, after the
    // lane axis.
    assert.match(await page.textContent('#history-info'), new RegExp(`^steps 0\\.\\.${cols.length - 1} of ${cols.length};`));
    const left = +(await page.getAttribute('#history', 'data-left'));
    assert.ok(left > 0, 'room for the lane axis');
    assert.equal(await page.$eval('#history-overview', (c) => c.width), left + 4 * cols.length);
    // The axes: something drawn left of the lanes (lane numbers) and below them (steps).
    const axisInk = await page.$eval('#history', (c, l) => {
      const g = c.getContext('2d');
      const ink = (x, y, w, h) => { const d = g.getImageData(x, y, w, h).data; let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; };
      return { lanes: ink(0, 12, l - 1, 32 * 8), steps: ink(l, 12 + 32 * 8 + 1, c.width - l, c.height - 12 - 32 * 8 - 1) };
    }, left);
    assert.ok(axisInk.lanes > 20 && axisInk.steps > 20, JSON.stringify(axisInk));
    // Clicking a step goes there (back in time).
    const box = await page.$eval('#history', (c) => { const r = c.getBoundingClientRect(); return { x: r.left + (+c.dataset.left + 15) * r.width / c.width, y: r.top + r.height / 2 }; });
    await page.mouse.click(box.x, box.y);
    await waitStatus(/step 1 .*goto/);
    await page.screenshot({ path: join(shots, 'exec-history.png') });
  });

  await step('the timing tab and an instruction encoding', async () => {
    await page.click('#listing div:nth-child(3)');
    await page.waitForSelector('#bitfields');
    await page.click('[data-tab=timing]');
    await page.click('#timing-run');
    await page.waitForSelector('#timing-svg img');
    assert.match(await page.textContent('#timing-text'), /cycles/i);
    await page.screenshot({ path: join(shots, 'timing.png') });
  });

  await step('at 1400 px: all 32 lanes in view, the toolbar on one line whatever the status', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    // The lane check below reads `laneid v1`: back to that program after the values step's.
    await setText(good);
    await page.waitForFunction(() => !document.querySelector('.cm-lintRange-error') && document.querySelectorAll('#listing div').length === 4);
    await page.click('[data-tab=regs]');
    await page.click('#reset');
    await waitStatus(/launch/);
    const header = () => page.$eval('header', (h) => ({ height: h.getBoundingClientRect().height,
      right: Math.max(...[...h.children].map((c) => c.getBoundingClientRect().right)) }));
    const before = await header();
    assert.ok(before.height <= 40 && before.right <= 1400, JSON.stringify(before));
    // The longest status there is: an interrupted motion with the run-time note.
    await page.evaluate(() => { document.getElementById('status').textContent = 'position 123456789 · warp 63 live · step 123456789 · interrupted · stopped by the run-time limit (2000 ms) at position 123456789 on the way to 987654321; continue goes on from here'; });
    assert.deepEqual(await header(), before, 'the toolbar changed with the status');
    const st = await page.$eval('#status', (s) => s.parentElement.getBoundingClientRect().toJSON());
    assert.ok(st.height <= 24 && st.bottom <= 900 && st.top > 800, `the status line ${JSON.stringify(st)}`);
    await page.screenshot({ path: join(shots, 'toolbar-1400.png') });
    await page.click('#step');
    await waitStatus(/step 1 /);
    // Every lane's cell of v1 is in the grid's box and in the window, with no scrolling.
    const wrap = await page.$eval('#vgrid-wrap', (x) => x.getBoundingClientRect().toJSON());
    assert.ok(wrap.right <= 1400 && wrap.bottom <= 900, JSON.stringify(wrap));
    for (let lane = 0; lane < 32; lane++) {
      const cell = await page.$(`#vgrid td[data-reg=v1][data-lane="${lane}"]`);
      const r = await cell.boundingBox();
      assert.ok(r.x >= wrap.left - 1 && r.x + r.width <= wrap.right + 1 && r.y >= wrap.top - 1 && r.y + r.height <= wrap.bottom + 1,
        `lane ${lane} of v1 at ${JSON.stringify(r)} is outside the grid's box ${JSON.stringify(wrap)}`);
      assert.equal(await cell.getAttribute('data-hex'), `0x${lane.toString(16).padStart(8, '0')}`);
    }
    await page.screenshot({ path: join(shots, 'grid-1400.png') });
  });

  await step('the cursor line looks unlike the PC line', async () => {
    // The PC is on line 2 after one step; put the cursor on line 4.
    await page.evaluate(() => { const v = window.wkEditor; v.focus(); v.dispatch({ selection: { anchor: v.state.doc.line(4).from } }); });
    const look = await page.evaluate(() => {
      const bg = (el) => el && getComputedStyle(el).backgroundColor;
      const pc = document.querySelector('.cm-current-line');
      const cursor = document.querySelector('.cm-activeLine');
      return { pc: bg(pc), cursor: bg(cursor), same: pc === cursor, bar: pc && getComputedStyle(pc).boxShadow };
    });
    assert.ok(look.pc && look.cursor && !look.same, JSON.stringify(look));
    assert.notEqual(look.pc, look.cursor, JSON.stringify(look));
    assert.notEqual(look.bar, 'none', 'the PC line has its bar');
    await page.screenshot({ path: join(shots, 'cursor-and-pc.png') });
  });

  await step('another site\'s page cannot drive the API, nor can a rebinding name', async () => {
    // The id the next session gets: ids are consecutive, so a session made by anyone else
    // in between shows as a gap.
    const nextId = () => page.evaluate(async () => {
      const r = await fetch('/api/sessions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ source: 'laneid v1\n' }) });
      const v = await r.json();
      await fetch(`/api/sessions/${v.id}`, { method: 'DELETE' });
      return v.id;
    });
    const target = new URL(url).origin;
    const evil = createServer((q, a) => {
      a.writeHead(200, { 'content-type': 'text/html' });
      a.end(`<!doctype html><form id=f method=post enctype=text/plain action="${target}/api/sessions"><input name='{"source":"laneid v1\\n; ' value='"}'></form>`);
    });
    await new Promise((ok) => evil.listen(0, '127.0.0.1', ok));
    const evilUrl = `http://127.0.0.1:${evil.address().port}/`;
    const before = await nextId();
    const p2 = await ctx.newPage();
    try {
      await p2.goto(evilUrl);
      // What a page may send to another origin without a preflight, and what needs one.
      const sent = await p2.evaluate(async (t) => {
        const body = JSON.stringify({ source: 'laneid v1\n' });
        const out = [];
        for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
          try { const r = await fetch(`${t}/api/sessions`, { method: 'POST', mode: 'no-cors', headers: { 'content-type': type }, body }); out.push(r.type); } catch (e) { out.push(`error ${e.message}`); }
        }
        try { await fetch(`${t}/api/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }); out.push('answered'); } catch (e) { out.push('blocked'); }
        return out;
      }, target);
      // The no-cors requests reach the server (opaque answers); the JSON one needs a
      // preflight the server never grants.
      assert.deepEqual(sent, ['opaque', 'opaque', 'blocked']);
      // A form posted across sites (text/plain: its body is `{"source":"laneid v1\\n; ="}`,
      // valid JSON and a valid program): the browser navigates to the server's refusal.
      const nav = p2.waitForNavigation();
      await p2.evaluate(() => document.getElementById('f').submit());
      const refused = await nav;
      assert.ok(refused && refused.status() >= 400 && refused.status() < 500, `form post answered ${refused && refused.status()}`);
      // A DNS-rebinding name: the page itself is refused.
      const port = new URL(url).port;
      const r = await p2.goto(`http://rebind.test:${port}/`);
      assert.equal(r.status(), 403);
      assert.match(await r.text(), /Host `rebind\.test:\d+` refused/);
    } finally {
      await p2.close();
      evil.close();
    }
    assert.equal(await nextId(), before + 1, 'a session was made by another site');
  });

  await step('values read as the CLI prints them, in every format (one presenter)', async () => {
    const regs = [['v1', 0x3c00c000], ['v2', 1], ['v3', 0x7f7fffff], ['v4', 0x7fc00001], ['v5', 0xffffffff], ['v6', 0x7e017c00]];
    const prog = regs.map(([r, b]) => `mov.vl ${r}, 0x${b.toString(16).padStart(8, '0')}\n`).join('');
    await setText(prog);
    await page.waitForFunction(() => !document.querySelector('.cm-lintRange-error') && document.querySelectorAll('#listing div').length === 6);
    await page.click('[data-tab=regs]');
    await page.click('#run');
    await waitStatus(/warp 0 exited/);
    const src = join(tmp, 'values.s');
    writeFileSync(src, prog);
    for (const fmt of ['hex', 'i32', 'u32', 'f32', 'f16']) {
      // The CLI's table: lane 0's row; f16 has a column per half, low half first.
      const out = execFileSync(bin, ['run', src, '--view', 'table', '--as', fmt, '--regs', regs.map((r) => r[0]).join(',')]).toString();
      const row = out.split('\n').map((l) => l.trim().split(/\s+/)).find((c) => c[0] === '0').slice(2);
      const want = regs.map((_, i) => (fmt === 'f16' ? `.l ${row[2 * i]} .h ${row[2 * i + 1]}` : row[i]));
      await page.selectOption('#fmt', fmt);
      const cells = () => page.evaluate((rs) => rs.map((r) => document.querySelector(`#vgrid td[data-reg=${r}][data-lane="0"]`).textContent), regs.map((r) => r[0]));
      await page.waitForFunction(([rs, w]) => rs.every((r, i) => document.querySelector(`#vgrid td[data-reg=${r}][data-lane="0"]`)?.textContent === w[i]), [regs.map((r) => r[0]), want], { timeout: 5000 })
        .catch(async () => assert.deepEqual(await cells(), want, fmt));
    }
    await page.screenshot({ path: join(shots, 'formats.png') });
    await page.selectOption('#fmt', 'hex');
  });

  await step('no console errors all along', async () => {
    assert.deepEqual(consoleErrors, []);
  });

  const origin = new URL(url).origin;
  const foreign = requests.filter((r) => !r.startsWith(origin) && !r.startsWith('data:') && !r.startsWith('blob:'));
  assert.deepEqual(foreign, [], 'the page loads nothing from other hosts');
} catch (e) {
  failed = true;
  console.log('FAILED');
  console.error(e);
} finally {
  await ctx.close();
  server.kill();
  rmSync(tmp, { recursive: true, force: true });
}
console.log(failed ? 'browser test: FAILED' : `browser test: all passed; screenshots in ${shots}`);
process.exit(failed ? 1 : 0);
