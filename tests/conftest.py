"""Shared test configuration: no test may depend on how fast this machine is.

Hypothesis' default deadline (200 ms per example) fails whenever the first call compiles a numba
kernel or the machine is loaded, so one profile turns it off for every test.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("puzzle-lab", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("puzzle-lab")
