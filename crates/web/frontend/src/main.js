// The playground page: a CodeMirror editor over the JSON API of `warpkit serve`.
import { EditorView, basicSetup } from 'codemirror';
import { EditorState, StateField, StateEffect, RangeSet } from '@codemirror/state';
import { Decoration, GutterMarker, gutter, hoverTooltip } from '@codemirror/view';
import { StreamLanguage } from '@codemirror/language';
import { linter } from '@codemirror/lint';
import { deflateSync, inflateSync, strToU8, strFromU8 } from 'fflate';

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const r = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const v = await r.json().catch(() => ({ error: `HTTP ${r.status}` }));
  if (!r.ok) throw new Error(v.error || `HTTP ${r.status}`);
  return v;
}

// ---------------------------------------------------------------- syntax highlighting
// The first word of a statement is a mnemonic (or a directive); `name:` is a label.
const asmLang = StreamLanguage.define({
  startState: () => ({ first: true }),
  token(stream, st) {
    if (stream.sol()) st.first = true;
    if (stream.eatSpace()) return null;
    if (stream.match(/^(;|\/\/|#).*/)) return 'comment';
    if (stream.match(/^[A-Za-z_.$][\w.$]*:/)) return 'labelName';
    if (st.first && stream.match(/^\.[\w.]+/)) { st.first = false; return 'meta'; }
    if (st.first && stream.match(/^[A-Za-z_][\w.]*/)) { st.first = false; return 'keyword'; }
    if (stream.match(/^[vu]\d+\b/) || stream.match(/^(exec|pc|fflags|mode)\b/i)) return 'variableName';
    if (stream.match(/^-?(0x[\da-fA-F_]+|0b[01_]+|\d[\d_]*(\.\d+)?([eE][-+]?\d+)?)/)) return 'number';
    stream.next();
    return null;
  },
  tokenTable: {},
});
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
const asmHighlight = HighlightStyle.define([
  { tag: t.keyword, class: 'tok-mnemonic' },
  { tag: t.variableName, class: 'tok-reg' },
  { tag: t.number, class: 'tok-num' },
  { tag: t.labelName, class: 'tok-label' },
  { tag: t.meta, class: 'tok-dir' },
  { tag: t.comment, class: 'tok-comment' },
]);

// ---------------------------------------------------------------- breakpoints in the gutter
const bpEffect = StateEffect.define({ map: (v, m) => ({ pos: m.mapPos(v.pos), on: v.on }) });
const bpClear = StateEffect.define();
const bpMarker = new (class extends GutterMarker { toDOM() { const s = document.createElement('span'); s.className = 'cm-bp'; s.textContent = '●'; return s; } })();
const bpField = StateField.define({
  create: () => RangeSet.empty,
  update(set, tr) {
    set = set.map(tr.changes);
    for (const e of tr.effects) {
      if (e.is(bpClear)) set = RangeSet.empty;
      if (e.is(bpEffect)) {
        if (e.value.on) set = set.update({ add: [bpMarker.range(e.value.pos)] });
        else set = set.update({ filter: (from) => from !== e.value.pos });
      }
    }
    return set;
  },
});
function toggleBreakpoint(view, pos) {
  let has = false;
  view.state.field(bpField).between(pos, pos, () => { has = true; });
  view.dispatch({ effects: bpEffect.of({ pos, on: !has }) });
  syncBreakpoints();
}
const bpGutter = [bpField, gutter({
  class: 'cm-bp-gutter',
  markers: (v) => v.state.field(bpField),
  initialSpacer: () => bpMarker,
  domEventHandlers: { mousedown(view, line) { toggleBreakpoint(view, line.from); return true; } },
})];
function breakpointLines() {
  const lines = [];
  const st = editor.state;
  st.field(bpField).between(0, st.doc.length, (from) => { lines.push(st.doc.lineAt(from).number); });
  return lines;
}

// ---------------------------------------------------------------- the current line
const curEffect = StateEffect.define();
const curField = StateField.define({
  create: () => Decoration.none,
  update(d, tr) {
    d = d.map(tr.changes);
    for (const e of tr.effects) if (e.is(curEffect)) {
      d = e.value == null || e.value > tr.state.doc.lines ? Decoration.none
        : Decoration.set([Decoration.line({ class: 'cm-current-line' }).range(tr.state.doc.line(e.value).from)]);
    }
    return d;
  },
  provide: (f) => EditorView.decorations.from(f),
});

// ---------------------------------------------------------------- diagnostics and listing
let lastAsm = null;
const asmLinter = linter(async (view) => {
  const source = view.state.doc.toString();
  let r;
  try { r = await api('POST', '/api/assemble', { source }); } catch (e) { return []; }
  lastAsm = { source, ...r };
  showListing();
  if (r.ok) launchView();
  const len = view.state.doc.length;
  $('diag-list').textContent = r.ok ? '' : r.diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `line ${d.line}: ${d.message}`).join('\n');
  return r.diagnostics.map((d) => ({
    from: Math.min(d.from, len),
    to: Math.min(Math.max(d.to, d.from + 1), len),
    severity: d.severity,
    message: d.message + (d.hint ? `\n${d.hint}` : ''),
  }));
}, { delay: 350 });

function showListing() {
  const el = $('listing');
  el.textContent = '';
  if (!lastAsm || !lastAsm.ok) return;
  for (const row of lastAsm.listing) {
    const d = document.createElement('div');
    d.dataset.offset = row.offset;
    d.innerHTML = `<span class="off">${row.offset.toString(16).padStart(4, '0')}</span>  `;
    d.append(`${row.words.map((w) => w.slice(2)).join(' ').padEnd(17)}  ${row.text}`);
    d.title = row.line ? `line ${row.line}` : '';
    d.onclick = () => showEncoding(row);
    el.append(d);
  }
  markListing();
}

async function showEncoding(row) {
  const box = $('encoding');
  if (!row.mnemonic) { box.textContent = 'this word does not decode'; return; }
  let s;
  try { s = await api('GET', `/api/spec/${encodeURIComponent(row.mnemonic)}`); } catch (e) { box.textContent = e.message; return; }
  const value = BigInt(row.words[0]) | (row.words[1] ? BigInt(row.words[1]) << 32n : 0n);
  const size = s.encoding.size * 8;
  const fields = [...s.encoding.fields].sort((a, b) => b.lo - a.lo);
  const tbl = document.createElement('table');
  tbl.id = 'bitfields';
  const r1 = tbl.insertRow(), r2 = tbl.insertRow(), r3 = tbl.insertRow();
  for (const f of fields) {
    if (f.lo >= size) continue;
    const hi = f.lo + f.width - 1;
    const v = (value >> BigInt(f.lo)) & ((1n << BigInt(f.width)) - 1n);
    const c1 = r1.insertCell(); c1.textContent = f.width > 1 ? `${hi}..${f.lo}` : `${f.lo}`;
    const c2 = r2.insertCell(); c2.textContent = f.name; c2.className = 'f';
    const c3 = r3.insertCell(); c3.textContent = v.toString(2).padStart(f.width, '0') + ` (${v})`;
    for (const c of [c1, c2, c3]) c.colSpan = f.width;
  }
  box.innerHTML = `<div><b>${row.mnemonic}</b> at 0x${row.offset.toString(16)}: format ${s.encoding.format}, ${row.words.join(' ')}</div>`;
  box.append(tbl);
}

// ---------------------------------------------------------------- hover: the spec
const specCache = new Map();
const specHover = hoverTooltip(async (view, pos) => {
  const line = view.state.doc.lineAt(pos);
  const text = line.text;
  let s = pos - line.from, e = s;
  while (s > 0 && /[\w.]/.test(text[s - 1])) s--;
  while (e < text.length && /[\w.]/.test(text[e])) e++;
  const word = text.slice(s, e);
  if (!word || word.startsWith('.')) return null;
  // Only the statement's first word (after an optional label) is a mnemonic.
  const before = text.slice(0, s).replace(/^\s*[A-Za-z_.$][\w.$]*:\s*/, '').trim();
  if (before !== '') return null;
  let r = specCache.get(word);
  if (!r) {
    try { r = await api('GET', `/api/spec/${encodeURIComponent(word)}`); } catch (err) { return null; }
    specCache.set(word, r);
  }
  const body = r.text || (r.matches ? r.matches.map((m) => m.mnemonic).join('\n') : JSON.stringify(r.spec, null, 1));
  return {
    pos: line.from + s, end: line.from + e, above: true,
    create() { const d = document.createElement('div'); d.className = 'spec-tip'; const p = document.createElement('pre'); p.textContent = body; d.append(p); return { dom: d }; },
  };
}, { hoverTime: 250 });
const tipTheme = EditorView.theme({ '.cm-tooltip': { border: 'none' } });

// ---------------------------------------------------------------- the editor
const editor = new EditorView({
  parent: $('editor'),
  state: EditorState.create({
    doc: '',
    extensions: [bpGutter, basicSetup, asmLang, syntaxHighlighting(asmHighlight), asmLinter, specHover, tipTheme, curField,
      EditorView.updateListener.of((u) => { if (u.docChanged) edited(); })],
  }),
});
window.wkEditor = editor; // the browser test types through the editor's own API

function setSource(text) {
  editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: text }, effects: bpClear.of(null) });
}

