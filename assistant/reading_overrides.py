"""The later phases of reading a candidate sentence (:func:`sentence_reading.read_sentence`): once its practices are read,
the kinds of sentence that force or override that reading ("we do not condition a child's participation on …", "posts
are always public"), a contrast that names what the question names, the object-word check, and what the sentence's
scope and the question's own framing make of it. Each phase takes the reading so far and returns it revised; the rules
run in a fixed order, each on the polarity the ones before left."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .ages import age_polarity
from .candidates import Candidate
from .control import control_reading
from .deletion import kept_elsewhere
from .identity import identity_reading
from .intent import TAKES_LONG, Intent
from .messages_kinds import (
    ADS_CHOSEN,
    ADS_STOP_ASKED,
    CONTINUE_ASKED,
    MARKETING_ONLY,
    SERVICE_MESSAGES,
    SHARING_STOPPED,
    STILL_ADS,
    STILL_ADS_ASKED,
    STILL_SENT,
)
from .neighbours import rows_before
from .objects import DATA_KINDS, count_named, names_objects
from .polarity import masked, negated_in_question, object_denied, only_through, purpose_denied, read_polarity
from .sentence_kinds import (
    ACCESS_LIMITED,
    ACCOUNT_ASKED,
    AGGREGATE_ONLY,
    ALL_OF,
    ALWAYS_PUBLIC,
    ANY_INSIDER,
    ANYONE,
    AS_PARENT,
    AUTOMATIC_ASKED,
    BACK_REFERENCE,
    BUT_NOT,
    BY_MEANS,
    CHILD_ACCOUNT,
    COMPANY_NO_ACCESS,
    CONSENT_GATED,
    CONTACT_INFO,
    CONTRAST,
    COOKIES_ASKED,
    COOKIES_DELETED,
    EFFECT_ASKED,
    EFFECT_STATED,
    EXAMPLE,
    FOR_MINORS,
    INDIVIDUAL_ASKED,
    LIMITS_ASKED,
    MEANS_ASKED,
    MUST_ASKED,
    NOT_INCLUDED,
    OF_CHILDREN,
    OLDER_MINORS,
    ON_YOUR_DEVICE,
    ONLY_AFTER,
    ONLY_IF_USER,
    ONLY_KEPT,
    ONLY_SOME,
    ONLY_STATED_PURPOSE,
    OPTIONAL,
    PERIOD,
    PLAIN_ASKED,
    PRIVACY_COMMITMENT,
    PRIVATE_ASKED,
    REQUEST_NOT,
    REQUEST_PERIOD,
    REQUIRED,
    RESTRICTION,
    STORE_ASKED,
    STORE_DENIED,
    UNABLE,
    USE_DENIED,
    USER_DENIED,
    USER_DUTY,
    USER_SUBJECT,
    WHICH_DENIED,
    WITHOUT_CONSENT,
    WITHOUT_COOKIES,
    leaves_out,
    needed_for,
)
from .text import tokenize
from .vocabulary import BY_NAME, TOPIC_STATED

#: The company not bound to give the user what is asked ("we are not required to provide you with a list of …").
_DUTY_DENIED = re.compile(r"\b(?:are|is) not (?:required|obligated|obliged) to (?:provide|disclose|give|tell|send|list|respond|honou?r)\b", re.I)
#: A concession opening the sentence, up to its comma ("Although advertisers do not have access to the Website cookies, …").
_CONCESSION = re.compile(r"^\W*(?:although|though|even though|while|whilst)\b[^,;.]{5,160},\s*", re.I)
#: Data stripped of who it is about ("aggregate information", "anonymous", "de-identified").
_DEIDENTIFIED = re.compile(r"\b(aggregat\w*|anonym\w*|de-?identified|non-?personal|not personally identif\w*)\b", re.I)


@dataclass(frozen=True)
class Case:
    """One candidate sentence put to one question: what every phase of its reading looks at."""

    table: Any
    c: Candidate
    intent: Intent
    objects: set[str]  # the question's object words
    practices: list[str]  # the practices the sentence is read for, in order
    text: str  # the sentence, masked (:func:`polarity.masked`)

    @property
    def row(self) -> Any:
        """The table row the sentence is in."""
        return self.table.rows[self.c.row]


#: What a statement of only some data leaves out, right after the list ("… but not the e-mail address").
_BUT_NOT_THE = re.compile(r"\s*,?\s*but not (?:the |your |any |their )?([^.;]{3,60})", re.I)


def kind_overrides(case: Case, polarity: str, practice: str, forced: bool, contains_no_personal: bool) -> tuple[str, str]:
    """The kinds of sentence that override the practices' reading (deleting cookies, a duty of the user, a sentence of the
    very kind asked about, data left out, only through an account, consent, aggregates only): the (polarity, practice)."""
    c, intent, objects, text = case.c, case.intent, case.objects, case.text
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
    if intent.user_action and needed_for(intent.question, text):
        polarity, practice = "no", practice or intent.practice  # "… will not be available if you choose not to provide your location"
    if polarity in ("absent", "yes", "related", "conditional") and INDIVIDUAL_ASKED.search(intent.question) and AGGREGATE_ONLY.search(text):
        polarity, practice = "no", practice or intent.practice  # "your answers will only be analyzed in aggregate" answers "… my individual answers?"
    if (polarity in ("absent", "related") or (polarity == "yes" and practice == "cookies")) and contains_no_personal:
        polarity, practice = "no", intent.practice  # "Cookies do not contain any personally identifiable information" answers "do cookies store my name?"
    return polarity, practice


def contrast_reading(case: Case, polarity: str, exception: str, practice: str) -> tuple[str, str]:
    """A contrast (", although …", "; however, …") whose rest names what the question names and says the opposite: the
    (polarity, exception)."""
    intent, objects, text = case.intent, case.objects, case.text
    if polarity == "no" and objects and practice:
        # "we do not sell individual information to advertisers, although we do provide aggregate information": the contrast
        # that names what the question names states it
        contrast = re.search(CONTRAST + r"(?=(?:we|the company|it)\b)", text, re.I)
        if contrast and names_objects(objects, text[contrast.end():]) and not names_objects(objects, text[: contrast.start()]) and read_polarity(
                text[contrast.end():], BY_NAME[practice].stated, company_actor=not intent.user_action)[0] == "yes":
            polarity, exception = "yes", ""
    conceded = _CONCESSION.match(text) if polarity == "no" and practice else None
    if conceded and not (objects and names_objects(objects, conceded.group(0)) and not names_objects(objects, text[conceded.end():])) \
            and not _DEIDENTIFIED.search(text[conceded.end():]) and not re.match(r"(?:you|users?|visitors|members|customers)\b", text[conceded.end():], re.I) \
            and read_polarity(
                text[conceded.end():], BY_NAME[practice].stated, company_actor=not intent.user_action)[0] == "yes":
        # "Although advertisers do not have access to the Website cookies, the Website's advertisers may themselves set their own
        # cookies on your computer": the denial conceded first is no answer; the main clause states the practice
        polarity, exception = "yes", ""
    verb = intent.verb if polarity == "yes" and not intent.user_action else ""
    contrast = re.search(CONTRAST, text, re.I) if polarity == "yes" and ((objects and practice) or verb) else None
    if polarity == "yes" and objects and practice:
        # "you may ask to have your account information deleted …; however, … you cannot delete information associated with past
        # transactions": the contrast that names what the question names denies it
        after = text[contrast.end():] if contrast else ""
        before, kinds = text[: contrast.start()] if contrast else "", objects & DATA_KINDS
        # (or names the kinds of personal data it asks about as contact information: "…; however, your contact information
        # is not displayed" for "can other members see my email and phone number on my profile?")
        if (contrast and ((names_objects(objects, after) and not names_objects(objects, before))
                          or (kinds and CONTACT_INFO.search(after) and not names_objects(kinds, before)))
                and (not intent.user_action or USER_DENIED.search(after))
                and read_polarity(after, BY_NAME[practice].stated, company_actor=not intent.user_action)[0] == "no"):
            polarity, exception = "no", ""
    if polarity == "yes" and practice == "delete" and kept_elsewhere(intent.question, text):
        polarity, exception = "no", ""  # "… removes it from Search History, but does not delete information from our search logs"
    if polarity == "yes" and verb and contrast and not re.search(rf"\b{verb}", text[: contrast.start()], re.I) and read_polarity(
            text[contrast.end():], re.compile(rf"\b{verb}\w*", re.I), company_actor=True)[0] == "no":
        # "AOL may use information about your use of AOL Mail; however, … AOL does not read your private online communications"
        # answers "does AOL read my emails?": the contrast denies the very verb asked
        polarity, exception = "no", ""
    return polarity, exception


def object_overrides(case: Case, polarity: str, practice: str, named: bool, answered_by_exception: bool,
                     kept_undeleted: bool) -> tuple[str, str]:
    """The object-word check (the sentence denies the question's objects), and what the sentence covers of them: messages
    still sent, plain text, only a token kept, data collected after a change, a use denied: the (polarity, practice)."""
    c, intent, objects, text = case.c, case.intent, case.objects, case.text
    polarity = identity_reading(intent.question, text, polarity)  # "can they figure out who I am?": what it says of identifying
    if (polarity == "yes" and not answered_by_exception and not kept_undeleted and named and objects and (
            USER_DENIED.search(text) if intent.user_action else not (USER_DENIED.search(text) and re.match(r"\W*(?:you|users?)\b", text, re.I)))
            # (the main clause, after a denial conceded first: "Although advertisers do not have access to the Website cookies, …")
            and object_denied(_CONCESSION.sub("", masked(c.sentence)), objects - negated_in_question(intent.question))):
        polarity = "no"  # "in tailored ads we will not use sensitive categories such as religion" answers "ads based on my religion?";
        # "if you disable cookies you will not be able to place an order" answers "can I order with cookies off?"
    if (polarity in ("absent", "yes", "conditional", "related") and "opt_out" in intent.practices and STILL_SENT.search(text)
            and (ALL_OF.search(intent.question) or (SERVICE_MESSAGES.search(intent.question) and SERVICE_MESSAGES.search(text)))
            and not CONTINUE_ASKED.search(intent.question)):
        # "you will continue to receive generic ads" answers "will I stop seeing ads completely?", "if you opt out … you may continue
        # to receive certain communications" answers "will all emails stop?" (… and says yes to "can they still email me?")
        polarity, practice = "no", practice or intent.practice
    if polarity in ("yes", "no") and practice == "protect" and "encryption" in intent.topics and PLAIN_ASKED.search(intent.question) and not PLAIN_ASKED.search(text):
        polarity = "no" if polarity == "yes" else "yes"  # "stored encrypted at rest" answers "do they store my password in plain text?"
    kept = ONLY_KEPT.search(text) if polarity == "yes" and practice in ("retain", "collect", "share", "receive") else None
    if kept and objects and count_named(objects, kept.group("what")) < count_named(objects, text) >= min(2, len(objects)):
        polarity = "no"  # "card numbers are entered with our processors; we store only a token and the last four digits"
    elif kept and (left := _BUT_NOT_THE.match(text[kept.end("what"):])) and names_objects(intent.terms, left.group(1)):
        polarity = "no"  # "our Web server automatically recognizes only the consumer's domain name … but not the e-mail address"
    if (polarity == "absent" and named and objects and not intent.user_action and intent.practice in ("share", "collect", "sell")
            and "advertisers" in intent.topics and TOPIC_STATED["advertisers"].search(text)
            and (left := BUT_NOT.search(text)) and count_named(objects, left.group(1)) >= min(2, len(objects))):
        # "information about your visit … (but not your name, address or other personal information) is used to serve ads" answers "do the
        # ad companies get my name or home address?"
        polarity, practice = "no", intent.practice
    if polarity in ("absent", "yes", "conditional") and "retroactive" in intent.practices and ONLY_AFTER.search(text):
        polarity, practice = "no", practice or "retroactive"  # "policy changes will apply to information collected after the date of the change"
    if polarity == "yes" and practice == "retain" and ON_YOUR_DEVICE.search(text) and not re.search(r"\b(cookies?|devices?|computers?|browsers?|phones?|flash|lsos?)\b", intent.question, re.I):
        polarity = "related"  # "persistent cookies remain on your computer" is no answer to "how long do they hold on to my info?"
    if polarity == "no" and not objects and USE_DENIED.search(text) and not re.search(
            r"\b(collect|gather|stor|obtain|personal|identif|name|e-?mail|who i am)", intent.question, re.I):
        polarity = "related"  # "never uses persistent cookies to collect personal information" is no answer to "do they use cookies?"
    return polarity, practice


def scope_overrides(case: Case, polarity: str, practice: str) -> tuple[str, str]:
    """Whom, how and what for the sentence speaks of: rights of minors, what is optional, a purpose or means denied, children,
    what is public by default, always or only to some, limited access: the (polarity, practice)."""
    table, c, intent, text, row = case.table, case.c, case.intent, case.text, case.row
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
    means = BY_MEANS.search(text) if polarity == "no" and practice == "cookies" else None
    if means and not set(tokenize(" ".join(text[means.end():].split()[:8]))) & set(tokenize(intent.question)):
        polarity = "related"  # … and one purpose of cookies, not using them: "we do not use cookies to collect personal information"
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
    if (polarity == "yes" and ANY_INSIDER.search(intent.question) and ACCESS_LIMITED.search(text)
            and not LIMITS_ASKED.search(intent.question)):
        # "we limit access … to those employees with a need" answers "can any employee pull up my data?" (not "is access limited to
        # certain staff, or can anybody pull it up?", which asks about the limit)
        polarity = "no"
    return polarity, practice


def question_overrides(case: Case, polarity: str, practice: str, named: bool, answered_by_exception: bool,
                       kept_undeleted: bool) -> tuple[str, str]:
    """What the question's own framing makes of the reading: another practice it asks about denied, minors and children's
    ages, a right of the user, a period, a request's processing time: the (polarity, practice)."""
    table, c, intent, objects, practices, text = case.table, case.c, case.intent, case.objects, case.practices, case.text
    if polarity == "yes" and not answered_by_exception and not kept_undeleted and ((named and objects) or WHICH_DENIED.search(text)) and not REQUEST_NOT.search(text) and any(
            read_polarity(c.sentence, BY_NAME[p].stated, BY_NAME[p].needs_data, company_actor=not intent.user_action,
                          inner_negation=not BY_NAME[p].phrased_negatively)[0] == "no"
            for p in intent.practices[:3] if p not in practices):
        polarity = "no"  # "information from cookies will not be used to create profiles" answers "do they use cookies to profile me?"
    if polarity == "conditional" and _own_situation(intent.question, c.sentence):
        polarity = "yes"  # "if liquor.com starts emailing me about new products, can I make it stop?" — "If we ever send you information by
        # e-mail concerning new products …, we will provide you with an e-mail address by which you may request no future notices"
    if polarity != "no" and ADS_STOP_ASKED.search(intent.question) and STILL_ADS.search(text):
        polarity, practice = "no", practice or intent.practice  # "you may still receive advertisements even if you opt out of tailored advertising"
    if polarity != "no" and _STOP_USING_ASKED.search(intent.question) and _GOES_ON.search(text):
        # "do the third parties that already got my info have to stop using it?" — "if the information already has been provided to
        # third parties, they may continue to use it"
        polarity, practice = "no", practice or intent.practice
    if STILL_ADS_ASKED.search(intent.question):
        if STILL_ADS.search(text):  # "will they still show me ads?" — "you may still see ads when you sign in to your account"
            polarity, practice = "yes", practice or intent.practice
        elif polarity == "no" and ADS_CHOSEN.search(text):
            polarity = "related"  # "the ads you receive will not be tailored" says how ads are chosen, not whether they come
    if polarity == "yes" and not intent.user_action and AUTOMATIC_ASKED.search(intent.question) and ONLY_IF_USER.search(text):
        polarity = "no"  # "… are only shared with Uber if submitted by the users" answers "does Uber automatically get a copy?"
    if polarity in ("yes", "conditional", "related") and intent.user_action and _DUTY_DENIED.search(text):
        # "can I make them tell me which companies got my info?" — "we are not required to provide you with the information"
        polarity, practice = "no", practice or intent.practice
    if polarity == "yes" and "children" in intent.topics and OLDER_MINORS.search(text) and not re.search(r"\b(under|younger|below)\b", text, re.I):
        polarity = "related"  # "minors 13 years of age or older have received permission" says nothing of children under 13
    if (polarity == "yes" and practice == "protect" and PRIVACY_COMMITMENT.search(text)
            and not re.search(r"\b(encrypt|secur|ssl|tls|firewall|password|safeguard|measures?|procedures?|technolog)", text, re.I)):
        polarity = "related"  # "committed to protecting and respecting your privacy" is no security measure
    if "children" in intent.topics and polarity == "absent" and ACCOUNT_ASKED.search(intent.question) and CHILD_ACCOUNT.search(text):
        polarity, practice = "yes", intent.practice  # "a child under age 13 might have a Yahoo Family Account"
    if "children" in intent.topics and RESTRICTION.search(text) and polarity != "no" and intent.practice not in _REMEDIES:
        polarity, practice = "no", practice or intent.practice
    if (intent.user_action and polarity == "yes" and not USER_SUBJECT.search(text) and practice in ("delete", "access", "correct", "opt_out", "rights")
            and not (AS_PARENT.search(intent.question) and re.search(r"\bparents?\b", text, re.I))  # "as a parent, can I …?"
            and not user_does(intent, objects, BY_NAME[practice].stated, c.sentence)):
        polarity = "related"  # the company deleting on its own schedule is not a right of the user
    if intent.asks_period and (polarity == "no" or (polarity == "yes" and not PERIOD.search(text))):
        polarity = "related"
    if (polarity == "absent" and intent.user_action and "cookies" in practices and WITHOUT_COOKIES.search(intent.question)
            and EXAMPLE.match(text) and UNABLE.search(text) and re.search(r"\bcookies?\b", rows_before(table, c.row), re.I)):
        polarity, practice = "no", "cookies"  # "… require cookies. For example, the user will not be able to enter our monthly drawings."
    controlled = control_reading(intent.question, text, polarity)
    if controlled != polarity:
        polarity, practice = controlled, practice or intent.practice
    if polarity in ("absent", "related") and _ASSUME_ASKED.search(intent.question) and _WE_ASSUME.search(text):
        # "if I ignore their email, do they just assume I'm fine with it?" — "We will assume that you have given your permission …, if you do
        # not respond to our email"; "does X just assume my parents said it's fine?" — "We assume that minors … have received permission"
        polarity, practice = "yes", practice or intent.practice
    if polarity in ("absent", "related") and intent.practice == "notify" and EFFECT_ASKED.search(intent.question) and EFFECT_STATED.search(text):
        polarity, practice = "yes", "notify"  # "… shall be effective immediately upon posting" answers "does the new one kick in right away?"
    if polarity == "absent" and request_time(intent, text):
        polarity, practice = "yes", intent.practice  # "it may take up to 10 days to process your email request" answers "how long before they stop?"
    aged = age_polarity(intent.question, text, polarity) if "children" in intent.topics else polarity
    if aged != polarity:
        polarity, practice = aged, practice or intent.practice
    return polarity, practice


#: What the user may have done after the fact ("will they delete it if I tell them?"): no limit on who may use a service answers it.
_REMEDIES = ("delete", "access", "correct", "opt_out")
#: A question whether a use or sharing ends ("do they have to stop using it?", "will they stop sharing my info?") …
_STOP_USING_ASKED = re.compile(r"\bstop (?:using|sharing|processing|selling|disclosing|keeping|storing)\b", re.I)
#: … and a sentence saying it goes on ("they may continue to use it"; not the user going on: "if you continue to use the site").
_GOES_ON = re.compile(r"(?<!\byou )\b(?:may|can|will|might|could|would) (?:still )?continue to (?:use|process|share|sell|disclose|keep|retain|store)\b", re.I)

#: A question whether the company takes something for granted ("do they just assume I'm fine with it?") …
_ASSUME_ASKED = re.compile(r"\b(?:assum|presum)\w*", re.I)
#: … and a sentence saying it does ("We will assume that you have given your permission …", "you will be deemed to have accepted").
_WE_ASSUME = re.compile(r"\bwe (?:(?:will|may|shall|can) )?(?:\w+ )?(?:assume|presume)\b|\b(?:will|shall) be (?:deemed|presumed|assumed) to\b", re.I)


#: The user's own act a sentence states the consequences of ("If you close your account, …", "When you opt out, …").
_USER_CONDITION = re.compile(r"\b(?:if|when|once|after|whenever) you (?:choose to |decide to |elect to |wish to |want to |ever )?([^,.;]{3,60})", re.I)


def request_time(intent: Intent, text: str) -> bool:
    """Does a sentence give the processing time of the request a "how long does it take?" question asks about ("please allow up
    to 10 business days to process your request" for "how long before they stop emailing me?")?"""
    return intent.practice in ("opt_out", "delete", "access", "correct") and bool(TAKES_LONG.search(intent.question) and REQUEST_PERIOD.search(text))


def user_does(intent: Intent, objects: set[str], verbs: re.Pattern[str], sentence: str) -> bool:
    """Does the sentence open on the user doing what the question asks about, on what it names?"""
    m = _USER_CONDITION.search(sentence)
    if not m or not verbs.search(m.group(1)):
        return False
    act = m.group(1)
    return names_objects(objects, act) if objects else all(TOPIC_STATED[t].search(act) for t in intent.topics)


#: A situation told first ("if they start emailing me about new products, …") and a sentence's leading condition (after a heading
#: in capitals: "CHOICE/OPT-OUT If we ever send you information by e-mail concerning new products …, …").
_SITUATION_FIRST = re.compile(r"^\W*(?:if|when|once|say|suppose)\b([^,?]{5,120}),", re.I)
_CONDITION_FIRST = re.compile(r"^\W*(?:[A-Z][A-Z/&-]+\s+)*(?i:if|when|whenever|once|should|in the event)\b([^,]{5,160}),")
_SITUATION_COMMON = set(tokenize("ever ever you your we our they them their me my i it any about never not"))


def _own_situation(question: str, sentence: str) -> bool:
    """Is the sentence's condition the situation the question tells first (two of its words in common)? Then the sentence
    states what holds in it."""
    asked, condition = _SITUATION_FIRST.match(question), _CONDITION_FIRST.match(sentence)
    if not (asked and condition):
        return False
    common = (set(tokenize(asked.group(1))) & set(tokenize(condition.group(1)))) - _SITUATION_COMMON
    return len(common) >= 2
