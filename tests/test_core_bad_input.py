"""Bad input: every failure is one line ``error: …`` in the CLI (exit != 0, no traceback) and an
:class:`AssistantError` from the facade — and the bundles ingested before stay intact.

The facade tests are in the fast layer (the sample bundle ingested with the fake embedder); the CLI tests run
real subprocesses with the real models."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLE_DIR, assert_cli_error, check_bundle_invariants, collect, new_fake_assistant, run_cli
from fakes import FakeEmbedder
from pdfgen import encrypted_pdf, image_only_pdf

from assistant.config import Settings
from assistant.core import Assistant, drain
from assistant.errors import AssistantError, FetchError, InputError, ModelError, NotAPolicyError, StorageError

POLICY_LINES = [
    "Acme Privacy Policy",
    "We collect personal information such as your name, email address and payment details when you create an "
    "account. We share personal data with service providers that process orders on our behalf, and we keep it "
    "only as long as needed. You can ask us to access or delete your data at any time by contacting privacy@acme.example.",
]

EMPTY_HTML = b"<!DOCTYPE html><html><head><title>Privacy Policy</title></head><body></body></html>"
BOILERPLATE_HTML = b"""<!DOCTYPE html><html><head><title>Acme Store</title></head><body>
<header><nav><ul><li><a href="/">Home</a></li><li><a href="/shop">Shop</a></li><li><a href="/deals">Deals</a></li>
<li><a href="/help">Help Center</a></li><li><a href="/account">My Account</a></li><li><a href="/cart">Cart</a></li></ul></nav></header>
<footer><ul><li><a href="/about">About Us</a></li><li><a href="/careers">Careers</a></li><li><a href="/privacy">Privacy Policy</a></li>
<li><a href="/terms">Terms of Use</a></li><li><a href="/cookies">Cookie Policy</a></li><li><a href="/contact">Contact us</a></li></ul>
<p>&copy; 2025 Acme Inc. All rights reserved.</p></footer></body></html>"""
RECIPE = """Grandma's Apple Pie

Ingredients: six apples, two cups of flour, one cup of sugar, a pinch of cinnamon, butter and a little salt.

Method

Peel and slice the apples. Rub the flour and butter together until crumbly, add cold water and roll out the dough.
Fill the crust with the apples, sugar and cinnamon, cover it and bake at 200 degrees for forty-five minutes until
golden. Serve warm with cream or vanilla ice cream. Leftovers keep for three days in a cool pantry.
"""

# ----------------------------------------------------------------------------- bad files (name -> writer)


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _missing(tmp: Path) -> Path:
    return tmp / "does-not-exist" / "policy.html"


def _empty_dir(tmp: Path) -> Path:
    d = tmp / "nothing-here"
    d.mkdir()
    (d / "notes.docx").write_bytes(b"PK\x03\x04")
    (d / "image.png").write_bytes(b"\x89PNG\r\n")
    return d


def _big_txt(tmp: Path) -> Path:
    path = tmp / "huge-policy.txt"
    with path.open("wb") as fh:
        fh.write(b"Privacy Policy\n\nWe collect personal data.\n")
        fh.truncate(50 * 1024 * 1024)
    return path


BAD_FILES: dict[str, tuple[Callable[[Path], Path], type[AssistantError], tuple[str, ...]]] = {
    "missing-file": (_missing, InputError, ("not found",)),
    "no-supported-files": (_empty_dir, InputError, ("no html, pdf, txt or markdown",)),
    "docx": (lambda t: _write(t / "policy.docx", b"PK\x03\x04" + b"\x00" * 64), InputError, ("unsupported", ".docx")),
    "empty-html": (lambda t: _write(t / "empty.html", EMPTY_HTML), InputError, ("empty",)),
    "blank-html": (lambda t: _write(t / "blank.html", b"  \n\t\n"), InputError, ("empty",)),
    "boilerplate-html": (lambda t: _write(t / "chrome.html", BOILERPLATE_HTML), InputError, ()),
    "encrypted-pdf": (lambda t: _write(t / "locked.pdf", encrypted_pdf([POLICY_LINES])), InputError, ("encrypted",)),
    "image-only-pdf": (lambda t: _write(t / "scan.pdf", image_only_pdf(2)), InputError, ("no extractable text",)),
    "not-a-policy": (lambda t: _write(t / "apple-pie.txt", RECIPE.encode()), NotAPolicyError, ("does not look like",)),
    "50-mb-file": (_big_txt, InputError, ("too large",)),
    "bad-manifest": (lambda t: _write(t / "bundle.toml", b"name = 'x'\n[[documents]\npath = 1\n"), InputError, ("not valid",)),
    "manifest-unknown-kind": (
        lambda t: _write(t / "manifest.json", json.dumps({"documents": [{"path": str(SAMPLE_DIR / "terms-of-use.txt"),
                                                                           "kind": "shopping list"}]}).encode()),
        InputError, ("unknown document kind",)),
}

BAD_URLS: dict[str, tuple[str, tuple[str, ...]]] = {
    "unresolvable-host": ("http://nonexistent.invalid/", ("resolve",)),
    "http-404": ("/missing.html", ("404",)),
    "http-410": ("/gone.html", ("410",)),
    "timeout": ("/slow.html", ("timed out",)),
    "binary-content-type": ("/download.bin", ("application/octet-stream",)),
}


def _url(server: Any, target: str) -> str:
    return target if target.startswith("http") else server.url(target)


@pytest.fixture(scope="module")
def snapshot(assistant: Any) -> dict[str, Any]:
    """The session bundle before any failure."""
    return _state(assistant)


@pytest.fixture(scope="module")
def fake_snapshot(fake_sample: Any) -> dict[str, Any]:
    """The fast layer's sample bundle before any failure."""
    return _state(fake_sample.assistant)


