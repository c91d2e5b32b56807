"""Turn raw HTML, PDF, Markdown and text into plain text plus a list of structural blocks.

Every format ends up as :class:`Extracted`: the document's plain text and, for each
heading or paragraph, its character offsets into that text (and its PDF page).
"""

from __future__ import annotations

import copy
import html as htmllib
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

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


def lxml_html() -> Any:
    import lxml.html

    return lxml.html


def _parse_html(data: str) -> Any:
    """The page as an lxml tree (no depth limit up to libxml2's huge-tree one), or ``None``."""
    try:
        import lxml.html

        parser = lxml.html.HTMLParser(huge_tree=True, remove_comments=True, encoding="utf-8")
        return lxml.html.fromstring(data.encode("utf-8", errors="replace"), parser=parser)  # bytes: an XML encoding declaration is fine
    except Exception:  # noqa: BLE001 - malformed HTML still gets the fallback extraction
        return None


_HIDDEN_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b", re.I)
_NEVER_SHOWN = ("template", "script", "style", "noscript")


def _is_hidden(attrs: Any) -> bool:
    """Whether an element's attributes hide it from readers: ``hidden``, ``aria-hidden="true"``, ``display:none``."""
    if "hidden" in attrs and str(attrs.get("hidden") or "").strip().lower() != "until-found":
        return True
    if str(attrs.get("aria-hidden") or "").strip().lower() == "true":
        return True
    return bool(_HIDDEN_STYLE.search(str(attrs.get("style") or "")))


def _words(text: str) -> int:
    return len(text.split())


def _drop_hidden(tree: Any) -> bool:
    """Remove ``<template>`` content and hidden elements from ``tree``, so that no reader-invisible text is cited.

    A page whose text is mostly in hidden elements (collapsed accordions opened by script) keeps them: hiding
    most of a policy is how such pages show it, not text meant to stay unseen. Returns whether anything was removed.
    """
    templates = list(tree.iter("template"))
    for el in templates:
        el.drop_tree()
    hidden = [el for el in tree.iter() if isinstance(el.tag, str) and el.attrib and _is_hidden(el.attrib)]
    if not hidden:
        return bool(templates)
    marked = set(hidden)
    outermost = [el for el in hidden if not any(a in marked for a in el.iterancestors())]
    hidden_words = sum(_words(el.text_content()) for el in outermost)
    if hidden_words > 0.5 * _visible_words(tree):
        return bool(templates)
    for el in outermost:
        el.drop_tree()
    return True


def _max_depth(tree: Any) -> int:
    depth = {tree: 1}
    deepest = 1
    for el in tree.iterdescendants():
        d = depth[el.getparent()] + 1
        depth[el] = d
        deepest = max(deepest, d)
    return deepest


#: Nesting past which libxml2's default parser (trafilatura's) drops the rest of a page (its limit is 256).
_DEEP = 200


def _html_title_and_links(tree: Any) -> tuple[str, list[tuple[str, str]]]:
    title = ""
    links: list[tuple[str, str]] = []
    if tree is None:
        return title, links
    try:
        node = tree.find(".//title")
        if node is not None and node.text:
            title = _clean_inline(node.text)
        if not title:
            h1 = tree.find(".//h1")
            if h1 is not None:
                title = _clean_inline(h1.text_content())
        for a in tree.iter("a"):
            href = a.get("href")
            if href and not href.startswith(("#", "mailto:", "javascript:")):
                links.append((href, _clean_inline(a.text_content())))
    except Exception:  # noqa: BLE001 - malformed HTML still gets text extraction
        pass
    return strip_controls(title), links


def _visible_words(tree: Any) -> int:
    """Words of body text the lxml tree holds (scripts and styles aside)."""
    try:
        return _words(" ".join(tree.xpath("//body//text()[not(ancestor::script) and not(ancestor::style)]")))
    except Exception:  # noqa: BLE001
        return 0


