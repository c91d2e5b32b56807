"""Where the research data lies: the shared data folder, and GenAIPABench's layout inside it.

Every place that looks for the data (the suites, the report's comparison with Bard and BingAI, the speed benchmark,
the Benchmark tab's defaults, the Bundles tab's ready-made policies) asks this module.

GenAIPABench's folder holds ``Privacy Documents/{Privacy Policy,Regulations}/<Name>_document.txt``, the paper's
segments ``Privacy Documents/Privacy Policy Segments/GPT-4/<name>-policy-text-segments/Part N.txt``, the chatbots'
answers ``Generated Answers/`` and the analysts' scores ``Results/Results_<System>/``.
"""

from __future__ import annotations

import os
from pathlib import Path

from assistant.errors import InputError
from assistant.paths import REPO_ROOT

#: Read (never written): the shared data folder, when it is not ``<repo>/../shared/data``.
ENV_SHARED = "PRIVACY_ASSISTANT_SHARED"
DOCUMENTS = "Privacy Documents"


def _candidates(override: str | Path | None) -> list[Path]:
    return [Path(p).expanduser() for p in (override, os.environ.get(ENV_SHARED)) if p] + [REPO_ROOT.parent / "shared" / "data"]


def shared_data_root(override: str | Path | None = None) -> Path:
    """The folder holding ``genaipabench/`` and ``privaci-bench/``: override, $PRIVACY_ASSISTANT_SHARED, or ``<repo>/../shared/data``."""
    candidates = _candidates(override)
    for c in candidates:
        for root in (c, c / "data", c.parent, c.parent.parent):
            if (root / "genaipabench").is_dir() or (root / "privaci-bench").is_dir():
                return root
    return candidates[0]


def find_genaipabench(override: str | Path | None = None) -> Path | None:
    """The GenAIPABench folder (``Privacy Documents/``, ``Generated Answers/``, ``Results/``), or None when absent."""
    for c in _candidates(override):
        for root in (c, c / "genaipabench", c / "data" / "genaipabench"):
            if (root / DOCUMENTS).is_dir():
                return root
    return None


def genaipabench_root(override: str | Path | None = None) -> Path:
    """:func:`find_genaipabench`, or an :class:`InputError` saying where it looked."""
    root = find_genaipabench(override)
    if root is None:
        raise InputError(f"GenAIPABench data not found (looked in {', '.join(str(c) for c in _candidates(override))}); "
                         f"pass --data-root or set {ENV_SHARED}")
    return root


def policies_dir(root: Path) -> Path:
    """The five policies' texts (``<Name>_document.txt``)."""
    return root / DOCUMENTS / "Privacy Policy"


def regulations_dir(root: Path) -> Path:
    """The GDPR and CCPA texts (``<NAME>_document.txt``)."""
    return root / DOCUMENTS / "Regulations"


def segments_dir(root: Path, key: str) -> Path:
    """The paper's upstream segments of one policy (``Part N.txt``)."""
    return root / DOCUMENTS / "Privacy Policy Segments" / "GPT-4" / f"{key}-policy-text-segments"


def results_dir(root: Path, system: str) -> Path:
    """The analysts' scores of one chatbot (``Results_<section>.csv``, ``<System>_metrics.xlsx``)."""
    return root / "Results" / f"Results_{system}"


def document_file(root: Path, folder_name: str, key: str, what: str) -> Path:
    """``<root>/Privacy Documents/<folder_name>/<Key>_document.txt`` (name matched case-insensitively)."""
    folder = root / DOCUMENTS / folder_name
    matches = [p for p in folder.glob("*_document.txt") if p.name.lower() == f"{key}_document.txt"] if folder.is_dir() else []
    if not matches:
        raise InputError(f"{what} not found in {folder}")
    return matches[0]


def stance_truth_default() -> Path:
    """The stance truth set's development split."""
    return shared_data_root() / "stance-truth" / "dev.jsonl"


def stance_policy_dirs() -> list[Path]:
    """The folders holding the stance truth set's policies: GenAIPABench's and OPP-115's."""
    root = shared_data_root()
    return [policies_dir(root / "genaipabench"), root / "opp115" / "sanitized_policies"]


def privaci_cases_default() -> Path:
    """PrivaCI-Bench's GDPR development cases."""
    return shared_data_root() / "privaci-bench" / "cases__GDPR.dev.jsonl"
