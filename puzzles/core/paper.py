"""The ``Paper`` contract: what a puzzle family gives the engine to reproduce its paper.

A family exposes one :class:`Paper`: its notebook stem and citation, a frozen **budget**
dataclass (one field per knob, documented with :func:`knob`, built by ``paper()`` and
``smoke()``), its **experiments** (each a task builder, a module-level worker and a table
builder over typed frozen :class:`Task` dataclasses), and a data folder holding the paper's
numbers and its claims inventory as CSV. :meth:`Paper.run` runs any experiment on any
``concurrent.futures.Executor``; :func:`store` writes a result table in the one storage format
(CSV, plus a line in the folder's ``STORED.csv`` naming the command that regenerates it).
"""

from __future__ import annotations

import dataclasses
import hashlib
import shlex
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

import pandas as pd

from puzzles.core.claims import Ledger, inventory_file
from puzzles.core.evidence import Register, build
from puzzles.core.runner import run_tasks
from puzzles.core.scales import check_scale
from puzzles.core.seeding import check_seed, derive_seed

ROOT_SEED = 2026
"""The root seed of every committed result: each task's seed is derived from it."""

STORED_INDEX = "STORED.csv"
# A table may carry its wall times in ``attrs[TIMES]`` (rows of dicts); they never enter the
# stored table: :func:`store_times` writes them to a timing file of their own.
TIMES = "seconds"


def knob(doc: str, unit: str = "") -> Any:
    """A budget field: ``runs: int = knob("independent runs per instance", "runs")``.

    No default on purpose: ``paper()`` and ``smoke()`` must set every field.
    """
    if not doc:
        raise ValueError("a budget field needs a one-line doc")
    return field(metadata={"doc": doc, "unit": unit})


@dataclass(frozen=True)
class Budget:
    """Base of a family's budget: a frozen dataclass with ``paper()`` and ``smoke()``."""

    @classmethod
    def paper(cls) -> Budget:
        """The paper's own protocol."""
        raise NotImplementedError(f"{cls.__name__} must define paper()")

    @classmethod
    def smoke(cls) -> Budget:
        """A few seconds' worth, for tests."""
        raise NotImplementedError(f"{cls.__name__} must define smoke()")

    @classmethod
    def at(cls, scale: str) -> Budget:
        """The budget at ``scale`` ("paper" or "smoke")."""
        return cls.paper() if check_scale(scale) == "paper" else cls.smoke()

    @classmethod
    def knobs(cls) -> pd.DataFrame:
        """Every field with its unit, doc and the value at each scale (for a notebook or docs)."""
        paper, smoke = cls.paper(), cls.smoke()
        return pd.DataFrame(
            [{"knob": f.name, "unit": f.metadata.get("unit", ""),
              "paper": getattr(paper, f.name), "smoke": getattr(smoke, f.name),
              "doc": f.metadata.get("doc", "")} for f in dataclasses.fields(cls)])


@dataclass(frozen=True)
class Task:
    """Base of an experiment's task: frozen typed fields and the root seed (keyword ``root``).

    The task's seed is ``derive_seed(root, *seed_key())``: it depends on the task alone, never
    on the worker or the order of execution. ``seed_key()`` defaults to the experiment's name
    (the class's ``EXPERIMENT``) and every int or str field, in order; a family overrides it
    only to keep the keys its committed results were made with.
    """

    EXPERIMENT: ClassVar[str] = ""
    root: int = field(default=ROOT_SEED, kw_only=True)

    def values(self) -> dict[str, Any]:
        """The task's own fields (without ``root``), by name."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)
                if f.name != "root"}

    def seed_key(self) -> tuple[int | str, ...]:
        """The key the seed is derived from."""
        parts = [v for v in self.values().values()
                 if isinstance(v, int | str) and not isinstance(v, bool)]
        return (self.EXPERIMENT or type(self).__name__, *parts)

    def inputs(self) -> tuple[Path, ...]:
        """Files outside the package this task reads (a stored table, reference data): their
        content is part of the task's cache key, so a changed file is never served stale."""
        return ()

    @property
    def seed(self) -> int:
        """This task's 32-bit seed."""
        return derive_seed(self.root, *self.seed_key())

    @property
    def key(self) -> str:
        """The one text form of a task: ``experiment(name=value, ...)``."""
        body = ", ".join(f"{k}={v}" for k, v in self.values().items())
        return f"{self.EXPERIMENT or type(self).__name__}({body})"


B = TypeVar("B", bound=Budget)
T = TypeVar("T", bound=Task)


