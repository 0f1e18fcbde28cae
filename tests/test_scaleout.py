"""Scale-out: every family's experiment entry points take an executor, executor_for maps a
notebook's SCHEDULER to one, and a dask LocalCluster gives byte-identical results."""

from __future__ import annotations

import importlib
import inspect
import json

import numpy as np
import pytest

from puzzles.core.runner import _CLIENTS, close_clients, executor_for

# Every function that runs a family's experiments through run_tasks.
ENTRY_POINTS = {
    "puzzles.clockwork.experiments": ["run_experiment"],
    "puzzles.clockwork.sweep": ["sweep"],
    "puzzles.iqlink.generate": ["generate_all"],
    "puzzles.iqlink.search": ["count_empty_board", "recount_empty_board"],
    "puzzles.jumpmaze.exact": ["search_parallel"],
    "puzzles.jumpmaze.experiments": ["run_protocol"],
}  # and Paper.run (puzzles.core.paper), through which the families' PAPER experiments run


def _callers_of_run_tasks(module) -> set[str]:
    source = inspect.getsource(module)
    return {name for name, fn in inspect.getmembers(module, inspect.isfunction)
            if fn.__module__ == module.__name__ and "run_tasks(" in inspect.getsource(fn)
            and not name.startswith("_") and name != "run_tasks"
            } if "run_tasks(" in source else set()


@pytest.mark.parametrize("module_name", sorted(ENTRY_POINTS))
def test_every_entry_point_takes_an_executor(module_name):
    module = importlib.import_module(module_name)
    assert _callers_of_run_tasks(module) <= set(ENTRY_POINTS[module_name]), (
        "a function calls run_tasks but is not listed (and maybe takes no executor)")
    for name in ENTRY_POINTS[module_name]:
        fn = getattr(module, name)
        params = inspect.signature(fn).parameters
        assert "executor" in params and params["executor"].default is None, name
        body = inspect.getsource(fn).split('"""')[-1]  # after the docstring: the calls
        assert "executor" in body, f"{name} drops its executor"


def test_executor_for_rejects_what_is_not_a_scheduler():
    assert executor_for("") is None and executor_for("  ") is None
    with pytest.raises(ValueError, match="string"):
        executor_for(None)  # type: ignore[arg-type]


@pytest.fixture()
def local_dask():
    """The executor of a 2-process dask LocalCluster (closed afterwards)."""
    yield executor_for("local-dask", workers=2)
    close_clients()
    assert not _CLIENTS


def test_a_smoke_experiment_on_a_dask_cluster_is_byte_identical(local_dask):
    from puzzles.jumpmaze import experiments
    from puzzles.jumpmaze.paper import PAPER

    budget = PAPER.budgets("smoke")
    assert executor_for("local-dask", workers=2) is not None and len(_CLIENTS) == 1
    on_dask = experiments.run_protocol(budget, 2026, executor=local_dask)
    local = experiments.run_protocol(budget, 2026, workers=2)
    for table in (experiments.curves_table, experiments.finals_table, experiments.summary_table):
        assert table(on_dask).to_csv().encode() == table(local).to_csv().encode()
    assert json.dumps(_exact(on_dask.to_dict("records"))).encode() == json.dumps(
        _exact(local.to_dict("records"))).encode()


def _exact(obj):
    """A JSON form that keeps every value's type and bits (pickle's bytes also depend on which
    objects happen to be shared, which a trip through dask changes)."""
    if isinstance(obj, dict):
        return ["dict", [[_exact(k), _exact(v)] for k, v in obj.items()]]
    if isinstance(obj, list | tuple):
        return [type(obj).__name__, [_exact(v) for v in obj]]
    if isinstance(obj, np.ndarray):
        return ["ndarray", str(obj.dtype), list(obj.shape), obj.tobytes().hex()]
    if isinstance(obj, np.generic):
        return [type(obj).__name__, obj.tobytes().hex()]
    if isinstance(obj, float):
        return ["float", obj.hex()]
    return [type(obj).__name__, obj]
