"""The verdict: the assistant's own reading of what the policy says about a question.

Every sentence of the bundle that states the question's practice (its verb, on personal data,
about the question's topics) is read for polarity ("we do not sell" → no; "we may share" → yes,
the policy reserves the right), for conditions ("if we learn that we collected…" decides
nothing) and for exceptions ("except with service providers"), by :mod:`polarity`. Conflicting
sentences are resolved by how closely each speaks to the question. The language model never decides this.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .ages import age_gate
from .blocking import cookie_gate
from .candidates import candidates, decisive_practices, in_scope, missing_topics, other_topic
from .close_reading import generic_verdict, heading_like, sentence_similarity
from .email_tracking import email_tracking_gate
from .intent import AFTER_LEAVING, PARTY_NAMES, Intent, read_question
from .models import Finding, Verdict
from .neighbours import indices_before
from .objects import DATA_KINDS, count_named, distinctive, names_objects
from .polarity import masked
from .providers import provider_gate
from .requirement import requirement_verdict
from .sentence_kinds import ANAPHORA, SCOPED, needed_for
from .sentence_reading import Reading, address_book_words, read_sentence, request_time
from .staff import confidence_gate, duty_gate, staff_gate
from .text import tokenize
from .verdict import MIN_RELEVANCE, NO_MARGIN, decide_verdict

#: A sentence this similar to the question needs not repeat its object words.
OBJECT_OVERRIDE = 0.55

#: A denial of what others do ("We do not allow our service providers to sell …"): about the company's own practice, less direct
#: than one of the company's own ("BrightCart does not sell …").
_OTHERS_DO = re.compile(r"\b(allow|permit|authori[sz]e|let|require|ask)\w*\s+(?:(?:our|any|other|these|such|its|their)\s+)*(?:(?!to\b)\w+\s+)?(service providers?|vendors?|"
                        r"partners?|(?:third|3rd)[- ]part\w*|contractors?|advertisers?|affiliates?|others|companies|processors?)\b[^.;]{0,40}\bto\b", re.I)


#: The words of a way to reach the company ("is there a phone number I can call?", "a mailing address to write to?").
_CHANNEL_WORDS = set(tokenize("phone telephone number call mailing postal street"))

#: Events a sentence continues by pointing back ("Should such an event occur, we will notify you"): few sentences tell of them.
_EVENTS = {"merger", "breach"}
#: A sentence whose subject is a party the company deals with ("Our advertising partner will make the data anonymous …").
_PARTY_SUBJECT = re.compile(rf"^\W*(?:\w+\s+){{0,4}}?(?:{PARTY_NAMES})\b(?!\s+(?:of|to|with)\b)", re.I)


def read_evidence(table: Any, intent: Intent, dense: Any, top_rows: list[int], qvec: Any = None,
                  embed: Callable[[list[str]], Any] | None = None, company: str = "", aliases: tuple[str, ...] = ()) -> list[Finding]:
    """Every candidate sentence that states (or pointedly denies) the question's practice, read for polarity."""
    practices = decisive_practices(intent)
    objects = distinctive(table, intent.object_terms)
    book = address_book_words(intent.question, objects)
    read: list[Reading] = []
    seen: set[str] = set()
    for c in candidates(table, intent, dense, top_rows):
        key = c.sentence.lower()
        if key in seen or len(c.sentence.split()) < 4 or heading_like(c.sentence):
            continue
        seen.add(key)
        reading = read_sentence(table, c, intent, objects, practices, book)
        if reading is not None:
            read.append(reading)
    # Only the sentences that survived the reading are embedded (a broad practice can match hundreds).
    sims = sentence_similarity(table, [r.candidate.sentence for r in read], qvec, embed, company, aliases)
    findings: list[Finding] = []
    # kinds of personal data asked about: a statement about all personal information stands in for them, but speaks of them
    # less directly than one naming them (a denial about all of it is as direct: it leaves nothing out)
    plain_kinds = bool(objects) and objects <= DATA_KINDS
    direct: list[Finding] = []  # those naming the question's object words: they speak to it more directly than those let in by similarity
    for r, sim in zip(read, sims):
        c = r.candidate
        if not r.named and (sim < OBJECT_OVERRIDE or (intent.practice == "contact" and objects & _CHANNEL_WORDS)):
            continue  # (a way of reaching them asked must be given: an e-mail link is no phone number to call)
        if r.polarity == "yes" and "children" not in intent.topics and _CHILD_ONLY.search(c.sentence):
            continue  # a statement about children only says nothing of the asker ("… from a child under 13, we will delete such information")
        relevance = (c.dense + sim) / 2 if sim else c.dense
        if ANAPHORA.search(c.sentence) and c.row > 0 and table.rows[c.row - 1].section_id == table.rows[c.row].section_id and (
                (back := missing_topics(intent, masked(c.sentence))) and not missing_topics(intent, masked(f"{table.rows[c.row - 1].text} {c.sentence}"))):
            relevance = max(relevance, float(dense[c.row - 1]))  # "Should such an event occur, we will notify you": as close as what it continues
            if r.polarity in ("yes", "no") and back <= _EVENTS:
                relevance = max(relevance, MIN_RELEVANCE)  # … and on point where what it continues is the event asked of (a merger, a breach)
        if r.forced:  # a sentence of the very kind the question asks about is on point ("you must opt out separately on each device")
            relevance = max(relevance, MIN_RELEVANCE)
        # "… unless you provide certain information": what the act asked about needs, on point
        needed = r.polarity == "no" and intent.user_action and needed_for(intent.question, c.sentence)
        if needed:
            relevance = max(relevance, MIN_RELEVANCE)
        if r.polarity == "yes" and request_time(intent, c.sentence):
            relevance = max(relevance, MIN_RELEVANCE)  # "please allow us up to 10 business days to process your request": the very time asked
        if r.told:  # as close as the sentence before it that names what the question names
            relevance = max([relevance, *(float(dense[j]) for j in indices_before(table, c.row)
                                          if names_objects(objects, f"{table.rows[j].heading} {table.rows[j].text}"))])
        scoped = SCOPED.search(masked(c.sentence)) and not SCOPED.search(intent.question)  # "… by default?" asks about the default
        relevance -= 0.1 if r.polarity == "no" and not r.forced and not needed and (scoped or other_topic(intent, c.sentence) or _OTHERS_DO.search(c.sentence)) else 0.0
        findings.append(Finding(sentence=c.sentence, cite_id=table.rows[c.row].cite_id, row=c.row, relevance=relevance,
                                polarity=r.polarity, exception=r.exception, practice=r.practice, rows=c.rows,
                                named=count_named(objects, f"{table.rows[c.row].heading} {c.piece or c.sentence}") if objects else 0,
                                in_scope=in_scope(intent, table.rows[c.row], c.sentence), needed=bool(needed)))
        if r.named and objects and r.polarity in ("yes", "no") and (findings[-1].named or not plain_kinds or r.polarity == "no"):
            direct.append(findings[-1])
    if direct:
        findings = [f for f in findings if f in direct or f.polarity not in ("yes", "no")]
    if intent.onward:  # "can that partner pass my name on?": what the parties themselves may do, not what the company does
        findings = [f for f in findings if f.polarity not in ("yes", "no") or _PARTY_SUBJECT.search(f.sentence) or _OTHERS_DO.search(f.sentence)]
    findings.sort(key=lambda f: -f.relevance)
    return findings


