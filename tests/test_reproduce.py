"""Tests of the metadata stripping that keeps committed notebooks free of volatile data."""

from __future__ import annotations

import json

from puzzles.reproduce import strip_volatile


def test_strip_volatile_removes_timings_and_widgets(tmp_path):
    nb = {
        "cells": [{"cell_type": "code", "source": "1", "outputs": [], "execution_count": 1,
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
