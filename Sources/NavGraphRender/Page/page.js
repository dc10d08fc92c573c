(function () {
'use strict';
const D = JSON.parse(document.getElementById('navgraph-data').textContent);
let svg = document.getElementById('ng-svg');
const canvas = document.getElementById('ng-canvas');
const $ = (id) => document.getElementById(id);
const KIND = ['navigates', 'routesTo', 'fallback', 'requires'];

// DOM helpers: every name goes in as a text node.
function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  for (const k in props || {}) {
    if (k === 'class') e.className = props[k];
    else if (k === 'text') e.textContent = props[k];
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), props[k]);
    else e.setAttribute(k, props[k]);
  }
  for (const c of kids) if (c != null) e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return e;
}
function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); }
const name = (i) => D.nodes[i].name;

// Indexes over the graph's edges and the diagram's.
const N = D.nodes.length;
const out = Array.from({ length: N }, () => []), inc = Array.from({ length: N }, () => []);
D.edges.forEach((e, k) => { out[e[0]].push(k); inc[e[1]].push(k); });
// A view: one SVG with its diagram edges, the graph nodes each diagram node draws, and where each
// graph node is drawn in it. View -1 is the page's first diagram (the map, when there is one);
// view k >= 0 is group k's picture (the SVG as text in the plain-text block ng-group-k),
// parsed as SVG when first opened.
const G = D.views ? D.views.groups : [];
function makeView(edges, count, members, el, group) {
  const v = { edges, count, members, el, group, dOut: [], dIn: [], at: new Map(), vb0: null, vb: null };
  v.dOut = Array.from({ length: count }, () => []); v.dIn = Array.from({ length: count }, () => []);
  edges.forEach((e, k) => { v.dOut[e[0]].push(k); v.dIn[e[1]].push(k); });
  // Own screens first, so a screen drawn as itself wins over a context copy.
  members.forEach((m, d) => { for (const i of m) if (!v.at.has(i) || (group >= 0 && D.nodes[i].group === group)) v.at.set(i, d); });
  return v;
}
const topMembers = Array.from({ length: D.diagramNodes }, () => []);
D.nodes.forEach((n, i) => { if (n.svg != null) topMembers[n.svg].push(i); });
const views = new Map([[-1, makeView(D.diagramEdges, D.diagramNodes, topMembers, svg, -1)]]);
let V = views.get(-1);
const isMap = () => D.views != null && V.group < 0;
const dOf = (i) => { const d = V.at.get(i); return d == null ? null : d; };
const nodeEl = (d) => document.getElementById('n' + d);
const edgeEl = (k) => document.getElementById('e' + k);

const state = { scenario: D.base, selected: null, path: null };
function viewOf(k) {
  if (!views.has(k)) {
    const text = $('ng-group-' + k).textContent;
    const e = document.importNode(new DOMParser().parseFromString(text, 'image/svg+xml').documentElement, true);
    const g = G[k];
    const v = makeView(g.diagramEdges, g.members.length, g.members, e, k);
    views.set(k, v);
  }
  return views.get(k);
}
// Puts view k (-1: the map) in the canvas; the page's marks follow.
function openView(k) {
  if (V.group === k) return;
  V.vb = vb; V.vb0 = vb0;
  const v = viewOf(k);
  svg.replaceWith(v.el);
  svg = v.el; V = v;
  if (!v.vb0) { v.vb0 = svg.getAttribute('viewBox').split(/[\s,]+/).map(Number); v.vb = v.vb0.slice(); prepareNodes(); }
  vb0 = v.vb0; vb = v.vb.slice(); applyView();
  document.body.dataset.view = k < 0 ? 'map' : 'group-' + k;
  const where = $('ng-where');
  if (where) {
    clear(where);
    if (k >= 0) where.append(el('button', { type: 'button', id: 'ng-back', text: '← Map', onclick: () => { openView(-1); clearMarks(); } }),
      ' ', el('strong', { text: G[k].name }), ' ', el('span', { class: 'ng-kind', text: G[k].members.length + ' nodes · ' + G[k].modules.length + ' module(s)' }));
    else if (D.views) where.append(el('strong', { text: 'Map' }), ' ', el('span', { class: 'ng-kind', text: G.length + ' groups: click one to open it' }));
  }
  clearMarks();
  paintScenario();
}
const scn = () => D.scenarios[state.scenario];

