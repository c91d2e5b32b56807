"""Checklist questions a lawyer answers by looking for a kind of statement anywhere in the bundle, not by a yes/no verdict.

Marotta-Wurgler & Stein ask, for instance, whether the terms of use incorporate the privacy policy, whether the policy
names a privacy seal, links to the FTC's complaint form or defines "third parties", which CCPA rights the California
section explains, or who owns what users post (usually in the terms of use). Each :class:`Fact` states what it
looks for (a pattern over the sentences of every document, or the bundle's documents themselves) and the option each
outcome means; the row quotes the sentence found. An absence is answered with a lower confidence than a finding.
The rules about who receives the data and for what (service providers, a sale of the company, purposes) are in
:mod:`report_facts_sharing`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from .models import Bundle
from .text import split_sentences

#: Confidence of an option chosen from a sentence found, and from the absence of any.
FOUND, ABSENT = 0.85, 0.65


@dataclass(frozen=True)
class Sentence:
    cite_id: str
    text: str
    document_kind: str


@dataclass(frozen=True)
class Finding:
    """What a fact check found: the option (upstream label), the sentences it rests on, a note."""

    option: str
    quotes: list[Sentence]
    note: str = ""
    found: bool = True


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


def _first(sentences: list[Sentence], pattern: re.Pattern[str], also: re.Pattern[str] | None = None) -> list[Sentence]:
    return [s for s in sentences if pattern.search(s.text) and (also is None or also.search(s.text))][:2]


def _present(pattern: str, also: str | None = None, yes: str = "1", no: str = "0") -> Callable[[Bundle, list[Sentence]], Finding]:
    rx, extra = _rx(pattern), (_rx(also) if also else None)

    def check(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
        hits = _first(sentences, rx, extra)
        return Finding(yes, hits) if hits else Finding(no, [], found=False)

    return check


_PRIVACY_DOC = _rx(r"\bprivacy (policy|notice|statement)\b")
_CCPA = _rx(r"\b(ccpa|california consumer privacy act|california (residents?|consumers?|privacy rights?))\b")


def _incorporated(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """K-1: the terms of use name the privacy policy (and so make it part of the agreement)."""
    terms = [s for s in sentences if s.document_kind == "terms_of_use"]
    if not terms:
        return Finding("0", [], "the bundle holds no terms of use", found=False)
    hits = [s for s in terms if _PRIVACY_DOC.search(s.text)][:2]
    return Finding("1", hits) if hits else Finding("0", [], "the terms of use never name the privacy policy", found=False)


def _ccpa_separate(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """CCPA-1: the California section lies in a document of its own (a regional notice) or in the privacy policy."""
    hits = [s for s in sentences if _CCPA.search(s.text)]
    if not hits:
        return Finding(".", [], "no CCPA or California section in the bundle", found=False)
    own = [s for s in hits if s.document_kind != "privacy_policy"]
    return Finding("1", own[:1]) if own else Finding("0", hits[:1])


_WITHOUT_NOTICE = _rx(r"\bwithout (\w+ ){0,2}(notice|notif\w*|informing|telling)\b|\bnot (be )?(notif\w*|informed|told)\b|"
                      r"\bmay not (provide|give) (\w+ ){0,2}notice\b")
_AUTHORITIES = _rx(r"\b(law enforcement|government\w*|public authorit\w*|subpoena\w*|court orders?|legal process|warrants?|police)\b")
_WILL_NOTIFY = _rx(r"\b(will|shall|try to|attempt to|endeavou?r to|make (reasonable )?efforts to) (\w+ ){0,3}(notify|inform|tell|let you know)\b")


def _government_notice(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """SE-5: users are told of government requests for their data."""
    about = [s for s in sentences if _AUTHORITIES.search(s.text)]
    denied = [s for s in about if _WITHOUT_NOTICE.search(s.text)]
    if denied:
        return Finding("0", denied[:1], "the policy says it may disclose to authorities without notice")
    told = [s for s in about if _WILL_NOTIFY.search(s.text)]
    return Finding("1", told[:1]) if told else Finding("0", [], found=False)


_DEFINED = _rx(r"[\"“']?\b(affiliates?|(?:third|3rd)[- ]?part(y|ies)|service providers?|partners?)\b[\"”']?,? (means?|refers? to|includes?|are (companies|entities|"
               r"businesses|organi[sz]ations)|is (any|a) (company|entity|person))\b|\b(the term|by) [\"“']?(affiliates?|(?:third|3rd)[- ]?part\w+)[\"”']?,? "
               r"(means?|we mean|refers? to)\b")
_USES_TERMS = _rx(r"\b(affiliates?|(?:third|3rd)[- ]?part(y|ies))\b")


def _definitions(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """N-8: "affiliates" or "third parties" are defined where the policy uses them."""
    if not any(_USES_TERMS.search(s.text) for s in sentences):
        return Finding(".", [], "the bundle does not speak of affiliates or third parties", found=False)
    hits = _first(sentences, _DEFINED)
    return Finding("1", hits) if hits else Finding("0", [], found=False)


_SEALS = _rx(r"\b(truste|trustarc|bbb(online)?|better business bureau|esrb|privacy ?mark|eprivacy ?seal|webtrust|privo|kidsafe|"
             r"network advertising initiative|digital advertising alliance|nai|daa|privacy shield|safe harbou?r|iso 27001|soc 2)\b")


def _seal(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """E-8: the policy names a privacy seal, certification or industry oversight body."""
    hits = _first(sentences, _SEALS, _rx(r"\b(member|participat\w*|certif\w*|seal|complies|comply|adhere\w*|self-regulat\w*|program|principles)\b"))
    if not hits:
        return Finding("0", [], found=False)
    names = sorted({m.group(0) for s in hits for m in _SEALS.finditer(s.text)}, key=str.lower)
    return Finding("1", hits, "named: " + ", ".join(names))


def _with_ccpa(pattern: str, also: str | None = None, yes: str = "1") -> Callable[[Bundle, list[Sentence]], Finding]:
    """A CCPA question: "." without any California section, else whether a sentence states it."""
    present = _present(pattern, also, yes=yes)

    def check(bundle: Bundle, sentences: list[Sentence]) -> Finding:
        if not any(_CCPA.search(s.text) for s in sentences):
            return Finding(".", [], "no CCPA or California section in the bundle", found=False)
        return present(bundle, sentences)

    return check


_GDPR = _rx(r"\b(gdpr|general data protection regulation|european (union|economic area)|eea)\b")


def _eu_only(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """GDPR-3: the GDPR terms apply only to people in the EU ("." without GDPR terms)."""
    if not any(_GDPR.search(s.text) for s in sentences):
        return Finding(".", [], "no GDPR terms in the bundle", found=False)
    hits = _first(sentences, _rx(r"\b(only|solely|exclusively)\b[^.;]{0,60}\b(in|of|from|located in|resid\w* in) (the )?(eu|eea|european|uk|united kingdom)|"
                                r"\b(if|where) you (are|live|reside) (located )?in (the )?(eu|eea|european)"))
    return Finding("1", hits) if hits else Finding("0", [], found=False)


#: Companies a policy names as recipients ("we share with Google Analytics"): the specific identification of N-7.
_NAMED_RECIPIENTS = re.compile(r"\b(Google( Analytics)?|DoubleClick|Facebook|Twitter|PayPal|Stripe|Amazon( Web Services)?|Microsoft|Adobe|Oracle|"
                               r"Salesforce|Mailchimp|MailChimp|Experian|Equifax|TransUnion|Acxiom|Nielsen|comScore|Quantcast|Criteo|"
                               r"MasterCard|Mastercard|American Express|FedEx|USPS|Zendesk|HubSpot|Braintree|Omniture|Akamai|AddThis|ShareThis)\b")
_SHARES = _rx(r"\b(shar\w*|disclos\w*|provid\w*|transfer\w*|sell\w*|rent\w*|partner\w*|use[sd]?|work with|service providers?)\b")


def _named_recipients(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """N-7: recipients named ("we use Google Analytics") rather than described ("trusted partners"); DND without sharing."""
    sharing = [s for s in sentences if _SHARES.search(s.text) and _rx(r"\b((?:third|3rd)[- ]?part\w*|partners?|providers?|companies|vendors?)\b").search(s.text)]
    if not sharing:
        return Finding("DND", [], "the bundle says nothing of sharing with others", found=False)
    named = [s for s in sentences if _NAMED_RECIPIENTS.search(s.text) and _SHARES.search(s.text)][:2]
    if named:
        return Finding("1", named, "named: " + ", ".join(sorted({m.group(0) for s in named for m in _NAMED_RECIPIENTS.finditer(s.text)})))
    return Finding("0", sharing[:1], "recipients described, none named")


def _california_section(sentences: list[Sentence], after: int = 5) -> list[Sentence]:
    """The California section: a notice of its own (a document other than the privacy policy and the terms, naming
    California or the CCPA) whole, else each sentence naming them and the few after it in its section."""
    notices = {s.cite_id.split(" ")[0] for s in sentences if s.document_kind not in ("privacy_policy", "terms_of_use") and _CCPA.search(s.text)}
    out: list[Sentence] = []
    left, cite = 0, ""
    for s in sentences:
        if _CCPA.search(s.text):
            left, cite = after + 1, s.cite_id
        near = left > 0 and s.cite_id == cite
        if near:
            left -= 1
        if near or s.cite_id.split(" ")[0] in notices:
            out.append(s)
    return out


_LINK = _rx(r"https?://|\bwww\.|\b(click (here|on)|(this|the|a) link|link (in|on|at|below|above)|online (form|request|portal)|web ?form|"
            r"request form|visit (our|the|this))\b")
_CONTACT = _rx(r"@\w+\.\w+|\d{3}[-. )]+\d{3}[-. ]\d{4}|\b(contact us|e-?mail us|call us|toll[- ]free|write (to )?us|mail us|send (us )?"
               r"(\w+ ){0,2}(requests?|letter|e-?mail)|submit (\w+ ){0,2}requests?|(to )?make (\w+ ){0,2}requests?)\b")


def _california_contact(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """CCPA-6: the California section itself links to a request form ("2") or gives contact details ("1"); "0" otherwise."""
    section = _california_section(sentences)
    if not section:
        return Finding(".", [], "no CCPA or California section in the bundle", found=False)
    for option, rx in (("2", _LINK), ("1", _CONTACT)):
        hits = [s for s in section if rx.search(s.text)][:1]
        if hits:
            return Finding(option, hits)
    return Finding("0", [], "the California section gives no contact details: any are in another section", found=False)


_CCPA_LAW = _rx(r"\b(ccpa|cpra|california consumer privacy act|california privacy rights act)\b")
#: The rights the CCPA gives (CCPA-3 lists them): know the categories, get the specific pieces, deletion, opting out of a sale
#: (met where the business says it sells none) and no discrimination. Not "Shine the Light" (categories shared for direct marketing).
_CCPA_RIGHTS = (
    ("the categories collected", _rx(r"\bright to know\b|\bcategories of (\w+ ){0,2}(personal )?(information|data) (\w+ ){0,3}collected\b|"
                                     r"\bcategories of sources\b|\bwhat personal information (we|is) (collect|use|disclos)\w*")),
    ("the specific pieces", _rx(r"\bspecific pieces\b|\bcop(y|ies) of (it|them|the|your|personal|any|such)\b|\bportab(le|ility)\b|"
                                r"\b(right to|request|may|can) (\w+ ){0,3}access (to )?(your |the )?(personal )?(information|data)\b")),
    ("deletion", _rx(r"\b(right to|request (that we|to)?|ask us to|may|can) (\w+ ){0,3}(delet|eras)\w*|\b(request|right to|right of) "
                     r"(\w+ ){0,2}(deletion|erasure)\b|\bdeletion (of|request)")),
    ("opting out of a sale", _rx(r"\bopt(ing)?[- ]?out (of|from) (\w+ ){0,4}(sale|selling|sharing)\b|\bdo not sell\b|\bright to opt[- ]?out\b|"
                                 r"\b(do|does|will) not (\w+ ){0,2}sell\b|\bnot (to )?sell (\w+ ){0,3}(personal )?information\b")),
    ("no discrimination", _rx(r"\b(non-?)?discriminat\w*")),
)
#: California named as a reader's place, not as a law's ("the laws of California"): a pointer's subject.
_CALIFORNIANS = _rx(r"\b(ccpa|cpra)\b|\bcalifornia\b[^.;]{0,40}\b(residents?|consumers?|notice|rights|privacy|supplement|addendum|section)\b|"
                    r"\b(live|reside|resident|located)s? (\w+ ){0,2}(in|of) california\b")
_POINTER = _rx(r"\b(see|refer to|read|review|visit|click|learn more|find out|more information|described|explained|set (out|forth)|below|above|"
               r"section|notice|supplement|addendum|page)\b")


def _ccpa_part(bundle: Bundle, sentences: list[Sentence]) -> tuple[list[Sentence], set[str]]:
    """The California section (see :func:`_california_section`, widened to sections whose headings name California) and
    the citation ids it lies in; empty when it is no CCPA section (a 2015 "Your California Privacy Rights" on the "Shine the
    Light" law, Civil Code § 1798.83, explains direct-marketing disclosures, not the CCPA)."""
    headed = {s.cite_id for d in bundle.documents for s in d.sections if any(_CCPA.search(h) for h in s.heading_path)}
    window = set(_california_section(sentences, after=10))
    part = [s for s in sentences if s.cite_id in headed or s in window]
    if not any(_CCPA_LAW.search(s.text) or any(rx.search(s.text) for name, rx in _CCPA_RIGHTS if name != "opting out of a sale")
               for s in part):  # "we do not sell" alone makes no CCPA section
        return [], set()
    notices = {s.cite_id for s in part if s.document_kind not in ("privacy_policy", "terms_of_use")}
    return part, headed | notices | {s.cite_id for s in part if any(rx.search(s.text) for _, rx in _CCPA_RIGHTS)}


def _no_ccpa(sentences: list[Sentence]) -> Finding:
    if any(_CCPA.search(s.text) for s in sentences):
        return Finding(".", [], "the bundle's California section is on other California law (such as \"Shine the Light\"), not the CCPA",
                       found=False)
    return Finding(".", [], "no California or CCPA section in this bundle", found=False)


def _ccpa_rights(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """CCPA-3: the California section explains every CCPA right ("1"), some ("2") or none ("0"); "." without one."""
    part, _ = _ccpa_part(bundle, sentences)
    if not part:
        return _no_ccpa(sentences)
    found = {name: next((s for s in part if rx.search(s.text)), None) for name, rx in _CCPA_RIGHTS}
    quotes = list(dict.fromkeys(s for s in found.values() if s is not None))
    missing = [name for name, s in found.items() if s is None]
    if not quotes:
        return Finding("0", part[:1], "the California section explains none of the CCPA rights")
    return Finding("2", quotes, "not explained: " + ", ".join(missing)) if missing else Finding("1", quotes)


def _ccpa_pointer(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """CCPA-4: a sentence outside the California section points California residents to it; "." without one."""
    part, home = _ccpa_part(bundle, sentences)
    if not part:
        return _no_ccpa(sentences)
    hits = [s for s in sentences if s.cite_id not in home and _CALIFORNIANS.search(s.text) and _POINTER.search(s.text)][:2]
    return Finding("1", hits) if hits else Finding("0", [], "no other section points California residents to it", found=False)


_USER_CONTENT = _rx(r"\b(you|users?) (\w+ )?(submit|post|provide|upload|send|share|transmit|contribute)\w* (\w+ ){0,3}(content|reviews|photos|"
                    r"comments|materials?|information|ideas|feedback|submissions?|messages|videos|media)\b|\b(your|user|users'|member|"
                    r"customer)'?s? (own )?(content|submissions?|postings?|posts|materials?|information|data|photos|reviews|comments|feedback|"
                    r"ideas|contributions?)\b|\b(content|materials?|information|data|comments|feedback|submissions?|"
                    r"ideas|suggestions|photos|reviews|anything)\b[^.;]{0,60}\b((you|users?) (\w+ )?(submit|post|provide|upload|send|share|"
                    r"transmit|contribute|give|make available)|(sent|submitted|posted|provided|uploaded|transmitted) (to|through|on|via))")
_USER_OWNS = _rx(r"\byou (retain|keep|continue to (own|retain|hold)|maintain|hold|own) (all |any |full |sole )?(of )?(your |the )?(ownership|"
                 r"rights?|title|copyright|intellectual property)\b|\byou (own|retain|keep) (it|them|all|any|your|the (content|materials?))\b|"
                 r"\byou (remain|are) the (sole )?owner\b|\b(do|does|will) not (claim|take|acquire|"
                 r"obtain) (any )?(ownership|title)\b|\bremains? (yours|your property)\b|\bowned by you\b")
_COMPANY_OWNS = _rx(r"\b(become|becomes|shall be|will be|is|are|remains?) (the )?(sole |exclusive )?(and exclusive )?property of\b|"
                    r"\b(become|becomes|shall be|will be|is|are) our (sole |exclusive )?property\b|\bownership (\w+ ){0,8}(held|vest\w*|"
                    r"belong\w*|remains?) (solely |exclusively )?(by|to|in|with)\b|\bwe (own|retain ownership of|shall own)\b|\byou (hereby )?"
                    r"(assign|transfer) (\w+ ){0,3}(rights?|title|ownership)\b")
_GRANT = _rx(r"\byou (hereby |also )?(grant|license)\b|\byou (hereby |also )?give\b[^.;]{0,80}\blicen[cs]e\b|"
             r"\b(by|when) (you )?(post|submit|upload|provid|send|shar)\w*[^.;]{0,100}\b(grant|licen[cs]e)")
_BROAD = _rx(r"\b(royalty[- ]free|perpetual|irrevocable|sub-?licens\w*|without (any )?(compensation|payment)|any (purpose|media)|"
             r"commerciali[sz]\w*|in any (manner|way))\b")


def _ownership(bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """UC-5: the user keeps ownership of what they provide and licenses it broadly ("1") or narrowly ("2"), or it becomes the
    company's ("0"); read wherever the bundle states it, usually the terms of use (DND, and a note, when it holds none)."""
    for i, s in enumerate(sentences):
        if not (_USER_CONTENT.search(s.text) and (_USER_OWNS.search(s.text) or _GRANT.search(s.text))):
            continue
        near = [t for t in sentences[i:i + 3] if t.cite_id == s.cite_id and (t is s or _GRANT.search(t.text) or _BROAD.search(t.text))]
        broad = [t for t in near if _BROAD.search(t.text)][:1]
        return Finding("1", list(dict.fromkeys([s] + broad))) if broad else Finding("2", [s], "no broad (royalty-free, perpetual) license")
    owns = [s for s in sentences if _USER_CONTENT.search(s.text) and _COMPANY_OWNS.search(s.text)][:1]
    if owns:
        return Finding("0", owns)
    if not any(s.document_kind == "terms_of_use" for s in sentences):
        return Finding("DND", [], "the bundle holds no terms of use, where this is usually stated", found=False)
    return Finding("DND", [], found=False)


_AUTOMATED = _rx(r"\b(automated (individual )?decision[- ]?making|automated decisions?|decisions? based solely on automated|profiling)\b")
_NO_AUTOMATED = _rx(r"\b(do|does|will) not (use|make|engage in|carry out|conduct|rely on) (\w+ ){0,2}(automated decision|profiling|"
                    r"decisions? based solely)")


def _automated(pattern: str, also: re.Pattern[str] | None = None) -> Callable[[Bundle, list[Sentence]], Finding]:
    """A GDPR question on automated decisions: "1" when a sentence states it, "." when the bundle says it makes none, else DND."""
    rx = _rx(pattern)

    def check(bundle: Bundle, sentences: list[Sentence]) -> Finding:
        hits = _first(sentences, rx, also)
        if hits:
            return Finding("1", hits)
        denied = _first(sentences, _NO_AUTOMATED)
        return Finding(".", denied[:1], "the bundle says it makes no automated decisions") if denied else Finding("DND", [], found=False)

    return check


@dataclass(frozen=True)
class Fact:
    """A checklist question answered by looking for a kind of statement (see module docstring)."""

    qid: str
    looks_for: str  # what the check looks for, shown in the row
    check: Callable[[Bundle, list[Sentence]], Finding]


FACTS: tuple[Fact, ...] = (
    Fact("K-1", "the terms of use name the privacy policy", _incorporated),
    Fact("N-9", "a provision letting the company change the policy or terms (a change-of-terms clause)",
         _present(r"\b(chang|modif|updat|revis|amend)\w* (\w+ ){0,3}(this|these|our|the) (privacy )?(policy|policies|statement|notice|terms)\b|"
                  r"\b(this|these|our|the) (privacy )?(policy|statement|notice|terms)( of (use|service))? (may|will|can|might) (\w+ ){0,2}be "
                  r"(changed|modified|updated|revised|amended)\b|\bchanges to (this|these|our|the) (privacy )?(policy|statement|notice|terms)\b")),
    Fact("CCPA-1", "where the California (CCPA) section lies", _ccpa_separate),
    Fact("SE-5", "notice to the user of requests from authorities", _government_notice),
    Fact("N-8", "a definition of \"affiliates\" or \"third parties\"", _definitions),
    Fact("E-8", "a privacy seal, certification or industry programme", _seal),
    Fact("GDPR-1", "the GDPR or a section for people in the EU",
         _present(r"\b(gdpr|general data protection regulation|european (union|economic area)|eea)\b")),
    Fact("E-7", "the FTC's complaint form or number", _present(r"\b(ftc|federal trade commission|ftc\.gov)\b", r"\bcomplain\w*")),
    Fact("E-1", "a way to contact the company with privacy questions or complaints",
         _present(r"\b(contact us|contact (the|our) (privacy|data protection)|e-?mail (us|our)|write to us|call us|send (us )?(an? )?"
                  r"(e-?mail|letter))\b|@\w+\.\w+", r"\b(privacy|question\w*|concern\w*|complain\w*|comment\w*|request\w*)\b")),
    Fact("SE-1", "a statement about data accuracy", _present(r"\b(data accuracy|accuracy of (your |the |any )?(personal )?(data|information))\b")),
    Fact("PBD-1", "a periodic review of security measures",
         _present(r"\b(regularly|periodically|routinely|annually|continually|from time to time) (\w+ ){0,2}(review|audit|assess|test|evaluat|monitor|updat)\w*",
                  r"\b(security|safeguards?|measures|controls|procedures|systems)\b")),
    Fact("N-12", "a short or layered notice (a summary of the key terms)",
         _present(r"\b(at a glance|in (brief|short|a nutshell)|key (points|terms|highlights)|highlights|quick (guide|summary)|short notice|"
                  r"layered|summary of (this|our) (privacy )?(policy|notice|statement))\b")),
    Fact("COVID-1", "terms on COVID-19, contact tracing or health tracking",
         _present(r"\b(covid(-?19)?|coronavirus|sars-cov-2|contact tracing|pandemic)\b")),
    Fact("CCPA-2", "that the California section applies only to California residents",
         _with_ccpa(r"\b(only|solely|exclusively)\b[^.;]{0,40}\b(to|for) (\w+ ){0,2}(california (residents?|consumers?)|residents of (the state of )?california)\b|"
                    r"\bappl(y|ies) (only|solely|exclusively) to (\w+ ){0,2}(california|visitors, users, and others who reside in the state of california)")),
    Fact("CCPA-8", "the categories of personal information sold in the past 12 months",
         _with_ccpa(r"\b(sold|sell|disclosed)\b", r"\b(12|twelve) months\b")),
    Fact("CCPA-9", "two ways to send a request (e-mail, phone, web form, mail)",
         _with_ccpa(r"\b(toll[- ]free|call us|phone|\d{3}[-. ]\d{3}[-. ]\d{4}|web ?form|online form|request form)\b",
                    r"\b(e-?mail|@\w+|mail|write|form|visit|online)\b")),
    Fact("GDPR-3", "that the GDPR terms apply only to people in the EU", _eu_only),
    Fact("SH-6", "links to third parties' own privacy policies",
         _present(r"\b(their|its|those|the third part\w*'?s?) (own |respective )?privacy (polic(y|ies)|notices?|statements?|practices)\b")),
    Fact("SE-2", "procedures to keep data accurate",
         _present(r"\b(accura\w*|up[- ]to[- ]date|complete and current)\b", r"\b(procedures?|steps|measures|efforts|processes|reasonabl\w*)\b")),
    Fact("N-7", "third-party recipients named", _named_recipients),
    Fact("CCPA-6", "a link or contact details for California requests in the California section", _california_contact),
    Fact("GDPR-4", "a right to object to processing, profiling or automated decisions",
         _automated(r"\b(right to object|object to (\w+ ){0,3}(processing|use|profiling)|not to be subject to (a )?decisions?|"
                    r"(opt[- ]?out of|object to) (\w+ ){0,2}(profiling|automated))\b")),
    Fact("GDPR-5", "information about the logic and effects of automated decisions",
         _automated(r"\b(logic involved|significance and (the )?(envisaged )?consequences|how (the|these|such|our) (decisions?|algorithms?|"
                    r"systems?) (are made|work)|meaningful information about)\b", _AUTOMATED)),
    Fact("CCPA-3", "which CCPA rights the California section explains", _ccpa_rights),
    Fact("CCPA-4", "a pointer to the California section from the general sections", _ccpa_pointer),
    Fact("UC-5", "who owns the content and information users provide (usually in the terms of use)", _ownership),
    Fact("PBD-2", "self-reporting of violations to a seal programme, an independent auditor or assessor",
         _present(r"\b(self[- ]?(assess|certif|audit)\w*|(verified|audited|assessed|reviewed|monitored) (\w+ ){0,2}by (an )?(independent|"
                  r"outside|external|(?:third|3rd)[- ]?party)|(independent|outside|external|(?:third|3rd)[- ]?party) (auditors?|assessors?|assessments?|audits?|"
                  r"verification|compliance reviews?)|(report|refer|submit)\w* (\w+ ){0,3}(violations?|breaches?|complaints?|incidents?|"
                  r"non-?compliance) (\w+ ){0,3}to (an? |the )?(independent|privacy seal|seal|(?:third|3rd)[- ]?party|dispute resolution))\b")),
)


def sentences_of(bundle: Bundle) -> list[Sentence]:
    """Every sentence of the bundle with its section's citation id and its document's kind (sections must be loaded)."""
    return [Sentence(s.cite_id, sent, d.kind) for d in bundle.documents for s in d.sections for sent in split_sentences(s.text)]
