"""The experiment runner: map a function over tasks on any executor, with progress and resume.

Each finished task's result is pickled under ``cache_dir`` as soon as it arrives, so a run that
is interrupted (Ctrl-C, a crash, a killed worker) resumes by recomputing only what is missing.
A stored result is keyed on the task, the function, its module's source and the hash of the
whole package's source, so a resumed run never reuses a result computed by code since edited.
Tasks carry their own seeds (see :mod:`puzzles.core.seeding`), so the results do not depend on
which executor ran them.
"""

from __future__ import annotations

import atexit
import hashlib
import inspect
import os
import pickle
import signal
import sys
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from multiprocessing import get_context
from pathlib import Path
from typing import Any

# The plain-text bar, not tqdm.auto's widget: a committed notebook then shows the finished line
# ("challenges: 120/120 tasks") to a reader without a kernel, where a widget bar's saved text
# would read "0%".
from tqdm.std import tqdm

from puzzles._source import source_hash

# Redraw a bar at most this often: few redraws keep the notebook's stored output small.
BAR_INTERVAL_S = 2.0
BAR_WIDTH = 30
BAR_FORMAT = "{l_bar}{bar:" + str(BAR_WIDTH) + "}{r_bar}"


def default_workers() -> int:
    """Worker count for the default pool: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


_POOLS: dict[int, ProcessPoolExecutor] = {}


# How often a pool worker checks that the process that started it is still alive.
ORPHAN_POLL_S = 0.5


def _exit_when_orphaned(parent: int) -> None:
    """Worker watchdog: end this worker once its parent is gone (killed by SIGKILL, say, when
    nothing could stop the pool), so no worker is left computing for nobody."""
    while True:
        if os.getppid() != parent:
            os._exit(1)
        time.sleep(ORPHAN_POLL_S)


def _ignore_sigint(parent: int | None = None) -> None:
    """Pool-worker initializer: leave Ctrl-C to the parent process, and die with it.

    Workers share the kernel's process group, so an interrupt or a kernel shutdown would
    otherwise make every worker print a KeyboardInterrupt traceback. The parent handles the
    interrupt and stops the workers itself (see :func:`_discard_pool`); a watchdog thread ends
    the worker if the parent dies without doing so.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if parent is not None:
        threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True,
                         name="orphan-watchdog").start()


# More worker processes than this per core only thrash: a larger count is a typo, refused.
MAX_WORKERS_PER_CORE = 4


def check_workers(workers: int | None) -> int | None:
    """``workers`` if it is None or 0 (one per core) or at most :data:`MAX_WORKERS_PER_CORE`
    per core of this machine; else ValueError naming the parameter and the allowed range."""
    most = MAX_WORKERS_PER_CORE * (os.cpu_count() or 1)
    if workers is None:
        return None
    if isinstance(workers, bool) or not isinstance(workers, int) or not 0 <= workers <= most:
        raise ValueError(f"workers must be an int from 0 (one per core) to {most} "
                         f"({MAX_WORKERS_PER_CORE} per core of this machine), got {workers!r}")
    return workers


def _stop_on_sigterm() -> None:
    """Make SIGTERM end the shared pools' workers and the dask clients with this process (the
    default action would leave them behind); installed once, in the main thread only, and only
    where nobody else handles SIGTERM."""
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        return

    def stop(signum: int, frame: object) -> None:
        for pool in list(_POOLS.values()):
            _discard_pool(pool, terminate=True)
        close_clients()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)


def shared_pool(workers: int | None = None) -> ProcessPoolExecutor:
    """The spawn-context process pool of ``workers`` processes that lives as long as this process.

    Reusing one pool across a notebook's experiments pays the workers' start-up (imports, numba
    cache loads) once instead of once per ``run_tasks`` call. ``None`` or 0: one per core.
    """
    n = check_workers(workers) or default_workers()
    pool = _POOLS.get(n)
    if pool is None:
        _stop_on_sigterm()
        pool = _POOLS[n] = ProcessPoolExecutor(max_workers=n, mp_context=get_context("spawn"),
                                               initializer=_ignore_sigint,
                                               initargs=(os.getpid(),))
    return pool


def worker_pids(pool: ProcessPoolExecutor) -> list[int]:
    """Process ids of a pool's current workers (empty before the first task)."""
    # The executor has no public accessor; its worker table maps pid -> process.
    return list((getattr(pool, "_processes", None) or {}).keys())


def _discard_pool(pool: ProcessPoolExecutor, terminate: bool = False) -> None:
    """Forget a pool that broke or was interrupted, so the next run starts a fresh one.

    ``terminate`` stops running tasks at once (after Ctrl-C, which the workers ignore).
    """
    for n, p in list(_POOLS.items()):
        if p is pool:
            del _POOLS[n]
    if terminate:
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


@atexit.register
def shutdown_pools() -> None:
    """Stop every shared pool and its workers (also run at interpreter exit)."""
    for pool in list(_POOLS.values()):
        _discard_pool(pool, terminate=True)


LOCAL_DASK = "local-dask"
_CLIENTS: dict[str, Any] = {}


