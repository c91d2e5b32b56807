"""Turn raw HTML, PDF, Markdown and text into plain text plus a list of structural blocks.

Every format ends up as :class:`Extracted`: the document's plain text and, for each
heading or paragraph, its character offsets into that text (and its PDF page).
"""

from __future__ import annotations

import html as htmllib
import re
from dataclasses import dataclass, field

from .errors import InputError


@dataclass
class Block:
    """A heading (``level`` 1–6) or body block (``level`` 0) of extracted text."""

    text: str
    level: int = 0
    page: int | None = None
    start: int = 0
    end: int = 0
    number: str = ""  # explicit number found in a heading, e.g. "4.2", "Art. 5", "§1798.100"


@dataclass
class Extracted:
    """Plain text of a document with its blocks and outgoing links."""

    title: str
    text: str
    blocks: list[Block]
    links: list[tuple[str, str]] = field(default_factory=list)  # (target, anchor)
    pages: int = 0


MIN_WORDS = 25

_ARTICLE = re.compile(r"^(?:Art\.|Article)\s*(\d+[a-z]?)\b\s*(?:GDPR)?\s*(.*)$")
_CODE_SECTION = re.compile(r"^(\d{3,5}\.\d+(?:\.\d+)?)\.\s+(\S.*)$")
_NUMBERED = re.compile(r"^((?:\d{1,2}\.)+\d{0,2}|\d{1,2}\)|[IVXLC]{1,6}\.|[A-Z]\.)\s+(\S.{0,120})$")
_SECTION_WORD = re.compile(r"^(?:Section|SECTION|Part|PART|Chapter|CHAPTER)\s+(\d+|[IVXLC]+)\b[.:]?\s*(.*)$")
_TOC_LINE = re.compile(r"(?:\t\s*\d+\s*$)|(?:\.{5,})")
_URL = re.compile(r"https?://[^\s<>\"')\]]+")


_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]")
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def strip_controls(text: str) -> str:
    """``text`` without terminal escape sequences and control characters (tabs and line breaks are kept)."""
    return _CONTROLS.sub("", _ANSI.sub("", text))


def assemble(title: str, blocks: list[Block], links: list[tuple[str, str]] | None = None, pages: int = 0) -> Extracted:
    """Join blocks with blank lines and record each block's offsets (control characters are dropped)."""
    parts: list[str] = []
    pos = 0
    kept: list[Block] = []
    title = " ".join(strip_controls(title).split())
    for block in blocks:
        text = strip_controls(block.text).strip()
        if not text:
            continue
        if parts:
            parts.append("\n\n")
            pos += 2
        block.text = text
        block.start = pos
        block.end = pos + len(text)
        parts.append(text)
        pos += len(text)
        kept.append(block)
    return Extracted(title=title, text="".join(parts), blocks=kept, links=links or [], pages=pages)


def _clean_inline(text: str) -> str:
    text = text.replace("\u00a0", " ").replace("\u200b", "")
    return re.sub(r"[ \t\r\f\v]+", " ", text).strip()


def heading_number(text: str) -> tuple[str, str] | None:
    """If ``text`` looks like a numbered heading, return (number, rest)."""
    m = _ARTICLE.match(text)
    if m:
        return f"Art. {m.group(1)}", m.group(2).strip()
    m = _CODE_SECTION.match(text)
    if m:
        return f"§{m.group(1)}", m.group(2).strip()
    m = _SECTION_WORD.match(text)
    if m:
        return m.group(1), m.group(2).strip()
    m = _NUMBERED.match(text)
    if m:
        return m.group(1).rstrip(".)"), m.group(2).strip()
    return None


