"""The situation a question tells first ("If I subscribe to the print magazine, could they …") and the one a policy's sentence
opens with ("If you register to receive e-mail newsletters on the site, we will not …"): the words that tell them apart, for a
denial made for another situation than the one asked about."""

from __future__ import annotations

import re

from .text import tokenize

#: Where the question proper starts after a situation told without a comma ("If I subscribe to the print magazine could they …").
_ASKING = r"(?:could|can|would|will|do|does|is|are|should|might|may|must)\s+(?:they|it|he|she|the|my|i|we|you|someone|anyone)\b"
#: The situation a question tells first ("I subscribe to the print magazine.", "If I buy something from the shop, …") …
_TOLD = re.compile(r"^\W*(?:(?:if|when|once|after|since)\s+(?:i|we)\s+([^,?]{6,80}?)(?:,|\s+(?=" + _ASKING + r"))|i(?:'m| am)?\s+([^.?!,;]{6,80})[.!;,])", re.I)
#: … and the one a policy's sentence opens with ("If you register to receive e-mail newsletters on the site, …").
_SITUATION = re.compile(r"^\W*(?:if|when|once|after)\s+you\s+([^,]{6,100}),", re.I)
#: Words of a situation that tell none apart.
_PLAIN = set(tokenize("have has had get gets use uses using want wants make makes made give gives given provide provides provided info information data "
                      "your my their the site website service services account"))


def told_situation(question: str) -> set[str]:
    """The words telling the situation a question opens with (:data:`_TOLD`), or an empty set."""
    m = _TOLD.match(question)
    return _telling(m.group(1) or m.group(2)) if m else set()


def sentence_situation(sentence: str) -> set[str]:
    """The words telling the situation a sentence opens with (:data:`_SITUATION`), or an empty set."""
    m = _SITUATION.match(sentence)
    return _telling(m.group(1)) if m else set()


def _telling(text: str) -> set[str]:
    return {t for t in tokenize(text) if len(t) >= 4 and t not in _PLAIN}
