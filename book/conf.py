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
html_theme_options = {"show_toc_level": 2, "use_download_button": False,
                      "use_fullscreen_button": False}
html_static_path: list[str] = []
exclude_patterns = ["_build"]
suppress_warnings = ["myst.header", "mystnb.unknown_mime_type"]
