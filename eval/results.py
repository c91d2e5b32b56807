"""SQLite storage of evaluation runs, answers and scores (``<data dir>/eval.db``, numbered migrations).

Every answer is written (and committed) the moment it exists, so a crash, a cancel or a failing judge
never loses what was already asked; a replay skips the (run, init, policy, question, variant) rows it finds.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlite_utils

from assistant.errors import StorageError
from assistant.storage import migrate, now

DB_NAME = "eval.db"


def _m001_runs_answers(db: sqlite_utils.Database) -> None:
    db.table("runs").create(
        {"id": str, "suite": str, "created": str, "updated": str, "status": str, "settings": str, "model": str, "stats": str},
        pk="id",
    )
    db.table("answers").create(
        {"id": int, "run_id": str, "run_no": int, "init": str, "policy": str, "question_id": str, "variant": str,
         "category": str, "source": str, "question": str, "text": str, "answerable": int, "status": str, "mode": str,
         "citations": str, "evidence": str, "model": str, "timings": str, "reference": str, "addressed": int,
         "meta": str, "created": str},
        pk="id", foreign_keys=[("run_id", "runs", "id")],
    )
    db.table("answers").create_index(["run_id", "run_no", "init", "policy", "question_id", "variant"], unique=True)
    db.table("contexts").create(
        {"id": int, "run_id": str, "run_no": int, "init": str, "policy": str, "text": str, "meta": str, "created": str},
        pk="id", foreign_keys=[("run_id", "runs", "id")],
    )
    db.table("contexts").create_index(["run_id", "run_no", "init", "policy"], unique=True)


def _m002_scores(db: sqlite_utils.Database) -> None:
    db.table("free_scores").create(
        {"answer_id": int, "citation_validity": float, "cited": int, "valid_cited": int, "abstention_correct": int,
         "similarity": float, "qa_similarity": float, "coverage": float, "stance": str,
         "relevance": float, "accuracy": float, "clarity": float, "completeness": float, "reference": float,
         "m_all": float, "band": str, "details": str, "created": str},
        pk="answer_id", foreign_keys=[("answer_id", "answers", "id")],
    )
    db.table("judge_scores").create(
        {"id": int, "answer_id": int, "judge": str, "status": str, "relevance": float, "accuracy": float, "clarity": float,
         "completeness": float, "reference": float, "m_all": float, "band": str, "reasons": str, "raw": str, "error": str,
         "seconds": float, "created": str},
        pk="id", foreign_keys=[("answer_id", "answers", "id")],
    )
    db.table("judge_scores").create_index(["answer_id", "judge"], unique=True)


def _m003_privaci(db: sqlite_utils.Database) -> None:
    db.table("privaci").create(
        {"id": int, "run_id": str, "case_no": int, "domain": str, "gold": str, "pred": str, "vote": str, "raw": str,
         "retrieved": str, "seconds": float, "created": str},
        pk="id", foreign_keys=[("run_id", "runs", "id")],
    )
    db.table("privaci").create_index(["run_id", "case_no"], unique=True)


def _m004_verdict_agreement(db: sqlite_utils.Database) -> None:
    db.table("free_scores").add_column("verdict_agrees", int)


MIGRATIONS: list[tuple[str, Callable[[sqlite_utils.Database], None]]] = [
    ("001_runs_answers", _m001_runs_answers),
    ("002_scores", _m002_scores),
    ("003_privaci", _m003_privaci),
    ("004_verdict_agreement", _m004_verdict_agreement),
]


def run_id_for(suite: str, settings: dict[str, Any]) -> str:
    """A stable id for the settings that change answers (same settings = same run, so a replay resumes)."""
    blob = json.dumps({"suite": suite, **settings}, sort_keys=True, default=str)
    return f"{suite}-{hashlib.sha256(blob.encode()).hexdigest()[:10]}"


@dataclass
class Selection:
    """Which stored answers of a run a replay or a report is about (empty = all)."""

    policies: list[str] = field(default_factory=list)
    inits: list[str] = field(default_factory=list)
    question_ids: list[str] = field(default_factory=list)
    variants: list[str] = field(default_factory=list)
    runs: int | None = None

    def where(self) -> tuple[str, list[Any]]:
        clauses: list[str] = []
        params: list[Any] = []
        for col, values in (("policy", self.policies), ("init", self.inits), ("question_id", self.question_ids), ("variant", self.variants)):
            if values:
                clauses.append(f"{col} IN ({', '.join('?' for _ in values)})")
                params.extend(values)
        if self.runs:
            clauses.append("run_no <= ?")
            params.append(self.runs)
        return " AND ".join(clauses), params

    def to_json(self) -> dict[str, Any]:
        return {"policies": self.policies, "inits": self.inits, "question_ids": self.question_ids, "variants": self.variants, "runs": self.runs}


class ResultsDB:
    """The evaluation database; each write is its own transaction."""

    def __init__(self, path: Path):
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(str(self.path), check_same_thread=False, timeout=30)
            self.db = sqlite_utils.Database(conn)
            self.db.execute("PRAGMA journal_mode=WAL")
            migrate(self.db, MIGRATIONS)
        except (sqlite3.Error, OSError) as exc:
            raise StorageError(f"cannot open the evaluation database at {self.path}: {exc}") from exc

    @classmethod
    def for_home(cls, home: Path) -> ResultsDB:
        return cls(Path(home) / DB_NAME)

    def close(self) -> None:
        self.db.conn.close()

    # runs --------------------------------------------------------------------
    def ensure_run(self, run_id: str, suite: str, settings: dict[str, Any], model: str) -> dict[str, Any]:
        with self.db.conn:
            rows = list(self.db.table("runs").rows_where("id = ?", [run_id]))
            if rows:
                self.db.table("runs").update(run_id, {"updated": now(), "status": "running"})
            else:
                self.db.table("runs").insert({"id": run_id, "suite": suite, "created": now(), "updated": now(), "status": "running",
                                              "settings": json.dumps(settings, default=str), "model": model, "stats": "{}"})
        return self.run(run_id)

    def run(self, run_id: str) -> dict[str, Any]:
        rows = list(self.db.table("runs").rows_where("id = ?", [run_id]))
        if not rows:
            raise StorageError(f"no evaluation run {run_id!r} in {self.path}")
        row = dict(rows[0])
        row["settings"] = json.loads(row["settings"] or "{}")
        row["stats"] = json.loads(row["stats"] or "{}")
        return row

    def runs(self, suite: str | None = None) -> list[dict[str, Any]]:
        where, params = ("suite = ?", [suite]) if suite else (None, [])
        out = []
        for row in self.db.table("runs").rows_where(where, params, order_by="updated desc"):
            row = dict(row)
            row["settings"] = json.loads(row["settings"] or "{}")
            row["stats"] = json.loads(row["stats"] or "{}")
            row["answers"] = self.db.execute("SELECT count(*) FROM answers WHERE run_id = ?", [row["id"]]).fetchone()[0]
            out.append(row)
        return out

    def finish_run(self, run_id: str, status: str, stats: dict[str, Any] | None = None) -> None:
        with self.db.conn:
            update: dict[str, Any] = {"status": status, "updated": now()}
            if stats is not None:
                merged = self.run(run_id)["stats"]
                merged.update(stats)
                update["stats"] = json.dumps(merged, default=str)
            self.db.table("runs").update(run_id, update)

    # answers -----------------------------------------------------------------
    def done_keys(self, run_id: str) -> set[tuple[int, str, str, str, str]]:
        cur = self.db.execute("SELECT run_no, init, policy, question_id, variant FROM answers WHERE run_id = ?", [run_id])
        return {tuple(r) for r in cur.fetchall()}  # type: ignore[misc]

    def add_answer(self, row: dict[str, Any]) -> int:
        """Store one answer (JSON fields are encoded here); returns its id."""
        rec = dict(row)
        for key in ("citations", "evidence", "timings", "reference", "meta"):
            if not isinstance(rec.get(key), str):
                rec[key] = json.dumps(rec.get(key) if rec.get(key) is not None else ({} if key in ("timings", "meta", "reference") else []),
                                      ensure_ascii=False, default=str)
        rec["answerable"] = int(bool(rec.get("answerable")))
        rec["addressed"] = None if rec.get("addressed") is None else int(bool(rec["addressed"]))
        rec.setdefault("created", now())
        with self.db.conn:
            table = self.db.table("answers")
            table.insert(rec, replace=True)
            return int(table.last_pk)  # type: ignore[arg-type]

    def answers(self, run_id: str, selection: Selection | None = None) -> list[dict[str, Any]]:
        """Stored answers of a run (JSON fields decoded), oldest first."""
        where, params = (selection or Selection()).where()
        sql = "run_id = ?" + (f" AND {where}" if where else "")
        rows = []
        for row in self.db.table("answers").rows_where(sql, [run_id, *params], order_by="id"):
            r = dict(row)
            for key in ("citations", "evidence", "timings", "reference", "meta"):
                r[key] = json.loads(r[key]) if r.get(key) else ({} if key in ("timings", "meta", "reference") else [])
            r["answerable"] = bool(r["answerable"])
            r["addressed"] = None if r["addressed"] is None else bool(r["addressed"])
            rows.append(r)
        return rows

    def count_answers(self, run_id: str) -> int:
        return int(self.db.execute("SELECT count(*) FROM answers WHERE run_id = ?", [run_id]).fetchone()[0])

    # contexts (summaries made by initializations 3 and 4) --------------------
    def context(self, run_id: str, run_no: int, init: str, policy: str) -> str | None:
        cur = self.db.execute("SELECT text FROM contexts WHERE run_id = ? AND run_no = ? AND init = ? AND policy = ?", [run_id, run_no, init, policy])
        row = cur.fetchone()
        return None if row is None else str(row[0])

    def add_context(self, run_id: str, run_no: int, init: str, policy: str, text: str, meta: dict[str, Any]) -> None:
        with self.db.conn:
            self.db.table("contexts").insert({"run_id": run_id, "run_no": run_no, "init": init, "policy": policy, "text": text,
                                              "meta": json.dumps(meta, default=str), "created": now()}, replace=True)

    def contexts(self, run_id: str) -> list[dict[str, Any]]:
        return [dict(r) for r in self.db.table("contexts").rows_where("run_id = ?", [run_id], order_by="id")]

    # scores ------------------------------------------------------------------
    def add_free_score(self, answer_id: int, score: dict[str, Any]) -> None:
        rec = {k: v for k, v in score.items() if k != "details"}
        rec["answer_id"] = answer_id
        rec["details"] = json.dumps(score.get("details") or {}, default=str)
        rec["abstention_correct"] = None if rec.get("abstention_correct") is None else int(bool(rec["abstention_correct"]))
        rec["verdict_agrees"] = None if rec.get("verdict_agrees") is None else int(bool(rec["verdict_agrees"]))
        rec["created"] = now()
        with self.db.conn:
            self.db.table("free_scores").insert(rec, replace=True)

    def free_scores(self, answer_ids: Iterable[int]) -> dict[int, dict[str, Any]]:
        ids = list(answer_ids)
        out: dict[int, dict[str, Any]] = {}
        for chunk in (ids[i:i + 500] for i in range(0, len(ids), 500)):
            sql = f"answer_id IN ({', '.join('?' for _ in chunk)})"
            for row in self.db.table("free_scores").rows_where(sql, chunk):
                r = dict(row)
                r["details"] = json.loads(r["details"] or "{}")
                out[int(r["answer_id"])] = r
        return out

    def add_judge_score(self, answer_id: int, judge: str, score: dict[str, Any]) -> None:
        rec = dict(score)
        rec.update({"answer_id": answer_id, "judge": judge, "created": now()})
        with self.db.conn:
            self.db.execute("DELETE FROM judge_scores WHERE answer_id = ? AND judge = ?", [answer_id, judge])
            self.db.table("judge_scores").insert(rec)

    def judge_scores(self, answer_ids: Iterable[int], judge: str | None = None) -> dict[int, list[dict[str, Any]]]:
        ids = list(answer_ids)
        out: dict[int, list[dict[str, Any]]] = {}
        for chunk in (ids[i:i + 500] for i in range(0, len(ids), 500)):
            sql = f"answer_id IN ({', '.join('?' for _ in chunk)})" + (" AND judge = ?" if judge else "")
            for row in self.db.table("judge_scores").rows_where(sql, [*chunk, *([judge] if judge else [])], order_by="id"):
                out.setdefault(int(row["answer_id"]), []).append(dict(row))
        return out

    # privaci -----------------------------------------------------------------
    def privaci_done(self, run_id: str) -> set[int]:
        return {int(r[0]) for r in self.db.execute("SELECT case_no FROM privaci WHERE run_id = ?", [run_id]).fetchall()}

    def add_privaci(self, row: dict[str, Any]) -> None:
        rec = dict(row)
        rec["retrieved"] = json.dumps(rec.get("retrieved") or [], ensure_ascii=False)
        rec["created"] = now()
        with self.db.conn:
            self.db.table("privaci").insert(rec, replace=True)

    def privaci_rows(self, run_id: str, case_nos: Iterable[int] | None = None) -> list[dict[str, Any]]:
        rows = [dict(r) for r in self.db.table("privaci").rows_where("run_id = ?", [run_id], order_by="case_no")]
        if case_nos is not None:
            wanted = set(case_nos)
            rows = [r for r in rows if r["case_no"] in wanted]
        for r in rows:
            r["retrieved"] = json.loads(r["retrieved"] or "[]")
        return rows
