"""HTML to plain text and blocks: trafilatura first, a flat reader of its own for what lxml cannot parse.

Hidden content (``<template>``, the ``hidden`` attribute, ``display:none``, ``aria-hidden``) is dropped before
extraction; a page nested deeper than lxml's limit is read by :class:`_FlatHTML` (Python's own HTML parser).
"""

from __future__ import annotations

import copy
import re
from html.parser import HTMLParser
from typing import Any

from .errors import InputError
from .extract import MIN_WORDS, Block, Extracted, _clean_inline, _extract_opp115, _number_of, assemble, extract_markdown, strip_controls


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
