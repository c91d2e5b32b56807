"""Resolving the findings of :mod:`stance` into one verdict (which sentence wins when the policy says yes in one place
and no in another, how close a denial must be to win, when a right with limits is still a right); the evidence it is
shown with is :mod:`evidence_shown`'s.

The resolution is pure logic over :class:`~.models.Finding` objects (their polarity, relevance to the question and
object words named); the reading of the sentences is :mod:`stance`'s.
"""

from __future__ import annotations

import re

from .cases import narrower_denial
from .intent import Intent, hypothetical
from .messages_kinds import ADS_STOP_ASKED, SERVICE_ASKED, SERVICE_MESSAGES, STILL_ADS, STILL_SENT
from .models import Finding, Verdict
from .notice import notice_verdict
from .objects import DATA_KINDS
from .others_data import others_refused
from .question_objects import OTHER_THAN_ASKED
from .refusals import CANNOT_REFUSE, asks_by_way, channel_refused, refusal_asked
from .requirement import REQUIREMENT_ASKED, requirement_verdict
from .sentence_kinds import (
    ACCESS_GRANTED,
    ALL_DATA,
    ALL_OF,
    CONSENT_EXCEPTION,
    CONSENT_GATED,
    GUARANTEE_ASKED,
    NO_GUARANTEE,
    THEIR_OWN,
    UNIVERSAL_PARTY,
    WITHOUT_CONSENT,
)
from .told_situations import sentence_situation, told_situation
from .vocabulary import LIST_OF_RECIPIENTS, NARROW_PRACTICES, PARTY_TOPICS, TOPIC_ASKED, TOPIC_STATED

#: Topics few sentences of a policy state, each of them on point (a lower relevance floor for those that state them).
_NARROW_TOPICS = {"encryption", "law", "children", "california", "europe", "abroad", "dnt", "breach", "changes", "location", "precise", "merger"}

#: Words of an exception or a condition anywhere in a sentence.
_EXCEPTED = re.compile(r"\b(except\w*|unless|without|other than|apart from|if|when)\b", re.I)
#: The user's consent as the only way round a denial ("without your prior consent").
_CONSENT_ONLY = re.compile(r"\bwithout (?:first )?(?:obtaining |getting |receiving )?(?:your |their |the user'?s |explicit |express |prior |affirmative |parental |a parent'?s |written |verifiable )*(?:consent|permission|authori[sz]ation)\b", re.I)
#: How much closer (dense similarity) a conflicting sentence must be to win over an explicit "no".
NO_MARGIN = 0.15
#: A denial of the user's own right ("you may not opt out of …") wins over a right granted elsewhere when it is this much
#: more relevant to the question.
USER_NO_MARGIN = 0.05
#: Below this similarity between question and passage, a sentence is only related, never decisive.
MIN_RELEVANCE = 0.35
#: How much lower the floor is for a practice with a topic of its own (Do Not Track, a notice of changes).
TOPIC_RELIEF = 0.1
#: A sentence naming this many of the question's object words is on point at the lower floor too.
NAMED_RELIEF = 3


def decide_verdict(intent: Intent, findings: list[Finding]) -> Verdict:
    """Resolve the findings into one verdict (``yes``/``no``/``unclear``/``not_stated`` or, for open questions, ``answered``).

    The sentences the verdict rests on lead with those naming the question's narrow topics as a question would
    ("required by law, court order" before "where data protection laws may differ" for "do they give my data to the police?").
    """
    verdict = _decide(intent, findings)
    narrow = [t for t in intent.topics if t in _NARROW_TOPICS]

    def lead(f: Finding) -> tuple[bool, bool]:
        # what the company does is told by its own statement, not by advice to the user ("You can opt out of this sharing by …")
        # or a definition; then a sentence naming the narrow topics asked about
        aside = not intent.user_action and bool(_ADVICE.match(f.sentence) or _DEFINITION.search(f.sentence))
        return aside, bool(narrow) and not all(TOPIC_ASKED[t].search(f.sentence) for t in narrow)

    verdict.support.sort(key=lead)  # stable: relevance order kept within each kind
    return verdict


