"""The checklist rules added for the questions the card used to leave "not assessed": each finds its kind of statement in a
small synthetic bundle, answers silence with the question's own option for it, and only ever answers upstream options."""

from __future__ import annotations

from typing import Any

import pytest

from assistant import report, report_facts, report_facts_sharing
from assistant.models import Bundle, Document, Section

FACTS = {f.qid: f for f in report_facts.FACTS + report_facts_sharing.FACTS}
NEW = ("CCPA-6", "GDPR-4", "GDPR-5", "PBD-2", "SH-2", "SH-4", "SH-5", "UC-6", "N-4", "N-5")
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
               "UC-6": "DND", "N-4": "0", "N-5": "0"}
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


@pytest.mark.fast
def test_a_rule_is_measured_against_the_majority_option_of_the_other_sites() -> None:
    from eval import card_coders

    choices = {("a.com", "SH-4"): [{"DND"}, {"DND"}], ("b.com", "SH-4"): [{"DND"}, {"DND"}], ("c.com", "SH-4"): [{"1"}, {"1"}, {"1"}],
               ("d.com", "SH-4"): [{"1"}, {"DND"}], ("x.com", "SH-4"): [{"1"}]}  # x.com is not a compared site
    # a, b: the others chose "1" 4 to 3, wrong; c: the others chose DND 5 to 1, wrong; d: DND 4 to 3, one of its coders' two
    assert card_coders.majority_baseline({"a.com", "b.com", "c.com", "d.com"}, choices) == {"SH-4": {"n": 4, "agreement": 0.25}}
