"""Another person's data: a question asking to see or change it ("can I see the information they have on my husband's account?")
and a sentence refusing that ("you will not be permitted to examine the personally identifiable information of any other user")."""

from __future__ import annotations

import re

from .models import Finding

#: A question about someone else's data ("on his account", "my husband's account", "someone else's info").
OTHERS_DATA_ASKED = re.compile(r"\b(?:on|of|in|to|from|about)\s+(?:his|her)\s+(?:account|profile|records?|info\w*|data|details)\b|"
                               r"\bmy\s+(?:husband|wife|spouse|partner|boyfriend|girlfriend|mom|mother|dad|father|brother|sister|friend|roommate)['’]s\s+"
                               r"(?:\w+\s+)?(?:account|profile|records?|info\w*|data|details)\b|\bsomeone\s+else['’]s\b|\banother\s+(?:person|user|member)['’]s\b", re.I)
#: A sentence refusing access to any other person's data.
OTHERS_DATA_REFUSED = re.compile(r"\b(?:not|never)\s+(?:be\s+)?(?:permitted|allowed|able)\s+to\s+(?:examine|see|view|access|review|obtain|change|edit)\b"
                                 r"[^.;]{0,80}\b(?:any\s+)?other\s+(?:users?|persons?|people|individuals?|members?|customers?|subscribers?|account\s*holders?)\b", re.I)


def others_refused(question: str, no: list[Finding]) -> list[Finding]:
    """The denials refusing another person's data, for a question asking for it (empty otherwise)."""
    return [f for f in no if OTHERS_DATA_REFUSED.search(f.sentence)] if OTHERS_DATA_ASKED.search(question) else []
