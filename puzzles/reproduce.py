"""Execute the notebooks with papermill: paper scale in place, smoke scale in a temporary folder."""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import nbformat  # notebooks written as JupyterLab writes them (multi-line text split in lines)
from PIL import Image

import puzzles.catalogue as cat
from puzzles.catalogue import NOTEBOOKS_DIR, Entry, entry
from puzzles.core.display import markdown_alt
from puzzles.core.paper import ROOT_SEED, run_command
from puzzles.core.project import ROOT
from puzzles.core.runner import BAR_WIDTH, check_workers, executor_for
from puzzles.core.scales import check_scale
from puzzles.core.seeding import check_seed
from puzzles.core.storage import store, store_times

KERNEL = "python3"
DEFAULT_SEED = ROOT_SEED
VOLATILE_NOTEBOOK_KEYS = ("papermill", "widgets")
VOLATILE_CELL_KEYS = ("papermill", "execution")
INJECTED_TAG = "injected-parameters"
# The end of a finished tqdm bar: "desc: 100%|####| 120/120 [00:09<00:00, 3.04it/s]".
_BAR_TIMES = re.compile(r"^(.*\d+%\|[^|\n]*\| *\d+/\d+) \[[^\]\n]*\]$", re.M)


def collapse_carriage_returns(text: str) -> str:
    """What a terminal shows of ``text``: on each line, only what follows the last ``\\r``.

    A progress bar redraws itself with carriage returns; a reader of the stored notebook should
    see its final state once, not every redraw.
    """
    lines = text.split("\n")
    return "\n".join(line.rstrip("\r").rsplit("\r", 1)[-1] for line in lines)


def drop_bar_times(text: str) -> str:
    """Remove the elapsed time and rate from finished progress bars: they differ on every run,
    and the committed notebook should change only where a result changed."""
    return _BAR_TIMES.sub(r"\1", text)


def _text(out: dict) -> str:
    return "".join(out["text"]) if isinstance(out["text"], list) else out["text"]


def merge_streams(outputs: list[dict]) -> list[dict]:
    """Join consecutive outputs of one stream (each bar redraw arrives as its own output) and
    keep only what a terminal would show of them."""
    merged: list[dict] = []
    for out in outputs:
        if (out.get("output_type") == "stream" and merged
                and merged[-1].get("output_type") == "stream"
                and merged[-1].get("name") == out.get("name")):
            merged[-1] = {**merged[-1], "text": _text(merged[-1]) + _text(out)}
        else:
            merged.append(dict(out))
    for out in merged:
        if out.get("output_type") == "stream":
            out["text"] = canonical_bars(drop_bar_times(collapse_carriage_returns(_text(out))))
    return merged


# A finished bar as a committed notebook shows it: "desc: 100%|█...█| 120/120".
_FINISHED_BAR = re.compile(r"^(.*: *100%\|)█+(\| *(\d+)/\3)$", re.M)
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def canonical_bars(text: str) -> str:
    """Draw every finished bar at the runner's fixed width, whatever width printed it."""
    return _FINISHED_BAR.sub(lambda m: m.group(1) + "█" * BAR_WIDTH + m.group(2), text)


def stable_widget_ids(cell: dict) -> None:
    """Give each saved widget view an id derived from its cell, not the kernel's random one.

    The widget state is not saved, so no id resolves without a kernel either way (the bundle's
    PNG shows instead); a stable id keeps reruns byte-identical.
    """
    for k, out in enumerate(cell.get("outputs", [])):
        view = out.get("data", {}).get(WIDGET_VIEW)
        if isinstance(view, dict) and "model_id" in view:
            seed = f"{cell.get('id', '')}:{k}".encode()
            view["model_id"] = hashlib.sha256(seed).hexdigest()[:32]


# A picture as a committed notebook stores it: one markdown image carrying its alt text.
PICTURE = re.compile(r"^!\[(?P<alt>(?:[^\]\\]|\\.)*)\]\(data:image/png;base64,"
                     r"(?P<data>[A-Za-z0-9+/=]+)\)$")
