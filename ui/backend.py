"""Small adapters the UI needs on top of the :class:`~assistant.core.Assistant` facade.

Nothing here touches the model, the vector store or torch directly; every call goes through the facade.
The functions that do heavy work are generators, run on the job queue (:mod:`ui.worker`).
"""

from __future__ import annotations

import html
import json
import re
import tempfile
import threading
from collections.abc import Generator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from assistant.errors import DocumentShrankError, InputError
from assistant.models import DOCUMENT_KINDS, Progress
from assistant.report_render import trust_figure_html
from assistant.report_render import trust_target as trust_target  # re-exported: the tabs read the links through backend

if TYPE_CHECKING:
    from assistant.core import Assistant

REPO_ROOT = Path(__file__).resolve().parent.parent

#: Questions offered on an empty conversation.
STARTER_QUESTIONS = [
    "How long is my data stored?",
    "Is my personal information sold to third parties?",
    "Who is my data shared with?",
    "Can I delete my account and my data?",
    "What cookies and tracking technologies are used?",
    "How do I contact the company about privacy?",
]

KIND_LABELS = {
    "privacy_policy": "Privacy policy",
    "terms_of_use": "Terms of use",
    "cookie_policy": "Cookie policy",
    "regional_notice": "Regional notice",
    "regulation": "Regulation",
    "other": "Other",
}
assert set(KIND_LABELS) == set(DOCUMENT_KINDS)

MANIFEST_NAMES = ("bundle.toml", "bundle.json", "manifest.toml", "manifest.json")


@dataclass
class SourceItem:
    """One location the user wants to load, with an optional kind and title override."""

    location: str
    kind: str | None = None  # None = detect automatically
    title: str | None = None

    @property
    def is_url(self) -> bool:
        return bool(re.match(r"^https?://", self.location, re.I))

    @property
    def is_container(self) -> bool:
        """A folder or a manifest: it names its own documents (and maybe their kinds)."""
        if self.is_url:
            return False
        p = Path(self.location).expanduser()
        return p.is_dir() or (p.suffix.lower() in (".toml", ".json") and p.is_file())


@dataclass
class CiteTarget:
    """Where a citation points: a character range of one document of a bundle."""

    bundle: str
    cite_id: str
    document_id: int | None
    start: int
    end: int
    heading: str = ""
    text: str = ""


# --------------------------------------------------------------------------- ready-made bundles


def sample_dir() -> Path:
    from assistant.paths import sample_bundle_dir

    return sample_bundle_dir()


def genaipabench_dir() -> Path | None:
    """The GenAIPABench data folder next to the repository (absent on most user machines, and in builds without ``eval``)."""
    try:
        from eval.registry import find_genaipabench
    except ImportError:
        return None
    return find_genaipabench()


@dataclass
class ReadyMade:
    """A bundle offered from first start: the sample, or a GenAIPABench policy or regulation."""

    label: str
    bundle: str
    company: str
    items: list[SourceItem]
    force: bool = False


def genaipabench_policies() -> list[ReadyMade]:
    """Every GenAIPABench policy and regulation found, named as the benchmark names them (so both share one bundle)."""
    root = genaipabench_dir()
    if root is None:
        return []
    out: list[ReadyMade] = []
    from eval.registry import policies_dir, regulations_dir

    folder = policies_dir(root)
    for f in sorted(folder.glob("*_document.txt")) if folder.is_dir() else []:
        company = f.name.removesuffix("_document.txt")
        out.append(ReadyMade(f"{company} privacy policy (GenAIPABench)", f"genaipabench-{company.lower()}", company,
                             [SourceItem(str(f), "privacy_policy", f"{company} Privacy Policy")], force=True))
    folder = regulations_dir(root)
    for f in sorted(folder.glob("*_document.txt")) if folder.is_dir() else []:
        label = f.name.removesuffix("_document.txt").upper()
        out.append(ReadyMade(f"{label} regulation (GenAIPABench)", f"regulation-{label.lower()}", label,
                             [SourceItem(str(f), "regulation", label)], force=True))
    return out


def ready_made() -> list[ReadyMade]:
    """The sample bundle first, then whatever GenAIPABench data is on this machine."""
    out: list[ReadyMade] = []
    sample = sample_dir()
    if sample.is_dir():
        out.append(ReadyMade("BrightCart sample (fictional shop, 4 documents)", "brightcart", "", [SourceItem(str(sample))]))
    return out + genaipabench_policies()


def bundle_name_for(company: str) -> str:
    return re.sub(r"[^a-z0-9.\-]+", "-", company.lower()).strip("-") or "bundle"


# --------------------------------------------------------------------------- ingestion with kinds


def _manifest_for(items: list[SourceItem], folder: Path) -> Path:
    docs: list[dict[str, Any]] = []
    for it in items:
        entry: dict[str, Any] = {"url": it.location} if it.is_url else {"path": str(Path(it.location).expanduser().resolve())}
        if it.kind:
            entry["kind"] = it.kind
        if it.title:
            entry["title"] = it.title
        docs.append(entry)
    path = folder / "ui-manifest.json"
    path.write_text(json.dumps({"documents": docs}, indent=2), encoding="utf-8")
    return path


