"""Answers, streaming, abstention, citation checking, extractive mode, summaries and search on the sample bundle."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import collect

from assistant import answering
from assistant.config import Settings
from assistant.core import SUMMARY_TOPICS, Assistant
from assistant.models import Answer, Evidence, Progress, Token
from assistant.question import decide

_MARKER = re.compile(r"\[([^\[\]]{1,40})\]")
_RETENTION = re.compile(r"\b(\d+ (days|months|years)|as long as)\b", re.I)


def _norm(text: str) -> str:
    return " ".join(text.split())


def _bundle_sections(a: Any, name: str = "brightcart") -> dict[str, Any]:
    b = a.store.get_bundle(name)
    return {s.cite_id: s for s in a.store.bundle_sections(b.id)}


def _check_citations(a: Any, answer: Answer, name: str = "brightcart") -> None:
    """Citations are checked: listed in the evidence, real sections, quoting those sections, and the only markers."""
    sections = _bundle_sections(a, name)
    docs = {d.id: d for d in a.documents(name)}
    evidence_ids = {e.cite_id for e in answer.evidence}
    cited = [c.cite_id for c in answer.citations]
    assert len(cited) == len(set(cited))
    for c in answer.citations:
        assert c.cite_id in evidence_ids, f"{c.cite_id} was not in the evidence"
        sec = sections[c.cite_id]
        assert c.document_id == sec.document_id and c.document == docs[sec.document_id].title
        assert c.heading == sec.heading
        assert sec.start <= c.start < c.end <= sec.end
        for piece in c.text.split(" … "):
            assert _norm(piece) in _norm(sec.text), f"citation text of {c.cite_id} is not from that section"
    markers = {m.strip() for m in _MARKER.findall(answer.text)}
    assert markers == set(cited), f"markers {markers} vs citations {cited}"


# --------------------------------------------------------------------------- answerable (with the embedded model)


def test_retention_question_is_answered_with_checked_citations(assistant: Any, retention_answer: Any) -> None:
    answer = retention_answer.answer
    assert answer.answerable is True and answer.status == "answered"
    assert answer.mode in ("generative", "composed", "extractive")
    assert answer.citations, answer.text
    _check_citations(assistant, answer)
    cited_text = " ".join(c.text for c in answer.citations)
    assert _RETENTION.search(cited_text), cited_text
    assert any(c.heading.endswith("How Long We Keep Your Data") for c in answer.citations)
    assert {"retrieve_s", "first_token_s", "total_s"} <= set(answer.timings)
    assert all(v >= 0 for v in answer.timings.values())
    assert answer.related == []


def test_answer_streams_tokens_before_returning(retention_answer: Any) -> None:
    events, answer = retention_answer.events, retention_answer.answer
    tokens = [e for e in events if isinstance(e, Token)]
    assert tokens, "the model's raw output is streamed as Token events"
    assert answer.model != "extractive" and "embedded" in answer.model
    assert "".join(t.text for t in tokens) == answer.raw_model_text
    stages = [e.stage for e in events if isinstance(e, Progress)]
    assert stages.index("retrieve") < stages.index("generate")
    first_token = next(i for i, e in enumerate(events) if isinstance(e, Token))
    generate = next(i for i, e in enumerate(events) if isinstance(e, Progress) and e.stage == "generate")
    assert generate < first_token
    assert all(isinstance(e, Token) for e in events[first_token:])


def test_answer_does_not_depend_on_what_was_asked_before(assistant: Any) -> None:
    """The few-shot head stays cached (faster first token) without making answers history-dependent."""
    model = assistant.model()
    assert model is not None
    first = assistant.ask_sync("brightcart", "How long is my data stored?")
    assistant.ask_sync("brightcart", "Do you use cookies for advertising?")
    model.complete_json("Unrelated prompt that evicts the cache:", {"type": "object", "properties": {"a": {"type": "string"}}}, 8)
    again = assistant.ask_sync("brightcart", "How long is my data stored?")
    assert again.text == first.text
    llm = model.load()
    head = list(llm.tokenize(answering.FEW_SHOT.encode("utf-8"), special=True))
    assert list(llm.input_ids[: len(head)]) == head  # the head is back in the cache after the eviction


def test_a_text_asked_about_many_times_is_embedded_once(assistant: Any) -> None:
    from assistant.core import TEXT_TABLES_KEPT

    text = "We keep your order history for seven years.\n\nYou can delete your account in Settings at any time."
    first = assistant.text_table("SUMMARY", text)
    assert [r.cite_id for r in first.rows] == ["SUMMARY ¶1", "SUMMARY ¶2"]
    assert assistant.text_table("SUMMARY", text) is first
    assert assistant.text_table("SUMMARY", text + " Changed.") is not first
    for i in range(TEXT_TABLES_KEPT):
        assistant.text_table("OTHER", f"Text number {i}.")
    assert assistant.text_table("SUMMARY", text) is not first  # the oldest tables are let go


def test_ask_json_shape(retention_answer: Any) -> None:
    data = retention_answer.answer.to_json()
    assert {"question", "answer", "answerable", "citations", "evidence", "model", "timings"} <= set(data)
    assert data["question"] == "How long is my data stored?"
    assert all(set(c) == {"id", "document", "heading", "text"} for c in data["citations"])
    assert all(set(e) == {"id", "document", "heading", "text", "score"} for e in data["evidence"])


# --------------------------------------------------------------------------- not answerable


@pytest.mark.parametrize("question", ["Does BrightCart use facial recognition?", "Can I pay with cryptocurrency?"])
def test_question_the_policy_does_not_cover(assistant: Any, question: str) -> None:
    events, answer = collect(assistant.ask("brightcart", question))
    assert answer.answerable is False and answer.status == "silent" and answer.mode == "abstain"
    assert answer.citations == []
    assert not any(isinstance(e, Token) for e in events), "no generation for an unanswerable question"
    assert "do not address" in answer.text.lower()
    sections = _bundle_sections(assistant)
    assert 1 <= len(answer.related) <= 3
    for e in answer.related:
        assert e.cite_id in sections
        assert e.cite_id in answer.text
    assert len({e.cite_id for e in answer.related}) == len(answer.related)


def test_question_about_another_company_is_not_applicable(assistant: Any) -> None:
    events, answer = collect(assistant.ask("brightcart", "Does Facebook track me?"))
    assert answer.status == "not_applicable" and answer.answerable is False
    assert answer.citations == [] and answer.mode == "abstain"
    assert "Facebook" in answer.text and "BrightCart" in answer.text
    assert not any(isinstance(e, Token) for e in events)


def test_question_about_the_company_mentioning_another_name_is_not_not_applicable(assistant: Any) -> None:
    answer = assistant.ask_sync("brightcart", "Does BrightCart sell my data to Facebook?", use_model=False)
    # The question is about BrightCart (PP §3.4: "BrightCart does not sell your personal information to anyone").
    assert answer.status != "not_applicable", answer.text


def test_question_naming_the_company_itself_is_answered(assistant: Any) -> None:
    answer = assistant.ask_sync("brightcart", "Does BrightCart sell my personal information?", use_model=False)
    assert answer.answerable and answer.status == "answered"
    _check_citations(assistant, answer)
    assert any("not sell" in c.text for c in answer.citations)


# --------------------------------------------------------------------------- citation checking as a unit


def _ev(cite_id: str, text: str, heading: str = "H") -> Evidence:
    return Evidence(passage_id=f"p-{cite_id}", cite_id=cite_id, document="Doc", document_kind="privacy_policy",
                    heading=heading, text=text, score=1.0)


LOGS = _ev("PP §4", "Server logs are kept for 90 days and then deleted. Order records are kept for 7 years for tax law.")
COOKIES = _ev("CP §3", "Analytics cookies help us understand how visitors use our store. Analytics cookies last up to 13 months.")


@pytest.mark.fast
def test_words_that_frame_a_question_do_not_make_the_policy_silent() -> None:
    """'Stance' or 'as far as' are rare in policies but say nothing about the topic; 'facial' does."""
    law = _ev("PP §6", "We may disclose personal information to law enforcement when we receive a valid subpoena or court order.")
    framed = decide("What is the company's stance on law enforcement requests?", [law], 0.6)
    assert framed.answerable, framed.reason
    account = _ev("PP §8", "You can ask us to delete your account information at any time from Settings.")
    as_far = decide("Do I have any rights as far as whether I want my account info deleted?", [account], 0.6)
    assert as_far.answerable, as_far.reason
    facial = decide("What is the company's stance on facial recognition?", [law], 0.6)
    assert not facial.answerable and facial.status == "silent" and "facial" in facial.reason


@pytest.mark.fast
def test_ground_drops_ids_that_are_not_in_the_evidence() -> None:
    text, used = answering.ground("Server logs are kept for 90 days [XYZ §9].", [LOGS, COOKIES])
    assert "XYZ" not in text and used == ["PP §4"]
    assert text.endswith("[PP §4].")


@pytest.mark.fast
def test_ground_drops_unsupported_sentences() -> None:
    raw = ("Server logs are kept for 90 days [PP §4]. The company launches weather balloons over volcanic islands "
           "every spring [PP §4].")
    text, used = answering.ground(raw, [LOGS, COOKIES])
    assert "balloons" not in text and "Server logs are kept for 90 days" in text
    assert used == ["PP §4"]


@pytest.mark.fast
def test_ground_cites_the_supporting_item() -> None:
    # the model cites the wrong item: the sentence is supported by CP §3 only
    text, used = answering.ground("Analytics cookies last up to 13 months [PP §4].", [LOGS, COOKIES])
    assert used == ["CP §3"]
    assert "[CP §3]" in text and "[PP §4]" not in text


@pytest.mark.fast
def test_ground_keeps_a_second_citation_only_if_it_also_supports() -> None:
    both = _ev("PP §5", "Analytics cookies last up to 13 months and help us understand visitors.")
    text, used = answering.ground("Analytics cookies last up to 13 months [PP §5] [PP §4].", [COOKIES, both, LOGS])
    assert "PP §4" not in used
    assert set(used) <= {"CP §3", "PP §5"} and used


@pytest.mark.fast
def test_ground_drops_sentences_with_numbers_not_in_the_evidence() -> None:
    text, used = answering.ground("Server logs are kept for 45 days [PP §4].", [LOGS, COOKIES])
    assert text == "" and used == []
    text, used = answering.ground("Order records are kept for 7 years [PP §4]. Server logs are kept for 30 days [PP §4].",
                                  [LOGS, COOKIES])
    assert "7 years" in text and "30 days" not in text and used == ["PP §4"]


@pytest.mark.fast
def test_ground_drops_duplicates_and_fragments() -> None:
    raw = "Server logs are kept for 90 days [PP §4]. Server logs are kept for 90 days. Logs [PP §4]."
    text, used = answering.ground(raw, [LOGS])
    assert text.count("Server logs are kept for 90 days") == 1 and used == ["PP §4"]


@pytest.mark.fast
def test_ground_drops_a_sentence_that_negates_the_evidence() -> None:
    no_sale = _ev("PP §3.4", "BrightCart does not sell your personal information to anyone.")
    text, used = answering.ground("BrightCart sells your personal information to anyone [PP §3.4].", [no_sale])
    assert text == "" and used == []


# --------------------------------------------------------------------------- extractive mode


@pytest.fixture(scope="module")
def extractive_assistant(session_ingest: Any) -> Any:
    """A second assistant on the session's data dir with no model configured."""
    a = Assistant(home=session_ingest.home, settings=Settings(model_path=""), embedder=session_ingest.assistant.embedder)
    yield a
    a.close()


