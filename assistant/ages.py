"""Ages: the age a question states ("I'm 16", "my 12 year old") against the ages a policy sentence speaks of (a limit, a range)."""

from __future__ import annotations

import re
from typing import Any

from .intent import Intent
from .models import Finding
from .question_objects import AGE_ASKED
from .sentences import sentence_finding, table_sentences

#: An age a sentence speaks of as a limit ("under the age of 13", "younger than 16", "children under 13").
_UNDER = r"\b(?:under|younger than|below)\s+(?:the\s+)?(?:age\s+)?(?:of\s+)?(?:[a-z]+(?:-[a-z]+)?\s+\()?(\d{1,2})\b"  # ("eighteen (18)")
_UNDER_AGE = re.compile(_UNDER, re.I)
#: An age range ("between the ages of 13 and 17", "13 to 17", "13-17").
_AGE_RANGE = re.compile(r"\b(\d{1,2})\s*(?:-|–|to|and|through)\s*(\d{1,2})\b")


def _asked_age(question: str) -> int | None:
    """The age a question states ("I'm 16", "my 12 year old"), or None."""
    m = AGE_ASKED.search(question)
    return int(m.group(1) or m.group(2)) if m else None


def _in_range(age: int, text: str) -> bool:
    return any(int(a) <= age <= int(b) for a, b in _AGE_RANGE.findall(text))


def _limits(text: str) -> list[int]:
    return [int(n) for n in _UNDER_AGE.findall(text)]


def younger_only(question: str, text: str) -> bool:
    """Does a sentence speak only of children younger than the age the question states ("I'm 16", "my 16 year old")?"""
    age, limits = _asked_age(question), _limits(text)
    return age is not None and bool(limits) and max(limits) <= age and not _in_range(age, text)


def below_limit(question: str, text: str) -> bool:
    """Is the age the question states below an age limit the sentence speaks of ("I'm 12" — "children under 13")?"""
    age, limits = _asked_age(question), _limits(text)
    return age is not None and bool(limits) and age < max(limits)


def covers_age(question: str, text: str) -> bool:
    """Does a sentence speak of an age range that holds the age the question states ("minors between 13 and 17" for "my 15-year-old")?"""
    age = _asked_age(question)
    return age is not None and _in_range(age, text)


def age_polarity(question: str, text: str, polarity: str) -> str:
    """How a sentence reads for a question stating an age: a parent's permission for a range holding it ("minors between 13 and
    17 must get the permission of their parents") answers "can my 15-year-old buy … without asking me?" (no) and "does she need
    my permission?" (yes); a limit below it ("not intended for children under 13") says nothing of "my 16 year old"."""
    if (covers_age(question, text) or below_limit(question, text)) and PARENT_PERMISSION.search(text):
        if WITHOUT_PARENT.search(question):
            return "no"
        if NEEDS_PERMISSION.search(question):
            return "yes"
    if polarity in ("yes", "no") and younger_only(question, text):
        return "related"
    return polarity


#: A parent's permission a minor must get.
PARENT_PERMISSION = re.compile(r"\b(must|need to|needs to|required to|have to|has to)\s+(?:\w+\s+){0,3}?(permission|consent|approval)\b[^.;]{0,40}\b(parents?|guardians?)|"
                               # "… can only use the Services under their parents or legal guardians supervision"
                               r"\bonly\b[^.;]{0,60}\b(?:under|with)\s+(?:the\s+|their\s+|a\s+)?(?:parents?|guardians?)\b[^.;]{0,30}\b(?:supervision|consent|permission|approval|involvement)\b|"
                               # "… it will block users under 13 or obtain consent from a parent or guardian before their child can use it"
                               r"\b(?:obtain|get|require|seek|request)s?\s+(?:\w+\s+){0,2}?(?:consent|permission|approval)\s+(?:from|of)\s+(?:a|the|their|his|her|its)\s+"
                               r"(?:parents?|guardians?)\b", re.I)
#: A question whether a minor may do something without asking the parent ("… without asking me?", "… without my permission?").
WITHOUT_PARENT = re.compile(r"\bwithout (asking|telling|checking with) (me|us|a parent|his parents?|her parents?|their parents?)\b|"
                            r"\bwithout (my|our|a parent'?s?|parental|his parents'?|her parents'?) (permission|consent|approval|ok|okay)\b|"
                            r"\bwithout (my|his|her|their|a) (parents?|guardians?|mom|dad|mum)\b|\bon (my|his|her|their) own\b|\bby (myself|himself|herself|themselves)\b", re.I)
#: A question whether a minor needs the parent's permission ("does she need my permission?").
NEEDS_PERMISSION = re.compile(r"\b(need|needs|require|requires|have to|has to|must)\b[^?]{0,20}\b(my|our|a parent'?s?|parental|permission|consent)\b", re.I)


