// The page's graph walks and search scoring: no DOM, no page state, only the embedded data passed
// in. page.js (the page itself) follows this file in the page's one script.
const NavGraphWalk = (function () {
'use strict';
// A move is [navigates edge, handler (-1: a direct presentation), lands, gate, destination]
// (HTMLPageData.moves); it lands unless its gate (>= 0) is disabled.
// ---- path: breadth-first over the embedded moves, as `navgraph path` walks them.
function lands(mv, disabled) { return mv[3] >= 0 && disabled.has(mv[3]) ? -1 : mv[2]; }
function moveKey(D, mv) {
  const e = D.edges[mv[0]];
  const name = (i) => D.nodes[i].name;
  return name(e[0]) + '\u0001' + name(e[1]) + '\u0001' + (mv[1] >= 0 ? name(mv[1]) : '') + '\u0001' + (D.edgeStyles[String(mv[0])] || '');
}
function shortestPath(D, a, b, disabledIds) {
  if (a === b) return [];
  const disabled = new Set(disabledIds);
  const dist = new Map([[a, 0]]), preds = new Map();
  let frontier = [a], level = 0;
  while (!dist.has(b) && frontier.length) {
    level++;
    const next = [];
    frontier.sort((x, y) => x - y);
    for (const v of frontier) {
      for (const mv of D.moves[v]) {
        const l = lands(mv, disabled);
        if (l < 0) continue;
        if (dist.has(l)) { if (dist.get(l) === level) preds.get(l).push(mv); continue; }
        dist.set(l, level); preds.set(l, [mv]); next.push(l);
      }
    }
    frontier = next;
  }
  if (!dist.has(b)) return null;
  const path = [];
  for (let cur = b; cur !== a;) {
    const best = preds.get(cur).map((mv) => [moveKey(D, mv), mv]).sort((x, y) => (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0))[0][1];
    path.unshift(best);
    cur = D.edges[best[0]][0];
  }
  return path;
}
// Search: how well query q (lowercased) matches name s; -1 when it does not.
function score(q, s) {
  const t = s.toLowerCase();
  if (t === q) return 1000;
  const at = t.indexOf(q);
  if (at >= 0) return 500 + (at === 0 ? 100 : 0) - at - t.length / 100;
  let i = 0, sc = 0, last = -2;
  for (let j = 0; j < t.length && i < q.length; j++) {
    if (t[j] !== q[i]) continue;
    sc += j === last + 1 ? 5 : 1;
    if (j === 0 || !/[a-z0-9]/.test(t[j - 1]) || (s[j] !== t[j] && s[j - 1] === t[j - 1])) sc += 3;
    last = j; i++;
  }
  return i === q.length ? sc - t.length / 100 : -1;
}
return { shortestPath, score };
})();