@pytest.fixture
def quick_fetch(fake_sample: Any) -> Any:
    """An assistant on the fast sample's data dir whose URL fetches give up after 1 s."""
    a = new_fake_assistant(fake_sample.home, Settings(fetch_timeout_s=1))
    yield a
    a.close()


def _state(a: Any) -> dict[str, Any]:
    bid = a.store.get_bundle("brightcart").id
    return {
        "bundles": [(b.name, b.company, b.updated) for b in a.bundles()],
        "documents": [(d.id, d.title, d.content_hash) for d in a.documents("brightcart")],
        "passages": a.store.passage_ids(bid),
        "vectors": sorted(a.vectors.all_vectors(bid)[0]),
    }


# ----------------------------------------------------------------------------- facade


@pytest.mark.fast
@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_facade_refuses_bad_files(fake_sample: Any, fake_snapshot: dict[str, Any], tmp_path: Path, case: str) -> None:
    assistant, snapshot = fake_sample.assistant, fake_snapshot
    make, error, fragments = BAD_FILES[case]
    path = make(tmp_path)
    with pytest.raises(error) as info:
        drain(assistant.ingest([str(path)], name=f"bad-{case}"))
    message = str(info.value)
    assert "\n" not in message and message
    for frag in fragments:
        assert frag.lower() in message.lower()
    assert assistant.store.find_bundle(f"bad-{case}") is None
    assert _state(assistant) == snapshot


@pytest.mark.fast
@pytest.mark.parametrize("case", sorted(BAD_URLS))
def test_facade_refuses_bad_urls(fake_sample: Any, fake_snapshot: dict[str, Any], quick_fetch: Any, http_server: Any,
                                 case: str) -> None:
    assistant, snapshot = fake_sample.assistant, fake_snapshot
    target, fragments = BAD_URLS[case]
    with pytest.raises(FetchError) as info:
        drain(quick_fetch.ingest([_url(http_server, target)], name=f"bad-{case}"))
    message = str(info.value)
    assert "\n" not in message
    for frag in fragments:
        assert frag.lower() in message.lower()
    assert assistant.store.find_bundle(f"bad-{case}") is None
    assert _state(assistant) == snapshot


