"""Files on disk in the one storage format: the package's CSV tables, the paper's reference
numbers, and stored result tables with their ``STORED.csv`` index (command and sha256).

Nothing here knows a family or a :class:`~puzzles.core.paper.Paper`: a family's bottom layer
reads its reference numbers with :func:`reference_table`, and every layer above reads stored
runs with :func:`read_stored`.
"""

from __future__ import annotations

import hashlib
import io
import os
import tempfile
from collections.abc import Mapping
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
    path.parent.mkdir(parents=True, exist_ok=True)
    text = frame.to_csv(index=False, lineterminator="\n")
    write_atomic(path, text.encode("utf-8"))
    index = path.parent / STORED_INDEX
    rows = read_table(index) if index.is_file() else pd.DataFrame(
        columns=["file", "command", "sha256"])
    rows = rows[rows["file"] != path.name]
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    line = {"file": path.name, "command": command, "sha256": digest, **dict(about or {})}
    rows = pd.concat([rows, pd.DataFrame([line])], ignore_index=True)
    write_atomic(index, rows.sort_values("file").to_csv(index=False, lineterminator="\n")
                 .encode("utf-8"))
    return path


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
