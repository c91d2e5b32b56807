"""Reading one candidate sentence for the question's practice: whether it names what the question names, speaks of its topics,
and states, denies or only conditions the practice (:func:`read_sentence`); :mod:`stance` gathers the readings into findings."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .ages import age_polarity, below_limit
from .candidates import Candidate, in_scope, missing_topics
from .intent import TAKES_LONG, Intent
from .neighbours import BULLET, item_text, list_intro, rows_before
from .objects import DATA_KINDS, count_named, names_objects
from .polarity import NEGATOR, exception_answers, masked, object_denied, only_through, purpose_denied, read_polarity
from .sentence_kinds import (
    ACCESS_LIMITED,
    ACCOUNT_ASKED,
    AGGREGATE_ONLY,
    ALL_DATA,
    ALL_OF,
    ALWAYS_PUBLIC,
    ANAPHORA,
    ANY_INSIDER,
    ANYONE,
    AS_PARENT,
    AT_REST,
    BACK_REFERENCE,
    BUSINESS_TRANSFER,
    BY_MEANS,
    CHILD_ACCOUNT,
    COMPANY_NO_ACCESS,
    CONDITION_DENIED,
    CONSENT_GATED,
    CONTACT_INFO,
    CONTAINS_NO_PERSONAL,
    COOKIES_ASKED,
    COOKIES_DELETED,
    DNT_IGNORED,
    EXAMPLE,
    FEATURES_NEED,
    FOR_MINORS,
    FORCED_ASKED,
    FOREVER_ASKED,
    GUARANTEE_ASKED,
    IN_TRANSIT,
    INDIVIDUAL_ASKED,
    KEPT,
    LIMITED_RETENTION,
    MARKETING_ONLY,
    MEANS_ASKED,
    MESSAGES_ASKED,
    MUST_ASKED,
    NO_GUARANTEE,
    NOT_DELETED,
    NOT_INCLUDED,
    NOTIFICATIONS,
    OF_CHILDREN,
    OLDER_MINORS,
    ONLY_AFTER,
    ONLY_KEPT,
    ONLY_SOME,
    ONLY_STATED_PURPOSE,
    OPT_IN_STANDARD,
    OPTIONAL,
    OTHER_DEVICE_ASKED,
    OTHER_POLICY,
    PER_DEVICE,
    PERIOD,
    PERSONAL_ASKED,
    PLAIN_ASKED,
    PRIVACY_COMMITMENT,
    PRIVATE_ASKED,
    PROTECTED_KINDS,
    REQUEST_NOT,
    REQUEST_PERIOD,
    REQUIRED,
    RESTRICTION,
    SENT,
    SERVICE_MESSAGES,
    SHARING_STOPPED,
    STILL_SENT,
    STORE_ASKED,
    STORE_DENIED,
    THEIR_MARKETING,
    THEIR_OWN,
    UNABLE,
    UNIVERSAL_PARTY,
    USE_DENIED,
    USER_DENIED,
    USER_DUTY,
    USER_SUBJECT,
    VACUOUS_EXCEPTION,
    WHICH_DENIED,
    WHOLLY,
    WITHOUT_ASKED,
    WITHOUT_CONSENT,
    WITHOUT_COOKIES,
    WITHOUT_NOTICE,
    WITHOUT_TELLING,
    leaves_out,
)
from .text import tokenize
from .vocabulary import BY_NAME, PARTY_TOPICS, TOPIC_STATED

#: Question topics a sentence's denial of all personal data (ALL_DATA) covers (a denial of all parties, UNIVERSAL_PARTY, covers
#: PARTY_TOPICS).
_DATA_TOPICS = {"email"}
#: … and only a sentence of a passage at least this similar is embedded to find out.
OVERRIDE_PASSAGE = 0.45


#: A contrast opening the rest of a sentence (", although", "; however,", ", but").
_CONTRAST = r"[,;]\s*(?:although|but|however|though|whereas),?\s+"
#: The address book ("the contacts on my phone", "my contact list", "address book").
ADDRESS_BOOK = re.compile(r"\bcontacts\b|\bcontact lists?\b|\baddress books?\b|\bphone ?books?\b|\bfriends'? lists?\b", re.I)


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


def read_sentence(table: Any, c: Candidate, intent: Intent, objects: set[str], practices: list[str], book: set[str]) -> Reading | None:
    """The reading of a candidate sentence, or None when it does not speak to the question (``book``: the question's object
    words naming the address book, :func:`address_book_words`)."""
    row = table.rows[c.row]
    context = f"{row.heading} {c.piece or c.sentence}"
    text = masked(c.sentence)
    named = not objects or names_objects(objects, context)
    # the address book by any of its names ("your contacts list" for "my whole address book")
    if book and not named and ADDRESS_BOOK.search(context):
        named = not (objects - book) or names_objects(objects - book, context)
    # "such information", "these communications": named by the sentences before, and as close to the question as they are
    # (a back reference only in its first words: "If you give us your address, this information …" points inside the sentence)
    back = BACK_REFERENCE.search(c.sentence)
    # "does the app read the contacts on my phone?", "… pull my friends list?": only the address book answers, not "we will
    # contact you", "contact information" or "send-to-a-friend" (words with other senses; "address book" has none)
    address_book = bool(book & {"contact", "friend"})
    named = (named or (bool(back) and names_objects(objects, f"{row.heading} {rows_before(table, c.row)} {row.text}"))) and not (
        address_book and not ADDRESS_BOOK.search(context))
    # "we will not disclose your personal information to any third party" answers "will they hand my email to booze brands?"
    rest = intent.object_terms - intent.recipient_terms
    if not named and intent.recipient_terms and UNIVERSAL_PARTY.search(text) and NEGATOR.search(text):
        named = not rest or names_objects(rest, context) or (rest <= DATA_KINDS and bool(ALL_DATA.search(text)))
    told = back is not None and named and len(c.sentence[: back.start()].split()) < 8 and not names_objects(objects, context)
    # A sentence about all personal information speaks of "my name or email address": a denial ("we do not provide any
    # personal information to advertisers") always, a statement only when plain (no negation anywhere, so no "…; however,
    # your contact information is not displayed"): "we may rent or sell personally identifiable information" answers "do
    # they sell my email address?". "not intended for children under 13" covers whatever a child would do.
    about_all = not named and objects <= DATA_KINDS and bool(ALL_DATA.search(text))
    plain_about_all = about_all and not NEGATOR.search(text)
    # "we encrypt your personal and financial information" answers "is my credit card number encrypted?": protection of all
    # of it covers each kind
    protects_all = (not named and "encryption" in intent.topics and bool(ALL_DATA.search(text) or PROTECTED_KINDS.search(text))
                    and not (AT_REST.search(intent.question) and SENT.search(text)))
    forced = "children" in intent.topics and bool(FORCED_ASKED.search(intent.question) and CONDITION_DENIED.search(text))
    # "does my opt-out cover my phone too?" — "you must opt-out separately from each computer or device and browser"
    forced = forced or ("opt_out" in intent.practices and bool(OTHER_DEVICE_ASKED.search(intent.question) and PER_DEVICE.search(text)))
    # "can they guarantee nobody will hack my account?" — "we cannot promise that your use of our sites will be completely safe"
    forced = forced or ("protect" in intent.practices and bool(GUARANTEE_ASKED.search(intent.question) and NO_GUARANTEE.search(text)))
    # "will they text me promos even if I never agreed?" — "We use an opt-in standard for phone and text messages"
    forced = forced or bool(WITHOUT_CONSENT.search(intent.question) and OPT_IN_STANDARD.search(text))
    # "can i stop every single email?" — "we reserve the right to send you administrative messages"
    forced = forced or ("opt_out" in intent.practices and intent.user_action and bool(ALL_OF.search(intent.question) and STILL_SENT.search(text)))
    # "the cookie itself does not contain subscriber information" answers "is my name stored in their cookie?"
    contains_no_personal = (intent.practice in ("collect", "retain", "cookies") and bool(PERSONAL_ASKED.search(intent.question))
                            and bool(CONTAINS_NO_PERSONAL.search(text)))
    # (a denial about children younger than a limit above the asker's age covers whatever the asker would do: "I'm 12 — can I enter?")
    young = "children" in intent.topics and below_limit(intent.question, text) and bool(NEGATOR.search(text))
    named = named or about_all or protects_all or forced or young or (contains_no_personal and objects <= DATA_KINDS) or ("children" in intent.topics and bool(RESTRICTION.search(text))) or (
        "merger" in intent.topics and bool(BUSINESS_TRANSFER.search(text)))  # few sentences speak of a sale of the business, all on point
    if not named and c.dense < OVERRIDE_PASSAGE:
        return None  # too far from the question for its sentence to stand in for the object words
    missing = missing_topics(intent, masked(context))
    if missing and in_scope(intent, table.rows[c.row], context):  # every sentence of a "California Privacy Notice" is about California
        missing = set()
    if missing == {"marketing"} and not intent.user_action and ONLY_STATED_PURPOSE.search(text):
        missing = set()  # "… will only be used for the stated purpose" rules out marketing without naming it
    if missing and request_time(intent, text):
        missing = set()  # "please allow up to 10 business days to process your request": the request of the sentences before
    if missing == {"email"} and NOTIFICATIONS.search(intent.question) and NOTIFICATIONS.search(text):
        missing = set()  # "you cannot disable notifications related to geocaches you own" answers "… the notification emails?"
    if missing == {"account"} and (("children" in intent.topics and ACCOUNT_ASKED.search(intent.question) and RESTRICTION.search(text))
                                   or ("opt_out" in intent.practices and SERVICE_MESSAGES.search(text))):
        missing = set()  # "may not be used by children under 13" answers "can my kid make an account?"; account messages are service messages
    if missing == {"merger"} and re.search(r"\btransfer\w*", text, re.I) and BUSINESS_TRANSFER.search(rows_before(table, c.row)):
        missing = set()  # "… we will provide notice to you before any personal information is finally transferred", after a merger is told
    if missing and (ANAPHORA.search(c.sentence) or (BACK_REFERENCE.search(c.sentence) and NEGATOR.search(text))):  # "AOL does not take action in response to these signals": named in the passage
        missing = missing_topics(intent, masked(f"{row.heading} {rows_before(table, c.row)} {row.text}"))  # … or in the two sentences before
    if missing == {"precise"} and NEGATOR.search(text):
        missing = set()  # a denial about my location covers its precise form ("This information is not used to create a profile")
    if missing and not (missing <= PARTY_TOPICS and UNIVERSAL_PARTY.search(text)) and not (
            missing <= _DATA_TOPICS and ALL_DATA.search(text) and not MESSAGES_ASKED.search(intent.question)):
        return None
    polarity, exception, practice = "absent", "", ""
    answered_by_exception = kept_undeleted = False
    for name in practices:
        p = BY_NAME[name]
        # "is it encrypted?" is read at the encryption words ("our security software does not encrypt e-mail")
        verbs = TOPIC_STATED["encryption"] if name == "protect" and "encryption" in intent.topics else p.stated
        pol, exc = read_polarity(c.sentence, verbs, p.needs_data, company_actor=not intent.user_action,
                                 inner_negation=not p.phrased_negatively)
        if pol == "absent" and name == "collect" and re.search(r"\b(collect\w*|we (receive|obtain))\b", row.heading, re.I):
            pol = "yes"  # a list item under "Information we collect"
        if pol == "absent" and BULLET.match(c.sentence):
            intro = list_intro(table, c.row)
            if intro:  # "We may collect the following data about you:" … "- details of your visits …, location data"
                pol, exc = read_polarity(f"{intro} {item_text(c.sentence)}", verbs, p.needs_data, company_actor=not intent.user_action,
                                         inner_negation=not p.phrased_negatively)
        if pol in ("yes", "no") and name in ("sell", "share") and BUSINESS_TRANSFER.search(text):
            pol = "conditional"
        if pol == "absent" and name in ("sell", "share") and "merger" in intent.topics and BUSINESS_TRANSFER.search(text) and ALL_DATA.search(text):
            pol = "conditional"  # "if all of our assets are sold, your personal information may be among the assets transferred"
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
        if name == "scope" and OTHER_POLICY.search(c.sentence):
            pol = "no"  # "… subject to the Payment Service's privacy policy, rather than this Privacy Policy"
        if name == "notify" and WITHOUT_NOTICE.search(text):
            pol = "no"  # "we may change this policy at any time without prior notice"
        if pol == "conditional" and "law" in intent.topics and TOPIC_STATED["law"].search(text):
            pol = "yes"  # "we may disclose information if required by law" answers "will they disclose it when the law requires?"
        if pol == "no" and name in ("share", "sell") and REQUEST_NOT.search(text):
            pol = "yes"  # "you may request that we not share your information with our affiliates": they do, unless asked not to
        if (pol == "no" and name in ("share", "sell") and THEIR_MARKETING.search(text) and not {"marketing", "advertisers"} & set(intent.topics)
                and not THEIR_OWN.search(intent.question)):  # ("… so they can send me their own promos?" asks that purpose)
            pol = "related"  # "we will not share … for the purposes of their direct marketing" denies one purpose, not sharing
        if pol == "no" and name == "share" and exc and VACUOUS_EXCEPTION.search(exc):
            # "we will not disclose it … except as described in this privacy policy" denies nothing: the policy describes
            # sharing elsewhere (a sale it seldom describes, so "we will not sell … except as described" stays a no)
            pol = "related"
        if name == "notify" and pol in ("yes", "no") and WITHOUT_TELLING.search(intent.question):
            pol = "yes" if pol == "no" else "no"  # "could they change it without telling me?": "without notice" answers yes
        if pol == "no" and exc and exception_answers(intent.topics, objects, c.sentence, exc):
            pol, answered_by_exception = "yes", True  # "we do not disclose … unless required by law" answers "do they disclose when required by law?"
        if (name == "delete" and not intent.user_action and WHOLLY.search(intent.question)
                and ((pol in ("yes", "conditional") and (KEPT.search(text) or re.search(r"\bonly\b", text, re.I)))
                     or (pol == "absent" and objects and names_objects(objects, text) and re.search(r"\bresidual\b|\bremain", text, re.I))
                     or (pol == "absent" and not objects and re.search(r"\bresidual\b|\bremain\w*\b.{0,60}\b(back-?ups?|archiv\w*|after)\b", text, re.I)))):
            pol = "no"  # "when you delete your account, we may retain your account information …" answers "is all of it wiped right away?"
        if pol == "conditional" and intent.user_action and _user_does(intent, objects, p.stated, c.sentence):
            pol = "yes"  # "if you close your account, we delete …" answers "can I delete my account?": what follows the act presupposes it
        if pol == "no" and intent.user_action and not USER_DENIED.search(text):
            pol = "related"  # a limit ("posts are not deleted"), not a denial of the user's right
        if pol == "yes" and name == "opt_out" and NOTIFICATIONS.search(intent.question) and MARKETING_ONLY.search(text) and not (
                SERVICE_MESSAGES.search(text) or NOTIFICATIONS.search(text)):
            pol = "related"  # unsubscribing from newsletters is no answer to "can I turn off the notification emails?"
        if pol == "yes" and name == "share" and intent.practice == "sell":
            pol = "related"  # sharing is not selling; only a denial of any sharing answers "do they sell it?"
        if pol != "absent":
            polarity, exception, practice = pol, exc, name
            if pol in ("yes", "no"):
                break
    if polarity == "yes" and practice == "delete" and COOKIES_DELETED.search(text) and not COOKIES_ASKED.search(intent.question):
        polarity = "related"  # "you can set your browser to delete cookies" is no answer to "can I ask them to erase my info?"
    if (polarity == "yes" and practice == "opt_out" and SHARING_STOPPED.search(intent.question) and MARKETING_ONLY.search(text)
            and not re.search(r"\b(shar|sell|disclos|transfer|rent)\w*", text, re.I)):
        polarity = "related"  # unsubscribing from promotions is no answer to "can I stop them sharing my activity with my college?"
    if polarity == "yes" and not intent.user_action and leaves_out(c.sentence, intent.terms):
        polarity = "no"  # "Uber uses data (other than Guest Users data) to market its services" answers "as a guest, will they market to me?"
    if polarity == "yes" and practice == "collect" and not intent.user_action and COMPANY_NO_ACCESS.search(c.sentence):
        polarity = "no"  # "… collected by our advertisers and we do not have access to this information"
    if polarity == "no" and practice == "collect" and STORE_DENIED.search(text) and not STORE_ASKED.search(intent.question):
        polarity = "related"  # "we will not store the information in your contacts list" denies keeping it, not seeing it
    if polarity == "yes" and not intent.user_action and USER_DUTY.match(text):
        polarity = "related"  # "You must take precautions to protect …" is the user's duty, not what the company does
    if forced:
        polarity, practice = "no", practice or intent.practice  # "we do not condition a child's participation on … more information"
    left_out = NOT_INCLUDED.search(text)
    if (left_out and polarity in ("absent", "yes") and objects and intent.practice in ("share", "sell", "collect", "retain")
            and BY_NAME[intent.practice].stated.search(left_out.group(1)) and names_objects(intent.object_terms, text[left_out.end():])):
        # "the information we share with these services does not include … your application" answers "does my application go to Facebook?"
        polarity, practice = "no", intent.practice
    if polarity == "yes" and only_through(intent.question, c.sentence):
        polarity = "no"  # "as a guest, do they keep my card?" — "we only store your card if you choose to set up an account"
    if polarity == "yes" and practice != "notify" and WITHOUT_CONSENT.search(intent.question) and CONSENT_GATED.search(text):
        polarity = "no"  # "only if a customer grants us permission" answers "will they text me promos without asking me first?"
    if intent.user_action and WITHOUT_ASKED.search(intent.question) and FEATURES_NEED.search(text):
        polarity, practice = "no", practice or intent.practice  # "… will not be available if you choose not to provide your location"
    if polarity in ("absent", "yes", "related", "conditional") and INDIVIDUAL_ASKED.search(intent.question) and AGGREGATE_ONLY.search(text):
        polarity, practice = "no", practice or intent.practice  # "your answers will only be analyzed in aggregate" answers "… my individual answers?"
    if (polarity in ("absent", "related") or (polarity == "yes" and practice == "cookies")) and contains_no_personal:
        polarity, practice = "no", intent.practice  # "Cookies do not contain any personally identifiable information" answers "do cookies store my name?"
    if about_all and not plain_about_all and polarity != "no":
        return None
    if missing and polarity != "no" and not answered_by_exception:
        return None  # "… with anyone" / "… no personal information" settles a question about advertisers / an email only when it denies
    if polarity == "no" and objects and practice:
        # "we do not sell individual information to advertisers, although we do provide aggregate information": the contrast
        # that names what the question names states it
        contrast = re.search(_CONTRAST + r"(?=(?:we|the company|it)\b)", text, re.I)
        if contrast and names_objects(objects, text[contrast.end():]) and not names_objects(objects, text[: contrast.start()]) and read_polarity(
                text[contrast.end():], BY_NAME[practice].stated, company_actor=not intent.user_action)[0] == "yes":
            polarity, exception = "yes", ""
    if polarity == "yes" and objects and practice:
        # "you may ask to have your account information deleted …; however, … you cannot delete information associated with past
        # transactions": the contrast that names what the question names denies it
        contrast = re.search(_CONTRAST, text, re.I)
        after = text[contrast.end():] if contrast else ""
        before, kinds = text[: contrast.start()] if contrast else "", objects & DATA_KINDS
        # (or names the kinds of personal data it asks about as contact information: "…; however, your contact information
        # is not displayed" for "can other members see my email and phone number on my profile?")
        if (contrast and ((names_objects(objects, after) and not names_objects(objects, before))
                          or (kinds and CONTACT_INFO.search(after) and not names_objects(kinds, before)))
                and (not intent.user_action or USER_DENIED.search(after))
                and read_polarity(after, BY_NAME[practice].stated, company_actor=not intent.user_action)[0] == "no"):
            polarity, exception = "no", ""
    if (polarity == "yes" and not answered_by_exception and not kept_undeleted and named and objects and (not intent.user_action or USER_DENIED.search(text))
            and object_denied(masked(c.sentence), objects)):
        polarity = "no"  # "in tailored ads we will not use sensitive categories such as religion" answers "ads based on my religion?";
        # "if you disable cookies you will not be able to place an order" answers "can I order with cookies off?"
    if (polarity in ("absent", "yes", "conditional", "related") and "opt_out" in intent.practices and STILL_SENT.search(text)
            and (ALL_OF.search(intent.question) or (SERVICE_MESSAGES.search(intent.question) and SERVICE_MESSAGES.search(text)))):
        # "you will continue to receive generic ads" answers "will I stop seeing ads completely?", "if you opt out … you may continue
        # to receive certain communications" answers "will all emails stop?"
        polarity, practice = "no", practice or intent.practice
    if polarity in ("yes", "no") and practice == "protect" and "encryption" in intent.topics and PLAIN_ASKED.search(intent.question) and not PLAIN_ASKED.search(text):
        polarity = "no" if polarity == "yes" else "yes"  # "stored encrypted at rest" answers "do they store my password in plain text?"
    if polarity == "yes" and objects and practice in ("retain", "collect", "share", "receive") and (kept := ONLY_KEPT.search(text)) and (
            count_named(objects, kept.group("what")) < count_named(objects, text) >= min(2, len(objects))):
        polarity = "no"  # "card numbers are entered with our processors; we store only a token and the last four digits"
    if polarity in ("absent", "yes", "conditional") and "retroactive" in intent.practices and ONLY_AFTER.search(text):
        polarity, practice = "no", practice or "retroactive"  # "policy changes will apply to information collected after the date of the change"
    if polarity == "no" and not objects and USE_DENIED.search(text) and not re.search(
            r"\b(collect|gather|stor|obtain|personal|identif|name|e-?mail|who i am)", intent.question, re.I):
        polarity = "related"  # "never uses persistent cookies to collect personal information" is no answer to "do they use cookies?"
    if (polarity == "yes" and intent.user_action and not {"children", "california"} & set(intent.topics)
            and practice in ("delete", "access", "correct")
            and (FOR_MINORS.search(text) or (BACK_REFERENCE.search(c.sentence) and FOR_MINORS.search(rows_before(table, c.row) + " " + row.text)))):
        polarity = "related"  # a right given to parents or to California minors is no answer to "can I delete my account?"
    if (MUST_ASKED.search(intent.question) and OPTIONAL.search(text)
            and (polarity in ("yes", "conditional") or (polarity == "absent" and (read_polarity(c.sentence, BY_NAME["collect"].stated, True)[0] != "absent"
                                                                     or re.search(r"\bwithout (providing|giving|submitting|disclosing)\b", text, re.I))))):
        # "riders may use the app without enabling collection of location data" answers "do I have to turn on location sharing?"
        polarity, practice = "no", practice or intent.practice
    if polarity == "yes" and any(purpose_denied(c.sentence, TOPIC_STATED[t]) for t in intent.topics if t in TOPIC_STATED):
        polarity = "no"  # "the Library collects information, although never for commercial marketing use" answers "… to market to me?"
    if polarity == "yes" and intent.user_action and practice == "cookies" and WITHOUT_COOKIES.search(intent.question):
        # "cookies are required to place an online order" answers "if I block cookies, can I still order?"; that the site
        # places cookies does not
        polarity = "no" if REQUIRED.search(text) else "related" if not USER_SUBJECT.search(text) else polarity
    if polarity == "no" and BY_MEANS.search(text) and not MEANS_ASKED.search(intent.question):
        polarity = "related"  # "we do not use cookies to collect information" denies one way of collecting, not collecting
    if polarity == "no" and "children" not in intent.topics and OF_CHILDREN.search(text):
        polarity = "related"  # "we do not knowingly collect information from children under 13" denies nothing about adults
    if polarity == "yes" and (re.search(r"\bby default\b", intent.question, re.I) or (practice == "public" and re.search(
            r"\b(right away|immediately|automatically|from the start)\b", intent.question, re.I))) and re.match(r"\s*(if|when|once|should) you\b", text, re.I):
        polarity = "related"  # "if you select the option, your profile is public" is no answer to "is it public by default?"
    if polarity == "yes" and practice == "public" and intent.user_action and PRIVATE_ASKED.search(intent.question) and ALWAYS_PUBLIC.search(text):
        polarity = "no"  # "posts are always public" answers "can I make my posts visible only to me?"
    if (polarity in ("yes", "absent") and "marketing" in intent.topics and not intent.user_action and ONLY_STATED_PURPOSE.search(text)
            and not TOPIC_STATED["marketing"].search(text)):
        polarity, practice = "no", practice or intent.practice  # "this information will only be used for the stated purpose" answers "… to market to her?"
    if polarity == "yes" and practice == "public" and ONLY_SOME.search(text) and ANYONE.search(intent.question):
        polarity = "no"  # "accessible only to members" answers "can anybody on the internet see it?"
    if polarity == "yes" and ANY_INSIDER.search(intent.question) and ACCESS_LIMITED.search(text):
        polarity = "no"  # "we limit access … to those employees with a need" answers "can any employee pull up my data?"
    if polarity == "yes" and not answered_by_exception and not kept_undeleted and ((named and objects) or WHICH_DENIED.search(text)) and not REQUEST_NOT.search(text) and any(
            read_polarity(c.sentence, BY_NAME[p].stated, BY_NAME[p].needs_data, company_actor=not intent.user_action,
                          inner_negation=not BY_NAME[p].phrased_negatively)[0] == "no"
            for p in intent.practices[:3] if p not in practices):
        polarity = "no"  # "information from cookies will not be used to create profiles" answers "do they use cookies to profile me?"
    if polarity == "yes" and "children" in intent.topics and OLDER_MINORS.search(text) and not re.search(r"\b(under|younger|below)\b", text, re.I):
        polarity = "related"  # "minors 13 years of age or older have received permission" says nothing of children under 13
    if (polarity == "yes" and practice == "protect" and PRIVACY_COMMITMENT.search(text)
            and not re.search(r"\b(encrypt|secur|ssl|tls|firewall|password|safeguard|measures?|procedures?|technolog)", text, re.I)):
        polarity = "related"  # "committed to protecting and respecting your privacy" is no security measure
    if "children" in intent.topics and polarity == "absent" and ACCOUNT_ASKED.search(intent.question) and CHILD_ACCOUNT.search(text):
        polarity, practice = "yes", intent.practice  # "a child under age 13 might have a Yahoo Family Account"
    if "children" in intent.topics and RESTRICTION.search(text) and polarity != "no":
        polarity, practice = "no", practice or intent.practice
    if (intent.user_action and polarity == "yes" and not USER_SUBJECT.search(text) and practice in ("delete", "access", "correct", "opt_out", "rights")
            and not (AS_PARENT.search(intent.question) and re.search(r"\bparents?\b", text, re.I))  # "as a parent, can I …?"
            and not _user_does(intent, objects, BY_NAME[practice].stated, c.sentence)):
        polarity = "related"  # the company deleting on its own schedule is not a right of the user
    if intent.asks_period and (polarity == "no" or (polarity == "yes" and not PERIOD.search(text))):
        polarity = "related"
    if (polarity == "absent" and intent.user_action and "cookies" in practices and WITHOUT_COOKIES.search(intent.question)
            and EXAMPLE.match(text) and UNABLE.search(text) and re.search(r"\bcookies?\b", rows_before(table, c.row), re.I)):
        polarity, practice = "no", "cookies"  # "… require cookies. For example, the user will not be able to enter our monthly drawings."
    if polarity == "absent" and request_time(intent, text):
        polarity, practice = "yes", intent.practice  # "it may take up to 10 days to process your email request" answers "how long before they stop?"
    aged = age_polarity(intent.question, text, polarity) if "children" in intent.topics else polarity
    if aged != polarity:
        polarity, practice = aged, practice or intent.practice
    if polarity == "absent":
        if not practices and c.dense >= 0.45:
            polarity = "related"
        else:
            return None
    return Reading(c, polarity, exception, practice, named, told, forced)


#: The user's own act a sentence states the consequences of ("If you close your account, …", "When you opt out, …").
_USER_CONDITION = re.compile(r"\b(?:if|when|once|after|whenever) you (?:choose to |decide to |elect to |wish to |want to |ever )?([^,.;]{3,60})", re.I)


def request_time(intent: Intent, text: str) -> bool:
    """Does a sentence give the processing time of the request a "how long does it take?" question asks about ("please allow up
    to 10 business days to process your request" for "how long before they stop emailing me?")?"""
    return intent.practice in ("opt_out", "delete", "access", "correct") and bool(TAKES_LONG.search(intent.question) and REQUEST_PERIOD.search(text))


def _user_does(intent: Intent, objects: set[str], verbs: re.Pattern[str], sentence: str) -> bool:
    """Does the sentence open on the user doing what the question asks about, on what it names?"""
    m = _USER_CONDITION.search(sentence)
    if not m or not verbs.search(m.group(1)):
        return False
    act = m.group(1)
    return names_objects(objects, act) if objects else all(TOPIC_STATED[t].search(act) for t in intent.topics)
