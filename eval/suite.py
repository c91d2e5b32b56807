"""What an evaluation suite is: the contract every suite module fills in, and the command-line helpers they share.

A suite module defines one :class:`Suite` named ``SUITE`` and is named in :data:`eval.registry.SUITE_MODULES`; that
is all it takes for it to appear as ``privacy-assistant bench NAME`` and in the desktop app's Benchmark tab.
"""

from __future__ import annotations

import argparse
import json
import threading
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import InputError

#: ``run(assistant, settings, cancel)``: yields small progress dataclasses (:class:`assistant.models.Progress`), returns the result.
Runner = Callable[[Any, Any, "threading.Event | None"], Generator[Any, None, Any]]


@dataclass(frozen=True)
class Plan:
    """What a suite's settings ask for: how many answers (0 = nothing to run) and a sentence saying so."""

    count: int
    text: str


@dataclass(frozen=True)
class Suite:
    """One evaluation suite: its settings, its runner, its report and its command line."""

    name: str  # the CLI sub-command, e.g. "genaipabench"
    title: str  # one line for the Benchmark tab's list
    help: str  # the CLI sub-command's help
    settings: Callable[[], Any]  # a settings dataclass with this suite's defaults
    run: Runner
    add_arguments: Callable[[argparse.ArgumentParser], None]
    from_args: Callable[[argparse.Namespace], Any]  # validated settings, before any model is loaded
    summary: Callable[[Any], dict[str, Any]]  # the key figures of a result, label -> value
    write_report: Callable[[Any, Any, Path], list[Path]] | None = None  # (assistant, result, folder) -> files written
    print_result: Callable[[argparse.Namespace, Any], None] | None = None  # default: print_figures
    exit_code: Callable[[Any], int] = lambda _result: 0
    plan: Callable[[Any], Plan] | None = None  # how many answers the settings ask (shown before Start)
    description: str | None = None  # the CLI sub-command's description
    intro: str = ""  # a paragraph for the Benchmark tab
    form: str = "generic"  # the Benchmark tab's form: "replay", "stance", "generic"; "" = command line only
    choices: dict[str, Any] = field(default_factory=dict)  # what a form offers (documents, initializations, …)
    uses_assistant: bool = True  # False: the suite makes its own assistant (speed)
    report_name: Callable[[Any], str] | None = None  # the report folder's name for a result (default: SUITE-YYYYmmdd-HHMMSS)


def complete(result: Any) -> int:
    """Exit code 0 for a complete run, 1 for a cancelled one."""
    return 0 if result.get("status") == "complete" else 1


def positive(value: int | None, flag: str) -> None:
    if value is not None and value < 1:
        raise InputError(f"{flag} must be at least 1")


FIGURE_KEYS = ("suite", "run_id", "status", "n", "proxy_m_all", "proxy_band", "judge", "judge_m_all", "judge_errors", "citation_validity",
               "abstention_accuracy", "verdict_agreement", "similarity", "paraphrase_consistency", "article_citation_rate", "accuracy",
               "macro_f1", "majority_baseline", "vote_accuracy", "spearman", "mae", "answers_per_minute", "judge_scores_per_minute",
               "wall_seconds")


def print_figures(args: argparse.Namespace, result: dict[str, Any]) -> None:
    """One JSON object with ``--json``, else the headline figures one per line."""
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False, default=str))
        return
    for k in FIGURE_KEYS:
        if k in result and result[k] is not None:
            v = result[k]
            print(f"{k}: {v:.4f}" if isinstance(v, float) else f"{k}: {v}")
    if result.get("judges") and result.get("suite") == "genaipabench-human":
        for name, j in result["judges"].items():
            print(f"{name}: spearman {j.get('spearman')}, mae {j.get('mae')}, n {j.get('n')}, errors {j.get('errors')}")
    if result.get("report"):
        print(f"report: {result['report']['dir']}")


def figures(result: dict[str, Any], keys: tuple[str, ...] = FIGURE_KEYS[3:]) -> dict[str, Any]:
    """The headline figures a result has (for display), in ``keys`` order."""
    return {k: result[k] for k in keys if result.get(k) is not None}