// ---- header
$('ng-title').textContent = D.title;
document.body.dataset.scenario = scn().name;
(function layoutNote() {
  const l = D.layout;
  const parts = ['Layout: ' + l.engine, l.drawnNodes + ' nodes and ' + l.drawnEdges + ' edges drawn',
    D.views ? 'a map of ' + G.length + ' groups (' + (D.views.rule === 'flows' ? 'modules under the entries\u2019 flows' : 'one per module') + '), each group opens in place'
      : l.collapsed ? 'modules collapsed into one node each' : 'detail: ' + l.detail,
    D.views ? (l.edgeLabels ? 'link counts on the map\u2019s edges' : 'link counts in edge tooltips')
      : l.edgeLabels ? 'route ids on edges' : 'route ids in edge tooltips only'];
  const p = $('ng-layout');
  p.textContent = parts.join(' · ');
  if (l.notes.length && D.views) {
    // The map's notes (one per group that fell back) are many: folded.
    const ul = el('ul', { class: 'ng-notes' });
    l.notes.forEach((t) => ul.append(el('li', { text: t })));
    p.append(el('details', {}, el('summary', { text: 'Notes (' + l.notes.length + ')' }), ul));
    p.dataset.fallback = '1';
  } else if (l.notes.length) {
    p.append(el('br'), 'Large-graph fallback: ' + l.notes.join(' / '));
    p.dataset.fallback = '1';
  }
})();

