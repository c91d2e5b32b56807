"""Command-line interface: ``privacy-assistant`` (also ``python -m assistant``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from pathlib import Path
from typing import Any

from .errors import AssistantError, InputError
from .progress import progress_printer

EXIT_ERROR = 1


def _err(msg: str) -> None:
    print(f"error: {_safe(msg)}", file=sys.stderr)


def _safe(value: object) -> str:
    """Stored text as printed: no terminal escape sequences or control characters, whatever a page's title held."""
    from .extract import strip_controls

    return strip_controls(str(value)).replace("\n", " ").replace("\t", " ")


def data_home(args: argparse.Namespace) -> Path | None:
    """The data folder named by ``--data-dir`` (``None``: the default, see :func:`assistant.paths.data_dir`)."""
    value = getattr(args, "data_dir", None)
    return Path(value).expanduser() if value else None


def _assistant(args: argparse.Namespace) -> Any:
    from .config import settings_from_options
    from .core import Assistant

    home = data_home(args)
    return Assistant(home=home, settings=settings_from_options(args, home))


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, indent=2, ensure_ascii=False))


def cmd_ingest(args: argparse.Namespace) -> int:
    from .core import drain

    a = _assistant(args)
    result = drain(a.ingest(args.sources, name=args.name, company=args.company, force=args.force), progress_printer(getattr(args, "quiet", False)))
    if args.json:
        _print_json(result.__dict__)
    else:
        print(f"bundle {result.bundle} ({result.company}): {len(result.added)} added, {len(result.updated)} updated, "
              f"{len(result.unchanged)} unchanged; {result.sections} sections, {result.passages} passages, {result.links} cross-references")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    a = _assistant(args)
    bundles = [a.bundle(b.name) for b in a.bundles()]
    if args.json:
        _print_json([{"name": b.name, "company": b.company, "updated": b.updated,
                      "documents": [{"id": d.id, "title": d.title, "kind": d.kind, "abbrev": d.abbrev, "source": d.source} for d in b.documents]}
                     for b in bundles])
        return 0
    if not bundles:
        print("no bundles yet; try: privacy-assistant ingest resources/samples/brightcart")
    for b in bundles:
        print(f"{_safe(b.name)}  ({_safe(b.company)}, {len(b.documents)} documents, updated {b.updated})")
        for d in b.documents:
            print(f"    [{_safe(d.abbrev)}] {_safe(d.title)}  ({d.kind}; {_safe(d.source)})")
    return 0


def _print_answer(answer: Any) -> None:
    print(textwrap.fill(answer.text, width=100))
    if answer.citations:
        print("\nSources:")
        for c in answer.citations:
            print(f"  [{c.cite_id}] {c.document} — {c.heading}")
    if answer.related:
        print("\nRelated sections:")
        for e in answer.related:
            print(f"  {e.cite_id} {e.document} — {e.heading}")
    label = {"generative": answer.model, "composed": "composed from the policy's sentences", "extractive": "extractive (quoted)",
             "abstain": "not addressed"}.get(answer.mode, answer.mode)
    print(f"\n({label}; {answer.timings.get('total_s', 0):.2f} s)", file=sys.stderr)


def cmd_ask(args: argparse.Namespace) -> int:
    from .core import drain

    a = _assistant(args)
    answer = drain(a.ask(args.bundle, args.question, use_model=not args.no_model))
    if args.json:
        _print_json(answer.to_json())
    else:
        _print_answer(answer)
    return 0


def cmd_summarize(args: argparse.Namespace) -> int:
    from .core import drain

    a = _assistant(args)
    summary = drain(a.summarize(args.bundle, use_model=not args.no_model), progress_printer(getattr(args, "quiet", False)))
    if args.json:
        _print_json(summary.to_json())
    else:
        print(summary.text)
        if summary.citations:
            print("\nSources:")
            for c in summary.citations:
                print(f"  [{c.cite_id}] {c.document} — {c.heading}")
    return 0


