"""Execute the notebooks with papermill: paper scale in place, smoke scale in a temporary folder."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from puzzles.catalogue import CATALOGUE, NOTEBOOKS_DIR, Entry, entry
from puzzles.core.scales import check_scale

KERNEL = "python3"
DEFAULT_SEED = 2026
VOLATILE_NOTEBOOK_KEYS = ("papermill", "widgets")
VOLATILE_CELL_KEYS = ("papermill", "execution")


def strip_volatile(path: Path) -> None:
    """Remove run-dependent metadata (timings, widget state) and force the python3 kernelspec."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for key in VOLATILE_NOTEBOOK_KEYS:
        nb.get("metadata", {}).pop(key, None)
    nb.setdefault("metadata", {})["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)", "language": "python", "name": KERNEL}
    for cell in nb.get("cells", []):
        for key in VOLATILE_CELL_KEYS:
            cell.get("metadata", {}).pop(key, None)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def execute(e: Entry, scale: str, out_dir: Path | None = None, seed: int = DEFAULT_SEED,
            workers: int | None = None) -> Path:
    """Run one notebook at ``scale``; return the executed notebook's path.

    Paper scale writes the notebook back in place and its figures to ``figures/<stem>``;
    smoke scale writes both under ``out_dir`` (a temporary folder if None).
    """
    import papermill as pm  # imported here: the package itself must not need a Jupyter stack

    check_scale(scale)
    if not e.path.exists():
        raise ValueError(f"notebook {e.path} does not exist")
    params: dict[str, object] = {}
    if scale == "paper":
        output = e.path
        figures = f"../figures/{e.stem}"
        if out_dir is not None:
            output = Path(out_dir) / e.path.name
            figures = str((Path(out_dir) / "figures" / e.stem).resolve())
            params["FIGURES_DIR"] = figures
    else:
        out_dir = Path(out_dir or tempfile.mkdtemp(prefix="puzzle-lab-smoke-"))
        output = out_dir / e.path.name
        params["SCALE"] = "smoke"
        params["FIGURES_DIR"] = str((out_dir / "figures" / e.stem).resolve())
    if seed != DEFAULT_SEED:
        params["SEED"] = seed
    if workers is not None:
        params["WORKERS"] = workers
    Path(output).parent.mkdir(parents=True, exist_ok=True)
    pm.execute_notebook(str(e.path), str(output), parameters=params or None,
                        kernel_name=KERNEL, cwd=str(NOTEBOOKS_DIR), progress_bar=False)
    if scale == "paper":
        strip_volatile(Path(output))
    return Path(output)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m puzzles reproduce [--scale S] [--only NN ...] [--workers N]``."""
    parser = argparse.ArgumentParser(prog="python -m puzzles")
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("reproduce", help="execute notebooks with papermill")
    rep.add_argument("--scale", default="paper", choices=["paper", "smoke"])
    rep.add_argument("--only", nargs="+", metavar="NN", help="notebook numbers, e.g. 01 05")
    rep.add_argument("--workers", type=int, default=None)
    rep.add_argument("--seed", type=int, default=DEFAULT_SEED)
    rep.add_argument("--out", type=Path, default=None,
                     help="write executed notebooks and figures here instead")
    args = parser.parse_args(argv)
    try:
        chosen = [entry(k) for k in args.only] if args.only else [
            e for e in CATALOGUE if e.path.exists()]
    except ValueError as err:
        parser.error(str(err))
    if args.workers is not None and args.workers < 1:
        parser.error("--workers must be at least 1")
    for e in chosen:
        start = time.perf_counter()
        out = execute(e, args.scale, args.out, args.seed, args.workers)
        print(f"{e.stem}: {args.scale} scale in {time.perf_counter() - start:.1f} s -> {out}",
              flush=True)
    if not chosen:
        print("no notebooks to run", file=sys.stderr)
    return 0
