"""The verdict reader on kinds of question met in the eighteenth session's sets (no model, no embedder)."""

from __future__ import annotations

from stance_helpers import FILLER, verdict

from assistant.intent import read_question
from assistant.polarity import read_polarity
from assistant.vocabulary import BY_NAME


def test_a_double_negation_permits():
    v = verdict("if the police ask for my data without a warrant, could they give it to them?",
                "To the extent not prohibited by applicable law, disclosures of personal information may be made to law enforcement agencies on request.",
                *FILLER)
    assert v.stance == "yes"


def test_a_negation_does_not_reach_into_a_how_clause():
    share = BY_NAME["share"]
    sentence = "This report does not describe the ways that your personal information has been shared with our clinics."
    assert read_polarity(sentence, share.stated, share.needs_data, company_actor=True)[0] == "yes"
    sentence = "We do not explain how your personal information is shared with the partners."
    assert read_polarity(sentence, share.stated, share.needs_data, company_actor=True)[0] == "yes"
    sentence = "We do not share your personal information with advertisers."  # a plain denial still denies
    assert read_polarity(sentence, share.stated, share.needs_data, company_actor=True)[0] == "no"


def test_whose_data_is_no_object():
    assert "member" not in read_question("does the club sell members' personal info?").object_terms
    assert "shopper" in read_question("do they track shoppers' phones with beacons?").object_terms  # the phones are what is asked about


def test_the_business_changing_hands_is_no_object():
    intent = read_question("if acme rewards gets bought or merges, what happens to my data?")
    assert not {"acm", "acme", "reward"} & intent.object_terms and "merger" in intent.topics
    assert "email" in read_question("if my email list gets sold, will they tell me?").terms  # the data is what is sold


def test_every_single_asks_for_all_of_it():
    assert "singl" not in read_question("can I opt out of every single email, even the receipts?").object_terms


def test_an_instruction_to_the_user_is_a_right():
    v = verdict("I'm on their mailing list, can I get off it?",
                "If at any time you want your email address removed from our list, simply use the unsubscribe link in any newsletter.", *FILLER)
    assert v.stance == "yes"
    v = verdict("can I get them to erase everything they have on me?",
                "Other updates or removal requests can be sent to our Marketing Department, PO Box 100, Springfield.", *FILLER)
    assert v.stance == "yes"


def test_a_request_that_a_named_company_not_share_is_a_right():
    v = verdict("can I stop them sharing my info with their affiliates?",
                "However, you can request that Acme and its affiliate companies not share your personal information with our affiliates for marketing.",
                *FILLER)
    assert v.stance == "yes"


def test_targeting_is_behavioural_advertising():
    v = verdict("do they use flash cookies for ad targeting?",
                "We also use cookies for advertising purposes.",
                "We do not use Flash objects for any online behavioral advertising purpose.", *FILLER)
    assert v.stance == "no"


def test_a_circular_period_is_no_period():
    v = verdict("how long do they keep my records?",
                "You may inspect a copy of your information for as long as we maintain this information in our records.", *FILLER)
    assert v.stance != "answered"
    v = verdict("how long do they keep my records?", "We keep your records for as long as your account is active.", *FILLER)
    assert v.stance == "answered"


def test_a_denial_over_a_list_of_passive_verbs():
    share = BY_NAME["share"]
    sentence = "All personal information collected from our customers is used by us only, and is not sold, shared or distributed to any third party."
    assert read_polarity(sentence, share.stated, share.needs_data, company_actor=True)[0] == "no"
    sentence = "We cannot guarantee that information on the Service may not be accessed, disclosed, altered, or destroyed."
    assert read_polarity(sentence, share.stated, share.needs_data, company_actor=True)[0] == "absent"  # no guarantee denies nothing


def test_protection_is_the_companys_part_whatever_the_user_does():
    intent = read_question("can I just email them my card number? is email encrypted?")
    assert intent.practice == "protect" and not intent.user_action
    v = verdict("can I just email them my card number? is email encrypted?",
                "Our security software does not encrypt e-mail messages.", *FILLER)
    assert v.stance == "no"


def test_stores_of_a_centre_receive():
    intent = read_question("do the individual stores at the mall get my email too?")
    assert intent.practice == "share" and not {"individu", "store", "mall"} & intent.object_terms


def test_retaliation_for_a_complaint_or_a_choice():
    v = verdict("if I ask them to delete my data, will they treat me worse?",
                "We will not discriminate against you for exercising any of your privacy rights.", *FILLER)
    assert v.stance == "no"
    v = verdict("will it get me in trouble if I complain about how they handle my records?",
                "No one will retaliate or take action against you for filing a complaint.", *FILLER)
    assert v.stance == "no"
    assert read_question("I have Do Not Track turned on, do they treat me any differently?").practice == "honor_dnt"


