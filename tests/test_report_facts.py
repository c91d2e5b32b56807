"""The checklist rules added for the questions the card used to leave "not assessed": each finds its kind of statement in a
small synthetic bundle, answers silence with the question's own option for it, and only ever answers upstream options."""

from __future__ import annotations

from typing import Any

import pytest

from assistant import report, report_facts, report_facts_sharing
from assistant.models import Bundle, Document, Section

FACTS = {f.qid: f for f in report_facts.FACTS + report_facts_sharing.FACTS}
NEW = ("CCPA-6", "GDPR-4", "GDPR-5", "PBD-2", "SH-2", "SH-4", "SH-5", "UC-6", "N-4", "N-5", "SH-1", "SH-3", "SH-7", "UC-5", "CCPA-3",
       "CCPA-4")
SILENT = ("privacy_policy", "We collect your name and email address when you register.\n\nWe use cookies to remember your settings.")


def _bundle(*docs: tuple[str, str]) -> Bundle:
    """Documents of (kind, text); each paragraph a section."""
    out = Bundle(name="b", company="Acme")
    for kind, text in docs:
        abbrev = {"privacy_policy": "PP", "terms_of_use": "TOU", "regional_notice": "RN"}[kind]
        doc = Document(title=kind, kind=kind, source="", text=text, abbrev=abbrev)
        doc.sections = [Section(cite_id=f"{abbrev} §{j + 1}", heading_path=[], text=para, start=0, end=len(para))
                        for j, para in enumerate(text.split("\n\n"))]
        out.documents.append(doc)
    return out


def answer(qid: str, *docs: tuple[str, str]) -> Any:
    bundle = _bundle(*docs)
    return FACTS[qid].check(bundle, report_facts.sentences_of(bundle))


def policy(text: str) -> tuple[str, str]:
    return ("privacy_policy", text)


@pytest.mark.fast
def test_every_new_rule_answers_silence_with_the_questions_option_for_it() -> None:
    bank = report.questions()
    silence = {"CCPA-6": ".", "GDPR-4": "DND", "GDPR-5": "DND", "PBD-2": "0", "SH-2": "DND", "SH-4": "DND", "SH-5": "DND",
               "UC-6": "DND", "N-4": "0", "N-5": "0", "SH-1": "DND", "SH-3": "DND", "SH-7": "0", "UC-5": "DND", "CCPA-3": ".", "CCPA-4": "."}
    for qid in NEW:
        found = answer(qid, SILENT)
        assert (found.option, found.found, found.quotes) == (silence[qid], False, []), qid
        assert found.option in {o["label"] for o in bank[qid]["options"]}, qid


@pytest.mark.fast
def test_sharing_rules_read_contracts_vetting_and_limits_on_recipients() -> None:
    # SH-2: named in one sentence, bound in the next of the same section
    bound = answer("SH-2", policy("We use service providers to ship your orders. They are contractually obligated to keep your "
                                  "information confidential."))
    assert bound.option == "1" and "contractually obligated" in bound.quotes[0].text
    own = answer("SH-2", policy("Our payment processors handle card data under their own privacy policies."))
    assert own.option == "0" and own.found
    assert answer("SH-2", policy("We use service providers to ship your orders.")).option == "DND"
    # SH-4: due diligence on the recipients
    assert answer("SH-4", policy("We carefully select the partners and vendors who receive your information.")).option == "1"
    assert answer("SH-4", policy("We share your information with partners.")).option == "DND"
    # SH-5: a contract with third parties that are not service providers; a legal disclosure is not one
    assert answer("SH-5", policy("We may disclose your email to marketing partners, who are prohibited from using it for any other "
                                 "purpose.")).option == "1"
    assert answer("SH-5", policy("Our service providers are contractually obligated to protect your data.")).option == "DND"
    assert answer("SH-5", policy("We may be required to disclose information to third parties to comply with the law.")).option == "DND"


@pytest.mark.fast
def test_a_sale_of_the_company_reads_what_becomes_of_the_data() -> None:
    sold = "If we are involved in a merger or acquisition, your personal information may be among the assets transferred."
    assert answer("UC-6", policy(sold)).option == "0"
    kept = answer("UC-6", policy(sold + " The buyer will remain subject to this Privacy Policy with respect to that information."))
    assert kept.option == "1" and "remain subject" in kept.quotes[0].text
    assert answer("UC-6", policy("In a bankruptcy, we will delete the personal information we hold.")).option == "2"
    assert answer("UC-6", policy("If the company is acquired, you will be given the opportunity to opt out of the transfer.")).option == "3"
    assert answer("UC-6", policy("We sell gift cards in our stores.")).option == "DND"  # no deal: a sale of goods is not one


