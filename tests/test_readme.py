"""What a newcomer meets first: the quick start at the top of the README, a licence and a
citation file, and every notebook parameter documented."""

from __future__ import annotations

import json
import re

from puzzles.catalogue import CATALOGUE, ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_quick_start_comes_first_and_is_short():
    heads = re.findall(r"^## (.+)$", README, re.M)
    assert heads[0] == "Quick start"
    block = README.split("## Quick start", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    lines = [ln for ln in block.strip().splitlines() if ln.strip()]
    assert len(lines) <= 15
    for command in ("make venv", "jupyter lab", 'SCALE = "smoke"', "make reproduce",
                    "make test"):
        assert command in block, command


def test_make_venv_exists_and_makes_only_the_environment():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^venv: \$\(STAMP\)\s*$", makefile, re.M)


def test_every_notebook_parameter_is_in_the_readme():
    quick = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    for e in CATALOGUE:
        cells = json.loads(e.path.read_text(encoding="utf-8"))["cells"]
        params = "".join(next(c for c in cells if c["cell_type"] == "code")["source"])
        for name in re.findall(r"^([A-Z_]+):", params, re.M):
            assert f"`{name}`" in quick, f"{e.stem}'s parameter {name} is not in the quick start"


def test_licence_and_citation_are_there():
    import yaml

    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0" and cff["license"] == "MIT"
    # one reference per paper reproduced; the worked example's toy paper is no publication
    papers = [e for e in CATALOGUE if not e.citation.startswith("a toy paper")]
    assert len(cff["references"]) == len(papers) == len(CATALOGUE) - 1
