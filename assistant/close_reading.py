"""Reading a sentence without a practice's vocabulary: its similarity to the question, and the verdict a very close
sentence gives a yes/no question the practice vocabulary does not cover ("Do they watermark my photos?")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .intent import Intent
from .models import Finding, Verdict
from .objects import count_named, names_most
from .polarity import denied_predicate, masked, only_through, read_polarity
from .question import neutral_question
from .refusals import channel_refused
from .sentence_kinds import CONSENT_GATED, LIMITS_ASKED, UNRESTRICTED, WITHOUT_CONSENT
from .text import split_sentences, tokenize
from .verdict import reserved


def heading_like(sentence: str) -> bool:
    """A heading or table label caught as a sentence ("Retention periods by type of data")."""
    return len(sentence.split()) < 9 and not re.search(r"[.!?;:]$", sentence.strip())


def sentence_similarity(table: Any, sentences: list[str], qvec: Any, embed: Callable[[list[str]], Any] | None, company: str = "",
                         aliases: tuple[str, ...] = ()) -> list[float]:
    """Cosine similarity of each sentence to the question (sentence vectors cached on the table); zeros without an embedder.

    The company's name reads as "the company", as it does in the question the vector was made from.
    """
    if embed is None or qvec is None or not sentences:
        return [0.0] * len(sentences)
    import numpy as np

    vecs: dict[str, Any] = table.cache.setdefault("sentence_vectors", {})
    missing = list(dict.fromkeys(s for s in sentences if s not in vecs))
    if missing:
        texts = [neutral_question(s, company, aliases) for s in missing]
        for s, v in zip(missing, np.asarray(embed(texts), dtype="float32")):
            vecs[s] = v
    q = np.asarray(qvec, dtype="float32")
    return [float(vecs[s] @ q) for s in sentences]


#: What a question asks the user is ("am I still anonymous to them?", "will I be visible to others?").
STATE_ASKED = re.compile(r"\b(?:am i|are we|will i be|would i be|will i stay|do i stay|do i remain)\s+(?:still |really |actually |totally |completely |fully |kept )*([a-z]{4,})\b", re.I)
#: A sentence read without a practice's vocabulary must be this similar to the question (and name its words).
GENERIC_SIM = 0.6
#: … lower by this much for a denial naming three of the question's words.
NAMED_DENIAL_RELIEF = 0.1
#: … within the best passages only.
GENERIC_PASSAGES = 8


def generic_verdict(table: Any, intent: Intent, top_rows: list[int], qvec: Any, embed: Callable[[list[str]], Any] | None,
                    company: str = "", aliases: tuple[str, ...] = ()) -> Verdict | None:
    """A yes/no question the practice vocabulary does not cover ("Do they encrypt my card number?"): the sentence of the best
    passages closest to the question, naming most of its words, is read for negation around those words.

    Decides only when that sentence is very close to the question; otherwise ``None`` (the caller keeps its verdict).
    """
    words = {t for t in (intent.object_terms or intent.terms) if len(t) > 2}
    if not words or embed is None or qvec is None:
        return None
    refused = _refused_way(table, intent, top_rows)
    if refused:
        # "can I just call them up to make my California privacy request?" — "we will not accept requests via the telephone or by fax"
        row, sentence = refused
        sim = float(sentence_similarity(table, [sentence], qvec, embed, company, aliases)[0])
        return Verdict("no", "the policy says not that way", [Finding(sentence=sentence, cite_id=table.rows[row].cite_id, row=row, relevance=sim,
                                                                       polarity="no", practice="")], [], sim)
    verb = intent.verb
    # negation is read around the question's verb when it has one ("we do not watermark"), else around what the question
    # says I am ("am I still anonymous to them?": "you are not anonymous to us"), else around any of its words
    state = STATE_ASKED.search(intent.question)
    said = [t for t in tokenize(state.group(1)) if t in words] if state and not verb else []
    verbs = _VERB_SENSES.get(verb, [re.escape(verb) + r"\w*"]) if verb else []  # "do employees get to see my info?" — "have access to"
    pattern = re.compile(r"\b(" + "|".join(verbs or [re.escape(w) + r"\w*" for w in (said or sorted(words, key=len, reverse=True))]) + r")", re.I)
    sentences: list[tuple[int, str]] = []
    for i in top_rows[:GENERIC_PASSAGES]:
        row = table.rows[i]
        for s in split_sentences(row.text):
            if (len(s.split()) >= 5 and not heading_like(s) and not _DEFINES.match(s) and names_most(words, f"{row.heading} {s}")
                    and (not verb or pattern.search(s))):
                sentences.append((i, s))
    if not sentences:
        return None
    sims = sentence_similarity(table, [s for _, s in sentences], qvec, embed, company, aliases)
    best = max(range(len(sentences)), key=lambda k: sims[k])
    row, sentence = sentences[best]
    # (a denial naming three of the question's words may be less close: "We do not install any spyware or adware in connection with our
    # Services" for "does installing their apps put any adware or spyware on my phone?")
    close = sims[best] >= GENERIC_SIM
    if not close and not (sims[best] >= GENERIC_SIM - NAMED_DENIAL_RELIEF and count_named(words, sentence) >= 3):
        return None
    polarity, exception = read_polarity(sentence, pattern, company_actor=not intent.user_action)
    if polarity == "yes" and WITHOUT_CONSENT.search(intent.question) and CONSENT_GATED.search(masked(sentence)):
        polarity = "no"
    if polarity == "yes" and only_through(intent.question, sentence):
        polarity = "no"  # "can I comment without a Facebook account?" — "you may only do so through Facebook"
    if polarity == "yes" and denied_predicate(sentence, pattern):
        polarity = "no"  # "will they ever call me asking for my password?" — "we will never ask you for your password in a phone call"
    if LIMITS_ASKED.search(intent.question) and UNRESTRICTED.search(sentence):
        polarity = "no"  # "any limits on what they do with aggregated data?" — "not subject to any restrictions"
    if polarity not in ("yes", "no") or (not close and polarity != "no"):
        return None
    if not verb and polarity == "yes" and _denied_word(sentence, words):
        # read around the object words, the sentence denies one of them ("Visitor e-mail addresses from comments are not used by SRL to
        # generate mailing lists" for "… will they add it to their mailing list?"): it does not say yes
        return None
    finding = Finding(sentence=sentence, cite_id=table.rows[row].cite_id, row=row, relevance=sims[best], polarity=polarity,
                      exception=exception, practice="")
    if polarity == "no":
        return Verdict("no", "the policy says it does not", [finding], [], sims[best])
    return Verdict("yes", "the policy states it" if not reserved(sentence) else "the policy reserves the right", [finding], [], sims[best])


#: Verbs of a question read in the policy by their other words too (a pattern each; other verbs stand for themselves and their forms).
_VERB_SENSES = {"see": [r"sees?", r"seeing", r"saw", r"seen", r"view\w*", r"(?:have|has|get|gets|given) access"],
                "look": [r"look\w*", r"view\w*", r"(?:have|has|get|gets|given) access"]}


def _refused_way(table: Any, intent: Intent, top_rows: list[int]) -> tuple[int, str] | None:
    """The sentence of the best passages refusing requests made the very way the question asks (a row and the sentence), if any."""
    if not intent.user_action:
        return None
    for i in top_rows[:GENERIC_PASSAGES]:
        for s in split_sentences(table.rows[i].text):
            if channel_refused(intent.question, s):
                return i, s
    return None


#: A sentence defining a term ('"Spyware" or "adware" is any software which …'): it states nothing the company does.
_DEFINES = re.compile(r'^\W*["“][^"”]{1,40}["”]\s+(?:or\s+["“][^"”]{1,40}["”]\s+)?(?:is|are|means|refers)\b', re.I)


def _denied_word(sentence: str, words: set[str]) -> bool:
    """Is any of the words denied where the sentence names it (each word read on its own)?"""
    return any(read_polarity(sentence, re.compile(r"\b" + re.escape(w) + r"\w*", re.I))[0] == "no" for w in words)
