"""Text primitives shared by every step: tokens, sentences and citation markers.

One tokenizer (stop words out, Snowball stems), one plain sentence splitter and one
pattern for ``[PP §4]`` citation markers, so that retrieval, answering, the verdict
reader and the evaluation all see a text the same way.
"""

from __future__ import annotations

import re
from typing import Any

_STOP = set(
    "a an and are as at be been being but by can could did do does doing for from had has have having he her here hers him his how "
    "i if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours out over own "
    "same she should so some such than that the their theirs them then there these they this those through to too under until up "
    "very was we were what when where which while who whom why will with would you your yours yourself yourselves s t don "
    "wo ca sha ai".split()
)
_TOKEN = re.compile(r"[a-z0-9]+(?:[''][a-z]+)?")
#: A contraction's or possessive's ending ("there's", "they're", "won't"): the word before it decides.
_CONTRACTION = re.compile(r"(?:n?['’](?:s|re|ll|ve|d|m|t))$")

_IRREGULAR = {
    "kept": "keep", "sold": "sell", "told": "tell", "gave": "give", "given": "give", "held": "hold", "made": "make",
    "taken": "take", "took": "take", "sent": "send", "shown": "show", "known": "know", "chose": "choose", "chosen": "choose",
    "bought": "buy", "got": "get", "gotten": "get", "kids": "child", "children": "child", "minors": "minor",
}

#: A citation marker in an answer, e.g. ``[PP §4.2]`` (group 1 is the id).
CITE = re.compile(r"\[([^\[\]]{1,40})\]")

_STEMMER: Any = None


def _stemmer() -> Any:
    global _STEMMER
    if _STEMMER is None:
        try:
            import Stemmer

            s = Stemmer.Stemmer("english")
            _STEMMER = s.stemWords
        except ImportError:
            _STEMMER = False
    return _STEMMER


def tokenize(text: str) -> list[str]:
    """Lower-cased, stop-word-free, stemmed tokens."""
    stem = _stemmer()
    words = (_CONTRACTION.sub("", t) for t in _TOKEN.findall(text.lower()))
    toks = [_IRREGULAR.get(t, t) for t in words if t not in _STOP]
    return stem(toks) if stem else toks


def split_sentences(text: str) -> list[str]:
    """Plain sentences of a short text (an evidence item, a model answer)."""
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z\"“(])", text.strip())
    return [p.strip() for p in parts if p.strip()]


def cite_ids(text: str) -> list[str]:
    """The citation ids a text names, in order, each once."""
    return list(dict.fromkeys(m.strip() for m in CITE.findall(text or "")))


def strip_citations(text: str) -> str:
    """The text without its citation markers (and without the spaces they leave)."""
    return re.sub(r"\s+([.,;:!?])", r"\1", re.sub(r"  +", " ", CITE.sub("", text or ""))).strip()
