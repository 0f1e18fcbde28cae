"""Lights Out on 3x3: the worked example of a family (CONTRIBUTING.md walks through it).

Layers, bottom up: ``budget`` (the knobs) and ``model`` (the rules), then ``search`` (the
solver), ``scene`` and ``game`` (the board), ``experiments``, ``plots``, and on top ``ledger``
(the evidence of each claim) and ``paper`` (the ``PAPER`` the notebook and the engine use).
"""
