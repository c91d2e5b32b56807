"""What still works once the user blocks cookies: "can I still log in with cookies blocked?" against "if you reject cookies, you
will not be able to sign in" (no) or "you may still purchase products" (yes)."""

from __future__ import annotations

import re
from typing import Any

from .intent import Intent
from .models import Finding
from .sentences import sentence_finding, table_sentences

#: A question whether the user can still do something with cookies blocked ("can I still log in with all cookies blocked?",
#: "if I turn off cookies, can I still order online?"); group ``act``: what they want to do.
_STILL_ASKED = re.compile(r"\b(?:can|could|will|would)\s+i\s+(?:still\s+)?(?:be able to\s+)?(?P<act>[a-z]+(?:\s+(?:in|on|up|out))?)\b", re.I)
#: … with cookies blocked, told in the question before or after it ("I keep cookies blocked. Can I still place an order?").
_BLOCKED = re.compile(r"\bcookies?\b(?=.*\b(?:block\w*|disabl\w*|refus\w*|reject\w*|turn\w* off|off|delet\w*|clear\w*)\b)|"
                      r"\b(?:block\w*|disabl\w*|refus\w*|reject\w*|turn\w* off|delet\w*|clear\w*)\b(?=.*\bcookies?\b)", re.I | re.S)
#: Ways of saying the same act.
_SAME_ACT = (("log in", "sign in", "login", "signin", "log on", "sign on", "access your account", "access my account"),
             ("order", "purchase", "buy", "shop", "check out", "make purchases", "place an order"),
             ("comment", "post"))
#: Acts too broad to answer from one sentence ("can I still use the site?": "some features may not work" is no "no").
_BROAD = frozenset(("use", "access", "visit", "browse", "view", "get", "see", "do"))
_CANNOT = r"(?:not be able to|unable to|cannot|can't|can not|won't be able to|will not be able to|may not be able to|no longer be able to)"


def _acts(act: str) -> tuple[str, ...]:
    act = act.lower()
    for group in _SAME_ACT:
        if any(act == a or act.startswith(a) or a.startswith(act) for a in group):
            return group
    return (act,)


def cookie_gate(table: Any, intent: Intent, dense: Any) -> Finding | None:
    """The sentence telling whether what the question asks still works with cookies blocked, read as ``no`` (it does not) or
    ``yes`` (it still does); None when the question asks nothing of the kind or no sentence says."""
    m = _STILL_ASKED.search(intent.question)
    if not (intent.yes_no and intent.user_action and m and _BLOCKED.search(intent.question)) or m.group("act").lower() in _BROAD:
        return None
    acts = "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in _acts(m.group("act")))
    cannot = re.compile(rf"\b{_CANNOT}\s+(?:\w+\s+){{0,2}}?(?:{acts})\b", re.I)
    still = re.compile(rf"\b(?:still|continue to)\s+(?:\w+\s+){{0,2}}?(?:{acts})\b", re.I)
    for i, sentence, rows in table_sentences(table):
        if not re.search(r"\bcookies?\b", sentence, re.I):
            continue
        for pattern, polarity in ((cannot, "no"), (still, "yes")):
            if pattern.search(sentence):
                return sentence_finding(table, dense, i, sentence, rows, polarity, "cookies")
    return None
