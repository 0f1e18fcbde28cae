"""The authors' side studies (mutation feasibility, single-population ablation), the grammar."""

from __future__ import annotations

import numpy as np
import pytest

from puzzles.core import derive_seed
from puzzles.logicgrid import protocols as pr
from puzzles.logicgrid.fi2pop import random_hints
from puzzles.logicgrid.model import CLUE, MINI


def test_grammar_draws_before_productions_alike() -> None:
    """Their grammar: "at least 1" and "exactly k" equally often, k uniform in 1..M-2."""
    hs = [h for h in random_hints(CLUE, 20000, 3) if h.type == "before"]
    ks = np.array([0 if h.k is None else h.k for h in hs])
    assert abs(np.mean(ks == 0) - 0.5) < 0.03
    assert abs(np.mean(ks == 1) - 0.25) < 0.03 and abs(np.mean(ks == 2) - 0.25) < 0.03
    types = [h.type for h in random_hints(CLUE, 20000, 4)]
    for t in ("is", "not", "before", "or", "either_is"):
        assert abs(types.count(t) / len(types) - 0.2) < 0.02


def test_mutation_protocol_is_seeded_and_archives_the_target() -> None:
    task = pr.MutationTask(0, False, 20, space="mini", root=11)
    a, b = pr.mutation_protocol_task(task), pr.mutation_protocol_task(task)
    assert a == b == pr.mutation_protocol_run(MINI, task.seed, 20, 5, False)
    assert a.archived >= 20 and len(a.ratios) == 5
    assert all(0.0 <= r <= 1.0 for r in a.ratios)
    # the task's seed: its key with the root, as the committed runs were seeded
    assert task.seed == derive_seed(11, "mutation-protocol", 0, 0)


def test_single_pop_random_variant_finds_almost_nothing() -> None:
    full = pr.single_pop_run(CLUE, "full", 5, 30, True)
    rand = pr.single_pop_run(CLUE, "random", 5, 30, True)
    assert len(full.n_feasible) == 30
    assert sum(full.n_feasible) > sum(rand.n_feasible)
    assert full == pr.single_pop_run(CLUE, "full", 5, 30, True)
    task = pr.SinglePopTask("full", 2, 30, root=5)
    assert task.seed == derive_seed(5, "single-pop", "full", 1, 2)
    assert pr.single_pop_task(task) == pr.single_pop_run(CLUE, "full", task.seed, 30, True)


@pytest.mark.parametrize("call", [
    lambda: pr.single_pop_run(CLUE, "nope", 1, 5, False),
    lambda: pr.SinglePopTask("nope", 0, 5),
    lambda: pr.SinglePopTask("full", 0, 0),
    lambda: pr.MutationTask(0, False, 0),
    lambda: pr.MutationTask(0, False, 10, steps=0),
])
def test_protocols_reject_bad_input(call) -> None:
    with pytest.raises(ValueError):
        call()


def test_mutation_protocol_of_a_seeded_trial() -> None:
    # the infeasible-only GA keeps 2 elites; 21 lists archived in 13 generations, then the
    # share of the chains still feasible after 1..5 mutations (counts over 21)
    a = pr.mutation_protocol_run(MINI, 11, 20, 5, False)
    assert (a.archived, a.generations) == (21, 13)
    assert a.ratios == [k / 21 for k in (11, 6, 2, 4, 1)]
    # the archive is checked once per generation and stops as soon as it holds the target
    b = pr.mutation_protocol_run(MINI, 11, 21, 5, False)
    assert (b.archived, b.generations) == (21, 13)


SINGLE_POP = {
    "full": [0] * 11 + [1, 6, 5, 8, 9, 7, 6, 9, 11, 10, 8, 8, 5, 7, 8, 8, 10, 7, 7],
    "no violations": [0, 0, 0, 0, 1, 2, 3, 6, 11, 14, 10, 11, 10, 6, 7, 10, 14, 15, 13, 9, 13,
                      14, 13, 13, 13, 12, 12, 11, 10, 8],
    "random": [0] * 23 + [1, 1] + [0] * 5,
}


@pytest.mark.parametrize("variant", sorted(SINGLE_POP))
def test_single_pop_ablation_of_a_seeded_trial(variant) -> None:
    # each generation keeps 2 elites; the violations term is max(0, 1 - v / 10)
    out = pr.single_pop_run(CLUE, variant, 5, 30, True)
    assert out.n_feasible == SINGLE_POP[variant]
