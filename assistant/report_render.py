"""A report card as Markdown, or as one standalone HTML file a person can send to someone."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote

if TYPE_CHECKING:
    from .models import TrustFigure
    from .report import CardRow, ReportCard, ReportChanges

_STANCE = {"yes": "Yes", "no": "No", "not_stated": "Not stated", "not_applicable": "Not applicable", "unclear": "Unclear",
           "answered": "Stated"}


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.0f}th"


def _readability_rows(card: ReportCard) -> list[tuple[str, str, str, str, str, str]]:
    rows = []
    for name, r, p in [*((d.title, d.readability, d.percentiles) for d in card.documents), ("Whole bundle", card.readability, card.percentiles)]:
        rows.append((name, f"{r['words']:,}", f"{r['unique_words']:.2f}", f"{r['reading_minutes']:.0f} min",
                     f"{r['grade']:.1f} ({_pct(p.get('grade'))} percentile)", f"{r['connective_words']:.2f}"))
    return rows


_READ_HEAD = ("Document", "Words", "Unique words", "Reading time", "Reading level (Flesch-Kincaid grade)", "Connective words")


def trust_cell(row: CardRow, trust: list[TrustFigure], links: bool = False) -> str:
    """What the self-benchmark says of questions of this row's kind (HTML; links to the runs when ``links``)."""
    from .categories import category_of

    if row.probe.startswith("looks for "):
        return "read by a rule that looks for the statement (no benchmark measures it)"
    if not trust:
        return "no benchmark run yet"
    mine = [f for f in trust if f.category == category_of(row.probe or row.question)]
    if not mine:
        return "no benchmark question of this kind yet"
    return "<br>".join(trust_figure_html(f, links) for f in mine)


_TRUST_LINK = "trust:"


def trust_figure_html(figure: TrustFigure, links: bool = True) -> str:
    """One figure as HTML: 'verdicts right 88% of 34 (run label)', the label a ``trust:`` link to its run when ``links``."""
    e = html.escape
    run = f'<a href="{_TRUST_LINK}{figure.suite}:{quote(figure.run, safe="")}">{e(figure.run_label)}</a>' if links else e(figure.run_label)
    return f"{e(figure.text())} ({run})"


def trust_target(href: str) -> tuple[str, str] | None:
    """(suite, run) of a link written by :func:`trust_figure_html`, None for another link."""
    if not href.startswith(_TRUST_LINK):
        return None
    suite, _, run = href[len(_TRUST_LINK):].partition(":")
    return suite, unquote(run)


def to_markdown(card: ReportCard, trust: list[TrustFigure] | None = None) -> str:
    """The card as Markdown: checklist (with the benchmark's figures per row when ``trust`` is given), data practices,
    readability."""
    out = [f"# {card.company}: privacy report card", "",
           f"Bundle `{card.bundle}`, version `{card.version}`, computed {card.created}. Every answer quotes the documents; "
           "confidence is how often the card's reading of that question agreed with human coders on 35 coded sites.", "",
           "## Checklist (Marotta-Wurgler & Stein's legal questions)", "",
           "| Question | Answer | Verdict | Confidence | Quoted from |" + (" Benchmark |" if trust is not None else ""),
           "|---|---|---|---|---|" + ("---|" if trust is not None else "")]
    for row in card.checklist:
        cited = "; ".join(f"“{q.text}” [{q.cite_id}]" for q in row.quotes[:1]) or "—"
        answer = row.option_text or "not assessed"
        bench = f" {_cell(html.unescape(trust_cell(row, trust).replace('<br>', '; ')))} |" if trust is not None else ""
        out.append(f"| {row.qid}: {_cell(row.question)} | {_cell(answer)} | {_STANCE.get(row.stance, row.stance)} | "
                   f"{row.confidence:.2f} | {_cell(cited)} |{bench}")
    if card.not_assessed:
        out += ["", f"Not assessed yet: {', '.join(card.not_assessed)}."]
    out += ["", "## Data practices (OPP-115 categories)", ""]
    if card.practices:
        for line in card.practices:
            out.append(f"- **{line.category}** ({len(line.sections)} sections): “{line.sentence}” [{line.cite_id}]")
    else:
        out.append("- " + ("; ".join(card.notes) or "no sections were labelled"))
    out += ["", "## Readability (as GenAIPABench's Table 1; percentile among the 95 OPP-115 policies)", "",
            "| " + " | ".join(_READ_HEAD) + " |", "|" + "---|" * len(_READ_HEAD)]
    out += ["| " + " | ".join(r) + " |" for r in _readability_rows(card)]
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return " ".join(text.replace("|", "\\|").split())