// ---------------------------------------------------------------- sessions
let session = null, sessionStale = true, view = null, prevRegs = null;
// Edits of the program or the state so far; a session is stale once they pass its own.
let edits = 0, opening = null;
function edited() { edits++; sessionStale = true; }

// One session opened at a time: the load, an edit and a button may all ask at once.
async function ensureSession() {
  while (opening) await opening.catch(() => {});
  if (session && !sessionStale) return;
  opening = openSession();
  try { await opening; } finally { opening = null; }
}

async function openSession() {
  if (session) api('DELETE', `/api/sessions/${session}`).catch(() => {});
  session = null;
  status('starting…');
  const at = edits;
  const v = await api('POST', '/api/sessions', { source: editor.state.doc.toString(), state: $('state').value });
  session = v.id;
  sessionStale = edits !== at;
  prevRegs = null;
  historyCache = null;
  await syncBreakpoints(true);
  show(v, true);
}

// The launch state of a program that assembles is shown at once (registers, warps), not
// only after the first step.
function launchView() {
  if (sessionStale) ensureSession().catch((e) => status(e.message, true));
}

async function syncBreakpoints(quiet) {
  if (!session || sessionStale) return;
  try {
    const v = await api('POST', `/api/sessions/${session}/breakpoints`, { lines: breakpointLines() });
    if (!quiet) show(v, false);
  } catch (e) { status(e.message, true); }
}