def _looks_like_heading(line: str, next_blank: bool, prev_closed: bool = True, next_upper: bool = False) -> int:
    """Heuristic heading level for a line of plain text (0 = body).

    ``next_blank``: a blank line (or a heading) follows; ``prev_closed``: the previous line ended a
    sentence or paragraph; ``next_upper``: the next line starts with a capital (PDF text has no blank lines).
    """
    s = line.strip()
    if not s or _TOC_LINE.search(s):
        return 0
    words = s.split()
    if _ARTICLE.match(s) and len(s) <= 300:
        return 2
    if len(s) > 140:
        return 0
    if s.upper().startswith(("CHAPTER ", "PART ")) and len(words) <= 12:
        return 1
    if _CODE_SECTION.match(s) and len(words) <= 20:
        return 2
    if len(words) > 12 or s.endswith((",", ";")) or not prev_closed:
        return 0
    m = _NUMBERED.match(s)
    if m and not s.endswith("."):
        depth = m.group(1).count(".")
        return min(1 + max(depth - 1, 0), 4) if m.group(1)[0].isdigit() else 1
    letters = [c for c in s if c.isalpha()]
    if len(letters) >= 4 and s.upper() == s and not s.endswith("."):
        return 1
    if (next_blank or next_upper) and not s.endswith((".", ":", "?", "!", ",")) and ": " not in s and len(words) <= 9 and s[0].isupper():
        titled = sum(1 for w in words if w[0].isupper() or w.lower() in _SMALL_WORDS or not w[0].isalpha())
        if titled >= len(words) - (1 if next_blank else 0):
            return 2
    if s.endswith("?") and len(words) <= 12 and (next_blank or next_upper):
        return 2
    return 0


_SMALL_WORDS = {"a", "an", "and", "the", "of", "to", "in", "for", "on", "or", "with", "your", "we", "our", "how", "by", "&"}


def _number_of(text: str) -> str:
    found = heading_number(text)
    return found[0] if found else ""


