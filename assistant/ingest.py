"""Ingestion: load, extract, section, embed and store a bundle's documents, atomically per document."""

from __future__ import annotations

import hashlib
import re
import threading
import urllib.parse
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path

from . import extract, html_extract, kinds, sectioning, sources
from .embeddings import TextEmbedder
from .errors import Cancelled, InputError
from .index import VectorStore
from .models import KIND_ABBREV, Bundle, Document, Link, Passage, Progress, Section
from .storage import Store


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


def bundle_name_for(locations: list[str], company: str | None) -> str:
    """A default bundle name: the company, else the host, folder or file stem of the first source."""
    if company:
        base = company
    else:
        loc = locations[0]
        if sources.is_url(loc):
            base = urllib.parse.urlparse(loc).netloc.removeprefix("www.")
        else:
            p = Path(loc)
            base = p.resolve().name if p.is_dir() else (_title_from_name(p.name).split() or [p.name])[0]
    return re.sub(r"[^a-z0-9.\-]+", "-", base.lower()).strip("-") or "bundle"


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
) -> Generator[Progress, None, IngestResult]:
    """Ingest documents into a bundle, yielding progress; returns an :class:`IngestResult`."""
    specs, manifest = sources.expand(locations)
    company = company or (manifest.company if manifest else None)
    name = name or (manifest.name if manifest else None) or bundle_name_for(locations, company)
    total = len(specs)
    prepared: list[Prepared] = []
    for i, spec in enumerate(specs):
        _check(cancel)
        yield Progress("load", f"reading {Path(spec.location).name if not sources.is_url(spec.location) else spec.location}", i, total)
        raw = sources.load(spec, fetch_timeout, fetch_deadline)
        prepared.append(prepare(raw, force=force))

    created = store.find_bundle(name) is None
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
    existing = {d.source: d for d in store.documents(bundle_id)}
    taken = {d.abbrev for d in existing.values()}
    seen_hashes = {d.content_hash for d in existing.values()}

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
        if digest in seen_hashes and not old:
            result.unchanged.append(label)
            yield Progress("skip", f"{label}: same content as a document already in the bundle", i + 1, total)
            continue
        seen_hashes.add(digest)
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
        for j in range(0, len(texts), step):
            _check(cancel)
            vecs.extend(embedder.embed(texts[j : j + step]))
            yield Progress("embed", f"{label}: embedded {min(j + step, len(texts))}/{len(texts)} passages", i, total)
        _check(cancel)
        ids = [p.id for _, p in flat]
        vectors.add(bundle_id, ids, vecs, [{"cite_id": p.cite_id, "ordinal": p.ordinal} for _, p in flat], [p.text for _, p in flat])
        doc = Document(
            title=prep.title, kind=prep.kind, source=prep.raw.source, text=prep.extracted.text, abbrev=abbrev,
            content_hash=digest, links=[Link(t, a) for t, a in _dedupe_links(prep.extracted.links)],
        )
        old_ids = list(store.passage_ids(bundle_id) & _doc_passage_ids(store, old.id)) if old and old.id else []
        store.replace_document(bundle_id, doc, sections, per_section, old.id if old else None)
        vectors.delete(bundle_id, [pid for pid in old_ids if pid not in set(ids)])
        (result.updated if old else result.added).append(label)
        result.sections += len(sections)
        result.passages += len(flat)
        yield Progress("store", f"{label}: stored {len(sections)} sections", i + 1, total)
    result.links = resolve_links(store, bundle_id)
    store.touch_bundle(bundle_id)
    yield Progress("done", f"bundle {bundle.name}: {len(result.added)} added, {len(result.updated)} updated, {len(result.unchanged)} unchanged", total, total)
    return result


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
        m = re.search(r"^(?:the\s+)?([A-Z][\w&.\-]*(?:\s+[A-Z][\w&.\-]*){0,2})\s+(?:Privacy|Data|Cookie|Terms)", prep.title)
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
