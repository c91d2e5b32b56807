"""Words of a question that name no object of their own: where cookies go or are deleted, what a Do Not Track signal is sent
by, where a breach happens, what behavioural ads are based on, the account not made when signing in with another one; and
words that tell what a question is about (the people a message goes to, trackers named as such, passing data on)."""

from __future__ import annotations

import re

from .text import tokenize
from .vocabulary import TRACKERS, rx

#: What behavioural advertising is based on ("ads based on my browsing", "… on what I search").
_BEHAVIOUR_WORDS = set(tokenize("browse browses browsing history histories activity activities interest interests habit habits visit visits online "
                                "search searches behavior behaviour"))
#: Where cookies go ("on my computer").
_COOKIE_PLACES = set(tokenize("computer computers device devices browser browsers machine machines hard drive laptop phone"))
#: Where cookies are deleted ("in the browser settings"), for a question naming them.
_COOKIE_SETTINGS = rx(r"\b(?:in|through|via|from|using) (?:my|your|the|their) (?:web )?browser(?:'s)?(?: settings?| preferences| options)?\b")
#: How something is made public ("posted", "displayed"): no object of its own.
_SHOWN_WORDS = set(tokenize("post posts posted posting publish publishes published display displays displayed show shows shown"))
#: Where a breach happens ("their systems", "the servers"): no object of its own.
_BREACH_PLACES = set(tokenize("system systems server servers database databases"))
#: What sends a Do Not Track signal, and how it is switched on.
_DNT_WORDS = set(tokenize("browser browsers signal signals setting settings header headers request requests preference preferences "
                          "switch switched switching turn turned enable enabled on firefox chrome safari edge explorer opera brave"))

#: People close to the user ("my buddy", "her brother"), the recipients of a message asked about.
RELATIONS = set(tokenize("friend friends buddy buddies brother sister mom mother dad father wife husband partner aunt uncle cousin relative relatives recipient recipients"))

#: A tracker named as such ("cookies", "pixels"), not tracking as a verb ("does the app track my GPS location?").
TRACKER_NAMED = rx(r"\b(" + TRACKERS + r"|sdks?)\b")
#: Words of passing data on ("can I opt out of the sharing?"): a way out of that, whatever channel the user signed up to.
SHARING_WORDS = rx(r"\b(shar\w*|sell\w*|sale|sold|disclos\w*|track\w*|cookies?|ads?|advertis\w*|data|info\w*)\b")

#: An administrator of the user's account seeing its data ("can my company's IT admin see my emails?"): data the company lets others see.
#: A promise asked for ("do they guarantee my info will never get out?"): the company's protection.
PROMISE_ASKED = rx(r"\b(promis\w*|guarantee\w*)\b.{0,60}\b(never|not|won'?t|safe|secure|nobody|no one|no-one)\b")
#: Throwing away asked as the alternative to keeping ("… or throw them away?").
KEPT_OR_THROWN = rx(r"\bor (?:do they |will they |would they |just )?(?:throw|toss|trash|dump|get rid)\w*\b")
ADMIN_SEES = rx(r"\b(?:it |system |domain |network |account )?admin(?:istrator)?s?\b(?:\s+\w+){0,3}?\s+(?:see|read|access|view|look at|get at|get into)\b")


def unowned_words(plain: str, practices: list[str], topics: list[str]) -> set[str]:
    """The words of the question (``plain``) that the answer need not name, for its practices and topics."""
    named: set[str] = set()
    if practices[:1] == ["honor_dnt"]:
        named |= _DNT_WORDS  # a Do Not Track signal is sent by a browser: no object of its own
    if practices[:1] == ["cookies"]:
        named |= _COOKIE_PLACES  # "cookies on my computer": where cookies go, no object of its own
    if "cookies" in practices:
        # "if i delete all my cookies in the browser settings, …": where cookies are deleted, no object of its own
        named |= {t for m in _COOKIE_SETTINGS.finditer(plain) for t in tokenize(m.group(0))} if re.search(r"\bcookies?\b", plain, re.I) else set()
    if practices[:1] == ["social_login"]:
        # "… instead of making a separate account": the way not taken, no object of its own
        named |= {t for m in re.finditer(r"\binstead(?: of)?\b[^?,;]*", plain, re.I) for t in tokenize(m.group(0))}
    if re.search(r"\b(?:turn|switch)\w* (?:[\w']+ ){1,2}(?:on|off)\b", plain, re.I):
        named |= {"turn", "switch"}  # "do I have to turn cookies on?": a setting's verb, no object of its own
    if practices[:1] == ["public"]:
        named |= _SHOWN_WORDS  # "could my name end up posted publicly?": how it is made public, no object of its own
    if "breach" in topics:
        named |= _BREACH_PLACES  # "suppose their systems get breached": where a breach happens, no object of its own
    if practices[:1] == ["targeted_ads"]:
        named |= _BEHAVIOUR_WORDS  # "ads based on his browsing" are behavioural ads: no object of their own
    return named
#: What the asker sets aside ("… erase everything they have about me, not just take me off the email list"): not what is asked.
NOT_JUST = rx(r",?\s*\bnot (?:just|only|merely|simply)\s+(?!because\b|for\b)[^.;?]*")