// ---- pan and zoom (the SVG's viewBox)
let vb0 = svg.getAttribute('viewBox').split(/[\s,]+/).map(Number);
let vb = vb0.slice();
function applyView() { svg.setAttribute('viewBox', vb.join(' ')); }
function scale() { return Math.max(vb[2] / Math.max(svg.clientWidth, 1), vb[3] / Math.max(svg.clientHeight, 1)); }
function toUser(cx, cy) {
  const m = svg.getScreenCTM(); const p = svg.createSVGPoint(); p.x = cx; p.y = cy;
  return p.matrixTransform(m.inverse());
}
function zoom(f, cx, cy) {
  const r = svg.getBoundingClientRect();
  const p = toUser(cx == null ? r.left + r.width / 2 : cx, cy == null ? r.top + r.height / 2 : cy);
  const w = Math.min(Math.max(vb[2] * f, vb0[2] / 200), vb0[2] * 20);
  const k = w / vb[2];
  vb = [p.x - (p.x - vb[0]) * k, p.y - (p.y - vb[1]) * k, vb[2] * k, vb[3] * k];
  applyView();
}
function pan(dx, dy) { const s = scale(); vb[0] -= dx * s; vb[1] -= dy * s; applyView(); }
function fit() { vb = vb0.slice(); applyView(); }
// The box of diagram nodes in user units, and the widest node's width.
function boxOf(ds) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, widest = 0;
  for (const e of ds.map(nodeEl).filter(Boolean)) {
    const r = e.getBoundingClientRect();
    const a = toUser(r.left, r.top), b = toUser(r.right, r.bottom);
    x0 = Math.min(x0, a.x); y0 = Math.min(y0, a.y); x1 = Math.max(x1, b.x); y1 = Math.max(y1, b.y);
    widest = Math.max(widest, b.x - a.x);
  }
  return x0 === Infinity ? null : { x0, y0, x1, y1, widest };
}
// Shows the nodes `ds` (all of them when they fit with `focus` at least 16 px wide, else `focus`
// at about 120 px), never magnifying a node beyond 250 px.
function centre(ds, focus) {
  let b = boxOf(ds);
  if (!b) return;
  const cw = Math.max(svg.clientWidth, 1), ch = Math.max(svg.clientHeight, 1);
  const fitW = (bx) => Math.max((bx.x1 - bx.x0) * 1.2, (bx.y1 - bx.y0) * 1.2 * cw / ch);
  let w = fitW(b);
  const f = focus != null ? boxOf([focus]) : null;
  if (f && f.widest * cw / w < 16) { b = f; w = f.widest * cw / 120; }
  w = Math.max(w, b.widest * cw / 250);
  const h = w * ch / cw;
  vb = [(b.x0 + b.x1) / 2 - w / 2, (b.y0 + b.y1) / 2 - h / 2, w, h];
  applyView();
}
canvas.addEventListener('wheel', (ev) => {
  if (!ev.target.closest || !ev.target.closest('#ng-svg')) return;
  ev.preventDefault();
  const trackpadScroll = !ev.ctrlKey && ev.deltaMode === 0 && (ev.deltaX !== 0 || Math.abs(ev.deltaY) < 40);
  if (trackpadScroll) pan(-ev.deltaX, -ev.deltaY);
  else zoom(Math.pow(1.0015, ev.deltaMode === 1 ? ev.deltaY * 30 : ev.deltaY), ev.clientX, ev.clientY);
}, { passive: false });
let drag = null;
canvas.addEventListener('pointerdown', (ev) => {
  if (ev.button !== 0 || ev.target.closest('.ng-zoom') || ev.target.closest('.ng-where')) return;
  drag = { x: ev.clientX, y: ev.clientY, moved: false, id: ev.pointerId };
});
window.addEventListener('pointermove', (ev) => {
  if (!drag) return;
  const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
  if (!drag.moved && Math.hypot(dx, dy) < 4) return;
  drag.moved = true; canvas.classList.add('ng-dragging');
  pan(dx, dy); drag.x = ev.clientX; drag.y = ev.clientY;
});
window.addEventListener('pointerup', () => { canvas.classList.remove('ng-dragging'); setTimeout(() => { drag = null; }, 0); });
canvas.addEventListener('keydown', (ev) => {
  if (ev.target.closest && ev.target.closest('g.node') && (ev.key === 'Enter' || ev.key === ' ')) {
    ev.preventDefault(); pickDiagramNode(Number(ev.target.closest('g.node').id.slice(1))); return;
  }
  const step = 60;
  const keys = { ArrowLeft: () => pan(step, 0), ArrowRight: () => pan(-step, 0), ArrowUp: () => pan(0, step),
    ArrowDown: () => pan(0, -step), '+': () => zoom(0.8), '=': () => zoom(0.8), '-': () => zoom(1.25), '0': fit };
  if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
});
$('ng-zoom-in').addEventListener('click', () => zoom(0.8));
$('ng-zoom-out').addEventListener('click', () => zoom(1.25));
$('ng-fit').addEventListener('click', fit);
$('ng-clear').addEventListener('click', () => { clearMarks(); state.selected = null; });
document.addEventListener('keydown', (ev) => {
  const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
  if (ev.key === '/' && !typing) { ev.preventDefault(); $('ng-search').focus(); }
  else if (ev.key === 'Escape' && !typing) { clearMarks(); state.selected = null; }
});

// Diagram nodes: focusable, named, clickable.
function prepareNodes() {
  for (let d = 0; d < V.count; d++) {
    const g = nodeEl(d);
    if (!g) continue;
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    const m = V.members[d];
    g.setAttribute('aria-label', isMap() ? 'group ' + G[d].name + ', ' + m.length + ' screens'
      : m.length === 1 ? D.nodes[m[0]].kind + ' ' + name(m[0]) : 'module node, ' + m.length + ' elements');
  }
}
prepareNodes();
canvas.addEventListener('click', (ev) => {
  if (drag && drag.moved) return;
  if (!ev.target.closest || !ev.target.closest('#ng-svg')) return;
  const g = ev.target.closest('g.node');
  if (g && /^n\d+$/.test(g.id)) { ev.preventDefault(); pickDiagramNode(Number(g.id.slice(1))); }
});
function pickDiagramNode(d) {
  const m = V.members[d];
  if (isMap()) { openView(d); clearMarks(); fit(); return; }
  // A node for another group (a "door" in a group's picture): opens that group.
  const gs = new Set(m.map((i) => D.nodes[i].group));
  if (D.views && m.length > 1 && gs.size === 1 && !gs.has(V.group) && !gs.has(undefined) && !gs.has(null)) { openView([...gs][0]); fit(); return; }
  if (m.length === 1) select(m[0], false); else selectModule(d);
}

