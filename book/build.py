"""``make book``: a static HTML site of the five committed notebooks, built without running them.

Why the Sphinx stack (myst-nb with sphinx-book-theme) rather than Jupyter Book 2: it installs
from PyPI into the project's locked venv like every other dependency, renders the committed
outputs as they are (``nb_execution_mode = "off"``), and needs no Node.js toolchain on a
reader's machine or in CI. Each notebook's ledger gets a page of its own as a paged, searchable
table with a filter per column (verdict included), drawn by itables in its offline mode (the
DataTables bundle is embedded, so the book works without a network).

Layout of the source tree (``build/book-src``): the README as ``index.md`` (its links to
``notebooks/`` and ``figures/`` stay valid), ``notebooks/*.ipynb``, ``figures/`` and one
``ledgers/NN_stem.md`` per notebook. The site is written to ``build/book/``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "build" / "book-src"
SITE = ROOT / "build" / "book"
PAGE_LENGTH = 25
COLUMNS = ("id", "verdict", "claim", "paper", "authors", "ours", "why", "readings", "kind",
           "section", "uncertainty", "margin", "test", "p", "p_adjusted")


def ledger_table(claims: Path) -> str:
    """The ledger ``claims.csv`` as an offline itables table: paged, searchable, a filter box
    per column."""
    import itables
    import pandas as pd
    from itables.javascript import generate_init_offline_itables_html

    # the verdict and the sentence first: what a reader scans for
    frame = pd.read_csv(claims, dtype=str, keep_default_na=False)[list(COLUMNS)]
    init = generate_init_offline_itables_html(itables.options.dt_bundle)
    table = itables.to_html_datatable(
        frame, connected=False, display_logo_when_loading=False, maxBytes=0, showIndex=False,
        column_filters="header", pageLength=PAGE_LENGTH, classes="display compact",
        scrollX=True,
        layout={"topStart": "pageLength", "topEnd": "search", "bottomStart": "info",
                "bottomEnd": "paging"},
        table_id=f"ledger-{claims.parent.name}")
    return init + "\n" + table


def _toc(stems: list[str]) -> str:
    notebooks = "\n".join(f"notebooks/{s}" for s in stems)
    ledgers = "\n".join(f"ledgers/{s}" for s in stems)
    return (f"\n\n```{{toctree}}\n:caption: Notebooks\n:maxdepth: 1\n\n{notebooks}\n```\n\n"
            f"```{{toctree}}\n:caption: Ledgers\n:maxdepth: 1\n\n{ledgers}\n```\n")


def lay_out() -> list[str]:
    """Write the book's source tree; return the notebook stems."""
    if SOURCE.exists():
        shutil.rmtree(SOURCE)
    (SOURCE / "ledgers").mkdir(parents=True)
    shutil.copy(ROOT / "book" / "conf.py", SOURCE / "conf.py")
    shutil.copytree(ROOT / "book" / "_static", SOURCE / "_static")
    import jupyter_server_mathjax

    # MathJax as files in the site (conf.py's mathjax_path), so formulas render offline.
    shutil.copytree(Path(jupyter_server_mathjax.__file__).parent / "static",
                    SOURCE / "_static" / "mathjax",
                    ignore=shutil.ignore_patterns("*.md", "unpacked"))
    shutil.copytree(ROOT / "notebooks", SOURCE / "notebooks",
                    ignore=shutil.ignore_patterns(".*", "*.pyc"))
    shutil.copytree(ROOT / "figures", SOURCE / "figures")
    stems = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    for stem in stems:
        body = ledger_table(ROOT / "figures" / stem / "claims.csv")
        (SOURCE / "ledgers" / f"{stem}.md").write_text(
            f"# Ledger of {stem}\n\nEvery claim of the paper and our results beyond it, as "
            f"`figures/{stem}/claims.csv` holds them: page through the rows, search them, or "
            f"type in a column's box (the verdict column's, say) to filter.\n\n"
            f"```{{raw}} html\n{body}\n```\n", encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (SOURCE / "index.md").write_text(readme + _toc(stems), encoding="utf-8")
    return stems


def main() -> int:
    """Lay out the sources and build the site with Sphinx; return its exit code."""
    lay_out()
    if SITE.exists():
        shutil.rmtree(SITE)
    cmd = [sys.executable, "-m", "sphinx", "-b", "html", "-q", "-j", "2", str(SOURCE), str(SITE)]
    done = subprocess.run(cmd, check=False)
    if done.returncode == 0:
        print(f"book: {SITE / 'index.html'}")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