@dataclass(frozen=True)
class Experiment(Generic[B, T]):
    """One experiment: tasks from a budget and a root seed, a worker per task, a table."""

    name: str
    doc: str
    tasks: Callable[[B, int], Sequence[T]]
    worker: Callable[[T], Any]
    table: Callable[[Sequence[T], Sequence[Any]], pd.DataFrame]


@dataclass(frozen=True)
class Paper(Generic[B]):
    """A family's paper: stem, citation, budget, experiments and data files."""

    number: str
    stem: str
    family: str
    citation: str
    budget: type[B]
    experiments: tuple[Experiment, ...]
    data: Path
    """Folder with ``paper_claims.csv`` and ``reference/<name>.csv`` (the paper's numbers)."""
    evidence: Register = field(default_factory=Register)
    """The evidence function of every claim that needs one (:mod:`puzzles.core.evidence`)."""
    stored: tuple[tuple[str, str], ...] = ()
    """Offline runs: (experiment, path of its stored table relative to the project root)."""

    def budgets(self, scale: str) -> B:
        """The budget at ``scale``."""
        return self.budget.at(scale)  # type: ignore[return-value]

    def experiment(self, name: str) -> Experiment:
        """The experiment called ``name`` (ValueError naming the known ones)."""
        for e in self.experiments:
            if e.name == name:
                return e
        known = ", ".join(e.name for e in self.experiments) or "none"
        raise ValueError(f"{self.stem} has no experiment {name!r}; known: {known}")

    def tasks(self, name: str, scale: str = "paper", seed: int = ROOT_SEED) -> list[Task]:
        """The tasks of experiment ``name`` at ``scale`` under root ``seed``."""
        return list(self.experiment(name).tasks(self.budgets(scale), check_seed(seed)))

    def run(self, name: str, scale: str = "paper", seed: int = ROOT_SEED, *,
            executor: Executor | None = None, workers: int | None = None,
            progress: bool = True, cache_dir: Path | None = None) -> pd.DataFrame:
        """Run experiment ``name`` and return its table; with ``cache_dir`` every finished
        task is kept there, so an interrupted run resumes where it stopped."""
        exp = self.experiment(name)
        tasks = self.tasks(name, scale, seed)  # checks the seed before any worker starts
        results = run_tasks(exp.worker, tasks, executor=executor, workers=workers,
                            progress=progress, desc=f"{self.number} {name}",
                            cache_dir=cache_dir)
        return exp.table(tasks, results)

    def ledger(self, scale: str = "paper", seed: int = ROOT_SEED,
               results: str | Path | None = None) -> Ledger:
        """The reproduction ledger: every inventory claim decided by its registered evidence
        from the result files of a run under ``results`` (the notebook's ``FIGURES_DIR``), the
        stored runs, the reference tables and any experiment the evidence runs itself."""
        return build(self, self.evidence, check_scale(scale), seed,
                     None if results is None else Path(results))

    def claims(self) -> pd.DataFrame:
        """The paper's claims inventory (``paper_claims.csv``), checked."""
        return inventory_file(self.data / "paper_claims.csv", self.stem)

    def stored_path(self, experiment: str, root: Path) -> Path:
        """Where ``python -m puzzles run ... --store`` writes ``experiment`` under ``root``."""
        for name, rel in self.stored:
            if name == experiment:
                return root / rel
        known = ", ".join(n for n, _ in self.stored) or "none"
        raise ValueError(f"{self.stem}: experiment {experiment!r} has no stored file; "
                         f"stored runs: {known}")

    def reference(self, name: str) -> pd.DataFrame:
        """The paper's numbers ``reference/<name>.csv``."""
        return read_table(self.data / "reference" / f"{name}.csv")


def read_table(path: Path) -> pd.DataFrame:
    """Read a CSV shipped with the package (ValueError naming a missing file)."""
    if not path.is_file():
        raise ValueError(f"no data file {path}")
    return pd.read_csv(path, keep_default_na=False, na_values=[""])


def run_command(paper: Paper, experiment: str, scale: str = "paper",
                seed: int = ROOT_SEED) -> str:
    """The shell command that regenerates a stored run."""
    extra = "" if seed == ROOT_SEED else f" --seed {seed}"
    return (f"python -m puzzles run {paper.number} {shlex.quote(experiment)} --scale {scale}"
            f"{extra} --store")


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
    import io

    return pd.read_csv(io.BytesIO(verify_stored(Path(path))), **read_csv)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file beside it and a rename, so a reader
    (or an interrupted run) never sees a half-written file."""
    import os
    import tempfile

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
