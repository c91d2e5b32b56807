"""The verdict reader on kinds of question met in the twenty-second session's sets (no model, no embedder)."""

from __future__ import annotations

from collections import Counter

from stance_helpers import FILLER, decide_over, one_section, verdict

from assistant.intent import read_question
from assistant.objects import _spelled, names_objects
from assistant.polarity import object_denied, read_polarity
from assistant.question import neutral_question
from assistant.vocabulary import BY_NAME


def test_cookies_blocked_told_before_the_asking_clause():
    v = verdict("I keep cookies blocked in my browser. Can I still place an online order with them?",
                "If you refuse cookies, you will not be able to open a shopping cart on the Site, and therefore will not be able to "
                "complete an order with us online.", *FILLER)
    assert v.stance == "no"
    # without cookies in the question there is nothing to gate
    assert verdict("Can I still place an online order with them?", "If you refuse cookies, you will not be able to complete an order.",
                   *FILLER).reason != "the policy says what works with cookies blocked"


def test_the_last_word_of_the_name_cut_short_or_of_three_letters_is_the_company():
    assert neutral_question("Can the Tribune make my kid give up more details?", "Sltrib") == "Can the company make my kid give up more details?"
    assert neutral_question("Is the Fed's mailing list handled by an outside company?", "Stlouisfed").startswith("Is the company ")
    assert neutral_question("Can the Times see my data?", "Sltrib") == "Can the Times see my data?"  # not a word the name cuts short
    assert neutral_question("Does the Web keep my data?", "Stlouisfed") == "Does the Web keep my data?"


def test_people_who_work_at_the_company_are_no_object():
    assert not read_question("Can people who work at Caribou actually look at my customer info?").object_terms
    assert "work" in read_question("Do they keep records of my work history?").object_terms


def test_an_address_book_is_named_only_by_its_names():
    v = verdict("If I put my contacts into their app, will they use my address book to email my friends?",
                "When you register we ask for information such as your name, email address, birth date and ZIP code.", *FILLER)
    assert v.stance == "not_stated"


def test_a_denial_reaches_the_examples_of_what_it_denies():
    sentence = ("When showing you tailored ads, we will not associate an identifier from cookies or similar technologies with sensitive "
                "categories, such as those based on race, religion, sexual orientation or health.")
    assert object_denied(sentence, {"health"})
    v = verdict("Will they aim ads at me based on stuff like my health or religion?", sentence, *FILLER)
    assert v.stance == "no"
    # a negation far before a word outside any list does not reach it
    assert not object_denied("This sensitive personal information is not shared with third parties other than the processor and is stored by "
                             "the foundation for verification purposes and for the processing of later gifts with the same credit card number.",
                             {"card"})


def test_what_stays_on_the_users_computer_is_not_kept_by_the_company():
    v = verdict("Does the policy say how long they hold on to my info once I stop using the site?",
                "Persistent cookies remain on your computer after you have closed your browser or turned off your computer.", *FILLER)
    assert v.stance == "not_stated"
    v = verdict("How long do their cookies stay on my computer?",
                "Persistent cookies remain on your computer for two years after your last visit.", *FILLER)
    assert v.stance == "answered"


def test_an_email_about_a_breach_is_a_notice_of_the_breach():
    intent = read_question("If they ever have a data breach, will they email me about it?")
    assert intent.practice == "notify" and intent.topics == ["breach"]
    v = verdict("If they ever have a data breach, will they email me about it?", "We reserve the right to send you e-mail relating to your account status.",
                *FILLER)
    assert v.stance == "not_stated"


def test_no_information_at_all_covers_any_kind_of_it():
    sentence = "No information will be sold to any other companies or organizations."
    assert read_polarity(sentence, BY_NAME["sell"].stated, BY_NAME["sell"].needs_data, company_actor=True)[0] == "no"
    assert verdict("Will they sell my contact info to other businesses?", sentence, *FILLER).stance == "no"


def test_a_word_of_its_own_is_no_slip_of_the_keyboard():
    df = Counter({"contract": 3, "email": 5})
    assert _spelled("contact", df) == "contact"
    assert _spelled("emial", df) == "email"


def test_the_way_asked_ruled_out_wins_over_another_way():
    v = verdict("Can I get rid of their Flash storage thingies just through my regular browser settings?",
                "In addition, you cannot control, delete or disable the acceptance of Flash LSOs through your browser.",
                "To see the Flash LSOs currently on your computer, choose Website Storage Settings Panel and follow the instructions to review "
                "and, if you choose, to delete any specific Flash LSO.", *FILLER, *FILLER)
    assert v.stance == "no"


def test_reselling_is_selling():
    assert read_question("Are their vendors allowed to resell my data?").practice == "sell"
    assert read_polarity("They may not share, resell or use the data for their own purposes.", BY_NAME["sell"].stated)[0] == "no"


def test_turning_all_of_that_off_is_opting_out():
    intent = read_question("I want zero emails from them, including their newsletter and service announcements. Can I turn all of that off?")
    assert intent.practice == "opt_out" and intent.user_action


def test_words_of_how_the_user_acts_or_talks_are_no_object():
    assert "hit" not in read_question("After I hit unsubscribe on their promo emails, how long before they actually stop?").object_terms
    assert "lot" not in read_question("I write a lot of reviews - could my name end up showing in ads?").object_terms
    assert not {"down", "road"} & read_question("If they change their privacy statement down the road, will they tell me?").object_terms
    assert "start" not in read_question("Am I going to start seeing diabetes ads on other sites?").object_terms