async function act(action, body) {
  try {
    if (action === 'run') { sessionStale = true; }
    await ensureSession();
    const v = await api('POST', `/api/sessions/${session}/${action}`, body || {});
    show(v, false);
  } catch (e) { status(e.message, true); }
}

function status(text, bad) {
  const s = $('status');
  s.textContent = text;
  s.title = text;
  s.style.color = bad ? 'var(--err)' : '';
}

// Lane values come as hex, 8 digits per 32-bit value (see the API in docs/playground.md).
function unhex(s) {
  const a = new Uint32Array(s.length >> 3);
  for (let i = 0; i < a.length; i++) a[i] = parseInt(s.substr(8 * i, 8), 16);
  return a;
}
// Vector registers after the last non-zero one are left out: they are all zero.
function decodeRegs(r) {
  if (!r) return r;
  const v = r.v.map(unhex);
  while (v.length < r.vgprs) v.push(new Uint32Array(32));
  return { ...r, v, u: unhex(r.u) };
}

function show(v, fresh) {
  v.regs = decodeRegs(v.regs);
  const old = view;
  view = v;
  prevRegs = fresh || !old || old.selected !== v.selected ? v.regs : old.regs;
  const sel = $('warp');
  if (sel.options.length !== v.warps.length) {
    sel.textContent = '';
    v.warps.forEach((w) => sel.append(new Option(`${w.index}`, `${w.index}`)));
  }
  sel.value = `${v.selected}`;
  const w = v.warps[v.selected];
  const why = v.stop ? v.stop.reason.replace(/_/g, ' ') : 'launch';
  status(`position ${v.position} · warp ${v.selected} ${w.status} · step ${w.steps} · ${why}${v.note ? ' · ' + v.note : ''}`
    + (v.stop && v.stop.fault ? ` · ${v.stop.fault.name}: ${v.stop.fault.reason}` : ''));
  editor.dispatch({ effects: curEffect.of(w.status === 'live' ? v.line : null) });
  if (w.status === 'live' && v.line) {
    const ln = editor.state.doc.line(Math.min(v.line, editor.state.doc.lines));
    editor.dispatch({ effects: EditorView.scrollIntoView(ln.from, { y: 'nearest' }) });
  }
  drawRegs();
  markListing();
  if ($('tab-history').classList.contains('on')) drawHistory();
}

