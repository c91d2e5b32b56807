"""Reading one candidate sentence for the question's practice: whether it names what the question names, speaks of its topics,
and states, denies or only conditions the practice (:func:`read_sentence`); :mod:`stance` gathers the readings into findings.
The practices are read by :mod:`practice_polarity`; the phases after (the kinds of sentence that override them) are
:mod:`reading_overrides`'."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .ages import below_limit
from .candidates import Candidate, in_scope, missing_topics
from .coverage import OFFLINE_ASKED, ONLINE_ONLY
from .intent import Intent
from .messages_kinds import (
    CONTINUE_ASKED,
    NOT_SENT_AFTER,
    NOTIFICATIONS,
    OPT_IN_STANDARD,
    OPT_OUT_COVERS_ASKED,
    OPT_OUT_LAPSES,
    OTHER_DEVICE_ASKED,
    PER_DEVICE,
    SERVICE_ASKED,
    SERVICE_MESSAGES,
    STILL_SENT,
)
from .neighbours import colon_intro, rows_before, sentence_before
from .objects import DATA_KINDS, names_objects
from .others_data import OTHERS_DATA_ASKED, OTHERS_DATA_REFUSED
from .polarity import NEGATOR, masked
from .practice_polarity import read_practices
from .question_forms import without_situation
from .reading_overrides import (
    Case,
    contrast_reading,
    kind_overrides,
    object_overrides,
    question_overrides,
    request_time,
    scope_overrides,
)
from .refusals import CANNOT_REFUSE, asks_by_way, channel_refused, refusal_asked
from .sentence_kinds import (
    ACCOUNT_ASKED,
    ALL_DATA,
    ALL_OF,
    ANAPHORA,
    AT_REST,
    BACK_REFERENCE,
    BUSINESS_TRANSFER,
    CONDITION_DENIED,
    CONSENT_EXCEPTION,
    CONTAINS_NO_PERSONAL,
    FORCED_ASKED,
    GUARANTEE_ASKED,
    LEAVE_ASKED,
    MESSAGES_ASKED,
    NO_GUARANTEE,
    ONLY_STATED_PURPOSE,
    PERSONAL_ASKED,
    PROTECTED_KINDS,
    RESTRICTION,
    SENT,
    UNIVERSAL_PARTY,
    WITHOUT_CONSENT,
)
from .text import tokenize
from .vocabulary import PARTY_TOPICS, TOPIC_ASKED

#: Question topics a sentence's denial of all personal data (ALL_DATA) covers (a denial of all parties, UNIVERSAL_PARTY, covers
#: PARTY_TOPICS).
_DATA_TOPICS = {"email"}
#: … and only a sentence of a passage at least this similar is embedded to find out.
OVERRIDE_PASSAGE = 0.45


#: The address book ("the contacts on my phone", "my contact list", "address book").
ADDRESS_BOOK = re.compile(r"\bcontacts\b|\bcontact lists?\b|\baddress books?\b|\bphone ?books?\b|\bfriends'? lists?\b", re.I)




#: A table of contents ("Essence PRIVACY POLICY Table of Contents The Information We Collect How We Use …").
_CONTENTS = re.compile(r"\btable of contents\b", re.I)


#: A sentence denying a practice of any data at all ("No information will be sold …", "No personal data is shared …").
_NOTHING = re.compile(r"\W*no (?:personal |personally identifiable |other )?(?:information|data)\b", re.I)


def address_book_words(question: str, objects: set[str]) -> set[str]:
    """The question's object words that name the address book ("contacts", "address book", "friends list")."""
    return {t for m in ADDRESS_BOOK.finditer(question) for t in tokenize(m.group(0))} & objects


@dataclass
class Reading:
    """How one candidate sentence reads for the question."""

    candidate: Candidate
    polarity: str  # yes / no / conditional / related
    exception: str
    practice: str
    named: bool  # names the question's object words (or stands in for them)
    told: bool  # names them through a back reference ("such information") to the sentences before
    forced: bool  # a sentence of the very kind the question asks about


@dataclass
class _Naming:
    """What a sentence names of the question (:func:`_naming`)."""

    named: bool  # names the question's object words, or stands in for them
    told: bool  # names them through a back reference to the sentences before
    about_all: bool  # speaks of all personal data instead
    plain_about_all: bool  # … and negates nothing
    forced: bool  # a sentence of the very kind the question asks about
    contains_no_personal: bool  # "the cookie itself does not contain subscriber information"


