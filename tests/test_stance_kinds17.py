"""The verdict reader on kinds of question met in the seventeenth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.intent import read_question
from assistant.objects import count_named


def test_data_shipped_overseas_is_a_transfer_abroad():
    intent = read_question("is my account info kept here or shipped offshore?")
    assert "transfer_abroad" in intent.practices and "ship" not in intent.object_terms


def test_the_party_named_in_the_asking_clause_receives():
    intent = read_question("when they email me deals from other stores, do those stores get my phone number?")
    assert intent.practice == "share" and {"phone", "number"} <= intent.object_terms
    intent = read_question("do the marketing agencies they work with find out what I bought?")
    assert intent.practice == "share" and not {"agenc", "work", "market"} & intent.object_terms
    v = verdict("when they email me offers from partner brands, do those brands get my name and address?",
                "When we send you offers on behalf of other businesses, we never give that business your name and address.", *FILLER)
    assert v.stance == "no"


def test_a_number_of_another_kind_is_not_the_number_asked():
    assert count_named({"phone", "number"}, "we pass the full credit card number to the processor") == 0
    assert count_named({"phone", "number"}, "your telephone number") >= 1
    assert count_named({"card", "number"}, "the last four digits of your card number") == 2


def test_usage_information_is_browsing_data():
    v = verdict("do they give my browsing data to other companies for ads?",
                "Your Usage Information may be disclosed to third parties for marketing and advertising purposes.", *FILLER)
    assert v.stance == "yes"


def test_stats_are_aggregate_data_and_trading_is_exchanging():
    v = verdict("do they sell stats about their readers?",
                "We may compile, publish, sell or otherwise disclose aggregate information that does not identify you.", *FILLER)
    assert v.stance == "yes"
    assert count_named({"trade"}, "You can opt out of such exchanges by calling us.") == 1


def test_special_rights_of_a_region_need_the_region():
    assert "special" not in read_question("I'm in California, do I get special privacy rights?").object_terms
    v = verdict("I live in California, do I have any extra privacy rights?",
                "You may request access to the personal information we hold about you.", *FILLER)
    assert v.stance == "not_stated"  # a right of everyone is no right of Californians
    v = verdict("I live in California, can I ask for access to my data?",
                "You may request access to the personal information we hold about you.", *FILLER)
    assert v.stance == "yes"  # … but answers a Californian's question about that right


def test_shared_data_that_cannot_be_traced_back():
    v = verdict("if they hand my data to partners, can it be linked back to me?",
                "When we share such information with other companies, it is not traceable to any particular user.", *FILLER)
    assert v.stance == "no"


def test_a_cookie_that_holds_no_personal_information():
    v = verdict("is my email address kept in their cookie?", "The cookie itself does not contain subscriber information.", *FILLER)
    assert v.stance == "no"
    v = verdict("can their cookie tell them my name?", "The cookie itself does not tell us who you are or your name.", *FILLER)
    assert v.stance == "no"


def test_where_it_is_stored_is_answered_by_the_place():
    v = verdict("where do they keep my info, is it stored here or overseas?",
                "Any personal information that we collect will be stored on secure servers hosted in Canada.", *FILLER)
    assert v.stance == "answered"


def test_a_kind_of_recipient_or_anyone_else_is_anyone():
    intent = read_question("do they pass my account info to insurance companies or anyone else?")
    assert intent.practice == "share" and "insur" not in intent.object_terms
    assert "insur" in read_question("do they pass my account info to insurance companies?").object_terms


def test_how_long_a_request_takes_to_process():
    intent = read_question("if I ask them to drop me from the newsletter list, how long until the emails stop?")
    assert intent.practice == "opt_out" and not intent.object_terms
    v = verdict("if I ask them to drop me from the newsletter list, how long until the emails stop?",
                "It may take up to 10 days to process your email request, during which you may continue to receive communications.", *FILLER)
    assert v.stance in ("yes", "answered")


def test_what_information_they_take_is_collecting():
    assert read_question("what data do they take when I post an ad in the classifieds?").practice == "collect"
    v = verdict("what data do they take when I post an ad in the classifieds?",
                "When listing in our classifieds, we may collect your name, email address and phone number.", *FILLER)
    assert v.stance in ("yes", "answered")


def test_an_exception_naming_what_is_asked_answers_it():
    v = verdict("if I sign one of their petitions, is my name passed on to lawmakers?",
                "We do not disclose the information you enter on an action page to any outside entity, except as follows: if you sign a "
                "petition, your name and state may be included in a file delivered to legislators.", *FILLER)
    assert v.stance == "yes"
    v = verdict("do they disclose what I type on their action pages to other companies?",
                "We do not disclose the information you enter on an action page to any outside entity, except as follows: if you sign "
                "a petition, your name may be delivered to legislators.", *FILLER)
    assert v.stance == "no"  # the exception names something else


def test_mashing_data_together_is_combining():
    assert read_question("do they buy info about me and mash it together with what I gave them?").practice == "combine"


def test_a_right_residents_are_entitled_to_once_a_year():
    v = verdict("I'm in California. Can I find out whether they gave my info to others for marketing?",
                "California residents are entitled once a year, free of charge, to request and obtain information regarding our disclosure "
                "of personal information to third parties for their direct marketing purposes.", *FILLER)
    assert v.stance == "yes"


def test_a_promise_that_nobody_intercepts_is_a_guarantee():
    assert read_question("can they promise nobody snoops on my data while I send it?").practice == "protect"


def test_covered_by_the_company_s_policy_asks_its_scope():
    assert read_question("if an outside game collects my info, is that covered by acme's privacy policy?").practice == "scope"


def test_log_files_are_no_collecting_verb():
    v = verdict("do they read my private messages?",
                "We may share user content and your information (including information from cookies, log files and device identifiers) "
                "with our affiliates.", *FILLER)
    assert v.stance != "yes"


def test_preventing_unauthorized_access_is_no_breach():
    v = verdict("would they tell me if they got hacked?",
                "We will notify you of any material changes in the way we treat your information.", *FILLER,
                heading="Protection of your information: To prevent unauthorized access, we use safeguards")
    assert v.stance == "not_stated"


def test_a_two_word_name_shortened_to_two_letters_of_each_word():
    from assistant.company_names import company_aliases
    from assistant.question import neutral_question

    aliases = company_aliases("Dailyherald", "the daily herald privacy policy", "The Daily Herald Privacy Policy")
    assert neutral_question("does DaHe sell my info?", "Dailyherald", aliases) == "does the company sell my info?"
    assert neutral_question("can I delete the herald I wrote?", "Dailyherald", aliases) == "can I delete the herald I wrote?"


def test_a_negated_relative_clause_closed_before_the_recipient_denies_nothing():
    v = verdict("do they share anything about my kid with their sponsors?",
                "We may disclose general, aggregated information that is not specifically associated with any child, to sponsors and "
                "other third parties.", *FILLER)
    assert v.stance == "yes"


def test_where_the_data_is_deleted_from_is_no_object():
    assert "system" not in read_question("can I get my son's details wiped from their system?").object_terms
    assert "server" in read_question("do they save my card number on their servers?").object_terms


def test_anyone_else_receiving_is_sharing():
    intent = read_question("does anybody else like their hosting company get to see my kid's info?")
    assert intent.practice == "share" and not {"host", "compani"} & intent.object_terms


def test_a_refusal_by_the_user_opening_with_should_is_no_denial():
    v = verdict("does anyone else get to see my child's info?",
                "We would disclose information about your daughter or son only to a third party that helps us run our events.",
                "Should you not agree to this limited third party disclosure of your child's information, please contact us.", *FILLER)
    assert v.stance == "yes"
