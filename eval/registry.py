"""The evaluation suites, in one list: the command line (``privacy-assistant bench``) and the Benchmark tab are built from it.

Adding a suite is one module that defines ``SUITE`` (an :class:`eval.suite.Suite`) and one line in
:data:`SUITE_MODULES`. This module is also the desktop app's one door into ``eval``: the suites, the stored runs of
a data folder (:class:`StoredRuns`), the number format and where the research data lies.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from assistant.errors import InputError

from .datasets import find_genaipabench, policies_dir, regulations_dir
from .stats import fmt_number
from .suite import Plan, Suite

__all__ = ["SUITE_MODULES", "Plan", "StoredRuns", "Suite", "app_suites", "find_genaipabench", "fmt_number", "get", "policies_dir",
           "record_trust", "regulations_dir", "suites"]

#: Modules of ``eval`` defining a suite, in the order the command line lists them.
SUITE_MODULES = ("policyqa", "speed", "genaipabench", "privaci", "stance", "regulations", "opp115", "intents")


def suites(strict: bool = True, broken: dict[str, str] | None = None) -> list[Suite]:
    """Every registered suite; with ``strict=False`` a module that fails to load is left out (and named in ``broken``)."""
    out: list[Suite] = []
    for name in SUITE_MODULES:
        try:
            out.append(importlib.import_module(f"{__package__}.{name}").SUITE)
        except Exception as exc:  # noqa: BLE001 - one half-written suite must not hide the others from the app
            if strict:
                raise
            if broken is not None:
                broken[name] = f"{type(exc).__name__}: {exc}"
    return out


def app_suites(broken: dict[str, str] | None = None) -> list[Suite]:
    """The suites the Benchmark tab offers (those with a form), in registry order."""
    return [s for s in suites(strict=False, broken=broken) if s.form]


def record_trust(a: Any, suite: str, result: Any, folder: Path | None = None) -> int:
    """Keep a complete run's per-category figures for the app to show beside answers (:mod:`eval.trust`)."""
    from .trust import record

    return record(a, suite, result, folder)


def get(name: str) -> Suite:
    """The suite called ``name``; an :class:`InputError` for an unknown one."""
    for suite in suites():
        if suite.name == name:
            return suite
    raise InputError(f"unknown benchmark suite {name!r}")


class StoredRuns:
    """The runs a data folder's ``eval.db`` holds (the suites that store their answers: GenAIPABench, regulations), to browse."""

    def __init__(self, home: Path):
        from .results import ResultsDB

        self.home = Path(home)
        self.db = ResultsDB.for_home(self.home)

    def close(self) -> None:
        self.db.close()

    def runs(self, suites: Iterable[str]) -> list[dict[str, Any]]:
        """The stored runs of these suites, newest first."""
        wanted = set(suites)
        return [r for r in self.db.runs() if r.get("suite") in wanted]

    def run(self, run_id: str) -> dict[str, Any]:
        return self.db.run(run_id)

    def rows(self, run_id: str) -> list[dict[str, Any]]:
        """Every stored answer of a run with its scores (``free``, ``judges``)."""
        from .genaipabench import scored_rows

        return scored_rows(self.db, run_id)

    @staticmethod
    def figures(rows: list[dict[str, Any]]) -> dict[str, Any]:
        """Every figure of these answers (:func:`eval.figures.aggregate`)."""
        from .figures import aggregate

        return aggregate(rows)

    def report(self, run_id: str, folder: Path) -> list[Path]:
        """report.md, answers.csv and the charts of every stored answer of a run (:func:`eval.report.build_report`)."""
        from .report import build_report

        return [Path(p) for p in build_report(run_id, folder, db_path=self.db.path)]
