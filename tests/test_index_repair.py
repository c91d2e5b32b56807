"""A lost, emptied or stale vector index (issue 11, item 1): found by ``check_index`` / ``doctor``, rebuilt from the
stored text, never answered from silently.

Real files and the real Chroma throughout; the fast tests use the hashing embedder of ``tests/fakes.py`` (its vectors
are deterministic, so a rebuilt index must equal the lost one exactly); the last tests use MiniLM and the CLI.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import SAMPLE_DIR, collect, run_cli
from fakes import FakeEmbedder

from assistant import cli, doctor
from assistant.errors import Cancelled
from assistant.index_health import IndexDamagedError
from assistant.models import Progress

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # the desktop app's tests run without a display

RETENTION = "How long is my data stored?"
SELL = "Does BrightCart sell my personal information?"


def _vectors(a: Any, name: str = "brightcart") -> dict[str, Any]:
    ids, matrix = a.vectors.all_vectors(a.store.get_bundle(name).id)
    return dict(zip(ids, matrix))


def _lose(home: Path, how: str) -> None:
    """What a clean-up or sync tool does to the vector index folder."""
    folder = home / "chroma"
    if how == "deleted":
        shutil.rmtree(folder)
    else:  # emptied: the folder stays, its content is gone
        for child in folder.iterdir():
            shutil.rmtree(child) if child.is_dir() else child.unlink()


@pytest.fixture
def ingested(fake_assistant: Any, tmp_path: Path) -> Any:
    """A data folder with the sample ingested by the fakes, closed again; returns (home, vectors, answers before loss)."""
    home = tmp_path / "home"
    a = fake_assistant(home)
    collect(a.ingest([str(SAMPLE_DIR)]))
    before = {"vectors": _vectors(a), "answer": a.ask_sync("brightcart", RETENTION, use_model=False),
              "passages": a.store.passage_ids(a.store.get_bundle("brightcart").id)}
    a.close()
    return home, before


@pytest.mark.fast
@pytest.mark.parametrize("how", ["deleted", "emptied"])
def test_a_lost_chroma_folder_is_found_by_check_index_and_doctor(ingested: Any, fake_assistant: Any, how: str,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    home, before = ingested
    _lose(home, how)
    a = fake_assistant(home)
    report = a.check_index()
    assert not report.healthy
    b = report.bundle("brightcart")
    assert b is not None and (b.passages, b.vectors, b.missing, b.stale) == (len(before["passages"]), 0, len(before["passages"]), 0)
    assert set(b.documents) == {"BrightCart Privacy Policy", "BrightCart Terms of Use", "BrightCart Cookie Policy",
                                "BrightCart California Privacy Notice"}
    assert report.problems() == ["bundle 'brightcart': no vectors at all"]
    # the CLI: one line per problem, exit 1; --json says the same
    assert cli.main(["--data-dir", str(home), "doctor"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "problem: bundle 'brightcart': no vectors at all" and "doctor --repair" in out[-1]
    assert cli.main(["--data-dir", str(home), "doctor", "--json"]) == 1
    found = json.loads(capsys.readouterr().out)
    assert found["healthy"] is False and found["found"]["bundles"][0]["missing"] == len(before["passages"])
    assert a.check_index().bundle("brightcart").missing == len(before["passages"])  # checking repairs nothing


@pytest.mark.fast
@pytest.mark.parametrize("how", ["deleted", "emptied"])
def test_asking_after_the_loss_rebuilds_the_bundle_first_with_progress(ingested: Any, fake_assistant: Any, how: str) -> None:
    home, before = ingested
    _lose(home, how)
    a = fake_assistant(home)
    events, answer = collect(a.ask("brightcart", RETENTION, use_model=False))
    repairs = [e for e in events if isinstance(e, Progress) and e.stage == "repair"]
    assert repairs and f"lacks {len(before['passages'])} of {len(before['passages'])} passages" in repairs[0].message
    assert any(e.total == len(before["passages"]) and e.done == e.total for e in repairs)  # counted progress to the end
    # the same vectors, so the same answer, as before the loss; and the index is whole again
    after = _vectors(a)
    assert set(after) == set(before["vectors"])
    assert all(np.allclose(after[k], before["vectors"][k], atol=1e-6) for k in after)
    assert answer.text == before["answer"].text and answer.status == "answered"
    assert [c.cite_id for c in answer.citations] == [c.cite_id for c in before["answer"].citations]
    assert a.check_index().healthy
    # a second question repairs nothing
    events, _ = collect(a.ask("brightcart", RETENTION, use_model=False))
    assert not [e for e in events if isinstance(e, Progress) and e.stage == "repair"]


@pytest.mark.fast
def test_a_large_gap_is_one_clear_error_naming_doctor(ingested: Any, fake_assistant: Any, tmp_path: Path) -> None:
    home, _before = ingested
    _lose(home, "deleted")
    a = fake_assistant(home)
    a.auto_repair_limit = 10  # the gap (183 passages) is more than this assistant repairs on its own
    for call in (lambda: a.ask_sync("brightcart", RETENTION, use_model=False), lambda: a.search("brightcart", "cookies"),
                 lambda: a.retrieve("brightcart", RETENTION), lambda: collect(a.summarize("brightcart", use_model=False))):
        with pytest.raises(IndexDamagedError) as info:
            call()
        msg = str(info.value)
        assert "\n" not in msg and "privacy-assistant doctor" in msg and "lacks 183 of 183 passages" in msg
    assert not a.check_index().healthy  # nothing was answered from zeros, nothing was repaired behind the user's back


@pytest.mark.fast
def test_doctor_repair_rebuilds_with_progress_and_answers_find_the_passages(ingested: Any, fake_assistant: Any,
                                                                             capsys: pytest.CaptureFixture[str]) -> None:
    home, before = ingested
    _lose(home, "deleted")
    a = fake_assistant(home)
    code = doctor.cmd_doctor(argparse.Namespace(repair=True, json=False, quiet=False), lambda _args: a)
    out, err = capsys.readouterr()
    assert code == 0, out
    assert out.splitlines()[0] == "problem: bundle 'brightcart': no vectors at all"
    assert out.splitlines()[-1].startswith(f"repaired: {len(before['passages'])} passages re-embedded")
    assert "re-embedding passages 1–64 of 183" in err and "the vector index is whole" in err  # progress on stderr
    assert a.check_index().healthy
    assert doctor.cmd_doctor(argparse.Namespace(repair=False, json=False, quiet=True), lambda _args: a) == 0
    assert capsys.readouterr().out.startswith("ok: the vector index matches the stored passages (1 bundle, 183 passages)")
    hits = a.search("brightcart", "server logs kept 90 days")
    assert any("90 days" in h.text for h in hits[:3])
    assert a.ask_sync("brightcart", RETENTION, use_model=False).text == before["answer"].text


@pytest.mark.fast
def test_an_emptied_or_partial_collection_is_found_per_document_and_rebuilt(ingested: Any, fake_assistant: Any) -> None:
    home, before = ingested
    a = fake_assistant(home)
    bundle = a.store.get_bundle("brightcart")
    cookie_ids = [r["id"] for r in a.store.passage_rows(bundle.id) if r["document"] == "BrightCart Cookie Policy"]
    a.vectors.delete(bundle.id, cookie_ids[:5])
    report = a.check_index()
    b = report.bundle("brightcart")
    assert b.missing == 5 and b.documents == {"BrightCart Cookie Policy": 5}
    assert report.problems() == [f"bundle 'brightcart': 5 of {len(before['passages'])} passages have no vector"]
    _events, after = collect(a.repair_index())
    assert after.healthy and after.repaired == 5
    # the whole collection emptied (ids all deleted, the collection kept)
    a.vectors.delete(bundle.id, sorted(before["passages"]))
    assert a.check_index().bundle("brightcart").vectors == 0
    _events, after = collect(a.repair_index())
    assert after.healthy and after.repaired == len(before["passages"])
    got = _vectors(a)
    assert all(np.allclose(got[k], before["vectors"][k], atol=1e-6) for k in got)


@pytest.mark.fast
def test_a_zero_byte_database_never_reuses_the_stale_collection(ingested: Any, fake_assistant: Any) -> None:
    home, _before = ingested
    db = home / "assistant.db"
    for extra in (home / "assistant.db-wal", home / "assistant.db-shm"):
        extra.unlink(missing_ok=True)
    db.write_bytes(b"")  # a sync tool or a failed copy left an empty database beside the old chroma/ folder
    a = fake_assistant(home)
    report = a.check_index()
    assert report.bundles == [] and report.orphans == ["bundle-1"]
    assert report.problems() == ["collection 'bundle-1' belongs to no stored bundle (stale)"]
    # a new bundle gets id 1 again: it must hold its own vectors only, not the old bundle's
    events, _result = collect(a.ingest([str(SAMPLE_DIR / "cookie-policy.md")], name="cookies-only"))
    assert any("dropped the stale vector collection bundle-1" in e.message for e in events if isinstance(e, Progress))
    bundle = a.store.get_bundle("cookies-only")
    assert bundle.id == 1
    assert set(a.vectors.ids(bundle.id)) == a.store.passage_ids(bundle.id)
    assert a.check_index().healthy
    for hit in a.search("cookies-only", "server logs kept 90 days sell personal information", k=20):
        assert hit.document == "BrightCart Cookie Policy"


@pytest.mark.fast
def test_doctor_repair_drops_stale_vectors_and_collections(ingested: Any, fake_assistant: Any) -> None:
    home, before = ingested
    with sqlite3.connect(home / "assistant.db") as conn:  # another process removed one document's rows only
        doc = conn.execute("select id from documents where title = 'BrightCart Terms of Use'").fetchone()[0]
        n_terms = conn.execute("select count(*) from passages where document_id = ?", [doc]).fetchone()[0]
        for table in ("passages", "sections", "links"):
            conn.execute(f"delete from {table} where document_id = ?", [doc])
        conn.execute("update links set target_document_id = null where target_document_id = ?", [doc])
        conn.execute("delete from documents where id = ?", [doc])
    a = fake_assistant(home)
    a.vectors.add(99, ["b99-x-0"], [[1.0] + [0.0] * 383], [{"cite_id": "X", "ordinal": 0}], ["orphan"])
    report = a.check_index()
    assert report.bundle("brightcart").stale == n_terms and report.orphans == ["bundle-99"]
    assert len(report.problems()) == 2
    _events, after = collect(a.repair_index())
    assert after.healthy and after.dropped == n_terms + 1 and after.repaired == 0
    kept = a.store.passage_ids(a.store.get_bundle("brightcart").id)
    assert len(kept) == len(before["passages"]) - n_terms
    assert set(a.vectors.ids(a.store.get_bundle("brightcart").id)) == kept
    assert a.vectors.collection_names() == ["bundle-1"]


@pytest.mark.fast
def test_ingest_force_of_unchanged_documents_repairs_their_lost_vectors(ingested: Any, fake_assistant: Any) -> None:
    home, before = ingested
    _lose(home, "deleted")
    a = fake_assistant(home)
    events, result = collect(a.ingest([str(SAMPLE_DIR)], force=True))
    assert len(result.unchanged) == 4 and result.passages == 0  # nothing changed in the documents...
    assert any("re-embedded 183 passages" in e.message for e in events if isinstance(e, Progress))  # ...but the index was rebuilt
    assert a.check_index().healthy
    assert _vectors(a).keys() == before["vectors"].keys()


@pytest.mark.fast
def test_a_chroma_folder_deleted_while_the_assistant_is_open_is_rebuilt(fake_sample: Any, fake_assistant: Any, tmp_path: Path) -> None:
    """The app stays open while a clean-up tool deletes the folder: nothing is written to the deleted files."""
    home = tmp_path / "open"
    a = fake_assistant(home)
    collect(a.ingest([str(SAMPLE_DIR / "privacy-policy.html")], name="pp"))
    shutil.rmtree(home / "chroma")
    assert a.check_index().bundle("pp").vectors == 0
    _events, after = collect(a.repair_index())
    assert after.healthy and (home / "chroma" / "chroma.sqlite3").is_file()


@pytest.mark.fast
def test_a_cancelled_repair_keeps_what_it_rebuilt_and_a_second_one_finishes(ingested: Any, fake_assistant: Any) -> None:
    home, before = ingested
    _lose(home, "deleted")
    a = fake_assistant(home)
    cancel = threading.Event()
    gen = a.repair_index(cancel)
    with pytest.raises(Cancelled):
        for event in gen:
            if isinstance(event, Progress) and "re-embedding passages 65" in event.message:
                cancel.set()
    left = a.check_index().bundle("brightcart")
    assert 0 < left.missing < len(before["passages"])
    _events, after = collect(a.repair_index())
    assert after.healthy and after.repaired == left.missing


# --------------------------------------------------------------------------- the real embedder and the CLI
def test_the_answer_after_repair_equals_the_answer_before_the_loss(make_assistant: Any, tmp_path: Path) -> None:
    home = tmp_path / "real"
    a = make_assistant(home)
    collect(a.ingest([str(SAMPLE_DIR)]))
    before = {q: a.ask_sync("brightcart", q, use_model=False) for q in (RETENTION, SELL)}
    vectors = _vectors(a)
    a.close()
    _lose(home, "deleted")
    b = make_assistant(home)
    assert b.check_index().problems() == ["bundle 'brightcart': no vectors at all"]
    _events, report = collect(b.repair_index())
    assert report.healthy
    got = _vectors(b)
    assert all(np.allclose(got[k], vectors[k], atol=1e-5) for k in vectors)
    for q, old in before.items():
        new = b.ask_sync("brightcart", q, use_model=False)
        assert (new.text, new.stance, [c.cite_id for c in new.citations]) == (old.text, old.stance, [c.cite_id for c in old.citations])


def test_doctor_and_ingest_force_on_the_command_line(tmp_path: Path) -> None:
    home = tmp_path / "cli"
    assert run_cli(["-q", "ingest", str(SAMPLE_DIR)], home).returncode == 0
    _lose(home, "deleted")
    proc = run_cli(["doctor"], home)
    assert proc.returncode == 1 and proc.stdout.splitlines()[0] == "problem: bundle 'brightcart': no vectors at all"
    proc = run_cli(["doctor", "--repair"], home)
    assert proc.returncode == 0, proc.stderr
    assert "re-embedding passages" in proc.stderr and "repaired: 183 passages re-embedded" in proc.stdout
    _lose(home, "emptied")
    proc = run_cli(["ingest", str(SAMPLE_DIR), "--force"], home)
    assert proc.returncode == 0 and "re-embedded 183 passages" in proc.stderr
    proc = run_cli(["doctor", "--json"], home)
    assert proc.returncode == 0 and json.loads(proc.stdout)["healthy"] is True


# --------------------------------------------------------------------------- the desktop app
class SlowEmbedder(FakeEmbedder):
    """The fake embedder, slow enough that a rebuild can be cancelled half-way."""

    def embed_array(self, texts: list[str]) -> Any:
        time.sleep(0.15)
        return super().embed_array(texts)


def test_the_app_checks_the_index_at_start_up_and_rebuilds_it_with_progress_and_cancel(ingested: Any, fake_assistant: Any,
                                                                                        qtbot: Any) -> None:
    pytest.importorskip("pytestqt")
    from PySide6.QtCore import Qt

    from ui.main_window import MainWindow

    home, before = ingested
    _lose(home, "deleted")
    a = fake_assistant(home, embedder=SlowEmbedder())
    w = MainWindow(a, load_sample_if_empty=False, check_model=False)
    qtbot.addWidget(w)
    w.show()
    try:
        qtbot.waitUntil(lambda: w.index_banner.isVisible(), timeout=30_000)
        assert "no vectors at all" in w.index_banner.text() and w.rebuild_index_btn.isVisible()
        # Rebuild, then Cancel from the status bar's one progress display: what was rebuilt is kept
        seen: list[str] = []
        w.ctx.jobs.job_started.connect(lambda job: job.signals.progress.connect(lambda p: seen.append(p.message)))
        qtbot.mouseClick(w.rebuild_index_btn, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: any("re-embedding passages 65" in m for m in seen), timeout=30_000)
        assert w.job_strip.isVisible()
        w.job_strip.cancel_requested.emit()
        qtbot.waitUntil(lambda: not w.ctx.jobs.busy, timeout=30_000)
        assert "cancelled" in w.index_banner.text() and w.rebuild_index_btn.isEnabled()
        assert 0 < a.check_index().bundle("brightcart").missing < len(before["passages"])
        # Rebuild again: it finishes, the banner says so, the index is whole
        qtbot.mouseClick(w.rebuild_index_btn, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not w.ctx.jobs.busy and "rebuilt" in w.index_banner.text(), timeout=60_000)
        assert not w.rebuild_index_btn.isVisible()
        assert a.check_index().healthy
    finally:
        qtbot.waitUntil(lambda: not w.ctx.jobs.busy, timeout=60_000)
        w.close()


def test_the_app_shows_no_banner_for_a_whole_index(ingested: Any, fake_assistant: Any, qtbot: Any) -> None:
    pytest.importorskip("pytestqt")
    from ui.main_window import MainWindow

    home, _before = ingested
    w = MainWindow(fake_assistant(home), load_sample_if_empty=False, check_model=False)
    qtbot.addWidget(w)
    w.show()
    try:
        qtbot.waitUntil(lambda: not w.ctx.jobs.busy, timeout=30_000)
        qtbot.wait(50)
        assert not w.index_banner.isVisible()
    finally:
        w.close()


@pytest.mark.fast
def test_an_unreadable_index_is_set_aside_and_rebuilt(ingested: Any, fake_assistant: Any) -> None:
    home, before = ingested
    (home / "chroma" / "chroma.sqlite3").write_bytes(b"not a database" * 100)
    a = fake_assistant(home)
    report = a.check_index()
    assert not report.healthy and report.problems()[0].startswith("the vector index cannot be opened")
    events, after = collect(a.repair_index())
    assert after.healthy and after.repaired == len(before["passages"])
    assert any("moved it aside" in e.message for e in events if isinstance(e, Progress))
    assert (home / "chroma.broken-1" / "chroma.sqlite3").is_file()  # kept, not deleted
    assert a.ask_sync("brightcart", RETENTION, use_model=False).text == before["answer"].text
