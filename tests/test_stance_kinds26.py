"""The verdict reader on kinds of question met in the twenty-sixth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, table, verdict

from assistant.candidates import Candidate
from assistant.company_names import company_aliases
from assistant.intent import read_question
from assistant.polarity import read_polarity
from assistant.question import neutral_question
from assistant.requirement import REQUIREMENT_ASKED
from assistant.sentence_kinds import ACCESS_GRANTED, PERIOD
from assistant.sentence_reading import read_sentence
from assistant.vocabulary import BY_NAME, TOPIC_STATED


def test_a_second_question_pointing_back_asks_the_first_again():
    intent = read_question("how long does adweek hang on to my account info? is there ever a point where they purge it?")
    assert intent.practice == "retain" and not intent.yes_no
    # a second question of its own is what is asked
    assert read_question("Is there a way to keep my name off the lists? Who do I contact?").practice == "contact"


def test_is_the_company_responsible_asks_about_its_responsibility():
    intent = read_question("If I give my username and password to a budgeting app and it misuses my info, is the bank responsible?")
    assert intent.practice == "scope"
    v = verdict("If I give my username and password to a budgeting app and it misuses my info, is the bank responsible?",
                "We are not responsible for the use or disclosure of any Personal Information accessed by any company or person to whom you "
                "provide your Site username and password.", *FILLER)
    assert v.stance == "no"


def test_the_asking_clause_after_a_when_i_situation_names_the_object():
    intent = read_question("When I close my account, can I have my old purchase history wiped as well?")
    assert {"purchas", "histori"} <= intent.object_terms
    # (not a clause pointing back at the situation, nor one asking what)
    assert read_question("If I log in with my Facebook account, what do they pull from my profile?").practice == "collect"


def test_a_long_last_word_of_the_name_inside_the_question_is_the_company():
    assert neutral_question("Could Fridays hand my data over to a rival?", "Tgifridays") == "Could the company hand my data over to a rival?"
    assert neutral_question("Could the Fridays menu change?", "Tgifridays").startswith("Could the company")


def test_put_me_on_their_newsletter_asks_what_they_send():
    assert read_question("If I buy concert tix, do they just automatically put me on their newsletter?").practice == "message"


def test_a_form_requiring_users_to_give_data_and_a_survey_asking_visitors_collect_it():
    collect = BY_NAME["collect"]
    assert read_polarity("Our site's registration form requires users to give us financial information (like their credit card numbers).",
                         collect.stated, collect.needs_data, True)[0] == "yes"
    assert read_polarity("Our online surveys may ask visitors for demographic information (like their zip code, age, or income level).",
                         collect.stated, collect.needs_data, True)[0] == "yes"
    assert read_question("Would one of their online surveys ask how much money I make?").practice == "collect"


def test_never_sending_messages_to_users_unless_asked():
    message = BY_NAME["message"]
    assert read_polarity("It is our policy to never send messages to website users unless they request that we do so.",
                         message.stated, message.needs_data, True)[0] == "no"


def test_a_verb_joined_by_and_keeps_the_subject_before_it():
    use = BY_NAME["use"]
    text = "When we share such information with other companies, it is not traceable to any particular user, and will not be used to contact you."
    assert read_polarity(text, use.stated, use.needs_data, True)[0] == "no"


def test_a_caps_heading_then_a_title_glued_to_the_sentence_states_nothing():
    collect = BY_NAME["collect"]
    text = ("WHAT WE COLLECT: Collection of Personal Information through our Websites We do not require that website visitors reveal any "
            "personally identifying information in order to gain general access to our websites.")
    assert read_polarity(text, collect.stated, collect.needs_data, True)[0] == "no"


def test_whether_something_is_needed_is_decided_by_what_the_policy_says_is_needed():
    assert not read_question("Do I need to give them any personal details just to look around the website?").user_action
    assert REQUIREMENT_ASKED.search("When I sign up, do I have to tell them my age, gender, hobbies and so on?")
    v = verdict("When I sign up, do I have to tell them my age, gender, hobbies and so on?",
                "We may also ask for information about your age, gender, hobbies, interests, preferences and the like, but you're free to "
                "register for most of our Services without providing this additional information.", *FILLER)
    assert v.stance == "no"
    v = verdict("do I have to give them my personal info to use the site?",
                "It is your choice whether or not you provide your Subscriber Information to the company, but Subscriber Information is "
                "required for the company to provide you with services.", *FILLER)
    assert v.stance == "yes"


def test_brands_that_advertise_on_the_site_are_recipients():
    assert read_question("Do the brands that advertise on the site get my personal info from the company?").practice == "share"


def test_no_longer_than_is_necessary_is_a_period():
    assert PERIOD.search("we will retain it for no longer than is necessary for the purposes for which the data was collected")


def test_info_going_back_and_forth_is_sharing():
    assert read_question("If I sign in using my Facebook account, does info go back and forth between them?").practice == "share"


def test_an_address_getting_sold_is_no_sale_of_the_business():
    assert "merger" not in read_question("If I subscribe to the print magazine, could my home address get sold to advertisers?").topics
    assert "merger" in read_question("If the company gets sold, what happens to my data?").topics


def test_tying_what_i_click_to_my_name_is_combining():
    assert read_question("Does the company tie the pages I click around on to my actual name?").practice == "combine"


def test_a_file_exchanged_with_other_organizations_is_shared():
    share = BY_NAME["share"]
    text = "If you donate, your contact information may be added to a donor file that is occasionally exchanged with other progressive organizations."
    assert read_polarity(text, share.stated, share.needs_data, True)[0] == "yes"
    assert TOPIC_STATED["third_parties"].search(text)


def test_the_owner_named_by_the_privacy_address_is_the_company():
    corpus = ("Please contact our Privacy Policy Coordinator at Privacy_administration@condenast.com. If you opt-out of promotional "
              "mailings from Conde Nast, you may continue to receive certain communications from us.")
    assert "conde nast" in company_aliases("Style", corpus.lower(), corpus)


def test_where_i_would_find_out_about_a_tweaked_policy_asks_for_its_notice():
    intent = read_question("If the company tweaks its privacy policy, where would I find out?")
    assert intent.practice == "notify" and "changes" in intent.topics
    notify = BY_NAME["notify"]
    text = "The company reserves the right to change this policy from time to time, however, all changes will be posted to this Privacy Policy."
    assert read_polarity(text, notify.stated, notify.needs_data, True)[0] == "yes"


def test_a_sentence_granting_access_to_the_data_answers_a_request_to_see_it():
    assert ACCESS_GRANTED.search("REVIEW AND ACCESS You will have the ability to access the information that we have collected about you.")
    assert not ACCESS_GRANTED.search("Users may modify their information by logging into their account and accessing the My Account section.")
    v = verdict("Can I see what they have on me and fix it if something's wrong?",
                "REVIEW AND ACCESS You will have the ability to access the information that we have collected about you.", *FILLER, relevance=0.28)
    assert v.stance == "yes"


def test_a_worse_policy_for_the_data_already_held_is_retroactive_and_denied():
    intent = read_question("Could they later switch to a worse privacy policy for the data they already have on me, without asking me?")
    assert intent.practice == "retroactive"
    retro = BY_NAME["retroactive"]
    for text in ("We stand behind the promises we make, however, and will never materially change our policies and practices to make them "
                 "less protective of customer information collected in the past without the consent of affected customers.",
                 "We will not, however, materially change our policies and practices to make them less protective of personal information "
                 "we have previously collected from you without your consent."):
        assert read_polarity(text, retro.stated, retro.needs_data, True)[0] == "no"


def test_tell_me_how_asks_no_notice():
    assert read_question("Some info in my record looks wrong. Does the policy tell me how to get it fixed?").practice != "notify"


def test_third_parties_employed_to_perform_services_are_outsourcing():
    outsource = BY_NAME["outsource"]
    text = "Third parties: We may employ third parties to perform site-related services, including analytics, billing and email distribution."
    assert read_polarity(text, outsource.stated, outsource.needs_data, True)[0] == "yes"


def test_a_list_introduction_naming_no_object_word_states_nothing():
    intro = "In addition, we and our authorized service providers generally use other information that we or they collect about you to:"
    intent = read_question("Are all the company's employees able to look at my account info, or just certain people?")
    t = table(intro)
    assert read_sentence(t, Candidate(0, intro, 0.9), intent, {"employe"}, intent.practices, set()) is None
    stated = "We collect information about you when you register."
    assert read_sentence(table(stated), Candidate(0, stated, 0.9), intent, {"employe"}, intent.practices, set()) is not None
