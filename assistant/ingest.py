"""Ingestion: load, extract, section, embed and store a bundle's documents, atomically per document."""

from __future__ import annotations

import contextlib
import hashlib
import re
import threading
import time
import urllib.parse
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path

from . import extract, html_extract, kinds, sectioning, sources
from .embeddings import TextEmbedder
from .errors import Cancelled, DocumentShrankError, InputError
from .index import VectorStore
from .lock import DEFAULT_WAIT_S, write_lock
from .models import KIND_ABBREV, Bundle, Document, Link, Passage, Progress, Section
from .storage import Store, write_errors

#: A new version of a stored document that keeps less than this share of its sections or words is refused
#: unless forced: a page cut short, an error page or a consent wall must not replace a good policy.
SHRINK_LIMIT = 0.5
SHRINK_MIN_WORDS = 100  # stored documents shorter than this are replaced whatever the new length
SHRINK_MIN_SECTIONS = 4
VECTOR_BATCH = 4096  # vectors written to the index per call (progress between them)
ETA_AFTER_S = 2.0  # a step's estimate of the time left is given once it has run this long


class BundleOwnerError(InputError):
    """The default bundle name is taken by a bundle of another site or company."""


@dataclass
class Prepared:
    """A document extracted and checked, not yet stored."""

    raw: sources.RawSource
    extracted: extract.Extracted
    title: str
    kind: str


@dataclass
class IngestResult:
    """What an ingest call did."""

    bundle: str
    company: str
    added: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    sections: int = 0
    passages: int = 0
    links: int = 0


def _check(cancel: threading.Event | None) -> None:
    if cancel is not None and cancel.is_set():
        raise Cancelled("ingestion cancelled; documents stored before the cancel are kept")


def _title_from_name(name: str) -> str:
    stem = re.sub(r"\.[A-Za-z0-9]{1,8}$", "", name)
    stem = re.sub(r"^\d+_", "", stem)
    return re.sub(r"[_\-]+", " ", stem).strip() or name


#: Words that say what a document is, not whose it is: a file called privacy-policy.html names no bundle.
_GENERIC = {
    "privacy", "policy", "policies", "notice", "notices", "statement", "terms", "term", "of", "use", "service", "services",
    "conditions", "and", "cookie", "cookies", "legal", "index", "document", "documents", "doc", "page", "data",
    "protection", "the", "our", "your", "en", "us", "gb", "de", "fr", "html", "htm", "pdf", "txt", "md", "final", "copy",
    "new", "old", "latest", "current", "version", "v", "agreement", "user", "tos", "pp", "tou", "california", "ccpa",
    "gdpr", "supplement", "addendum", "download", "downloads", "desktop", "tmp", "temp", "files", "file",
    "home", "users", "policy_documents", "www", "web", "site", "website",
}


def _slug(text: str) -> str:
    """A bundle name from any text: lower case, letters of any script, digits, '.' and '-'."""
    return re.sub(r"[^\w.\-]+|_+", "-", text.lower()).strip("-.")


def _distinctive(text: str) -> str:
    """``text``'s words that are not generic ('acme' of 'acme-privacy-policy'), as a slug; '' when none are."""
    words = [w for w in re.split(r"[^\w]+|_", text.lower()) if w and not w.isdigit()]
    return _slug("-".join(w for w in words if w not in _GENERIC))


def bundle_name_for(locations: list[str], company: str | None) -> str:
    """A default bundle name before the documents are read: the company, else the site (URL host) or the folder;
    for a file, its name's distinctive words ('acme' of 'acme-privacy.html'), else '' (the documents must name it)."""
    if company:
        return _slug(company) or "bundle"
    loc = locations[0]
    if sources.is_url(loc):
        return _slug(urllib.parse.urlparse(loc).netloc.removeprefix("www.")) or "bundle"
    p = Path(loc)
    if p.is_dir():
        return _slug(p.resolve().name) or _distinctive(str(p.resolve())) or "bundle"
    if sources.is_manifest(p):
        return ""  # bundle.toml names nothing: the documents' company, else the manifest's folder
    return _distinctive(_title_from_name(p.name))