// ---- highlighting
const MARKS = ['ng-on', 'ng-up', 'ng-down', 'ng-sel', 'ng-hit', 'ng-path'];
function clearMarks(keep) {
  for (const c of MARKS) if (!(keep || []).includes(c)) svg.querySelectorAll('.' + c).forEach((e) => e.classList.remove(c));
  svg.classList.remove('ng-dim');
  document.querySelectorAll('#ng-findings .ng-active').forEach((b) => b.classList.remove('ng-active'));
}
function mark(e, ...cls) { if (e) e.classList.add('ng-on', ...cls); }
// What reaches diagram node d and what it reaches, along drawn edges.
function reach(d, forward) {
  const seen = new Set([d]), edges = [], queue = [d];
  while (queue.length) {
    const v = queue.shift();
    for (const k of (forward ? V.dOut : V.dIn)[v]) {
      const w = V.edges[k][forward ? 1 : 0];
      edges.push(k);
      if (!seen.has(w)) { seen.add(w); queue.push(w); }
    }
  }
  seen.delete(d);
  return { nodes: seen, edges };
}
function highlight(d) {
  clearMarks();
  svg.classList.add('ng-dim');
  const down = reach(d, true), up = reach(d, false);
  for (const v of down.nodes) mark(nodeEl(v), 'ng-down');
  for (const k of down.edges) mark(edgeEl(k), 'ng-down');
  for (const v of up.nodes) mark(nodeEl(v), 'ng-up');
  for (const k of up.edges) mark(edgeEl(k), 'ng-up');
  mark(nodeEl(d), 'ng-sel');
  return [d, ...up.nodes, ...down.nodes];
}
// Graph nodes that stand for an element the diagram does not draw (a route in the screens view).
function drawnNear(i) {
  const s = new Set();
  const add = (j) => { if (dOf(j) != null) s.add(dOf(j)); };
  for (const k of out[i]) { add(D.edges[k][1]); if (D.edges[k][3] >= 0) add(D.edges[k][3]); }
  for (const k of inc[i]) add(D.edges[k][0]);
  if (D.nodes[i].kind === 'handler') D.edges.forEach((e) => { if (e[3] === i) { add(e[0]); add(e[1]); } });
  return [...s];
}
function showSet(ds) {
  clearMarks();
  svg.classList.add('ng-dim');
  const set = new Set(ds);
  for (const d of set) mark(nodeEl(d), 'ng-hit');
  V.edges.forEach((e, k) => { if (set.has(e[0]) && set.has(e[1])) mark(edgeEl(k)); });
  centre([...set]);
}

function select(i, centreIt) {
  state.selected = i;
  // A screen of a group: its group opens (from the map, or from another group's picture).
  const gi = D.nodes[i].group;
  if (gi != null && V.group !== gi) { openView(gi); centreIt = true; }
  const d = dOf(i);
  if (d != null) { const lit = highlight(d); if (centreIt) centre(lit, d); }
  else showSet(drawnNear(i));
  panel(i);
}
function selectModule(d) {
  highlight(d);
  const p = $('ng-panel'); clear(p);
  const m = V.members[d];
  p.append(el('h2', { text: 'Module node' }), el('p', { class: 'ng-small', text: m.length + ' elements drawn as this node' }));
  const ul = el('ul');
  for (const i of m.slice(0, 300)) ul.append(el('li', {}, link(i), ' ', el('span', { class: 'ng-kind', text: D.nodes[i].kind })));
  p.append(ul);
  if (m.length > 300) p.append(el('p', { class: 'ng-small', text: '… and ' + (m.length - 300) + ' more (use the search)' }));
}
function link(i) {
  return el('button', { type: 'button', class: 'ng-link', text: name(i), 'data-node': String(i), onclick: () => select(i, true) });
}

