"""The embedder's identity is recorded with each bundle's vector collection; a bundle indexed by another embedder is
re-embedded (with progress, cancellable) before it answers, and its old vectors are never scored against or mixed
with new ones.

The fast tests use the hashing fake of ``tests/fakes.py`` (``FakeEmbedder(variant="B")`` is another embedder: other
vectors, another identity) with the real Chroma; the identity tests of :class:`~assistant.embeddings.Embedder` read
the packaged MiniLM's files without loading torch. The last test loads MiniLM with a small fine-tuned layer.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import REPO, SAMPLE_DIR, collect
from fakes import FakeEmbedder, fake_identity

from assistant.embeddings import PLAIN_MINILM, PLAIN_MINILM_SHA256, Embedder, _load_tuned
from assistant.errors import Cancelled, ModelError
from assistant.index import IDENTITY_KEYS, collection_name
from assistant.index_health import IndexDamagedError
from assistant.models import Progress

RETENTION = "How long is my data stored?"


def _vectors(a: Any, name: str = "brightcart") -> dict[str, Any]:
    """The bundle's vectors as Chroma holds them, read past the identity check."""
    got = a.vectors.client.get_collection(collection_name(a.store.get_bundle(name).id)).get(include=["embeddings"])
    return dict(zip(got["ids"], np.asarray(got["embeddings"], dtype="float32"))) if len(got["ids"]) else {}


def _recorded(a: Any, name: str = "brightcart") -> Any:
    return a.vectors.recorded(a.store.get_bundle(name).id)


def _repairs(events: list[Any]) -> list[Progress]:
    return [e for e in events if isinstance(e, Progress) and e.stage == "repair"]


@pytest.fixture
def indexed_by_a(fake_assistant: Any, tmp_path: Path) -> Path:
    """A data folder with the sample indexed by the fake embedder A (the default fake), closed again."""
    home = tmp_path / "home-a"
    a = fake_assistant(home)
    collect(a.ingest([str(SAMPLE_DIR)]))
    assert _recorded(a) == fake_identity()
    a.close()
    return home


@pytest.fixture
def reference_b(fake_assistant: Any, tmp_path: Path) -> Any:
    """The sample indexed from scratch by embedder B: its vectors and its answer are what a re-embed must give."""
    a = fake_assistant(tmp_path / "home-b", embedder=FakeEmbedder(variant="B"))
    collect(a.ingest([str(SAMPLE_DIR)]))
    return _vectors(a), a.ask_sync("brightcart", RETENTION, use_model=False)


def _all_b(a: Any, reference: dict[str, Any], old: dict[str, Any]) -> None:
    """Every stored passage has B's vector (none of A's), and the collection records B."""
    got = _vectors(a)
    assert set(got) == set(reference) == a.store.passage_ids(a.store.get_bundle("brightcart").id)
    assert all(np.allclose(got[k], reference[k], atol=1e-6) for k in got)
    assert not any(np.allclose(got[k], old[k], atol=1e-6) for k in got)  # nothing of A's is left
    assert _recorded(a) == fake_identity("B")


# --------------------------------------------------------------------------- the identity recorded
@pytest.mark.fast
def test_each_collection_records_its_embedders_identity(fake_assistant: Any, indexed_by_a: Path) -> None:
    a = fake_assistant(indexed_by_a)
    meta = a.vectors.client.get_collection(collection_name(a.store.get_bundle("brightcart").id)).metadata
    ident = fake_identity()
    assert meta == {"hnsw:space": "cosine", "embedder_name": ident.name, "embedder_version": ident.version,
                    "embedder_dimension": 384, "embedder_sha256": ident.weights_sha256}
    assert a.vectors.foreign(a.store.get_bundle("brightcart").id) is None and a.check_index().healthy