# A committed notebook's pictures are display copies (the full PNGs are in figures/): stored
# with an adaptive palette of this many colours, a third of the size and indistinguishable
# on screen for plots and boards.
DISPLAY_COLOURS = 256


def compact_png(data: str) -> str:
    """A base64 PNG stored with an adaptive palette of :data:`DISPLAY_COLOURS` colours (the
    median-cut palette is deterministic), or unchanged when that is not smaller."""
    raw = base64.b64decode(data)
    image = Image.open(io.BytesIO(raw))
    quantized = image.convert("RGB").quantize(DISPLAY_COLOURS, method=Image.Quantize.MEDIANCUT)
    out = io.BytesIO()
    quantized.save(out, "PNG", optimize=True)
    smaller = out.getvalue()
    return base64.b64encode(smaller).decode("ascii") if len(smaller) < len(raw) else data


def one_picture(out: dict) -> None:
    """Store an output's picture once, as the markdown image with its alt text that JupyterLab
    (its screen reader included), nbconvert and the book all show: drop the ``image/png`` copy
    and, for a board, the widget view, whose model no saved notebook has (JupyterLab with a
    live kernel would show "model not found" instead of the picture until the cell reruns)."""
    data = out.get("data")
    if not isinstance(data, dict):
        return
    png = data.get("image/png")
    markdown = data.get("text/markdown")
    markdown = "".join(markdown) if isinstance(markdown, list) else markdown
    alt = out.get("metadata", {}).get("image/png", {}).get("alt", "")
    if png is not None and not markdown and alt:
        markdown = f"![{markdown_alt(alt)}](data:image/png;base64,{''.join(png)})"
    match = PICTURE.match(markdown or "")
    if match is None:
        return
    data.pop("image/png", None)
    data.pop(WIDGET_VIEW, None)
    out.get("metadata", {}).pop("image/png", None)
    data["text/markdown"] = (f"![{match.group('alt')}](data:image/png;base64,"
                             f"{compact_png(match.group('data'))})")


def renumber(cells: list[dict]) -> None:
    """Number the executed code cells 1, 2, 3, ... (a dropped injected cell leaves a gap that
    would otherwise show every later cell as changed)."""
    n = 0
    for cell in cells:
        if cell.get("cell_type") != "code" or cell.get("execution_count") is None:
            continue
        n += 1
        cell["execution_count"] = n
        for out in cell.get("outputs", []):
            if "execution_count" in out:
                out["execution_count"] = n


def strip_volatile(path: Path) -> None:
    """Make an executed notebook fit to commit.

    Removes run-dependent metadata (timings, widget state) and the cell papermill injects for
    parameters, collapses progress-bar redraws to their final line, stores every picture once
    (:func:`one_picture`), and forces the python3 kernelspec.
    """
    nb = json.loads(path.read_text(encoding="utf-8"))
    for key in VOLATILE_NOTEBOOK_KEYS:
        nb.get("metadata", {}).pop(key, None)
    nb.setdefault("metadata", {})["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)", "language": "python", "name": KERNEL}
    nb["cells"] = [c for c in nb.get("cells", [])
                   if INJECTED_TAG not in c.get("metadata", {}).get("tags", [])]
    renumber(nb["cells"])
    for cell in nb["cells"]:
        for key in VOLATILE_CELL_KEYS:
            cell.get("metadata", {}).pop(key, None)
        if "outputs" in cell:
            cell["outputs"] = merge_streams(cell["outputs"])
            stable_widget_ids(cell)
            for out in cell["outputs"]:
                one_picture(out)

    path.write_text(nbformat.writes(nbformat.from_dict(nb)) + "\n", encoding="utf-8")


