"""The verdict of a question about notice of a change to the policy, from the notices the policy gives, refuses or reserves
the right to skip (:func:`notice_verdict`)."""

from __future__ import annotations

import re

from .intent import Intent
from .models import Finding, Verdict
from .sentence_kinds import WITHOUT_NOTICE, WITHOUT_TELLING

#: A notice to the user in person, refused ("We do not undertake to provide you with personal notice of any changes") …
_PERSONAL_NOTICE = re.compile(r"\b(personal|individual|direct|separate) (notice|notification)|\bnotify you (personally|individually|directly)\b", re.I)
#: … and a question asking for one ("will they email me …?", "will I get a personal heads-up?").
_TO_ME_ASKED = re.compile(r"\b(e-?mail|text|call|write|message|notify|tell|contact|warn|alert)\w* (me|us)\b|\b(personal|individual|direct)(ly)?\b", re.I)
#: A question asking for an e-mail ("will they email me when they change it?") …
_EMAIL_ASKED = re.compile(r"\be-?mail\w* (me|us)\b|\b(send|get)\w* (me |us )?an? e-?mail\b", re.I)
#: … and a notice that is only posted ("The revised Privacy Policy will be posted to this page"): it says nothing of e-mail.
_POSTED_ONLY = re.compile(r"\bpost\w*\b", re.I)
_EMAILED = re.compile(r"\be-?mail\w*|\bnotify you\b|\bsend you\b|\bdirect(ly)?\b|\bpersonal(ly)?\b", re.I)
#: Changes that matter (a notice promised for them answers "will they tell me if they change the policy?").
_MATERIAL = re.compile(r"\b(material|significant|substantial|substantive|major|important)(ly)? (\w+ ){0,2}chang\w*", re.I)


def notice_verdict(intent: Intent, yes: list[Finding], no: list[Finding], margin: float) -> Verdict | None:
    """The verdict of a question about notice of changes (None when these rules do not decide it)."""
    if intent.practice != "notify":
        return None
    unannounced = [f for f in yes if WITHOUT_NOTICE.search(f.sentence)] if WITHOUT_TELLING.search(intent.question) else []
    if unannounced and no and unannounced[0].relevance + margin >= no[0].relevance:
        # "can they change the privacy rules without telling me?" — "We reserve the right to modify … the terms of our privacy policy
        # from time to time without notice": the very thing asked, reserved, over a notice given in some case
        return Verdict("yes", "the policy reserves the right", unannounced[:2], no[:1], unannounced[0].relevance)
    personal = [f for f in no if _PERSONAL_NOTICE.search(f.sentence)] if _TO_ME_ASKED.search(intent.question) else []
    if personal:
        # "will they email me a heads-up before changing the policy?" — "We do not undertake to provide you with personal notice of
        # any changes": a notice to the user in person is refused, whatever notice is posted on the site
        return Verdict("no", "the policy says not to you in person", personal[:2], yes[:1], personal[0].relevance)
    if yes and not no and _EMAIL_ASKED.search(intent.question) and all(_POSTED_ONLY.search(f.sentence) and not _EMAILED.search(f.sentence) for f in yes):
        # "will they email me when they change the policy?" — "The revised Privacy Policy will be posted to this page": a posted
        # notice says nothing of an e-mail
        return Verdict("not_stated", "the policy says changes are posted, not whether it e-mails you", [], [], 0.0)
    material = [f for f in yes if _MATERIAL.search(f.sentence)]
    if material and no and not _MATERIAL.search(intent.question):
        # "we may modify this policy without notice" and "if we make a material change …, we will provide prominent notice":
        # they tell of the changes that matter
        return Verdict("yes", "the policy says it will, for material changes", material[:2], no[:1], material[0].relevance)
    return None
