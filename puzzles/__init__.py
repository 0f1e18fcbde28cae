"""puzzle-lab: models, solvers and experiments behind the puzzle-difficulty notebooks."""

from puzzles._source import configure_numba_cache, guard_numba_cache, source_hash

__version__ = "0.1.0"

# Before any module of the package imports numba: compiled kernels are cached per source hash,
# so an edit to any module (a kernel's callee included) can never load stale machine code.
NUMBA_CACHE_DIR = configure_numba_cache()
guard_numba_cache()

__all__ = ["NUMBA_CACHE_DIR", "source_hash"]
