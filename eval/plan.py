"""What a GenAIPABench replay asks: the documents (targets), the initializations, the options, and the plan (Algorithm 1).

For each of ``runs`` seeded runs the questions are shuffled; then for each initialization every question is
asked with a fresh context (the facade keeps no conversation unless asked to, which is the paper's reset):

* ``cn``         company name only, no documents (closed book: what the model knows by itself);
* ``pd``         the policy bundle in the assistant's normal retrieval mode;
* ``pd-seg``     the paper's way of giving the document: its upstream segments ("Part N"), cited as ``Part ¶N``;
* ``summary-cn`` a summary written from the company name only, then the questions over that summary;
* ``summary-pd`` the assistant's cited summary of the bundle, then the questions over that summary.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

from assistant.errors import InputError

from .datasets import document_file, segments_dir
from .questions import CATEGORY_ALIASES, CATEGORY_NAMES, BankQuestion, Reference, fill, load_references, variants

POLICIES = ("airbnb", "facebook", "spotify", "twitter", "uber")
INITS: dict[str, str] = {
    "cn": "company name only, no documents (closed book)",
    "pd": "the policy bundle, normal retrieval mode",
    "pd-seg": "the policy in the paper's upstream segments (Part N)",
    "summary-cn": "a summary written from the company name only, then questions over it",
    "summary-pd": "the assistant's cited summary of the policy, then questions over it",
}
DEFAULT_INITS = ["cn", "pd", "summary-cn", "summary-pd"]
INIT_ALIASES = {"1": "cn", "2": "pd", "3": "summary-cn", "4": "summary-pd", "company": "cn", "document": "pd", "segments": "pd-seg",
                "pd_seg": "pd-seg", "summary_cn": "summary-cn", "summary_pd": "summary-pd", "scn": "summary-cn", "spd": "summary-pd"}
BUNDLE_INITS = {"pd", "summary-pd"}


@dataclass
class Target:
    """A document a question bank is asked about (a GenAIPABench policy or a regulation)."""

    key: str
    company: str
    bundle: str
    source: Path
    kind: str
    title: str
    references: dict[str, Reference]
    segments: Path | None = None
    regulation: str | None = None

    def fill(self, question: str) -> str:
        return fill(question, company=None if self.regulation else self.company, regulation=self.regulation)


def policy_target(root: Path, name: str) -> Target:
    """One of the five GenAIPABench policies, by (case-insensitive) name."""
    key = name.strip().lower()
    if key not in POLICIES:
        raise InputError(f"unknown policy {name!r} (choose from: {', '.join(POLICIES)})")
    path = document_file(root, "Privacy Policy", key, f"policy text for {name!r}")
    company = path.name.split("_")[0]
    seg = segments_dir(root, key)
    return Target(key, company, f"genaipabench-{key}", path, "privacy_policy", f"{company} Privacy Policy", load_references(key),
                  seg if seg.is_dir() else None)


def _parse_names(values: list[str], normalise: Callable[[str], str], aliases: dict[str, str], known: Collection[str],
                 what: str, choices: str, unique: bool) -> list[str]:
    """Comma-separated names -> canonical names, in the given order; an unknown one is an InputError."""
    out: list[str] = []
    for value in values:
        for raw in str(value).split(","):
            name = normalise(raw.strip())
            if not name:
                continue
            name = aliases.get(name, name)
            if name not in known:
                raise InputError(f"unknown {what} {raw.strip()!r} (choose from: {choices})")
            if not unique or name not in out:
                out.append(name)
    return out


def parse_inits(text: str | list[str] | None) -> list[str]:
    """'cn,pd,summary-cn' (or 1-4) -> canonical initialization names, in the given order."""
    if not text:
        return list(DEFAULT_INITS)
    parts = text if isinstance(text, list) else [text]
    out = _parse_names(parts, str.lower, INIT_ALIASES, INITS, "initialization", ", ".join(INITS), unique=True)
    if not out:
        raise InputError("no initialization given")
    return out


def parse_variants(text: str | None) -> list[str] | None:
    """'orig,p1' -> ["orig", "p1"]; 'paraphrases' = p1-p3; None = originals (plus paraphrases with --paraphrases)."""
    if not text:
        return None
    out: list[str] = []
    for raw in text.split(","):
        v = raw.strip().lower()
        names = ["p1", "p2", "p3"] if v in ("paraphrases", "p") else ["orig"] if v in ("orig", "original", "originals") else [v]
        for n in names:
            if not re.fullmatch(r"orig|p[1-9]", n):
                raise InputError(f"unknown variant {raw.strip()!r} (use orig, p1, p2, p3 or paraphrases)")
            if n not in out:
                out.append(n)
    return out or None


def parse_categories(values: list[str] | None) -> list[str]:
    return _parse_names(values or [], str.upper, CATEGORY_ALIASES, CATEGORY_NAMES, "category",
                        ", ".join(c for c in CATEGORY_NAMES if c != "PR"), unique=False)


def spread(questions: list[BankQuestion], limit: int | None) -> list[BankQuestion]:
    """The first ``limit`` questions taken round-robin over categories, so a quick check still covers them all."""
    if not limit or limit >= len(questions):
        return list(questions)
    if limit < 1:
        raise InputError("--limit must be at least 1")
    by_cat: dict[str, list[BankQuestion]] = {}
    for q in questions:
        by_cat.setdefault(q.category, []).append(q)
    out: list[BankQuestion] = []
    while len(out) < limit:
        for cat in list(by_cat):
            if by_cat[cat] and len(out) < limit:
                out.append(by_cat[cat].pop(0))
    return out


@dataclass
class ReplayConfig:
    """What to replay; ``answer_settings`` of the assistant and ``seed`` identify the run (so it resumes)."""

    policies: list[str] = field(default_factory=lambda: ["uber"])
    runs: int = 1
    inits: list[str] = field(default_factory=lambda: list(DEFAULT_INITS))
    paraphrases: bool = False
    limit: int | None = None
    categories: list[str] = field(default_factory=list)
    seed: int = 0
    data_root: str | None = None
    fresh: bool = False
    suite: str = "genaipabench"
    variants: list[str] | None = None  # e.g. ["p1", "p2", "p3"]: only these variants (implies paraphrases)
    judge: str | None = None  # a GGUF judge model, 'embedded' or '' (none); None = the assistant's settings.judge_model_path
    # scoring another system's answers against the analysts (eval.human) instead of asking
    answers: str | None = None
    scores: str | None = None
    section: str | None = None
    system: str | None = None


@dataclass
class Item:
    run_no: int
    init: str
    target: Target
    question: BankQuestion
    variant: str
    text: str

    @property
    def key(self) -> tuple[int, str, str, str, str]:
        return (self.run_no, self.init, self.target.key, self.question.id, self.variant)


def make_plan(targets: list[Target], questions: list[BankQuestion], cfg: ReplayConfig) -> list[Item]:
    """Algorithm 1: per document and run, one seeded shuffle Q' shared by every initialization."""
    items: list[Item] = []
    for target in targets:
        for run_no in range(1, cfg.runs + 1):
            wanted = set(cfg.variants or [])
            pairs = [(q, v, t) for q in questions for v, t in variants(q, cfg.paraphrases or any(w != "orig" for w in wanted))
                     if not wanted or v in wanted]
            random.Random(cfg.seed * 1000 + run_no).shuffle(pairs)
            for init in cfg.inits:
                items += [Item(run_no, init, target, q, v, target.fill(t)) for q, v, t in pairs]
    return items


def segments_text(target: Target) -> str:
    """The policy as the paper gave it: upstream segments, one line per "Part N" (cited ``Part ¶N``)."""
    if target.segments is None or not target.segments.is_dir():
        raise InputError(f"no upstream segments for {target.company} (needed by initialization pd-seg)")
    parts = sorted(target.segments.glob("Part *.txt"), key=lambda p: int(re.sub(r"\D", "", p.stem) or 0))
    if not parts:
        raise InputError(f"{target.segments} has no 'Part N.txt' files")
    lines = []
    for p in parts:
        body = " ".join(p.read_text(encoding="utf-8", errors="replace").split())
        lines.append(re.sub(r"^Part \d+:\s*", "", body))
    return "\n".join(lines)