_TEXT_COMPANY = (
    re.compile(r"(?:©|\([cC]\)|[Cc]opyright)\s*(?:\d{4}\s*(?:[-–]\s*\d{4}\s*)?)?,?\s*([A-Z][\w&.\-]*(?:[ \t]+[A-Z][\w&.\-]*){0,2})"),
    re.compile(r"\b([A-Z][\w&.\-]*(?:[ \t]+[A-Z][\w&.\-]*){0,2})\s*\(\s*(?:[\"“'][^\"”']{1,40}[\"”']\s*,\s*)?"
               r"(?:the\s+)?[\"“']?(?:we|us|our|company)\b"),
    re.compile(r"\b[Ww]elcome to\s+([A-Z][\w&.\-]*(?:[ \t]+[A-Z][\w&.\-]*){0,2})"),
)


def company_in_text(text: str) -> str | None:
    """A company the document names itself by ("© 2024 Acme Inc.", 'Acme ("we", "us")', "Welcome to Acme"), else None."""
    head = text[:20000]
    for pattern in _TEXT_COMPANY:
        for m in pattern.finditer(head):
            words = m.group(1).strip(" .,").split()
            while words and words[0].lower() in _GENERIC | {"all", "rights", "reserved", "copyright"}:
                words.pop(0)
            name = re.sub(r"[\s.,]+(?:Inc|Ltd|LLC|GmbH|Corp|Corporation|Limited|Co|S\.A|AG|plc)\.?$", "", " ".join(words), flags=re.I)
            if name and _distinctive(name):
                return name
    return None


def default_name(locations: list[str], prepared: list[Prepared], company: str | None) -> str:
    """The name of a new bundle when none is given: the company (given, or from the titles or the text), the site,
    the folder, a distinctive file name; a generic file name (privacy-policy.html) only with its folder's name."""
    name = bundle_name_for(locations, company)
    if name:
        return name
    guessed = _company_from(prepared) or next((c for c in (company_in_text(p.extracted.text) for p in prepared) if c), None)
    if guessed and _slug(guessed):
        return _slug(guessed)
    for prep in prepared:
        title = _distinctive(prep.title)
        if title:
            return title
    first = Path(locations[0]).resolve()
    if sources.is_manifest(first):
        return _slug(first.parent.name) or "bundle"
    folder = _distinctive(first.parent.name)
    stem = _slug(_title_from_name(first.name)) or "document"
    return f"{folder}-{stem}" if folder else stem


def prepare(raw: sources.RawSource, force: bool = False) -> Prepared:
    """Extract text and structure; check it is a policy unless ``force``."""
    fallback_title = raw.title or _title_from_name(raw.name)
    if raw.media == "pdf":
        ex = extract.extract_pdf(raw.data, fallback_title)
    else:
        text = sources.decode(raw.data)
        if raw.media == "html":
            ex = html_extract.extract_html(text, fallback_title)
        elif raw.media == "markdown":
            ex = extract.extract_markdown(text, fallback_title)
        else:
            ex = extract.extract_text(text, fallback_title)
    if len(ex.text.split()) < extract.MIN_WORDS:
        raise InputError(f"{raw.name} has no usable text ({len(ex.text.split())} words)")
    first = ex.blocks[0] if ex.blocks else None
    if raw.media in ("markdown", "text") and first and first.level and len(first.text) < 120 and not first.number:
        ex.title = smart_case(first.text, ex.text) if first.text.isupper() else first.text
    title = raw.title or (ex.title if ex.title and len(ex.title) < 120 else fallback_title)
    kind = raw.kind or kinds.guess_kind(title, raw.name, ex.text)
    if not force and kind != "regulation":
        kinds.check_is_policy(ex.text, raw.name)
    return Prepared(raw, ex, title, kind)


_SMALL = {"of", "the", "and", "for", "on", "in", "to", "a", "an", "or", "with", "by", "at"}


