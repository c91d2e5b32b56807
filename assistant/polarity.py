"""Sentence-level reading: does a sentence state a practice (``yes``), deny it (``no``) or only under a condition?

The patterns here read one sentence at a time: negations and what they reach ("we do not sell, trade
or transfer…"), conditions ("if we learn that…", but not a condition on the user's own choice),
exceptions after a denial ("except with service providers"), stock phrases whose "not" negates
nothing ("Do Not Track", "not limited to"), and a few readings built on them (a purpose or an object under a
negation, "only through …"). The kinds of sentence :mod:`stance` weighs (a period, a right of the user, a business
transfer) are in :mod:`sentence_kinds`; which sentences are read, and what they decide, is :mod:`stance`'s.
"""

from __future__ import annotations

import re

from .objects import count_named
from .text import tokenize
from .vocabulary import TOPIC_STATED

#: Phrases whose "not" negates nothing (names of signals and links, stock phrases).
_MASKS: tuple[tuple[re.Pattern[str], str], ...] = (
    # "i.e." and "e.g." end no clause ("we may share anonymous, aggregated (i.e. grouped) demographic information …")
    (re.compile(r"\b(i)\.(e)\.|\b(e)\.(g)\.", re.I), r"\1\2\3\4"),
    (re.compile(r"[\"“']?\b(?:Do[- ]Not[- ]Track|DO NOT TRACK|do[- ]not[- ]track(?=[\"”']|\s*\(|\s+(?:signals?|requests?|settings?|preferences?|"
                r"mechanisms?|browser|features?|options?|standards?|headers?|law)))[\"”']?"), "DNT-signal"),
    (re.compile(r"[\"“']?\bdo not (?:sell|share)(?: or (?:sell|share))? my(?: personal)?(?: info\w*| data)?[\"”']?", re.I), "DNS-link"),
    (re.compile(r"\b(?:but )?not limited to\b|\bwhether or not\b|\bnot only\b|\bno matter\b|\bno later than\b|\bnot later than\b", re.I), " "),
    (re.compile(r"\b(?:non|im)-?precise\b", re.I), "coarse"),
    # a double negation permits ("To the extent not prohibited under applicable law, … disclosures … may also be made")
    (re.compile(r"\bnot (?:otherwise )?(?:prohibited|forbidden|barred)\b", re.I), "permitted"),
    # a comparison ("countries that may not have privacy laws as protective as the laws in your country") denies nothing
    (re.compile(r"\bnot (?:(have|be|offer|provide|afford) ((?:[\w-]+ ){0,3}?))?as (?!(?:long|soon|well|far|much|many)\b)(\w+) as\b", re.I),
     r"\1 \2less \3 than"),
    # what protection achieves ("so that it cannot be read as it passes over the Internet") denies nothing the company does
    (re.compile(r"\b(?:cannot|can ?not|can't|could not|couldn't|will not|won't) be (?:read|intercepted|viewed|seen|deciphered|decrypted|"
                r"understood|accessed by (?:anyone|others|unauthori[sz]ed))\b", re.I), "stays unreadable"),
    # a choice offered to the user ("to know your choices about not having this information used by this company") denies nothing
    (re.compile(r"\b(choices?|options?|opportunity|ability) (?:about|regarding|of|for) not\b", re.I), r"\1 about"),
)
_NEGATOR = re.compile(
    r"\b(not|never|nowhere|no|none|nor|neither|cannot|can't|cant|don't|dont|doesn't|doesnt|won't|wont|isn't|isnt|aren't|arent|didn't|didnt|"
    r"shan't|wouldn't|wouldnt|refrain\w*|prohibit\w*|unable)\b", re.I)
