"""Fast tests of the evaluation building blocks: M_all and bands, judge-free metrics, the judge's parsing and
retry, storage, and the readers of external answers, analysts' scores and PrivaCI cases (malformed input)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from assistant.errors import InputError
from eval import citations, figures, metrics, stats
from eval.external import load_answers, load_scores, read_scores
from eval.judge import SCHEMA, Judge, parse_verdict
from eval.privaci import classification_report, load_cases
from eval.results import ResultsDB, Selection, run_id_for

GENAIPA = Path(__file__).resolve().parents[2] / "shared" / "data" / "genaipabench"
UNIT = [1.0] + [0.0] * 383


def test_m_all_matches_the_paper() -> None:
    assert metrics.m_all([1, 1, 1, 1, 1]) == 10.0
    assert metrics.m_all([-1, -1, -1, -1, -1]) == 1.0
    assert metrics.m_all({"relevance": 1, "accuracy": 1, "clarity": 1, "completeness": 0.5, "reference": -1}) == pytest.approx(7.75)
    assert metrics.m_all([0.5] * 5) == pytest.approx(7.75)
    with pytest.raises(ValueError):
        metrics.m_all([1, 1])


def test_bands() -> None:
    assert metrics.band(10) == "green" and metrics.band(7.75) == "green"
    assert metrics.band(7.7) == "yellow" and metrics.band(5.5) == "yellow"
    assert metrics.band(5.4) == "red" and metrics.band(1) == "red"
    assert metrics.band(None) is None


def test_spearman_and_mae() -> None:
    assert stats.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert stats.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert stats.spearman([1, 1, 1], [1, 2, 3]) is None
    assert stats.ranks([3, 1, 1]) == [3.0, 1.5, 1.5]
    assert stats.mae([1, 2], [2, 4]) == pytest.approx(1.5)


def test_percentile_and_the_one_number_format() -> None:
    assert stats.percentile([], 0.5) == 0.0
    assert stats.percentile([3.0, 1.0, 2.0], 0.5) == 2.0 and stats.percentile([1.0, 2.0, 3.0, 4.0], 0.95) == 4.0
    assert stats.fmt_number(None) == "—" and stats.fmt_number(0.12345) == "0.12" and stats.fmt_number(2.0, 1) == "2.0"
    assert stats.fmt_number(7) == "7" and stats.fmt_number("green") == "green"


def test_the_registry_builds_the_command_line_and_the_app_list() -> None:
    import argparse

    from eval import registry
    from eval.cli import add_parsers

    names = [s.name for s in registry.suites()]
    assert names == list(registry.SUITE_MODULES)
    assert [s.name for s in registry.app_suites()] == ["genaipabench", "stance", "regulations"]
    parser = argparse.ArgumentParser()
    add_parsers(parser.add_subparsers(dest="suite"))
    for name in names:
        suite = registry.get(name)
        assert suite.title and suite.help and callable(suite.run) and callable(suite.summary)
        required = {"policyqa": ["--data", "x", "--policies", "y"], "opp115": ["--data", "x"]}.get(name, [])
        assert parser.parse_args([name, *required]).suite == name
    with pytest.raises(InputError):
        registry.get("nope")
    # a suite's settings dataclass and its plan (what the Benchmark tab shows before Start)
    g = registry.get("genaipabench")
    cfg = g.settings()
    cfg.policies, cfg.inits, cfg.limit, cfg.judge = ["uber", "spotify"], ["pd"], 2, ""
    assert g.plan is not None and g.plan(cfg) == registry.Plan(4, "4 answers will be asked.")
    reg = registry.get("regulations")
    assert reg.settings().inits == ["pd"] and reg.choices["documents"] == [("gdpr", "GDPR"), ("ccpa", "CCPA")]


def _score(**kw: Any) -> dict[str, Any]:
    base: dict[str, Any] = dict(question="q", text="Yes, Uber keeps data for 90 days [PP ¶2].", answerable=True, citations=["PP ¶2"],
                evidence_ids=["PP ¶2"], valid_ids={"PP ¶1", "PP ¶2"}, addressed=True, reference="Uber keeps data for 90 days.",
                reference_parts=[], q_vec=UNIT, a_vec=UNIT, r_vec=UNIT)
    base.update(kw)
    return metrics.free_score(**base)


def test_citation_validity() -> None:
    ok = _score()
    assert ok["citation_validity"] == 1.0 and ok["reference"] == 1.0
    missing = _score(citations=["PP ¶9"], text="Yes [PP ¶9].")
    assert missing["citation_validity"] == 0.0 and missing["reference"] == -1.0
    not_evidence = _score(citations=["PP ¶1", "PP ¶2"], text="Yes [PP ¶1] [PP ¶2].")
    assert not_evidence["citation_validity"] == 0.5 and not_evidence["reference"] == 0.5
    # a bracketed id left in the text counts as a citation too
    assert _score(citations=[], text="Yes [PP ¶7].")["cited"] == 1


def test_unaddressed_question_any_citation_is_invalid() -> None:
    cited = _score(addressed=False)
    assert cited["citation_validity"] == 0.0 and cited["reference"] == -1.0
    assert cited["abstention_correct"] is False and cited["accuracy"] == -1.0
    abstained = _score(addressed=False, answerable=False, citations=[], text="Uber's policy documents do not address this.")
    assert abstained["abstention_correct"] is True and abstained["m_all"] == 10.0 and abstained["band"] == "green"
    wrongly = _score(answerable=False, citations=[], text="Uber's policy documents do not address this.")
    assert wrongly["abstention_correct"] is False and wrongly["accuracy"] == -1.0


def test_reference_parts_and_articles() -> None:
    m = citations.reference_matcher(["GDPR Article 4 & 9", "GDPR Articles 12-23", "Cal. Civ. Code § 1798.100-1798.199", "Part 4"])
    assert citations.part_matches(citations.part_key("GDPR Art. 9 ¶2"), m)
    assert citations.part_matches(citations.part_key("GDPR Art. 15"), m)
    assert not citations.part_matches(citations.part_key("GDPR Art. 83"), m)
    assert citations.part_matches(citations.part_key("CCPA §1798.150 ¶1"), m)
    assert citations.part_matches(citations.part_key("Part ¶4"), m)
    assert not citations.part_matches(citations.part_key("PP ¶4"), m)
    # external answers: a "Part N" mention is valid when the reference names that part
    ext = _score(text="See Part 4.", citations=["Part 4"], evidence_ids=None, valid_ids=None, reference_parts=["Part 4"])
    assert ext["citation_validity"] == 1.0 and ext["reference"] == 1.0
    wrong = _score(text="See Part 2.", citations=["Part 2"], evidence_ids=None, valid_ids=None, reference_parts=["Part 4"])
    assert wrong["citation_validity"] == 0.0 and wrong["reference"] == -1.0


def test_consistency_and_stance() -> None:
    assert metrics.polarity("Yes, it does.") == "yes" and metrics.polarity("Uber does not sell data.") == "no"
    assert metrics.stance("anything", False) == "abstain"
    same = metrics.consistency([{"stance": "yes", "cited_ids": ["PP ¶1"]}, {"stance": "yes", "cited_ids": ["PP ¶1"]}], [UNIT, UNIT])
    assert same is not None and same["consistency"] == pytest.approx(1.0)
    diff = metrics.consistency([{"stance": "yes", "cited_ids": ["PP ¶1"]}, {"stance": "abstain", "cited_ids": []}], [UNIT, [0.0, 1.0] + [0.0] * 382])
    assert diff is not None and diff["stance_agreement"] == 0.0 and diff["citation_jaccard"] == 0.0
    assert metrics.consistency([{"stance": "yes", "cited_ids": []}], [UNIT]) is None


def test_vector_packing_roundtrip() -> None:
    v = metrics.unpack_vector(metrics.pack_vector(UNIT))
    assert v is not None and len(v) == 384 and abs(float(v[0]) - 1.0) < 1e-3


# --------------------------------------------------------------------------- judge


class FakeModel:
    """A judge model that returns canned outputs in turn."""

    def __init__(self, outputs: list[str], name: str = "fake-judge"):
        self.outputs = outputs
        self.calls = 0
        self.info = SimpleNamespace(name=name, n_ctx=2048)

    def complete_json(self, prompt: str, schema: dict[str, Any], max_tokens: int = 256, chat: bool | None = None) -> str:
        assert schema is SCHEMA and "Expert reference answer" in prompt
        out = self.outputs[min(self.calls, len(self.outputs) - 1)]
        self.calls += 1
        return out


GOOD = json.dumps({"relevance": 1, "accuracy": 0.5, "clarity": 1, "completeness": -1, "reference": 1, "reasons": "ok"})


def _judge(outputs: list[str]) -> tuple[Judge, FakeModel]:
    model = FakeModel(outputs)
    return Judge(model), model


def test_judge_valid_json() -> None:
    judge, model = _judge([GOOD])
    v = judge.score(document="the Uber policy", question="q", reference="r", addressed=True, answer="a", citations=["PP ¶1"])
    assert v.status == "ok" and v.m_all == pytest.approx(metrics.m_all([1, 0.5, 1, -1, 1])) and model.calls == 1
    assert judge.name == "judge:fake-judge"


@pytest.mark.parametrize("bad", ["not json at all", "{\"relevance\": 2}", json.dumps({"relevance": 1}), ""])
def test_judge_invalid_json_is_retried_once_then_recorded(bad: str) -> None:
    judge, model = _judge([bad])
    v = judge.score(document="d", question="q", reference="r", addressed=False, answer="a", citations=[])
    assert v.status == "judge_error" and v.m_all is None and v.error and model.calls == 2


def test_judge_retry_recovers() -> None:
    judge, model = _judge(["{broken", GOOD])
    assert judge.score(document="d", question="q", reference="r", addressed=True, answer="a", citations=[]).status == "ok"
    assert model.calls == 2


def test_parse_verdict_rejects_values_outside_the_scale() -> None:
    with pytest.raises(ValueError, match="not one of"):
        parse_verdict(json.dumps({"relevance": 1, "accuracy": 0, "clarity": 1, "completeness": 1, "reference": 1}))
    assert parse_verdict("noise " + GOOD + " trailing").status == "ok"


# --------------------------------------------------------------------------- storage


def test_results_db_roundtrip_and_resume_keys(tmp_path: Path) -> None:
    db = ResultsDB(tmp_path / "eval.db")
    rid = run_id_for("genaipabench", {"x": 1})
    assert rid == run_id_for("genaipabench", {"x": 1}) != run_id_for("genaipabench", {"x": 2})
    db.ensure_run(rid, "genaipabench", {"x": 1}, "embedded")
    aid = db.add_answer({"run_id": rid, "run_no": 1, "init": "pd", "policy": "uber", "question_id": "T_f1", "variant": "orig",
                         "category": "T", "question": "q", "text": "a", "answerable": True, "citations": [{"id": "PP ¶1"}],
                         "evidence": [], "timings": {"wall_s": 1.0}, "addressed": True})
    db.add_free_score(aid, {"m_all": 7.0, "band": "yellow", "details": {"cited_ids": ["PP ¶1"]}})
    db.add_judge_score(aid, "judge:x", {"status": "judge_error", "error": "invalid JSON"})
    db.add_judge_score(aid, "judge:x", {"status": "ok", "m_all": 9.1})
    db.close()
    db = ResultsDB(tmp_path / "eval.db")  # reopening applies no migration twice and keeps everything
    assert db.done_keys(rid) == {(1, "pd", "uber", "T_f1", "orig")}
    rows = db.answers(rid, Selection(policies=["uber"], inits=["pd"]))
    assert rows[0]["citations"] == [{"id": "PP ¶1"}] and rows[0]["answerable"] is True
    assert db.free_scores([aid])[aid]["m_all"] == 7.0
    assert [j["status"] for j in db.judge_scores([aid])[aid]] == ["ok"]
    assert db.answers(rid, Selection(policies=["airbnb"])) == []
    db.close()


# --------------------------------------------------------------------------- readers (bad inputs give clear errors)


def test_external_answers_from_csv_and_json(tmp_path: Path) -> None:
    csv_file = tmp_path / "Bard_answers.csv"
    csv_file.write_text("policy,question_id,answer\nUber,T_f1,\"Yes, see Part 1.\"\n", encoding="utf-8")
    answers = load_answers(csv_file)
    assert answers[0].system == "Bard" and answers[0].policy == "uber" and answers[0].section == "original"
    js = tmp_path / "answers.json"
    js.write_text(json.dumps([{"policy": "spotify", "question_id": "DM_u1", "answer": "Two years."}]), encoding="utf-8")
    assert load_answers(js)[0].question_id == "DM_u1"


@pytest.mark.parametrize("name,content,fragment", [
    ("a.csv", "policy,question_id\nuber,T_f1\n", "answers need columns"),
    ("b.csv", "policy,question_id,answer\nuber,T_f1,\"unterminated\n", "malformed CSV"),
    ("c.json", "{not json", "invalid JSON"),
    ("d.txt", "whatever", "unsupported answers format"),
])
def test_malformed_answers(tmp_path: Path, name: str, content: str, fragment: str) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=fragment):
        load_answers(path)


def test_missing_files() -> None:
    with pytest.raises(InputError, match="not found"):
        load_answers("/nonexistent/answers.xlsx")
    with pytest.raises(InputError, match="not found"):
        load_scores("/nonexistent/scores.csv")
    with pytest.raises(InputError, match="not found"):
        load_cases(Path("/nonexistent/cases__GDPR.dev.jsonl"))


@pytest.mark.parametrize("content,fragment", [
    ("Questions,Uber\nT_f1,eleven\n", "not a number"),
    ("Questions,Uber\nT_f1,42\n", "outside 1-10"),
    ("Questions,Nowhere\nT_f1,5\n", "no policy columns"),
    ("Name,Uber\nT_f1,5\n", "Questions"),
    ("Questions,Uber\nT_f1,5,7\n", "more fields"),
])
def test_malformed_scores(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "Results_orig.csv"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=fragment):
        read_scores(path)


@pytest.mark.skipif(not GENAIPA.is_dir(), reason="shared GenAIPABench data not available")
def test_upstream_results_and_workbooks_are_read() -> None:
    sets = load_scores(GENAIPA / "Results" / "Results_Bard" / "Results_orig.csv")
    assert sets[0].system == "Bard" and sets[0].section == "original" and len(sets[0].scores) == 160
    assert all(1.0 <= v <= 10.0 for v in sets[0].scores.values())
    regs = read_scores(GENAIPA / "Results" / "Results_BingAI" / "Results_regulations.csv")[0]
    assert regs.section == "regulations" and regs.scores[("ccpa", "PR_1")] == pytest.approx(metrics.m_all([1, 1, 1, 0.5, 0.5]))
    answers = load_answers(GENAIPA / "Generated Answers" / "Bard" / "Bard_user_generated.xlsx")
    sections = {a.section for a in answers}
    assert sections == {"original", "robust", "summary", "adaptive"}
    assert {a.policy for a in answers} == {"airbnb", "facebook", "spotify", "twitter", "uber"}  # sheet 'airbnd' too
    robust = [a for a in answers if a.section == "robust" and a.policy == "uber" and a.question_id == "CA_u1"]
    assert {a.variant for a in robust} == {"p1", "p2", "p3"}  # rows without a label continue the previous question


@pytest.mark.parametrize("line,fragment", [
    ("{broken", "invalid JSON"),
    (json.dumps({"norm_type": "maybe", "case_content": "x"}), "norm_type"),
    (json.dumps({"norm_type": "permit", "case_content": ""}), "empty case_content"),
])
def test_malformed_privaci_cases(tmp_path: Path, line: str, fragment: str) -> None:
    path = tmp_path / "cases__GDPR.dev.jsonl"
    path.write_text(json.dumps({"norm_type": "permit", "case_content": "ok"}) + "\n" + line + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=fragment):
        load_cases(path)


def test_classification_report() -> None:
    rep = classification_report(["permit", "prohibit", "prohibit", "not applicable"], ["permit", "prohibit", None, "prohibit"])
    assert rep["accuracy"] == 0.5 and rep["unparsed"] == 1
    assert rep["per_class"]["permit"]["f1"] == 1.0
    assert rep["per_class"]["prohibit"]["precision"] == 0.5 and rep["per_class"]["prohibit"]["recall"] == 0.5
    assert rep["confusion"]["prohibit"]["unparsed"] == 1 and rep["majority_label"] == "prohibit"


def test_a_wrong_verdict_is_an_inaccurate_answer() -> None:
    assert metrics.reference_verdict("No, Uber does not sell your data.") == "no"
    assert metrics.reference_verdict("Uber keeps data for 7 years.") is None
    assert metrics.verdict_agrees("yes", "No. The policy says it does not.") is False
    assert metrics.verdict_agrees("not_stated", "No.") is None
    right = _score(reference="No, they do not sell personal data.", text="No, they do not sell your data [PP ¶1].", verdict="no")
    wrong = _score(reference="No, they do not sell personal data.", text="Yes, they sell your data [PP ¶1].", verdict="yes")
    assert right["verdict_agrees"] is True and wrong["verdict_agrees"] is False
    assert wrong["accuracy"] == -1.0 and wrong["m_all"] < right["m_all"]
    # without a decided verdict (closed-book answers) the answer's opening words are read
    made_up = _score(reference="No, the policy does not say.", text="Yes, the data is encrypted.")
    assert made_up["verdict_agrees"] is False and made_up["accuracy"] == -1.0
    assert figures.aggregate([{"free": right}, {"free": wrong}])["verdict_agreement"] == 0.5
