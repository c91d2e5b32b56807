"""The verdict reader on kinds of question met in the twenty-third session's sets (no model, no embedder)."""

from __future__ import annotations

import re

from stance_helpers import FILLER, verdict

from assistant.intent import read_question
from assistant.objects import names_objects
from assistant.polarity import read_polarity
from assistant.refusals import channel_refused
from assistant.vocabulary import BY_NAME


def test_tracking_pixels_asked_to_gather_personal_info_ask_what_they_collect():
    assert read_question("Do those invisible tracking pixels on the site pull personal info out of my account?").practice == "collect"
    assert read_question("Do their cookies collect my personal information?").practice == "collect"
    assert read_question("Does the site use cookies?").practice == "cookies"
    v = verdict("Do those invisible tracking pixels on the site pull personal info out of my account?",
                "No personally identifiable information from your account is collected using these clear gifs.", *FILLER)
    assert v.stance == "no"


def test_no_personal_information_as_the_subject_of_a_passive_denies_it():
    verbs = re.compile(r"\bcollect\w*|\bsecure\b", re.I)
    assert read_polarity("No personally identifiable information from your Company account is collected using these clear gifs.", verbs)[0] == "no"
    assert read_polarity("No personal information is collected by these cookies.", verbs)[0] == "no"
    # a disclaimer of security denies nothing the company does
    assert read_polarity("However, no data transmission over the internet is completely secure.", verbs)[0] == "yes"


def test_a_request_refused_by_the_way_asked():
    assert channel_refused("Can I just call BWW to make my California privacy rights request?",
                           "We will not accept requests via the telephone or by fax.")
    assert channel_refused("can I just call them up to make my privacy rights request?",
                           "We will not accept requests via the telephone, mail, or by facsimile, and we are not responsible for notices.")
    assert not channel_refused("Can I email them my request?", "We will not accept requests via the telephone or by fax.")
    assert not channel_refused("Can I mail my request?", "We will not accept requests by e-mail.")  # e-mail is no mail
    v = verdict("I'm a California resident - can I just call them to make my privacy rights request?",
                "California residents may request a list of the third parties we disclosed personal information to.",
                "We will not accept requests via the telephone or by fax.", *FILLER)
    assert v.stance == "no"


def test_a_right_given_is_no_data_provided():
    v = verdict("Would they turn over my info if they get a subpoena?",
                "The descriptions in this policy of our obligations do not provide any right to you under this privacy policy or any other law.",
                *FILLER)
    assert v.stance != "no"


def test_transactional_messages_still_sent_answer_whether_order_emails_stop():
    v = verdict("if I hit unsubscribe on their promo emails, does that also stop the emails about my orders?",
                "You can opt out of receiving our marketing emails.",
                "Even if you opt out of getting marketing messages, we will still be sure to send you transactional messages.", *FILLER)
    assert v.stance == "no"


def test_messages_not_sent_to_those_who_asked_not_to_receive_them():
    v = verdict("Say I opt out of their promo emails - are they still gonna keep sending them?",
                "Be assured that we will never knowingly send messages to customers who have asked not to receive them.", *FILLER)
    assert v.stance == "no"


def test_a_parents_consent_asked_below_an_age_above_the_askers():
    q = "I'm 16 and want to join the rewards club - does the policy say I need my parents' OK?"
    v = verdict(q, "Our Sites are not intended for children.",
                "If you are under 18, get your parent's consent before giving out any personal information online.", *FILLER)
    assert v.stance == "yes"
    assert verdict(q.replace("16", "19"), "If you are under 18, get your parent's consent before giving out any personal information online.",
                   *FILLER).reason != "the policy asks a parent's consent below an age above the one in the question"


def test_an_age_limit_in_the_companys_terms():
    v = verdict("I'm 19 - am I allowed to enter my info on their site for a contest?",
                "It is against our Terms of Use for anyone under 21 to submit data to our site.", *FILLER)
    assert v.stance == "no"


def test_a_denial_of_selling_personal_information_covers_name_and_email():
    v = verdict("Do they make money selling my name and email to other companies?",
                "Except as described in this Privacy Policy, Company will not rent or sell your personally identifiable information to others.",
                *FILLER)
    assert v.stance == "no"


def test_shared_outside_the_company_is_a_third_party():
    v = verdict("Will Abita hand my personal info to some outside company without asking me first?",
                "Personal information you provide on the site will not be shared outside of Abita and its subsidiaries without your permission.",
                *FILLER)
    assert v.stance == "no"


def test_donor_and_donation_name_the_same_thing():
    v = verdict("If I donate on their site, does my donor info get passed on to other organizations?",
                "Personal information collected from our donation pages is never shared with third parties.", *FILLER)
    assert v.stance == "no"


