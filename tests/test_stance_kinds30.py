"""The verdict reader on kinds of question met in the thirtieth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.ages import _AGE_LIMIT
from assistant.intent import read_question
from assistant.requirement import OPTIONAL_STATED, REQUIREMENT_ASKED


def test_what_the_user_may_give_at_their_option_is_not_required():
    assert REQUIREMENT_ASKED.search("Setting up steam - do I have to put in my real first and last name?")
    assert OPTIONAL_STATED.search("Valve collects a user's email address and username, and at the user's option, first and last name.")
    v = verdict("Setting up steam - do I have to put in my real first and last name?",
                "When you create a Steam account, Valve collects a user's email address and username, and at the user's option, "
                "first and last name.", *FILLER)
    assert v.stance == "no"


def test_a_site_not_for_children_answers_whether_a_child_may_sign_up():
    m = _AGE_LIMIT.search("The Sites are not for children under 13 years of age.")
    assert m and m.group("n") == "13"
    text = "The Sites are not for children under 13 years of age."
    assert verdict("My daughter is 11 and obsessed - is it ok for her to sign up and give them her info?", text, *FILLER).stance == "no"
    # (a sign-up told first is no use asked: whether the parent may have her data deleted is another question)
    assert verdict("my daughter is 11 and signed up on their site without asking me. can I make them delete her info?", text,
                   *FILLER).stance != "no"


def test_a_statement_told_before_an_ellipsis_is_no_question():
    told = read_question("So they rent out postal lists... do they sell my email address to other marketers too?")
    plain = read_question("since they sell postal lists, will they also sell my email address?")
    assert told.practice == "sell" and told.object_terms == plain.object_terms
    assert "postal" not in told.object_terms and "list" not in told.object_terms
    # ("so" asking is no reason told first)
    assert read_question("so do they sell my data, and do they rent it?").practice == "sell"


def test_absolutely_is_no_object_of_a_question():
    intent = read_question("can I unsubscribe from absolutely all their emails, even the ones about my purchases?")
    assert intent.practice == "opt_out" and not any(t.startswith("absolut") for t in intent.object_terms)


def test_switching_off_is_opting_out():
    assert read_question("Can I switch off the trip status notifications entirely?").practice == "opt_out"
    assert read_question("As a subscriber, can I switch off the emails about renewals?").practice == "opt_out"
    assert read_question("can I switch them off later?").practice == "opt_out"


def test_a_denial_of_selling_naming_no_buyer_covers_the_buyer_asked():
    v = verdict("Do they sell or rent the data their tracking pixels collect to advertisers?",
                "We do not sell or rent the information collected through tracking pixels.", *FILLER)
    assert v.stance == "no"
    # (… not one leaving room for other ways, nor a wish of the user's)
    v = verdict("Does my email get handed to an outside company?", "However, your email address will not be otherwise shared or sold.",
                *FILLER)
    assert v.stance != "no"


def test_sending_me_what_they_have_on_me_is_access():
    assert read_question("Can I get them to send me what personal info they have on me?").practice == "access"
    assert read_question("how long do they keep what they have on me?").practice == "retain"


def test_a_store_as_a_place_is_no_keeping():
    assert read_question("Will they give my info to other magazines or stores so they can send me offers?").practice == "share"
    assert read_question("Does the company give its store camera footage to the police?").practice == "share"
    assert read_question("do they store my data?").practice == "retain"
    assert REQUIREMENT_ASKED.search("Must I hand over my name and email just to look around the website?")


def test_a_game_bought_is_no_sale_of_the_business():
    assert "merger" not in read_question("I clicked over to their shop from another site and bought a game. Does Sony find out what I "
                                         "bought?").topics
    assert "merger" in read_question("if the company gets bought, what happens to my data?").topics
    assert "merger" in read_question("if they are bought out by another company, is my data sold?").topics


def test_a_right_tag_between_two_sentences_is_no_right():
    intent = read_question("it's a teaching hospital right? so can med students see my health info?")
    assert intent.practice != "rights" and "rights" not in intent.practices
    assert read_question("is there a right? I mean a right to delete?").practice == "delete"


def test_why_the_data_would_be_given_is_no_object():
    assert not read_question("Could the company give my info to other companies so they can send me promos?").object_terms
    assert not read_question("do they share my email so that the partners can send me deals?").object_terms


def test_being_treated_worse_for_a_complaint_is_retaliation():
    assert read_question("Could filing a privacy complaint against the hospital get me treated worse?").practice == "retaliate"


def test_a_denial_without_consent_answers_a_question_without_asking_me():
    v = verdict("My 9 year old wants to join a kids club through the site. Can they take his info without asking me?",
                "Except for Kids Club registrations, we do not knowingly collect or store any personal information about children under "
                "the age of 13. We may collect personal information from children for Kids Club registrations. We do not collect "
                "personally identifiable information on our Web Sites from children under the age of 13 without prior parental consent.",
                *FILLER)
    assert v.stance == "no"


def test_exchanging_information_against_fraud_is_no_sale():
    from assistant.vocabulary import BY_NAME
    sell = BY_NAME["sell"].stated
    assert not sell.search("This information may be released or exchanged with other companies and organizations to protect against "
                           "fraud, or for credit risk reduction.")
    assert sell.search("We may exchange your information with other companies for their marketing.")


def test_the_accuracy_of_ones_records_is_about_correcting_them():
    v = verdict("If info in my student records is wrong, can I get it corrected?",
                "If you are concerned about the accuracy of information contained in your personal records, you should contact the "
                "custodian of the record.", *FILLER)
    assert v.stance == "yes"


def test_data_still_sitting_in_backups_is_kept():
    assert read_question("If I delete info from my account, could it still be sitting in their backups?").practice == "retain"


def test_a_right_to_see_ones_data_is_no_list_of_its_recipients():
    text = "You may access, update or delete your personally-identifiable information by contacting us."
    assert verdict("I'm in California, can I ask them for a list of who they gave my info to?", text, *FILLER).stance != "yes"
    assert verdict("Can I see the personal information they have about me?", text, *FILLER).stance == "yes"


def test_connecting_with_a_social_account_is_no_combining_and_what_they_get_is_collecting():
    intent = read_question("If I connect to the site with my Facebook account, what do they get? My profile?")
    assert intent.practice == "collect" and "combine" not in intent.practices
    assert read_question("will they connect my purchases to my account?").practice == "combine"


def test_a_way_out_of_receiving_information_answers_a_way_out_of_the_emails():
    v = verdict("As a subscriber, can I switch off the emails about renewals and my account balance?",
                "You may not opt out of receiving information regarding the expiration and renewal of the subscriptions, account "
                "balances or the payment history and status.", *FILLER)
    assert v.stance == "no"
