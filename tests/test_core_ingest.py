"""Ingestion: every format, folders, manifests, URLs, regulations, cross-references, re-ingestion,
atomicity, cancellation and migrations — through the real facade and stores.

All but two tests are in the fast layer: ingestion does not depend on what the vectors mean, so they use the fake
embedder (``assistant`` here is the sample bundle ingested with it, ``fake_assistant`` makes more). The sample
bundle ingested with the real MiniLM (``session_ingest``) is checked by the first two tests."""

from __future__ import annotations

import json
import re
import shutil
import threading
import tomllib
from pathlib import Path
from typing import Any

import pytest
import sqlite_utils
from conftest import (
    OPP115_DIR,
    REGULATIONS_DIR,
    SAMPLE_DIR,
    SAMPLE_DOCS,
    check_bundle_invariants,
    needs_shared,
)

from assistant import ingest as ingest_mod
from assistant import sectioning, sources
from assistant.core import drain
from assistant.errors import Cancelled
from assistant.models import Document, Passage, Progress, Section
from assistant.storage import MIGRATIONS, Store, migrate


@pytest.fixture
def assistant(fake_sample: Any) -> Any:
    """In this module: the sample bundle ingested with the fake embedder (fast layer)."""
    return fake_sample.assistant


def _docs_by_file(a: Any, name: str) -> dict[str, Document]:
    return {Path(d.source).name: d for d in a.documents(name)}


def _sections(a: Any, doc: Document) -> dict[str, Section]:
    return {s.cite_id: s for s in a.sections(doc.id)}


# --------------------------------------------------------------------------- the sample bundle (TOML manifest)


def test_sample_bundle_result_and_progress(session_ingest: Any) -> None:
    result, events = session_ingest.result, session_ingest.events
    assert result.bundle == "brightcart" and result.company == "BrightCart"
    assert sorted(result.added) == sorted(t for _, t, _ in SAMPLE_DOCS.values())
    assert result.updated == [] and result.unchanged == []
    a = session_ingest.assistant
    info = check_bundle_invariants(a, "brightcart")
    assert result.sections == len(info["cite_ids"])
    assert result.passages == len(info["passages"])
    assert result.links >= 3
    assert all(isinstance(e, Progress) for e in events)
    stages = [e.stage for e in events]
    for stage in ("load", "section", "embed", "store", "done"):
        assert stage in stages
    assert stages[-1] == "done"
    assert all(0 <= e.done <= e.total == len(SAMPLE_DOCS) for e in events)


@pytest.mark.fast
def test_toml_manifest_sets_kinds_titles_and_abbrevs(assistant: Any) -> None:
    manifest = tomllib.loads((SAMPLE_DIR / "bundle.toml").read_text(encoding="utf-8"))
    docs = _docs_by_file(assistant, "brightcart")
    assert set(docs) == {Path(d["path"]).name for d in manifest["documents"]}
    for entry in manifest["documents"]:
        doc = docs[entry["path"]]
        assert doc.kind == entry["kind"]
        assert doc.title == entry["title"]
        assert doc.abbrev == SAMPLE_DOCS[entry["path"]][2]
        assert Path(doc.source) == (SAMPLE_DIR / entry["path"]).resolve()
    assert assistant.bundle("brightcart").company == manifest["company"]
    assert [b.name for b in assistant.bundles()].count("brightcart") == 1


@pytest.mark.fast
def test_html_headings_lists_and_table(assistant: Any) -> None:
    doc = _docs_by_file(assistant, "brightcart")["privacy-policy.html"]
    secs = _sections(assistant, doc)
    html = (SAMPLE_DIR / "privacy-policy.html").read_text(encoding="utf-8")
    # every numbered <h2>/<h3> of the page becomes a section "PP §N" whose heading is that heading
    numbered = re.findall(r"<h[23][^>]*>(\d+(?:\.\d+)*)\.?\s+([^<]+)</h[23]>", html)
    assert len(numbered) >= 15
    # a heading directly followed by a sub-heading has no body of its own: it is only a parent
    parent_only = set(re.findall(r"<h2[^>]*>(\d+)\.[^<]*</h2>\s*<h3", html))
    assert parent_only == {"6"}
    for number, title in numbered:
        if number in parent_only:
            children = [s for s in secs.values() if f"{number}. {title}" in s.heading_path[:-1]]
            assert children and all(s.cite_id.startswith(f"PP §{number}.") for s in children)
            continue
        heads = [s for cid, s in secs.items() if cid == f"PP §{number}" or cid.startswith(f"PP §{number} ")]
        assert heads, f"heading {number} {title} has no section"
        expected = f"{number} {title}" if "." in number else f"{number}. {title}"  # "1.1 Info…" / "4. How…"
        assert heads[0].heading_path[-1] == expected
    retention = secs["PP §4"]
    assert retention.heading.endswith("4. How Long We Keep Your Data")
    assert secs["PP §1.1"].heading_path[-2:] == ["1. Information We Collect", "1.1 Information you give us"]
    # list items are kept (each <li> label of 1.1 and of the ordered list in 2)
    for label in ("Account details:", "Order and delivery details:", "Payment information:", "Communications:", "Preferences:"):
        assert label in secs["PP §1.1"].text
    for label in ("To provide the Services:", "To comply with the law:"):
        assert label in secs["PP §2"].text
    # the retention table's cells are kept in §4 (this row appears only in the table)
    for cell in ("Retention periods by type of data", "Marketing preferences and unsubscribe records", "Server logs",
                 "7 years after the purchase, as required by tax law"):
        assert cell in retention.text
    # page chrome (nav, footer) is not policy text
    for chrome in ("Careers", "All rights reserved", "Deals"):
        assert chrome not in doc.text
    assert all(s.page is None for s in secs.values())