#: Any word of negation (a sentence with one states no practice plainly).
NEGATOR = _NEGATOR
#: What follows "if"/"when" in a condition on the user's own choice: "if you…", "if at any time you…", "when updating your…".
_YOUR_CHOICE = (r"(?: (?:at any time|ever|at some point|later|in the future),?)? (?:you|your)\b| \w+ing (?:your|you)\b|"
                # (… the user's act told by its gerund alone: "When entering payment and personal information on our web pages, …")
                r" (?:entering|submitting|providing|using|making|placing|visiting|registering|creating|purchasing|buying|ordering|paying|signing)\b|"
                r" (?:a )?parents?(?: or (?:legal )?guardians?)? (?:want|wish|would like|request|ask)")  # "if parents want us to delete …": their right
#: Conditions that make a statement hypothetical ("if we learn that…"); a condition on the user's own choice
#: ("if you enable location services, we collect…") states the practice and is not one of them.
_CONDITION = re.compile(r"\b(if|unless|in the event|in case|whether|should(?! (?:also )?(?:be aware|be assured|rest assured|note|know|understand|remember|keep in mind|realize)\b)|once|when|whenever)\b(?!" + _YOUR_CHOICE + ")|"
                        r"\b(reassess|re-?evaluate|evaluate|consider|revisit)\w* (how|whether)\b", re.I)
_BOUNDARY = re.compile(r"[,;:()–—]|\b(but|however|although|though|except|unless|because|which|while|whereas|and we|so that|in order)\b", re.I)
#: Boundaries a negation does not reach across (commas do not stop it: "we do not sell, trade, or transfer…"); an embedded "how …"
#: clause is one ("An accounting of disclosures does not describe the ways that your information has been shared").
_STRONG_BOUNDARY = re.compile(r"[;:()–—]|\b(but|however|although|though|except|unless|because|which|while|whereas|so that|in order|if|when|how|the ways? (?:that|in which))\b|"
                              r",\s+(?=(these|those)\b)|"  # ", these cookies do not require consent": a new subject
                              r",\s+(?=we\s+(?!(?:do|does|will|would|can|may|shall)\s+not\b|don't|won't|never|cannot|can't)\w+)", re.I)  # "Although it is not personal, we can determine …"
#: An exception that opens the sentence ("Except as described below, we do not share …", "Other than X, we never …").
_LEADING_EXCEPTION = re.compile(r"\s*(except(?: as| for| in| to| where| when| that)?|other than|apart from|save for|with the exception of)\b[^,;]*,", re.I)
_EXCEPTION = re.compile(
    r"\b(except(?: as| for| that| when| where| in| to)?|unless|other than|with the exception|without (?:your |their )?(?:prior |express |explicit )?"
    r"(?:consent|permission)|apart from|save for|however(?!,?\s+in (?:a|any|such a) (?:manner|way|form)\b)|but may|but we may)\b.*", re.I)
_DATA_OBJECT = re.compile(
    r"\b(information|info|data|details|content|identif\w*|personal|profiles?|e-?mail address\w*|names?|photos?|records?|it|them|this|such|"
    r"anything|lists?|files?|addresses|history|ip address\w*|location|identifiers?|messages?|cookies?|logs?|accounts?|backups?|"
    r"copies|posts?|searches|queries|numbers?|your e-?mail|e-?mails|activity|activities|usage|databases?|coordinates|answers|responses)\b", re.I)
#: A notice or list that describes what was done with the data ("a notice from us describing which categories …").
_DESCRIBING = re.compile(r"\b(notice|list|description|accounting)\b.{0,20}\b(describing|identifying|listing|of)\b", re.I)
#: A subject before a denial that is not the company ("apps you use will not be able to…", "others").
_OURS = re.compile(r"\bour ((online|advertising|marketing|business|trusted|(?:third|3rd)[- ]?party|service|analytics|affiliated|technology|"
                   r"selected|carefully selected) )?\w+", re.I)
