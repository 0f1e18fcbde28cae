"""Run nbval on copies of the committed notebooks, so re-executing them never writes into the
repository: the notebooks and their ``figures/`` folders are copied into a temporary folder,
nbval re-executes the copies there (their ``../figures/<stem>`` is the copy) and compares every
stored output, and the folder is removed afterwards.

Usage: ``python tests/run_nbval.py [notebook paths or stems] [-- extra pytest arguments]``.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"


def main(argv: list[str]) -> int:
    """Copy, run nbval, clean up; return pytest's exit code."""
    extra: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    wanted = [Path(a).stem for a in argv]
    # Last-first: run beside the unit tests (`make unit nbval -j2`), which start with the
    # first families, so on a cold numba cache the two begin by compiling different kernels.
    # (`make test` runs one notebook per shard instead: nbval-<stem>.)
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"), reverse=True)
    if wanted:
        unknown = sorted(set(wanted) - {p.stem for p in notebooks})
        if unknown:
            print(f"run_nbval: no committed notebook named {', '.join(unknown)}", file=sys.stderr)
            return 4
        notebooks = [p for p in notebooks if p.stem in wanted]
    if not notebooks:
        print("run_nbval: no committed notebooks yet")
        return 0
    with tempfile.TemporaryDirectory(prefix="puzzle-lab-nbval-") as tmp:
        work = Path(tmp)
        (work / "notebooks").mkdir()
        for nb in notebooks:
            shutil.copy2(nb, work / "notebooks" / nb.name)
            figures = ROOT / "figures" / nb.stem
            if figures.is_dir():
                shutil.copytree(figures, work / "figures" / nb.stem)
        args = ["--nbval", "--nbval-current-env", "--nbval-sanitize-with", str(SANITIZE),
                "-p", "no:cacheprovider", "--rootdir", str(work), *extra,
                *[str(work / "notebooks" / nb.name) for nb in notebooks]]
        return int(pytest.main(args))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
