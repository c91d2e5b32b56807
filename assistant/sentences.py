"""Sentences of a bundle's passage table read whole: a long sentence that passage-making cut into pieces is one sentence."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from .models import Finding
from .text import split_sentences

#: A passage that starts in lower case after one that ends at a comma is the next piece of a long sentence that
#: passage-making cut there (``sectioning._split_long``): "… we are required to disclose your personal information to
#: third parties, such as …," / "or if disclosure is required by law". The piece is read with the beginning of its
#: sentence (its subject and verb); what it names is still read from the piece alone. A run of words cut at the word
#: limit (a flattened list with no punctuation) is not read as one sentence, nor is anything past ``_MAX_JOINED`` words.
_CUT_AT_CLAUSE = re.compile(r"[,;][\"'”’)\]]*\s*$")
_CONTINUES = re.compile(r"\s*[a-z(]")
_MAX_PIECES = 3
_MAX_JOINED = 100


def continued(table: Any, i: int) -> bool:
    """Is row ``i`` the next piece of a sentence that row ``i - 1`` began?"""
    if i <= 0 or i >= table.size:
        return False
    prev, row = table.rows[i - 1], table.rows[i]
    return prev.section_id == row.section_id and bool(_CUT_AT_CLAUSE.search(prev.text)) and bool(_CONTINUES.match(row.text))


def row_sentences(table: Any, i: int) -> list[tuple[str, tuple[int, ...], str]]:
    """The sentences of row ``i`` as ``(sentence, rows, piece)``: its first one read from where its sentence begins when
    that is in earlier passages (``rows``: those passages and ``i``; ``piece``: the part in row ``i``), the others as they stand."""
    sentences = split_sentences(table.rows[i].text)
    if not sentences:
        return []
    before: list[int] = []
    heads: list[str] = []  # the end of each earlier passage that belongs to the sentence
    j = i
    while len(before) < _MAX_PIECES - 1 and continued(table, j):
        j -= 1
        parts = split_sentences(table.rows[j].text)
        before.insert(0, j)
        heads.insert(0, parts[-1])
        if len(parts) > 1:
            break  # the sentence begins inside this passage
    out: list[tuple[str, tuple[int, ...], str]] = [(s, (), "") for s in sentences]
    if before:
        joined = " ".join([*heads, sentences[0]])
        if len(joined.split()) <= _MAX_JOINED:
            out[0] = (joined, (*before, i), sentences[0])
    return out


def table_sentences(table: Any) -> Iterator[tuple[int, str, tuple[int, ...]]]:
    """Every sentence of the table in order, as ``(row, sentence, rows)`` (read whole: see :func:`row_sentences`)."""
    for i in range(len(table.rows)):
        for sentence, rows, _ in row_sentences(table, i):
            yield i, sentence, rows


def sentence_finding(table: Any, dense: Any, i: int, sentence: str, rows: tuple[int, ...], polarity: str, practice: str) -> Finding:
    """A sentence of row ``i`` as the finding a verdict rests on, as close to the question as its passage."""
    return Finding(sentence=sentence, cite_id=table.rows[i].cite_id, row=i, relevance=float(dense[i]), polarity=polarity,
                   practice=practice, rows=rows)


def closest_finding(table: Any, dense: Any, read: Callable[[str], str], practice: str) -> Finding | None:
    """The sentence of the table closest to the question (by its passage) among those ``read`` gives a polarity ("" for none), as
    a finding; None when no sentence is of the kind."""
    found = [sentence_finding(table, dense, i, sentence, rows, polarity, practice) for i, sentence, rows in table_sentences(table)
             if (polarity := read(sentence))]
    return max(found, key=lambda f: f.relevance) if found else None
