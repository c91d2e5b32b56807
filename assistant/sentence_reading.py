"""Reading one candidate sentence for the question's practice: whether it names what the question names, speaks of its topics,
and states, denies or only conditions the practice (:func:`read_sentence`); :mod:`stance` gathers the readings into findings.
The phases after the practices are read (the kinds of sentence that override them) are :mod:`reading_overrides`'."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .ages import below_limit
from .candidates import Candidate, in_scope, missing_topics
from .coverage import NOT_COVERED, OFFLINE_ASKED, ONLINE_ONLY, OTHER_ASKED, OTHER_POLICY, OTHER_SITES
from .intent import Intent
from .messages_kinds import (
    CONTINUE_ASKED,
    MARKETING_ONLY,
    NOT_SENT_AFTER,
    NOTIFICATIONS,
    OPT_IN_STANDARD,
    OTHER_DEVICE_ASKED,
    PER_DEVICE,
    SERVICE_ASKED,
    SERVICE_MESSAGES,
    STILL_SENT,
)
from .neighbours import BULLET, colon_intro, item_text, list_intro, rows_before, unmarked_intro
from .objects import DATA_KINDS, names_objects
from .polarity import DISCLAIMED, NEGATOR, exception_answers, masked, read_polarity
from .reading_overrides import (
    Case,
    contrast_reading,
    kind_overrides,
    object_overrides,
    question_overrides,
    request_time,
    scope_overrides,
    user_does,
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
    CONTAINS_NO_PERSONAL,
    DNT_IGNORED,
    FORCED_ASKED,
    FOREVER_ASKED,
    FREE_OF_CHARGE,
    GUARANTEE_ASKED,
    IN_TRANSIT,
    KEPT,
    LIMITED_RETENTION,
    MESSAGES_ASKED,
    NO_GUARANTEE,
    NOT_DELETED,
    ONLY_STATED_PURPOSE,
    PERSONAL_ASKED,
    PROTECTED_KINDS,
    REQUEST_NOT,
    RESTRICTION,
    SENT,
    STILL_THERE_ASKED,
    THEIR_MARKETING,
    THEIR_OWN,
    UNDESCRIBED_WAYS,
    UNIVERSAL_PARTY,
    USER_DENIED,
    VACUOUS_EXCEPTION,
    WHOLLY,
    WITHOUT_CONSENT,
    WITHOUT_NOTICE,
    WITHOUT_TELLING,
)
from .text import tokenize
from .vocabulary import BY_NAME, PARTY_TOPICS, TOPIC_STATED

#: Question topics a sentence's denial of all personal data (ALL_DATA) covers (a denial of all parties, UNIVERSAL_PARTY, covers
#: PARTY_TOPICS).
_DATA_TOPICS = {"email"}
#: … and only a sentence of a passage at least this similar is embedded to find out.
OVERRIDE_PASSAGE = 0.45


#: The address book ("the contacts on my phone", "my contact list", "address book").
ADDRESS_BOOK = re.compile(r"\bcontacts\b|\bcontact lists?\b|\baddress books?\b|\bphone ?books?\b|\bfriends'? lists?\b", re.I)


#: Taking oneself off a mailing list ("remove yourself from our e-mail list"): an opt-out, not a deletion …
_OFF_A_LIST = re.compile(r"\b(remov\w*|delet\w*|tak\w+) (yourself|you|your (name|e-?mail( address)?))( \w+){0,3} (from|off) [^.;]{0,60}?\b(lists?|mailings?)\b", re.I)
#: … unless the question asks about the list or the emails.
_LIST_ASKED = re.compile(r"\b(lists?|e-?mails?|newsletters?|mailings?|subscri\w*)\b", re.I)

#: A denial of sharing for the purposes of marketing only ("we do not share or sell visitor data for the purposes of advertising,
#: marketing, or any other commercial purpose").
_FOR_MARKETING = re.compile(r"\b(not|never)\b[^.;]{0,80}\bfor (?:the )?purposes? of (?:advertising|marketing|promotion\w*)\b", re.I)

#: A table of contents ("Essence PRIVACY POLICY Table of Contents The Information We Collect How We Use …").
_CONTENTS = re.compile(r"\btable of contents\b", re.I)


#: The users' data named as theirs ("user information", "information about you").
_USERS_DATA = re.compile(r"\b(?:users?|customers?|members?|subscribers?|visitors?)['’]?s?['’]? (?:personal )?(?:information|data)\b|\binformation (?:about|on) you\b", re.I)
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
    polarity, exception, practice, answered_by_exception, kept_undeleted = _read_practices(case)
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
    if not named and intent.recipient_terms and UNIVERSAL_PARTY.search(text) and NEGATOR.search(text):
        named = not rest or names_objects(rest, context) or (rest <= DATA_KINDS and bool(ALL_DATA.search(text)))
    told = back is not None and named and len(c.sentence[: back.start()].split()) < 8 and not names_objects(objects, context)
    return named, told


def _forced(intent: Intent, text: str) -> bool:
    """Is the sentence of the very kind the question asks about, which forces a denial ("we do not condition a child's
    participation on …" for "can they make my kid give more info to play?")?"""
    forced = "children" in intent.topics and bool(FORCED_ASKED.search(intent.question) and CONDITION_DENIED.search(text))
    # "does my opt-out cover my phone too?" — "you must opt-out separately from each computer or device and browser"
    forced = forced or ("opt_out" in intent.practices and bool(OTHER_DEVICE_ASKED.search(intent.question) and PER_DEVICE.search(text)))
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


def _items_naming(text: str, objects: set[str]) -> str:
    """Of a sentence of numbered items ("(4) to our parent company …; and (5) if we are acquired …"), the items naming the
    question's objects (the whole sentence when none or no items)."""
    items = re.split(r"\s(?=\((?:\d{1,2}|[a-h]|[ivx]{1,4})\)\s)", text)
    named = [i for i in items if objects and names_objects(objects, i)]
    return " ".join(named) if len(items) > 1 and named else text


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
    if missing == {"email"} and NOTIFICATIONS.search(intent.question) and NOTIFICATIONS.search(text):
        missing = set()  # "you cannot disable notifications related to geocaches you own" answers "… the notification emails?"
    if missing == {"email"} and intent.practice == "message" and _EMAIL_ME.search(intent.question) and not _OTHER_CHANNEL.search(text):
        missing = set()  # "will they email me promo offers?" — "… and to send you information, offers and other promotional materials"
    if missing == {"account"} and (("children" in intent.topics and ACCOUNT_ASKED.search(intent.question) and RESTRICTION.search(text))
                                   or ("opt_out" in intent.practices and SERVICE_MESSAGES.search(text))):
        missing = set()  # "may not be used by children under 13" answers "can my kid make an account?"; account messages are service messages
    if missing == {"merger"} and re.search(r"\btransfer\w*", text, re.I) and BUSINESS_TRANSFER.search(rows_before(table, c.row)):
        missing = set()  # "… we will provide notice to you before any personal information is finally transferred", after a merger is told
    if missing and (ANAPHORA.search(c.sentence) or (BACK_REFERENCE.search(c.sentence) and NEGATOR.search(text))):  # "AOL does not take action in response to these signals": named in the passage
        missing = missing_topics(intent, masked(f"{row.heading} {rows_before(table, c.row)} {row.text}"))  # … or in the two sentences before
    if missing and len(c.sentence.split()) <= 25 and (intro := colon_intro(table, c.row)) and not missing_topics(intent, masked(f"{intro} {context}")):
        missing = set()  # "… we will take the following responsive action, should a data breach occur:" — "We will notify the users via email"
    if missing == {"precise"} and NEGATOR.search(text):
        missing = set()  # a denial about my location covers its precise form ("This information is not used to create a profile")
    if missing and not (missing <= PARTY_TOPICS and UNIVERSAL_PARTY.search(text)) and not (
            missing <= _DATA_TOPICS and ALL_DATA.search(text) and not MESSAGES_ASKED.search(intent.question)):
        return None
    return missing


def _read_practices(case: Case) -> tuple[str, str, str, bool, bool]:
    """The sentence read for each practice in turn, up to the first that states or denies it: (polarity, exception,
    practice, answered by an exception, kept undeleted)."""
    practices = case.practices
    polarity, exception, practice = "absent", "", ""
    answered_by_exception = kept_undeleted = False
    for name in practices:
        pol, exc, answered, kept = _practice_polarity(case, name)
        answered_by_exception |= answered
        kept_undeleted |= kept
        if pol != "absent":
            polarity, exception, practice = pol, exc, name
            if pol in ("yes", "no"):
                break
    return polarity, exception, practice, answered_by_exception, kept_undeleted


def _practice_polarity(case: Case, name: str) -> tuple[str, str, bool, bool]:
    """The sentence read for one practice, with the rules particular to it: (polarity, exception, whether an exception
    answers the question, whether residual copies are kept undeleted)."""
    table, c, intent, objects, text, row = case.table, case.c, case.intent, case.objects, case.text, case.row
    answered_by_exception = kept_undeleted = False
    p = BY_NAME[name]
    # "is it encrypted?" is read at the encryption words ("our security software does not encrypt e-mail")
    verbs = TOPIC_STATED["encryption"] if name == "protect" and "encryption" in intent.topics else p.stated
    # (opting out is the user's own act whoever asks: "you cannot unsubscribe from certain correspondence" denies it)
    pol, exc = read_polarity(c.sentence, verbs, p.needs_data, company_actor=not intent.user_action and name != "opt_out",
                             inner_negation=not p.phrased_negatively)
    if pol == "absent" and name == "collect" and re.search(r"\b(collect\w*|we (receive|obtain))\b", row.heading, re.I):
        pol = "yes"  # a list item under "Information we collect"
    if pol == "absent" and BULLET.match(c.sentence):
        intro = list_intro(table, c.row)
        if intro:  # "We may collect the following data about you:" … "- details of your visits …, location data"
            pol, exc = read_polarity(f"{intro} {item_text(c.sentence)}", verbs, p.needs_data, company_actor=not intent.user_action,
                                     inner_negation=not p.phrased_negatively)
    if pol == "absent" and not BULLET.match(c.sentence) and (intro := unmarked_intro(table, c.row, c.sentence)) and not NEGATOR.search(intro):
        # "We may share your information:" … "With business partners who sponsor a sweepstakes, contest, or promotion" (not the
        # exceptions listed after a denial: "we do not disclose … except as follows:")
        pol, exc = read_polarity(f"{intro} {c.sentence}", verbs, p.needs_data, company_actor=not intent.user_action,
                                 inner_negation=not p.phrased_negatively)
    if pol in ("yes", "no") and name in ("sell", "share") and BUSINESS_TRANSFER.search(_items_naming(text, objects)):
        pol = "conditional"
    if pol == "absent" and name in ("sell", "share") and "merger" in intent.topics and BUSINESS_TRANSFER.search(text) and (ALL_DATA.search(text) or _USERS_DATA.search(text)):
        # "if all of our assets are sold, your personal information may be among the assets transferred", "… user information will of
        # course be included in the transaction"
        pol = "conditional"
    if pol == "conditional" and "encryption" in intent.topics and IN_TRANSIT.search(text):
        pol = "yes"  # "we use encryption when transferring and receiving your data" answers "is the data I send encrypted?"
    if name == "protect" and GUARANTEE_ASKED.search(intent.question) and NO_GUARANTEE.search(text):
        pol = "no"  # "we cannot guarantee the security of your information" answers "do they promise it can't be hacked?"
    if name == "honor_dnt" and pol in ("absent", "yes", "conditional", "related") and DNT_IGNORED.search(c.sentence):
        pol = "no"  # "… whether or not a Do Not Track signal is received"
    if name == "retain" and pol == "absent" and NOT_DELETED.search(text) and KEPT.search(text):
        pol, kept_undeleted = "yes", True  # "we may not immediately delete residual copies from our active servers" answers "can copies hang around?"
    if name == "retain" and pol in ("yes", "conditional") and FOREVER_ASKED.search(intent.question) and LIMITED_RETENTION.search(text):
        pol = "no"  # "we keep it no longer than necessary" answers "will they keep it forever?"
    if (name == "charge" and pol in ("absent", "yes") and FREE_OF_CHARGE.search(text)
            and p.asked.search(re.split(r",?\s+and\s+(?=(?:does|do|is|will|would|can)\b)", intent.question)[0])):
        # "where we can provide information access and correction, we will do so for free" answers "do I have to pay?" (not "can I ask
        # what they disclosed, and does it cost anything?", which asks the right first)
        pol = "no"
    if name == "scope" and OTHER_POLICY.search(c.sentence):
        pol = "no"  # "… subject to the Payment Service's privacy policy, rather than this Privacy Policy"
    if pol == "no" and name != "scope" and NOT_COVERED.search(text):
        pol = "related"  # "our privacy policy does not cover any use of information that an ad company may collect": no denial of collecting
    if (pol == "no" and name == "scope" and NOT_COVERED.search(text) and OTHER_SITES.search(text) and not OTHER_ASKED.search(intent.question)
            and not (objects and names_objects(objects, text))):
        pol = "related"  # "this policy does not apply to … those other sites" is no answer to "does it cover my job application?"
    if pol == "yes" and name == "scope" and ONLINE_ONLY.search(text) and OFFLINE_ASKED.search(intent.question):
        pol = "no"  # "applies only to information collected through our Site and not to information collected by us offline"
    if name == "scope" and DISCLAIMED.search(text) and re.search(r"\b(responsib\w*|on the hook|liab\w*|accountable|blame)\b", intent.question, re.I):
        pol = "no"  # "we are not responsible for the privacy practices of these other sites" answers "is X on the hook for that site?"
    if name == "notify" and WITHOUT_NOTICE.search(text):
        pol = "no"  # "we may change this policy at any time without prior notice"
    if pol == "conditional" and "law" in intent.topics and TOPIC_STATED["law"].search(text):
        pol = "yes"  # "we may disclose information if required by law" answers "will they disclose it when the law requires?"
    if pol == "no" and name in ("share", "sell") and REQUEST_NOT.search(text):
        pol = "yes"  # "you may request that we not share your information with our affiliates": they do, unless asked not to
    if (pol == "no" and name in ("share", "sell") and THEIR_MARKETING.search(text) and not {"marketing", "advertisers"} & set(intent.topics)
            and not THEIR_OWN.search(intent.question)):  # ("… so they can send me their own promos?" asks that purpose)
        pol = "related"  # "we will not share … for the purposes of their direct marketing" denies one purpose, not sharing
    if (pol == "no" and name == "share" and _FOR_MARKETING.search(text) and not {"marketing", "advertisers"} & set(intent.topics)
            and not THEIR_OWN.search(intent.question)):
        pol = "related"  # "we do not share or sell visitor data for the purposes of advertising, marketing, …" for "… to researchers?"
    if pol == "no" and name in ("share", "sell") and UNDESCRIBED_WAYS.search(text):
        pol = "related"  # "… will not use or transfer personally identifiable information in ways unrelated to the ones described above"
    if pol == "no" and name == "share" and exc and VACUOUS_EXCEPTION.search(exc):
        # "we will not disclose it … except as described in this privacy policy" denies nothing: the policy describes
        # sharing elsewhere (a sale it seldom describes, so "we will not sell … except as described" stays a no)
        pol = "related"
    if name == "delete" and pol in ("yes", "no") and STILL_THERE_ASKED.search(intent.question):
        pol = "yes" if pol == "no" else "no"  # "will my old comments still be up?": "will not be deleted" answers yes
    if name == "notify" and pol in ("yes", "no") and WITHOUT_TELLING.search(intent.question):
        pol = "yes" if pol == "no" else "no"  # "could they change it without telling me?": "without notice" answers yes
    if pol == "no" and exc and exception_answers(intent.topics, objects, c.sentence, exc):
        pol, answered_by_exception = "yes", True  # "we do not disclose … unless required by law" answers "do they disclose when required by law?"
    if (name == "delete" and not intent.user_action and WHOLLY.search(intent.question)
            and ((pol in ("yes", "conditional") and (KEPT.search(text) or re.search(r"\bonly\b", text, re.I)))
                 or (pol == "absent" and objects and names_objects(objects, text) and re.search(r"\bresidual\b|\bremain", text, re.I))
                 or (pol == "absent" and not objects and re.search(r"\bresidual\b|\bremain\w*\b.{0,60}\b(back-?ups?|archiv\w*|after)\b", text, re.I)))):
        pol = "no"  # "when you delete your account, we may retain your account information …" answers "is all of it wiped right away?"
    if pol == "conditional" and intent.user_action and user_does(intent, objects, p.stated, c.sentence):
        pol = "yes"  # "if you close your account, we delete …" answers "can I delete my account?": what follows the act presupposes it
    if pol == "no" and intent.user_action and not USER_DENIED.search(text):
        pol = "related"  # a limit ("posts are not deleted"), not a denial of the user's right
    if pol == "yes" and name == "opt_out" and NOTIFICATIONS.search(intent.question) and MARKETING_ONLY.search(text) and not (
            SERVICE_MESSAGES.search(text) or NOTIFICATIONS.search(text)):
        pol = "related"  # unsubscribing from newsletters is no answer to "can I turn off the notification emails?"
    if pol == "yes" and name == "delete" and _OFF_A_LIST.search(text) and not _LIST_ASKED.search(intent.question):
        pol = "related"  # "you may remove yourself from our e-mail list" is no answer to "can I have everything they hold deleted?"
    if pol == "yes" and name == "share" and intent.practice == "sell":
        pol = "related"  # sharing is not selling; only a denial of any sharing answers "do they sell it?"
    return pol, exc, answered_by_exception, kept_undeleted