def read_sentence(table: Any, c: Candidate, intent: Intent, objects: set[str], practices: list[str], book: set[str]) -> Reading | None:
    """The reading of a candidate sentence, or None when it does not speak to the question (``book``: the question's object
    words naming the address book, :func:`address_book_words`)."""
    if _CONTENTS.search(c.sentence) or c.sentence.rstrip().endswith("?"):
        return None  # a table of contents names every topic and states none; a question ("Does our site allow …?") states nothing
    row = table.rows[c.row]
    context = f"{row.heading} {c.piece or c.sentence}"
    case = Case(table, c, intent, objects, practices, masked(c.sentence))
    naming = _naming(case, context, book)
    if not naming.named and c.dense < OVERRIDE_PASSAGE:
        return None  # too far from the question for its sentence to stand in for the object words
    if not naming.named and objects and c.sentence.rstrip().endswith(":"):
        return None  # a list's introduction ("… use other information that we collect about you to:") states nothing of them
    missing = _unmet_topics(case, context)
    if missing is None:
        return None
    polarity, exception, practice, answered_by_exception, kept_undeleted = read_practices(case)
    if polarity == "related" and _consent_only_denial(intent, practice, exception, case.text):
        polarity = "no"  # "We will not share your information with third parties for the purposes of their direct marketing unless
        # you affirmatively agree" answers "will they give my email to other companies so those companies can send me ads?"
    polarity, practice = kind_overrides(case, polarity, practice, naming.forced, naming.contains_no_personal)
    if naming.about_all and not naming.plain_about_all and polarity != "no":
        return None
    if missing and polarity != "no" and not answered_by_exception:
        return None  # "… with anyone" / "… no personal information" settles a question about advertisers / an email only when it denies
    polarity, exception = contrast_reading(case, polarity, exception, practice)
    polarity, practice = object_overrides(case, polarity, practice, naming.named, answered_by_exception, kept_undeleted)
    polarity, practice = scope_overrides(case, polarity, practice)
    polarity, practice = question_overrides(case, polarity, practice, naming.named, answered_by_exception, kept_undeleted)
    if polarity == "yes" and practice == "cookies" and intent.practice == "combine":
        polarity = "related"  # "A cookie is a small file placed on your computer" is no answer to "are their cookies tied to my name?"
    if polarity == "absent":
        if not practices and c.dense >= 0.45:
            polarity = "related"
        else:
            return None
    return Reading(c, polarity, exception, practice, naming.named, naming.told, naming.forced)


def _naming(case: Case, context: str, book: set[str]) -> _Naming:
    """Whether the sentence names the question's object words, or stands in for them: all personal data, protection of all
    of it, a sentence of the very kind asked about, a denial for younger children, a restriction on children, a sale of
    the business (``context``: the row's heading and the sentence)."""
    intent, objects, text = case.intent, case.objects, case.text
    named, told = _object_words_named(case, context, book)
    # A sentence about all personal information speaks of "my name or email address": a denial ("we do not provide any
    # personal information to advertisers") always, a statement only when plain (no negation anywhere, so no "…; however,
    # your contact information is not displayed"): "we may rent or sell personally identifiable information" answers "do
    # they sell my email address?". "not intended for children under 13" covers whatever a child would do.
    # ("No information will be sold to any other companies" denies it of every kind of data, whatever the question names)
    about_all = not named and (objects <= DATA_KINDS or bool(_NOTHING.match(text))) and bool(ALL_DATA.search(text))
    plain_about_all = about_all and not NEGATOR.search(text)
    # "we encrypt your personal and financial information" answers "is my credit card number encrypted?": protection of all
    # of it covers each kind
    protects_all = (not named and "encryption" in intent.topics and bool(ALL_DATA.search(text) or PROTECTED_KINDS.search(text))
                    and not (AT_REST.search(intent.question) and SENT.search(text)))
    forced = _forced(intent, text)
    # "the cookie itself does not contain subscriber information" answers "is my name stored in their cookie?"
    contains_no_personal = (intent.practice in ("collect", "retain", "cookies", "share") and bool(PERSONAL_ASKED.search(intent.question))
                            and bool(CONTAINS_NO_PERSONAL.search(text)))
    # (a denial about children younger than a limit above the asker's age covers whatever the asker would do: "I'm 12 — can I enter?")
    young = "children" in intent.topics and below_limit(intent.question, text) and bool(NEGATOR.search(text))
    named = named or about_all or protects_all or forced or young or (contains_no_personal and objects <= DATA_KINDS) or ("children" in intent.topics and bool(RESTRICTION.search(text))) or (
        "merger" in intent.topics and bool(BUSINESS_TRANSFER.search(text)))  # few sentences speak of a sale of the business, all on point
    return _Naming(named, told, about_all, plain_about_all, forced, contains_no_personal)


