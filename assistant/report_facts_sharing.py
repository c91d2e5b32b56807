"""Checklist rules about who receives personal information and for what: the same kind of :class:`~.report_facts.Fact`
as :mod:`report_facts` (a pattern over the sentences of every document, the option each outcome means, the sentence
quoted), for Marotta-Wurgler & Stein's questions on affiliates, service providers and other third parties (SH-1 to SH-5:
bound by this policy or a contract, vetted), on the consent asked before sharing with others than service providers
(SH-7), on what becomes of the data if the company is sold or goes bankrupt (UC-6), and on using it only for the purposes
stated (N-4, N-5).

A statement about recipients often names them in one sentence and binds them in the next ("We use contractors to ship
orders. They are required to keep your information confidential."), so a rule reads a sentence together with the one
before it in the same section. Silence is answered with the option the question has for it (DND, or "No" where the
question has none) and the lower confidence of an absence.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .models import Bundle
from .report_facts import Fact, Finding, Sentence, _rx

Check = Callable[[Bundle, list[Sentence]], Finding]


def _near(sentences: list[Sentence], who: re.Pattern[str], what: re.Pattern[str], unless: re.Pattern[str] | None = None,
          others: re.Pattern[str] | None = None) -> list[Sentence]:
    """Sentences stating ``what`` (and not ``unless``) about ``who``, named in the sentence or in the one before it in the
    same section, where ``others`` are named in neither."""
    out = []
    for i, s in enumerate(sentences):
        if not what.search(s.text) or (unless is not None and unless.search(s.text)):
            continue
        prev = sentences[i - 1].text if i and sentences[i - 1].cite_id == s.cite_id else ""
        if (who.search(s.text) or who.search(prev)) and not (others is not None and (others.search(s.text) or others.search(prev))):
            out.append(s)
    return out[:2]


_PROVIDERS = _rx(r"\b(service providers?|contractors?|sub-?contract\w*|vendors?|processors?|suppliers?|agents?|on (our|its) behalf|"
                 r"(perform|provid)\w* (\w+ ){0,2}(services|functions|tasks) (for|to) us)\b")
_THIRD = _rx(r"\b((?:third|3rd)[- ]?part(y|ies)|partners?|advertisers?|sponsors?|marketers?|other compan\w*|non-?affiliat\w*|unaffiliated|"
             r"outside (compan\w*|organi[sz]ations))\b")
_POLICY = r"(this|our|the same|these) (privacy )?(policy|statement|notice|practices)"
_BOUND = _rx(r"\b(bound by|subject to|abide by|adhere to|compl(y|ies) with|honou?r|follow|(are|is|be) (also )?(covered|governed) by)\b"
             r"[^.;]{0,40}\b" + _POLICY + r"\b")
#: Recipients that follow their own terms, or a policy that does not reach them.
_NOT_BOUND = _rx(r"\b(not|n't|never) (be )?(covered|governed|bound|subject)\b|\b" + _POLICY + r" (does not|doesn't|will not|won't) "
                 r"(apply|cover|govern)|\b(their|its|own|respective|the third part\w*'?s?|the company'?s?|partners'?) (own )?privacy "
                 r"(polic(y|ies)|notices?|statements?|practices)\b|\bprivacy (polic(y|ies)|statements?|notices?) of (the|that|those|such|each)\b|"
                 r"\b(not|n't) (\w+ ){0,2}(control|responsible|liable) (for|over) (\w+ ){0,2}(privacy|information|data) (practices|policies)\b")
#: A contract, a confidentiality duty or a limit on use imposed on the recipient.
_OBLIGED = _rx(r"\b((contractually|legally) )?(obligated|obliged|required|bound|committed|agreed?) (\w+ ){0,2}to (keep|maintain|protect|"
               r"safeguard|use|treat|hold|not|only|comply|abide|limit|restrict)|\b(under|subject to|pursuant to|bound by) (\w+ ){0,3}(contracts?|"
               r"contractual|confidentiality|non-?disclosure|nondisclosure)\b|\b(restrictions|limits) on how\b|\b(prohibited|not (permitted|"
               r"allowed|authori[sz]ed)) (from|to) (using|use|disclos\w*|shar\w*|sell\w*)\b|\brequires? (\w+ ){0,4}to (maintain|protect|keep|"
               r"use|limit|not)\b|\bconfidentiality\b")


def _providers_bound(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """SH-2: service providers are bound by contract, confidentiality or this policy; "0" when they follow their own terms."""
    if not any(_PROVIDERS.search(s.text) for s in sentences):
        return Finding("DND", [], "the bundle does not speak of service providers", found=False)
    hits = _near(sentences, _PROVIDERS, _rx(_BOUND.pattern + "|" + _OBLIGED.pattern), unless=_NOT_BOUND)
    if hits:
        return Finding("1", hits)
    own = [s for s in sentences if _PROVIDERS.search(s.text) and _NOT_BOUND.search(s.text)][:1]
    return Finding("0", own, "service providers follow their own terms") if own else Finding("DND", [], found=False)


_DILIGENCE = _rx(r"\b(carefully (select|choose|vet|screen|evaluat)\w*|due diligence|vet(ted|ting)|screen(ed|ing) (\w+ ){0,2}(partners|vendors|"
                 r"providers|third)|(select|choose) (\w+ ){0,3}(partners|providers|vendors|companies|third parties) (that|who|which) (\w+ ){0,3}"
                 r"(protect|safeguard|commit|agree|share our|meet|adhere|maintain)|(assess|review|evaluat|audit|monitor)\w* (\w+ ){0,3}(their|the) "
                 r"(security|privacy|data protection) (practices|measures|standards|controls|policies))\b")


def _diligence(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """SH-4: the company vets or audits the third parties (or providers) that get the data."""
    hits = _near(sentences, _rx(_THIRD.pattern + "|" + _PROVIDERS.pattern), _DILIGENCE)
    return Finding("1", hits) if hits else Finding("DND", [], found=False)


_LEGAL = _rx(r"\b(law|legal|subpoena|court|government\w*|authorit\w*|police|merger|acqui\w*|bankrupt\w*)\b")


def _third_contract(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """SH-5: a contract limits how third parties other than service providers may use what they receive."""
    hits = _near(sentences, _THIRD, _OBLIGED, unless=_LEGAL, others=_PROVIDERS)
    return Finding("1", hits) if hits else Finding("DND", [], found=False)


_DEAL = _rx(r"\b(merg(er|ed|es|ing)|acquisition|acquired by|(is|are|be|being|gets?) acquired|acquires? (us|all|some|\w+ of)|bankrupt\w*|insolven\w*|reorgani[sz]ation|"
            r"dissolution|dissolved|liquidat\w*|sale of (all|some|substantially|the|our|a|any) |(sells?|sold|transfer\w*) (\w+ ){0,4}(business|"
            r"assets|compan\w*)|change (of|in) (control|ownership)|business transfers?|successor)")
_CHOICE = _rx(r"\b(opt[- ]?out|(opportunity|option) to|choices?|choose|(ask for|obtain|seek|request) your (consent|permission)|without your "
              r"(prior )?(consent|permission))\b")
_DESTROY = _rx(r"\b(destroy\w*|delet\w*|eras\w*|anonymi[sz]\w*|de-?identif\w*|purg\w*)\b")
_CONTINUED = _rx(r"\b(subject to|bound by|honou?r|abide by|in accordance with|consistent with|continue to (be )?(protect|govern|appl|be subject)\w*|"
                 r"assume|comply with|remain subject)\b[^.;]{0,60}\b(this|our|the) (privacy )?(policy|statement|notice|commitments|promises|"
                 r"terms)\b|\b(use|treat) (it|your (personal )?information|such information) (in a manner )?consistent with\b")
_TRANSFER = _rx(r"\b(transfer\w*|sold|sell|assign\w*|disclos\w*|shar\w*|pass\w* (on|to)|assets?|included)\b")


def _acquisition(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """UC-6: on a sale, merger or bankruptcy the data goes with the company ("0"), stays under this policy ("1"), is destroyed
    ("2"), or the user chooses ("3")."""
    about = [s for s in sentences if _DEAL.search(s.text)]
    if not about:
        return Finding("DND", [], "the bundle says nothing of a merger, sale or bankruptcy", found=False)
    for option, rx in (("3", _CHOICE), ("2", _DESTROY), ("1", _CONTINUED)):
        hits = [s for s in about if rx.search(s.text)][:2] or (_near(sentences, _DEAL, rx) if option == "1" else [])
        if hits:  # "…may be among the assets transferred. The buyer will remain bound by this policy.": the next sentence
            return Finding(option, hits)
    hits = [s for s in about if _TRANSFER.search(s.text)][:2]
    return Finding("0", hits) if hits else Finding("DND", [], found=False)


_LIMIT = (r"\b(only|solely|exclusively|strictly)\b[^.;]{0,50}\b(for (its|the|their) (intended|stated|specified|original|limited) purposes?|"
          r"(for|to) the purposes? (for which|that|you|described|stated|disclosed|identified|specified|set (out|forth)|outlined|listed|explained))|"
          r"\bfor no other purposes?\b|\bnot (\w+ ){0,4}for any (other|unrelated) purposes?\b|\bpurpose other than\b")
#: N-4: only for running the service, internally; N-5: only for the purposes stated (both: "for no other purpose").
_INTERNAL = _rx(_LIMIT + r"|\b(only|solely|exclusively|strictly)\b[^.;]{0,40}\b(internal(ly)?|(our )?(own )?business purposes|to (provide|deliver|"
                r"operate|fulfil+|process|complete|administer|respond)|for (the )?(provision|operation|administration) of)\b|"
                r"\b(for|to) (our )?internal (business )?(purposes|use|operations)\b")
_STATED = _rx(_LIMIT)
_RETENTION = _rx(r"\b(keep|kept|retain\w*|stor(e|ed|age)|as long as)\b")
#: Terms that allow more: selling the data or giving it to others for their own marketing (and not denied in the sentence).
_MORE = _rx(r"\b(for their own (direct )?(marketing|purposes|use)|(sell|rent|trade)s? (\w+ ){0,3}(personal|your) (\w+ )?information)\b")
_DENIED = _rx(r"\b(not|never|no|unless|without|opt[- ]?out|choose|consent|prohibit\w*|forbid\w*|cannot)\b")


def _purposes(commitment: re.Pattern[str]) -> Check:
    """N-4 / N-5: a commitment to use personal information only for such purposes ("1"); "2" when other terms allow more."""

    def check(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
        hits = [s for s in sentences if commitment.search(s.text) and not _RETENTION.search(s.text)][:2]  # not how long it is kept
        if not hits:
            return Finding("0", [], found=False)
        more = [s for s in sentences if _MORE.search(s.text) and not _DENIED.search(s.text)][:1]
        return Finding("2", hits[:1] + more, "other terms allow more") if more else Finding("1", hits)

    return check


_AFFILIATES = _rx(r"\b(affiliat(es?|ed (companies|entities|businesses))|subsidiar(y|ies)|(corporate|our) family|family of (\w+ )?compan\w*|"
                  r"group of companies|related (companies|entities)|sister compan\w*|parent (company|corporation)|companies under common control)\b")
_NON_AFFILIATES = _rx(r"\b(non-?|un)affiliat\w*|\bnot (\w+ ){0,2}affiliated\b")
#: The policy is the affiliates' own: "X and its subsidiaries (collectively, "we")", "applies to X and its affiliates".
_COVERS_AFFILIATES = _rx(r"\b(affiliates|subsidiaries)\b[^.;]{0,40}\b(collectively|together)\b|\b" + _POLICY + r"\b[^.;]{0,40}\b(appl(y|ies)|"
                         r"covers?|governs?|is provided|describes)\b[^;]{0,160}\b(and|or) (its|their|our|the) (\w+ ){0,2}(affiliates|subsidiaries)\b|"
                         r"\b(affiliates|subsidiaries)\b[^.;]{0,60}\b(have|has) adopted\b|\bon behalf of\b[^.;]{0,60}\b(and|its) (\w+ ){0,2}affiliates\b")
_SAME_PURPOSES = _rx(r"\b(for (the|these) (same )?purposes (described|set (out|forth)|stated|outlined) (in|above)|(consistent|in accordance) with "
                     + _POLICY + r")")


#: What a sentence binds is no recipient: a dispute "subject to this policy", data that comes to us "governed by this policy".
_INBOUND = _rx(r"\bdisputes?\b|\b(provides?|sends?|shares?|gives?|passe?s?) (\w+ ){0,3}to us\b|\bwe (receive|obtain|collect)\w*\b")


def _affiliates_bound(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """SH-1: affiliates are bound by this policy (it is theirs too: "X and its subsidiaries (collectively, "we")"), a contract
    or confidentiality ("1"); "0" when they follow their own policies; DND otherwise, silence about affiliates included."""
    if not any(_AFFILIATES.search(s.text) and not _NON_AFFILIATES.search(s.text) for s in sentences):
        return Finding("DND", [], "the bundle does not speak of affiliates or subsidiaries", found=False)
    covered = [s for s in sentences if _COVERS_AFFILIATES.search(s.text) and not _NON_AFFILIATES.search(s.text)][:1]
    hits = covered or _near(sentences, _AFFILIATES, _rx(_BOUND.pattern + "|" + _OBLIGED.pattern + "|" + _SAME_PURPOSES.pattern),
                            unless=_rx(_NOT_BOUND.pattern + "|" + _NON_AFFILIATES.pattern + "|" + _INBOUND.pattern))
    if hits:
        return Finding("1", hits)
    own = [s for s in sentences if _AFFILIATES.search(s.text) and _NOT_BOUND.search(s.text) and not _NON_AFFILIATES.search(s.text)][:1]
    return Finding("0", own, "affiliates follow their own policies") if own else Finding("DND", [], found=False)


#: Third parties other than service providers: the recipients SH-3 and SH-7 are about.
_OTHERS = _rx(_THIRD.pattern + r"|\b(compan(y|ies)|organi[sz]ations|businesses|parties) (outside|other than)\b|\boutside (parties|"
              r"organi[sz]ations)\b|\bothers\b")


#: Other companies' own terms: "governed by Facebook's privacy policy", "follow our policy or display their own".
_OWN_TERMS = _rx(_NOT_BOUND.pattern + r"|\bgoverned by (the |a )?(\w+'s?|(?:third|3rd)[- ]?part\w*'?s?|relevant|their|its|that|those) (\w+ )?(own )?privacy "
                 r"(polic|statement|notice)|\bor (\w+ ){0,2}their own\b|\b(its|their) own (privacy )?polic(y|ies)\b|"
                 r"\bin no way (subject|bound|covered|governed)\b")


#: Other companies, however named: "third-party websites", "those sites", "the company providing it", "these entities".
_ELSEWHERE = _rx(_OTHERS.pattern + r"|\b(web ?sites?|sites|compan(y|ies)|entities|services|features|apps|applications|platforms?|advertis\w*|"
                 r"networks?|[A-Z]\w+'s)\b")


def _third_bound(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """SH-3: third parties are bound by this policy ("1"), or follow their own policies, which this one does not cover ("0")."""
    if not any(_THIRD.search(s.text) for s in sentences):
        return Finding("DND", [], "the bundle does not speak of third parties", found=False)
    hits = _near(sentences, _THIRD, _BOUND, unless=_rx(_OWN_TERMS.pattern + "|" + _INBOUND.pattern), others=_PROVIDERS)
    if hits:
        return Finding("1", hits)
    own = [s for s in sentences if _OWN_TERMS.search(s.text) and _ELSEWHERE.search(s.text) and not _AFFILIATES.search(s.text)][:1]
    return Finding("0", own, "third parties follow their own policies") if own else Finding("DND", [], found=False)


_SHARE = (r"\b(shar(e|es|ed|ing)|disclos(e|es|ed|ing|ure)|provid(e|es|ed|ing)|transfer\w*|sell\w*|sold|rent(s|ed|ing)?|pass(ed|ing)? (on|along)|"
          r"releas(e|ed|ing)|trad(e|ed|ing)|swap\w*|giv(e|en|ing))\b")
#: "Except as described in this policy, we will not share … without your consent": the sharing described needs none.
_EXCEPT = _rx(r"\b(except|other than|save) (as|for|where|those|in) (\w+ ){0,3}(described|noted|set (forth|out)|stated|provided|disclosed|"
              r"outlined|explained|above|below|herein|foregoing)")
_OPT_OUT_SHARING = _rx(r"\bopt(ing)?[- ]?out of (\w+ ){0,4}" + _SHARE + r"|\b(do not|don't|no longer) (want|wish) (\w+ ){0,6}(to be )?" + _SHARE +
                       r" (with|to|for)\b|\b(request|ask|direct|tell) (that )?(us|we|\w+) (\w+ ){0,4}not (to )?(" + _SHARE + r"|allow|permit)|"
                       r"\b(choose|elect) not to " + _SHARE + r"|\b(opportunity|option|choice) to (choose not to|opt[- ]?out|decline)\b")
_OPT_IN_SHARING = _rx(r"\bopt[- ]?in\b|\b(affirmative|express|explicit|prior|opt-in) (written )?(consent|permission|authori[sz]ation)\b|"
                      r"\bonly (\w+ ){0,6}(with|after|if|when|upon) (you|your) (\w+ ){0,2}(consent|permission|opt|agree|authori[sz]\w*|approv\w*)|"
                      r"\b(not|never) (\w+ ){0,4}" + _SHARE + r"[^.;]{0,120}\b(without|unless) (first )?(\w+ ){0,2}(your|you) (\w+ ){0,2}(consent|"
                      r"permission|authori[sz]ation|approval|agree|opt)")
_SHARES = _rx(_SHARE)
_CHILDREN = _rx(r"\b(child\w*|minors?|parent\w*|guardian|under (the age of )?1[3-8])\b")


def _consent_to_share(_bundle: Bundle, sentences: list[Sentence]) -> Finding:
    """SH-7: how the user consents to sharing with others than service providers: an opt-out offered ("1"), an opt-in
    required ("2"), else "0" (mandatory or not disclosed). An opt-out of ad networks' targeting (the NAI's page) is no
    consent to the company's sharing, and a consent promise "except as described in this policy" leaves the sharing
    described needing none."""
    about = [s for s in sentences if not _CHILDREN.search(s.text)]
    out = _near(about, _rx(_OTHERS.pattern + "|" + _AFFILIATES.pattern), _OPT_OUT_SHARING)
    if out:
        return Finding("1", out)
    opt_in = [s for s in _near(about, _OTHERS, _OPT_IN_SHARING, unless=_EXCEPT, others=_PROVIDERS) if _SHARES.search(s.text)]
    return Finding("2", opt_in) if opt_in else Finding("0", [], found=False)


FACTS: tuple[Fact, ...] = (
    Fact("SH-1", "affiliates bound by this policy, a contract or confidentiality", _affiliates_bound),
    Fact("SH-2", "service providers bound by contract, confidentiality or this policy", _providers_bound),
    Fact("SH-3", "third parties bound by this policy", _third_bound),
    Fact("SH-4", "the vetting of third parties that receive data (due diligence)", _diligence),
    Fact("SH-5", "contracts limiting what third parties (not service providers) may do with the data", _third_contract),
    Fact("SH-7", "the consent asked before sharing with others than service providers (opt-in, opt-out)", _consent_to_share),
    Fact("UC-6", "what becomes of the data in a sale, merger or bankruptcy", _acquisition),
    Fact("N-4", "a commitment to use personal information only internally, to run the service", _purposes(_INTERNAL)),
    Fact("N-5", "a commitment to use personal information only for the purposes stated", _purposes(_STATED)),
)