_OBJECT_OF_PREPOSITION = re.compile(r"\b(about|to|with|from|for|of|by|on|at|regarding|concerning)\s+(you|users?|visitors|members|customers|individuals)\b", re.I)
_OTHER_SUBJECT = re.compile(r"\b(you|users?|(?<!our )employees|visitors|members|customers|others|(?:third|3rd)[- ]?part\w*|partners?|advertisers?|apps|friends|parents|individuals)\b", re.I)
#: A negated passive up to the verb read ("not be automatically deleted", "never be shared").
_PASSIVE = re.compile(r"(?:not|never)\s+(?:ever\s+|\w+ly\s+)?(?:be|been|being)(?:\s+\w+ly)?\s*$", re.I)
#: Other businesses as a subject, for a policy of theirs ("such businesses may have in place a policy not to disclose …").
_OTHER_BUSINESSES = re.compile(r"\b(?:such|these|those|other) (?:businesses|companies|organi[sz]ations|entities|merchants|marketers)\b", re.I)


def masked(sentence: str) -> str:
    """The sentence with signal names and stock phrases replaced, so their "not" reads as nothing."""
    out = sentence
    for pattern, repl in _MASKS:
        out = pattern.sub(repl, out)
    return out


def _clause(text: str, at: int, boundary: re.Pattern[str] = _BOUNDARY) -> str:
    """The words before position ``at`` back to the last clause boundary."""
    head = text[:at]
    cut = 0
    for m in boundary.finditer(head):
        cut = m.end()
    return head[cut:]


_OBJECT_STOP = re.compile(r"\.(?![a-z]{2,4}\b)|[;:!?]|,\s+((and|but|or|so)\s+)?(we|you|they|it|our)\b|\b(but|however|in connection|which|who|whose|because)\b", re.I)


#: A guarantee, whose object is what it would rule out ("cannot guarantee that information may not be accessed, disclosed").
_GUARANTEE = re.compile(r"\b(guarantee|ensure|promise|warrant|assure)\w*\b", re.I)


def acts_on_data(text: str, start: int, end: int) -> bool:
    """Is a data word the object of the verb at ``start:end`` (within 14 words after it, or before it in the passive)?"""
    if _DESCRIBING.search(text[start:end]):  # the verb's phrase is about it: "request a notice from us describing …"
        return True
    if _RIGHTS_OBJECT.match(text[end:]):  # "… do not provide any right to you under this privacy policy": a right, no data
        return False
    if re.match(r"make\s", text[start:end], re.I) and _DATA_OBJECT.search(text[start:end]):
        return True  # the object inside the verb's phrase: "we make customer mailing lists available to …"
    after = _OBJECT_STOP.split(text[end:], maxsplit=1)[0]
    if _DATA_OBJECT.search(" ".join(after.split()[:14])):
        return True
    if re.match(r"ask", text[start:end], re.I) and re.match(r"\W*(?:\w+\W+){0,3}?(passwords?|credentials|pins?|security codes?)\b", after, re.I):
        return True  # "we will never ask you for your password": a password asked for is data
    before = " ".join(_clause(text, start).split()[-14:])
    if re.match(r"\W*(and|or|but)\s+(is|are|was|were|will|may|can)\b", before, re.I):  # "Log files are used …, and are not associated with …"
        before = " ".join(text[:start].split()[-20:])
    elif not before.strip(" ,") or re.fullmatch(r"\W*(and|or)\W*", before, re.I):  # a verb of a list: "information … is not sold, shared or distributed"
        before = " ".join(_clause(text, start, _STRONG_BOUNDARY).split()[-20:])
        # (not what a guarantee would rule out: "cannot … guarantee that information … may not be accessed, disclosed, altered")
        before = "" if _GUARANTEE.search(before) else before
    elif not _DATA_OBJECT.search(before) and re.search(r"\b(be|is|are|was|were)\s*$", before, re.I):
        # a passive whose subject opens the sentence ("Any information you disclose …, or any photo, becomes public and may be used …")
        whole = _clause(text, start, _STRONG_BOUNDARY)
        before = "" if _GUARANTEE.search(whole) else " ".join(whole.split()[:6])
    return bool(re.search(r"\b(is|are|be|been|being|was|were|get|gets)\b", text[max(0, start - 20):start], re.I) and _DATA_OBJECT.search(before))