def _object_words_named(case: Case, context: str, book: set[str]) -> tuple[bool, bool]:
    """Whether the sentence names the question's object words (by the address book's names, by a back reference to the
    sentences before, or by a denial to all parties), and whether through the back reference: (named, told)."""
    table, c, intent, objects, text, row = case.table, case.c, case.intent, case.objects, case.text, case.row
    named = not objects or names_objects(objects, context)
    # the address book by any of its names ("your contacts list" for "my whole address book")
    if book and not named and ADDRESS_BOOK.search(context):
        named = not (objects - book) or names_objects(objects - book, context)
    # "such information", "these communications": named by the sentences before, and as close to the question as they are
    # (a back reference only in its first words: "If you give us your address, this information …" points inside the sentence)
    back = BACK_REFERENCE.search(c.sentence)
    # "does the app read the contacts on my phone?", "… pull my friends list?": only the address book answers, not "we will
    # contact you", "contact information" or "send-to-a-friend" (words with other senses; "address book" has none)
    address_book = bool(book & {"contact", "friend", "book"})
    named = (named or (bool(back) and names_objects(objects, f"{row.heading} {rows_before(table, c.row)} {row.text}"))) and not (
        address_book and not ADDRESS_BOOK.search(context))
    # "we will not disclose your personal information to any third party" answers "will they hand my email to booze brands?"
    rest = intent.object_terms - intent.recipient_terms
    # (… not one whose exceptions follow: "… will not disclose personal information to any third party unless we believe that disclosure is
    # necessary:" tells nothing of affiliates)
    if not named and intent.recipient_terms and UNIVERSAL_PARTY.search(text) and NEGATOR.search(text) and not re.search(r"\bunless\b[^.;]*:\s*$", text):
        named = not rest or names_objects(rest, context) or (rest <= DATA_KINDS and bool(ALL_DATA.search(text)))
    told = back is not None and named and len(c.sentence[: back.start()].split()) < 8 and not names_objects(objects, context)
    if not named and objects and (kind := _kind_exemplified(table, c.row, c.sentence, objects)) and re.search(rf"\b{kind}\b", c.sentence):
        named = told = True  # "… on behalf of Licensors, for example SouthBeachDiet.com." — "We may share … with its Licensors."
    return named, told


def _kind_exemplified(table: Any, row: int, sentence: str, objects: set[str]) -> str:
    """The kind the sentence before names the question's objects as examples of ("Licensors" in "… Licensors, for example
    PDRHealth.com and SouthBeachDiet.com"), or ""."""
    before = sentence_before(table, row, sentence)
    m = _EXEMPLIFIED.search(before) if before and names_objects(objects, before) else None
    return re.escape(m.group(1)) if m and names_objects(objects, before[m.end():]) else ""


#: A kind followed by examples of it ("Licensors, for example …", "partners such as …").
#: (a defined term, capitalised: "Licensors", not "services" or "data")
_EXEMPLIFIED = re.compile(r"(?<=[a-z,] )([A-Z][a-z]{3,}s)\b,?\s+(?i:for example|for instance|such as|e\.g\.,?)\s")


