"""The report card: readability as GenAIPABench's Table 1 measures it, the legal checklist read by the verdict engine,
data practices per section, stored per bundle version, and its Markdown / HTML / JSON exports."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLE_DIR, cli_error, collect

from assistant import report, report_facts, report_facts_sharing
from assistant.models import Progress
from assistant.readability import measure, percentile, reference, syllables
from assistant.report_render import to_html, to_markdown


@pytest.mark.fast
def test_readability_counts_words_sentences_and_grade() -> None:
    r = measure("We collect your name. We share it with partners if you agree, or when the law requires it.")
    assert r.words == 18 and r.sentences == 2 and r.reading_minutes == round(18 / 200, 1)
    assert 0 < r.unique_words <= 1 and r.connective_words == round(2 / 18, 4)  # if, or
    assert measure("").words == 0
    assert syllables("information") == 4 and syllables("data") == 2 and syllables("the") == 1
    longer = measure("Notwithstanding the foregoing, personally identifiable information may be disclosed to affiliated organizations.")
    assert longer.grade > r.grade  # long words in a long sentence read harder


@pytest.mark.fast
def test_percentiles_place_a_value_among_the_opp115_policies() -> None:
    assert len(reference()) == 95
    assert percentile("grade", -100.0) == 0.0 and percentile("grade", 1000.0) == 100.0
    assert 0 < (percentile("words", 2500.0) or 0) < 100


@pytest.mark.fast
def test_the_checklist_keeps_the_upstream_ids_and_options() -> None:
    bank = report.questions()
    assert len(bank) == 64
    for probe in report.PROBES:
        labels = {o["label"] for o in bank[probe.qid]["options"]}
        assert set(probe.options.values()) <= labels and (not probe.partial or probe.partial in labels), probe.qid
        assert not probe.second or probe.both in labels
    facts = report_facts.FACTS + report_facts_sharing.FACTS
    assert len({f.qid for f in facts}) == len(facts)
    for fact in facts:  # the rules' options are upstream options too, and no question is read twice
        assert fact.qid in bank and fact.qid not in {p.qid for p in report.PROBES}


@pytest.fixture
def sample_copy(tmp_path: Path) -> Path:
    out = tmp_path / "brightcart"
    shutil.copytree(SAMPLE_DIR, out)
    return out


@pytest.mark.fast
def test_a_card_is_computed_once_per_version_and_exported(fake_assistant: Any, sample_copy: Path, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    a = fake_assistant()
    collect(a.ingest([str(sample_copy)]))
    events, card = collect(a.report("brightcart"))
    assert any(isinstance(e, Progress) for e in events)
    read = [p.qid for p in report.PROBES] + [f.qid for f in report_facts.FACTS + report_facts_sharing.FACTS]
    assert [r.qid for r in card.checklist] == read and len(card.not_assessed) == 64 - len(read)
    assert len(card.documents) == 4 and card.readability["words"] == sum(d.readability["words"] for d in card.documents)
    for row in card.checklist:
        assert row.stance and (not row.option or abs(sum(row.distribution.values()) - 1) < 0.02)
    # stored: the same card again, without recomputing
    events2, again = collect(a.report("brightcart"))
    assert events2 == [] and again.created == card.created and again.to_json() == card.to_json()
    # a changed document is a new version; the old card stays stored
    policy = sample_copy / "terms-of-use.txt"
    policy.write_text(policy.read_text(encoding="utf-8") + "\n\nThese Terms were updated in November.\n", encoding="utf-8")
    collect(a.ingest([str(sample_copy)]))
    _, new = collect(a.report("brightcart"))
    assert new.version != card.version
    bundle_id = a.bundle("brightcart").id
    assert {v["version"] for v in a.store.card_versions(bundle_id)} == {card.version, new.version}
    changes = a.report_changes("brightcart")
    assert [v["version"] for v in changes.versions] == [new.version, card.version]
    assert (changes.before, changes.after) == (card.version, new.version)
    [doc] = changes.documents  # the terms of use, its added paragraph shown beside what it replaced
    assert doc.title.endswith("Terms of Use") and any("updated in November" in added for _, added in doc.hunks)
    assert "## What changed" in changes.to_markdown() and "Before" in changes.to_html()
    md, page = to_markdown(new), to_html(new)
    assert "| E-4:" in md and "Reading level" in md
    assert page.startswith("<!doctype html>") and "<script" not in page and "E-4" in page
    # removing the bundle removes its cards and earlier versions
    a.remove_bundle("brightcart")
    assert a.store.card_versions(bundle_id) == [] and a.store.document_versions(bundle_id) == []


@pytest.mark.fast
def test_report_cli_refuses_an_unknown_export_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli_error(["--data-dir", str(tmp_path / "home"), "report", "--bundle", "x", "--out", str(tmp_path / "card.pdf")], capsys,
              ".md", ".html")


def test_the_sample_card_reads_the_terms_and_the_policy(assistant: Any, tmp_path: Path) -> None:
    """With the real embedder: the governing law and the courts come from the terms of use, encryption and the limits of
    deletion from the privacy policy; every section carries OPP-115 categories."""
    _, card = collect(assistant.report("brightcart", refresh=True))
    rows = {r.qid: r for r in card.checklist}
    assert rows["E-3"].option == "1" and any(q.cite_id.startswith("TOU") for q in rows["E-3"].quotes)
    assert rows["E-2"].option == "1" and any(q.cite_id.startswith("TOU") for q in rows["E-2"].quotes)
    assert rows["SE-8"].option == "1" and any("encrypt" in q.text.lower() for q in rows["SE-8"].quotes)
    assert rows["UC-4"].option == "1"  # partial: records are kept after deletion
    assert rows["N-1"].option == "1" and rows["N-1"].stance == "yes"
    assert rows["E-4"].option == "0"  # the sample has no arbitration clause
    assert rows["SE-3"].option == "1" and "required by law" in rows["SE-3"].quotes[0].text
    assert rows["UC-3"].option == "2"  # access and correct
    assert rows["N-2"].option == "1"  # pixels and local storage besides cookies
    assert rows["K-1"].option == "1" and rows["K-1"].quotes[0].cite_id.startswith("TOU")  # the terms name the privacy policy
    assert rows["CCPA-1"].option == "1" and rows["CCPA-1"].quotes[0].cite_id.startswith("RN")  # its own California notice
    assert rows["E-1"].option == "1" and "privacy@" in rows["E-1"].quotes[0].text
    assert len(card.checklist) == 64 and card.not_assessed == []
    cats = {p.category for p in card.practices}
    assert {"Data Retention", "Data Security", "Third Party Sharing/Collection"} <= cats
    assert card.section_labels and all(card.section_labels.values())
    out = tmp_path / "card.json"
    from assistant import cli

    assert cli.main(["-q", "--data-dir", str(assistant.home), "report", "--bundle", "brightcart", "--out", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["version"] == card.version


@pytest.mark.fast
def test_a_row_says_when_two_documents_disagree_or_the_reading_is_weak() -> None:
    from assistant.models import Answer, Finding, Verdict

    bank = report.questions()
    probe = next(p for p in report.PROBES if p.qid == "E-4")
    yes = Finding("Disputes are resolved by binding arbitration.", "TOU §11", 0, 0.8, "yes")
    no = Finding("We do not require arbitration of privacy disputes.", "PP §9", 1, 0.7, "no")
    answer = Answer("q", "", True, [], [], "m", verdict=Verdict("yes", "", [yes], [no], 0.8))
    row = report._row(probe, bank["E-4"], answer, {"TOU": "Terms of Use", "PP": "Privacy Policy"})
    assert row.option == "1" and row.note.startswith("the Terms of Use says yes [TOU §11], the Privacy Policy says no")
    weak = Answer("q", "", True, [], [], "m", verdict=Verdict("yes", "", [yes], [], 0.2))
    assert report._row(probe, bank["E-4"], weak).note.startswith("low confidence")


def _bundle(*docs: tuple[str, str]) -> Any:
    from assistant.models import Bundle, Document, Section

    out = Bundle(name="b", company="Acme")
    for i, (kind, text) in enumerate(docs):
        abbrev = {"privacy_policy": "PP", "terms_of_use": "TOU", "regional_notice": "RN"}[kind]
        doc = Document(title=kind, kind=kind, source="", text=text, abbrev=abbrev)
        doc.sections = [Section(cite_id=f"{abbrev} §{j + 1}", heading_path=[], text=para, start=0, end=len(para))
                        for j, para in enumerate(text.split("\n\n"))]
        out.documents.append(doc)
        assert i >= 0
    return out


@pytest.mark.fast
def test_rules_answer_the_questions_a_lawyer_settles_by_finding_a_statement() -> None:
    from assistant import report_facts as rf

    def answer(qid: str, bundle: Any) -> Any:
        fact = next(f for f in rf.FACTS if f.qid == qid)
        return fact.check(bundle, rf.sentences_of(bundle))

    policy = ("privacy_policy", "We collect your email address.\n\nWe may disclose information to law enforcement without notice to you.\n\n"
              "\"Affiliates\" means companies under common control with Acme.\n\nWe are a member of the TRUSTe privacy seal program.\n\n"
              "If you have questions about this policy, email us at privacy@acme.example.")
    terms = ("terms_of_use", "Your use of the Service is also governed by our Privacy Policy.")
    both = _bundle(policy, terms)
    assert answer("K-1", both).option == "1" and answer("K-1", both).quotes[0].cite_id == "TOU §1"
    assert answer("K-1", _bundle(policy)).option == "0" and "no terms of use" in answer("K-1", _bundle(policy)).note
    assert answer("SE-5", both).option == "0" and "without notice" in answer("SE-5", both).quotes[0].text
    assert answer("N-8", both).option == "1"
    assert answer("E-8", both).option == "1" and "TRUSTe" in answer("E-8", both).note
    assert answer("E-1", both).option == "1"
    assert answer("CCPA-1", both).option == "."  # no California section at all
    notice = ("regional_notice", "This notice for California residents supplements our privacy policy under the CCPA.")
    assert answer("CCPA-1", _bundle(policy, notice)).option == "1"
    assert answer("COVID-1", both).option == "0" and not answer("COVID-1", both).found
    assert answer("CCPA-8", both).option == "." and answer("GDPR-3", both).option == "."  # no California, no GDPR terms
    ca = _bundle(policy, ("regional_notice", "This section applies only to California residents.\n\nIn the past 12 months we have not "
                                            "sold personal information.\n\nTo make a request, call us toll-free at 1-800-555-0100 or "
                                            "email privacy@acme.example."))
    assert answer("CCPA-2", ca).option == "1" and answer("CCPA-8", ca).option == "1" and answer("CCPA-9", ca).option == "1"
    shares = _bundle(("privacy_policy", "We share usage data with Google Analytics to measure traffic.\n\nOur service providers "
                                        "are contractually obligated to keep your information confidential."))
    assert answer("N-7", shares).option == "1" and "Google Analytics" in answer("N-7", shares).note
    assert answer("N-7", _bundle(("privacy_policy", "We collect your email address.")) ).option == "DND"


@pytest.mark.fast
def test_the_card_states_the_confidence_measured_against_the_coders(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from assistant import report_calibration as rc
    from eval import card_coders

    rows = [{"site": s, "qid": "E-4", "option": "1", "confidence": 0.9, "agree": s != "c.com", "rule": False}
            for s in ("a.com", "b.com", "c.com", "d.com")]
    result = card_coders.scores(rows)
    assert result["agreement"] == 0.75 and result["per_question"]["E-4"] == {"n": 4, "agreement": 0.75}
    # the card's 0.9 against 3 of 4: (3 * 0.1² + 0.9²) / 4; leaving one site out, a.com is judged by b, c, d (2 of 3 agree ->
    # 3/5), c.com by three agreeing sites (4/5): (3 * 0.4² + 0.8²) / 4
    assert result["brier_card_confidence"] == 0.21 and result["brier_calibrated_leave_one_site_out"] == 0.28
    table = card_coders.calibration(rows, {"E-4": {"0": 0.2, "1": 0.7, "2": 0.1}})
    assert table["questions"]["E-4"]["confidence"] == round(4 / 6, 4) and table["questions"]["E-4"]["n"] == 4
    monkeypatch.setattr(rc, "_CALIBRATION_CACHE", {"table": table["questions"]})
    conf, dist = rc.calibrated("E-4", "1", 0.9, {}, ["0", "1", "2"])
    assert conf == 0.67 and dist["1"] == round(4 / 6, 3) and dist["0"] == round((1 - 4 / 6) * 2 / 3, 3) and dist["0"] > dist["2"]
    assert rc.calibrated("E-5", "1", 0.9, {"1": 0.9, "0": 0.1}, ["0", "1"]) == (0.9, {"1": 0.9, "0": 0.1})  # not calibrated: as it was
    # the coded sites are found among our policy files
    folder = tmp_path / "pol"
    folder.mkdir()
    for name in ("571_abita.com.html", "559_www.loc.gov.html", "Facebook_document.txt", "1_other.org.html"):
        (folder / name).write_text("x")
    found = card_coders.site_files({"abita.com", "loc.gov", "facebook.com", "nowhere.com"}, [folder])
    assert {s: f.name for s, f in found.items()} == {"abita.com": "571_abita.com.html", "loc.gov": "559_www.loc.gov.html",
                                                      "facebook.com": "Facebook_document.txt"}


@pytest.mark.fast
def test_rows_the_terms_usually_settle_say_when_the_bundle_has_no_terms(fake_assistant: Any, tmp_path: Path) -> None:
    a = fake_assistant()
    policy = next(p for p in SAMPLE_DIR.iterdir() if "privacy-policy" in p.name)
    collect(a.ingest([str(policy)], name="policy-only", company="BrightCart"))
    _, card = collect(a.report("policy-only"))
    rows = {r.qid: r for r in card.checklist}
    assert all(report.NO_TERMS in rows[q].note for q in report.TERMS_QUESTIONS)
    assert report.NO_TERMS not in rows["N-1"].note
