"""What a notebook shows, read the same with or without a kernel: every image with alt text and
one mark for a missing value in every table.

Live, figures and pictures carry their alt text three ways, since viewers read different ones:
the ``image/png`` output metadata ``{"alt": ...}``, a ``text/plain`` that is the alt text
(text-only readers, nbval), and a ``text/markdown`` image ``![alt](data:...)`` that JupyterLab
prefers to ``image/png``: Lab's image renderer reads only width and height from the metadata,
while its markdown renderer gives the ``<img>`` its alt, so a screen reader in Lab hears it. A
committed notebook stores each picture once, as that markdown image (nbconvert and the book
render it with its alt too): :func:`puzzles.reproduce.one_picture`. :func:`register` installs
the figure and table formatters in the running IPython; importing :mod:`puzzles.core` calls it,
so every notebook gets them without a setup cell.
"""

from __future__ import annotations

import base64
import io
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from IPython.core.getipython import get_ipython
from IPython.display import display
from matplotlib.figure import Figure
from pandas import get_option
from pandas.io.formats import format as fmt

from puzzles.core.output import _target, save_figure

# The one display of a missing value, whatever pandas would print (NaN, <NA>, None).
MISSING = "—"
ALT_ATTRIBUTE = "puzzle_alt"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _check_alt(alt: object) -> str:
    if not isinstance(alt, str) or not alt.strip():
        raise ValueError(f"alt text must be a non-empty string saying what the image shows, "
                         f"got {alt!r}")
    return " ".join(alt.split())


def markdown_alt(alt: str) -> str:
    """``alt`` escaped for a markdown image's brackets."""
    # Brackets and backslashes would end or escape the markdown image's alt text early.
    return alt.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


@dataclass(frozen=True)
class Picture:
    """A PNG with its alt text, displayed so every viewer (Lab, nbconvert, text) can read it."""

    png: bytes
    alt: str

    def __post_init__(self) -> None:
        if not isinstance(self.png, bytes) or not self.png.startswith(PNG_SIGNATURE):
            raise ValueError("png must be the bytes of a PNG file")
        object.__setattr__(self, "alt", _check_alt(self.alt))

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None
                          ) -> tuple[dict[str, str], dict[str, Any]]:
        """image/png with alt metadata, the Lab-readable markdown image and the alt as text."""
        data = base64.b64encode(self.png).decode("ascii")
        bundle = {"image/png": data,
                  "text/markdown": f"![{markdown_alt(self.alt)}](data:image/png;base64,{data})",
                  "text/plain": self.alt}
        return bundle, {"image/png": {"alt": self.alt}}

    def __repr__(self) -> str:
        return self.alt


def described(fig: Any, alt: str) -> Any:
    """``fig`` with its alt text attached, so every display of it carries the text; returns
    ``fig``."""
    if not hasattr(fig, "savefig"):
        raise ValueError(f"fig must be a matplotlib Figure, got {type(fig).__name__}")
    setattr(fig, ALT_ATTRIBUTE, _check_alt(alt))
    return fig


def alt_of(fig: Any) -> str | None:
    """The alt text :func:`described` attached to ``fig``, or None."""
    return getattr(fig, ALT_ATTRIBUTE, None)


def figure_png(fig: Any) -> bytes:
    """The figure as the inline backend draws it (figure dpi, tight box), without the
    matplotlib version in the PNG, so a rerun shows the same bytes."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi="figure", bbox_inches="tight",
                metadata={"Software": None})
    return buf.getvalue()


def show_figure(fig: Any, name: str, directory: str | Path, alt: str | None = None) -> Path:
    """Save ``fig`` as :func:`save_figure` does (the same bytes), display it with its alt text
    (``alt`` or the one :func:`described` attached) and close it; returns the file's path."""

    if alt is not None:
        described(fig, alt)
    if alt_of(fig) is None:
        raise ValueError("the figure has no alt text: pass alt, or return described(fig, alt) "
                         "from the function that draws it")
    path = save_figure(fig, name, directory)
    register()
    display(fig)
    plt.close(fig)
    return path


def show_picture(png: bytes, name: str, directory: str | Path, alt: str) -> Picture:
    """Save a PNG (a board's scene) as ``<directory>/<name>.png``; returns it as a
    :class:`Picture` to display."""

    picture = Picture(png, alt)
    _target(name, directory, ".png").write_bytes(png)
    return picture


def for_display(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with every missing value of a non-float column as :data:`MISSING` (float
    columns keep their number format and take ``na_rep``)."""
    out = frame.copy()
    for i in range(frame.shape[1]):  # by position: column labels may repeat
        values = frame.iloc[:, i]
        numpy_float = isinstance(values.dtype, np.dtype) and values.dtype.kind == "f"
        if not numpy_float and values.isna().any():
            out.isetitem(i, values.astype(object).where(values.notna(), MISSING))
    return out


def table_html(frame: pd.DataFrame) -> str:
    """The notebook's HTML of a DataFrame, drawn as ``DataFrame._repr_html_`` draws it (the
    same options and formatter) but with missing values as MISSING."""

    params = fmt.get_dataframe_repr_params()
    formatter = fmt.DataFrameFormatter(
        for_display(frame), na_rep=MISSING, bold_rows=True, max_rows=params["max_rows"],
        min_rows=params["min_rows"], max_cols=get_option("display.max_columns"),
        show_dimensions=params["show_dimensions"])
    return fmt.DataFrameRenderer(formatter).to_html(notebook=True)


def table_text(frame: pd.DataFrame) -> str:
    """The plain text of a DataFrame, as pandas prints it, missing values as MISSING."""

    return for_display(frame).to_string(na_rep=MISSING, **fmt.get_dataframe_repr_params())


def _figure_bundle(fig: Any, include: Any = None, exclude: Any = None) -> Any:
    # An undescribed figure keeps IPython's usual output (the test of the committed notebooks
    # names it); a described one shows as its Picture.
    alt = alt_of(fig)
    if alt is None:
        return None
    return Picture(_shown_png(fig), alt)._repr_mimebundle_()


def _shown_png(fig: Any) -> bytes:
    """The PNG IPython shows for ``fig``: the inline backend's printer (IPython prefers it to a
    bundle's image/png), so the markdown image embeds the same bytes; figure_png without one."""

    shell = get_ipython()
    printer = None
    if shell is not None:
        try:
            printer = shell.display_formatter.formatters["image/png"].lookup(fig)
        except KeyError:
            printer = None
    png = printer(fig) if printer is not None else None
    if isinstance(png, str):
        png = base64.b64decode(png)
    return png if isinstance(png, bytes) else figure_png(fig)


def register(shell: Any = None) -> bool:
    """Install the figure and table formatters in ``shell`` (the running IPython by default);
    False outside IPython. Calling it again changes nothing."""
    if shell is None:
        # A kernel has imported IPython already; a worker process must not pay for importing it.
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False

    formatters = shell.display_formatter.formatters
    shell.display_formatter.mimebundle_formatter.for_type(Figure, _figure_bundle)
    formatters["text/html"].for_type(pd.DataFrame, table_html)
    formatters["text/plain"].for_type(pd.DataFrame,
                                      lambda frame, p, cycle: p.text(table_text(frame)))
    return True
