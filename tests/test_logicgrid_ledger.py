"""Logic-grid ledger rows decided on small hand-made tables."""

from __future__ import annotations

import pandas as pd
from scipy import stats

from puzzles.core.claims import Ledger
from puzzles.logicgrid import ledger as lg


def test_grammar_rows_use_the_exact_binomial_interval():
    table = pd.DataFrame([
        {"quantity": "type 'is'", "ours": 450 / 1000, "authors' grammar": 0.5, "of": 1000},
        {"quantity": "type 'not'", "ours": 4 / 10, "authors' grammar": 0.5, "of": 10},
    ])
    led = lg.grammar_claims(Ledger("x"), table)
    wide = stats.binomtest(450, 1000).proportion_ci(0.95, method="exact")
    assert led["GRAM-type-is"].verdict == "differs"  # 0.5 lies above [0.419, 0.481]
    assert led["GRAM-type-is"].uncertainty == f"[{wide.low:.4f}, {wide.high:.4f}]"
    assert "Clopper-Pearson" in led["GRAM-type-is"].test
    assert led["GRAM-type-not"].verdict == "reproduced"  # 10 draws cannot tell 0.4 from 0.5