def _forced(intent: Intent, text: str) -> bool:
    """Is the sentence of the very kind the question asks about, which forces a denial ("we do not condition a child's
    participation on …" for "can they make my kid give more info to play?")?"""
    forced = "children" in intent.topics and bool(FORCED_ASKED.search(intent.question) and CONDITION_DENIED.search(text))
    # "does my opt-out cover my phone too?" — "you must opt-out separately from each computer or device and browser"
    forced = forced or ("opt_out" in intent.practices and bool(OTHER_DEVICE_ASKED.search(intent.question) and PER_DEVICE.search(text)))
    # "… if I then enter one of their sweepstakes, does my opt-out still cover that?" — "your previous opt-out preferences will not apply"
    forced = forced or ("opt_out" in intent.practices and bool(OPT_OUT_COVERS_ASKED.search(intent.question) and OPT_OUT_LAPSES.search(text)))
    # "can I see the information they have on his account?" — "you will not be permitted to examine the … information of any other user"
    forced = forced or bool(OTHERS_DATA_ASKED.search(intent.question) and OTHERS_DATA_REFUSED.search(text))
    # "can they guarantee nobody will hack my account?" — "we cannot promise that your use of our sites will be completely safe"
    forced = forced or ("protect" in intent.practices and bool(GUARANTEE_ASKED.search(intent.question) and NO_GUARANTEE.search(text)))
    # "will they text me promos even if I never agreed?" — "We use an opt-in standard for phone and text messages"
    forced = forced or bool(WITHOUT_CONSENT.search(intent.question) and OPT_IN_STANDARD.search(text))
    # "can i stop every single email?" — "we reserve the right to send you administrative messages"
    # (… and "does unsubscribing from promos also stop the emails about my orders?" — "we will still send you transactional messages")
    forced = forced or ("opt_out" in intent.practices and bool((intent.user_action and ALL_OF.search(intent.question)) or SERVICE_ASKED.search(intent.question))
                        and bool(STILL_SENT.search(text)))
    # "if I opt out, will they still keep sending them?" — "we will never knowingly send messages to customers who have asked not to"
    forced = forced or ("opt_out" in intent.practices and bool(CONTINUE_ASKED.search(intent.question) and NOT_SENT_AFTER.search(text)))
    # "can I block the tracking pixels?" — "Web Beacons cannot be declined when delivered via a regular web page"
    forced = forced or (refusal_asked(intent.question, intent.user_action, intent.practices) and bool(CANNOT_REFUSE.search(text)))
    # "can I just call them to make my privacy request?" — "we will not accept requests via the telephone or by fax"
    forced = forced or (asks_by_way(intent.question, intent.user_action) and channel_refused(intent.question, text))
    # "does the policy cover what I give them over the phone?" — "applies only to information collected through our Site and not
    # to information collected by us offline"
    forced = forced or ("scope" in intent.practices and bool(OFFLINE_ASKED.search(intent.question) and ONLINE_ONLY.search(text)))
    return forced


#: E-mail asked as the way they would reach me ("will they email me offers?") …
_EMAIL_ME = re.compile(r"\be-?mail (?:me|us)\b", re.I)
#: … which a sentence naming another way does not answer.
_OTHER_CHANNEL = re.compile(r"(?<!e-)(?<!e)\b(?:mail|postal|post|text|texts|sms|phone|telephone|call|calls|fax)\b", re.I)


def _unmet_topics(case: Case, context: str) -> set[str] | None:
    """The question's topics the sentence leaves unnamed, that only a denial (or an exception that answers) may still settle;
    None when the sentence is off the question's topics."""
    table, c, intent, text, row = case.table, case.c, case.intent, case.text, case.row
    missing = missing_topics(intent, masked(context))
    if missing and in_scope(intent, table.rows[c.row], context):  # every sentence of a "California Privacy Notice" is about California
        missing = set()
    if missing == {"marketing"} and not intent.user_action and ONLY_STATED_PURPOSE.search(text):
        missing = set()  # "… will only be used for the stated purpose" rules out marketing without naming it
    if missing and request_time(intent, text):
        missing = set()  # "please allow up to 10 business days to process your request": the request of the sentences before
    if missing and asks_by_way(intent.question, intent.user_action) and channel_refused(intent.question, text) and not missing_topics(
            intent, masked(f"{rows_before(table, c.row)} {row.text}")):
        missing = set()  # "We will not accept requests via the telephone" after "California residents may request a list of …"
    if missing and missing <= {"email", "account"} and intent.user_action and "opt_out" in intent.practices and _RECEIVING_INFO.search(text):
        missing = set()  # "You may not opt out of receiving information regarding the … renewal of the subscriptions, account balances"
    if missing == {"email"} and NOTIFICATIONS.search(intent.question) and NOTIFICATIONS.search(text):
        missing = set()  # "you cannot disable notifications related to geocaches you own" answers "… the notification emails?"
    if missing == {"email"} and intent.practice in ("share", "sell") and _EMAIL_DATA.search(intent.question) and ALL_DATA.search(text):
        missing = set()  # "We may share your information, including personally identifiable information, with non-affiliated third
        # parties" answers "could other companies end up getting my email?"
    if missing == {"email"} and intent.practice == "message" and _EMAIL_ME.search(intent.question) and not _OTHER_CHANNEL.search(text):
        missing = set()  # "will they email me promo offers?" — "… and to send you information, offers and other promotional materials"
    if missing == {"account"} and (("children" in intent.topics and ACCOUNT_ASKED.search(intent.question) and RESTRICTION.search(text))
                                   or ("opt_out" in intent.practices and SERVICE_MESSAGES.search(text))):
        missing = set()  # "may not be used by children under 13" answers "can my kid make an account?"; account messages are service messages
    if missing == {"merger"} and re.search(r"\btransfer\w*", text, re.I) and BUSINESS_TRANSFER.search(rows_before(table, c.row)):
        missing = set()  # "… we will provide notice to you before any personal information is finally transferred", after a merger is told
    if missing and missing <= {"marketing", "email", "account"} and (asked := without_situation(intent.question)) != intent.question and not any(TOPIC_ASKED[t].search(asked) for t in missing) and any(
            TOPIC_ASKED[t].search(asked) for t in intent.topics if t not in missing):
        missing = set()  # "would this site collect personal info from my 11 year old if she signed up for the newsletter?": the situation
        # told is no topic the answer must name ("we will not knowingly collect … from children … under the age of 13")
    if missing and (ANAPHORA.search(c.sentence) or (BACK_REFERENCE.search(c.sentence) and NEGATOR.search(text))):  # "AOL does not take action in response to these signals": named in the passage
        missing = missing_topics(intent, masked(f"{row.heading} {rows_before(table, c.row)} {row.text}"))  # … or in the two sentences before
    if missing and len(c.sentence.split()) <= 25 and (intro := colon_intro(table, c.row)) and not missing_topics(intent, masked(f"{intro} {context}")):
        missing = set()  # "… we will take the following responsive action, should a data breach occur:" — "We will notify the users via email"
    if missing == {"precise"} and NEGATOR.search(text):
        missing = set()  # a denial about my location covers its precise form ("This information is not used to create a profile")
    if missing and not (missing <= PARTY_TOPICS and (UNIVERSAL_PARTY.search(text) or _partyless_denial(intent, text))) and not (
            missing <= _DATA_TOPICS and ALL_DATA.search(text) and not MESSAGES_ASKED.search(intent.question)):
        return None
    return missing


