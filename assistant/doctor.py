"""``privacy-assistant doctor [--repair] [--json]``: is the data folder's vector index whole? Rebuild it from the stored text.

Exit status 0 when the index is healthy (or was repaired), 1 when problems remain.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

from .progress import progress_printer

EXIT_PROBLEMS = 1


def cmd_doctor(args: argparse.Namespace, make_assistant: Callable[[argparse.Namespace], Any]) -> int:
    from .core import drain

    a = make_assistant(args)
    before = a.check_index()
    after = drain(a.repair_index(), progress_printer(getattr(args, "quiet", False))) if args.repair and not before.healthy else None
    final = after or before
    if args.json:
        print(json.dumps({"found": before.to_json(), "after_repair": after.to_json() if after else None, "healthy": final.healthy},
                         indent=2, ensure_ascii=False))
        return 0 if final.healthy else EXIT_PROBLEMS
    for line in before.problems():
        print(f"problem: {line}")
    if before.healthy:
        bundles = len(before.bundles)
        passages = sum(b.passages for b in before.bundles)
        print(f"ok: the vector index matches the stored passages ({bundles} bundle{'s' if bundles != 1 else ''}, {passages} passages)")
    elif after is None:
        print("run 'privacy-assistant doctor --repair' to rebuild the vector index from the stored text")
    elif after.healthy:
        print(f"repaired: {after.repaired} passages re-embedded, {after.dropped} stale vectors or collections dropped; the index is whole")
    else:
        for line in after.problems():
            print(f"still: {line}")
    return 0 if final.healthy else EXIT_PROBLEMS


def add_parser(sub: Any, make_assistant: Callable[[argparse.Namespace], Any]) -> None:
    """Register ``doctor`` on the CLI's sub-parsers; ``make_assistant(args)`` opens the facade."""
    s = sub.add_parser("doctor", help="check the vector index against the stored documents; --repair rebuilds it")
    s.add_argument("--repair", action="store_true", help="rebuild what is missing or stale from the stored text (with progress)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=lambda args: cmd_doctor(args, make_assistant))
