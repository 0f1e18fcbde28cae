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
import importlib.machinery
import os
import pickle
import sys
import warnings
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

    numba_config = sys.modules.get("numba.core.config")
    if numba_config is not None:  # numba came first (e.g. imported in a notebook cell)
        numba_config.CACHE_DIR = path
    return path


# --- a damaged numba cache entry is recompiled, never a crash deep inside numba ------------------

CACHING_MODULE = "numba.core.caching"


def _tolerant_load_data(original):
    """numba's ``IndexDataCacheFile._load_data``, but a truncated or corrupt entry is named in
    a warning, removed and reported as a miss, so numba compiles the kernel afresh (the machine
    code is derived from the source: nothing is lost)."""

    def load(self, name):
        try:
            return original(self, name)
        except (EOFError, pickle.UnpicklingError, AttributeError, ImportError, IndexError,
                ValueError, TypeError) as err:
            path = self._data_path(name)
            warnings.warn(f"discarding the corrupt numba cache entry {path} "
                          f"({type(err).__name__}: {err}); the kernel is compiled afresh",
                          RuntimeWarning, stacklevel=2)
            try:
                os.unlink(path)
            except OSError:
                pass
            return None

    load.__wrapped__ = original
    return load


def _patch_caching(module) -> None:
    cls = module.IndexDataCacheFile
    if not hasattr(cls._load_data, "__wrapped__"):
        cls._load_data = _tolerant_load_data(cls._load_data)


class _CachingHook:
    """A meta-path finder that patches numba's cache reader right after numba imports it, so
    ``import puzzles`` need not import numba itself."""

    def find_spec(self, fullname, path=None, target=None):
        """Wrap the loader of :data:`CACHING_MODULE`; decline every other module."""
        if fullname != CACHING_MODULE:
            return None

        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        run = loader.exec_module

        def exec_module(module):
            run(module)
            _patch_caching(module)

        loader.exec_module = exec_module
        return spec


def guard_numba_cache() -> None:
    """Make a corrupt numba cache entry a warning and a recompilation (see
    :func:`_tolerant_load_data`), now if numba's cache module is loaded, else when it is."""

    if CACHING_MODULE in sys.modules:
        _patch_caching(sys.modules[CACHING_MODULE])
    elif not any(isinstance(f, _CachingHook) for f in sys.meta_path):
        sys.meta_path.insert(0, _CachingHook())
