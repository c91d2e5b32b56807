"""Whether the user must give something: a question asking if it is needed, and the sentences saying it is or is optional."""

from __future__ import annotations

import re

from .models import Finding, Verdict

#: A question whether the user must give or do something ("do I need to give them any personal details just to look around?").
REQUIREMENT_ASKED = re.compile(r"\b(?:do|does|will|would) (?:i|we|my \w+) (?:really |actually |even |still )?(?:have|need) to (?:give|provide|tell|enter|share|hand|fill|submit|put in|type in|include|"
                               r"reveal|disclose|register|sign up|create|make an account|accept|allow|enable|turn on|(?:turn|switch) (?:\w+ ){1,2}on|agree|go through|use|log in|sign in|connect)\b|\b(?:must|should) i (?:give|provide|tell|enter|register|sign up|hand|share|submit|fill|put in|type in)\b|"
                               r"\b(?:am i|are we) (?:required|obliged|obligated|forced) to\b|\bis it (?:required|mandatory|necessary) to\b", re.I)
#: A sentence saying it is not needed ("we do not require that website visitors reveal …", "you're free to register … without providing
#: this additional information", "providing it is optional").
OPTIONAL_STATED = re.compile(r"\b(optional|at (?:the user'?s|your|their|its|his or her) (?:own )?option|voluntar\w*|(?:may|can|could) (?:opt|choose|elect|decide) to (?:provide|give|submit|share|enter|add|supply)|(?:are|is|be) free to \w+(?: \w+){0,8} without|without (?:having to )?(?:providing|giving|disclosing|revealing|registering|"
                             r"submitting|entering|enabling|turning on|allowing|accepting)|not (?:be )?(?:required|obligated|obliged|necessary|mandatory)|(?:do|does|will) not (?:require|need)|need not|"
                             r"(?:don't|do not|does not|doesn't) (?:need|have) to|"
                             # "A user can use our web sites without cookies"
                             r"(?:can|may) (?:still )?(?:use|access|visit|browse) (?:\w+ ){0,3}?without (?:\w+ ){0,2}?(?:cookies|registering|registration|an account|providing|giving|logging in|signing in))\b", re.I)
#: The one way something is done ("you may only do so through Facebook"): what is needed to do it.
ONLY_WAY = r"\b(?:may|can|could) only (?:\w+ ){0,3}?(?:through|via|using|by (?:logging|signing))\b"
#: A sentence saying it is ("the registration form requires users to give us contact information", "you must provide …").
REQUIRED_STATED = re.compile(r"\b(requir(?:e|es|ed|ing)|must (?:provide|give|register|enter|submit|supply|create)|mandatory|necessary to|need to (?:provide|give|register|enter)|"
                             # "our systems need cookies for premium content"
                             r"needs? (?:\w+ ){0,2}?cookies (?:for|to|in order)|cookies (?:are|is) needed)\b|"
                             + ONLY_WAY, re.I)


#: A duty of the company, not of the user ("we may use or disclose your health information if we are required by law to do so").
_COMPANY_BOUND = re.compile(r"\b(?:we|it|they)\s+(?:are|is|may be|might be|were|will be)\s+(?:\w+\s+)?(?:required|obligated|obliged)\b|\brequired by law\b", re.I)


def _asked_part(question: str, sentence: str) -> str:
    """The clause of a sentence naming both what is needed and what is optional that holds most of the question's words ("you are
    required to provide a username and password, and may opt to provide an email address" for "do I have to give an email?")."""
    if not (OPTIONAL_STATED.search(sentence) and REQUIRED_STATED.search(sentence)):
        return sentence
    asked = {w[:5] for w in re.findall(r"[a-z]{4,}", question.lower())}
    parts = [p for p in re.split(r",?\s+(?:and|but|while|whereas)\s+(?=(?:you\s+)?(?:may|can|could|must|are|is)\b)|;\s*", sentence, flags=re.I) if p.strip()]
    overlap = [len(asked & {w[:5] for w in re.findall(r"[a-z]{4,}", p.lower())}) for p in parts]
    best = max(overlap)
    return parts[overlap.index(best)] if best and overlap.count(best) == 1 else sentence


def requirement_verdict(question: str, findings: list[Finding], margin: float) -> Verdict | None:
    """The verdict of a question whether something is needed, from the sentences saying whether it is (None when none does)."""
    if not REQUIREMENT_ASKED.search(question):
        return None
    # (… a sentence only related to the practice too, when it names what is asked: "Valve collects … and at the user's option,
    # first and last name" for "do I have to put in my real name?")
    optional = [f for f in findings if (f.polarity in ("yes", "no") or (f.polarity == "related" and f.named))
                and OPTIONAL_STATED.search(_asked_part(question, f.sentence))]
    # (… or the one way it is done, whatever the sentence was read to state: "you may only do so through Facebook")
    required = [f for f in findings if (f.polarity == "yes" or re.search(ONLY_WAY, f.sentence, re.I)) and REQUIRED_STATED.search(f.sentence)
                and f not in optional and not _COMPANY_BOUND.search(f.sentence)]
    if optional and (not required or optional[0].relevance + margin >= required[0].relevance):
        return Verdict("no", "the policy says it is not needed", optional[:2], required[:1], optional[0].relevance)
    if required:
        return Verdict("yes", "the policy says it is needed", required[:2], optional[:1], required[0].relevance)
    return None