@pytest.mark.fast
def test_html_keeps_the_effective_and_last_updated_dates(assistant: Any) -> None:
    doc = _docs_by_file(assistant, "brightcart")["privacy-policy.html"]
    assert "Last updated: February 10, 2025" in doc.text


@pytest.mark.fast
def test_pdf_sections_record_their_page(assistant: Any) -> None:
    from pypdf import PdfReader

    assert len(PdfReader(str(SAMPLE_DIR / "california-notice.pdf")).pages) == 2
    doc = _docs_by_file(assistant, "brightcart")["california-notice.pdf"]
    secs = assistant.sections(doc.id)
    assert all(s.cite_id.startswith("RN ") for s in secs)
    assert {s.page for s in secs} == {1, 2}
    by_heading = {s.heading_path[-1]: s for s in secs}
    assert by_heading["Your California Privacy Rights"].page == 1
    assert by_heading["Your Right to Opt Out"].page == 2
    assert by_heading["Authorized Agents"].page == 2
    assert "Do Not Sell or Share My Personal Information" in by_heading["Your Right to Opt Out"].text
    pages = [s.page for s in secs]
    assert pages == sorted(pages), "sections are in reading order"


@pytest.mark.fast
def test_txt_numbered_allcaps_headings(assistant: Any) -> None:
    doc = _docs_by_file(assistant, "brightcart")["terms-of-use.txt"]
    secs = _sections(assistant, doc)
    raw = (SAMPLE_DIR / "terms-of-use.txt").read_text(encoding="utf-8")
    headings = re.findall(r"^(\d+)\. ([A-Z ,]+)$", raw, re.M)
    assert len(headings) == 13
    for number, title in headings:
        sec = secs[f"TOU §{number}"]
        assert sec.heading_path[-1] == f"{number}. {title}"
    assert "within 30 days of delivery" in secs["TOU §5"].text
    assert "Privacy Policy" in secs["TOU §2"].text


@pytest.mark.fast
def test_markdown_headings(assistant: Any) -> None:
    doc = _docs_by_file(assistant, "brightcart")["cookie-policy.md"]
    secs = assistant.sections(doc.id)
    md = (SAMPLE_DIR / "cookie-policy.md").read_text(encoding="utf-8")
    h2 = re.findall(r"^## (.+)$", md, re.M)
    by_heading = {s.heading_path[-1]: s for s in secs}
    for title in h2:
        assert title in by_heading, title
        assert by_heading[title].heading_path[0] == "BrightCart Cookie Policy"  # the "# " title is the parent
        assert by_heading[title].cite_id.startswith("CP §")
    # Markdown syntax is removed, list items are kept
    assert "**" not in doc.text and "](" not in doc.text and "\n## " not in doc.text
    assert "Cookie Settings: use the" in by_heading["How to opt out"].text
    assert "Sign-in cookies last up to 30 days" in by_heading["Essential cookies"].text


def test_sample_bundle_invariants(session_ingest: Any) -> None:
    info = check_bundle_invariants(session_ingest.assistant, "brightcart")
    prefixes = {cid.split(" ")[0] for cid in info["cite_ids"]}
    assert prefixes == {"PP", "TOU", "CP", "RN"}


# --------------------------------------------------------------------------- cross-references