def _paragraph_blocks(text: str, page: int | None = None, detect_headings: bool = True) -> list[Block]:
    """Split plain text into heading and paragraph blocks (blank lines or short closing lines end paragraphs)."""
    blocks: list[Block] = []
    lines = [_clean_inline(raw) for raw in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    raw_lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    widths = sorted(len(x) for x in lines if x)
    typical = widths[int(len(widths) * 0.8)] if widths else 80
    para: list[str] = []

    def flush() -> None:
        if para:
            joined = _clean_inline(" ".join(para))
            if joined:
                blocks.append(Block(joined, 0, page))
            para.clear()

    prev = ""
    for i, line in enumerate(lines):
        if not line:
            flush()
            prev = ""
            continue
        if _TOC_LINE.search(raw_lines[i]) and (heading_number(line) or len(line.split()) < 16):
            continue  # table-of-contents entry
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        prev_closed = not prev or prev.endswith((".", "!", "?", ":", ";", '"', "”", ")")) or bool(blocks and not para and blocks[-1].level)
        level = 0
        if detect_headings:
            level = _looks_like_heading(line, next_blank=not nxt, prev_closed=prev_closed, next_upper=bool(nxt) and nxt[0].isupper())
        if level:
            flush()
            blocks.append(Block(line, level, page, number=_number_of(line)))
        elif line.startswith(("- ", "* ", "• ", "· ")) or re.match(r"^\(?[a-z0-9]{1,3}\)\s", line):
            flush()
            para.append(line)
            flush()
        else:
            para.append(line)
            if line.endswith((".", "!", "?", ":")) and len(line) < 0.7 * typical and nxt and nxt[0].isupper():
                flush()  # a short line closing a sentence ends the paragraph (PDF text)
        prev = line
    flush()
    return blocks


def extract_text(data: str, title: str) -> Extracted:
    """Plain text; ``|||`` marks paragraph breaks (OPP-115)."""
    if "|||" in data:
        return _extract_opp115(data, title)
    return assemble(title, _paragraph_blocks(data), links=[(u, "") for u in _URL.findall(data)])


def _extract_opp115(data: str, title: str) -> Extracted:
    blocks: list[Block] = []
    for chunk in data.split("|||"):
        chunk = re.sub(r"<br\s*/?>", "\n", chunk, flags=re.I)
        chunk = re.sub(r"<[^>]+>", " ", chunk)
        chunk = htmllib.unescape(chunk)
        text = _clean_inline(" ".join(line.strip() for line in chunk.split("\n") if line.strip()))
        if text:
            level = _looks_like_heading(text, True) if len(text.split()) <= 8 else 0
            blocks.append(Block(text, level, number=_number_of(text) if level else ""))
    return assemble(title, blocks, links=[(u, "") for u in _URL.findall(data)])


_ESCAPED = re.compile(r"\\([!-/:-@\[-`{-~])")  # a backslash-escaped ASCII punctuation mark (CommonMark)
_SHELTER = 0xE000  # escaped marks wait in the private-use area while emphasis and links are stripped
_SHELTERED = re.compile("[\ue021-\ue07e]")


def extract_markdown(data: str, title: str) -> Extracted:
    """Markdown: ATX/setext headings, lists and tables become blocks."""
    blocks: list[Block] = []
    lines = data.replace("\r\n", "\n").split("\n")
    para: list[str] = []
    links = [(m.group(2), m.group(1)) for m in re.finditer(r"\[([^\]]+)\]\(([^)\s]+)\)", data)]

    def strip_md(s: str) -> str:
        s = _ESCAPED.sub(lambda m: chr(_SHELTER + ord(m.group(1))), s)  # '\[' is a literal '[' (trafilatura escapes)
        s = re.sub(r"!\[[^\]]*\]\([^)]*\)", "", s)
        s = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", s)
        s = re.sub(r"(\*\*|__|\*|_|`)(\S.*?\S|\S)\1", r"\2", s)
        s = _SHELTERED.sub(lambda m: chr(ord(m.group(0)) - _SHELTER), s)
        return _clean_inline(s)

    def flush() -> None:
        if para:
            blocks.append(Block(strip_md(" ".join(para)), 0))
            para.clear()

    for i, raw in enumerate(lines):
        line = raw.rstrip()
        m = re.match(r"^(#{1,6})\s+(.*?)\s*#*\s*$", line)
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if m:
            flush()
            text = strip_md(m.group(2))
            blocks.append(Block(text, len(m.group(1)), number=_number_of(text)))
        elif line.strip() and re.match(r"^(=+|-+)\s*$", nxt) and not para:
            flush()
            text = strip_md(line)
            blocks.append(Block(text, 1 if nxt.startswith("=") else 2, number=_number_of(text)))
        elif re.match(r"^(=+|-+)\s*$", line) and blocks and blocks[-1].level:
            continue
        elif not line.strip():
            flush()
        elif re.match(r"^\s*([-*+]|\d+[.)])\s+", line):
            flush()
            para.append(line.strip())
            flush()
        elif line.strip().startswith("|"):
            flush()
            if re.match(r"^\|?[\s:|-]+\|?$", line.strip()):
                continue
            cells = [strip_md(c) for c in line.strip().strip("|").split("|")]
            blocks.append(Block(" | ".join(c for c in cells if c), 0))
        else:
            para.append(line.strip())
    flush()
    return assemble(title, blocks, links=links)


def extract_pdf(data: bytes, title: str) -> Extracted:
    """PDF through pypdf, keeping each block's page number."""
    import io

    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            try:
                if not reader.decrypt(""):
                    raise InputError(f"{title} is an encrypted PDF; remove the password and load it again")
            except Exception as exc:  # noqa: BLE001
                if isinstance(exc, InputError):
                    raise
                raise InputError(f"{title} is an encrypted PDF; remove the password and load it again") from exc
        blocks: list[Block] = []
        links: list[tuple[str, str]] = []
        pages = len(reader.pages)
        for number, page in enumerate(reader.pages, start=1):
            text = page.extract_text() or ""
            blocks.extend(_paragraph_blocks(text, page=number))
            links.extend((u, "") for u in _URL.findall(text))
            for annot in page.get("/Annots") or []:
                try:
                    uri = annot.get_object().get("/A", {}).get("/URI")
                except Exception:  # noqa: BLE001
                    uri = None
                if uri:
                    links.append((str(uri), ""))
        meta_title = ""
        try:
            meta_title = (reader.metadata.title or "") if reader.metadata else ""
        except Exception:  # noqa: BLE001
            meta_title = ""
    except InputError:
        raise
    except (PdfReadError, ValueError, KeyError, TypeError, OSError) as exc:
        raise InputError(f"{title} is not a readable PDF ({exc})") from exc
    words = sum(len(b.text.split()) for b in blocks)
    if words < MIN_WORDS:
        raise InputError(f"{title} has no extractable text (image-only or scanned PDF; run OCR first)")
    return assemble(meta_title.strip() or title, blocks, links=links, pages=pages)