#: An age limit ("no one under the age of 21 is allowed to …", "you must be at least 18 years old to …").
_AGE_LIMIT = re.compile(r"\b(?:no one|nobody|no person|no users?|users?|persons?|individuals?|anyone|visitors?|people|customers?)\b[^.;]{0,30}?"
                        + _UNDER + r"[^.;]{0,60}?"
                        r"\b(?:allowed|permitted|may not|cannot|can not|must not|is not|are not|prohibited|eligible)\b|"
                        r"\b(?:must|need to|have to)\s+be\s+(?:at least\s+)?(\d{1,2})(?=\s+(?:years|or older|or over|or above|\+))|"
                        # "may not be used by children under the age of 13", "not directed at children under 13", "not knowingly allow anyone under 13 to register"
                        r"\b(?:may not|cannot|can not|must not|is not|are not|not)\s+(?:be\s+)?(?:knowingly\s+)?(?:used|accessed|intended|directed|designed|meant|allow\w*|permit\w*|solicit\w*|accept\w*|(?:(?<=is not )|(?<=are not ))for)"
                        r"\s+(?:for|at|to|by)?\s*(?:\w+\s+){0,5}?(?:children|kids|minors|anyone|persons|individuals|users|people|visitors)\s+" + _UNDER.replace("(\\d", "(?P<n>\\d", 1), re.I)
#: An age limit in the company's rules ("It is against our Terms of Use for anyone under 21 to submit data to our site").
_AGAINST_RULES = re.compile(r"\bagainst (?:our|the|these|its) (?:terms|rules|polic\w+)\b[^.;]{0,25}?\bfor (?:anyone|any person|persons|individuals|users|"
                            r"people|children|minors|visitors)\s+" + _UNDER, re.I)
#: A parent's consent asked of minors below an age ("If you are under 18, get your parent's consent before …", "users under 16
#: need parental permission").
_CONSENT_BELOW = re.compile(_UNDER + r"[^.;]{0,60}?\b(?:parent|guardian)\w*'?s?\s+(?:or (?:legal )?guardians?'?s?\s+)?(?:\w+\s+)?(?:consent|permission|approval)\b|"
                            r"\b(?:parent|guardian)\w*'?s?\s+(?:\w+\s+)?(?:consent|permission|approval)\b[^.;]{0,60}?" + _UNDER, re.I)
#: A denial of something to minors, with no age ("we do not offer program participation to minors"): below the age of majority.
_NOT_FOR_MINORS = re.compile(r"\b(?:not|never)\s+(?:\w+\s+){0,4}?(?:to|from|for|by)\s+minors\b", re.I)
ADULT = 18
#: A question whether someone may use the service at all ("can she make her own account?", "is that allowed?", "can I join?").
USE_ASKED = re.compile(r"\b(use|join|sign\w*\s+up|signup|register|enroll|enrol|subscribe|participate|(make|create|open|have|get)\s+(?:an?|his|her|their|my|your)\s+(?:own\s+)?(account|profile|\w+)|"
                        r"(is|are)\s+(that|this|it|they|kids|children)\s+(allowed|ok|okay|permitted))\b", re.I)
#: A question whether the asker (of a stated age) may do something.
_MAY_I = re.compile(r"\b(can|could|may|allowed|permitted|ok|okay|able|eligible)\b", re.I)


def age_gate(table: Any, intent: Intent, dense: Any) -> Finding | None:
    """A sentence setting an age limit above the age a yes/no question states ("I'm 19, can I get their emails?"), or None."""
    age = _asked_age(intent.question)
    if age is not None and intent.yes_no and NEEDS_PERMISSION.search(intent.question):
        # "I'm 16 — do I need my parents' OK to join?" — "If you are under 18, get your parent's consent before giving out any
        # personal information": a consent asked of minors up to an age above the asker's
        for i, sentence, rows in table_sentences(table):
            c = _CONSENT_BELOW.search(sentence)
            if c and age < int(c.group(1) or c.group(2)):
                return sentence_finding(table, dense, i, sentence, rows, "yes", "age")
    if age is None or not (intent.yes_no and _MAY_I.search(intent.question)) or NEEDS_PERMISSION.search(intent.question):
        return None  # (whether a parent's OK is needed is no question whether one may: "I'm 16, do I need my parents' OK to browse?")
    for i, sentence, rows in table_sentences(table):
        m = _AGE_LIMIT.search(sentence) or _AGAINST_RULES.search(sentence)
        if m and m.re is _AGAINST_RULES:
            limit = int(m.group(1))
        elif m and m.group("n"):  # a service not meant for children answers whether a child may use it, not any other question
            # (information not accepted from them answers whether one may give it: "does not solicit or knowingly accept information
            # from persons under the age of eighteen (18)" for "I'm 16 — can I send them my info?")
            # (the use asked, not one told first: "my daughter is 11 and signed up … can I make them delete her info?")
            asked = re.split(r"(?<=[.!?])\s+|\s[-–—]\s", intent.question.strip())[-1]
            limit = int(m.group("n")) if USE_ASKED.search(asked) or re.search(r"\b(solicit|accept)", m.group(0), re.I) else 0
        elif m:
            limit = int(m.group(1) or m.group(2))
        else:
            limit = ADULT if _NOT_FOR_MINORS.search(sentence) and USE_ASKED.search(intent.question) else 0
        if age < limit:
            return sentence_finding(table, dense, i, sentence, rows, "no", "age")
    return None