#: A right or a remedy as the verb's object ("provide any right to you", "give you additional remedies").
_RIGHTS_OBJECT = re.compile(r"\W*(?:(?:you|any|a|an|the|no|additional|further|such|other|new)\s+)*(?:rights?|remed\w+|warrant\w+|guarantees?|assurances?)\b", re.I)


#: A refused permission up to the verb it would permit ("we do not authorize these advertisers to use this technology to …").
_PERMISSION_REFUSED = re.compile(r"\b(?:do|does|will|shall|would)\s+not\s+(?:authori[sz]e|allow|permit|let)\b[^.;:]{0,80}?\bto\s+(?:\w+\s+){0,7}$", re.I)


#: What follows a negator when it belongs to a clause of its own: words, then the modal of the verb read ("… that are not
#: NAI participants may have access").
_OWN_VERB_AFTER = re.compile(r"^\W*\w+\b.*\b(may|might|can|could|will|would|shall|must)(\s+(also|then|still|have|be|get))*\s*$", re.I)
#: A negated relative clause before the verb read ("… networks that are not NAI participants may have …").
_RELATIVE_NOT = re.compile(r"\b(?:that|which|who|whom)\s+(?:are|is|were|was|do|does|did)\s+not\b(?P<rest>[^,.;]*)$", re.I)
_ASIDE = re.compile(r",\s*(?:however|therefore|moreover|furthermore|of course|in any event|in any case)\s*,", re.I)
_CAPS_HEADING = re.compile(r"\s*(?:[A-Z][A-Z'&-]+:?\s+){2,}(?:(?:[A-Z][a-z'-]*|of|and|or|the|through|from|our|on|in|to|for|by|with)\s+){2,10}(?=(?:We|Our|You|Your)\s+[a-z])|"
                           r"\s*(?:[A-Z][A-Z'&-]+\s+){2,}(?=[A-Z][a-z])")
_FINDING_OUT = re.compile(r"\b(determin\w*|know\w*|learn\w*|see|tell\w*|track\w*|confirm\w*|check\w*) (whether|if|when)\b", re.I)