@pytest.mark.fast
def test_cross_references_resolve_to_documents(assistant: Any) -> None:
    docs = _docs_by_file(assistant, "brightcart")
    ids = {name: d.id for name, d in docs.items()}
    pp = docs["privacy-policy.html"]
    resolved = {link.target: link.target_document_id for link in pp.links if link.target_document_id}
    assert resolved.get("cookie-policy.md") == ids["cookie-policy.md"]
    assert resolved.get("terms-of-use.txt") == ids["terms-of-use.txt"]
    assert resolved.get("california-notice.pdf") == ids["california-notice.pdf"]
    # links to pages outside the bundle stay unresolved
    assert all(link.target_document_id is None for link in pp.links if link.target in ("/shop", "/careers"))
    # the terms and the cookie policy refer back to the privacy policy
    for name in ("terms-of-use.txt", "cookie-policy.md"):
        assert ids["privacy-policy.html"] in {link.target_document_id for link in docs[name].links}
    for d in docs.values():
        assert all(link.target_document_id != d.id for link in d.links), "a document never links to itself"
        assert all(link.target_document_id in set(ids.values()) | {None} for link in d.links)


# --------------------------------------------------------------------------- other sources


@pytest.mark.fast
@needs_shared
def test_opp115_paragraph_separators(fake_assistant: Any) -> None:
    path = OPP115_DIR / "1498_ticketmaster.com.html"
    raw = path.read_text(encoding="utf-8")
    chunks = [c for c in raw.split("|||") if re.sub(r"<[^>]+>|\s", "", c)]
    a = fake_assistant()
    result = drain(a.ingest([str(path)], name="opp", company="Ticketmaster"))
    assert result.added and result.bundle == "opp"
    info = check_bundle_invariants(a, "opp")
    doc = info["bundle"].documents[0]
    assert doc.kind == "privacy_policy"
    assert "|||" not in doc.text and "<br" not in doc.text.lower()
    # each ||| chunk becomes one paragraph (block) of the document text
    assert len(doc.text.split("\n\n")) == len(chunks)
    first_words = " ".join(re.sub(r"<[^>]+>", " ", chunks[1]).split()[:6])
    assert first_words in doc.text
    assert all(cid.startswith("PP ") for cid in info["cite_ids"])


@pytest.mark.fast
def test_folder_of_files(fake_assistant: Any, tmp_path: Path) -> None:
    folder = tmp_path / "acme-docs"
    (folder / "legal").mkdir(parents=True)
    shutil.copy(SAMPLE_DIR / "terms-of-use.txt", folder / "terms-of-use.txt")
    shutil.copy(SAMPLE_DIR / "cookie-policy.md", folder / "legal" / "cookie-policy.md")
    (folder / "notes.docx").write_bytes(b"PK\x03\x04 not loaded")  # unsupported: skipped in a folder
    (folder / ".hidden.txt").write_text("hidden files are skipped", encoding="utf-8")
    a = fake_assistant()
    result = drain(a.ingest([str(folder)], name="acme-docs"))
    assert result.bundle == "acme-docs"
    assert len(result.added) == 2
    docs = _docs_by_file(a, "acme-docs")
    assert set(docs) == {"terms-of-use.txt", "cookie-policy.md"}
    assert docs["terms-of-use.txt"].kind == "terms_of_use" and docs["terms-of-use.txt"].abbrev == "TOU"
    assert docs["cookie-policy.md"].kind == "cookie_policy" and docs["cookie-policy.md"].abbrev == "CP"
    check_bundle_invariants(a, "acme-docs")


@pytest.mark.fast
def test_default_bundle_name_of_a_folder_is_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "acme-docs"
    folder.mkdir()
    shutil.copy(SAMPLE_DIR / "cookie-policy.md", folder)
    shutil.copy(SAMPLE_DIR / "terms-of-use.txt", folder)
    specs, manifest = sources.expand([str(folder)])
    assert manifest is None and len(specs) == 2
    assert ingest_mod.bundle_name_for([str(folder)], None) == "acme-docs"


@pytest.mark.fast
def test_json_manifest_with_kind_aliases(fake_assistant: Any, tmp_path: Path) -> None:
    manifest = {
        "name": "brightcart-json",
        "company": "BrightCart",
        "documents": [
            {"path": str(SAMPLE_DIR / "privacy-policy.html"), "kind": "privacy policy", "title": "PP from JSON"},
            {"path": str(SAMPLE_DIR / "terms-of-use.txt"), "kind": "terms", "title": "Terms from JSON"},
            {"file": str(SAMPLE_DIR / "cookie-policy.md"), "kind": "cookies", "title": "Cookies from JSON"},
            {"path": str(SAMPLE_DIR / "california-notice.pdf"), "kind": "regional", "title": "California from JSON"},
        ],
    }
    path = tmp_path / "manifest.json"
    path.write_text(json.dumps(manifest), encoding="utf-8")
    a = fake_assistant()
    result = drain(a.ingest([str(path)]))
    assert result.bundle == "brightcart-json" and result.company == "BrightCart"
    docs = _docs_by_file(a, "brightcart-json")
    expected = {"privacy-policy.html": ("privacy_policy", "PP from JSON", "PP"),
                "terms-of-use.txt": ("terms_of_use", "Terms from JSON", "TOU"),
                "cookie-policy.md": ("cookie_policy", "Cookies from JSON", "CP"),
                "california-notice.pdf": ("regional_notice", "California from JSON", "RN")}
    assert {n: (d.kind, d.title, d.abbrev) for n, d in docs.items()} == expected
    info = check_bundle_invariants(a, "brightcart-json")
    assert "PP §4" in info["cite_ids"] and "TOU §13" in info["cite_ids"]