def to_html(card: ReportCard, trust: list[TrustFigure] | None = None, trust_links: bool = False) -> str:
    """The card as a standalone HTML page (no scripts, no external resources); with ``trust``, a Benchmark column."""
    e = html.escape
    bench = (lambda r: f"<td>{trust_cell(r, trust, trust_links)}</td>") if trust is not None else (lambda r: "")
    rows = "".join(
        f"<tr><td><b>{e(r.qid)}</b> {e(r.question)}</td><td>{e(r.option_text or 'not assessed')}</td>"
        f"<td class='{e(r.stance)}'>{e(_STANCE.get(r.stance, r.stance))}</td><td>{r.confidence:.2f}</td>"
        f"<td>{''.join(f'<q>{e(q.text)}</q> <cite>[{e(q.cite_id)}]</cite><br>' for q in r.quotes[:2]) or '&mdash;'}"
        f"{f'<small>{e(r.note)}</small>' if r.note else ''}</td>{bench(r)}</tr>"
        for r in card.checklist)
    practices = "".join(f"<li><b>{e(p.category)}</b> ({len(p.sections)} sections): <q>{e(p.sentence)}</q> <cite>[{e(p.cite_id)}]</cite></li>"
                        for p in card.practices) or f"<li>{e('; '.join(card.notes) or 'no sections were labelled')}</li>"
    read = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>" for r in _readability_rows(card))
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(card.company)}: privacy report card</title>
<style>body{{font-family:system-ui,sans-serif;max-width:72em;margin:2em auto;padding:0 1em;color:#222}}
table{{border-collapse:collapse;width:100%;margin:1em 0}}td,th{{border:1px solid #ccc;padding:.4em;vertical-align:top;text-align:left}}
th{{background:#f3f3f3}}q{{font-style:italic}}cite{{color:#555;font-style:normal}}small{{display:block;color:#666}}
.yes{{color:#0a6}}.no{{color:#b22}}.not_stated,.unclear{{color:#777}}</style></head><body>
<h1>{e(card.company)}: privacy report card</h1>
<p>Bundle <code>{e(card.bundle)}</code>, version <code>{e(card.version)}</code>, computed {e(card.created)}. Every answer quotes the
documents; confidence is how often the card's reading of that question agreed with human coders on 35 coded sites.</p>
<h2>Checklist (Marotta-Wurgler &amp; Stein's legal questions)</h2>
<table><tr><th>Question</th><th>Answer</th><th>Verdict</th><th>Confidence</th><th>Quoted from</th>{'<th>Benchmark</th>' if trust is not None else ''}</tr>{rows}</table>
{f"<p>Not assessed yet: {e(', '.join(card.not_assessed))}.</p>" if card.not_assessed else ''}
<h2>Data practices (OPP-115 categories)</h2><ul>{practices}</ul>
<h2>Readability</h2><p>As GenAIPABench's Table 1 reports it; percentile among the 95 OPP-115 policies.</p>
<table><tr>{''.join(f'<th>{e(h)}</th>' for h in _READ_HEAD)}</tr>{read}</table>
</body></html>
"""


def changes_markdown(changes: ReportChanges) -> str:
    """The versions of a bundle's card and what changed between the two newest, as Markdown."""
    out = ["## Versions", ""]
    out += [f"- `{v['version']}` computed {v['created']}" for v in changes.versions] or ["- no stored card yet"]
    if changes.before:
        out += ["", f"## What changed from `{changes.before}` to `{changes.after}`", ""]
        out += [f"- {a.qid}: {a.before or a.stance_before} → **{a.after or a.stance_after}**" for a in changes.answers] or \
            ["- no checklist answer changed"]
    for doc in changes.documents:
        out += ["", f"### {doc.title} (`{doc.hash_before}` → `{doc.hash_after}`)", ""]
        for removed, added in doc.hunks:
            out += [f"- removed: {_cell(removed) or '—'}", f"  added: {_cell(added) or '—'}"]
    return "\n".join(out) + "\n"


def changes_html(changes: ReportChanges) -> str:
    """The same as an HTML fragment: a version list, the changed answers, and changed paragraphs side by side."""
    e = html.escape
    parts = ["<h2>Versions</h2><ul>" + ("".join(f"<li><code>{e(v['version'])}</code> computed {e(v['created'])}</li>"
                                                for v in changes.versions) or "<li>no stored card yet</li>") + "</ul>"]
    if changes.before:
        rows = "".join(f"<tr><td><b>{e(a.qid)}</b> {e(a.question)}</td><td>{e(a.before or a.stance_before)}</td>"
                       f"<td>{e(a.after or a.stance_after)}</td></tr>" for a in changes.answers)
        parts.append(f"<h2>What changed since the previous version</h2><table><tr><th>Question</th><th>Before</th><th>Now</th></tr>"
                     f"{rows or '<tr><td colspan=3>No checklist answer changed.</td></tr>'}</table>")
    for doc in changes.documents:
        hunks = "".join(f"<tr><td>{e(r) or '&mdash;'}</td><td>{e(a) or '&mdash;'}</td></tr>" for r, a in doc.hunks)
        parts.append(f"<h3>{e(doc.title)}</h3><table><tr><th>Before ({e(doc.hash_before)})</th><th>Now ({e(doc.hash_after)})</th></tr>"
                     f"{hunks}</table>")
    return "".join(parts)
