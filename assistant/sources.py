"""Where documents come from: files, folders, URLs and bundle manifests (TOML or JSON)."""

from __future__ import annotations

import codecs
import http.client
import json
import re
import socket
import threading
import time
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from .errors import FetchError, InputError
from .extract import strip_controls
from .models import DOCUMENT_KINDS

MAX_BYTES = 25 * 1024 * 1024
SUPPORTED = {".html": "html", ".htm": "html", ".xhtml": "html", ".pdf": "pdf", ".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown"}
MANIFEST_SUFFIXES = {".toml", ".json"}
FETCH_TIMEOUT = 15.0  # seconds one read of a download may wait
FETCH_DEADLINE = 60.0  # seconds a whole download may take (a server trickling bytes cannot hold ingest longer)
USER_AGENT = "privacy-assistant/0.1 (+local desktop app)"


@dataclass
class RawSource:
    """Bytes of one document plus what is known about it before extraction."""

    source: str  # path or URL as given
    name: str  # file name or URL path, for titles
    media: str  # html | pdf | text | markdown
    data: bytes
    kind: str | None = None
    title: str | None = None


@dataclass
class SourceSpec:
    """A document named by a manifest or the command line, not yet loaded."""

    location: str
    kind: str | None = None
    title: str | None = None


@dataclass
class Manifest:
    """A bundle manifest: company, optional name, and its documents."""

    name: str | None
    company: str | None
    documents: list[SourceSpec]


def is_url(location: str) -> bool:
    return bool(re.match(r"^https?://", location, re.I))


def normalise_kind(kind: str | None) -> str | None:
    """Accept 'privacy policy', 'privacy-policy', 'PP' etc.; refuse unknown kinds."""
    if kind is None or kind == "":
        return None
    k = re.sub(r"[\s\-]+", "_", kind.strip().lower())
    aliases = {
        "pp": "privacy_policy", "privacy": "privacy_policy", "privacy_notice": "privacy_policy",
        "tou": "terms_of_use", "terms": "terms_of_use", "tos": "terms_of_use", "terms_of_service": "terms_of_use",
        "cookie": "cookie_policy", "cookies": "cookie_policy", "cookie_notice": "cookie_policy",
        "regional": "regional_notice", "notice": "regional_notice", "law": "regulation",
    }
    k = aliases.get(k, k)
    if k not in DOCUMENT_KINDS:
        raise InputError(f"unknown document kind {kind!r}; use one of: {', '.join(DOCUMENT_KINDS)}")
    return k


def read_manifest(path: Path) -> Manifest:
    """Parse a TOML or JSON manifest; document paths are relative to the manifest."""
    try:
        raw_text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot read manifest {path}: {exc.strerror or exc}") from exc
    try:
        data = tomllib.loads(raw_text) if path.suffix.lower() == ".toml" else json.loads(raw_text)
    except (tomllib.TOMLDecodeError, ValueError) as exc:
        raise InputError(f"manifest {path.name} is not valid {path.suffix[1:].upper()}: {exc}") from exc
    if not isinstance(data, dict) or not isinstance(data.get("documents"), list) or not data["documents"]:
        raise InputError(f"manifest {path.name} needs a non-empty 'documents' list")
    docs: list[SourceSpec] = []
    for i, entry in enumerate(data["documents"], start=1):
        if isinstance(entry, str):
            entry = {"path": entry}
        if not isinstance(entry, dict):
            raise InputError(f"manifest {path.name}: document {i} must be a table/object or a path")
        loc = entry.get("url") or entry.get("path") or entry.get("file")
        if not loc or not isinstance(loc, str):
            raise InputError(f"manifest {path.name}: document {i} has no 'path' or 'url'")
        if not is_url(loc):
            loc = str(_inside(path, loc, i))
        title = _text_field(entry, "title", path, f"document {i}")
        kind = _text_field(entry, "kind", path, f"document {i}")
        docs.append(SourceSpec(loc, normalise_kind(kind), title))
    company = _text_field(data, "company", path)
    name = _text_field(data, "name", path)
    return Manifest(name=name, company=company, documents=docs)


