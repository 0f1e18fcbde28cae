"""The paper's numbers (Tables I-VI, Section V), copied here so the project never reads them at
run time. Transcribed from C. Gregor's tables; known typos fixed: B3's length is printed
"±55.4" (read 55.4) and A3's length CI lacks its ± sign."""

from __future__ import annotations

# (table, instance, iter_mean, iter_ci95, length_mean, length_ci95); 20 runs each.
PAPER_ROWS: tuple[tuple[str, str, float, float, float, float], ...] = (
    ("I", "A1", 0.5, 0.6, 17.7, 7.1),
    ("I", "A2", 24.3, 9.6, 45.6, 13.5),
    ("I", "A3", 42.1, 17.1, 48.8, 13.3),
    ("I", "A4", 203.2, 124.0, 33.3, 11.1),
    ("I", "A5", 47.1, 21.6, 37.4, 10.5),
    ("II", "B1", 0.0, 0.0, 12.0, 0.0),
    ("II", "B2", 52.1, 18.2, 55.8, 10.4),
    ("II", "B3", 69.3, 22.3, 55.4, 9.6),
    ("II", "B4", 722.5, 334.4, 48.4, 8.1),
    ("II", "B5", 103.4, 36.0, 39.0, 9.3),
    ("III", "C1", 1.0, 0.6, 24.0, 0.0),
    ("III", "C2", 186.0, 84.4, 29.3, 8.6),
    ("III", "C3", 778.5, 2315.3, 41.7, 8.6),
    ("III", "C4", 3398.1, 1551.6, 49.9, 10.9),
    ("III", "C5", 14536.5, 3454.4, 27.3, 18.1),
    ("III", "C6", 13899.9, 3839.9, 15.3, 10.9),
    ("IV", "D1", 0.9, 0.6, 30.3, 9.9),
    ("IV", "A5", 47.1, 21.6, 37.4, 10.5),
    ("IV", "D2", 6138.4, 3450.0, 46.8, 13.5),
    ("IV", "D3", 15801.0, 3038.3, 22.3, 16.0),
    ("V", "E1", 46.2, 18.5, 53.0, 9.8),
    ("V", "E2", 43.1, 16.8, 52.8, 11.4),
    ("V", "E3", 22.1, 7.6, 36.7, 11.1),
    ("V", "E4", 33.3, 18.3, 49.6, 12.3),
    ("V", "E5", 12.1, 4.4, 43.6, 13.3),
    ("VI", "F1", 4215.6, 3014.2, 50.9, 14.2),
    ("VI", "F2", 5026.9, 3127.7, 35.8, 11.9),
    ("VI", "F3", 6705.25, 3888.6, 39.6, 16.1),
    ("VI", "F4", 1680.25, 1941.9, 49.35, 15.8),
)

# Section V states these reachable-state counts for E1-E5 (E5's 3072 fits Q = 5, not 6).
PAPER_REACHABLE: dict[str, int] = {"E1": 49152, "E2": 24576, "E3": 12288, "E4": 6144,
                                   "E5": 3072}
PAPER_Q: dict[str, int] = {"E1": 1, "E2": 2, "E3": 3, "E4": 4, "E5": 6}

# Figs. 1 and 2 (Example 1): n = 12, c = 2, action (3, sigma^3 e0) from Fig. 1 gives Fig. 2.
FIG1_STATE = "0,010101101001"
FIG2_STATE = "3,010001101001"

# Section IV hyper-parameters.
PAPER_EA = {"R": 15, "L": 200, "P": 28, "N": 20_000, "runs": 20}


def paper_value(instance: str, field: str) -> float:
    """A paper value for an instance: field is iter_mean, iter_ci95, length_mean or length_ci95."""
    names = ("iter_mean", "iter_ci95", "length_mean", "length_ci95")
    if field not in names:
        raise ValueError(f"field must be one of {names}, got {field!r}")
    for row in PAPER_ROWS:
        if row[1] == instance:
            return row[2 + names.index(field)]
    raise ValueError(f"instance {instance!r} is not in the paper's tables")


# The same cells exactly as printed (digits, signs and print defects kept), for the ledger's
# paper column: (iterations, its 95% CI, length, its 95% CI). A3's length CI lacks its ± and
# B3's length mean carries one.
PAPER_PRINTED: dict[str, tuple[str, str, str, str]] = {
    "A1": ("0.5", "±0.6", "17.7", "±7.1"),
    "A2": ("24.3", "±9.6", "45.6", "±13.5"),
    "A3": ("42.1", "±17.1", "48.8", "13.3"),
    "A4": ("203.2", "±124.0", "33.3", "±11.1"),
    "A5": ("47.1", "±21.6", "37.4", "±10.5"),
    "B1": ("0", "±0", "12", "±0"),
    "B2": ("52.1", "±18.2", "55.8", "±10.4"),
    "B3": ("69.3", "±22.3", "±55.4", "±9.6"),
    "B4": ("722.5", "±334.4", "48.4", "±8.1"),
    "B5": ("103.4", "±36.0", "39", "±9.3"),
    "C1": ("1.0", "±0.6", "24", "±0"),
    "C2": ("186", "±84.4", "29.3", "±8.6"),
    "C3": ("778.5", "±2315.3", "41.7", "±8.6"),
    "C4": ("3398.1", "±1551.6", "49.9", "±10.9"),
    "C5": ("14536.5", "±3454.4", "27.3", "±18.1"),
    "C6": ("13899.9", "±3839.9", "15.3", "±10.9"),
    "D1": ("0.9", "±0.6", "30.3", "±9.9"),
    "D2": ("6138.4", "±3450", "46.8", "±13.5"),
    "D3": ("15801", "±3038.3", "22.3", "±16.0"),
    "E1": ("46.2", "±18.5", "53", "±9.8"),
    "E2": ("43.1", "±16.8", "52.8", "±11.4"),
    "E3": ("22.1", "±7.6", "36.7", "±11.1"),
    "E4": ("33.3", "±18.3", "49.6", "±12.3"),
    "E5": ("12.1", "±4.4", "43.6", "±13.3"),
    "F1": ("4215.6", "±3014.2", "50.9", "±14.2"),
    "F2": ("5026.9", "±3127.7", "35.8", "±11.9"),
    "F3": ("6705.25", "±3888.6", "39.6", "±16.1"),
    "F4": ("1680.25", "±1941.9", "49.35", "±15.8"),
}
