"""Where documents come from: files, folders, URLs and bundle manifests (TOML or JSON)."""

from __future__ import annotations

import json
import re
import socket
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from .errors import FetchError, InputError
from .models import DOCUMENT_KINDS

MAX_BYTES = 25 * 1024 * 1024
SUPPORTED = {".html": "html", ".htm": "html", ".xhtml": "html", ".pdf": "pdf", ".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown"}
MANIFEST_SUFFIXES = {".toml", ".json"}
FETCH_TIMEOUT = 15.0
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
            loc = str((path.parent / loc).resolve())
        docs.append(SourceSpec(loc, normalise_kind(entry.get("kind")), entry.get("title")))
    company = data.get("company")
    name = data.get("name")
    return Manifest(name=str(name) if name else None, company=str(company) if company else None, documents=docs)


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
    head = data[:2048].lower()
    if b"<html" in head or b"<!doctype html" in head or b"<body" in head or b"<p>" in head:
        return "html"
    return "text"


def load(spec: SourceSpec, timeout: float = FETCH_TIMEOUT) -> RawSource:
    """Read a file or fetch a URL (waiting at most ``timeout`` seconds), refusing what cannot be a policy document."""
    if is_url(spec.location):
        return fetch(spec, timeout)
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
    return RawSource(str(path), path.name, _media_from_bytes(data, suffix), data, spec.kind, spec.title)


def fetch(spec: SourceSpec, timeout: float = FETCH_TIMEOUT) -> RawSource:
    """GET a URL over HTTP(S); errors become one-line :class:`FetchError`."""
    url = spec.location
    req = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "text/html,application/pdf,text/plain;q=0.9,*/*;q=0.5"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:  # noqa: S310 - user-supplied http(s) URL
            ctype = (resp.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            length = resp.headers.get("Content-Length")
            if length and length.isdigit() and int(length) > MAX_BYTES:
                raise FetchError(f"{url} is too large ({int(length) / 1e6:.1f} MB; the limit is {MAX_BYTES // (1024 * 1024)} MB)")
            data = resp.read(MAX_BYTES + 1)
            final_url = resp.geturl()
    except FetchError:
        raise
    except urllib.error.HTTPError as exc:
        raise FetchError(f"{url} answered HTTP {exc.code} {exc.reason}") from exc
    except urllib.error.URLError as exc:
        reason = exc.reason
        if isinstance(reason, socket.gaierror):
            raise FetchError(f"cannot resolve host of {url} (DNS lookup failed)") from exc
        if isinstance(reason, (TimeoutError, socket.timeout)):
            raise FetchError(f"{url} timed out after {timeout:.0f} s") from exc
        raise FetchError(f"cannot fetch {url}: {reason}") from exc
    except TimeoutError as exc:
        raise FetchError(f"{url} timed out after {timeout:.0f} s") from exc
    except (OSError, ValueError) as exc:
        raise FetchError(f"cannot fetch {url}: {exc}") from exc
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
    return RawSource(final_url, path_name, media, data, spec.kind, spec.title)


def decode(data: bytes) -> str:
    """Bytes to text: UTF-8 (with BOM), else cp1252/latin-1."""
    for enc in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(enc)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")
