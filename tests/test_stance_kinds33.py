"""The verdict reader on kinds of question met in the thirty-third session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.deletion import kept_elsewhere
from assistant.intent import read_question
from assistant.models import Evidence
from assistant.objects import count_named
from assistant.question import decide


def _evidence(text: str) -> list[Evidence]:
    return [Evidence("p0", "PP §1", "Policy", "privacy_policy", "International users", text, 0.5)]


def test_where_the_asker_lives_is_no_transfer_abroad():
    i = read_question("I live in the EU - do I get any special data rights with this site?")
    assert i.practice == "rights" and "abroad" not in i.topics and "europe" in i.topics
    i = read_question("I live in Canada, do they sell my data?")
    assert i.practice == "sell" and "abroad" not in i.topics
    # (a place named besides where the asker lives is still a transfer asked)
    for q in ("i'm in germany - does the company keep my data in the US?", "i live in germany, does my data get sent over to the US if i subscribe?",
              "I'm in Germany. Is the company signed up to any official EU-US program for handling Europeans' data?"):
        assert read_question(q).practice == "transfer_abroad", q


def test_where_the_asker_lives_makes_no_policy_silent():
    text = "If you are located outside the United States, information about you will be transferred to the United States."
    d = decide("i live in germany, does my data get sent over to the US if i subscribe?", _evidence(text), 0.5)
    assert d.status == "answered"


def test_a_users_everyday_verbs_name_the_policys():
    assert count_named({"push"}, "We may use information to promote products and services on behalf of advertisers.") == 1
    assert count_named({"lawsuit"}, "We may disclose personal information to conform with the law or respond to claims.") == 1
    assert count_named({"mix"}, "We may combine this online information with information we already have.") == 1
    d = decide("Would the company turn over my personal details to the authorities or in a lawsuit?",
               _evidence("We may disclose personal information to conform with the law, respond to claims, enforce our policies."), 0.5)
    assert d.status == "answered"


def test_combining_with_what_they_already_have_is_no_retroactive_change():
    i = read_question("Do they mix what they pick up from my social media interactions with other info they already have on me?")
    assert i.practice == "combine"
    assert read_question("could they switch to a worse policy for the data they already have on me?").practice == "retroactive"


def test_an_app_seeing_my_location_is_collecting_it():
    i = read_question("Can the company app see my phone's GPS location?")
    assert i.practice == "collect" and "precise" in i.topics


def test_reaching_out_about_it_is_a_message():
    assert read_question("if i put a hat in my cart and leave without buying, will the company reach out about it?").practice == "message"


def test_a_deletion_that_keeps_the_logs_does_not_wipe_them():
    text = ("Clearing your history removes it from the Search History service and prevents that history from being displayed on the "
            "site, but does not delete information from our standard search logs, which are retained and anonymized.")
    for q in ("If I clear my search history, is it actually wiped from their logs?",
              "If I clear my search history, is it actually wiped from the company's servers?"):
        assert kept_elsewhere(q, text)
        assert verdict(q, text, *FILLER).stance == "no"
    # (a question asking no place is answered by the removal itself)
    assert not kept_elsewhere("If I clear my search history, is it gone from the site?", text)
    assert kept_elsewhere("is it actually wiped from Microsoft's servers?", text)
    assert not kept_elsewhere("is it wiped from their servers?", "We delete your data from our servers when you close your account.")


def test_a_right_asked_about_what_they_have_on_file_leads():
    assert read_question("I moved - can I get them to fix the address they have on file for me?").practice == "correct"
    assert read_question("how long do they keep my address on file?").practice == "retain"


def test_a_key_term_may_end_a_compound_of_the_policy():
    text = "Your username and location will be shared with others when you use public features such as logging a geocache."
    d = decide("When I log a cache, can other people see my username and where I was?", _evidence(text), 0.5)
    assert d.status == "answered"


def test_what_users_post_publicly_is_public():
    q = "When I log a cache, can other people see my username and where I was?"
    v = verdict(q, "Your username and location and any other information or content you post publicly will be shared with others when you "
                   "use the public features of our services.", *FILLER)
    assert v.stance == "yes"


def test_what_an_unsubscribe_leaves_answers_whether_every_email_stops():
    q = "If I hit unsubscribe on the newsletter, will that stop every email from the company, account ones included?"
    v = verdict(q, "To stop receiving our newsletter, click the unsubscribe link in any newsletter.",
                "This will not affect our ability to send you communications regarding your account.", *FILLER, relevance=0.3)
    assert v.stance == "no"


def test_a_promise_about_the_way_to_the_company_is_protection():
    i = read_question("Can they promise nobody intercepts my info while it's being sent to them?")
    assert i.practice == "protect"
    assert read_question("does my data get sent to other companies?").practice == "share"
    v = verdict("Can they promise nobody intercepts my info while it's being sent to them?",
                "We cannot guarantee the security of our database, nor can we guarantee that the information you supply will not be "
                "intercepted while being transmitted to us over the Internet.", *FILLER)
    assert v.stance == "no"


def test_data_from_companies_the_company_deals_with_is_received():
    v = verdict("Does the company get information about me from other companies they do business with?",
                "We may also collect personal information from individuals and companies with whom we have business relationships.", *FILLER)
    assert v.stance == "yes"


def test_sticking_it_in_my_account_is_no_object():
    assert "stick" not in read_question("can the company get info about me from other places and stick it in my account?").object_terms


def test_applying_a_new_policy_to_old_data_is_the_retroactive_change():
    q = "If they rewrite the policy and want it to cover data they already have on me, do they have to ask me first?"
    assert read_question(q).practice == "retroactive" and not read_question(q).object_terms


def test_the_users_act_told_by_a_gerund_is_no_condition():
    v = verdict("is my card info encrypted when i pay for a subscription online?",
                "When entering payment and personal information on our web pages you will see that we use SSL certificates to encrypt your "
                "data as you submit it.", *FILLER)
    assert v.stance == "yes"


def test_a_third_party_agent_for_processing_is_outsourcing():
    v = verdict("If I buy museum tickets online, is that handled by some other company?",
                "We use a third party ticketing agent for ticketing processing.", *FILLER)
    assert v.stance == "yes"


def test_a_store_camera_is_no_storing():
    i = read_question("Would the company hand over store camera footage of me to the police?")
    assert i.practice == "share" and "law" in i.topics


def test_a_vendor_bound_by_the_company_denies_nothing_of_affiliates():
    q = "Does the company share my info with its affiliated companies?"
    v = verdict(q, "Except as otherwise described in this privacy statement, the company will not disclose personal information to any third "
                   "party unless we believe that disclosure is necessary:",
                "We require our fulfillment vendor not to retain, share, store or use your information for any other purpose.", *FILLER,
                relevance=0.3)
    assert v.stance == "not_stated"
    # (a denial to any third party whose exceptions follow says nothing of affiliates either way)
    v = verdict(q, "Except as otherwise described in this privacy statement, the company will not disclose personal information to any third "
                   "party unless we believe that disclosure is necessary:", *FILLER)
    assert v.stance not in ("yes", "no")


def test_clicking_unsubscribe_is_no_object():
    assert "click" not in read_question("If I click unsubscribe on the newsletter will that stop every email from them?").object_terms


def test_this_online_information_points_back():
    from assistant.sentence_kinds import BACK_REFERENCE

    assert BACK_REFERENCE.search("We may combine this online information with information collected from offline sources.")


def test_fixing_what_is_wrong_is_correcting():
    i = read_question("how can I correct info the company has about me thats wrong?")
    assert i.practice == "correct" and not i.object_terms
    assert read_question("I moved last month. Where do I go to change the address on my company account?").practice == "correct"
    assert count_named({"wrong"}, "You may request that inaccuracies be corrected.") == 1
    d = decide("I moved last month. Where do I go to change the address on my account?",
               _evidence("You can correct or update your personally identifiable information through the My Profile Page."), 0.5)
    assert d.status == "answered"


def test_the_team_doing_what_is_asked_is_the_company():
    assert not read_question("Could the team hand my personal info over to law enforcement without even telling me?").object_terms
    assert "team" in read_question("does the actual team get my info?").object_terms
    v = verdict("Could the team hand my personal info over to law enforcement without even telling me?",
                "Your personal information may be transferred to third parties without notice to you in order to comply with applicable law, "
                "law enforcement agencies or court orders.", *FILLER)
    assert v.stance == "yes"


def test_the_practice_a_question_names_makes_no_policy_silent():
    text = "We may disclose your personal information to law enforcement agencies when required by law."
    d = decide("Say police in another country get a court order - would the company actually hand stuff over to them?", _evidence(text), 0.5)
    assert "hand" not in d.reason
    d = decide("I live in Toronto - can I sign up for their text message alerts?",
               _evidence("Text message alerts are available to subscribers in the United States."), 0.5)
    assert "toronto" not in d.reason


def test_a_list_of_disclosures_is_no_copy_of_my_data():
    text = ("If you reside in California, you may request information about our disclosures of your personal information to third parties "
            "for their direct marketing purposes.")
    assert verdict("Can I ask the company for a copy of all the personal info they have about me?", text, *FILLER).stance == "not_stated"
    assert verdict("As a California resident, can I find out which companies they shared my info with?", text, *FILLER).stance == "yes"


def test_what_the_asker_sets_aside_is_not_asked():
    q = "I'd like the company to erase everything they have about me, not just take me off the email list. Can I ask for that?"
    assert read_question(q).practice == "delete"
    assert verdict(q, "You may also remove yourself from our e-mail list by contacting us via e-mail.", *FILLER).stance == "not_stated"
    assert verdict(q, "You may ask us to delete all of the personal information we hold about you.", *FILLER).stance == "yes"


def test_what_they_post_on_the_site_is_made_public():
    q = "Stuff I type in one of their online chats or polls - can they post it on the site?"
    assert read_question(q).practice == "public"
    v = verdict(q, "When participating in an online chat or an online poll, the comments, information, thoughts or ideas you provide may be "
                   "published on the Site at the sole discretion of the company.", *FILLER)
    assert v.stance == "yes"


def test_a_denial_correcting_the_sentence_before_wins():
    q = "If I buy gold with my card, does the company end up with my card details?"
    v = verdict(q, "If you choose to upgrade to gold, this status will be stored on your profile, along with the transaction number associated "
                   "with the payment and the recipient of any gold you send.",
                "Payments are processed by our third party partners.",
                "However, the company does not handle or have access to any of your payment information.", *FILLER)
    assert v.stance == "no"


def test_a_web_address_does_not_end_the_object_of_a_verb():
    v = verdict("Can I access, review or get a copy of the personal information the company holds about me?",
                "You may access or modify your washingtonpost.com account on the User Profile page.", *FILLER)
    assert v.stance == "yes"
