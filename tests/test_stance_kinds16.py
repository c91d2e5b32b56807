"""The verdict reader on kinds of question met in the sixteenth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, verdict

from assistant.intent import read_question
from assistant.polarity import read_polarity
from assistant.vocabulary import BY_NAME


def test_a_sale_of_the_business_told_without_the_usual_words():
    v = verdict("what happens to my details if the magazine gets sold?",
                "In the event of a sale of substantially all Example Media assets, personally identifiable information may be among the "
                "assets transferred.", *FILLER)
    assert v.stance == "answered"
    t = one_section("As our business grows, we may buy or sell various assets.",
                    "In such cases, information about our users may be disclosed to the other party of the transaction.", *FILLER)
    assert decide_over(t, "what happens to my data if the station sells part of its business?").stance == "answered"


def test_the_business_named_by_what_it_is_is_no_object():
    assert "paper" not in read_question("what happens to my info if the paper gets sold to someone else").object_terms
    assert "station" not in read_question("if the station or its web host sells part of its business, where does my data go?").object_terms
    assert "paper" in read_question("do they keep paper copies of my forms?").object_terms  # paper as a thing


def test_others_seeing_what_i_post():
    v = verdict("Can strangers read what I post on their message boards?",
                "Content you post on the website, such as message board postings, may be accessed by other users, including people you do "
                "not know.", *FILLER)
    assert v.stance == "yes"
    v = verdict("I posted on one of their forums. Can other people see it?",
                "You should be aware that information you post to these forums may be disclosed and available to all users of the site.",
                *FILLER)
    assert v.stance == "yes"


def test_being_made_aware_is_no_duty_of_the_user():
    v = verdict("does the company keep my messages?", "You must take care to protect your messages from others.", *FILLER)
    assert v.stance == "not_stated"  # a duty of the user says nothing of the company


def test_turning_information_over_is_sharing():
    intent = read_question("Would they turn my information over to the police if asked?")
    assert intent.practice == "share" and "turn" not in intent.object_terms
    v = verdict("would they turn my records over to the police if they asked?",
                "We may disclose personal information to comply with requests from law enforcement authorities.", *FILLER)
    assert v.stance == "yes"


def test_an_option_of_excluding_is_a_way_out():
    v = verdict("I'm a student and I don't want vendors getting my directory info, can I opt out?",
                "Students have the option of excluding their information from the student directory at registration.", *FILLER)
    assert v.stance == "yes"


def test_taking_it_out_of_their_database_is_deleting():
    intent = read_question("I'm 16 and want my info taken out of their database. Can I ask them to do that?")
    assert intent.practice == "delete" and intent.user_action
    v = verdict("I'm 16 and want my info taken out of their database. Can I ask them to do that?",
                "If you are between 13 and 17, you or your parent may request that we deactivate your personal information in our "
                "database.", *FILLER)
    assert v.stance == "yes"


def test_a_denial_pointing_back_keeps_the_topic_of_the_sentence_before():
    t = one_section("We disclose aggregate statistics about our visitors to advertisers and partners.",
                    "You may not opt out of the sharing of this information.", *FILLER)
    assert decide_over(t, "can I opt out of them sharing aggregated data about me with advertisers?").stance == "no"


def test_what_i_read_is_my_viewing_activity():
    v = verdict("do they share what articles I read with ad networks?",
                "Your viewing activity on the site may be shared with advertising networks so that they can show you ads.", *FILLER)
    assert v.stance == "yes"


def test_a_negation_inside_a_relative_clause_denies_nothing():
    collect = BY_NAME["collect"].stated
    assert read_polarity("At times ad networks that are not members of the initiative may have access to your activity on the site.",
                         collect, True, company_actor=True)[0] == "yes"
    assert read_polarity("No information will be sold to any other companies.", BY_NAME["sell"].stated, True, company_actor=True)[0] == "no"
    assert read_polarity("We do not collect information from users who are not registered.", collect, True, company_actor=True)[0] == "no"


def test_having_my_data_is_collecting():
    assert read_question("Getting a quote - are they going to have my medical info too?").practice == "collect"
    assert read_question("do they have my old address?").practice == "collect"
    v = verdict("Getting a quote - are they going to have my medical info too?",
                "We also collect information from outside sources, such as your driving record, claims history and medical information.",
                *FILLER)
    assert v.stance == "yes"


def test_an_app_named_by_what_it_is_for_is_no_object():
    assert "roadsid" not in read_question("how long do they hang on to my location after I use the roadside app").object_terms
    v = verdict("how long do they hang on to my location after I use the roadside app",
                "Your location information is stored on our servers and retained until you delete the application from your device.",
                *FILLER)
    assert v.stance == "answered"


def test_building_a_profile_names_the_profile():
    assert read_question("Do they use my searches to build up a profile of me?").object_terms == {"search", "profil"}


def test_what_is_learnt_through_cookies_is_asked_of_the_company():
    assert read_question("can their cookies be used to figure out who I am?").practice == "collect"
    assert read_question("do they put cookies on my computer?").practice == "cookies"
    v = verdict("can their cookies be used to figure out who I am personally",
                "Cookies hold no personally identifiable information about you and therefore cannot be used to identify you.", *FILLER)
    assert v.stance == "no"


def test_a_user_after_a_preposition_is_no_subject_of_a_denial():
    use = BY_NAME["use"].stated
    assert read_polarity("Cookies hold nothing about you and therefore cannot be used to identify you.", use, company_actor=True)[0] == "no"
    # the user as a subject is someone else's denial
    assert read_polarity("You cannot use the service to send spam.", use, company_actor=True)[0] != "no"


def test_the_company_without_access_to_what_others_collect():
    v = verdict("Can the site see the data that the ad networks' cookies collect about me?",
                "Ad networks may use cookies to track visitors' activities on this website; Example.com has no access or control over "
                "these cookies.", *FILLER)
    assert v.stance == "no"
    v = verdict("does the company get to see the tracking data from the banner ad cookies?",
                "Cookies received with banner ads are collected by our advertisers and we do not have access to this information.", *FILLER)
    assert v.stance == "no"


def test_do_not_track_is_no_denial_of_tracking():
    collect = BY_NAME["collect"].stated
    assert read_polarity("We currently do not support Do Not Track browser settings.", collect, True, company_actor=True)[0] != "no"
    # (the signal's name is masked; a plain denial of tracking stays one)
    assert read_polarity("We do not track your location when the app is closed.", collect, True, company_actor=True)[0] == "no"


def test_the_city_i_am_in_is_location():
    intent = read_question("do they know what city or area I'm browsing from")
    assert "location" in intent.topics and not intent.object_terms


def test_a_situation_told_in_a_first_sentence_names_no_object():
    intent = read_question("My son entered one of their online contests. will they keep his info once the contest is over?")
    assert intent.practice == "retain" and "children" in intent.topics and not intent.object_terms


def test_a_policy_of_other_businesses_is_no_denial_of_the_company():
    share = BY_NAME["share"].stated
    assert read_polarity("Such businesses may have in place a policy not to disclose personal information to third parties.", share,
                         True, company_actor=True)[0] == "yes"
    assert read_polarity("It is our policy not to disclose personal information to third parties.", share, True, company_actor=True)[0] == "no"


def test_emails_are_data_a_sale_acts_on():
    sell = BY_NAME["sell"].stated
    assert read_polarity("Example.com never rents or sells emails to third parties.", sell, True, company_actor=True)[0] == "no"


def test_keeping_a_record_of_is_collecting():
    assert read_question("Does the site keep a record of my IP when I visit?").practice == "collect"
    assert read_question("how long do they keep my records?").practice == "retain"


def test_what_i_do_online_is_behaviour():
    v = verdict("Are the ads I see on the site based on what I do online?",
                "Cookies are used to deliver targeted advertising based on your behavior and demographics.", *FILLER)
    assert v.stance == "yes"


def test_notifications_that_cannot_be_turned_off():
    intent = read_question("I'm sick of the trip status notifications. can I just turn those off completely?")
    assert intent.practice == "opt_out" and intent.user_action and "complet" not in intent.object_terms
    v = verdict("I'm tired of the order status notifications. can I just turn those off completely?",
                "These notifications are a necessary part of using the app and cannot be disabled.", *FILLER)
    assert v.stance == "no"


def test_selling_leads_is_a_sale():
    v = verdict("does the company sell my personal info to anyone, like car dealers?",
                "We may share your personal information with third parties who purchase leads from us, such as car dealers.", *FILLER)
    assert v.stance == "yes"


def test_how_long_a_request_takes():
    intent = read_question("I unsubscribed from their emails yesterday but they keep coming — how long does it take to stop?")
    assert intent.practice == "opt_out" and intent.asks_period and not intent.object_terms
    assert read_question("how long do they keep my data?").practice == "retain"
    v = verdict("I unsubscribed yesterday but the emails keep coming — how long does it take to stop?",
                "If you have opted out of receiving future e-mails from us, we will process your request within 10 business days.", *FILLER)
    assert v.stance == "answered"


def test_a_right_to_receive_information_about_sharing_is_access():
    v = verdict("As a California resident can I find out who they shared my info with for marketing?",
                "California residents have the right to receive, once a year, information about third parties with whom we have shared "
                "information for their marketing purposes.", *FILLER)
    assert v.stance == "yes"


def test_an_email_address_written_out_names_email():
    v = verdict("who do I email at the company with a privacy question",
                "If you have any questions regarding this privacy policy, you may contact us at privacy@example.com", *FILLER)
    assert v.stance == "answered"


def test_the_other_case_after_or_names_no_object():
    assert "page" not in read_question("if they change the privacy policy will anyone actually tell me or do they just update the page?").object_terms
    assert "wiki" not in read_question("do ad companies use my interests to pick which ads I see on the wiki?").object_terms


def test_a_plural_noun_opening_a_sentence_is_no_company_without_access():
    from assistant.sentence_kinds import COMPANY_NO_ACCESS

    assert not COMPANY_NO_ACCESS.search("Advertisers do not have access to this information.")
    assert COMPANY_NO_ACCESS.search("Example.com has no access or control over these cookies.")
    assert COMPANY_NO_ACCESS.search("These are collected by our advertisers and we do not have access to this information.")


def test_what_a_statement_leaves_out_answers_a_question_about_it():
    v = verdict("a friend booked a ride for me as a guest. will they use my data to market to me?",
                "We use data (other than guest users' data) to market our services and those of our partners.", *FILLER)
    assert v.stance == "no"
    v = verdict("will they use my data to market to me?",
                "We use data (other than guest users' data) to market our services and those of our partners.", *FILLER)
    assert v.stance == "yes"  # nothing of the question is left out
