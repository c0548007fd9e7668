"""Running CP-SAT under the engine's limits, and the solve-twice uniqueness search.

Every genre model builds a ``cp_model.CpModel`` and hands it here, so time limits, worker
counts and effort statistics are handled in one place.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from solvers import trial
from solvers.errors import Message
from solvers.solution import Solution
from solvers.verdict import ShadeOutcome, ShadeRows, SolveOptions, SolveResult, SolveStats, Status

S = TypeVar("S")  # what a genre's deductions leave for its search and its CP-SAT model

if TYPE_CHECKING:  # OR-Tools is imported on first use (a board deductions settle needs none: 0.15 s cpu)
    from ortools.sat.python import cp_model

    SolverStatus = cp_model.CpSolverStatus  # what CpSolver.solve returns (compares equal to cp_model.OPTIMAL...)
    Literal = cp_model.IntVar  # a Boolean variable or its negation


def __getattr__(name: str) -> Any:
    """``SolverStatus`` and ``Literal`` for the modules that import them, loaded then."""
    if name in ("SolverStatus", "Literal"):
        from ortools.sat.python import cp_model

        return cp_model.CpSolverStatus if name == "SolverStatus" else cp_model.IntVar
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# Parameters under which the first solve of :func:`solve_twice` hands its derived domains to the
# proof (see :func:`narrow`); add them to a model's own parameters to opt in.
NARROW_PARAMS: dict[str, Any] = {"fill_tightened_domains_in_response": True,
                                 "keep_all_feasible_solutions_in_presolve": True, "symmetry_level": 0}

_LEFTOVERS: list[object] = []  # big models of finished solves, kept alive until release_later()
_defer = threading.local()


def defer_release(on: bool = True) -> None:
    """In this thread, let :func:`leave` keep finished models until :func:`release_later` (a solver
    worker: freeing a model of millions of variables takes seconds, which must not count against
    the answer's time)."""
    _defer.on = on


def leave(obj: object) -> None:
    """A finished solve's big model (or the exception whose traceback holds one): with
    :func:`defer_release` on, kept alive until :func:`release_later`; otherwise dropped as usual."""
    if getattr(_defer, "on", False):
        _LEFTOVERS.append(obj)


def release_later(delay: float = 0.2) -> None:
    """Free the models kept by :func:`leave` in a background thread, after ``delay`` seconds (the
    answer goes out first)."""
    if not _LEFTOVERS:
        return
    batch = _LEFTOVERS[:]
    _LEFTOVERS.clear()

    def free() -> None:
        time.sleep(delay)
        batch.clear()

    threading.Thread(target=free, name="release-models", daemon=True).start()


@dataclass
class Budget:
    """The time left for one solve, shared by all its CP-SAT calls.

    ``work``: optionally also a cap in CP-SAT's deterministic time (its own count of work done,
    the same however loaded the machine is, with one worker), shared by the calls made under this
    budget; ``spent`` counts it. A step whose outcome must not depend on load gets one (see
    :meth:`part`).
    """

    options: SolveOptions
    start: float = field(default_factory=time.perf_counter)
    stats: SolveStats = field(default_factory=SolveStats)
    work: float | None = None
    spent: float = 0.0
    parent: Budget | None = field(default=None, repr=False)  # a part's work is charged to it too

    def remaining(self) -> float:
        return self.options.time_limit - (time.perf_counter() - self.start)

    def work_left(self) -> float | None:
        """Deterministic time left under ``work`` (None: no such cap)."""
        return None if self.work is None else self.work - self.spent

    def expired(self) -> bool:
        left = self.work_left()
        return self.remaining() <= 0.005 or left is not None and left <= 0.005

    def part(self, seconds: float, work: float | None = None) -> Budget:
        """A budget of ``seconds`` from now (at most what is left) for one step of this solve,
        adding its effort to the same stats and its deterministic time to this budget's ``spent``
        too; ``work`` caps its deterministic time as well (never beyond this budget's own cap)."""
        left = self.work_left()
        if left is not None:
            work = left if work is None else min(work, left)
        return Budget(self.options.with_(time_limit=max(0.0, min(seconds, self.remaining()))), stats=self.stats,
                      work=work, parent=self)

    def note(self, phase: str, since: float) -> float:
        """Add the seconds since ``since`` to ``phase`` in the stats (deduce, build, first, proof); returns now."""
        now = time.perf_counter()
        self.stats.phases[phase] = self.stats.phases.get(phase, 0.0) + now - since
        return now


def run(
    model: cp_model.CpModel, budget: Budget, hint: bool = False, params: Mapping[str, Any] | None = None
) -> tuple[SolverStatus, cp_model.CpSolver]:
    """Solve ``model`` within the budget; returns (CP-SAT status, solver) and records effort.

    ``params``: extra CP-SAT parameters for this model (a list value extends a repeated field,
    e.g. ``subsolvers``); the time limit always comes from the budget.
    """
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    p = solver.parameters
    p.max_time_in_seconds = max(0.01, budget.remaining())
    if (work := budget.work_left()) is not None:
        p.max_deterministic_time = max(0.01, work)
    p.num_workers = max(1, budget.options.workers)
    p.random_seed = budget.options.seed
    if hint:
        p.repair_hint = False
    for name, value in (params or {}).items():
        if isinstance(value, list | tuple):
            getattr(p, name).extend(value)
        else:
            setattr(p, name, value)
    t0 = time.perf_counter()
    status = solver.solve(model)
    budget.stats.add(solver.num_branches, solver.num_conflicts, time.perf_counter() - t0)
    charged: Budget | None = budget
    while charged is not None:
        charged.spent += solver.deterministic_time
        charged = charged.parent
    return status, solver


def found(status: SolverStatus | int) -> bool:
    from ortools.sat.python import cp_model

    return status in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def exclude(model: cp_model.CpModel, bools: Sequence[cp_model.IntVar], solver: cp_model.CpSolver) -> None:
    """Forbid the assignment ``solver`` found for ``bools``: at least one of them must differ."""
    model.add_bool_or([b.Not() if solver.boolean_value(b) else b for b in bools])


def solve_twice(
    model: cp_model.CpModel,
    decision: Sequence[cp_model.IntVar],
    decode: Callable[[cp_model.CpSolver], Solution],
    options: SolveOptions,
    *,
    budget: Budget | None = None,
    params: Mapping[str, Any] | None = None,
    runner: Callable[[cp_model.CpModel, Budget], tuple[SolverStatus, cp_model.CpSolver]] | None = None,
    known: tuple[Solution, Sequence[bool]] | None = None,
    shortcut: Callable[[Solution], Solution | None] | None = None,
) -> SolveResult:
    """The standard verdict: find a solution, then (if asked) look for another one.

    ``decision`` must be Booleans that fully determine a solution (two solutions that agree on
    them are the same answer), and ``decode`` reads a solution from a solver. ``params``: extra
    CP-SAT parameters for both calls (see :func:`run`). ``runner(model, budget)``: one solve
    instead of :func:`run` (e.g. a lazy-cut loop). ``known``: a solution already in hand and its
    ``decision`` values (only the uniqueness search runs). ``shortcut(first)``: a second solution
    found without search, or None; tried before the uniqueness search.
    """
    from ortools.sat.python import cp_model

    budget = budget or Budget(options)

    def solve() -> tuple[SolverStatus, cp_model.CpSolver]:
        return runner(model, budget) if runner is not None else run(model, budget, params=params)

    if known is None:
        t0 = time.perf_counter()
        status, solver = solve()
        budget.note("first", t0)
        if status == cp_model.INFEASIBLE:
            return no_solution(budget)
        if not found(status):
            return timeout_result(budget)
        first = decode(solver)
        values: Sequence[bool] = [solver.boolean_value(b) for b in decision]
    else:
        first, values = known
    if not options.unique:
        return SolveResult(Status.SOLVED, solution=first, stats=budget.stats)
    if shortcut is not None and (other := shortcut(first)) is not None:
        return SolveResult(Status.MULTIPLE, solution=first, second_solution=other, stats=budget.stats)
    if known is None:
        narrow(model, solver)
    model.add_bool_or([b.Not() if v else b for b, v in zip(decision, values, strict=True)])
    # hint the first solution: the second search starts near it
    model.clear_hints()  # type: ignore[no-untyped-call]
    for b, v in zip(decision, values, strict=True):
        model.add_hint(b, v)
    t0 = time.perf_counter()
    status, solver2 = solve()
    budget.note("proof", t0)
    if status == cp_model.INFEASIBLE:
        return SolveResult(Status.UNIQUE, solution=first, stats=budget.stats)
    if found(status):
        return SolveResult(Status.MULTIPLE, solution=first, second_solution=decode(solver2), stats=budget.stats)
    res = timeout_result(budget)
    res.solution = first  # a solution was found, uniqueness could not be settled in time
    return res


def narrow(model: cp_model.CpModel, solver: cp_model.CpSolver) -> bool:
    """Shrink ``model``'s variable domains to those ``solver`` derived while solving it, when it
    ran with :data:`NARROW_PARAMS` on a model without objective; True when done.

    CP-SAT documents these domains as holding every feasible solution when presolve keeps all of
    them (no symmetry breaking either), so a uniqueness proof may start from them: on a big
    area-division board the first solve fixes about 70 % of the Booleans at its root, and the
    proof that took as long as the first answer then takes a few dozen conflicts."""
    p = solver.parameters
    if (not p.fill_tightened_domains_in_response or not p.keep_all_feasible_solutions_in_presolve
            or p.symmetry_level != 0 or model.has_objective()):
        return False
    tight = solver.response_proto.tightened_variables
    if len(tight) != len(model.proto.variables):
        return False
    for var, domain in zip(model.proto.variables, tight, strict=True):
        var.copy_from(domain)  # in place: the model's variables keep pointing at these protos
    return True


def no_solution(budget: Budget) -> SolveResult:
    """The ``none`` verdict: the model is infeasible."""
    return SolveResult(Status.NONE, message=Message("no-solution"), stats=budget.stats)


def timeout_result(budget: Budget) -> SolveResult:
    """The ``timeout`` verdict: the time limit ran out first."""
    limit = budget.options.time_limit
    return SolveResult(Status.TIMEOUT, message=Message("timeout", {"seconds": f"{limit:g}"}), stats=budget.stats)


def staged(options: SolveOptions, start: Callable[[], S], search: Callable[[S, int, float], list[ShadeRows]],
           fallback: Callable[[S, Budget, int], ShadeOutcome]) -> ShadeOutcome:
    """The verdict of a shading genre whose own search settles nearly every board: ``start()``
    deduces (a :class:`~solvers.trial.Contradiction`: no answer), ``search(state, limit, deadline)``
    counts up to ``limit`` answers within half the time left, and where it raises
    :class:`~solvers.trial.OutOfBudget` ``fallback(state, budget, limit)`` asks CP-SAT."""
    budget = Budget(options)
    limit = 2 if options.unique else 1
    t0 = time.perf_counter()
    try:
        state = start()
    except trial.Contradiction:
        budget.note("deduce", t0)
        return ShadeOutcome(Status.NONE, stats=budget.stats)
    t0 = budget.note("deduce", t0)
    try:
        answers = search(state, limit, t0 + budget.remaining() / 2)
    except trial.OutOfBudget:
        budget.note("search", t0)
        return fallback(state, budget, limit)
    budget.note("search", t0)
    return ShadeOutcome.of(answers, options, budget.stats)