def test_stitching_into_one_profile_is_combining():
    q = read_question("I use a couple of their different sites - do they stitch all that into one profile on me?")
    assert q.practice == "combine" and not q.object_terms


def test_what_messages_are_about_is_no_object_of_contacting_me():
    assert read_question("Will they call me on my phone about new menu items and deals?").object_terms == {"phone"}


def test_a_business_tied_to_the_company_getting_my_info_is_sharing():
    assert read_question("Does my local Buffalo Wild Wings franchise get my info?").practice == "share"
    assert read_question("Does the app get my info from Facebook?").practice != "share"


def test_copies_still_sitting_in_backups_are_kept():
    q = read_question("If I delete stuff from my account, could a copy still sit in their backups?")
    assert q.practice == "retain" and "backup" in q.object_terms
    v = verdict("If I delete stuff from my account, could a copy still sit in their backups?",
                "This information may stay in our backup files.", *FILLER)
    assert v.stance == "yes"


def test_the_station_asked_about_is_the_company_but_a_team_may_be_another():
    assert not read_question("Would the station give my info to the police even if they don't have a warrant?").object_terms
    assert "team" in read_question("Does the actual team get my info?").object_terms


def test_ads_picked_by_gender_and_demographics():
    q = "Do they pick which ads I see based on stuff like my gender from when I registered?"
    assert verdict(q, "We may use member registration data to ensure that Sponsor XYZ's ads are displayed only to female members.",
                   *FILLER).stance == "yes"
    assert verdict("Do they pick which ads I see based on my demographic info?", "In addition, we sometimes use demographic data to decide which advertisements and sponsor messages to show to which members.",
                   *FILLER).stance == "yes"


def test_kinds_of_question_read_for_their_practice():
    assert read_question("if I DM them on Twitter, can they take that and add it to what they know about me?").practice == "combine"
    assert read_question("Do I have to let At Bat see my location to watch games live?").practice == "collect"
    assert read_question("If I just buy one set of tickets, do I get signed up for their newsletter automatically?").practice == "message"
    assert read_question("Before they show me the data they hold on me, do they check it's really me asking?").practice == "verify"
    assert read_question("Can Internet Brands look at the private messages I send to other members?").practice == "collect"
    assert read_question("Does SRL keep an eye on or review what people post in their chat rooms and forums?").practice != "retain"


def test_enrolled_in_the_newsletter_after_a_purchase():
    v = verdict("If I just buy one set of tickets, do I get signed up for their newsletter?",
                "Or, for example, if you buy tickets from us we'll enroll you in our newsletter.", *FILLER)
    assert v.stance == "yes"


def test_access_on_a_need_to_know_basis_is_limited():
    v = verdict("Does FARE limit which of its own staff can see my personal and donor info?",
                "Employee access to personal information is strictly on a need-to-know basis.", *FILLER)
    assert v.stance == "yes" and v.reason == "the policy says access is limited"


def test_no_control_of_a_service_is_no_lack_of_access_to_data():
    v = verdict("If I sign in with my Facebook account, do they get stuff from my Facebook?",
                "By choosing to log in using your credentials from a social media service, you are asking that service to send us certain "
                "information from your Facebook account, and you authorize us to collect, store and use such information.",
                "We do not control these social media services or your profiles on these services.", *FILLER)
    assert v.stance == "yes"


def test_they_posting_my_activity_to_facebook_is_sharing():
    assert read_question("If I hook up my Facebook to MLB, can they post what I'm doing on their apps to Facebook?").practice == "share"


def test_a_time_clause_opening_with_their_before_a_yes_no_question():
    assert read_question("When their forms come pre-filled with my details, does that automatically send my data to the sponsor?").yes_no


def test_a_concession_before_the_statement_denies_nothing():
    collect = BY_NAME["collect"]
    s = ("Although such information is not personally identifiable, we can determine from the IP address a visitor's Internet Service "
         "Provider and the geographic location of his or her point of connectivity.")
    assert read_polarity(s, collect.stated, collect.needs_data, company_actor=True)[0] == "yes"
    assert read_polarity("Although we do not sell your data, we may share it with partners.", BY_NAME["share"].stated, True)[0] == "yes"
    assert read_polarity("We do not sell, trade, or transfer your personal information.", BY_NAME["share"].stated, True)[0] == "no"


def test_what_the_server_recognizes_only_leaves_out_the_email_address():
    v = verdict("Can the site somehow get my email address just because I visited it?",
                "For each visitor to our Web site, our Web server automatically recognizes only the consumer's domain name, operating system, "
                "and web browser version but not the e-mail address.", *FILLER)
    assert v.stance == "no"


