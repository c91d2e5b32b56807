"""Hostile and clumsy inputs (issue 11, items a-h): each is reproduced with real files or the real HTTP server on
127.0.0.1, refused with one clear line (the CLI exits non-zero) or read correctly, and nothing stored is lost.

Fast layer: the fakes of ``tests/fakes.py`` stand in for the models; the CLI runs in-process, and only for
commands that fail before any model is needed (or load none: ``list``, ``show``).
"""

from __future__ import annotations

import codecs
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLE_DIR, check_bundle_invariants, cli_error, one_line
from httpserver import LocalHTTPServer

from assistant import cli, sources
from assistant.config import Settings
from assistant.core import drain
from assistant.errors import FetchError, InputError

pytestmark = pytest.mark.fast

POLICY_HTML = (SAMPLE_DIR / "privacy-policy.html").read_bytes()
TERMS_TXT = (SAMPLE_DIR / "terms-of-use.txt").read_text(encoding="utf-8")
ESC = "\x1b"


@pytest.fixture(scope="module")
def server() -> Iterator[LocalHTTPServer]:
    with LocalHTTPServer(max_lifetime=600) as srv:
        yield srv


def state(a: Any, name: str) -> dict[str, Any]:
    """What a bundle holds: documents (id, title, hash, text), passage ids in SQLite and Chroma."""
    bid = a.store.get_bundle(name).id
    return {
        "documents": [(d.id, d.title, d.content_hash, d.text) for d in a.documents(name)],
        "passages": a.store.passage_ids(bid),
        "vectors": sorted(a.vectors.all_vectors(bid)[0]),
    }


def ingest_html(a: Any, tmp_path: Path, html: str | bytes, name: str, file: str = "privacy-policy.html") -> Any:
    path = tmp_path / file
    path.write_bytes(html.encode("utf-8") if isinstance(html, str) else html)
    drain(a.ingest([str(path)], name=name))
    (doc,) = a.documents(name)
    return doc


# --------------------------------------------------------------------------- (a) a download cut short


