"""The verdict reader on kinds of question met in the fourteenth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, verdict

from assistant.intent import read_question


def test_everyday_ways_of_asking_name_the_practice():
    assert read_question("can they tell roughly where I am?").practice == "collect"
    q = read_question("will they email me if they make big changes to the privacy policy?")
    assert q.practice == "notify" and "changes" in q.topics
    assert read_question("will they email me about new offers?").practice != "notify"  # marketing, not a notice of changes
    assert read_question("can i stop every single email from them, even the account ones?").practice == "opt_out"
    q = read_question("is there a way to tell them not to give my info to other companies for their own marketing?")
    assert q.practice == "opt_out" and q.user_action
    assert read_question("if i enter their contest who ends up with my info").practice == "share"
    assert "care" not in read_question("do they care if my browser sends a do not track signal").object_terms


def test_a_sister_company_is_an_affiliate():
    v = verdict("does the site pass my info around to its sister companies?",
                "We may share your information with our affiliates for the purposes described in this Privacy Policy.", *FILLER)
    assert v.stance == "yes"


def test_anyone_may_access_what_is_posted_in_a_forum():
    v = verdict("If I post in a forum, can just anyone see it?",
                "By choosing to use these areas, you understand and agree that anyone may access, use, and disclose any information that "
                "you post to those areas.", *FILLER)
    assert v.stance == "yes"


def test_a_child_account():
    assert verdict("can my 10 yr old have her own account?",
                   "With parental permission, a child under age 13 might have a Family Account.", *FILLER).stance == "yes"
    assert verdict("can my 11 year old make an account?",
                   "The Services are not intended for and may not be used by children under the age of 13.", *FILLER).stance == "no"


def test_messages_still_sent_after_opting_out():
    # "altogether": all of it
    v = verdict("if I opt out of tailored ads will they stop showing me ads altogether?",
                "Please note that you may still receive advertisements even if you opt-out of tailored advertising.", *FILLER)
    assert v.stance == "no"
    # the admin messages named by the question are those the company reserves the right to send
    v = verdict("can i turn off the newsletter and those admin type messages they send",
                "We reserve the right to send you certain communications relating to the service, such as service announcements and "
                "administrative messages, without offering you the opportunity to opt out of receiving them.",
                "You can unsubscribe from marketing e-mails at any time by clicking the link in the e-mail.", *FILLER)
    assert v.stance == "no"
    # … but not a question about marketing e-mails alone
    v = verdict("can i unsubscribe from their marketing emails?",
                "We reserve the right to send you certain communications relating to the service, such as service announcements and "
                "administrative messages, without offering you the opportunity to opt out of receiving them.",
                "You can unsubscribe from marketing e-mails at any time by clicking the link in the e-mail.", *FILLER)
    assert v.stance == "yes"


def test_none_of_them_points_back_at_the_advertisers():
    v = verdict("do advertisers on their sites get my email address?",
                "We allow advertisers to place cookies on our sites. None of them collect any personal information from your computer, "
                "such as your e-mail address.", *FILLER)
    assert v.stance == "no"


def test_more_everyday_ways_of_asking():
    assert read_question("I gave them my home address — can that end up with advertisers who mail me junk?").practice == "share"
    q = read_question("i have do not track turned on in chrome, does the site listen to that?")
    assert q.practice == "honor_dnt" and "dnt" in q.topics  # "that" points back at what was told first
    assert read_question("can they link all my activity together into one profile?").practice == "combine"
    assert "articl" not in read_question("does the site track my location when im reading articles").object_terms
    q = read_question("is the site making money by selling my data?")
    assert q.practice == "sell" and "money" not in q.object_terms
    assert "brows" not in read_question("my kid uses their book site — will he get ads based on his browsing?").object_terms
    assert "nobodi" not in read_question("Can they guarantee nobody will hack into my account?").object_terms


def test_opting_out_does_not_stop_everything():
    v = verdict("If I hit unsubscribe on their promo emails, will they stop emailing me altogether?",
                "You can opt out of receiving our marketing emails.",
                "Even if you opt out of getting marketing messages, we will still be sure to send you transactional messages.", *FILLER)
    assert v.stance == "no"


def test_minors_old_enough_say_nothing_of_children():
    v = verdict("Do they collect info from kids under 13?",
                "We assume that minors 13 years of age or older have received permission from their parents before using this website.",
                *FILLER)
    assert v.stance != "yes"
    v = verdict("Do they collect info from kids under 13?",
                "We assume that minors 13 years of age or older have received permission from their parents before using this website.",
                "The site does not knowingly collect or solicit personal information from anyone under the age of 13.", *FILLER)
    assert v.stance == "no"


def test_a_commitment_to_privacy_is_no_security_measure():
    v = verdict("what do they do to keep my info safe from hackers", "The site is committed to protecting and respecting your privacy.", *FILLER)
    assert v.stance == "not_stated"
    v = verdict("what do they do to keep my info safe from hackers",
                "We are committed to protecting your privacy and use SSL encryption and firewalls to protect your information.", *FILLER)
    assert v.stance == "answered"


def test_the_companys_rights_are_not_the_users():
    v = verdict("I live in California, what extra privacy rights do I get?",
                "We may disclose your personal information as required by law, or to protect the rights or property of the company.", *FILLER)
    assert v.stance == "not_stated"


def test_initials_and_spellings():
    from assistant.question import _mentioned, foreign_entities

    assert foreign_entities("Is BGG ok for kids under 13?", "boardgamegeek privacy policy", "Boardgamegeek") == []
    assert foreign_entities("Is IBM ok for kids under 13?", "boardgamegeek privacy policy", "Boardgamegeek") == ["IBM"]
    assert _mentioned("spam", {"spammer"}) and _mentioned("acount", {"account"})
    assert not _mentioned("bank", {"banner"}) and not _mentioned("race", {"trace"})


def test_text_messages_are_not_emails():
    q = read_question("will they send promo text messages to my phone?")
    assert "sms" in q.topics
    v = verdict("will they send promo text messages to my phone?",
                "It also enables us to send you announcement emails about our new content, features, services, products, promotions, etc.",
                *FILLER)
    assert v.stance not in ("yes", "no")
    v = verdict("will they send promo text messages to my phone?",
                "With your consent, we may send you promotional text messages (SMS) to the mobile number you provide.", *FILLER)
    assert v.stance == "yes"


def test_behavioural_targeting_of_children():
    v = verdict("my kid uses one of their children's book sites — will he get ads based on his browsing?",
                "This information is not used to behaviorally target children and we do not permit behavioral targeting on any of our "
                "Sites that are directed to children.", *FILLER)
    assert v.stance == "no"


def test_in_charge_of_is_no_fee_and_no_guarantee_answers_a_guarantee():
    assert read_question("is the site in charge of those cookies?").practice != "charge"
    assert read_question("do they charge a fee to see my data?").practice == "charge"
    v = verdict("Can they guarantee nobody will hack into my account or steal my info?",
                "We have security measures in place to protect your information.",
                "We cannot promise that your use of our sites will be completely safe.", *FILLER, relevance=0.3)
    assert v.stance == "no"


def test_merging_data_from_others_is_combining():
    assert read_question("do they get data about me from other companies and merge it with my profile?").practice == "combine"
    assert read_question("do they buy data about me from brokers?").practice == "receive"


def test_service_messages_named_by_the_question_are_still_sent():
    v = verdict("can i turn off the newsletter and those admin type messages they send",
                "We reserve the right to send you certain communications relating to the service, such as service announcements and "
                "administrative messages, without offering you the opportunity to opt out of receiving them.",
                "Users can opt out of receiving future marketing communications or they can unsubscribe from the newsletter.", *FILLER)
    assert v.stance == "no"
    v = verdict("can i stop every single email from them, even the account/admin ones?",
                "Even if you do take advantage of this opportunity, we reserve the right to send you administrative messages relating to "
                "the Services.", *FILLER, relevance=0.2)
    assert v.stance == "no"


def test_how_they_handle_my_data_and_right_away_are_no_objects():
    assert "handl" not in read_question("will they let me know if they change how they handle my data?").object_terms
    q = read_question("if i delete my info from them is it gone right away?")
    assert q.practice == "delete" and not q.object_terms
    v = verdict("if i delete my info from them is it gone right away?",
                "Please note that any User Information that we have copied may remain in back-up storage for some period of time after "
                "your request.", *FILLER)
    assert v.stance == "no"


def test_my_emails_are_messages_not_an_address():
    v = verdict("does the site go through my emails to decide which ads to show me?",
                "The site does not provide any personal information to the advertiser when you interact with or view a targeted ad.",
                *FILLER)
    assert v.stance != "no"
    v = verdict("does the site give my email to advertisers?",
                "The site does not provide any personal information to advertisers.", *FILLER)
    assert v.stance == "no"


def test_information_provided_to_sponsors_is_shared():
    v = verdict("if i enter their contest who ends up with my info",
                "When you sign up to participate in a contest or sweepstakes, your information may also be provided to our sweepstakes "
                "or contest advertisers, operators, or sponsors.", *FILLER)
    assert v.stance in ("yes", "answered")


def test_contact_information_withheld_answers_email_and_phone():
    from assistant.polarity import read_polarity
    from assistant.vocabulary import BY_NAME

    # a practice stated in words holding their own negation is denied ("… is not displayed")
    assert read_polarity("Your contact information is not displayed.", BY_NAME["public"].stated)[0] == "no"
    assert read_polarity("Your profile is made public.", BY_NAME["public"].stated)[0] == "yes"
    v = verdict("can other members see my email and phone number on my profile?",
                "Your personal information, including demographic information, may be made public in your personal profile; however, "
                "your contact information is not displayed.", *FILLER)
    assert v.stance == "no"
    # … but not a question about what the profile shows otherwise
    v = verdict("can other members see my profile?",
                "Your personal information, including demographic information, may be made public in your personal profile; however, "
                "your contact information is not displayed.", *FILLER)
    assert v.stance == "yes"


def test_closing_my_account_is_deleting_it():
    assert read_question("so if I close my the company account is everything gone?").practice == "delete"


def test_a_denial_naming_every_object_word_is_on_point_at_the_lower_floor():
    v = verdict("My friend sent me an ecard — are they going to sell my email address now?",
                "The site does not sell these email addresses or use them to send any other communication besides those initiated by users.",
                *FILLER, relevance=0.39)  # (0.29 once lowered for speaking of communications as well)
    assert v.stance == "no"
    # … a statement as far from the question is not
    v = verdict("are they going to sell my email address now?",
                "The site may sell email addresses to partners.", *FILLER, relevance=0.29)
    assert v.stance == "not_stated"


def test_a_right_to_ask_them_not_to_share_means_they_share():
    v = verdict("does the site pass my info around to its sister companies?",
                "You may request that we not share your personal information on a going-forward basis with our affiliates for their "
                "direct marketing purposes.", *FILLER)
    assert v.stance == "yes"


def test_an_opt_in_standard_answers_whether_they_text_without_my_agreement():
    v = verdict("will they send me promo text messages even if I never agreed to them?",
                "Marketing Preferences When we are sending marketing communications to you, we use the following standards: We use an "
                "opt-in standard for phone and text messages.", *FILLER, relevance=0.3)
    assert v.stance == "no"


def test_an_opportunity_given_is_a_choice_of_the_user():
    t = one_section("If the company or its assets are acquired, your information may be transferred to the buyer.",
                    "If we believe a transfer results in a material change in the use of the information we've collected about you, you will "
                    "be given the opportunity to opt out of such use.", *FILLER)
    v = decide_over(t, "say they get sold and the new owner wants to use my data differently — do I get a chance to opt out?")
    assert v.stance == "yes"


def test_unsubscribing_from_promotions_is_no_way_to_stop_sharing():
    v = verdict("is there a way to stop them from sharing my e-textbook activity with my college?",
                "For College Booksellers: at any time, a customer may choose to opt out of the receipt of any promotional communications "
                "by logging on to the account.", *FILLER)
    assert v.stance != "yes"


def test_a_duty_of_the_user_is_not_what_the_company_does():
    v = verdict("does the site encrypt my payment info?",
                "You must take precautions to protect the security of any personally identifiable information that you may transmit over "
                "any home networks, wireless routers or public Wi-Fi networks.", *FILLER)
    assert v.stance != "yes"