def extract_html(data: str, title: str) -> Extracted:
    """HTML through trafilatura (headings, lists and tables kept as Markdown).

    Hidden elements and ``<template>`` content are removed first. When the page defeats lxml (nesting deeper than
    libxml2 allows) or trafilatura finds nothing, a flat extractor on Python's own HTML parser reads the page.
    """
    if "|||" in data:
        return _extract_opp115(data, title)
    import trafilatura

    data = strip_controls(data)  # before lxml, which drops a bare ESC and leaves the rest of an escape sequence
    tree = _parse_html(data)
    source: Any = data
    if tree is not None:
        if _max_depth(tree) > _DEEP:
            source = copy.deepcopy(tree)  # parsed without a depth limit; trafilatura prunes the tree it is given
        if _drop_hidden(tree):
            source = copy.deepcopy(tree) if source is not data else lxml_html().tostring(tree, encoding="unicode")
    page_title, links = _html_title_and_links(tree)
    visible = _visible_words(tree) if tree is not None else 0
    md = trafilatura.extract(
        source,
        output_format="markdown",
        include_formatting=True,
        include_tables=True,
        include_links=False,
        include_images=False,
        include_comments=False,
        favor_recall=True,
        deduplicate=False,
    )
    md_words = _words(md or "")
    crude = _words(re.sub(r"<[^>]*>", " ", data))
    if md_words < MIN_WORDS or tree is None or visible < 0.5 * crude:
        flat = _FlatHTML.read(data)  # lxml may have lost part of the page: compare with a parser that cannot
        if flat.words() >= MIN_WORDS and (md_words < MIN_WORDS or tree is None or visible < 0.5 * flat.words()):
            return assemble(page_title or flat.title or title, flat.blocks, links=links or flat.links)
    if not md or md_words < MIN_WORDS:
        raise InputError(f"no policy text found in {title} (empty or boilerplate-only HTML)")
    dates = [d for d in _date_lines(tree) if _clean_inline(d).lower() not in md.lower()]
    if dates:
        md = "\n\n".join(dates) + "\n\n" + md
    extracted = extract_markdown(md, page_title or title)
    extracted.links = links
    return extracted


_BLOCK_TAGS = {
    "p", "div", "section", "article", "main", "header", "footer", "aside", "blockquote", "pre", "ul", "ol", "li",
    "dl", "dt", "dd", "table", "thead", "tbody", "tfoot", "tr", "caption", "figure", "figcaption", "address",
    "details", "summary", "form", "fieldset", "hr", "br", "body", "center",
}
_VOID_TAGS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}
_SKIP_TAGS = {*_NEVER_SHOWN, "svg", "math", "iframe", "object", "canvas", "nav", "button", "select", "textarea"}


class _FlatHTML(HTMLParser):
    """A flat reading of HTML: headings and paragraphs as blocks, whatever the nesting depth; hidden parts skipped."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[Block] = []
        self.links: list[tuple[str, str]] = []
        self.title = ""
        self._open: list[str] = []
        self._skip_at: int | None = None  # depth of the hidden/skipped element being ignored
        self._text: list[str] = []
        self._heading = 0
        self._in_title = False
        self._href: str | None = None

    @classmethod
    def read(cls, data: str) -> _FlatHTML:
        parser = cls()
        try:
            parser.feed(data)
            parser.close()
        except Exception:  # noqa: BLE001 - keep what was read before the parser gave up
            pass
        parser._flush()
        return parser

    def words(self) -> int:
        return sum(_words(b.text) for b in self.blocks)

    def _flush(self) -> None:
        text = _clean_inline(" ".join(self._text))
        self._text.clear()
        if text:
            level = self._heading
            self.blocks.append(Block(text, level, number=_number_of(text) if level else ""))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title" and self._skip_at is None:
            self._in_title = True
        if tag in _VOID_TAGS or tag == "head":  # the head holds no text but the title
            if tag in ("br", "hr") and self._skip_at is None and not self._heading:
                self._flush()
            return
        self._open.append(tag)
        if self._skip_at is not None:
            return
        if tag in _SKIP_TAGS or _is_hidden(dict(attrs)):
            self._skip_at = len(self._open)
            return
        if re.fullmatch(r"h[1-6]", tag):
            self._flush()
            self._heading = int(tag[1])
        elif tag in _BLOCK_TAGS:
            self._flush()
            if tag == "li":
                self._text.append("-")
        elif tag in ("td", "th") and self._text:
            self._text.append("|")
        elif tag == "a":
            self._href = dict(attrs).get("href")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        if tag not in self._open:
            return
        while self._open:
            depth = len(self._open)
            top = self._open.pop()
            if self._skip_at is not None and depth <= self._skip_at:
                self._skip_at = None
            if top == tag:
                break
        if self._skip_at is not None:
            return
        if re.fullmatch(r"h[1-6]", tag) or tag in _BLOCK_TAGS:
            self._flush()
            self._heading = 0

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title = _clean_inline(self.title + " " + data)
            return
        if self._skip_at is not None:
            return
        self._text.append(data)
        if self._href and not self._href.startswith(("#", "mailto:", "javascript:")):
            self.links.append((self._href, _clean_inline(data)))
            self._href = None


_DATE_LINE = re.compile(r"\b(effective|last (updated|modified|revised)|updated)\b.{0,40}\b(19|20)\d\d\b", re.I)


def _date_lines(tree: Any) -> list[str]:
    """'Effective date … / Last updated …' lines that extractors tend to drop as page furniture."""
    if tree is None:
        return []
    out: list[str] = []
    for el in tree.iter("p", "div", "span", "time", "small", "em"):
        text = _clean_inline(el.text_content())
        if 8 <= len(text) <= 160 and _DATE_LINE.search(text) and text not in out and not any(text in o for o in out):
            out.append(text)
        if len(out) >= 2:
            break
    return out


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
