"""Size and cold start of a built app (``python packaging/measure.py``; run by ``make package``), printed and saved
to ``dist/package-measure.json``.

Cold start to first answer: a fresh process of the built app answering the retention question of the sample bundle
(already ingested, so the time is start-up, model and embedder load, retrieval and the answer), median of three runs,
next to the same with the app run from source. The VM is noisy: compare the two as a ratio within one run.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
APP = DIST / "privacy-assistant" / "privacy-assistant"
QUESTION = "How long is my data stored?"


def _size(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _cold(cmd: list[str], home: Path, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([*cmd, "--data-dir", str(home), "-q", "ask", "--bundle", "brightcart", QUESTION], check=True, capture_output=True, text=True)
        times.append(time.perf_counter() - t0)
    return round(statistics.median(times), 2)


def main() -> dict[str, object]:
    if not APP.is_file():
        raise SystemExit(f"no built app at {APP}: run make package")
    out: dict[str, object] = {"app_folder_mb": round(_size(APP.parent) / 1e6, 1)}
    for pattern, key in (("*.tar.gz", "tar_gz_mb"), ("*.AppImage", "appimage_mb")):
        files = sorted(DIST.glob(pattern))
        if files:
            out[key] = round(_size(files[-1]) / 1e6, 1)
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "data"
        subprocess.run([str(APP), "--data-dir", str(home), "-q", "demo"], check=True, capture_output=True, text=True)
        out["cold_start_to_answer_s"] = _cold([str(APP)], home)
        out["cold_start_to_answer_from_source_s"] = _cold([sys.executable, "-m", "assistant"], home)
    (DIST / "package-measure.json").write_text(json.dumps(out, indent=2), encoding="utf-8")
    return out


if __name__ == "__main__":
    for k, v in main().items():
        print(f"{k}: {v}")
