"""The verdict reader on kinds of question met in the thirty-fourth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.intent import read_question
from assistant.polarity import masked, object_denied


def test_a_whole_site_working_is_denied_by_parts_that_stop():
    v = verdict("If I turn off all their cookies, will the entire website still work properly?", *FILLER,
                "Some portions of the website will not function if your browser does not accept our cookies.",
                "Your access should not be affected if you refuse cookies set by advertisers.")
    assert v.stance == "no" and "portions" in v.support[0].sentence


def test_being_locked_out_is_denied_by_a_site_still_usable():
    v = verdict("If I refuse their cookies, will I be locked out of the website entirely?", *FILLER,
                "If you decline cookies, you can still browse our website, although some features may be slower.")
    assert v.stance == "no"


def test_another_channel_is_no_answer_to_doing_it_online():
    v = verdict("My browser blocks cookies. Can I still buy tickets online on their website?", *FILLER,
                "Cookies are necessary to buy tickets through the Site.",
                "If you block cookies, you may still buy tickets by calling our box office at 555-123-4567.")
    assert v.stance == "no"
    # (asked without the channel, the other way of buying says yes)
    v = verdict("My browser blocks cookies. Can I still buy tickets from them?", *FILLER,
                "If you block cookies, you may still buy tickets by calling our box office at 555-123-4567.")
    assert v.stance == "yes"


def test_never_another_email_is_denied_by_what_still_comes():
    v = verdict("If I unsubscribe from the promotional emails, I will never hear from them again by email, right?", *FILLER,
                "You can unsubscribe from our promotional e-mails at any time.",
                "Even after unsubscribing, you may still receive messages about your orders and your account.")
    assert v.stance == "no"


def test_no_more_ads_at_all_is_denied_by_ads_still_shown():
    v = verdict("If I switch off personalised ads, does that mean no more ads at all?", *FILLER,
                "You can manage personalised advertising in your account settings.",
                "If you opt out of personalised ads, you may still see advertising on the service.")
    assert v.stance == "no" and "still" in v.support[0].sentence


def test_cookies_needed_for_a_paid_tier_answers_whether_they_must_be_allowed():
    v = verdict("Do I have to allow cookies to read the subscriber content?", *FILLER,
                "Visitors can use our sites without cookies; however, our servers need cookies for subscriber content in order to recognise a subscriber.",
                relevance=0.6)
    assert v.stance == "yes"


def test_a_way_asked_in_the_browser_is_denied_by_one_ruled_out_there():
    v = verdict("Can I remove the Flash objects they store just by deleting cookies in my browser?", *FILLER,
                "To remove Flash objects, visit the Flash settings manager and delete them there.",
                "Please note that you cannot remove Flash objects in your browser settings.")
    assert v.stance == "no"


def test_a_denial_whose_only_way_round_is_my_agreement_says_no():
    v = verdict("Will they pass my email address to other businesses so those businesses can send me ads?", *FILLER,
                "We will not share your information with third parties for their direct marketing purposes unless you expressly agree to it.")
    assert v.stance == "no"
    # (asked about that agreement, it is no plain denial)
    v = verdict("If I agree to it, will they pass my email address to other businesses for their ads?", *FILLER,
                "We will not share your information with third parties for their direct marketing purposes unless you expressly agree to it.")
    assert v.stance != "no"


def test_a_negation_inside_a_relative_clause_denies_nothing_of_the_word():
    text = masked("We may collect data of people who begin but do not finish their applications to become couriers.")
    assert not object_denied(text, {"courier"})
    assert object_denied(masked("We do not collect data of couriers."), {"courier"})


def test_changes_to_how_they_use_my_data_are_a_change_of_the_policy():
    i = read_question("If they make big changes to how they handle my info, will they email me?")
    assert i.practice == "notify" and "changes" in i.topics


def test_the_hospital_asked_to_act_is_the_company():
    assert read_question("is there a way to get the clinic to correct my record?").object_terms <= {"record"}


def test_ads_sent_to_me_by_others_are_marketing():
    i = read_question("Could other companies get my email so they can send me their own ads?")
    assert i.practice == "share" and "marketing" in i.topics and not i.object_terms


def test_my_email_as_data_is_covered_by_all_my_information():
    v = verdict("Could other companies end up getting my email address to send me their own ads?", *FILLER,
                "We may share your information, including personally identifiable information, with unaffiliated companies for their own marketing purposes.")
    assert v.stance == "yes"


def test_a_notice_only_posted_says_nothing_of_an_email():
    v = verdict("Will they email me when they change their privacy policy?", *FILLER,
                "Any changes to this privacy policy will be posted on this page so that you are always aware of what we collect.")
    assert v.stance == "not_stated"
    v = verdict("Will they email me when they change their privacy policy?", *FILLER,
                "If we change this privacy policy, we will notify you by e-mail and post the changes on this page.")
    assert v.stance == "yes"


def test_the_subject_cut_off_by_the_window_is_still_the_subject():
    from assistant.polarity import read_polarity
    from assistant.vocabulary import BY_NAME

    text = "You might not be able to opt out of receiving certain service messages from us."
    assert read_polarity(text, BY_NAME["collect"].stated, BY_NAME["collect"].needs_data, company_actor=True)[0] != "no"


def test_other_orgs_are_a_kind_of_recipient_a_denial_to_third_parties_covers():
    v = verdict("When I donate on their site, does my info get passed to partner charities or other orgs?", *FILLER,
                "Personal information collected from our donation pages is never shared with third parties.")
    assert v.stance == "no"


def test_posting_about_my_kid_is_no_question_about_children():
    i = read_question("If I post about my kid's allergy in their forums, can anyone on the internet read it?")
    assert "children" not in i.topics and i.practice == "public"
    assert "children" in read_question("Can my kid post in their forums?").topics


def test_going_to_give_my_info_is_sharing_it():
    assert read_question("Are they going to give my info to other companies?").practice == "share"
    assert read_question("Do I have to give them my phone number?").practice != "share"


def test_the_users_own_leave_as_exception_answers_no_question_of_marketing():
    v = verdict("Are they going to give my info to other companies so those companies can market to me?", *FILLER,
                "We do not share personal information with third parties for their direct marketing purposes unless you affirmatively agree "
                "to such disclosure, typically by opting in to receive offers from a sponsor of a promotion.")
    assert v.stance == "no"



def test_a_denial_by_no_subject_after_you_agree_that_stays_a_denial():
    v = verdict("If many users have the same problem, can we bring a class action against them?", *FILLER,
                "You agree that no such claim may be brought as a class action.")
    assert v.stance == "no"


def test_checking_my_credit_is_getting_data_about_me():
    i = read_question("When I apply, will they check my credit with the credit bureaus?")
    assert i.practice == "receive" and not i.object_terms


def test_attaching_data_to_my_account_is_combining_it():
    assert read_question("i turned location off. can they still attach trip locations to my account?").practice == "combine"


def test_my_boss_hearing_about_it_is_sharing():
    assert read_question("My job sent me there for a physical. Could my boss end up hearing about something they find?").practice == "share"


def test_asking_to_see_my_data_is_access():
    assert read_question("how long does it take them to respond if I ask to see my data?").practice == "access"


def test_how_i_use_the_site_is_usage_data():
    assert "usag" in read_question("Do they share data about how I use the app with advertisers?").object_terms


def test_an_opt_out_that_lapses_for_a_later_case_answers_no():
    v = verdict("I opted out of sharing, but if I later enter one of their contests, does my opt-out still apply?", *FILLER,
                "If you opted out and later enter a contest that requires us to share your information with a sponsor, your earlier "
                "opt-out preferences will not apply to that contest.")
    assert v.stance == "no"


def test_another_persons_data_is_refused_whatever_my_own_right():
    v = verdict("Can I ask them to show me the info they have on my wife's account?", *FILLER,
                "You may request access to your personal information; however, you will not be permitted to examine the personal "
                "information of any other person.")
    assert v.stance == "no"


def test_a_denial_of_one_kind_of_data_leaves_room_for_selling_others():
    v = verdict("does the paper rent or sell my info to other companies?", *FILLER,
                "If you register online, we will not sell, rent or swap your email address without your permission.",
                "If you are a print subscriber, we may rent your name and mailing address to reputable companies that offer products by mail.")
    assert v.stance == "yes" and "print subscriber" in v.support[0].sentence
    v = verdict("does the paper rent or sell my info to other companies?", *FILLER,
                "We will not sell or rent your personal information to anyone.",
                "If you are a print subscriber, we may rent your name and mailing address to reputable companies that offer products by mail.")
    assert v.stance == "no"  # (a denial of all personal information leaves no room)


def test_what_the_user_cannot_do_denies_nothing_the_company_does():
    v = verdict("Can the company read my private messages to other members?", *FILLER,
                "You may not be able to opt out of receiving certain messages from us.",
                "Your personal information and the contents of all of your online communications through our services may be accessed and "
                "monitored as necessary to operate our sites.")
    assert v.stance == "yes"


def test_slapping_my_name_on_a_winners_page_is_making_it_public():
    assert read_question("If I win their contest, will they stick my name up on a winners page?").practice == "public"
    assert read_question("will they slap my name on the site?").practice == "public"


def test_how_fast_asked_as_the_question_wants_a_time():
    assert read_question("If I ask them to show me the data they hold on me, how fast do they have to respond?").asks_period
    # (… not a yes/no question that asks it besides)
    assert not read_question("Can I ask them who they shared my info with, and how fast do they answer?").asks_period


def test_a_question_naming_a_kind_of_data_is_no_question_about_data_at_large():
    v = verdict("will they pass my email along to other groups?", *FILLER,
                "We will not sell or rent your email address to other organizations.",
                "We may share your name and mailing address with other organizations whose programs may interest you.")
    assert v.reason != "the policy states it, for other data than its denial names"


def test_a_denial_with_the_law_besides_my_leave_still_answers_the_law_question():
    v = verdict("Does the company disclose personal information to the police when required by law?", *FILLER,
                "We do not disclose the information in that record to any outside entity unless you give us permission to do so or "
                "unless disclosure is compelled by law.")
    assert v.stance == "yes"


def test_a_denial_of_use_except_as_described_denies_nothing_described():
    v = verdict("My 9 year old wrote to them. Could they add her to their newsletter without asking me?", *FILLER,
                "If we receive an e-mail from a child under 13, we may send our newsletter to the child, with notice to the parent.",
                "We will not knowingly use or disclose any personal information of a child under 13 for any purpose except as described above.")
    assert v.stance != "no"


def test_a_statement_about_childrens_data_only_says_nothing_of_the_asker():
    v = verdict("if I close my account, will they erase all the info they collected on me?", *FILLER,
                "If we discover that we have received any personal information from a child under 13, we will delete such information promptly.")
    assert v.stance != "yes"
    v = verdict("if my 12 year old signed up, will they erase the info they collected on her?", *FILLER,
                "If we discover that we have received any personal information from a child under 13, we will delete such information promptly.")
    assert v.stance == "yes"