#: The company binding a party of its own ("We require our fulfillment vendor not to …", "we contractually prohibit our partners from …").
_BINDS_PARTY = re.compile(r"\b(?:require|requires|required|oblige|obliges|obligate|obligates|instruct|instructs|prohibit|prohibits|forbid|forbids)\w* "
                          r"(?:our|its|the|these|such|all|any|those) (?:\w+ ){0,3}?(?:vendors?|partners?|providers?|contractors?|processors?|agents?|"
                          r"companies|third parties|affiliates?)\b", re.I)
#: Sources other than the user named ("from other trusted sources", "from third parties", "publicly available information").
_OTHER_SOURCES = re.compile(r"\bfrom (?:other|third[- ]party|outside|trusted|additional|external|commercial\w*|public\w*|various) (?:\w+ )?"
                            r"(?:sources?|parties|companies|providers|partners)\b|\bother sources\b|\bfrom third parties\b", re.I)
#: A list of the recipients asked for ("a list of who they gave my info to", "which companies got my info").
_RECIPIENT_LIST = re.compile(r"\b" + LIST_OF_RECIPIENTS + r"\b|\bwhich (?:companies|third parties|businesses) "
                             r"(?:\w+ ){0,3}(?:got|get|received|have|had)\b", re.I)
#: … and a sentence telling of them.
_RECIPIENTS_TOLD = re.compile(r"\b(third[- ]part\w*|disclos\w*|shared|sharing|compan\w*|lists?|recipients?|whom?|categories)\b", re.I)
#: … which a sentence granting only information about the disclosures tells ("you may request information about our disclosures of
#: your personal information to third parties for their direct marketing purposes").
_DISCLOSURES_ASKED = re.compile(r"\b(gave|give|given|shar\w*|disclos\w*|sold|sell\w*|pass\w*|companies|third parties|others|who|whom)\b", re.I)
_DISCLOSURES_TOLD = re.compile(r"\brequest (?:\w+ ){0,3}information (?:about|regarding|concerning|on) (?:our|the|its|any|such) (?:\w+ )?disclosures?\b", re.I)
#: A sentence opening with a correction of the one before ("However, reddit does not handle …").
_CORRECTION = re.compile(r"\s*(?:however|but|that said|nevertheless|nonetheless)\b", re.I)
#: A sentence that says what a word means ("In this policy we call all of these cookies", "Cookies are small text files …").
_DEFINITION = re.compile(r"\bwe (call|refer to)\b|\b(is|are) (a |very )?small (text |data )?files?\b|\b(refers? to|is defined as)\b|\(\s*[\"“]", re.I)
#: A likeness with another thing, asked or denied ("… the same way I block normal cookies?", "cannot be managed in the same way").
_SAME_WAY = re.compile(r"\b(?:in )?the same (?:way|manner)\b", re.I)
#: A sentence that tells the user what to do rather than what the company does.
_ADVICE = re.compile(r"^\W*(you (can|may|could|should|might|will be able to)|please|visit|click|go to|to (opt|learn|find|change|manage|disable|block))\b", re.I)