# --------------------------------------------------------------------------- another embedder: re-embedded, never mixed
@pytest.mark.fast
def test_reopening_with_another_embedder_re_embeds_before_answering(fake_assistant: Any, indexed_by_a: Path,
                                                                    reference_b: Any) -> None:
    ref_vectors, ref_answer = reference_b
    old = _vectors(fake_assistant(indexed_by_a))
    b_embedder = FakeEmbedder(variant="B")
    a = fake_assistant(indexed_by_a, embedder=b_embedder)
    bundle = a.store.get_bundle("brightcart")
    n = len(old)
    # found by the check (the app's banner, doctor): one line naming the other embedder
    report = a.check_index()
    assert not report.healthy
    assert report.problems() == [f"bundle 'brightcart': its vectors were made by another embedder ({fake_identity().label()}) "
                                 "and must be re-embedded"]
    # never read: the table lacks every vector rather than holding A's
    ids, matrix = a.vectors.all_vectors(bundle.id)
    assert ids == [] and matrix.shape == (0, 384)
    # asking re-embeds first, with counted progress to the end, then answers from B's vectors alone
    events, answer = collect(a.ask("brightcart", RETENTION, use_model=False))
    repairs = _repairs(events)
    assert repairs[0].message.startswith(f"the vector index of brightcart was made by another embedder ({fake_identity().label()})")
    assert any(f"re-embedding all {n} passages with {fake_identity('B').label()}" in e.message for e in repairs)
    assert any(e.total == n and e.done == n for e in repairs)
    assert b_embedder.texts > n  # every passage, then what the question needs
    _all_b(a, ref_vectors, old)
    assert answer.text == ref_answer.text and answer.status == "answered"
    assert [c.cite_id for c in answer.citations] == [c.cite_id for c in ref_answer.citations]
    after = a.check_index()
    assert after.healthy and after.bundle("brightcart").vectors == n
    # a second question re-embeds nothing
    before = b_embedder.texts
    events, _ = collect(a.ask("brightcart", RETENTION, use_model=False))
    assert not _repairs(events) and b_embedder.texts - before < n
    # and going back to A re-embeds again (each way round, never mixed)
    back = fake_assistant(indexed_by_a)
    events, _ = collect(back.ask("brightcart", RETENTION, use_model=False))
    assert _repairs(events) and _recorded(back) == fake_identity()
    assert all(np.allclose(v, old[k], atol=1e-6) for k, v in _vectors(back).items())


@pytest.mark.fast
def test_a_cancelled_re_embed_keeps_only_the_new_vectors_and_a_second_one_finishes(fake_assistant: Any, indexed_by_a: Path,
                                                                                   reference_b: Any) -> None:
    ref_vectors, ref_answer = reference_b
    old = _vectors(fake_assistant(indexed_by_a))
    a = fake_assistant(indexed_by_a, embedder=FakeEmbedder(variant="B"))
    cancel = threading.Event()
    gen = a.repair_index(cancel)
    seen: list[str] = []
    with pytest.raises(Cancelled):
        for event in gen:
            seen.append(event.message)
            if "re-embedding passages 65" in event.message:
                cancel.set()  # the app's Cancel, half-way
    assert any("its vectors were made by another embedder" in m for m in seen)
    part = _vectors(a)
    assert 0 < len(part) < len(old) and _recorded(a) == fake_identity("B")
    assert all(np.allclose(v, ref_vectors[k], atol=1e-6) for k, v in part.items())  # B's vectors only, none of A's
    b = a.check_index().bundle("brightcart")
    assert b is not None and not b.foreign and b.missing == len(old) - len(part)
    # the next question finishes it (the missing-vector path), and answers as a fresh B index does
    events, answer = collect(a.ask("brightcart", RETENTION, use_model=False))
    assert any(f"lacks {len(old) - len(part)} of {len(old)} passages" in e.message for e in _repairs(events))
    _all_b(a, ref_vectors, old)
    assert answer.text == ref_answer.text


@pytest.mark.fast
def test_a_large_bundle_of_another_embedder_is_refused_in_one_line_until_doctor_rebuilds_it(fake_assistant: Any, indexed_by_a: Path,
                                                                                          reference_b: Any) -> None:
    ref_vectors, ref_answer = reference_b
    old = _vectors(fake_assistant(indexed_by_a))
    b_embedder = FakeEmbedder(variant="B")
    a = fake_assistant(indexed_by_a, embedder=b_embedder)
    a.auto_repair_limit = 10  # more passages than this assistant re-embeds on its own
    for call in (lambda: a.ask_sync("brightcart", RETENTION, use_model=False), lambda: a.search("brightcart", "cookies"),
                 lambda: a.retrieve("brightcart", RETENTION)):
        with pytest.raises(IndexDamagedError) as info:
            call()
        msg = str(info.value)
        assert "\n" not in msg and "was made by another embedder" in msg and "doctor --repair" in msg
    assert _recorded(a) == fake_identity() and len(_vectors(a)) == len(old)  # untouched, unused
    events, report = collect(a.repair_index())  # what doctor --repair and the app's Rebuild index run
    assert report.healthy and report.repaired == len(old) and report.dropped == len(old)
    assert any("re-embedding passages 1–64" in e.message for e in events)
    _all_b(a, ref_vectors, old)
    assert a.ask_sync("brightcart", RETENTION, use_model=False).text == ref_answer.text