def smart_case(heading: str, text: str) -> str:
    """An ALL-CAPS heading in title case, keeping the spelling a word has in the text ("BrightCart")."""
    words = []
    for i, w in enumerate(heading.split()):
        low = w.lower()
        variants = re.findall(rf"\b{re.escape(low)}\b", text, re.I)
        mixed = [v for v in variants if not v.isupper() and not v.islower() and v != v.capitalize()]
        if mixed:
            words.append(max(set(mixed), key=mixed.count))
        elif i and low in _SMALL:
            words.append(low)
        else:
            words.append(w.capitalize())
    return " ".join(words)


def abbrev_for(kind: str, title: str, taken: set[str]) -> str:
    """Citation prefix: PP, TOU, CP, RN, DOC; regulations use their short name (GDPR, CCPA)."""
    if kind == "regulation":
        m = re.search(r"\b(GDPR|CCPA|CPRA|HIPAA|LGPD|PIPEDA|COPPA)\b", title, re.I)
        small = {"of", "the", "and", "for", "on", "in", "to", "a"}
        words = [w for w in re.findall(r"[A-Za-z]+", title) if w.lower() not in small]
        base = m.group(1).upper() if m else "".join(w[0].upper() for w in words if w[0].isupper())[:6] or "REG"
    else:
        base = KIND_ABBREV.get(kind, "DOC")
    if base not in taken:
        return base
    n = 2
    while f"{base}{n}" in taken:
        n += 1
    return f"{base}{n}"


def embedding_text(section: Section, passage: Passage) -> str:
    """Text embedded for a passage: its nearest heading, then the passage."""
    heading = section.heading_path[-1] if section.heading_path else ""
    if heading.endswith("…") or heading.startswith("part "):
        heading = section.heading_path[-2] if len(section.heading_path) > 1 else ""
    return f"{heading}. {passage.text}" if heading else passage.text


def ingest(
    store: Store,
    vectors: VectorStore,
    embedder: TextEmbedder,
    locations: list[str],
    name: str | None = None,
    company: str | None = None,
    force: bool = False,
    cancel: threading.Event | None = None,
    fetch_timeout: float = sources.FETCH_TIMEOUT,
    fetch_deadline: float | None = None,
    allow_shrink: bool | None = None,
    lock_wait: float = DEFAULT_WAIT_S,
) -> Generator[Progress, None, IngestResult]:
    """Ingest documents into a bundle, yielding progress; returns an :class:`IngestResult`.

    ``force`` loads documents that do not look like policies and (unless ``allow_shrink`` says otherwise) lets a new
    version replace a stored one that it cuts to less than half. One writer at a time per data folder: a second one
    waits ``lock_wait`` seconds, then gets :class:`~assistant.lock.BusyError`.
    """
    home = store.path.parent
    with write_lock(home, "ingest", lock_wait, on_foreign=vectors.reopen), write_errors(home):
        sweep_empty_bundles(store, vectors)
        result = yield from _ingest(store, vectors, embedder, locations, name, company, force, cancel, fetch_timeout,
                                    fetch_deadline, force if allow_shrink is None else allow_shrink)
    return result


def sweep_empty_bundles(store: Store, vectors: VectorStore) -> list[str]:
    """Remove bundles without documents (left by a first ingest that was killed); call with the write lock held."""
    removed = []
    for bundle in store.empty_bundles():
        assert bundle.id is not None
        store.delete_bundle(bundle.id)
        vectors.drop(bundle.id)
        removed.append(bundle.name)
    return removed


def _ingest(store: Store, vectors: VectorStore, embedder: TextEmbedder, locations: list[str], name: str | None,
            company: str | None, force: bool, cancel: threading.Event | None, fetch_timeout: float,
            fetch_deadline: float | None, allow_shrink: bool) -> Generator[Progress, None, IngestResult]:
    specs, manifest = sources.expand(locations)
    company = company or (manifest.company if manifest else None)
    named = name or (manifest.name if manifest else None)
    total = len(specs)
    prepared: list[Prepared] = []
    for i, spec in enumerate(specs):
        _check(cancel)
        yield Progress("load", f"reading {Path(spec.location).name if not sources.is_url(spec.location) else spec.location}", i, total)
        raw = sources.load(spec, fetch_timeout, fetch_deadline)
        prepared.append(prepare(raw, force=force))

    name = named or default_name(locations, prepared, company)
    existing = store.find_bundle(name)
    if existing is not None and not named:
        check_same_owner(store, existing, prepared, company or _company_from(prepared))
    if existing is not None and not allow_shrink:
        check_not_shrunk(store, existing, prepared)
    created = existing is None
    bundle = store.upsert_bundle(name, company or "")
    assert bundle.id is not None
    try:
        result = yield from _store_all(store, vectors, embedder, prepared, bundle, company, name, cancel)
    except BaseException:
        if created and not store.documents(bundle.id):
            store.delete_bundle(bundle.id)  # leave no empty bundle behind a failed or cancelled first ingest
            vectors.drop(bundle.id)
        raise
    return result