def read_polarity(sentence: str, verbs: re.Pattern[str], needs_data: bool = False, company_actor: bool = False,
                  inner_negation: bool = True) -> tuple[str, str]:
    """How a sentence states a practice: ``yes``, ``no``, ``conditional`` (only under an if) or ``absent``; and its exception.

    The first occurrence of the practice's verb that is not under a condition decides; it is negated when a
    negator stands in the words before it (up to seven, back to the clause boundary). The exception is the
    clause after "except", "unless", "without your consent"… of a denial. With ``company_actor``, a denial
    whose subject is someone else ("apps you use will not…") states nothing about the company.
    """
    # (an aside between commas breaks no clause: "We will not, however, materially change our policies …")
    text = _ASIDE.sub(" ", masked(sentence))
    conditional = False
    lead_if = re.match(r"^\s*(if|unless|in the event|should|in case|when|whenever|once)\b(?!" + _YOUR_CHOICE + ")", text, re.I)
    # "If you do not enable the app to use your location, we will not collect it": a verb inside a leading refusal by the
    # user is the condition, not the statement
    choice_lead = not lead_if and re.match(r"^\s*(if|when|whenever|should)(?: at any time,?| ever)? (you|users?) (do not|don'?t|not|no longer|choose not|decide not|"
                                           r"(?:would )?prefer not|wish not|would rather not|decline|refuse|"
                                           r"disable|turn off|opt out|block|deny)\b[^,]*,", text, re.I)
    # a heading in capitals glued to the sentence ("DISCLOSURE OF INFORMATION TO OTHERS We do not disclose …") states nothing
    heading = _CAPS_HEADING.match(text)
    # "Deleting or disabling HTTP cookies will not remove flash cookies": the practice named by a gerund opening the sentence is its
    # subject; the verb after the modal states it
    gerund = _GERUND_LEAD.match(text)
    for m in verbs.finditer(text):
        if heading and m.end() <= heading.end():
            continue
        if gerund and m.start() < gerund.start(1) and verbs.search(text[gerund.end(1):]):
            continue
        if needs_data and not acts_on_data(text, m.start(), m.end()):
            continue
        if choice_lead and "," not in text[: m.start()]:
            if verbs.search(text[text.index(",", m.start()):]):
                continue  # the statement after the condition names the practice again: it decides
            if _NEGATOR.search(text[: m.start()]):
                conditional = True  # "If you do not want cookies to be transferred to your computer, you may opt out": the
                continue  # user's refusal, no denial of the company's
        clause = _clause(text, m.start())
        # (a practice of finding something out is no condition: "to determine whether our consumers have opened those emails")
        lead = _FINDING_OUT.sub(" ", " ".join(text[m.start():].split()[:3]))
        if _CONDITION.search(clause + lead) or (lead_if and ("," not in text[: m.start()] or _WOULD.match(text))):
            conditional = True
            continue
        # the words before the verb, and inside a match that spans words ("ads in our apps are not targeted")
        window = " ".join(_clause(text, m.start(), _STRONG_BOUNDARY).split()[-7:] + (_STRONG_BOUNDARY.split(m.group(0))[0].split()[:-1] if inner_negation else []))
        negs = list(_NEGATOR.finditer(window))  # the negator nearest the verb ("if the app does not …, we will not collect")
        neg = negs[-1] if negs else None
        rel = _RELATIVE_NOT.search(text[: m.start()]) if neg else None
        relative = bool(rel and _OWN_VERB_AFTER.search(rel.group("rest")))
        if relative:
            neg = None  # the negation of a relative clause before a verb of its own ("ad networks that are not NAI participants may have access")
        if neg is None:
            # one negation over verbs joined by "or": "we do not show these ads to children or track children for targeted ads"
            reach = _clause(text, m.start(), _STRONG_BOUNDARY)
            joined = re.search(r"\b(not|never|cannot|can't|don't|doesn't|won't)\b(?!.*\b(and|we|they|it|you)\b[^,]*$)[^,.]*\b(or|nor)\b[^,]*$", reach, re.I)
            # (not when the verb only describes the data: "we do not sell or rent the information collected through tracking pixels")
            if joined and not relative and len(reach[joined.start():].split()) <= 16 and not re.search(r"\b(information|data|it)\s+\w+ed\b", reach[joined.end(3):], re.I):
                window = reach[joined.start():]
                neg = _NEGATOR.match(window)
        if neg is None:
            # one negation over a list of verb phrases: "reddit will not connect to the servers of those services, share information
            # with those services, or post on your behalf"
            reach = _clause(text, m.start(), _STRONG_BOUNDARY)
            listed = _VERB_LIST.search(reach)
            if listed and _LIST_GOES_ON.match(text[m.end():]) and not re.search(r"\b(we|they|it|you|who|that)\b", reach[listed.end():], re.I):
                window = reach[listed.start():]
                neg = _NEGATOR.match(window)
        if neg is None:
            # a subject denied by "no" reaches its passive verb: "no such claim may be brought as a class action"
            denied_subject = (_NO_SUBJECT.search(_clause(text, m.start(), _STRONG_BOUNDARY))
                              # (across an aside: "No Personally Identifiable Information (see below) is collected through our cookies")
                              or _NO_SUBJECT.search(re.sub(r"\s*\([^()]{0,40}\)", "", text[: m.start()])))
            if denied_subject:
                window = denied_subject.group(0)
                neg = _NEGATOR.match(window)
        if neg is None:
            # a permission refused reaches what it would permit: "we do not authorize these advertisers to use this technology
            # to collect personal information"
            refused = _PERMISSION_REFUSED.search(text[: m.start()])
            if refused:
                window = refused.group(0)
                neg = _NEGATOR.search(window)
        # "our partners", "our online partners" are the company's side ("cookies used by us and our online partners are not linked …")
        subject = " ".join(_OURS.sub("", window[: neg.start()]).split()[-4:]) if neg else ""
        if (neg and not window[: neg.start()].strip() and len(cut := _clause(text, m.start(), _STRONG_BOUNDARY).split()) > 7
                and cut[-8].lower() not in ("that", "which", "who") and not _NO_SUBJECT.match(window)):
            subject = " ".join(_OURS.sub("", " ".join(cut[:-7])).split()[-4:])  # the subject the seven words cut off ("You may not be able to opt out of receiving …")
        subject = _OBJECT_OF_PREPOSITION.sub(" ", subject)  # "… information about you and therefore cannot be used": no subject
        if re.search(r"\b(?:and|but)\s+(?:will|would|may|might|can|could|shall|is|are|was|were|does|do|did)\s*$", subject, re.I):
            subject = ""  # "it is not traceable to any particular user, and will not be used to contact you": the subject before
        if neg and re.search(r"\b(policy|practice|rule)\s*$", window[: neg.start()], re.I):
            holder = " ".join(_clause(text, m.start()).split()[:4])  # "such businesses may have in place a policy not to disclose …": theirs
            subject = "others" if _OTHER_BUSINESSES.search(holder) else holder
        rest = window[neg.start():] if neg else ""
        disclaimed = DISCLAIMED.match(rest)
        if disclaimed and not f"{rest[disclaimed.end():]} {m.group(0)}".split()[0].lower().endswith("ing"):
            # "we do not have control over cookies placed by advertisers": a disclaimer, no denial that others place them (but "we
            # are not responsible for removing …" denies the company's own part)
            neg = None
        # … or after it, inverted ("…to our business partners, in no event will we sell", "nor do we")
        inverted = bool(neg and re.search(r"\bwe\b", window[neg.end():], re.I))
        # a passive denial's subject is what is acted on, not who acts ("the posts you made as a reddit user will not be deleted")
        passive = bool(neg and _PASSIVE.match(window[neg.start():]))
        if neg and not (company_actor and _OTHER_SUBJECT.search(subject) and not re.search(r"\bwe\b", subject, re.I) and not inverted and not passive):
            # (an exception opening the sentence after a heading in capitals, :data:`_CAPS_HEADING`: "HOW DO WE USE INFORMATION GATHERED ON THE
            # SITE- Except as expressly set forth …,")
            head = _CAPS_HEADING.sub("", text[: m.start()], count=1)
            found = [e.group(0).strip(" .,") for e in (_LEADING_EXCEPTION.match(head), _EXCEPTION.search(text[m.end():])) if e]
            return "no", " … ".join(found)  # quoted as the policy's words: an elision between the two
        return "yes", ""
    return ("conditional", "") if conditional else ("absent", "")


