"""Questions about what other parties' trackers do on the site, and the company's control over them, with the sentences that
answer them ("we do not have control over cookies placed by advertisers")."""

from __future__ import annotations

import re

#: A question asking whether the company can hold another party back ("can X stop the advertisers from …?") …
CONTROL_ASKED = re.compile(r"\b(?:can|could|will|would|do|does)\s+(?:they|it|the company|the site|\w+)\s+(?:\w+\s+)?(?:stop|prevent|block|control|keep|restrict|limit)\s+"
                            r"(?:the\s+|its\s+|their\s+|other\s+|any\s+)*(?:\w+\s+)?(?:advertis\w*|ad networks?|ad companies|third[- ]part\w*|partners?|sites?|"
                            r"compan\w*|others|apps?|networks?)\b", re.I)
#: … and a sentence saying it has no control over them ("we do not have control over cookies placed by advertisers").
NO_CONTROL = re.compile(r"\b(?:(?:do|does) not|don't|doesn't|cannot|can't|are not able to|is not able to|have no|has no|with no)\s+(?:have\s+)?"
                         r"(?:any\s+)?(?:control|controls?)\b", re.I)
#: A question whose subject is advertisers or other parties ("do the ads on their site put their own cookies on me?") …
OTHERS_ASKED = re.compile(r"\W*(?:do|does|can|could|will|would|are|is)\s+(?:the\s+|their\s+|any\s+|other\s+|outside\s+)?(?:\w+\s+){0,2}?"
                           r"(?:ads?|advertis\w*|ad (?:networks?|companies)|third[- ]part\w*|partners?)\b", re.I)
#: … and a sentence telling of what they place ("cookies … that may be placed by the third-party advertisers").
PLACED_BY_OTHERS = re.compile(r"\b(?:placed|set|used|served|dropped|deployed)\s+by\s+(?:the\s+|such\s+|these\s+|those\s+)?(?:third[- ]part\w*\s+)?"
                               r"(?:advertis\w*|ad (?:networks?|servers?)|third[- ]part\w*|partners?)\b", re.I)
#: … or has neither access to nor control of them ("GameStop does not have access to or control of the cookies …").
NO_ACCESS_OR_CONTROL = re.compile(r"\bnot have (?:any )?access to,? (?:or|and|nor) control\b", re.I)


def control_reading(question: str, text: str, polarity: str) -> str:
    """The polarity of a sentence about the company's control over other parties' trackers, for the question asked."""
    if polarity == "no" and OTHERS_ASKED.match(question) and PLACED_BY_OTHERS.search(text) and (NO_CONTROL.search(text) or NO_ACCESS_OR_CONTROL.search(text)):
        return "yes"  # "GameStop does not have access to or control of the cookies … placed by the third-party advertisers": they place them
    if polarity != "no" and CONTROL_ASKED.search(question) and NO_CONTROL.search(text):
        # "can liquor.com stop the advertisers on their site from putting their own cookies on me?" — "we do not have control over
        # cookies placed by advertisers": what the company cannot control, it cannot stop
        return "no"
    return polarity
