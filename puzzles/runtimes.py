"""``make runtimes``: measure each notebook's wall time, cold (a fresh numba cache: every kernel
compiles) and warm (the same cache again), at smoke and at paper scale, with the load.

Every run goes to a temporary folder (the committed notebooks and figures are never written),
one notebook at a time; ``load`` is the 1-minute load average as the run starts (the other work
on the machine). The rows go to ``figures/timing_notebooks.csv`` (a timing file: no
result depends on it), merged by notebook, scale and cache; ``make readme`` puts them in the
README's notebook table. Only this command writes the file, so neither ``make test`` nor
``make reproduce`` changes the README.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from puzzles.catalogue import Entry, catalogue, entry
from puzzles.core.storage import write_atomic
from puzzles.core.timing import NOTEBOOK_RUNTIMES, RUNTIME_COLUMNS, merge_runtimes, read_runtimes
from puzzles.reproduce import execute


def _load() -> float:
    return round(os.getloadavg()[0], 2)


def measure(e: Entry, scale: str, work: Path) -> list[dict[str, object]]:
    """Two runs of ``e`` at ``scale`` in one fresh numba cache: cold, then warm."""
    rows = []
    cache = work / "numba"
    previous = os.environ.get("NUMBA_CACHE_DIR")
    os.environ["NUMBA_CACHE_DIR"] = str(cache)  # the kernel and its workers inherit it
    try:
        for state in ("cold", "warm"):
            load = _load()
            start = time.perf_counter()
            execute(e, scale, work / state)
            seconds = time.perf_counter() - start
            rows.append({"notebook": e.stem, "scale": scale, "cache": state,
                         "seconds": round(seconds, 1), "load": load,
                         "measured": datetime.date.today().isoformat()})
            print(f"{e.stem}: {scale} {state} {seconds:.1f} s (load {rows[-1]['load']})",
                  flush=True)
    finally:
        if previous is None:
            os.environ.pop("NUMBA_CACHE_DIR", None)
        else:
            os.environ["NUMBA_CACHE_DIR"] = previous
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """Measure the notebooks named by ``--only`` (all by default) at the ``--scales`` given."""
    ap = argparse.ArgumentParser(prog="python -m puzzles.runtimes", description=__doc__)
    ap.add_argument("--only", nargs="+", default=[], help="notebook numbers or stems")
    ap.add_argument("--scales", nargs="+", default=["smoke", "paper"],
                    choices=["smoke", "paper"], help="the scales to measure")
    args = ap.parse_args(argv)
    chosen = [entry(k) for k in args.only] if args.only else list(catalogue())
    rows = []
    for e in chosen:
        for scale in args.scales:
            with tempfile.TemporaryDirectory(prefix=f"runtimes-{e.stem}-") as work:
                rows += measure(e, scale, Path(work))
    table = merge_runtimes(read_runtimes(), pd.DataFrame(rows, columns=RUNTIME_COLUMNS))
    write_atomic(NOTEBOOK_RUNTIMES, table.to_csv(index=False, lineterminator="\n").encode())
    print(f"wrote {len(rows)} rows to {NOTEBOOK_RUNTIMES}; make readme puts them in README.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