@pytest.mark.fast
@pytest.mark.parametrize("question, fragment", [("", "empty"), ("   \n\t ", "empty"), ("?!", "no words"),
                                                ("Why " * 2500, "too long")])
def test_facade_refuses_bad_questions(fake_sample: Any, question: str, fragment: str) -> None:
    assistant = fake_sample.assistant
    with pytest.raises(InputError, match=fragment):
        drain(assistant.ask("brightcart", question))
    with pytest.raises(InputError, match=fragment):
        assistant.search("brightcart", question)


@pytest.mark.fast
def test_facade_unknown_bundle(fake_sample: Any) -> None:
    assistant = fake_sample.assistant
    with pytest.raises(AssistantError, match="no bundle named"):
        assistant.ask_sync("no-such-bundle", "How long is my data stored?")


@pytest.mark.fast
def test_missing_gguf_is_a_settings_error(fake_sample: Any) -> None:
    assistant = fake_sample.assistant
    with pytest.raises(InputError, match="model file not found"):
        Settings(model_path="/nonexistent.gguf").validate()
    before = assistant.settings
    with pytest.raises(InputError):
        assistant.update_settings(Settings(model_path="/nonexistent.gguf"), persist=False)
    assert assistant.settings is before


@pytest.fixture(scope="module")
def corrupt_ggufs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("gguf")
    garbage = d / "garbage.gguf"
    garbage.write_bytes(b"\x13\x37NOTAMODEL" + os.urandom(2 * 1024 * 1024))
    magic = d / "magic-then-garbage.gguf"
    magic.write_bytes(b"GGUF" + os.urandom(2 * 1024 * 1024))
    return {"garbage": garbage, "magic": magic}


@pytest.mark.fast
@pytest.mark.parametrize("kind, fragment", [("garbage", "not a gguf"), ("magic", "cannot load")])
def test_corrupt_gguf_falls_back_to_extractive(fake_sample: Any, corrupt_ggufs: dict[str, Path], kind: str,
                                               fragment: str) -> None:
    # Designed behaviour (core.Assistant.model): a model that fails to load leaves the assistant in
    # extractive mode, with the reason in model_status(); require_model() raises ModelError.
    # The real llama.cpp loader reads the corrupt file; the embedder is the fake one.
    a = Assistant(home=fake_sample.home, settings=Settings(model_path=str(corrupt_ggufs[kind])), embedder=FakeEmbedder())
    try:
        assert a.model() is None
        status = a.model_status()
        assert status["mode"] == "extractive" and status["model"] is None
        assert fragment in status["error"].lower() and "\n" not in status["error"]
        with pytest.raises(ModelError, match=f"(?i){fragment}"):
            a.require_model()
        events, answer = collect(a.ask("brightcart", "How long is my data stored?"))
        assert answer.mode == "extractive" and answer.model == "extractive"
        assert "extractive mode" in answer.text.lower() and answer.citations
    finally:
        a.close()


@pytest.mark.fast
def test_unwritable_data_dir(tmp_path: Path) -> None:
    blocker = tmp_path / "somefile"
    blocker.write_text("a file, not a folder")
    with pytest.raises(StorageError, match="not writable"):
        Assistant(home=blocker / "sub")


# ----------------------------------------------------------------------------- CLI


CLI_FILE_FRAGMENTS = {
    "missing-file": ("not found",), "no-supported-files": ("no html",), "docx": (".docx",), "empty-html": ("empty",),
    "boilerplate-html": (), "encrypted-pdf": ("encrypted",), "image-only-pdf": ("no extractable text",),
    "not-a-policy": ("--force",), "50-mb-file": ("too large",),
}


@pytest.mark.parametrize("case", sorted(CLI_FILE_FRAGMENTS))
def test_cli_refuses_bad_files(cli_home: Any, tmp_path: Path, case: str) -> None:
    path = BAD_FILES[case][0](tmp_path)
    proc = run_cli(["-q", "ingest", str(path), "--name", f"bad-{case}"], cli_home.home)
    assert_cli_error(proc, *CLI_FILE_FRAGMENTS[case])
    assert proc.stdout == ""