@pytest.mark.fast
def test_url_from_local_http_server(fake_assistant: Any, http_server: Any) -> None:
    url = http_server.url("/privacy.html")
    a = fake_assistant()
    result = drain(a.ingest([url], name="web"))
    assert result.added == ["BrightCart Privacy Policy"]
    assert "/privacy.html" in http_server.requests
    (doc,) = a.documents("web")
    assert doc.source == url and doc.kind == "privacy_policy" and doc.abbrev == "PP"
    info = check_bundle_invariants(a, "web")
    assert "PP §4" in info["cite_ids"]
    hits = a.search("web", "How long are server logs kept?", 5)
    assert any("90 days" in h.text for h in hits)
    assert result.company == "BrightCart"  # guessed from the title


# --------------------------------------------------------------------------- regulations

_GDPR = REGULATIONS_DIR / "GDPR_document.txt"
_CCPA = REGULATIONS_DIR / "CCPA_document.txt"


def _prepared_sections(path: Path, kind: str | None, title: str | None) -> tuple[Any, str, list[Section]]:
    prep = ingest_mod.prepare(sources.load(sources.SourceSpec(str(path), kind, title)))
    abbrev = ingest_mod.abbrev_for(prep.kind, prep.title, set())
    return prep, abbrev, sectioning.make_sections(prep.extracted, abbrev, prep.title)


def _assert_sections_consistent(prep: Any, secs: list[Section]) -> None:
    text = prep.extracted.text
    ids = [s.cite_id for s in secs]
    assert len(ids) == len(set(ids))
    for s in secs:
        assert text[s.start : s.end] == s.text
        for p in sectioning.make_passages(text, s):
            assert s.start <= p.start < p.end <= s.end and text[p.start : p.end] == p.text


@pytest.mark.fast
@needs_shared
def test_gdpr_articles_full_text() -> None:
    prep, abbrev, secs = _prepared_sections(_GDPR, "regulation", "GDPR")
    assert prep.kind == "regulation" and abbrev == "GDPR"
    by_id = {s.cite_id: s for s in secs}
    assert "Principles relating to processing of personal data" in by_id["GDPR Art. 5"].heading
    assert "Lawfulness of processing" in next(s for c, s in by_id.items() if c.startswith("GDPR Art. 6")).heading
    articles = {int(m.group(1)) for c in by_id if (m := re.match(r"GDPR Art\. (\d+)", c))}
    # the GDPR has 99 articles; Art. 89 (a heading over 140 characters) is covered by the xfail test below
    assert set(range(1, 100)) - {89} <= articles
    assert articles <= set(range(1, 100))
    assert all(c.startswith("GDPR ") for c in by_id)
    _assert_sections_consistent(prep, secs)


@pytest.mark.fast
@needs_shared
def test_gdpr_article_with_a_long_heading_is_its_own_section() -> None:
    prep, _, secs = _prepared_sections(_GDPR, "regulation", "GDPR")
    art89 = [s for s in secs if re.match(r"GDPR Art\. 89(\b| ¶)", s.cite_id)]
    assert art89, "no section for GDPR Art. 89"
    assert "Safeguards and derogations" in art89[0].heading
    art88_text = " ".join(s.text for s in secs if re.match(r"GDPR Art\. 88(\b| ¶)", s.cite_id))
    assert "archiving purposes in the public interest" not in art88_text


@pytest.mark.fast
@needs_shared
def test_ccpa_sections_full_text() -> None:
    prep, abbrev, secs = _prepared_sections(_CCPA, "regulation", "CCPA")
    assert abbrev == "CCPA"
    ids = [s.cite_id for s in secs]
    assert any(c == "CCPA §1798.100" or c.startswith("CCPA §1798.100 ") for c in ids)
    assert "CCPA §1798.106" in ids
    sec_105 = next(s for s in secs if s.cite_id.startswith("CCPA §1798.105"))
    assert "Right to Delete" in sec_105.heading
    assert all(c.startswith("CCPA ") for c in ids)
    _assert_sections_consistent(prep, secs)


