"""The notebook display: alt text on figures and pictures, one mark for missing values."""

from __future__ import annotations

import base64
from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")  # before pyplot, so the tests need no display

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from IPython.core.formatters import DisplayFormatter

from puzzles.core import save_figure
from puzzles.core.display import (
    MISSING,
    Picture,
    alt_of,
    described,
    for_display,
    register,
    show_figure,
    show_picture,
    table_html,
    table_text,
)


def _png() -> bytes:
    fig, ax = plt.subplots(figsize=(1, 1))
    ax.plot([0, 1])
    try:
        return save_figure(fig, "p", _png.dir).read_bytes()
    finally:
        plt.close(fig)


@pytest.fixture(autouse=True)
def _png_dir(tmp_path):
    _png.dir = tmp_path / "png"


def test_picture_carries_alt_as_metadata_markdown_and_text():
    png = _png()
    data, metadata = Picture(png, "a line [rising]\n from 0 to 1")._repr_mimebundle_()
    alt = "a line [rising] from 0 to 1"  # whitespace folded to single spaces
    assert metadata == {"image/png": {"alt": alt}}
    assert data["text/plain"] == alt
    assert base64.b64decode(data["image/png"]) == png
    # JupyterLab renders the markdown image: alt with its brackets escaped, the same PNG
    assert data["text/markdown"] == (f"![a line \\[rising\\] from 0 to 1]"
                                     f"(data:image/png;base64,{data['image/png']})")


def test_picture_refuses_empty_alt_and_non_png():
    png = _png()
    with pytest.raises(ValueError, match="alt text"):
        Picture(png, "  ")
    with pytest.raises(ValueError, match="alt text"):
        Picture(png, None)
    with pytest.raises(ValueError, match="PNG"):
        Picture(b"GIF89a", "x")


def test_described_attaches_alt_and_refuses_non_figures():
    fig = plt.figure()
    assert alt_of(fig) is None
    assert described(fig, "an empty figure") is fig and alt_of(fig) == "an empty figure"
    with pytest.raises(ValueError, match="Figure"):
        described("not a figure", "x")
    plt.close(fig)


def test_show_figure_saves_the_same_bytes_as_save_figure_and_closes(tmp_path):
    def draw():
        fig, ax = plt.subplots(figsize=(2, 1))
        ax.bar([1, 2], [3, 4])
        return fig

    reference = save_figure(draw(), "bars", tmp_path / "a").read_bytes()
    fig = draw()
    path = show_figure(fig, "bars", tmp_path / "b", alt="two bars, 3 and 4")
    assert path.read_bytes() == reference and not plt.fignum_exists(fig.number)
    with pytest.raises(ValueError, match="no alt text"):
        show_figure(draw(), "bars", tmp_path / "c")
    plt.close("all")


def test_show_picture_writes_the_png_and_returns_it_with_alt(tmp_path):
    png = _png()
    shown = show_picture(png, "board", tmp_path, "a board")
    assert (tmp_path / "board.png").read_bytes() == png
    assert shown == Picture(png, "a board")


def _shell() -> SimpleNamespace:
    return SimpleNamespace(display_formatter=DisplayFormatter())


def test_registered_formatter_shows_described_figures_with_alt_and_others_as_before():
    shell = _shell()
    assert register(shell)
    fig = described(plt.figure(figsize=(1, 1)), "a blank square")
    data, metadata = shell.display_formatter.format(fig)
    assert data["text/plain"] == "a blank square" and "text/markdown" in data
    assert metadata["image/png"] == {"alt": "a blank square"}
    plain = plt.figure(figsize=(1, 1))
    data, metadata = shell.display_formatter.format(plain)
    assert data["text/plain"].startswith("<Figure size") and "image/png" not in metadata
    plt.close("all")


def test_register_outside_ipython_does_nothing():
    assert register() is False  # pytest runs no IPython shell


def test_every_missing_value_shows_as_one_mark():
    frame = pd.DataFrame({"float": [1.25, np.nan], "int": pd.array([1, None], dtype="Int64"),
                          "text": ["x", None], "nullable float": pd.array([0.5, None],
                                                                          dtype="Float64")})
    shown = for_display(frame)
    assert list(shown.iloc[1, 1:]) == [MISSING] * 3 and np.isnan(shown.iloc[1, 0])
    text = table_text(frame)
    assert "NaN" not in text and "<NA>" not in text and "None" not in text
    assert text.splitlines()[2].split()[1:] == [MISSING] * 4
    html = table_html(frame)
    assert html.count(f"<td>{MISSING}</td>") == 4 and "NaN" not in html
    assert frame["int"].isna().sum() == 1  # the caller's frame is left as it was


def test_tables_without_missing_values_render_as_pandas_does():
    frames = [pd.DataFrame({"a": [1.123456789, 2.0], "b": [1, 2]}),
              pd.DataFrame(np.arange(600).reshape(200, 3)),
              pd.DataFrame({"x": [1, 2]}, index=pd.MultiIndex.from_tuples(
                  [("a", 1), ("b", 2)], names=["k", "n"]))]
    for frame in frames:
        assert table_html(frame) == frame._repr_html_()
        assert table_text(frame) == repr(frame)


def test_registered_formatter_shows_tables_with_the_mark():
    shell = _shell()
    register(shell)
    data, _ = shell.display_formatter.format(pd.DataFrame({"a": [1.0, np.nan]}))
    assert MISSING in data["text/plain"] and f"<td>{MISSING}</td>" in data["text/html"]
