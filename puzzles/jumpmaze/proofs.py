"""Offline refutations: the exact search on one (n, target), split over its top-level branches.

``python -m puzzles.jumpmaze.proofs --n 8 --target 61 --node-limit 4000000000 --workers 2``
runs :func:`puzzles.jumpmaze.exact.search` on every branch of :func:`exact.branches` (each with
the node limit) and writes ``puzzles/jumpmaze/data/proof_n<n>_t<target>.json``: per-branch node
counts and completeness, the bound used, the command, the numba version and the CPU seconds.
A target is refuted when every branch completes without finding a maze that deep.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from concurrent.futures import Executor
from importlib import resources
from pathlib import Path

import numba
import numpy as np

from puzzles.core import run_tasks
from puzzles.jumpmaze import exact

BOUND_NAME = "deepest layer + discoverable cells, transpose symmetry broken"
# the offline attempts the notebook reads, (n, target): n = 8, refute 8^2 - 3
OFFLINE: tuple[tuple[int, int], ...] = ((8, 61),)


def data_name(n: int, target: int) -> str:
    """The package data file of one offline refutation."""
    return f"data/proof_n{n}_t{target}.json"


def refute(n: int, target: int, node_limit: int, workers: int | None = None,
           cache_dir: str | Path | None = None, first: tuple[tuple[int, int], ...] = (),
           executor: Executor | None = None) -> dict:
    """Run every branch of the (n, target) search; the JSON-ready record of the attempt."""
    branches = exact.branches(n)
    # branches known to be large go first, so the pool stays busy to the end
    branches.sort(key=lambda b: b not in first)
    tasks = [(n, int(target), int(node_limit), True, True, b) for b in branches]
    started = time.time()
    parts = run_tasks(exact.branch_task, tasks, workers=workers,
                      executor=executor, cache_dir=cache_dir,
                      desc=f"n={n} refute {target}")
    found = [p for p in parts if p["best"] is not None]
    return {
        "n": n, "target": int(target), "node_limit_per_branch": int(node_limit),
        "bound": BOUND_NAME,
        "refuted": not found and all(p["complete"] for p in parts),
        "found": None if not found else max(p["best"] for p in found),
        "nodes": int(sum(p["nodes"] for p in parts)),
        "branches": [{"prefix": list(p["prefix"]), "complete": bool(p["complete"]),
                      "nodes": int(p["nodes"]), "seconds": round(p["seconds"], 1),
                      "best": p["best"]} for p in parts],
        "cpu_seconds_offline": round(sum(p["seconds"] for p in parts), 1),
        "wall_seconds_offline": round(time.time() - started, 1),
        "command": "python -m puzzles.jumpmaze.proofs " + " ".join(sys.argv[1:]),
        "numba": numba.__version__, "numpy": np.__version__,
        "python": platform.python_version(),
    }


def load(n: int, target: int) -> dict | None:
    """The stored record of an offline refutation attempt, or None if there is none."""
    f = resources.files("puzzles.jumpmaze").joinpath(data_name(n, target))
    if not f.is_file():
        return None
    return json.loads(f.read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    """Command line: one offline refutation attempt, written to the package's data folder."""
    parser = argparse.ArgumentParser(prog="python -m puzzles.jumpmaze.proofs")
    parser.add_argument("--n", type=int, required=True)
    parser.add_argument("--target", type=int, required=True)
    parser.add_argument("--node-limit", type=int, default=4_000_000_000)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--cache", type=Path, default=None, help="resume cache folder")
    parser.add_argument("--first", type=str, default="",
                        help="branches to start first, e.g. '3,5;4,4'")
    args = parser.parse_args(argv)
    first = tuple(tuple(int(x) for x in b.split(",")) for b in args.first.split(";") if b)
    record = refute(args.n, args.target, args.node_limit, args.workers, args.cache, first)
    out = Path(str(resources.files("puzzles.jumpmaze").joinpath(data_name(args.n,
                                                                         args.target))))
    out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}: refuted={record['refuted']}, nodes {record['nodes']:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