def copy_stored(e: Entry, figures: Path) -> list[Path]:
    """Copy the notebook's stored offline runs (``e.stored``) into ``figures``; return them."""
    figures.mkdir(parents=True, exist_ok=True)
    copied = []
    for name in e.stored:
        source = e.figures / name
        if not source.is_file():
            raise ValueError(f"{e.stem} reads the stored {source}, which is missing")
        copied.append(Path(shutil.copy2(source, figures / name)))
    return copied


def _check_run(e: Entry, scale: str, out_dir: Path | None, seed: int,
               workers: int | None) -> None:
    """ValueError naming what is wrong with a requested run."""
    check_scale(scale)
    if scale == "paper" and out_dir is None and seed != DEFAULT_SEED:
        raise ValueError(f"a paper-scale run in place uses seed {DEFAULT_SEED}, the one the "
                         f"committed notebooks state; write seed {seed} elsewhere with --out")
    check_workers(workers)
    check_seed(seed)
    if not e.path.exists():
        raise ValueError(f"notebook {e.path} does not exist")


def _placement(e: Entry, scale: str, out_dir: Path | None, seed: int
               ) -> tuple[Path, dict[str, object]]:
    """Where a run writes its notebook, and the parameters that send its figures there."""
    params: dict[str, object] = {}
    if scale == "paper":
        output = e.path
        if out_dir is not None:
            output = Path(out_dir) / e.path.name
            figures = str((Path(out_dir) / "figures" / e.stem).resolve())
            params["FIGURES_DIR"] = figures
            if seed == DEFAULT_SEED:
                copy_stored(e, Path(figures))
            else:
                params.update(dict(e.recompute))
        return output, params
    out_dir = Path(out_dir or tempfile.mkdtemp(prefix="puzzle-lab-smoke-"))
    params["SCALE"] = "smoke"
    params["FIGURES_DIR"] = str((out_dir / "figures" / e.stem).resolve())
    return out_dir / e.path.name, params


def execute(e: Entry, scale: str, out_dir: Path | None = None, seed: int = DEFAULT_SEED,
            workers: int | None = None, scheduler: str = "", progress: bool = False) -> Path:
    """Run one notebook at ``scale``; return the executed notebook's path.

    Paper scale writes the notebook back in place and its figures to ``figures/<stem>``, or
    both under ``out_dir``, which then starts with copies of the stored offline runs the
    notebook reads (with another seed the notebook recomputes them instead: ``e.recompute``);
    smoke scale writes both under ``out_dir`` (a temporary folder if None). A paper run in place
    must use the default seed: the committed notebook's parameters cell states it. ``workers``
    (0 = one per core) changes no result, so an in-place run drops papermill's injected cell;
    nor does ``scheduler`` (the notebook's ``SCHEDULER``: "" local processes, "local-dask" a
    dask LocalCluster, or a scheduler's address; see :func:`puzzles.core.executor_for`).
    ``progress`` shows papermill's bar of executed cells on stderr. The notebook is written
    only once complete: an interrupted run leaves the committed one untouched.
    """
    import papermill as pm  # imported here: the package itself must not need a Jupyter stack

    _check_run(e, scale, out_dir, seed, workers)
    output, params = _placement(e, scale, out_dir, seed)
    if seed != DEFAULT_SEED:
        params["SEED"] = seed
    if workers is not None:
        params["WORKERS"] = workers
    if scheduler:
        if "SCHEDULER" not in pm.inspect_notebook(str(e.path)):
            raise ValueError(f"{e.stem} has no SCHEDULER parameter yet: it would ignore "
                             f"scheduler {scheduler!r} and run on local processes")
        params["SCHEDULER"] = scheduler
    output = Path(output)
    output.parent.mkdir(parents=True, exist_ok=True)
    # papermill writes its output as it goes: run into a temporary file beside the output and
    # move it into place only once it is complete, so an interrupted run leaves the committed
    # notebook as it was.
    fd, name = tempfile.mkstemp(dir=output.parent, prefix=f".{output.stem}.", suffix=".ipynb")
    os.close(fd)
    partial = Path(name)
    try:
        pm.execute_notebook(str(e.path), str(partial), parameters=params or None,
                            kernel_name=KERNEL, cwd=str(NOTEBOOKS_DIR), progress_bar=progress)
        if scale == "paper" and out_dir is None:
            strip_volatile(partial)
        os.chmod(partial, 0o644)
        os.replace(partial, output)
    except BaseException:
        if partial.exists() and output != e.path:
            os.replace(partial, output)  # a failed run elsewhere keeps its notebook to read
        raise
    finally:
        partial.unlink(missing_ok=True)
    return output


