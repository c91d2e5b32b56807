"""The GenAIPABench analysts' scores of Bard and BingAI (``Results/``), for setting our figures beside theirs."""

from __future__ import annotations

from pathlib import Path

from assistant.errors import InputError

from .datasets import genaipabench_root, results_dir
from .metrics import METRICS

SYSTEMS = ("Bard", "BingAI")


def paper_scores(data_root: str | Path | None = None) -> dict[str, dict[str, dict[tuple[str, str], float]]]:
    """Analysts' M_all per (policy, question): {system: {section: {(policy, qid): m_all}}}; empty when the data is absent."""
    from .external import read_scores

    try:
        root = genaipabench_root(data_root)
    except InputError:
        return {}
    out: dict[str, dict[str, dict[tuple[str, str], float]]] = {}
    for system in SYSTEMS:
        folder = results_dir(root, system)
        for f in sorted(folder.glob("Results_*.csv")) if folder.is_dir() else []:
            try:
                for hs in read_scores(f):
                    out.setdefault(system, {})[hs.section] = hs.scores
            except InputError:
                continue
    return out


def paper_metrics(data_root: str | Path | None = None) -> dict[str, dict[str, dict[str, dict[str, float]]]]:
    """Per-question metric means from ``<System>_metrics.xlsx``: {system: {section: {qid: {metric: mean}}}}."""
    try:
        root = genaipabench_root(data_root)
        import openpyxl
    except (InputError, ImportError):
        return {}
    out: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    for system in SYSTEMS:
        path = results_dir(root, system) / f"{system}_metrics.xlsx"
        if not path.is_file():
            continue
        try:
            wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
        except Exception:  # noqa: BLE001 - a broken workbook only removes the comparison
            continue
        for ws in wb.worksheets:
            section = "original" if ws.title.lower().startswith("orig") else ws.title.lower()
            table: dict[str, dict[str, float]] = {}
            for row in ws.iter_rows(min_row=2, values_only=True):
                qid = str(row[0] or "").strip()
                if "_" not in qid:
                    continue  # e.g. 'AEEₑ' rows of an unlabelled layout
                try:
                    table[qid] = {m: float(v) for m, v in zip(METRICS, row[1:6])}
                except (TypeError, ValueError):
                    continue
            out.setdefault(system, {})[section] = table
        wb.close()
    return out
