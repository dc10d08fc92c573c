#!/usr/bin/env python3
"""Drives `navgraph render -f html` pages in Debian's headless chromium (DevTools protocol over a
pipe; nothing is downloaded) the way a person would: search, click, toggle a flag, ask for a path,
use the keyboard, switch to dark mode; screenshots go to --shots. Checks the page's path finder
agrees with `navgraph path` on every pair of screens of the examples, and that hostile names stay text.

Usage: Tests/Browser/html_page_test.py [--navgraph PATH] [--synth PATH] [--shots DIR] [--large N]
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cdp import Browser  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
HERE = os.path.dirname(os.path.abspath(__file__))


def run(*args, ok=(0,)):
    p = subprocess.run(args, capture_output=True, text=True, cwd=ROOT)
    if p.returncode not in ok:
        raise AssertionError(f"{' '.join(args)} exited {p.returncode}: {p.stderr.strip()[:400]}")
    return p


def top_level_rules(css):
    """The number of rules (a selector's block, an @media block) at the top of a style sheet."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    depth = count = 0
    for c in css:
        if c == "{":
            count += depth == 0
            depth += 1
        elif c == "}":
            depth -= 1
    assert depth == 0, "unbalanced braces in page.css"
    return count


class Suite:
    def __init__(self, opts):
        self.o = opts
        self.tmp = tempfile.mkdtemp(prefix="navgraph-html-")
        self.shots = opts.shots or self.tmp
        os.makedirs(self.shots, exist_ok=True)
        self.b = Browser()
        self.pages = {}

    def page(self, registry, stem, *extra):
        if stem not in self.pages:
            run(self.o.navgraph, "render", registry, "--name", stem, "-f", "html", "-o", self.tmp, *extra)
            self.pages[stem] = os.path.join(self.tmp, stem + ".html")
        return self.pages[stem]

    def open(self, path):
        self.b.goto("file://" + path)
        self.b.dark(False)
        self.data = json.loads(self.b.js("document.getElementById('navgraph-data').textContent"))
        self.names = [n["name"] for n in self.data["nodes"]]

    # What the diagram shows: diagram node -> the name it draws (single-member nodes).
    def marked(self, cls):
        ids = self.b.js(f"[...document.querySelectorAll('#ng-svg g.node.{cls}')].map(g => g.id)")
        out = set()
        for i in ids:
            d = int(i[1:])
            members = [k for k, n in enumerate(self.data["nodes"]) if n.get("svg") == d]
            out.update(self.names[m] for m in members)
        return out

    def node_of(self, name, kind="feature"):
        i = next(k for k, n in enumerate(self.data["nodes"]) if n["name"] == name and n["kind"] == kind)
        return i, self.data["nodes"][i].get("svg")

    def shot(self, name):
        path = os.path.join(self.shots, name)
        self.b.screenshot(path)
        return path

    # ---- the tests
    def test_assets_parse(self):
        """The page's style sheet and script (Sources/NavGraphRender/Page) are what the page holds,
        and parse: the script runs to its end (the page is ready) with no exception or console
        error, and every top-level rule of the style sheet is a rule of the page's sheet (chromium
        drops a rule it cannot parse without a word). With node installed, `node --check` too."""
        page_dir = os.path.join(ROOT, "Sources/NavGraphRender/Page")
        css = open(os.path.join(page_dir, "page.css"), encoding="utf-8").read()
        js = "".join(open(os.path.join(page_dir, f), encoding="utf-8").read() for f in ("walk.js", "page.js"))
        for registry, stem in (("Examples/ShopApp.yml", "ShopApp"), ("Examples/Broken.yml", "Broken")):
            self.open(self.page(registry, stem))
            assert self.b.page_errors() == [], self.b.page_errors()
            assert self.b.js("document.body.dataset.ready") == "1"
            assert self.b.js("document.scripts[document.scripts.length - 1].textContent") == "\n" + js, "the page's script is walk.js + page.js"
            assert self.b.js("document.querySelector('style').textContent") == "\n" + css, "the page's style is page.css"
            want = top_level_rules(css)
            got = self.b.js("document.styleSheets[0].cssRules.length")
            assert got == want, f"chromium kept {got} of page.css's {want} rules"
        node = shutil.which("node") or shutil.which("nodejs")
        if node:
            for f in ("walk.js", "page.js"):
                run(node, "--check", os.path.join(page_dir, f))
        else:
            print("  (node is not installed: walk.js and page.js checked in chromium only)")

    def test_search_click_panel_highlight(self):
        self.open(self.page("Examples/ShopApp.yml", "ShopApp"))
        assert self.b.js("document.querySelectorAll('#ng-svg g.node').length") == self.data["diagramNodes"] + 1  # + legend
        # Every diagram node and edge of the data is an element of the SVG.
        missing = self.b.js("(() => { const D = JSON.parse(document.getElementById('navgraph-data').textContent);"
                            " const m = []; for (let d = 0; d < D.diagramNodes; d++) if (!document.getElementById('n' + d)) m.push('n' + d);"
                            " D.diagramEdges.forEach((e, k) => { if (!document.getElementById('e' + k)) m.push('e' + k); }); return m; })()")
        assert missing == [], missing
        # Keyboard: '/' focuses the search box, then type a fuzzy query.
        self.b.js("document.body.focus()")
        self.b.key("/", code="Slash", text="/", keycode=191)
        assert self.b.js("document.activeElement.id") == "ng-search"
        self.b.type("lgnfeat")
        first = self.b.js("document.querySelector('#ng-results li span').textContent")
        assert first == "LoginFeature", first
        self.b.key("Enter", keycode=13)
        panel = self.b.js("document.getElementById('ng-panel').innerText")
        assert "LoginFeature" in panel and "Auth" in panel, panel
        assert "sign_up" in panel and "forgot_password" in panel, "routes out listed"
        assert "AuthServiceProtocol" in panel, "dependencies listed"
        assert "ProductFeature" in panel and "ShopFeature" in panel, "routes in name who opens them"
        assert self.marked("ng-sel") == {"LoginFeature"}
        assert self.marked("ng-down") == {"SignUpFeature", "ForgotPasswordFeature", "PasswordResetPopupFeature"}, self.marked("ng-down")
        assert self.marked("ng-up") == {"MainTabFeature", "ShopFeature", "ProductFeature", "WishlistFeature"}, self.marked("ng-up")
        assert self.b.js("document.getElementById('ng-svg').classList.contains('ng-dim')")
        assert "SiriShortcutFeature" not in self.marked("ng-on"), "unrelated screens stay faded"
        self.shot("shop-selected.png")
        # A real mouse click on another node.
        _, d = self.node_of("WishlistFeature")
        self.b.click_element(f"#n{d} > g > a > *")
        assert self.b.js("document.querySelector('#ng-panel h2').textContent") == "feature WishlistFeature"
        assert self.marked("ng-sel") == {"WishlistFeature"}

    def test_flag_toggle(self):
        self.open(self.page("Examples/ShopApp.yml", "ShopApp"))
        assert self.b.js("document.body.dataset.scenario") == "siri_shortcuts=off"
        assert self.marked("ng-gain") == set()
        self.b.click_element("label[for=ng-flag-0]")
        assert self.b.js("document.body.dataset.scenario") == "siri_shortcuts=on"
        assert self.b.js("document.getElementById('ng-flag-0').checked")
        assert self.marked("ng-gain") == {"SiriShortcutFeature"}, self.marked("ng-gain")
        effect = self.b.js("document.getElementById('ng-flag-effect').innerText")
        assert "SiriShortcutFeature is shown only now" in effect, effect
        self.shot("shop-flag-on.png")
        # Broken: beta_profile off makes ProfileFeature crash (its fallback is itself); new_checkout
        # on shows the checkout and what only it opens.
        self.open(self.page("Examples/Broken.yml", "Broken"))
        flags = [f["name"] for f in self.data["flags"]]
        assert self.data["scenarioRule"] == "combinations" and len(self.data["scenarios"]) == 4
        before = self.b.js("document.querySelectorAll('#ng-findings li button').length")
        self.b.click_element(f"label[for=ng-flag-{flags.index('beta_profile')}]")
        assert self.marked("ng-crash") == {"ProfileFeature"}, self.marked("ng-crash")
        self.b.click_element(f"label[for=ng-flag-{flags.index('new_checkout')}]")
        assert self.b.js("document.body.dataset.scenario") == "beta_profile=off,new_checkout=on"
        assert self.marked("ng-gain") == {"CheckoutFeature", "SettingsDetailFeature"}, self.marked("ng-gain")
        assert self.marked("ng-crash") == {"ProfileFeature"}
        after = self.b.js("document.querySelectorAll('#ng-findings li button').length")
        cli = run(self.o.navgraph, "check", "Examples/Broken.yml", "--flag", "beta_profile=off", "--flag",
                  "new_checkout=on", "--reporter", "json", ok=(0, 1)).stdout
        assert after == len(json.loads(cli)["findings"]), (after, cli[:200])
        assert before != after, "the findings list follows the scenario"
        self.shot("broken-flags.png")

    def test_findings_list(self):
        self.open(self.page("Examples/Broken.yml", "Broken"))
        rows = self.b.js("[...document.querySelectorAll('#ng-findings li button')].map(b => b.dataset.finding)")
        cli = json.loads(run(self.o.navgraph, "check", "Examples/Broken.yml", "--reporter", "json", ok=(1,)).stdout)["findings"]
        assert len(rows) == len(cli), (len(rows), len(cli))
        k = next(int(r) for r in rows if self.data["findings"][int(r)]["rule"] == "dependency-cycle")
        self.b.click_element(f"#ng-findings button[data-finding='{k}']")
        # The Broken diagram is drawn with the navigation layer only: the cycle's dependencies are not
        # nodes, so the panel says so; a missing-fallback finding's screen is.
        panel = self.b.js("document.getElementById('ng-panel').innerText")
        assert "dependency-cycle" in panel and "CartProtocol" in panel
        k = next(int(r) for r in rows if self.data["findings"][int(r)]["rule"] == "missing-fallback")
        self.b.click_element(f"#ng-findings button[data-finding='{k}']")
        assert self.marked("ng-hit") == {"CheckoutFeature"}, self.marked("ng-hit")
        assert self.b.js(f"document.querySelector(\"#ng-findings button[data-finding='{k}']\").classList.contains('ng-active')")

    def test_path_ui(self):
        self.open(self.page("Examples/ShopApp.yml", "ShopApp"))
        for field, value in (("ng-path-from", "MainTabFeature"), ("ng-path-to", "PasswordResetPopupFeature")):
            self.b.click_element("#" + field)
            self.b.type(value)
        self.b.click_element("#ng-path-go")
        steps = self.b.js("[...document.querySelectorAll('#ng-path-steps li')].map(l => l.dataset.route)")
        assert steps == ["shop_tab", "login", "forgot_password", "password_reset_popup"], steps
        onpath = self.marked("ng-path")
        assert onpath == {"MainTabFeature", "ShopFeature", "LoginFeature", "ForgotPasswordFeature", "PasswordResetPopupFeature"}, onpath
        edges = self.b.js("document.querySelectorAll('#ng-svg g.edge.ng-path').length")
        assert edges == 4, edges
        self.shot("shop-path.png")
        self.b.dark(True)
        assert self.b.js("matchMedia('(prefers-color-scheme: dark)').matches")
        self.shot("shop-path-dark.png")
        self.b.dark(False)

    def test_keyboard_nodes(self):
        self.open(self.page("Examples/ShopApp.yml", "ShopApp"))
        self.b.js("document.getElementById('ng-canvas').focus()")
        box = "document.getElementById('ng-svg').getAttribute('viewBox').split(/[ ,]+/).map(Number)"
        vb = self.b.js(box)
        self.b.key("+", code="Equal", text="+", keycode=187)
        zoomed = self.b.js(box)
        assert zoomed[2] < vb[2] and zoomed[3] < vb[3], ("+ zooms in", vb, zoomed)
        self.b.key("ArrowLeft", keycode=37)
        assert self.b.js(box)[0] < zoomed[0], "the left arrow pans"
        self.b.key("0", code="Digit0", text="0", keycode=48)
        assert self.b.js(box) == vb, "0 fits"
        self.b.key("Tab", keycode=9)
        focused = self.b.js("document.activeElement.id")
        assert re.fullmatch(r"n\d+", focused), f"Tab reaches a diagram node, got {focused!r}"
        self.b.key("Enter", keycode=13)
        d = int(focused[1:])
        name = next(n["name"] for n in self.data["nodes"] if n.get("svg") == d)
        assert self.b.js("document.querySelector('#ng-panel h2').textContent").endswith(name)

    def test_path_agrees_with_cli(self):
        """Every ordered pair of declared screens, every embedded scenario of ShopApp and the default
        of the others: the page's steps (routes, count) equal `navgraph path`'s."""
        cases = [("Examples/ShopApp.yml", "ShopApp", True), ("Examples/Broken.yml", "Broken", False),
                 ("Examples/RouterServiceExample.yml", "RouterServiceExample", False)]
        compared = 0
        for registry, stem, every_scenario in cases:
            self.open(self.page(registry, stem))
            screens = [n["name"] for n in self.data["nodes"] if n["kind"] == "feature" and n.get("enabled")]
            scenarios = range(len(self.data["scenarios"])) if every_scenario else [self.data["base"]]
            for s in scenarios:
                sc = self.data["scenarios"][s]
                flags = []
                for f, v in zip(self.data["flags"], sc["values"]):
                    flags += ["--flag", f"{f['name']}={'on' if v else 'off'}"]
                page = self.b.js(f"""(() => {{
                    const D = JSON.parse(document.getElementById('navgraph-data').textContent);
                    const box = document.querySelectorAll('#ng-flags input');
                    D.scenarios[{s}].values.forEach((v, k) => {{ if (box[k].checked !== v) box[k].click(); }});
                    const out = {{}};
                    for (const a of {json.dumps(screens)}) for (const b of {json.dumps(screens)}) {{
                        document.getElementById('ng-path-from').value = a;
                        document.getElementById('ng-path-to').value = b;
                        document.getElementById('ng-path-go').click();
                        const n = Number(document.getElementById('ng-path-msg').dataset.steps);
                        out[a + ' ' + b] = n < 0 ? null : [...document.querySelectorAll('#ng-path-steps li')].map(l => l.dataset.route ?? ('presents ' + l.dataset.presents));
                    }}
                    return [document.body.dataset.scenario, out]; }})()""")
                assert page[0] == sc["name"], page[0]

                def cli(pair):
                    a, b = pair
                    p = run(self.o.navgraph, "path", a, b, registry, "--color", "never", *flags, ok=(0, 1))
                    if p.returncode == 1:
                        return pair, None
                    # A step is a route opened, or a screen presented directly (around the router).
                    return pair, [m[0] or "presents " + m[1] for m in re.findall(
                        r"^\s+\d+\.\s+(?:opens (.+?)(?: \(|, handled by)|presents (.+?) directly)", p.stdout, re.M)]

                pairs = [(a, b) for a in screens for b in screens]
                with ThreadPoolExecutor(max_workers=4) as pool:
                    for (a, b), expected in pool.map(cli, pairs):
                        got = page[1][f"{a} {b}"]
                        if a == b:
                            expected = []
                        assert got == expected, f"{stem} [{sc['name']}] {a} -> {b}: page {got}, navgraph path {expected}"
                        compared += 1
        print(f"  path: page and navgraph path agree on {compared} pairs")

    def test_hostile_names(self):
        path = self.page(os.path.join(HERE, "hostile.yml"), "hostile")
        raw = open(path, encoding="utf-8").read()
        assert len(re.findall(r"<script", raw, re.I)) == 2, "only the data block and the page's own script"
        block = raw[raw.index('id="navgraph-data">'):]
        block = block[:block.index("</script>")]
        assert "<" not in block[len('id="navgraph-data">'):] and "\u2028" not in block
        assert not re.search(r"<(img|iframe|object|embed|foreignObject)\b", raw, re.I)
        self.open(path)
        assert self.b.page_errors() == [], self.b.page_errors()
        assert self.b.js("window.__pwned === undefined")
        assert self.b.js("document.querySelectorAll('script').length") == 2
        assert self.b.js("document.querySelectorAll('img, iframe, object, embed').length") == 0
        evil = "</script><script>window.__pwned=1</script>"
        self.b.js("document.getElementById('ng-search').focus()")
        self.b.type("pwned")
        texts = self.b.js("[...document.querySelectorAll('#ng-results li span:first-child')].map(s => s.textContent)")
        assert evil in texts, texts
        for _ in range(texts.index(evil)):
            self.b.key("ArrowDown", keycode=40)
        self.b.key("Enter", keycode=13)
        assert self.b.js("window.__pwned === undefined")
        assert self.b.js("document.querySelector('#ng-panel h2').textContent") == "feature " + evil
        # Every name of the registry comes back exactly as the page's text and the SVG's.
        svg_text = self.b.js("document.getElementById('ng-svg').textContent")
        for n in self.data["nodes"]:
            if n["kind"] == "feature" and n.get("svg") is not None and "\n" not in n["name"]:
                assert n["name"].replace("\u0001", "?") in svg_text or n["name"] in svg_text, n["name"]
        self.b.js("document.querySelectorAll('#ng-findings li button').forEach(b => b.click())")
        assert self.b.js("window.__pwned === undefined") and self.b.page_errors() == []
        self.shot("hostile.png")

    # ---- the map of a 1,000-module app (docs/rendering.md, "The map")
    def map_page(self):
        if "map1000" not in self.pages:
            reg = os.path.join(self.tmp, "map1000.yml")
            run(self.o.synth, "--features", "3006", "--modules", "1000", "--seed", "1", "-o", reg)
            t = time.time()
            self.page(reg, "map1000")
            self.map_render_s = time.time() - t
        t = time.time()
        self.open(self.pages["map1000"])
        self.map_load_s = time.time() - t
        self.groups = self.data["views"]["groups"]
        return self.pages["map1000"]

    def group_of(self, name):
        i = self.names.index(name)
        return i, self.data["nodes"][i]["group"]

    def map_marked(self, cls):
        """The groups (map view) whose node carries a class."""
        ids = self.b.js(f"[...document.querySelectorAll('#ng-svg g.node.{cls}')].map(g => g.id)")
        return {int(i[1:]) for i in ids}

    def test_map_opens_on_map_and_search_opens_a_group(self):
        self.map_page()
        assert self.b.js("document.body.dataset.view") == "map"
        assert len(self.groups) >= 10, len(self.groups)
        assert self.b.js("document.querySelectorAll('#ng-svg g.node').length") == len(self.groups) + 1  # + legend
        assert "map of" in self.b.js("document.getElementById('ng-layout').innerText")
        self.shot("map-1000.png")
        # A screen deep in a closed group: search, Enter, its group opens with it selected.
        name = "Mod0737S2Feature"
        i, k = self.group_of(name)
        t = time.time()
        self.b.js("document.getElementById('ng-search').focus()")
        self.b.type("mod0737s2")
        first = self.b.js("document.querySelector('#ng-results li span').textContent")
        self.search_s = time.time() - t
        assert first == name, first
        self.b.key("Enter", keycode=13)
        assert self.b.js("document.body.dataset.view") == f"group-{k}"
        sel = self.b.js("[...document.querySelectorAll('#ng-svg g.node.ng-sel')].map(g => g.id)")
        assert len(sel) == 1, sel
        assert self.groups[k]["members"][int(sel[0][1:])] == [i], "the selected node draws the screen"
        assert name in self.b.js("document.querySelector('#ng-panel h2').textContent")
        self.shot("map-1000-group.png")
        # Back to the map, then a click on a group node opens that group.
        self.b.click_element("#ng-back")
        assert self.b.js("document.body.dataset.view") == "map"
        self.b.click_element("#n3 > g > a > *")
        assert self.b.js("document.body.dataset.view") == "group-3"

    def test_map_path_across_groups(self):
        self.map_page()
        a, b = "MainTabFeature", "Mod0005S0Feature"
        (_, ga), (_, gb) = self.group_of(a), self.group_of(b)
        assert ga != gb
        self.b.js(f"document.getElementById('ng-path-from').value = {json.dumps(a)};"
                  f" document.getElementById('ng-path-to').value = {json.dumps(b)}")
        self.b.click_element("#ng-path-go")
        assert self.b.js("document.getElementById('ng-path-msg').dataset.steps") == "2"
        assert self.b.js("document.body.dataset.view") == "map", "a path across groups is drawn on the map"
        assert {ga, gb} <= self.map_marked("ng-path"), self.map_marked("ng-path")
        assert self.b.js("document.querySelectorAll('#ng-svg g.edge.ng-path').length") >= 1
        steps = self.b.js("[...document.querySelectorAll('#ng-path-steps li')].map(li => li.dataset.route)")
        assert steps == ["tab_0", "mod0005_s0"], steps

    def test_map_flag_toggle_recolours_groups(self):
        self.map_page()
        before = {c: self.map_marked(c) for c in ("ng-fb", "ng-crash", "ng-lost", "ng-gain", "ng-fbto")}
        assert all(not v for v in before.values()), before
        # The first flag that changes something when toggled.
        for k, f in enumerate(self.data["flags"]):
            self.b.click_element(f"#ng-flag-{k}")
            after = {c: self.map_marked(c) for c in before}
            if any(after.values()):
                break
            self.b.click_element(f"#ng-flag-{k}")
        else:
            raise AssertionError("no flag toggle re-coloured a group")
        # Every re-coloured group holds a screen the scenario changes.
        changed = set()
        idx = next(j for j, sc in enumerate(self.data["scenarios"]) if sc["name"] == self.b.js("document.body.dataset.scenario"))
        sc = self.data["scenarios"][idx]
        for f, fb in sc["fallsBack"]:
            changed.add(self.data["nodes"][f]["group"])
            if fb >= 0:
                changed.add(self.data["nodes"][fb]["group"])
        for f in sc["unreachable"] + sc["gained"]:
            changed.add(self.data["nodes"][f]["group"])
        marked = set().union(*after.values())
        assert marked == changed, (marked, changed)
        self.shot("map-1000-flag.png")
        self.b.click_element(f"#ng-flag-{k}")

    def large(self, features):
        reg = os.path.join(self.tmp, f"gen{features}.yml")
        run(self.o.synth, "--features", str(features), "-o", reg)
        t = time.time()
        p = run(self.o.navgraph, "render", reg, "--name", f"gen{features}", "-f", "html", "-o", self.tmp)
        render_s = time.time() - t
        path = os.path.join(self.tmp, f"gen{features}.html")
        t = time.time()
        self.open(path)
        load_s = time.time() - t
        note = self.b.js("document.getElementById('ng-layout').innerText")
        t = time.time()
        self.b.js("document.getElementById('ng-search').focus()")
        self.b.type("Feature12")
        self.b.key("Enter", keycode=13)
        search_s = time.time() - t
        self.shot(f"large-{features}.png")
        print(f"  large: {features} features: render {render_s:.1f} s, page {os.path.getsize(path) / 1e6:.1f} MB, "
              f"loaded in {load_s:.2f} s, search+select {search_s:.2f} s, {len(self.data['scenarios'])} scenarios "
              f"({self.data['scenarioRule']}); layout note: {note!r}; stderr: {p.stderr.strip()!r}")
        assert self.b.page_errors() == [], self.b.page_errors()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--navgraph", default=os.environ.get("NAVGRAPH", os.path.join(ROOT, ".build/debug/navgraph")))
    ap.add_argument("--synth", default=os.environ.get("NAVGRAPH_SYNTH"),
                    help="the generator of the synthetic apps (default: navgraph-synth beside --navgraph)")
    ap.add_argument("--shots", help="directory for the screenshots (default: a temporary one)")
    ap.add_argument("--large", type=int, help="also render and load a generated app of N features")
    ap.add_argument("--only", help="run only the tests whose name contains this")
    opts = ap.parse_args()
    opts.navgraph = os.path.abspath(opts.navgraph)
    opts.synth = os.path.abspath(opts.synth or os.path.join(os.path.dirname(opts.navgraph), "navgraph-synth"))
    started = time.time()
    suite = Suite(opts)
    passed = failed = 0
    try:
        names = [n for n in dir(suite) if n.startswith("test_") and (not opts.only or opts.only in n)]
        for name in sorted(names):
            t = time.time()
            try:
                getattr(suite, name)()
                errors = suite.b.page_errors()
                assert errors == [], f"page errors: {errors}"
                passed += 1
                print(f"  ok   {name} ({time.time() - t:.1f} s)")
            except Exception:
                failed += 1
                print(f"  FAIL {name}\n{traceback.format_exc()}")
        if opts.large:
            suite.large(opts.large)
    finally:
        suite.b.close()
    print(f"html page (chromium): {passed} passed, {failed} failed in {time.time() - started:.0f} s; screenshots in {suite.shots}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
