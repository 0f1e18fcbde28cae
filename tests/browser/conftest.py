"""Real-browser fixtures: a JupyterLab server on 127.0.0.1 with a token, Debian's Chromium
driven by Playwright, and a helper that opens a generated notebook and runs it."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

CHROMIUM = os.environ.get("PUZZLE_LAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
ROOT = Path(__file__).resolve().parents[2]


# Collected only by ``make test-browser`` (which sets PUZZLE_LAB_BROWSER=1), never by the unit
# suite: ``pytest tests`` must not need a browser.
if not os.environ.get("PUZZLE_LAB_BROWSER"):
    collect_ignore_glob = ["test_*.py"]


def pytest_collection_modifyitems(config, items):
    """Without Chromium or Playwright the browser suite fails loudly: it never passes silently.

    The hook sees every collected item of the session, so it checks only when browser tests
    are among them (``pytest tests`` without PUZZLE_LAB_BROWSER collects none).
    """
    here = Path(__file__).resolve().parent
    if not any(here in Path(str(item.fspath)).resolve().parents for item in items):
        return
    if not Path(CHROMIUM).exists():
        raise pytest.UsageError(f"browser tests need Chromium at {CHROMIUM} "
                                "(Debian: apt-get install -y chromium)")
    try:
        import playwright  # noqa: F401
    except ImportError as err:
        raise pytest.UsageError("browser tests need Playwright: pip install -e '.[browser]'") \
            from err


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A running JupyterLab serving a temporary folder; yields (base url, token, folder)."""
    folder = tmp_path_factory.mktemp("lab")
    port, token = _free_port(), secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(folder / ".jupyter"),
           "JUPYTER_RUNTIME_DIR": str(folder / ".runtime"), "MPLBACKEND": "Agg"}
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
           f"--port={port}", f"--IdentityProvider.token={token}", "--allow-root",
           f"--ServerApp.root_dir={folder}", "--LabApp.expose_app_in_browser=True",
           "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    log = open(folder / "lab.log", "w")  # noqa: SIM115 - closed at teardown
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=folder)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2) as r:
                json.load(r)
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.terminate()
                raise RuntimeError("JupyterLab did not start:\n"
                                   + (folder / "lab.log").read_text()[-3000:]) from None
            time.sleep(0.5)
    yield base, token, folder
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
    log.close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium under Playwright (never a downloaded browser)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


class Notebook:
    """A generated notebook open in JupyterLab, its cells run, the board found in the page."""

    def __init__(self, page, errors: list[str]) -> None:
        self.page, self.errors = page, errors

    @property
    def board(self):
        """The (first) board's root element."""
        return self.page.locator(".pl-board").first

    @property
    def boards(self):
        """Every board's root element in the page."""
        return self.page.locator(".pl-board")

    def status(self) -> str:
        """The board's status line, as the page shows it."""
        return self.board.locator(".pl-status").inner_text()

    def message(self) -> str:
        """The message beside the status line (a refusal or an error), as the page shows it."""
        return self.board.locator(".pl-message").inner_text()

    def _seen(self) -> str:
        """Everything a reply of the kernel can change: scene, status and message."""
        return self.svg() + self.status() + self.message()

    def svg(self) -> str:
        """The board's SVG markup, as the page holds it."""
        return self.board.locator(".pl-canvas").inner_html()

    def attr(self, id: str, name: str) -> str | None:
        """Attribute ``name`` of the scene element ``id``."""
        return self.board.locator(f'.pl-canvas [data-id="{id}"]').first.get_attribute(name)

    def ids(self, selector: str = "[data-id]") -> list[str]:
        """The ids of the scene elements matching ``selector``, as the page shows them."""
        return self.board.locator(f".pl-canvas {selector}").evaluate_all(
            "els => els.map(e => e.getAttribute('data-id'))")

    def assert_clean(self) -> None:
        """No uncaught page error and nothing in JupyterLab's Log Console."""
        assert self.errors == [], self.errors
        entries = [e for e in self.log_console_entries()
                   if e.strip() and not e.startswith("Log level set to")]
        assert entries == [], entries

    def click(self, id: str) -> None:
        """Click the scene element ``id`` and wait for the kernel to answer."""
        before = self._seen()
        self.board.locator(f'.pl-canvas [data-id="{id}"]').first.click(force=True)
        self._settle(before)

    def key(self, key: str) -> None:
        """Press ``key`` on the board."""
        before = self._seen()
        self.board.focus()
        self.page.keyboard.press(key)
        self._settle(before)

    def press(self, control: str) -> None:
        """Press the button ``control`` below the board."""
        before = self._seen()
        self.board.locator(f'button[data-control="{control}"]').click()
        self._settle(before)

    def enter(self, control: str, value: str) -> None:
        """Type ``value`` into the field ``control`` and commit it."""
        before = self._seen()
        field = self.board.locator(f'[data-control="{control}"]')
        tag = field.evaluate("e => e.tagName")
        if tag == "SELECT":
            field.select_option(value)
        elif tag == "TEXTAREA":  # Enter is a new line there: the change comes on leaving it
            field.fill(value)
            field.dispatch_event("change")
        else:  # Enter commits a text field: one change event, as a reader's typing sends
            field.fill(value)
            field.press("Enter")
        self._settle(before)

    def _settle(self, before: str, timeout: float = 15.0) -> None:
        # Wait until the board shows something new (or time out: the caller's assertions then
        # fail on the unchanged board), then for the kernel to go idle.
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._seen() != before:
                break
            self.page.wait_for_timeout(100)
        self.page.wait_for_timeout(200)

    def log_console_problems(self) -> list[str]:
        """Log Console entries at warning level or above ("warning: text"); a whole notebook's
        cell outputs are logged too, at info level, so only the levels tell trouble apart."""
        self.page.wait_for_timeout(500)
        return self.page.locator(".jp-LogConsolePanel .jp-OutputArea-child").evaluate_all(
            "els => els.map(e => [e.querySelector('[data-log-level]'), e.querySelector("
            "'.jp-OutputArea-output')]).filter(([p, o]) => p && ['warning', 'error', "
            "'critical'].includes(p.dataset.logLevel)).map(([p, o]) => p.dataset.logLevel"
            " + ': ' + (o ? o.textContent : ''))")

    def log_console_entries(self) -> list[str]:
        """Every message in JupyterLab's Log Console for this notebook, at any level."""
        self.page.wait_for_timeout(500)
        return self.page.locator(".jp-LogConsolePanel .jp-OutputArea-output").all_inner_texts()


