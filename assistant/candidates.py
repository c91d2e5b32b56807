"""Which sentences the verdict reader reads for a question: those naming its practice anywhere in the bundle and those of
the best passages (:func:`candidates`), the practices that decide it, and whether a text speaks of the question's topics
(a regional notice speaks of its region throughout)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .intent import REGION_ONLY, Intent
from .polarity import masked
from .refusals import CANNOT_REFUSE, asks_by_way, channel_refused, refusal_asked
from .sentences import row_sentences
from .vocabulary import BY_NAME, TOPIC_STATED


def missing_topics(intent: Intent, text: str) -> set[str]:
    """The question's topics a text does not speak of (a right granted to all needs not name California to answer a Californian)."""
    return {t for t in intent.topics if not topic_inherent(intent.practice, t) and not TOPIC_STATED[t].search(text)
            and not (t == "california" and intent.user_action and not REGION_ONLY.search(intent.question))}


SCOPING_TOPICS = ("email", "children", "location", "california", "abroad")


def other_topic(intent: Intent, sentence: str) -> bool:
    """Does a sentence speak of a topic the question does not ask about (a denial about e-mail messages, about children)?"""
    return any(t not in intent.topics and TOPIC_STATED[t].search(sentence) for t in SCOPING_TOPICS)


def topic_inherent(practice: str, topic: str) -> bool:
    """Topics a practice already implies (targeted ads are about advertisers; security covers the account)."""
    return ((practice == "targeted_ads" and topic in ("advertisers", "marketing", "third_parties"))
            or (practice in ("receive", "sell") and topic == "third_parties") or (practice == "public" and topic == "third_parties")
            # "can they keep hackers out of my account?": security covers every account
            or (practice == "protect" and topic == "account") or (practice == "social_login" and topic == "account")
            or (practice == "escalate" and topic in ("third_parties", "law")))  # an outside body or authority is where a complaint is taken


@dataclass
class Candidate:
    row: int
    sentence: str
    dense: float
    rows: tuple[int, ...] = ()  # the passages a long sentence cut into pieces runs over (empty: only ``row``)
    piece: str = ""  # the part of ``sentence`` in row ``row`` when it runs over several (empty: all of it)


def candidates(table: Any, intent: Intent, dense: Any, top_rows: list[int]) -> list[Candidate]:
    """Sentences that may speak to the question: those naming its practice anywhere in the bundle, and those of the best passages."""
    verbs = [BY_NAME[p].stated for p in intent.practices[:2]]
    rows = dict.fromkeys(top_rows)
    if verbs:
        for i, r in enumerate(table.rows):
            if any(v.search(r.text) for v in verbs):
                rows[i] = None
    if asks_by_way(intent.question, intent.user_action):  # "can I just call them to make my request?": a refusal of requests made that way, wherever it stands
        for i, r in enumerate(table.rows):
            if channel_refused(intent.question, r.text):
                rows[i] = None
    if refusal_asked(intent.question, intent.user_action, intent.practices):
        # "can I block the tracking pixels?": a sentence saying they cannot be refused, wherever it stands
        for i, r in enumerate(table.rows):
            if CANNOT_REFUSE.search(r.text):
                rows[i] = None
    out: list[Candidate] = []
    for i in rows:
        for s, pieces, piece in row_sentences(table, i):
            out.append(Candidate(i, s, float(dense[i]), pieces, piece))
    return out


def decisive_practices(intent: Intent) -> list[str]:
    """The practices a sentence is read for: the question's main one, and a second one that answers it as well ("sell" and
    "share": only a denial of any sharing answers "do they sell it?")."""
    main = intent.practice
    if not main:
        return []
    extra = [p for p in intent.practices[1:2] if {main, p} in ({"sell", "share"}, {"targeted_ads", "cookies"}, {"combine", "cookies"}, {"targeted_ads", "share"}, {"share", "collect"}, {"outsource", "share"}, {"collect", "use"})]
    return [main, *extra]


def in_scope(intent: Intent, row: Any, text: str) -> bool:
    """Is the text in a regional notice whose title names the question's topics it does not name itself ("BrightCart does not
    sell your personal information for money" in the "California Privacy Notice", for "do they sell data of Californians?")?"""
    return (row.document_kind == "regional_notice" and bool(missing_topics(intent, masked(text)))
            and not missing_topics(intent, masked(f"{row.document} {text}")))
