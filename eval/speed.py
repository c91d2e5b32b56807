"""Speed and memory benchmark: ingest a 10,000-word policy, retrieval latency, answer latency, resident memory.

Prints the figures and saves them as JSON and Markdown under the report folder.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from assistant import answering
from assistant.core import Assistant, drain
from assistant.llm import LocalModel
from assistant.models import Progress
from assistant.paths import sample_bundle_dir

from .datasets import find_genaipabench, policies_dir
from .stats import percentile
from .suite import Suite

QUESTIONS = [
    "How long is my data stored?",
    "Do you sell my personal information?",
    "How can I delete my account?",
    "Is my data encrypted?",
    "What data do you collect about me?",
    "Do you share my data with advertisers?",
    "How will I know if the policy changes?",
    "Can I opt out of marketing emails?",
    "Do you use cookies for advertising?",
    "Is the service meant for children?",
    "Where is my data transferred?",
    "How can I contact you about privacy?",
]


def ten_thousand_words(out: Path) -> Path:
    """A 10,000-word policy: the sample's privacy policy text, then GenAIPABench policies, cut at 10,000 words."""
    words: list[str] = []
    root = find_genaipabench()
    for name in ("Uber_document.txt", "Spotify_document.txt", "Airbnb_document.txt"):
        p = policies_dir(root) / name if root is not None else None
        if p is not None and p.is_file():
            words.extend(p.read_text(encoding="utf-8", errors="ignore").split())
    if len(words) < 10_000:
        text = (sample_bundle_dir() / "terms-of-use.txt").read_text(encoding="utf-8")
        while len(words) < 10_000:
            words.extend(text.split())
    out.write_text(" ".join(words[:10_000]), encoding="utf-8")
    return out


