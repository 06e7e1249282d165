// `warpkit dap` driven by VS Code's own DAP test client (@vscode/debugadapter-testsupport),
// as the editor drives it: breakpoints of two files set by one request per file, and a
// pause during a long reverse-continue.
//   node dap.test.mjs path/to/warpkit
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DebugClient } from '@vscode/debugadapter-testsupport';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const warpkit = path.resolve(process.argv[2] ?? path.join(root, 'target/release/warpkit'));
const multi = path.join(root, 'examples/multi');
const endless = path.join(root, 'tools/bench/endless.s');

async function client() {
  const dc = new DebugClient(warpkit, 'dap', 'warpkit');
  dc.defaultTimeout = 10000;
  await dc.start();
  return dc;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/// The file name and line where the next `stopped` event stops (null at the end).
async function nextStop(dc, request) {
  const [ev] = await Promise.all([dc.waitForEvent('stopped'), request()]);
  if (ev.body.reason === 'end') return null;
  const st = await dc.stackTraceRequest({ threadId: ev.body.threadId });
  const f = st.body.stackFrames[0];
  return `${path.basename(f.source.path)}:${f.line}`;
}

test('breakpoints of two files both stop; an empty list clears only its file', async () => {
  const dc = await client();
  try {
    await dc.initializeRequest();
    await Promise.all([
      dc.waitForEvent('initialized'),
      dc.launchRequest({
        program: path.join(multi, 'all.s'),
        state: path.join(multi, 'axpy.state.json'),
        kernel: 'axpy',
      }),
    ]);
    const set = (file, lines) =>
      dc.setBreakpointsRequest({
        source: { path: path.join(multi, file) },
        breakpoints: lines.map((line) => ({ line })),
      });
    const h = await set('helper.s', [10]);
    const k = await set('kernels.s', [11]);
    assert.equal(h.body.breakpoints[0].verified, true);
    assert.equal(k.body.breakpoints[0].verified, true);
    await set('macros.inc', []);
    // Clear helper.s: kernels.s's breakpoint stays, helper.s's stops no more.
    await set('helper.s', []);
    const stops = [await nextStop(dc, () => dc.configurationDoneRequest())];
    for (;;) {
      const s = await nextStop(dc, () => dc.continueRequest({ threadId: 1 }));
      if (s === null) break;
      stops.push(s);
    }
    assert.deepEqual(stops, ['kernels.s:11', 'kernels.s:11']);
    // The same again, helper.s kept: both files stop.
    await dc.launchRequest({
      program: path.join(multi, 'all.s'),
      state: path.join(multi, 'axpy.state.json'),
      kernel: 'axpy',
    });
    await set('helper.s', [10]);
    await set('kernels.s', [11]);
    const all = [await nextStop(dc, () => dc.configurationDoneRequest())];
    for (;;) {
      const s = await nextStop(dc, () => dc.continueRequest({ threadId: 1 }));
      if (s === null) break;
      all.push(s);
    }
    assert.deepEqual(all, ['kernels.s:11', 'kernels.s:11', 'helper.s:10', 'helper.s:10']);
  } finally {
    await dc.stop();
  }
});

test('pause stops a long reverse-continue within a second, with one stopped event', async () => {
  const dc = await client();
  try {
    await dc.initializeRequest();
    await Promise.all([
      dc.waitForEvent('initialized'),
      dc.launchRequest({ program: endless, maxSteps: 100_000_000_000, stopOnEntry: true }),
    ]);
    await Promise.all([dc.waitForEvent('stopped'), dc.configurationDoneRequest()]);
    await dc.continueRequest({ threadId: 1 });
    await sleep(4000);
    // Answered while it runs.
    const t = await dc.threadsRequest();
    assert.equal(t.body.threads.length, 1);
    await Promise.all([dc.waitForEvent('stopped'), dc.pauseRequest({ threadId: 1 })]);

    let stops = 0;
    dc.on('stopped', () => stops++);
    await dc.send('reverseContinue', { threadId: 1 });
    await sleep(1000);
    const t0 = Date.now();
    const [ev] = await Promise.all([dc.waitForEvent('stopped'), dc.pauseRequest({ threadId: 1 })]);
    const took = Date.now() - t0;
    assert.equal(ev.body.reason, 'pause');
    assert.ok(took < 1000, `the pause took ${took} ms`);
    await dc.threadsRequest();
    await sleep(500);
    assert.equal(stops, 1, 'exactly one stopped event');
  } finally {
    await dc.stop();
  }
});
