"""``privacy-assistant selftest``: the installation check the packaged app runs after it is built (real model, real
embedder, the sample bundle, the window offscreen), and the rules it judges the retention answer by."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from conftest import run_cli

from assistant.selftest import answer_problems

SECTION = "We keep your account information for as long as your account is open. Server logs are kept for 90 days and then deleted."


def _answer(text: str, cites: list[tuple[str, str]], status: str = "answered", stance: str = "answered") -> SimpleNamespace:
    return SimpleNamespace(text=text, status=status, stance=stance,
                           citations=[SimpleNamespace(cite_id=c, text=t) for c, t in cites])


@pytest.mark.fast
def test_the_retention_answer_is_judged_by_its_verdict_period_and_quotes() -> None:
    sections = {"PP §4": SECTION}
    good = _answer("Server logs are kept for 90 days [PP §4].", [("PP §4", "as long as your account is open. … kept for 90 days and then deleted.")])
    assert answer_problems(good, sections) == []
    assert "status 'silent'" in answer_problems(_answer("The documents do not say.", [], status="silent", stance="not_stated"), sections)[0]
    assert any("no retention period" in p for p in answer_problems(_answer("They keep it [PP §4].", [("PP §4", "kept")]), sections))
    assert any("does not quote" in p for p in answer_problems(_answer("Kept 90 days [PP §4].", [("PP §4", "kept for 9 years")]), sections))
    assert any("no section" in p for p in answer_problems(_answer("Kept 90 days [PP §9].", [("PP §9", "kept")]), sections))
    assert any("verdict 'no'" in p for p in answer_problems(_answer("No, 90 days [PP §4].", [("PP §4", "kept for 90 days")], stance="no"), sections))


def test_selftest_passes_on_this_installation_and_leaves_the_data_folder_alone(tmp_path: Path) -> None:
    home = tmp_path / "users-home"  # the user's data folder: the self-test must not write there
    proc = run_cli(["selftest", "--json"], home, QT_QPA_PLATFORM="offscreen")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert out["passed"] is True
    assert [c["name"] for c in out["checks"]] == ["model", "embedder", "ingest", "answer", "window"]
    assert all(c["ok"] for c in out["checks"]), out
    assert "PP §" in next(c for c in out["checks"] if c["name"] == "answer")["detail"]
    assert not home.exists()


def test_selftest_says_what_failed(tmp_path: Path) -> None:
    broken = tmp_path / "broken.gguf"
    broken.write_bytes(b"GGUF" + b"\0" * 64)  # a truncated model file
    proc = run_cli(["--model", str(broken), "selftest", "--no-window"], tmp_path / "home")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stdout.splitlines()[0].startswith("FAIL model:")
    assert "selftest FAILED: model" in proc.stdout and "Traceback" not in proc.stdout + proc.stderr
    kept = tmp_path / "kept"
    proc = run_cli(["selftest", "--no-window", "--no-model", "--keep", str(kept)], tmp_path / "home")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "selftest passed: 3 checks" in proc.stdout and any(kept.iterdir())  # --keep: the folder it used is left for a look