def test_extractive_mode_without_a_model(extractive_assistant: Any) -> None:
    assert extractive_assistant.model() is None
    status = extractive_assistant.model_status()
    assert status["mode"] == "extractive" and status["model"] is None and status["error"]
    events, answer = collect(extractive_assistant.ask("brightcart", "How long is my data stored?"))
    assert not any(isinstance(e, Token) for e in events)
    assert answer.mode == "extractive" and answer.model == "extractive" and answer.answerable
    assert "extractive mode" in answer.text.lower()
    assert answer.citations
    _check_citations(extractive_assistant, answer)
    # quotes are verbatim sentences of the cited sections
    quotes = re.findall(r"“(.+?)” \[", answer.text)
    assert quotes
    sections = _bundle_sections(extractive_assistant)
    for q in quotes:  # a long sentence is shortened in the middle: each part is verbatim
        assert all(any(_norm(part) in _norm(sections[c.cite_id].text) for c in answer.citations) for part in q.split(" … ")), q


@pytest.mark.parametrize("n_ctx", [256, 420])
def test_a_small_context_gets_less_evidence_not_an_error(session_ingest: Any, n_ctx: int) -> None:
    a = Assistant(home=session_ingest.home, settings=Settings(n_ctx=n_ctx), embedder=session_ingest.assistant.embedder)
    try:
        answer = a.ask_sync("brightcart", "How long is my data stored?")
        assert answer.answerable and answer.citations
        _check_citations(a, answer)
        model = a.model()
        assert model is not None
        given = answering.fit_to_context(model, answer.question, answer.evidence, "BrightCart", a.settings.max_answer_tokens)
        if n_ctx == 256:  # the few-shot head and the answer alone nearly fill it: composed from quotes, no model text
            assert given == [] and answer.mode == "composed" and answer.raw_model_text == ""
        else:
            assert 0 < len(given) <= len(answer.evidence) and answer.raw_model_text
            assert model.count_tokens(answering.build_prompt(answer.question, given, "BrightCart")) + 96 <= n_ctx
    finally:
        a.close()


