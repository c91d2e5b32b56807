"""Questions whether the company can tell who the user is, and the sentences that answer them.

"Just from my IP and browser info, can they figure out who I actually am?" is not answered by "we collect your IP address":
it is answered by what the policy says of identifying people ("we can tell which Internet Service Provider our visitors use,
but not the names … that would allow us to identify them", "not used in any manner that would reveal personally identifiable
information"). A sentence that says nothing of identity is no answer to it.
"""

from __future__ import annotations

import re

#: A question whether the company can identify the user ("can they figure out who I am?", "is it tied back to my real name?").
IDENTITY_ASKED = re.compile(r"\b(who (?:i|we) (?:actually |really |truly )?am|identif(?:y|ies|ying) (?:me|us|who)|my (?:real |actual |true )?identity|"
                            r"(?:tie|ties|tied|tying|link\w*|connect\w*|trac\w*|match\w*|associat\w*) (?:\w+ ){0,3}(?:back )?(?:to|with) (?:my|me) (?:real |actual |true )?(?:name|identity)|"
                            # "can they figure out my name from my IP address?"
                            r"(?:figure|work|find) out (?:my|our) (?:real |actual |true )?(?:name|identity)|"
                            r"know (?:exactly )?who (?:i|we) (?:am|are))\b", re.I)
#: A sentence saying the data does not identify anyone ("non-personally identifiable information", "not linked to Personal
#: Information", "but not the names …", "in any manner that would reveal personally identifiable information").
IDENTITY_DENIED = re.compile(r"\b(non-?personal(?:ly[- ]identif\w*)?|not personally[- ]identif\w*|de-?identif\w*|anonymous (?:information|data)|"
                             r"(?:not|never|cannot|can't|no way to|without) (?:\w+ ){0,8}?(?:identify|identifying|reveal\w* (?:\w+ ){0,3}(?:identit\w*|personally[- ]identif\w*))|"
                             r"but not (?:the |your )?(?:names?|identit\w*)|"
                             r"not (?:\w+ ){0,3}(?:linked|tied|associated|connected|combined) (?:\w+ ){0,3}(?:to|with) (?:any )?(?:personal(?:ly)?|your (?:name|identity)))\b", re.I)
#: A question whether the data is anonymous ("… is anonymous and not meant to identify me?"): asked the other way round.
_ANONYMITY_ASKED = re.compile(r"\banonym\w*|\bnot\b[^?.]{0,30}\bidentif\w*", re.I)
#: Personal data named as such (not "non-personal").
_PERSONAL = re.compile(r"(?<!non-)(?<!non )\bpersonal(?:ly[- ]identifiable)? (?:information|data)\b", re.I)
#: Words of identity in a sentence.
_IDENTITY_WORDS = re.compile(r"\b(identif\w*|identit\w*|names?|anonym\w*|who you are)\b", re.I)


def identity_reading(question: str, sentence: str, polarity: str) -> str:
    """The polarity of a "yes" sentence for a question whether the company can tell who the user is: "no" when it says the
    data does not identify anyone, "related" when it says nothing of identity; any other reading as it was."""
    if polarity != "yes" or not IDENTITY_ASKED.search(question) or _ANONYMITY_ASKED.search(question):
        return polarity
    denied = IDENTITY_DENIED.search(sentence)
    if denied and not (denied.group(0).lower().startswith(("non", "anonymous")) and _PERSONAL.search(sentence)):
        return "no"  # (data "non-personal" or "anonymous" beside personal data named in the same sentence denies nothing)
    return polarity if _IDENTITY_WORDS.search(sentence) else "related"
