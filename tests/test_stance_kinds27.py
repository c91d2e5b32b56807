"""The verdict reader on kinds of question met in the twenty-seventh session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, verdict

from assistant.ages import age_polarity
from assistant.company_names import company_aliases
from assistant.intent import read_question
from assistant.models import Evidence
from assistant.objects import count_named
from assistant.polarity import read_polarity
from assistant.question import decide
from assistant.requirement import REQUIRED_STATED, REQUIREMENT_ASKED
from assistant.sentence_kinds import EFFECT_ASKED, EFFECT_STATED, NO_GUARANTEE
from assistant.text import tokenize
from assistant.vocabulary import BY_NAME


def test_choices_about_not_having_data_used_deny_nothing():
    use = BY_NAME["use"]
    sentence = ("If you would like more information about this practice and to know your choices about not having this information used by "
                "this company, please visit the site.")
    assert read_polarity(sentence, use.stated, use.needs_data, True)[0] != "no"


def test_no_storage_can_be_guaranteed_refuses_a_promise():
    assert NO_GUARANTEE.search("please note that no data transmission or storage can be guaranteed to be 100% secure")
    v = verdict("Does CBS promise my data can't be hacked or leaked?",
                "We have adopted commercially reasonable procedures to help protect your information, but please note that no data transmission "
                "or storage can be guaranteed to be 100% secure.", *FILLER)
    assert v.stance == "no"


def test_whether_cookies_must_be_accepted_is_a_requirement():
    assert REQUIREMENT_ASKED.search("Do I have to accept cookies to read the site?")
    assert REQUIREMENT_ASKED.search("Do I have to go through Facebook to comment on stories?")
    assert "accept" not in read_question("Do I have to accept cookies to read the site?").object_terms
    assert REQUIRED_STATED.search("In order to comment on articles you may only do so through Facebook, by first logging onto Facebook.")
    v = verdict("Do I have to accept cookies to read the site?", "You do not have to permit the use of cookies.",
                "You can, through the options in your Web browser, choose to accept all cookies or reject all cookies.", *FILLER)
    assert v.stance == "no"


def test_using_the_app_without_enabling_collection_is_optional():
    v = verdict("do I have to turn on location sharing to use the app as a rider?",
                "Riders may use the apps without enabling collection of location data from their mobile devices.", *FILLER)
    assert v.stance == "no"


def test_cardholder_data_names_card_info():
    assert count_named(set(tokenize("card")), "may share certain Customer Data (but not Cardholder Data) with its affiliated entities") == 1


def test_still_having_his_info_asks_about_retention():
    intent = read_question("My 10 year old entered one of their contests. Once it's over will they still have his info?")
    assert intent.practice == "retain"
    assert read_question("Will they still have access to my account?").practice != "retain"


def test_a_refused_personal_notice_answers_will_they_email_me_about_changes():
    v = verdict("Will they email me a personal heads-up before changing their privacy policy?",
                "We do not undertake to provide you with personal notice of any changes.",
                "In the event of material changes, we will provide notice by means that are reasonable under the circumstances, such as by "
                "posting a notice on the Websites.", *FILLER)
    assert v.stance == "no"


def test_rights_under_european_law_need_a_sentence_naming_europe():
    intent = read_question("I'm ordering from Germany - does the policy give people in Europe any particular privacy rights?")
    assert "europe" in intent.topics and not intent.object_terms
    v = verdict("I'm ordering from Germany - does the policy give people in Europe any particular privacy rights?",
                "Your California Privacy Rights: California residents may request a list of the third parties we shared information with.",
                *FILLER)
    assert v.stance == "not_stated"
    # (a transfer to Europe is no question about European rights)
    assert "europe" not in read_question("Is my data sent to Europe?").topics


def test_a_phone_number_written_out_names_the_number_to_call():
    assert count_named(set(tokenize("phone number call")), "you can contact Prometheus Global Media at 1-800-658-8372 to request that we not share") == 3
    assert count_named(set(tokenize("mailing address")), "write to Privacy Office, 12 Main Street, Tucson, AZ 85704") == 2
    intent = read_question("is there a phone number i can call about a privacy question?")
    assert intent.practice == "contact" and {"phone", "number"} <= intent.object_terms
    assert read_question("Do they have my phone number?").practice == "collect"


def test_when_new_terms_kick_in_is_asked_and_told():
    intent = read_question("When they change the privacy policy, how long before the new rules actually kick in?")
    assert intent.practice == "notify" and not intent.object_terms
    assert EFFECT_ASKED.search(intent.question)
    assert EFFECT_STATED.search("Any changes to this privacy policy will be effective upon thirty (30) calendar days following our posting of notice.")
    v = verdict("can the site just change its privacy policy whenever, and does the new one kick in right away?",
                "The company may modify this Privacy Policy at any time, and such modifications shall be effective immediately upon posting of the "
                "modified Privacy Policy on the Website.", *FILLER)
    assert v.stance == "yes"


def test_a_teen_using_the_site_only_under_parents_supervision():
    sentence = "Prospective users between the ages of 13 and 17 can only use the Services under their parents or legal guardians supervision."
    assert age_polarity("I'm 15. Can I use the site on my own without my parents involved?", sentence, "absent") == "no"


def test_will_they_email_me_after_a_policy_change_asks_for_notice():
    intent = read_question("If the company changes its privacy rules in a big way, will they actually email me or do I have to keep checking?")
    assert intent.practice == "notify"
    assert read_question("Will they email me about new products?").practice != "notify"


def test_a_longer_name_starting_with_the_site_name_is_the_company():
    corpus = "The Disinformation Company runs this site. Disinformation does not sell data. Contact Disinformation."
    assert "disinformation" in [a.lower() for a in company_aliases("Disinfo", corpus.lower(), corpus)]


def test_instead_of_another_way_is_no_key_term():
    text = ("Residents of California may request a list of the third parties we disclosed information to for their direct marketing. "
            "Please note that we will not accept these requests via the telephone, mail, or by facsimile.")
    evidence = [Evidence("p0", "PP §1", "Policy", "privacy_policy", "California", text, 0.5)]
    assert decide("Can I just phone them to make my California privacy request instead of writing in?", evidence, 0.6).answerable


def test_a_refusal_of_phone_requests_after_the_california_request_it_refuses():
    t = one_section("Residents of California may request a list of all third parties to which we disclosed personal information for the third "
                    "parties' direct marketing purposes. For all requests, please include your name and address.",
                    "We will not accept requests via the telephone or by fax.")
    assert decide_over(t, "I'm in California. Can I just call them and ask which companies they gave my info to for marketing?").stance == "no"


def test_the_party_asked_after_a_situation_told_first():
    intent = read_question("If I enter one of those MLB sweepstakes, does the sponsor get my info and start sending me offers?")
    assert intent.practice == "share" and not intent.object_terms
    assert read_question("If I enter a sweepstakes on their site, does the sponsoring company get my info?").practice == "share"


def test_show_me_what_they_have_and_ask_me_for_personal_info():
    assert read_question("can i ask them to show me what personal info they've got on me?").practice == "access"
    assert read_question("If I enter a contest, will they ask me for personal info?").practice == "collect"


def test_how_fast_and_the_new_rules_are_no_objects():
    assert not read_question("If the company gets hacked, how fast will they tell customers?").object_terms
    assert not read_question("Say they rewrite the privacy policy next year - could the new rules apply to stuff I already gave them?").object_terms


def test_access_limited_to_some_staff_answers_yes_when_the_limit_is_asked():
    sentence = "The company restricts access to data to those employees with a business need-to-know."
    assert verdict("can any employee pull up my personal info or is access limited?", sentence, *FILLER).stance == "yes"
    assert verdict("can any employee pull up my personal info?", sentence, *FILLER).stance == "no"


def test_a_sentence_on_do_not_track_answers_at_a_lower_relevance():
    v = verdict("Does the company honor Do Not Track?",
                'Our Sites currently are not setup to process or respond to "Do Not Track" settings or signals from web browsers.', *FILLER,
                relevance=0.2)
    assert v.stance == "no"


def test_no_claim_may_be_brought_as_a_class_action_denies_the_user():
    v = verdict("If something goes wrong with my data, could I join a class action against them?",
                "You agree that no such claim may be brought as a class action.", *FILLER)
    assert v.stance == "no"


def test_sharing_with_the_public_makes_it_public():
    public = BY_NAME["public"]
    assert public.stated.search("We may also share some of your entry information with third parties or the public in connection with the promotion")


def test_promos_and_spamming_are_marketing():
    assert "marketing" in read_question("can they start spamming my friend with promos?").topics


def test_those_brands_ending_up_with_my_address_keeps_the_asking_clause():
    intent = read_question("When Lids sends me deals from other brands, do those brands end up with my name and address?")
    assert {"name", "address"} <= intent.object_terms


def test_using_a_friends_info_only_for_the_service_requested_rules_out_promos():
    v = verdict("If I put in my friend's email to send them a ticket, can they then start spamming them with promos?",
                "If you give us your friend's information, we will only use it to provide services you requested.", *FILLER)
    assert v.stance == "no"


def test_an_exception_opening_a_sentence_after_a_caps_heading():
    share = BY_NAME["share"]
    polarity, exception = read_polarity("HOW DO WE USE INFORMATION GATHERED ON THE SITE- Except as expressly set forth in our policies, we will "
                                        "not willfully disclose your personally identifiable information.", share.stated, share.needs_data, True)
    assert polarity == "no" and exception.startswith("Except as expressly set forth")


def test_through_their_systems_is_where_not_what():
    assert "system" not in read_question("Is card data encrypted when it travels over the internet through their systems?").object_terms


def test_a_statement_with_a_question_tag_asks_its_verb():
    from assistant.question_clauses import question_verb

    assert question_verb("I'm worried AOL reads my emails in AOL Mail, do they?") == "read"
    v = verdict("I'm worried the company reads my emails in its Mail service, do they?",
                "Please note that the company may use information about your use of certain communication tools (for example, its Mail); however, "
                "when you use these communication tools, the company does not read your private online communications without your consent.",
                *FILLER)
    assert v.stance == "no"


def test_the_same_way_asked_and_denied():
    v = verdict("can I manage flash cookies the same way I block normal cookies in my browser?",
                "If you wish to block cookies, check your browser's instructions.",
                "Local shared objects operate a lot like cookies, but cannot be managed in the same way.", *FILLER)
    assert v.stance == "no"


def test_something_free_is_a_charge_denied():
    from assistant.sentence_kinds import FREE_OF_CHARGE

    assert FREE_OF_CHARGE.search("Where we can provide information access and correction, we will do so for free, except where it would require a "
                                 "disproportionate effort.")
    v = verdict("do i have to pay them to see or correct my data?",
                "Where we can provide information access and correction, we will do so for free, except where it would require a "
                "disproportionate effort.", *FILLER)
    assert v.stance == "no"


def test_the_information_you_submit_points_back_at_what_was_told():
    from assistant.sentence_kinds import BACK_REFERENCE

    assert BACK_REFERENCE.search("The information you submit is used solely for the purposes of recruiting and is not shared with any third party.")
    assert not BACK_REFERENCE.search("We share the information you submit with our partners.")
    assert "insid" not in read_question("Is my account info stored inside the cookie they put in my browser?").object_terms


def test_a_company_assuming_consent_answers_do_they_just_assume():
    v = verdict("if they change the policy and email me but i ignore it, do they just assume im fine with it?",
                "We will assume that you have given your permission for your information to be used under the terms of the new privacy policy, "
                "if you do not respond to our email.", *FILLER)
    assert v.stance == "yes"


def test_without_payment_names_paying():
    assert count_named(set(tokenize("pay")), "shall be free to use any such suggestions for any purposes, without payment of any kind") == 1


def test_how_long_before_they_get_back_to_me_asks_the_request_time():
    intent = read_question("If I ask them for a copy of what they have on me, how long do they have to get back to me?")
    assert intent.practice == "access"


def test_emailing_my_kid_is_messaging():
    assert read_question("will they email my kid about contests and stuff?").practice == "message"


def test_using_my_name_to_advertise_their_programs():
    intent = read_question("could they use my name and my home college to advertise their programs?")
    assert intent.practices[:2] == ["collect", "use"] and "advertisers" not in intent.topics
    assert "advertisers" in read_question("do they share my info with advertisers?").topics
    use = BY_NAME["use"]
    assert read_polarity("We may share certain information about you, including your name and home institution, for the purposes of "
                         "promoting our programs.", use.stated, use.needs_data, True)[0] == "yes"


def test_letting_other_companies_collect_is_sharing():
    share = BY_NAME["share"]
    assert read_polarity("We allow third-party companies to serve ads and/or collect certain anonymous information when you visit our web site.",
                         share.stated, share.needs_data, True)[0] == "yes"
    assert read_polarity("We do not allow third parties to collect your personal information.", share.stated, share.needs_data, True)[0] == "no"


def test_sharing_for_marketing_purposes_is_a_use_for_them_and_card_data_left_out():
    v = verdict("If I buy something at a store that uses them, can they use my card info to market their affiliates' stuff to me?",
                "In addition, the company may share certain Customer Data (but not Cardholder Data) with its affiliated entities for marketing "
                "purposes and other business purposes.", *FILLER)
    assert v.stance == "no"


def test_adding_it_to_their_mailing_list_is_a_use():
    assert read_question("If I put my email in a comment, will they add it to their mailing list?").practice == "use"