@pytest.mark.fast
@pytest.mark.parametrize("changed", [False, True])
def test_ingesting_with_another_embedder_re_embeds_the_unchanged_documents_too(fake_assistant: Any, tmp_path: Path,
                                                                               changed: bool) -> None:
    source = tmp_path / "sample"
    shutil.copytree(SAMPLE_DIR, source)
    home = tmp_path / "home"
    first = fake_assistant(home)
    collect(first.ingest([str(source)]))
    old = _vectors(first)
    first.close()
    if changed:  # one document edited: ingest writes its new vectors (into a new collection), the others are re-embedded
        terms = source / "terms-of-use.txt"
        terms.write_text(terms.read_text(encoding="utf-8") + "\n\nThese terms were last reviewed in 2031.\n", encoding="utf-8")
    a = fake_assistant(home, embedder=FakeEmbedder(variant="B"))
    events, result = collect(a.ingest([str(source)], name="brightcart", force=True))
    assert (result.updated == ["BrightCart Terms of Use"]) if changed else (not result.updated and not result.added)
    assert any("re-embedded" in e.message for e in _repairs(events))
    kept = [e.message for e in _repairs(events) if "keeping the" in e.message]  # the edited document's new vectors
    assert bool(kept) == changed
    got = _vectors(a)
    assert set(got) == a.store.passage_ids(a.store.get_bundle("brightcart").id)
    assert not any(k in old and np.allclose(v, old[k], atol=1e-6) for k, v in got.items())
    assert _recorded(a) == fake_identity("B") and a.check_index().healthy
    events, _ = collect(a.ask("brightcart", RETENTION, use_model=False))
    assert not _repairs(events)


