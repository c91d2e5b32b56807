"""The verdict reader on kinds of question met in the twenty-eighth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant import stance
from assistant.intent import read_question
from assistant.models import Evidence
from assistant.objects import synonyms_of
from assistant.polarity import read_polarity
from assistant.question import decide
from assistant.text import tokenize
from assistant.vocabulary import BY_NAME, TOPIC_ASKED, TOPIC_STATED


def test_a_partner_not_authorized_to_share_is_no_denial_of_sharing():
    # (a denial of what a party may do, read as less close than the company's own statement)
    assert stance._OTHERS_DO.search("We do not authorize our email service providers to share your email address with their other clients.")
    assert not stance._OTHERS_DO.search("We do not share your email address with our service providers.")


def test_a_reason_told_first_is_no_question():
    intent = read_question("since they sell postal lists, will they also sell my email address to other marketers?")
    assert intent.practice == "sell"
    assert "postal" not in intent.object_terms and "list" not in intent.object_terms


def test_a_merged_company_is_no_combining_of_data():
    combine = BY_NAME["combine"]
    assert not combine.stated.search("we cannot ensure that an acquiring company or the merged company will have the same privacy practices")
    assert combine.stated.search("we may merge information collected through each of those Sites")


def test_no_control_over_advertisers_answers_whether_they_can_stop_them():
    v = verdict("can the company stop the advertisers on their site from putting their own cookies on me?",
                "Unfortunately, we do not have control over cookies placed by advertisers.", *FILLER)
    assert v.stance == "no"


def test_a_phone_number_asked_must_be_given():
    v = verdict("Is there a phone number I can call them at about a privacy issue?",
                "If you have questions about this Privacy Notice, please contact us via email by clicking here or by writing to: Customer "
                "Service, 3000 University Center Drive, Tampa, Florida 33612-6408.", *FILLER, relevance=0.6)
    assert v.stance != "yes"
    v = verdict("Is there a phone number I can call them at about a privacy issue?",
                "If you have questions about this Privacy Notice, please call us at 1-800-555-0134.", *FILLER, relevance=0.6)
    assert v.stance == "yes"


def test_advertising_its_own_programs_names_no_advertisers():
    assert not TOPIC_STATED["advertisers"].search("uses cookies to collect demographic data that help us better advertise our mission")
    assert TOPIC_STATED["advertisers"].search("we allow advertisers to place cookies")


def test_a_statement_asked_back_with_so_is_a_yes_no_question():
    assert read_question("So the ad networks on freep get my name and email when they target me?").yes_no
    assert not read_question("So how long do they keep it?").yes_no
    assert read_question("They sell my data, right?").practice == "sell"
    assert read_question("Do I have the right to see my data?").practice != ""


def test_opting_out_is_the_users_act_whoever_asks():
    v = verdict("Once I unsubscribe, will I stop getting every single email from them, including the ones about my purchases?",
                "Please note that you cannot unsubscribe from certain correspondence from us, including messages relating to your account "
                "transactions.", "You may unsubscribe from our newsletter at any time.", *FILLER)
    assert v.stance == "no"


def test_companies_that_want_to_sell_me_stuff_are_marketers():
    intent = read_question("will they give my name and address to other companies that want to sell me stuff?")
    assert intent.practice == "share" and "marketing" in intent.topics and "sell" not in intent.object_terms
    assert read_question("Do they sell my email?").practice == "sell"


def test_synonyms_of_a_consumers_words():
    assert "record" in synonyms_of("chart")
    assert "gpu" in synonyms_of("graphic") and "comput" in {s[:6] for s in synonyms_of("pc")}
    assert tokenize("required")[0] in synonyms_of(tokenize("mandatory")[0])


def test_game_publishers_are_a_kind_of_recipient():
    intent = read_question("Will the company give my email to game publishers for their marketing without asking me first?")
    assert "game" in intent.recipient_terms
    v = verdict("Will they give my email to game publishers for their marketing without asking me first?",
                "We will not share any personally identifiable information with third parties for marketing purposes without your consent.",
                *FILLER)
    assert v.stance == "no"


def test_asking_the_company_what_it_holds_is_access():
    intent = read_question("Can I ask Sports Reference what personal info they've got on me?")
    assert intent.practice == "access" and intent.user_action
    access = BY_NAME["access"]
    assert access.stated.search("Upon a visitor's request, SRL will provide to the visitor a summary of any personally identifiable information retained")
    assert access.stated.search("The following information is available to registered students: Class schedule information")


def test_the_college_itself_is_no_key_term():
    ev = [Evidence("p0", "PP §1", "Policy", "privacy_policy", "Directory information",
                   "Directory information may be released to the general public unless the student requests otherwise.", 0.5)]
    d = decide("Can the college give my home address and phone number to random people who ask?", ev, 0.5)
    assert d.status != "silent" or "colleg" not in d.reason


def test_remarketing_is_targeted_advertising():
    assert BY_NAME["targeted_ads"].stated.search("Show DCCCD ads to people who have previously visited our website.")


def test_report_back_is_collecting_and_quitting_emails_opting_out():
    assert read_question("Does my NOOK report back what pages I turn and what I highlight?").practice == "collect"
    intent = read_question("Can I quit the DQ club emails whenever I want?")
    assert intent.practice == "opt_out" and intent.user_action


def test_marketing_asked_by_selling_to_the_user():
    assert TOPIC_ASKED["marketing"].search("companies that want to sell me stuff")
    assert not read_polarity("We will not sell your email address.", BY_NAME["sell"].stated)[0] == "yes"


def test_a_policy_change_told_first_then_email_you_asks_for_notice():
    intent = read_question("When they make big changes to the privacy policy, do they email you about it?")
    assert intent.practice == "notify"
    assert "big" not in {t for t in intent.object_terms}
    assert read_question("Can I email you?").practice != "message"


def test_ca_is_california():
    assert "california" in read_question("I live in CA. Can I find out who they have shared my info with for marketing?").topics
    assert BY_NAME["access"].stated.search("California residents may request an information-sharing disclosure from us")


def test_a_thing_called_by_a_name_is_no_phone_call():
    from assistant.objects import count_named

    assert count_named({"call"}, "identifiers that are commonly called Do Not Track signals") == 0
    assert count_named({"call"}, "we may record calls to customer service") == 1


def test_information_available_to_students_is_access_but_a_service_is_not():
    access = BY_NAME["access"]
    assert read_polarity("The following information is available to registered students: Grades Financial Aid information",
                         access.stated, access.needs_data)[0] == "yes"
    assert read_polarity("This service is available to members only.", access.stated, access.needs_data)[0] == "absent"


def test_someone_calling_for_my_info_meets_a_refusal_of_phone_requests():
    from assistant.refusals import asks_by_way, channel_refused

    q = "Could someone just call the school and get my directory info over the phone?"
    assert asks_by_way(q, False) and not asks_by_way("Do they keep my directory info?", False)
    assert channel_refused(q, "Directory information is released only upon written request. Telephone requests are not acceptable.")
    v = verdict(q, "Directory information may be released to the general public unless you ask that it be withheld.",
                "Telephone requests are not acceptable.", *FILLER)
    assert v.stance == "no"


def test_a_tracking_pixel_that_cannot_be_declined_answers_whether_i_can_block_it():
    v = verdict("Can I block the tracking pixels on their regular web pages?",
                "Like cookies, Web Beacons enable us to track pages and content accessed and viewed by users.",
                "Web Beacons cannot be declined when delivered via a regular web page.", *FILLER)
    assert v.stance == "no"


def test_a_denial_about_another_kind_of_address_does_not_outweigh_a_sale_of_postal_lists():
    v = verdict("if i subscribe to one of their magazines will they sell my mailing address to junk mail companies?",
                "To remove your name and postal address from postal lists that we sell or rent to third parties for their direct marketing "
                "purposes, please use the postal list opt-out form or send your request to us by mail.",
                "Except as described in this policy, we will not sell or rent your email address to unaffiliated third parties for their "
                "email marketing purposes, without your consent.", *FILLER)
    assert v.stance == "yes"


def test_can_i_block_asks_the_refusal_not_an_object():
    assert "block" not in read_question("Can I block the tracking pixels on their regular web pages?").object_terms
    assert "block" in read_question("If I block cookies can I still order?").object_terms


def test_the_email_of_a_contact_question_is_the_way_to_reach_them():
    intent = read_question("who do I email at the company with a privacy question?")
    assert intent.practice == "contact" and "email" not in intent.topics


def test_promo_emails_whether_i_want_them_or_not_asks_consent():
    from assistant.sentence_kinds import WITHOUT_CONSENT

    q = "As soon as I make an account, will they start sending me promo emails whether I want them or not?"
    intent = read_question(q)
    assert intent.practice == "message" and "account" not in intent.topics
    assert WITHOUT_CONSENT.search(q)
    v = verdict(q, "We may use personally identifiable information provided by users to send them information about us, including news "
                "about contests and other promotional materials, but only if the users agree to receive such communications.", *FILLER)
    assert v.stance == "no"


def test_a_denial_naming_three_words_of_the_question_decides_at_a_lower_similarity():
    import numpy as np
    from stance_helpers import table

    from assistant.close_reading import generic_verdict

    intent = read_question("Does installing their apps put any adware or spyware on my phone?")

    def embed(texts: list[str]) -> np.ndarray:
        return np.array([[0.52, (1 - 0.52 ** 2) ** 0.5]] * len(texts), dtype="float32")

    q = np.array([1.0, 0.0], dtype="float32")
    t = table("We do not install any spyware or adware in connection with our Services.", *FILLER)
    v = generic_verdict(t, intent, list(range(t.size)), q, embed)
    assert v is not None and v.stance == "no"
    t = table("Installing our apps may put adware or spyware from partners on your phone.", *FILLER)
    assert generic_verdict(t, intent, list(range(t.size)), q, embed) is None  # a "yes" still needs the closer reading


def test_changing_the_policy_whenever_they_want_is_a_practice_of_its_own():
    intent = read_question("Can the company change its privacy statement whenever it wants?")
    assert intent.practice == "modify"
    assert read_question("can I update my info any time?").practice != "modify"
    assert read_question("Can they change the policy at any time without telling me?").practice == "notify"
    v = verdict("Can the company change its privacy statement whenever it wants?",
                "The contents of this statement may be altered at any time, at our discretion.", *FILLER)
    assert v.stance == "yes"


def test_the_company_sold_asks_whether_data_goes_with_it():
    intent = read_question("if the company gets sold to another company does my info go with it?")
    assert intent.practice == "share" and "merger" in intent.topics


def test_data_from_other_sources_is_stated_by_few_sentences():
    v = verdict("do they get info about me from other places besides what i give them?",
                "We acquire information from other trusted sources to update or supplement the information you provided.", *FILLER,
                relevance=0.3)
    assert v.stance == "yes"
    v = verdict("do they get info about me from other places besides what i give them?",
                "We may collect or track the home server domain names and e-mail addresses of visitors.", *FILLER, relevance=0.3)
    assert v.stance != "yes"


def test_a_practice_taken_up_in_the_future_with_notice_is_a_change():
    assert TOPIC_STATED["changes"].search("If we choose to do so in the future, you will be notified by email of our intentions")
    v = verdict("if the company ever starts selling user data, would they warn me first?",
                "We do not sell or rent your personal information to third parties.",
                "If we choose to do so in the future, you will be notified by email of our intentions, and have the right to be removed "
                "prior to the disclosure.", *FILLER)
    assert v.stance == "yes"


def test_ads_shown_on_other_sites_after_a_visit_are_targeted():
    targeted = BY_NAME["targeted_ads"]
    assert targeted.stated.search("These tags help us track information about your visit and are used to deliver banner advertisements to "
                                  "you on the Internet.")
    assert read_question("After I browse their site, will they use cookies to show me their ads later?").practice == "targeted_ads"


def test_a_numbered_item_reads_with_the_list_introduction_before_it():
    from stance_helpers import decide_over, one_section

    t = one_section("Notwithstanding anything in this Privacy Policy to the contrary, we reserve the right to share any User Information: "
                    "(1) in response to subpoenas, court orders, or legal process.",
                    "(2) if we believe it is necessary in order to investigate illegal activities.",
                    "(4) to our parent company or other companies under common control with us; and (5) if we are acquired by or merged "
                    "with another entity.", *FILLER)
    v = decide_over(t, "If the company gets bought or merges with another company, does my data go with it?")
    assert v.stance == "yes"