@pytest.mark.fast
@needs_shared
def test_ccpa_kind_is_guessed_without_a_manifest() -> None:
    prep, abbrev, secs = _prepared_sections(_CCPA, None, None)
    assert prep.kind == "regulation" and abbrev == "CCPA"
    assert "CCPA §1798.106" in [s.cite_id for s in secs]


@pytest.mark.fast
@needs_shared
def test_gdpr_kind_is_guessed_without_a_manifest() -> None:
    prep, abbrev, secs = _prepared_sections(_GDPR, None, None)
    assert prep.kind == "regulation"
    assert "GDPR Art. 5" in [s.cite_id for s in secs]


def _truncate_at(text: str, pattern: str) -> str:
    m = re.search(pattern, text, re.M)
    assert m, pattern
    return text[: m.start()]


@pytest.mark.fast
@needs_shared
def test_regulations_ingested_through_a_manifest(fake_assistant: Any, tmp_path: Path) -> None:
    # The first articles/sections only, to keep embedding cheap; the full texts are sectioned above.
    gdpr = _truncate_at(_GDPR.read_text(encoding="utf-8"), r"^Art\. 12 GDPR")
    ccpa = _truncate_at(_CCPA.read_text(encoding="utf-8"), r"^1798\.110\. (?!.*\t)")
    (tmp_path / "gdpr.txt").write_text(gdpr, encoding="utf-8")
    (tmp_path / "ccpa.txt").write_text(ccpa, encoding="utf-8")
    (tmp_path / "bundle.toml").write_text(
        'name = "laws"\ncompany = "EU and California"\n'
        '[[documents]]\npath = "gdpr.txt"\nkind = "regulation"\ntitle = "GDPR"\n'
        '[[documents]]\npath = "ccpa.txt"\nkind = "law"\ntitle = "CCPA"\n', encoding="utf-8")
    a = fake_assistant()
    result = drain(a.ingest([str(tmp_path)]))
    assert result.bundle == "laws" and len(result.added) == 2
    info = check_bundle_invariants(a, "laws")
    docs = {d.title: d for d in info["bundle"].documents}
    assert docs["GDPR"].kind == docs["CCPA"].kind == "regulation"
    assert (docs["GDPR"].abbrev, docs["CCPA"].abbrev) == ("GDPR", "CCPA")
    ids = info["cite_ids"]
    assert {f"GDPR Art. {n}" for n in (1, 2, 3, 5, 11)} <= set(ids)
    assert any(c.startswith("CCPA §1798.100") for c in ids) and "CCPA §1798.106" in ids
    hits = a.search("laws", "principles of data minimisation and storage limitation", 5)
    assert any(h.cite_id == "GDPR Art. 5" for h in hits)


# --------------------------------------------------------------------------- re-ingestion


def _small_bundle(tmp_path: Path) -> Path:
    folder = tmp_path / "small"
    folder.mkdir()
    shutil.copy(SAMPLE_DIR / "terms-of-use.txt", folder)
    shutil.copy(SAMPLE_DIR / "cookie-policy.md", folder)
    (folder / "bundle.toml").write_text(
        'name = "small"\ncompany = "BrightCart"\n'
        '[[documents]]\npath = "terms-of-use.txt"\nkind = "terms_of_use"\ntitle = "BrightCart Terms of Use"\n'
        '[[documents]]\npath = "cookie-policy.md"\nkind = "cookie_policy"\ntitle = "BrightCart Cookie Policy"\n',
        encoding="utf-8")
    return folder


def _ids_by_doc(a: Any, name: str) -> dict[str, set[str]]:
    b = a.store.get_bundle(name)
    out: dict[str, set[str]] = {}
    for r in a.store.passage_rows(b.id):
        out.setdefault(r["document"], set()).add(r["id"])
    return out


class _EmbedSpy:
    """Wraps an embedder's ``embed`` to record every batch (and optionally fail on one)."""

    def __init__(self, embedder: Any, fail_on_call: int | None = None):
        self.inner = embedder.embed
        self.batches: list[list[str]] = []
        self.fail_on_call = fail_on_call

    def __call__(self, texts: list[str]) -> list[list[float]]:
        self.batches.append(list(texts))
        if self.fail_on_call is not None and len(self.batches) == self.fail_on_call:
            raise RuntimeError("embedder failed midway (test)")
        return self.inner(texts)