def _decide(intent: Intent, findings: list[Finding]) -> Verdict:
    # A practice with a topic of its own (Do Not Track, a change notice) is named by few sentences, each of them on point.
    # … and so is the user's own way out or deletion right ("can I make the calls stop?", "how do I delete my account?"): few
    # sentences tell how, each on point
    floor = MIN_RELEVANCE - (TOPIC_RELIEF if intent.practice in NARROW_PRACTICES or (intent.practice in ("opt_out", "delete") and intent.user_action) else 0.0)
    # … and so is a sentence stating the question's own narrow topic ("disclosed to law enforcement" for "would they give it to the police?")
    narrow = [t for t in intent.topics if t in _NARROW_TOPICS]
    # … and so is one naming several of the question's object words ("… collect and store … credit card information" for
    # "do they keep my credit card on file after I pay?")
    # … and so is a denial naming every object word of the question ("JibJab does not sell these email addresses" for "will they
    # sell my email address?")
    parties = [t for t in intent.topics if t in PARTY_TOPICS]
    marketing = "marketing" in intent.topics
    # … and, lower still, a sentence telling whether the company heeds Do Not Track, for a question asking it (few name the signal:
    # "Our Sites currently are not setup to process or respond to "Do Not Track" settings" for "does X honor Do Not Track?")
    dnt = intent.practice == "honor_dnt"
    strong = [f for f in findings
              if f.relevance >= floor
              or (dnt and f.polarity in ("yes", "no") and f.relevance >= MIN_RELEVANCE - 2 * TOPIC_RELIEF and bool(TOPIC_STATED["dnt"].search(f.sentence)))
              or (f.relevance >= MIN_RELEVANCE - TOPIC_RELIEF and (
                  f.named >= NAMED_RELIEF or (narrow and (f.in_scope or all(TOPIC_STATED[t].search(f.sentence) for t in narrow)))
                  or (f.polarity == "no" and bool(intent.object_terms) and f.named >= len(intent.object_terms))
                  # … and so is what still comes after an opt-out, for a question whether all of it stops ("This will not affect our
                  # ability to send you communications regarding your account" for "will that stop every email, account ones included?")
                  or (intent.practice == "opt_out" and f.polarity == "no" and bool(STILL_SENT.search(f.sentence)) and bool(ALL_OF.search(intent.question)))
                  # … and so is data obtained from other sources, for a question asking it ("We acquire information from other trusted
                  # sources to update or supplement the information you provided" for "do they get info about me from other places?")
                  or (intent.practice == "receive" and f.polarity == "yes" and bool(_OTHER_SOURCES.search(f.sentence)))
                  # … and so is a sentence granting the user access to the data, for a question asking for it ("You will have the
                  # ability to access the information that we have collected about you")
                  or (intent.practice == "access" and intent.user_action and f.polarity == "yes" and bool(ACCESS_GRANTED.search(f.sentence)))
                  # … and so is a statement naming every one of two or more object words ("we may request … your name, zip code and
                  # telephone number" for "will they ask for my phone number?")
                  or (len(intent.object_terms) >= 2 and f.named >= len(intent.object_terms))
                  # … and so is a statement naming the one object word of a question about what the company does ("we usually keep a
                  # copy of the prior version" for "do they hang on to the old one?"; not a way out, which many sentences name, nor a sale
                  # or sharing, where a far "yes" is the worst answer)
                  or (len(intent.object_terms) == 1 and f.named >= 1 and f.polarity == "yes" and not intent.user_action
                      and intent.practice not in ("opt_out", "sell", "share"))
                  # … and so is a denial of selling any personal information, for a question naming no kind of it ("does X make
                  # money selling its readers' data?" — "we do not sell Personally Identifiable Information or other information")
                  # (… or naming only kinds of personal data: "Company will not rent or sell your personally identifiable information to
                  # others" for "do they make money selling my name and email?")
                  or (f.polarity == "no" and f.practice == "sell" and intent.object_terms <= DATA_KINDS and bool(ALL_DATA.search(f.sentence)))
                  # … and so is a denial of sharing with anyone (or with the very kind asked), without exceptions, for a question about a
                  # kind of recipient ("… is not sold, shared or distributed to any third party" for "do they give my info to advertisers?")
                  # (without the user's consent is no exception to a denial for the very purpose asked: "Valve will not share … with
                  # third parties for marketing purposes without your consent" for "will Valve hand my email to other companies so they
                  # can spam me?")
                  or (f.polarity == "no" and not _EXCEPTED.search(_unexcepted(f, marketing))
                      and f.practice in ("share", "sell") and bool(parties)
                      and (bool(UNIVERSAL_PARTY.search(f.sentence)) or all(TOPIC_STATED[t].search(f.sentence) for t in parties))
                      # (not the company binding a party of its own, unless the question asks what that party does: "We require our
                      # fulfillment vendor not to … share … your information")
                      and (intent.onward or not _BINDS_PARTY.search(f.sentence)))))]
    if intent.yes_no and (needed := requirement_verdict(intent.question, strong, NO_MARGIN)):
        return needed  # "do I need to give them personal details just to look around?": what the policy says is needed
    yes = [f for f in strong if f.polarity == "yes"]
    if intent.practice == "access" and _RECIPIENT_LIST.search(intent.question):
        # "can I ask them for a list of who they gave my info to?": a right to see one's own data is no list of its recipients
        yes = [f for f in yes if _RECIPIENTS_TOLD.search(f.sentence)]
    elif intent.practice == "access" and not _DISCLOSURES_ASKED.search(intent.question):
        # "can I ask for a copy of all the personal info they have about me?": a list of the disclosures is no copy of one's data
        yes = [f for f in yes if not _DISCLOSURES_TOLD.search(f.sentence)]
    if intent.yes_no and REQUIREMENT_ASKED.search(intent.question):
        yes = []  # "do I have to tell them why?": only a sentence saying it is needed says yes, not one stating the practice
    no = [f for f in strong if f.polarity == "no"]
    related = [f for f in strong if f.polarity in ("conditional", "related")]
    if not intent.yes_no:
        facts = yes + [f for f in no if f not in yes]
        if "merger" in intent.topics or hypothetical(intent.question):  # "if they get bought out, what happens to my info?"
            facts += [f for f in related if f.polarity == "conditional"]
        if facts:
            facts.sort(key=lambda f: -f.relevance)
            if intent.practice in ("share", "sell") and _WHO_ASKED.match(intent.question):
                # "who do they share my data with?": each kind of recipient the policy names, also those it shares with in some cases
                # (few sentences name one, each on point: the lower floor)
                near = [f for f in findings if f not in facts and f.polarity in ("yes", "conditional") and f.relevance >= MIN_RELEVANCE - TOPIC_RELIEF]
                facts = recipients(facts + sorted(near, key=lambda f: -f.relevance))
            return Verdict("answered", "the policy states it", facts[:4], [f for f in no if f.exception][:1], facts[0].relevance)
        return Verdict("not_stated", "no sentence of the bundle states this (related text is only general)", [], [], 0.0)
    if yes and no and (intent.user_action or intent.practice == "opt_out") and (
            ALL_OF.search(intent.question) or (SERVICE_ASKED.search(intent.question) and (SERVICE_MESSAGES.search(no[0].sentence) or STILL_SENT.search(no[0].sentence)))):
        # "can I unsubscribe from every email, even the account ones?" — "you cannot unsubscribe from account messages"
        return Verdict("no", "the policy says not all of it", no[:2], yes[:1], no[0].relevance)
    if yes and no and intent.user_action and (way := _way_denied(intent.question, no[0].sentence)) and not re.search(rf"\b{way}", yes[0].sentence, re.I):
        # "can I get rid of Flash storage through my browser settings?" — "you cannot delete … Flash LSOs through your browser": the way
        # asked is ruled out, whatever other way the policy gives
        return Verdict("no", "the policy says not that way", no[:2], yes[:1], no[0].relevance)
    same = [f for f in no if _SAME_WAY.search(f.sentence)] if _SAME_WAY.search(intent.question) else []
    if yes and same:
        # "can I manage flash cookies the same way I block normal cookies?" — "Local shared objects operate a lot like cookies, but
        # cannot be managed in the same way": the very likeness asked, denied
        return Verdict("no", "the policy says not the same way", same[:2], yes[:1], same[0].relevance)
    refused = [f for f in no if asks_by_way(intent.question, intent.user_action) and channel_refused(intent.question, f.sentence)]
    if yes and refused:
        # "can I just call them to make my request?" — "we will not accept requests via the telephone": the way asked is refused,
        # whatever right the request would exercise
        return Verdict("no", "the policy says not that way", refused[:2], yes[:1], refused[0].relevance)
    if (yes and no and intent.user_action and no[0].named >= yes[0].named and no[0].relevance >= yes[0].relevance + USER_NO_MARGIN
            and not (SERVICE_MESSAGES.search(no[0].sentence) and not SERVICE_MESSAGES.search(intent.question))):
        # "you cannot delete Flash LSOs through your browser" speaks to "can I clear them in my browser?" more than a general right
        return Verdict("no", "the policy says you cannot", no[:2], yes[:1], no[0].relevance)
    cannot = [f for f in no if refusal_asked(intent.question, intent.user_action, intent.practices) and CANNOT_REFUSE.search(f.sentence)
              and f.named >= yes[0].named] if yes else []
    if cannot:
        # "can I block the tracking pixels on their regular web pages?" — "Web Beacons cannot be declined when delivered via a regular web
        # page": what cannot be refused, naming what is asked, whatever else the user may block
        return Verdict("no", "the policy says it cannot be refused", cannot[:2], yes[:1], cannot[0].relevance)
    need = [f for f in no if f.needed]  # (read by :mod:`stance`, for a right of the user)
    if yes and need:
        # "can I enter their sweepstakes without handing over any personal info?" — "you cannot … register for … contests … unless
        # you provide certain information": what the act needs decides it, whatever else one may do
        return Verdict("no", "the policy says it is needed", need[:2], yes[:1], need[0].relevance)
    if yes and (others := others_refused(intent.question, no)):  # "… on his account?" — "not … the information of any other person"
        return Verdict("no", "the policy says not another person's data", others[:2], yes[:1], others[0].relevance)
    if yes and intent.user_action:
        # A right with limits is still a right: "you can delete your account … posts are not deleted".
        return Verdict("yes", "the policy says you can", yes[:4], (no + [f for f in related if f.polarity == "related"])[:1], yes[0].relevance)
    if noticed := notice_verdict(intent, yes, no, NO_MARGIN):
        return noticed  # "will they email me before changing the policy?": the notices the policy gives, refuses or skips
    if yes and (still := [f for f in no if STILL_ADS.search(f.sentence)]) and ADS_STOP_ASKED.search(intent.question):
        # "if i turn off tailored ads, does that mean no more ads at all?" — "If you are opted out …, you may still get advertising"
        return Verdict("no", "the policy says ads still come", still[:2], yes[:1], still[0].relevance)
    if yes and no and not intent.user_action and _AT_ALL.search(intent.question) and yes[0].relevance + NO_MARGIN >= no[0].relevance:
        # "do they put any cookies on my computer at all?": one use answers it ("the following applications do use cookies"),
        # whatever they do not do elsewhere
        return Verdict("yes", "the policy states it, in some cases", yes[:4], no[:1], yes[0].relevance)
    gated = [f for f in no if _CONSENT_ONLY.search(f.sentence)] if yes and not intent.user_action and WITHOUT_CONSENT.search(intent.question) else []
    if gated and not (_CONSENT_ONLY.search(yes[0].sentence) or CONSENT_GATED.search(yes[0].sentence)) and gated[0].relevance + NO_MARGIN >= yes[0].relevance:
        # "can they take my 9-year-old's info without asking me?" — "We do not collect personally identifiable information … from children
        # under the age of 13 without prior parental consent": the consent asked about, required, whatever else the policy states
        return Verdict("no", "the policy says not without consent", gated[:2], yes[:1], gated[0].relevance)
    if yes and no and THEIR_OWN.search(intent.question) and any(THEIR_OWN.search(f.sentence) for f in no):
        # "will they hand my info to other companies so they can send me their own promos?" — "we do not share personal information
        # with third parties for their own direct marketing purposes": the very purpose asked, denied
        own = [f for f in no if THEIR_OWN.search(f.sentence)]
        return Verdict("no", "the policy says it does not, for that purpose", own[:2], yes[:1], own[0].relevance)
    if yes and no and OTHER_THAN_ASKED.search(intent.question) and any(_ONLY_PURPOSE.search(f.sentence) for f in no):
        # "will they use my details for anything other than answering me?" — "we do not collect it for any purpose other than to respond"
        only = [f for f in no if _ONLY_PURPOSE.search(f.sentence)]
        return Verdict("no", "the policy says only for that purpose", only[:2], yes[:1], only[0].relevance)
    if yes and no and (told := told_situation(intent.question)) and yes[0].relevance + NO_MARGIN >= no[0].relevance:
        denied_in, stated_in = sentence_situation(no[0].sentence), sentence_situation(yes[0].sentence)
        if denied_in and not told & denied_in and stated_in and told & stated_in:
            # "I subscribe to the print magazine. Can they sell my mailing address?" — "If you subscribe to Washingtonian magazine, we may
            # sell or rent lists containing your postal address" over "If you register to receive e-mail newsletters, we will not share
            # or sell …": the denial is for another situation than the one told
            return Verdict("yes", "the policy states it, in the situation asked", yes[:4], no[:1], yes[0].relevance)
    # (few sentences name advertisers as those the data goes to, each on point: the lower floor)
    named_parties = [f for f in findings if f.polarity == "yes" and f.relevance >= MIN_RELEVANCE - TOPIC_RELIEF and "advertisers" in intent.topics
                     and _TO_ADVERTISERS.search(f.sentence)]
    if (intent.practice == "share" and named_parties and no and no[0].exception and set(intent.topics) <= PARTY_TOPICS
            and not re.match(r"\W*(?:when|if|once|after)\b", intent.question, re.I)  # (a situation told may be what a denial is about)
            and named_parties[0].relevance + NO_MARGIN >= no[0].relevance
            # (… unless a close denial names them: "These advertising partners do not have access to or use your name, address, …")
            and not any(TOPIC_ASKED["advertisers"].search(f.sentence) for f in no if f.relevance + NO_MARGIN >= no[0].relevance)):
        # "do they share my info with advertisers?" — "MediaNews may share … information with third parties such as advertisers" over
        # "personal information is not disclosed to third parties except those who provide support …": the statement naming the
        # very kind of recipient asked is what the denial's exception leaves room for
        return Verdict("yes", "the policy states it, in some cases", named_parties[:4], no[:1], named_parties[0].relevance)
    if intent.practice == "share" and named_parties and not no and not yes and set(intent.topics) <= PARTY_TOPICS | {"marketing"}:
        # "do they pass my name and email on to an advertising company?" — "We may share your PII … with a third party advertising
        # partner": the very kind of recipient asked, and nothing said against it
        return Verdict("yes", "the policy states it", named_parties[:4], [], named_parties[0].relevance)
    if other := narrower_denial(intent, yes, no, NO_MARGIN):  # "… not sell your email address" against "we may rent your name and address"
        return Verdict("yes", "the policy states it, for other data than its denial names", other[:4], no[:1], other[0].relevance)
    full = [f for f in no if len(intent.object_terms) >= 2 and f.named >= len(intent.object_terms)]
    if yes and full and all(f.named < full[0].named for f in yes):
        # "do the ad companies get my name or email address?" — "… (not including your name, address, email address, or telephone
        # number)": the denial naming every thing asked over statements naming fewer of them
        return Verdict("no", "the policy says it does not", full[:2], yes[:1], full[0].relevance)
    # (a promise of safety, whatever practice the question names: "can they promise nobody will ever get unauthorized access to my data?")
    safety = intent.practice == "protect" or bool(_SAFETY.search(intent.question))
    promised = [f for f in no + yes if NO_GUARANTEE.search(f.sentence)] if safety and GUARANTEE_ASKED.search(intent.question) else []
    if promised:
        # "can they promise my info will never leak?" — "we do not guarantee that unauthorized disclosures will not happen": a promise
        # asked is refused, whatever protection the policy describes
        return Verdict("no", "the policy says it cannot promise it", promised[:2], yes[:1], promised[0].relevance)
    # a denial wins a close call, unless the statement names more of what the question names ("… to banks and card associations")
    # (… or names the company's own people the question asks about: "some of our employees have access to customer information" over
    # "they [the contractors] are prohibited from using such information" for "can people who work at X look at my info?")
    names_more = bool(yes and no and (yes[0].named > no[0].named or (
        _INSIDERS_ASKED.search(intent.question) and _STAFF.search(yes[0].sentence) and not _STAFF.search(no[0].sentence))))
    # (… and a denial naming none of it, nor all data, does not outweigh a statement naming two things asked: "we will not sell … your
    # email address" is no answer to "will they sell my mailing address to junk mail companies?" over "postal lists that we sell")
    unnamed = names_more and no[0].named == 0 and yes[0].named >= 2 and not ALL_DATA.search(no[0].sentence)
    # (… and a denial that corrects the statement just before it wins: "… stored on your profile, along with the transaction number
    # associated with the payment. However, reddit does not handle or have access to any of your payment information.")
    corrected_after = bool(yes and no and _CORRECTION.match(no[0].sentence) and 0 <= no[0].row - yes[0].row <= 2 and no[0].named >= yes[0].named)
    if no and not unnamed and (not yes or corrected_after or (no[0].relevance > yes[0].relevance if names_more else no[0].relevance + NO_MARGIN >= yes[0].relevance)):
        exceptions = [f for f in no if f.exception][:1] + yes[:1]
        return Verdict("no", "the policy says it does not", no[:4], exceptions[:2], no[0].relevance)
    if yes:
        return Verdict("yes", "the policy states it" if not reserved(yes[0].sentence) else "the policy reserves the right",
                       yes[:4], no[:1], yes[0].relevance)
    conditional = [f for f in related if f.polarity == "conditional"]
    # (… a sale of the company asked of is a case: "if the hill gets sold to another company does my info go with it?" — "… such as in
    # connection with a corporate transaction where all or a portion of our business or assets … are sold")
    if conditional and not intent.user_action and (hypothetical(intent.question) or "merger" in intent.topics):
        return Verdict("yes", "the policy says it may, in some cases", conditional[:4], [], conditional[0].relevance)
    return Verdict("not_stated", "no sentence of the bundle states this or its opposite", [], [], 0.0)


