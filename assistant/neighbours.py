"""What the rows around a passage say: the rows a back reference in it points to, the sentence that introduces its list.

A policy's lists are split into one row per item ("- details of your visits …"); an item alone names no practice, the
sentence before the list does ("We may collect and process the following data about you:").
"""

from __future__ import annotations

import re
from typing import Any

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