def _watch_log_console(page) -> None:
    """Open the Log Console and let it keep every level (its default drops all below
    'warning' as it arrives, so stray output of a callback would go unseen)."""
    page.evaluate("window.jupyterapp.commands.execute('logconsole:open')")
    page.wait_for_selector(".jp-LogConsolePanel", timeout=20_000)
    page.wait_for_function(
        "() => { for (const w of window.jupyterapp.shell.widgets('down')) {"
        " const p = w.content; if (p && p.logger) { p.logger.level = 'debug';"
        " return p.logger.level === 'debug'; } } return false; }", timeout=20_000)


def write_notebook(folder: Path, name: str, source: str) -> str:
    """Write a one-cell notebook ``name``.ipynb into the lab folder; return its file name."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(source)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}
    path = folder / f"{name}.ipynb"
    nbformat.write(nb, path)
    return path.name


def _run_all(browser, base: str, token: str, file: str) -> tuple:
    """Open ``file`` in a fresh browser context, wait for its kernel, watch the Log Console and
    start running every cell; return (context, page, page errors)."""
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/lab/tree/{file}?token={token}&reset")
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    # The notebook's kernel connected and idle, then run every cell (without awaiting the
    # command's promise: the page is polled instead).
    page.wait_for_function(
        "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " const k = w && w.sessionContext && w.sessionContext.session"
        " && w.sessionContext.session.kernel;"
        " return !!k && k.connectionStatus === 'connected' && k.status === 'idle'; }",
        timeout=90_000)
    _watch_log_console(page)
    page.evaluate("() => { window.jupyterapp.commands.execute("
                  "'notebook:run-all-cells'); }")
    return ctx, page, errors


# Every code cell's prompt: "[n]:" once run, "[*]:" while queued or running, "[ ]:" when not
# run (run-all stops at the first error and leaves the cells after it so).
_PROMPTS = ("() => Array.from(document.querySelectorAll("
            "'.jp-Notebook .jp-CodeCell .jp-InputPrompt')).map(e => e.textContent.trim())")


def wait_until_run(page, timeout: float) -> None:
    """Wait until every code cell has run; fail naming the first cell that shows a traceback,
    or the prompts when time runs out."""
    deadline = time.monotonic() + timeout
    prompts: list[str] = []
    while time.monotonic() < deadline:
        page.wait_for_timeout(1000)
        tracebacks = page.locator(
            '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]',
            has_text="Traceback")
        if tracebacks.count():
            raise AssertionError("a cell failed:\n" + tracebacks.first.inner_text()[-3000:])
        prompts = page.evaluate(_PROMPTS)
        if prompts and all(p[1:-2].isdigit() for p in prompts):
            return
    raise AssertionError(f"cells still not run after {timeout:.0f} s: {prompts}")


@pytest.fixture
def open_notebook(lab, browser):
    """``open_notebook(name, source)`` -> a :class:`Notebook` with its cell run."""
    base, token, folder = lab
    contexts = []

    def _open(name: str, source: str, timeout: float = 120.0) -> Notebook:
        file = write_notebook(folder, name, source)
        ctx, page, errors = _run_all(browser, base, token, file)
        contexts.append(ctx)
        page.wait_for_selector(".pl-board .pl-canvas svg", timeout=timeout * 1000)
        return Notebook(page, errors)

    yield _open
    for ctx in contexts:
        ctx.close()
    shutil.rmtree(folder / ".ipynb_checkpoints", ignore_errors=True)


@pytest.fixture
def run_notebook(lab, browser):
    """``run_notebook(file)`` -> a :class:`Notebook` (a file of the lab folder) with every cell
    run to the end."""
    base, token, folder = lab
    contexts = []

    def _run(file: str, timeout: float = 600.0) -> Notebook:
        ctx, page, errors = _run_all(browser, base, token, file)
        contexts.append(ctx)
        wait_until_run(page, timeout)
        return Notebook(page, errors)

    yield _run
    for ctx in contexts:
        ctx.close()