#: What a promise of safety is about.
_SAFETY = re.compile(r"\b(unauthori[sz]ed|hack\w*|breach\w*|leak\w*|stolen|steal\w*|secur\w*|safe)\b", re.I)
#: Advertisers as those the data goes to ("… with third parties such as advertisers and business partners").
_TO_ADVERTISERS = re.compile(r"\b(?:with|to)\s+(?:[\w,]+\s+){0,5}?(?:advertis\w*|marketers?|marketing partners?|ad (?:networks?|partners?|companies))\b", re.I)
#: The way the user would do something ("through my browser settings", "via the app"): the words after the preposition.
_WAY = r"\b(?:through|via|using|by using|with|in)\s+(?:my|your|the|their|a|an|our)\s+(?:(?:regular|normal|usual|own|web|internet|mobile)\s+)?([a-z]{4,})\b"


def _unexcepted(f: Finding, marketing: bool) -> str:
    """A denial's sentence less the user's own leave as its way round, where that leaves the denial whole ("… for the purposes of
    their direct marketing unless you affirmatively agree"; "… for marketing purposes without your consent", asked of marketing)."""
    text = _CONSENT_ONLY.sub(" ", f.sentence) if marketing and TOPIC_STATED["marketing"].search(f.sentence) else f.sentence
    return text.replace(f.exception, " ") if f.exception and CONSENT_EXCEPTION.match(f.exception) else text