// ---- side panel
function panel(i) {
  const n = D.nodes[i], p = $('ng-panel');
  clear(p);
  p.append(el('h2', {}, el('span', { class: 'ng-kind', text: n.kind + ' ' }), n.name));
  const dl = el('dl');
  const row = (k, v) => { if (v != null && v !== '') dl.append(el('dt', { text: k }), el('dd', {}, v)); };
  row('module', n.module);
  row('source', n.source ? el('span', { class: 'ng-code', text: n.source }) : null);
  row('declared at', n.declaredAt ? el('span', { class: 'ng-code', text: n.declaredAt }) : null);
  if (!n.declared) row('declared', 'no: referenced only');
  if (n.entry) row('entry', 'yes');
  if (n.enabled) {
    let text = n.enabled;
    if (n.enabled.startsWith('flag:')) {
      const f = n.enabled.slice(5), fi = D.flags.findIndex((x) => x.name === f);
      text = 'flag ' + f + (fi >= 0 ? ' (' + (scn().values[fi] ? 'on' : 'off') + ' in this scenario)' : '');
    }
    row('enabled', text);
  }
  if (n.fallback != null) row('fallback', link(n.fallback));
  if (D.views && n.group != null) row('group', G[n.group].name);
  if (n.svg == null) row('drawn', 'not as a node in this diagram (' + D.layout.detail + ' view, ' + D.layout.layer + ' layer)');
  p.append(dl);
  const list = (title, items) => {
    if (!items.length) return;
    const ul = el('ul');
    for (const it of items) ul.append(el('li', {}, ...it));
    p.append(el('h3', { text: title }), ul);
  };
  const style = (k) => D.edgeStyles[String(k)] ? ' (' + D.edgeStyles[String(k)] + ')' : '';
  const outs = out[i].map((k) => D.edges[k]);
  list('Dependencies', out[i].filter((k) => D.edges[k][2] === 3).map((k) => [link(D.edges[k][1]), D.edges[k][4] ? ' (lazily)' : '']));
  list('Required by', inc[i].filter((k) => D.edges[k][2] === 3).map((k) => [link(D.edges[k][0])]));
  if (n.kind === 'feature') {
    list('Routes out', out[i].filter((k) => D.edges[k][2] === 0).map((k) => {
      const r = D.edges[k][1];
      const dests = out[r].filter((x) => D.edges[x][2] === 1);
      const parts = [link(r), style(k), ' → '];
      if (!dests.length) parts.push('no handler');
      dests.forEach((x, j) => { if (j) parts.push(', '); parts.push(link(D.edges[x][1]), ' via ', link(D.edges[x][3])); });
      return parts;
    }));
    list('Routes in', inc[i].filter((k) => D.edges[k][2] === 1).map((k) => {
      const r = D.edges[k][0];
      const openers = inc[r].filter((x) => D.edges[x][2] === 0).map((x) => D.edges[x][0]);
      const parts = [link(r), ' via ', link(D.edges[k][3])];
      if (D.nodes[r].entry) parts.push(' (entry route)');
      if (openers.length) { parts.push(', opened by '); openers.forEach((o, j) => { if (j) parts.push(', '); parts.push(link(o)); }); }
      return parts;
    }));
    list('Fallback of', inc[i].filter((k) => D.edges[k][2] === 2).map((k) => [link(D.edges[k][0])]));
  }
  if (n.kind === 'route') {
    list('Opened by', inc[i].filter((k) => D.edges[k][2] === 0).map((k) => [link(D.edges[k][0]), style(k)]));
    list('Leads to', outs.filter((e) => e[2] === 1).map((e) => [link(e[1]), ' via ', link(e[3])]));
  }
  if (n.kind === 'handler') {
    list('Maps', D.edges.filter((e) => e[2] === 1 && e[3] === i).map((e) => [link(e[0]), ' → ', link(e[1])]));
  }
  const fs = scn().findings.filter((f) => D.findings[f].elements.includes(i));
  list('Findings (' + scn().name + ')', fs.map((f) => findingLine(D.findings[f])));
  if (n.kind === 'feature' && n.declared) {
    p.append(el('div', { class: 'ng-zoom', style: 'position: static; margin-top: 10px' },
      el('button', { type: 'button', text: 'Path from here', onclick: () => { $('ng-path-from').value = n.name; runPath(); } }),
      el('button', { type: 'button', text: 'Path to here', onclick: () => { $('ng-path-to').value = n.name; runPath(); } })));
  }
}
function findingLine(f) {
  return [el('span', { class: 'ng-sev ng-sev-' + f.severity, text: f.severity }), el('span', { class: 'ng-rule', text: '[' + f.rule + '] ' }),
    el('span', { class: 'ng-msg', text: f.message }), f.location ? el('span', { class: 'ng-code ng-small', text: f.location }) : null];
}