def _text_field(table: dict[str, object], key: str, manifest: Path, where: str = "") -> str | None:
    """A manifest's text value (control characters stripped; '' and absent are ``None``); anything else is refused."""
    value = table.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        shown = _one_line(json.dumps(value) if isinstance(value, (int, float, bool, list, dict)) else value)[:40]
        place = f"{where}'s " if where else ""
        raise InputError(f"manifest {manifest.name}: {place}{key!r} must be text in quotes, not {shown} "
                         f'(write {key} = "{shown}")')
    return strip_controls(value).strip() or None


def _inside(manifest: Path, location: str, number: int) -> Path:
    """A manifest's document path, resolved. A relative path is refused if it leads outside the manifest's folder
    (``../../etc/passwd``, or a link pointing out); an absolute path is taken as the manifest's author wrote it."""
    folder = manifest.parent.resolve()
    try:
        target = (folder / location).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        raise InputError(f"manifest {manifest.name}: document {number} has an unusable path {_one_line(location)!r}") from exc
    if not Path(location).expanduser().is_absolute() and not target.is_relative_to(folder):
        raise InputError(f"manifest {manifest.name}: document {number} ({_one_line(location)}) lies outside the manifest's "
                         "folder; move the file beside the manifest")
    return target


def is_manifest(path: Path) -> bool:
    return path.suffix.lower() in MANIFEST_SUFFIXES and path.is_file()


def expand(locations: list[str]) -> tuple[list[SourceSpec], Manifest | None]:
    """Turn command-line locations into document specs (folders are walked, manifests read)."""
    specs: list[SourceSpec] = []
    manifest: Manifest | None = None
    for loc in locations:
        if is_url(loc):
            specs.append(SourceSpec(loc))
            continue
        path = Path(loc).expanduser()
        if not path.exists():
            raise InputError(f"file not found: {loc}")
        if path.is_dir():
            manifests = sorted(p for p in path.iterdir() if p.name in ("bundle.toml", "bundle.json", "manifest.toml", "manifest.json"))
            if manifests:
                manifest = read_manifest(manifests[0])
                specs.extend(manifest.documents)
                continue
            found = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUPPORTED and not p.name.startswith("."))
            if not found:
                raise InputError(f"folder {loc} holds no HTML, PDF, TXT or Markdown files")
            specs.extend(SourceSpec(str(p)) for p in found)
        elif is_manifest(path):
            manifest = read_manifest(path)
            specs.extend(manifest.documents)
        else:
            specs.append(SourceSpec(str(path)))
    if not specs:
        raise InputError("nothing to ingest: give at least one file, folder, URL or manifest")
    return specs, manifest


def _media_from_bytes(data: bytes, suffix: str) -> str:
    if data[:5] == b"%PDF-":
        return "pdf"
    if suffix in SUPPORTED:
        return SUPPORTED[suffix]
    encoding = detect_encoding(data[:4096])
    head = (data[:4096].decode(encoding, errors="ignore").encode("utf-8") if encoding else data[:2048]).lower()
    if b"<html" in head or b"<!doctype html" in head or b"<body" in head or b"<p>" in head:
        return "html"
    return "text"


def load(spec: SourceSpec, timeout: float = FETCH_TIMEOUT, deadline: float | None = None) -> RawSource:
    """Read a file or fetch a URL (each read waiting at most ``timeout`` seconds, the whole download at most
    ``deadline``, default :data:`FETCH_DEADLINE`), refusing what cannot be a policy document."""
    if is_url(spec.location):
        return fetch(spec, timeout, deadline)
    path = Path(spec.location)
    if not path.is_file():
        raise InputError(f"file not found: {spec.location}")
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED and suffix not in ("",):
        raise InputError(f"unsupported file type {suffix} for {path.name}; use HTML, PDF, TXT or Markdown")
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise InputError(f"{path.name} is too large ({size / 1e6:.1f} MB; the limit is {MAX_BYTES // (1024 * 1024)} MB)")
        data = path.read_bytes()
    except PermissionError as exc:
        raise InputError(f"cannot read {path.name}: permission denied") from exc
    except OSError as exc:
        raise InputError(f"cannot read {path.name}: {exc.strerror or exc}") from exc
    if not data.strip():
        raise InputError(f"{path.name} is empty")
    name = strip_controls(path.name) or "document"
    # the absolute path: the same file named from another folder, or relatively and absolutely, is the same document
    return RawSource(str(path.resolve()), name, _media_from_bytes(data, suffix), data, spec.kind, spec.title)