#: A condition opening the sentence, then a main clause in "would" ("Should this policy change, we would comply with …"): all of it
#: hypothetical.
_WOULD = re.compile(r"[^,;.]*,\s*(?:we|they|it|the company|[A-Z][\w.&-]*)\s+would\b", re.I)


#: A sentence opening with a gerund phrase as its subject, up to the modal of its own verb ("Deleting your cookies will not …").
_GERUND_LEAD = re.compile(r"^\W*[A-Za-z]+ing\b[^.;:]{0,80}?\b(will|may|might|can|cannot|can't|does|do|would|won't|doesn't|does not|do not|is|are)\b(?:\s+not\b)?", re.I)
#: A negated verb phrase closed by a comma before the verb read, in a list of them ("will not connect to the servers, share …").
_VERB_LIST = re.compile(r"\b(?:not|never|cannot|can't|don't|doesn't|won't)\s+[a-z]+\b(?=[^.;]{0,80},\s*$)", re.I)
#: … and the list going on after it to its last item ("…, or post on your behalf").
_LIST_GOES_ON = re.compile(r"[^.;:]{0,80}?,?\s+(?:or|nor)\s+[a-z]+", re.I)
#: A subject denied by "no", up to the passive verb after it ("no such claim may be brought as …", "no data will ever be …").
_NO_SUBJECT = re.compile(r"\bno\s+(?:such\s+|other\s+)?(?:\w+(?:\s+\w+){0,3}?|(?:personal(?:ly)?\s+)?(?:identif\w+\s+)?(?:information|data)\s+(?:from|about|of|on|in|that|which|we|you)\b(?:\s+\w+){0,4}?)(?:\s*\([^)]{0,30}\))?\s+(?:(?:may|shall|will|can|could|would)\s+(?:ever\s+)?be|is|are|was|were)\s+"
                         r"(?:\w+(?:\s+\w+){0,3}\s*)?$", re.I)
