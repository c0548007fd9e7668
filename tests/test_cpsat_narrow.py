"""solvers.cpsat.narrow: the proof of solve_twice starts from the domains the first solve derived,
and those domains keep every solution (a second answer is still found)."""

from __future__ import annotations

from collections.abc import Callable

from ortools.sat.python import cp_model

from solvers import cpsat
from solvers.solution import NumberSolution
from solvers.verdict import SolveOptions, Status

OPTS = SolveOptions(time_limit=10, workers=1, unique=True)


def _model() -> tuple[cp_model.CpModel, list[cp_model.IntVar]]:
    """a + b == 1 (two answers); c is forced by a chain of implications; d is in no constraint."""
    m = cp_model.CpModel()
    a, b, c, d = (m.new_bool_var(n) for n in "abcd")
    m.add(a + b == 1)
    x = m.new_int_var(0, 5, "x")
    m.add(x >= 3).only_enforce_if(c.Not())
    m.add(x <= 2).only_enforce_if(c.Not())
    return m, [a, b, c, d]


def _decode(xs: list[cp_model.IntVar]) -> Callable[[cp_model.CpSolver], NumberSolution]:
    return lambda s: NumberSolution((tuple(int(s.value(x)) for x in xs),))


def test_narrowed_domains_keep_every_answer() -> None:
    m, xs = _model()
    status, solver = cpsat.run(m, cpsat.Budget(OPTS), params={**cpsat.NARROW_PARAMS, "cp_model_presolve": True})
    assert cpsat.found(status)
    assert cpsat.narrow(m, solver)
    domains = [list(m.proto.variables[x.index].domain) for x in xs]
    assert domains[0] == domains[1] == domains[3] == [0, 1]  # a, b: both answers; d: free
    assert domains[2] == [1, 1]  # c: derived
    for presolve in (True, False):
        m, xs = _model()
        res = cpsat.solve_twice(m, xs, _decode(xs), OPTS, params={**cpsat.NARROW_PARAMS, "cp_model_presolve": presolve})
        assert res.status is Status.MULTIPLE


def test_no_narrowing_without_its_parameters() -> None:
    m, _ = _model()
    status, solver = cpsat.run(m, cpsat.Budget(OPTS))
    assert cpsat.found(status)
    assert not cpsat.narrow(m, solver)


def test_a_unique_answer_stays_unique() -> None:
    m, xs = _model()
    m.add(xs[0] == 1)
    m.add(xs[3] == 0)
    res = cpsat.solve_twice(m, xs, _decode(xs), OPTS, params=cpsat.NARROW_PARAMS)
    assert res.status is Status.UNIQUE
    assert isinstance(res.solution, NumberSolution) and res.solution.numbers[0] == (1, 0, 1, 0)
