"""The verdict reader on kinds of question met in the fourteenth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

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
