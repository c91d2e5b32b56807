"""Other systems' answers to the GenAIPABench questions, and the analysts' scores of them, as the upstream files hold them.

``Generated Answers/{Bard,BingAI}/*.xlsx`` hold the chatbots' answers (one sheet per policy; sections
Original / Robustness / Summary / Adaptability; user questions answered three times) and ``Results/`` the
analysts' M_all (1-10) per (policy, question) for each section.

Answers may also be a CSV/JSON with ``policy, question_id, answer`` (optional ``question, section, system, variant``);
scores a CSV either wide (``Questions,<Policy>,...``) or long (``policy, question_id, m_all`` or the five metrics).
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.errors import InputError

from . import metrics
from .plan import POLICIES

SECTIONS = ("original", "robust", "summary", "adaptive")
#: Which of our initializations each analysed section corresponds to.
SECTION_INIT = {"original": "pd", "robust": "pd", "summary": "summary-pd", "adaptive": "cn"}
SECTION_VARIANTS = {"original": "orig", "robust": "p", "summary": "orig", "adaptive": "orig"}
_QID = re.compile(r"^([A-Za-z]+)_([fu])(\d)$")
_SHEET_FIX = {"airbnd": "airbnb"}


@dataclass
class ExternalAnswer:
    """One answer by another system to a benchmark question."""

    system: str
    section: str
    policy: str
    question_id: str
    variant: str
    question: str
    answer: str
    rep: int = 1
    source: str = ""


@dataclass
class HumanScores:
    """The analysts' M_all per (policy, question) for one system and section."""

    system: str
    section: str
    scores: dict[tuple[str, str], float] = field(default_factory=dict)
    source: str = ""


# --------------------------------------------------------------------------- reading files


def _system_of(path: Path) -> str:
    text = " ".join(part.lower() for part in path.parts[-3:])
    if "bing" in text:
        return "BingAI"
    if "bard" in text:
        return "Bard"
    if "chatgpt" in text or "gpt-4" in text:
        return "ChatGPT-4"
    return "external"


def _section_of(text: str) -> str | None:
    low = text.lower()
    for key, sec in (("orig", "original"), ("robust", "robust"), ("paraphras", "robust"), ("summar", "summary"), ("adapt", "adaptive"),
                     ("regulation", "regulations")):
        if key in low:
            return sec
    return None


def policy_key(name: str) -> str:
    key = re.sub(r"[^a-z]", "", str(name).lower())
    key = _SHEET_FIX.get(key, key)
    return key


def _cell(v: Any) -> str:
    return "" if v is None else str(v).strip()


def read_xlsx_answers(path: Path) -> list[ExternalAnswer]:
    """Answers in the upstream ``Generated Answers`` workbook layout."""
    try:
        import openpyxl

        wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # noqa: BLE001 - openpyxl raises many types for broken files
        raise InputError(f"{path}: cannot read the workbook ({type(exc).__name__}: {exc})") from exc
    system = _system_of(path)
    out: list[ExternalAnswer] = []
    try:
        for ws in wb.worksheets:
            policy = policy_key(ws.title)
            if policy not in POLICIES:
                continue
            section: str | None = None
            last_base: str | None = None
            last_var = 0
            for i, row in enumerate(ws.iter_rows(values_only=True)):
                cells = [_cell(c) for c in row]
                if i == 0 or not any(cells):
                    continue
                label, question = (cells + ["", ""])[:2]
                answers = [c for c in cells[2:] if c]
                if not label and question and not answers:
                    section = _section_of(question) or section
                    continue
                if not answers or section is None:
                    continue
                m = _QID.match(label.replace(" ", ""))
                if m:
                    cat, kind, num = m.group(1).upper(), m.group(2), int(m.group(3))
                    base = f"{cat}_{kind}1" if kind == "u" else f"{cat}_{kind}{num}"
                    var = num if kind == "u" and section == "robust" else 1
                    last_base, last_var = base, var
                elif not label and last_base:
                    last_var += 1
                    base, var = last_base, last_var
                else:
                    continue
                variant = f"p{var}" if section == "robust" else "orig"
                for rep, text in enumerate(answers, start=1):
                    out.append(ExternalAnswer(system, section, policy, base, variant, question, text, rep, f"{path.name}:{ws.title}:{i + 1}"))
    finally:
        wb.close()
    return out