#: An email address as the data asked about ("getting my email", "my e-mail address"), not a channel.
_EMAIL_DATA = re.compile(r"\b(?:my|our|his|her|their) e-?mail(?: address(?:es)?)?\b(?! (?:inbox|account|newsletter|list))", re.I)
#: What the user receives from the company, whatever the channel ("opt out of receiving information regarding …").
_RECEIVING_INFO = re.compile(r"\breceiv\w* (?:any |such |certain |these |those )?(?:information|communications?|messages?|notices?|notifications?|updates?|correspondence)\b", re.I)

#: Words naming some party the data could go to.
_SOME_PARTY = re.compile(r"\b(third[- ]part\w*|partners?|compan\w*|affiliat\w*|advertis\w*|vendors?|providers?|others|organi[sz]ations?|businesses|"
                         r"sponsors?|marketers?|brokers?|government\w*|police|law enforcement|agents?|contractors?|subsidiar\w*|merchants?)\b", re.I)


def _partyless_denial(intent: Intent, text: str) -> bool:
    """A denial of selling that names no party ("we will not sell your health information …"): denied to every buyer, so also to
    the kind the question names ("would they sell my medical records to drug companies?") (… and a release denied without the user's
    leave, for a question asking whether it happens without asking); not one leaving room for other ways
    ("… will not be otherwise shared or sold") nor a wish of the user's ("if you prefer that we not …")."""
    return ((intent.practice == "sell" or (intent.practice == "share" and bool(WITHOUT_CONSENT.search(intent.question)) and bool(_WITHOUT_PERMISSION.search(text))))
            and bool(NEGATOR.search(text)) and not _SOME_PARTY.search(text)
            and not re.search(r"\b(otherwise|prefer\w*|wish\w*|ask\w* us)\b", text, re.I))


#: A purpose named in a sentence ("for the purposes of their direct marketing") and marketing asked of in a question.
_PURPOSE = re.compile(r"\bfor (?:the )?(?:purposes?|their (?:own )?(?:direct )?marketing|marketing)\b", re.I)
_ADS_ASKED = re.compile(r"\b(ads|advertis\w*|market\w*|promot\w*|offers?|spam\w*|junk)\b", re.I)


def _consent_only_denial(intent: Intent, practice: str, exception: str, text: str) -> bool:
    """A denial of sharing or selling whose only exception is the user's own leave, for a question that does not ask about that
    leave (and, where the denial is limited to marketing, asks about marketing): it answers no."""
    return (practice in ("share", "sell") and intent.practice in ("share", "sell") and bool(CONSENT_EXCEPTION.match(exception))
            and not LEAVE_ASKED.search(intent.question) and bool(NEGATOR.search(text))
            and (not _PURPOSE.search(text) or bool(_ADS_ASKED.search(intent.question) and _ADS_ASKED.search(text))))


#: A release denied without the user's leave ("… prohibits the release of education records without student permission"): denied to
#: every party, for a question asking whether it happens without asking.
_WITHOUT_PERMISSION = re.compile(r"\bwithout (?:the )?(?:your |their |the user'?s |student |parental |prior |written |express )*(?:consent|permission|authori[sz]ation)\b", re.I)