@pytest.mark.parametrize("case", ["unresolvable-host", "http-404", "timeout", "binary-content-type"])
def test_cli_refuses_bad_urls(cli_home: Any, http_server: Any, case: str) -> None:
    target, fragments = BAD_URLS[case]
    proc = run_cli(["-q", "ingest", _url(http_server, target)], cli_home.home)  # PRIVACY_ASSISTANT_FETCH_TIMEOUT=2
    assert_cli_error(proc, *fragments)


@pytest.mark.parametrize("args, fragments", [
    (["ask", "--bundle", "brightcart", ""], ("question is empty",)),
    (["ask", "--bundle", "brightcart", "Why " * 2500], ("too long",)),
    (["ask", "--bundle", "no-such-bundle", "How long is my data stored?"], ("no bundle named",)),
    (["--model", "/nonexistent.gguf", "ask", "--bundle", "brightcart", "How long is my data stored?"], ("model file not found",)),
    (["--ctx", "10", "ask", "--bundle", "brightcart", "How long is my data stored?"], ("context size",)),
], ids=["empty-question", "10000-char-question", "unknown-bundle", "missing-gguf", "bad-ctx"])
def test_cli_refuses_bad_arguments(cli_home: Any, args: list[str], fragments: tuple[str, ...]) -> None:
    proc = run_cli(args, cli_home.home)
    assert_cli_error(proc, *fragments)
    assert proc.stdout == ""


def test_cli_unwritable_data_dir(cli_home: Any, tmp_path: Path) -> None:
    blocker = tmp_path / "somefile"
    blocker.write_text("a file, not a folder")
    proc = run_cli(["--data-dir", str(blocker / "sub"), "list"], cli_home.home)
    assert_cli_error(proc, "not writable")


@pytest.mark.parametrize("kind", ["garbage", "magic"])
def test_cli_corrupt_gguf_answers_in_labelled_extractive_mode(cli_home: Any, corrupt_ggufs: dict[str, Path], kind: str) -> None:
    proc = run_cli(["--model", str(corrupt_ggufs[kind]), "ask", "--bundle", "brightcart", "How long is my data stored?",
                    "--json"], cli_home.home)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    data = json.loads(proc.stdout)
    assert data["mode"] == "extractive" and data["model"] == "extractive"
    assert "extractive mode" in data["answer"].lower() and data["answerable"] is True
    assert data["citations"]


def test_cli_model_status_names_the_corrupt_file(cli_home: Any, corrupt_ggufs: dict[str, Path]) -> None:
    proc = run_cli(["--model", str(corrupt_ggufs["magic"]), "model", "--json"], cli_home.home)
    assert proc.returncode == 0, proc.stderr
    status = json.loads(proc.stdout)
    assert status["mode"] == "extractive" and corrupt_ggufs["magic"].name in status["error"]


# ----------------------------------------------------------------------------- afterwards: nothing was damaged


@pytest.mark.fast
def test_fast_bundle_intact_after_the_failures(fake_sample: Any, fake_snapshot: dict[str, Any]) -> None:
    assert _state(fake_sample.assistant) == fake_snapshot
    check_bundle_invariants(fake_sample.assistant, "brightcart")


def test_bundles_intact_after_the_failures(assistant: Any, snapshot: dict[str, Any], cli_home: Any) -> None:
    assert _state(assistant) == snapshot
    check_bundle_invariants(assistant, "brightcart")
    answer = assistant.ask_sync("brightcart", "How long is my data stored?", use_model=False)
    assert answer.answerable and answer.citations

    listing = run_cli(["list", "--json"], cli_home.home)
    assert listing.returncode == 0, listing.stderr
    assert json.loads(listing.stdout) == cli_home.listing
    proc = run_cli(["ask", "--bundle", "brightcart", "How long is my data stored?", "--json", "--no-model"], cli_home.home)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["answerable"] is True and data["citations"]
