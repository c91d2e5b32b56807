"""The verdict reader on kinds of question met in the nineteenth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.ages import covers_age, younger_only
from assistant.company_names import own_names
from assistant.intent import read_question
from assistant.polarity import read_polarity
from assistant.vocabulary import BY_NAME


def test_a_situation_told_first_does_not_make_an_open_question_yes_or_no():
    intent = read_question("If I cancel my membership, how long until they delete my records?")
    assert not intent.yes_no and intent.asks_period
    assert read_question("If I cancel my membership, will they delete my records?").yes_no


def test_the_processing_time_of_a_request_answers_how_long_it_takes():
    v = verdict("If I opt out of their marketing e-mails, how long until they stop coming?",
                "You can unsubscribe from our newsletters using the link at the bottom of each e-mail.",
                "Allow us up to 7 business days to process your request.", *FILLER, relevance=0.2)
    assert v.stance == "answered" and "7 business days" in " ".join(f.sentence for f in v.support)


def test_the_kind_of_person_whose_data_it_is_is_no_object():
    assert "patient" not in read_question("does the clinic sell patient info to drug makers?").object_terms
    assert "record" in read_question("can I get a copy of my patient records?").terms  # records are a kind of data of their own


def test_a_recipient_named_by_what_it_is_is_a_third_party():
    intent = read_question("Will they pass my address on to furniture brands?")
    assert {"furnitur", "brand"} <= intent.recipient_terms and "third_parties" in intent.topics
    v = verdict("Will they pass my address on to furniture brands?",
                "WE WILL NOT DISCLOSE YOUR PERSONAL INFORMATION TO ANY THIRD PARTY WITHOUT YOUR CONSENT.", *FILLER)
    assert v.stance == "no"
    v = verdict("Will they pass my address on to furniture brands?",  # a statement must name the kind
                "We may share your personal information with our service providers.", *FILLER)
    assert v.stance != "yes"


def test_asking_for_a_kind_of_data_is_collecting_it():
    assert read_question("Will they ask for my phone number when I register?").practice == "collect"
    assert read_question("What details do they ask for at checkout?").practice == "collect"
    assert read_question("Will they ask for my consent before emailing me?").practice != "collect"  # consent is no data


def test_a_telephone_number_is_a_phone_number():
    v = verdict("Will they ask for my phone number when I sign up for the newsletter?",
                "We may request additional information, including your name, zip code and telephone number.", *FILLER, relevance=0.3)
    assert v.stance == "yes"


def test_a_situation_told_after_the_asking_adds_no_topic():
    assert "email" not in read_question("Will they ask for my phone number when I sign up for the newsletter?").topics


def test_a_user_no_longer_wishing_is_a_condition_not_a_denial():
    share = BY_NAME["share"]
    sentence = "If you no longer wish us to share information about the films you have rented, you can close your account."
    assert read_polarity(sentence, share.stated, share.needs_data, company_actor=True)[0] == "conditional"


def test_children_younger_than_the_stated_age_say_nothing_of_it():
    assert younger_only("my 16 year old wants to join, is that ok?", "The site is not intended for children under the age of 13.")
    assert not younger_only("my 10 year old wants to join, is that ok?", "The site is not intended for children under the age of 13.")
    assert not younger_only("I'm 15, can I join?", "Users under 18 may join; those aged 13 to 17 need a parent's consent.")


def test_a_parent_permission_for_an_age_range_answers_a_minor_asking():
    assert covers_age("can my 14-year-old order without asking me?", "Minors between the ages of 13 and 17 must get a parent's permission.")
    v = verdict("can my 14-year-old order on the site without asking me?",
                "Minors between the ages of 13 and 17 must get the permission of their parents or guardians before placing orders.", *FILLER)
    assert v.stance == "no"
    v = verdict("My 15 year old wants to read the forums - does she need my permission?",
                "Minors between the ages of 13 and 17 must get the permission of their parents or guardians before using the forums.", *FILLER)
    assert v.stance == "yes"


def test_no_control_over_what_others_do_is_no_denial_that_they_do_it():
    cookies = BY_NAME["cookies"]
    assert read_polarity("We do not have control over cookies placed by advertisers.", cookies.stated, cookies.needs_data)[0] == "yes"
    delete = BY_NAME["delete"]
    # … but the company's own part is denied
    sentence = "We are not responsible for removing your information from the databases of partners."
    assert read_polarity(sentence, delete.stated, delete.needs_data)[0] == "no"


def test_the_name_stating_the_company_practices_is_the_company():
    text = ("Widgetco takes your privacy seriously. Widgetco collects information when you register. "
            "Widgetco uses information to run the forums. Widgetco may share information with partners. Google Analytics is used.")
    assert "widgetco" in own_names(text, "gadgetsite", ())
    assert "google" not in own_names("Google collects data. Google uses data. Google shares data.", "gadgetsite", ())


def test_a_marketplace_is_no_marketing():
    assert "marketing" not in read_question("could they share my info if I cheat in the marketplace?").topics


def test_scamming_is_fraud_and_breaking_rules_is_violating_terms():
    v = verdict("Could they share my account info if they think I'm scamming people or breaking their rules?",
                "We reserve the right to share information to investigate suspected fraud or violations of our Terms of Use.", *FILLER)
    assert v.stance == "yes"


def test_studying_abroad_is_no_transfer_abroad():
    intent = read_question("Does my study abroad application go to Facebook?")
    assert "abroad" not in intent.topics and intent.practice != "transfer_abroad"
    assert "abroad" in read_question("Is my data sent abroad?").topics


def test_what_the_shared_data_leaves_out_denies_it():
    v = verdict("Does my job application get passed along to Facebook?",
                "We work with Facebook to measure conversions.",
                "The information we share with these services does not include any information from your job application.", *FILLER)
    assert v.stance == "no"


def test_a_heads_up_is_a_notice():
    assert read_question("How much heads-up do they give before changes to the policy take effect?").practice == "notify"


def test_asking_the_user_for_a_password_is_collecting_it():
    v = verdict("would they ever email me asking for my password?",
                "Acme will never ask you for your password in an unsolicited phone call or email.", *FILLER)
    assert v.stance == "no"


def test_an_age_limit_above_the_stated_age_answers_no():
    v = verdict("I'm 17, can I sign up for their wine club emails?",
                "We share news about our vineyard.", "Nobody under the age of 21 is permitted to join the wine club.", *FILLER)
    assert v.stance == "no" and "21" in v.support[0].sentence
    v = verdict("I'm 25, can I sign up for their wine club emails?",  # old enough: the limit decides nothing
                "We share news about our vineyard.", "Nobody under the age of 21 is permitted to join the wine club.", *FILLER)
    assert v.stance != "no"


def test_looking_at_what_they_have_stored_is_access():
    intent = read_question("Can I look at what they have stored about me and fix anything wrong?")
    assert intent.practice == "access" and intent.user_action
    v = verdict("Can I look at what they have stored about me and fix anything wrong?",
                "ACCOUNT REVIEW You will have the ability to access the information that we have collected about you.", *FILLER)
    assert v.stance == "yes"


def test_other_sources_are_anywhere_else():
    assert "sourc" not in read_question("Do they get data about me from data brokers or other outside sources?").object_terms


def test_a_gerund_subject_is_no_statement_the_verb_after_it_is():
    delete = BY_NAME["delete"]
    sentence = "Deleting or disabling browser cookies will not remove flash cookies."
    assert read_polarity(sentence, delete.stated, delete.needs_data)[0] == "no"
    sentence = "Deleting your account removes your posts as well."  # nothing after the modal: the gerund states it
    assert read_polarity(sentence, delete.stated, delete.needs_data)[0] != "no"


def test_getting_info_from_my_account_elsewhere_is_collecting():
    assert read_question("if I log in with my twitter account does the site get info from my twitter?").practice == "collect"


def test_quantity_and_landing_words_are_no_object():
    assert not {"bunch", "land"} & read_question("Will signing up land my email on a bunch of spam lists?").object_terms


def test_tracking_my_exact_location_is_collecting_it():
    intent = read_question("Does the app track my exact location on my phone?")
    assert intent.practice == "collect" and "precise" in intent.topics


def test_companies_advertising_on_the_site_are_a_party_receiving():
    assert read_question("Do the companies advertising on the site get my name?").practice == "share"


def test_connecting_data_to_who_i_am_is_combining():
    assert read_question("Does the site connect my IP address to who I am?").practice == "combine"


def test_the_processing_time_needs_no_topic_of_its_own():
    v = verdict("how long does it take for an unsubscribe from their emails to kick in?",
                "After unsubscribing, you will be removed from our e-mail database.",
                "Please allow up to 10 business days to process your request.", *FILLER)
    assert v.stance == "answered" and "10 business days" in v.support[0].sentence


def test_always_public_answers_can_i_make_it_private():
    v = verdict("Can I make the reviews I post visible only to me?",
                "Reviews and profile photos are always public, which means they are available to everyone.", *FILLER)
    assert v.stance == "no"


def test_only_used_for_the_stated_purpose_rules_out_marketing():
    v = verdict("If I send a gift to a friend, will they use her address to send her their own marketing?",
                "You may send a gift and give us the recipient's address for delivery. This information will only be used for the stated purpose.",
                *FILLER)
    assert v.stance == "no"


def test_everyday_words_for_collecting_publishing_combining_and_tracking_clicks():
    assert read_question("Do they follow how I move around the site?").practice == "collect"
    assert read_question("Do their computers go through my messages?").practice == "collect"
    assert read_question("Will they hook the ad cookie up to my actual name?").practice == "combine"
    assert read_question("Do they know which links I click in their emails?").practice == "cookies"
    assert read_question("if I win a contest will they stick my name on the website?").practice == "public"
    assert read_question("If I leave a review, could they print my real name with it?").practice == "public"


def test_a_stated_young_age_is_about_children_and_a_denial_below_its_limit_answers():
    assert "children" in read_question("I'm 12 - is it ok to give them my info to enter a contest?").topics
    v = verdict("I'm 12 - is it ok to give them my info to enter a contest?",
                "The site does not knowingly collect personally identifiable information from children under 13.", *FILLER)
    assert v.stance == "no"


def test_a_subject_denied_by_no_reaches_its_passive_verb():
    class_action = BY_NAME["class_action"]
    sentence = "You agree that no such claim may be brought as a class action."
    assert read_polarity(sentence, class_action.stated, class_action.needs_data)[0] == "no"
    sell = BY_NAME["sell"]
    assert read_polarity("No personal information will be sold to third parties.", sell.stated, sell.needs_data)[0] == "no"


def test_telling_the_people_affected_is_a_notice():
    intent = read_question("If they have a data breach, will they tell the people affected?")
    assert intent.practice == "notify" and "breach" in intent.topics
