"""Agreement of our scorers with the GenAIPABench analysts.

``Generated Answers/{Bard,BingAI}/*.xlsx`` hold the chatbots' answers (one sheet per policy; sections
Original / Robustness / Summary / Adaptability; user questions answered three times) and ``Results/`` the
analysts' M_all (1-10) per (policy, question) for each section. We score the same answers with the judge-free
proxy (no model needed) and, when given, an LLM judge, average per (policy, question) like the analysts, and
report Spearman's rho and the mean absolute error against the human M_all.

Answers may also be a CSV/JSON with ``policy, question_id, answer`` (optional ``question, section, system, variant``);
scores a CSV either wide (``Questions,<Policy>,...``) or long (``policy, question_id, m_all`` or the five metrics).
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import random
import re
import threading
from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from assistant.core import Assistant
from assistant.errors import InputError
from assistant.models import Progress

from . import metrics
from .genaipabench import POLICIES, Replay, scored_rows
from .judge import Judge
from .questions import load_references, policy_bank, regulation_bank
from .results import ResultsDB, Selection, run_id_for

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


def _policy_key(name: str) -> str:
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
            policy = _policy_key(ws.title)
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
        policy = _policy_key(r["policy"])
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
            hs.scores[(_policy_key(r["policy"]), r[qcol])] = value
    else:
        pols = [c for c in cols if c != qcol and _policy_key(c) in POLICIES]
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
                    hs.scores[(_policy_key(c), r[qcol].strip())] = value
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


# --------------------------------------------------------------------------- scoring and agreement


def _references() -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for p in (*POLICIES, "gdpr", "ccpa"):
        try:
            out[p] = load_references(p)
        except InputError:
            continue
    return out


def agreement(pairs: list[tuple[float, float]]) -> dict[str, Any]:
    """Spearman, Pearson and MAE of (ours, human) M_all pairs."""
    ours = [p[0] for p in pairs]
    human = [p[1] for p in pairs]
    out: dict[str, Any] = {"n": len(pairs), "spearman": metrics.spearman(ours, human), "pearson": metrics.pearson(ours, human),
           "mae": metrics.mae(ours, human), "ours_mean": metrics.mean(ours), "human_mean": metrics.mean(human),
           "ours_distinct_values": len(set(ours))}
    if len(pairs) >= 3 and len(set(ours)) == 1:
        out["note"] = "correlation undefined: our scorer gave every answer the same M_all"
    return out


def run(a: Assistant, answers: str | Path, scores: str | Path, section: str | None = None, system: str | None = None,
        judge: Judge | None = None, limit: int | None = None, policies: list[str] | None = None,
        cancel: threading.Event | None = None, db: ResultsDB | None = None) -> Generator[Progress, None, dict[str, Any]]:
    """Score external answers with our scorers and compare with the analysts per (policy, question)."""
    ext = load_answers(answers)
    sets = load_scores(scores, section)
    if system:
        sets = [s for s in sets if s.system.lower() == system.lower() or s.system == "external"]
        ext = [e for e in ext if e.system.lower() == system.lower() or e.system == "external"]
    wanted = {_policy_key(p) for p in policies or []}
    bad = wanted - set(POLICIES)
    if bad:
        raise InputError(f"unknown policy {sorted(bad)[0]!r} (choose from: {', '.join(POLICIES)})")
    systems = {e.system for e in ext}
    refs = _references()
    bank_q = {q.id: q.question for q in [*policy_bank().questions, *regulation_bank().questions]}

    # align: each score set with the answers of the same system and section
    matched: list[tuple[HumanScores, tuple[str, str], list[ExternalAnswer]]] = []
    unmatched: list[str] = []
    for hs in sets:
        pool = [e for e in ext if e.section == hs.section and (e.system == hs.system or hs.system == "external" or e.system == "external")]
        if hs.system == "external" and len({e.system for e in pool}) > 1:
            raise InputError(f"{hs.source}: cannot tell whose answers these scores are for ({', '.join(sorted(systems))}); pass --system")
        keys = [k for k in sorted(hs.scores) if not wanted or k[0] in wanted]
        n_before = len(matched)
        by_key: dict[tuple[str, str], list[ExternalAnswer]] = {}
        for e in pool:
            by_key.setdefault((e.policy, e.question_id), []).append(e)
        for k in keys:
            if by_key.get(k) and k[0] in refs and k[1] in refs[k[0]]:
                matched.append((hs, k, by_key[k]))
        if len(matched) == n_before:
            unmatched.append(f"{Path(hs.source).name} ({hs.system}, {hs.section})")
    if not matched:
        raise InputError("no (policy, question) of the scores file has answers in the answers given "
                         f"(answers: {', '.join(sorted(systems)) or 'none'}; scores: {', '.join(f'{s.system}/{s.section}' for s in sets)})")
    if limit:
        if limit < 1:
            raise InputError("--limit must be at least 1")
        by_set: dict[int, list[tuple[HumanScores, tuple[str, str], list[ExternalAnswer]]]] = {}
        for m in matched:
            by_set.setdefault(id(m[0]), []).append(m)
        kept = []
        for group in by_set.values():  # a seeded sample per score set, spread over policies and questions
            kept += sorted(random.Random(0).sample(group, min(limit, len(group))), key=lambda m: m[1])
        matched = kept

    own = db is None
    db = db or ResultsDB.for_home(a.home)
    try:
        digest = hashlib.sha256(json.dumps(sorted(
            (hs.system, hs.section, k, e.rep, e.variant, e.answer) for hs, k, es in matched for e in es), default=str).encode()).hexdigest()
        run_id = run_id_for("human", {"answers": digest})
        settings = {"answers": str(answers), "scores": str(scores), "section": section, "system": system, "limit": limit,
                    "policies": sorted(wanted), "judge": judge.name if judge else None}
        db.ensure_run(run_id, "human", settings, "external")
        done = db.done_keys(run_id)
        yield Progress("score", f"scoring {sum(len(es) for _, _, es in matched)} external answers on {len(matched)} (policy, question) pairs",
                       0, len(matched))
        pending = [(hs, policy, qid, e) for hs, (policy, qid), es in matched for e in es
                   if (e.rep, f"{hs.system}:{hs.section}", policy, qid, e.variant) not in done]
        qtexts = sorted({e.question or bank_q.get(qid, qid) for _, _, qid, e in pending})
        refkeys = sorted({(policy, qid) for _, policy, qid, _ in pending})
        q_vecs = dict(zip(qtexts, a.embedder.embed_array(qtexts))) if qtexts else {}
        r_vecs = dict(zip(refkeys, a.embedder.embed_array([refs[p][q].answer for p, q in refkeys]))) if refkeys else {}
        batch = 32
        for start in range(0, len(pending), batch):
            if cancel is not None and cancel.is_set():
                break
            chunk = pending[start:start + batch]
            yield Progress("score", f"proxy scores: {start}/{len(pending)} external answers", start, len(pending))
            a_vecs = a.embedder.embed_array([e.answer for _, _, _, e in chunk])
            for (hs, policy, qid, e), a_vec in zip(chunk, a_vecs):
                ref = refs[policy][qid]
                qtext = e.question or bank_q.get(qid, qid)
                row = {"run_id": run_id, "run_no": e.rep, "init": f"{hs.system}:{hs.section}", "policy": policy, "question_id": qid,
                       "variant": e.variant, "category": qid.split("_")[0], "source": "external", "question": qtext, "text": e.answer,
                       "answerable": not metrics.looks_abstaining(e.answer), "status": "answered", "mode": "external",
                       "citations": [{"id": p} for p in metrics.part_refs(e.answer)], "evidence": [], "model": e.system, "timings": {},
                       "reference": {"answer": ref.answer, "parts": ref.parts}, "addressed": ref.addressed,
                       "meta": {"system": hs.system, "section": hs.section, "human_m_all": hs.scores[(policy, qid)], "source": e.source}}
                answer_id = db.add_answer(row)
                score = metrics.free_score(question=qtext, text=e.answer, answerable=row["answerable"],
                                           citations=[c["id"] for c in row["citations"]], evidence_ids=None, valid_ids=None,
                                           addressed=ref.addressed, reference=ref.answer, reference_parts=ref.parts,
                                           q_vec=q_vecs[qtext], a_vec=a_vec, r_vec=r_vecs[(policy, qid)])
                score["details"]["vec"] = metrics.pack_vector(a_vec)
                db.add_free_score(answer_id, score)
        if judge is not None:
            rep = Replay(a, db, run_id, judge)
            names = {p: f"the {p.capitalize()} Privacy Policy" for p in POLICIES} | {"gdpr": "the GDPR", "ccpa": "the CCPA"}
            yield from rep.run_judge(Selection(), names, cancel)
        rows = scored_rows(db, run_id)
        result = summarize(rows, matched, judge.name if judge else None)
        result.update({"suite": "genaipabench-human", "run_id": run_id, "settings": settings, "unmatched_score_files": unmatched})
        db.finish_run(run_id, "complete" if not (cancel is not None and cancel.is_set()) else "cancelled",
                      {"last": {"n": result["n"], "proxy": result["proxy"]}})
        return metrics.rounded(result)
    finally:
        if own:
            db.close()


def summarize(rows: list[dict[str, Any]], matched: list[tuple[HumanScores, tuple[str, str], list[ExternalAnswer]]],
              judge: str | None) -> dict[str, Any]:
    """Per (system, section) and pooled agreement of the proxy and of each judge with the analysts."""
    wanted = {(f"{hs.system}:{hs.section}", k) for hs, k, _ in matched}
    groups: dict[tuple[str, tuple[str, str]], list[dict[str, Any]]] = {}
    for r in rows:
        g = (r["init"], (r["policy"], r["question_id"]))
        if g in wanted:
            groups.setdefault(g, []).append(r)
    judges = sorted({name for r in rows for name in r.get("judges") or {}})
    scorers = ["proxy", *judges]
    pairs: dict[str, dict[str, list[tuple[float, float]]]] = {s: {} for s in scorers}
    per_pair = []
    for (init, (policy, qid)), rs in sorted(groups.items()):
        human = float(rs[0]["meta"]["human_m_all"])
        entry: dict[str, Any] = {"set": init, "policy": policy, "question_id": qid, "human": human, "answers": len(rs)}
        for s in scorers:
            vals = [r["free"]["m_all"] for r in rs if r.get("free")] if s == "proxy" else \
                [r["judges"][s]["m_all"] for r in rs if r.get("judges", {}).get(s, {}).get("status") == "ok"]
            if vals:
                ours = sum(vals) / len(vals)
                entry[s] = ours
                pairs[s].setdefault(init, []).append((ours, human))
                pairs[s].setdefault("all", []).append((ours, human))
        per_pair.append(entry)
    out: dict[str, Any] = {"n": len(groups), "answers": sum(len(v) for v in groups.values())}
    out["proxy"] = agreement(pairs["proxy"].get("all", []))
    out["proxy_by_set"] = {k: agreement(v) for k, v in sorted(pairs["proxy"].items()) if k != "all"}
    out["judges"] = {}
    for s in judges:
        errors = sum(1 for r in rows if r.get("judges", {}).get(s, {}).get("status") == "judge_error")
        out["judges"][s] = {**agreement(pairs[s].get("all", [])), "errors": errors,
                            "by_set": {k: agreement(v) for k, v in sorted(pairs[s].items()) if k != "all"},
                            "trusted": not ("270m" in s.lower() or "(embedded)" in s)}
    chosen = judge if judge in out["judges"] else None
    out["judge"] = chosen
    out["judge_agreement"] = out["judges"][chosen] if chosen else None
    out["pairs"] = per_pair
    out["spearman"] = out["proxy"]["spearman"]
    out["mae"] = out["proxy"]["mae"]
    return out