def test_use_model_false_is_extractive_too(assistant: Any) -> None:
    events, answer = collect(assistant.ask("brightcart", "How can I contact the privacy team?", use_model=False))
    assert answer.mode == "extractive" and "extractive mode" in answer.text.lower()
    assert not any(isinstance(e, Token) for e in events)
    _check_citations(assistant, answer)
    assert answer.citations


# --------------------------------------------------------------------------- summaries


def _check_summary(a: Any, summary: Any) -> list[str]:
    lines = summary.text.split("\n")
    assert len(lines) == len(SUMMARY_TOPICS)
    for line, (topic, _) in zip(lines, SUMMARY_TOPICS):
        assert line.startswith(f"- {topic}: "), line
    sections = _bundle_sections(a)
    cited = [c.cite_id for c in summary.citations]
    assert cited and len(cited) == len(set(cited))
    assert set(cited) <= set(sections)
    markers = {m.strip() for m in _MARKER.findall(summary.text)}
    assert markers == set(cited), "every marker is a checked citation and every citation is used"
    for c in summary.citations:
        for piece in c.text.split(" … "):
            assert _norm(piece) in _norm(sections[c.cite_id].text)
    addressed = [line for line in lines if not line.endswith("not addressed.")]
    for line in addressed:
        assert _MARKER.search(line), f"an addressed topic carries a citation: {line}"
    return addressed


