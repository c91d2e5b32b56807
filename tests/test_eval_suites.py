"""The evaluation suites end to end with the real embedded model and embedder (slow, ~4-5 minutes on 2 cores).

One data dir serves the module: the CLI replay ingests the Uber policy into it, and the in-process tests reuse
that bundle and the stored answers (resume, judges, reports), then PrivaCI, the regulations and bad inputs.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from assistant.models import Progress

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared" / "data"
GENAIPA = SHARED / "genaipabench"
PRIVACI = SHARED / "privaci-bench"
PNGS = ("boxplot_m_all.png", "heatmap_category_metric.png", "paraphrase_consistency.png", "comparison_bard_bing.png")

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not GENAIPA.is_dir(), reason="shared GenAIPABench data not available")]


def _cli(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("PRIVACY_ASSISTANT_MODEL", None)
    env.pop("PRIVACY_ASSISTANT_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "assistant", "--data-dir", str(home), *args], cwd=str(REPO), env=env,
                          capture_output=True, text=True, timeout=900, check=False)


def _one_line_error(proc: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert proc.returncode != 0, proc.stdout
    assert "Traceback" not in proc.stderr, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and not lines[0].startswith("error: unexpected"), proc.stderr
    for f in fragments:
        assert f.lower() in lines[0].lower(), lines[0]


def _count(db: Path, sql: str) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute(sql).fetchone()[0])


class FakeModel:
    def __init__(self, output: str, name: str):
        self.output = output
        self.calls = 0
        self.info = SimpleNamespace(name=name, n_ctx=2048)

    def complete_json(self, prompt: str, schema: dict[str, Any], max_tokens: int = 256, chat: bool | None = None) -> str:
        self.calls += 1
        return self.output


GOOD = json.dumps({"relevance": 1, "accuracy": 0.5, "clarity": 1, "completeness": 0.5, "reference": -1, "reasons": "fine"})


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("eval-home")


@pytest.fixture(scope="module")
def cli_replay(home: Path) -> SimpleNamespace:
    """``bench genaipabench --policy uber --limit 8 --init pd --report DIR --json`` in a subprocess."""
    report = home / "rep"
    proc = subprocess.run(
        [sys.executable, "-m", "assistant", "--data-dir", str(home), "bench", "genaipabench", "--policy", "uber", "--limit", "8",
         "--init", "pd", "--report", str(report), "--json"],
        cwd=str(REPO), capture_output=True, text=True, timeout=900, check=False,
        env={k: v for k, v in os.environ.items() if k not in ("PRIVACY_ASSISTANT_MODEL", "PRIVACY_ASSISTANT_DEBUG")},
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    return SimpleNamespace(proc=proc, result=json.loads(proc.stdout), report=report)


@pytest.fixture(scope="module")
def assistant(cli_replay: SimpleNamespace, home: Path) -> Any:
    from assistant.config import Settings
    from assistant.core import Assistant

    a = Assistant(home=home, settings=Settings())
    yield a
    a.close()


def _replay(a: Any, seed: int, limit: int, judge: Any = None, cancel_after: int | None = None) -> tuple[dict[str, Any], list[Any]]:
    from assistant.core import drain
    from eval.genaipabench import ReplayConfig, replay

    events: list[Any] = []
    cancel = threading.Event()

    def on_event(e: Any) -> None:
        events.append(e)
        if cancel_after is not None and isinstance(e, Progress) and e.stage == "answer" and e.done == cancel_after:
            cancel.set()

    cfg = ReplayConfig(policies=["uber"], inits=["pd"], limit=limit, seed=seed)
    return drain(replay(a, cfg, judge, cancel), on_event), events


# --------------------------------------------------------------------------- GenAIPABench replay


def test_cli_limited_replay_has_real_scores_and_a_report(cli_replay: SimpleNamespace) -> None:
    r = cli_replay.result
    assert r["suite"] == "genaipabench" and r["status"] == "complete" and r["n"] == 8
    assert r["settings"]["policies"] == ["uber"] and r["settings"]["inits"] == ["pd"] and r["settings"]["limit"] == 8
    assert 1.0 <= r["proxy_m_all"] <= 10.0 and r["proxy_band"] in ("green", "yellow", "red")
    for key in ("citation_validity", "abstention_accuracy", "similarity", "qa_similarity", "answers_per_minute"):
        assert isinstance(r[key], float), key
    assert 0.0 <= r["citation_validity"] <= 1.0 and r["answers_per_minute"] > 0
    assert set(r["by_init"]) == {"pd"} and len(r["by_category"]) == 8  # --limit spreads over the 8 categories
    assert r["judge"] is None and "proxy" in r["scorers"]
    files = {Path(f).name for f in r["report"]["files"]}
    assert {"report.md", "answers.csv", *PNGS} <= files
    for png in PNGS:
        data = (cli_replay.report / png).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000, png
    md = (cli_replay.report / "report.md").read_text(encoding="utf-8")
    assert "Who scored what" in md and "proxy" in md and "Green" in md and "Bard" in md
    lines = (cli_replay.report / "answers.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("run_id,") and "proxy_m_all" in lines[0]
    db = cli_replay.report.parent / "eval.db"
    assert _count(db, "select count(*) from answers") == 8 == _count(db, "select count(*) from free_scores")
    assert "ETA" in cli_replay.proc.stderr


def test_replay_resumes_after_cancel(assistant: Any) -> None:
    first, _ = _replay(assistant, seed=7, limit=3, cancel_after=1)
    assert first["status"] == "cancelled" and first["n"] == 1
    second, events = _replay(assistant, seed=7, limit=3)
    assert second["status"] == "complete" and second["n"] == 3 and second["run_id"] == first["run_id"]
    assert any(isinstance(e, Progress) and e.stage == "resume" and "1 of 3" in e.message for e in events)
    assert second["speed"]["session"]["asked"] == 2 and second["speed"]["session"]["skipped"] == 1
    third, _ = _replay(assistant, seed=7, limit=3)
    assert third["speed"]["session"]["asked"] == 0 and third["n"] == 3


def test_embedded_judge_runs_and_is_labelled_untrustworthy(assistant: Any) -> None:
    from eval.judge import load_judge

    judge = load_judge("embedded", assistant)
    assert judge is not None
    result, _ = _replay(assistant, seed=7, limit=2, judge=judge)
    entry = result["judges"][judge.name]
    assert entry["n"] == 2 and entry["ok"] + entry["errors"] == 2  # judge_error records are stored, not raised
    assert result["judge"] == judge.name and "NOT trustworthy" in result["scorers"][judge.name]
    assert result["judge_scores_per_minute"] is None or result["judge_scores_per_minute"] > 0


def test_judge_returning_invalid_json_keeps_everything(assistant: Any, home: Path) -> None:
    from eval.judge import Judge

    db = home / "eval.db"
    before = _count(db, "select count(*) from answers"), _count(db, "select count(*) from free_scores")
    model = FakeModel("this is not JSON", "fake-bad")
    result, _ = _replay(assistant, seed=7, limit=2, judge=Judge(model))
    assert result["status"] == "complete" and result["judges"]["judge:fake-bad"]["errors"] == 2 and model.calls == 4
    assert result["judge_m_all"] is None and isinstance(result["proxy_m_all"], float)
    assert (_count(db, "select count(*) from answers"), _count(db, "select count(*) from free_scores")) == before
    assert _count(db, "select count(*) from judge_scores where status = 'judge_error' and judge = 'judge:fake-bad'") == 2


def test_report_rebuilds_from_stored_results(assistant: Any, home: Path, tmp_path: Path) -> None:
    from eval.report import build_report

    result, _ = _replay(assistant, seed=7, limit=3)
    files = build_report(result["run_id"], tmp_path / "again", db_path=home / "eval.db")
    names = {f.name for f in files}
    assert {"report.md", "answers.csv", *PNGS} <= names
    md = (tmp_path / "again" / "report.md").read_text(encoding="utf-8")
    assert "judge:fake-bad" in md and "NOT trustworthy" in md


# --------------------------------------------------------------------------- agreement with the analysts


def test_human_agreement_on_a_few_rows(assistant: Any, home: Path, tmp_path: Path) -> None:
    from assistant.core import drain
    from eval import human
    from eval.judge import Judge
    from eval.report import build_report

    answers = GENAIPA / "Generated Answers" / "Bard" / "Bard_FAQ.xlsx"
    scores = GENAIPA / "Results" / "Results_Bard" / "Results_orig.csv"
    judge = Judge(FakeModel(GOOD, "fake-good"))
    r = drain(human.run(assistant, answers, scores, judge=judge, limit=6, policies=["uber"]))
    assert r["suite"] == "genaipabench-human" and r["n"] == 6 and r["answers"] == 6
    assert r["proxy"]["n"] == 6 and r["proxy"]["mae"] is not None and 0 <= r["proxy"]["mae"] <= 9
    assert set(r["proxy_by_set"]) == {"Bard:original"}
    fake = r["judges"]["judge:fake-good"]
    assert fake["n"] == 6 and fake["errors"] == 0
    assert fake["ours_mean"] == pytest.approx(7.3)  # m_all(1, .5, 1, .5, -1)
    assert all("human" in p and "proxy" in p for p in r["pairs"])
    files = build_report(r["run_id"], tmp_path / "human", db_path=home / "eval.db")
    assert (tmp_path / "human" / "human_agreement.png").is_file() and any(f.name == "agreement.json" for f in files)


# --------------------------------------------------------------------------- PrivaCI and regulations


@pytest.mark.skipif(not PRIVACI.is_dir(), reason="shared PrivaCI-Bench data not available")
def test_privaci_dev_split_limit_20(assistant: Any) -> None:
    from assistant.core import drain
    from eval import privaci

    r = drain(privaci.run(assistant, PRIVACI / "cases__GDPR.dev.jsonl", "direct", limit=20))
    assert r["suite"] == "privaci" and r["n"] == 20 and r["domain"] == "GDPR" and r["status"] == "complete"
    assert 0.0 <= r["accuracy"] <= 1.0 and 0.0 <= r["majority_baseline"] <= 1.0 and r["unparsed"] == 0
    assert set(r["per_class"]) == {"permit", "prohibit", "not applicable"}
    assert sum(sum(row.values()) for row in r["confusion"].values()) == 20
    assert r["paper"]["accuracy"]["GPT-4o-mini"]["DP"] == pytest.approx(92.03)
    again = drain(privaci.run(assistant, PRIVACI / "cases__GDPR.dev.jsonl", "direct", limit=20))
    assert again["speed"]["session_cases"] == 0 and again["accuracy"] == r["accuracy"]  # resumed from storage


def test_regulations_limit_2(assistant: Any) -> None:
    from assistant.core import drain
    from eval import regulations

    r = drain(regulations.run(assistant, ["gdpr"], ["pd"], limit=2))
    assert r["suite"] == "regulations" and r["n"] == 2 and r["status"] == "complete"
    assert set(r["by_policy"]) == {"gdpr"} and isinstance(r["proxy_m_all"], float)
    from eval.results import ResultsDB

    db = ResultsDB.for_home(assistant.home)
    try:
        cites = [c["id"] for row in db.answers(r["run_id"]) for c in row["citations"]]
    finally:
        db.close()
    assert all(c.startswith("GDPR ") for c in cites)
    if cites:
        assert r["article_citation_rate"] is not None and r["article_citation_rate"] > 0.5


# --------------------------------------------------------------------------- bad inputs


def test_bad_inputs_give_one_line_errors_and_keep_results(cli_replay: SimpleNamespace, home: Path, tmp_path: Path) -> None:
    db = home / "eval.db"
    before = _count(db, "select count(*) from answers")
    bad_scores = tmp_path / "Results_orig.csv"
    bad_scores.write_text("Questions,Uber\nT_f1,\"unterminated\n", encoding="utf-8")
    bad_cases = tmp_path / "cases__GDPR.dev.jsonl"
    bad_cases.write_text('{"norm_type": "permit", "case_content": "ok"}\n{oops\n', encoding="utf-8")
    answers = str(GENAIPA / "Generated Answers" / "Bard" / "Bard_FAQ.xlsx")
    checks = [
        (["bench", "genaipabench", "--policy", "nosuchco", "--limit", "1"], ("unknown policy", "nosuchco")),
        (["bench", "genaipabench", "--init", "pd,bogus"], ("unknown initialization",)),
        (["bench", "genaipabench", "--answers", str(tmp_path / "missing.xlsx"), "--scores", str(bad_scores)], ("not found",)),
        (["bench", "genaipabench", "--answers", answers, "--scores", str(bad_scores)], ("malformed csv",)),
        (["bench", "genaipabench", "--answers", answers], ("--scores",)),
        (["bench", "privaci", "--data", str(bad_cases)], ("invalid JSON",)),
        (["bench", "privaci", "--data", str(tmp_path / "nope.jsonl")], ("not found",)),
        (["bench", "genaipabench", "--policy", "uber", "--limit", "0"], ("--limit",)),
        (["bench", "genaipabench", "--policy", "uber", "--judge-model", str(tmp_path / "judge.gguf"), "--limit", "1", "--init", "pd"],
         ("judge model not found",)),
    ]
    for args, fragments in checks:
        _one_line_error(_cli(args, home), *fragments)
    assert _count(db, "select count(*) from answers") == before