function markListing() {
  const pc = view && view.regs ? view.regs.pc : -1;
  for (const d of $('listing').children) d.classList.toggle('cur', +d.dataset.offset === pc);
}

// ---------------------------------------------------------------- registers
// Values are shown as the server's presenter writes them (POST /api/present), so the page
// shows the text of the command line and DAP; each value is asked for once per format.
const shown = new Map();
function shownIn(fmt) {
  if (!shown.has(fmt)) shown.set(fmt, new Map());
  return shown.get(fmt);
}
async function present(fmt, values) {
  const m = shownIn(fmt);
  const missing = [...new Set(values)].filter((x) => !m.has(x));
  if (!missing.length) return;
  const hex = missing.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
  const r = await api('POST', '/api/present', { format: fmt, values: hex });
  missing.forEach((x, i) => m.set(x, r.text[i]));
}
function fmtNum(x, fmt) { return shownIn(fmt).get(x >>> 0) ?? hex8(x); }
function hex8(x) { return '0x' + (x >>> 0).toString(16).padStart(8, '0'); }

function drawRegs() {
  const r = view && view.regs;
  if (!r) return;
  const fmt = $('fmt').value;
  const known = shownIn(fmt);
  const values = [...r.u, ...r.v.flatMap((lanes) => [...lanes])];
  if (values.some((x) => !known.has(x))) {
    present(fmt, values).then(drawRegs, (e) => status(e.message, true));
    return;
  }
  const p = prevRegs && prevRegs.warp === r.warp ? prevRegs : r;
  const rm = ['rne', 'rtz', 'rdn', 'rup', 'rmm'];
  $('specials').innerHTML = '';
  const sp = [['PC', hex8(r.pc)], ['MODE', `rm=${rm[r.rm] ?? r.rm} rm16=${rm[r.rm16] ?? r.rm16}`],
    ['FFLAGS', `0b${r.fflags.toString(2).padStart(5, '0')}`], ['EXEC', hex8(r.exec)], ['steps', `${r.steps}`]];
  for (const [k, v] of sp) { const s = document.createElement('span'); s.id = `sp-${k.toLowerCase()}`; s.innerHTML = `<b>${k}</b> `; s.append(v); $('specials').append(s); }
  const strip = $('exec-strip');
  strip.textContent = '';
  for (let l = 0; l < 32; l++) {
    const d = document.createElement('div');
    d.dataset.lane = l;
    d.className = (r.exec >>> l) & 1 ? 'on' : 'off';
    d.textContent = l;
    d.title = `lane ${l}: ${(r.exec >>> l) & 1 ? 'active' : 'inactive'}`;
    strip.append(d);
  }
  let rows = $('rows').value;
  let n;
  if (rows === 'auto') {
    let hi = 0;
    r.v.forEach((lanes, i) => { if (lanes.some((x) => x !== 0) || (p.v[i] && p.v[i].some((x) => x !== 0))) hi = i + 1; });
    n = Math.min(r.v.length, Math.max(8, hi));
  } else n = rows === 'all' ? r.v.length : Math.min(+rows, r.v.length);
  const t = $('vgrid');
  t.textContent = '';
  // Lanes down, registers across: all 32 lanes fit the pane's height, and registers (a
  // handful at a time in most programs) scroll sideways past the sticky lane column.
  const h = t.insertRow();
  const th0 = document.createElement('th'); th0.className = 'r'; th0.textContent = 'lane'; h.append(th0);
  for (let i = 0; i < n; i++) { const th = document.createElement('th'); th.textContent = `v${i}`; h.append(th); }
  for (let l = 0; l < 32; l++) {
    const tr = t.insertRow();
    const th = document.createElement('th'); th.className = 'r'; th.textContent = l; tr.append(th);
    for (let i = 0; i < n; i++) {
      const c = tr.insertCell();
      const x = r.v[i][l];
      c.textContent = fmtNum(x, fmt);
      c.dataset.reg = `v${i}`;
      c.dataset.lane = l;
      c.dataset.hex = hex8(x);
      if (!((r.exec >>> l) & 1)) c.classList.add('inactive');
      if (p.v[i] && p.v[i][l] !== x) c.classList.add('changed');
    }
  }
  const ug = $('ugrid');
  ug.textContent = '';
  r.u.forEach((x, i) => {
    const s = document.createElement('span');
    s.dataset.reg = `u${i}`;
    s.innerHTML = `<b>u${i}</b> `;
    s.append(fmtNum(x, fmt));
    if (p.u[i] !== x) s.classList.add('changed');
    ug.append(s);
  });
}
$('fmt').onchange = drawRegs;
$('rows').onchange = drawRegs;
$('warp').onchange = () => act('select', { warp: +$('warp').value });