def _one_line(text: object) -> str:
    """Any text as one printable line (error messages quote what servers and files say)."""
    return " ".join(strip_controls(str(text)).split())


class _Deadline:
    """Shuts the sockets of one download when its total time is up, so that no read can wait past it."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True
        self._end = time.monotonic() + seconds

    def __enter__(self) -> _Deadline:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()

    def passed(self) -> bool:
        return self.expired or time.monotonic() >= self._end

    def track(self, sock: socket.socket | None) -> None:
        if sock is None:
            return
        with self._lock:
            self._sockets.append(sock)
            expired = self.expired
        if expired:
            self._shut(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            sockets = list(self._sockets)
        for sock in sockets:
            self._shut(sock)

    @staticmethod
    def _shut(sock: socket.socket) -> None:
        try:
            socket.socket.shutdown(sock, socket.SHUT_RDWR)  # the plain socket's shutdown, also under TLS
        except OSError:
            pass

    def opener(self) -> urllib.request.OpenerDirector:
        """An opener whose connections (redirects included) register their sockets with this deadline."""
        deadline = self

        class Connection(http.client.HTTPConnection):
            def connect(self) -> None:
                super().connect()
                deadline.track(self.sock)

        class TLSConnection(http.client.HTTPSConnection):
            def connect(self) -> None:
                super().connect()
                deadline.track(self.sock)

        class Handler(urllib.request.HTTPHandler):
            def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
                return self.do_open(Connection, req)

        class TLSHandler(urllib.request.HTTPSHandler):
            def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
                return self.do_open(TLSConnection, req, context=getattr(self, "_context", None))

        return urllib.request.build_opener(Handler, TLSHandler)


def _read_body(resp: http.client.HTTPResponse, url: str, deadline: _Deadline) -> bytes:
    """The whole body, refusing one cut short of its Content-Length or one that takes past the deadline."""
    declared = resp.headers.get("Content-Length")
    expected = int(declared) if declared and declared.strip().isdigit() else None
    chunks: list[bytes] = []
    size = 0
    while True:
        if deadline.passed():
            raise _DeadlinePassed
        try:
            chunk = resp.read1(65536)
        except http.client.IncompleteRead as exc:  # a chunked body cut short
            if deadline.passed():
                raise _DeadlinePassed from exc
            raise FetchError(f"{url}: download cut short (the connection closed mid-way); nothing was stored, try again") from exc
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
        if size > MAX_BYTES:
            break
    if deadline.passed():
        raise _DeadlinePassed
    if expected is not None and size < expected and size <= MAX_BYTES:
        raise FetchError(f"{url}: download cut short ({size:,} of {expected:,} bytes); nothing was stored, try again")
    return b"".join(chunks)


class _DeadlinePassed(Exception):
    """The download's total time ran out (turned into a one-line FetchError)."""