// ---- findings
function renderFindings() {
  const ul = $('ng-findings'); clear(ul);
  const fs = scn().findings;
  $('ng-findings-count').textContent = '(' + fs.length + ')';
  if (!fs.length) ul.append(el('li', { class: 'ng-small', text: 'No findings in this scenario.' }));
  for (const fi of fs) {
    const f = D.findings[fi];
    const b = el('button', { type: 'button', 'data-finding': String(fi) }, ...findingLine(f));
    b.addEventListener('click', () => {
      const ds = [...new Set(f.elements.map(dOf).filter((d) => d != null))];
      showSet(ds);
      b.classList.add('ng-active');
      const p = $('ng-panel'); clear(p);
      p.append(el('h2', { text: 'Finding' }), el('p', {}, ...findingLine(f)));
      if (f.notes.length) { const ul2 = el('ul'); f.notes.forEach((t) => ul2.append(el('li', { text: t }))); p.append(ul2); }
      if (f.elements.length) { const ul3 = el('ul'); f.elements.forEach((i) => ul3.append(el('li', {}, link(i), ' ', el('span', { class: 'ng-kind', text: D.nodes[i].kind })))); p.append(el('h3', { text: 'Elements' }), ul3); }
      if (!ds.length) p.append(el('p', { class: 'ng-small', text: 'None of its elements is drawn in this diagram.' }));
    });
    ul.append(el('li', {}, b));
  }
}

// ---- flags
const FLAG_MARKS = ['ng-lost', 'ng-fb', 'ng-crash', 'ng-fbto', 'ng-gain'];
function renderFlags() {
  const box = $('ng-flags'); clear(box);
  $('ng-flag-rule').textContent = !D.flags.length ? 'No feature flags.'
    : D.scenarioRule === 'combinations'
      ? 'Every combination of the ' + D.flags.length + ' flag(s) is embedded: toggle any.'
      : 'Too many flags or features for every combination: each flag can be toggled alone from the start scenario.';
  D.flags.forEach((f, k) => {
    const id = 'ng-flag-' + k;
    const cb = el('input', { type: 'checkbox', id, 'data-flag': String(k) });
    cb.checked = scn().values[k];
    cb.addEventListener('change', () => toggleFlag(k, cb.checked));
    const def = f.declared ? 'default ' + (f.defaultValue ? 'on' : 'off') : 'not declared: off';
    box.append(el('div', { class: 'ng-flag' }, cb, el('label', { for: id }, f.name, ' ', el('span', { class: 'ng-kind', text: '(' + def + ', gates ' + f.gates.length + ')' }))));
  });
}
function toggleFlag(k, on) {
  let values = scn().values.slice();
  values[k] = on;
  if (D.scenarioRule === 'single') {
    values = D.scenarios[D.base].values.slice();
    values[k] = on;
  }
  const idx = D.scenarios.findIndex((s) => s.values.every((v, j) => v === values[j]));
  if (idx < 0) return;
  applyScenario(idx);
}
// The scenario's changes on the diagram in view. On the map a group shows its worst change:
// a crash, then a fallback, then an unreachable screen, then a fallback target, then a gain.
function paintScenario() {
  const s = scn();
  svg.querySelectorAll(FLAG_MARKS.map((c) => '.' + c).join(',')).forEach((e) => e.classList.remove(...FLAG_MARKS));
  const rank = { 'ng-crash': 5, 'ng-fb': 4, 'ng-lost': 3, 'ng-fbto': 2, 'ng-gain': 1 };
  const best = new Map();
  const add = (i, c) => {
    const d = dOf(i);
    if (d == null || !nodeEl(d)) return;
    if (!isMap()) { nodeEl(d).classList.add(c); return; }
    if (!best.has(d) || rank[c] > rank[best.get(d)]) best.set(d, c);
  };
  s.fallsBack.forEach(([f, fb]) => { if (fb >= 0) { add(f, 'ng-fb'); add(fb, 'ng-fbto'); } else add(f, 'ng-crash'); });
  s.unreachable.forEach((f) => add(f, 'ng-lost'));
  s.gained.forEach((f) => add(f, 'ng-gain'));
  for (const [d, c] of best) nodeEl(d).classList.add(c);
}
function applyScenario(idx) {
  state.scenario = idx;
  const s = scn();
  document.body.dataset.scenario = s.name;
  paintScenario();
  document.querySelectorAll('#ng-flags input').forEach((cb) => { cb.checked = s.values[Number(cb.dataset.flag)]; });
  const box = $('ng-flag-effect'); clear(box);
  if (idx !== D.base) {
    box.append(el('p', { class: 'ng-small', text: 'Scenario ' + s.name + ', against ' + D.scenarios[D.base].name + ':' }));
    const ul = el('ul');
    const sw = (c) => el('span', { class: 'ng-swatch', style: 'background: var(' + c + ')' });
    s.fallsBack.forEach(([f, fb]) => ul.append(el('li', { 'data-effect': fb >= 0 ? 'fallback' : 'crash' }, sw(fb >= 0 ? '--fb' : '--err'), link(f),
      fb >= 0 ? ' falls back to ' : ' is disabled with no fallback: RouterService crashes', fb >= 0 ? link(fb) : null)));
    s.unreachable.forEach((f) => ul.append(el('li', { 'data-effect': 'unreachable' }, sw('--lost'), link(f), ' becomes unreachable')));
    s.gained.forEach((f) => ul.append(el('li', { 'data-effect': 'gained' }, sw('--gain'), link(f), ' is shown only now')));
    if (!ul.childNodes.length) ul.append(el('li', { text: 'every screen stays as it was' }));
    box.append(ul);
  }
  renderFindings();
  if (state.path) runPath();
  else if (state.selected != null) panel(state.selected);
}

