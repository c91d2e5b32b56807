"""The form of a question: the tags and filler words it is read without (:func:`plain_question`) and whether it asks yes or
no (:func:`asks_yes_no`)."""

from __future__ import annotations

import re

from .question_clauses import ASKING
from .vocabulary import rx

_YESNO_START = rx(r"^(?:(?:and|so|but|ok|okay|please|hey|hi|hello|quick question)[,:]?\s+)*(do|does|did|is|are|was|were|will|would|can|could|may|"
                   r"might|should|shall|has|have|had|am|must)\b")
_WH_START = rx(r"^(?:(?:and|so|but|ok|okay|please)[,:]?\s+)*(what|which|who|whom|whose|how|when|where|why|list|name|describe|explain|summari[sz]e)\b")
#: "When I play games online, does …": a time clause before a yes/no question, not a "when" question.
_SUBORDINATE = rx(r"^(when|where|whenever|once|after|before|while)\s+(i|you|we|they|my|a|an|the|someone|users?|people|their|its|your|our|this|these|those)\b"
                   r".*\b(do|does|did|is|are|was|will|would|can|could|should|has|have)\s+(the company|they|it|you|we|i|my|\w+)\b|"
                   # (… or any time clause closed by a comma: "When ad companies track my visits …, are they picking up my name?")
                   r"^(when|whenever|once|after|before|while)\b[^,?]{3,100},\s*(do|does|did|is|are|was|were|will|would|can|could|should|has|have|am)\b")
_YESNO_EMBEDDED = rx(r"\b(whether|if)\b")
#: A confirmation asked at the end of a statement ("…, right?", "…, is that true?"): no right of the user.
_CONFIRM_TAG = re.compile(r"(?:,\s*(?:right|correct|true)|,?\s+(?:is that (?:right|true|correct|so)|isn'?t (?:it|that)(?: right| true| so)?))\s*\?+\s*$", re.I)
#: … without its comma, after a statement (not "the right?", "any right?").
_NOT_A_RIGHT = r"(?<!\bthe)(?<!\ba)(?<!\bmy)(?<!\bany)(?<!\byour)(?<!\bthis)(?<!\bthat)(?<!\bno)"
_BARE_RIGHT_TAG = re.compile(_NOT_A_RIGHT + r"\s+right\s*\?+\s*$", re.I)


#: … or between two sentences ("it's a teaching hospital right? so can med students see my health info?").
_MID_RIGHT_TAG = re.compile(_NOT_A_RIGHT + r",?\s+right\s*\?+(?=\s+\S)", re.I)

#: The companies a company belongs with, named as such ("the rest of the company", "its other companies", "related companies").
_FAMILY = rx(r"\bthe rest of (?:the company|[A-Z][\w&]*)(?:'s)?(?: (?:companies|brands|family))?\b|\b(?:its|their|the company's) other (?:companies|brands|businesses)\b|"
             r"\brelated (?:and affiliated )?(?:companies|entities|businesses)\b")


def plain_question(question: str) -> tuple[str, bool]:
    """The question without its confirmation tags and the filler word before a situation told first (the company's affiliates
    named as such), and whether it is a statement asked back for confirmation ("So the ad networks get my name and email when
    they target me?": yes or no; not after a situation told first, "So when a company runs ads, they get …": whom "they" names
    is the situation's party)."""
    q = " ".join(question.split())
    confirm = bool(re.match(r"^\W*so\s+(?!(?:how|what|which|who|when|where|why|if|once|after)\b)", q, re.I)) and q.rstrip().endswith("?")
    q = _CONFIRM_TAG.sub("?", q)
    q = _MID_RIGHT_TAG.sub("?", q)
    # "So when they send me a sponsor's offer, does that sponsor get my address?": the situation told first, after a filler word
    q = re.sub(r"^\W*(?:so|and|but|ok|okay)\b,?\s+(?=(?:when|whenever|if|once|after|before|while)\b)", "", q, flags=re.I)
    if not ASKING.match(q):
        q = _BARE_RIGHT_TAG.sub("?", q)  # "… so they must be handing it to the advertisers right?" (a statement, no comma)
    # "the rest of Disney", "Monster and its other companies", "Taylor's related companies": the company's affiliates
    return _FAMILY.sub("its affiliates", q), confirm


def asks_yes_no(low: str, told_end: int = 0) -> bool:
    """Does the question (lower case) ask yes or no? ``told_end``: where a situation told first and closed by a comma ends ("If I
    unsubscribe, how long before they stop?": the asking clause after it decides; its "if" asks nothing)."""
    if told_end and _WH_START.match(low[told_end:]):
        low_asked = low[told_end:]
        return bool(re.match(r"^(?:how|what)\b.{0,40}\b(whether|if)\b", low_asked)) and not re.match(r"^what (\w+ )?happens?\b", low_asked)
    if _WH_START.match(low) and not _SUBORDINATE.match(low):
        # "what I want to know is whether …" asks yes or no; "what happens to my data if …" does not
        return bool(re.match(r"^(?:how|what)\b.{0,40}\b(whether|if)\b", low)) and not re.match(r"^what (\w+ )?happens?\b", low)
    return (bool(_YESNO_START.match(low)) or bool(_YESNO_EMBEDDED.search(low)) or bool(_SUBORDINATE.match(low))
            or any(_YESNO_START.match(c.strip()) for c in re.split(r"[,;:]|\s[-–—]\s", low)[1:])  # "As a parent, can I …?"
            or bool(_YESNO_START.match(re.sub(r"^\s*as an? \w+(\s+\w+)?,?\s+(?=(do|does|can|could|will|would|is|are|may|should)\b)", "", low)))
            or not re.search(r"\b(how|what|which|who|when|where|why)\b", low)
            # "They build a profile of what I look at. Does that profile get passed on?": the question after what is told
            or bool(_YESNO_START.match(re.split(r"(?<=[.!])\s+", low)[-1]) and re.search(r"[.!]\s+\S", low)))


#: A situation the question is asked in, after it ("… from my 11 year old if she signed up for the newsletter?") or before it
#: ("If I fill out a survey, …").
_SITUATION_AFTER = re.compile(r"\s+(?:if|when|once|after|before|while)\s+(?:i|she|he|they|we|my \w+)\b[^?,]{3,80}\?*\s*$", re.I)
_SITUATION_BEFORE = re.compile(r"^\W*(?:if|when|once|after)\b[^,?]{3,80},\s*", re.I)


def without_situation(question: str) -> str:
    """The question without the situation it tells ("Would this site collect personal info from my 11 year old?")."""
    return _SITUATION_BEFORE.sub("", _SITUATION_AFTER.sub("?", question))
