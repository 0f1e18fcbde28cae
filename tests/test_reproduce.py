"""Tests of the metadata stripping that keeps committed notebooks free of volatile data, and of
paper-scale runs into another folder (``reproduce --out``)."""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
from pathlib import Path

import nbformat
import pytest

from puzzles.catalogue import CATALOGUE, entry
from puzzles.core.timing import is_timing_file
from puzzles.reproduce import strip_volatile


def test_strip_volatile_removes_timings_and_widgets(tmp_path):
    nb = {
        "cells": [{"cell_type": "code", "id": "c1", "source": "1", "outputs": [],
                   "execution_count": 1,
                   "metadata": {"papermill": {"duration": 1.2}, "execution": {"t": 1},
                                "tags": ["parameters"]}}],
        "metadata": {"papermill": {"duration": 3}, "widgets": {"state": {}},
                     "kernelspec": {"name": "myenv", "display_name": "x", "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(nb))
    strip_volatile(path)
    out = json.loads(path.read_text())
    assert out["metadata"]["kernelspec"]["name"] == "python3"
    assert "papermill" not in out["metadata"] and "widgets" not in out["metadata"]
    assert out["cells"][0]["metadata"] == {"tags": ["parameters"]}
    assert out["cells"][0]["execution_count"] == 1


def test_strip_volatile_drops_injected_cell_and_collapses_progress(tmp_path):
    nb = {
        "cells": [
            {"cell_type": "code", "id": "c1", "source": "SEED = 1", "outputs": [],
             "execution_count": 1, "metadata": {"tags": ["parameters"]}},
            {"cell_type": "code", "id": "c2", "source": "WORKERS = 2", "outputs": [],
             "execution_count": 2, "metadata": {"tags": ["injected-parameters"]}},
            {"cell_type": "code", "id": "c3", "source": "run()", "execution_count": 3,
             "metadata": {},
             "outputs": [{"output_type": "stream", "name": "stdout", "text": "a:   0%| | 0/3"},
                         {"output_type": "stream", "name": "stdout",
                          "text": ["\ra:  33%|# | 1/3\r", "a: 100%|##| 3/3\n"]},
                         {"output_type": "stream", "name": "stderr", "text": "warn\n"},
                         {"output_type": "stream", "name": "stdout", "text": "result 7\n"}]},
        ],
        "metadata": {}, "nbformat": 4, "nbformat_minor": 5,
    }
    path = tmp_path / "n.ipynb"
    path.write_text(json.dumps(nb))
    strip_volatile(path)
    out = nbformat.read(path, as_version=4)  # joins the lines the writer split
    assert [c["source"] for c in out["cells"]] == ["SEED = 1", "run()"]
    # The injected cell's number is not left as a gap: the counts stay consecutive.
    assert [c["execution_count"] for c in out["cells"]] == [1, 2]
    assert [(o["name"], o["text"]) for o in out["cells"][1]["outputs"]] == [
        ("stdout", "a: 100%|##| 3/3\n"), ("stderr", "warn\n"), ("stdout", "result 7\n")]


def test_collapse_carriage_returns():
    from puzzles.reproduce import collapse_carriage_returns

    assert collapse_carriage_returns("x\ry\rz\nk\n") == "z\nk\n"
    assert collapse_carriage_returns("done 100%\r\n") == "done 100%\n"
    assert collapse_carriage_returns("plain\n") == "plain\n"


def test_paper_run_in_place_keeps_the_stated_seed(capsys):
    import pytest

    from puzzles.reproduce import main

    with pytest.raises(SystemExit):
        main(["reproduce", "--only", "03", "--seed", "7"])
    assert "needs --out" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["reproduce", "--only", "03", "--workers", "-2"])


def test_drop_bar_times_keeps_the_bar_and_count():
    from puzzles.reproduce import drop_bar_times

    line = "runs: 100%|#####| 560/560 [00:21<00:00, 26.47it/s]\nresult [kept]\n"
    assert drop_bar_times(line) == "runs: 100%|#####| 560/560\nresult [kept]\n"


def test_finished_bars_are_drawn_at_one_width():
    from puzzles.core.runner import BAR_WIDTH
    from puzzles.reproduce import canonical_bars

    short, long_ = "a: 100%|" + "█" * 12 + "| 7/7\n", "a: 100%|" + "█" * 41 + "| 7/7\n"
    want = "a: 100%|" + "█" * BAR_WIDTH + "| 7/7\n"
    assert canonical_bars(short) == canonical_bars(long_) == want
    unfinished = "a:  50%|" + "█" * 6 + "      | 3/6\n"
    assert canonical_bars(unfinished) == unfinished
    assert canonical_bars("x: 100%|██| 3/7\n") == "x: 100%|██| 3/7\n"  # counts disagree


def test_runner_bar_leaves_one_time_free_line_in_the_stored_notebook(capsys):
    from puzzles.core.runner import progress_bar
    from puzzles.reproduce import merge_streams

    bar = progress_bar(3, "tasks")
    bar.update(3)
    bar.close()
    raw = capsys.readouterr().out
    stored = merge_streams([{"output_type": "stream", "name": "stdout", "text": raw}])
    assert stored[0]["text"] == "tasks: 3/3 tasks\n"


def test_widget_ids_are_stable_across_runs(tmp_path):
    def notebook(model_id):
        view = {"model_id": model_id, "version_major": 2, "version_minor": 0}
        out = {"output_type": "display_data", "metadata": {},
               "data": {"application/vnd.jupyter.widget-view+json": view,
                        "text/plain": "Board('x')"}}
        return {"cells": [{"cell_type": "code", "id": "abc", "source": "b", "metadata": {},
                           "execution_count": 1, "outputs": [out]}],
                "metadata": {}, "nbformat": 4, "nbformat_minor": 5}

    paths = []
    for i, mid in enumerate(("0f" * 16, "a1" * 16)):
        path = tmp_path / f"{i}.ipynb"
        path.write_text(json.dumps(notebook(mid)))
        strip_volatile(path)
        paths.append(path)
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert "0f0f0f" not in paths[0].read_text()


# --- reproduce --out at paper scale: the stored offline runs travel with the notebook ---------

# A line of a notebook that reads a file from FIGURES_DIR (writing, timings and mkdir excluded;
# the ledger cell reads only the result files the same run wrote, and stored runs from figures/).
# Writers: the save_* helpers, a ledger's or the timings' save, and any function of a family's
# plots module (each saves the figure it draws); a line that only continues a writer's
# arguments ("FIGURES_DIR, title=...") writes too.
_WRITES = re.compile(r"save_(figure|table|json)\(|\.save\(FIGURES_DIR\)|Timings\(FIGURES_DIR\)|"
                     r"PAPER\.ledger\(|"
                     r"mkdir\(|^\s*FIGURES_DIR\s*[:=]|plots\.\w+\(|^\s*FIGURES_DIR,")


def _reads_of_figures(e) -> list[str]:
    nb = json.loads(e.path.read_text(encoding="utf-8"))
    return [line.strip() for c in nb["cells"] if c["cell_type"] == "code"
            for line in "".join(c["source"]).splitlines()
            if "FIGURES_DIR" in line and not _WRITES.search(line)]


@pytest.mark.parametrize("e", CATALOGUE, ids=[e.stem for e in CATALOGUE])
def test_every_stored_input_of_a_notebook_is_declared(e):
    """A notebook that reads back a result file must list it in its catalogue entry's
    ``stored``, or a run into another folder would not find it."""
    reads = _reads_of_figures(e)
    named = set(re.findall(r"\{FIGURES_DIR\}/([\w.-]+)", " ".join(reads)))
    assert named <= set(e.stored), f"{e.stem} reads {sorted(named - set(e.stored))} undeclared"
    assert bool(reads) == bool(e.stored), f"{e.stem}: reads {reads}, declares {e.stored}"
    for name in e.stored:
        assert (e.figures / name).is_file(), f"{e.stem}: stored {name} is not committed"
    if e.stored:
        assert e.recompute, f"{e.stem}: no parameters to recompute its stored runs"


def test_notebook_05_declares_its_extra_runs():
    from puzzles.hypercube.experiments import EXTRA_RUNS

    stored = set(entry("05").stored)
    assert {f"{name}.csv" for name in EXTRA_RUNS} <= stored
    assert "load_runs(FIGURES_DIR, name) for name in ex.EXTRA_RUNS" in " ".join(
        _reads_of_figures(entry("05")))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_paper_run_elsewhere_starts_from_the_stored_runs(tmp_path, monkeypatch):
    import papermill

    from puzzles.reproduce import execute

    seen = {}

    def fake_execute(source, output, parameters=None, **kwargs):
        figures = Path(parameters["FIGURES_DIR"])
        seen["params"] = parameters
        seen["files"] = {p.name: _digest(p) for p in figures.glob("*")} if figures.exists() else {}
        Path(output).write_text("{}")

    monkeypatch.setattr(papermill, "execute_notebook", fake_execute)
    e = entry("05")
    execute(e, "paper", tmp_path / "default")
    assert seen["params"] == {"FIGURES_DIR": str((tmp_path / "default" / "figures" /
                                                  e.stem).resolve())}
    assert seen["files"] == {name: _digest(e.figures / name) for name in e.stored}

    execute(e, "paper", tmp_path / "seed7", seed=7)  # other runs: the notebook recomputes them
    assert seen["params"]["SEED"] == 7 and seen["params"]["EXTRAS"] is True
    assert seen["files"] == {}

    execute(entry("03"), "paper", tmp_path / "plain")
    assert seen["files"] == {} and set(seen["params"]) == {"FIGURES_DIR"}


@pytest.mark.skipif(not os.environ.get("PUZZLE_LAB_PAPER"),
                    reason="minutes per notebook: set PUZZLE_LAB_PAPER=1 (or =05 for one)")
@pytest.mark.parametrize("e", CATALOGUE, ids=[e.stem for e in CATALOGUE])
def test_paper_run_into_another_folder_reproduces_the_committed_results(e, tmp_path):
    """``reproduce --out DIR`` runs the notebook at paper scale elsewhere; every result file it
    writes equals the committed one, except the timing files."""
    wanted = os.environ["PUZZLE_LAB_PAPER"]
    if wanted != "1" and e.number not in wanted.split(","):
        pytest.skip(f"PUZZLE_LAB_PAPER={wanted}")
    from puzzles.reproduce import main

    assert main(["reproduce", "--only", e.number, "--out", str(tmp_path)]) == 0
    made = tmp_path / "figures" / e.stem
    differing = sorted(p.name for p in made.glob("*") if not is_timing_file(p.name)
                       and _digest(p) != _digest(e.figures / p.name))
    assert not differing, f"{e.stem}: --out run differs from the committed {differing}"
    assert {p.name for p in made.glob("*")} == {p.name for p in e.figures.glob("*")}


def test_run_keeps_finished_tasks_and_resumes_from_them(tmp_path, monkeypatch, capsys):
    """`python -m puzzles run` with --cache-dir keeps every finished task, and a rerun reads
    them back instead of recomputing (the toy family stands in for a paper)."""
    import puzzles.catalogue
    from puzzles.lightsout import paper as lightsout
    from puzzles.reproduce import main

    monkeypatch.setattr(puzzles.catalogue, "paper", lambda key: lightsout.PAPER)
    cache = tmp_path / "cache"
    argv = ["run", "99", "random boards", "--scale", "smoke", "--workers", "1",
            "--cache-dir", str(cache)]
    def table(out: str) -> list[str]:  # the printed table, without the progress bar
        return [line for line in out.replace("\r", "\n").splitlines() if "it/s" not in line]

    assert main(argv) == 0
    first = table(capsys.readouterr().out)
    kept = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
    assert len(kept) == len(lightsout.PAPER.tasks("random boards", "smoke", 2026))
    assert main(argv) == 0
    assert table(capsys.readouterr().out) == first and len(first) > 2
    assert {p.name: p.stat().st_mtime_ns for p in cache.iterdir()} == kept


def test_a_stored_run_resumes_by_default_and_a_plain_run_keeps_nothing(tmp_path):
    from puzzles.reproduce import run_cache

    assert run_cache("05_hypercube", "gods", None, True, tmp_path) == (
        tmp_path / ".cache" / "runs" / "05_hypercube" / "gods")
    assert run_cache("05_hypercube", "gods", None, False, tmp_path) is None
    assert run_cache("05_hypercube", "gods", tmp_path / "x", False, tmp_path) == tmp_path / "x"


PAPER_DEFAULTS = {"SCALE": "paper", "EXTRAS": False}  # the parameters a plain paper run has


def _code_cells(path: Path) -> list[ast.Module]:
    """A notebook's code cells, parsed (IPython's % and ! lines left out)."""
    nb = nbformat.read(path, as_version=4)
    return [ast.parse("\n".join(line for line in c.source.splitlines()
                                if not line.lstrip().startswith(("%", "!"))))
            for c in nb.cells if c.cell_type == "code"]


def _paper_branch_reads(tree: ast.Module) -> list[ast.stmt]:
    """The statements a cell runs only at paper scale with default parameters that read from
    FIGURES_DIR: the taken side of each ``if``/``x if ... else y`` that tests SCALE or EXTRAS."""

    def decided(test: ast.expr) -> bool | None:
        names = {n.id for n in ast.walk(test) if isinstance(n, ast.Name)}
        if not names & set(PAPER_DEFAULTS) or not names <= set(PAPER_DEFAULTS):
            return None
        return bool(eval(compile(ast.Expression(test), "<test>", "eval"), {},
                         dict(PAPER_DEFAULTS)))

    def reads(node: ast.AST) -> bool:
        text = ast.unparse(node)
        return "FIGURES_DIR" in text and not re.search(r"\b(save_table|save_json|publish|save)\(",
                                                       text)

    found: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.If) and (taken := decided(node.test)) is not None:
            found += [s for s in (node.body if taken else node.orelse) if reads(s)]
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.IfExp):
            taken = decided(node.value.test)
            if taken is not None:
                side = node.value.body if taken else node.value.orelse
                stmt = ast.Assign(targets=node.targets, value=side, lineno=node.lineno)
                found += [stmt] if reads(side) else []
    return found


@pytest.mark.parametrize("e", CATALOGUE, ids=[e.stem for e in CATALOGUE])
def test_a_paper_run_elsewhere_finds_every_file_it_reads_back(e, tmp_path):
    """Each read a notebook makes only at paper scale (its stored runs, a committed timing file)
    succeeds in a folder that holds just the copies ``reproduce --out`` makes (``reads_back``):
    the statements themselves run, against the copied files."""
    from puzzles.reproduce import copy_stored

    cells = _code_cells(e.path)
    figures = tmp_path / "figures" / e.stem
    copy_stored(e, figures)
    namespace: dict[str, object] = {**PAPER_DEFAULTS, "SEED": 2026}
    for tree in cells:  # the notebook's imports, without running its work
        for node in tree.body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                exec(compile(ast.Module([node], []), e.stem, "exec"), namespace)
    namespace["FIGURES_DIR"] = str(figures)
    ran = 0
    for tree in cells:
        for stmt in _paper_branch_reads(tree):
            exec(compile(ast.fix_missing_locations(ast.Module([stmt], [])), e.stem, "exec"),
                 namespace)
            ran += 1
    if e.stored:
        assert ran, f"{e.stem} reads back {e.stored} but no paper-only read was found"