def _host(source: str) -> str:
    return urllib.parse.urlparse(source).netloc.lower().removeprefix("www.") if sources.is_url(source) else ""


def _same_company(a: str | None, b: str | None) -> bool:
    return bool(a and b and (_slug(a) == _slug(b) or _distinctive(a) == _distinctive(b) != ""))


def check_same_owner(store: Store, bundle: Bundle, prepared: list[Prepared], company: str | None) -> None:
    """Refuse to add documents to an existing bundle under a *default* name unless they are its own: a source it
    already holds, the same site or folder, or the same company. (A name the user gives is always obeyed.)"""
    docs = store.documents(bundle.id or 0)
    if not docs:
        return
    held = set(_by_source(docs))  # an older relative source also resolved from here
    hosts = {_host(d.source) for d in docs} - {""}
    folders = {str(Path(src).parent) for src in held if not sources.is_url(src)}
    for prep in prepared:
        src = prep.raw.source
        if src in held or (_host(src) and _host(src) in hosts) or (not sources.is_url(src) and str(Path(src).parent) in folders):
            return
    if _same_company(company, bundle.company) or _same_company(_company_from(prepared), bundle.company):
        return
    new = prepared[0].raw.source
    where = _host(new) or Path(new).name
    raise BundleOwnerError(
        f"a bundle named {bundle.name!r} already holds {bundle.company}'s documents and {where} does not look like theirs; "
        f"give --name NEW-NAME for a bundle of its own, or --name {bundle.name} to add it to that one")


def check_not_shrunk(store: Store, bundle: Bundle, prepared: list[Prepared]) -> None:
    """Refuse a new version of a stored document that keeps less than :data:`SHRINK_LIMIT` of its sections or words
    (before anything is written); ``force`` (``--force``) replaces it anyway."""
    stored = _by_source(store.documents(bundle.id or 0))
    for prep in prepared:
        old = stored.get(prep.raw.source)
        if old is None or old.id is None or old.text == prep.extracted.text:
            continue
        old_words, new_words = len(old.text.split()), len(prep.extracted.text.split())
        old_sections = len(store.sections(old.id))
        new_sections = old_sections
        if old_sections >= SHRINK_MIN_SECTIONS:
            new_sections = len(sectioning.make_sections(prep.extracted, old.abbrev, prep.title))
        lost_words = old_words >= SHRINK_MIN_WORDS and new_words < SHRINK_LIMIT * old_words
        lost_sections = old_sections >= SHRINK_MIN_SECTIONS and new_sections < SHRINK_LIMIT * old_sections
        if lost_words or lost_sections:
            raise DocumentShrankError(
                f"the new version of {old.abbrev} ({extract.strip_controls(old.title)}) has {new_sections} of its "
                f"{old_sections} sections and {new_words:,} of its {old_words:,} words; it looks cut short, so the stored "
                "version was kept (use --force to replace it anyway)")


def _by_source(docs: list[Document]) -> dict[str, Document]:
    """Stored documents by source; a file stored by a relative path (before sources were made absolute) also by that
    path resolved from here, so that naming it again finds it."""
    out: dict[str, Document] = {}
    for d in docs:
        out[d.source] = d
        if d.source and not sources.is_url(d.source) and not Path(d.source).is_absolute():
            out.setdefault(str(Path(d.source).resolve()), d)
    return out


def _text_digest(text: str) -> str:
    """What identifies a document's content whatever it is called (the stored digest also covers its abbreviation)."""
    return hashlib.sha256(" ".join(text.split()).encode()).hexdigest()


