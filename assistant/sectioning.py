"""Split an extracted document into cited sections, and sections into passages."""

from __future__ import annotations

import bisect
import re

from .extract import Block, Extracted
from .models import Passage, Section

MAX_SECTION_WORDS = 450
PART_WORDS = 260
PASSAGE_MIN_WORDS = 10
PASSAGE_MAX_WORDS = 60

_ABBREVIATIONS = (
    "e.g", "i.e", "etc", "inc", "ltd", "llc", "co", "corp", "mr", "mrs", "ms", "dr", "st", "no", "art", "sec",
    "para", "u.s", "u.k", "e.u", "vs", "approx", "incl", "cf", "fig", "jan", "feb", "mar", "apr", "jun", "jul",
    "aug", "sep", "sept", "oct", "nov", "dec", "p", "pp", "v", "ca", "seq", "al",
)
_SENT_END = re.compile(r"(?<=[.!?;])[\"'”’)\]]*\s+(?=[\"'“‘(\[]?[A-Z0-9•\-])|\n+")


def split_sentences(text: str, offset: int = 0) -> list[tuple[int, int]]:
    """Sentence spans ``(start, end)`` in ``text`` (shifted by ``offset``)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for m in _SENT_END.finditer(text):
        cut = m.start()
        piece = text[start:cut]
        if m.group(0).strip() == "" and "\n" not in m.group(0):
            tail = re.search(r"([A-Za-z][A-Za-z.]{0,5})[.;]$", piece)
            if tail and tail.group(1).lower().rstrip(".") in _ABBREVIATIONS:
                continue
            if piece.endswith(";") and len(piece.split()) < 12:
                continue
        if piece.strip():
            s = start + (len(piece) - len(piece.lstrip()))
            spans.append((offset + s, offset + start + len(piece.rstrip())))
        start = m.end()
    piece = text[start:]
    if piece.strip():
        s = start + (len(piece) - len(piece.lstrip()))
        spans.append((offset + s, offset + start + len(piece.rstrip())))
    return spans


def _words(text: str) -> int:
    return len(text.split())


def _split_long(doc: str, start: int, end: int, max_words: int) -> list[tuple[int, int]]:
    """Cut a very long sentence at commas/semicolons (or words) into pieces of ~max_words."""
    text = doc[start:end]
    if _words(text) <= max_words:
        return [(start, end)]
    pieces: list[tuple[int, int]] = []
    cur = 0
    words = 0
    for m in re.finditer(r"\S+", text):
        words += 1
        token = m.group(0)
        at_break = token.endswith((",", ";", ":")) and words >= max_words // 2
        if words >= max_words or at_break:
            pieces.append((start + cur, start + m.end()))
            cur = m.end()
            while cur < len(text) and text[cur].isspace():
                cur += 1
            words = 0
    if cur < len(text):
        if pieces and _words(text[cur:]) < 6:
            pieces[-1] = (pieces[-1][0], end)
        else:
            pieces.append((start + cur, end))
    return pieces


def make_passages(doc_text: str, section: Section, first_ordinal: int = 0) -> list[Passage]:
    """Cut a section into passages of whole sentences (short ones merged, long ones split)."""
    spans: list[tuple[int, int]] = []
    for s, e in split_sentences(doc_text[section.start : section.end], section.start):
        spans.extend(_split_long(doc_text, s, e, PASSAGE_MAX_WORDS))
    merged: list[list[int]] = []
    for s, e in spans:
        if merged:
            prev = merged[-1]
            prev_words = _words(doc_text[prev[0] : prev[1]])
            boundary = doc_text[prev[1] : s]
            if prev_words < PASSAGE_MIN_WORDS and "\n\n" not in boundary and prev_words + _words(doc_text[s:e]) <= PASSAGE_MAX_WORDS:
                prev[1] = e
                continue
        merged.append([s, e])
    if len(merged) > 1 and _words(doc_text[merged[-1][0] : merged[-1][1]]) < 4:
        last = merged.pop()
        merged[-1][1] = last[1]
    return [
        Passage(text=doc_text[s:e], start=s, end=e, cite_id=section.cite_id, ordinal=first_ordinal + i)
        for i, (s, e) in enumerate(merged)
    ]


def _snippet(text: str, words: int = 8) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + ("…" if len(parts) > words else "")


def _parts(doc_text: str, blocks: list[Block]) -> list[tuple[int, int]]:
    """Group body blocks into parts of ~PART_WORDS words, splitting huge blocks at sentences."""
    units: list[tuple[int, int]] = []
    for b in blocks:
        if _words(b.text) > PART_WORDS:
            units.extend(split_sentences(doc_text[b.start : b.end], b.start))
        else:
            units.append((b.start, b.end))
    parts: list[tuple[int, int]] = []
    cur: list[int] | None = None
    words = 0
    for s, e in units:
        w = _words(doc_text[s:e])
        if cur is None or words + w > PART_WORDS:
            if cur is not None:
                parts.append((cur[0], cur[1]))
            cur, words = [s, e], w
        else:
            cur[1] = e
            words += w
    if cur is not None:
        parts.append((cur[0], cur[1]))
    if len(parts) > 1 and _words(doc_text[parts[-1][0] : parts[-1][1]]) < PART_WORDS // 4:
        last = parts.pop()
        parts[-1] = (parts[-1][0], last[1])
    return parts


def make_sections(extracted: Extracted, abbrev: str, doc_title: str) -> list[Section]:
    """Sections along the headings, with stable citation ids such as ``PP §4.2`` or ``GDPR Art. 5``."""
    text = extracted.text
    blocks = extracted.blocks
    prefix = f"{abbrev} " if abbrev else ""
    levels = sorted({b.level for b in blocks if b.level})
    depth_of = {lvl: i + 1 for i, lvl in enumerate(levels)}
    counters: list[int] = [0] * (len(levels) + 1)
    has_explicit = any(b.number for b in blocks if b.level)
    title_level = bool(levels) and sum(1 for b in blocks if b.level == levels[0]) == 1 and len(levels) > 1
    stack: list[tuple[int, str, str]] = []  # (depth, heading, number)
    sections: list[Section] = []
    used: set[str] = set()
    next_suffix: dict[str, int] = {}  # the first "-n" not yet tried per id (a long document repeats ids thousands of times)
    unheaded = 0  # "¶n" sections so far

    def unique(cid: str) -> str:
        if cid not in used:
            used.add(cid)
            return cid
        n = next_suffix.get(cid, 2)
        while f"{cid}-{n}" in used:
            n += 1
        next_suffix[cid] = n + 1
        used.add(f"{cid}-{n}")
        return f"{cid}-{n}"

    def emit(body: list[Block]) -> None:
        nonlocal unheaded
        if not body:
            return
        heading_path = [h for _, h, _ in stack] or [doc_title]
        number = ""
        if stack:
            last = stack[-1][2]
            if last.startswith(("Art.", "§")) or "." in last:
                number = last
            elif not last and has_explicit:
                number = ""  # an unnumbered heading (a title) in a document whose sections are numbered
            else:
                nums = [num or str(counters[d]) for d, _, num in stack if not (title_level and d == 1)]
                number = ".".join(nums)
        if number.startswith(("Art.", "§")):
            base = f"{prefix}{number}"
        elif number:
            base = f"{prefix}§{number}"
        else:
            base = f"{prefix}¶"
        start, end = body[0].start, body[-1].end
        page = body[0].page
        if _words(text[start:end]) <= MAX_SECTION_WORDS and number:
            sections.append(Section(unique(base), heading_path, text[start:end], start, end, page, len(sections)))
            return
        starts = [b.start for b in body]
        for i, (s, e) in enumerate(_parts(text, body), start=1):
            at = bisect.bisect_right(starts, s) - 1  # the block a part starts in (or the one just before it)
            pg = next((b.page for b in body[max(at - 1, 0) : at + 1] if b.start <= s < b.end + 2), page)
            if number:
                cid, path = f"{base} ¶{i}", heading_path + [f"part {i}"]
            else:
                unheaded += 1
                cid, path = f"{prefix}¶{unheaded}", heading_path + [_snippet(text[s:e])]
            sections.append(Section(unique(cid), path, text[s:e], s, e, pg, len(sections)))

    body: list[Block] = []
    for block in blocks:
        if block.level:
            emit(body)
            body = []
            depth = depth_of[block.level]
            counters[depth] += 1
            for d in range(depth + 1, len(counters)):
                counters[d] = 0
            while stack and stack[-1][0] >= depth:
                stack.pop()
            heading = block.text
            stack.append((depth, heading, block.number))
        else:
            body.append(block)
    emit(body)
    return sections