def _way_denied(question: str, sentence: str) -> str:
    """The word naming the way the question asks about when the sentence names the same way ("through your browser"); else ''."""
    asked = {m.group(1).lower().rstrip("s") for m in re.finditer(_WAY, question, re.I)}
    return next((m.group(1).lower().rstrip("s") for m in re.finditer(_WAY, sentence, re.I) if m.group(1).lower().rstrip("s") in asked), "")


#: A question about the company's own people, and a sentence naming them.
_INSIDERS_ASKED = re.compile(r"\b(employees?|staff|workers?|personnel|insiders?|(people|anyone|someone|folks) (who|that) works?)\b", re.I)
_STAFF = re.compile(r"\b(employees?|staff|personnel|workers?)\b", re.I)
#: A sentence limiting data to one purpose ("for any purpose other than to respond to you", "solely to process your order").
_ONLY_PURPOSE = re.compile(r"\b(other than|solely|only|exclusively)\b", re.I)
#: A question whether the company does something at all.
_AT_ALL = re.compile(r"\bat all\b", re.I)
#: "Who do they share my data with?", "which companies get my info?", "with whom …".
_WHO_ASKED = re.compile(r"\W*(?:(?:and|so|but|ok|okay)\s+)?(who|whom|with whom|to whom|which (companies|parties|businesses|firms|partners|third parties|organi[sz]ations)|"
                        r"what (companies|parties|businesses|firms|partners|third parties|organi[sz]ations|kinds? of (companies|parties)))\b", re.I)