def fetch(spec: SourceSpec, timeout: float = FETCH_TIMEOUT, deadline: float | None = None) -> RawSource:
    """GET a URL over HTTP(S); errors become one-line :class:`FetchError`.

    ``timeout`` bounds each read (and the connection); ``deadline`` (default :data:`FETCH_DEADLINE`, never less than
    ``timeout``) bounds the whole download, redirects included.
    """
    url = spec.location
    total = max(deadline if deadline is not None else FETCH_DEADLINE, timeout)
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "text/html,application/pdf,text/plain;q=0.9,*/*;q=0.5"})
    clock = _Deadline(total)
    try:
        with clock, clock.opener().open(req, timeout=timeout) as resp:
            ctype = (resp.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            length = resp.headers.get("Content-Length")
            if length and length.isdigit() and int(length) > MAX_BYTES:
                raise FetchError(f"{url} is too large ({int(length) / 1e6:.1f} MB; the limit is {MAX_BYTES // (1024 * 1024)} MB)")
            data = _read_body(resp, url, clock)
            final_url = resp.geturl()
    except FetchError:
        raise
    except _DeadlinePassed as exc:
        raise FetchError(f"{url} took longer than {total:g} s to download; stopped (the server is too slow)") from exc
    except Exception as exc:
        if clock.expired:
            raise FetchError(f"{url} took longer than {total:g} s to download; stopped (the server is too slow)") from exc
        raise _fetch_error(url, exc, timeout) from exc
    if len(data) > MAX_BYTES:
        raise FetchError(f"{url} is too large (over {MAX_BYTES // (1024 * 1024)} MB)")
    if not data.strip():
        raise FetchError(f"{url} returned an empty page")
    path_name = urllib.parse.urlparse(final_url).path.rsplit("/", 1)[-1] or urllib.parse.urlparse(final_url).netloc
    if ctype in ("text/html", "application/xhtml+xml"):
        media = "html"
    elif ctype == "application/pdf" or data[:5] == b"%PDF-":
        media = "pdf"
    elif ctype in ("text/plain", "text/markdown", "text/x-markdown"):
        media = "markdown" if ctype != "text/plain" or path_name.endswith(".md") else "text"
    else:
        raise FetchError(f"{url} is not HTML, PDF or text (Content-Type: {ctype or 'unknown'})")
    return RawSource(final_url, strip_controls(path_name), media, data, spec.kind, spec.title)


def _fetch_error(url: str, exc: Exception, timeout: float) -> FetchError:
    """One line for what urllib raised."""
    if isinstance(exc, urllib.error.HTTPError):
        if 300 <= exc.code < 400:
            return FetchError(f"{url} redirects in a loop or too many times (HTTP {exc.code}); open it in a browser and use the final address")
        return FetchError(f"{url} answered HTTP {exc.code} {_one_line(exc.reason)}")
    if isinstance(exc, urllib.error.URLError):
        reason = exc.reason
        if isinstance(reason, socket.gaierror):
            return FetchError(f"cannot resolve host of {url} (DNS lookup failed)")
        if isinstance(reason, (TimeoutError, socket.timeout)):
            return FetchError(f"{url} timed out after {timeout:.0f} s")
        return FetchError(f"cannot fetch {url}: {_one_line(reason)}")
    if isinstance(exc, TimeoutError):
        return FetchError(f"{url} timed out after {timeout:.0f} s")
    if isinstance(exc, http.client.IncompleteRead):
        return FetchError(f"{url}: download cut short; nothing was stored, try again")
    if isinstance(exc, (OSError, ValueError, http.client.HTTPException)):
        return FetchError(f"cannot fetch {url}: {_one_line(exc) or type(exc).__name__}")
    raise exc


_BOMS = (  # longest first: the UTF-32 LE mark begins with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32-le"), (codecs.BOM_UTF32_BE, "utf-32-be"), (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def _utf16_without_bom(data: bytes) -> str | None:
    """'utf-16-le'/'utf-16-be' when NULs interleave the bytes like ASCII text in UTF-16 does, else ``None``."""
    head = data[:4096]
    if len(head) < 8 or b"\x00" not in head:
        return None
    head = head[: len(head) - len(head) % 2]
    even, odd = head[0::2], head[1::2]
    pairs = len(head) // 2
    if odd.count(0) >= 0.6 * pairs and even.count(0) <= 0.05 * pairs:
        return "utf-16-le"
    if even.count(0) >= 0.6 * pairs and odd.count(0) <= 0.05 * pairs:
        return "utf-16-be"
    return None


def detect_encoding(data: bytes) -> str | None:
    """The Unicode encoding a byte order mark (or UTF-16's NUL interleaving) gives away, else ``None``."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return encoding
    return _utf16_without_bom(data)


def decode(data: bytes) -> str:
    """Bytes to text: a BOM's UTF-8/16/32 (or BOM-less UTF-16 seen by its NULs), else UTF-8, else cp1252/latin-1."""
    encoding = detect_encoding(data)
    if encoding:
        for bom, enc in _BOMS:
            if enc == encoding and data.startswith(bom):
                data = data[len(bom) :]
                break
        return data.decode(encoding, errors="replace")
    for enc in ("utf-8", "cp1252"):
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")
