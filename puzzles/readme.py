"""``make readme``: regenerate every generated table of README.md between its markers.

Each table is rendered from data (the catalogue of families, the committed ledgers, the
benchmark results), so it is never pasted by hand; tests/test_layout.py checks that README.md
is what :func:`render` makes of it. Run from the repository root, where ``benchmarks/`` (the
speed table's source) is importable.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable

from benchmarks.compare import readme_speed
from puzzles.catalogue import readme_scoreboard, readme_table
from puzzles.core.project import ROOT

README = ROOT / "README.md"
TABLES: dict[str, Callable[[], str]] = {
    "notebooks": readme_table,
    "scoreboard": readme_scoreboard,
    "speed": readme_speed,
}
"""Marker name -> the function rendering the table README.md carries between
``<!-- name:start -->`` and ``<!-- name:end -->``."""


def _block(name: str) -> re.Pattern[str]:
    return re.compile(rf"(<!-- {name}:start -->\n)(.*?)(\n<!-- {name}:end -->)", re.S)


def render(text: str) -> str:
    """``text`` with every generated table replaced by its current rendering (ValueError naming
    a table whose markers are missing)."""
    for name, table in TABLES.items():
        block = _block(name)
        if not block.search(text):
            raise ValueError(f"README.md lacks the markers <!-- {name}:start --> and "
                             f"<!-- {name}:end -->")
        body = table()
        text = block.sub(lambda m, body=body: m.group(1) + body + m.group(3), text)
    return text


def stale(text: str) -> list[str]:
    """The generated tables of ``text`` that differ from their current rendering."""
    fresh = render(text)
    return [name for name in TABLES
            if _block(name).search(text).group(2) != _block(name).search(fresh).group(2)]


def main() -> int:
    """Rewrite README.md's generated tables; say which changed."""
    text = README.read_text(encoding="utf-8")
    changed = stale(text)
    if changed:
        README.write_text(render(text), encoding="utf-8")
    print(f"make readme: {', '.join(changed) or 'no table'} changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
