"""The verdict reader on kinds of question met in the thirty-second session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, verdict

from assistant.intent import read_question
from assistant.objects import count_named


def test_taking_a_complaint_past_the_company():
    q = "If the company blows off my privacy complaint, is there anyone else I can go to?"
    assert read_question(q).practice == "escalate"
    v = verdict(q, "If you are not satisfied with our response you can contact TRUSTe here.", *FILLER)
    assert v.stance == "yes"
    v = verdict(q, "If you believe that we have not responded to your inquiry or your inquiry has not been satisfactorily addressed, "
                   "please contact ESRB at privacy@esrb.org.", *FILLER)
    assert v.stance == "yes"
    # a policy naming no outside body says nothing of it (a contact address is no one else to go to)
    assert verdict(q, "If you have questions about this policy, please contact us at privacy@example.com.", *FILLER).stance == "not_stated"


def test_a_european_taking_a_complaint_asks_no_transfer_abroad():
    q = "I'm in Europe - if the company ignores my privacy complaint is there anyone independent I can take it to?"
    assert read_question(q).practice == "escalate"
    v = verdict(q, "Under the Safe Harbor program, any unresolved privacy complaints can be referred to an independent dispute resolution "
                   "mechanism in the EU.", *FILLER)
    assert v.stance == "yes"
    assert read_question("I live in France. If I have a privacy dispute with them, can I take it to my local data protection authority?").practice == "escalate"


def test_a_say_in_a_transfer_is_a_way_out():
    q = "If the company gets sold again, do I get any say over my data going to the new owner?"
    assert read_question(q).practice == "opt_out"
    t = one_section("If we are acquired by or merged with another company, your information may be transferred to the new owner.",
                    "If we believe a transfer results in a material change in the use of the information we've collected or received about "
                    "you, you will be given the opportunity to opt out of the transfer.", *FILLER)
    v = decide_over(t, q, relevance=0.3)
    assert v.stance == "yes" and "opt out" in v.support[0].sentence


def test_a_notice_continuing_a_merger_sentence_is_on_point():
    t = one_section("If we become involved in a merger, acquisition or other transaction involving the sale of some or all of our assets, "
                    "user information could be included in the transferred assets.",
                    "Should such an event occur, we will use reasonable means to notify you, either through email and/or a prominent notice "
                    "on the Site.", *FILLER)
    q = "if the company gets bought out will i get a heads up about what happens to my data?"
    v = decide_over(t, q, relevance=0.2)
    assert v.stance == "yes" and "notify you" in v.support[0].sentence
    # ("at least" is no object the answer must name)
    assert not read_question("What happens to my account data if the company gets bought out - would they at least tell me?").object_terms


def test_the_rest_of_the_company_is_its_affiliates():
    for q in ("Does the company share my info with the rest of the company, like ESPN or Marvel?",
              "Will the company share my info with Monster and its other companies?"):
        assert "affili" in read_question(q).object_terms
    assert count_named({"affili"}, "Other members of The Walt Disney Family of Companies may have access to your information.") == 1
    v = verdict("Does the company share my info with the rest of the company, like ESPN or Marvel?",
                "Other members of The Walt Disney Family of Companies may have access to your information where they perform services "
                "on our behalf.", *FILLER)
    assert v.stance == "yes"
    # (a user's own family is no family of companies)
    assert count_named({"affili"}, "You may share your account with your family.") == 0
