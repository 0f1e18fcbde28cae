"""The long runs that do not fit a notebook's time budget, stored as JSON in the package.

``python -m puzzles.jumpmaze.longrun [--workers N]`` reruns them and rewrites
``puzzles/jumpmaze/data/long_runs.json``: tuned-annealer runs for n = 5..11, the exact proofs for
n = 5 and 7, and upper bounds for n = 8..11 from exhaustive searches with a node limit. The JSON
keeps the parameters, seeds, per-run results and a hash of the code that produced it; the
notebook re-evaluates every stored grid with the model before showing it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import subprocess
import time
from concurrent.futures import Executor
from importlib import resources
from pathlib import Path

import numba
import numpy as np

from puzzles.core import run_tasks
from puzzles.jumpmaze import exact, model, optimise

LONG_SEED = 2026
DATA_FILE = "data/long_runs.json"

# tuned annealer: geometric schedule t_start -> t_end over iters, independent seeded runs
ANNEAL_PARAMS: dict[int, dict] = {
    5: {"runs": 2, "iters": 2_000_000, "t_start": 3.0, "t_end": 0.2},
    7: {"runs": 3, "iters": 20_000_000, "t_start": 5.0, "t_end": 0.3},
    8: {"runs": 3, "iters": 40_000_000, "t_start": 5.0, "t_end": 0.3},
    9: {"runs": 4, "iters": 60_000_000, "t_start": 5.0, "t_end": 0.3},
    11: {"runs": 4, "iters": 120_000_000, "t_start": 5.0, "t_end": 0.3},
}
# sizes the first long run left out (n = 10), stored apart in EXTRA_FILE
EXTRA_PARAMS: dict[int, dict] = {
    10: {"runs": 2, "iters": 60_000_000, "t_start": 5.0, "t_end": 0.3},
}
EXTRA_FILE = "data/long_runs_extra.json"
# exact search: upper bounds by refuting targets downwards from n*n - 2, each with a node limit
BOUND_NODE_LIMIT = 1_000_000_000


def _source_hash() -> str:
    """Hash of the modules whose code produced the stored results."""
    h = hashlib.sha256()
    for name in ("model.py", "optimise.py", "exact.py", "longrun.py"):
        h.update(resources.files("puzzles.jumpmaze").joinpath(name).read_bytes())
    return h.hexdigest()[:16]


def _git_commit() -> str | None:
    """The commit the long runs were made from, if run inside a git checkout."""
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                             cwd=Path(__file__).parent, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return out.stdout.strip()


def upper_bound(n: int, start: int, node_limit: int) -> dict:
    """Refute targets ``start, start-1, ...`` until a search hits ``node_limit``; the bound."""
    tried = []
    bound = n * n - 1  # at most every cell but the start on the path
    target = start
    while target >= 1:
        res = exact.search(n, target, node_limit)
        tried.append({"target": target, "complete": res.complete, "found": res.best_score,
                      "nodes": res.nodes, "seconds": round(res.seconds, 2)})
        if not res.complete:
            break
        if res.best_score is not None:  # cannot happen above the true maximum
            bound = res.best_score
            break
        bound = target - 1
        target -= 1
    return {"upper_bound": bound, "searches": tried}


def bound_task(task: tuple) -> dict:
    """Worker: ``(n, node_limit)`` -> the upper bound found by refuting targets downwards."""
    n, node_limit = task
    return {"n": n, **upper_bound(n, n * n - 2, node_limit)}


def proof_task(task: tuple) -> dict:
    """Worker: ``(n, lower)`` -> a complete exact search from a known lower bound."""
    n, lower = task
    res = exact.prove_max(n, lower)
    return {"n": n, "lower": lower, "proven_max": res.proven_max, "complete": res.complete,
            "nodes": res.nodes, "seconds": round(res.seconds, 2),
            "grid": None if res.grid is None else res.grid.tolist()}


def run_all(seed: int = LONG_SEED, workers: int | None = None,
            cache_dir: str | Path | None = None, executor: Executor | None = None) -> dict:
    """Run every long job and return the JSON-ready record (``cache_dir``: resume a run)."""
    started = time.time()
    tasks = [(n, p["iters"], p["t_start"], p["t_end"], seed, r)
             for n, p in ANNEAL_PARAMS.items() for r in range(p["runs"])]
    # biggest first, so the pool stays busy to the end
    tasks.sort(key=lambda t: -t[1])
    runs = run_tasks(optimise.long_task, tasks, workers=workers,
                     executor=executor, desc="long annealing",
                     cache_dir=cache_dir)
    anneal: dict[str, dict] = {}
    for n, p in ANNEAL_PARAMS.items():
        mine = sorted((r for r in runs if r["n"] == n), key=lambda r: r["run"])
        top = max(mine, key=lambda r: r["best_score"])
        anneal[str(n)] = {**p, "seeds": [r["seed"] for r in mine],
                          "scores": [r["best_score"] for r in mine],
                          "best_score": top["best_score"], "best_grid": top["best_grid"].tolist()}
    proofs = run_tasks(proof_task, [(5, anneal["5"]["best_score"]),
                                    (7, anneal["7"]["best_score"])],
                       workers=workers, executor=executor, desc="exact proofs", cache_dir=cache_dir)
    bounds = run_tasks(bound_task, [(n, BOUND_NODE_LIMIT) for n in (8, 9, 10, 11)],
                       workers=workers, executor=executor, desc="upper bounds", cache_dir=cache_dir)
    return {
        "description": "Long runs for notebook 03 (python -m puzzles.jumpmaze.longrun)",
        "seed": seed, "code_sha256_16": _source_hash(),
        "git_commit": _git_commit(), "numpy": np.__version__, "numba": numba.__version__,
        "python": platform.python_version(), "wall_seconds": round(time.time() - started, 1),
        "anneal": anneal,
        "proofs": {str(p["n"]): p for p in proofs},
        "bounds": {str(b["n"]): b for b in bounds},
    }


def _anneal_block(params: dict[int, dict], seed: int, workers: int | None,
                  cache_dir: str | Path | None,
                  executor: Executor | None = None) -> dict[str, dict]:
    """Run the tuned annealer for every size of ``params``; the JSON-ready per-size records."""
    tasks = [(n, p["iters"], p["t_start"], p["t_end"], seed, r)
             for n, p in params.items() for r in range(p["runs"])]
    tasks.sort(key=lambda t: -t[1])
    runs = run_tasks(optimise.long_task, tasks, workers=workers,
                     executor=executor, desc="long annealing",
                     cache_dir=cache_dir)
    out: dict[str, dict] = {}
    for n, p in params.items():
        mine = sorted((r for r in runs if r["n"] == n), key=lambda r: r["run"])
        top = max(mine, key=lambda r: r["best_score"])
        out[str(n)] = {**p, "seeds": [r["seed"] for r in mine],
                       "scores": [r["best_score"] for r in mine],
                       "best_score": top["best_score"], "best_grid": top["best_grid"].tolist()}
    return out


def run_extra(seed: int = LONG_SEED, workers: int | None = None,
              cache_dir: str | Path | None = None, executor: Executor | None = None) -> dict:
    """The annealing runs of :data:`EXTRA_PARAMS`, as a JSON-ready record."""
    started = time.time()
    anneal = _anneal_block(EXTRA_PARAMS, seed, workers, cache_dir, executor)
    return {
        "description": "Extra long runs for notebook 03 "
                       "(python -m puzzles.jumpmaze.longrun --extra)",
        "seed": seed, "code_sha256_16": _source_hash(), "git_commit": _git_commit(),
        "numpy": np.__version__, "numba": numba.__version__,
        "python": platform.python_version(), "wall_seconds": round(time.time() - started, 1),
        "anneal": anneal,
    }


def load_extra_runs() -> dict | None:
    """The stored extra long runs (n = 10), or None before they were made."""
    f = resources.files("puzzles.jumpmaze").joinpath(EXTRA_FILE)
    return json.loads(f.read_text(encoding="utf-8")) if f.is_file() else None


def load_long_runs() -> dict:
    """The stored long-run record (re-evaluate its grids with the model before trusting them)."""
    text = resources.files("puzzles.jumpmaze").joinpath(DATA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


def verify_long_runs(record: dict) -> dict[str, int]:
    """Re-score every stored grid with the model; raise if any stored score disagrees."""
    checked = {}
    for key, entry in record["anneal"].items():
        s = model.score(entry["best_grid"])
        if s != entry["best_score"]:
            raise ValueError(f"stored anneal grid for n={key} scores {s}, "
                             f"not the stored {entry['best_score']}")
        checked[f"anneal n={key}"] = s
    for key, entry in record["proofs"].items():
        if entry["grid"] is not None:
            s = model.score(entry["grid"])
            if s != entry["proven_max"]:
                raise ValueError(f"stored proof grid for n={key} scores {s}, "
                                 f"not {entry['proven_max']}")
            checked[f"proof n={key}"] = s
    return checked


def main(argv: list[str] | None = None) -> int:
    """Command line: rerun the long jobs and rewrite the package's JSON."""
    parser = argparse.ArgumentParser(prog="python -m puzzles.jumpmaze.longrun")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--seed", type=int, default=LONG_SEED)
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--cache", type=Path, default=None, help="resume cache folder")
    parser.add_argument("--extra", action="store_true", help="only the extra sizes (n = 10)")
    args = parser.parse_args(argv)
    if args.extra:
        record = run_extra(args.seed, args.workers, args.cache)
        verify_long_runs({"anneal": record["anneal"], "proofs": {}})
        out = args.out or Path(str(resources.files("puzzles.jumpmaze").joinpath(EXTRA_FILE)))
        out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {out}")
        return 0
    record = run_all(args.seed, args.workers, args.cache)
    verify_long_runs(record)
    out = args.out or Path(str(resources.files("puzzles.jumpmaze").joinpath(DATA_FILE)))
    out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {out}: " + ", ".join(
        f"n={k} best {v['best_score']}" for k, v in record["anneal"].items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
