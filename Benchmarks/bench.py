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

    print()
    head = f"{'benchmark':34} {'navgraph s':>10} {'peer s':>9} {'ratio':>7} {'ng MiB':>8} {'peer MiB':>9}  target → status"
    print(head)
    print("-" * len(head))
    failures = 0
    for r in rows:
        ratio = r["o_t"] / r["p_t"] if r["p_t"] else None
        status = []
        if r.get("max_ratio") is not None and ratio is not None:
            ok = ratio <= r["max_ratio"]
            status.append(("met" if ok else "MISSED") + f" (ratio ≤ {r['max_ratio']})")
            failures += not ok
        if r.get("min_speedup") is not None and ratio is not None:
            ok = ratio > 0 and 1 / ratio >= r["min_speedup"]
            status.append(("met" if ok else "MISSED") + f" (≥ {r['min_speedup']}× faster)")
            failures += not ok
        if r.get("max_seconds") is not None:
            ok = r["o_t"] <= r["max_seconds"]
            status.append(("met" if ok else "MISSED") + f" (≤ {r['max_seconds']} s)")
            failures += not ok
        if r.get("max_rss_mb") is not None:
            ok = r["o_m"] <= r["max_rss_mb"]
            status.append(("met" if ok else "MISSED") + f" (≤ {r['max_rss_mb']} MiB)")
            failures += not ok
        p_t = f"{r['p_t']:.3f}" if r["p_t"] is not None else "-"
        p_m = f"{r['p_m']:.0f}" if r["p_m"] is not None else "-"
        rt = f"{ratio:.3f}" if ratio is not None else "-"
        print(f"{r['name']:34} {r['o_t']:10.3f} {p_t:>9} {rt:>7} {r['o_m']:8.0f} {p_m:>9}  {'; '.join(status) or '-'}")
        if r.get("extra"):
            print(f"{'':34} {r['extra']}")
    print()
    print("medians of", runs, "interleaved runs; ratio = navgraph / peer (lower is better); MiB = peak RSS (max over runs)")
    for r in rows:
        print(f"  {r['name']}: navgraph {[round(x, 3) for x in r['o_all']]}" + (f", peer {[round(x, 3) for x in r['p_all']]}" if r['p_all'] else ""))
    json.dump([{k: v for k, v in r.items()} for r in rows], open(os.environ.get("BENCH_JSON", "/dev/null"), "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
