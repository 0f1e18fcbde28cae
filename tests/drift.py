"""Print how a resolved environment differs from the lock (``make test-oldest``, ``test-latest``).

Usage: ``python tests/drift.py LOCK RESOLVED [--direct]``; ``--direct`` lists only the
dependencies pyproject.toml names. Prints one line per package whose version differs, and
returns 0: drift is a report, the tests that follow decide.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def canonical(name: str) -> str:
    """A distribution name as PEP 503 compares it."""
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: Path, here_only: bool = False) -> dict[str, str]:
    """``{name: version}`` of every ``name==version`` line of a requirements file;
    ``here_only`` leaves out lines whose environment marker excludes this interpreter and
    platform (the lock also pins what only Windows, macOS or another Python installs)."""
    from packaging.markers import Marker

    found: dict[str, str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        match = _PIN.match(line)
        if match and not (here_only and match.group(3) and not Marker(match.group(3)).evaluate()):
            found[canonical(match.group(1))] = match.group(2)
    return found


def direct_dependencies(pyproject: Path = ROOT / "pyproject.toml") -> set[str]:
    """The names pyproject.toml lists in its dependencies and optional dependencies."""
    project = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]
    specs = list(project["dependencies"])
    for group in project.get("optional-dependencies", {}).values():
        specs += group
    return {canonical(re.split(r"[<>=!~\[ ;]", s, maxsplit=1)[0]) for s in specs}


def drift(lock: dict[str, str], resolved: dict[str, str],
          only: set[str] | None = None) -> list[tuple[str, str, str]]:
    """``(name, locked, resolved)`` for every package whose versions differ ("-" if absent)."""
    names = sorted((set(lock) | set(resolved)) & (only if only is not None else
                                                   set(lock) | set(resolved)))
    return [(n, lock.get(n, "-"), resolved.get(n, "-")) for n in names
            if lock.get(n) != resolved.get(n)]


def main(argv: list[str]) -> int:
    """Print the drift table of ``RESOLVED`` against ``LOCK``."""
    direct = "--direct" in argv
    args = [a for a in argv if a != "--direct"]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    lock, resolved = pins(Path(args[0]), here_only=True), pins(Path(args[1]), here_only=True)
    rows = drift(lock, resolved, direct_dependencies() if direct else None)
    what = "direct dependencies" if direct else "packages"
    print(f"{len(rows)} {what} differ from {args[0]} ({args[1]}):")
    width = max([len(n) for n, _, _ in rows] + [7])
    print(f"  {'package':{width}}  {'lock':>12}  {'here':>12}")
    for name, old, new in rows:
        print(f"  {name:{width}}  {old:>12}  {new:>12}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
