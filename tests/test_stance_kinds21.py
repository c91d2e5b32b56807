"""The verdict reader on kinds of question met in the twenty-first session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.intent import AFTER_LEAVING, read_question
from assistant.polarity import read_polarity
from assistant.question import _FRAMING
from assistant.text import tokenize
from assistant.vocabulary import BY_NAME, TOPIC_ASKED


def test_one_negation_reaches_a_list_of_verb_phrases():
    sentence = ("A reddit app may also allow you to post to social media, including Facebook or Twitter, but reddit will not connect to "
                "the servers of those services, share information with those services, or post on your behalf.")
    assert read_polarity(sentence, BY_NAME["share"].stated)[0] == "no"
    # a list of its own after a statement is not reached: "we collect your name, share it with our partners, or …" states them
    assert read_polarity("We collect your name, share it with our partners, or sell it to advertisers.", BY_NAME["share"].stated)[0] == "yes"


def test_other_organisations_named_by_a_word_of_their_own_are_a_party():
    intent = read_question("If I call them with a question, will they pass along what I told them to outside groups?")
    assert "third_parties" in intent.topics
    assert not {"group", "told"} & intent.object_terms
    v = verdict("If I call them with a question, will they pass along what I told them to outside groups?",
                "We do not disclose the information in that record to any outside entity unless you give us permission to do so.", *FILLER)
    assert v.stance == "no"


def test_a_denial_without_the_users_consent_is_no_exception_to_the_floor():
    v = verdict("Will Valve hand my email to other companies so they can spam me with offers?",
                "Valve will not share any personally identifiable information with third parties for marketing purposes without your consent.",
                *FILLER, relevance=0.3)
    assert v.stance == "no"


def test_a_californian_city_is_california():
    assert "california" in read_question("I live in LA - can I find out which companies they gave my info to?").topics
    assert "california" in read_question("I'm in San Francisco, do I get extra rights?").topics
    assert "california" not in read_question("I live in la la land, do they sell my data?").topics


def test_keeping_messages_after_both_delete_their_accounts_is_retention():
    q = "Does reddit keep my private messages even after me and the other person both delete our accounts?"
    assert AFTER_LEAVING.search(q)
    assert read_question(q).practice == "retain"
    assert read_question("Will they keep my data private?").practice != "retain"  # keeping it private is protecting it


def test_asking_me_to_confirm_my_password_is_collecting_it():
    q = "Got an email supposedly from them asking me to confirm my password. Would they really ask for that?"
    assert read_question(q).practice == "collect"
    assert {"suppos", "am"} <= _FRAMING
    v = verdict(q, "WE DO NOT SEND EMAILS ASKING YOU TO PROVIDE OR CONFIRM CREDIT CARD NUMBERS OR YOUR PASSWORD!", *FILLER)
    assert v.stance == "no"


def test_seeing_all_my_comments_is_access():
    assert read_question("Is there somewhere I can see all the comments I've left on their articles?").practice == "access"
    assert "left" in _FRAMING and set(tokenize("somewhere")) <= _FRAMING


def test_a_name_ending_up_in_front_of_lawmakers_is_sharing():
    assert read_question("If I sign a petition, could my name end up in front of lawmakers?").practice == "share"


def test_the_company_getting_in_touch_is_a_practice_of_its_own():
    for q in ("If I take action on one of their campaigns, am I going to start getting emails from them?",
              "if I enter one of their giveaways are they gonna text me?", "If I leave without buying, will they contact me about it?"):
        intent = read_question(q)
        assert intent.practice == "message", q
        assert not intent.user_action and "start" not in intent.object_terms, q
    # another practice named asks it: "… will they stop emailing me altogether?" is about opting out
    assert read_question("If I hit unsubscribe on their promo emails, will they stop emailing me altogether?").practice == "opt_out"
    v = verdict("Am I going to start getting emails from them?", "Once you take action, we will send you emails about our work.", *FILLER)
    assert v.stance == "yes"
    v = verdict("Will they text me promos if I never said yes to it?",
                "We will only send our customers text messages regarding promotional offers if a customer specifically grants us permission.",
                *FILLER)
    assert v.stance == "no"
    assert TOPIC_ASKED["sms"].search("are they gonna text me?")


def test_words_that_name_no_object():
    cases = {
        "how long does FARE keep the stuff I enter on their website?": {"enter"},  # what I enter is my data
        "would the verge app use my phone's gps?": {"phone"},  # the device has it
        "are their computers reading my emails?": {"comput"},  # the company's machinery is the company
        "If they ever got bought by another company, would my account info go along with the sale?": {"sale"},  # the merger asked
        "would they give my info to a government agency even without a subpoena?": {"agenc", "govern"},  # the authorities asked
        "If info in my student records is wrong, can I get it corrected?": {"student"},  # whose records
        "Will they build some kind of profile on me for ad targeting?": {"target"},  # the practice itself
        "If I just browse the website, are they going to start messaging me even though I never asked?": {"though"},
    }
    for q, words in cases.items():
        assert not words & read_question(q).object_terms, q
    assert "server" in read_question("do they save my card number on their servers?").object_terms  # where it is kept is asked


def test_kinds_of_practice_named_in_other_words():
    assert read_question("do i have to pay the company to see or correct my data?").practice == "charge"
    assert read_question("do they keep my card number on file after I pay for a subscription?").practice == "retain"
    assert read_question("Can they tie what I search for on the site back to me as a person?").practice == "combine"
    assert read_question("Can my data get moved around to other company offices?").practice == "share"
    assert read_question("why are they asking what my job is? is that in the policy?").practice == "collect"
    # offers sent to me from other companies are messages, not data received from them
    intent = read_question("will they send me offers from other companies too, not just their own stuff?")
    assert intent.practice == "message" and "third_parties" in intent.topics
    v = verdict("will they send me offers from other companies too, not just their own stuff?",
                "We may use your personally identifiable information to notify you of special offers and products from third parties that we think "
                "may be of interest to you.", *FILLER)
    assert v.stance == "yes"


def test_a_question_after_what_is_told_is_still_yes_or_no():
    intent = read_question("They build a profile of what I look at on the site. Does that profile get passed to other companies?")
    assert intent.yes_no
    v = verdict("They build a profile of what I look at on the site. Does that profile get passed to other companies?",
                "We do not share your profile with other third parties.", *FILLER)
    assert v.stance == "no"


def test_software_looking_at_other_software_is_collecting():
    assert read_question("does the desktop app or toolbar look at what other software is on my computer?").practice == "collect"
    assert read_question("can other people look at what I posted?").practice != "collect"


def test_only_employees_who_need_it_limits_access():
    v = verdict("Do they limit which of their staff can actually look at my personal details?",
                "Only employees who need the information to perform a specific job (for example, our billing clerk) are granted access to "
                "personally identifiable information.", *FILLER)
    assert v.stance == "yes"


def test_whether_a_parents_ok_is_needed_is_no_age_limit_question():
    v = verdict("I'm 16 and just like reading cocktail history. Do I need my parents' OK to browse the site?",
                "No one under the age of 21 is allowed to receive our emails.",
                "Minors between the ages of 13 and 17 must get the permission of their parent(s) or legal guardian(s) before viewing the website.",
                *FILLER)
    assert v.stance == "yes"


def test_registration_required_first_answers_using_it_without():
    v = verdict("Can I use the site without having to register first?",
                "In order to use this Web site, a user must first complete the registration form.", *FILLER)
    assert v.stance == "no"


def test_ads_still_shown_after_opting_out_of_tailored_ads():
    v = verdict("If I turn off personalized ads, does that mean I won't see ads on their sites anymore?",
                "To allow us to personalize the content and advertising that you see on the Services.",
                "You may still receive advertisements even if you opt-out of tailored advertising.", *FILLER)
    assert v.stance == "no"


def test_a_giveaway_is_a_contest_and_info_going_to_someone_is_sharing():
    from assistant.objects import synonyms_of

    assert "contest" in synonyms_of("giveaway")
    assert read_question("If I enter one of their giveaways, does my info go to whoever is sponsoring it?").practice == "share"


def test_asking_for_stuff_like_my_phone_number_and_without_checking_with_me():
    assert read_question("could they ask me for stuff like my phone number or zip code?").practice == "collect"
    intent = read_question("Will they hand my name and email over to other companies without checking with me first?")
    assert "check" not in intent.object_terms


def test_a_condition_that_is_the_questions_own_situation_states_what_holds():
    v = verdict("if they start emailing me about new products I never asked about, can I make it stop?",
                "CHOICE/OPT-OUT If we ever send you information by e-mail concerning new products or services that you did not expressly "
                "request, we will provide you with an e-mail address by which you may request no future notices.", *FILLER)
    assert v.stance == "yes"


def test_the_users_wish_to_see_their_data_is_access():
    assert read_question("I'd like to see what info they have on me. is that possible?").practice == "access"


def test_telling_a_relative_how_i_am_doing_is_sharing():
    intent = read_question("My sister is helping take care of me after surgery. can the hospital tell her how I'm doing?")
    assert intent.practice == "share" and not intent.object_terms  # the situation told first names no object


def test_telling_them_why_is_no_notice():
    assert read_question("I want them to call me on my cell instead of at work. do I have to tell them why?").practice != "notify"


def test_what_cannot_be_done_unless_one_provides_it():
    v = verdict("Can I enter their sweepstakes without handing over any personal info?",
                "For example, you cannot post comments or register for the Site, contests, surveys or newsletters unless you provide certain "
                "information.", *FILLER)
    assert v.stance == "no"


def test_what_affects_the_ads_i_see_is_targeting():
    intent = read_question("if i've been shopping for telescopes on other websites, could that affect the ads they show me?")
    assert intent.practice == "targeted_ads" and not {"telescop", "shop"} & intent.object_terms


def test_the_privacy_statement_and_what_is_meant_name_no_object():
    intent = read_question("Does their privacy statement say the info those ad companies gather is anonymous and not meant to identify me?")
    assert not {"statement", "meant"} & intent.object_terms


def test_a_denial_of_one_purpose_of_cookies_is_no_denial_of_using_them():
    v = verdict("Does the site drop cookies on my computer when I browse it?",
                "We do not use cookies to collect personal information, and we do not use cookies to retrieve information from your computer.",
                *FILLER)
    assert v.stance != "no"
    v = verdict("do they use cookies to track which pages I look at?", "We do not use cookies to collect information about the pages you visit.",
                *FILLER)
    assert v.stance == "no"  # the purpose asked, denied
