"""Whether the company's emails report back: "can they tell whether I opened their newsletter?" against "web beacons may be used …
for counting how many emails were opened" (yes)."""

from __future__ import annotations

import re
from typing import Any

from .intent import Intent
from .models import Finding
from .polarity import NEGATOR
from .sentences import closest_finding

#: A question whether the company's emails track the reader ("did I open it?", "do their emails have tracking pixels?") …
_ASKED = re.compile(r"\b(tell|know|see|track\w*|find out|check)\b.{0,30}\b(whether|if|when)\b.{0,20}\bopen\w*\b.{0,30}\b(e-?mails?|newsletters?|messages?)\b|"
                    r"\b(pixels?|beacons?|web bugs?|trackers?|tracking)\b.{0,40}\b(e-?mails?|newsletters?)\b|"
                    r"\b(e-?mails?|newsletters?)\b.{0,40}\b(pixels?|beacons?|web bugs?|trackers?)\b|"
                    # "When I open one of their newsletters, can they tell that I opened it?"
                    r"\b(e-?mails?|newsletters?)\b.{0,60}\b(tell|know|see|find out)\b.{0,10}\b(that|whether|if|when)\b.{0,15}\bopen\w*", re.I)
#: … and a sentence telling that they do ("counting how many emails were opened", "placed … in an e-mail message to monitor user
#: activity", "know when you have viewed … a particular email message").
_STATED = re.compile(r"\b(beacons?|pixels?|web bugs?|gifs?|tags?)\b[^.;]*\be-?mail|"
                     # "When you open emails from us, we may receive a confirmation noting you opened the email"
                     r"\b(confirmation|notice|notification)\b[^.;]{0,30}\bopen\w*\b[^.;]{0,20}\be-?mails?\b", re.I)
_REPORTS = re.compile(r"\b(open\w*|view\w*|read|monitor\w*|track\w*|count\w*)\b", re.I)


def email_tracking_gate(table: Any, intent: Intent, dense: Any) -> Finding | None:
    """The sentence telling that the company's emails report their opening, for a yes/no question whether they do; else None."""
    if not (intent.yes_no and not intent.user_action and _ASKED.search(intent.question)):
        return None
    return closest_finding(table, dense, _reads, "cookies")


def _reads(sentence: str) -> str:
    """How a sentence tells of emails reporting back: "yes", "no" (denied) or "" (not of the kind)."""
    if not (_STATED.search(sentence) and _REPORTS.search(sentence)):
        return ""
    return "no" if NEGATOR.search(sentence) else "yes"
