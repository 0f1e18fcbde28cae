"""Files on disk in the one storage format: the package's CSV tables, the paper's reference
numbers, and stored result tables with their ``STORED.csv`` index (command and sha256).

Nothing here knows a family or a :class:`~puzzles.core.paper.Paper`: a family's bottom layer
reads its reference numbers with :func:`reference_table`, and every layer above reads stored
runs with :func:`read_stored`.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import io
import os
import signal
import tempfile
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

STORED_INDEX = "STORED.csv"
# A table may carry its wall times in ``attrs[TIMES]`` (rows of dicts); they never enter the
# stored table: :func:`store_times` writes them to a timing file of their own.
TIMES = "seconds"

REFERENCE_DIR = "reference"
"""The folder of a family's package holding the paper's numbers, one CSV per table."""


def read_table(path: Path) -> pd.DataFrame:
    """Read a CSV shipped with the package (ValueError naming a missing file)."""
    if not path.is_file():
        raise ValueError(f"no data file {path}")
    return pd.read_csv(path, keep_default_na=False, na_values=[""])



def reference_table(package_dir: Path, name: str) -> pd.DataFrame:
    """The paper's numbers ``<package_dir>/reference/<name>.csv`` (a family passes
    ``Path(__file__).parent``), so its bottom layer reads them without its ``Paper``."""
    return read_table(Path(package_dir) / REFERENCE_DIR / f"{name}.csv")


def store(frame: pd.DataFrame, path: Path, command: str,
          about: Mapping[str, object] | None = None) -> Path:
    """Write ``frame`` as CSV and record ``command``, the file's hash and ``about`` (how the
    run went: seconds, workers, a note; never part of the table) in ``STORED.csv``.

    Other columns an earlier line of the index carries are kept (empty for this file unless
    ``about`` sets them), so the index never loses what it recorded.
    """
    store_together({path: frame}, command, about)
    return path


def store_together(frames: Mapping[Path, pd.DataFrame], command: str,
                   about: Mapping[str, object] | None = None) -> list[Path]:
    """:func:`store` for several tables of one folder: each file written atomically, then the
    index once, with Ctrl-C and SIGTERM held back until all of it is written (a resumable run
    commits a step's files together: an interruption lands before or after, never between)."""
    paths = [Path(p) for p in frames]
    folders = {p.parent for p in paths}
    if len(folders) != 1:
        raise ValueError(f"store_together writes files of one folder, got {sorted(folders)}")
    folder = folders.pop()
    folder.mkdir(parents=True, exist_ok=True)
    texts = {Path(p): f.to_csv(index=False, lineterminator="\n") for p, f in frames.items()}
    index = folder / STORED_INDEX
    with _signals_held():
        for p, text in texts.items():
            write_atomic(p, text.encode("utf-8"))
        rows = read_table(index) if index.is_file() else pd.DataFrame(
            columns=["file", "command", "sha256"])
        rows = rows[~rows["file"].isin([p.name for p in paths])]
        lines = [{"file": p.name, "command": command,
                  "sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(), **dict(about or {})}
                 for p, text in texts.items()]
        rows = pd.concat([rows, pd.DataFrame(lines)], ignore_index=True)
        write_atomic(index, rows.sort_values("file").to_csv(index=False, lineterminator="\n")
                     .encode("utf-8"))
    return paths


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM that arrive during the block take effect when it ends (Python runs
    signal handlers in the main thread, so only there is there anything to hold back)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []
    before = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(sig)
        if handler is not None:  # None: installed outside Python, left alone
            before[sig] = signal.signal(sig, lambda signum, _frame: pending.append(signum))
    try:
        yield
    finally:
        for sig, handler in before.items():
            signal.signal(sig, handler)
        for sig in dict.fromkeys(pending):
            signal.raise_signal(sig)


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """An exclusive lock on a folder (``flock`` on the folder itself, so no lock file is left):
    processes that read, extend and rewrite the stored files of one folder take turns."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock


def stored_sha256(path: Path) -> str | None:
    """The sha256 ``STORED.csv`` beside ``path`` records for it (None when unrecorded)."""
    index = path.parent / STORED_INDEX
    if not index.is_file():
        return None
    rows = pd.read_csv(index, dtype=str, keep_default_na=False)
    hit = rows.loc[rows["file"] == path.name, "sha256"] if "sha256" in rows else []
    return str(hit.iloc[0]) if len(hit) and hit.iloc[0] else None


def verify_stored(path: Path) -> bytes:
    """The bytes of a stored file, checked against the sha256 its ``STORED.csv`` records;
    ValueError naming the file, both hashes and the command that regenerates it."""
    path = Path(path)
    if not path.is_file():
        raise ValueError(f"stored file {path} is missing")
    data = path.read_bytes()
    expected = stored_sha256(path)
    found = hashlib.sha256(data).hexdigest()
    if expected is not None and found != expected:
        raise ValueError(f"stored file {path} is damaged or was edited: sha256 {found[:16]}... "
                         f"where STORED.csv records {expected[:16]}...; regenerate it with "
                         f"`{stored_command(path)}` (or restore it with git checkout)")
    return data


def read_stored(path: Path, **read_csv: Any) -> pd.DataFrame:
    """A stored table (``python -m puzzles run ... --store``), verified by :func:`verify_stored`
    before it is parsed; ``read_csv`` passes options to pandas."""
    return pd.read_csv(io.BytesIO(verify_stored(Path(path))), **read_csv)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it and a rename, so a reader
    (or an interrupted run) never sees a half-written file."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    os.chmod(tmp, 0o644)  # mkstemp's 0600 would carry over to the stored file
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)


def store_times(frame: pd.DataFrame, path: Path) -> Path | None:
    """Write the wall times ``frame`` carries (``attrs[TIMES]``) to ``timing_<name>.csv``
    beside the stored ``path`` (a timing file: the only kind a rerun changes); None when it
    carries none."""
    rows = list(frame.attrs.get(TIMES, ()))
    if not rows:
        return None
    out = path.parent / f"timing_{path.stem}.csv"
    pd.DataFrame(rows).to_csv(out, index=False, lineterminator="\n")
    return out


def stored_command(path: Path) -> str:
    """The command that regenerates the stored file ``path`` (ValueError when unrecorded)."""
    index = path.parent / STORED_INDEX
    rows = read_table(index) if index.is_file() else pd.DataFrame(columns=["file", "command"])
    hit = rows[rows["file"] == path.name]
    if hit.empty:
        raise ValueError(f"{path.name} is not recorded in {index}")
    return str(hit["command"].iloc[0])
