"""Trust shown where it is used: question categories, the self-benchmark's figures per category (kept in the data
folder by the benchmark runners), and how the answer line and the report card's Benchmark column show them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import collect

from assistant.categories import CATEGORIES, category_of, label
from assistant.models import TrustFigure
from eval import trust

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("question, key", [
    ("would they pass my purchase history on to other firms?", "selling_sharing"),
    ("is my stuff ever rented out to marketers?", "selling_sharing"),
    ("how long do they hang on to my order details?", "retention_deletion"),
    ("if I close my account is everything wiped?", "retention_deletion"),
    ("can I grab a copy of everything they hold on me?", "rights_choices"),
    ("my 11 year old wants an account, is that ok?", "children"),
    ("does the app know where I am through GPS?", "location"),
    ("do they react to the do not track setting in my browser?", "advertising_tracking"),
    ("are ads picked based on what I browse?", "advertising_tracking"),
    ("is my card number encrypted at checkout?", "security"),
    ("if hackers get in, will I be told?", "security"),
    ("will I hear about it when the privacy terms change?", "changes_notice"),
    ("would they hand my details to the police?", "legal_terms"),
    ("is there an arbitration clause?", "legal_terms"),
    ("does my data end up on servers overseas?", "transfers"),
    ("what do they gather when I browse?", "collection_use"),
])
def test_a_question_gets_the_category_of_its_kind(question: str, key: str) -> None:
    assert category_of(question) == key
    assert label(key) == dict(CATEGORIES)[key]


def _stance_result(rows: list[tuple[str, str, str]], status: str = "complete") -> dict[str, Any]:
    return {"status": status, "settings": {"truth": ["/x/extra-b.jsonl"]},
            "rows": [{"question": q, "label": lab, "stance": st} for q, lab, st in rows]}


def test_stance_figures_count_right_and_wrong_verdicts_per_category() -> None:
    result = _stance_result([("do they sell my data?", "no", "no"), ("is my data sold to brokers?", "no", "yes"),
                             ("do they share my email with partners?", "yes", "answered"), ("how long is my data kept?", "yes", "not_stated")])
    figs = {f.category: f for f in trust.stance_figures(result, Path("/reports/stance-1"), "2026-11-24T02:00:00")}
    sharing = figs["selling_sharing"]
    assert (sharing.n, sharing.accuracy, sharing.wrong) == (3, round(2 / 3, 4), round(1 / 3, 4))
    assert figs["retention_deletion"].accuracy == 0.0 and figs["retention_deletion"].wrong == 0.0
    assert sharing.run == "/reports/stance-1" and "extra-b.jsonl" in sharing.run_label and "tuned" not in sharing.run_label
    assert sharing.text() == "verdicts right 67% of 3, wrong yes/no 33%"
    tuned = trust.stance_figures({**result, "settings": {"truth": ["dev.jsonl"]}}, None, "2026-11-24T02:00:00")
    assert all("tuned on" in f.run_label for f in tuned)  # a set the reader was written against says so


def test_only_a_complete_run_of_a_trust_suite_gives_figures() -> None:
    rows = [("do they sell my data?", "no", "no")]
    assert trust.figures(None, "stance", _stance_result(rows, status="cancelled")) == []
    assert trust.figures(None, "privaci", _stance_result(rows)) == []
    assert len(trust.figures(None, "stance", _stance_result(rows))) == 1


def test_replay_figures_band_the_mean_m_all_per_category() -> None:
    rows = [{"question": "Does the company sell my data?", "free": {"m_all": 9.0}},
            {"question": "Does the company share my data with advertisers?", "free": {"m_all": 8.0}},
            {"question": "How long is my data kept?", "free": {"m_all": 3.0}},
            {"question": "How long is my data kept?", "free": None}]
    figs = {f.category: f for f in trust.replay_figures(rows, "run123456789", "2026-11-24T02:00:00")}
    assert figs["selling_sharing"].m_all == 8.5 and figs["selling_sharing"].n == 2 and figs["selling_sharing"].band == "green"
    assert figs["retention_deletion"].band == "red" and figs["retention_deletion"].n == 1
    assert figs["selling_sharing"].text() == "answers Green (M_all 8.50, 2 answers)"


def test_the_data_folder_keeps_each_suites_latest_figures(fake_assistant: Any, tmp_path: Path) -> None:
    home = tmp_path / "home"
    a = fake_assistant(home=home)
    assert a.trust() == []  # no benchmark run yet
    first = trust.stance_figures(_stance_result([("do they sell my data?", "no", "no"), ("how long is my data kept?", "yes", "yes")]),
                                 tmp_path, "2026-11-24T02:00:00")
    a.record_trust("stance", first)
    a.record_trust("genaipabench", [TrustFigure("selling_sharing", "genaipabench", "run1", "genaipabench · run1", "t", 4,
                                                band="yellow", m_all=0.3)])
    assert {(f.suite, f.category) for f in a.trust()} == {("stance", "selling_sharing"), ("stance", "retention_deletion"),
                                                          ("genaipabench", "selling_sharing")}
    assert [f.suite for f in a.trust(question="are my details sold to anyone?")] == ["genaipabench", "stance"]
    # a newer run of a suite replaces that suite's figures only
    a.record_trust("stance", trust.stance_figures(_stance_result([("can I get a copy of my data?", "yes", "yes")]), None, "t2"))
    assert {(f.suite, f.category) for f in a.trust()} == {("stance", "rights_choices"), ("genaipabench", "selling_sharing")}
    a.close()
    again = fake_assistant(home=home)  # kept across restarts
    assert len(again.trust()) == 2


def test_answers_carry_their_category(fake_sample: Any) -> None:
    _events, answer = collect(fake_sample.assistant.ask("brightcart", "How long is my data stored?", use_model=False))
    assert answer.category == "retention_deletion" and answer.to_json()["category"] == "retention_deletion"


def test_the_card_shows_the_benchmark_of_each_rows_kind(fake_sample: Any) -> None:
    a = fake_sample.assistant
    _events, card = collect(a.report("brightcart"))
    assert "Benchmark" not in card.to_html() and "Benchmark" not in card.to_markdown()  # the stored card itself has no figures
    assert "no benchmark run yet" in card.to_markdown([])
    kinds = {category_of(r.probe) for r in card.checklist}
    shown = next(iter(sorted(kinds)))
    fig = TrustFigure(shown, "stance", "/r/stance-1", "stance · extra-b.jsonl · 2026-11-24 02:00", "t", 12, 0.75, 0.0833)
    page = card.to_html([fig], trust_links=True)
    assert "<th>Benchmark</th>" in page and "verdicts right 75% of 12" in page and 'href="trust:stance:%2Fr%2Fstance-1"' in page
    assert "href=" not in card.to_html([fig]).split("<h2>Data practices")[0].split("<th>Benchmark</th>")[1]  # exports: plain text
    if len(kinds) > 1:
        assert "no benchmark question of this kind yet" in page
