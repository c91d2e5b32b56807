"""The clauses of a question: where it asks (after a situation told first) and the verb of a "Do they <verb> …?" question."""

from __future__ import annotations

import re

from .text import tokenize
from .vocabulary import BY_NAME, rx

#: The words a question opens with.
ASKING_WORDS = r"(?:do|does|did|is|are|was|were|will|would|can|could|may|might|should|has|have|am|what|which|who|how|when|where|why)"
#: Clauses of a question (a second sentence may start in lower case: "… online contests. will they keep …").
CLAUSE = re.compile(r"\s*(?:[,;:?!–—…]|\s-\s|\.{2,}|(?<=[a-z]{2})\.\s+(?=[A-Z]|" + ASKING_WORDS + r"\b))\s*")
ASKING = rx(r"^\s*(?:(?:and|so|but|ok|okay)\s+)?" + ASKING_WORDS + r"\b")


def practice_clause(text: str, practice: str) -> str:
    """The clause of a question that names its main practice (the whole question when there is one clause)."""
    clauses = [c for c in CLAUSE.split(text) if c.strip()]
    if len(clauses) < 2:
        return text
    asked = BY_NAME[practice].asked
    naming = [c for c in clauses if asked.search(c)]
    # "I live in Canada and read it online, will my data be sent to the US?": the asking clause, not the situation told first
    asking = [c for c in naming if ASKING.match(c)] if naming and TOLD.match(naming[0]) else []
    if naming and _WHEN_I.match(naming[0]) and not asking:
        # (… or after a situation opening with "when I": "When I close my account, can I have my old purchase history wiped as
        # well?"; not a clause pointing back at it, "does that also stop …", nor one asking what, "what do they pull …")
        asking = [c for c in naming[1:] if ASKING.match(c) and not re.match(r"\s*(what|which|who|how|where|why)\b", c, re.I)
                  and not re.search(r"\b(that|it|this)\b", c, re.I)]
    if naming and _REASON.match(naming[0]) and not asking:
        # "since they sell postal lists, will they also sell my email address?": the reason told first is no question
        asking = [c for c in naming[1:] if ASKING.match(c)]
    # "I entered a sweepstakes co-sponsored by a brand. Does that brand get my info?": the party told first is pointed back at, and
    # the asking clause names what it would get
    pointing = [c for c in clauses[1:] if ASKING.match(c) and _THAT_PARTY.search(c)][-1:] if not naming else []
    return (asking or naming or pointing or [text])[0]


#: A situation the question tells first, in the asker's own words ("I live in Canada and read it online, …").
TOLD = rx(r"^\s*(i|i'm|im|i've|ive|i'd|my|we|we're|our)\b")
_WHEN_I = rx(r"^\s*(when|whenever|if|once|after)\s+(i|i'm|im|i've|my|we)\b")
#: A reason told first ("since they sell postal lists, …", "So they rent out postal lists... do they …?").
_REASON = rx(r"^\s*(since|because|given that|seeing as|so(?!\s+" + ASKING_WORDS + r"\b))\b")
#: A party told of before, pointed back at ("that brand", "this sponsor", "those stores").
_THAT_PARTY = rx(r"\b(that|this|those|these)\s+(\w+\s+)?(brands?|sponsors?|co-?sponsors?|stores?|shops?|compan(y|ies)|partners?|business(es)?|locations?|"
                 r"franchises?|merchants?|retailers?|advertisers?|restaurants?|vendors?)\b")


#: The verb of a "Do they <verb> …?" question, after its subject.
_VERB_AFTER_SUBJECT = re.compile(r"^(?:do|does|did|will|would|can|could|may|might)\s+(?:they|you|it|we|the company(?:'s)?(?: app| site| website)?|the site|the app)\s+"
                                 r"(?:(?:ever|still|actually|really|also|even|always|automatically|just|simply)\s+)*([a-z]+)\b", re.I)


#: … and of a statement with a question tag ("I'm worried AOL reads my emails in AOL Mail, do they?").
_TAGGED_VERB = re.compile(r"^(?:i'?m (?:worried|afraid|scared)|i (?:think|heard|suspect|guess|feel like))\s+(?:that\s+)?(?:they|it|the company|[A-Z][\w&.-]*)\s+"
                          r"([a-z]+)s\b[^?]*,\s*(?:do|does|did|don't|doesn't|will|would)\s+(?:they|it)\s*\?*\s*$", re.I)


def question_verb(question: str) -> str:
    """The stem of the verb of a "Do they <verb> …?" question ('' when it has another form or the verb is a generic one)."""
    m = _VERB_AFTER_SUBJECT.match(question.strip()) or _TAGGED_VERB.match(question.strip())
    if not m:
        return ""
    stems = tokenize(m.group(1))
    return stems[0] if stems and len(stems[0]) > 2 and m.group(1).lower() not in ("have", "get", "let", "make", "do", "know", "need", "put") else ""