def ingest_items(assistant: Assistant, items: list[SourceItem], name: str | None = None, company: str | None = None,
                 force: bool = False, cancel: threading.Event | None = None, allow_shrink: bool = False) -> Generator[Progress, None, Any]:
    """Ingest files, folders, URLs and manifests, applying the kinds and titles chosen in the UI.

    The facade takes plain locations; a kind or title chosen for a plain file or URL is passed as a
    temporary JSON manifest (the facade's own manifest format), so nothing is lost.
    """
    if not items:
        raise InputError("nothing to load: add at least one file, folder, URL or manifest")
    for it in items:
        if it.kind is not None and it.kind not in DOCUMENT_KINDS:
            raise InputError(f"unknown document kind {it.kind!r}")
    plain = [it for it in items if not it.is_container and (it.kind or it.title)]
    rest = [it.location for it in items if it not in plain]
    with tempfile.TemporaryDirectory(prefix="pa-ui-") as tmp:
        locations = ([str(_manifest_for(plain, Path(tmp)))] if plain else []) + rest
        return (yield from assistant.ingest(locations, name=name or None, company=company or None, force=force, cancel=cancel,
                                            allow_shrink=allow_shrink))


@dataclass
class ShrinkRefused:
    """A re-index that would replace a stored document by a version that lost most of it: the user decides."""

    message: str


def reindex(assistant: Assistant, name: str, cancel: threading.Event | None = None,
            allow_shrink: bool = False) -> Generator[Progress, None, Any]:
    """Re-read every document of a bundle from its source, keeping the kinds and titles it has now.

    (``Assistant.reindex`` re-detects kinds and titles, which would renumber citations of documents whose
    kind was chosen by hand; unchanged documents are still skipped.)
    """
    docs = assistant.documents(name)
    if not docs:
        raise InputError(f"bundle {name!r} has no documents")
    company = assistant.bundle(name).company
    items = [SourceItem(d.source, d.kind, d.title) for d in docs]
    try:
        return (yield from ingest_items(assistant, items, name=name, company=company, force=True, cancel=cancel,
                                        allow_shrink=allow_shrink))
    except DocumentShrankError as exc:
        return ShrinkRefused(str(exc))


# --------------------------------------------------------------------------- citations


def cite_index(assistant: Assistant, bundle: str) -> dict[str, CiteTarget]:
    """cite id -> whole section, for every section of a bundle (used for history and related sections)."""
    out: dict[str, CiteTarget] = {}
    for d in assistant.documents(bundle):
        for s in assistant.sections(d.id or 0):
            out.setdefault(s.cite_id, CiteTarget(bundle, s.cite_id, d.id, s.start, s.end, s.heading, s.text))
    return out


def citation_target(bundle: str, citation: Any) -> CiteTarget:
    """A :class:`~assistant.models.Citation` or :class:`~assistant.models.Evidence` as a :class:`CiteTarget`."""
    return CiteTarget(bundle, citation.cite_id, citation.document_id, int(citation.start or 0), int(citation.end or 0),
                      getattr(citation, "heading", ""), getattr(citation, "text", ""))


def message_targets(bundle: str, message: Any, index: dict[str, CiteTarget]) -> tuple[list[CiteTarget], list[CiteTarget]]:
    """The citations and related sections of a stored assistant message, resolved to document ranges."""
    offsets = (message.meta or {}).get("citation_offsets") or {}
    cites: list[CiteTarget] = []
    for c in message.citations or []:
        cid = c.get("id", "")
        off = offsets.get(cid)
        base = index.get(cid)
        if off and len(off) == 3:
            cites.append(CiteTarget(bundle, cid, off[0], int(off[1]), int(off[2]), c.get("heading", ""), c.get("text", "")))
        elif base is not None:
            cites.append(CiteTarget(bundle, cid, base.document_id, base.start, base.end, c.get("heading", ""), c.get("text", "")))
        else:
            cites.append(CiteTarget(bundle, cid, None, 0, 0, c.get("heading", ""), c.get("text", "")))
    related: list[CiteTarget] = []
    for r in (message.meta or {}).get("related") or []:
        cid = r.get("id", "")
        base = index.get(cid)
        related.append(CiteTarget(bundle, cid, base.document_id if base else None, base.start if base else 0, base.end if base else 0,
                                  r.get("heading", ""), r.get("text", "")))
    return cites, related


NO_RUN_YET = "Benchmark: no benchmark run yet (run one in the Benchmark tab to see how far answers like this can be trusted)."


def trust_html(figures: list[Any], any_run: bool, category_label: str = "") -> str:
    """The self-benchmark's figures for one question category as one line of rich text, each linked to its run."""
    if not any_run:
        return html.escape(NO_RUN_YET)
    if not figures:
        what = f" ({html.escape(category_label)})" if category_label else ""
        return f"Benchmark: no benchmark question of this kind{what} yet."
    return f"Benchmark, {html.escape(figures[0].category_label)}: " + " · ".join(trust_figure_html(f) for f in figures)


def utf16_offset(text: str, index: int) -> int:
    """A Python string index as a Qt (UTF-16) text position."""
    index = max(0, min(index, len(text)))
    prefix = text[:index]
    if prefix.isascii():
        return index
    return len(prefix.encode("utf-16-le")) // 2


def starter_questions(company: str | None = None) -> list[str]:
    return list(STARTER_QUESTIONS)