// ---- path (the walk itself is NavGraphWalk.shortestPath, walk.js)
const declaredScreens = [];
D.nodes.forEach((n, i) => { if (n.kind === 'feature' && n.enabled) declaredScreens.push(i); });
const byName = new Map(declaredScreens.map((i) => [name(i), i]));
(function fillScreens() { const dl = $('ng-screens'); for (const i of declaredScreens) dl.append(el('option', { value: name(i) })); })();
function runPath() {
  const a = byName.get($('ng-path-from').value), b = byName.get($('ng-path-to').value);
  const msg = $('ng-path-msg'), ol = $('ng-path-steps');
  clear(ol);
  if (a == null || b == null) {
    state.path = null;
    msg.textContent = a == null && $('ng-path-from').value ? 'No declared screen named “' + $('ng-path-from').value + '”.'
      : b == null && $('ng-path-to').value ? 'No declared screen named “' + $('ng-path-to').value + '”.' : 'Pick two screens.';
    return;
  }
  const p = NavGraphWalk.shortestPath(D, a, b, scn().disabled);
  state.path = p;
  clearMarks();
  if (p == null) {
    msg.textContent = 'No path from ' + name(a) + ' to ' + name(b) + ' under scenario ' + scn().name + ' (navgraph path explains why).';
    msg.dataset.steps = '-1';
    return;
  }
  msg.textContent = name(a) + ' → ' + name(b) + ': ' + p.length + ' step' + (p.length === 1 ? '' : 's') + ' (scenario ' + scn().name + ')';
  msg.dataset.steps = String(p.length);
  // A path inside one group is drawn in its picture; across groups, on the map.
  if (D.views) {
    const gs = new Set([D.nodes[a].group]);
    p.forEach((mv) => { gs.add(D.nodes[mv[2]].group); gs.add(D.nodes[D.edges[mv[0]][0]].group); if (mv[4] >= 0) gs.add(D.nodes[mv[4]].group); });
    openView(gs.size === 1 ? [...gs][0] : -1);
    clearMarks();
  }
  svg.classList.add('ng-dim');
  const chainDs = [];
  const push = (i) => { if (i < 0) return; const d = dOf(i); if (d != null && chainDs[chainDs.length - 1] !== d) chainDs.push(d); };
  push(a);
  p.forEach((mv) => {
    const e = D.edges[mv[0]];
    const how = D.edgeStyles[String(mv[0])] ? ' (' + D.edgeStyles[String(mv[0])] + ')' : '';
    const li = mv[1] < 0 ? el('li', { 'data-presents': name(mv[2]) }, 'presents ', link(mv[2]), ' directly', how, ', around the router')
      : el('li', { 'data-route': name(e[1]) }, 'opens ', link(e[1]), how, ', handled by ', link(mv[1]), ' → ', link(mv[2]));
    if (mv[4] !== mv[2] && mv[4] >= 0) li.append(' (fallback: ', link(mv[4]), ' is off)');
    ol.append(li);
    push(e[0]); push(e[1]); push(mv[1]); push(mv[4]); push(mv[2]);
  });
  for (const d of chainDs) mark(nodeEl(d), 'ng-path');
  for (let j = 0; j + 1 < chainDs.length; j++) {
    for (const k of V.dOut[chainDs[j]]) if (V.edges[k][1] === chainDs[j + 1]) mark(edgeEl(k), 'ng-path');
  }
  centre(chainDs);
}
$('ng-path-go').addEventListener('click', runPath);
for (const id of ['ng-path-from', 'ng-path-to']) $(id).addEventListener('keydown', (ev) => { if (ev.key === 'Enter') runPath(); });