def cmd_report(args: argparse.Namespace) -> int:
    from .core import drain
    from .report_render import to_html, to_markdown

    out = Path(args.out) if args.out else None
    if out is not None and out.suffix.lower() not in (".md", ".html", ".htm", ".json"):
        raise InputError(f"--out must end in .md, .html or .json, not {out.name!r}")
    a = _assistant(args)
    if args.changes:
        changes = a.report_changes(args.bundle)
        if args.json:
            _print_json(changes.to_json())
        else:
            print(changes.to_markdown(), end="")
        return 0
    card = drain(a.report(args.bundle, refresh=args.refresh), progress_printer(getattr(args, "quiet", False)))
    trust = a.trust()  # the self-benchmark's latest figures per question category, shown beside each row
    if out is not None:
        suffix = out.suffix.lower()
        text = (to_html(card, trust) if suffix in (".html", ".htm") else
                json.dumps({**card.to_json(), "trust": [f.to_json() for f in trust]}, indent=2) if suffix == ".json" else to_markdown(card, trust))
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot write {out}: {exc.strerror or exc}") from exc
        print(f"report card written to {out}")
    elif args.json:
        _print_json({**card.to_json(), "trust": [f.to_json() for f in trust]})
    else:
        print(to_markdown(card, trust), end="")
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    a = _assistant(args)
    hits = a.search(args.bundle, args.query, args.k)
    if args.json:
        _print_json({"query": args.query, "results": [h.to_json() for h in hits]})
        return 0
    for h in hits:
        print(f"[{h.cite_id}] {h.document} — {h.heading}  (score {h.score:.3f})")
        print(textwrap.indent(textwrap.fill(h.text, 96), "    "))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    a = _assistant(args)
    b = a.bundle(args.bundle)
    out = []
    for d in b.documents:
        secs = a.sections(d.id)
        out.append({"document": d.title, "kind": d.kind, "source": d.source,
                    "links": [{"target": link.target, "anchor": link.anchor, "document_id": link.target_document_id} for link in d.links if link.target_document_id],
                    "sections": [{"id": s.cite_id, "heading": s.heading, "words": len(s.text.split()), "page": s.page} for s in secs]})
    if args.json:
        _print_json({"bundle": b.name, "company": b.company, "documents": out})
        return 0
    print(f"{_safe(b.name)} ({_safe(b.company)})")
    for d in out:
        print(f"\n{_safe(d['document'])} ({d['kind']})")
        for s in d["sections"]:
            page = f", p. {s['page']}" if s["page"] else ""
            print(f"  {_safe(s['id']):<16} {_safe(s['heading'])[:80]}  ({s['words']} words{page})")
        for link in d["links"]:
            print(f"  → refers to document {link['document_id']} ({_safe(link['anchor'] or link['target'])})")
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    a = _assistant(args)
    a.remove_bundle(args.bundle)
    print(f"removed bundle {args.bundle}")
    return 0


