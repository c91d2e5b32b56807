"""What a deletion leaves behind: a sentence that removes the data from one place but, in its contrast, keeps it in the place a
question asks about ("… removes it from the Search History service …, but does not delete information from our standard search
logs" for "is it actually wiped from their servers?")."""

from __future__ import annotations

import re

from .polarity import read_polarity
from .sentence_kinds import CONTRAST
from .vocabulary import BY_NAME, rx

#: Where the data is asked to be gone from ("is it wiped from their logs?", "deleted off Microsoft's servers too?").
PLACE_ASKED = rx(r"\b(?:from|out of|off)\s+(?:their|the|its|all (?:of )?their|any of their|(?:the )?\w+'s)\s+(?:\w+\s+)?"
                 r"(?:logs?|servers?|backups?|back-ups?|archives?|records?|databases?)\b")
#: … and where a sentence keeps it ("from our standard search logs").
PLACE_STATED = rx(r"\b(?:logs?|servers?|backups?|back-ups?|archives?|records|databases?|systems?)\b")


def kept_elsewhere(question: str, text: str) -> bool:
    """Does the sentence's contrast, and only it, name a place of storage and deny deleting the data there, for a question asking
    whether the data is gone from such a place?"""
    contrast = re.search(CONTRAST, text, re.I) if PLACE_ASKED.search(question) else None
    if not contrast:
        return False
    before, after = text[: contrast.start()], text[contrast.end():]
    return bool(PLACE_STATED.search(after)) and not PLACE_STATED.search(before) and read_polarity(
        after, BY_NAME["delete"].stated, company_actor=True)[0] == "no"
