"""The verdict reader on kinds of question met in the twentieth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, verdict

from assistant.ages import USE_ASKED
from assistant.intent import read_question
from assistant.objects import count_named
from assistant.polarity import read_polarity
from assistant.question import neutral_question
from assistant.vocabulary import BY_NAME, TOPIC_STATED


def test_a_company_list_of_customers_is_their_personal_data():
    intent = read_question("Does the shop sell its customer list to other businesses?")
    assert not {"custom", "list"} & intent.object_terms
    v = verdict("Does the shop sell its customer list to other businesses?",
                "No information will be sold to any other companies or organizations.", *FILLER)
    assert v.stance == "no"
    assert "list" in read_question("Can they see my contact list?").object_terms  # the user's address book is an object of its own


def test_making_money_by_selling_is_selling():
    assert "money" not in read_question("Does the store make money selling its mailing lists?").object_terms


def test_a_brand_typed_without_outlet_is_the_company():
    assert "Tanger" not in neutral_question("Does Tanger sell my info?", "Tangeroutlet")


def test_a_business_named_by_what_it_is_is_no_object():
    for q in ("Will the winery hand my name to an advertising company?", "Will the Library use my data to market stuff to me?",
              "Could random people get at the details the winery stores about me?"):
        assert not {"wineri", "librari"} & read_question(q).object_terms, q


def test_what_they_learn_about_me_is_my_data():
    assert "learn" not in read_question("Will they use what they learn about me to market stuff to me?").object_terms


def test_a_party_passing_the_data_on_is_not_answered_by_what_the_company_shares():
    q = "If the winery gives my info to its ad partner, can that partner pass my name on to other companies?"
    assert read_question(q).onward
    v = verdict(q, "We may share your name and address with a third party advertising partner.", *FILLER)
    assert v.stance not in ("yes", "no")
    assert not read_question("Will they pass my name on to other companies?").onward


def test_strangers_reaching_the_data_is_about_the_public_others_about_sharing():
    # (read as sharing in the twentieth session; the public named as such asks whether it is public: "not accessible to the public")
    assert read_question("Could random people get at the details they store about me?").practice == "public"
    assert read_question("Could other companies get at the details they store about me?").practice == "share"


def test_other_brand_stores_getting_my_details_is_sharing():
    assert read_question("If I sign up, do the individual brand stores at the outlet center get my details too?").practice == "share"


def test_a_childs_age_told_as_is_n_and_a_service_not_meant_for_children():
    v = verdict("My daughter is 10 and loves the site. Can she make her own account?",
                "The Services are not intended for and may not be used by children under the age of 13.", *FILLER)
    assert v.stance == "no"
    v = verdict("My little brother is 11 and wants his own account. Is that allowed?",
                "The Service and its content are not directed at children under the age of 13.", *FILLER)
    assert v.stance == "no"
    v = verdict("My son is 15. Can he make his own account?",  # a limit below the age says nothing of it
                "The Services are not intended for children under the age of 13.", *FILLER)
    assert v.stance != "no"
    # a service not meant for children answers whether a child may use it, not every question a child asks
    assert USE_ASKED.search("Can she make her own account?") and USE_ASKED.search("Is that allowed?")
    assert not USE_ASKED.search("Can he delete his data?")


def test_a_denial_to_minors_is_a_limit_at_the_age_of_majority():
    v = verdict("I'm 16. Am I allowed to join their online programs?",
                "We do not offer program participation to minors and will never knowingly request information from children.", *FILLER)
    assert v.stance == "no"


def test_a_change_in_how_they_treat_my_data_is_a_change_notice():
    s = "We will notify you of any significant or material changes in the way we treat your information by placing a prominent notice."
    assert TOPIC_STATED["changes"].search(s)
    v = verdict("Will they let me know if they change how they handle my data?", s, *FILLER, relevance=0.3)
    assert v.stance == "yes"


def test_places_are_no_object_of_a_transfer_abroad():
    assert not read_question("I don't live in the US. Does the company ship my data to other countries?").object_terms


def test_a_user_preferring_not_to_is_a_condition_not_a_denial():
    s = "If at any time you prefer not to be included in our mailings, please notify us by email or call us and we will honor your request."
    assert read_polarity(s, BY_NAME["opt_out"].stated)[0] != "no"


def test_an_email_address_is_no_mailing_address():
    objects = read_question("Will they sell or rent out my mailing address to other companies?").object_terms
    assert count_named(objects, "we will not sell or rent your email address to unaffiliated third parties") == 0
    assert count_named(objects, "postal lists that we sell or rent, with your name and postal address") >= 1


def test_what_still_works_with_cookies_blocked():
    v = verdict("Can I still log in with all cookies blocked?",
                "You can reset your browser to refuse all cookies; however if you reject cookies, you will not be able to sign in to the Services.",
                *FILLER)
    assert v.stance == "no"
    v = verdict("Can I still order online if I disable cookies?",
                "If you disable cookies, you can still purchase products on our website.", *FILLER)
    assert v.stance == "yes"


def test_anyone_using_what_i_post_is_about_public_posts():
    q = "If I post in the forums, can anyone use what I write there?"
    assert read_question(q).practice == "public"
    v = verdict(q, "There may be areas of the Services (e.g., message boards, discussion rooms) where you can post; anyone may access, use, "
                "and disclose any information that you post to those areas.", *FILLER)
    assert v.stance == "yes"


def test_tracking_which_emails_are_opened_answers_can_they_tell_when_i_open_them():
    v = verdict("Can they tell when I open one of their emails?",
                "We may also collect similar information from emails sent to our Users which then help us track which emails are opened.", *FILLER)
    assert v.stance == "yes"


def test_requests_taking_days_answer_how_long_before_the_emails_stop():
    v = verdict("how long does it take them to actually stop emailing me after I opt out?",
                "You can opt out of our marketing communications at any time.",
                "Please note that sometimes these requests may take up to ten business days to process.", *FILLER, relevance=0.3)
    assert v.stance == "answered" and "ten business days" in v.support[0].sentence


def test_a_denial_about_my_location_covers_its_precise_form():
    v = decide_over(one_section("Your location information is stored on our servers until you delete the application.",
                                "This information is not used to create a profile about you or your activities.", *FILLER),
                    "does the company use my gps location to build a profile on me?")
    assert v.stance == "no"


def test_a_use_only_for_the_purpose_answers_anything_other_than_it():
    q = "I sent them a request form. Will they use my details for anything other than answering me, like marketing?"
    assert "answer" not in read_question(q).object_terms
    v = verdict(q, "If you submit a form through our Web site, we may use that information to respond to you.",
                "We do not collect personal information from such communications for any purpose other than to respond to you.", *FILLER)
    assert v.stance == "no"


def test_a_subject_denied_by_no_reaches_its_present_passive_verb_across_an_aside():
    s = ("No Personally Identifiable Information (see below) is collected through our cookies or Web beacons nor do we allow third-party "
         "companies to collect such information.")
    assert read_polarity(s, BY_NAME["cookies"].stated)[0] == "no"


def test_a_denial_for_their_own_purposes_answers_a_question_about_them():
    q = "Will they hand my info to other companies so they can send me their own promos?"
    v = verdict(q, "If you sign up for a promotion sponsored by another company, we may share your information with that company.",
                "We do not share personal information with third parties for their own direct marketing purposes.", *FILLER)
    assert v.stance == "no"


def test_a_denial_of_selling_personal_information_answers_selling_my_data_closely():
    v = verdict("Does the site make money selling its readers' data?",
                "We do not sell Personally Identifiable Information or other information you make available to the Websites.", *FILLER,
                relevance=0.3)
    assert v.stance == "no"


def test_an_example_of_when_and_feelings_are_no_object():
    assert not read_question("Can the cops get my records from them, like if they're trying to find someone?").object_terms
    assert read_question("I picked a username that I'm kind of embarrassed by now. Can I change it?").object_terms == {"usernam"}


def test_the_last_word_of_the_name_is_the_company():
    assert neutral_question("Will the Post hand my info to other companies?", "Washingtonpost").startswith("Will the company")
    assert "the Register" not in neutral_question("Could reading the Register online lead to ads?", "Ocregister")




def test_manner_words_the_owner_and_firms_are_no_object():
    assert not read_question("does the app know where i physically am, like from my phone's gps?").object_terms
    assert not read_question("Is there a way to tell the site's owner to stop passing my details to outside companies?").object_terms
    assert not read_question("Do they mix what I give them with data they get from advertisers or marketing firms?").object_terms


def test_excluding_my_information_from_their_marketing_is_opting_out():
    v = verdict("Can I tell them to keep my info out of their marketing?",
                "If you wish to exclude your personal information from our direct marketing purposes, please feel free to contact us.", *FILLER)
    assert v.stance == "yes"


def test_a_limit_on_which_employees_see_the_data():
    v = verdict("Does the company limit which of its employees can see my personal info?",
                "Our security policies are reviewed periodically and only authorized individuals have access to the information provided by our customers.",
                *FILLER)
    assert v.stance == "yes"
    v = verdict("Does the company limit which of its employees can see my personal info?",  # general security says nothing of it
                "We use reasonable security measures to protect your information.", *FILLER)
    assert v.stance != "yes" or "authorized" in v.support[0].sentence


def test_telling_my_boss_is_sharing_with_my_employer():
    q = "my job is sending me there for a physical. could they tell my boss about something they find?"
    assert read_question(q).practice == "share"
    v = verdict(q, "We may release some health information about you to your employer if your employer hires us to provide you with a physical exam.",
                *FILLER)
    assert v.stance == "yes"
