#!/usr/bin/env python3
"""The families scripts/bench.sh draws its inputs from, as `navgraph generate` options.

  draw.py SEED registry FEATURES I MAXFLAGS   a registry: 0–20 % of screens gated, 0–5 % with a
                                              dangling name, 1–MAXFLAGS flags, stacks mixed, deep
                                              (chains) or wide (fans), 0–30 % of the gated screens
                                              falling back to an ordinary screen (one that opens
                                              others) instead of a leaf
  draw.py SEED format FEATURES I              yaml or json
  draw.py SEED tree MODULES I                 a source tree of MODULES modules and ~4,400 Swift
                                              files: 1–3 targets per module, routing in 5–50 % of
                                              the files (the rest plain, over the modules that do
                                              not route), a Package.swift or an Xcode project

The I-th draw of a family depends only on (SEED, family, size, I): a row's draws are repeatable
with the seed the bench prints. The first draw of each registry family is pushed to one corner of
its ranges (the densest gating, dangling names and flags) so that every run measures the worst
shape the family allows at least once; the others are uniform.
"""
import random
import sys


def registry(rng, i, max_flags):
    corner = i == 1
    gated = 200 if corner else rng.randint(0, 200)
    dangling = 50 if corner else rng.randint(0, 50)
    flags = max_flags if corner else rng.randint(1, max_flags)
    stacks = rng.choice(["mixed", "chains", "fans"])
    screen_fallback = 300 if corner else rng.randint(0, 300)
    seed = rng.randint(1, 1 << 30)
    return (f"--seed {seed} --flags {flags} --gated-per-mille {gated} --dangling-per-mille {dangling} "
            f"--stacks {stacks} --screen-fallback-per-mille {screen_fallback}")


def tree(rng, modules, i):
    files = 4400
    routing = 5 if i == 1 else rng.randint(5, 50)
    targets = rng.randint(1, 3)
    manifest = ["swiftpm", "xcode"][i % 2] if i <= 2 else rng.choice(["swiftpm", "xcode"])
    # Routing files of a registry with F features over M modules: F + 3M (routes, services, handler
    # per module) + a few; about eight per routing module.
    routing_files = files * routing // 100
    routing_modules = max(4, routing_files // 8)
    features = max(16, routing_files - 3 * routing_modules - 6)
    plain_modules = max(0, modules - routing_modules)
    seed = rng.randint(1, 1 << 30)
    return (f"--seed {seed} --features {features} --modules {routing_modules} --plain-modules {plain_modules} "
            f"--targets-per-module {targets} --routing-percent {routing} --manifest {manifest}")


def main(argv):
    seed, family, size, i = argv[1], argv[2], int(argv[3]), int(argv[4])
    rng = random.Random(f"{seed}/{family}/{size}/{i}")
    if family == "registry":
        print(registry(rng, i, int(argv[5])))
    elif family == "format":
        print(rng.choice(["yaml", "json"]))
    elif family == "tree":
        print(tree(rng, size, i))
    else:
        sys.exit(f"draw.py: no family {family}")


if __name__ == "__main__":
    main(sys.argv)
