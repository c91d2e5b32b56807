"""Reading a candidate sentence for each of the question's practices in turn, with the rules particular to each practice (a
list item read with its introduction, a business transfer, a period, a refusal of tracking …): :func:`read_practices`, the
first phase of :func:`sentence_reading.read_sentence`."""

from __future__ import annotations

import re

from .coverage import NOT_COVERED, OFFLINE_ASKED, ONLINE_ONLY, OTHER_ASKED, OTHER_POLICY, OTHER_SITES
from .messages_kinds import (
    MARKETING_ONLY,
    NOTIFICATIONS,
    SERVICE_MESSAGES,
)
from .neighbours import BULLET, EXAMPLES_OPENING, item_text, list_intro, sentence_before, unmarked_intro
from .objects import names_objects
from .polarity import DISCLAIMED, NEGATOR, exception_answers, read_polarity
from .question_words import RELATIONS
from .reading_overrides import (
    Case,
    user_does,
)
from .sentence_kinds import (
    ALL_DATA,
    AT_REST,
    BUSINESS_TRANSFER,
    CONSENT_EXCEPTION,
    DNT_IGNORED,
    FOREVER_ASKED,
    FREE_OF_CHARGE,
    GUARANTEE_ASKED,
    IN_TRANSIT,
    KEPT,
    LEAVE_ASKED,
    LIMITED_RETENTION,
    NO_GUARANTEE,
    NOT_DELETED,
    REQUEST_NOT,
    SENT,
    STILL_THERE_ASKED,
    THEIR_MARKETING,
    THEIR_OWN,
    UNDESCRIBED_WAYS,
    USER_DENIED,
    VACUOUS_EXCEPTION,
    WHOLLY,
    WITHOUT_NOTICE,
    WITHOUT_TELLING,
)
from .vocabulary import BY_NAME, TOPIC_STATED

#: Taking oneself off a mailing list ("remove yourself from our e-mail list"): an opt-out, not a deletion …
_OFF_A_LIST = re.compile(r"\b(remov\w*|delet\w*|tak\w+) (yourself|you|your (name|e-?mail( address)?))( \w+){0,3} (from|off) [^.;]{0,60}?\b(lists?|mailings?)\b", re.I)

#: … unless the question asks about the list or the emails.
_LIST_ASKED = re.compile(r"\b(lists?|e-?mails?|newsletters?|mailings?|subscri\w*)\b", re.I)

#: A denial of sharing for the purposes of marketing only ("we do not share or sell visitor data for the purposes of advertising,
#: marketing, or any other commercial purpose").
_FOR_MARKETING = re.compile(r"\b(not|never)\b[^.;]{0,80}\bfor (?:the )?purposes? of (?:advertising|marketing|promotion\w*)\b", re.I)

#: The person a message goes to when it is not the user ("send your friend a one-time email", "the recipient").
_RECIPIENT_NAMED = re.compile(r"\b(friends?|buddy|buddies|recipients?|invitees?|the (?:other )?person|relatives?)\b", re.I)

#: A question whether the company may act without giving the user a way out ("… without giving me a chance to say no?").
_WITHOUT_CHOICE = re.compile(r"\bwithout (?:giving|offering|letting|asking) (?:me|us|users|people)? ?(?:a |any )?(?:chance|way|option|choice|opportunity|say)?"
                             r"(?: to)? ?(?:say no|opt[- ]?out|refuse|object|decline)\b", re.I)

#: The users' data named as theirs ("user information", "information about you").
_USERS_DATA = re.compile(r"\b(?:users?|customers?|members?|subscribers?|visitors?)['’]?s?['’]? (?:personal )?(?:information|data)\b|\binformation (?:about|on) you\b", re.I)


def _items_naming(text: str, objects: set[str]) -> str:
    """Of a sentence of numbered items ("(4) to our parent company …; and (5) if we are acquired …"), the items naming the
    question's objects (the whole sentence when none or no items)."""
    items = re.split(r"\s(?=\((?:\d{1,2}|[a-h]|[ivx]{1,4})\)\s)", text)
    named = [i for i in items if objects and names_objects(objects, i)]
    return " ".join(named) if len(items) > 1 and named else text


def read_practices(case: Case) -> tuple[str, str, str, bool, bool]:
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
    if pol == "absent" and EXAMPLES_OPENING.match(c.sentence) and (before := sentence_before(table, c.row, c.sentence)):
        # "We automatically collect non-personal information." … "Examples include: … browser type, operating system type, or IP address."
        pol, exc = read_polarity(f"{before} {c.sentence}", verbs, p.needs_data, company_actor=not intent.user_action,
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
    if pol == "no" and name in ("share", "collect", "use") and exc and VACUOUS_EXCEPTION.search(exc):
        # "we will not disclose it … except as described in this privacy policy" denies nothing: the policy describes
        # sharing elsewhere (a sale it seldom describes, so "we will not sell … except as described" stays a no)
        pol = "related"
    if name == "delete" and pol in ("yes", "no") and STILL_THERE_ASKED.search(intent.question):
        pol = "yes" if pol == "no" else "no"  # "will my old comments still be up?": "will not be deleted" answers yes
    if name == "opt_out" and pol in ("yes", "no") and not intent.user_action and _WITHOUT_CHOICE.search(intent.question):
        pol = "yes" if pol == "no" else "no"  # "could they use it for something new without a chance to say no?": an opt-out given answers no
    if name == "notify" and pol in ("yes", "no") and WITHOUT_TELLING.search(intent.question):
        pol = "yes" if pol == "no" else "no"  # "could they change it without telling me?": "without notice" answers yes
    if pol == "no" and exc and exception_answers(intent.topics, objects, c.sentence, exc) and not (
            CONSENT_EXCEPTION.match(exc) and not LEAVE_ASKED.search(intent.question)):  # (the user's own leave answers only a question about it)
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
    if pol == "yes" and name == "protect" and "encryption" in intent.topics and AT_REST.search(intent.question) and SENT.search(text) and not AT_REST.search(text):
        pol = "related"  # "SSL encryption technology in the transmission of … information" is no answer to "is it encrypted on their servers?"
    if (pol == "yes" and name == "opt_out" and "email" in intent.topics and "sms" not in intent.topics and TOPIC_STATED["sms"].search(text)
            and not re.search(r"\be-?mail|newsletter", text, re.I)):
        pol = "related"  # "responding STOP to 65017" stops text messages, not the e-newsletter asked about
    if pol == "yes" and name == "message" and objects & RELATIONS and not _RECIPIENT_NAMED.search(text):
        pol = "related"  # "we may contact you …" is no answer to "will they keep emailing my friend?"
    if pol == "yes" and name == "share" and intent.practice == "sell":
        pol = "related"  # sharing is not selling; only a denial of any sharing answers "do they sell it?"
    return pol, exc, answered_by_exception, kept_undeleted
