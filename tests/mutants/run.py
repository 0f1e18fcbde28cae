"""Run the mutation catalogue: every one-line mutant against the unit tests that should kill it.

``tests/mutants/catalogue.csv`` lists one-line mutants of the modules that implement an
algorithm, a search, a statistic or a verdict rule: the file, the exact original line (matched
with its indentation stripped; ``occurrence`` picks among equal lines), the replacement (the
original indentation is kept), the rule it breaks, and the unit-test files (or test ids) to
run. A mutant the tests cannot kill because no output can change says why in ``equivalent``.

Each mutant is applied in a temporary copy of the repository (never in the working tree),
the named tests run there with ``pytest -x``, an address-space cap (``--memory-gb``, so a
mutant that makes a search explode fails alone) and a fresh ``NUMBA_CACHE_DIR`` (numba's
on-disk cache checks only a kernel's own file, so a cache kept across mutants could hide a
change to a kernel another module's kernel calls), the first failing test id is recorded as
``killed_by`` and the original file is put back (checked by its hash). Tests that already fail
on the unmutated copy are found once per test set (a baseline run) and deselected, so they
can never count as a kill. At most two mutants run at once.

Results go to ``tests/mutants/results.csv`` (``id,file,rule,change,killed_by,equivalent``)
after every mutant; ``.cache/mutants/state.json`` remembers each result with a fingerprint of
the mutant, the original file and the named test files, so a rerun skips finished mutants
whose fingerprint still matches (``--force`` reruns them). It prints the kill rate per family
and lists the survivors. Not part of ``make test``: the full catalogue takes an hour or more.

Usage: ``python tests/mutants/run.py [--family F ...] [--only ID ...] [--jobs 1|2] [--force]
[--check] [--summary]``
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
CATALOGUE = HERE / "catalogue.csv"
RESULTS = HERE / "results.csv"
STATE = ROOT / ".cache" / "mutants" / "state.json"
RESULT_COLUMNS = ["id", "file", "rule", "change", "killed_by", "equivalent"]
CATALOGUE_COLUMNS = ["id", "file", "occurrence", "original", "replacement", "rule", "tests",
                     "equivalent"]
MAX_JOBS = 2
SURVIVED = "survived"
NOT_RUN = "not run"
# What the temporary copies leave out: version control, caches, build output.
IGNORE = shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.nbi", "*.nbc", ".cache",
                                ".pytest_cache", ".hypothesis", ".ruff_cache", "*.egg-info",
                                ".ipynb_checkpoints", "build", "dist")
LOCK = threading.Lock()
BASELINE_LOCKS: dict[str, threading.Lock] = {}


@dataclass(frozen=True)
class Mutant:
    """One catalogue row."""

    id: str
    file: str
    occurrence: int
    original: str
    replacement: str
    rule: str
    tests: tuple[str, ...]
    equivalent: str

    @property
    def family(self) -> str:
        """The package folder the mutated file lives in (clockwork, core, hypercube, ...)."""
        parts = Path(self.file).parts
        return parts[1] if len(parts) > 2 and parts[0] == "puzzles" else parts[0]

    @property
    def change(self) -> str:
        """The change as one line of text: original -> replacement."""
        return f"{self.original.strip()}  ->  {self.replacement.strip()}"


def load_catalogue(path: Path = CATALOGUE) -> list[Mutant]:
    """Every row of the catalogue, checked for duplicate ids and missing fields."""
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.DictReader(f)
        if reader.fieldnames != CATALOGUE_COLUMNS:
            raise SystemExit(f"{path}: columns must be {','.join(CATALOGUE_COLUMNS)}, got "
                             f"{reader.fieldnames}")
        rows = list(reader)
    out, seen = [], set()
    for r in rows:
        if r["id"] in seen:
            raise SystemExit(f"{path}: duplicate id {r['id']}")
        seen.add(r["id"])
        for name in ("id", "file", "original", "replacement", "rule", "tests"):
            if not r[name].strip():
                raise SystemExit(f"{path}: mutant {r['id']} has no {name}")
        out.append(Mutant(r["id"], r["file"], int(r["occurrence"] or 1), r["original"],
                          r["replacement"], r["rule"], tuple(r["tests"].split()),
                          r["equivalent"].strip()))
    return out


def mutated_text(text: str, m: Mutant) -> str:
    """``text`` with the mutant's line replaced (indentation kept); ValueError if not found."""
    lines = text.splitlines(keepends=True)
    hits = [i for i, line in enumerate(lines) if line.strip() == m.original.strip()]
    if len(hits) < m.occurrence:
        raise ValueError(f"{m.id}: line {m.original.strip()!r} occurs {len(hits)} times in "
                         f"{m.file}, occurrence {m.occurrence} wanted")
    i = hits[m.occurrence - 1]
    line = lines[i]
    indent = line[:len(line) - len(line.lstrip())]
    end = line[len(line.rstrip("\r\n")):]
    if m.replacement.strip() == m.original.strip():
        raise ValueError(f"{m.id}: the replacement equals the original line")
    lines[i] = indent + m.replacement.strip() + end
    return "".join(lines)


