"""Minimal, dependency-free PDF writer for tests.

Produces small but valid PDF 1.4 files by writing raw PDF objects:

* :func:`text_pdf` -- text pages using the standard Helvetica Type1 font with
  WinAnsiEncoding, so the text is extractable by ``pypdf``.
* :func:`image_only_pdf` -- pages with only vector graphics and an inline
  image, i.e. no text at all (useful for "scanned document" code paths).
* :func:`encrypted_pdf` -- a :func:`text_pdf` encrypted with a user password
  (this one uses ``pypdf``'s ``PdfWriter``).

Only the standard library is needed for the first two functions.
"""

from __future__ import annotations

import io
import textwrap

__all__ = ["text_pdf", "image_only_pdf", "encrypted_pdf"]

# US Letter, in points.
PAGE_WIDTH = 612
PAGE_HEIGHT = 792
MARGIN_LEFT = 72
MARGIN_TOP = 60
MARGIN_BOTTOM = 60
FONT_SIZE = 10
LEADING = 13
WRAP_WIDTH = 90  # characters per line; ~90 * 5pt fits between the margins

LINES_PER_PAGE = (PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) // LEADING


# --------------------------------------------------------------------------
# Low-level helpers
# --------------------------------------------------------------------------


def _pdf_string(text: str) -> bytes:
    """Encode *text* as a PDF literal string in WinAnsi (cp1252).

    Backslashes and parentheses are escaped; characters that cp1252 cannot
    represent are replaced with ``?``; control characters become spaces.
    """
    text = "".join(" " if (ord(c) < 32 or ord(c) == 127) else c for c in text)
    raw = text.encode("cp1252", errors="replace")
    out = bytearray(b"(")
    for byte in raw:
        if byte in (0x5C, 0x28, 0x29):  # \ ( )
            out += b"\\" + bytes([byte])
        elif byte >= 0x80:
            # Octal escapes keep the file 7-bit clean.
            out += b"\\%03o" % byte
        else:
            out.append(byte)
    out += b")"
    return bytes(out)


def _wrap(lines: list[str]) -> list[str]:
    """Wrap each paragraph to WRAP_WIDTH characters; '' stays a blank line."""
    wrapped: list[str] = []
    for paragraph in lines:
        for part in str(paragraph).splitlines() or [""]:
            if not part.strip():
                wrapped.append("")
                continue
            wrapped.extend(
                textwrap.wrap(
                    part,
                    width=WRAP_WIDTH,
                    break_long_words=True,
                    break_on_hyphens=False,
                )
            )
    return wrapped


class _Builder:
    """Collects numbered objects and serialises them with a correct xref."""

    def __init__(self) -> None:
        self._objects: list[bytes | None] = []

    def reserve(self) -> int:
        self._objects.append(None)
        return len(self._objects)

    def set(self, num: int, body: bytes) -> None:
        self._objects[num - 1] = body

    def add(self, body: bytes) -> int:
        num = self.reserve()
        self.set(num, body)
        return num

    def add_stream(self, data: bytes, extra: bytes = b"") -> int:
        header = b"<< /Length %d%s >>\nstream\n" % (len(data), extra)
        return self.add(header + data + b"\nendstream")

    def serialise(self, root: int, info: int | None) -> bytes:
        buf = io.BytesIO()
        buf.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets: list[int] = []
        for i, body in enumerate(self._objects, start=1):
            if body is None:
                raise ValueError(f"object {i} reserved but never set")
            offsets.append(buf.tell())
            buf.write(b"%d 0 obj\n" % i)
            buf.write(body)
            buf.write(b"\nendobj\n")
        xref_pos = buf.tell()
        count = len(self._objects) + 1
        buf.write(b"xref\n0 %d\n" % count)
        buf.write(b"0000000000 65535 f \n")
        for off in offsets:
            buf.write(b"%010d 00000 n \n" % off)
        trailer = b"<< /Size %d /Root %d 0 R" % (count, root)
        if info is not None:
            trailer += b" /Info %d 0 R" % info
        trailer += b" >>"
        buf.write(b"trailer\n" + trailer + b"\nstartxref\n%d\n%%%%EOF\n" % xref_pos)
        return buf.getvalue()