def executor_for(scheduler: str, workers: int | None = None) -> Executor | None:
    """The executor a notebook's ``SCHEDULER`` parameter names, for ``run_tasks(executor=...)``.

    ``""``: None, so ``run_tasks`` uses its local process pool of ``workers``; ``"local-dask"``:
    a dask ``LocalCluster`` on this machine (``workers`` processes of one thread; None or 0: one
    per core); anything else: the address of a running dask scheduler
    (``"tcp://host:8786"``). Results are the same on all three: every task carries its seed.
    A cluster's client is made once per process and closed at exit.
    """
    if not isinstance(scheduler, str):
        raise ValueError(f"scheduler must be a string, got {scheduler!r}")
    check_workers(workers)
    scheduler = scheduler.strip()
    if not scheduler:
        return None
    key = f"{scheduler}|{workers or default_workers()}" if scheduler == LOCAL_DASK else scheduler
    client = _CLIENTS.get(key)
    if client is None:
        try:
            from distributed import Client, LocalCluster
        except ImportError as err:  # pragma: no cover - dask is a test extra
            raise ValueError(f"scheduler {scheduler!r} needs dask[distributed] installed") from err
        if scheduler == LOCAL_DASK:
            cluster = LocalCluster(n_workers=workers or default_workers(), threads_per_worker=1,
                                   processes=True, dashboard_address=None)
            client = Client(cluster)
        else:
            client = _connect(Client, scheduler)
        _stop_on_sigterm()
        _CLIENTS[key] = client
    return client.get_executor()


# How long a scheduler address may take to answer before the run is refused.
CONNECT_TIMEOUT_S = 5


def _connect(client: Callable, scheduler: str) -> Any:
    """A client of the scheduler at ``scheduler``, or one line naming it when it does not
    answer (instead of a long traceback after 30 s)."""
    try:
        return client(scheduler, timeout=f"{CONNECT_TIMEOUT_S}s")
    except (OSError, TimeoutError, ValueError) as err:
        raise ValueError(f"scheduler {scheduler!r} does not answer within {CONNECT_TIMEOUT_S} s "
                         f"({type(err).__name__}); start it or pass SCHEDULER=\"\" to run on "
                         "local processes") from None


@atexit.register
def close_clients() -> None:
    """Close every dask client (and local cluster) :func:`executor_for` made."""
    for key, client in list(_CLIENTS.items()):
        cluster = getattr(client, "cluster", None)
        client.close()
        if cluster is not None and key.startswith(LOCAL_DASK):
            cluster.close()
        del _CLIENTS[key]


def _fn_identity(fn: Callable) -> str:
    """Name, a hash of the defining module's source and the package's source hash.

    The defining module covers a task function outside the package (a test's, a user's); the
    package hash covers every module the function can reach, since it may call any of them.
    """
    name = f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"
    try:
        source = Path(inspect.getsourcefile(fn) or "").read_bytes()
    except (TypeError, OSError):
        source = b""
    return f"{name}:{hashlib.sha256(source).hexdigest()[:16]}:{source_hash()}"


def inputs_digest(task: Any) -> str:
    """The content hash of every file ``task.inputs()`` names (a stored table, reference data):
    a task that reads a file outside the package is recomputed when that file changes."""
    names = getattr(task, "inputs", None)
    if not callable(names):
        return ""
    h = hashlib.sha256()
    for path in names():
        p = Path(path)
        h.update(str(p.name).encode())
        h.update(p.read_bytes() if p.is_file() else b"<missing>")
    return h.hexdigest()[:16]


def task_cache_path(cache_dir: str | Path, fn: Callable, task: Any) -> Path:
    """Where the result of ``fn(task)`` is stored: keyed by the function, the package's source,
    ``repr(task)`` and the content of every input file the task declares."""
    key = f"{_fn_identity(fn)}|{task!r}|{inputs_digest(task)}"
    digest = hashlib.sha256(key.encode()).hexdigest()
    return Path(cache_dir) / f"{getattr(fn, '__name__', 'task')}-{digest[:24]}.pkl"


def _store(path: Path, result: Any) -> None:
    # Write then rename, so an interruption never leaves a half-written result behind.
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as fh:
        pickle.dump(result, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)


class Progress(tqdm):
    """tqdm's text bar that, once finished, leaves one clean line and no carriage-return trail.

    The finished line holds only the counts (``01 exact: 28/28 tasks``): a committed notebook
    then reads the same on every rerun and in every viewer, and holds no wall time.
    """

    def close(self) -> None:
        """Erase a finished bar and print its clean line; an unfinished bar stays as it is."""
        if self.disable:  # disabled, or closed already (tqdm's close disables the bar)
            return super().close()
        finished = self.total is not None and self.n >= self.total
        if finished:
            self.leave = False  # tqdm then erases the bar's line instead of keeping it
        super().close()
        if finished:
            self.fp.write(f"{self.desc}: {self.n}/{self.total} tasks\n")
            self.fp.flush()