def check(mutants: list[Mutant]) -> list[str]:
    """Problems of the catalogue against the working tree (empty when every row applies)."""
    problems = []
    for m in mutants:
        src = ROOT / m.file
        if not src.is_file():
            problems.append(f"{m.id}: no file {m.file}")
            continue
        text = src.read_text(encoding="utf-8")
        try:
            new = mutated_text(text, m)
            compile(new, m.file, "exec")
        except (ValueError, SyntaxError) as err:
            problems.append(f"{m.id}: {err}")
        for t in m.tests:
            if not (ROOT / t.split("::")[0]).is_file():
                problems.append(f"{m.id}: no test file {t}")
    return problems


def _sha(*parts: str | bytes) -> str:
    h = hashlib.sha256()
    for p in parts:
        h.update(p if isinstance(p, bytes) else p.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()[:20]


def fingerprint(m: Mutant) -> str:
    """What a stored result depends on: the row, the original file and the named test files."""
    files = sorted({t.split("::")[0] for t in m.tests} | {"tests/conftest.py"})
    return _sha(m.file, str(m.occurrence), m.original.strip(), m.replacement.strip(),
                " ".join(m.tests), (ROOT / m.file).read_bytes(),
                *[(ROOT / f).read_bytes() for f in files if (ROOT / f).is_file()])


def tree_hash() -> str:
    """A hash of the package and the tests (a baseline is valid while it is unchanged)."""
    h = hashlib.sha256()
    for base in ("puzzles", "tests", "figures"):
        for p in sorted((ROOT / base).rglob("*")):
            if (p.is_file() and "__pycache__" not in p.parts and HERE not in p.parents
                    and p.suffix not in (".nbi", ".nbc")):
                h.update(str(p.relative_to(ROOT)).encode())
                h.update(p.read_bytes())
    return h.hexdigest()[:20]


def load_state() -> dict:
    """The remembered results and baselines."""
    if STATE.is_file():
        return json.loads(STATE.read_text(encoding="utf-8"))
    return {"results": {}, "baselines": {}}


def save_state(state: dict) -> None:
    """Write the state atomically."""
    STATE.parent.mkdir(parents=True, exist_ok=True)
    tmp = STATE.with_suffix(".tmp")
    tmp.write_text(json.dumps(state, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    tmp.replace(STATE)


def recorded_results(path: Path = RESULTS) -> dict[str, str]:
    """``killed_by`` per mutant id from a results file, one per id: a result that was run wins
    over "not run", and of two run results the later line (a union merge of two branches'
    files keeps both lines; this is how they are merged, never by overwriting)."""
    out: dict[str, str] = {}
    if not path.is_file():
        return out
    with path.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            got = row["killed_by"]
            if got != NOT_RUN or row["id"] not in out:
                out[row["id"]] = got
    return out


def write_results(mutants: list[Mutant], state: dict) -> None:
    """``results.csv`` from the catalogue, in catalogue order: this machine's remembered result
    where it has one, else the result the file already records (so a session that ran only some
    mutants, or a merge, never turns another session's results back into "not run")."""
    recorded = recorded_results()
    tmp = RESULTS.with_suffix(".tmp")
    with tmp.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(RESULT_COLUMNS)
        for m in mutants:
            r = state["results"].get(m.id)
            killed = r["killed_by"] if r else recorded.get(m.id, NOT_RUN)
            w.writerow([m.id, m.file, m.rule, m.change, killed, m.equivalent])
    tmp.replace(RESULTS)


FAILED = re.compile(r"^(FAILED|ERROR) (.+?)(?: - .*)?$")


MEMORY_GB = 8.0  # address-space cap of one test run (a mutant can make a search explode)


def _limit_memory() -> None:
    """In the child: cap the address space, so a runaway mutant fails alone, not the machine."""
    import resource

    cap = int(MEMORY_GB * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def _pytest(copy: Path, tests: tuple[str, ...], deselect: list[str], timeout: float
            ) -> tuple[int | None, list[str], str, float]:
    """Run pytest on ``tests`` in ``copy`` with a fresh numba cache and capped memory: (exit
    code or None on timeout, failing ids in order, output tail, seconds)."""
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = {**os.environ, "PYTHONPATH": str(copy), "NUMBA_CACHE_DIR": cache,
               "PYTHONDONTWRITEBYTECODE": "1", "MPLBACKEND": "Agg"}
        env.pop("PYTEST_ADDOPTS", None)
        cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-rfE", "-p", "no:cacheprovider",
               "--no-header", "-W", "ignore::DeprecationWarning",
               *[a for d in deselect for a in ("--deselect", d)], *tests]
        start = time.monotonic()
        try:
            out = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True,
                                 timeout=timeout, preexec_fn=_limit_memory)
        except subprocess.TimeoutExpired:
            return None, [], "", time.monotonic() - start
        seconds = time.monotonic() - start
    text = out.stdout + out.stderr
    failing = [mm.group(2) for line in text.splitlines() if (mm := FAILED.match(line))]
    return out.returncode, failing, text[-3000:], seconds


def _make_copy(base: Path, name: str) -> Path:
    copy = base / name
    shutil.copytree(ROOT, copy, ignore=IGNORE, symlinks=True)
    if copy.resolve().is_relative_to(ROOT) or ROOT.is_relative_to(copy.resolve()):
        raise SystemExit("refusing to mutate inside the working tree")
    probe = subprocess.run([sys.executable, "-c", "import puzzles; print(puzzles.__file__)"],
                           cwd=copy, env={**os.environ, "PYTHONPATH": str(copy)},
                           capture_output=True, text=True, check=True)
    if not Path(probe.stdout.strip()).resolve().is_relative_to(copy.resolve()):
        raise SystemExit(f"the copy's tests would import {probe.stdout.strip()}, not the copy")
    return copy


def baseline(copy: Path, tests: tuple[str, ...], state: dict, tree: str) -> dict:
    """Failing tests and seconds of an unmutated run of ``tests`` (cached per tree hash)."""
    key = tree + " " + " ".join(tests)
    with LOCK:
        if key in state["baselines"]:
            return state["baselines"][key]
        once = BASELINE_LOCKS.setdefault(key, threading.Lock())
    with once:  # the other slot waits for a baseline of the same tests instead of repeating it
        with LOCK:
            if key in state["baselines"]:
                return state["baselines"][key]
        return _baseline(copy, tests, state, key)


def _baseline(copy: Path, tests: tuple[str, ...], state: dict, key: str) -> dict:
    """Run ``tests`` unmutated, deselecting each failure in turn until the rest pass."""
    failing: list[str] = []
    total = 0.0
    while True:  # -x stops at the first failure: deselect it and go on
        code, fails, tail, seconds = _pytest(copy, tests, failing, 3600)
        total += seconds
        if code is None:
            raise SystemExit(f"baseline of {' '.join(tests)} timed out")
        if code == 0 or code == 5:
            break
        new = [f for f in fails if f not in failing]
        if not new:
            raise SystemExit(f"baseline of {' '.join(tests)} fails without a test id:\n{tail}")
        if any("::" not in f for f in new):
            raise SystemExit(f"baseline of {' '.join(tests)} cannot collect {new}:\n{tail}")
        failing += new
    entry = {"failing": failing, "seconds": round(total, 1)}
    with LOCK:
        state["baselines"][key] = entry
        save_state(state)
    if failing:
        print(f"  baseline of {' '.join(tests)}: deselecting {len(failing)} test(s) that fail "
              f"unmutated: {', '.join(failing)}", flush=True)
    return entry


def run_one(m: Mutant, copy: Path, state: dict, tree: str, fp: str) -> dict:
    """Apply ``m`` in ``copy``, run its tests, restore the file; the result record (``fp``:
    the mutant's fingerprint when the copy was made)."""
    base = baseline(copy, m.tests, state, tree)
    target = copy / m.file
    original = target.read_bytes()
    target.write_text(mutated_text(original.decode("utf-8"), m), encoding="utf-8")
    try:
        timeout = max(300.0, 10 * base["seconds"])
        code, failing, tail, seconds = _pytest(copy, m.tests, base["failing"], timeout)
    finally:
        target.write_bytes(original)
        if hashlib.sha256(target.read_bytes()).digest() != hashlib.sha256(original).digest():
            raise SystemExit(f"{m.id}: could not restore {m.file} in the copy")
    if code is None:
        killed = f"timeout after {timeout:.0f} s"
    elif code == 0:
        killed = SURVIVED
    elif failing:
        killed = failing[0] if "::" in failing[0] else f"{failing[0]} (collection error)"
    else:
        killed = f"pytest exit {code}: " + " ".join(tail.split()[-12:])
    return {"killed_by": killed, "seconds": round(seconds, 1), "fingerprint": fp,
            "when": time.strftime("%Y-%m-%d %H:%M")}


def summary(mutants: list[Mutant], state: dict) -> str:
    """Kill rate per family, survivors and equivalents, as text."""
    lines = []
    fams = sorted({m.family for m in mutants})
    lines.append(f"{'family':<10} {'mutants':>7} {'equiv':>5} {'killed':>6} {'survived':>8} "
                 f"{'not run':>7} {'stale':>5}  kill rate (non-equivalent)")
    survivors, equivs = [], []
    tot = {"n": 0, "eq": 0, "k": 0, "s": 0, "nr": 0, "st": 0}
    for fam in fams:
        ms = [m for m in mutants if m.family == fam]
        c = {"n": len(ms), "eq": 0, "k": 0, "s": 0, "nr": 0, "st": 0}
        for m in ms:
            r = state["results"].get(m.id)
            if r and r["fingerprint"] != fingerprint(m):
                c["st"] += 1
            if m.equivalent:
                c["eq"] += 1
                equivs.append((m, r))
                continue
            if r is None:
                c["nr"] += 1
            elif r["killed_by"] == SURVIVED:
                c["s"] += 1
                survivors.append(m)
            else:
                c["k"] += 1
        for k in tot:
            tot[k] += c[k]
        ran = c["k"] + c["s"]
        rate = f"{c['k']}/{ran} = {100 * c['k'] / ran:.0f}%" if ran else "-"
        lines.append(f"{fam:<10} {c['n']:>7} {c['eq']:>5} {c['k']:>6} {c['s']:>8} "
                     f"{c['nr']:>7} {c['st']:>5}  {rate}")
    ran = tot["k"] + tot["s"]
    rate = f"{tot['k']}/{ran} = {100 * tot['k'] / ran:.0f}%" if ran else "-"
    lines.append(f"{'all':<10} {tot['n']:>7} {tot['eq']:>5} {tot['k']:>6} {tot['s']:>8} "
                 f"{tot['nr']:>7} {tot['st']:>5}  {rate}")
    lines.append("")
    lines.append(f"survivors ({len(survivors)}):")
    for m in survivors:
        lines.append(f"  {m.id} {m.file}: {m.rule} [{m.change}]")
    lines.append(f"equivalent mutants ({len(equivs)}):")
    for m, r in equivs:
        res = "not run" if r is None else r["killed_by"]
        flag = "" if res in (SURVIVED, NOT_RUN) else "  <-- KILLED: not equivalent after all"
        lines.append(f"  {m.id} {m.file}: {m.change}\n      why: {m.equivalent} "
                     f"[{res}]{flag}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Command line (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python tests/mutants/run.py",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--family", action="append", default=[],
                    help="only mutants of this family (clockwork, core, hypercube, ...)")
    ap.add_argument("--only", nargs="+", default=[], help="only these mutant ids (or a,b,c)")
    ap.add_argument("--jobs", type=int, default=MAX_JOBS, help="parallel mutants (1 or 2)")
    ap.add_argument("--force", action="store_true", help="rerun mutants already done")
    ap.add_argument("--check", action="store_true", help="validate the catalogue and stop")
    ap.add_argument("--summary", action="store_true", help="print the last results and stop")
    ap.add_argument("--no-nice", action="store_true", help="do not lower this run's priority")
    ap.add_argument("--memory-gb", type=float, default=MEMORY_GB,
                    help="address-space cap of each test run, in GiB")
    a = ap.parse_args(argv)
    globals()["MEMORY_GB"] = a.memory_gb
    a.only = [i for item in a.only for i in item.split(",") if i]
    mutants = load_catalogue()
    problems = check(mutants)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 2
    state = load_state()
    if a.check:
        print(f"{len(mutants)} mutants in {len({m.file for m in mutants})} files, "
              f"{len({m.family for m in mutants})} families: every row applies")
        return 0
    if a.summary:
        write_results(mutants, state)
        print(summary(mutants, state))
        return 0
    if not 1 <= a.jobs <= MAX_JOBS:
        raise SystemExit(f"--jobs must lie in 1..{MAX_JOBS}")
    if not a.no_nice:
        os.nice(10)
    todo = [m for m in mutants if (not a.family or m.family in a.family)
            and (not a.only or m.id in a.only)]
    unknown = set(a.only) - {m.id for m in mutants}
    if unknown:
        raise SystemExit(f"unknown mutant ids: {', '.join(sorted(unknown))}")
    if not a.force:
        todo = [m for m in todo if state["results"].get(m.id, {}).get("fingerprint")
                != fingerprint(m)]
    print(f"{len(todo)} mutant(s) to run, {a.jobs} at a time", flush=True)
    # the copies are made now: results belong to the files as they are at this moment
    fps = {m.id: fingerprint(m) for m in todo}
    tree = tree_hash()
    with tempfile.TemporaryDirectory(prefix="puzzle-lab-mutants-") as tmp:
        copies = [_make_copy(Path(tmp), f"slot{j}") for j in range(min(a.jobs, len(todo)))]
        free = list(copies)

        def work(m: Mutant) -> None:
            with LOCK:
                copy = free.pop()
            try:
                res = run_one(m, copy, state, tree, fps[m.id])
            finally:
                with LOCK:
                    free.append(copy)
            with LOCK:
                state["results"][m.id] = res
                save_state(state)
                write_results(mutants, state)
                print(f"{m.id:<8} {m.family:<10} {res['seconds']:>6.1f} s  {res['killed_by']}",
                      flush=True)

        with ThreadPoolExecutor(max_workers=max(1, len(copies))) as pool:
            for f in [pool.submit(work, m) for m in todo]:
                f.result()
    write_results(mutants, state)
    print()
    print(summary(mutants, state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
