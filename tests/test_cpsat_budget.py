"""solvers.cpsat.Budget's work cap: CP-SAT's deterministic time, shared by the calls made under it."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solvers import cpsat
from solvers.verdict import SolveOptions

OPTS = SolveOptions(time_limit=60, workers=1)
PLAIN = {"linearization_level": 0, "cp_model_presolve": False, "symmetry_level": 0}


def _pigeons(n: int) -> cp_model.CpModel:
    """n + 1 pigeons in n holes as clauses: infeasible, and slow to prove for clause learning."""
    m = cp_model.CpModel()
    x = [[m.new_bool_var("") for _ in range(n)] for _ in range(n + 1)]
    for row in x:
        m.add_bool_or(row)
    for h in range(n):
        for a in range(n + 1):
            for b in range(a + 1, n + 1):
                m.add_bool_or([x[a][h].Not(), x[b][h].Not()])
    return m


def test_a_work_cap_stops_the_search_and_is_shared_by_later_calls() -> None:
    part = cpsat.Budget(OPTS).part(60, work=0.05)
    status, _ = cpsat.run(_pigeons(11), part, params=PLAIN)
    assert status == cp_model.UNKNOWN  # stopped by the cap, well before the wall limit
    assert 0.05 <= part.spent < 0.5  # (uncapped, it is still unsettled after 5 s)
    assert part.expired()
    first = part.spent
    status, _ = cpsat.run(_pigeons(11), part, params=PLAIN)  # a later call gets what is left: next to nothing
    assert status == cp_model.UNKNOWN and part.spent - first < 0.1
    assert part.part(60).work_left() is not None and part.part(60, work=5.0).expired()  # a step stays under it


def test_a_steps_work_is_charged_to_the_budget_it_was_cut_from() -> None:
    """A step's CP-SAT calls count against its parent's cap too (a round of repairs inside a capped
    try, each with its own part, ran on uncharged until the try's wall cap)."""
    outer = cpsat.Budget(OPTS).part(60, work=0.08)
    for _ in range(3):
        cpsat.run(_pigeons(11), outer.part(60, work=0.05), params=PLAIN)
        if outer.expired():
            break
    assert outer.spent >= 0.08 and outer.expired()
    assert outer.part(60, work=1.0).work_left() is not None and outer.part(60, work=1.0).expired()
    assert cpsat.Budget(OPTS).work_left() is None  # no cap unless asked


def test_a_small_model_is_settled_within_its_cap() -> None:
    part = cpsat.Budget(OPTS).part(60, work=1.0)
    status, _ = cpsat.run(_pigeons(3), part, params=PLAIN)
    assert status == cp_model.INFEASIBLE
    assert 0 <= part.spent < 1.0 and not part.expired()