def test_a_tv_is_a_television_and_a_pic_a_photo():
    assert names_objects({"tv"}, "we may need to share information about you with your designated television provider")
    assert names_objects({"pic"}, "we may display your Profile name and Profile photo")


def test_random_people_online_getting_at_the_data_is_it_being_public():
    assert read_question("Could random people online get at the customer data they keep on me?").practice == "public"


def test_work_done_by_an_outside_company_is_outsourcing():
    intent = read_question("Is their mailing list handled by some outside company, or do they do it all in-house?")
    assert intent.practice == "outsource"
    v = verdict("Is their mailing list handled by some outside company, or do they do it all in-house?",
                "We retain the services of outside contractors to provide services, including mailing list administration and our Job Opportunities pages.",
                *FILLER)
    assert v.stance == "yes"
    v = verdict("Does the shop use some outside company to handle my card payment and shipping when I order?",
                "For example, the shop uses a third party fulfillment agent to manage orders, credit card processing, order fulfillment and shipping.",
                *FILLER)
    assert v.stance == "yes"


def test_others_being_able_to_do_something_is_no_right_of_the_user():
    assert not read_question("If I join their network, will strangers be able to see my profile right away?").user_action
    assert read_question("Will I be able to delete my account?").user_action
    v = verdict("If I join their network, will strangers be able to see my profile right away?",
                "By default this option is not selected, and your profile is not viewable by the public.", *FILLER)
    assert v.stance == "no"


def test_a_government_abroad_getting_at_data_stored_there_is_a_transfer_abroad():
    intent = read_question("Could my info be stored in another country where that government could get at it?")
    assert intent.practices[:2] == ["transfer_abroad", "share"]


def test_showing_up_in_ads_and_making_posts_private_are_about_what_is_public():
    assert read_question("Could my name and profile pic end up showing in ads?").practice == "public"
    intent = read_question("Can I make my comments on their site private so random people and search engines can't see them?")
    assert intent.practice == "public" and intent.user_action
    v = verdict("Can I make my comments on their site private so random people and search engines can't see them?",
                "Public Information and Posts are always public, which means they are available to everyone and may be displayed in search "
                "results on external search engines.", *FILLER)
    assert v.stance == "no"


def test_checking_whether_i_opened_an_email_is_tracking_it():
    q = "Do the newsletters they send me secretly check whether I opened them?"
    assert read_question(q).practice == "cookies"
    assert "secret" not in read_question(q).object_terms
    v = verdict(q, "If you select the HTML format, we may place a one-pixel gif to determine whether or not readers viewed the email.", *FILLER)
    assert v.stance == "yes"


def test_a_statement_naming_the_companys_people_asked_about_wins_a_close_call():
    q = "Can people who work at Caribou actually look at my customer info?"
    yes = "Some of our employees have access to customer information only in order to serve customers or maintain our information systems."
    no = ("They are contractually obligated to maintain the confidentiality and security of such information, and are prohibited from using such "
          "information in any way not expressly authorized by the shop.")
    assert verdict(q, yes, no, *FILLER).stance == "yes"


def test_a_disclaimer_of_responsibility_answers_whether_the_company_is_on_the_hook():
    q = "If I follow their link to buy gift cards on another site, is the company on the hook for how that site handles my data?"
    intent = read_question(q)
    assert intent.practice == "scope" and not intent.asks_period and not intent.object_terms
    assert verdict(q, "We are not responsible for the privacy practices of these other sites.", *FILLER).stance == "no"
    assert read_question("If that site misuses my stuff, does the company take responsibility?").practice == "scope"
    assert read_question("For how long do they keep my data?").asks_period


def test_the_users_information_named_as_theirs_goes_with_a_sale_of_the_business():
    q = "If they ever got bought by another company, would my account info go along with the sale?"
    v = verdict(q, "Also, in the event that the company, or substantially all of its assets are acquired, user information will of course be "
                   "included in the transaction.", *FILLER)
    assert v.stance == "yes"


def test_no_notice_before_such_disclosures_answers_a_heads_up_before_handing_info_to_the_police():
    t = one_section("We may also disclose your information in response to a court order or when we deem it necessary to give such information to "
                    "law-enforcement authorities.", "At our discretion, we may not provide you with notice prior to such disclosures.", *FILLER)
    assert decide_over(t, "Would they give me a heads up before handing my info over to the police?").stance == "no"


def test_creating_profiles_for_marketing_is_ad_targeting():
    v = verdict("Will they build some kind of profile on me for ad targeting?",
                "The site never collects information or creates individual profiles for commercial marketing.", *FILLER)
    assert v.stance == "no"


def test_a_statement_naming_the_one_object_word_counts_at_the_lower_floor():
    q = "When I change my email address on their site, do they still hang on to the old one?"
    s = "When you update information, we usually keep a copy of the prior version for our records."
    assert verdict(q, s, *FILLER, relevance=0.28).stance == "yes"
    assert verdict(q, s, *FILLER, relevance=0.2).stance == "not_stated"  # (below the lower floor too)


def test_kinds_of_data_left_out_of_what_ad_companies_get_deny_them():
    q = "Do the ad companies that show ads on the site get my name or home address?"
    v = verdict(q, "Information about your visit to their site, such as number of times you have viewed an ad (but not your name, address or "
                   "other personal information), is used to serve ads to you.", *FILLER)
    assert v.stance == "no"


def test_a_payment_service_is_a_third_party():
    q = ("If I pay for something on their site and it goes through some outside payment company, is the company responsible for what that "
         "company does with my card info?")
    v = verdict(q, "We have no control over, and are not responsible for, any Payment Service's use of information collected through any "
                   "Payment Service.", *FILLER)
    assert v.stance == "no"
