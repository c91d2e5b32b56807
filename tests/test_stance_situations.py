"""The verdict reader on kinds of question met in the thirteenth session's blind sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.intent import read_question


def test_when_a_thing_is_over_is_no_object():
    q = read_question("do they hang on to my childs info after the contest is over")
    assert q.practice == "retain" and "contest" not in q.object_terms
    assert "sweepstak" not in read_question("do they keep my entry after the sweepstakes ends?").object_terms
    v = verdict("do they hang on to my childs info after the contest is over",
                "All of the child's personal information collected is securely maintained and used only for the specified purpose, such as a contest.",
                "We do not keep any of the child's personal information after the particular event is completed.", *FILLER)
    assert v.stance == "no"


def test_what_a_cookie_does_not_contain_answers_whether_it_holds_my_name():
    v = verdict("do the cookies on their sites store my name or other personal info?",
                "Your Web browser offers cookies which, if you allow their use, store small amounts of data on your computer.",
                "Cookies do not contain any personally identifiable information about you and therefore cannot be used to identify you.",
                *FILLER)
    assert v.stance == "no" and v.support[0].sentence.startswith("Cookies do not contain")
    v = verdict("does the ad tracking on their site get my name or email?",
                "With cookies and Spotlight technology, the information we collect is anonymous. It does not contain your name or e-mail address.",
                *FILLER)
    assert v.stance == "no"
    # what a cookie holds says nothing of whether they track my browsing
    assert verdict("do their cookies track which pages I visit?",
                   "Cookies do not contain any personally identifiable information about you.", *FILLER).stance != "no"


def test_a_refused_permission_answers_whether_the_ad_networks_get_my_data():
    from assistant.polarity import read_polarity
    from assistant.vocabulary import BY_NAME

    collect = BY_NAME["collect"]
    assert read_polarity("We do not authorize these third party network advertisers to use this technology to collect personal information "
                         "about you.", collect.stated, collect.needs_data, company_actor=True)[0] == "no"
    assert read_polarity("We allow advertisers to collect information about you.", collect.stated, collect.needs_data, company_actor=True)[0] == "yes"
    assert read_question("do the ad networks on their sites get my personal info from them?").practices[:2] == ["share", "collect"]
    v = verdict("do the ad networks on their sites get my personal info from them?",
                "Third party ad networks may place cookies to serve ads on our sites. We do not authorize these third party network "
                "advertisers to use this technology to collect personal information about you.", *FILLER)
    assert v.stance == "no"


def test_a_contrast_that_names_the_object_denies_what_the_sentence_grants():
    v = verdict("can I wipe my old transactions from my account?",
                "You may ask to have the information on your account deleted or removed; however, because we keep track of past "
                "transactions for as long as is reasonably necessary, you cannot delete information associated with past transactions.",
                *FILLER)
    assert v.stance == "no"
    # the right itself still answers a question about the account
    assert verdict("can I delete the information on my account?",
                   "You may ask to have the information on your account deleted or removed; however, because we keep track of past "
                   "transactions for as long as is reasonably necessary, you cannot delete information associated with past transactions.",
                   *FILLER).stance == "yes"


def _section(*sentences: str, dense: tuple[float, ...]):
    import numpy as np
    from stance_helpers import one_section

    from assistant.retrieval import Scored

    t = one_section(*sentences, *FILLER)
    d = np.array(list(dense) + [0.1] * len(FILLER), dtype="float32")
    return t, Scored(fused=d.copy(), dense=d, bm25=d)


def test_is_there_a_way_asks_for_the_users_own_way_out_and_these_communications_are_as_close_as_what_they_name():
    from assistant import stance
    from assistant.question import Decision

    question = "is there a way to stop those maintenance / service announcement emails"
    assert read_question(question).user_action and read_question("is there any way to delete my account?").user_action
    t, scored = _section("Service Announcements On rare occasions it is necessary to send out a strictly service related announcement.",
                         "For instance, if our service is temporarily suspended for maintenance we might send users an email.",
                         "Generally, users may not opt-out of these communications, though they can deactivate their account.",
                         dense=(0.3, 0.46, 0.2))
    v = stance.decide(t, scored, read_question(question), Decision(True, "answered", 0.46, 1.0))
    assert v.stance == "no" and v.support[0].sentence.startswith("Generally, users may not")


def test_residents_of_a_state_may_request_is_a_right_of_the_user():
    v = verdict("I live in CA - is there a way to find out which companies got my data for their marketing?",
                "Residents of the State of California may request a list of all third parties to which we have disclosed personal "
                "information during the preceding year for the third parties' direct marketing purposes.", *FILLER)
    assert v.stance == "yes"  # (a yes/no question after the dash)


def test_a_long_name_the_documents_shorten_to_its_last_word_is_the_company():
    from assistant.company_names import company_aliases
    from assistant.question import neutral_question

    corpus = ("This Privacy Policy describes how The New York Times Company collects information. The New York Times may share "
              "your information with affiliates. The Times, its affiliates and partners use cookies.")
    aliases = company_aliases("Nytimes", corpus.lower(), corpus)
    assert "the times" in aliases and "new york times" in aliases
    assert "the times" not in neutral_question("does the times keep my credit card on file?", "Nytimes", aliases).lower()
    # a name of two words is not shortened ("the Post" is also a post)
    corpus = "The Washington Post collects information. The Post may share it."
    assert "the post" not in company_aliases("Washingtonpost", corpus.lower(), corpus)


def test_the_users_own_way_out_is_on_point_at_the_lower_floor():
    question = "i keep getting fundraising phone calls from them, can i make it stop?"
    way_out = ("If you prefer not to receive e-mail communications or postal mail or telephone calls from us, please notify us by "
               "emailing us with your name and address.")
    assert verdict(question, way_out, *FILLER, relevance=0.3).stance == "yes"
    assert verdict(question, way_out, *FILLER, relevance=0.2).stance == "not_stated"  # too far even so


def test_deleting_cookies_is_no_right_to_erase_my_info_and_a_deletion_right_is_on_point_at_the_lower_floor():
    question = "can I ask them to erase the personal info they have on me?"
    cookies = "If you wish, you can set your browser to refuse cookies or delete any existing cookies from your computer."
    assert verdict(question, cookies, *FILLER).stance != "yes"
    assert verdict("can I delete the cookies they put on my computer?", cookies, *FILLER).stance == "yes"
    right = "You may ask us to delete the personal information we hold about you by writing to our privacy office."
    assert verdict(question, right, *FILLER, relevance=0.3).stance == "yes"


def test_a_transfer_told_after_a_sale_of_the_business_is_about_the_sale():
    from stance_helpers import one_section

    question = "if the company gets bought, will they tell me before my info is handed over to the new company?"
    t = one_section("In the event that we are acquired by or merged with another company, your information may be among the assets transferred.",
                    "We will provide notice to you at your email address on file before any personal information is finally "
                    "transferred and becomes subject to a different privacy policy.", *FILLER)
    from stance_helpers import decide_over

    v = decide_over(t, question)
    assert v.stance == "yes" and "provide notice" in v.support[0].sentence
    # a notice that stands alone says nothing of a sale
    assert verdict(question, "We will provide notice to you at your email address on file before we make material changes.",
                   *FILLER).stance != "yes"


def test_a_childs_participation_not_conditioned_on_more_data_answers_whether_they_make_a_kid_give_more():
    question = "can they make my kid give extra personal info just to play a game on the site?"
    coppa = ("We do not and cannot condition a child's participation in any of our online activities on the disclosure of more "
             "information than is reasonably necessary to participate in that activity.")
    assert verdict(question, "We may request a child's email address and a parent's email address for some games.", coppa, *FILLER).stance == "no"
    assert verdict("do they collect personal information from children?", coppa, *FILLER).stance != "no"


def test_a_right_to_request_and_receive_is_a_right_of_access():
    v = verdict("I'm in California - can I find out who they shared my info with for marketing?",
                "California law gives you the right to request and receive from us, once per calendar year, information as to how we "
                "have shared your personally identifiable information with third parties for their direct marketing purposes.", *FILLER)
    assert v.stance == "yes"  # (a yes/no question after the dash)


def test_notifications_answer_a_question_about_notification_emails():
    v = verdict("can i turn off the notification emails for geocaches i own?",
                "If you do not want to receive our newsletter or marketing communications, you can click the unsubscribe link.",
                "Please note that you cannot disable notifications related to geocaches or Trackables owned by you.", *FILLER)
    assert v.stance == "no" and v.support[0].sentence.startswith("Please note that you cannot disable")


def test_combining_data_is_a_narrow_practice():
    question = "do they link what i buy in the store with what i do on their website"
    combining = "To do this, we combine personal and non-personal information, collected online and offline, including information from other sources."
    assert verdict(question, combining, *FILLER, relevance=0.3).stance == "yes"


def test_only_the_address_book_answers_a_question_about_my_contacts():
    question = "does the app read the contacts on my phone?"
    assert verdict(question, "This software may record information such as how often you use the app on your mobile device.",
                   "If you are a new customer, we will contact you by electronic means with offers.", *FILLER).stance == "not_stated"
    assert verdict(question, "We may access your phone contacts if you allow it.",
                   *FILLER).stance == "yes"


def test_letting_the_app_see_my_location_is_its_collecting_it():
    question = "Can I stream live games in the app without letting it see my location?"
    assert read_question(question).practice == "collect" and read_question("do I have to let them see my location?").practice == "collect"
    assert "collect" not in read_question("will they let me see my data?").practices  # the user seeing: no collecting
    v = verdict(question, "Please be advised, for some features within our Applications to function (e.g. live game video) we must confirm "
                          "your current location and therefore some features will not be available if you choose not to provide your "
                          "location data to us.", *FILLER, heading="Information We Collect")
    assert v.stance == "no"


def test_ie_and_eg_end_no_clause():
    from assistant.polarity import read_polarity
    from assistant.vocabulary import BY_NAME

    share = BY_NAME["share"]
    assert read_polarity("We may share anonymous, aggregated (i.e. grouped) demographic information third parties (such as grant making "
                         "organizations and foundations).", share.stated, share.needs_data, company_actor=True)[0] == "yes"


def test_an_opt_out_per_device_answers_whether_it_covers_my_phone():
    question = "I opted out of interest-based ads on my laptop. Does that cover my phone too?"
    per_device = ("Note that you must opt-out separately from each computer or device and browser that you use to access our Services, "
                  "and if you clear your cookies you will need to opt out again.")
    assert verdict(question, "You can opt out of interest-based advertising from our partners by visiting their pages.", per_device,
                   *FILLER, relevance=0.3).stance == "no"
    assert verdict("can I opt out of interest-based ads?", per_device, *FILLER).stance != "no"