def progress_bar(total: int, desc: str, initial: int = 0, disable: bool = False) -> Progress:
    """A text progress bar for notebooks and terminals alike; once finished it leaves one line.

    Use it for any long loop in the package (``bar.update(1)`` per step, ``bar.close()`` at
    the end), so every bar in a committed notebook reads ``<desc>: <n>/<total> tasks``.
    """
    # A fixed bar width: with ncols alone the bar shrinks as the timing text grows.
    return Progress(total=total, initial=initial, desc=desc, disable=disable, leave=True,
                    file=sys.stdout, mininterval=BAR_INTERVAL_S, ascii=False,
                    dynamic_ncols=False, bar_format=BAR_FORMAT)


def run_tasks(
    fn: Callable[[Any], Any],
    tasks: Sequence[Any],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    cache_dir: str | Path | None = None,
    progress: bool = True,
    desc: str | None = None,
) -> list[Any]:
    """Return ``[fn(t) for t in tasks]``, computed on ``executor`` and cached per task.

    ``executor``: any ``concurrent.futures.Executor`` (a dask ``client.get_executor()`` works);
    if None, ``workers == 1`` runs in this process and otherwise the :func:`shared_pool` of
    ``workers`` processes (None or 0: one per core) is used. ``fn`` must be importable (defined in a
    module, not a notebook cell) and ``repr(task)`` must identify the task: it keys the cache.
    """
    _check_run_args(fn, tasks, executor, workers)
    paths, results = _cached(fn, tasks, cache_dir)
    todo = [i for i, p in enumerate(paths) if not (p is not None and p.exists())]
    bar = progress_bar(len(tasks), desc or fn.__name__, initial=len(tasks) - len(todo),
                       disable=not progress)

    def finish(i: int, result: Any) -> None:
        results[i] = result
        if paths[i] is not None:
            _store(paths[i], result)
        bar.update(1)

    try:
        if todo and executor is None and (workers == 1 or len(todo) == 1):
            for i in todo:
                finish(i, fn(tasks[i]))
        elif todo:
            _run_pooled(fn, tasks, todo, finish, executor, workers)
    finally:
        bar.close()
    return results


def _check_run_args(fn: Callable, tasks: Sequence[Any], executor: Executor | None,
                    workers: int | None) -> None:
    """ValueError naming a bad argument of :func:`run_tasks`."""
    if not callable(fn):
        raise ValueError(f"fn must be callable, got {type(fn).__name__}")
    if isinstance(tasks, str | bytes) or not isinstance(tasks, Sequence):
        raise ValueError(f"tasks must be a sequence (list or tuple), got {type(tasks).__name__}")
    check_workers(workers)
    if executor is not None and not isinstance(executor, Executor) and not hasattr(
            executor, "submit"):
        raise ValueError(f"executor must be a concurrent.futures.Executor, got {executor!r}")


def _cached(fn: Callable, tasks: Sequence[Any], cache_dir: str | Path | None
            ) -> tuple[list[Path | None], list[Any]]:
    """Each task's cache path (None without a cache) and the results already stored there."""
    paths: list[Path | None] = [None] * len(tasks)
    results: list[Any] = [None] * len(tasks)
    if cache_dir is None:
        return paths, results
    cache = Path(cache_dir)
    if cache.exists() and not cache.is_dir():
        raise ValueError(f"cache_dir {str(cache)!r} exists and is not a directory")
    cache.mkdir(parents=True, exist_ok=True)
    for i, task in enumerate(tasks):
        paths[i] = task_cache_path(cache, fn, task)
        if paths[i].exists():
            results[i] = _load(paths[i])
    return paths, results


def _load(path: Path) -> Any:
    """A cached result; a corrupt one (truncated, empty) is named, discarded with a warning and
    recomputed: results are seed-determined, so nothing is lost."""
    try:
        with open(path, "rb") as fh:
            return pickle.load(fh)
    except (pickle.UnpicklingError, EOFError, AttributeError, ImportError, IndexError,
            ValueError) as err:
        warnings.warn(f"discarding the corrupt cached result {path} ({type(err).__name__}: "
                      f"{err}); it will be recomputed", RuntimeWarning, stacklevel=3)
        path.unlink(missing_ok=True)
        return None


def _run_pooled(fn: Callable, tasks: Sequence[Any], todo: list[int],
                finish: Callable[[int, Any], None], executor: Executor | None,
                workers: int | None) -> None:
    """Run the ``todo`` tasks on ``executor`` (or the shared pool), finishing each as it ends."""
    own_pool = shared_pool(workers) if executor is None else None
    pool = executor if executor is not None else own_pool
    futures: dict[Future, int] = {pool.submit(fn, tasks[i]): i for i in todo}
    try:
        for fut in as_completed(futures):
            finish(futures[fut], fut.result())
    except BaseException as err:
        for fut in futures:
            fut.cancel()
        # A dead worker or a Ctrl-C leaves the pool unusable or busy: drop it.
        if own_pool is not None and isinstance(err, BrokenProcessPool | KeyboardInterrupt):
            _discard_pool(own_pool, terminate=isinstance(err, KeyboardInterrupt))
        raise
