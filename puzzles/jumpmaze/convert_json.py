"""One-off conversion of the stored JSON runs to the offline experiments' tables (CSV).

Run once (``python -m puzzles.jumpmaze.convert_json``): it reads ``data/long_runs.json``,
``data/long_runs_extra.json``, ``data/designer_runs.json`` and ``data/proof_n8_t61.json`` and
writes the tables the experiments of :mod:`puzzles.jumpmaze.offline` produce, with the columns
those experiments give, through :func:`puzzles.core.paper.store` (so ``data/STORED.csv`` names
each table's regenerating command); then it adds to STORED.csv what a table cannot hold: the
tool that made the run, its wall and CPU seconds and a note. The JSON files are deleted in the
next commit; this script goes with them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from puzzles.catalogue import ROOT
from puzzles.core.paper import STORED_INDEX, read_table, run_command, store
from puzzles.jumpmaze import offline
from puzzles.jumpmaze.paper import PAPER

DATA = Path(__file__).parent / "data"


def _json(name: str) -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def _prov(rec: dict) -> dict:
    return {"numba": rec.get("numba"), "numpy": rec.get("numpy"), "python": rec.get("python"),
            "code_sha256_16": rec.get("code_sha256_16"), "git_commit": rec.get("git_commit")}


def _table(rows: list[dict], columns: list[str], rec: dict, ints: tuple[str, ...] = ()
           ) -> pd.DataFrame:
    prov = _prov(rec)
    frame = pd.DataFrame([{**r, **prov} for r in rows], columns=columns + offline.PROVENANCE)
    return frame.astype({c: "Int64" for c in ints})


def _grid(g: list | None) -> str | None:
    return None if g is None else offline.grid_text(g)


def anneal(rec: dict) -> pd.DataFrame:
    rows = []
    for key, a in sorted(rec["anneal"].items(), key=lambda kv: int(kv[0])):
        kept = a["scores"].index(a["best_score"])  # the first run with the best score
        for run, (seed, score) in enumerate(zip(a["seeds"], a["scores"], strict=True)):
            rows.append({"n": int(key), "run": run, "iters": a["iters"], "t_start": a["t_start"],
                         "t_end": a["t_end"], "seed": seed, "best_score": score,
                         "best_grid": _grid(a["best_grid"]) if run == kept else None})
    return _table(rows, offline.ANNEAL_COLUMNS, rec)


def proofs(rec: dict) -> pd.DataFrame:
    rows = [{"n": p["n"], "lower": p["lower"], "proven_max": p["proven_max"],
             "complete": p["complete"], "nodes": p["nodes"], "grid": _grid(p["grid"])}
            for p in rec["proofs"].values()]
    return _table(rows, ["n", "lower", "proven_max", "complete", "nodes", "grid"], rec,
                  ("proven_max",))


def bounds(rec: dict) -> pd.DataFrame:
    rows = [{"n": b["n"], "node_limit": 1_000_000_000, "upper_bound": b["upper_bound"],
             "target": s["target"], "complete": s["complete"], "found": s["found"],
             "nodes": s["nodes"]} for b in rec["bounds"].values() for s in b["searches"]]
    return _table(rows, ["n", "node_limit", "upper_bound", "target", "complete", "found",
                         "nodes"], rec, ("found",))


def designs(rec: dict) -> pd.DataFrame:
    rows = []
    for key, v in rec["sizes"].items():
        depths = v["feasible_depths"]
        kept = None if v["score"] is None else depths.index(v["score"])
        for run, (seed, depth) in enumerate(zip(v["seeds"], depths, strict=True)):
            rows.append({"n": int(key), "run": run, "objective": rec["objective"],
                         "iters": v["iters"], "t_start": v["t_start"], "t_end": v["t_end"],
                         "seed": seed, "feasible_depth": depth,
                         "grid": _grid(v["grid"]) if run == kept else None})
    return _table(rows, offline.DESIGN_COLUMNS, rec, ("feasible_depth",))


def refutation(rec: dict) -> pd.DataFrame:
    rows = [{"n": rec["n"], "target": rec["target"], "node_limit": rec["node_limit_per_branch"],
             "a": b["prefix"][0], "b": b["prefix"][1], "complete": b["complete"],
             "nodes": b["nodes"], "best": b["best"], "bound": rec["bound"]}
            for b in rec["branches"]]
    return _table(rows, ["n", "target", "node_limit", "a", "b", "complete", "nodes", "best",
                         "bound"], rec, ("best",))


def main() -> None:
    long, extra = _json("long_runs.json"), _json("long_runs_extra.json")
    design, proof = _json("designer_runs.json"), _json("proof_n8_t61.json")
    batch = ("one batch made long_anneal.csv, long_proofs.csv and long_bounds.csv; its "
             "code_sha256_16 hashes model.py, optimise.py, exact.py and longrun.py only")
    per_search = "; each search's seconds: " + ", ".join(
        f"n = {k} target {s['target']}: {s['seconds']} s" for k, b in long["bounds"].items()
        for s in b["searches"])
    per_proof = "; each proof's seconds: " + ", ".join(
        f"n = {k}: {p['seconds']} s" for k, p in long["proofs"].items())
    tables = {
        "long-anneal": (anneal(long), "python -m puzzles.jumpmaze.longrun",
                        long["wall_seconds"], None, f"{long['numba_note']}; {batch}"),
        "long-anneal-extra": (anneal(extra), "python -m puzzles.jumpmaze.longrun --extra",
                              extra["wall_seconds"], None,
                              "its code_sha256_16 hashes model.py, optimise.py, exact.py and "
                              "longrun.py only"),
        "long-proofs": (proofs(long), "python -m puzzles.jumpmaze.longrun",
                        long["wall_seconds"], None, batch + per_proof),
        "long-bounds": (bounds(long), "python -m puzzles.jumpmaze.longrun",
                        long["wall_seconds"], None, batch + per_search),
        "designer-runs": (designs(design), "python -m puzzles.jumpmaze.designer --workers 2",
                          design["wall_seconds_offline"], None,
                          "wall seconds on 2 workers"),
        "offline-refutation": (refutation(proof), proof["command"],
                               proof["wall_seconds_offline"], proof["cpu_seconds_offline"],
                               "cpu_seconds: the branches' seconds added up; each branch's: "
                               + ", ".join(f"{tuple(b['prefix'])} {b['seconds']} s"
                                           for b in proof["branches"] if b["seconds"] >= 1)
                               + ", the others under 1 s"),
    }
    extra_columns = {}
    for name, (frame, made_by, wall, cpu, note) in tables.items():
        path = store(frame, PAPER.stored_path(name, ROOT), run_command(PAPER, name))
        extra_columns[path.name] = {"made_by": made_by, "wall_seconds": wall,
                                    "cpu_seconds": cpu, "note": note}
        print(f"wrote {path.relative_to(ROOT)} ({len(frame)} rows)")
    index = DATA / STORED_INDEX
    rows = read_table(index)
    for col in ("made_by", "wall_seconds", "cpu_seconds", "note"):
        rows[col] = [extra_columns.get(f, {}).get(col) for f in rows["file"]]
    rows.to_csv(index, index=False, lineterminator="\n")


if __name__ == "__main__":
    main()