// ---- search: fuzzy over every name
const input = $('ng-search'), results = $('ng-results');
let hits = [], active = -1;
function setActive(k) {
  active = k;
  [...results.children].forEach((li, j) => li.setAttribute('aria-selected', j === k ? 'true' : 'false'));
  if (k >= 0 && results.children[k]) { input.setAttribute('aria-activedescendant', results.children[k].id); results.children[k].scrollIntoView({ block: 'nearest' }); }
  else input.removeAttribute('aria-activedescendant');
}
function closeResults() { results.hidden = true; input.setAttribute('aria-expanded', 'false'); setActive(-1); }
function pick(i) { closeResults(); input.value = name(i); select(i, true); }
input.addEventListener('input', () => {
  const q = input.value.trim().toLowerCase();
  clear(results); hits = [];
  if (!q) { closeResults(); return; }
  const scored = [];
  for (let i = 0; i < N; i++) { const s = NavGraphWalk.score(q, D.nodes[i].name); if (s >= 0) scored.push([s, i]); }
  scored.sort((x, y) => y[0] - x[0] || (name(x[1]) < name(y[1]) ? -1 : 1));
  hits = scored.slice(0, 15).map((x) => x[1]);
  hits.forEach((i, k) => {
    const n = D.nodes[i];
    const li = el('li', { role: 'option', id: 'ng-hit-' + k, 'data-node': String(i) },
      el('span', { text: n.name }), el('span', { class: 'ng-kind', text: n.kind + (n.module ? ' · ' + n.module : '') }));
    li.addEventListener('mousedown', (ev) => { ev.preventDefault(); pick(i); });
    results.append(li);
  });
  if (!hits.length) results.append(el('li', { class: 'ng-small', text: 'No match' }));
  results.hidden = false; input.setAttribute('aria-expanded', 'true');
  setActive(hits.length ? 0 : -1);
});
input.addEventListener('keydown', (ev) => {
  if (ev.key === 'ArrowDown' && hits.length) { ev.preventDefault(); setActive(Math.min(active + 1, hits.length - 1)); }
  else if (ev.key === 'ArrowUp' && hits.length) { ev.preventDefault(); setActive(Math.max(active - 1, 0)); }
  else if (ev.key === 'Enter' && active >= 0) { ev.preventDefault(); pick(hits[active]); }
  else if (ev.key === 'Escape') closeResults();
});
input.addEventListener('blur', () => setTimeout(closeResults, 100));

renderFlags();
if (D.views) {
  document.body.dataset.view = 'map';
  const where = $('ng-where');
  where.append(el('strong', { text: 'Map' }), ' ', el('span', { class: 'ng-kind', text: G.length + ' groups: click one to open it' }));
}
applyScenario(D.base);
document.body.dataset.readyMs = String(Math.round(performance.now()));
document.body.dataset.ready = '1';
})();