@pytest.mark.fast
def test_purpose_limits_and_the_terms_that_allow_more() -> None:
    internal = policy("We use your information only to provide and operate the service you requested.")
    assert answer("N-4", internal).option == "1" and answer("N-5", internal).option == "0"  # internal, not "the purposes stated"
    stated = policy("We will only use the personal information you provide for the purposes described in this policy.")
    assert answer("N-5", stated).option == "1" and answer("N-4", stated).option == "1"
    more = answer("N-5", stated, policy("We may share your email with partners for their own marketing purposes."))
    assert more.option == "2" and len(more.quotes) == 2 and more.note == "other terms allow more"
    denied = policy("We will only use the personal information you provide for the purposes described in this policy.\n\n"
                    "We never share your email with partners for their own marketing purposes.")
    assert answer("N-5", denied).option == "1"
    kept = policy("We keep personal information only for as long as we need it for the purposes described in this policy.")
    assert answer("N-5", kept).option == "0" and answer("N-4", kept).option == "0"  # how long it is kept, not what it is used for


@pytest.mark.fast
def test_california_gdpr_and_self_reporting_rules() -> None:
    # CCPA-6: a link in the California section, contact details there, or none there
    link = ("regional_notice", "California residents may request the categories of information we collected. To make a request, "
                               "visit our online request form at https://acme.example/ccpa.")
    assert answer("CCPA-6", SILENT, link).option == "2"
    mail = ("regional_notice", "California residents may request a list of our disclosures. Send your request to privacy@acme.example.")
    assert answer("CCPA-6", SILENT, mail).option == "1"
    notice = ("regional_notice", "This notice applies to California residents.\n\nWe collect identifiers such as your email address.\n\n"
                                 "To make a request, call us toll-free at 1-800-555-0100.")
    found = answer("CCPA-6", SILENT, notice)  # a notice of its own is the California section throughout
    assert found.option == "1" and found.quotes[0].cite_id == "RN §3"
    elsewhere = answer("CCPA-6", policy("Your California privacy rights: you may ask what we shared for direct marketing.\n\n"
                                        "Contact us at privacy@acme.example."))
    assert elsewhere.option == "0" and not elsewhere.found  # the contact details are in another section
    # GDPR-4 / GDPR-5: the right to object; the logic of automated decisions; "." when none are made
    assert answer("GDPR-4", policy("You have the right to object to the processing of your personal data.")).option == "1"
    logic = policy("Where we use automated decision-making, we explain the logic involved and its envisaged consequences.")
    assert answer("GDPR-5", logic).option == "1"
    assert answer("GDPR-5", policy("We explain the logic involved in our pricing.")).option == "DND"  # not about automated decisions
    none = answer("GDPR-4", policy("We do not use automated decision-making or profiling."))
    assert none.option == "." and none.found
    # PBD-2: self-reporting to an outside body
    assert answer("PBD-2", policy("Our compliance with this policy is verified by an independent third-party auditor each year.")).option == "1"
    assert answer("PBD-2", policy("We self-assess our compliance with these principles annually.")).option == "1"


def terms(text: str) -> tuple[str, str]:
    return ("terms_of_use", text)


@pytest.mark.fast
def test_silence_on_ownership_and_california_says_why() -> None:
    assert answer("UC-5", SILENT).note == "the bundle holds no terms of use, where this is usually stated"
    assert answer("UC-5", SILENT, terms("You must be 18 to use the Services.")).note == ""  # the terms are there and say nothing
    for qid in ("CCPA-3", "CCPA-4"):
        assert answer(qid, SILENT).note == "no California or CCPA section in this bundle"
        law = answer(qid, policy("These Terms are governed by the laws of California."))  # a governing law is no California section
        assert (law.option, law.note) == (".", "no California or CCPA section in this bundle")
        shine = answer(qid, policy("Your California Privacy Rights: California residents may request a list of the categories of "
                                   "personal information we disclosed to third parties for their direct marketing purposes."))
        assert shine.option == "." and "not the CCPA" in shine.note  # a 2015 "Shine the Light" section explains no CCPA right


RIGHTS = ("California residents have the right to know the categories of personal information we have collected about them. "
          "You may also request a copy of the specific pieces of personal information we hold. You may ask us to delete your "
          "personal information. We do not sell personal information. We will not discriminate against you for exercising these rights.")


@pytest.mark.fast
def test_the_california_section_is_read_for_the_ccpa_rights_and_pointed_to() -> None:
    full = answer("CCPA-3", SILENT, ("regional_notice", RIGHTS))
    assert full.option == "1" and full.found and len(full.quotes) == 5 and all(q.cite_id == "RN §1" for q in full.quotes)
    some = answer("CCPA-3", policy("Notice to California residents: under the CCPA you may ask us to delete your personal information."))
    assert some.option == "2" and "the categories collected" in some.note and "no discrimination" in some.note
    none = answer("CCPA-3", policy("Notice to California residents: we comply with the California Consumer Privacy Act."))
    assert none.option == "0" and none.found  # a CCPA section that explains no right
    pointer = "If you are a California resident, please see our California Privacy Notice for your rights."
    assert answer("CCPA-4", policy("We collect your email address.\n\n" + pointer), ("regional_notice", RIGHTS)).option == "1"
    notice_only = answer("CCPA-4", SILENT, ("regional_notice", RIGHTS))
    assert notice_only.option == "0" and notice_only.note == "no other section points California residents to it"
    inside = answer("CCPA-4", policy("California residents: see below. " + RIGHTS))  # the section's own opening is no pointer
    assert inside.option == "0"


