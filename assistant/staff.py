"""Who inside the company sees the data: "does X limit which employees can see my info?" against "only authorized individuals have
access to the information" (yes); and whether what I send is kept in confidence."""

from __future__ import annotations

import re
from typing import Any

from .intent import Intent
from .models import Finding
from .sentence_kinds import ACCESS_LIMITED
from .sentences import closest_finding

#: A question whether the company limits which of its people see the data.
_LIMIT_ASKED = re.compile(r"\b(limit|limits|restrict|restricts)\b.{0,30}\b(who|which|employees?|staff|people|workers|personnel)\b.{0,40}\b(see|sees|access|view|look|read)\b",
                          re.I)


def staff_gate(table: Any, intent: Intent, dense: Any) -> Finding | None:
    """The sentence limiting which of the company's people see the data, for a yes/no question asking whether it does; else None."""
    if not (intent.yes_no and _LIMIT_ASKED.search(intent.question)):
        return None
    return closest_finding(table, dense, lambda s: "yes" if ACCESS_LIMITED.search(s) else "", "protect")


#: A question whether the company's people are bound to keep the data confidential ("do their employees have to sign anything
#: promising not to misuse my data?") …
_DUTY_ASKED = re.compile(r"\b(employees?|staff|workers|people who work|personnel)\b.{0,60}\b(sign\w*|agree\w*|bound|contracts?|promis\w*|pledge\w*|"
                         r"confidentiality)\b", re.I)
#: … and a sentence binding them ("requires employees … to sign confidentiality and security contracts", "all employees are bound by
#: confidentiality agreements").
_DUTY_STATED = re.compile(r"\b(employees?|staff|personnel)\b[^.;]{0,80}\b(sign\w*|bound by|subject to|enter\w* into|agree\w* to)\b[^.;]{0,40}"
                          r"\b(confidentiality|non-?disclosure|privacy|security)\b[^.;]{0,30}\b(agreements?|contracts?|obligations?|pledges?|polic(y|ies))\b", re.I)


def duty_gate(table: Any, intent: Intent, dense: Any) -> Finding | None:
    """The sentence binding the company's people to confidentiality, for a yes/no question whether they are; else None."""
    if not (intent.yes_no and _DUTY_ASKED.search(intent.question)):
        return None
    return closest_finding(table, dense, lambda s: "yes" if _DUTY_STATED.search(s) else "", "protect")


#: A question whether what I send is kept in confidence ("if I email them a tip with my name in it, will they keep that
#: confidential?") …
_CONFIDENTIAL_ASKED = re.compile(r"\b(?:keep|kept|treat|treated|hold|held)\b(?: \w+){0,3}? (?:confidential|secret|in confidence)\b", re.I)
#: … which a sentence deeming it non-confidential answers no ("such information is deemed to be non-confidential").
_NOT_CONFIDENTIAL = re.compile(r"\bnon-?confidential\b|\bnot (?:be )?(?:treated as |kept |considered |deemed )?confidential\b", re.I)


def confidence_gate(table: Any, intent: Intent, dense: Any) -> Finding | None:
    """The sentence deeming what users send non-confidential, for a yes/no question whether it is kept in confidence; else None."""
    if not (intent.yes_no and _CONFIDENTIAL_ASKED.search(intent.question)):
        return None
    return closest_finding(table, dense, lambda s: "no" if _NOT_CONFIDENTIAL.search(s) else "", "protect")
