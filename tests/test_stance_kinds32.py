"""The verdict reader on kinds of question met in the thirty-second session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, decide_over, one_section, verdict

from assistant.intent import read_question
from assistant.objects import count_named


def test_taking_a_complaint_past_the_company():
    q = "If the company blows off my privacy complaint, is there anyone else I can go to?"
    assert read_question(q).practice == "escalate"
    v = verdict(q, "If you are not satisfied with our response you can contact TRUSTe here.", *FILLER)
    assert v.stance == "yes"
    v = verdict(q, "If you believe that we have not responded to your inquiry or your inquiry has not been satisfactorily addressed, "
                   "please contact ESRB at privacy@esrb.org.", *FILLER)
    assert v.stance == "yes"
    # a policy naming no outside body says nothing of it (a contact address is no one else to go to)
    assert verdict(q, "If you have questions about this policy, please contact us at privacy@example.com.", *FILLER).stance == "not_stated"


def test_a_european_taking_a_complaint_asks_no_transfer_abroad():
    q = "I'm in Europe - if the company ignores my privacy complaint is there anyone independent I can take it to?"
    assert read_question(q).practice == "escalate"
    v = verdict(q, "Under the Safe Harbor program, any unresolved privacy complaints can be referred to an independent dispute resolution "
                   "mechanism in the EU.", *FILLER)
    assert v.stance == "yes"
    assert read_question("I live in France. If I have a privacy dispute with them, can I take it to my local data protection authority?").practice == "escalate"


def test_a_say_in_a_transfer_is_a_way_out():
    q = "If the company gets sold again, do I get any say over my data going to the new owner?"
    assert read_question(q).practice == "opt_out"
    t = one_section("If we are acquired by or merged with another company, your information may be transferred to the new owner.",
                    "If we believe a transfer results in a material change in the use of the information we've collected or received about "
                    "you, you will be given the opportunity to opt out of the transfer.", *FILLER)
    v = decide_over(t, q, relevance=0.3)
    assert v.stance == "yes" and "opt out" in v.support[0].sentence


def test_a_notice_continuing_a_merger_sentence_is_on_point():
    t = one_section("If we become involved in a merger, acquisition or other transaction involving the sale of some or all of our assets, "
                    "user information could be included in the transferred assets.",
                    "Should such an event occur, we will use reasonable means to notify you, either through email and/or a prominent notice "
                    "on the Site.", *FILLER)
    q = "if the company gets bought out will i get a heads up about what happens to my data?"
    v = decide_over(t, q, relevance=0.2)
    assert v.stance == "yes" and "notify you" in v.support[0].sentence
    # ("at least" is no object the answer must name)
    assert not read_question("What happens to my account data if the company gets bought out - would they at least tell me?").object_terms


def test_the_rest_of_the_company_is_its_affiliates():
    for q in ("Does the company share my info with the rest of the company, like ESPN or Marvel?",
              "Will the company share my info with Monster and its other companies?"):
        assert "affili" in read_question(q).object_terms
    assert count_named({"affili"}, "Other members of The Walt Disney Family of Companies may have access to your information.") == 1
    v = verdict("Does the company share my info with the rest of the company, like ESPN or Marvel?",
                "Other members of The Walt Disney Family of Companies may have access to your information where they perform services "
                "on our behalf.", *FILLER)
    assert v.stance == "yes"
    # (a user's own family is no family of companies)
    assert count_named({"affili"}, "You may share your account with your family.") == 0


def test_only_through_the_users_own_act_is_not_automatic():
    v = verdict("If I record my trip with the in-app recording feature, does the company automatically get a copy?",
                "Trip recordings are stored on users devices, and we only receive recordings if you submit them in connection with "
                "safety incidents.", *FILLER)
    assert v.stance == "no"


def test_users_told_to_be_aware_is_no_duty_of_theirs():
    v = verdict("In multiplayer can other people see my player name and stats?",
                "Users should also be aware that game play information disclosed during multiplayer game play (e.g. player name and current "
                "player statistics) is public information and may be displayed to other users.", *FILLER)
    assert v.stance == "yes"


def test_tracking_a_gps_location_is_collecting_it():
    assert read_question("does the app track my phone's GPS location?").practice == "collect"
    assert read_question("does the app track me with cookies and GPS?").practice == "cookies"
    v = verdict("does the app track my phone's GPS location?", "We also may collect GPS information from the device if the device transmits it.", *FILLER)
    assert v.stance == "yes"


def test_messages_to_a_friend_name_the_friend():
    q = "If I use their refer-a-friend thing, are they gonna email my buddy?"
    assert read_question(q).practice == "message"
    assert verdict(q, "We will automatically send your friend a one-time email inviting him or her to visit the site.", *FILLER).stance == "yes"
    # what they send the user is no message to the friend
    assert verdict("will they keep emailing my friend afterwards?",
                   "We may contact you using the email address you provided us at the time you signed up.", *FILLER).stance != "yes"


def test_ads_going_away_after_opting_out():
    v = verdict("If I opt out of the targeted advertising, do the ads go away?",
                "After you opt-out, you will still see advertisements, but the advertising may not be as relevant to your interests.", *FILLER)
    assert v.stance == "no"


def test_a_notice_before_a_transfer_answers_whether_it_happens_unannounced():
    t = one_section("If we are acquired by or merged with another company, your information may be transferred to the buyer.",
                    "In this event, we will notify you before your personal information is transferred and becomes subject to a different "
                    "privacy policy.", *FILLER)
    v = decide_over(t, "If the company gets acquired, could my info be handed to the buyer without them telling me first?")
    assert v.stance == "no"


def test_whether_the_policy_covers_what_i_make_public():
    q = "Does their privacy policy still protect stuff I decide to make public on the site?"
    assert read_question(q).practice == "scope" and not read_question(q).object_terms
    assert verdict(q, "This Privacy Policy does not apply to any information you choose to make public.", *FILLER).stance == "no"


def test_a_site_usable_without_cookies_needs_none_turned_on():
    v = verdict("do I have to turn cookies on just to use the company?",
                "A user can use our web sites without cookies; however, our systems need cookies for premium content in order to identify "
                "you as a premium subscriber.", *FILLER)
    assert v.stance == "no"


def test_encryption_in_transmission_says_nothing_of_stored_data():
    q = "Is my info encrypted while it's sitting on the company's servers, or only when I send it?"
    v = verdict(q, "We use industry-standard technology, such as Secure Sockets Layer (SSL) encryption technology in the transmission of "
                   "certain sensitive personal information.", *FILLER)
    assert v.stance != "yes"
    assert verdict("Is my info encrypted when I send it?", "We use Secure Sockets Layer (SSL) encryption technology in the transmission of "
                   "certain sensitive personal information.", *FILLER).stance == "yes"


def test_a_list_of_companies_given_my_info_is_a_list_of_recipients():
    i = read_question("as a california resident can i ask them for a list of companies they've given my info to for marketing?")
    assert i.practice == "access"


def test_no_control_over_cookies_others_place_says_they_place_them():
    v = verdict("do the ads on the company's website put their own tracking cookies on my computer?",
                "We do not have access to or control of the cookies and other tracking technologies that may be placed by the third-party "
                "advertisers.", *FILLER)
    assert v.stance == "yes"
    # (asked what the company itself sees, it is no yes)
    assert verdict("can the company itself see the cookies that ad networks put on my computer?",
                   "We do not have access to or control of the cookies and other tracking technologies that may be placed by the third-party "
                   "advertisers.", *FILLER).stance != "yes"


def test_stopping_text_messages_is_no_way_out_of_the_newsletter_signed_up_to():
    q = "If I sign up for the company eNewsletter, is there a way to unsubscribe later?"
    assert "email" in read_question(q).topics
    v = verdict(q, "A customer has the right to choose not to receive our text messages by simply notifying us of their preference or "
                   "responding STOP to 65017.", *FILLER)
    assert v.stance != "yes"
    assert verdict(q, "You may unsubscribe from our e-mail newsletters at any time by clicking the link in any e-mail.", *FILLER).stance == "yes"


def test_connecting_an_ip_address_to_who_i_am():
    q = "can the company connect my IP address to who i actually am?"
    assert read_question(q).practice == "combine"
    v = verdict(q, "We may associate your IP address with your personally identifiable information and may maintain, use and disclose such "
                   "information in accordance with the terms of this Privacy Policy below.", *FILLER)
    assert v.stance == "yes"
    v = verdict("Just browsing without logging in - can the company figure out my name from my IP address?",
                "Non-personally identifiable information collected from you may include user Internet Protocol (IP) addresses, browser "
                "types and domain names.", *FILLER)
    assert v.stance == "no"


def test_examples_go_on_from_the_sentence_before():
    t = one_section("We automatically collect certain non-personal information when you visit the site. Examples include: the pages you visit, "
                    "browser type, operating system type, or IP address.", *FILLER)
    assert decide_over(t, "Does the company pick up my IP address when I'm on the site?").stance == "yes"


def test_how_something_is_made_public_is_no_object():
    assert read_question("If I win one of their sweepstakes, could my name end up posted publicly?").object_terms == {"name"}


def test_an_account_administrator_seeing_the_users_data():
    q = "My job gave me a company Apps account. Can the company's IT admin see my email?"
    assert read_question(q).practice == "share"
    v = verdict(q, "If your Account is managed for you by a domain administrator (for example, for Apps users) then your domain administrator "
                   "and resellers who provide user support to your organization will have access to your Account information (including "
                   "your email and other data).", *FILLER)
    assert v.stance == "yes"


def test_a_story_printed_in_the_magazine_is_made_public():
    q = "If I send the company a personal story, could they run it in the magazine with my name on it?"
    assert read_question(q).practice == "public"
    v = verdict(q, "We can edit, rewrite, use, and reuse the content, including your name and biographical information you provide, with or "
                   "without attribution, including publication in the Magazines, and in trade media, and advertising.", *FILLER)
    assert v.stance == "yes"


def test_a_kind_given_with_examples_names_them():
    t = one_section("Some of the Sites are websites that we operate on behalf of Licensors, for example PDRHealth.com and the South Beach "
                    "Diet site. We may share some or all of your Personal Information with its Licensors.", *FILLER)
    v = decide_over(t, "i signed up on the south beach diet site which they run - does my info get shared with the south beach diet people?")
    assert v.stance == "yes" and "Licensors" in v.support[0].sentence


def test_a_new_use_without_a_chance_to_say_no():
    q = "Could the company start using my info for some totally new purpose without giving me a chance to say no?"
    v = verdict(q, "Our sites will not use or transfer personally identifiable information provided to us in ways unrelated to the ones "
                   "described above without also providing you with an opportunity to opt out of these unrelated uses.", *FILLER)
    assert v.stance == "no"
