"""The facade's plumbing with the fake embedder and language model (fast layer): what reaches the model, what
comes back, citations checked against the store, modes, cancellation, conversations, settings and summaries.

What the answers *say* with the real models is tested in test_core_answers.py and test_core_verdicts.py."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLE_DIR, check_bundle_invariants, collect
from fakes import FakeEmbedder, FakeModel, model_replying

from assistant import answering
from assistant.config import Settings
from assistant.core import SUMMARY_TOPICS, drain
from assistant.errors import Cancelled, InputError
from assistant.models import Answer, Progress, Token

pytestmark = pytest.mark.fast

RETENTION = "How long is my data stored?"


def _cited_sections_exist(a: Any, answer: Answer, bundle: str = "brightcart") -> None:
    """Every citation names a section of the bundle, quotes evidence the answer was given, and every marker is cited."""
    sections = {s.cite_id: s for d in a.documents(bundle) for s in a.sections(d.id)}
    evidence_ids = {e.cite_id for e in answer.evidence}
    for c in answer.citations:
        assert c.cite_id in sections and c.cite_id in evidence_ids
        assert c.document_id is not None and c.start < c.end
    markers = set(re.findall(r"\[([^\[\]]{1,40})\]", answer.text))
    assert markers <= {c.cite_id for c in answer.citations}


@pytest.fixture
def sample(fake_sample: Any) -> Any:
    return fake_sample.assistant


def test_the_embedder_and_model_are_the_injected_ones(sample: Any) -> None:
    assert isinstance(sample.embedder, FakeEmbedder)
    model = sample.model()
    assert isinstance(model, FakeModel) and model.settings is sample.settings
    assert model.primed == answering.FEW_SHOT, "a base model keeps the few-shot head in its cache"
    status = sample.model_status()
    assert status["model"] == "fake model" and status["mode"] == "generative" and status["error"] is None


def test_fake_ingest_keeps_the_bundle_invariants(fake_sample: Any) -> None:
    assert fake_sample.result.bundle == "brightcart" and len(fake_sample.result.added) == 4
    check_bundle_invariants(fake_sample.assistant, "brightcart")
    assert fake_sample.assistant.embedder.texts >= fake_sample.result.passages


def test_an_answer_streams_what_the_model_wrote_and_cites_checked_sections(sample: Any) -> None:
    events, answer = collect(sample.ask("brightcart", RETENTION))
    assert [e.stage for e in events if isinstance(e, Progress)][:1] == ["retrieve"]
    assert answer.answerable and answer.status == "answered" and answer.evidence
    assert answer.citations, answer.text
    _cited_sections_exist(sample, answer)
    assert answer.timings["total_s"] >= answer.timings["retrieve_s"] >= 0
    model = sample.model()
    if answer.raw_model_text:
        prompt = model.prompts[-1]
        assert prompt.startswith(answering.FEW_SHOT) and RETENTION in prompt
        streamed = "".join(e.text for e in events if isinstance(e, Token))
        assert streamed.split() == answer.raw_model_text.split()[-len(streamed.split()):]


def test_the_same_question_gets_the_same_answer(sample: Any) -> None:
    first = sample.ask_sync("brightcart", "Does BrightCart sell my personal information?")
    sample.ask_sync("brightcart", "Can I delete my account?")
    again = sample.ask_sync("brightcart", "Does BrightCart sell my personal information?")
    assert (first.text, first.stance, [c.cite_id for c in first.citations]) == (again.text, again.stance, [c.cite_id for c in again.citations])


def test_a_model_that_makes_things_up_is_not_quoted(fake_sample: Any, fake_assistant: Any) -> None:
    liar = fake_assistant(home=fake_sample.home, embedder=fake_sample.assistant.embedder,
                          model_factory=model_replying("BrightCart launches weather balloons over volcanic islands every spring [PP §4]."))
    for question in (RETENTION, "Does BrightCart sell my personal information?"):
        answer = liar.ask_sync("brightcart", question)
        assert "balloons" in answer.raw_model_text
        assert "balloons" not in answer.text
        assert answer.mode in ("composed", "abstain"), answer.mode
        _cited_sections_exist(liar, answer)


def test_no_model_configured_is_extractive(fake_sample: Any, fake_assistant: Any) -> None:
    a = fake_assistant(home=fake_sample.home, settings=Settings(model_path=""), embedder=fake_sample.assistant.embedder)
    assert a.model() is None and a.model_status()["mode"] == "extractive"
    events, answer = collect(a.ask("brightcart", RETENTION))
    assert not any(isinstance(e, Token) and e.text.strip() not in ("Yes,", "No,") for e in events)
    assert answer.mode in ("extractive", "abstain") and answer.model == "extractive"
    if answer.mode == "extractive":
        assert "extractive mode" in answer.text.lower() and answer.citations
    _cited_sections_exist(a, answer)


def test_use_model_false_never_calls_the_model(sample: Any) -> None:
    model = sample.model()
    before = len(model.prompts)
    answer = sample.ask_sync("brightcart", "How can I contact the privacy team?", use_model=False)
    assert len(model.prompts) == before
    assert answer.model == "extractive"


def test_a_question_about_another_company_is_not_applicable(sample: Any) -> None:
    answer = sample.ask_sync("brightcart", "Does Zorblax Industries sell my personal information?")
    assert answer.status == "not_applicable" and not answer.answerable and answer.citations == []
    assert answer.related and "Zorblax" in answer.text


def test_cancel_before_the_answer_is_written(sample: Any) -> None:
    cancel = threading.Event()
    gen = sample.ask("brightcart", "Does BrightCart sell my personal information?", cancel=cancel)
    with pytest.raises(Cancelled):
        for event in gen:
            if isinstance(event, Progress) and event.stage == "retrieve":
                cancel.set()


def test_conversation_is_recorded_and_exported(sample: Any) -> None:
    conv = sample.new_conversation("brightcart", "Retention")
    answer = drain(sample.ask("brightcart", RETENTION, conversation_id=conv.id))
    messages = sample.messages(conv.id)
    assert [m.role for m in messages] == ["user", "assistant"]
    assert messages[0].content == RETENTION and messages[1].content == answer.text
    assert messages[1].meta["stance"] == answer.stance and messages[1].meta["mode"] == answer.mode
    assert [c["id"] for c in messages[1].citations] == [c.cite_id for c in answer.citations]
    md = sample.export_markdown(conv.id)
    assert md.startswith("# Conversation") and f"**You:** {RETENTION}" in md
    assert conv.id in [c.id for c in sample.conversations("brightcart")]
    sample.delete_conversation(conv.id)
    assert sample.messages(conv.id) == []


def test_search_finds_passages_by_their_words(sample: Any) -> None:
    hits = sample.search("brightcart", "How long are server logs kept?", 8)
    assert hits and any("90 days" in h.text for h in hits)
    assert all(h.cite_id and h.document for h in hits)
    with pytest.raises(InputError):
        sample.search("brightcart", "   ")


def test_summary_with_the_fake_model(sample: Any) -> None:
    events, summary = collect(sample.summarize("brightcart"))
    assert [e.message for e in events if isinstance(e, Progress)] == [t for t, _ in SUMMARY_TOPICS]
    lines = summary.text.splitlines()
    assert len(lines) == len(SUMMARY_TOPICS) and all(line.startswith("- ") for line in lines)
    sections = {s.cite_id for d in sample.documents("brightcart") for s in sample.sections(d.id)}
    assert summary.citations and {c.cite_id for c in summary.citations} <= sections


def test_ask_over_text_cites_its_paragraphs(sample: Any) -> None:
    text = "We keep server logs for 90 days.\n\nWe never sell personal information to advertisers."
    answer = drain(sample.ask_over_text("Summary", text, "How long are server logs kept?", "BrightCart"))
    assert all(re.fullmatch(r"Summary ¶\d", c.cite_id) for c in answer.citations)


def test_update_settings_makes_a_new_model_from_the_factory(fake_sample: Any, fake_assistant: Any, tmp_path: Path) -> None:
    a = fake_assistant(home=tmp_path / "settings-home", embedder=fake_sample.assistant.embedder)
    first = a.model()
    a.update_settings(Settings(n_ctx=1024))
    second = a.model()
    assert first is not second and second.settings.n_ctx == 1024
    assert (tmp_path / "settings-home" / "settings.json").is_file()
    a.update_settings(Settings(model_path=""), persist=False)
    assert a.model() is None


def test_reingest_of_the_sample_embeds_nothing(fake_sample: Any, fake_assistant: Any) -> None:
    embedder = FakeEmbedder()
    a = fake_assistant(home=fake_sample.home, embedder=embedder)
    result = drain(a.ingest([str(SAMPLE_DIR)]))
    assert len(result.unchanged) == 4 and result.passages == 0 and embedder.texts == 0
