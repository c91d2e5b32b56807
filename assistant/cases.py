"""A denial of one kind of data that leaves room for what the question asks: "we will not sell … your email address" against
"we may exchange or rent your name and mailing address" for "does the times rent or sell my info?"."""

from __future__ import annotations

from .intent import Intent
from .models import Finding
from .objects import DATA_KINDS
from .sentence_kinds import ALL_DATA
from .text import tokenize


def narrower_denial(intent: Intent, yes: list[Finding], no: list[Finding], margin: float) -> list[Finding]:
    """The statements (close enough to the denial) of sharing or selling other data than the kinds the leading denial names, for
    a question about the user's data at large; empty when there is none."""
    if intent.practice not in ("share", "sell") or intent.object_terms or not (yes and no) or ALL_DATA.search(no[0].sentence):
        return []
    if set(tokenize(intent.question)) & DATA_KINDS:
        return []  # ("can they give my email to their other customers?": a kind of data asked, which denials and statements name)
    denied = set(tokenize(no[0].sentence)) & DATA_KINDS
    return [f for f in yes if denied and f.relevance + margin >= no[0].relevance
            and (ALL_DATA.search(f.sentence) or (set(tokenize(f.sentence)) & DATA_KINDS) - denied)]