@pytest.mark.fast
def test_a_failed_ingest_with_another_embedder_leaves_the_bundles_vectors_as_they_were(fake_assistant: Any, tmp_path: Path,
                                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from assistant.errors import StorageError
    from assistant.storage import Store

    home = tmp_path / "home"
    first = fake_assistant(home)
    collect(first.ingest([str(SAMPLE_DIR / "privacy-policy.html")], name="brightcart"))
    old = _vectors(first)
    first.close()

    def full(*_args: Any, **_kwargs: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(Store, "replace_document", full)
    b = fake_assistant(home, embedder=FakeEmbedder(variant="B"))
    with pytest.raises(StorageError):
        collect(b.ingest([str(SAMPLE_DIR / "cookie-policy.md")], name="brightcart"))
    monkeypatch.undo()
    # the new document's vectors were staged beside the bundle's collection and removed again: A's are untouched
    back = fake_assistant(home)
    assert _recorded(back) == fake_identity() and set(_vectors(back)) == set(old)
    assert all(np.allclose(v, old[k], atol=1e-6) for k, v in _vectors(back).items())
    assert back.check_index().orphans == ["bundle-1.next"]  # the empty staging collection: stale, dropped by a repair
    # the next ingest with B finishes the job: B's vectors only
    events, result = collect(b.ingest([str(SAMPLE_DIR / "cookie-policy.md")], name="brightcart"))
    assert result.added == ["BrightCart Cookie Policy"]
    report = b.check_index()
    assert report.healthy and _recorded(b) == fake_identity("B")
    assert set(_vectors(b)) == b.store.passage_ids(b.store.get_bundle("brightcart").id)
    assert not any(k in old and np.allclose(v, old[k], atol=1e-6) for k, v in _vectors(b).items())


# --------------------------------------------------------------------------- collections from before identities
@pytest.mark.fast
def test_a_collection_without_identity_counts_as_the_plain_minilm(fake_assistant: Any, tmp_path: Path) -> None:
    home = tmp_path / "legacy"
    a = fake_assistant(home, embedder=FakeEmbedder(identity=PLAIN_MINILM))
    a.vectors.identity = None  # the store as it was before identities: a collection with 'hnsw:space' alone
    collect(a.ingest([str(SAMPLE_DIR)]))
    a.close()
    as_plain = fake_assistant(home, embedder=FakeEmbedder(identity=PLAIN_MINILM))
    meta = as_plain.vectors.client.get_collection("bundle-1").metadata
    assert meta == {"hnsw:space": "cosine"} and not any(k in meta for k in IDENTITY_KEYS)
    assert _recorded(as_plain) == PLAIN_MINILM
    # the plain MiniLM (what built every such collection) uses it as it is: no re-embed for existing users
    assert as_plain.check_index().healthy
    events, answer = collect(as_plain.ask("brightcart", RETENTION, use_model=False))
    assert not _repairs(events) and answer.status == "answered" and as_plain.embedder.texts < 183
    # any other embedder re-embeds it
    other = fake_assistant(home)
    assert "another embedder (all-MiniLM-L6-v2" in other.check_index().problems()[0]
    events, _ = collect(other.ask("brightcart", RETENTION, use_model=False))
    assert _repairs(events) and _recorded(other) == fake_identity()


# --------------------------------------------------------------------------- the real embedder's identity (files only)
@pytest.mark.fast
def test_the_packaged_minilm_identity_is_read_from_its_files_without_torch() -> None:
    code = ("import sys, json; from assistant.embeddings import Embedder; i = Embedder().identity; "
            "print(json.dumps([i.name, i.version, i.dimension, i.weights_sha256, "
            "[m for m in ('torch', 'sentence_transformers', 'transformers') if m in sys.modules]]))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120, check=True)
    name, version, dimension, sha, loaded = json.loads(proc.stdout)
    assert (name, version, dimension, sha) == ("all-MiniLM-L6-v2", "0.1.0", 384, PLAIN_MINILM_SHA256)
    assert loaded == []
    assert PLAIN_MINILM.same_vectors(Embedder().identity)


@pytest.mark.fast
def test_a_local_folder_and_fine_tuned_weights_change_the_identity(tmp_path: Path) -> None:
    folder = tmp_path / "my-embedder"
    (folder / "1_Pooling").mkdir(parents=True)
    (folder / "model.safetensors").write_bytes(b"base weights")
    (folder / "1_Pooling" / "config.json").write_text(json.dumps({"word_embedding_dimension": 256}))
    tuned = tmp_path / "policy-tuned.safetensors"
    tuned.write_bytes(b"tuned layers")
    plain = Embedder(model_path=str(folder)).identity
    assert plain.name == "my-embedder" and plain.version == "local" and plain.dimension == 256
    assert plain.weights_sha256 == hashlib.sha256(b"base weights").hexdigest()
    ident = Embedder(model_path=str(folder), tuned_weights=tuned).identity
    assert ident.name == "my-embedder+policy-tuned" and ident.dimension == 256
    assert ident.weights_sha256 == hashlib.sha256(b"base weights" + b"tuned layers").hexdigest()
    assert not ident.same_vectors(plain)
    packaged = Embedder(tuned_weights=tuned).identity
    assert packaged.name == "all-MiniLM-L6-v2+policy-tuned" and not packaged.same_vectors(PLAIN_MINILM)
    with pytest.raises(ModelError, match="not found"):
        _ = Embedder(tuned_weights=tmp_path / "missing.safetensors").identity
    (tmp_path / "empty").mkdir()
    with pytest.raises(ModelError, match="no weights"):
        _ = Embedder(model_path=str(tmp_path / "empty")).identity


# --------------------------------------------------------------------------- the real MiniLM with a fine-tuned layer
def test_real_minilm_with_a_fine_tuned_layer_re_embeds_a_plain_index(tmp_path: Path) -> None:
    """Loads MiniLM twice (a few seconds): the tuned layer changes the vectors, and a bundle indexed by the plain
    model is re-embedded by the tuned one."""
    import torch
    from safetensors.torch import save_file

    from assistant.config import Settings
    from assistant.core import Assistant

    # one layer of the transformer, perturbed (a fine-tuning's output holds such layers, not the word embeddings)
    base = Embedder()
    layer = "encoder.layer.5.output.dense.bias"
    tensor = base.model[0].auto_model.state_dict()[layer].clone()
    tuned_file = tmp_path / "tuned-test.safetensors"
    save_file({layer: tensor + 0.5 * torch.sign(torch.randn(tensor.shape, generator=torch.Generator().manual_seed(0)))},
              str(tuned_file))
    tuned = Embedder(tuned_weights=tuned_file)
    assert tuned.identity.name == "all-MiniLM-L6-v2+tuned-test" and not tuned.identity.same_vectors(base.identity)
    texts = ["We keep server logs for 90 days.", "We never sell your personal information."]
    plain_vecs, tuned_vecs = base.embed_array(texts), tuned.embed_array(texts)
    assert np.allclose(np.linalg.norm(tuned_vecs, axis=1), 1.0, atol=1e-5)
    assert not np.allclose(plain_vecs, tuned_vecs, atol=1e-3)
    # a file with a tensor the model does not have is refused
    bad = tmp_path / "bad.safetensors"
    save_file({"no.such.layer": torch.zeros(3)}, str(bad))
    with pytest.raises(ModelError, match="the model does not have"):
        _load_tuned(base.model, bad)  # what Embedder(tuned_weights=bad).load() runs after loading MiniLM

    home = tmp_path / "home"
    doc = SAMPLE_DIR / "cookie-policy.md"
    first = Assistant(home=home, settings=Settings(model_path=""), embedder=base)
    collect(first.ingest([str(doc)], name="cookies"))
    assert first.vectors.recorded(first.store.get_bundle("cookies").id) == base.identity
    first.close()
    second = Assistant(home=home, settings=Settings(model_path=""), embedder=tuned)
    events, answer = collect(second.ask("cookies", "Are cookies used for advertising?", use_model=False))
    assert _repairs(events) and answer.text
    bundle = second.store.get_bundle("cookies")
    assert second.vectors.recorded(bundle.id) == tuned.identity and second.check_index().healthy
    rows = second.store.passage_rows(bundle.id)
    ids, matrix = second.vectors.all_vectors(bundle.id)
    assert set(ids) == {r["id"] for r in rows}
    second.close()
