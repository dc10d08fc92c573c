#!/usr/bin/env python3
"""The networkx peer of `navgraph check`, for scripts/bench.sh.

Loads the same registry (JSON with the standard library; YAML with PyYAML's CSafeLoader when
available) and computes the same core results as navgraph, with the same RouterService semantics
(docs/registry.md, DESIGN.md):

  unreachable   declared features that no entry reaches: entry features are built directly; a route
                leads to every feature any handler maps it to; an enabled (or runtime) destination is
                shown and its navigation followed; a destination that can be disabled (flag:, runtime,
                false) makes its declared fallback shown (fallbacks do not chain); flags at their
                defaults, an unknown flag is off; a disabled destination still counts as reached.
  unhandled     "OWNER -> route" for a declared route that no handler maps, opened by a feature,
                an entry ("entry") or a deep link (its url / anyRoute / route).
  missing       "OWNER -> Protocol" for a feature's or implementation's need whose unqualified
                name nobody registers or provides (owner: feature name, implementation or protocol).
  cycles        members of each strongly connected component of the non-lazy requires edges
                between dependencies that holds a cycle (size > 1 or a self-loop).

  peer_check.py REGISTRY [-o result.json]             compute, print the result as JSON
  peer_check.py --compare NAVGRAPH.json PEER.json     compare with `navgraph check --reporter json`;
                                                      exit 1 (and say what differs) on disagreement
"""
import json
import sys
import time


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    if path.endswith(".json"):
        return json.loads(data)
    import yaml
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    return yaml.load(data, Loader=loader)


def name_of(x, key):
    return x if isinstance(x, str) else x[key]


def unqualified(name):
    return name.rsplit(".", 1)[-1]


def compute(reg):
    import networkx as nx

    flags = {}
    for k, v in (reg.get("flags") or {}).items():
        flags[k] = v["default"] if isinstance(v, dict) else v

    # Features: the first declaration by (name, module) wins; duplicates add their navigation and needs.
    features = {}
    for f in sorted(reg.get("features") or [], key=lambda f: (f["name"], f.get("module") or "")):
        if f["name"] in features:
            first = features[f["name"]]
            first["navigates"] = (first.get("navigates") or []) + (f.get("navigates") or [])
            first["dependencies"] = (first.get("dependencies") or []) + (f.get("dependencies") or [])
        else:
            features[f["name"]] = dict(f)

    def enabled(f):  # True, False or None (runtime)
        e = f.get("enabled", True)
        if e is True or e is False:
            return e
        if e == "runtime":
            return None
        if isinstance(e, str) and e.startswith("flag:"):
            return bool(flags.get(e[5:], False))
        return True

    def can_be_disabled(f):
        return f.get("enabled", True) is not True

    # Reachability as a plain graph search: node ("F", x) = feature x shown (its navigation is
    # followed), ("T", x) = x navigated to, ("R", r) = route r opened.
    G = nx.DiGraph()
    src = ("S", "")
    G.add_node(src)
    routes_to = {}
    for h in reg.get("handlers") or []:
        for r, dest in (h.get("routes") or {}).items():
            routes_to.setdefault(r, []).append(dest)
    for r, dests in routes_to.items():
        for dest in dests:
            G.add_edge(("R", r), ("T", dest))
            info = features.get(dest)
            if info is None:
                continue
            if enabled(info) is not False:
                G.add_edge(("R", r), ("F", dest))
            fb = info.get("fallback")
            if can_be_disabled(info) and fb and fb != dest and fb in features:
                G.add_edge(("R", r), ("F", fb))
    for name, f in features.items():
        for n in f.get("navigates") or []:
            G.add_edge(("F", name), ("R", name_of(n, "route")))
    entry_features = set()
    for e in reg.get("entries") or []:
        if "feature" in e:
            entry_features.add(e["feature"])
            if e["feature"] in features:
                G.add_edge(src, ("F", e["feature"]))
        else:
            G.add_edge(src, ("R", e["route"]))
    reached = nx.descendants(G, src)
    unreachable = sorted(
        n for n in features
        if n not in entry_features and ("F", n) not in reached and ("T", n) not in reached)

    declared_routes = {r["id"] for r in reg.get("routes") or []}
    handled = set(routes_to)
    unhandled = set()
    for name, f in features.items():
        for n in f.get("navigates") or []:
            r = name_of(n, "route")
            if r in declared_routes and r not in handled:
                unhandled.add(f"{name} -> {r}")
    for e in reg.get("entries") or []:
        r = e.get("route")
        if r is not None and r in declared_routes and r not in handled:
            unhandled.add(f"entry -> {r}")
    for d in reg.get("deeplinks") or []:
        r = d.get("route")
        if r is not None and r in declared_routes and r not in handled:
            display = d.get("anyRoute") or d.get("url") or r
            unhandled.add(f"{display} -> {r}")

    known = {unqualified(name_of(p, "name")) for p in reg.get("provided") or []}
    bindings = reg.get("dependencies") or []
    for b in bindings:
        known.add(unqualified(b["protocol"]))
    missing = set()
    for name, f in features.items():
        for d in f.get("dependencies") or []:
            if unqualified(name_of(d, "protocol")) not in known:
                missing.add(f"{name} -> {name_of(d, 'protocol')}")
    for b in bindings:
        owner = b.get("implementation") or b["protocol"]
        for d in b.get("dependencies") or []:
            if unqualified(name_of(d, "protocol")) not in known:
                missing.add(f"{owner} -> {name_of(d, 'protocol')}")

    D = nx.DiGraph()
    for b in bindings:
        D.add_node(b["protocol"])
        for d in b.get("dependencies") or []:
            if isinstance(d, dict) and d.get("lazy"):
                continue
            D.add_edge(b["protocol"], name_of(d, "protocol"))
    cycles = []
    for comp in nx.strongly_connected_components(D):
        if len(comp) > 1 or any(D.has_edge(v, v) for v in comp):
            cycles.append(sorted(comp))

    return {
        "unreachable": unreachable,
        "unhandled": sorted(unhandled),
        "missing": sorted(missing),
        "cycles": sorted(cycles),
    }


