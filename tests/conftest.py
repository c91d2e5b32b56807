"""Shared fixtures for the test-suite.

Two layers:

* the **fast layer** (``pytest -m fast``, ``make test-fast``): tests marked ``fast`` (or in a module listed in
  :data:`FAST_MODULES`) use the fakes of ``tests/fakes.py`` for the embedder and the language model, injected
  through ``Assistant(..., embedder=..., model_factory=...)`` (fixtures ``fake_assistant`` and ``fake_sample``),
  or no model at all; real SQLite, Chroma, files and a real HTTP server on 127.0.0.1. It runs in well under a minute.
* the **real layer** (everything else, run by ``make test`` with the fast layer): the embedded GGUF model and the
  MiniLM embedder. Loading them costs seconds, so one session-scoped :class:`Assistant` holds the sample bundle,
  and other assistants made in tests are given its loaded embedder.

The default data dir is pointed at a temporary folder for the whole session (at import time, before any test
imports the assistant), so no test touches the user's data; tests pass their own ``home`` where it matters.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

# --------------------------------------------------------------------------- session environment
_SESSION_TMP = Path(tempfile.mkdtemp(prefix="privacy-assistant-tests-"))
atexit.register(shutil.rmtree, _SESSION_TMP, True)
os.environ["PRIVACY_ASSISTANT_HOME"] = str(_SESSION_TMP / "default-home")
# Variables that would change what is under test (another model, tracebacks instead of one-line errors).
for _var in ("PRIVACY_ASSISTANT_MODEL", "PRIVACY_ASSISTANT_DEBUG", "PRIVACY_ASSISTANT_FETCH_TIMEOUT"):
    os.environ.pop(_var, None)
# No HF_HUB_OFFLINE / ANONYMIZED_TELEMETRY here: the assistant passes its libraries what keeps them offline.

REPO = Path(__file__).resolve().parent.parent
SAMPLE_DIR = REPO / "resources" / "samples" / "brightcart"
SHARED_DATA = REPO.parent / "shared" / "data"
OPP115_DIR = SHARED_DATA / "opp115" / "sanitized_policies"
REGULATIONS_DIR = SHARED_DATA / "genaipabench" / "Privacy Documents" / "Regulations"
POLICYQA_DEV = SHARED_DATA / "policyqa" / "dev.json"
needs_shared = pytest.mark.skipif(not SHARED_DATA.is_dir(), reason="../shared/data is not beside this clone")

#: The sample bundle as its manifest describes it: file -> (kind, title, citation prefix).
SAMPLE_DOCS = {
    "privacy-policy.html": ("privacy_policy", "BrightCart Privacy Policy", "PP"),
    "terms-of-use.txt": ("terms_of_use", "BrightCart Terms of Use", "TOU"),
    "cookie-policy.md": ("cookie_policy", "BrightCart Cookie Policy", "CP"),
    "california-notice.pdf": ("regional_notice", "BrightCart California Privacy Notice", "RN"),
}

CLI_TIMEOUT_S = 600  # a safety bound for a hung subprocess, not a performance assertion

#: Modules whose every test belongs to the fast layer (no real model), for files that do not mark themselves.
FAST_MODULES = {"test_stance_reader.py", "test_questions.py"}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of :data:`FAST_MODULES` ``fast`` (selected by ``-m fast``)."""
    for item in items:
        if item.path.name in FAST_MODULES:
            item.add_marker(pytest.mark.fast)


