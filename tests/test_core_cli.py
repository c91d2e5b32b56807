"""The ``privacy-assistant`` CLI (``python -m assistant``) in real subprocesses, with JSON outputs checked."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from conftest import OPP115_DIR, POLICYQA_DEV, SAMPLE_DOCS, cli_env, needs_shared, run_cli

_MARKER = re.compile(r"\[([^\[\]]{1,40})\]")


def _show(home: Path) -> dict[str, Any]:
    proc = run_cli(["show", "--bundle", "brightcart", "--json"], home)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _section_ids(show: dict[str, Any]) -> set[str]:
    return {s["id"] for d in show["documents"] for s in d["sections"]}


def test_cli_ingest_json(cli_home: Any) -> None:
    result = cli_home.ingest
    assert result["bundle"] == "brightcart" and result["company"] == "BrightCart"
    assert sorted(result["added"]) == sorted(t for _, t, _ in SAMPLE_DOCS.values())
    assert result["updated"] == [] and result["unchanged"] == []
    assert result["sections"] > 0 and result["passages"] >= result["sections"] and result["links"] >= 3


def test_cli_list_json(cli_home: Any) -> None:
    (bundle,) = cli_home.listing
    assert bundle["name"] == "brightcart" and bundle["company"] == "BrightCart" and bundle["updated"]
    docs = {Path(d["source"]).name: d for d in bundle["documents"]}
    assert set(docs) == set(SAMPLE_DOCS)
    for name, (kind, title, abbrev) in SAMPLE_DOCS.items():
        assert (docs[name]["kind"], docs[name]["title"], docs[name]["abbrev"]) == (kind, title, abbrev)
        assert isinstance(docs[name]["id"], int)


def test_cli_list_text_and_console_script(cli_home: Any) -> None:
    script = Path(sys.executable).with_name("privacy-assistant")
    assert script.is_file(), "the console script is installed"
    proc = subprocess.run([str(script), "list"], env=cli_env(cli_home.home), capture_output=True, text=True,
                          timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("brightcart  (BrightCart, 4 documents")
    for _, title, abbrev in SAMPLE_DOCS.values():
        assert f"[{abbrev}] {title}" in proc.stdout


def test_cli_show_json_links_and_pages(cli_home: Any) -> None:
    show = _show(cli_home.home)
    assert show["bundle"] == "brightcart" and show["company"] == "BrightCart"
    docs = {Path(d["source"]).name: d for d in show["documents"]}
    ids = {d["id"]: Path(d["source"]).name for d in cli_home.listing[0]["documents"]}
    pp_links = docs["privacy-policy.html"]["links"]
    assert pp_links and all(link["document_id"] for link in pp_links)
    assert {"cookie-policy.md", "terms-of-use.txt", "california-notice.pdf"} <= {ids[link["document_id"]] for link in pp_links}
    assert "privacy-policy.html" in {ids[link["document_id"]] for link in docs["cookie-policy.md"]["links"]}
    rn = docs["california-notice.pdf"]["sections"]
    assert {s["page"] for s in rn} == {1, 2}
    assert all(s["page"] is None for s in docs["terms-of-use.txt"]["sections"])
    tou = [s["id"] for s in docs["terms-of-use.txt"]["sections"]]
    assert {f"TOU §{n}" for n in range(1, 14)} <= set(tou)
    all_ids = [s["id"] for d in show["documents"] for s in d["sections"]]
    assert len(all_ids) == len(set(all_ids)) == cli_home.ingest["sections"]
    assert all(s["words"] > 0 for d in show["documents"] for s in d["sections"])


def test_cli_ask_json_with_the_model(cli_home: Any) -> None:
    proc = run_cli(["ask", "--bundle", "brightcart", "How long is my data stored?", "--json"], cli_home.home)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    data = json.loads(proc.stdout)  # exactly one JSON object on stdout
    assert isinstance(data, dict)
    assert {"question", "answer", "answerable", "citations", "evidence", "model", "timings"} <= set(data)
    assert data["question"] == "How long is my data stored?" and data["answerable"] is True
    assert "embedded" in data["model"]
    assert {"retrieve_s", "first_token_s", "total_s"} <= set(data["timings"])
    assert all(isinstance(v, (int, float)) and v >= 0 for v in data["timings"].values())
    assert data["citations"]
    for c in data["citations"]:
        assert set(c) == {"id", "document", "heading", "text"} and c["text"]
    for e in data["evidence"]:
        assert set(e) == {"id", "document", "heading", "text", "score"} and isinstance(e["score"], (int, float))
    cited = {c["id"] for c in data["citations"]}
    assert cited <= {e["id"] for e in data["evidence"]}
    assert cited <= _section_ids(_show(cli_home.home))
    assert {m.strip() for m in _MARKER.findall(data["answer"])} == cited
    assert re.search(r"\b(\d+ (days|years)|as long as)\b", " ".join(c["text"] for c in data["citations"]))


def test_cli_ask_no_model_text_output(cli_home: Any) -> None:
    proc = run_cli(["ask", "--bundle", "brightcart", "--no-model", "How can I opt out of advertising cookies?"], cli_home.home)
    assert proc.returncode == 0, proc.stderr
    assert "extractive mode" in proc.stdout.lower()
    assert "\nSources:\n" in proc.stdout
    sources = re.findall(r"^  \[([^\]]+)\] (.+?) — ", proc.stdout, re.M)
    assert sources
    ids = _section_ids(_show(cli_home.home))
    assert all(cid in ids for cid, _ in sources)
    assert proc.stderr.strip().splitlines()[-1].startswith("(extractive (quoted); ")


def test_cli_search_json(cli_home: Any) -> None:
    proc = run_cli(["search", "--bundle", "brightcart", "cookies", "-k", "5", "--json"], cli_home.home)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["query"] == "cookies"
    assert len(data["results"]) == 5
    ids = _section_ids(_show(cli_home.home))
    for r in data["results"]:
        assert set(r) == {"id", "document", "heading", "text", "score"}
        assert r["id"] in ids
    assert any(r["document"] == "BrightCart Cookie Policy" for r in data["results"])
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)


def test_cli_model_status(cli_home: Any) -> None:
    proc = run_cli(["model", "--json"], cli_home.home)
    assert proc.returncode == 0, proc.stderr
    status = json.loads(proc.stdout)
    assert status["mode"] == "generative" and "embedded" in status["model"] and status["error"] is None
    assert isinstance(status["gpu_offload_available"], bool) and Path(status["path"]).is_file()


def test_cli_usage_error_is_not_a_traceback(cli_home: Any) -> None:
    proc = run_cli(["ask", "How long is my data stored?"], cli_home.home)  # --bundle is required
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr and "--bundle" in proc.stderr


@needs_shared
def test_cli_bench_policyqa(tmp_path: Path) -> None:
    proc = run_cli(["-q", "bench", "policyqa", "--data", str(POLICYQA_DEV), "--policies", str(OPP115_DIR),
                    "--limit", "15", "--json"], tmp_path / "bench-home")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["n"] == 15 and data["policies"] >= 1
    for key in ("evidence_recall_250w", "hit_at_1", "hit_at_3", "hit_at_5", "answer_in_document"):
        assert 0.0 <= data[key] <= 1.0, key
    assert data["hit_at_1"] <= data["hit_at_3"] <= data["hit_at_5"]
    assert 0 < data["mean_evidence_words"] <= 250
    assert data["settings"]["budget_words"] == 250
    # every question's gold answer is in its policy, and the evidence finds a fair share of them
    assert data["answer_in_document"] == 1.0
    assert data["evidence_recall_250w"] > 0.0 and data["hit_at_5"] > 0.0

