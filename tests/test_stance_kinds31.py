"""The verdict reader on kinds of question met in the thirty-first session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.ages import age_polarity
from assistant.intent import read_question
from assistant.models import Finding
from assistant.question_forms import without_situation
from assistant.told_situations import told_situation
from assistant.verdict import decide_verdict


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
    assert told_situation(q) >= {"subscrib", "magazin"}
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


def test_changes_posted_on_the_page_are_a_notice():
    v = verdict("If the company rewrites its privacy policy, how would I find out about it?",
                "If we decide to change our Privacy Policy, we will post those changes on this page.", *FILLER)
    assert v.stance == "answered"


def test_a_limit_on_who_may_use_the_service_is_no_answer_to_deleting_a_childs_account():
    v = verdict("My 11 year old made an account on the company without asking me. Will they delete it if I tell them?",
                "The Services are for a general audience, are not targeted to children, and do not knowingly collect personal information "
                "from children under 13 years of age.", *FILLER)
    assert v.stance != "no"


def test_another_policy_in_effect_for_a_transaction_is_scope():
    v = verdict("When I buy exhibit tickets online, is it the museum's privacy policy that covers that purchase or someone else's?",
                "If you purchase a ticket or perform any other transaction through our ticketing partner, their Privacy Policy is in effect for "
                "that transaction.", *FILLER)
    assert v.stance == "yes"


def test_browser_settings_are_no_object_of_a_cookie_question():
    assert not read_question("if i delete all my cookies in the browser settings, does that wipe out all of their tracking cookies too?").object_terms
    # (… nor of a question naming no cookies)
    assert "browser" in read_question("can I delete my history in the browser settings?").object_terms


def test_how_long_till_an_opt_out_kicks_in_is_the_requests_time():
    intent = read_question("After I opt out of their emails, how long till it actually kicks in?")
    assert intent.practice == "opt_out"


def test_whats_is_what_is():
    from assistant.spelling import corrected

    assert corrected("whats the email for privacy questions?").startswith("what's")


def test_removing_after_a_period_is_keeping_until_then():
    v = verdict("How long does the company hang on to the IP address from my searches?",
                "We have technological safeguards in place and we remove the entirety of the IP address after 6 months.", *FILLER)
    assert v.stance == "answered"


def test_choosing_some_contact_and_not_other_is_opting_out():
    v = verdict("Can I keep getting their emails but stop the phone calls and junk mail?",
                "For example, you may choose to accept e-mails, but not postal mail or telephone calls.", *FILLER)
    assert v.stance == "yes"


def test_stitching_together_is_combining():
    intent = read_question("Does the company stitch together what I do on its different sites into one profile on me?")
    assert intent.practice == "combine" and not intent.object_terms


def test_data_been_sent_or_given_to_a_party_is_sharing():
    assert read_question("When a sponsor form shows up already filled in with my details, has my data already been sent to that sponsor?").practice == "share"
    intent = read_question("If I check the box to get promotional stuff, does that mean my registration details can be given to other businesses?")
    assert intent.practice == "share" and "mean" not in intent.object_terms
    # (… not a choice the user is given)
    assert "share" not in read_question("Will I be given a choice to opt out of the emails?").practices
    v = verdict("If I check the box to get promotional stuff, does that mean my registration details can be given to other businesses?",
                'If you "opt in" to receiving such promotional materials, we reserve the right to release any personally identifiable '
                "registration information regarding you to third parties who provide goods or services.", *FILLER, relevance=0.7)
    assert v.stance == "yes"


def test_medical_records_are_health_information():
    v = verdict("Would the company sell my medical records to drug companies or marketers?",
                "For example, we will not sell your health information or market a party's services or products to you if we are paid by that "
                "party to do so, without your written authorization.", *FILLER)
    assert v.stance == "no"


def test_a_release_prohibited_without_permission_answers_release_without_asking():
    text = ("The college complies with the Family Educational Rights and Privacy Act (FERPA), which prohibits the release of education records "
            "without student permission.")
    assert verdict("Can the college release my education records to others without asking me first?", text, *FILLER, relevance=0.6).stance == "no"
    # (… not a question naming no consent: whether they share at all)
    assert verdict("Does the college share my education records with others?", text, *FILLER, relevance=0.6).stance != "no"


def test_kept_or_thrown_away_asks_keeping_first():
    intent = read_question("After a one-time donation, do they hang on to my card details or throw them away?")
    assert intent.practices[:2] == ["retain", "delete"] and "throw" not in intent.object_terms


def test_how_many_years_asks_a_period():
    assert read_question("How many years does the hospital hang on to my medical records before getting rid of them?").asks_period
    # ("block or delete" is no keeping asked first)
    assert read_question("Can I block or delete their Flash storage objects just through my normal browser settings?").practice != "retain"


def test_a_corporate_transaction_is_a_sale_of_the_business():
    from assistant.vocabulary import TOPIC_STATED

    assert TOPIC_STATED["merger"].search("such as in connection with a corporate transaction where all or a portion of our business or assets "
                                         "(including our associated customer lists containing your personal information) are sold or transferred")
    assert TOPIC_STATED["merger"].search("If a CBS Interactive Services is sold to another company.")
    v = verdict("if the company gets sold to another company does my info go with it?",
                "Other unique circumstances may arise where we are required to disclose your personal information to third parties, such as in "
                "connection with a corporate transaction where all or a portion of our business or assets (including our associated customer "
                "lists containing your personal information) are sold or transferred.", *FILLER)
    assert v.stance == "yes"


def test_a_policy_still_protecting_me_asks_its_scope():
    assert read_question("Does the museum's privacy policy still protect me after I click a link from their site to a partner website?").practice == "scope"
    assert read_question("do the company's privacy promises still cover me on that other site?").practice == "scope"


def test_going_through_the_contacts_is_collecting():
    intent = read_question("does the news app go through the contacts on my phone?")
    assert intent.practice == "collect" and "contact" in intent.object_terms
