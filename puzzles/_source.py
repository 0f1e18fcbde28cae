"""One hash of the package's source, and the numba cache directory keyed by it.

numba's on-disk cache checks only the file that defines a kernel, so a kernel calling a kernel of
another module keeps its old machine code when only the callee changes; the resume cache of
:func:`puzzles.core.runner.run_tasks` had the same blind spot. Keying both on a hash of every
source file of the package means an edit anywhere can never reuse a stale result or kernel (the
price: any edit recompiles every kernel once). This module imports only the standard library,
so ``puzzles/__init__.py`` can set ``NUMBA_CACHE_DIR`` before anything imports numba.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
# Code and the data files shipped with it (results depend on both; see pyproject's package-data).
SOURCE_SUFFIXES = (".py", ".json", ".csv", ".txt")
CACHE_ENV = "NUMBA_CACHE_DIR"
# Set by puzzles/__init__.py when it chose NUMBA_CACHE_DIR itself (so child processes, which
# inherit the variable, can tell the user's choice from ours).
OURS_ENV = "PUZZLE_LAB_NUMBA_CACHE"


def source_files(root: Path = PACKAGE_DIR) -> list[Path]:
    """Every source file of the package under ``root``, in a fixed (sorted) order."""
    return sorted(p for p in root.rglob("*")
                  if p.suffix in SOURCE_SUFFIXES and p.is_file()
                  and "__pycache__" not in p.relative_to(root).parts)


def hash_tree(root: Path) -> str:
    """SHA-256 over the relative path and content of every source file under ``root``."""
    digest = hashlib.sha256()
    for path in source_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


@cache
def source_hash() -> str:
    """The hash of this package's source, computed once per process."""
    return hash_tree(PACKAGE_DIR)


def cache_root() -> Path:
    """Where the numba caches live: ``.numba-cache/`` in a source checkout (``make clean``
    removes it), else ``$XDG_CACHE_HOME/puzzle-lab/numba`` (``~/.cache/...``)."""
    checkout = PACKAGE_DIR.parent
    if (checkout / "pyproject.toml").is_file() and os.access(checkout, os.W_OK):
        return checkout / ".numba-cache"
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "puzzle-lab" / "numba"


def numba_cache_dir() -> Path:
    """The numba cache directory of this exact source: ``cache_root() / source_hash()``."""
    return cache_root() / source_hash()


def configure_numba_cache() -> str:
    """Point numba's cache at :func:`numba_cache_dir` unless the user chose a directory; return
    the directory in use.

    A child process inherits ``NUMBA_CACHE_DIR``; one that runs another copy of the package
    (another hash) must not take its parent's directory, so a directory we set is recomputed.
    """
    user_set = os.environ.get(CACHE_ENV) and os.environ.get(OURS_ENV) != os.environ[CACHE_ENV]
    if user_set:
        return os.environ[CACHE_ENV]
    path = str(numba_cache_dir())
    os.environ[CACHE_ENV] = os.environ[OURS_ENV] = path
    import sys

    numba_config = sys.modules.get("numba.core.config")
    if numba_config is not None:  # numba came first (e.g. imported in a notebook cell)
        numba_config.CACHE_DIR = path
    return path
