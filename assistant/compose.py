"""Answer text composed from a verdict: the lead sentence, the quotes it rests on, the exceptions.

The verdict is decided by :mod:`stance`; this module only writes it down (and checks that a
sentence the model wrote says the same thing, and nothing the evidence does not).
"""

from __future__ import annotations

import re

from .intent import Intent
from .models import Evidence, Finding, Verdict
from .polarity import read_polarity
from .text import CITE, tokenize
from .vocabulary import BY_NAME, PRACTICES, TOPICS

#: Badge text of each stance, as the UI and reports show it.
BADGES = {
    "yes": "Yes",
    "no": "No",
    "not_stated": "Not stated",
    "not_applicable": "Not applicable",
    "unclear": "Unclear — see the quotes",
    "answered": "Answered",
}


def quote(f: Finding, limit: int = 60) -> str:
    """A finding as a quoted sentence with its citation (long sentences shortened in the middle: the end of a sentence
    that runs over several passages is often what decides it, "…, or if disclosure is required by law")."""
    words = f.sentence.split()
    head = limit // 3
    text = " ".join(words) if len(words) <= limit else f"{' '.join(words[:head])} … {' '.join(words[head - limit:])}"
    return f"“{text.rstrip()}” [{f.cite_id}]"


def lead(verdict: Verdict, intent: Intent, company: str) -> str:
    """The opening of the answer: the verdict in words, with the sentence it rests on."""
    who = f"{company}'s policy" if company else "The policy"
    support = verdict.support
    if not support:
        return ""
    if verdict.stance == "yes":
        how = "says you can" if intent.user_action else ("reserves the right" if re.search(r"\b(may|might|reserves?)\b", support[0].sentence, re.I)
                                                               and not re.search(r"\b(will|we (use|collect|share|keep|store|set|place))\b", support[0].sentence, re.I)
                                                               else "says so")
        text = f"Yes — {who} {how}: {quote(support[0])}."
    elif verdict.stance == "no":
        how = "says you cannot" if intent.user_action else "says it does not"
        text = f"No — {who} {how}: {quote(support[0])}."
    elif verdict.stance == "answered":
        text = f"{who} says: " + " ".join(quote(f) for f in support[:4]) + "."
    elif verdict.stance == "unclear":
        text = (f"Unclear — {who.lower() if not company else who} has related text but does not say either way: "
                + " ".join(quote(f) for f in support[:2]) + ".")
    else:
        return ""
    return text + also_text(verdict) + exceptions_text(verdict)


def also_text(verdict: Verdict) -> str:
    """The other sections a yes/no verdict rests on, by citation (the first is quoted in the lead)."""
    if verdict.stance not in ("yes", "no"):
        return ""
    more = [f.cite_id for f in verdict.support[1:] if f.cite_id != verdict.support[0].cite_id]
    more = list(dict.fromkeys(more))
    return f" The same is said in {', '.join(f'[{c}]' for c in more)}." if more else ""


def exceptions_text(verdict: Verdict) -> str:
    """The limits of a verdict: an "except …" clause of the deciding sentence, or a sentence pointing the other way."""
    parts: list[str] = []
    for f in verdict.exceptions[:2]:
        if f.exception and f in verdict.support:
            parts.append(f" It makes an exception: “{f.exception}” [{f.cite_id}].")
        elif f not in verdict.support:
            parts.append(f" It also says: {quote(f, 45)}.")
    return "".join(parts)


def contradicts(sentence: str, verdict: Verdict, intent: Intent) -> bool:
    """Does a model sentence say the opposite of the verdict (a leading yes/no, or the practice's polarity)?"""
    s = sentence.strip().lower()
    stance = verdict.stance
    if stance in ("yes", "no"):
        opening = re.match(r"^(yes|no)\b", s)
        if opening and opening.group(1) != stance:
            return True
        claim = re.sub(r"^\s*(yes|no)\b[\s,.;:—–-]*", "", sentence, flags=re.I)  # the verdict word itself negates nothing
        for name in intent.practices[:1]:
            pol, _ = read_polarity(claim, BY_NAME[name].stated)
            if pol in ("yes", "no") and pol != stance and not intent.user_action:
                return True
    if stance in ("not_stated", "unclear") and re.match(r"^(yes|no)\b", s):
        return True
    return False


def adds_claims(sentence: str, evidence: list[Evidence]) -> bool:
    """Does a sentence name a practice, topic or number the evidence never mentions?"""
    ev = " ".join(e.text for e in evidence)
    for p in PRACTICES:
        if p.stated.search(sentence) and not p.stated.search(ev):
            return True
    for _, _, stated in TOPICS:
        if stated.search(sentence) and not stated.search(ev):
            return True
    ev_tokens = set(tokenize(ev))
    return any(n not in ev for n in re.findall(r"\d+(?:[.,]\d+)?", CITE.sub("", sentence))) or not set(tokenize(sentence)) <= ev_tokens | _PHRASING


_PHRASING = set(tokenize(
    "yes no company policy policies say says said state states stated they their them it its you your user users can may might will would "
    "also only right reserve reserves so does do not never"
))