def test_a_denial_of_sharing_for_their_marketing_denies_one_purpose():
    v = verdict("does the site share my info with anyone?",
                "We will not share your information with third parties for the purposes of their direct marketing unless you agree.",
                "We may share your personal information with the service providers we engage.", *FILLER)
    assert v.stance == "yes"
    v = verdict("do they give my info to other companies for their marketing?",
                "We will not share your information with third parties for the purposes of their direct marketing unless you agree.", *FILLER)
    assert v.stance == "no"


def test_an_unconditional_denial_to_anyone_answers_a_kind_of_recipient():
    v = verdict("do they give my info to advertisers?",
                "All personal information collected from our customers is used by us only, and is not sold, shared or distributed to any third party.",
                *FILLER, relevance=0.3)
    assert v.stance == "no"
    v = verdict("do they give my email to advertisers?", "Please note that we do not share contact information with our advertisers.", *FILLER,
                relevance=0.3)
    assert v.stance == "no"  # … or with the very kind of recipient asked
    v = verdict("do they give my info to advertisers?",
                "We will not disclose your personal information to any third party without first receiving your permission.", *FILLER, relevance=0.3)
    assert v.stance != "no"  # a denial with a way around it, this far from the question, decides nothing


def test_personally_identifiable_information_with_a_hyphen_is_all_of_it():
    v = verdict("if the company gets bought, what happens to my data?",
                "If we become involved in a merger or a sale of our assets, the information, including personally-identifiable information, "
                "collected from you may be included in the transferred assets.", *FILLER)
    assert v.stance in ("yes", "answered")


def test_picking_up_data_is_collecting():
    assert read_question("does their app pick up location info about me?").practice == "collect"


def test_a_new_use_without_telling_asks_for_notice():
    intent = read_question("could they use my info for something different without telling me first?")
    assert intent.practice == "notify"
    assert read_question("will they send me alerts by text?").practice != "notify"  # no notice of a change


def test_a_denial_of_storing_is_no_denial_of_seeing():
    v = verdict("if I connect my facebook, can they see my friends list?",
                "With your permission we may access your contacts list and friends list to match you with other players.",
                "We will not store the information in your friends list.", *FILLER)
    assert v.stance == "yes"
    v = verdict("do they keep my friends list?", "We will not store the information in your friends list.", *FILLER)
    assert v.stance == "no"


def test_getting_data_from_somewhere_else_is_receiving():
    assert read_question("could they be getting info about me from somewhere else?").practice == "receive"


def test_asking_what_they_have_on_file_is_access():
    intent = read_question("can I ask them what info they have on file about me?")
    assert intent.practice == "access" and intent.user_action


def test_paying_after_is_when_not_what():
    assert read_question("do they keep my card number on file after I pay for my order?").object_terms == {"card", "number"}


def test_what_i_sent_is_my_messages():
    v = verdict("I emailed their support, do they keep a copy of what I sent?",
                "If you contact us, we may keep a record of your correspondence.", *FILLER)
    assert v.stance == "yes"


def test_an_app_named_by_two_lowercase_words_is_no_object():
    assert "bat" not in read_question("does the at bat app keep collecting my location?").object_terms


def test_stopping_them_calling_is_opting_out():
    intent = read_question("is there any way to stop acme insurance calling me but still get their emails?")
    assert intent.practice == "opt_out" and intent.user_action
    assert "becaus" not in read_question("will they add me to a mailing list because of that?").object_terms


def test_a_passive_whose_subject_opens_the_sentence():
    use = BY_NAME["use"]
    sentence = ("Any information you disclose in your public activities, along with your screen name, or any photo, becomes public and may be "
                "used by us for promotional uses in any media.")
    assert read_polarity(sentence, use.stated, use.needs_data, company_actor=True)[0] == "yes"
    sentence = "We cannot guarantee that, once posted, your comments may not be used by others."
    assert read_polarity(sentence, use.stated, use.needs_data, company_actor=True)[0] != "no"


def test_the_party_of_an_asking_sentence_after_a_situation_is_no_object():
    intent = read_question("I'm entering a contest run with a partner brand. does that sponsor get my info too?")
    assert intent.practice == "share" and "sponsor" not in intent.object_terms


def test_being_added_to_a_mailing_list_is_a_use_of_the_address():
    intent = read_question("I left my email in a comment. will they add me to their mailing list?")
    assert intent.practice == "use"
    v = verdict("I left my email in a comment. will they add me to their mailing list?",
                "Visitor e-mail addresses from comments are not used by us to generate mailing lists.", *FILLER)
    assert v.stance == "no"
