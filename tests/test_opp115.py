"""The OPP-115 category benchmark (``bench opp115``) and the multi-label classifier behind it (assistant.practices)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from conftest import SHARED_DATA, cli_error, needs_shared, run_cli
from fakes import FakeEmbedder

from assistant import practices
from assistant.core import drain
from eval.opp115 import SUITE, Opp115Settings, load_segments, scores

VALIDATION_CSV = SHARED_DATA / "opp115-majority" / "validation_dataset.csv"


@pytest.mark.fast
def test_f1_arithmetic_by_hand() -> None:
    gold = [{"A"}, {"A", "B"}, {"B"}, {"C"}]
    pred = [["A"], ["A"], ["A", "B"], ["C"]]
    s = scores(gold, pred, ["A", "B", "C", "D"])
    a, b, c, d = (s["per_category"][k] for k in "ABCD")
    # A: tp 2, fp 1, fn 0; B: tp 1, fp 0, fn 1; C: tp 1; D: neither gold nor predicted (left out of the macro average)
    assert (a["precision"], a["recall"], a["f1"], a["support"]) == (0.6667, 1.0, 0.8, 2)
    assert (b["precision"], b["recall"], b["f1"], b["support"]) == (1.0, 0.5, 0.6667, 2)
    assert c["f1"] == 1.0 and d["f1"] is None and d["support"] == 0
    assert s["macro_f1"] == round((0.8 + 2 / 3 + 1.0) / 3, 4)  # 0.8222
    assert s["micro_f1"] == 0.8  # tp 4, fp 1, fn 1: 8 / 10
    assert s["categories_in_macro"] == 3


def _csv(tmp_path: Path, rows: list[tuple[str, str]]) -> Path:
    import csv

    path = tmp_path / "tiny.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


@pytest.mark.fast
def test_suite_groups_segments_and_scores_its_predictions(tmp_path: Path) -> None:
    path = _csv(tmp_path, [
        ("We share your email address with advertising partners.", "Third Party Sharing/Collection"),
        ("We share your email address with advertising partners.", "First Party Collection/Use"),
        ("We keep your data for two years.", "Data Retention"),
        ("Contact privacy@example.com with questions.", "Privacy contact information"),
    ])
    texts, gold = load_segments(path)
    assert len(texts) == 3 and gold[0] == {"Third Party Sharing/Collection", "First Party Collection/Use"}
    result: dict[str, Any] = drain(SUITE.run(SimpleNamespace(embedder=FakeEmbedder()), Opp115Settings(str(path)), None))
    assert result["status"] == "complete" and result["n"] == 3 and result["rows"] == 4
    preds = [p["pred"] for p in result["predictions"]]
    assert all(p and set(p) <= set(practices.category_names()) for p in preds)
    again = scores(gold, preds, practices.category_names())
    assert (result["macro_f1"], result["micro_f1"]) == (again["macro_f1"], again["micro_f1"])
    assert result["per_category"]["Data Retention"]["support"] == 1
    assert result["paper"]["models"]["PrivBERT"]["macro_f1"] == 82.1
    files = SUITE.write_report(None, result, tmp_path / "report")  # type: ignore[misc]
    assert "PrivBERT" in (tmp_path / "report" / "report.md").read_text(encoding="utf-8") and len(files) == 3


@pytest.mark.fast
def test_bad_csv_is_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli_error(["bench", "opp115", "--data", str(tmp_path / "missing.csv")], capsys, "not found", "missing.csv")
    bad = tmp_path / "bad.csv"
    bad.write_text("text,label,extra\n", encoding="utf-8")
    cli_error(["bench", "opp115", "--data", str(bad)], capsys, "bad.csv:1", "two columns")
    empty = tmp_path / "empty.csv"
    empty.write_text("\n", encoding="utf-8")
    cli_error(["bench", "opp115", "--data", str(empty)], capsys, "no segments")
    unknown = _csv(tmp_path, [("Some text.", "Not a category")])
    with pytest.raises(Exception, match="does not know: Not a category"):
        drain(SUITE.run(SimpleNamespace(embedder=FakeEmbedder()), Opp115Settings(str(unknown)), None))


@pytest.mark.fast
def test_probabilities_contract_and_labels() -> None:
    rng = np.random.default_rng(0)
    vecs = rng.normal(size=(5, 384)).astype("float32")
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    p = practices.probabilities(vecs)
    names = practices.category_names()
    assert p is not None and p.shape == (5, len(names)) == (5, 12)
    assert names == sorted(names) and ((p >= 0) & (p <= 1)).all()
    assert practices.probabilities(vecs[0]).shape == (1, 12)  # one vector (a question) is one row
    labs = practices.labels(vecs)
    assert len(labs) == 5 and all(row and set(row) <= set(names) for row in labs)
    texts = ["We use cookies to remember you."] * 5
    tl = practices.text_labels(texts, vecs)
    assert len(tl) == 5 and all(row and set(row) <= set(names) for row in tl)
    info = practices.model_info()
    assert info["cv"]["texts"]["macro_f1"] > 0.7 and "validation split held out" in info["trained_on"]


@needs_shared
@pytest.mark.skipif(not VALIDATION_CSV.is_file(), reason="the OPP-115 majority validation split is not in ../shared")
def test_bench_opp115_on_the_validation_split(tmp_path: Path) -> None:
    proc = run_cli(["-q", "bench", "opp115", "--data", str(VALIDATION_CSV), "--json"], tmp_path / "home")
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["n"] == 550 and len(result["per_category"]) == 12
    # measured 0.732 / 0.773 when the weights were trained (train split only); a guard against regressions
    assert result["macro_f1"] >= 0.70 and result["micro_f1"] >= 0.75
    assert result["vectors_only"]["macro_f1"] >= 0.65
    assert "predictions" not in result
