"""Question banks (GenAIPABench policy/regulation banks, user banks in JSON, CSV or YAML) and reference answers."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from assistant.errors import InputError

BANKS_DIR = Path(__file__).resolve().parent.parent / "resources" / "question_banks"
REFERENCES_DIR = BANKS_DIR / "references"
POLICY_BANK = BANKS_DIR / "genaipabench_policy.json"
REGULATION_BANK = BANKS_DIR / "genaipabench_regulation.json"

CATEGORY_NAMES: dict[str, str] = {
    "T": "Transparency",
    "UC": "User Control",
    "DM": "Data Minimization and Purpose Limitation",
    "SE": "Security and Encryption",
    "PD": "Privacy by Design and Innovation",
    "RC": "Responsiveness and Communication",
    "AEE": "Accessibility, User Education and Empowerment",
    "CA": "Compliance and Accountability",
    "PR": "Privacy Regulation",
}
CATEGORY_ALIASES: dict[str, str] = {"PBD": "PD"}


@dataclass
class BankQuestion:
    """One benchmark question with its paraphrases (placeholders such as "[the company]" left unfilled)."""

    id: str
    category: str
    category_name: str
    source: str
    question: str
    paraphrases: list[str] = field(default_factory=list)


@dataclass
class Reference:
    """An expert reference answer for one question about one document (policy, regulation or user bundle)."""

    document: str
    question_id: str
    answer: str
    parts: list[str] = field(default_factory=list)
    addressed: bool = True


@dataclass
class QuestionBank:
    """A named list of questions; ``references`` maps bundle -> question id -> reference (user banks only)."""

    name: str
    questions: list[BankQuestion]
    attribution: str = ""
    references: dict[str, dict[str, Reference]] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.questions)

    def get(self, qid: str) -> BankQuestion | None:
        """The question with id ``qid``, or None."""
        return next((q for q in self.questions if q.id == qid), None)


# --------------------------------------------------------------------------- placeholders and variants

_COMPANY_RE = re.compile(r"(?:\b(the)\s+)?\[\s*(the\s+)?company(?:\s+name)?\s*\]", re.IGNORECASE)
_REGULATION_RE = re.compile(r"(?:\b(the)\s+)?\[\s*(the\s+)?(?:regulation|law)(?:\s+name)?\s*\]", re.IGNORECASE)
_UNADDRESSED_RE = re.compile(
    r"^\W*(?:n/?a\b|not (?:mentioned|addressed|stated|specified|covered)|no (?:information|explicit mention|mention)"
    r"|(?:the |this )?(?:policy|document|notice|regulation) (?:does not|doesn't|do not) (?:mention|address|state|say|specify|cover))",
    re.IGNORECASE,
)


def _cap(text: str, like: str) -> str:
    return text[:1].upper() + text[1:] if like[:1].isupper() else text


def fill(question: str, company: str | None = None, regulation: str | None = None) -> str:
    """Fill "[the company]"/"[company]" and "[regulation]"/"[the regulation]"; a missing value becomes "the company"/"the regulation"."""

    def company_sub(m: re.Match[str]) -> str:
        return company if company else _cap("the company", m.group(0).lstrip("[ "))

    def regulation_sub(m: re.Match[str]) -> str:
        article = m.group(1) or (m.group(2) or "").strip()
        if regulation:
            return f"{article} {regulation}" if article else regulation
        return f"{article} regulation" if article else _cap("the regulation", m.group(0).lstrip("[ "))

    return _REGULATION_RE.sub(regulation_sub, _COMPANY_RE.sub(company_sub, question))


def variants(q: BankQuestion, paraphrases: bool = True) -> list[tuple[str, str]]:
    """[("orig", question), ("p1", paraphrase 1), ...]; only the original when ``paraphrases`` is false."""
    out = [("orig", q.question)]
    if paraphrases:
        out += [(f"p{i}", text) for i, text in enumerate(q.paraphrases, start=1)]
    return out


def looks_unaddressed(answer: str) -> bool:
    """True when a reference answer opens by saying the document does not cover the matter ("Not mentioned", "N/A", ...)."""
    return bool(_UNADDRESSED_RE.match(answer))


# --------------------------------------------------------------------------- loading banks


def _fail(path: Path, message: str) -> InputError:
    return InputError(f"{path}: {' '.join(str(message).split())}")


def _read_text(path: Path, what: str) -> str:
    if not path.is_file():
        raise _fail(path, f"{what} not found")
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise _fail(path, f"cannot read {what} ({exc.__class__.__name__}: {exc})") from exc


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return ""
    return str(value).strip()


def _category(raw: str) -> tuple[str, str]:
    code = CATEGORY_ALIASES.get(raw.upper(), raw.upper() if raw.upper() in CATEGORY_NAMES else raw)
    return code, CATEGORY_NAMES.get(code, raw)


def _question(path: Path, where: str, rec: dict[str, Any], paraphrases: list[str]) -> BankQuestion:
    qid, text = _text(rec.get("id")), _text(rec.get("question"))
    if not qid:
        raise _fail(path, f"{where}: missing id")
    if not text:
        raise _fail(path, f"{where} ({qid}): missing question")
    code, name = _category(_text(rec.get("category")))
    return BankQuestion(
        id=qid,
        category=code,
        category_name=_text(rec.get("category_name")) or name,
        source=_text(rec.get("source")) or "custom",
        question=text,
        paraphrases=[p for p in paraphrases if p],
    )


def _reference(path: Path, bundle: str, qid: str, value: Any) -> Reference | None:
    if isinstance(value, dict):
        answer = _text(value.get("answer"))
        parts = [_text(p) for p in value.get("parts") or [] if _text(p)]
        addressed = value.get("addressed")
        if addressed is not None and not isinstance(addressed, bool):
            raise _fail(path, f"{qid}: reference for '{bundle}' has a non-boolean 'addressed'")
    else:
        answer, parts, addressed = _text(value), [], None
    if not answer:
        return None
    return Reference(bundle, qid, answer, parts, (not looks_unaddressed(answer)) if addressed is None else addressed)


def _build(path: Path, name: str, attribution: str, items: list[tuple[BankQuestion, dict[str, Any]]]) -> QuestionBank:
    if not items:
        raise _fail(path, "question bank has no questions")
    seen: set[str] = set()
    refs: dict[str, dict[str, Reference]] = {}
    for q, raw_refs in items:
        if q.id in seen:
            raise _fail(path, f"duplicate question id '{q.id}'")
        seen.add(q.id)
        for bundle, value in raw_refs.items():
            ref = _reference(path, str(bundle), q.id, value)
            if ref:
                refs.setdefault(str(bundle), {})[q.id] = ref
    return QuestionBank(name=name, questions=[q for q, _ in items], attribution=attribution, references=refs)


def _from_records(path: Path, data: Any) -> QuestionBank:
    meta: dict[str, Any] = {}
    if isinstance(data, dict):
        meta, data = data, data.get("questions")
    if not isinstance(data, list):
        raise _fail(path, "expected a list of questions (or a mapping with a 'questions' list)")
    items = []
    for i, rec in enumerate(data, start=1):
        if not isinstance(rec, dict):
            raise _fail(path, f"question {i}: expected a mapping with id and question")
        paras = rec.get("paraphrases") or []
        if isinstance(paras, str):
            paras = paras.split("||")
        if not isinstance(paras, list):
            raise _fail(path, f"question {i}: 'paraphrases' must be a list")
        refs = rec.get("references") or {}
        if not isinstance(refs, dict):
            raise _fail(path, f"question {i}: 'references' must be a mapping of bundle to answer")
        items.append((_question(path, f"question {i}", rec, [_text(p) for p in paras]), refs))
    return _build(path, _text(meta.get("name")) or path.stem, _text(meta.get("attribution")), items)


def _from_csv(path: Path, text: str) -> QuestionBank:
    try:
        reader = csv.DictReader(io.StringIO(text), strict=True)
        header = [(h or "").strip().lower() for h in reader.fieldnames or []]
        if not header:
            raise _fail(path, "empty CSV (no header row)")
        header = ["id" if h == "id_question" else h for h in header]
        reader.fieldnames = header
        missing = [c for c in ("id", "question") if c not in header]
        if missing:
            raise _fail(path, f"missing required column(s): {', '.join(missing)}")
        para_cols = sorted((int(m.group(1)), h) for h in header if (m := re.fullmatch(r"paraphrase_?(\d+)", h)))
        ref_cols = [(h[len("reference_") :], h) for h in header if h.startswith("reference_") and len(h) > len("reference_")]
        items = []
        for row in reader:
            line = reader.line_num
            if None in row:
                raise _fail(path, f"line {line}: more fields than the header")
            if not any(_text(v) for v in row.values()):
                continue
            paras = [_text(row[h]) for _, h in para_cols]
            if "paraphrases" in row:
                paras += [p.strip() for p in _text(row["paraphrases"]).split("||")]
            refs = {bundle: row[h] for bundle, h in ref_cols}
            items.append((_question(path, f"line {line}", row, paras), refs))
    except csv.Error as exc:
        raise _fail(path, f"malformed CSV: {exc}") from exc
    return _build(path, path.stem, "", items)


def load_bank(path: str | Path) -> QuestionBank:
    """Load a question bank from .json (GenAIPABench format or a list), .csv or .yaml/.yml; raises InputError naming the file."""
    p = Path(path)
    suffix = p.suffix.lower()
    if suffix not in (".json", ".csv", ".yaml", ".yml"):
        raise _fail(p, f"unsupported question bank format '{suffix or '(none)'}' (use .json, .csv, .yaml or .yml)")
    text = _read_text(p, "question bank")
    if suffix == ".csv":
        return _from_csv(p, text)
    if suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise _fail(p, f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from exc
    else:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f" at line {mark.line + 1} column {mark.column + 1}" if mark else ""
            raise _fail(p, f"invalid YAML: {getattr(exc, 'problem', None) or exc}{where}") from exc
    return _from_records(p, data)


def policy_bank() -> QuestionBank:
    """The 32 GenAIPABench privacy-policy questions (8 categories x f1/f2/f3/u1, 3 paraphrases each)."""
    return load_bank(POLICY_BANK)


def regulation_bank() -> QuestionBank:
    """The 6 GenAIPABench regulation questions ("[regulation]" placeholder; project-written paraphrases)."""
    return load_bank(REGULATION_BANK)


# --------------------------------------------------------------------------- reference answers


def reference_documents() -> list[str]:
    """Names (file stems) of the shipped reference-answer sets, e.g. ["airbnb", ..., "uber"]."""
    return sorted(p.stem for p in REFERENCES_DIR.glob("*.json"))


def load_references_file(path: str | Path) -> dict[str, Reference]:
    """Read one reference file ``{"document": ..., "answers": {qid: {"answer", "parts", "addressed"}}}``."""
    p = Path(path)
    try:
        data = json.loads(_read_text(p, "reference file"))
    except json.JSONDecodeError as exc:
        raise _fail(p, f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from exc
    answers = data.get("answers") if isinstance(data, dict) else None
    if not isinstance(answers, dict):
        raise _fail(p, "expected a mapping with an 'answers' mapping")
    document = _text(data.get("document")) or p.stem
    out: dict[str, Reference] = {}
    for qid, value in answers.items():
        ref = _reference(p, document, str(qid), value) if isinstance(value, dict) else None
        if ref is None:
            raise _fail(p, f"{qid}: missing answer")
        out[str(qid)] = ref
    return out


def load_references(document: str) -> dict[str, Reference]:
    """Shipped expert answers for a policy or regulation ("Uber", "gdpr", ...), keyed by question id."""
    key = document.strip().lower()
    path = REFERENCES_DIR / f"{key}.json"
    if not re.fullmatch(r"[a-z0-9_-]+", key) or not path.is_file():
        raise InputError(
            f"{REFERENCES_DIR}: no reference answers for '{document}' (available: {', '.join(reference_documents())})"
        )
    return load_references_file(path)