#: A negation of the company's control over or responsibility for what others do (not of the practice itself; the answer to
#: "is X on the hook for that site?").
DISCLAIMED = re.compile(r"(?:not|no|never|cannot|can't|don't|do not|does not)\b(?:\s+\w+){0,2}?\s+(?:control|responsib\w*|liab\w*|accountable)\b"
                        r"(?:\s+\w+){0,2}?\s+(?:over|for)\b", re.I)


def denied_predicate(sentence: str, words: re.Pattern[str]) -> bool:
    """Is the question's word inside a denied predicate ("We will never ask you for your password in an unsolicited phone call")?

    The negation reaches the word across any number of words of its clause (not across a new clause or "and we").
    """
    text = masked(sentence)
    for m in words.finditer(text):
        clause = _clause(text, m.start(), _STRONG_BOUNDARY)
        neg = list(re.finditer(r"\b(will|would|shall|do|does|did|can|may)\s+(never|not)\b|\bnever\b|\b(won't|wont|don't|dont|doesn't|doesnt|cannot)\b",
                               clause, re.I))
        if neg and not re.search(r"\b(and|or) (we|it|they|the company)\b|\bif\b|\bonly\b", clause[neg[-1].end():], re.I):
            return True
    return False


#: Words that leave out what follows ("Excluding credit card information, this information may be shared …").
_EXCLUDING = re.compile(r"\b(excluding|except( for)?|other than|apart from|with the exception of|but not)\s*$", re.I)


def purpose_denied(sentence: str, words: re.Pattern[str]) -> bool:
    """Is the question's topic named as a purpose the sentence rules out ("collects information, although never for commercial
    marketing use", "not for advertising purposes")?"""
    text = masked(sentence)
    # (not the user's choice: "if you choose not to provide your location")
    return any(re.search(r"(?<!\bchoose )(?<!\bchooses )(?<!\bdecide )(?<!\belect )(?<!\bprefer )(?<!\bwish )\b(not|never)\s+(be\s+)?(used\s+)?(for|to)\s+(\w+\s+){0,2}$",
                         text[max(0, m.start() - 40):m.start()], re.I)
               for m in words.finditer(text))


#: A negated relative clause closed by a comma ("that is not specifically associated with any child,").
_CLOSED_RELATIVE_NOT = re.compile(r"\b(?:that|which|who)\s+(?:is|are|was|were|do|does|did)\s+not\b[^,;]*,", re.I)
#: … nor one still open at the word, whose negation is its own ("data of individuals who start but do not complete their
#: applications to be drivers").
_OPEN_RELATIVE_NOT = re.compile(r"\b(?:who|whom)\s+(?:\w+\s+){0,4}?(?:do|does|did|is|are|was|were|have|has|had)\s+not\b[^,;]*$", re.I)