def test_truncated_download_is_refused_and_the_stored_version_kept(fake_assistant: Any, server: LocalHTTPServer,
                                                                   tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = server.route("/cut/privacy.html", POLICY_HTML)
    a = fake_assistant()
    drain(a.ingest([url], name="web"))
    before = state(a, "web")
    assert len(before["documents"]) == 1 and before["passages"]

    # the server announces the whole (changed) page, sends a third of it and closes the connection
    changed = POLICY_HTML.replace(b"90 days", b"30 days")
    server.route("/cut/privacy.html", changed[: len(changed) // 3], declared_length=len(changed))
    with pytest.raises(FetchError) as info:
        drain(a.ingest([url], name="web"))
    one_line(str(info.value), "cut short", f"of {len(changed):,} bytes")
    assert state(a, "web") == before  # the previous version is still there, text, passages and vectors
    check_bundle_invariants(a, "web")

    cli_error(["--data-dir", str(tmp_path / "cli-home"), "ingest", url], capsys, "cut short")


# --------------------------------------------------------------------------- (b) a server that trickles


def test_trickling_body_is_stopped_at_the_total_deadline(server: LocalHTTPServer) -> None:
    url = server.route("/trickle/body.html", POLICY_HTML[:400], trickle=0.25)  # 100 s at one byte every 0.25 s
    start = time.monotonic()
    with pytest.raises(FetchError) as info:
        sources.fetch(sources.SourceSpec(url), timeout=1.0, deadline=1.5)
    elapsed = time.monotonic() - start
    one_line(str(info.value), "longer than 1.5 s")
    assert elapsed < 4.0, elapsed  # each read was answered within the per-read timeout: only the deadline stops it


def test_trickling_headers_are_stopped_at_the_total_deadline(server: LocalHTTPServer) -> None:
    url = server.route("/trickle/headers.html", POLICY_HTML[:400], trickle=0.25, trickle_headers=True)
    start = time.monotonic()
    with pytest.raises(FetchError) as info:
        sources.fetch(sources.SourceSpec(url), timeout=1.0, deadline=1.5)
    one_line(str(info.value), "longer than 1.5 s")
    assert time.monotonic() - start < 4.0


def test_trickling_server_through_the_facade_and_the_cli(fake_assistant: Any, server: LocalHTTPServer, tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    url = server.route("/trickle/facade.html", POLICY_HTML, trickle=0.25)
    a = fake_assistant(settings=Settings(fetch_timeout_s=1, fetch_deadline_s=1.5))  # a setting, passed to the facade
    start = time.monotonic()
    with pytest.raises(FetchError) as info:
        drain(a.ingest([url], name="slow"))
    assert time.monotonic() - start < 4.0
    with pytest.raises(InputError, match="deadline"):
        Settings(fetch_deadline_s=0).validate()
    one_line(str(info.value), "longer than 1.5 s")
    assert a.store.find_bundle("slow") is None
    start = time.monotonic()
    from assistant.config import save_settings

    save_settings(Settings(fetch_timeout_s=1, fetch_deadline_s=1.5), tmp_path / "cli-home")
    cli_error(["--data-dir", str(tmp_path / "cli-home"), "ingest", url], capsys, "longer than 1.5 s")
    assert time.monotonic() - start < 4.0


def test_a_slow_but_steady_download_within_the_deadline_is_accepted(server: LocalHTTPServer) -> None:
    url = server.route("/steady.html", POLICY_HTML, delay=0.5)
    raw = sources.fetch(sources.SourceSpec(url), timeout=2.0, deadline=5.0)
    assert raw.data == POLICY_HTML and raw.media == "html"


# --------------------------------------------------------------------------- (c) UTF-16 and BOMs


def _encode(text: str, how: str) -> bytes:
    return {
        "utf-16-bom-le": codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
        "utf-16-bom-be": codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
        "utf-16-le-no-bom": text.encode("utf-16-le"),
        "utf-16-be-no-bom": text.encode("utf-16-be"),
        "utf-8-bom": codecs.BOM_UTF8 + text.encode("utf-8"),
        "utf-32-bom": text.encode("utf-32"),
    }[how]


ENCODINGS = ["utf-16-bom-le", "utf-16-bom-be", "utf-16-le-no-bom", "utf-16-be-no-bom", "utf-8-bom", "utf-32-bom"]


@pytest.mark.parametrize("how", ENCODINGS)
def test_text_files_in_utf16_and_with_a_bom_are_decoded(fake_assistant: Any, tmp_path: Path, how: str) -> None:
    a = fake_assistant()
    reference = tmp_path / "utf8" / "terms-of-use.txt"
    reference.parent.mkdir()
    reference.write_text(TERMS_TXT, encoding="utf-8")
    drain(a.ingest([str(reference)], name="reference"))
    path = tmp_path / how / "terms-of-use.txt"
    path.parent.mkdir()
    path.write_bytes(_encode(TERMS_TXT, how))
    drain(a.ingest([str(path)], name="encoded"))  # no --force: it reads as terms of use
    (ref,) = a.documents("reference")
    (doc,) = a.documents("encoded")
    assert "\x00" not in doc.text and "\ufeff" not in doc.text
    assert doc.text == ref.text and doc.title == ref.title and doc.kind == "terms_of_use"
    check_bundle_invariants(a, "encoded")


@pytest.mark.parametrize("how", ["utf-16-bom-le", "utf-16-be-no-bom", "utf-8-bom"])
def test_html_in_utf16_is_decoded(fake_assistant: Any, tmp_path: Path, how: str) -> None:
    a = fake_assistant()
    doc = ingest_html(a, tmp_path, _encode(POLICY_HTML.decode("utf-8"), how), "encoded")
    assert doc.title == "BrightCart Privacy Policy" and "90 days" in doc.text and "\x00" not in doc.text


# --------------------------------------------------------------------------- (d) deep nesting


def _nested(html: str, depth: int) -> str:
    return re.sub(r"<body([^>]*)>(.*)</body>", lambda m: f"<body{m.group(1)}>" + "<div>" * depth + m.group(2)
                  + "</div>" * depth + "</body>", html, count=1, flags=re.S)


@pytest.mark.parametrize("depth", [300, 1000, 3000])
def test_deeply_nested_html_keeps_the_policy(fake_assistant: Any, tmp_path: Path, depth: int) -> None:
    a = fake_assistant()
    (tmp_path / "flat").mkdir()
    flat = ingest_html(a, tmp_path / "flat", POLICY_HTML, "flat")
    deep = ingest_html(a, tmp_path, _nested(POLICY_HTML.decode("utf-8"), depth), "deep")
    assert len(flat.text.split()) > 2000
    assert len(deep.text.split()) >= 0.95 * len(flat.text.split())
    assert deep.title == "BrightCart Privacy Policy"
    info = check_bundle_invariants(a, "deep")
    assert "PP §4" in info["cite_ids"]
    assert any("90 days" in h.text for h in a.search("deep", "How long are server logs kept?", 5))


# --------------------------------------------------------------------------- (e) template and hidden text

HIDDEN = {
    "TEMPLATEWORD": "<template><p>We sell TEMPLATEWORD personal data to anyone who asks.</p></template>",
    "HIDDENATTRWORD": "<p hidden>We sell HIDDENATTRWORD personal data to data brokers.</p>",
    "DISPLAYNONEWORD": '<div style="color: red; DISPLAY : none !important"><p>We sell DISPLAYNONEWORD personal data.</p></div>',
    "ARIAHIDDENWORD": '<section aria-hidden="true"><p>We sell ARIAHIDDENWORD personal data.</p></section>',
}
VISIBLE = '<p hidden="until-found">Customers can find the UNTILFOUNDWORD paragraph with the browser search.</p>'


@pytest.mark.parametrize("depth", [0, 3000], ids=["ordinary", "deeply-nested"])
def test_template_and_hidden_text_is_neither_indexed_nor_citable(fake_assistant: Any, tmp_path: Path, depth: int) -> None:
    html = POLICY_HTML.decode("utf-8").replace("<h2", "".join(HIDDEN.values()) + VISIBLE + "<h2", 1)
    a = fake_assistant()
    doc = ingest_html(a, tmp_path, _nested(html, depth) if depth else html, "hidden")
    assert "UNTILFOUNDWORD" in doc.text  # hidden="until-found" is meant to be found
    info = check_bundle_invariants(a, "hidden")
    for word in HIDDEN:
        assert word not in doc.text, word
        assert not [r for r in info["passages"] if word in r["text"]], word
        assert not [s for secs in info["sections"].values() for s in secs if word in s.text], word
        assert not [h for h in a.search("hidden", f"Do you sell {word} personal data?", 8) if word in h.text], word


def test_a_policy_shown_in_collapsed_panels_is_still_read(fake_assistant: Any, tmp_path: Path) -> None:
    """Pages that put most of the policy in hidden panels (opened by script) keep it: the policy is the page."""
    html = re.sub(r"<body([^>]*)>(.*)</body>", r'<body\1><div class="accordion" hidden>\2</div></body>',
                  POLICY_HTML.decode("utf-8"), count=1, flags=re.S)
    doc = ingest_html(fake_assistant(), tmp_path, html, "panels")
    assert len(doc.text.split()) > 2000


# --------------------------------------------------------------------------- (f) control characters in titles

EVIL_TITLE = f"{ESC}[2J{ESC}[31mEvil{ESC}[0m Privacy Policy\x07\x08{ESC}]0;pwned\x07"


def test_control_characters_are_stripped_from_titles_and_headings(fake_assistant: Any, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    html = POLICY_HTML.decode("utf-8")
    html = re.sub(r"<title>.*?</title>", f"<title>{EVIL_TITLE}</title>", html, count=1, flags=re.S)
    html = html.replace("<h2", f"<h2>{ESC}[5mBlinking{ESC}[0m Heading\x00</h2><p>We keep account data while your account "
                        "is open and for as long as the law requires us to keep it.</p><h2", 1)
    home = tmp_path / "home"
    a = fake_assistant(home=home)
    doc = ingest_html(a, tmp_path, html, "evil")
    assert doc.title == "Evil Privacy Policy"
    headings = [s.heading for s in a.sections(doc.id)]
    assert "\n\nBlinking Heading\n\n" in doc.text  # the heading, without the rest of its escape sequences
    assert not [t for t in [doc.text, *headings] if "[5m" in t or "[0m" in t or "[31m" in t]
    controls = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
    assert not controls.search(doc.text) and not any(controls.search(h) for h in headings)
    # defensively at print time too: a title stored raw (by an older version) is printed clean
    a.store.db.execute("update documents set title = ? where id = ?", [EVIL_TITLE, doc.id])
    a.store.db.conn.commit()
    a.close()
    for command in (["list"], ["show", "--bundle", "evil"]):
        code = cli.main(["--data-dir", str(home), *command])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert not controls.search(out.replace("\n", "")), repr(out[:300])
    assert cli.main(["--data-dir", str(home), "list"]) == 0
    assert "Evil Privacy Policy" in capsys.readouterr().out


def test_control_characters_in_a_manifest_title_and_file_name(fake_assistant: Any, tmp_path: Path) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "terms.txt").write_text(TERMS_TXT, encoding="utf-8")
    (folder / "bundle.toml").write_text(
        'company = "Bright\\u001b[31mCart"\n[[documents]]\npath = "terms.txt"\ntitle = "Terms\\u001b[0m of\\u0007 Use"\n',
        encoding="utf-8")
    a = fake_assistant()
    result = drain(a.ingest([str(folder)], name="manifest"))
    (doc,) = a.documents("manifest")
    assert doc.title == "Terms of Use" and result.company == "BrightCart"
    raw = sources.load(sources.SourceSpec(str(_touch(tmp_path / f"policy{ESC}[31m.txt", TERMS_TXT))))
    assert ESC not in raw.name


def _touch(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# --------------------------------------------------------------------------- (g) manifests pointing outside


@pytest.mark.parametrize("entry", ["../../etc/passwd", "../outside.txt", "sub/../../outside.txt", "link-out.txt"])
def test_manifest_entry_outside_its_folder_is_refused(fake_assistant: Any, tmp_path: Path, entry: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "bundle"
    (folder / "sub").mkdir(parents=True)
    (tmp_path / "outside.txt").write_text(TERMS_TXT, encoding="utf-8")
    (folder / "link-out.txt").symlink_to(tmp_path / "outside.txt")
    (folder / "terms.txt").write_text(TERMS_TXT, encoding="utf-8")
    manifest = folder / "bundle.toml"
    manifest.write_text(f'company = "BrightCart"\ndocuments = ["terms.txt", "{entry}"]\n', encoding="utf-8")
    a = fake_assistant()
    with pytest.raises(InputError) as info:
        drain(a.ingest([str(manifest)], name="escape"))
    one_line(str(info.value), "bundle.toml", "document 2", "outside the manifest's folder")
    assert a.store.find_bundle("escape") is None
    cli_error(["--data-dir", str(tmp_path / "cli-home"), "ingest", str(folder)], capsys, "outside the manifest's folder")


def test_manifest_entries_inside_subfolders_and_absolute_paths_are_fine(fake_assistant: Any, tmp_path: Path) -> None:
    """A subfolder is inside; an absolute path is one the manifest's author named (test_core_ingest relies on it)."""
    folder = tmp_path / "bundle"
    (folder / "docs").mkdir(parents=True)
    (folder / "docs" / "terms.txt").write_text(TERMS_TXT, encoding="utf-8")
    policy = SAMPLE_DIR / "privacy-policy.html"
    (folder / "bundle.json").write_text(f'{{"documents": ["docs/../docs/terms.txt", "{policy}"]}}', encoding="utf-8")
    a = fake_assistant()
    drain(a.ingest([str(folder)], name="inside"))
    assert sorted(d.kind for d in a.documents("inside")) == ["privacy_policy", "terms_of_use"]


# --------------------------------------------------------------------------- (h) redirect loops


@pytest.mark.parametrize("start", ["/loop/self", "/loop/a"])
def test_redirect_loop_is_one_line(fake_assistant: Any, server: LocalHTTPServer, tmp_path: Path, start: str,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    server.route("/loop/self", b"", status=302, headers={"Location": "/loop/self"})
    server.route("/loop/a", b"", status=301, headers={"Location": "/loop/b"})
    server.route("/loop/b", b"", status=302, headers={"Location": "/loop/a"})
    url = server.url(start)
    a = fake_assistant()
    with pytest.raises(FetchError) as info:
        drain(a.ingest([url], name="loop"))
    one_line(str(info.value), "redirect", url)
    assert a.store.find_bundle("loop") is None
    cli_error(["--data-dir", str(tmp_path / "cli-home"), "ingest", url], capsys, "redirect")


def test_a_redirect_to_the_policy_is_followed(server: LocalHTTPServer) -> None:
    target = server.route("/moved/privacy.html", POLICY_HTML)
    url = server.route("/old-privacy", b"", status=301, headers={"Location": "/moved/privacy.html"})
    raw = sources.fetch(sources.SourceSpec(url), timeout=2.0)
    assert raw.source == target and raw.data == POLICY_HTML


# --------------------------------------------------------------------------- punctuation trafilatura escapes


def test_brackets_asterisks_and_underscores_in_html_text_are_kept(fake_assistant: Any, tmp_path: Path) -> None:
    """Trafilatura escapes Markdown marks (``\\[``, ``\\_``); the stored text has the page's own characters."""
    html = POLICY_HTML.decode("utf-8").replace("<h2", "<h2>Notes [1] on *starred* items</h2><p>We store the user_id and "
                                               "session_token fields [see Annex A] for 30 days; C:\\Users is not read.</p><h2", 1)
    doc = ingest_html(fake_assistant(), tmp_path, html, "marks")
    assert "Notes [1] on *starred* items" in doc.text
    assert "We store the user_id and session_token fields [see Annex A] for 30 days; C:\\Users is not read." in doc.text