// ---------------------------------------------------------------- EXEC history
// The server sends a window of single steps around the current one and an overview of the
// whole run; a new window is asked for when the current step leaves this one.
let historyCache = null;
// Room for the axes: lane numbers on the left, step numbers below.
const AXIS_LEFT = 24, AXIS_BOTTOM = 16;
// Lanes 0, 8, 16, 24, 31 on the left; below, a tick and the step of every `every`-th of
// `n` columns `w` pixels wide (`stepOf(k)`: column k's first step), and the axes' names.
function axes(g, color, top, ch, n, w, every, stepOf) {
  const bottom = top + 32 * ch;
  g.fillStyle = color;
  g.strokeStyle = color;
  g.font = '9px ui-monospace, monospace';
  g.textAlign = 'right';
  g.textBaseline = 'middle';
  g.fillText('lane', AXIS_LEFT - 2, top / 2);
  for (const l of [0, 8, 16, 24, 31]) g.fillText(`${l}`, AXIS_LEFT - 3, top + l * ch + ch / 2);
  g.beginPath();
  g.moveTo(AXIS_LEFT - 0.5, top);
  g.lineTo(AXIS_LEFT - 0.5, bottom + 0.5);
  g.lineTo(AXIS_LEFT + n * w, bottom + 0.5);
  g.textAlign = 'left';
  g.textBaseline = 'top';
  for (let k = 0; k < n; k += every) {
    const x = AXIS_LEFT + k * w + 0.5;
    g.moveTo(x, bottom);
    g.lineTo(x, bottom + 4);
    g.fillText(`${stepOf(k)}`, x + 2, bottom + 4);
  }
  g.stroke();
  g.textAlign = 'right';
  g.fillText('step', AXIS_LEFT - 2, bottom + 4);
  g.textAlign = 'start';
  g.textBaseline = 'alphabetic';
}
async function drawHistory() {
  if (!session || !view) return;
  const w = view.selected;
  const cur = view.warps[w].steps;
  const hc = historyCache;
  const inWindow = hc && hc.rows.length > 0 && cur >= hc.rows[0].step
    && (cur <= hc.rows[hc.rows.length - 1].step || hc.rows.length < hc.size);
  if (!hc || hc.warp !== w || hc.session !== session || !inWindow) {
    try {
      const h = await api('GET', `/api/sessions/${session}/exec-history?warp=${w}&around=${cur}`);
      historyCache = { ...h, session, size: Math.max(h.rows.length, hc ? hc.size : 0) };
    } catch (e) { $('history-info').textContent = e.message; return; }
  }
  const h = historyCache;
  const css = getComputedStyle(document.documentElement);
  const col = (k) => css.getPropertyValue(k);
  const c = $('history');
  const cw = 10, top = 12, ch = 8;
  c.width = AXIS_LEFT + Math.max(1, h.rows.length) * cw;
  c.height = top + 32 * ch + AXIS_BOTTOM;
  c.dataset.columns = h.rows.map((r) => hex8(r.exec)).join(',');
  c.dataset.left = AXIS_LEFT;
  const g = c.getContext('2d');
  g.fillStyle = col('--off');
  g.fillRect(AXIS_LEFT, 0, c.width - AXIS_LEFT, top + 32 * ch);
  h.rows.forEach((r, k) => {
    const x = AXIS_LEFT + k * cw;
    if (r.step === cur) { g.fillStyle = col('--cur'); g.fillRect(x, 0, cw, top + 32 * ch); }
    for (let l = 0; l < 32; l++) {
      if ((r.exec >>> l) & 1) { g.fillStyle = col('--on'); g.fillRect(x + 1, top + l * ch, cw - 2, ch - 1); }
    }
    if (r.branch) { g.fillStyle = '#2563eb'; g.fillText('▲', x, 10); }
    if (r.writes_exec) { g.fillStyle = '#dc2626'; g.fillText('◆', x, 10); }
  });
  // A tick every 5 columns (50 px), labelled with its step number.
  axes(g, col('--muted'), top, ch, h.rows.length, cw, 5, (k) => h.rows[k].step);
  const rowAt = (ev) => h.rows[Math.floor((ev.offsetX * c.width / c.clientWidth - AXIS_LEFT) / cw)];
  c.onclick = (ev) => { const r = rowAt(ev); if (r) act('goto', { position: r.position, warp: w }); };
  c.onmousemove = (ev) => {
    const r = rowAt(ev);
    if (r) c.title = `step ${r.step} · line ${r.line ?? '?'} · ${r.mnemonic} · EXEC ${hex8(r.exec)}`;
  };

  const o = h.overview, oc = $('history-overview');
  const ow = 4;
  oc.width = AXIS_LEFT + Math.max(1, o.columns.length) * ow;
  oc.height = top + 32 * 4 + AXIS_BOTTOM;
  oc.dataset.left = AXIS_LEFT;
  const og = oc.getContext('2d');
  og.fillStyle = col('--off');
  og.fillRect(AXIS_LEFT, 0, oc.width - AXIS_LEFT, top + 32 * 4);
  o.columns.forEach((x, k) => {
    const px = AXIS_LEFT + k * ow;
    if (cur >= x.step && cur < x.step + o.per) { og.fillStyle = col('--cur'); og.fillRect(px, 0, ow, top + 32 * 4); }
    for (let l = 0; l < 32; l++) {
      const all = (x.all >>> l) & 1, any = (x.any >>> l) & 1;
      if (any) { og.globalAlpha = all ? 1 : 0.4; og.fillStyle = col('--on'); og.fillRect(px, top + l * 4, ow - 1, 3); }
    }
    og.globalAlpha = 1;
    if (x.writes_exec) { og.fillStyle = '#dc2626'; og.fillRect(px, 2, ow - 1, 4); }
    else if (x.branch) { og.fillStyle = '#2563eb'; og.fillRect(px, 6, ow - 1, 4); }
  });
  axes(og, col('--muted'), top, 4, o.columns.length, ow, 25, (k) => o.columns[k].step);
  const colAt = (ev) => o.columns[Math.floor((ev.offsetX * oc.width / oc.clientWidth - AXIS_LEFT) / ow)];
  oc.onclick = (ev) => { const x = colAt(ev); if (x) act('goto', { position: x.position, warp: w }); };
  oc.onmousemove = (ev) => {
    const x = colAt(ev);
    if (x) oc.title = `steps ${x.step}..${x.step + o.per - 1} · lanes ever on ${hex8(x.any)} · always on ${hex8(x.all)}`;
  };
  const first = h.rows.length ? h.rows[0].step : h.window_start;
  $('history-info').textContent = `steps ${first}..${first + Math.max(h.rows.length, 1) - 1} of ${o.steps}`
    + `${h.complete ? '' : ' (the run went on: the time limit cut the overview here)'}`
    + `; warp ${w} now at step ${cur}; overview: ${o.per} step${o.per === 1 ? '' : 's'} per column`;
}