def object_denied(sentence: str, objects: set[str]) -> bool:
    """Is one of the question's object words first named under a negation ("we will not use … such as religion")?"""
    words = sentence.split()
    seen: set[str] = set()
    for i, w in enumerate(words):
        stem = tokenize(w)
        hit = [o for o in objects if stem and (o == stem[0] or (len(o) >= 4 and stem[0].startswith(o)))]
        for o in hit:
            if o in seen:
                continue
            seen.add(o)
            # (from the head of a list of examples the word is in: "… will not associate … with sensitive categories, such as those based
            # on race, religion, sexual orientation or health")
            head = next((j for j in range(i - 1, max(0, i - 12) - 1, -1) if words[j].lower() in ("such", "including", "e.g.", "like")), i)
            before = " ".join(words[max(0, head - 20):i]) + " "
            # (a relative clause closed before the word denies nothing of it: "information that is not associated with any child,
            # to sponsors")
            reach = _CLOSED_RELATIVE_NOT.sub(" ", _clause(_OPEN_RELATIVE_NOT.sub(" ", before), 10**6, _STRONG_BOUNDARY))
            if _NEGATOR.search(reach) or _EXCLUDING.search(" ".join(words[max(0, i - 3):i])):
                return True
    return False


#: What the question would do without ("can I comment without a Facebook account?", "as a guest": without an account).
_WITHOUT_THING = re.compile(r"\bwithout (?:(?:having|using|creating|making|opening|setting up|an?|my|your|their|any|the)\s+)*((?:[\w-]+\s+){0,2}[\w-]+)|"
                            r"\b(?:as a |a )?(guest)\b|"
                            # "I don't have Facebook - can I still comment?"
                            r"\bi (?:do not|don'?t|never) (?:have|use) (?:an? |any )?((?:[\w-]+\s+){0,1}[\w-]+)", re.I)
#: … and the only way the policy allows it ("you may only do so through Facebook", "only if you set up an account").
_ONLY_WAY = re.compile(r"\bonly\b[^.;]{0,60}?\b(through|via|by|using|with|if|after|once|when)\b(?P<rest>[^.;]{0,80})", re.I)


def only_through(question: str, sentence: str) -> bool:
    """Does the sentence allow what the question would do without something only through that very thing?"""
    m = _WITHOUT_THING.search(question)
    o = _ONLY_WAY.search(sentence) if m else None
    if not m or not o:
        return False
    wanted = {t for t in tokenize(m.group(1) or m.group(3) or "account") if len(t) >= 4}
    return bool(wanted & set(tokenize(o.group("rest"))))


#: What the question says the user does without or has not done ("without registering", "I don't have Facebook", "I'm not
#: signed in"): a situation, not an object a denial would deny.
_QUESTION_NEGATED = re.compile(r"\b(?:without|do not|don'?t|never|not|haven'?t|have not|didn'?t|did not)\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.I)


def negated_in_question(question: str) -> set[str]:
    """The question's words it says the user does without (:data:`_QUESTION_NEGATED`)."""
    return {t for m in _QUESTION_NEGATED.finditer(question) for t in tokenize(m.group(1))}


def exception_answers(topics: list[str], objects: set[str], sentence: str, exception: str) -> bool:
    """Does the exception of a denial name exactly the question's topic, or all its object words where the denial names none
    ("… except as follows: if you sign a petition, your name may be delivered to legislators" for "does my name get sent to
    Congress?")? Then the answer is yes."""
    need = [t for t in topics if t not in ("account", "third_parties")]
    if need and all(TOPIC_STATED[t].search(exception) for t in need):
        return True
    cut = sentence.find(exception)
    return bool(objects) and cut > 0 and count_named(objects, exception) == len(objects) and not count_named(objects, sentence[:cut])
