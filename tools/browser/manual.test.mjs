// The generated HTML manual in headless Chromium: it loads from a file with no network,
// the search box finds `ffma` (and hides what does not match), every variant of the
// database has its anchor, a link to `#ffma.f32` lands on that variant, and the dark theme
// applies. Run by .ci/run: `npm ci` here, then `node manual.test.mjs [PAGE]`.
import { chromium } from 'playwright-core';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const page_path = resolve(process.argv[2] ?? join(root, 'docs', 'manual', 'index.html'));

// The mnemonics straight from the database text (first cell of every row).
const mnemonics = readFileSync(join(root, 'crates', 'isa', 'instructions.isa'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#') && !l.startsWith('@'))
  .map((l) => l.split('|')[0].trim());
assert.ok(mnemonics.length > 400, `only ${mnemonics.length} rows read`);

const profile = mkdtempSync(join(tmpdir(), 'warpkit-chromium-'));
// A fresh profile directory (Playwright passes it to Chromium as --user-data-dir).
const ctx = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failed = false;
try {
  const page = await ctx.newPage();
  // Self-contained: any request other than the page itself fails the test.
  const requests = [];
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url()); });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const url = pathToFileURL(page_path).href;
  await page.goto(url);

  // Every variant's anchor exists, once.
  const missing = await page.evaluate((ms) => ms.filter((m) => document.querySelectorAll(`[id="${m}"]`).length !== 1), mnemonics);
  assert.deepEqual(missing, [], 'variants without exactly one anchor');
  const total = await page.locator('article.insn').count();
  assert.equal(total, mnemonics.length);

  // The search box finds ffma: every shown variant mentions it, ffma.f32 is among them,
  // the others are hidden, and the count says so.
  await page.fill('#q', 'ffma');
  const shown = await page.$$eval('article.insn:not(.hidden)', (as) => as.map((a) => a.id));
  const want = mnemonics.filter((m) => m.includes('ffma'));
  for (const m of want) assert.ok(shown.includes(m), `${m} not shown for "ffma"`);
  assert.ok(shown.includes('ffma.f32'));
  assert.ok(shown.length < total / 4, `${shown.length} shown`);
  assert.equal(await page.locator('[id="ffma.f32"]').isVisible(), true);
  assert.equal(await page.locator('[id="add"]').isVisible(), false);
  assert.match(await page.textContent('#count'), new RegExp(`^${shown.length} of ${total} variants$`));
  // Two words narrow the list; clearing the box shows everything again.
  await page.fill('#q', 'ffma f16');
  const narrow = await page.$$eval('article.insn:not(.hidden)', (as) => as.map((a) => a.id));
  assert.ok(narrow.length > 0 && narrow.length < shown.length && narrow.every((m) => shown.includes(m)));
  await page.fill('#q', '');
  assert.equal(await page.locator('article.insn:not(.hidden)').count(), total);

  // A link to #ffma.f32 lands on it; its diagram is drawn.
  await page.goto(`${url}#ffma.f32`);
  assert.equal(await page.evaluate(() => document.querySelector(':target')?.id), 'ffma.f32');
  const box = await page.locator('[id="ffma.f32"] svg.bf').boundingBox();
  assert.ok(box && box.width > 300 && box.height > 60, JSON.stringify(box));

  // Light and dark themes.
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(await bg(), 'rgb(255, 255, 255)');
  await page.emulateMedia({ colorScheme: 'dark' });
  assert.equal(await bg(), 'rgb(21, 23, 26)');

  assert.deepEqual(requests, [], 'network requests');
  assert.deepEqual(errors, [], 'script errors');
  console.log(`manual: ${total} anchors, search "ffma" shows ${shown.length}, themes ok`);
} catch (e) {
  failed = true;
  console.error(e);
} finally {
  await ctx.close();
  rmSync(profile, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