def test_people_finding_a_deleted_comment_is_it_being_public_but_not_people_at_the_company():
    assert read_question("say I delete a comment I left on their article... could people still find it?").practice == "public"
    assert read_question("Could people at the company see my data?").practice != "public"


def test_advertisers_being_able_to_tell_who_i_am_is_no_user_right():
    assert not read_question("Will the advertisers on Polygon and SB Nation be able to tell who I am from whatever Vox passes to them?").user_action


def test_an_aside_however_in_a_manner_is_no_exception():
    v = verdict("Will the advertisers be able to tell who I am from whatever they pass to them?",
                "We will not share any such information, however, in a manner that would enable the advertiser to personally identify you.",
                *FILLER)
    assert v.stance == "no"
    assert read_polarity("We do not share your data; however, we may share aggregate statistics.", BY_NAME["share"].stated, True)[1]


def test_no_way_to_stop_all_collection():
    q = read_question("Is there some way to stop The Atlantic collecting anything at all when I visit?")
    assert q.practice == "opt_out" and q.user_action
    v = verdict("Is there some way to stop The Atlantic collecting anything at all when I visit?",
                "Although you cannot opt-out of all data collection when you visit our sites, you can limit the collection, use and sharing "
                "of your information.", *FILLER)
    assert v.stance == "no"


def test_shared_data_that_contains_nothing_identifying():
    v = verdict("When they pass along partly anonymized patient data to outside people, could my name or street address still be attached?",
                "Partially de-identified health information will not contain any information that would directly identify you (such as "
                "your name, street address, social security number).", *FILLER)
    assert v.stance == "no"


def test_study_abroad_is_no_transfer_abroad_and_supposed_names_nothing():
    assert "abroad" not in read_question("Why do I keep seeing study-abroad ads on Facebook after visiting their site?").topics
    q = read_question("How am I supposed to find out when the company changes its privacy rules?")
    assert "suppos" not in q.object_terms


def test_data_bought_is_no_sale_of_the_business_and_groups_are_organizations():
    q = read_question("Does The Hill mix what it knows about me with data bought or obtained from other companies?")
    assert q.practice == "combine" and "merger" not in q.topics
    assert "merger" in read_question("If the company gets bought out, what happens to my data?").topics
    assert names_objects({"group"}, "exchanged with other progressive organizations")


def test_initials_with_of_name_the_company():
    from assistant.company_names import company_aliases
    from assistant.question import neutral_question
    aliases = company_aliases("Bankofamerica", "welcome to bank of america online privacy.", "Welcome to Bank of America")
    assert neutral_question("Does BofA send my information to other countries?", "Bankofamerica", aliases).startswith("Does the company")
    assert neutral_question("Does BoA sell my data?", "Bankofamerica", aliases).startswith("Does the company")


def test_do_not_track_told_first_and_pointed_back_at():
    assert read_question("My browser sends Do Not Track. Does The Atlantic collect less from me because of that?").practice == "honor_dnt"


def test_how_long_visitors_stay_is_no_retention_and_merging_what_i_do_is_combining():
    assert read_question("Do they keep track of which pages kids visit and how long they stay on the site?").practice != "retain"
    assert read_question("How long do they keep my data?").practice == "retain"
    q = read_question("They run a bunch of sites and apps - do they merge what I do on each one into a single profile?")
    assert q.practice == "combine" and "merger" not in q.topics


def test_information_not_accepted_from_minors_answers_whether_a_minor_may_send_it():
    v = verdict("I'm 16 and sell stuff online - can I send Chase Paymentech my info to get set up for card payments?",
                "Chase Paymentech does not solicit or knowingly accept information from persons under the age of eighteen (18).", *FILLER)
    assert v.stance == "no"


def test_a_signature_asked_is_consent():
    assert "signatur" not in read_question("Could Kaleida sell my health records to some company without getting my signature first?").object_terms


def test_not_collecting_from_children_is_no_age_limit_on_a_parent():
    v = verdict("My 10-year-old entered a contest on their site. Can I see what they collected about her and get it deleted?",
                "The company does not knowingly collect information from children under 13 years of age.", *FILLER)
    assert v.reason != "the policy sets an age limit above the age in the question"


def test_a_credit_check_is_data_received_from_elsewhere():
    assert read_question("I'm applying for a merchant account. Will they look me up as the owner with credit bureaus?").practice == "receive"
    assert read_question("Do they run a credit check on the owners when a business applies?").practice == "receive"
    assert read_question("does aol pull in info about me from outside sources and merge it with what they already have").practice == "combine"