// ---------------------------------------------------------------- tabs, timing, state
for (const b of $('tabs').children) {
  b.onclick = () => {
    for (const x of $('tabs').children) x.classList.toggle('on', x === b);
    for (const x of document.querySelectorAll('.tab')) x.classList.toggle('on', x.id === `tab-${b.dataset.tab}`);
    if (b.dataset.tab === 'history') drawHistory();
  };
}
$('timing-run').onclick = async () => {
  try {
    const r = await api('POST', '/api/timing', { source: editor.state.doc.toString(), state: $('state').value });
    $('timing-text').textContent = r.text;
    const img = new Image();
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(r.svg);
    $('timing-svg').textContent = '';
    $('timing-svg').append(img);
  } catch (e) { $('timing-text').textContent = e.message; }
};
let stateTimer = null;
$('state').oninput = () => {
  edited();
  clearTimeout(stateTimer);
  stateTimer = setTimeout(validateState, 300);
};
async function validateState() {
  const m = $('state-msg');
  try {
    const r = await api('POST', '/api/state/validate', { state: $('state').value });
    m.className = r.ok ? 'good' : 'bad';
    m.textContent = r.ok ? `valid: ${r.warps} warp${r.warps === 1 ? '' : 's'}` : r.error;
    if (r.ok && lastAsm && lastAsm.ok && lastAsm.source === editor.state.doc.toString()) launchView();
  } catch (e) { m.className = 'bad'; m.textContent = e.message; }
}

