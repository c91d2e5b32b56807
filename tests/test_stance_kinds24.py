"""The verdict reader on kinds of question met in the twenty-fourth session's sets (no model, no embedder)."""

from __future__ import annotations

import re

from stance_helpers import FILLER, verdict

from assistant.close_reading import STATE_ASKED
from assistant.identity import identity_reading
from assistant.intent import question_verb, read_question
from assistant.polarity import acts_on_data
from assistant.question import foreign_entities
from assistant.sentence_kinds import VACUOUS_EXCEPTION, WITHOUT_TELLING
from assistant.spelling import corrected, unaccented
from assistant.vocabulary import TOPIC_STATED


def test_a_change_without_a_heads_up_is_a_change_without_notice():
    assert WITHOUT_TELLING.search("Can Geekdo change its privacy rules without giving users a heads-up first?")
    assert WITHOUT_TELLING.search("could they change the policy without any heads up?")
    assert not WITHOUT_TELLING.search("will they change the policy and give me a heads-up?")
    v = verdict("Can they change their privacy policy without giving users a heads-up first?",
                "The company reserves the right to modify all or some of this Privacy Policy at any time without notice.", *FILLER)
    assert v.stance == "yes"


def test_tickets_already_bought_are_no_sale_of_the_business():
    assert "merger" not in read_question("does that also erase the records of the tickets I already bought?").topics
    assert "merger" in read_question("what happens to my data if the company gets bought?").topics


def test_a_deletion_asked_to_reach_also_other_records_is_denied_by_an_only():
    v = verdict("If I delete my info from my account profile, does that also erase the records of the tickets I already bought?",
                "Please note that changing or deleting your information through your account profile will only change or delete the data "
                "in our database for your profile.", *FILLER)
    assert v.stance == "no"


def test_a_contrast_denying_the_very_verb_asked():
    assert question_verb("Does the company read the emails I send?") == "read"
    v = verdict("Does the company read the emails I send through its mail service?",
                "Please note that the company may use information about your use of its communication tools (for example, the mail "
                "service); however, when you use these tools, the company does not read your private online communications.", *FILLER)
    assert v.stance == "no"


def test_hooking_up_data_with_my_real_name_is_combining():
    intent = read_question("Does Google hook up its DoubleClick ad cookie data with my real name without asking me?")
    assert intent.practice == "combine"
    assert "real" not in intent.object_terms
    v = verdict("Does the company hook up its ad cookie data with my real name?",
                "We will not combine ad cookie information with personally identifiable information unless we have your opt-in consent.",
                *FILLER)
    assert v.stance == "no"


def test_mailing_lists_made_available_to_companies_are_shared_for_marketing():
    text = "At times, we make customer mailing lists available to carefully screened companies whose products might interest you."
    m = re.search(r"make (\w+ ){1,3}available", text)
    assert m and acts_on_data(text, m.start(), m.end())
    assert TOPIC_STATED["third_parties"].search(text) and TOPIC_STATED["marketing"].search(text)
    v = verdict("If I buy something from the shop, could they give my info to other companies that want to market to me?", text, *FILLER)
    assert v.stance == "yes"


def test_except_as_set_forth_in_our_policies_is_vacuous():
    assert VACUOUS_EXCEPTION.search("as expressly set forth in our policies")
    assert VACUOUS_EXCEPTION.search("as described in this privacy policy")


def test_the_company_getting_my_data_is_collecting_it():
    assert read_question("When I use the app for directions, is the company getting my phone's GPS location?").practice == "collect"
    assert read_question("am I getting my data back after I close the account?").practice != "collect"


def test_police_with_a_search_warrant_and_a_database_opened_to_them():
    intent = read_question("Would they open up my account info to police who show up with a search warrant?")
    assert intent.practice == "share" and "law" in intent.topics
    assert not intent.object_terms & {"open", "search"}
    v = verdict("Would they open up my account info to police who show up with a search warrant?",
                "We may also provide access to our database in order to cooperate with official investigations or legal proceedings "
                "initiated by governmental and/or law enforcement officials.", *FILLER)
    assert v.stance == "yes"


def test_commercial_databases_are_no_marketing():
    intent = read_question("Does the company pull in info about me from other places, like public or commercial databases?")
    assert "marketing" not in intent.topics and intent.practice == "receive"
    assert "marketing" in read_question("will they send me commercial emails?").topics


def test_the_paper_asked_and_what_they_gave():
    intent = read_question("I live in California. Can I ask the paper which companies they gave my info to for marketing?")
    assert intent.practice == "share" and "paper" not in intent.object_terms


def test_what_a_cookie_is_does_not_say_it_is_tied_to_my_name():
    intent = read_question("Are the cookies they put on my computer tied to my name or email?")
    assert intent.practice == "combine" and "comput" not in intent.object_terms
    v = verdict("Are the cookies they put on my computer tied to my name or email?",
                "A cookie is a small file placed on the hard drive of your computer.",
                "Cookies and web beacons used by the company and our online partners are not linked to Personal Information.", *FILLER)
    assert v.stance == "no"


def test_whether_they_can_tell_who_i_am():
    assert identity_reading("can they figure out who I actually am?", "We collect your IP address and browser type.", "yes") == "related"
    assert identity_reading("can they figure out who I actually am?",
                            "We can tell which Internet Service Provider our visitors use, but not the names of our visitors.", "yes") == "no"
    assert identity_reading("can they figure out who I actually am?",
                            "You can request that we not share your personally identifiable information with third parties.", "yes") == "yes"
    assert identity_reading("do they collect my IP address?", "We collect your IP address and browser type.", "yes") == "yes"
    v = verdict("Just from my IP and browser info, can they figure out who I actually am?",
                "For example, we can tell which Internet Service Provider our visitors use, but not the names, addresses or other "
                "information about our visitors that would allow us to identify those visitors.", *FILLER)
    assert v.stance == "no"