def cmd_model(args: argparse.Namespace) -> int:
    a = _assistant(args)
    status = a.model_status()
    if args.json:
        _print_json(status)
    else:
        for k, v in status.items():
            print(f"{k}: {v}")
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Load the bundled sample (if needed) and answer a sample question."""
    from .core import drain
    from .paths import sample_bundle_dir

    a = _assistant(args)
    if not any(b.name == "brightcart" for b in a.bundles()):
        drain(a.ingest([str(sample_bundle_dir())]), progress_printer(getattr(args, "quiet", False)))
    question = args.question or "How long is my data stored?"
    print(f"Q: {question}\n")
    _print_answer(drain(a.ask("brightcart", question)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    try:
        import eval.cli as eval_cli
    except ImportError as exc:
        raise AssistantError(f"the {args.suite} suite is not available in this build ({exc})") from exc
    return int(eval_cli.run(args, lambda: _assistant(args)))


def cmd_gui(args: argparse.Namespace) -> int:
    try:
        from ui.app import main as gui_main
    except ImportError as exc:
        raise AssistantError(f"the desktop app is not available: {exc}") from exc
    home = data_home(args)
    return int(gui_main([], home=str(home) if home else None))


def _window_check() -> Any:
    """The self-test's window check (opens the window offscreen on an assistant), None without the desktop app."""
    try:
        from ui.app import smoke_window
    except ImportError:
        return None
    return smoke_window


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="privacy-assistant", description="Ask a site's privacy policy bundle questions; answers cite the sections they rest on.")
    p.add_argument("--data-dir", help="data folder (default: the user data dir; env PRIVACY_ASSISTANT_HOME)")
    p.add_argument("--model", help="GGUF model file ('embedded' = the shipped model, '' = none, extractive mode)")
    p.add_argument("--n-gpu-layers", type=int, help="layers to offload to a GPU (-1 = all, 0 = CPU); needs a CUDA/Metal build of llama-cpp-python")
    p.add_argument("--ctx", type=int, help="model context size in tokens")
    p.add_argument("--threads", type=int, help="CPU threads for the model (0 = automatic)")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress messages")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("ingest", help="load documents (files, folders, URLs, manifests) into a bundle")
    s.add_argument("sources", nargs="+", metavar="PATH_OR_URL")
    s.add_argument("--name", "--bundle", dest="name", help="bundle name (default: from the manifest, company, site or title; "
                   "an existing bundle of another company is never added to unless named here)")
    s.add_argument("--company", help="company or service the bundle belongs to")
    s.add_argument("--force", action="store_true", help="load documents even if they do not look like policies, and replace "
                   "a stored document with a new version that lost most of its sections")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_ingest)

    s = sub.add_parser("list", help="list bundles and their documents")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_list)

    s = sub.add_parser("ask", help="ask a question about a bundle")
    s.add_argument("--bundle", required=True)
    s.add_argument("question")
    s.add_argument("--json", action="store_true")
    s.add_argument("--no-model", action="store_true", help="extractive mode: quote the evidence, no generation")
    s.set_defaults(func=cmd_ask)

    s = sub.add_parser("summarize", help="cited summary of a bundle")
    s.add_argument("--bundle", required=True)
    s.add_argument("--json", action="store_true")
    s.add_argument("--no-model", action="store_true")
    s.set_defaults(func=cmd_summarize)

    s = sub.add_parser("report", help="the bundle's report card: legal checklist, data practices, readability")
    s.add_argument("--bundle", required=True)
    s.add_argument("--json", action="store_true")
    s.add_argument("--out", metavar="FILE", help="write the card to FILE.md, FILE.html (standalone) or FILE.json")
    s.add_argument("--refresh", action="store_true", help="compute it again even if this version's card is stored")
    s.add_argument("--changes", action="store_true", help="list the stored versions and what changed between the two newest")
    s.set_defaults(func=cmd_report)

    s = sub.add_parser("search", help="search a bundle's passages")
    s.add_argument("--bundle", required=True)
    s.add_argument("query")
    s.add_argument("-k", type=int, default=8)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_search)

    s = sub.add_parser("show", help="documents, sections and cross-references of a bundle")
    s.add_argument("--bundle", required=True)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_show)

    s = sub.add_parser("remove", help="delete a bundle")
    s.add_argument("--bundle", required=True)
    s.set_defaults(func=cmd_remove)

    s = sub.add_parser("model", help="which model answers, and whether GPU offload is available")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_model)

    s = sub.add_parser("demo", help="load the bundled sample and answer a sample question")
    s.add_argument("question", nargs="?")
    s.set_defaults(func=cmd_demo)

    s = sub.add_parser("gui", help="open the desktop app")
    s.set_defaults(func=cmd_gui)

    from .doctor import add_parser as add_doctor_parser  # doctor [--repair] [--json]: the vector index against SQLite

    add_doctor_parser(sub, _assistant)

    from .selftest import add_parser as add_selftest_parser  # selftest: model, embedder, sample, cited answer, window

    add_selftest_parser(sub, _window_check)

    b = sub.add_parser("bench", help="benchmarks and self-evaluation")
    bsub = b.add_subparsers(dest="suite", required=True)
    _add_eval_parsers(bsub)
    b.set_defaults(func=cmd_bench)
    return p


def _add_eval_parsers(bsub: Any) -> None:
    try:
        import eval.cli as eval_cli
    except ImportError:
        return
    eval_cli.add_parsers(bsub)


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except AssistantError as exc:
        _err(str(exc))
        return EXIT_ERROR
    except KeyboardInterrupt:
        _err("interrupted")
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # noqa: BLE001 - last resort: one line, no traceback
        _err(f"unexpected {type(exc).__name__}: {exc}")
        if os.environ.get("PRIVACY_ASSISTANT_DEBUG"):
            raise
        return EXIT_ERROR


if __name__ == "__main__":
    sys.exit(main())
