"""Verdicts on the sample bundle through the facade (real model, real embedder, real Chroma)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from conftest import collect, run_cli
from test_core_answers import _check_citations

from assistant.errors import InputError
from assistant.models import Token


def _ask(a: Any, question: str, **kw: Any) -> Any:
    return a.ask_sync("brightcart", question, **kw)


def test_no_from_an_explicit_denial(assistant: Any) -> None:
    answer = _ask(assistant, "Does BrightCart sell my personal information?")
    assert answer.stance == "no" and answer.text.startswith("No")
    assert "PP §3.4" in [c.cite_id for c in answer.citations]
    assert "does not sell" in " ".join(f.sentence for f in answer.verdict.support)
    _check_citations(assistant, answer)


def test_casual_paraphrase_gets_the_same_verdict(assistant: Any) -> None:
    assert _ask(assistant, "do they sell my stuff??", use_model=False).stance == "no"
    assert _ask(assistant, "will brightcart flog my info to data brokers?", use_model=False).stance in ("no", "not_stated")


def test_slips_of_the_keyboard_get_the_same_verdict(assistant: Any) -> None:
    assert _ask(assistant, "do they sel my persnal informaton?", use_model=False).stance == "no"
    assert _ask(assistant, "can i delte my acount?", use_model=False).stance == "yes"


def test_the_sample_answers_its_flagship_questions_from_the_right_sentences(assistant: Any) -> None:
    police = _ask(assistant, "Do they give my data to the police?", use_model=False)
    assert police.stance == "yes" and "required by law" in police.verdict.support[0].sentence
    sold = _ask(assistant, "What happens to my data if the company is sold?", use_model=False)
    assert sold.stance == "answered" and "merger" in sold.verdict.support[0].sentence
    assert _ask(assistant, "Can I delete my account?", use_model=False).stance == "yes"


def test_right_with_its_limits(assistant: Any) -> None:
    answer = _ask(assistant, "Can I delete my account and all my data?")
    assert answer.stance == "yes" and answer.text.startswith("Yes")
    assert answer.verdict.exceptions, "what is kept in spite of a deletion is stated"
    assert any("years" in f.sentence for f in answer.verdict.exceptions)
    assert "years" in answer.text
    _check_citations(assistant, answer)


def test_indirect_phrasing_is_answered(assistant: Any) -> None:
    answer = _ask(assistant, "Does the policy say for how long they keep my information?", use_model=False)
    assert answer.stance == "yes" and answer.answerable
    answer = _ask(assistant, "Will they notify me when the policy changes?", use_model=False)
    assert answer.stance == "yes" and "PP §10" in [c.cite_id for c in answer.citations]


def test_open_question_lists_every_period(assistant: Any) -> None:
    answer = _ask(assistant, "How long is my data stored?", use_model=False)
    assert answer.stance == "answered"
    periods = [p for p in ("90 days", "30 days", "as long as") if p in answer.text]
    assert len(periods) >= 2, answer.text


def test_silent_and_not_applicable(assistant: Any) -> None:
    assert _ask(assistant, "Does BrightCart use facial recognition?").stance == "not_stated"
    for q in ("How long does Facebook keep my data?", "Does Facebook sell my data?"):
        answer = _ask(assistant, q)
        assert answer.stance == "not_applicable" and answer.status == "not_applicable" and not answer.citations


@pytest.mark.parametrize("question,language", [("¿Cuánto tiempo guardan mis datos personales?", "Spanish"),
                                               ("Wie lange werden meine Daten gespeichert?", "German"),
                                               ("他们会出售我的数据吗？", "English only")])
def test_a_question_in_another_language_says_so(assistant: Any, question: str, language: str) -> None:
    with pytest.raises(InputError, match=language):
        _ask(assistant, question)


def test_a_model_sentence_contradicting_the_verdict_is_never_shown(assistant: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    model = assistant.model()
    assert model is not None
    monkeypatch.setattr(model, "stream", lambda *a, **k: iter([" we may sell your personal information to advertisers."]))
    events, answer = collect(assistant.ask("brightcart", "Does BrightCart sell my personal information?"))
    assert answer.stance == "no"
    assert "may sell" not in answer.text and answer.text.startswith("No")
    assert answer.mode == "composed"  # the draft failed the check: composed from the policy's own sentences
    tokens = [e.text for e in events if isinstance(e, Token)]
    assert tokens[0] == "No,", "the decided verdict is the first thing shown"


def test_model_sentence_that_agrees_is_kept(assistant: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    model = assistant.model()
    assert model is not None
    monkeypatch.setattr(model, "stream", lambda *a, **k: iter([" BrightCart does not sell your personal information."]))
    answer = _ask(assistant, "Does BrightCart sell my personal information?")
    assert answer.mode == "generative" and answer.text.startswith("No, BrightCart does not sell your personal information [PP §3.4].")


def test_ask_json_has_the_verdict(cli_home: Any) -> None:
    proc = run_cli(["ask", "--bundle", "brightcart", "--json", "--no-model", "Does BrightCart sell my personal information?"], cli_home.home)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["stance"] == "no" and out["verdict"]["stance"] == "no" and out["verdict"]["support"][0]["id"] == "PP §3.4"


def test_conversation_keeps_the_verdict(assistant: Any) -> None:
    conv = assistant.new_conversation("brightcart", "verdicts")
    collect(assistant.ask("brightcart", "Does BrightCart sell my personal information?", conversation_id=conv.id, use_model=False))
    msg = assistant.messages(conv.id)[-1]
    assert msg.meta["stance"] == "no" and msg.meta["verdict"]["support"]
    assistant.delete_conversation(conv.id)
