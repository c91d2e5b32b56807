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
#: A question whether the whole site still works as before ("will the whole site still work normally?").
_WHOLE_ASKED = re.compile(r"\b(?:will|would|does|do|can)\s+(?:the\s+)?(?:whole\s+|entire\s+)?(?:site|website|app|service|everything)\s+"
                          r"(?:still\s+)?(?:work|function|run)\b(?=[^?.]*\b(?:normally|properly|fully|fine|correctly|as usual)\b)|"
                          r"\b(?:whole|entire)\s+(?:site|website|app|service)\s+(?:still\s+)?(?:work|function)", re.I)
#: A question whether the user is shut out of the site ("am I locked out of the site completely?"): a "yes" is the site refused.
_LOCKED_ASKED = re.compile(r"\b(?:locked|blocked|shut|kept|cut)\s+out\b|\b(?:can'?t|cannot|unable to)\s+(?:use|access|visit|get into)\s+(?:the|their|its)\s+"
                           r"(?:whole\s+|entire\s+)?(?:site|website|app|service)\b", re.I)
#: The site still usable with cookies refused ("If users reject the cookie, they may still use our site").
_STILL_USABLE = re.compile(r"\b(?:still|continue to)\s+(?:\w+\s+){0,2}?(?:use|access|visit|browse)\b|"
                           r"\b(?<!not )(?:can|may)\s+(?:use|access|visit|browse)\s+(?:\w+\s+){0,3}?without\s+(?:\w+\s+){0,2}?cookies\b", re.I)
#: Parts of the site that stop working with cookies refused: a "no" to a whole site still working.
_PART_FAILS = re.compile(rf"\b{_CANNOT}\s+(?:access|use|view|visit)\s+(?:certain|some|parts|portions|areas|features|sections)\b|"
                         r"\b(?:certain|some|parts of|portions of|areas of|features of)\s+(?:\w+\s+){0,4}?(?:may|will|might)\s+not\s+"
                         r"(?:work|function|be available)", re.I)
#: The act asked done online ("order food online from the website"): another channel offered is no answer.
_ONLINE_ASKED = re.compile(r"\b(?:online|on (?:the|their|its|your) (?:site|website|app)|from (?:the|their|its) (?:\w+\s+)?(?:site|website|app))\b", re.I)
#: Another channel than the site: the telephone, a customer service department, the mail, a store.
_OFFLINE = re.compile(r"\b(?:customer service|call(?:ing)? us|by (?:tele)?phone|telephone|by mail|in (?:our |a )?stores?|\d{3}-\d{3}-\d{4})\b", re.I)


def _acts(act: str) -> tuple[str, ...]:
    act = act.lower()
    for group in _SAME_ACT:
        if any(act == a or act.startswith(a) or a.startswith(act) for a in group):
            return group
    return (act,)


def cookie_gate(table: Any, intent: Intent, dense: Any) -> Finding | None:
    """The sentence telling whether what the question asks still works with cookies blocked, read as ``no`` (it does not) or
    ``yes`` (it still does); None when the question asks nothing of the kind or no sentence says."""
    if not (intent.yes_no and _BLOCKED.search(intent.question)):
        return None
    # "am I locked out of the site completely?": a site still usable, even in part, says no; "will the whole site still work
    # normally?": any part that stops working says no
    for asked, answers in ((_LOCKED_ASKED, (_STILL_USABLE, _PART_FAILS)), (_WHOLE_ASKED, (_PART_FAILS,))):
        if asked.search(intent.question):
            return next((sentence_finding(table, dense, i, sentence, rows, "no", "cookies") for i, sentence, rows in table_sentences(table)
                         if re.search(r"\bcookies?\b", sentence, re.I) and any(a.search(sentence) for a in answers)), None)
    m = _STILL_ASKED.search(intent.question)
    if not (intent.user_action and m) or m.group("act").lower() in _BROAD:
        return None
    acts = "|".join(re.escape(a).replace(r"\ ", r"\s+") for a in _acts(m.group("act")))
    cannot = re.compile(rf"\b(?:{_CANNOT}\s+(?:\w+\s+){{0,2}}?|(?:are|is)\s+(?:required|necessary|needed)\s+(?:to|for)\s+(?:\w+\s+){{0,3}}?)"
                        rf"(?:{acts})\b", re.I)
    still = re.compile(rf"\b(?:still|continue to)\s+(?:\w+\s+){{0,2}}?(?:{acts})\b", re.I)
    online = _ONLINE_ASKED.search(intent.question)
    for i, sentence, rows in table_sentences(table):
        if not re.search(r"\bcookies?\b", sentence, re.I):
            continue
        for pattern, polarity in ((cannot, "no"), (still, "yes")):
            # "can I still order online?" — "you may still purchase through our Customer Service Department" is another channel
            if pattern.search(sentence) and not (polarity == "yes" and online and _OFFLINE.search(sentence)):
                return sentence_finding(table, dense, i, sentence, rows, polarity, "cookies")
    return None