def test_summary_without_model(assistant: Any) -> None:
    events, summary = collect(assistant.summarize("brightcart", use_model=False))
    messages = [e.message for e in events if isinstance(e, Progress)]
    assert all(topic in messages for topic, _ in SUMMARY_TOPICS)
    assert summary.mode == "extractive" and summary.model == "extractive" and summary.bundle == "brightcart"
    addressed = _check_summary(assistant, summary)
    assert len(addressed) >= 9, summary.text  # the sample covers nearly every topic
    retention = next(line for line in summary.text.split("\n") if line.startswith("- Retention:"))
    assert _RETENTION.search(retention), retention


def test_summary_with_the_model(assistant: Any) -> None:
    summary = assistant.summarize_sync("brightcart")
    assert summary.mode == "generative" and "embedded" in summary.model
    addressed = _check_summary(assistant, summary)
    assert len(addressed) >= 9, summary.text


# --------------------------------------------------------------------------- search


def test_search_returns_passages_with_real_citations(assistant: Any) -> None:
    hits = assistant.search("brightcart", "cookies")
    assert 1 <= len(hits) <= 8
    sections = _bundle_sections(assistant)
    docs = {d.id: d for d in assistant.documents("brightcart")}
    for h in hits:
        assert h.cite_id in sections
        assert docs[h.document_id].text[h.start : h.end] == h.text
        sec = sections[h.cite_id]
        assert sec.document_id == h.document_id and sec.start <= h.start < h.end <= sec.end
        assert "cookie" in (h.text + h.heading).lower()
    assert any(h.document == "BrightCart Cookie Policy" for h in hits)
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True)
    assert len(assistant.search("brightcart", "cookies", k=3)) == 3
