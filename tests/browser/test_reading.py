"""Reading without running, as a reader does it: a committed notebook opened in JupyterLab
(which starts a live kernel that has not run any cell) shows every board as its picture and no
"model not found"; and the built book (``make book``) loads every page with its images, no
console error, and each ledger pages and filters."""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.browser.conftest import ROOT, _free_port

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
BOARD_ALT = re.compile(r"^The .+ board as it stands")


def _boards(path) -> int:
    """How many board pictures the committed notebook holds."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return sum(1 for c in cells for o in c.get("outputs", [])
               if "".join(o.get("data", {}).get("text/plain", "")).startswith("Board("))


def _scroll_through(page) -> None:
    """Scroll the notebook from top to bottom: Lab renders cells as they come into view."""
    panel = ".jp-NotebookPanel .jp-WindowedPanel-outer"
    page.wait_for_selector(panel, timeout=60_000)
    height = page.eval_on_selector(panel, "e => e.scrollHeight")
    top = 0
    while top < height:
        top += 700
        page.eval_on_selector(panel, f"e => {{ e.scrollTop = {top}; }}")
        page.wait_for_timeout(150)
        height = page.eval_on_selector(panel, "e => e.scrollHeight")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_a_committed_notebook_opened_in_lab_with_a_kernel_shows_every_board(lab, browser, path):
    base, token, folder = lab
    shutil.copy(path, folder / f"reader_{path.name}")
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(f"{base}/lab/tree/reader_{path.name}?token={token}&reset")
        # the kernel the notebook names starts, idle, having run nothing
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                               timeout=120_000)
        _scroll_through(page)
        text = page.locator(".jp-NotebookPanel").inner_text()
        assert "model not found" not in text and "Error displaying widget" not in text
        alts = page.locator(".jp-OutputArea-output img").evaluate_all(
            "els => els.filter(e => e.complete && e.naturalWidth > 0)"
            ".map(e => e.getAttribute('alt') || '')")
        boards = [a for a in alts if BOARD_ALT.match(a)]
        assert len(boards) >= _boards(path) > 0, (len(boards), _boards(path))
    finally:
        ctx.close()


# --- the book ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def book():
    """The book built from the committed notebooks, served on 127.0.0.1; yields its base URL."""
    done = subprocess.run([sys.executable, str(ROOT / "book" / "build.py")], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout + done.stderr
    site = ROOT / "build" / "book"

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002 - the base class's name
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", _free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


def _pages() -> list[str]:
    stems = [p.stem for p in NOTEBOOKS]
    return ["index.html", *(f"notebooks/{s}.html" for s in stems),
            *(f"ledgers/{s}.html" for s in stems)]


# MathJax 2 tests whether the browser loads web fonts by asking for a font at about:blank, which
# Chromium refuses and logs (twice: the refusal and the failed load). Nothing else is excused.
MATHJAX_PROBE = "Access to font at 'about:blank'"


def _open(browser, url: str):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    probes: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("requestfailed", lambda r: probes.append(r.url) if r.url == "about:blank" else None)
    page.goto(url, wait_until="load")

    def real() -> list[str]:
        excused = sum(1 for e in errors if e.startswith(MATHJAX_PROBE))
        left = [e for e in errors if not e.startswith(MATHJAX_PROBE)]
        for _ in range(min(excused, len(probes))):
            if "Failed to load resource: net::ERR_FAILED" in left:
                left.remove("Failed to load resource: net::ERR_FAILED")
        return left

    return ctx, page, real


def _pictures(notebook: Path) -> int:
    """The outputs of a committed notebook that carry a picture (a PNG or a markdown image)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return sum(1 for c in cells for o in c.get("outputs", [])
               if "image/png" in o.get("data", {})
               or "](data:image/" in "".join(o.get("data", {}).get("text/markdown", "")))


@pytest.mark.parametrize("name", _pages())
def test_every_book_page_loads_with_its_images_and_no_console_error(book, browser, name):
    ctx, page, real_errors = _open(browser, f"{book}/{name}")
    try:
        page.wait_for_timeout(500)
        images = page.locator("img").evaluate_all(
            "els => els.map(e => [e.getAttribute('src'), e.complete && e.naturalWidth > 0])")
        broken = [src for src, ok in images if not ok]
        assert not broken, f"{name}: broken images {broken[:3]}"
        if name.startswith("notebooks/"):
            shown = _pictures(ROOT / "notebooks" / f"{Path(name).stem}.ipynb")
            assert shown > 0 and len(images) >= shown, (
                f"{name} shows {len(images)} images of the notebook's {shown} pictures")
        errors = real_errors()
        assert errors == [], f"{name}: {errors[:3]}"
    finally:
        ctx.close()


def test_a_ledger_pages_and_filters_by_verdict(book, browser):
    stem = NOTEBOOKS[-1].stem
    ctx, page, real_errors = _open(browser, f"{book}/ledgers/{stem}.html")
    try:
        page.wait_for_selector(".dt-info", timeout=30_000)
        info = page.locator(".dt-info").first
        total = int(re.search(r"of ([\d,]+) entries", info.inner_text()).group(1).replace(
            ",", ""))
        assert info.inner_text().startswith("Showing 1 to 25 of")
        page.locator(".dt-paging-button.next").first.click()
        assert info.inner_text().startswith("Showing 26 to 50 of")
        # the column filters sit in the header, each box named by its column
        names = page.locator(".dt-scroll-head thead input").evaluate_all(
            "els => els.map(e => e.getAttribute('placeholder'))")
        column = names.index("verdict")
        box = page.locator(".dt-scroll-head thead input").nth(column)
        box.click()
        box.press_sequentially("beyond", delay=30)  # DataTables filters as keys are typed
        page.wait_for_timeout(300)
        shown = int(re.search(r"of ([\d,]+) entries", info.inner_text()).group(1).replace(
            ",", ""))
        assert 0 < shown < total and "filtered from" in info.inner_text()
        verdicts = page.locator(".dt-scroll-body tbody tr").evaluate_all(
            f"rows => rows.map(r => r.children[{column}].innerText)")
        assert verdicts and set(verdicts) == {"beyond"}
        assert real_errors() == []
    finally:
        ctx.close()