def _store_all(store: Store, vectors: VectorStore, embedder: TextEmbedder, prepared: list[Prepared], bundle: Bundle,
               company: str | None, name: str, cancel: threading.Event | None) -> Generator[Progress, None, IngestResult]:
    total = len(prepared)
    if not company and bundle.company == name:
        guessed = _company_from(prepared)
        if guessed:
            store.upsert_bundle(name, guessed)
            bundle = store.get_bundle(name)
    result = IngestResult(bundle=bundle.name, company=bundle.company)
    bundle_id: int = bundle.id or 0
    existing = _by_source(store.documents(bundle_id))
    taken = {d.abbrev for d in existing.values()}
    seen_texts = {_text_digest(d.text) for d in existing.values()}

    for i, prep in enumerate(prepared):
        _check(cancel)
        old = existing.get(prep.raw.source)
        abbrev = old.abbrev if old and old.kind == prep.kind else abbrev_for(prep.kind, prep.title, taken - ({old.abbrev} if old else set()))
        taken.add(abbrev)
        digest = hashlib.sha256(f"{abbrev}\n{prep.kind}\n{prep.title}\n{prep.extracted.text}".encode()).hexdigest()
        label = prep.title
        if old and old.content_hash == digest:
            result.unchanged.append(label)
            yield Progress("skip", f"{label}: unchanged, not re-embedded", i + 1, total)
            continue
        if not old and _text_digest(prep.extracted.text) in seen_texts:  # a copy under another path or URL: not a second document
            result.unchanged.append(label)
            yield Progress("skip", f"{label}: same content as a document already in the bundle", i + 1, total)
            continue
        seen_texts.add(_text_digest(prep.extracted.text))
        yield Progress("section", f"{label}: splitting into sections", i, total)
        sections = sectioning.make_sections(prep.extracted, abbrev, prep.title)
        per_section: list[list[Passage]] = []
        ordinal = 0
        for sec in sections:
            ps = sectioning.make_passages(prep.extracted.text, sec, ordinal)
            ordinal += len(ps)
            for p in ps:
                p.id = f"b{bundle_id}-{digest[:16]}-{p.ordinal}"
            per_section.append(ps)
        flat = [(sec, p) for sec, ps in zip(sections, per_section) for p in ps]
        yield Progress("embed", f"{label}: embedding {len(flat)} passages", i, total)
        texts = [embedding_text(sec, p) for sec, p in flat]
        vecs: list[list[float]] = []
        step = 64
        began = time.monotonic()
        for j in range(0, len(texts), step):
            _check(cancel)
            vecs.extend(embedder.embed(texts[j : j + step]))
            done = min(j + step, len(texts))
            yield Progress("embed", f"{label}: embedded {done}/{len(texts)} passages{_eta(began, done, len(texts))}", i, total)
        _check(cancel)
        ids = [p.id for _, p in flat]
        metas = [{"cite_id": p.cite_id, "ordinal": p.ordinal} for _, p in flat]
        began = time.monotonic()
        for j in range(0, len(ids), VECTOR_BATCH):  # a long document's vectors in batches, with progress (minutes at 20 MB)
            _check(cancel)
            k = j + VECTOR_BATCH
            vectors.add(bundle_id, ids[j:k], vecs[j:k], metas[j:k], [p.text for _, p in flat[j:k]])
            if len(ids) > VECTOR_BATCH:
                done = min(k, len(ids))
                yield Progress("index", f"{label}: indexed {done}/{len(ids)} vectors{_eta(began, done, len(ids))}", i, total)
        doc = Document(
            title=prep.title, kind=prep.kind, source=prep.raw.source, text=prep.extracted.text, abbrev=abbrev,
            content_hash=digest, links=[Link(t, a) for t, a in _dedupe_links(prep.extracted.links)],
        )
        old_ids = list(store.passage_ids(bundle_id) & _doc_passage_ids(store, old.id)) if old and old.id else []
        try:
            store.replace_document(bundle_id, doc, sections, per_section, old.id if old else None)
        except BaseException:
            with contextlib.suppress(Exception):  # the new vectors answer nothing without their rows (a full disk may refuse this too)
                vectors.delete(bundle_id, [pid for pid in ids if pid not in set(old_ids)])
            raise
        vectors.delete(bundle_id, [pid for pid in old_ids if pid not in set(ids)])
        (result.updated if old else result.added).append(label)
        result.sections += len(sections)
        result.passages += len(flat)
        yield Progress("store", f"{label}: stored {len(sections)} sections", i + 1, total)
    result.links = resolve_links(store, bundle_id)
    store.touch_bundle(bundle_id)
    yield Progress("done", f"bundle {bundle.name}: {len(result.added)} added, {len(result.updated)} updated, {len(result.unchanged)} unchanged", total, total)
    return result


