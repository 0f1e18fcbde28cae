"""Notebook checks: structure of the committed notebooks, smoke execution, README freshness."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from puzzles.catalogue import CATALOGUE, ROOT, entry
from puzzles.core.timing import is_timing_file
from puzzles.reproduce import VOLATILE_CELL_KEYS, VOLATILE_NOTEBOOK_KEYS, execute, main

BUILT = [e for e in CATALOGUE if e.path.exists()]
REQUIRED_PARAMETERS = {
    "SCALE": 'SCALE: str = "paper"',
    "SEED": "SEED: int = 2026",
    "WORKERS": "WORKERS: int = 0  # worker processes; 0: one per core",
    "SCHEDULER": 'SCHEDULER: str = ""',
}


def _load(e):
    return json.loads(e.path.read_text(encoding="utf-8"))


def test_catalogue_is_every_family_with_a_paper():
    """The catalogue is derived: one entry per ``puzzles/<family>/paper.py``, in number order,
    each a notebook file, with unique numbers and stems that start with their number."""
    from puzzles.catalogue import families

    folders = sorted(p.parent.name for p in (ROOT / "puzzles").glob("*/paper.py")
                     if p.parent.name != "core")
    assert sorted(e.family for e in CATALOGUE) == families() == folders
    numbers = [e.number for e in CATALOGUE]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    assert all(e.stem.startswith(e.number + "_") and e.path.is_file() for e in CATALOGUE)
    last = CATALOGUE[-1]
    assert entry(last.number.lstrip("0")) == entry(last.stem) == entry(last.family) == last
    with pytest.raises(ValueError, match="unknown notebook"):
        entry("no-such-notebook")


def test_reproduce_cli_rejects_unknown_notebook(capsys):
    with pytest.raises(SystemExit):
        main(["reproduce", "--only", "42"])
    assert "unknown notebook" in capsys.readouterr().err


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_notebook_structure(e):
    nb = _load(e)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    for key in VOLATILE_NOTEBOOK_KEYS:
        assert key not in nb["metadata"], f"volatile notebook metadata {key!r} left in"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    tagged = [c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(tagged) == 1, "exactly one cell must be tagged 'parameters'"
    assert code[0] is tagged[0], "the parameters cell must be the first code cell"
    source = "".join(tagged[0]["source"])
    for name, line in REQUIRED_PARAMETERS.items():
        assert line in source, f"parameters cell lacks {line!r} ({name})"
    # "" by default: the setup cell asks figures_dir, which writes the committed figures only
    # at paper scale (a smoke run in Lab must not overwrite them).
    assert 'FIGURES_DIR: str = ""' in source
    setup = "".join(code[1]["source"]) + "".join(code[2]["source"]) + "".join(code[3]["source"])
    assert f'FIGURES_DIR = figures_dir("{e.stem}", SCALE, FIGURES_DIR)' in setup
    assert not any("injected-parameters" in c.get("metadata", {}).get("tags", [])
                   for c in nb["cells"]), "committed notebook carries papermill-injected params"
    for cell in nb["cells"]:
        for key in VOLATILE_CELL_KEYS:
            assert key not in cell.get("metadata", {}), f"volatile cell metadata {key!r} left in"
        if cell["cell_type"] == "code":
            assert cell["execution_count"] is not None, "committed notebooks are executed"
            for out in cell.get("outputs", []):
                assert out.get("output_type") != "error", "committed notebook has an error"


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_papermill_lists_every_parameter(e):
    import papermill as pm

    params = pm.inspect_notebook(str(e.path))
    assert set(REQUIRED_PARAMETERS) | {"FIGURES_DIR"} <= set(params), (
        f"papermill --help-notebook lists only {sorted(params)}")
    assert params["WORKERS"]["inferred_type_name"] == "int"


def _tree_digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()} if folder.exists() else {}


@pytest.fixture(scope="session")
def smoke_run(tmp_path_factory):
    """Run a notebook at smoke scale once per test session: ``smoke_run(e)`` returns the output
    folder, the executed notebook, and the committed files' digests before and after the run.
    The determinism test reuses the run the smoke test made (each run of 03 costs about 25 s)."""
    runs: dict[str, tuple[Path, Path, tuple, tuple]] = {}

    def run(e):
        if e.stem not in runs:
            out_dir = tmp_path_factory.mktemp(f"smoke-{e.stem}")
            before = _tree_digest(e.figures), e.path.read_bytes()
            out = execute(e, "smoke", out_dir)
            runs[e.stem] = (out_dir, out, before, (_tree_digest(e.figures), e.path.read_bytes()))
        return runs[e.stem]

    return run


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_notebook_runs_at_smoke_scale(e, smoke_run):
    out_dir, out, before, after = smoke_run(e)
    assert out.exists() and out.parent == out_dir
    assert (out_dir / "figures" / e.stem).is_dir(), "smoke run wrote no figures"
    assert after == before, "a smoke run touched the committed notebook or figures"


# The notebook run twice to show that results are seed-determined (a quick one at smoke scale):
# the first of the two runs is the smoke test's own (local processes), the second the
# default-parameters run, on a dask LocalCluster, so one extra run checks three things: results
# do not depend on the run, nor on the executor, and a reader's smoke run in Lab leaves the
# committed figures alone.
TWICE = "03_jumping_maze"


@pytest.fixture(scope="session")
def default_run(tmp_path_factory):
    """Run notebook ``TWICE`` once per session as a reader in Lab would: only ``SCALE`` changed
    (and ``SCHEDULER`` set to a dask LocalCluster), ``FIGURES_DIR`` left at its default "".
    Returns the folder its figures went to and the committed ``figures/`` and notebook digests
    before and after."""
    import papermill as pm

    from puzzles.reproduce import KERNEL, NOTEBOOKS_DIR

    e = entry(TWICE)
    assert "SCHEDULER" in pm.inspect_notebook(str(e.path))
    root = tmp_path_factory.mktemp("default-run")
    (root / "tmp").mkdir()
    before = _tree_digest(ROOT / "figures"), e.path.read_bytes()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TMPDIR", str(root / "tmp"))  # the kernel's tempfile folder
        pm.execute_notebook(str(e.path), str(root / e.path.name),
                            parameters={"SCALE": "smoke", "SCHEDULER": "local-dask"},
                            kernel_name=KERNEL, cwd=str(NOTEBOOKS_DIR), progress_bar=False)
    after = _tree_digest(ROOT / "figures"), e.path.read_bytes()
    return sorted((root / "tmp").glob(f"puzzle-lab-{e.stem}-smoke-*")), before, after


def test_smoke_run_twice_locally_and_on_dask_gives_byte_identical_results(smoke_run,
                                                                          default_run):
    e = entry(TWICE)
    first, _, _, _ = smoke_run(e)
    folders, _, _ = default_run
    assert len(folders) == 1, f"the default-parameters run wrote to {folders}"
    a, b = _tree_digest(first / "figures" / e.stem), _tree_digest(folders[0])
    assert a, "the smoke run wrote no files"
    assert sorted(a) == sorted(b), "the two runs wrote different sets of files"
    differing = sorted(name for name in a if a[name] != b[name] and not is_timing_file(name))
    assert not differing, (f"not seed-determined, or different on a dask LocalCluster (or a "
                           f"timing file not named as one): {differing}")


def test_a_smoke_run_with_default_parameters_leaves_the_committed_figures_alone(default_run):
    """A reader exploring in Lab changes only SCALE: FIGURES_DIR keeps its default "", so the
    figures go to a fresh temporary folder and ``figures/`` stays as committed."""
    folders, before, after = default_run
    assert after == before
    written = [p for folder in folders for p in folder.glob("*")]
    assert written, "the smoke run wrote its figures nowhere to be found"


# A column or key that measures wall time; stored offline runs say so (`*_offline`) and the
# paper's own timings say so too (`(paper)`), since neither moves when we rerun.
TIMING_NAME = re.compile(r"(^|[_\s])(seconds|secs|elapsed|wall|runtime|cpu_time)([_\s]|$)", re.I)


def _is_timing_name(name: str) -> bool:
    return bool(TIMING_NAME.search(name)) and "offline" not in name and "paper" not in name


def _json_keys(data) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in _json_keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in _json_keys(v)}
    return set()


def test_timing_name_rule():
    assert _is_timing_name("seconds") and _is_timing_name("astar_seconds")
    assert _is_timing_name("elapsed") and _is_timing_name("wall time")
    assert not _is_timing_name("seconds_offline") and not _is_timing_name("seconds with (paper)")
    assert not _is_timing_name("median_tournaments") and not _is_timing_name("second_best")


# Timing columns an issue fixes in a stored file's columns: #43 names gods_orbits_d5.csv's
# columns, cpu_seconds among them (the record of a computation spread over sessions, whose
# measured cost per k prices the searches left). No rerun of a notebook writes it.
ISSUE_TIMING_COLUMNS = {"05_hypercube/gods_orbits_d5.csv": {"cpu_seconds"}}


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_committed_results_hold_no_timings(e):
    bad = []
    for path in sorted(e.figures.glob("*")):
        if is_timing_file(path.name):
            continue
        if path.suffix == ".csv":
            names = set(path.read_text(encoding="utf-8").splitlines()[0].split(","))
        elif path.suffix == ".json":
            names = _json_keys(json.loads(path.read_text(encoding="utf-8")))
        else:
            continue
        allowed = ISSUE_TIMING_COLUMNS.get(f"{e.stem}/{path.name}", set())
        bad += [f"{path.name}: {n}" for n in sorted(names - allowed) if _is_timing_name(n)]
    assert not bad, f"timing columns belong in timings.csv: {bad}"


# The result files the issues name, with their exact columns (a calibration row's mark of the
# chosen default is one more column).
ISSUE_COLUMNS = {
    "01_clockwork/calibration.csv": "reading,tournament,mutations,iter_log_ratio,len_log_ratio,"
                                    "score,score_se,excluded,chosen",
    "01_clockwork/calibration_unweighted.csv": "reading,tournament,mutations,iter_log_ratio,"
                                               "len_log_ratio,score,chosen",
    "01_clockwork/states.csv": "instance,state,runs,mean_tournaments,median_tournaments,"
                               "successes",
    "01_clockwork/generated.csv": "band,predicted,instance,median_tournaments",
    "01_clockwork/random_instances.csv": "id,n,c,initial,actions,reachable_states,shortest,"
                                         "solvable_fraction,q,runs,successes,median_tournaments",
    "02_iq_link/anu.csv": "start,given,fits,linked",
    "03_jumping_maze/proofs.csv": "n,target_refuted,nodes,bound",
    "04_logic_grid/released.csv": "set,index,hints,solutions,paper_loops,paper_status,"
                                  "sound_loops,sound_status",
    "04_logic_grid/loops_by_fitness_solver.csv": "dataset,fitness_solver,trial,loops_sound,"
                                                 "loops_paper,hints_distinct",
    "04_logic_grid/explanations.csv": "puzzle,step,cell,clues,premises,cost,minimal_checked",
    # The Spearman against loops, pooled (group "all") and per set of puzzles.
    "04_logic_grid/explanation_difficulty.csv": "group,measure,loops,n,rho,p",
    "05_hypercube/distances.csv": "d,k,distance,count",
    "05_hypercube/gods_number.csv": "d,k,rings,component_size,target_eccentricity,gods_number,"
                                    "orbits,orbits_done,bound,how,upper_bound,searches_left",
    "05_hypercube/gods_orbits_d5.csv": "k,orbit,representative,eccentricity,component_size,"
                                       "cpu_seconds",
}


@pytest.mark.parametrize("name", sorted(ISSUE_COLUMNS))
def test_committed_result_files_have_the_issues_columns(name):
    header = (ROOT / "figures" / name).read_text(encoding="utf-8").splitlines()[0]
    assert header == ISSUE_COLUMNS[name]


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_committed_ledger_is_complete(e):
    from puzzles.core.claims import COLUMNS, FILE_NAME, SELF_EXPLAINING, TESTED, VERDICTS, load

    path = e.figures / f"{FILE_NAME}.csv"
    assert path.exists(), f"{e.stem} has no ledger ({path.name})"
    frame = load(path)
    assert tuple(frame.columns) == COLUMNS
    assert (frame["kind"].isin(TESTED)).any(), f"{e.stem}: no claim is decided by a test"
    assert frame["id"].is_unique
    assert set(frame["verdict"]) <= set(VERDICTS)
    assert (frame["kind"] != "").all(), "every row names its kind"
    unexplained = frame[~frame["verdict"].isin(SELF_EXPLAINING) & (frame["why"].str.strip() == "")]
    assert unexplained.empty, f"verdicts without a why: {list(unexplained['id'])}"
    # A tested kind true by construction (V.by_construction) is settled without a test.
    tested = frame[frame["kind"].isin(TESTED)
                   & ~frame["verdict"].isin(["not comparable", "by construction"])
                   & (frame["test"].str.startswith(("every pair equal", "identical")) == False)]  # noqa: E712
    assert (tested["p"] != "").all() and (tested["p_adjusted"] != "").all(), (
        f"test-decided rows without p: {list(tested.loc[tested['p'] == '', 'id'])}")
    # No interval-only verdicts, no stochastic extreme by equality, no design input reproduced.
    assert not frame["test"].str.contains("paper in our", regex=False).any()
    assert not ((frame["kind"] == "extreme") & (frame["test"] == "exact")).any()
    assert (frame.loc[frame["kind"] == "design input", "verdict"] == "by construction").all()


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_ledger_covers_the_papers_inventory(e):
    """Every claim in the family's paper_claims.csv has a row, every row (beyond aside) a
    claim, and both name the same kind."""
    from puzzles.core.claims import FILE_NAME, coverage, inventory, load

    cov = coverage(load(e.figures / f"{FILE_NAME}.csv"), inventory(f"puzzles.{e.family}"))
    assert not cov.missing, f"{e.stem}: inventory claims with no ledger row: {cov.missing}"
    assert not cov.unlisted, f"{e.stem}: ledger rows not in the inventory: {cov.unlisted}"
    assert not cov.kind_mismatch, f"{e.stem}: kinds differ from the inventory: {cov.kind_mismatch}"
    assert not cov.text_mismatch, (
        f"{e.stem}: claims.csv sentences differ from the inventory: {cov.text_mismatch[:8]}")


def _paper_of(e):
    import importlib

    return importlib.import_module(f"puzzles.{e.family}.paper").PAPER


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_the_committed_ledger_is_what_the_evidence_gives_on_the_committed_results(e):
    """Claims declared once: the paper-scale ledger rebuilt from the committed result files is
    the committed claims.csv, row for row."""
    from puzzles.core.claims import FILE_NAME, load

    built = _paper_of(e).ledger("paper", results=e.figures).frame()
    committed = load(e.figures / f"{FILE_NAME}.csv")
    assert built.equals(committed), (
        f"{e.stem}: rebuilt ledger differs from claims.csv in rows "
        f"{list(built.loc[(built != committed).any(axis=1), 'id'])[:8]}")


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_every_familys_ledger_builds_at_smoke_scale(e, smoke_run):
    """The conformance test of the ledger: the family's evidence decides every inventory claim
    from a smoke run's results; an exception anywhere fails it (nothing turns an error into
    'not comparable')."""
    from puzzles.core.claims import coverage

    out_dir, _, _, _ = smoke_run(e)
    paper = _paper_of(e)
    frame = paper.ledger("smoke", results=out_dir / "figures" / e.stem).frame()
    assert coverage(frame, paper.claims()).complete


def _string_literals(path: Path) -> set[str]:
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            out.add(node.value)
        elif isinstance(node, ast.JoinedStr):  # an f-string's literal parts, joined
            out.add("".join(v.value for v in node.values if isinstance(v, ast.Constant)))
    return out


def test_no_claim_sentence_is_typed_in_python():
    """A claim's sentence lives in its family's paper_claims.csv only."""
    from puzzles.core.claims import inventory

    literals: dict[Path, set[str]] = {p: _string_literals(p)
                                     for p in sorted((ROOT / "puzzles").rglob("*.py"))}
    typed = []
    for e in CATALOGUE:
        for sentence in inventory(f"puzzles.{e.family}")["claim"]:
            if len(sentence) < 30:  # too short to be told from an ordinary phrase
                continue
            typed += [(p.relative_to(ROOT).as_posix(), sentence[:60]) for p, lit in
                      literals.items() if any(sentence in s for s in lit)]
    assert not typed, f"claim sentences typed in Python: {typed[:6]}"


def _highlights() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return readme[readme.index("## Highlights"):readme.index("## Two commands")]


def test_readme_highlights_match_the_committed_results():
    import pandas as pd

    text = " ".join(_highlights().split())
    fig = ROOT / "figures"
    for image in re.findall(r"\]\((figures/[^)]+)\)", text):
        assert (ROOT / image).exists(), image
    from puzzles.clockwork.refit import highlight

    cw = fig / "01_clockwork"
    ranking = pd.read_csv(cw / "calibration_ranking.csv").drop(columns=["chosen", "score_se"])
    cal = pd.read_csv(cw / "calibration.csv").merge(ranking, on=["reading", "tournament",
                                                                  "mutations"])
    assert " ".join(highlight(cal).split()) in text
    iq = pd.read_csv(fig / "02_iq_link" / "results.csv")
    assert len(iq) == 120 and (iq["fits"] == 1).all() and (iq["solutions"] == 1).all()
    limits = json.loads((fig / "02_iq_link" / "limits.json").read_text(encoding="utf-8"))
    assert limits["fewest_given"] == 1
    assert limits["unique_one_piece"][0]["given"][0][0] == "light purple"
    best = json.loads((fig / "03_jumping_maze" / "best_puzzles.json").read_text(encoding="utf-8"))
    assert all(best[str(n)]["score"] == n * n - 4 for n in range(5, 12))
    assert [n for n in range(5, 12) if best[str(n)]["proven_max"] is not None] == [5, 6, 7]
    released = pd.read_csv(fig / "04_logic_grid" / "released.csv").groupby("set").mean(
        numeric_only=True)
    for s, col in (("hd", "paper_loops"), ("do", "paper_loops"), ("hd", "sound_loops"),
                   ("do", "sound_loops")):
        assert f"{released.loc[s, col]:.3f}" in text
    gods = pd.read_csv(fig / "05_hypercube" / "gods_number.csv")
    gods = gods[gods["d"] <= 4]  # the highlight names d <= 4; the d = 5 rows follow them
    numbers = [str(g) for g in gods["gods_number"]]
    assert ", ".join(numbers[:-1]) + " and " + numbers[-1] in text
    assert len(gods) == 5 and (gods["d"] <= 4).all()


# GitHub shows a README about 900 px wide: a picture wider than this shrinks its text (drawn at
# 12-18 px) below about 8 px, where digits stop being legible.
README_PICTURE_WIDTH = 1500


def test_readme_pictures_are_legible_at_page_width():
    from PIL import Image

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    wide = {image: Image.open(ROOT / image).size[0]
            for image in re.findall(r"\]\((figures/[^)]+\.png)\)", readme)
            if Image.open(ROOT / image).size[0] > README_PICTURE_WIDTH}
    assert not wide, f"README pictures wider than {README_PICTURE_WIDTH} px: {wide}"


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.mark.parametrize("e", BUILT, ids=[e.stem for e in BUILT])
def test_committed_boards_carry_a_picture(e):
    """A reader anywhere (Lab with or without a kernel, GitHub, nbviewer) sees each board as its
    picture with alt text: the committed output is the markdown image, not a widget view."""
    from puzzles.reproduce import PICTURE

    boards = [o["data"] for c in _load(e)["cells"] for o in c.get("outputs", [])
              if "".join(o.get("data", {}).get("text/plain", "")).startswith("Board(")]
    assert boards, f"{e.stem} shows no board"
    for data in boards:
        assert WIDGET_VIEW not in data and "image/png" not in data
        match = PICTURE.match("".join(data.get("text/markdown", "")))
        assert match and match.group("alt").strip(), data.get("text/plain")
