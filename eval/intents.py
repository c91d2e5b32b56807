"""Question reading on questions nobody tuned it on: real users' questions (PrivacyQA) and published paraphrases (GenAIPABench).

Every verdict starts from :func:`assistant.intent.read_question`: which practice a question asks about. Two measures
from ``../shared`` that the stance truth sets do not contain:

* **PrivacyQA agreement**: PrivacyQA's 1,350 questions, typed by crowd workers about mobile apps, carry the OPP-115
  categories of the policy text that answers them. A question read as a practice of one of its categories agrees
  (collect/use → First Party Collection/Use; share/sell → Third Party Sharing; retain → Data Retention; protect →
  Data Security; access/correct/delete → User Access; opt-out → User Choice); also reported: questions read as no
  practice at all. Questions flagged only "other" or nothing are left out.
* **Paraphrase agreement**: GenAIPABench's 32 policy questions with three paraphrases each: the share of questions
  whose four wordings are read as the same practice.

No model, embedder or policy is used: this measures the reader alone, in a second.
"""

from __future__ import annotations

import argparse
import json
import threading
from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import InputError
from assistant.intent import read_question
from assistant.models import Progress

from .datasets import shared_data_root
from .suite import Plan, Suite

#: PrivacyQA's category columns, in file order.
CATEGORIES = ("first", "third", "datasecurity", "dataretention", "user_access", "user_choice", "other")
#: The OPP-115 category each practice of the reader belongs to.
PRACTICE_CATEGORY = {"collect": "first", "use": "first", "combine": "first", "cookies": "first", "share": "third", "sell": "third",
                     "receive": "third", "transfer_abroad": "third", "outsource": "third", "targeted_ads": "third", "protect": "datasecurity",
                     "retain": "dataretention", "access": "user_access", "correct": "user_access", "delete": "user_access",
                     "opt_out": "user_choice", "honor_dnt": "user_choice"}


@dataclass
class IntentSettings:
    """Where PrivacyQA's question file is (default: the shared data folder's)."""

    privacyqa: Path = field(default_factory=lambda: shared_data_root() / "privacyqa" / "train_opp_annotations.csv")
    paraphrases: bool = True


def load_privacyqa(path: Path) -> list[tuple[str, set[str]]]:
    """(question, categories flagged) of a PrivacyQA annotation file (tab-separated, as published)."""
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise InputError(f"cannot read the PrivacyQA questions {path}: {exc.strerror or exc}") from exc
    if not lines or "Query" not in lines[0]:
        raise InputError(f"{path} is not a PrivacyQA annotation file (no Query column)")
    out = []
    for line in lines[1:]:
        parts = line.split("\t")
        if len(parts) < len(CATEGORIES) + 1:
            continue
        flags = parts[-len(CATEGORIES):]
        out.append((parts[-len(CATEGORIES) - 1].strip(), {c for c, v in zip(CATEGORIES, flags) if v.strip() == "1"}))
    return out


def run(_assistant: Any, st: IntentSettings, cancel: threading.Event | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Read every question; returns the agreement figures and the questions read as another practice or none."""
    yield Progress("read", "reading PrivacyQA's questions", 0, 2)
    counts: Counter[str] = Counter()
    by_practice: Counter[str] = Counter()
    misread: list[dict[str, Any]] = []
    for question, flags in load_privacyqa(st.privacyqa):
        if not flags - {"other"}:
            continue
        practice = read_question(question).practice
        by_practice[practice or "(none)"] += 1
        if not practice:
            counts["none"] += 1
        elif PRACTICE_CATEGORY.get(practice) in flags:
            counts["agree"] += 1
        else:
            counts["other"] += 1
            misread.append({"question": question, "practice": practice, "categories": sorted(flags)})
    n = sum(counts.values())
    result: dict[str, Any] = {"suite": "intents", "status": "complete", "n": n,
                              "privacyqa_agreement": round(counts["agree"] / n, 4) if n else None,
                              "privacyqa_no_practice": round(counts["none"] / n, 4) if n else None,
                              "privacyqa_other_practice": round(counts["other"] / n, 4) if n else None,
                              "practices": dict(by_practice.most_common()), "misread": misread}
    if st.paraphrases and not (cancel is not None and cancel.is_set()):
        yield Progress("read", "reading GenAIPABench's paraphrases", 1, 2)
        from .questions import fill, policy_bank, variants

        bank = policy_bank()
        same = [len({read_question(fill(text, "the company")).practice for _, text in variants(q)}) == 1 for q in bank.questions]
        result["paraphrase_agreement"] = round(sum(same) / len(same), 4) if same else None
        result["paraphrase_questions"] = len(same)
    return result


def add_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--privacyqa", metavar="CSV", help="PrivacyQA's train_opp_annotations.csv (default: the shared data folder's)")
    s.add_argument("--no-paraphrases", action="store_true", help="leave out GenAIPABench's paraphrase sets")
    s.add_argument("--json", action="store_true", help="print the whole result as JSON")


def from_args(args: argparse.Namespace) -> IntentSettings:
    st = IntentSettings(paraphrases=not args.no_paraphrases)
    if args.privacyqa:
        st.privacyqa = Path(args.privacyqa)
    if not st.privacyqa.is_file():
        raise InputError(f"PrivacyQA questions not found: {st.privacyqa}")
    return st


def print_result(args: argparse.Namespace, result: dict[str, Any]) -> None:
    """The figures, one per line (the whole result with ``--json``)."""
    if args.json:
        print(json.dumps(result, indent=2, ensure_ascii=False))
        return
    print(f"PrivacyQA questions: {result['n']}")
    for key in ("privacyqa_agreement", "privacyqa_no_practice", "privacyqa_other_practice", "paraphrase_agreement"):
        if result.get(key) is not None:
            print(f"{key}: {result[key]:.4f}")
    if result.get("paraphrase_questions"):
        print(f"paraphrase_questions: {result['paraphrase_questions']}")


def _plan(st: IntentSettings) -> Plan:
    return Plan(1, "read PrivacyQA's questions and GenAIPABench's paraphrases (no model)")


SUITE = Suite(
    name="intents", title="Question reading on real users' questions",
    help="which practice each PrivacyQA question and GenAIPABench paraphrase is read as (no model, about a second)",
    description="Read PrivacyQA's 1,350 real user questions and GenAIPABench's paraphrase sets with the assistant's question "
                "reader; report how often the practice read agrees with the OPP-115 categories of the answering text, how "
                "often no practice is read, and how often four wordings of one question are read alike.",
    settings=IntentSettings, run=run, add_arguments=add_arguments, from_args=from_args,
    summary=lambda result: {k: result.get(k) for k in ("n", "privacyqa_agreement", "privacyqa_no_practice", "paraphrase_agreement")},
    print_result=print_result, plan=_plan, form="", uses_assistant=False,
)