// ---------------------------------------------------------------- buttons and keys
$('run').onclick = () => act('run');
$('step').onclick = () => act('step');
$('back').onclick = () => act('back');
$('continue').onclick = () => act('continue');
$('rcontinue').onclick = () => act('reverse-continue');
$('reset').onclick = async () => { sessionStale = true; try { await ensureSession(); } catch (e) { status(e.message, true); } };
window.addEventListener('keydown', (e) => {
  const k = { F10: e.shiftKey ? 'back' : 'step', F5: e.shiftKey ? 'reverse-continue' : 'continue' }[e.key];
  if (k) { e.preventDefault(); act(k); }
});

// ---------------------------------------------------------------- console
// One line of `warpkit debug`'s commands on the session (motions are the buttons'); the
// view comes back with the reply, so a `set` or `warp N` shows at once. Up/Down: history.
const consoleLines = [];
let consoleAt = 0;
async function runConsole(line) {
  const out = $('console-out');
  const add = (text, bad) => {
    const span = document.createElement('span');
    span.textContent = text;
    if (bad) span.className = 'bad';
    out.append(span);
    out.scrollTop = out.scrollHeight;
  };
  add(`(wk) ${line}\n`);
  try {
    await ensureSession();
    const v = await api('POST', `/api/sessions/${session}/command`, { line });
    add(v.console.text, v.console.failed);
    show(v, false);
  } catch (e) { add(`error: ${e.message}\n`, true); }
}
$('console-in').addEventListener('keydown', (e) => {
  const box = $('console-in');
  if (e.key === 'Enter') {
    const line = box.value.trim() || consoleLines[consoleLines.length - 1] || '';
    box.value = '';
    if (!line) return;
    if (consoleLines[consoleLines.length - 1] !== line) consoleLines.push(line);
    consoleAt = consoleLines.length;
    runConsole(line);
  } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
    e.preventDefault();
    consoleAt = Math.max(0, Math.min(consoleLines.length, consoleAt + (e.key === 'ArrowUp' ? -1 : 1)));
    box.value = consoleLines[consoleAt] || '';
  }
  // F5/F10 typed here stay the page's keys; other keys are the input's own.
});