def run_cache(stem: str, experiment: str, chosen: Path | None, storing: bool,
              root: Path) -> Path | None:
    """Where ``python -m puzzles run`` keeps finished tasks: ``chosen`` when given; for a
    ``--store`` run ``.cache/runs/<stem>/<experiment>`` under ``root``, so an interrupted
    offline run resumes by rerunning its command (the cache key holds the package's source
    hash, so an edited package never reuses old results); otherwise none."""
    if chosen is not None:
        return Path(chosen)
    return root / ".cache" / "runs" / stem / experiment if storing else None


def run_experiment(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``python -m puzzles run NN [experiment] [--scale S] [--seed N] [--store]
    [--cache-dir DIR]``."""
    try:
        p = cat.paper(args.notebook)
        if args.experiment is None:
            for e in p.experiments:
                where = dict(p.stored).get(e.name, "")
                print(f"{e.name}: {e.doc}" + (f" (stored: {where})" if where else ""))
            return 0
        if args.store and (args.scale != "paper" or args.seed != DEFAULT_SEED):
            parser.error("--store keeps the committed runs: paper scale and the root seed only")
        cache = run_cache(p.stem, args.experiment, args.cache_dir, args.store, ROOT)
        table = p.run(args.experiment, args.scale, args.seed,
                      executor=executor_for(args.scheduler, args.workers), workers=args.workers,
                      cache_dir=cache, caps=dict(args.cap or ()))
        if cache is not None:
            print(f"finished tasks kept in {cache} (rerun the command to resume)")
        if args.store:
            path = store(table, p.stored_path(args.experiment, ROOT),
                         run_command(p, args.experiment))
            print(f"wrote {path.relative_to(ROOT)} ({len(table)} rows)")
            times = store_times(table, path)
            if times is not None:
                print(f"wrote its wall times to {times.relative_to(ROOT)}")
        else:
            print(table.to_string(index=False, max_rows=40))
    except ValueError as err:
        parser.error(str(err))
    return 0


def _seed(text: str) -> int:
    """argparse type of ``--seed``: an int >= 0."""
    try:
        return check_seed(int(text), "--seed")
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err).replace("--seed must", "must")) from None


def _cap(text: str) -> tuple[str, str]:
    """argparse type of ``--cap``: ``KNOB=VALUE``."""
    name, eq, value = text.partition("=")
    if not eq or not name.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"expected KNOB=VALUE, got {text!r}")
    return name.strip(), value.strip()


def _workers(text: str) -> int:
    """argparse type of ``--workers``: 0 (one per core) up to what this machine can run."""
    try:
        return check_workers(int(text)) or 0
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err).replace("workers must", "must")) from None


def _common(p: argparse.ArgumentParser) -> None:
    """The options ``reproduce`` and ``run`` share, each documented."""
    p.add_argument("--scale", default="paper", choices=["paper", "smoke"],
                   help="paper: the paper's protocol (default); smoke: a few seconds per "
                        "experiment, to check that it runs")
    p.add_argument("--seed", type=_seed, default=DEFAULT_SEED,
                   help=f"root seed, an int >= 0 (default {DEFAULT_SEED}, the committed one); "
                        "every task's seed derives from it")
    p.add_argument("--workers", type=_workers, default=None,
                   help="worker processes, 0 = one per core (default); results do not depend "
                        "on it")
    p.add_argument("--scheduler", default="",
                   help='where tasks run: "" local processes (default), "local-dask" a dask '
                        "LocalCluster, or a dask scheduler's address (tcp://HOST:8786); results "
                        "do not depend on it")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m puzzles",
        description="Execute the notebooks (reproduce) or one experiment of a paper (run).")
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("reproduce", help="execute notebooks with papermill",
                         description="Execute notebooks with papermill, showing each one's "
                                     "cell progress, and print one line per notebook.")
    _common(rep)
    rep.add_argument("--only", nargs="+", metavar="NN",
                     help="notebook numbers or stems, e.g. 01 05 (default: all)")
    rep.add_argument("--out", type=Path, default=None,
                     help="write executed notebooks and figures under this folder instead of "
                          "in place (needed for a paper run with another --seed)")
    run = sub.add_parser("run", help="run one experiment of a paper (offline runs: --store)",
                         description="Run one experiment of a paper and print or store its "
                                     "table.")
    run.add_argument("notebook", help="notebook number or stem, e.g. 05")
    run.add_argument("experiment", nargs="?", help="experiment name (omit to list them)")
    _common(run)
    run.add_argument("--store", action="store_true",
                     help="write the table where the notebook reads it (its stored file)")
    run.add_argument("--cache-dir", type=Path, default=None,
                     help="keep finished tasks here and resume from them (default with --store: "
                          ".cache/runs/<stem>/<experiment>)")
    run.add_argument("--cap", type=_cap, action="append", metavar="KNOB=VALUE",
                     help="set a cap knob of the budget: how much this invocation of a "
                          "resumable run does (its stored rows do not depend on it), e.g. "
                          "--cap gods_chunk_searches=2; repeatable")
    return parser


def _check_scheduler(parser: argparse.ArgumentParser, scheduler: str, workers: int | None
                     ) -> None:
    """Refuse a scheduler that does not answer before any notebook or task starts."""
    if scheduler.strip():
        try:
            executor_for(scheduler, workers)
        except ValueError as err:
            parser.error(f"--scheduler: {err}")


def _stop_on_sigterm() -> None:
    """SIGTERM (kill, timeout) stops a run as Ctrl-C does: papermill then shuts the kernel
    down, whose pool workers end with it, and no committed notebook is half written."""
    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    signal.signal(signal.SIGTERM, stop)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m puzzles reproduce [--scale S] [--only NN ...] [--workers N]
    [--scheduler S] [--seed N] [--out DIR]`` and ``python -m puzzles run NN [experiment]``."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "run":  # its executor_for refuses a silent scheduler before any task
        return run_experiment(parser, args)
    _check_scheduler(parser, args.scheduler, args.workers)
    try:
        chosen = [entry(k) for k in args.only] if args.only else [
            e for e in cat.catalogue() if e.path.exists()]
    except ValueError as err:
        parser.error(str(err))
    if args.scale == "paper" and args.out is None and args.seed != DEFAULT_SEED:
        parser.error(f"--seed {args.seed} with --scale paper needs --out: in place, the "
                     f"notebooks state seed {DEFAULT_SEED}")
    _stop_on_sigterm()
    for e in chosen:
        start = time.perf_counter()
        print(f"{e.stem}: running at {args.scale} scale ...", flush=True)
        if args.scale == "smoke" and args.out is None:
            # A smoke run checks that the notebook runs; without --out nothing is kept.
            with tempfile.TemporaryDirectory(prefix="puzzle-lab-smoke-") as tmp:
                execute(e, args.scale, Path(tmp), args.seed, args.workers, args.scheduler,
                        progress=True)
            where = "ran (use --out DIR to keep the outputs)"
        else:
            out = execute(e, args.scale, args.out, args.seed, args.workers, args.scheduler,
                          progress=True)
            where = f"-> {out}"
        print(f"{e.stem}: {args.scale} scale in {time.perf_counter() - start:.1f} s {where}",
              flush=True)
    if not chosen:
        print("no notebooks to run", file=sys.stderr)
    return 0
