"""God's number, orbit representatives and level percentiles, against the committed tables."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from puzzles.hypercube import hardness
from puzzles.hypercube.instances import instance

FIGURES = Path(__file__).resolve().parents[1] / "figures" / "05_hypercube"


def test_gods_numbers_of_d3_are_the_committed_rows():
    committed = pd.read_csv(FIGURES / "gods_number.csv").set_index(["d", "k"])
    for k, hardest in ((1, (3, 6, 2, 1)), (2, (1, 7, 0, 2))):
        g = hardness.gods_number(3, k)
        cols = hardness.GODS_COLUMNS[2:]
        assert {c: g[c] for c in cols} == committed.loc[(3, k), cols].to_dict()
        assert g["hardest"] == hardest  # the first configuration at the eccentricity


def test_d3_k2_needs_the_largest_eccentricity_over_the_orbits():
    # with 2-moves, three of the six occupancy orbits cannot move at all (eccentricity 0)
    p = instance(3, hardness.PAPER_LEVEL).puzzle(2)
    ecc = [int(hardness.distances_from(p, r)[1].max())
           for r in hardness.occupancy_orbits(3, p.n_rings)]
    assert ecc == [0, 10, 10, 10, 0, 0] and hardness.gods_number(3, 2)["gods_number"] == 10


def test_orbit_representatives_are_the_least_masks_of_their_orbits():
    reps = hardness.occupancy_orbits(3, 4)
    assert reps == [(0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4), (1, 2, 3, 4), (2, 3, 4, 5),
                    (0, 3, 5, 6)]
    group = hardness.cube_group(3)
    seen: set[frozenset] = set()
    for r in reps:
        orbit = {frozenset(group[g, list(r)].tolist()) for g in range(group.shape[0])}
        assert not orbit & seen
        seen |= orbit
        assert sum(1 << v for v in r) == min(sum(1 << v for v in s) for s in orbit)
    assert len(seen) == 70  # C(8, 4): the orbits cover every occupied set


def test_level_percentiles_reproduce_the_committed_table():
    results = pd.read_csv(FIGURES / "results.csv", dtype={"level": str})
    distances = pd.read_csv(FIGURES / "distances.csv")
    again = hardness.level_percentiles(results[results["level"].str.len() == 1], distances)
    committed = pd.read_csv(FIGURES / "level_percentiles.csv", dtype={"level": str})
    pd.testing.assert_frame_equal(again, committed, check_dtype=False)
    # a level's own distance holds at least its own start
    assert np.all(again["share_closer"] < again["share_at_most"])


def test_the_smoke_runs_of_the_stored_experiments_are_the_committed_small_rows():
    """gods_number and distances (stored: python -m puzzles run 05 <name> --store) at smoke
    scale: gods_number's d = 3 rows and distances' d <= 4 rows are the committed ones."""
    from puzzles.hypercube.paper import PAPER

    committed = pd.read_csv(FIGURES / "gods_number.csv", dtype={"upper_bound": "Int64"})
    got = PAPER.run("gods_number", "smoke", workers=1, progress=False)
    pd.testing.assert_frame_equal(got[got["d"] == 3], committed[committed["d"] == 3])
    committed = pd.read_csv(FIGURES / "distances.csv")
    got = PAPER.run("distances", "smoke", workers=1, progress=False)
    pd.testing.assert_frame_equal(got, committed[committed["d"] <= 4])
    far = PAPER.run("distances_d5k4", "smoke", workers=1, progress=False)
    assert far.equals(hardness.target_distances(*PAPER.budgets("smoke").far_target))