def from_navgraph(report):
    """The same four results, read from `navgraph check --reporter json`."""
    out = {"unreachable": set(), "unhandled": set(), "missing": set(), "cycles": []}
    for f in report["findings"]:
        rule = f["rule"]
        if rule == "unreachable-feature":
            out["unreachable"].add(f["subject"])
        elif rule == "unhandled-route":
            out["unhandled"].add(f["subject"])
        elif rule == "missing-dependency":
            out["missing"].add(f["subject"])
        elif rule == "dependency-cycle":
            members = set(f["elements"])
            for note in f["notes"]:
                prefix = "also in the same knot: "
                if note["message"].startswith(prefix):
                    members.update(x.strip() for x in note["message"][len(prefix):].split(","))
            out["cycles"].append(sorted(members))
    return {k: sorted(v) for k, v in out.items()}


def compare(navgraph_path, peer_path):
    with open(navgraph_path) as f:
        ours = from_navgraph(json.load(f))
    with open(peer_path) as f:
        peer = json.load(f)
    ok = True
    for key in ("unreachable", "unhandled", "missing", "cycles"):
        a = {json.dumps(x) for x in ours[key]}
        b = {json.dumps(x) for x in peer[key]}
        status = "agree" if a == b else "DISAGREE"
        print(f"  {key:12} navgraph {len(a):6}  networkx {len(b):6}  {status}")
        if a != b:
            ok = False
            for x in sorted(a - b)[:5]:
                print(f"    only navgraph: {x}")
            for x in sorted(b - a)[:5]:
                print(f"    only networkx: {x}")
    return ok


def main(argv):
    if len(argv) == 4 and argv[1] == "--compare":
        return 0 if compare(argv[2], argv[3]) else 1
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "-o"):
        print(__doc__, file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    reg = load(argv[1])
    t1 = time.perf_counter()
    result = compute(reg)
    t2 = time.perf_counter()
    text = json.dumps(result, indent=1, sort_keys=True)
    if len(argv) == 4:
        with open(argv[3], "w") as f:
            f.write(text + "\n")
    else:
        print(text)
    print(f"peer_check: load {t1 - t0:.3f}s, compute {t2 - t1:.3f}s; "
          + ", ".join(f"{k} {len(v)}" for k, v in result.items()), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
