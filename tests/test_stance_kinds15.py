"""The verdict reader on kinds of question met in the fifteenth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, verdict

from assistant.intent import read_question


def test_a_refusal_to_guarantee_set_off_by_commas():
    v = verdict("Do they promise my account can't be hacked?",
                "We use industry standard safeguards to protect your information.",
                "We cannot, however, ensure the security of the data you send us, and you do so at your own risk.", *FILLER)
    assert v.stance == "no"


def test_marketing_choices_managed_by_phone():
    v = verdict("is there a way to opt out of their telemarketing calls?",
                "If you prefer that we not contact you with offers by mail or telemarketing, you may manage your marketing choices by calling "
                "our customer line.", *FILLER)
    assert v.stance == "yes"


def test_geo_location_with_a_hyphen_is_precise_location():
    v = verdict("does the app track my gps location?",
                "Our app may collect your geo-location when you request store directions.", *FILLER)
    assert v.stance == "yes"


def test_cookies_that_hold_nothing_unencrypted():
    v = verdict("do their cookies keep my personal info unencrypted?",
                "The cookies we set do not contain unencrypted personal information.", *FILLER)
    assert v.stance == "no"
    # a plain statement of encryption still answers a question about plain text the other way round
    v = verdict("do they store my password in plain text?", "We store your password in encrypted form.", *FILLER)
    assert v.stance == "no"


def test_deleting_data_kept_by_browser_add_ons_is_no_right_to_delete_an_account():
    v = verdict("can I get them to delete my account and all my data?",
                "You can delete data kept by browser add-ons, such as Flash, by changing the settings of the add-on.", *FILLER)
    assert v.stance == "not_stated"


def test_another_party_named_by_what_it_is_gets_the_data():
    assert read_question("does that company now have my email address?").practice == "share"
    assert read_question("does my local station get my personal details?").practice == "share"
    assert read_question("does the company store my data?").practice != "share"  # the company itself
    v = verdict("they sent me a coupon for another brand. does that business now have my email address?",
                "When we send offers on behalf of other businesses, we do not give those businesses your name or email address.", *FILLER)
    assert v.stance == "no"


def test_ending_up_on_a_mailing_list_is_sharing():
    assert read_question("could my name end up on some other company's mailing list?").practice == "share"


def test_a_question_ending_in_public_asks_whether_it_is_public():
    assert read_question("if I comment on a post, is my screen name and what I wrote public?").practice == "public"


def test_the_company_getting_to_see_is_collecting():
    assert read_question("does the company get to see my friends list?").practice == "collect"


def test_spyware_is_no_spying():
    assert read_question("does installing the app put spyware on my phone?").practice != "collect"
    assert read_question("do they spy on what I type?").practice == "collect"


def test_the_address_book_by_any_of_its_names():
    v = verdict("the game wants my contacts to invite friends - are they going to save my whole address book?",
                "We will not store the information in your contacts list.", *FILLER)
    assert v.stance == "no"
    # "friends" and "contacts" have other senses: a send-to-a-friend feature is no friends list
    v = verdict("if I log in with Facebook, do they pull my friends list?",
                "If you use our send-to-a-friend feature, we collect your friend's email address to send the message.", *FILLER)
    assert v.stance == "not_stated"


def test_a_told_wish_of_the_user_is_not_the_question():
    assert not read_question("the app wants my contacts so I can invite friends, are they going to keep them?").user_action


def test_copies_left_undeleted_hang_around():
    assert read_question("can copies of my stuff hang around in their backups?").practice == "retain"
    v = verdict("after I delete something, can copies hang around in backups?",
                "After you delete information, we may not immediately delete residual copies from our servers and may not remove "
                "information from our backup systems.", *FILLER)
    assert v.stance == "yes"


def test_a_product_named_in_capitals_is_no_object():
    assert "bat" not in read_question("Does the At Bat app keep grabbing my location?").object_terms
    assert "background" not in read_question("does the app collect my location even when it's left open in the background?").object_terms


def test_features_that_need_it_answer_a_question_about_doing_without():
    v = verdict("Can I watch live games in the app without letting it see my location?",
                "For some features to function (such as live game video), we must confirm your current location, and some features will "
                "not be available if you "
                "choose not to provide your location data to us.", *FILLER)
    assert v.stance == "no"
    # … and the user's choice is no purpose ruled out: it does not deny collecting the location
    v = verdict("does the app collect my location?",
                "If you enable location services, we may collect location data periodically as you use the app.",
                "Some features will not be available if you choose not to provide your location data to us.", *FILLER)
    assert v.stance == "yes"


def test_whom_to_contact_about_privacy():
    assert read_question("is there a privacy person I can write to with a complaint?").practice == "contact"
    assert read_question("who do I contact to delete my data?").practice == "delete"  # the right asked for comes first
    v = verdict("is there an actual privacy person I can write to with a complaint?",
                "If you have questions or concerns about this Privacy Policy, you can contact our Privacy Administrator at the address below.",
                *FILLER)
    assert v.stance == "yes"
    v = verdict("is there a phone number i can call about a privacy question?",
                "If you have questions about this Privacy Policy, you can write to us at the postal address below.", *FILLER)
    assert v.stance == "not_stated"


def test_every_practice_has_a_question_category():
    from assistant.categories import _BY_PRACTICE, category_of
    from assistant.vocabulary import PRACTICES

    assert category_of("is there a privacy officer I can write to?") == "rights_choices"
    assert {p.name for p in PRACTICES} <= set(_BY_PRACTICE)


def test_a_back_reference_with_adjectives_points_back():
    t = one_section("When you donate online, you give us your credit card number and billing address.",
                    "This sensitive personal information is stored by us for verification purposes or for recurring donations you have "
                    "authorized.", *FILLER)
    assert decide_over(t, "after I donate, do they keep my credit card number on file?").stance == "yes"


def test_that_company_is_the_advertiser_an_email_was_sent_for():
    v = verdict("When they email me an advertiser's offer, does that advertiser get my email address?",
                "If we send you e-mail on behalf of another company, your personally identifiable information is not disclosed to that company.",
                *FILLER)
    assert v.stance == "no"


def test_cookies_on_my_computer_name_no_object():
    assert "comput" not in read_question("does the website put any cookies on my computer?").object_terms


def test_one_use_answers_whether_they_do_it_at_all():
    v = verdict("does the website put any cookies on my computer at all?",
                "Typically, we do not use cookies on our central web server.",
                "However, the following applications do use cookies to store your login information.", *FILLER)
    assert v.stance == "yes"
    # without "at all" the close call stays with the denial
    v = verdict("does the website use cookies on the central web server?",
                "Typically, we do not use cookies on our central web server.",
                "However, the following applications do use cookies to store your login information.", *FILLER)
    assert v.stance == "no"


def test_a_notice_of_material_changes_answers_will_they_tell_me():
    v = verdict("will they tell me if they change their privacy policy?",
                "We reserve the right to modify the terms of our Privacy Policy from time to time without notice.",
                "If we make a material change in the way we use your personal information, we will provide prominent notice of the change.",
                *FILLER)
    assert v.stance == "yes" and v.exceptions


def test_used_only_in_aggregate_answers_a_question_about_my_own_answers():
    v = verdict("will someone look at my individual survey answers?",
                "If you participate in a user survey, your answers and personal information will only be analyzed in aggregate.", *FILLER)
    assert v.stance == "no"


def test_finding_out_whether_an_email_was_opened_is_no_condition():
    v = verdict("can they tell whether I opened one of their marketing emails?",
                "We also use web beacons in HTML emails that we send to determine whether our customers have opened those emails.", *FILLER)
    assert v.stance == "yes"


def test_whether_the_company_answers_for_what_others_do():
    assert read_question("If an app I gave my password to misuses my data, is the bank on the hook for that?").practice == "scope"
    v = verdict("I gave a budgeting app my username and password. If it misuses my data, are they liable?",
                "We are not responsible for the use or disclosure of any personal information accessed by any company or person to whom you "
                "provide your username and password.", *FILLER)
    assert v.stance == "no"


def test_a_shortened_key_term_is_mentioned():
    from assistant.question import _mentioned

    assert _mentioned("admin", {"administrator"})
    assert not _mentioned("bank", {"bankruptcy"})  # a short word is no shortening


def test_changes_named_without_the_policy_are_changes_to_it():
    v = verdict("will they tell me when they change their privacy policy?", "If we make changes, we will notify our users by email.", *FILLER)
    assert v.stance == "yes"
    v = verdict("will they tell me if they change how they use my info?",
                "If we are going to use your personal information in a manner different from that stated at the time of collection, we will "
                "notify you via email.", *FILLER)
    assert v.stance == "yes"


def test_a_name_typed_without_its_article_is_the_company():
    from assistant.question import neutral_question

    assert neutral_question("can any atlantic employee pull up my account?", "Theatlantic") == "can any the company employee pull up my account?"
    assert neutral_question("does foxhill sell my data?", "Thefox") == "does foxhill sell my data?"  # a short name stays a word


def test_practices_that_apply_regardless_of_do_not_track_ignore_it():
    v = verdict("does the site honor my browser's do not track setting?",
                "Our information and disclosure practices will continue to apply as described in this privacy policy regardless of any "
                "Do Not Track signals that are sent by certain browsers.", *FILLER)
    assert v.stance == "no"


def test_more_ways_a_policy_states_an_opt_out():
    v = verdict("can i stop getting their promotional emails?",
                "You have the option to not receive promotional e-mail communications from us.", *FILLER)
    assert v.stance == "yes"
    v = verdict("can I get them to stop sending me promotional mail?",
                "If you want us to stop sending you promotional mail to your postal address, you may notify us in writing.", *FILLER)
    assert v.stance == "yes"


def test_security_stated_as_limited_access_and_refused_guarantees():
    v = verdict("do they do anything to keep my personal info safe?", "We limit employee access to your personal information.", *FILLER)
    assert v.stance == "yes"
    v = verdict("can they guarantee my info won't get hacked?",
                "We take reasonable measures to protect your information.",
                "However, no one can guarantee the complete safety of your information.", *FILLER)
    assert v.stance == "no"


def test_backed_up_copies_that_continue_to_exist_and_a_letter_asking_to_see():
    v = verdict("if i delete the app, do copies of my stuff stick around?",
                "If you have backed up your device's apps, app information may continue to exist where you have backed it up.", *FILLER)
    assert v.stance == "yes"
    v = verdict("can I see what information they have about me?",
                "You may send a letter to the address below requesting to see your information for the previous two years.", *FILLER)
    assert v.stance == "yes"


def test_what_the_user_must_give_is_collected():
    v = verdict("do they collect my home address when I enter a contest?",
                "If you enter a contest, you will be required to submit your name, home address and email address.", *FILLER)
    assert v.stance == "yes"


def test_a_new_clause_after_and_we_has_its_own_object():
    v = verdict("does the site collect info from kids under 13?",
                "We use an age-gate to make certain features unavailable for use by children under 13, and we do not knowingly collect "
                "personal information from children under 13 in connection with those features.", *FILLER)
    assert v.stance == "no"


def test_a_product_named_at_the_start_of_a_question():
    assert "bat" not in read_question("The At Bat app keeps grabbing my location, does it?").object_terms


def test_a_refused_permission_to_give_us_data_is_a_denial_of_collecting_it():
    v = verdict("does the app collect info from children under 13?",
                "We won't knowingly allow anyone under the age of 13 to provide us any personally identifying information online.", *FILLER)
    assert v.stance == "no"


def test_a_heading_in_capitals_glued_to_a_denial_states_nothing():
    from assistant.polarity import read_polarity
    from assistant.vocabulary import BY_NAME

    share = BY_NAME["share"]
    assert read_polarity("INFORMATION SHARING AND DISCLOSURE We do not rent, sell, or share personal information about you with other people.",
                         share.stated, share.needs_data, company_actor=True)[0] == "no"
    assert read_polarity("THE SITE We share your data with partners.", share.stated, share.needs_data, company_actor=True)[0] == "yes"
