"""The question's object words ("my phone number", "the fan forums") and how a policy sentence names them."""

from __future__ import annotations

import difflib
import re
from collections import Counter
from typing import Any

from .spelling import is_word
from .text import tokenize
from .vocabulary import PHONE_NUMBER

#: Object words naming a kind of personal data (a sentence about all personal information covers them).
DATA_KINDS = set(tokenize("name names address addresses email e-mail phone number numbers birthday birth date age gender photo photos"))


def distinctive(table: Any, terms: set[str]) -> set[str]:
    """The question's object words that single something out in this bundle (not its name: in fewer than 15% of its passages)."""
    df = table.cache.get("df")
    if df is None:
        df = Counter(t for r in table.rows for t in set(tokenize(r.text)))
        table.cache["df"] = df
    n = max(len(table.rows), 1)
    return {t for t in (_spelled(t, df) for t in terms) if len(t) > 1 and df.get(t, 0) / n < 0.15}


def _spelled(term: str, df: Counter[str]) -> str:
    """A word the bundle never uses, read as the bundle word it is a slip of ("emial" → "email", "adress" → "address")."""
    if df.get(term) or len(term) < 5 or not term.isalpha() or is_word(term):
        return term  # (a word of its own is no slip: "contact" is not "contract")
    close = difflib.get_close_matches(term, [w for w in df if abs(len(w) - len(term)) <= 1 and w[:2] == term[:2]], n=1, cutoff=0.8)
    return close[0] if close else term


