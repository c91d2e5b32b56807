"""Tests for eval.questions: shipped GenAIPABench banks and references, placeholders, user banks, malformed input."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from assistant.errors import InputError
from eval.questions import (
    BankQuestion,
    fill,
    load_bank,
    load_references,
    looks_unaddressed,
    policy_bank,
    reference_documents,
    regulation_bank,
    variants,
)

CODES = ["T", "UC", "DM", "SE", "PD", "RC", "AEE", "CA"]
PAPER_UNADDRESSED = {"Facebook": 15, "Twitter": 14, "Airbnb": 13, "Spotify": 8, "Uber": 8}


# --------------------------------------------------------------------------- shipped data


def test_policy_bank_shape() -> None:
    bank = policy_bank()
    assert bank.name == "genaipabench-policy"
    assert "GenAIPABench" in bank.attribution
    assert len(bank) == 32
    assert Counter(q.category for q in bank.questions) == {c: 4 for c in CODES}
    assert {q.id for q in bank.questions} == {f"{c}_{s}" for c in CODES for s in ("f1", "f2", "f3", "u1")}
    assert Counter(q.source for q in bank.questions) == {"faq": 24, "user": 8}
    for q in bank.questions:
        assert len(q.paraphrases) == 3 and all(p.strip() for p in q.paraphrases), q.id
        assert q.category_name and q.question.endswith("?"), q.id
    assert bank.get("PD_f1") is not None and bank.get("PD_f1").category_name == "Privacy by Design and Innovation"
    assert bank.get("DM_f1").question == "Does [the company] minimize data retention periods?"
    assert sum("[the company]" in q.question for q in bank.questions) == 8


def test_regulation_bank_shape() -> None:
    bank = regulation_bank()
    assert [q.id for q in bank.questions] == [f"PR_{i}" for i in range(1, 7)]
    for q in bank.questions:
        assert q.category == "PR" and "[regulation]" in q.question
        assert len(q.paraphrases) == 3
        assert len({q.question, *q.paraphrases}) == 4, q.id
        assert all("[regulation]" in p for p in q.paraphrases), q.id
    raw = json.loads(Path("resources/question_banks/genaipabench_regulation.json").read_text(encoding="utf-8"))
    assert "hand-written" in raw["paraphrase_method"] and raw["notes"]


@pytest.mark.parametrize("document", sorted(PAPER_UNADDRESSED))
def test_policy_references(document: str) -> None:
    refs = load_references(document)
    assert set(refs) == {q.id for q in policy_bank().questions}
    assert all(r.document == document and r.answer.strip() and r.question_id == qid for qid, r in refs.items())
    unaddressed = sum(not r.addressed for r in refs.values())
    assert abs(unaddressed - PAPER_UNADDRESSED[document]) <= 4, unaddressed
    # Every answer that opens with "Not mentioned"/"No information" is marked unaddressed.
    assert all(not r.addressed for r in refs.values() if looks_unaddressed(r.answer))


@pytest.mark.parametrize("document", ["GDPR", "ccpa"])
def test_regulation_references(document: str) -> None:
    refs = load_references(document)
    assert set(refs) == {f"PR_{i}" for i in range(1, 7)}
    assert all(r.addressed and r.parts for r in refs.values())


def test_reference_lookup() -> None:
    assert reference_documents() == ["airbnb", "ccpa", "facebook", "gdpr", "spotify", "twitter", "uber"]
    assert load_references("uber")["UC_u1"].addressed is False
    assert load_references("Uber")["T_f1"].parts == ["Part 1"]
    with pytest.raises(InputError, match="no reference answers for 'Netflix'"):
        load_references("Netflix")
    with pytest.raises(InputError):
        load_references("../genaipabench_policy")


# --------------------------------------------------------------------------- placeholders and variants


def test_fill_company() -> None:
    assert fill("What is [the company]’s stance?", company="Uber") == "What is Uber’s stance?"
    assert fill("Does [company] sell data? Is [The Company] honest?", company="Acme") == "Does Acme sell data? Is Acme honest?"
    assert fill("[The company] keeps data.") == "The company keeps data."
    assert fill("Does [the company] keep data?") == "Does the company keep data?"
    assert fill("No placeholder here.", company="Uber") == "No placeholder here."
    for q in policy_bank().questions:
        for _, text in variants(q, paraphrases=True):
            assert "[" not in fill(text, company="Spotify")


def test_fill_regulation() -> None:
    assert fill("Who must comply with the [regulation]?", regulation="GDPR") == "Who must comply with the GDPR?"
    assert fill("Is it [the regulation]?", regulation="CCPA") == "Is it the CCPA?"
    assert fill("Under [regulation], who?", regulation="LGPD") == "Under LGPD, who?"
    assert fill("What are the [regulation] fines?") == "What are the regulation fines?"
    assert fill("[The regulation] says") == "The regulation says"
    for q in regulation_bank().questions:
        assert all("[" not in fill(t, regulation="GDPR") for _, t in variants(q, True))


def test_variants() -> None:
    q = BankQuestion("X_f1", "X", "X", "custom", "Q?", ["a?", "b?", "c?"])
    assert variants(q, paraphrases=True) == [("orig", "Q?"), ("p1", "a?"), ("p2", "b?"), ("p3", "c?")]
    assert variants(q, paraphrases=False) == [("orig", "Q?")]


# --------------------------------------------------------------------------- user banks


def test_csv_bank(tmp_path: Path) -> None:
    path = tmp_path / "mine.csv"
    path.write_text(
        "\ufeffid,category,question,paraphrase_2,paraphrase_1,reference_acme,reference_globex\n"
        "q1,UC,Can I delete [the company] data?,Second?,First?,Yes via settings.,\n"
        'q2,PbD,"Do they profile me, and how?",,,Not mentioned in the policy.,Yes they do.\n'
        ",,,,,,\n",
        encoding="utf-8",
    )
    bank = load_bank(path)
    assert bank.name == "mine" and [q.id for q in bank.questions] == ["q1", "q2"]
    q1, q2 = bank.questions
    assert q1.paraphrases == ["First?", "Second?"] and q2.paraphrases == []
    assert (q1.category, q1.category_name, q1.source) == ("UC", "User Control", "custom")
    assert q2.category == "PD" and q2.question == "Do they profile me, and how?"
    assert set(bank.references) == {"acme", "globex"}
    assert bank.references["acme"]["q1"].addressed and not bank.references["acme"]["q2"].addressed
    assert set(bank.references["globex"]) == {"q2"}


def test_csv_bank_joined_paraphrases(tmp_path: Path) -> None:
    path = tmp_path / "joined.csv"
    path.write_text(
        "id,question,paraphrases\na,Is it safe?,Is it secure? || Is it protected?  ||Safe or not?\n", encoding="utf-8"
    )
    bank = load_bank(path)
    assert bank.questions[0].paraphrases == ["Is it secure?", "Is it protected?", "Safe or not?"]
    assert bank.questions[0].category == ""


def test_yaml_bank(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(
        "- id: y1\n"
        "  category: SE\n"
        "  question: Is my data encrypted by [the company]?\n"
        "  paraphrases:\n"
        "    - Do they encrypt my data?\n"
        "    - Is encryption used?\n"
        "  references:\n"
        "    acme: Yes, in transit and at rest.\n"
        "    globex:\n"
        "      answer: The policy does not mention encryption.\n"
        "      parts: [Section 4]\n"
        "- id: y2\n"
        "  question: Who gets my data?\n",
        encoding="utf-8",
    )
    bank = load_bank(path)
    assert [q.id for q in bank.questions] == ["y1", "y2"]
    assert bank.questions[0].paraphrases == ["Do they encrypt my data?", "Is encryption used?"]
    assert bank.questions[0].category_name == "Security and Encryption"
    acme, globex = bank.references["acme"]["y1"], bank.references["globex"]["y1"]
    assert acme.addressed and acme.document == "acme"
    assert not globex.addressed and globex.parts == ["Section 4"]


def test_json_list_bank(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text(json.dumps([{"id": "j1", "question": "Q?", "paraphrases": ["R?"]}]), encoding="utf-8")
    assert load_bank(path).questions[0].paraphrases == ["R?"]


# --------------------------------------------------------------------------- malformed input

MALFORMED = {
    "bad.json": ('{"questions": [', "invalid JSON"),
    "bad.yaml": ("- id: a\n  question: [unclosed\n", "invalid YAML"),
    "scalar.yaml": ("just a string\n", "expected a list of questions"),
    "noid.csv": ("category,question\nT,Q?\n", "missing required column(s): id"),
    "noquestion.csv": ("id,category,text\na,T,Q?\n", "missing required column(s): question"),
    "dup.csv": ("id,question\na,Q1?\na,Q2?\n", "duplicate question id 'a'"),
    "dup.yaml": ("- id: a\n  question: Q1?\n- id: a\n  question: Q2?\n", "duplicate question id 'a'"),
    "quote.csv": ('id,question\na,"unterminated\n', "malformed CSV"),
    "extra.csv": ("id,question\na,Q?,surplus\n", "more fields than the header"),
    "blankq.csv": ("id,question\na,\n", "missing question"),
    "noidvalue.yaml": ("- question: Q?\n", "missing id"),
    "empty.csv": ("", "empty CSV"),
    "none.json": ('{"questions": []}', "no questions"),
    "bank.txt": ("id,question\n", "unsupported question bank format"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_banks(tmp_path: Path, name: str) -> None:
    content, expected = MALFORMED[name]
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_bank(path)
    message = str(info.value)
    assert expected in message and name in message and "\n" not in message


def test_missing_bank_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"missing\.csv: question bank not found"):
        load_bank(tmp_path / "missing.csv")
