#!/usr/bin/env python3
"""Runs benchmark pairs side by side and prints medians, ratios and peak memory.

Used by scripts/bench.sh. Each run's wall clock is taken with time.perf_counter around it (the
10 ms steps of /usr/bin/time's %e decided a 50 ms run's ratio), its peak memory with /usr/bin/time
(the largest process of the tree); both include starting bash and /usr/bin/time, on both sides
alike. The pairs are interleaved (ours, peer, ours, peer, …) so that load from other processes on
this shared machine hits both sides alike.

  bench.py PLAN.json RUNS     PLAN: [{"name", "ours": "shell command", "peer": "shell command",
                                      "target": "text", "max_ratio": x | null, "max_seconds": s | null,
                                      "max_rss_mb": m | null}]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def run(cmd):
    with tempfile.NamedTemporaryFile("r", suffix=".time") as t:
        start = time.perf_counter()
        p = subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", t.name, "bash", "-c", cmd],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - start
        fields = t.read().split()
    if p.returncode != 0:
        sys.stderr.write(f"bench: command failed ({p.returncode}): {cmd}\n{p.stderr[-2000:]}\n")
        raise SystemExit(1)
    return wall, int(fields[-1]) / 1024.0


def main():
    plan = json.load(open(sys.argv[1]))
    runs = int(sys.argv[2])
    rows = []
    for item in plan:
        ours, peer = [], []
        for i in range(runs):
            ours.append(run(item["ours"]))
            if item.get("peer"):
                peer.append(run(item["peer"]))
        o_t = statistics.median(x[0] for x in ours)
        o_m = max(x[1] for x in ours)
        p_t = statistics.median(x[0] for x in peer) if peer else None
        p_m = max(x[1] for x in peer) if peer else None
        rows.append(dict(item, o_t=o_t, o_m=o_m, p_t=p_t, p_m=p_m, o_all=[x[0] for x in ours], p_all=[x[0] for x in peer]))

    # Items of one group are draws of one row (scripts/bench.sh draws inputs from families): each
    # draw is printed, then the row's worst and median draw; the targets are checked on the worst.
    groups, order = {}, []
    for r in rows:
        key = r.get("group") or r["name"]
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(r)

    def ratio_of(r):
        return r["o_t"] / r["p_t"] if r["p_t"] else None

    print()
    head = f"{'benchmark':34} {'navgraph s':>10} {'peer s':>9} {'ratio':>7} {'ng MiB':>8} {'peer MiB':>9}  target → status"
    print(head)
    print("-" * len(head))
    failures = 0
    for key in order:
        draws = groups[key]
        first = draws[0]
        if len(draws) > 1 or first.get("group"):
            for i, r in enumerate(draws):
                rt = ratio_of(r)
                p_t = f"{r['p_t']:.3f}" if r["p_t"] is not None else "-"
                p_m = f"{r['p_m']:.0f}" if r["p_m"] is not None else "-"
                print(f"{'  draw ' + str(i + 1):34} {r['o_t']:10.3f} {p_t:>9} {rt if rt is None else format(rt, '.3f'):>7} {r['o_m']:8.0f} {p_m:>9}  {r.get('draw', '')}")
        ts = [r["o_t"] for r in draws]
        ratios = [x for x in (ratio_of(r) for r in draws) if x is not None]
        worst_t, med_t = max(ts), statistics.median(ts)
        worst_ratio = max(ratios) if ratios else None
        med_ratio = statistics.median(ratios) if ratios else None
        worst_m = max(r["o_m"] for r in draws)
        peer_ts = [r["p_t"] for r in draws if r["p_t"] is not None]
        peer_ms = [r["p_m"] for r in draws if r["p_m"] is not None]
        status = []
        if first.get("max_ratio") is not None and worst_ratio is not None:
            ok = worst_ratio <= first["max_ratio"]
            status.append(("met" if ok else "MISSED") + f" (ratio ≤ {first['max_ratio']})")
            failures += not ok
        if first.get("min_speedup") is not None and worst_ratio is not None:
            ok = worst_ratio > 0 and 1 / worst_ratio >= first["min_speedup"]
            status.append(("met" if ok else "MISSED") + f" (≥ {first['min_speedup']}× faster)")
            failures += not ok
        if first.get("max_seconds") is not None:
            ok = worst_t <= first["max_seconds"]
            status.append(("met" if ok else "MISSED") + f" (≤ {first['max_seconds']} s)")
            failures += not ok
        if first.get("max_rss_mb") is not None:
            ok = worst_m <= first["max_rss_mb"]
            status.append(("met" if ok else "MISSED") + f" (≤ {first['max_rss_mb']} MiB)")
            failures += not ok
        p_t = f"{max(peer_ts):.3f}" if peer_ts else "-"
        p_m = f"{max(peer_ms):.0f}" if peer_ms else "-"
        rt = f"{worst_ratio:.3f}" if worst_ratio is not None else "-"
        label = key if len(draws) == 1 and not first.get("group") else key + " — worst"
        print(f"{label:34} {worst_t:10.3f} {p_t:>9} {rt:>7} {worst_m:8.0f} {p_m:>9}  {'; '.join(status) or '-'}")
        if len(draws) > 1:
            mr = f"{med_ratio:.3f}" if med_ratio is not None else "-"
            print(f"{key + ' — median':34} {med_t:10.3f} {'':>9} {mr:>7}")
        if first.get("extra"):
            print(f"{'':34} {first['extra']}")
    print()
    print(f"targets: {'all met' if failures == 0 else str(failures) + ' MISSED'} (worst draw of each row)")
    print()
    print("medians of", runs, "interleaved runs; ratio = navgraph / peer (lower is better); MiB = peak RSS (max over runs)")
    for r in rows:
        print(f"  {r['name']}{' [' + r['draw'] + ']' if r.get('draw') else ''}: navgraph {[round(x, 3) for x in r['o_all']]}" + (f", peer {[round(x, 3) for x in r['p_all']]}" if r['p_all'] else ""))
    json.dump([{k: v for k, v in r.items()} for r in rows], open(os.environ.get("BENCH_JSON", "/dev/null"), "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