def test_an_accent_typed_is_read_as_the_documents_spell_the_word():
    known = {"conde", "nast"}
    assert corrected("If Condé Nast's systems get breached, will they tell me?", lambda w: w in known).startswith("If Conde Nast's")
    assert unaccented("Condé", lambda w: w in {"condé", "conde"}) == "Condé"  # the documents use the accent themselves
    assert unaccented("café", lambda w: False) == "café"


def test_a_name_after_a_leading_if_is_the_subject():
    assert foreign_entities("If Facebook's servers get hacked, will they tell me?", "we use cookies", "style") == ["Facebook"]
    assert foreign_entities("If Conde Nast's servers get hacked, will they tell me?", "conde nast uses cookies", "style") == []


def test_reaching_out_and_watching():
    assert read_question("If I leave items in my cart without buying, is the company going to reach out to me about it?").practice == "message"
    v = verdict("If I pay for a video subscription, will they share what I watch with other companies?",
                "You consent to allow us to share information about the content you have viewed to third parties.", *FILLER)
    assert v.stance == "yes"


def test_logging_in_is_no_collecting():
    assert read_question("Once I'm logged in, am I still anonymous to them?").practice != "collect"
    assert read_question("Do they log my IP address?").practice == "collect"
    assert read_question("what do they get from my facebook if I log into the site with it?").practice == "collect"


def test_what_the_question_says_i_am_is_read_around_that_word():
    m = STATE_ASKED.search("Once I'm signed in, am I still anonymous to them when I browse game pages?")
    assert m and m.group(1) == "anonymous"


def test_a_recipient_named_over_a_denial_with_exceptions():
    v = verdict("Does the paper's website share my info with advertisers?",
                "Personal information is not disclosed to third parties except those who provide support for the internal operations of the site.",
                "In addition, the company may share PIN, CIN and/or aggregate information with third parties such as advertisers and business partners.",
                *FILLER)
    assert v.stance == "yes"
    v = verdict("Does the paper's website share my info with advertisers?",
                "We do not share personal information with advertisers, except as required by law.",
                "In addition, the company may share aggregate information with third parties such as advertisers.", *FILLER)
    assert v.stance == "no"  # the denial names the very recipient asked


def test_showing_my_comments_to_my_friends_is_sharing():
    assert read_question("If I log in with Facebook, will they show my comments and likes to my Facebook friends?").practice == "share"


def test_an_offer_sent_for_an_advertiser_is_no_advertiser_named():
    v = verdict("When the paper emails me an advertiser's offer, does that advertiser get my email address?",
                "If we send you e-mail on behalf of another company, your personally identifiable information is not disclosed to that "
                "company unless you purchase a product or service.",
                "If you supply us with your e-mail address by signing up for offers and promotions, we may send you e-mail.", *FILLER)
    assert v.stance != "yes"


def test_still_emailing_after_unsubscribing_from_all():
    v = verdict("If I opt out of all their emails, will they stop emailing me completely?",
                "Even if the registered user chooses to opt-out of receiving e-mails, the company reserves the right to contact a registered "
                "user regarding account status.", *FILLER)
    assert v.stance == "no"
    v = verdict("even if I unsubscribe from all the emails can they still email me about my account?",
                "Even if the registered user chooses to opt-out of receiving e-mails, the company reserves the right to contact a registered "
                "user regarding account status.", *FILLER)
    assert v.stance != "no"  # asked the other way round: the messages still sent say yes


def test_the_company_ending_up_with_my_card_is_collecting_it():
    assert read_question("If I buy gold with my card, does the company end up with my card details?").practice == "collect"
    assert read_question("could my data end up with some other restaurant chain?").practice == "share"


def test_when_they_would_reach_out_is_no_object():
    assert not read_question("If I get them to remove my info, could they still reach out to me later?").object_terms


def test_in_charge_of_what_another_service_does():
    q = "If I link my Facebook to the company, is the company in charge of what Facebook then does with my stuff?"
    assert read_question(q).practice == "scope"
    v = verdict(q, "It's important to remember that we don't control the privacy practices of these (or any other) third-party services.",
                *FILLER)
    assert v.stance == "no"


def test_signing_up_for_text_alerts_is_messaging():
    intent = read_question("I live in Toronto. Can I sign up for the company's text message alerts?")
    assert intent.practice == "message" and "sms" in intent.topics


def test_a_child_named_by_age_asks_about_children():
    assert "children" in read_question("My little brother is 11, can he make an account?").topics


def test_a_store_seeing_my_details_is_sharing():
    intent = read_question("I want to complain about my local store through the website - will the store owner see my contact info?")
    assert intent.practice == "share" and not intent.user_action


def test_a_time_clause_closed_by_a_comma_before_a_yes_no_question():
    assert read_question("When ad companies track my visits with cookies, are they picking up my name?").yes_no
    assert not read_question("when will they delete my data?").yes_no


def test_non_personal_data_does_not_identify_unless_personal_data_is_named_beside_it():
    q = "are they picking up my name or anything that identifies me?"
    assert identity_reading(q, "They may collect non-personal information about your visits to our website.", "yes") == "no"
    assert identity_reading(q, "These companies may combine information we provide (including Personally Identifiable Information and "
                               "Anonymous Information) with personal information they have about you.", "yes") == "yes"
