"""Tests of the metadata stripping that keeps committed notebooks free of volatile data."""

from __future__ import annotations

import json

import nbformat

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


def test_runner_bar_has_the_canonical_width(capsys):
    from puzzles.core.runner import BAR_WIDTH, progress_bar
    from puzzles.reproduce import canonical_bars, collapse_carriage_returns, drop_bar_times

    bar = progress_bar(3, "tasks")
    bar.update(3)
    bar.close()
    text = drop_bar_times(collapse_carriage_returns(capsys.readouterr().out))
    assert "tasks: 100%|" + "█" * BAR_WIDTH + "| 3/3" in text
    assert canonical_bars(text) == text


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