@pytest.mark.fast
def test_ownership_of_what_users_post_is_read_from_the_terms_or_the_policy() -> None:
    broad = answer("UC-5", SILENT, terms("You retain ownership of the content you post. You grant Acme a worldwide, perpetual, "
                                         "irrevocable, royalty-free and sublicensable license to use it."))
    assert broad.option == "1" and len(broad.quotes) == 2 and broad.quotes[1].text.startswith("You grant")
    narrow = answer("UC-5", SILENT, terms("You keep ownership of the photos you upload; you grant us a license to display them only "
                                          "to run the Services."))
    assert narrow.option == "2" and narrow.note == "no broad (royalty-free, perpetual) license"
    ours = answer("UC-5", SILENT, terms("Any feedback or materials you submit to Acme shall become the sole property of Acme."))
    assert ours.option == "0" and ours.found
    assert answer("UC-5", SILENT, terms("The Services, including text and software, are the property of Acme.")).option == "DND"  # not users'
    in_policy = answer("UC-5", policy("Ownership of any information you provide us will be held solely by Acme."))
    assert in_policy.option == "0" and in_policy.quotes[0].cite_id == "PP §1"  # stated in the policy: no terms needed


@pytest.mark.fast
def test_affiliates_and_third_parties_bound_by_this_policy() -> None:
    assert answer("SH-1", policy('Acme Inc. and its subsidiaries (collectively, "we") operate this site.')).option == "1"
    assert answer("SH-1", policy("We may share data with our affiliates. They are required to follow this Privacy Policy.")).option == "1"
    own = answer("SH-1", policy("Our affiliates handle your data under their own privacy policies."))
    assert own.option == "0" and own.found
    assert answer("SH-1", policy("We may share your information with our affiliates.")).option == "DND"
    assert answer("SH-1", policy("We never sell data to unaffiliated companies.")).note == "the bundle does not speak of affiliates or subsidiaries"
    assert answer("SH-3", policy("Our marketing partners are bound by this Privacy Policy.")).option == "1"
    linked = answer("SH-3", policy("We share data with third parties. Third-party websites are governed by their own privacy policies."))
    assert linked.option == "0" and "their own" in linked.quotes[0].text
    dispute = policy("We share data with third parties. Any dispute with us is subject to this Privacy Policy.")
    assert answer("SH-3", dispute).option == "DND"  # a dispute, not a recipient, is what the sentence binds
    assert answer("SH-3", policy("Our service providers are bound by this Privacy Policy.")).option == "DND"  # SH-2's question


@pytest.mark.fast
def test_the_consent_asked_before_sharing_with_others() -> None:
    out = answer("SH-7", policy("You may opt out of our sharing of your information with third parties for their marketing."))
    assert out.option == "1" and out.found
    asked = policy("We will not share your personal information with third parties for their marketing without your express consent.")
    assert answer("SH-7", asked).option == "2"
    assert answer("SH-7", policy("We use an opt-in standard for sharing personal information with outside companies.")).option == "2"
    excepted = policy("Except as described in this policy, we will not share your information with third parties without your consent.")
    assert answer("SH-7", excepted).option == "0"  # the sharing the policy describes needs no consent
    ads = policy("Third-party ad networks may use cookies. You may opt out of interest-based advertising at aboutads.info.")
    assert answer("SH-7", ads).option == "0"  # a targeting opt-out is no consent to the company's sharing
    child = policy("We will not share a child's information with third parties without parental consent.")
    assert answer("SH-7", child).option == "0"


@pytest.mark.fast
def test_a_rule_is_measured_against_the_majority_option_of_the_other_sites() -> None:
    from eval import card_coders

    choices = {("a.com", "SH-4"): [{"DND"}, {"DND"}], ("b.com", "SH-4"): [{"DND"}, {"DND"}], ("c.com", "SH-4"): [{"1"}, {"1"}, {"1"}],
               ("d.com", "SH-4"): [{"1"}, {"DND"}], ("x.com", "SH-4"): [{"1"}]}  # x.com is not a compared site
    # a, b: the others chose "1" 4 to 3, wrong; c: the others chose DND 5 to 1, wrong; d: DND 4 to 3, one of its coders' two
    assert card_coders.majority_baseline({"a.com", "b.com", "c.com", "d.com"}, choices) == {"SH-4": {"n": 4, "agreement": 0.25}}


@pytest.mark.fast
def test_change_of_terms_clause_is_looked_for():
    from assistant.report_facts import FACTS, Sentence

    fact = next(f for f in FACTS if f.qid == "N-9")
    found = fact.check(None, [Sentence("PP §9", "We may update this Privacy Policy from time to time.", "privacy_policy")])  # type: ignore[arg-type]
    assert found.option == "1" and found.quotes
    silent = fact.check(None, [Sentence("PP §1", "We collect your name and e-mail address.", "privacy_policy")])  # type: ignore[arg-type]
    assert silent.option == "0" and not silent.found