# --------------------------------------------------------------------------- helpers
def check_bundle_invariants(a: Any, name: str) -> dict[str, Any]:
    """Assert the structural invariants of a stored bundle; return its documents, sections and passages.

    * every section's text is exactly ``document.text[start:end]``;
    * every passage lies within its section and is exactly the document text at its offsets;
    * every section has at least one passage;
    * citation ids are unique within the bundle;
    * SQLite and Chroma hold the same passage ids.
    """
    bundle = a.bundle(name)
    assert bundle.documents, f"bundle {name} has no documents"
    sections_by_doc: dict[int, list[Any]] = {}
    cite_ids: list[str] = []
    for doc in bundle.documents:
        secs = a.sections(doc.id)
        assert secs, f"{doc.title} has no sections"
        for s in secs:
            assert doc.text[s.start : s.end] == s.text, f"{s.cite_id}: offsets do not match the section text"
            assert s.text.strip(), f"{s.cite_id} is empty"
            cite_ids.append(s.cite_id)
        sections_by_doc[doc.id] = secs
    dupes = sorted({c for c in cite_ids if cite_ids.count(c) > 1})
    assert not dupes, f"citation ids repeated within bundle {name}: {dupes}"

    rows = a.store.passage_rows(bundle.id)
    texts = {d.id: d.text for d in bundle.documents}
    sec_by_id = {s.id: s for secs in sections_by_doc.values() for s in secs}
    with_passages = set()
    for r in rows:
        sec = sec_by_id[r["section_id"]]
        assert sec.document_id == r["document_id"]
        assert r["cite_id"] == sec.cite_id
        assert sec.start <= r["start"] < r["end"] <= sec.end, f"passage {r['id']} lies outside {sec.cite_id}"
        assert texts[r["document_id"]][r["start"] : r["end"]] == r["text"]
        with_passages.add(sec.id)
    assert with_passages == set(sec_by_id), "some sections have no passage"

    chroma_ids, matrix = a.vectors.all_vectors(bundle.id)
    assert set(chroma_ids) == a.store.passage_ids(bundle.id), "SQLite and Chroma disagree on the passages"
    assert len(chroma_ids) == len(set(chroma_ids)) == len(rows)
    assert matrix.shape == (len(rows), 384)
    return {"bundle": bundle, "sections": sections_by_doc, "passages": rows, "cite_ids": cite_ids}


def one_line(message: str, *fragments: str) -> str:
    """A user-facing error is one line that names each fragment (case-insensitive)."""
    assert message and "\n" not in message.strip() and "\r" not in message, repr(message)
    for frag in fragments:
        assert frag.lower() in message.lower(), (frag, message)
    return message


def cli_error(argv: list[str], capsys: pytest.CaptureFixture[str], *fragments: str) -> str:
    """Run the CLI in-process (``-q``: no progress lines); it must fail with exactly one line ``error: …`` (not the
    unexpected-error handler)."""
    from assistant import cli

    code = cli.main(["-q", *argv])
    out, err = capsys.readouterr()
    assert code != 0, out
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and not lines[0].startswith("error: unexpected "), err
    return one_line(lines[0], *fragments)


def cli_env(home: Path | str, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PRIVACY_ASSISTANT_HOME"] = str(home)
    env["PRIVACY_ASSISTANT_FETCH_TIMEOUT"] = "2"
    env.pop("PRIVACY_ASSISTANT_DEBUG", None)
    env.pop("PRIVACY_ASSISTANT_MODEL", None)
    env.update(extra)
    return env


def run_cli(args: list[str], home: Path | str, **extra_env: str) -> subprocess.CompletedProcess[str]:
    """``python -m assistant ARGS`` in a subprocess with its data dir at ``home``."""
    return subprocess.run(
        [sys.executable, "-m", "assistant", *args], cwd=str(REPO), env=cli_env(home, **extra_env),
        capture_output=True, text=True, timeout=CLI_TIMEOUT_S, check=False,
    )


def assert_cli_error(proc: subprocess.CompletedProcess[str], *fragments: str) -> str:
    """A failed CLI run: non-zero exit, stderr exactly one line ``error: ...``, no traceback; returns that line."""
    assert proc.returncode != 0, f"expected a failure, got exit 0; stdout={proc.stdout!r}"
    assert "Traceback" not in proc.stderr and "Traceback" not in proc.stdout, proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, f"stderr should be exactly one line, got {len(lines)}: {proc.stderr!r}"
    line = lines[0]
    assert line.startswith("error: "), line
    # A designed, user-facing error, not the last-resort handler for unexpected exceptions.
    assert not line.startswith("error: unexpected "), line
    low = line.lower()
    for frag in fragments:
        assert frag.lower() in low, f"{frag!r} not in {line!r}"
    return line


def collect(gen: Any) -> tuple[list[Any], Any]:
    """Run a facade generator to the end: (events yielded, returned value)."""
    events: list[Any] = []
    while True:
        try:
            events.append(next(gen))
        except StopIteration as stop:
            return events, stop.value


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="session")
def sample_dir() -> Path:
    return SAMPLE_DIR


