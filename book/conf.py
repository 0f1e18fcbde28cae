"""Sphinx configuration of the book: the five committed notebooks as pages, never re-executed.

Built by ``make book`` (``python book/build.py``), which lays the source tree out in
``build/book-src`` first; see that script for why the Sphinx stack was chosen.
"""

project = "puzzle-lab"
author = "the puzzle-lab authors"
copyright = "2026, the puzzle-lab authors"
extensions = ["myst_nb"]
# The committed outputs are the book: nothing runs, so the book shows exactly what was committed.
nb_execution_mode = "off"
# A committed picture is a markdown image with its alt text (puzzles.reproduce.one_picture).
nb_mime_priority_overrides = [("html", "text/markdown", 5)]
myst_enable_extensions = ["dollarmath"]
html_theme = "sphinx_book_theme"
html_title = "puzzle-lab"
html_favicon = "figures/02_iq_link/board.png"  # a browser asks for one on every page
html_theme_options = {"show_toc_level": 2, "use_download_button": False,
                      "use_fullscreen_button": False}
html_static_path = ["_static"]
html_css_files = ["book.css"]
# MathJax 2 from jupyter-server-mathjax, copied in by build.py: no CDN, so the book works offline.
exclude_patterns = ["_build"]
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type"]
# The theme reads its mode from the page; left empty it logs a console error on every page.
html_context = {"default_mode": "auto"}
# jupyter-server-mathjax ships MathJax 2 in one combined file with the STIX-Web fonts only: look
# for no locally installed font (that probe is what Chromium reports as a blocked font load).
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
mathjax2_config = {
    "HTML-CSS": {"availableFonts": [], "preferredFont": None, "webFont": "STIX-Web",
                 "imageFont": None},
}