#: A sentence about a child's data only ("information from a child under 13").
_CHILD_ONLY = re.compile(r"\b(?:from|of|about) (?:a |any )?(?:child|children|minors?|kids?) (?:under|below|younger than)\b", re.I)


#: The questions one sentence of a kind of its own answers (each gate returns that sentence as a finding, or None), and the reason given.
_GATES: tuple[tuple[Callable[[Any, Intent, Any], Finding | None], str], ...] = (
    (age_gate, "the policy sets an age limit above the age in the question"),
    (staff_gate, "the policy says access is limited"),
    (cookie_gate, "the policy says what works with cookies blocked"),
    (provider_gate, "the policy says those working for the company may not use it for themselves"),
    (duty_gate, "the policy says its people are bound to confidentiality"),
    (email_tracking_gate, "the policy says its emails can report back"),
    (confidence_gate, "the policy says what users send is not confidential"),
)


def decide(table: Any, scored: Any, intent: Intent, decision: Any, qvec: Any = None, embed: Callable[[list[str]], Any] | None = None,
           company: str = "", aliases: tuple[str, ...] = (), top_k: int = 15) -> Verdict:
    """The verdict on a question over a bundle's passage table (``decision``: the answerability check of :mod:`answering`)."""
    import numpy as np

    if decision.status == "not_applicable":
        return Verdict("not_applicable", decision.reason)
    top_rows = [int(i) for i in np.argsort(-scored.fused, kind="stable")[:top_k]]
    # questions one sentence of a kind of its own answers, read before the practice's sentences: "I'm 19, am I allowed to get their
    # emails?" — "no one under the age of 21 is allowed to receive our emails"; "does X limit which employees can see my info?" —
    # "only authorized individuals have access to the information"; "can I still log in with cookies blocked?" — "if you reject
    # cookies, you will not be able to sign in"
    for gate, reason in _GATES:
        answer = gate(table, intent, scored.dense)
        if answer is not None:
            if gate is age_gate and answer.polarity == "yes":
                reason = "the policy asks a parent's consent below an age above the one in the question"
            return Verdict(answer.polarity, reason, [answer], [], answer.relevance)
    findings = read_evidence(table, intent, scored.dense, top_rows, qvec, embed, company, aliases)
    if intent.practice:
        verdict = decide_verdict(intent, findings)
        if intent.practice == "delete" and verdict.stance == "yes":
            verdict.exceptions = _kept_after_deletion(table, scored, top_rows)[:2] + verdict.exceptions[:1]
        if intent.practice == "retain" and verdict.stance == "yes" and AFTER_LEAVING.search(intent.question):
            # "do they keep my data after I close my account?": what is kept leads, before what is deleted
            kept = [f for f in _kept_after_deletion(table, scored, top_rows) if f not in verdict.support][:2]
            verdict.support = kept + [f for f in verdict.support if f not in kept]
        return verdict
    # A practice the reader has no words for: the answerability check decides whether the policy speaks to it.
    if not decision.answerable:
        return Verdict("not_stated", decision.reason)
    if intent.yes_no and (needed := requirement_verdict(intent.question, findings, NO_MARGIN)):
        return needed  # "do i have to make an account just to look at the data?" — "You are not required to register"
    if intent.yes_no:
        found = generic_verdict(table, intent, top_rows, qvec, embed, company, aliases)
        if found:
            return found
        return Verdict("unclear", "related text exists, but the assistant cannot tell whether it says yes or no", findings[:2], [],
                       findings[0].relevance if findings else 0.0)
    return Verdict("answered", "the policy has text on this")


#: The question a right to delete is checked against: what is kept after it.
_KEEPING = read_question("How long do they keep my data after I delete my account?")
_KEPT_AFTER = re.compile(r"\b(years?|after (you|your|the|an|account)|even after|law|legal|tax|required|obligat\w*|exception\w*)\b", re.I)


def _kept_after_deletion(table: Any, scored: Any, top_rows: list[int]) -> list[Finding]:
    """What the bundle says is kept in spite of a deletion ("order records are kept for 7 years"): the limits of a right to delete."""
    found = read_evidence(table, _KEEPING, scored.dense, top_rows)  # passage similarity is enough to rank the limits
    kept = [f for f in found if f.polarity == "yes" and _KEPT_AFTER.search(f.sentence) and not re.search(r"\bdelet\w*", f.sentence, re.I)]
    return sorted(kept, key=lambda f: not re.search(r"\b\w+ (years?|months?)\b", f.sentence))  # a stated period first
