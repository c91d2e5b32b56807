"""``privacy-assistant selftest``: does this installation work? Also what the packaged app runs after it is built.

It loads the embedded model and embedder, ingests the sample bundle into a temporary folder, asks the retention
question, checks the verdict and every citation against the stored sections, opens the window offscreen and closes
it. Each check prints one line; the exit status is 0 when all passed, 1 otherwise (the failing checks say why).
The user's own data folder is never touched.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

QUESTION = "How long is my data stored?"
EXIT_FAILED = 1


@dataclass
class Check:
    """One step of the self-test."""

    name: str
    ok: bool
    detail: str
    seconds: float = 0.0

    def line(self) -> str:
        return f"{'ok  ' if self.ok else 'FAIL'} {self.name}: {self.detail} ({self.seconds:.1f} s)"


def _timed(name: str, fn: Callable[[], str]) -> Check:
    t0 = time.perf_counter()
    try:
        detail = fn()
        return Check(name, True, detail, time.perf_counter() - t0)
    except Exception as exc:  # noqa: BLE001 - a self-test reports every failure as a line, never a traceback
        return Check(name, False, f"{type(exc).__name__}: {exc}", time.perf_counter() - t0)


def answer_problems(answer: Any, sections: dict[str, str]) -> list[str]:
    """What is wrong with the retention answer of the sample bundle ([] when it is right)."""
    problems = []
    if answer.status != "answered":
        problems.append(f"status {answer.status!r}, expected 'answered'")
    if answer.stance not in ("answered", "yes"):
        problems.append(f"verdict {answer.stance!r}, expected a stated answer")
    if not re.search(r"\b\d+\s*(days?|months?|years?)\b", answer.text, re.I):
        problems.append("the answer names no retention period")
    if not answer.citations:
        problems.append("no citation")
    for c in answer.citations:
        stored = sections.get(c.cite_id)
        if stored is None:
            problems.append(f"citation {c.cite_id} is no section of the bundle")
        elif not all(" ".join(part.split()) in " ".join(stored.split()) for part in c.text.split("…") if part.strip()):
            problems.append(f"citation {c.cite_id} does not quote its section")  # an excerpt joins its sentences with "…"
    return problems


def run(window: bool = True, model: bool = True, keep: Path | None = None, settings: Any = None,
        open_window: Callable[[Any], str] | None = None, echo: Callable[[str], None] | None = None) -> list[Check]:
    """Run every check in a temporary data folder (kept at ``keep`` when given); each check is echoed as it ends.

    ``settings`` (default: the shipped defaults) choose the model; ``model=False`` answers without one."""
    from .config import Settings
    from .core import Assistant, drain
    from .paths import sample_bundle_dir

    home = Path(keep) if keep else Path(tempfile.mkdtemp(prefix="privacy-assistant-selftest-"))
    checks: list[Check] = []
    settings = settings or Settings()
    if not model:
        settings.model_path = ""

    def step(name: str, fn: Callable[[], str]) -> bool:
        checks.append(_timed(name, fn))
        if echo:
            echo(checks[-1].line())
        return checks[-1].ok

    a: Any = None
    try:
        a = Assistant(home=home, settings=settings)
        state: dict[str, Any] = {}

        def load_model() -> str:
            status = a.model_status()
            if status["model"] is None:
                raise RuntimeError(f"the embedded model did not load: {status['error']}")
            return f"{status['model']} on {status['backend']}"

        def load_embedder() -> str:
            vec = a.embedder.embed(["privacy policy"])[0]
            ident = a.embedder.identity
            if len(vec) != ident.dimension:
                raise RuntimeError(f"vector of {len(vec)} dimensions, the embedder says {ident.dimension}")
            return ident.label()

        def ingest() -> str:
            result = drain(a.ingest([str(sample_bundle_dir())]))
            state["bundle"] = result.bundle
            n = len(a.documents(result.bundle))
            if n < 1:
                raise RuntimeError("no document was stored")
            return f"sample bundle {result.bundle!r}: {n} documents, {result.passages} passages"

        def ask() -> str:
            answer = drain(a.ask(state["bundle"], QUESTION, use_model=model))
            sections = {s.cite_id: s.text for d in a.documents(state["bundle"]) for s in a.sections(d.id or 0)}
            problems = answer_problems(answer, sections)
            if problems:
                raise RuntimeError("; ".join(problems) + f" — answer: {answer.text[:160]!r}")
            cites = ", ".join(c.cite_id for c in answer.citations)
            return f"{answer.stance}, {answer.mode}, cites {cites}: {answer.text[:90]!r}"

        if model:
            step("model", load_model)
        step("embedder", load_embedder)
        if step("ingest", ingest):
            step("answer", ask)
        if window and open_window is not None:
            step("window", lambda: open_window(a))
    finally:
        if a is not None:
            a.close()
        if keep is None:
            shutil.rmtree(home, ignore_errors=True)
    return checks


def cmd_selftest(args: argparse.Namespace, open_window: Callable[[Any], str] | None) -> int:
    from .config import OPTION_FIELDS, Settings

    t0 = time.perf_counter()
    settings = Settings()  # the shipped defaults, with the command line's global options (--model, --threads, …)
    for option, name in OPTION_FIELDS.items():
        if getattr(args, option, None) is not None:
            setattr(settings, name, getattr(args, option))
    checks = run(window=not args.no_window, model=not args.no_model, keep=Path(args.keep) if args.keep else None,
                 settings=settings.validate(), open_window=open_window, echo=None if args.json else print)
    failed = [c for c in checks if not c.ok]
    if args.json:
        print(json.dumps({"passed": not failed, "seconds": round(time.perf_counter() - t0, 2), "checks": [asdict(c) for c in checks]},
                         indent=2, ensure_ascii=False))
    elif failed:
        print(f"selftest FAILED: {', '.join(c.name for c in failed)}")
    else:
        print(f"selftest passed: {len(checks)} checks in {time.perf_counter() - t0:.1f} s")
    return EXIT_FAILED if failed else 0


def add_parser(sub: Any, open_window: Callable[[], Callable[[Any], str] | None]) -> None:
    """Register ``selftest``; ``open_window()`` gives the window check (None where the desktop app is not installed)."""
    s = sub.add_parser("selftest", help="check this installation: model, embedder, the sample bundle, a cited answer, the window")
    s.add_argument("--no-window", action="store_true", help="skip opening the window (offscreen)")
    s.add_argument("--no-model", action="store_true", help="skip the language model (extractive answer)")
    s.add_argument("--keep", metavar="DIR", help="use and keep this data folder instead of a temporary one")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=lambda args: cmd_selftest(args, None if args.no_window else open_window()))
