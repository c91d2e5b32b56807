"""The verdict reader on kinds of question met in the thirty-first session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.ages import age_polarity
from assistant.intent import read_question
from assistant.models import Finding
from assistant.question_forms import without_situation
from assistant.verdict import _told_situation, decide_verdict


def test_a_right_the_company_provides_is_the_users_right():
    v = verdict("Can I get my personal info deleted from the company site?",
                "We provide you reasonable access to your personal information and the ability to review, correct, or delete it.", *FILLER)
    assert v.stance == "yes"


def test_opting_out_of_some_ad_networks_does_not_stop_targeted_ads():
    v = verdict("if I opt out through the NAI page, will I stop seeing targeted ads on the company?",
                "Opting out of one or more NAI members only means that those members no longer will deliver targeted content or ads to you, "
                "but it does not mean you will no longer receive any targeted content or ads on our Website or other websites.", *FILLER)
    assert v.stance == "no"


def test_a_use_that_goes_on_answers_whether_it_must_stop():
    text = ("Please note that if you decide to opt-out of receiving promotional information after you have previously opted-in, your change "
            "in preference will only affect future contacts; if the information already has been provided to third parties, they may "
            "continue to use it.")
    v = verdict("If I opt out of promos later on, do the third parties that already got my info have to stop using it?", text, *FILLER)
    assert v.stance == "no"
    # (the user going on is no use going on)
    assert verdict("will they stop using my data if I ask?", "If you continue to use the site, you accept these terms.", *FILLER).stance != "no"


def test_a_situation_told_without_a_comma():
    q = "If I subscribe to the print magazine could they sell my mailing address to other companies?"
    assert _told_situation(q) >= {"subscrib", "magazin"}
    denied = Finding("If you register to receive e-mail newsletters on the site, we will not share or sell your registration information, "
                     "including your name and e-mail address, with third parties for any purpose.", "PP §1", 0, 0.43, "no", practice="sell", named=1)
    stated = Finding("If you subscribe to Washingtonian magazine, we may sell or rent lists containing your postal address to third parties for "
                     "advertising purposes.", "PP §2", 1, 0.55, "yes", practice="sell", named=1)
    assert decide_verdict(read_question(q), [stated, denied]).stance == "yes"


def test_a_parents_consent_obtained_for_children_under_the_limit():
    text = ("When a Microsoft site or service collects age information, it will block users under 13 or obtain consent from a parent or "
            "guardian before their child can use it.")
    assert age_polarity("My 9 yr old wants a Microsoft account — will they need my permission as the parent?", text, "no") == "yes"
    assert age_polarity("can my 9 year old make an account without asking me?", text, "yes") == "no"
    # (a teenager above the limit is not covered)
    assert age_polarity("My 15 year old wants an account — will they need my permission?", text, "related") == "related"


def test_by_oneself_is_without_a_parent():
    text = ("Minors between the ages of 13 and 17, inclusive, must get the permission of their parent(s) or legal guardian(s) before making "
            "purchases, including subscriptions, on this Service.")
    assert age_polarity("I'm 15, can I buy a subscription on the company by myself?", text, "absent") == "no"


def test_the_situation_told_is_no_topic_the_answer_must_name():
    assert without_situation("Would this site collect personal info from my 11 year old if she signed up for the newsletter?") == (
        "Would this site collect personal info from my 11 year old?")
    v = verdict("Would this site collect personal info from my 11 year old if she signed up for the newsletter?",
                "Accordingly, we will not knowingly collect or use any Personal Information from children that we know to be under the age of 13.",
                *FILLER)
    assert v.stance == "no"
    # (a sale of the company told first is what the question is about)
    v = verdict("If the company ever got bought by another company, would my account info go along with the sale?",
                "We may share your account information with service providers.", *FILLER)
    assert v.stance != "yes"


def test_where_a_breach_happens_is_no_object():
    intent = read_question("Suppose their systems get breached — would they contact me about it?")
    assert intent.practice == "notify" and not intent.object_terms


def test_signing_in_with_another_account():
    intent = read_question("can i just sign up w/ my google account instead of making a new one?")
    assert intent.practice == "social_login" and intent.user_action and not intent.object_terms
    assert read_question("Can I log into the company with my Facebook instead of making a separate account?").object_terms == set()
    v = verdict("can i just sign in with my google or facebook account?",
                "You may register or enhance your profile by linking your Facebook or Google accounts on the site.", *FILLER)
    assert v.stance == "yes"
    v = verdict("Can I sign in to the company with my Facebook or Google account?",
                "We use cookies to remember your preferences.", "You can share articles on Facebook and Twitter.", *FILLER)
    assert v.stance == "not_stated"
    # (a sign-in told first is no sign-in asked: what they get from it is)
    told = read_question("If I log in with facebook do they grab my facebook profile?")
    assert "social_login" not in told.practices and told.object_terms