def _eta(began: float, done: int, total: int) -> str:
    """', about 3 min left' once a long job has run long enough to tell; '' otherwise."""
    spent = time.monotonic() - began
    if done >= total or spent < ETA_AFTER_S or done == 0:
        return ""
    left = spent / done * (total - done)
    return f", about {left:.0f} s left" if left < 90 else f", about {left / 60:.0f} min left"


def _doc_passage_ids(store: Store, document_id: int) -> set[str]:
    return {r["id"] for r in store.db.query("select id from passages where document_id = ?", [document_id])}


def _dedupe_links(links: list[tuple[str, str]]) -> list[tuple[str, str]]:
    seen: set[str] = set()
    out = []
    for target, anchor in links:
        key = target.split("#")[0]
        if key and key not in seen:
            seen.add(key)
            out.append((key, anchor))
    return out[:500]


def _company_from(prepared: list[Prepared]) -> str | None:
    for prep in prepared:
        m = re.search(r"^(?:the\s+)?([A-Z][\w&.\-]*(?:[ \t]+[A-Z][\w&.\-]*){0,2})\s+(?:Privacy|Data|Cookie|Terms)", prep.title)
        if m and m.group(1).lower() not in ("the", "our", "this", "privacy", "global"):
            return m.group(1)
    return None


_KIND_MENTIONS = {
    "privacy_policy": re.compile(r"\b(privacy (policy|notice|statement)|data policy)\b", re.I),
    "terms_of_use": re.compile(r"\b(terms of (use|service)|terms and conditions|user agreement)\b", re.I),
    "cookie_policy": re.compile(r"\bcookie (policy|notice|statement)\b", re.I),
    "regional_notice": re.compile(r"\b(california|ccpa|eea|gdpr|regional|state)[\w\s]{0,20}(notice|supplement|addendum)\b", re.I),
}


def resolve_links(store: Store, bundle_id: int) -> int:
    """Connect links and textual references between documents of the bundle; return how many resolve."""
    docs = store.documents(bundle_id)
    by_key: dict[str, int] = {}
    for d in docs:
        assert d.id is not None
        src = d.source.split("#")[0].rstrip("/")
        by_key[src] = d.id
        by_key[Path(urllib.parse.urlparse(src).path).name.lower()] = d.id
    pairs: list[tuple[int, int]] = []
    for row in store.link_rows(bundle_id):
        target = row["target"].split("#")[0].rstrip("/")
        hit = by_key.get(target) or by_key.get(Path(urllib.parse.urlparse(target).path).name.lower())
        if hit and hit != row["document_id"]:
            pairs.append((row["id"], hit))
    # textual references ("see our Cookie Policy") to another document of the bundle
    new_links: list[dict[str, object]] = []
    linked = {(r["document_id"], r["target_document_id"]) for r in store.link_rows(bundle_id)} | {
        (store.db.table("links").get(lid)["document_id"], t) for lid, t in pairs
    }
    for d in docs:
        for other in docs:
            if other.id == d.id or other.kind not in _KIND_MENTIONS or (d.id, other.id) in linked:
                continue
            m = _KIND_MENTIONS[other.kind].search(d.text) or (re.search(re.escape(other.title), d.text, re.I) if len(other.title) > 8 else None)
            if m:
                new_links.append({"document_id": d.id, "target": f"ref:{other.title}", "anchor": m.group(0), "target_document_id": other.id})
    store.set_link_targets(pairs)
    if new_links:
        store.add_links(new_links)
    return len(pairs) + len(new_links)
