"""What the rows around a passage say: the rows a back reference in it points to, the sentence that introduces its list.

A policy's lists are split into one row per item ("- details of your visits …"); an item alone names no practice, the
sentence before the list does ("We may collect and process the following data about you:").
"""

from __future__ import annotations

import re
from typing import Any

from .text import split_sentences

#: The marks a list item opens with.
_MARKS = "-•*‣◦"
#: A list item ("- details of your visits …", "• your IP address").
BULLET = re.compile(rf"\s*[{_MARKS}]\s+\S")
#: An introduction and the list's first item in one row ("… the following data about you: - information that you …").
_FIRST_ITEM = re.compile(rf":\s+[{_MARKS}]\s")


def item_text(sentence: str) -> str:
    """A list item without its mark."""
    return sentence.lstrip(_MARKS + " ")


def indices_before(table: Any, row: int) -> list[int]:
    """The (up to) two rows before ``row`` in its section, in order (what a back reference in it may point to)."""
    section = table.rows[row].section_id
    return [j for j in range(max(0, row - 2), row) if table.rows[j].section_id == section]


def rows_before(table: Any, row: int) -> str:
    """The text of the two rows before ``row`` in its section."""
    return " ".join(table.rows[j].text for j in indices_before(table, row))


def list_intro(table: Any, row: int) -> str:
    """The sentence that introduces the list a bulleted row belongs to ("… may collect the following data about you:"), or ""."""
    section = table.rows[row].section_id
    for j in range(row - 1, max(-1, row - 12), -1):
        prev = table.rows[j]
        if prev.section_id != section:
            return ""
        if not BULLET.match(prev.text):
            first_item = _FIRST_ITEM.search(prev.text)
            if first_item:
                return prev.text[: first_item.start() + 1].strip()
            return prev.text.strip() if prev.text.rstrip().endswith(":") else ""
    return ""


#: An introduction ending in a colon before the first item of a list without marks ("We may share your information: Where we have
#: obtained your consent …"): the words of the introduction's own sentence up to the colon.
_COLON_INTRO = re.compile(r"(?:^|[.!?]\s+)([^.!?:;]{8,160}):(?:\s+\S|\s*$)")
#: How an item of such a list opens: a case ("With business partners who …", "When required by law …", "To protect …") or a kind of
#: data ("Information about you from other sources …").
_ITEM_OPENING = re.compile(r"\W*(?:with|within|to|when|where|if|for|as|in|by|from|under|upon|information|data|details|your|any|the|our|other|"
                           r"names?|e-?mail|contact)\b", re.I)
#: An item numbered in the text ("(4) to our parent company …", "(b) if required by law").
_ENUMERATED = re.compile(r"\s*\((?:\d{1,2}|[a-h]|[ivx]{1,4})\)\s")
#: A sentence of its own, no list item ("We use …", "you may …").
_OWN_CLAUSE = re.compile(r"\bwe\b|\byou (?:may|can|will|are|have|do|should|must|might|could)\b|\?", re.I)


def unmarked_intro(table: Any, row: int, sentence: str) -> str:
    """The introduction of the list without marks a sentence is an item of ("We may share your information:" for "With business
    partners who sponsor a sweepstakes …"), found in its row before it or in the rows before it in its section; "" when the
    sentence is a clause of its own or no such introduction precedes it."""
    # (an item numbered "(4) …; and (5) if we are acquired by or merged with another entity" is one whatever it holds)
    enumerated = bool(_ENUMERATED.match(sentence))
    if not enumerated and (_OWN_CLAUSE.search(sentence) or not _ITEM_OPENING.match(sentence) or len(sentence.split()) > 40):
        return ""
    current = table.rows[row]
    at = current.text.find(sentence)
    texts = ([current.text[:at]] if at > 0 else []) + [table.rows[j].text for j in range(row - 1, max(-1, row - 8), -1)
                                                       if table.rows[j].section_id == current.section_id]
    for k, text in enumerate(texts):
        intros = list(_COLON_INTRO.finditer(text))
        if intros:
            return intros[-1].group(1).strip() + ":"
        if k and _OWN_CLAUSE.search(text) and not enumerated:
            return ""  # (a sentence of its own between: the list has ended)
    return ""


def colon_intro(table: Any, row: int) -> str:
    """The row ending in a colon that a run of short rows before ``row`` follows ("… should a data breach occur:" for "We will
    notify the users via email Within 7 business days"), or ""."""
    section = table.rows[row].section_id
    for j in range(row - 1, max(-1, row - 6), -1):
        prev = table.rows[j]
        if prev.section_id != section:
            return ""
        if prev.text.rstrip().endswith(":"):
            return prev.text
        if len(prev.text.split()) > 25:
            return ""  # (a paragraph between: no list)
    return ""


#: A sentence giving examples of what the one before it names ("Examples include: …", "This information may include …").
EXAMPLES_OPENING = re.compile(r"^\W*(?:examples?(?: of (?:this|such|which|these|those)(?: \w+)?)? include|(?:this|such|these|those) (?:\w+ ){0,2}?"
                              r"(?:may |can |might |could )?(?:includes?|consists? of)|for (?:example|instance))\b", re.I)


def sentence_before(table: Any, row: int, sentence: str) -> str:
    """The sentence right before ``sentence`` in its row, or the last one of the row before it in its section ("" when none)."""
    current = table.rows[row]
    at = current.text.find(sentence)
    before = current.text[:at].strip() if at > 0 else ""
    if not before and row > 0 and table.rows[row - 1].section_id == current.section_id:
        before = table.rows[row - 1].text.strip()
    sentences = split_sentences(before)
    return sentences[-1] if sentences else ""
