"""Small statistics shared by the suites and reports: means, percentiles, rank correlation, rounding, one number format."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from typing import Any

#: What a missing figure reads as, in the reports and in the Benchmark tab.
MISSING = "—"


def mean(values: Iterable[float | None]) -> float | None:
    vals = [float(v) for v in values if v is not None]
    return statistics.fmean(vals) if vals else None


def median(values: Iterable[float | None]) -> float | None:
    vals = [float(v) for v in values if v is not None]
    return statistics.median(vals) if vals else None


def percentile(values: Sequence[float], q: float) -> float:
    """The value at quantile ``q`` (nearest rank, 0.0 for no values)."""
    if not values:
        return 0.0
    s = sorted(values)
    return s[min(len(s) - 1, int(round(q * (len(s) - 1))))]


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks with ties averaged (1-based)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        avg = (i + j) / 2.0 + 1.0
        for k in range(i, j + 1):
            out[order[k]] = avg
        i = j + 1
    return out


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    if len(x) < 3 or len(x) != len(y):
        return None
    mx, my = statistics.fmean(x), statistics.fmean(y)
    sx = math.sqrt(sum((a - mx) ** 2 for a in x))
    sy = math.sqrt(sum((b - my) ** 2 for b in y))
    if sx == 0 or sy == 0:
        return None
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / (sx * sy)


def spearman(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Spearman's rho (Pearson correlation of tie-averaged ranks); None when undefined."""
    return pearson(ranks(x), ranks(y))


def mae(x: Sequence[float], y: Sequence[float]) -> float | None:
    if not x or len(x) != len(y):
        return None
    return sum(abs(a - b) for a, b in zip(x, y)) / len(x)


def rounded(obj: Any, digits: int = 4) -> Any:
    """Round floats inside nested dicts/lists for JSON output."""
    if isinstance(obj, float):
        return None if math.isnan(obj) else round(obj, digits)
    if isinstance(obj, dict):
        return {k: rounded(v, digits) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [rounded(v, digits) for v in obj]
    return obj


def fmt_number(value: Any, digits: int = 2) -> str:
    """A figure as text: floats to ``digits`` places, None as a dash, anything else as it is."""
    if value is None:
        return MISSING
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)
