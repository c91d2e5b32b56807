"""The verdict reader on kinds of question met in the twenty-fifth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, verdict

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