@pytest.fixture(scope="session")
def session_ingest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """The session's :class:`Assistant` with the sample bundle ingested once (embedded model, real embedder)."""
    from assistant.config import Settings
    from assistant.core import Assistant

    home = tmp_path_factory.mktemp("session-home")
    a = Assistant(home=home, settings=Settings())
    events, result = collect(a.ingest([str(SAMPLE_DIR)]))
    yield SimpleNamespace(assistant=a, home=home, result=result, events=events)
    a.close()


@pytest.fixture(scope="session")
def assistant(session_ingest: SimpleNamespace) -> Any:
    return session_ingest.assistant


@pytest.fixture
def make_assistant(assistant: Any, tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Factory for extra assistants (own data dir by default) that reuse the session's loaded embedder."""
    from assistant.config import Settings
    from assistant.core import Assistant

    made: list[Any] = []

    def make(home: Path | None = None, settings: Any = None) -> Any:
        # the session's embedder is shared: the MiniLM is loaded once
        a = Assistant(home=home or tmp_path / f"home-{len(made)}", settings=settings or Settings(), embedder=assistant.embedder)
        made.append(a)
        return a

    yield make
    for a in made:
        a.close()


def new_fake_assistant(home: Path, settings: Any = None, embedder: Any = None, model_factory: Any = None) -> Any:
    """An :class:`Assistant` on ``home`` with the fakes of ``tests/fakes.py`` (no model is loaded)."""
    from fakes import FakeEmbedder, FakeModel

    from assistant.config import Settings
    from assistant.core import Assistant

    return Assistant(home=home, settings=settings or Settings(), embedder=embedder or FakeEmbedder(),
                     model_factory=model_factory or FakeModel)


@pytest.fixture
def fake_assistant(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Factory for assistants with the fake embedder and model: ``fake_assistant(home=None, settings=None, embedder=None,
    model_factory=None)``; each gets its own data dir by default."""
    made: list[Any] = []

    def make(home: Path | None = None, **kwargs: Any) -> Any:
        a = new_fake_assistant(home or tmp_path / f"fake-home-{len(made)}", **kwargs)
        made.append(a)
        return a

    yield make
    for a in made:
        a.close()


@pytest.fixture(scope="session")
def fake_sample(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SimpleNamespace]:
    """The sample bundle ingested once with the fakes: ``.assistant``, ``.home``, ``.result``, ``.events``."""
    home = tmp_path_factory.mktemp("fake-sample-home")
    a = new_fake_assistant(home)
    events, result = collect(a.ingest([str(SAMPLE_DIR)]))
    yield SimpleNamespace(assistant=a, home=home, result=result, events=events)
    a.close()


@pytest.fixture(scope="session")
def http_server() -> Iterator[Any]:
    """A local HTTP server: an HTML policy, a 404, a slow page, a binary download."""
    from httpserver import LocalHTTPServer

    with LocalHTTPServer() as srv:
        srv.route("/privacy.html", (SAMPLE_DIR / "privacy-policy.html").read_bytes(), "text/html; charset=utf-8")
        srv.route("/slow.html", b"<html><body><p>too late</p></body></html>", "text/html", delay=8.0)
        srv.route("/download.bin", b"\x00\x01BINARY" * 200, "application/octet-stream")
        srv.route("/gone.html", b"<html><body>gone</body></html>", "text/html", status=410)
        yield srv


@pytest.fixture(scope="session")
def cli_home(tmp_path_factory: pytest.TempPathFactory) -> SimpleNamespace:
    """A data dir for CLI subprocess tests with the sample bundle ingested through ``ingest --json``."""
    home = tmp_path_factory.mktemp("cli-home")
    proc = run_cli(["-q", "ingest", str(SAMPLE_DIR), "--json"], home)
    assert proc.returncode == 0, proc.stderr
    ingest = json.loads(proc.stdout)
    listing = run_cli(["list", "--json"], home)
    assert listing.returncode == 0, listing.stderr
    return SimpleNamespace(home=home, ingest=ingest, listing=json.loads(listing.stdout))


@pytest.fixture(scope="session")
def retention_answer(assistant: Any) -> SimpleNamespace:
    """'How long is my data stored?' asked once with the embedded model; events and the answer."""
    events, answer = collect(assistant.ask("brightcart", "How long is my data stored?"))
    return SimpleNamespace(events=events, answer=answer)