// ---------------------------------------------------------------- examples, share, downloads
let examples = [];
api('GET', '/api/examples').then((list) => {
  examples = list;
  for (const x of list) $('examples').append(new Option(x.name, x.name));
}).catch(() => {});
$('examples').onchange = () => {
  const x = examples.find((e) => e.name === $('examples').value);
  if (!x) return;
  loadProgram(x.source, x.state);
  $('examples').value = '';
};
function loadProgram(source, state) {
  setSource(source);
  $('state').value = state;
  edited();
  validateState();
}

function b64url(u8) { let s = ''; for (const b of u8) s += String.fromCharCode(b); return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''); }
function unb64url(s) { const b = atob(s.replace(/-/g, '+').replace(/_/g, '/')); const u = new Uint8Array(b.length); for (let i = 0; i < b.length; i++) u[i] = b.charCodeAt(i); return u; }
$('share').onclick = () => {
  const data = JSON.stringify({ source: editor.state.doc.toString(), state: $('state').value });
  const url = `${location.origin}${location.pathname}#p=${b64url(deflateSync(strToU8(data), { level: 9 }))}`;
  history.replaceState(null, '', url);
  const box = $('share-url');
  box.hidden = false;
  box.value = url;
  box.select();
  if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
};
function fromHash() {
  const m = /^#p=([\w-]+)$/.exec(location.hash);
  if (!m) return false;
  try {
    const v = JSON.parse(strFromU8(inflateSync(unb64url(m[1]))));
    loadProgram(String(v.source ?? ''), String(v.state ?? '{}'));
    return true;
  } catch (e) { status(`the link's program cannot be read: ${e.message}`, true); return false; }
}
window.addEventListener('hashchange', fromHash);

function download(name, data, type) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([data], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
$('dl-src').onclick = () => download('playground.s', editor.state.doc.toString(), 'text/plain');
$('dl-bin').onclick = async () => {
  try {
    const r = await api('POST', '/api/assemble', { source: editor.state.doc.toString() });
    if (!r.ok) throw new Error('the program does not assemble');
    const u = new Uint8Array(r.code.length / 2);
    for (let i = 0; i < u.length; i++) u[i] = parseInt(r.code.substr(2 * i, 2), 16);
    download('playground.bin', u, 'application/octet-stream');
  } catch (e) { status(e.message, true); }
};
$('dl-trace').onclick = async () => {
  try {
    const r = await api('POST', '/api/trace', { source: editor.state.doc.toString(), state: $('state').value });
    download('playground.trace.jsonl', r.trace, 'application/x-ndjson');
    if (r.cut) status('the trace was cut at the size limit');
  } catch (e) { status(e.message, true); }
};

const DEFAULT = `; Each lane squares its lane number; lanes 0-15 add 100.
        laneid v1
        mul v2, v1, v1
        cmp.lt.u32.vi u2, v1, 16
        saveexec.and u3, u2
        add.vi v2, v2, 100
        exec.set u3
`;
if (!fromHash()) loadProgram(DEFAULT, '{}');