def names_objects(objects: set[str], context: str) -> bool:
    """Does a sentence name at least a third of the question's distinctive object words (a shared stem prefix counts)?"""
    return count_named(objects, context) >= max(1, (len(objects) + 2) // 3)


#: Policy words for what a consumer names otherwise (object words only; practices have their own vocabulary).
_SYNONYM_GROUPS = ("password passwords credential credentials login", "message messages communication communications content contents correspondence",
                   "kid kids child children minor minors", "card cards cardholder payment payments billing", "article articles story stories", "server servers system systems database databases", "ignore ignores ignored ignoring respond responds", "pay paying paid payment payments compensation compensate compensated", "phone mobile device cell cellphone",
                   "post posts posting comment comments review reviews content",
                   "submit submits submitted provide provides provided send sends sent upload uploads uploaded",
                   "permission permissions consent consents", "old older prior previous former earlier past", "tie ties tied link links linked associate associated connect connected individual",
                   "cop cops police", "tv television", "medical health", "pic pics picture pictures photo photos", "boss bosses employer employers", "facebook twitter instagram sns social", "place places source sources broker brokers supplier suppliers", "browse browsing activity activities click clicks clicked clicking article articles viewing viewed usage watch watches watched watching page pages", "forever indefinitely indefinite", "purpose purposes way ways", "hook hooked link linked connect", "profile profiles record records", "chart charts record records", "gpu gpus graphic graphics", "mandatory obligatory required require requires", "big bigger major significant material substantial", "pc pcs computer computers laptop laptops",
                   "promo promos promotional promotion promotions marketing", "ad ads advert adverts advertising advertisement advertisements", "friend friends buddy buddies contacts connections", "buy buying purchase purchases purchasing order ordering",
                   "sister parent affiliate affiliates subsidiary subsidiaries", "donor donors donation donations donate donating gift gifts", "gender genders sex female females male males",
                   "dm dms message messages", "college colleges school schools university universities institution institutions",
                   "group groups organization organizations organisation organisations",
                   "stat stats statistic statistics aggregate aggregated", "trade trades trading exchange exchanges swap swaps", "rival rivals competitor competitors", "money income salary salaries earnings wage wages", "reach reaching contact contacting", "home postal junk snail",
                   "congress legislator legislators lawmaker lawmakers policymaker policymakers politician politicians",
                   "target targeted targeting behavioral behavioural tailored personalized personalised",
                   "scam scams scamming scammer scammers fraud fraudulent fraudster fraudsters",
                   "rule rules term terms violate violates violating violation violations break breaking breach",
                   "giveaway giveaways contest contests sweepstake sweepstakes drawing drawings raffle raffles competition competitions",
                   # a user's everyday verbs for the policy's ("fix the address they have", "mix it with what they have", "push products at me")
                   "fix fixes fixed fixing correct corrects corrected correcting wrong incorrect inaccurate inaccuracy inaccuracies", "mix mixes mixed mixing combine combines combined combining",
                   "rewrite rewrites rewrote rewritten rewriting change changes changed changing modify modifies modified modification modifications",
                   "push pushes pushed pushing promote promotes promoted promoting", "lawsuit lawsuits litigation claim claims")
_SYNONYMS: dict[str, set[str]] = {}
for _group in _SYNONYM_GROUPS:
    _stems = set(tokenize(_group))
    for _w in _stems:
        _SYNONYMS.setdefault(_w, set()).update(_stems - {_w})


def synonyms_of(stem: str) -> set[str]:
    """The policy words for what a question's word names ("contest" for "giveaway"), as stems."""
    return _SYNONYMS.get(stem, set())


#: A thing named by what it is called ("signals that are commonly called Do Not Track"): no phone call.
_CALLED = re.compile(r"\b(?:so-|commonly |also |often |sometimes |is |are |be |being )called\b", re.I)


def count_named(objects: set[str], context: str) -> int:
    """How many of the object words a text names (synonyms count; an e-mail or IP address names no "mailing address")."""
    if "address" in objects and objects & _POSTAL_ASKED and "email" not in objects:
        context = _OTHER_ADDRESS.sub(" ", context)
    toks = set(tokenize(_CALLED.sub(" ", context)))
    for pattern, words in _CONTACT_DETAILS:  # "call 1-800-658-8372" names a phone number to call
        if objects & words and pattern.search(context):
            toks |= words
    return _count_named(objects, _with_synonyms(objects, toks))


#: Contact details written out, and the words they name ("1-800-658-8372" a phone number, "6336 N. Oracle Rd. … Tucson, AZ 85704"
#: a mailing address).
_CONTACT_DETAILS = (
    (re.compile(PHONE_NUMBER), set(tokenize("phone telephone number call"))),
    (re.compile(r"\b(?:[A-Z][a-z]+,? (?:[A-Z]{2}|[A-Z][a-z]+) \d{5}(?:-\d{4})?|P\.? ?O\.? Box \d+)\b"), set(tokenize("mailing postal address letter mail"))),
    # "the Walt Disney Family of Companies", "the family of CBS Interactive Services": the company's affiliates
    (re.compile(r"\b(?i:family|group) of (?:[A-Z][\w&]*\s+){0,4}(?i:companies|brands|businesses|services)\b|\b(?i:corporate family|common (?:control|ownership))\b"),
     set(tokenize("affiliate"))),
)


#: Words asking for a postal address ("my mailing address", "home address").
_POSTAL_ASKED = set(tokenize("mailing postal home street"))
#: Addresses of another kind than a postal one.
_OTHER_ADDRESS = re.compile(r"\b(?:e-?mail|ip|internet protocol|web|url)\s+address(?:es)?\b", re.I)


#: A word that is only a modifier of another object word ("phone number"): its synonyms name something else ("device").
_MODIFIES = {"phone": "number"}


#: Words that are another spelling of the same thing ("telephone" is a phone, "birth date" a birthday).
_SAME = {"telephon": "phone", "cellphon": "phone", "smartphon": "phone", "birthdat": "birthday", "dob": "birthday"}


def _with_synonyms(objects: set[str], toks: set[str]) -> set[str]:
    """The stems of a text, plus each object word one of whose synonyms it names (less a "number" of another kind than asked:
    "credit card number" does not name "my phone number")."""
    toks = toks | {_SAME[t] for t in toks if t in _SAME} | ({"birthday"} if {"birth", "date"} <= toks else set())
    out = toks | {o for o in objects if _SYNONYMS.get(o, set()) & toks and _MODIFIES.get(o) not in objects}
    kinds = [k for k in _NUMBER_KINDS if k & objects]
    if "number" in objects and kinds and not any(k & toks for k in kinds):
        out = out - {"number"}
    return out


#: Kinds of number a question names, each by its words ("phone number", "card number", "social security number").
_NUMBER_KINDS = [set(tokenize(k)) for k in ("phone telephone mobile cell cellphone", "card credit debit", "social security ssn", "account",
                                              "license licence driver", "passport")]


def names_most(words: set[str], context: str) -> bool:
    """Does a text name the question's words (all of two, all but one of more; a shared stem prefix counts)?"""
    return _count_named(words, set(tokenize(context))) >= len(words) - (1 if len(words) > 2 else 0)


def _count_named(words: set[str], toks: set[str]) -> int:
    """How many of the words the stems ``toks`` name (itself, or a stem of 4+ letters sharing a prefix)."""
    return sum(1 for w in words if w in toks or any(len(t) >= 4 and len(w) >= 4 and (t.startswith(w) or w.startswith(t)) for t in toks))