#: The kinds of recipient a policy names (one quote for each answers "who gets my data?").
_RECIPIENTS = (("service providers", r"service providers?|(?<!payment )providers?|vendors?|contractors?|processors?|carriers?|hosting"),
               ("advertisers", r"advertis\w+|marketing partners?|ad (?:networks?|partners?)"),
               ("affiliates", r"affiliates?|subsidiar\w+|(?:our )?(?:corporate )?family of companies"),
               ("authorities", r"law enforcement|authorit\w+|government\w*|courts?|police|regulators?|required by law|legal process|subpoenas?"),
               ("buyer", r"merger|acquisition|acquir\w+|buyers?|purchasers?|successors?|sale of (?:all|some|part|substantially)"),
               ("partners", r"(?<!advertising )(?<!marketing )(?<!ad )partners?|third[- ]part\w+|other companies|sponsors?"),
               ("payment", r"payment (?:processors?|providers?)|banks?"))
#: For each kind: the data going to or with it ("disclose … to service providers"), it receiving the data ("our advertising
#: partners also receive …"), and, for the authorities and a buyer, any mention at all.
_RECIPIENT_PATTERNS = tuple(
    (kind,
     re.compile(rf"\b(to|with)\s+(?:(?:our|the|a|an|any|certain|such|these|those|that|this|each|its|their|some|all|trusted|selected|other|"
                rf"third[- ]party|outside)\s+)*(?:{pattern})\b", re.I),
     re.compile(rf"\b(?:{pattern})\b[^.;,]{{0,25}}\b(receiv\w*|obtain\w*|get|gets|have access)\b", re.I),
     re.compile(rf"\b({pattern})\b", re.I) if kind in ("authorities", "buyer") else None)
    for kind, pattern in _RECIPIENTS)


def recipients(facts: list[Finding]) -> list[Finding]:
    """One fact for each kind of recipient, the most relevant naming it, in their order of relevance (a recipient is named as what
    the data goes to or with — "disclose … to service providers" — or as the one receiving it); the rest only when fewer than
    two kinds are named."""
    first: dict[str, Finding] = {}
    for f in facts:
        for kind, to_them, they_get, mention in _RECIPIENT_PATTERNS:
            if f.polarity != "no" and kind not in first and f not in first.values() and (
                    to_them.search(f.sentence) or they_get.search(f.sentence) or (mention is not None and mention.search(f.sentence))):
                first[kind] = f
    named = sorted(first.values(), key=lambda f: -f.relevance)
    return named if len(named) >= 2 else named + [f for f in facts if f not in named]


def reserved(sentence: str) -> bool:
    """Does a sentence reserve the right ("may", "can") rather than state a practice?"""
    return bool(re.search(r"\b(may|might|reserves? the right|can)\b", sentence, re.I))
