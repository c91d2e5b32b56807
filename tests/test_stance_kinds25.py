"""The verdict reader on kinds of question met in the twenty-fifth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, table, verdict

from assistant.company_names import company_aliases
from assistant.coverage import NOT_COVERED, OFFLINE_ASKED, ONLINE_ONLY
from assistant.intent import read_question
from assistant.neighbours import unmarked_intro
from assistant.polarity import negated_in_question, only_through, read_polarity
from assistant.question import neutral_question
from assistant.vocabulary import BY_NAME, TOPIC_STATED


def test_what_the_policy_does_not_cover_denies_no_practice():
    text = "Our Privacy Policy does not cover any use of information that a third-party advertisement serving company may collect from you."
    assert NOT_COVERED.search(text)
    v = verdict("Could outside parties collect my personal info?", text, *FILLER)
    assert v.stance != "no"
    assert verdict("Could outside parties collect my personal info?", "We do not allow third parties to collect your personal information.",
                   *FILLER).stance == "no"


def test_a_policy_not_applying_to_other_sites_is_no_answer_about_a_job_application():
    v = verdict("I'm sending them my resume for a job opening - is that covered by this privacy policy?",
                "This Privacy Policy does not apply to, and cannot control the activities of, those other sites.", *FILLER)
    assert v.stance != "no"


def test_a_policy_for_what_is_collected_online_does_not_cover_a_phone_order():
    text = "This Privacy Policy applies only to information collected through our Site and not to information collected by us offline."
    assert ONLINE_ONLY.search(text) and OFFLINE_ASKED.search("I signed up for home delivery over the phone.")
    v = verdict("I signed up for home delivery over the phone. Does this privacy policy cover the info I gave them that way?", text, *FILLER)
    assert v.stance == "no"


def test_a_condition_then_would_is_hypothetical():
    collect = BY_NAME["collect"]
    text = "Should this policy change, we would comply with the law, which requires us to notify parents and obtain consent before collecting it."
    assert read_polarity(text, collect.stated, collect.needs_data, True)[0] != "yes"
    assert read_polarity("If you register, we collect your name and email address.", collect.stated, collect.needs_data, True)[0] == "yes"


def test_a_table_of_contents_and_a_question_state_nothing():
    v = verdict("Can they promise my info will never get leaked?",
                "Essence PRIVACY POLICY Table of Contents The Information We Collect How We Protect Your Information Security", *FILLER)
    assert v.stance == "not_stated"
    v = verdict("Do they let outside ad companies track me?", "Does our site allow third party behavioral tracking?", *FILLER)
    assert v.stance == "not_stated"


def test_no_facebook_account_and_commenting_only_through_facebook():
    sentence = "In order to comment on articles appearing on the Site you may only do so through Facebook, by first logging onto Facebook."
    assert only_through("I don't have Facebook - can I still comment on articles?", sentence)
    assert not only_through("I have Facebook - can I comment on articles?", sentence)


def test_what_the_question_does_without_is_no_object_a_denial_denies():
    assert "regist" in negated_in_question("I read it at work without registering. Can they still track what I do?")
    v = verdict("My employer has a site license, so I read it at work without registering. Can they still track what I do?",
                "While these employees will not need to register to access the Site, we may gather usage data and track IP addresses from "
                "such users without their individual consent.", *FILLER)
    assert v.stance == "yes"


def test_leaving_the_mailing_list_is_no_deletion_of_everything():
    v = verdict("Can I ask them to delete everything they have on me?",
                "You may also remove yourself from the Food Allergy Research & Education e-mail list by contacting us via e-mail.", *FILLER)
    assert v.stance != "yes"


def test_a_promise_asked_is_refused_by_no_guarantee():
    v = verdict("Can they promise my info will never get leaked or seen by someone who shouldn't see it?",
                "We use industry standard measures to protect your personal information.",
                "No system can be completely secure, however, and we do not guarantee that unauthorized disclosures and access will not happen.",
                *FILLER)
    assert v.stance == "no"


def test_a_denial_naming_every_thing_asked_over_statements_naming_fewer():
    v = verdict("Do the ad companies that serve ads here get my name or email address?",
                "We may use third-party advertising companies to serve ads.",
                "Such companies may use information (not including your name, address, email address, or telephone number) about your "
                "visit to this web site in order to provide advertisements.", *FILLER)
    assert v.stance == "no"


def test_an_item_of_a_list_without_marks_is_read_with_its_introduction():
    t = one_section("Disclosure of Information We may share your information: Where we have obtained your consent.",
                    "With our service providers. With business partners who sponsor a sweepstakes, contest, or promotion.",
                    "When required by law or public authorities.")
    assert unmarked_intro(t, 2, "When required by law or public authorities.") == "Disclosure of Information We may share your information:"
    assert decide_over(t, "If I enter a sweepstakes, can my info end up with whoever is sponsoring it?").stance == "yes"
    assert unmarked_intro(t, 2, "We use it to improve the site.") == ""


def test_the_incorporated_operator_and_the_initials_of_a_name_are_the_company():
    corpus = "This is the Privacy Policy for all Web sites owned or operated by Freedom Communications, Inc. Freedom may use cookies."
    aliases = company_aliases("Ocregister", corpus.lower(), corpus)
    assert "freedom communications" in aliases
    assert "Communications" not in neutral_question("Is Freedom Communications going to sell my info?", "Ocregister", ("freedom", *aliases))
    corpus = "The Library of Congress strives to protect your privacy. The Library collects several types of information."
    assert "library of congress" in company_aliases("Loc", corpus.lower(), corpus)


def test_shutting_down_an_account_and_a_customer_right():
    assert read_question("can i shut down my account whenever i want?").practice == "delete"
    v = verdict("I got signed up for their promo texts - can I make them stop?",
                "A customer has the right to choose not to receive our text messages by simply responding STOP to 65017.", *FILLER)
    assert v.stance in ("yes", "answered")


def test_third_party_behavioral_tracking_is_ad_tracking():
    text = "It's also important to note that we do not allow third party behavioral tracking"
    assert TOPIC_STATED["advertisers"].search(text) and BY_NAME["targeted_ads"].stated.search(text)
    v = verdict("Do they let outside ad companies follow what I do while I'm browsing?", text, *FILLER)
    assert v.stance == "no"


def test_an_item_after_an_introduction_ending_in_a_colon_has_its_topic():
    t = one_section("We will take the following responsive action, should a data breach occur:",
                    "We will notify the users via email Within 7 business days")
    assert decide_over(t, "Say they get hacked. Will they actually tell customers?").stance == "yes"


def test_be_assured_is_no_condition_and_information_about_customers_is_all_data():
    v = verdict("does the site sell info about the people who use it?",
                "You should also be assured that we do not provide or sell information about our customers or site visitors to anyone.",
                *FILLER, relevance=0.28)
    assert v.stance == "no"


def test_publishing_pitching_and_pages_are_no_objects():
    assert "publish" not in read_question("If I email the paper a comment, could they publish it or pass it on to others?").object_terms
    assert "pitch" not in read_question("will they give my details to other marketers so they can pitch me stuff?").object_terms
    assert "page" not in read_question("Are the third-party tracking pixels on MSN pages allowed to collect my personal info?").object_terms
    assert "marketing" not in read_question("Might they hand my contact info to some market research company?").topics


def test_coordinates_are_data_a_verb_acts_on():
    share = BY_NAME["share"]
    assert read_polarity("Additionally, we share home coordinates with our API partners.", share.stated, share.needs_data, True)[0] == "yes"


def test_the_name_a_site_greets_visitors_by_is_the_company():
    corpus = "Thank you for visiting Essence, or using our mobile device applications. Essence PRIVACY POLICY"
    assert "essence" in company_aliases("Timeinc", corpus.lower(), corpus)


def test_a_way_refused_and_seeing_as_having_access_in_the_generic_reading():
    from assistant.close_reading import _VERB_SENSES, _refused_way

    t = one_section("You must provide the statement in the subject line.", "We will not accept requests via the telephone or by fax.")
    assert _refused_way(t, read_question("Can I just call them up to make my California privacy request?"), [0, 1]) == (
        1, "We will not accept requests via the telephone or by fax.")
    assert any(p.startswith("(?:have") for p in _VERB_SENSES["see"])


def test_a_denial_only_of_ways_the_policy_does_not_describe_denies_nothing():
    v = verdict("Does that sponsor get my info too?",
                "Time Inc. sites will not use or transfer personally identifiable information provided to us in ways unrelated to the ones "
                "described above without also providing you an opportunity to opt out.", *FILLER)
    assert v.stance != "no"


def test_service_providers_restricted_to_the_company_purposes():
    from assistant.providers import provider_gate

    t = table("We use an outside shipping company to ship orders.",
              "These companies do not retain, share, store or use personally identifiable information for any secondary purposes.", *FILLER)
    import numpy as np

    dense = np.full(t.size, 0.5, dtype="float32")
    found = provider_gate(t, read_question("Will the shipping company or card processor they use be allowed to use my details for their own stuff?"), dense)
    assert found is not None and found.polarity == "no"
    assert provider_gate(t, read_question("Will they use my details for marketing?"), dense) is None


def test_a_denial_for_another_situation_than_the_one_told():
    v = verdict("I subscribe to the print magazine. Can they sell my mailing address to other companies?",
                "If you subscribe to the magazine, we may sell or rent lists containing your postal address to third parties for advertising purposes.",
                "If you register to receive e-mail newsletters on the site, we will not share or sell your registration information.", *FILLER)
    assert v.stance == "yes"


def test_a_denial_of_sharing_for_marketing_only_is_no_answer_about_researchers():
    v = verdict("Does the site ever give data about visitors to outside groups, like researchers?",
                "We do not share or sell visitor data for the purposes of advertising, marketing, or any other commercial purpose.", *FILLER)
    assert v.stance != "no"


def test_looking_up_my_records_as_a_student_is_access():
    intent = read_question("As an enrolled student, can I look up the personal info the district has on me online?")
    assert intent.practice == "access" and "district" not in intent.object_terms
    v = verdict("As an enrolled student, can I look up the personal info the district has on me?",
                "Currently enrolled students who are registered at one of our locations can obtain access to their personal information "
                "through the student portal.", *FILLER)
    assert v.stance == "yes"


def test_all_information_submitted_and_credit_information_are_protected_kinds():
    v = verdict("Is the card info I type in at checkout encrypted?",
                "In addition, all sensitive/credit information you supply is encrypted via Secure Socket Layer (SSL) technology.", *FILLER)
    assert v.stance == "yes"


def test_employees_bound_to_confidentiality():
    t = table("Our employees and service providers are required to sign confidentiality and security contracts restricting their use "
              "of any data related to user information.", *FILLER)
    import numpy as np

    from assistant.staff import duty_gate

    dense = np.full(t.size, 0.5, dtype="float32")
    found = duty_gate(t, read_question("Do their employees have to sign anything promising not to misuse my data?"), dense)
    assert found is not None and found.polarity == "yes"
    assert duty_gate(t, read_question("Do they sell my data?"), dense) is None


def test_emails_that_report_their_opening():
    import numpy as np

    from assistant.email_tracking import email_tracking_gate

    t = table("Web beacons may be used for a number of purposes, including counting how many emails were opened.", *FILLER)
    dense = np.full(t.size, 0.5, dtype="float32")
    found = email_tracking_gate(t, read_question("Can they tell whether I actually opened their newsletter emails?"), dense)
    assert found is not None and found.polarity == "yes"
    assert email_tracking_gate(t, read_question("Can I unsubscribe from their newsletter emails?"), dense) is None
