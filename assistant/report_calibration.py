"""The report card's confidence measured against human coders: per legal question, how often the card's option was the
one Marotta-Wurgler & Stein's coders chose (written by ``python -m eval.card_coders --write``), and the coders' option
shares that spread the rest of a row's distribution."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

CALIBRATION = Path(__file__).resolve().parent.parent / "resources" / "models" / "card_calibration.json"


def calibration() -> dict[str, Any]:
    """The calibration table per question ({} when none was written)."""
    if "table" not in _CALIBRATION_CACHE:
        try:
            _CALIBRATION_CACHE["table"] = json.loads(CALIBRATION.read_text(encoding="utf-8")).get("questions", {})
        except (OSError, ValueError):
            _CALIBRATION_CACHE["table"] = {}
    return _CALIBRATION_CACHE["table"]


_CALIBRATION_CACHE: dict[str, dict[str, Any]] = {}


def calibrated(qid: str, option: str, confidence: float, distribution: dict[str, float], labels: list[str]) -> tuple[float, dict[str, float]]:
    """The confidence measured against the coders for this question (how often the card's option was theirs), the rest of
    the distribution spread over the other options by how often coders chose them; unchanged without a calibration."""
    entry = calibration().get(qid)
    if not entry or not entry.get("n"):
        return confidence, distribution
    p = float(entry["confidence"])
    shares = {k: float(v) for k, v in entry.get("option_shares", {}).items() if k != option and k in labels}
    rest = [k for k in labels if k != option]
    total = sum(shares.values())
    spread = {k: round((1 - p) * (shares.get(k, 0.0) / total if total else 1 / len(rest)), 3) for k in rest}
    return round(p, 2), {option: round(p, 3), **spread}


def use(table: dict[str, Any] | None) -> None:
    """Read cards with this calibration table ({} = none, the card's own confidence; None = the shipped file again)."""
    _CALIBRATION_CACHE.clear()
    if table is not None:
        _CALIBRATION_CACHE["table"] = table