@pytest.mark.fast
def test_reingest_unchanged_documents_is_a_no_op(fake_assistant: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _small_bundle(tmp_path)
    a = fake_assistant()
    drain(a.ingest([str(folder)]))
    before_sql = a.store.passage_ids(a.store.get_bundle("small").id)
    before_chroma, before_vecs = a.vectors.all_vectors(a.store.get_bundle("small").id)
    docs_before = {d.title: (d.id, d.content_hash) for d in a.documents("small")}

    spy = _EmbedSpy(a.embedder)
    monkeypatch.setattr(a.embedder, "embed", spy)
    result = drain(a.ingest([str(folder)]))
    assert sorted(result.unchanged) == ["BrightCart Cookie Policy", "BrightCart Terms of Use"]
    assert result.added == [] and result.updated == [] and result.passages == 0
    assert spy.batches == [], "unchanged documents are not re-embedded"
    bid = a.store.get_bundle("small").id
    after_chroma, after_vecs = a.vectors.all_vectors(bid)
    assert a.store.passage_ids(bid) == before_sql
    assert sorted(after_chroma) == sorted(before_chroma) and set(after_chroma) == before_sql
    order = {pid: i for i, pid in enumerate(before_chroma)}
    for i, pid in enumerate(after_chroma):
        assert (after_vecs[i] == before_vecs[order[pid]]).all()
    assert {d.title: (d.id, d.content_hash) for d in a.documents("small")} == docs_before


@pytest.mark.fast
def test_the_same_file_named_another_way_or_copied_is_not_a_second_document(fake_assistant: Any, tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _small_bundle(tmp_path)
    md = folder / "cookie-policy.md"
    a = fake_assistant()
    drain(a.ingest([str(md)], name="small"))
    bid = a.store.get_bundle("small").id
    docs = a.documents("small")
    assert len(docs) == 1 and docs[0].source == str(md.resolve())
    passages = a.store.passage_ids(bid)
    monkeypatch.chdir(folder)  # the same file, relatively: seen as the stored one
    result = drain(a.ingest(["cookie-policy.md"], name="small"))
    assert result.unchanged == ["BrightCart Cookie Policy"] and result.added == []
    copy = tmp_path / "elsewhere" / "cookies.md"  # a copy at another path: the same content is no new document
    copy.parent.mkdir()
    copy.write_bytes(md.read_bytes())
    result = drain(a.ingest([str(copy)], name="small"))
    assert result.added == [] and result.unchanged == ["BrightCart Cookie Policy"]
    assert [d.id for d in a.documents("small")] == [docs[0].id] and a.store.passage_ids(bid) == passages


@pytest.mark.fast
def test_a_document_stored_by_a_relative_path_is_found_when_named_again(fake_assistant: Any, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _small_bundle(tmp_path)
    md = folder / "cookie-policy.md"
    a = fake_assistant()
    drain(a.ingest([str(md)], name="small"))
    doc = a.documents("small")[0]
    a.store.db.conn.execute("update documents set source = ? where id = ?", ["cookie-policy.md", doc.id])  # an older data folder
    a.store.db.conn.commit()
    monkeypatch.chdir(folder)
    md.write_text(md.read_text(encoding="utf-8") + "\n## Fingerprinting\n\nWe never use browser fingerprinting.\n", encoding="utf-8")
    result = drain(a.ingest([str(md)], name="small"))
    assert result.updated == ["BrightCart Cookie Policy"] and result.added == []
    assert [d.source for d in a.documents("small")] == [str(md.resolve())]


@pytest.mark.fast
def test_reingest_changed_document_replaces_only_it(fake_assistant: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _small_bundle(tmp_path)
    a = fake_assistant()
    drain(a.ingest([str(folder)]))
    bid = a.store.get_bundle("small").id
    old = _ids_by_doc(a, "small")
    old_docs = {d.title: d for d in a.documents("small")}

    md = folder / "cookie-policy.md"
    md.write_text(md.read_text(encoding="utf-8") + "\n## Fingerprinting\n\nWe never use browser fingerprinting "
                  "or canvas identifiers to recognise your device across sites.\n", encoding="utf-8")
    spy = _EmbedSpy(a.embedder)
    monkeypatch.setattr(a.embedder, "embed", spy)
    result = drain(a.ingest([str(folder)]))
    assert result.updated == ["BrightCart Cookie Policy"]
    assert result.unchanged == ["BrightCart Terms of Use"] and result.added == []

    new = _ids_by_doc(a, "small")
    assert new["BrightCart Terms of Use"] == old["BrightCart Terms of Use"]
    assert not new["BrightCart Cookie Policy"] & old["BrightCart Cookie Policy"], "old passages of the changed document are gone"
    embedded = [t for batch in spy.batches for t in batch]
    assert len(embedded) == len(new["BrightCart Cookie Policy"]) == result.passages, "only the changed document is embedded"
    chroma_ids, _ = a.vectors.all_vectors(bid)
    assert set(chroma_ids) == a.store.passage_ids(bid)
    assert not set(chroma_ids) & old["BrightCart Cookie Policy"]
    docs = {d.title: d for d in a.documents("small")}
    assert docs["BrightCart Terms of Use"].id == old_docs["BrightCart Terms of Use"].id
    assert docs["BrightCart Cookie Policy"].content_hash != old_docs["BrightCart Cookie Policy"].content_hash
    assert docs["BrightCart Cookie Policy"].abbrev == "CP"
    info = check_bundle_invariants(a, "small")
    fp = [s for s in info["sections"][docs["BrightCart Cookie Policy"].id] if s.heading_path[-1] == "Fingerprinting"]
    assert fp and fp[0].cite_id.startswith("CP §")
    hits = a.search("small", "browser fingerprinting canvas", 3)
    assert fp[0].cite_id in [h.cite_id for h in hits]


# --------------------------------------------------------------------------- atomicity and cancellation


@pytest.mark.fast
def test_embedder_failure_midway_keeps_the_previous_version(fake_assistant: Any, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _small_bundle(tmp_path)
    a = fake_assistant()
    drain(a.ingest([str(folder)]))
    bid = a.store.get_bundle("small").id
    before_ids = a.store.passage_ids(bid)
    before_chroma = set(a.vectors.all_vectors(bid)[0])
    cp_before = next(d for d in a.documents("small") if d.kind == "cookie_policy")
    sections_before = [(s.cite_id, s.text) for s in a.sections(cp_before.id)]
    search_before = [(h.cite_id, h.text) for h in a.search("small", "How long do analytics cookies last?", 5)]

    # A much longer new version: more than one embedding batch (64), so the failure comes midway.
    md = folder / "cookie-policy.md"
    extra = "\n".join(f"\n## Partner {i}\n\nPartner {i} sets a measurement cookie that lasts {i + 1} days and is "
                      f"used only for counting visits to campaign page {i}." for i in range(60))
    md.write_text(md.read_text(encoding="utf-8") + extra, encoding="utf-8")
    spy = _EmbedSpy(a.embedder, fail_on_call=2)
    monkeypatch.setattr(a.embedder, "embed", spy)
    with pytest.raises(RuntimeError, match="midway"):
        drain(a.ingest([str(folder)]))
    assert len(spy.batches) == 2 and len(spy.batches[0]) == 64
    monkeypatch.undo()

    assert a.store.passage_ids(bid) == before_ids
    assert set(a.vectors.all_vectors(bid)[0]) == before_chroma
    cp_after = next(d for d in a.documents("small") if d.kind == "cookie_policy")
    assert (cp_after.id, cp_after.content_hash, cp_after.text) == (cp_before.id, cp_before.content_hash, cp_before.text)
    assert [(s.cite_id, s.text) for s in a.sections(cp_after.id)] == sections_before
    assert [(h.cite_id, h.text) for h in a.search("small", "How long do analytics cookies last?", 5)] == search_before
    answer = a.ask_sync("small", "How long do analytics cookies last?", use_model=False)
    assert answer.answerable and answer.citations
    assert {c.cite_id for c in answer.citations} <= {s.cite_id for d in a.documents("small") for s in a.sections(d.id)}
    check_bundle_invariants(a, "small")


@pytest.mark.fast
@needs_shared
def test_cancel_after_first_progress(assistant: Any) -> None:
    bid = assistant.store.get_bundle("brightcart").id
    before = (assistant.store.passage_ids(bid), [(d.id, d.content_hash) for d in assistant.documents("brightcart")])
    cancel = threading.Event()
    seen: list[Progress] = []

    def on_event(ev: Any) -> None:
        seen.append(ev)
        cancel.set()

    with pytest.raises(Cancelled):
        drain(assistant.ingest([str(OPP115_DIR / "1028_redorbit.com.html"), str(OPP115_DIR / "1034_aol.com.html")],
                               name="cancelled-bundle", cancel=cancel), on_event)
    assert len(seen) == 1
    assert assistant.store.find_bundle("cancelled-bundle") is None
    after = (assistant.store.passage_ids(bid), [(d.id, d.content_hash) for d in assistant.documents("brightcart")])
    assert after == before
    hits = assistant.search("brightcart", "cookies")
    assert hits and hits[0].document.startswith("BrightCart")


def _store_with_one_document(tmp_path: Path) -> tuple[Store, int, int]:
    store = Store(tmp_path / "atomic.db")
    bundle = store.upsert_bundle("b", "B")
    text = "Intro text here.\n\nWe keep logs for 90 days."
    secs = [Section("X §1", ["Intro"], text[:16], 0, 16), Section("X §2", ["Logs"], text[18:], 18, len(text))]
    passages = [[Passage(secs[0].text, 0, 16, "X §1", 0, "p-0")], [Passage(secs[1].text, 18, len(text), "X §2", 1, "p-1")]]
    doc_id = store.replace_document(bundle.id, Document("Doc", "other", "doc.txt", text, "X", "h1"), secs, passages, None)
    return store, bundle.id, doc_id


@pytest.mark.fast
def test_replace_document_is_all_or_nothing(tmp_path: Path) -> None:
    import sqlite3

    store, bid, doc_id = _store_with_one_document(tmp_path)
    text = "New intro.\n\nNew logs text."
    secs = [Section("X §1", ["Intro"], text[:10], 0, 10), Section("X §2", ["Logs"], text[12:], 12, len(text))]
    clash = [[Passage(secs[0].text, 0, 10, "X §1", 0, "dup")], [Passage(secs[1].text, 12, len(text), "X §2", 1, "dup")]]
    with pytest.raises(sqlite3.IntegrityError):
        store.replace_document(bid, Document("Doc", "other", "doc.txt", text, "X", "h2"), secs, clash, doc_id)
    docs = store.documents(bid)
    assert [(d.id, d.content_hash) for d in docs] == [(doc_id, "h1")], "the old version is still the only one"
    assert [s.cite_id for s in store.sections(doc_id)] == ["X §1", "X §2"]
    assert store.passage_ids(bid) == {"p-0", "p-1"}


@pytest.mark.fast
def test_same_document_in_two_bundles(fake_assistant: Any) -> None:
    a = fake_assistant()
    path = str(SAMPLE_DIR / "terms-of-use.txt")
    drain(a.ingest([path], name="first", company="BrightCart"))
    result = drain(a.ingest([path], name="second", company="BrightCart"))
    assert result.added == ["BrightCart Terms of Use"]
    for name in ("first", "second"):
        check_bundle_invariants(a, name)


# --------------------------------------------------------------------------- migrations


@pytest.mark.fast
def test_migrations_apply_once(tmp_path: Path) -> None:
    db = sqlite_utils.Database(tmp_path / "fresh.db")
    applied = migrate(db)
    names = ["001_core", "002_conversations", "003_report_cards", "004_document_versions", "005_trust"]
    assert applied == names == [name for name, _ in MIGRATIONS]
    assert {"bundles", "documents", "sections", "passages", "links", "conversations", "messages", "report_cards", "document_versions",
            "trust", "_migrations"} <= set(db.table_names())
    assert sorted(r["name"] for r in db["_migrations"].rows) == names
    assert migrate(db) == []
    assert db["_migrations"].count == len(names)
    db.conn.close()
    # a Store opened on the migrated file applies nothing either and works
    store = Store(tmp_path / "fresh.db")
    assert migrate(store.db) == []
    assert store.upsert_bundle("x", "X").name == "x"
    store.close()


@pytest.mark.fast
def test_migrations_resume_after_a_partial_history(tmp_path: Path) -> None:
    db = sqlite_utils.Database(tmp_path / "partial.db")
    assert migrate(db, MIGRATIONS[:1]) == ["001_core"]
    assert "conversations" not in db.table_names()
    assert migrate(db) == ["002_conversations", "003_report_cards", "004_document_versions", "005_trust"]
    assert migrate(db) == []
    db.conn.close()


@pytest.mark.fast
def test_a_short_policy_that_names_itself_is_accepted_and_a_recipe_is_not() -> None:
    from assistant import kinds
    from assistant.errors import NotAPolicyError

    short = ("Privacy Policy For each visitor to our Web site, our Web server automatically recognizes only the consumer's "
             "domain name, operating system, and web browser version but not the e-mail address. Cookies are generated and "
             "placed on your computer when you visit a Web site. They make your return visits more convenient. We do not use "
             "cookies to collect personal information. Disclaimer The information provided is \"as is\" with all faults and "
             "without warranty of any kind. We are not responsible for the materials or content of other sites.")
    kinds.check_is_policy(short, "short.html")  # 90 words, few of the policy words: its title says what it is
    recipe = ("Grandma's Apple Pie. Ingredients: six apples, two cups of flour, one cup of sugar, a pinch of cinnamon, butter "
              "and a little salt. Peel and slice the apples. Rub the flour and butter together until crumbly, add cold water "
              "and roll out the dough. Bake for forty minutes until golden and serve warm with cream.")
    for text in (recipe, "Privacy Policy. " + recipe):
        with pytest.raises(NotAPolicyError, match="does not look like"):
            kinds.check_is_policy(text, "recipe.txt")
