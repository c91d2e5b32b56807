"""The question-reading benchmark (``bench intents``): real users' questions and published paraphrases, no model."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import SHARED_DATA, cli_error, run_cli

from assistant.core import drain
from eval.intents import SUITE, IntentSettings, load_privacyqa

PRIVACYQA = SHARED_DATA / "privacyqa" / "train_opp_annotations.csv"
HEADER = "Folder\tDocID\tQueryID\tSplit\tQuery\tfirst\tthird\tdatasecurity\tdataretention\tuser_access\tuser_choice\tother\n"


@pytest.mark.fast
def test_agreement_counted_by_hand(tmp_path: Path) -> None:
    csv = tmp_path / "qa.csv"
    csv.write_text(HEADER + "".join(f"f\tD\tD_{i}\ttrain\t{q}\t{flags}\n" for i, (q, flags) in enumerate([
        ("do you sell my data?", "0\t1\t0\t0\t0\t0\t0"),  # sell: third party sharing, agrees
        ("how long do you keep my data?", "0\t0\t0\t1\t0\t0\t0"),  # retain: data retention, agrees
        ("can i delete my account?", "0\t0\t1\t0\t0\t0\t0"),  # delete: user access, flagged security, another practice
        ("does the app run in the background?", "1\t0\t0\t0\t0\t0\t0"),  # no practice read
        ("do i need to pay", "0\t0\t0\t0\t0\t0\t1"),  # only "other": left out
    ])), encoding="utf-8")
    assert len(load_privacyqa(csv)) == 5
    result = drain(SUITE.run(None, IntentSettings(privacyqa=csv, paraphrases=False), None))
    assert result["n"] == 4
    assert (result["privacyqa_agreement"], result["privacyqa_no_practice"], result["privacyqa_other_practice"]) == (0.5, 0.25, 0.25)
    assert result["misread"] == [{"question": "can i delete my account?", "practice": "delete", "categories": ["datasecurity"]}]


@pytest.mark.fast
def test_bad_file_is_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli_error(["bench", "intents", "--privacyqa", str(tmp_path / "missing.csv")], capsys, "not found", "missing.csv")
    bad = tmp_path / "bad.csv"
    bad.write_text("text,label\n", encoding="utf-8")
    cli_error(["bench", "intents", "--privacyqa", str(bad)], capsys, "not a PrivacyQA annotation file")


@pytest.mark.fast
@pytest.mark.skipif(not PRIVACYQA.is_file(), reason="shared PrivacyQA data not available")
def test_bench_intents_on_privacyqa_and_the_paraphrases(tmp_path: Path) -> None:
    proc = run_cli(["-q", "bench", "intents", "--json"], tmp_path / "home")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["n"] == 1086 and result["paraphrase_questions"] == 32
    # measured 0.62 / 0.50 when written (0.52 / 0.41 before the reader was widened on these); a guard against regressions
    assert result["privacyqa_agreement"] >= 0.6 and result["paraphrase_agreement"] >= 0.45
