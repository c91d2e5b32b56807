"""``privacy-assistant bench SUITE``: the sub-commands and their dispatch, built from the suite registry (called by assistant.cli)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from assistant.core import drain
from assistant.progress import progress_printer

from . import registry, trust
from .suite import print_figures


def add_parsers(bsub: Any) -> None:
    """Add every registered suite to the ``bench`` sub-command."""
    for suite in registry.suites():
        suite.add_arguments(bsub.add_parser(suite.name, help=suite.help, description=suite.description))


def run(args: argparse.Namespace, make_assistant: Callable[[], Any]) -> int:
    """Run the suite named by ``args.suite`` (settings validated before ``make_assistant`` loads anything); the exit code."""
    suite = registry.get(args.suite)
    settings = suite.from_args(args)
    a = make_assistant() if suite.uses_assistant else None
    result = drain(suite.run(a, settings, None), progress_printer(getattr(args, "quiet", False)))
    folder = getattr(args, "report", None)
    if folder and suite.write_report is not None:
        files = suite.write_report(a, result, Path(folder))
        if isinstance(result, dict):
            result["report"] = {"dir": str(Path(folder)), "files": [str(f) for f in files]}
    if a is not None:
        trust.record(a, suite.name, result, Path(folder) if folder else None)
    (suite.print_result or print_figures)(args, result)
    return suite.exit_code(result)