def _build(page_contents: list[bytes], resources: bytes, title: str | None) -> bytes:
    """Assemble a document from per-page content streams."""
    b = _Builder()
    catalog = b.reserve()
    pages = b.reserve()
    page_ids = []
    for content in page_contents:
        content_id = b.add_stream(content)
        page_ids.append(
            b.add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 %d %d] "
                b"/Resources %s /Contents %d 0 R >>"
                % (pages, PAGE_WIDTH, PAGE_HEIGHT, resources, content_id)
            )
        )
    kids = b" ".join(b"%d 0 R" % p for p in page_ids)
    b.set(pages, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_ids)))
    b.set(catalog, b"<< /Type /Catalog /Pages %d 0 R >>" % pages)
    info_body = b"<< /Producer (tests/pdfgen.py)"
    if title is not None:
        info_body += b" /Title " + _pdf_string(title)
    info_body += b" >>"
    info = b.add(info_body)
    return b.serialise(catalog, info)


# --------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------


def text_pdf(pages: list[list[str]], title: str | None = None) -> bytes:
    """Return a PDF whose pages contain the given text.

    Each element of *pages* is one page: a list of lines/paragraphs. Long
    paragraphs are wrapped to about 90 characters per line and an empty
    string produces a blank line. Text is set in Helvetica 10pt using
    WinAnsiEncoding (characters outside cp1252 become ``?``). If a page has
    more lines than fit (about 51), the remainder spills onto an extra
    physical page. *title*, when given, is stored as ``/Title`` in the
    document Info dictionary.
    """
    if not pages:
        pages = [[]]
    contents: list[bytes] = []
    for page in pages:
        lines = _wrap(list(page))
        chunks = [lines[i : i + LINES_PER_PAGE] for i in range(0, len(lines), LINES_PER_PAGE)]
        for chunk in chunks or [[]]:
            ops = [
                b"BT",
                b"/F1 %d Tf" % FONT_SIZE,
                b"%d TL" % LEADING,
                b"%d %d Td" % (MARGIN_LEFT, PAGE_HEIGHT - MARGIN_TOP - FONT_SIZE),
            ]
            for line in chunk:
                if line:
                    ops.append(_pdf_string(line) + b" Tj")
                ops.append(b"T*")
            ops.append(b"ET")
            contents.append(b"\n".join(ops))
    resources = (
        b"<< /ProcSet [/PDF /Text] /Font << /F1 << /Type /Font /Subtype /Type1 "
        b"/BaseFont /Helvetica /Encoding /WinAnsiEncoding >> >> >>"
    )
    return _build(contents, resources, title)


def image_only_pdf(n_pages: int = 1) -> bytes:
    """Return a PDF with *n_pages* pages holding only graphics, no text.

    Each page has a few filled/stroked vector shapes and a small inline
    grayscale image (hex-encoded), mimicking a scanned page.
    """
    if n_pages < 1:
        raise ValueError("n_pages must be >= 1")
    contents = []
    for i in range(n_pages):
        shade = 0.2 + 0.6 * (i % 4) / 3
        content = b"\n".join(
            [
                b"q",
                b"%.2f g" % shade,
                b"72 600 200 120 re f",
                b"0 G 2 w",
                b"320 600 m 540 720 l S",
                b"72 400 468 150 re S",
                b"Q",
                b"q",
                b"200 0 0 200 206 150 cm",
                b"BI /W 4 /H 4 /CS /G /BPC 8 /F /AHx",
                b"ID",
                b"00FF00FF FF00FF00 00FF00FF FF00FF00>",
                b"EI",
                b"Q",
            ]
        )
        contents.append(content)
    resources = b"<< /ProcSet [/PDF /ImageB] >>"
    return _build(contents, resources, None)


def encrypted_pdf(pages: list[list[str]], password: str = "secret") -> bytes:
    """Return :func:`text_pdf` output encrypted with user password *password*.

    Uses ``pypdf.PdfWriter`` with pypdf's default algorithm (RC4-128, which
    needs no extra crypto package). Opening it requires *password*
    (``reader.decrypt(password)`` reports a user-password match); the empty
    password does not work. The owner password is ``password + "-owner"``.
    """
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(text_pdf(pages)))
    writer = PdfWriter()
    for page in reader.pages:
        writer.add_page(page)
    writer.encrypt(user_password=password, owner_password=password + "-owner")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