def _read_table(path: Path) -> list[dict[str, str]]:
    """Rows of a CSV or JSON file as dicts with lower-case keys; InputError naming the file when malformed."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc.__class__.__name__}: {exc})") from exc
    if path.suffix.lower() == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}: invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from exc
        if isinstance(data, dict):
            data = data.get("answers") or data.get("scores") or data.get("rows")
        if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
            raise InputError(f"{path}: expected a list of objects (or an object with an 'answers' list)")
        return [{str(k).strip().lower(): _cell(v) for k, v in r.items()} for r in data]
    try:
        reader = csv.reader(io.StringIO(text), strict=True)
        rows = [r for r in reader]
    except csv.Error as exc:
        raise InputError(f"{path}: malformed CSV: {exc}") from exc
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        raise InputError(f"{path}: empty file")
    header = [h.strip().lower() for h in rows[0]]
    while header and not header[-1]:
        header.pop()
    if not header or any(not h for h in header):
        raise InputError(f"{path}: malformed CSV header (empty column name)")
    out = []
    for n, r in enumerate(rows[1:], start=2):
        extra = [c for c in r[len(header):] if c.strip()]
        if extra:
            raise InputError(f"{path}: line {n} has more fields than the header")
        out.append({h: (r[i].strip() if i < len(r) else "") for i, h in enumerate(header)})
    return out


def read_table_answers(path: Path) -> list[ExternalAnswer]:
    rows = _read_table(path)
    missing = [c for c in ("policy", "question_id", "answer") if rows and c not in rows[0]]
    if missing or not rows:
        raise InputError(f"{path}: answers need columns policy, question_id, answer (missing: {', '.join(missing) or 'all rows'})")
    system = _system_of(path)
    out = []
    for n, r in enumerate(rows, start=2):
        if not r.get("answer"):
            continue
        policy = policy_key(r["policy"])
        section = _section_of(r.get("section", "")) or "original"
        out.append(ExternalAnswer(r.get("system") or system, section, policy, r["question_id"], r.get("variant") or SECTION_VARIANTS[section]
                                  .replace("p", "p1"), r.get("question", ""), r["answer"], int(r.get("rep") or 1), f"{path.name}:{n}"))
    return out


def load_answers(location: str | Path) -> list[ExternalAnswer]:
    """External answers from a file (.xlsx, .csv, .json) or every such file under a folder."""
    path = Path(location).expanduser()
    if not path.exists():
        raise InputError(f"answers not found: {path}")
    files = sorted(p for p in path.rglob("*") if p.suffix.lower() in (".xlsx", ".csv", ".json") and not p.name.startswith("~$")) \
        if path.is_dir() else [path]
    if not files:
        raise InputError(f"{path}: no .xlsx, .csv or .json answer files")
    out: list[ExternalAnswer] = []
    for f in files:
        suffix = f.suffix.lower()
        if suffix == ".xlsx":
            out += read_xlsx_answers(f)
        elif suffix in (".csv", ".json"):
            out += read_table_answers(f)
        else:
            raise InputError(f"{f}: unsupported answers format '{suffix}' (use .xlsx, .csv or .json)")
    if not out:
        raise InputError(f"{path}: no answers found (expected GenAIPABench 'Generated Answers' workbooks or policy,question_id,answer rows)")
    return out


def _float(value: str, where: str) -> float:
    try:
        v = float(value)
    except ValueError as exc:
        raise InputError(f"{where}: {value!r} is not a number") from exc
    return v


def read_scores(path: Path, section: str | None = None) -> list[HumanScores]:
    """Analysts' scores from one CSV/JSON file (wide ``Questions,<Policy>...``, long, or the regulations layout)."""
    if not path.is_file():
        raise InputError(f"scores not found: {path}")
    if path.suffix.lower() not in (".csv", ".json"):
        raise InputError(f"{path}: unsupported scores format '{path.suffix}' (use .csv or .json)")
    rows = _read_table(path)
    system = _system_of(path)
    sec = section or _section_of(path.stem) or "original"
    hs = HumanScores(system, sec, source=str(path))
    if not rows:
        raise InputError(f"{path}: no score rows")
    cols = list(rows[0])
    qcol = next((c for c in cols if c in ("questions", "question", "question_id", "id")), None)
    if qcol is None:
        raise InputError(f"{path}: no 'Questions' / 'question_id' column")
    if "regulation" in cols and all(m in cols for m in metrics.METRICS):
        hs.section = "regulations"
        for n, r in enumerate(rows, start=2):
            num = int(re.sub(r"\D", "", r[qcol]) or 0)
            qid = f"PR_{(num - 1) % 6 + 1}" if num else r[qcol]
            hs.scores[(r["regulation"].lower(), qid)] = metrics.m_all([_float(r[m], f"{path}:{n}") for m in metrics.METRICS])
        return [hs]
    if "policy" in cols:
        for n, r in enumerate(rows, start=2):
            if "m_all" in r and r["m_all"]:
                value = _float(r["m_all"], f"{path}:{n}")
            elif all(m in r for m in metrics.METRICS):
                value = metrics.m_all([_float(r[m], f"{path}:{n}") for m in metrics.METRICS])
            else:
                raise InputError(f"{path}: long-format scores need an m_all column or the five metric columns")
            hs.scores[(policy_key(r["policy"]), r[qcol])] = value
    else:
        pols = [c for c in cols if c != qcol and policy_key(c) in POLICIES]
        if not pols:
            raise InputError(f"{path}: no policy columns (expected {', '.join(p.capitalize() for p in POLICIES)})")
        for n, r in enumerate(rows, start=2):
            if not r[qcol]:
                continue
            for c in pols:
                if r.get(c):
                    value = _float(r[c], f"{path}:{n}")
                    if not 1.0 <= value <= 10.0:
                        raise InputError(f"{path}:{n}: M_all {value} outside 1-10")
                    hs.scores[(policy_key(c), r[qcol].strip())] = value
    if not hs.scores:
        raise InputError(f"{path}: no scores found")
    return [hs]


def load_scores(location: str | Path, section: str | None = None) -> list[HumanScores]:
    """Score sets from a file or from every CSV under a folder (e.g. ``Results/``)."""
    path = Path(location).expanduser()
    if not path.exists():
        raise InputError(f"scores not found: {path}")
    if path.is_dir():
        files = sorted(p for p in path.rglob("*.csv"))
        if not files:
            raise InputError(f"{path}: no .csv score files")
        return [hs for f in files for hs in read_scores(f, section)]
    return read_scores(path, section)
