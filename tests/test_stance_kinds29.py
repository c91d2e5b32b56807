"""The verdict reader on kinds of question met in the twenty-ninth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.intent import read_question
from assistant.polarity import read_polarity
from assistant.spelling import corrected
from assistant.vocabulary import BY_NAME


def test_a_passive_denial_is_about_what_is_acted_on_not_who_acts():
    delete = BY_NAME["delete"]
    sentence = ("the posts and content you made during your tenure as a reddit user will not be automatically deleted as part of "
                "the account removal process")
    assert read_polarity(sentence, delete.stated, company_actor=True)[0] == "no"
    assert read_polarity("Apps you use will not delete your data.", delete.stated, company_actor=True)[0] != "no"


def test_what_stays_after_deletion_inverts_a_denial_of_deleting():
    text = "However, the posts and comments you made will not be automatically deleted as part of the account removal process."
    assert verdict("If I delete my account, will all my old posts and comments get wiped along with it?", text, *FILLER).stance == "no"
    assert verdict("if i delete my account will my old comments still be up?", text, *FILLER).stance == "yes"


def test_the_clause_naming_what_is_asked_says_whether_it_is_needed():
    text = ("When you create an account, you are required to provide a username and password, and may opt to provide an email "
            "address.")
    assert verdict("Do I have to give them an email address to make an account?", text, *FILLER).stance == "no"
    assert verdict("Do I have to give them a password to make an account?", text, *FILLER).stance == "yes"


def test_an_online_only_policy_answers_what_was_given_over_the_phone():
    v = verdict("does this privacy policy also cover info I give them over the phone when signing up for the print paper?",
                "This Privacy Policy applies only to information collected through our Site and not to information collected by "
                "us offline.", *FILLER)
    assert v.stance == "no"


def test_what_is_inferred_after_so_is_asked():
    intent = read_question("imdb shows me personalized ads, so they must be handing my personal details to the advertisers right?")
    assert intent.practice == "share" and intent.yes_no
    assert read_question("Do I have the right to see my data?").practice != ""


def test_text_message_shorthand_is_read_as_words():
    assert corrected("r the online forms encrypted? can u delete ur data?").startswith("are the online forms encrypted? can you delete your")
    assert corrected("Plan R. U.S. r-value") == "Plan R. U.S. r-value"
    assert read_question(corrected("r the online forms on the site encrypted when i hit submit?")).yes_no


def test_a_name_kept_in_a_do_not_contact_file_is_not_wiped():
    v = verdict("If I opt out of their promos, do they wipe my name off their lists entirely?",
                'If you ask us to remove your name and address from promotional lists, we will maintain your name in a "do not '
                'contact" file to ensure that we can honor your request.', *FILLER)
    assert v.stance == "no"


def test_a_denial_conceded_first_gives_way_to_the_main_clause():
    v = verdict("Will outside ad companies set their own cookies on my computer while I'm on the site?",
                "Although advertisers or other companies do not have access to the Website cookies, the Website's advertisers, "
                "sponsors and/or traffic measurement services may themselves set and access their own cookies on your computer.",
                *FILLER)
    assert v.stance == "yes"
    # (not when the main clause is what the user may do)
    v = verdict("Will the website respect my browser's Do Not Track setting?",
                "Although our Websites are currently unable to respond to Do Not Track Signals, you may opt out of tracking "
                "activities by following the instructions in this Privacy Policy.", *FILLER)
    assert v.stance == "no"


def test_a_situation_after_a_filler_word_and_providing_to_us():
    intent = read_question("So when they send me a sponsor's offer, does that sponsor get my name and mailing address?")
    assert intent.practice == "share" and intent.yes_no
    share = BY_NAME["share"]
    assert not share.stated.search("we may ask you to provide us with certain information, including your name")
    assert share.stated.search("we may provide your name to our partners")


def test_that_kind_of_thing_points_back_at_what_was_told():
    intent = read_question("i search a lot about a health condition, will they use that kind of thing to target ads at me?")
    assert "health" in intent.object_terms


def test_telling_merchants_of_a_breach_is_notice():
    assert read_question("if they have a data breach, do they have to tell merchants?").practice == "notify"


def test_an_opt_out_to_be_made_again_does_not_carry_over():
    v = verdict("I opted out of their targeted ads. If I clear my cookies or get a new laptop, does the opt-out carry over?",
                "If you delete cookies, buy a new device, or change web browsers, you will need to opt-out again.", *FILLER)
    assert v.stance == "no"


def test_how_long_they_hold_onto_data_is_retention():
    assert read_question("how long does yahoo hold onto my data before it gets deleted for good?").practice == "retain"
    assert read_question("I unsubscribed, how long does it take before they stop emailing me?").practice != "retain"


def test_a_question_after_a_dash_is_yes_or_no():
    assert read_question("just browsing without an account - can they figure out who i am from my IP?").yes_no
    assert read_question("What happens to my friend's email - can they get it taken out?").practice == "delete"


def test_ads_still_shown_after_opting_out():
    v = verdict("If I opt out of the behavioral ad stuff, will they still show me ads?",
                "Opting out means that the ads you receive will not be tailored based on your choices or behavior.",
                "Also, if you opt out of online behavioral advertising, you may still see ads when you sign in to your account.", *FILLER)
    assert v.stance == "yes"


def test_a_duty_denied_answers_what_the_user_can_make_them_do():
    v = verdict("I'm in California - can I make them tell me which companies they shared my info with for direct marketing?",
                "California residents: because this website tells you how you may opt-out of the use of your personal information by third parties for "
                "direct marketing purposes, we are not required to provide you with the information.", *FILLER)
    assert v.stance == "no"


def test_a_choice_offered_to_the_user_is_a_way_to_opt_out():
    v = verdict("how do i stop getting promo emails from them?",
                "We offer you the opportunity to choose not to receive promotional email communications from us.", *FILLER)
    assert v.stance == "answered"


def test_offers_sent_without_a_channel_answer_whether_they_email_them():
    text = "We use your personal information to process your order and to send you information, offers and other promotional materials."
    assert verdict("after I buy something will they email me promo offers?", text, *FILLER).stance == "yes"
    text = "We use your personal information to send you offers and other promotional materials by postal mail."
    assert verdict("after I buy something will they email me promo offers?", text, *FILLER).stance != "yes"


def test_a_numbered_item_is_read_with_its_introduction_and_its_own_case():
    from stance_helpers import one_section
    t = one_section("Notwithstanding anything to the contrary, we reserve the right to share any User Information: (1) in response to "
                    "subpoenas or legal process;",
                    "(2) to our parent company, subsidiaries, or other companies under common control with us; and (3) if we are "
                    "acquired by or merged with another entity.", *FILLER)
    from stance_helpers import decide_over
    assert decide_over(t, "would my info get shared with a parent company?").stance == "yes"
    assert read_question("would my info from polygon get shared with other companies?").practice == "share"


def test_what_users_send_deemed_non_confidential():
    v = verdict("If I email them a tip with my name and town in it, will they keep that confidential?",
                "If you respond with information such as questions, comments, names, town of residence, or the like, such information "
                "is deemed to be non-confidential and we have no obligation of any kind with respect to such information.", *FILLER)
    assert v.stance == "no"


def test_the_names_of_the_do_not_track_signal_are_no_objects():
    assert not read_question("Does the company honor the Do Not Track option in my browser?").object_terms


def test_use_only_with_a_parents_involvement_is_a_restriction():
    v = verdict("can my 12 year old order hats on the site by himself?",
                "If you are under 18, you may use the Sites only with involvement of a parent or guardian.", *FILLER)
    assert v.stance == "no"


def test_a_first_name_that_is_no_english_word_is_the_company():
    from assistant.company_names import company_aliases
    corpus = "Caribou Coffee respects your privacy. Caribou Coffee collects your name."
    assert "caribou" in company_aliases("Cariboucoffee", corpus.lower(), corpus)
    corpus = "Internet Brands respects your privacy. Internet Brands collects your name."
    assert "internet" not in company_aliases("Internetbrands", corpus.lower(), corpus)


def test_finding_out_about_a_policy_change_is_notice():
    intent = read_question("If they change their privacy statement, how would I even find out?")
    assert intent.practice == "notify" and not intent.user_action
    assert read_question("Can I find out what data they have on me?").practice == "access"


def test_where_a_correction_is_made_is_no_object():
    assert "onlin" not in read_question("can i update my address online?").object_terms


def test_a_duty_of_the_company_is_no_requirement_of_the_user():
    v = verdict("do I have to tell them why I want to be called on my cell?",
                "We may use or disclose your information if we are required by law to do so.",
                "You will have an opportunity to object to the disclosure of your information by phone.", *FILLER)
    assert v.stance != "yes"


def test_giving_notice_is_notice_not_sharing():
    assert read_question("Will they give notice before changing their privacy statement?").practice == "notify"
    assert read_question("will they give my info to advertisers?").practice == "share"


def test_a_court_demanding_it_is_the_law_asked():
    intent = read_question("would they turn over my data if the government or a court demanded it?")
    assert "law" in intent.topics and not intent.object_terms


def test_cancelling_alerts_is_opting_out():
    assert read_question("Can I cancel the text alerts if they get annoying?").practice == "opt_out"


def test_others_on_the_site_seeing_my_profile_is_being_public():
    v = verdict("will other people on the site be able to see my email and phone number on my profile",
                "Your personal information may be made public in your personal profile; however, your contact information is not "
                "displayed.", *FILLER)
    assert v.stance == "no"


def test_stopping_them_sending_me_emails_is_no_sharing_stopped():
    from assistant.messages_kinds import SHARING_STOPPED
    assert not SHARING_STOPPED.search("How do I stop the company from sending me promo emails?")
    assert SHARING_STOPPED.search("can I stop them from sending my info to partners?")
    v = verdict("How do I stop them from sending me promo emails?",
                "You can stop the delivery of future promotional email from us by following the instructions in the email you receive.",
                *FILLER)
    assert v.stance == "answered"


def test_a_confirmation_that_an_email_was_opened_reports_back():
    v = verdict("When I open one of their newsletters, can they tell that I opened it?",
                "Email Communications: When you open emails from us, we may receive a confirmation noting you opened the email.", *FILLER)
    assert v.stance == "yes"


def test_a_requirement_asked_without_a_practice_is_read_from_what_is_needed():
    v = verdict("do i have to make an account just to look at the data on this site?",
                "You are not required to register for a user account to use this site.", *FILLER)
    assert v.stance == "no"
    assert corrected("do i have to go thru FB?") == "do i have to go through Facebook?"


def test_what_they_have_given_is_sharing():
    assert read_question("Can I ask them which companies they've given my info to for marketing?").practice == "share"


def test_emails_only_for_those_who_sign_up_answer_whether_they_enrol_me_automatically():
    v = verdict("When I register my gift card, do they automatically put me on their newsletter list?",
                "If you do not sign up for the product update or birthday greeting emails you will not receive them.", *FILLER)
    assert v.stance == "no"


def test_showing_up_on_google_is_being_public():
    assert read_question("will the comments i post on the site show up on google?").practice == "public"
