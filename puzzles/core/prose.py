"""Sentences with computed numbers: a family's Markdown templates filled from its results.

A family keeps its notebook's number-bearing sentences in ``<package>/prose.md``, one template
per ``## name`` section, with ``{field}`` or ``{field:.2f}`` placeholders; a notebook cell
shows ``PROSE("defaults", best=..., score=...)``. Every placeholder must be given and every
value given must be used, so a sentence cannot silently keep a stale number or lose one.
"""

from __future__ import annotations

import re
import string
from functools import cached_property
from importlib import resources
from typing import Any

from IPython.display import Markdown

_SECTION = re.compile(r"^## (\S+)\s*$", re.M)


class Prose:
    """The templates of one package's ``prose.md``."""

    def __init__(self, package: str, file: str = "prose.md") -> None:
        self.package, self.file = package, file

    @cached_property
    def templates(self) -> dict[str, str]:
        """Template text by name."""
        text = (resources.files(self.package) / self.file).read_text(encoding="utf-8")
        parts = _SECTION.split(text)
        found = {name: body.strip() for name, body in zip(parts[1::2], parts[2::2], strict=True)}
        if len(found) != len(parts[1::2]):
            raise ValueError(f"{self.package}/{self.file}: a template name is used twice")
        return found

    def text(self, name: str, **values: Any) -> str:
        """Template ``name`` filled with ``values`` (ValueError naming a missing or unused one)."""
        if name not in self.templates:
            raise ValueError(f"{self.package}/{self.file} has no template {name!r}; known: "
                             f"{', '.join(sorted(self.templates))}")
        template = self.templates[name]
        fields = {f.split(".")[0].split("[")[0]
                  for _, f, _, _ in string.Formatter().parse(template) if f}
        missing, unused = sorted(fields - set(values)), sorted(set(values) - fields)
        if missing or unused:
            raise ValueError(f"template {name!r}: missing values {missing}, unused {unused}")
        return template.format(**values)

    def __call__(self, name: str, **values: Any) -> Markdown:
        """Template ``name`` filled with ``values``, as Markdown for the notebook."""
        return Markdown(self.text(name, **values))