def rss_mb() -> float:
    """Peak resident memory of this process in MB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def prompt_rate(model: LocalModel, prompt: str, repeats: int = 3) -> float:
    """Prompt-reading speed of the model on this machine (tokens/s, best of ``repeats``), cache cleared each time."""
    llm = model.load()
    tokens = llm.tokenize(prompt.encode("utf-8"), special=True)
    best = 0.0
    for _ in range(repeats):
        llm.reset()
        t0 = time.perf_counter()
        llm.eval(tokens)
        best = max(best, len(tokens) / (time.perf_counter() - t0))
    llm.reset()  # the next answer re-reads the few-shot head
    return best


def run(questions: int = 12) -> dict[str, Any]:
    """Measure everything; returns a JSON-able dict."""
    tmp = Path(tempfile.mkdtemp(prefix="pa-speed-"))
    policy = ten_thousand_words(tmp / "policy-10k.txt")
    result: dict[str, Any] = {"machine": {"python": platform.python_version(), "cpu": platform.processor() or platform.machine(),
                                          "cores": __import__("os").cpu_count()}}
    # cold: a fresh process ingesting the policy (includes interpreter start and model loading)
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "assistant", "-q", "--data-dir", str(tmp / "cold"), "ingest", str(policy),
                           "--name", "speed", "--company", "Speed Test"], capture_output=True, text=True)
    result["ingest_10k_cold_s"] = round(time.perf_counter() - t0, 2)
    result["ingest_10k_cold_ok"] = proc.returncode == 0
    a = Assistant(home=tmp / "warm")
    t0 = time.perf_counter()
    a.embedder.model  # noqa: B018
    result["embedder_load_s"] = round(time.perf_counter() - t0, 2)
    t0 = time.perf_counter()
    ingest_result = drain(a.ingest([str(policy)], name="speed", company="Speed Test"))
    result["ingest_10k_warm_s"] = round(time.perf_counter() - t0, 2)
    result["ingest_10k_passages"] = ingest_result.passages
    drain(a.ingest([str(sample_bundle_dir())]))
    t0 = time.perf_counter()
    model = a.model()
    result["model_load_s"] = round(time.perf_counter() - t0, 2)
    result["model"] = model.info.name if model else None
    qs = (QUESTIONS * 3)[:questions]
    retrieve = []
    for q in qs:
        t0 = time.perf_counter()
        a.retrieve("brightcart", q)
        retrieve.append(time.perf_counter() - t0)
    drain(a.ask("brightcart", qs[0]))  # warm-up
    first, total, answered, new_tokens = [], [], 0, []
    head = model.count_tokens(answering.FEW_SHOT) if model else 0
    for q in qs:
        ans = drain(a.ask("brightcart", q))
        if ans.mode != "abstain":
            answered += 1
            first.append(ans.timings.get("first_token_s", 0.0))
            if model:
                new_tokens.append(model.count_tokens(answering.build_prompt(q, ans.evidence, "BrightCart")) - head)
        total.append(ans.timings.get("total_s", 0.0))
    if model:
        # what the first-token time rests on: the tokens each question adds after the cached few-shot head,
        # and how fast this machine reads a prompt right now (it varies a lot on shared VMs)
        result["prompt_new_tokens_p50"] = round(percentile([float(n) for n in new_tokens], 0.5))
        result["prompt_tokens_per_s"] = round(prompt_rate(model, answering.build_prompt(qs[0], a.retrieve("brightcart", qs[0]), "BrightCart")))
    result.update({
        "questions": len(qs),
        "answered_with_model_or_quotes": answered,
        "retrieve_ms_p50": round(percentile(retrieve, 0.5) * 1000, 1),
        "retrieve_ms_p95": round(percentile(retrieve, 0.95) * 1000, 1),
        "first_token_s_p50": round(percentile(first, 0.5), 2),
        "first_token_s_p95": round(percentile(first, 0.95), 2),
        "answer_total_s_p50": round(percentile(total, 0.5), 2),
        "answer_total_s_p95": round(percentile(total, 0.95), 2),
        "answer_total_s_mean": round(statistics.mean(total), 2) if total else 0.0,
        "peak_rss_mb": round(rss_mb(), 1),
    })
    result["targets"] = {
        "ingest_10k_warm_s <= 10": result["ingest_10k_warm_s"] <= 10,
        "retrieve_ms_p50 <= 100": result["retrieve_ms_p50"] <= 100,
        "first_token_s_p50 <= 1.5": result["first_token_s_p50"] <= 1.5,
        "answer_total_s_p50 <= 6": result["answer_total_s_p50"] <= 6,
        "peak_rss_mb < 1536": result["peak_rss_mb"] < 1536,
    }
    a.close()
    return result


def to_markdown(r: dict[str, Any]) -> str:
    lines = ["# Speed and memory", "", f"Machine: {r['machine']}; model: {r.get('model')}", "", "| measure | value |", "|---|---|"]
    for k, v in r.items():
        if k not in ("machine", "targets", "model"):
            lines.append(f"| {k} | {v} |")
    lines += ["", "| target | met |", "|---|---|"] + [f"| {k} | {'yes' if v else 'no'} |" for k, v in r["targets"].items()]
    return "\n".join(lines) + "\n"


@dataclass
class SpeedSettings:
    """How many questions to time."""

    questions: int = 12


def write_report(_a: Any, r: dict[str, Any], out: Path) -> list[Path]:
    """speed.json (the latest), speed-<stamp>.json and speed.md."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    files = [out / "speed.json", out / f"speed-{stamp}.json", out / "speed.md"]
    files[0].write_text(json.dumps(r, indent=2))
    files[1].write_text(json.dumps(r, indent=2))
    files[2].write_text(to_markdown(r))
    return files


def run_settings(_a: Any, st: SpeedSettings, cancel: threading.Event | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """The suite's runner; it makes its own assistants in a temporary folder (a cold and a warm one)."""
    yield from ()  # nothing to report along the way: the figures are the result
    return run(questions=st.questions)


def add_arguments(s: argparse.ArgumentParser) -> None:
    s.add_argument("--report", default="reports/speed", help="folder for the saved figures")
    s.add_argument("--questions", type=int, default=12)
    s.add_argument("--json", action="store_true")


def print_result(args: argparse.Namespace, r: dict[str, Any]) -> None:
    report = r.pop("report", None)
    if args.json:
        print(json.dumps(r, indent=2))
    else:
        print(to_markdown(r))
        print(f"saved to {report['dir'] if report else args.report}/speed.json and speed.md")


SUITE = Suite(
    name="speed", title="Speed and memory on this machine", help="ingest, retrieval and answer latency and memory on this machine",
    settings=SpeedSettings, run=run_settings, add_arguments=add_arguments, from_args=lambda args: SpeedSettings(args.questions),
    summary=lambda r: {k: v for k, v in r.items() if k not in ("machine", "targets")}, write_report=write_report,
    print_result=print_result, form="", uses_assistant=False,
)
