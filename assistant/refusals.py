"""Ways refused: a request made by some channel the company will not take ("we will not accept requests via the telephone"),
and a tracking technology the user cannot decline ("Web Beacons cannot be declined when delivered via a regular web page")."""

from __future__ import annotations

import re

#: The ways a request reaches the company, as a question names them ("can I just call them?") and as a policy does.
_CHANNELS = (("phone", r"\b(?:call|calling|phone|phoning|telephone|ring)\b", r"\b(?:tele)?phone\b"),
             ("fax", r"\b(?:fax|facsimile)\b", r"\b(?:fax|facsimile)\b"),
             ("email", r"\be-?mail(?:ing)?\b", r"\be-?mail\b"),
             ("mail", r"(?<![-\w])(?:snail )?mail(?:ing)?\b|\bletter\b|\bpost\b", r"(?<![-\w])mail\b|\bpost\b|\bletter\b"),
             ("in person", r"\bin person\b|\bwalk in\b", r"\bin person\b"))
#: A refusal to take requests by some way ("We will not accept requests via the telephone, mail, or by facsimile"): the words after it.
_REQUESTS_REFUSED = re.compile(r"\b(?:not|never|cannot|can't|won't|unable to)\s+(?:be\s+)?(?:able to\s+)?(?:accept\w*|process\w*|honou?r\w*|respond\w* to|"
                               r"take|receiv\w*)\s+(?:\w+\s+){0,2}?(?:requests?|inquiries|enquiries)\b(?P<rest>[^.;]{0,80})", re.I)

#: … or the way first ("Telephone requests are not acceptable").
_WAY_REFUSED = re.compile(r"(?P<rest>\b\w+(?:\s+(?:or|and)\s+\w+)?)\s+(?:requests?|inquiries|enquiries)\s+(?:are|is|will)\s+not\s+(?:be\s+)?"
                          r"(?:accept\w*|honou?red|processed|taken|granted)\b", re.I)
#: Someone else asking for the user's data by some way ("Could someone just call the school and get my directory info?").
_SOMEONE_ASKS = re.compile(r"\b(?:someone|somebody|anyone|anybody|a stranger|strangers|random people|people)\s+(?:\w+\s+){0,2}?"
                           r"(?:call|calls|phone|phones|ring|e-?mails?|write|writes|fax|walk)\b", re.I)


def asks_by_way(question: str, user_action: bool) -> bool:
    """Does the question ask about a request made some way, by the user or by someone else?"""
    return user_action or bool(_SOMEONE_ASKS.search(question))


def channel_refused(question: str, sentence: str) -> bool:
    """Does the sentence refuse requests by the very way the question asks to make one ("can I just call them to make my
    request?" — "we will not accept requests via the telephone or by fax"; "Telephone requests are not acceptable")?"""
    refused = _REQUESTS_REFUSED.search(sentence) or _WAY_REFUSED.search(sentence)
    if not refused:
        return False
    ways = refused.group("rest")
    return any(re.search(asked, question, re.I) and re.search(stated, ways, re.I) for _, asked, stated in _CHANNELS)


#: A question asking whether the user can refuse a tracking technology ("can I block the tracking pixels?") …
#: The verbs of refusing a tracking technology, as a question names them.
REFUSAL_VERBS = r"block|disable|refuse|reject|decline"
REFUSAL_ASKED = re.compile(rf"\b({REFUSAL_VERBS}|turn (?:it |them |those |these )?off|opt out of|get rid of)\b", re.I)
#: … and a sentence saying it cannot be refused ("Web Beacons cannot be declined when delivered via a regular web page").
CANNOT_REFUSE = re.compile(r"\b(?:cannot|can't|can not|(?:are|is) not able to|will not be able to)\s+(?:be\s+)?(?:block|disabl|refus|reject|declin|turn\w* off|opt\w* out)\w*", re.I)


def refusal_asked(question: str, user_action: bool, practices: list[str]) -> bool:
    """Does the question ask whether the user can refuse a tracking technology ("can I block the tracking pixels?")?"""
    return user_action and "cookies" in practices and bool(REFUSAL_ASKED.search(question))
