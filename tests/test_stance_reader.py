"""The verdict reader on its own (no model, no embedder): question intents, polarity, modality, exceptions, conflicts."""

from __future__ import annotations

import numpy as np
import pytest
from stance_helpers import FILLER, decide_over, table, verdict
from stance_helpers import one_section as _one_section

from assistant import compose, sentences, stance
from assistant.intent import read_question
from assistant.models import Evidence, Verdict
from assistant.objects import distinctive
from assistant.polarity import read_polarity
from assistant.question import Decision
from assistant.retrieval import Scored
from assistant.vocabulary import BY_NAME


def test_question_intents():
    q = read_question("Does the company sell my personal information?")
    assert q.yes_no and q.practice == "sell" and not q.user_action
    q = read_question("Can I delete my account?")
    assert q.yes_no and q.user_action and q.practice == "delete"
    q = read_question("How long is my data stored?")
    assert not q.yes_no and q.practice == "retain" and q.asks_period
    q = read_question("Does the policy say for how long they keep my information?")
    assert q.yes_no and q.practice == "retain" and q.asks_period
    q = read_question("Do they honor Do Not Track signals?")
    assert q.practices == ["honor_dnt"]
    q = read_question("they sell my stuff??")
    assert q.yes_no and q.practice == "sell"
    q = read_question("Who do they share my data with?")
    assert not q.yes_no and q.practice == "share"


@pytest.mark.parametrize("sentence,expected", [
    ("We do not sell your personal information.", "no"),
    ("We don't sell or rent your information to anyone.", "no"),
    ("We dont sell any of your information to anyone, and we never will.", "no"),
    ("We will never sell your data.", "no"),
    ("It is our strict policy not to sell your personal information.", "no"),
    ("We may sell your personal information to partners.", "yes"),
    ("We sell aggregated information to researchers.", "yes"),
    ("If we sell assets, your information may be transferred.", "conditional"),
    ("Our cookie policy explains cookies.", "absent"),
])
def test_polarity_of_sell(sentence, expected):
    assert read_polarity(sentence, BY_NAME["sell"].stated)[0] == expected


def test_do_not_track_name_is_not_a_negation():
    assert read_polarity("We honor Do Not Track signals from your browser.", BY_NAME["honor_dnt"].stated)[0] == "yes"
    assert read_polarity("Our sites do not respond to \"Do Not Track\" signals.", BY_NAME["honor_dnt"].stated)[0] == "no"


def test_exception_clause_is_kept():
    pol, exc = read_polarity("We do not share your personal information with third parties except with service providers.",
                                    BY_NAME["share"].stated)
    assert pol == "no" and exc.startswith("except")


def test_verdict_no():
    v = verdict("Does the company sell my personal information?", "We do not sell your personal information to anyone.",
                "We share data with service providers to ship orders.")
    assert v.stance == "no" and v.support[0].cite_id == "PP §1"


def test_verdict_yes_reserved_right():
    v = verdict("Does the company share my personal information with advertisers?",
                "We may share your device identifiers and information with advertising partners.")
    assert v.stance == "yes"


def test_sale_of_something_else_is_not_a_sale_of_data():
    v = verdict("Does the company sell my personal information?",
                "Our partners sell us advertising space.", "We sell event tickets on behalf of artists.",
                "If we sell our business, your information may be transferred to the buyer.")
    assert v.stance == "not_stated"


def test_children_negation_and_age_restriction():
    v = verdict("Does the company knowingly collect personal information from children under 13?",
                "We do not knowingly collect personal information from children under 13.",
                "If we learn that we have collected personal information from a child under 13, we will delete it.")
    assert v.stance == "no"
    v = verdict("Do they collect data from kids?", "Individuals under the age of 13 may not create an account with us.")
    assert v.stance == "no"


def test_conditional_alone_decides_nothing():
    v = verdict("Does the company collect information from children?",
                "If we learn that we have collected personal information from a child, we will delete it.")
    assert v.stance != "yes"


def test_user_right_and_its_denial():
    assert verdict("Can I delete my account?", "You can delete your account at any time in Settings.").stance == "yes"
    assert verdict("Can I delete my account?", "You cannot delete your account once an order is placed.").stance == "no"
    # the company deleting on its own schedule is not the user's right
    assert verdict("Can I delete my account?", "We delete inactive accounts after two years.").stance != "yes"


def test_retention_needs_a_period_or_criterion():
    assert verdict("Does the policy say how long they keep my information?", "We keep your data for as long as your account is open.").stance == "yes"
    assert verdict("Does the policy say how long they keep my information?", "We store your data on servers in Ireland.").stance == "not_stated"


def test_open_question_lists_every_period():
    v = verdict("How long is my data stored?", "We keep account data for as long as your account is open.",
                "Order records are kept for 7 years.", "Server logs are deleted after 30 days.")
    assert v.stance == "answered" and len(v.support) == 3


def test_conflict_explicit_no_wins_over_loose_yes():
    v = verdict("Does the company sell my personal information?", "We do not sell your personal information.",
                "We may sell or share information in connection with offers.")
    assert v.stance == "no" and v.exceptions  # the counter-statement is shown


def test_foreign_company_is_not_applicable():
    v = stance.decide(table("x"), Scored(np.zeros(1), np.zeros(1), np.zeros(1)), read_question("Does Facebook sell my data?"),
                      Decision(False, "not_applicable", 0.0, 0.0, "about Facebook"))
    assert v.stance == "not_applicable"


def test_lead_states_the_verdict_and_quote():
    v = verdict("Does the company sell my personal information?", "We do not sell your personal information.")
    text = compose.lead(v, read_question("Does the company sell my personal information?"), "Acme")
    assert text.startswith("No — Acme's policy says it does not") and "[PP §1]" in text


def test_model_sentence_contradicting_the_verdict_is_refused():
    v = verdict("Does the company sell my personal information?", "We do not sell your personal information.")
    intent = read_question("Does the company sell my personal information?")
    assert compose.contradicts("Yes, we may sell your personal information to third parties.", v, intent)
    assert compose.contradicts("They sell your personal information.", v, intent)
    assert compose.contradicts("No, we may sell your personal information to advertisers.", v, intent)
    assert not compose.contradicts("No, they do not sell your personal information.", v, intent)
    ev = [Evidence("p0", "PP §1", "Policy", "privacy_policy", "", "We do not sell your personal information.", 1.0)]
    assert compose.adds_claims("No, and they delete it after 30 days.", ev)
    assert not compose.adds_claims("No, they do not sell your personal information.", ev)


def test_unclear_when_the_reader_has_no_words_for_the_practice():
    t = table("We publish an annual transparency report on our website every spring.")
    dense = np.full(1, 0.6, dtype="float32")
    v = stance.decide(t, Scored(dense.copy(), dense, dense), read_question("Do they publish a transparency report?"),
                      Decision(True, "answered", 0.6, 1.0))
    assert v.stance == "unclear" and v.support


def test_a_denial_with_someone_else_as_subject_is_not_the_company_s():
    v = verdict("Does the company obtain information about me from other sources?",
                "Apps you use will not be able to receive any other information about your friends from you.")
    assert v.stance != "no"


def test_a_denial_whose_exception_names_the_question_is_a_yes():
    v = verdict("Does the company disclose my data to law enforcement when required by law?",
                "We will not disclose your information unless required by law or a court order.")
    assert v.stance == "yes"


def test_other_languages_and_companies():
    from assistant.question import foreign_entities, foreign_language

    assert foreign_language("¿Cuánto tiempo guardan mis datos?") == "Spanish"
    assert foreign_language("Wie lange speichern sie meine Daten?") == "German"
    assert foreign_language("How long do they keep my data?") == ""
    assert foreign_entities("How long does Facebook keep my data?", "brightcart text", "BrightCart") == ["Facebook"]
    assert foreign_entities("Does BrightCart share my data with Facebook?", "brightcart text", "BrightCart") == []


# --- everyday phrasing: names, clauses, idioms (kinds of question, not one policy's wording) ---

@pytest.mark.parametrize("question,company,expected", [
    ("Does Austin Community College sell my info?", "Austincc", "Does the company sell my info?"),
    ("My kid, does Everyday Health collect info from kids?", "Everydayhealth", "My kid, does the company collect info from kids?"),
    ("if lodge gets hacked will they tell me?", "Lodgemfg", "if the company gets hacked will they tell me?"),
    ("After I visit allstate.com, will they?", "Allstate", "After I visit the company, will they?"),
    ("Does Bank of America sell my data?", "Bankofamerica", "Does the company sell my data?"),
    ("Does Facebook sell my data?", "Brightcart", "Does Facebook sell my data?"),
    ("does the app store my data", "Apple", "does the app store my data"),
    ("does Healthline share my health data?", "Healthline", "does the company share my health data?"),
])
def test_the_company_spelled_out_or_typed_casually_is_the_company(question, company, expected):
    from assistant.question import neutral_question

    assert neutral_question(question, company) == expected


def test_objects_come_from_the_practice_clause_and_idioms_are_no_objects():
    q = read_question("My 12 year old wants to sign up for the diet tools, does the company collect info from kids that age?")
    assert q.practice == "collect" and "children" in q.topics and not {"diet", "tool", "sign"} & q.object_terms
    q = read_question("does nyt pay any attention to do not track?")
    assert q.practices == ["honor_dnt"] and "attent" not in q.object_terms and "pay" not in q.object_terms
    q = read_question("do i have to pay the company to see or correct my data?")
    assert q.practice == "charge"  # a cost question asks what a request costs
    q = read_question("I live outside the US - does my data get processed in the United States?")
    assert "abroad" in q.topics and "third_parties" not in q.topics


def test_a_time_clause_before_a_yes_no_question_and_who_acts():
    q = read_question("when I play games online does the company log stuff about my gameplay?")
    assert q.yes_no and q.practice == "collect"
    assert not read_question("When does the company delete my data?").yes_no
    assert not read_question("will i get ads aimed at me based on my religion?").user_action
    assert read_question("will i be able to delete my account?").user_action
    assert read_question("can i stop the company from sharing my info with their other companies for marketing").practice == "opt_out"


@pytest.mark.parametrize("sentence,practice,expected", [
    ("The ads in our apps are not targeted to you based on your current GPS location.", "targeted_ads", "no"),
    ("If at any time you prefer not to be included in our mailings, please notify us and we will honor your request.", "opt_out", "yes"),
    ("When updating your personal information, we may ask you to verify your identity.", "correct", "yes"),
    ("If we learn that we collected information from a child, we delete it.", "collect", "conditional"),
    ("It may take up to 30 days to process your requests.", "retain", "absent"),
])
def test_polarity_of_everyday_phrasing(sentence, practice, expected):
    p = BY_NAME[practice]
    assert read_polarity(sentence, p.stated, p.needs_data, inner_negation=not p.phrased_negatively)[0] == expected


def test_a_request_that_they_not_share_is_an_opt_out_not_a_denial():
    v = verdict("Can I stop the company from sharing my info with affiliates for marketing?",
                "However, you can request that the company not share your personal information with our affiliates for marketing.")
    assert v.stance == "yes"


def test_a_change_without_notice_is_no_notice():
    v = verdict("Will they warn me before they change their privacy policy?",
                "We reserve the right to change this Policy at any time and without prior notice.")
    assert v.stance == "no"


#: Passages on other matters: a question's words single something out only among several passages.


def test_an_object_named_under_a_negation_is_a_no():
    v = verdict("will i get ads aimed at me based on my religion or health?",
                "When showing you tailored ads, we will not associate an identifier from cookies with sensitive categories, such as those "
                "based on race, religion, sexual orientation or health.", *FILLER)
    assert v.stance == "no"


def test_a_denial_about_personal_information_covers_an_email_address():
    v = verdict("Do they store my email in cookies?",
                "We do not store Personal Information in any cookies on your computer.")
    assert v.stance == "no"


def test_a_company_known_by_its_initials_or_spelled_in_words_is_the_company():
    from assistant.company_names import company_aliases
    from assistant.question import foreign_entities, neutral_question

    corpus = "welcome to harbor & finch. harbor and finch, inc. collects ... at harbor & finch we care".lower()
    aliases = company_aliases("Harborandfinch", corpus)
    assert {"harbor & finch", "HF", "H&F"} <= set(aliases)
    assert neutral_question("How long does H&F keep my info?", "Harborandfinch", aliases) == "How long does the company keep my info?"
    assert neutral_question("does harbor and finch sell my data?", "Harborandfinch", aliases) == "does the company sell my data?"
    assert foreign_entities("How long does H&F keep my info?", corpus, "Harborandfinch", aliases) == []
    assert foreign_entities("How long does Facebook keep my info?", corpus, "Harborandfinch", aliases) == ["Facebook"]
    assert company_aliases("Acme", "acme corp") == ()  # a short name has no spelled-out form worth guessing
    assert "BC" in company_aliases("BrightCart", "welcome to brightcart")
    assert foreign_entities("How long does BC keep my orders?", "welcome to brightcart", "BrightCart",
                            company_aliases("BrightCart", "welcome to brightcart")) == []


def test_the_users_own_situation_names_no_practice_of_the_company():
    q = read_question("If I complain about my local store, does my contact info get passed to that store?")
    assert q.practice == "share"  # "store" here is a shop, and complaining is the user's doing
    q = read_question("When I return a purchase, do they keep my receipt data for years?")
    assert q.practice == "retain"
    assert read_question("does the company store my name in its cookies?").practice == "retain"


def test_the_scope_of_the_policy_is_a_practice():
    q = read_question("Does this privacy notice cover the apps made by partner stores?")
    assert q.practice == "scope" and q.yes_no
    v = verdict("Does this privacy notice cover the apps made by partner stores?",
                "This privacy notice does not apply to apps made by partner stores, which have their own policies.")
    assert v.stance == "no"


def _one_hot_embed(word: str):
    """An embedder under which a text is the question's vector when it names ``word`` (similarity 1), else orthogonal."""
    def embed(texts: list[str]):
        return np.array([[1.0, 0.0] if word in t.lower() else [0.0, 1.0] for t in texts], dtype="float32")
    return embed


def test_a_question_without_practice_words_is_read_from_a_very_close_sentence():
    question = "Do they watermark my uploaded photos?"
    intent = read_question(question)
    assert not intent.practice and intent.yes_no
    texts = ("Gallery: we watermark your uploaded photos with your user name before they are shown.",
             "Our stores are open seven days a week.")
    t = table(*texts)
    dense = np.full(len(texts), 0.5, dtype="float32")
    scored = Scored(fused=dense.copy(), dense=dense, bm25=dense)
    v = stance.decide(t, scored, intent, Decision(True, "answered", 0.5, 1.0), np.array([1.0, 0.0], dtype="float32"), _one_hot_embed("watermark"))
    assert v.stance == "yes" and "watermark your uploaded photos" in v.support[0].sentence
    denied = table("Gallery: we do not watermark your uploaded photos; you may add your own mark.")
    v = stance.decide(denied, Scored(fused=dense[:1].copy(), dense=dense[:1], bm25=dense[:1]), intent, Decision(True, "answered", 0.5, 1.0),
                      np.array([1.0, 0.0], dtype="float32"), _one_hot_embed("watermark"))
    assert v.stance == "no"
    # a sentence that only shares the topic (not the question's words) decides nothing: the verdict says so instead of guessing
    v = stance.decide(table("Photos you upload are shown in your public gallery."), Scored(fused=dense[:1].copy(), dense=dense[:1], bm25=dense[:1]),
                      intent, Decision(True, "answered", 0.5, 1.0), np.array([1.0, 0.0], dtype="float32"), _one_hot_embed("photo"))
    assert v.stance == "unclear"


def test_a_leading_situation_clause_is_not_what_is_asked():
    q = read_question("if the shop behind the app gets sold, will they tell me my info is moving?")
    assert q.practice == "notify"
    q = read_question("when I rent a bike, do they give my phone number to insurers?")
    assert q.practice == "share"


def test_a_child_named_by_age_is_the_children_topic_not_an_object():
    q = read_question("can I have them delete what my 11 year old typed in?")
    assert "children" in q.topics and not {"11", "year", "old"} & q.object_terms


def test_do_not_track_answered_by_taking_no_action_and_by_a_back_reference():
    v = verdict("does the site do anything when my browser sends a do not track signal?",
                "We currently take no action in response to Do Not Track signals from browsers.")
    assert v.stance == "no"
    v = verdict("Does the company honor do not track settings?",
                "Some browsers offer a Do Not Track setting. Our site currently does not take action in response to these signals.")
    assert v.stance == "no"


def test_a_right_the_user_loses_under_a_condition_is_a_no():
    v = verdict("can I still book tickets with cookies switched off?",
                "If you disable cookies, you will not be able to book tickets or use your basket.",
                *[f"Section {i} of this policy explains other matters of account administration." for i in range(8)])
    assert v.stance == "no"


def test_whether_posts_are_public_is_a_practice():
    q = read_question("if I review a product, can other members see it?")
    assert q.practice == "public"
    v = verdict("are my forum posts visible to everybody?",
                "Information you post in our forums and chat rooms is made available publicly.", *FILLER)
    assert v.stance == "yes"
    assert read_question("they're a public school, so do they share my grades?").practice != "public"


def test_a_third_party_receiving_data_is_the_company_sharing_it():
    q = read_question("do sponsors get my phone number?")
    assert q.practice == "share"
    v = verdict("do sponsors get my phone number?",
                "We do not provide any personally identifiable customer information to sponsors.", *FILLER)
    assert v.stance == "no"


def test_a_parent_asking_for_a_childs_data_to_be_deleted_has_a_right():
    v = verdict("As a parent, can I have them delete what my 9 year old submitted?",
                "Any parent of a child under 13 who has provided information to us may request that we delete it.", *FILLER)
    assert v.stance == "yes"


def test_a_policy_word_for_what_the_user_names_otherwise_counts():
    v = verdict("is my password encrypted when I sign in?",
                "We use TLS encryption when you sign in, which protects your login credentials.", *FILLER)
    assert v.stance == "yes"


def test_a_fee_for_a_request_is_a_practice_of_its_own():
    q = read_question("do they charge anything when I ask for a copy of my records?")
    assert q.practice == "charge"
    v = verdict("do they charge anything when I ask for a copy of my records?",
                "As permitted by law, we may charge a reasonable fee for requests for copies of your records.", *FILLER)
    assert v.stance == "yes"


def test_knowing_whether_i_opened_an_email_is_tracking():
    assert read_question("can they see if I opened their newsletter?").practice == "cookies"


def test_a_denial_about_your_information_covers_your_email():
    v = verdict("will they give my email to other companies for their marketing?",
                "We will not share your information with third parties for their direct marketing purposes.", *FILLER)
    assert v.stance == "no"


def test_the_name_the_documents_call_themselves_by_is_the_company():
    from assistant.company_names import company_aliases
    from assistant.question import foreign_entities, neutral_question

    written = ("This Privacy Policy applies to the Quillhaven websites at www.quillhaven.com (the \"Site\"). Quillhaven collects "
               "the information you give. Quillhaven may share it with Facebook. Quillhaven, Inc. is based in Ohio. Quillhaven "
               "keeps logs. Contact Quillhaven at help@quillhaven.com. See also facebook.com for Facebook's policy.")
    aliases = company_aliases("Wikifarm", written.lower(), written)
    assert aliases == ("quillhaven",)  # the brand of its own address, written with a capital, the most used such word
    assert neutral_question("does quillhaven sell my info?", "Wikifarm", aliases) == "does the company sell my info?"
    assert foreign_entities("How long does Quillhaven keep my posts?", written.lower(), "Wikifarm", aliases) == []
    written = "Welcome. Northern Tern Rescue League (NTRL) protects birds. Donations to NTRL are kept private."
    assert "NTRL" in company_aliases("Northerntern", written.lower(), written)  # an acronym the documents define for it
    assert company_aliases("Northerntern", "the nsa (nsa) said", "The NSA (NSA) said") == ()
    # a name typed in capitals that the site's name begins with: "ABC" for Abcnews
    assert neutral_question("How long does ABC keep my data?", "Abcnews") == "How long does the company keep my data?"
    # a site named by the initials of its first words and the rest spelled: "New York Times" and "NYT" for Nytimes
    written = "The New York Times values your privacy. NYT collects what you give. The New York Times Store sells mugs."
    aliases = company_aliases("Nytimes", written.lower(), written)
    assert {"new york times", "NYT"} <= set(aliases)
    assert neutral_question("does the new york times keep my data?", "Nytimes", aliases) == "does the company keep my data?"
    # initials typed in lower case count when they spell no word ("nyt"), never when they do ("abc", "fare")
    assert neutral_question("does nyt sell my data?", "Nytimes", aliases) == "does the company sell my data?"
    assert neutral_question("what is the fare?", "Foodallergy", ("FARE",)) == "what is the fare?"


def test_a_policy_that_allows_it_in_some_cases_answers_a_could_they_question():
    text = "In the event the company becomes the subject of an insolvency proceeding, your information may be sold to a buyer."
    assert verdict("if the company goes bankrupt, could my info be sold off?", text).stance == "yes"
    assert verdict("Do they sell my personal information?", text).stance != "yes"


def test_a_sentence_on_the_questions_own_narrow_topic_is_on_point():
    v = verdict("would they give my info to the police if the police asked?",
                "We will share personal information if we believe it is necessary to comply with law enforcement requests.",
                relevance=0.3)
    assert v.stance == "yes"
    v = verdict("would they give my info to an advertiser?",
                "We will share personal information if we believe it is necessary to comply with law enforcement requests.",
                relevance=0.3)
    assert v.stance != "yes"


def test_what_is_kept_after_deletion_answers_is_all_of_it_wiped():
    text = "When you delete your account, we may retain your account information for a reasonable period afterward for fraud prevention."
    assert verdict("if I delete my account, is all my account info wiped right away?", text).stance == "no"
    assert verdict("Can I delete my account?", text, "You can delete your account at any time in settings.").stance == "yes"


def test_visible_only_to_members_answers_can_anybody_see_it():
    v = verdict("If I post something on their website, can anybody on the internet see it?",
                "Personal information posted in our forums is accessible only to members.")
    assert v.stance == "no"


def test_a_denial_whose_exception_is_the_question_answers_yes():
    v = verdict("Would they hand their website logs to police during an investigation?",
                "Log information will not be released to any outside parties unless legally required to do so in connection with "
                "law enforcement investigations.")
    assert v.stance == "yes"


def test_sharing_is_not_selling_but_a_denial_of_any_sharing_is():
    assert verdict("Do they sell my personal information?",
                   "We may share your personal information with our affiliated companies.").stance != "yes"
    assert verdict("could they sell the information I give them?",
                   "Information collected during the course of an inquiry will not be sold or otherwise disclosed to any third party; "
                   "provided that it may be shared internally with our affiliates.").stance == "no"


def test_a_statement_naming_what_the_question_names_wins_over_a_vaguer_denial():
    v = verdict("does the company pass my card info on to banks or the card networks?",
                "We will not disclose cardholder data to any third party for their own marketing.",
                "We may disclose your card data to banks and card networks involved in the transaction.",
                *[f"Section {i} describes our newsletter, our stores and our events." for i in range(10)])
    assert v.stance == "yes"


def test_a_right_with_a_limit_does_not_answer_a_question_about_all_of_it():
    texts = ("You may unsubscribe from our newsletters and e-mails at any time.",
             "Please note that you cannot unsubscribe from certain messages, including messages relating to your account.")
    assert verdict("can i unsubscribe from every email they send, even the account ones?", *texts).stance == "no"
    assert verdict("can i unsubscribe from their emails?", *texts).stance == "yes"


def test_is_it_encrypted_is_read_at_the_encryption_words():
    assert verdict("If I email them my claim details, is the email encrypted?",
                   "Our security software does not encrypt e-mail messages.").stance == "no"
    assert verdict("Is my personal info encrypted on their servers?",
                   "We take reasonable security measures to protect your information.").stance not in ("yes", "no")


def test_words_a_user_types_for_the_company_party_and_practice():
    from assistant.question import neutral_question

    assert neutral_question("does the abc app track my location?", "Abcnews") == "does the company app track my location?"
    assert read_question("does the app track my location through my phone?").practice == "collect"  # not cookies
    assert read_question("do they collect the messages I send privately to friends?").practice == "collect"  # I send: not their sharing
    assert "third_parties" in read_question("will they share my info with other organizations?").topics
    assert verdict("could they forward my email to some other government agency?",
                   "We may redirect your message to another government agency that is in a better position to answer.").stance == "yes"


def test_more_names_a_user_types_for_the_company():
    from assistant.company_names import company_aliases
    from assistant.question import neutral_question

    written = "The Site is a service of Cincinnati Museum Center (CMC), a non-profit. Cincinnati Museum Center collects names."
    aliases = company_aliases("Cincymuseum", written.lower(), written)
    assert neutral_question("will the cincinnati museum center sell my email? would CMC hand it over?", "Cincymuseum", aliases) == \
        "will the company sell my email? would the company hand it over?"
    aliases = company_aliases("Post-gazette", "the post-gazette site")
    assert neutral_question("can the post gazette or PG share it?", "Post-gazette", aliases) == "can the company or the company share it?"
    assert neutral_question("does sidearm share my info?", "Sidearmsports") == "does the company share my info?"
    # a parent company's address in documents that name the site all the time is another company
    written = "IMDb collects data. IMDb shares it with Amazon. See amazon.com. " + "Amazon and IMDb. " * 5
    assert company_aliases("Imdb", written.lower(), written) == ()


def test_kinds_of_question_widened_on_a_blind_set():
    q = read_question("Is my credit card info encrypted when i buy stuff on the site?")
    assert q.practice == "protect" and q.object_terms == {"card", "credit"}  # buying is the situation, not the object
    assert read_question("Does the company use encryption when my data is sent to them?").practice == "protect"
    assert read_question("can I stop their text messages?").practice == "opt_out"
    assert read_question("Do they check who I am before handing over my data when I ask for it?").practice == "verify"
    assert read_question("If they change the policy later, could the new rules apply to the info I already gave them?").practice == "retroactive"
    assert verdict("Do they verify my identity before giving me a copy of my data?",
                   "We take reasonable steps to verify your identity before granting access to your data.").stance == "yes"
    v = verdict("if i delete my profile, does that erase my old purchase records too?",
                "You can delete your profile at any time.", "Purchase records are kept for seven years after you delete your profile.")
    assert v.stance != "yes"


def test_kinds_widened_on_a_second_blind_set():
    # a leading situation adds only the topics that scope a question
    q = read_question("if i sign up for their newsletters, could they sell or rent my email to other companies?")
    assert q.practice == "sell" and "marketing" not in q.topics
    assert "california" in read_question("If I live in California, can I see my data?").topics
    assert verdict("if i sign up for their newsletters, could they sell or rent my email to other companies?",
                   "We do not rent, sell or share personal information about you with nonaffiliated companies.").stance == "no"
    # a default is not what the user may choose
    texts = ("If you are a member and select the option to allow your profile to be viewable by the public.",
             "By default this option is not selected, and your profile is not viewable by the public.")
    assert verdict("Is my profile visible to the public by default?", *texts).stance == "no"
    assert verdict("When they send me an email, can they tell if I opened it?",
                   "When you open emails from us, we may receive a confirmation noting you opened the email.").stance == "yes"
    v = verdict("If the company gets bought out, what happens to my personal info?",
                "In the event of a merger or a sale of all of our assets, your personal information may be among the assets transferred.")
    assert v.stance in ("answered", "yes")
    assert verdict("are their cookies tied to my name or other personal info?",
                   "Cookies used by us and our partners are not linked to Personal Information.").stance == "no"
    assert verdict("my son is 11, can he sign up without my permission?",
                   "When a site collects age information, it will block users under 13 or obtain consent from a parent.").stance == "no"


def test_fewer_wrong_verdicts_read_on_blind_sets():
    # what a statement leaves out is denied for the question about it
    assert verdict("can they use my credit card info for marketing or pass it to marketers?",
                   "Excluding credit card information, this information may be shared with third parties or used for marketing purposes.",
                   *[f"Section {i} describes our newsletter and our events." for i in range(10)]).stance == "no"
    # a deletion that 'only' changes some records does not erase all of them
    assert verdict("if i delete my details from my account profile, does that erase my old purchase records too?",
                   "Deleting your information through your account profile will only delete the data in our database for future transactions.",
                   ).stance == "no"
    # an expiration date is no retention period
    assert verdict("Do they keep my debit card number on file after I pay?",
                   "Payment information needed to process payments, such as your debit card number and expiration date.").stance != "yes"
    assert read_question("does the company promise the firm running their online store won't leak my details?").practice != "retain"
    v = verdict("if I block cookies, can I still place an order online?",
                "Keep in mind that cookies are required to place an online order, so blocking cookies will affect the site.")
    assert v.stance == "no"


def test_a_disclosure_allowed_when_the_law_requires_answers_a_question_about_legal_requests():
    text = "We may disclose information if we believe in good faith that it is required by law, court order or other legal process."
    assert verdict("Will they disclose my information when required by law?", text).stance == "yes"
    assert verdict("Does the company collect information from kids under 13?", text).stance != "yes"


def test_kinds_widened_on_a_fourth_blind_set():
    filler = [f"Section {i} describes our newsletter and our events." for i in range(6)]
    # what goes on arriving after an opt-out answers "will all of it stop?"
    assert verdict("If I unsubscribe from their promo emails, will all emails from them stop?",
                   "If you opt-out of promotional mailings, you may continue to receive certain communications from us, such as "
                   "transactional messages.", *filler).stance == "no"
    # access limited to some employees answers "can any employee pull up my data?"
    assert verdict("Can any employee at the company pull up my personal data?",
                   "We limit access to personal data only to those employees or agents with a specific need to access this information.",
                   *filler).stance == "no"
    # a promise of security the policy declines to give
    assert verdict("Does this site promise my data can't be hacked?",
                   "Although we have implemented security measures to protect your information, we cannot and do not guarantee "
                   "the security of such information.", *filler).stance == "no"
    assert verdict("Does the site protect my data?",  # no promise asked: the measures answer it
                   "Although we have implemented security measures to protect your information, we cannot and do not guarantee "
                   "the security of such information.", *filler).stance == "yes"
    # encryption "when transferring" is the scope of encryption, not a condition
    assert verdict("is the data I send them encrypted?",
                   "We use industry-standard encryption technologies when transferring and receiving consumer data exchanged with our site.",
                   *filler).stance == "yes"
    # a place a user reads from, and a place the data goes to: a transfer abroad
    for q in ("I read this site from Canada. Does my info end up in the US?", "I'm in the UK. Does my info get processed in the US?"):
        intent = read_question(q)
        assert intent.practice == "transfer_abroad" and "abroad" in intent.topics, q
        assert not {"canada", "uk"} & intent.object_terms
    # a notice of the event the question names, through "in this event"
    intent = read_question("If they get bought by another company, will they give me a heads up before my info moves over?")
    assert intent.practice == "notify" and intent.topics == ["merger"]


def _decide(question: str, scored_texts: list[tuple[str, float]]) -> Verdict:
    filler = [(f"Section {i} describes our newsletter and our events.", 0.1) for i in range(8)]
    texts, dense = zip(*(scored_texts + filler), strict=True)
    d = np.array(dense, dtype="float32")
    return stance.decide(table(*texts), Scored(fused=d.copy(), dense=d, bm25=d), read_question(question),
                         Decision(True, "answered", float(d.max()), 1.0))


def test_a_users_denied_right_that_speaks_to_the_question_wins_over_a_general_right():
    v = _decide("Can I get rid of their Flash cookies just by clearing cookies in my browser?",
                [("In addition, you cannot control, delete or disable the acceptance of Flash cookies through your browser.", 0.6),
                 ("To see the Flash cookies on your computer, choose the settings panel and follow the instructions to review and, "
                  "if you choose, to delete them.", 0.45)])
    assert v.stance == "no"
    # a limit on service messages does not answer a question about marketing ones
    v = _decide("Can I opt out of receiving marketing emails?",
                [("Note that you may not opt out of service-related e-mails.", 0.6),
                 ("Unsubscribe from marketing email communications from us by clicking on the unsubscribe link.", 0.5)])
    assert v.stance == "yes"


def test_kinds_widened_on_a_fifth_blind_set():
    # a denial after the user's own refusal decides, not the verb inside the refusal
    s = ("If you do not enable the service to use your location information or if the app does not have that feature, "
         "we will not collect or store your location information.")
    assert read_polarity(s, BY_NAME["collect"].stated, True, company_actor=True)[0] == "no"
    # a child named by a short age ("my 11yo")
    assert "children" in read_question("can my 11yo register on the site herself?").topics
    # a slip of the keyboard is read as the word the bundle uses
    t = table("We may rent or sell your email address to other companies.", *[f"Section {i} covers our newsletter." for i in range(8)])
    assert distinctive(t, read_question("does the site sell my emial adress to other companies?").object_terms) == {"email", "address"}
    # fillers are no object of their own
    assert not read_question("can my kid sign up by herself if she already has an email?").object_terms & {"herself", "alreadi"}


def test_kinds_widened_on_the_fifth_blind_set_after_its_first_reading():
    # a denial of disclosure "except as described in this policy" denies nothing; of a sale it stays a denial
    v = _decide("do they share info about me with Facebook if I link my account?",
                [("We will not disclose your personally identifiable information to any organizations not part of the company, "
                  "except as described in this privacy policy.", 0.6)])
    assert v.stance != "no"
    v = _decide("Does the company sell my personal information?",
                [("We will not rent or sell your information to third parties without your consent, except as noted in this "
                  "privacy policy.", 0.6)])
    assert v.stance == "no"
    # "could they change it without telling me?" is answered yes by "without notice"
    v = _decide("could they change their privacy policy without telling me?",
                [("We reserve the right to modify the terms of our privacy policy from time to time without notice.", 0.6)])
    assert v.stance == "yes"
    # a situation told first, then the question: the question is the last sentence
    intent = read_question("I paid for a subscription with my credit card. Do outside companies get my card details?")
    assert intent.practice == "share"
    assert read_question("Do they encrypt my info, e.g. with SSL, on the site?").practice == "protect"


def test_kinds_widened_on_the_sixth_blind_set_after_its_first_reading():
    # a situation told first ("I live in …, will …?"): the object words are those of the asking clause
    intent = read_question("I live in Canada and watch the news online, will my data be sent to the US?")
    assert not intent.object_terms & {"watch", "onlin", "news"}
    intent = read_question("I moved and the address they have for me is wrong, can I get them to fix it?")
    assert intent.practice == "correct" and "move" not in intent.object_terms
    # … but an "if" clause keeps its words ("if I delete my museum account profile, does that erase …?")
    assert read_question("if i delete my details from my museum account profile, does that erase my old records too?").object_terms & {"museum", "profil"}
    # a time idiom is no object
    assert "away" not in read_question("if I delete my account, is all my account info wiped right away?").object_terms
    # nor is a verb with its particle: a way of acting ("reach out to me", "kick in", "before my info moves over")
    assert not read_question("after i close my account can they still reach out to me?").object_terms
    assert not read_question("how long does it take for my opt-out to kick in?").object_terms & {"kick"}
    assert read_question("If they get bought, will they tell me before my info moves over?").object_terms == set()
    assert read_question("can I sign up for the newsletter without giving my phone number?").object_terms == {"phone", "number"}
    # … but a particle before what it acts on leaves the words alone, and "turned off" is a state ("cookies turned off")
    assert {"histori", "brows"} <= read_question("is my browsing history in Chrome shared?").object_terms
    # a notice with no change, breach or event asked of it is no question about notices ("will they send me alerts by SMS?")
    assert read_question("if i sign up for text alerts will they send me stuff by SMS?").practice != "notify"
    assert read_question("Will they tell me when they change the policy?").practice == "notify"
    # the company selling one of its websites is a transfer of the business, not a sale of personal data
    intent = read_question("If the company sells one of its websites, does users' info go along with it?")
    assert intent.practice == "share" and "merger" in intent.topics
    # "is that public?"; "do they guarantee my info will never get out?"
    assert read_question("if i comment on the message boards is that public?").practice == "public"
    assert read_question("do they guarantee my info will never get out?").practice == "protect"
    # the California "Shine the Light" request is a right of access
    assert BY_NAME["access"].stated.search("California residents may request and obtain from us once a year a list of the third parties")
    # "continuing to use" names no object
    assert "continu" not in read_question("can i object to them continuing to use my personal info?").object_terms


def test_limits_question_answered_by_an_unrestricted_use():
    from assistant.sentence_kinds import LIMITS_ASKED, UNRESTRICTED

    assert LIMITS_ASKED.search("are there any limits on what they can do with aggregated data?")
    assert UNRESTRICTED.search("Our use of aggregated information is not subject to any restrictions under this Privacy Policy.")
    assert not UNRESTRICTED.search("We restrict access to aggregated information to our employees.")


def test_denials_widened_in_the_sixth_session():
    # "connect X to my name" is a question of combining data
    assert read_question("do they connect the pages i click around on to my actual name?").practice == "combine"
    # "please do not register" restricts children
    v = _decide("can my 11 year old register on the site herself?",
                [("If you are under 13, please do not register for any of our services or provide us information about yourself.", 0.6)])
    assert v.stance == "no"
    # "whether or not a Do Not Track signal is received" denies honouring it; browser words are no object
    intent = read_question("I've got Do Not Track switched on in Firefox, do they treat me any differently?")
    assert intent.practice == "honor_dnt" and not intent.object_terms
    v = _decide("does the company honor Do Not Track signals?",
                [("Our practices continue to operate as described in this policy whether or not a Do Not Track signal is received.", 0.6)])
    assert v.stance == "no"
    # "no longer than necessary" answers "forever?"
    v = _decide("will they hold on to my data forever?",
                [("We will retain your information for no longer than is necessary for the purposes for which it was collected.", 0.6)])
    assert v.stance == "no"
    v = _decide("do they keep my data?", [("We will retain your information for no longer than is necessary for the purposes for which it was collected.", 0.6)])
    assert v.stance == "yes"


def test_question_reading_widened_on_the_read_sets():
    # "that advertiser" receives as "the advertiser" does: a question of sharing
    assert read_question("When they email me an offer, does that advertiser get my email address?").practice == "share"
    # "my name or email" is an address, not e-mail messages; "unsubscribe from their emails" is about messages
    assert "email" not in read_question("does the advertiser get my name or email from them?").topics
    assert "email" in read_question("Can I unsubscribe from their emails?").topics
    # a situation told in a sentence of its own is a clause of its own
    assert "close" not in read_question("I'm closing my account. Will all my data be wiped?").object_terms
    # "stop" is no object of "can I tell them to stop passing my info to partners?"
    assert "stop" not in read_question("can i tell them to stop passing my info to partners for marketing?").object_terms


def test_other_policy_and_ads_based_on():
    v = _decide("does their privacy policy cover the card details I type on the payment page?",
                [("Any information that you provide to a Payment Service will be subject to the applicable Payment Service's privacy "
                  "policy, rather than this Privacy Policy.", 0.6)])
    assert v.stance == "no"
    v = _decide("do they use my location to decide what ads to show me?",
                [("Geographic location information about your device may be used to show you sponsored messaging based on your location.", 0.6)])
    assert v.stance == "yes"


def test_our_partners_are_the_company_side():
    p = BY_NAME["combine"]
    s = "Cookies and web beacons used by the company and our online partners are not linked to Personal Information."
    assert read_polarity(s, p.stated, p.needs_data, company_actor=True)[0] == "no"
    s = "Third parties you visit may link cookies to your information, but advertisers will not link them to your name."
    assert read_polarity(s, p.stated, p.needs_data, company_actor=True)[0] == "yes"


def test_encryption_of_all_information_covers_card_numbers():
    v = _decide("Is my credit card info encrypted when I buy something on their site?",
                [("For your protection, such information is collected and stored through encrypted means.", 0.6)])
    assert v.stance == "yes"
    # … but encryption in transit is no answer about storage
    v = _decide("is my info encrypted while it's stored on their servers, not just when I send it?",
                [("We use Secure Sockets Layer encryption technology in the transmission of your information over the internet.", 0.6)])
    assert v.stance != "yes"


def test_a_decline_names_related_sections_by_heading_or_opening_words():
    from assistant import answering

    D = Decision

    rows = [Evidence(passage_id="p1", cite_id="PP ¶4", document="Policy", document_kind="privacy_policy", heading="Policy › part 4",
                     text="To register your preferences or choices, or to opt out of behavioral advertising, visit the page.", score=0.5),
            Evidence(passage_id="p2", cite_id="PP §5", document="Policy", document_kind="privacy_policy", heading="Policy › Cookies",
                     text="We use cookies.", score=0.4)]
    text = answering.abstain_text(D(False, "silent", 0.2, 0.0), "Acme", rows)
    assert "PP ¶4 (“To register your preferences or choices, or to opt…”)" in text and "PP §5 (Cookies)" in text


def test_a_sentence_cut_into_passages_is_read_whole():
    pieces = ("Other unique circumstances may arise where we are required to disclose your personal information to third parties, "
              "such as in connection with a corporate transaction where all or a portion of our business or assets are sold or transferred,",
              "or if disclosure is required by law or pursuant to judicial or governmental investigations or proceedings.")
    question = "Would they turn over my info if a government investigation asked for it?"
    v = decide_over(_one_section(*pieces), question)
    assert v.stance == "yes"
    assert v.support[0].sentence.startswith("Other unique circumstances") and v.support[0].sentence.endswith("or proceedings.")
    assert v.support[0].rows == (0, 1) and v.support[0].row == 1
    # read piece by piece, the second has no subject or verb of the company's: nothing states it
    assert verdict(question, *pieces).stance != "yes"


def test_only_pieces_cut_at_a_clause_are_joined():
    cut_at_comma = _one_section("We may share your information with advertisers, partners and vendors,", "and with our affiliates for marketing.")
    assert sentences.row_sentences(cut_at_comma, 1)[0] == (
        "We may share your information with advertisers, partners and vendors, and with our affiliates for marketing.", (0, 1),
        "and with our affiliates for marketing.")
    # a flattened list cut at the word limit, a list opened by a colon, a new sentence, another section: read as they stand
    for first, second in [("Provide services Communicate with you about features and", "enhancements on our sites"),
                          ("We use your information to:", "send you offers by e-mail."),
                          ("We share your information with partners,", "We also keep it."),
                          ]:
        t = _one_section(first, second)
        assert sentences.row_sentences(t, 1) == [(second, (), "")]
    other = table("We may share your information with advertisers,", "and with our affiliates.")
    assert sentences.row_sentences(other, 1) == [("and with our affiliates.", (), "")]


def test_a_long_quote_keeps_its_end():
    from assistant.models import Finding

    words = [f"w{i}" for i in range(90)]
    text = compose.quote(Finding(sentence=" ".join(words), cite_id="PP §1", row=0, relevance=0.5, polarity="yes"))
    assert text.startswith("“w0 w1") and "w89”" in text and " … " in text and len(text.split()) == 60 + 3  # 60 words, "…", the citation


def test_the_evidence_shows_a_finding_with_its_neighbouring_sentences():
    from assistant.evidence_shown import in_context, with_support

    long_tail = "This sentence about something else runs on " + " ".join(["and on"] * 30) + "."
    t = _one_section("We may update this Privacy Policy from time to time.",
                     "If we make material changes, we will notify you by email.",
                     "You can see the date of the last update at the top.", long_tail)
    v = decide_over(t, "Will they tell me when the privacy policy changes?")
    assert v.stance == "yes" and v.support[0].row == 1
    # the sentence after it and the one before, within the words limit; never the long one
    assert in_context(t, (1,)) == (0, 1, 2)
    assert in_context(t, (2,)) == (1, 2)
    assert in_context(t, (1,), limit=25) == (1, 2)
    dense = np.full(t.size, 0.5, dtype="float32")
    scored = Scored(fused=dense.copy(), dense=dense, bm25=dense)
    # a retrieved item overlapping the finding's passages joins it: one item, no text twice
    retrieved = [Evidence("p2", "PP §1", "Policy", "privacy_policy", "Policy", t.rows[2].text + " " + t.rows[3].text, 0.5,
                          t.rows[2].start, t.rows[3].end, 1)]
    items = with_support(t, scored, v, retrieved, 250)
    assert len(items) == 1
    assert items[0].text.startswith("We may update") and items[0].text.endswith(long_tail)
    assert items[0].cite_id == v.support[0].cite_id
    # another section is never pulled in
    assert in_context(table("We may update this policy.", "We will email you about changes."), (1,)) == (1,)


def test_an_exception_that_opens_the_sentence_is_read_like_one_that_closes_it():
    from assistant.polarity import read_polarity

    share = BY_NAME["share"].stated
    assert read_polarity("Except as described in this Privacy Statement, we do not share the information you provide to us.", share) == (
        "no", "Except as described in this Privacy Statement")
    # "except as described" denies nothing: the policy describes its sharing elsewhere
    v = verdict("Do they pass my personal information to outside service providers?",
                "Except as described in this Privacy Statement, we do not sell, rent, share or disclose the personal information you provide to us.",
                "We may provide your personal information to service providers who process orders for us.")
    assert v.stance == "yes"
    # a leading exception naming what the question asks about answers it
    v = verdict("Can they give my personal info to the police?",
                "Except for authorized law enforcement activities, we do not provide personal information to outside parties.")
    assert v.stance == "yes"
    assert verdict("Do they share my personal information with advertisers?",
                   "We do not share personal information with advertisers.").stance == "no"


def test_a_practice_only_with_the_users_consent_answers_without_asking_me():
    from assistant.sentence_kinds import CONSENT_GATED, WITHOUT_CONSENT

    assert WITHOUT_CONSENT.search("will they text me promos without asking me first?")
    assert WITHOUT_CONSENT.search("Will they share my data without my consent?")
    assert not WITHOUT_CONSENT.search("Will they share my data with advertisers?")
    assert CONSENT_GATED.search("We will only send text messages regarding promotional offers if a customer specifically grants us permission.")
    assert CONSENT_GATED.search("We share your information with partners with your prior consent.")
    assert not CONSENT_GATED.search("We may share your information without your consent.")
    v = verdict("Will they share my personal information with partners without asking me?",
                "We share your personal information with our partners only if you opt in.")
    assert v.stance == "no"
    assert verdict("Will they share my personal information with partners?",
                   "We share your personal information with our partners only if you opt in.").stance != "no"


def test_a_word_inside_a_denied_predicate_is_denied():
    import re

    from assistant.polarity import denied_predicate

    call = re.compile(r"\b(call\w*)", re.I)
    assert denied_predicate("We will never ask you for your password in an unsolicited phone call or email.", call)
    assert not denied_predicate("We do not sell your data, and we may call you about your order.", call)
    assert not denied_predicate("We may call you about your order.", call)
    assert not denied_predicate("We will not contact you unless you call us first.", call)


def test_a_sale_of_the_business_answers_a_question_about_a_buyer_whatever_its_object_words():
    v = verdict("If the paper gets sold, does the buyer get my subscriber info?",
                "We may also share your information in the case our business is sold or transferred.",
                "We use cookies to remember your preferences.")
    assert v.stance == "yes"
    # the event named two sentences before "such a transaction" in the same paragraph
    t = _one_section("Sale of Business Units. We may merge or combine with another company.",
                     "We may provide information to a potential counter-party in any such transaction.",
                     "If such a transaction is completed, customer information is one of the transferred business assets.")
    assert decide_over(t, "If the company merges with another company, could my customer info go to the buyer?").stance == "yes"


def test_policy_words_for_a_social_login_and_for_other_sources():
    v = verdict("I log into the site with my facebook. can they pull info from my facebook profile?",
                "When you connect your SNS account with the Services, you authorize us to collect and use any information available "
                "to us through the SNS interface.")
    assert v.stance == "yes"
    v = verdict("could they mix what i give them with data they get from other places?",
                "We may combine the information we collect with information from other sources, such as commercially available sources.")
    assert v.stance == "yes"


def test_a_right_to_correct_is_stated_in_few_sentences_all_on_point():
    question = "I moved and the address they have for me is wrong, can I get them to fix it?"
    sentence = ("We encourage you to review, update, and correct the personal information that we maintain about you, and you may "
                "request that we delete personal information about you that is inaccurate.")
    assert verdict(question, sentence, relevance=0.3).stance == "yes"
    assert verdict(question, sentence, relevance=0.2).stance == "not_stated"


def test_a_question_about_other_countries_is_read_as_a_transfer_abroad():
    assert read_question("I read the site from Germany, is my data sent to other countries?").practice == "transfer_abroad"
    v = verdict("I read the site from Germany, is my data sent to other countries?",
                "Information about you may be transferred to, processed in, and held in countries other than the one in which you reside.")
    assert v.stance == "yes"
    # retail stores located in a country say nothing of where data goes
    assert verdict("Is my data moved to or stored in another country?",
                   "In this Privacy Policy, the company means the company and its retail stores located in the United States and Guam.").stance != "yes"


def test_a_contrast_naming_what_the_question_names_states_it():
    sentence = ("We do not give, rent, or sell individual information to our advertisers, although we do provide aggregate "
                "statistics about our readers to them.")
    assert verdict("Does the company share aggregate stats about its readers with advertisers?", sentence).stance == "yes"
    assert verdict("Does the company sell my individual information to advertisers?", sentence).stance == "no"


def test_the_users_own_refusal_leading_a_sentence_is_no_denial():
    from assistant.polarity import read_polarity

    cookies = BY_NAME["cookies"].stated
    sentence = "If you do not want cookies to be transferred to your computer, you may choose to opt out by modifying your browser options."
    assert read_polarity(sentence, cookies)[0] == "conditional"
    assert verdict("Does the site put cookies on my computer?", sentence,
                   "We use cookies to remember your preferences.").stance == "yes"
    # without a refusal the leading clause still reads as it did
    assert read_polarity("If you disable cookies, some features of the site will not work.", cookies)[0] != "conditional"


@pytest.mark.parametrize("question,practice", [
    ("If the company has a data breach, do they have to tell readers?", "notify"),  # readers are told, nobody reads
    ("Are their computers reading my emails?", "collect"),
    ("Will they hand my email over to the police?", "share"),
    ("Was my address handed to an outside company?", "share"),
    ("Do they give my info to advertisers?", "share"),
    ("How long do they keep my data?", "retain"),
    ("Will I have the option of not sharing information?", "opt_out"),  # an option not to is a way out
    ("Do they keep track of what I buy?", "collect"),
    # how people ask about collection in their own words
    ("does this app look at my contacts", "collect"),
    ("are my searches logged?", "collect"),
    ("does it listen to my conversations?", "collect"),
    ("will my real name be required?", "collect"),
    ("why does the company need my email address?", "collect"),
    ("do you have access to my contacts?", "collect"),  # access by the company is collection …
    ("Can I access my data?", "access"),  # … access by the user a right
    ("does the app store my payment details?", "retain"),  # storing, not the app store
    ("will my data be stolen?", "protect"),
    ("are third party entities able to access my data?", "share"),  # others reaching the data: the company sharing it
    ("will my data be used by outside companies?", "share"),
    ("who will have access to my data?", "share"),
    ("will my gps data be accessible to any third parties?", "share"),
    ("what does the app do with my location?", "use"),
    ("how does this app utilize my data?", "use"),
    ("can companies buy my info?", "sell"),
    ("does it upload my data?", "collect"),
    ("can it turn on my microphone?", "collect"),
    ("will my password be stored securely?", "protect"),  # how it is stored, not for how long
    ("how long do you store my data securely?", "retain"),
    ("does it share my store browsing history?", "share"),  # my store is a shop
    ("what information will i need to give to make an account?", "collect"),  # what I give is collected, not shared
    ("what information does this app access about me on signup?", "collect"),
])
def test_practice_words_are_read_as_words_not_prefixes(question, practice):
    assert read_question(question).practice == practice
    assert not read_question("are third party entities able to access my data?").user_action  # they are able, not the user


@pytest.mark.parametrize("question", [
    "Are the company's staff taught about keeping data private?",  # keeping it private is protection, not retention
    "How does the business handle user approval?",  # handling is no handing over
    "Does the company give users guides to help them with privacy settings?",  # giving users something is no sharing of their data
    "How is everyone kept on track with privacy?",  # on track is no tracking
])
def test_everyday_words_sharing_a_practice_words_letters_name_no_practice(question):
    assert read_question(question).practice not in ("retain", "share", "collect")


def test_slips_of_the_keyboard_are_read_as_the_privacy_words_meant():
    from assistant.spelling import corrected, distance

    assert distance("emial", "email") == 1 and distance("adress", "address") == 1 and distance("sel", "sell") == 1
    assert corrected("can i delte my acount?") == "can i delete my account?"
    assert corrected("Do they shar my info with advertisors?") == "Do they share my info with advertisers?"
    assert read_question(corrected("is my data encripted?")).practice == "protect"
    # English words, names of the documents and slips close to two privacy words stay as typed
    assert corrected("Does Uber sell my data to the shore?") == "Does Uber sell my data to the shore?"
    assert corrected("does acme sel my data?", known=lambda w: w == "sel") == "does acme sel my data?"
    assert corrected("how long do they kep it?") == "how long do they kep it?"  # keep or kept


def test_what_follows_the_users_own_act_presupposes_it():
    # "if you close your account, we delete …" answers "can I delete my account?"; a right in a list ("Deletion: ask us to …") is a right
    assert verdict("Can I delete my account?", "If you close your account, we delete your account information within 30 days.").stance == "yes"
    assert verdict("Can I delete my personal information?", "- Deletion: ask us to delete your personal information.").stance == "yes"
    # the act must be the one asked about, on what the question names
    assert verdict("Can I delete my posts?", "If you close your account, we delete your account information within 30 days.").stance != "yes"


def test_words_of_how_and_whether_are_no_objects():
    assert read_question("do they need my phone number?").object_terms == {"phone", "number"}
    assert read_question("is it possible to easily delete my photos?").object_terms == {"photo"}


def test_third_parties_typed_as_3rd_parties_are_third_parties():
    q = read_question("do they share my data with 3rd parties?")
    assert q.topics == ["third_parties"] and not q.object_terms
    assert read_question("do third party entities get my data?").object_terms == set()


def test_being_removed_from_a_mailing_list_is_a_way_out():
    assert verdict("Can I get off their mailing list?", "You may click here to be removed from our promotional mailing lists.").stance == "yes"


def test_a_plain_statement_about_personal_information_covers_an_email_address():
    assert verdict("Does the company sell my email address?",
                   "It is possible that we may rent, sell or otherwise transfer to third parties personally identifiable information about you.").stance == "yes"
    # not when the sentence also says what is kept out
    assert verdict("Can other members see my email and phone number?",
                   "Your personal information may be made public in your profile; however, your contact information is not displayed.").stance != "yes"


def test_a_right_granted_by_a_law_to_residents_is_the_users_right():
    q = "As a California resident, can I find out which companies they shared my info with for their marketing?"
    assert verdict(q, "California Civil Code section 1798.83 permits our customers who are California residents to request certain "
                      "information regarding our disclosure of personal information to third parties for their direct marketing purposes.").stance == "yes"
    assert verdict(q, "California residents who provide personal information in obtaining products are entitled to request and obtain from us, "
                      "once a calendar year, information about the personal information we shared with third parties for their direct marketing.").stance == "yes"
    assert verdict(q, "California Civil Code Section 1798.83 permits California residents to request a notice from us describing which "
                      "categories of personal information we have shared with third parties for their direct marketing purposes.").stance == "yes"


def test_the_packaged_apps_tokenizer_is_the_vocabulary_without_the_minilm_package(tmp_path, monkeypatch):
    import json

    from assistant import embeddings, onnx_embedder, spelling
    from assistant.errors import ModelError

    def missing() -> str:
        raise ModelError("not installed")

    (tmp_path / "tokenizer.json").write_text(json.dumps({"model": {"vocab": {"[CLS]": 0, "can": 1, "my": 2, "##s": 3}}}), encoding="utf-8")
    monkeypatch.setattr(embeddings, "default_embedder_path", missing)
    monkeypatch.setattr(onnx_embedder, "exported_embedder_dir", lambda: tmp_path)
    spelling._english.cache_clear()
    try:
        assert spelling._english() == {"can", "my"}
        assert spelling.corrected("can i delte my acount?") == "can i delete my account?"
        monkeypatch.setattr(onnx_embedder, "exported_embedder_dir", lambda: None)
        spelling._english.cache_clear()
        assert spelling.corrected("can i delte my acount?") == "can i delte my acount?"  # no vocabulary: nothing corrected
    finally:
        spelling._english.cache_clear()


def test_what_happens_if_is_an_open_question():
    assert not read_question("What happens to my data if the company is sold?").yes_no
    assert read_question("What I want to know is whether they sell my data").yes_no


def test_a_users_way_out_is_what_an_opt_out_question_asks_about():
    q = read_question("Can I opt out of the sale of my data?")
    assert q.practice == "opt_out" and q.user_action
    assert verdict("Can I opt out of the sale of my data?",
                   'You can opt out of this sharing by clicking the "Do Not Sell or Share My Personal Information" link.').stance == "yes"
    # "do I have to …?" asks what is required, not about a right of the user
    assert not read_question("Do I have to give my phone number?").user_action


def test_prepositions_are_no_object_words():
    assert read_question("Do they track me across websites?").object_terms == set()


def test_a_party_named_by_what_it_does_getting_the_data_is_sharing():
    intent = read_question("do companies that advertise on the company get my personal info?")
    assert intent.practice == "share" and "advertisers" in intent.topics
    assert verdict("do companies that advertise on the site get my personal info?",
                   "We do not share personal information about you with companies that advertise on our websites without your consent.",
                   "We use your personal information to support our business functions, such as fraud prevention and marketing.").stance == "no"
    assert read_question("do people who visit my profile see my email?").practice != "share"  # other users seeing a profile: no sharing


def test_the_sources_named_after_from_outside_are_no_object_words():
    intent = read_question("does the company pull in info about me from outside sources and merge it with what they already have")
    # (merging it with what they have is the main practice: a sentence combining data from others answers it)
    assert set(intent.practices[:2]) == {"combine", "receive"} and not intent.object_terms & {"sourc"}


def test_the_company_seeing_what_i_type_is_collecting():
    # "does the site get access to stuff from my Facebook?", "does it see what I type?": the company collecting, not my right of access
    assert read_question("If I log in with my Facebook account to comment, does the site get access to stuff from my Facebook?").practice == "collect"
    assert read_question("The company that hosts the website — does it see what I type into their contests?").practice == "collect"
    # … but the user seeing is a right of access, and others seeing is someone else's
    assert read_question("is there a way I can see what they have on me?").practice == "access"
    assert read_question("can others see what I post?").practice != "collect"


def test_what_i_do_first_with_no_comma_is_no_object_unless_the_question_points_back_to_it():
    assert read_question("if I win one of their contests will they post my name on the site without asking me?").object_terms == set()
    assert read_question("If I fill out one of their surveys do they release my personal info to anyone?").object_terms == set()
    # "… can they grab that?": the situation is what is asked about
    assert "tweet" in read_question("if i tweet at them or comment on their facebook page can they grab that and add it to my file?").object_terms
    # … and an "if" clause with a comma that names the practice keeps its words
    assert {"museum", "profil"} <= read_question("if i delete my details from my museum account profile, does that erase my old records too?").object_terms


def test_the_companys_own_denial_leads_one_about_what_it_lets_others_do():
    v = verdict("Do they sell my data?", "We do not allow our service providers to sell the information we share with them.",
                "BrightCart does not sell your personal information to anyone, and we do not rent or trade customer lists.")
    assert v.stance == "no" and v.support[0].sentence.startswith("BrightCart does not sell")


def test_what_happens_if_is_answered_by_what_the_policy_does_in_that_case():
    from assistant.intent import hypothetical

    assert hypothetical("What happens if there is a data breach?") and hypothetical("what would happen to my data if they went bankrupt?")
    assert not hypothetical("What happens to my data?")
    v = verdict("What happens if there is a data breach?", "You can request a copy of the relevant safeguards by contacting us.",
                "If a data breach affects your personal information, we will notify you and the relevant authorities as required by law.")
    assert v.stance == "answered" and any("data breach affects" in f.sentence for f in v.support)


def test_a_party_receiving_the_data_states_sharing_and_the_companys_statement_leads_advice_to_the_user():
    assert BY_NAME["share"].stated.search("our advertising partners also receive information about your activity on our site")
    v = verdict("Do they share my data with advertisers?",
                "You can opt out of this sharing by clicking the link in our website footer.",
                "If you allow advertising cookies, our advertising partners also receive information about your activity on our site.")
    assert v.stance == "yes" and "partners also receive" in v.support[0].sentence


def test_a_definition_does_not_lead_the_answer():
    v = verdict("Do they use cookies?", 'In this policy we call all of these "cookies".',
                "We use cookies to keep you signed in and to remember your cart.")
    assert v.stance == "yes" and v.support[0].sentence.startswith("We use cookies")


def test_where_my_data_is_stored_asks_for_places_and_data_used_for_ads_is_targeting():
    intent = read_question("Where is my data stored?")
    assert intent.practice == "transfer_abroad" and "abroad" in intent.topics and not intent.yes_no
    v = verdict("Where is my data stored?", "Server logs are kept for 90 days and then deleted.",
                "BrightCart is based in the United States, and we may process personal information in the United States and other countries.")
    assert v.stance == "answered" and "United States" in v.support[0].sentence
    assert read_question("Do they use my data for ads?").practice == "targeted_ads"
    assert read_question("will you use that to show me ads?").practice == "targeted_ads"


def test_a_notice_before_handing_data_to_the_police_is_a_notice_of_that_event():
    for q in ("Will they warn me before handing my info over to the police or a court?", "If the police ask them for my info, will they tell me first?"):
        intent = read_question(q)
        assert intent.practice == "notify" and intent.topics == ["law"]
    v = verdict("Will they warn me before handing my info over to the police?",
                "We may disclose your information to law enforcement when required by law. Please note we may not provide notice prior to "
                "disclosure to law enforcement in such cases.", "We will notify you by email when we change this policy.")
    assert v.stance == "no"


def test_random_people_seeing_my_data_asks_whether_it_is_public():
    assert read_question("could random people online see the info they store about me?").practice == "public"
    assert read_question("will other users see my email?").practice == "public"


def test_a_right_granted_to_all_answers_a_californian():
    v = verdict("I'm in California, can I stop them from sharing my info with other companies for their direct marketing?",
                "If you wish to opt out of our sharing of your information with third parties for their direct marketing purposes, "
                "please click here.")
    assert v.stance == "yes"
    # … but a statement of the company's own practice still has to be about California for a question scoped to it
    assert verdict("Do they sell the data of California residents?", "We may sell your information to partners.").stance == "not_stated"


def test_buying_from_brokers_is_receiving_and_a_user_record_is_a_profile():
    intent = read_question("does the company buy info about me from data brokers and add it to what they already have")
    assert intent.practice == "receive" and not intent.object_terms
    v = verdict("do they combine what I do on their different sites into one profile?",
                "We may combine information gathered from multiple portions of the Sites into a single user record.")
    assert v.stance == "yes"



def test_a_sentence_naming_three_of_the_questions_words_is_on_point_at_a_lower_similarity():
    q = "do they keep my credit card number and billing address on file?"
    stated = "To process your order we collect and store your credit card number and billing address."
    assert verdict(q, stated, *FILLER, relevance=0.28).stance == "yes"
    # below the usual floor, naming only part of it is not enough
    assert verdict(q, "We keep your billing records as the law requires.", *FILLER, relevance=0.28).stance == "not_stated"
    assert verdict(q, stated, *FILLER, relevance=0.2).stance == "not_stated"


def test_never_having_agreed_asks_about_doing_it_without_consent():
    v = verdict("will they send me promo texts even if I never agreed to them?",
                "We may send you promotional text messages only if you opt in to receive them.", *FILLER)
    assert v.stance == "no"


def test_a_denial_with_its_subject_after_the_negation_or_over_verbs_joined_by_or():
    assert verdict("do they sell my personal information?",
                   "Although we may provide your personal information to our business partners, in no event will we sell or rent "
                   "your personal information as part of a customer list.").stance == "no"
    assert verdict("will my kid get targeted ads?",
                   "We do not show these types of advertisements to children or track children for targeted advertising purposes.").stance == "no"
    # a verb that only describes the data is not denied with it
    assert verdict("do they use tracking pixels?",
                   "We do not sell or rent the information collected through tracking pixels.").stance != "no"


def test_what_protection_achieves_is_no_denial():
    v = verdict("is my card number encrypted when I pay?",
                "Our site uses SSL encryption to help ensure that your personal information cannot be read as it passes over the "
                "Internet, including your credit card number.", *FILLER)
    assert v.stance == "yes"


def test_a_question_whether_i_must_is_answered_no_by_what_is_optional():
    v = verdict("do I have to turn on location sharing to use the app?",
                "Riders may use the app without enabling collection of location data from their mobile devices.", *FILLER)
    assert v.stance == "no"


def test_a_purpose_the_policy_rules_out_answers_no():
    v = verdict("is the library going to use my info to market stuff to me?",
                "The Library collects several types of information, although never for commercial marketing use.", *FILLER)
    assert v.stance == "no"


def test_what_is_still_sent_after_an_opt_out_answers_whether_every_email_stops():
    v = verdict("if I unsubscribe from their promo emails, will I stop getting every email from them?",
                "Even if you opt out of getting marketing messages, we will still be sure to send you transactional messages.", *FILLER)
    assert v.stance == "no"


def test_showing_my_email_next_to_a_review_asks_whether_it_is_displayed():
    intent = read_question("if I write a review, will they show my email address next to it?")
    assert intent.practice == "public" and "next" not in intent.object_terms
    v = verdict("if I write a review, will they show my email address next to it?",
                "Unless we get your approval, we will not display your email address with your submission.", *FILLER)
    assert v.stance == "no"
    assert "location" not in read_question("can I turn off notifications for geocaches I own?").topics


def test_finding_out_about_a_change_is_a_notice_question():
    intent = read_question("how would I find out if they change their privacy statement?")
    assert intent.practice == "notify" and "changes" in intent.topics


def test_cookies_the_site_places_do_not_answer_whether_i_can_buy_with_them_blocked():
    q = "can I buy stuff on the site with cookies blocked?"
    assert verdict(q, "You MUST have cookies enabled in order to checkout on our Websites.", *FILLER).stance == "no"
    assert verdict(q, "Cookies are placed on your computer to remember the contents of your shopping cart.", *FILLER).stance != "yes"


def test_a_denial_about_children_denies_nothing_about_adults():
    v = verdict("do they add info about me that they get from other companies?",
                "We do not knowingly collect information from children under the age of 13.", *FILLER)
    assert v.stance != "no"


def test_question_kinds_read_this_session():
    # figuring out, inferring and monitoring are collecting; telling them is the user's act, not a notice
    assert read_question("does uber try to figure out my gender even if I don't tell them?").practice == "collect"
    assert read_question("do they read or monitor what people post in the chat rooms?").practice == "collect"
    # stopping alerts is opting out; what I bought is no sale of the business; exposed data is a breach
    assert read_question("if i sign up for alerts by text, can i stop them later?").practice == "opt_out"
    assert "merger" not in read_question("do the ad networks get told what courses I bought?").topics
    assert "breach" in read_question("will they tell me if they get hacked and my data is exposed?").topics
    # a name showing up, comments being public
    assert read_question("if my kid posts a postcard in the gallery, will their name show up?").practice == "public"
    v = verdict("if I comment on a player page, can everyone see it?", "Comments posted to any of our Web pages are public.", *FILLER)
    assert v.stance == "yes"
    assert verdict("if my kid posts a postcard in the gallery, will their name show up?",
                   "If the child chooses to post the online postcard in our gallery, we will not post any personally identifying information.",
                   *FILLER).stance == "no"


def test_a_parents_wish_is_their_right_and_anyone_seeing_a_post_needs_no_third_party():
    v = verdict("my 10 year old used a kids page, can I have them delete her information?",
                "If parents want us to delete any collected personally identifiable information about their children under the age "
                "of 13, they can also contact us.", *FILLER)
    assert v.stance in ("yes", "answered")
    v = verdict("if i post on the discussion boards can anyone see it?",
                "When you post information on discussion boards, that information becomes public.", *FILLER)
    assert v.stance == "yes"


def test_denials_in_a_relative_clause_or_of_one_use_only_and_rights_of_minors():
    # "which are prohibited from collecting" denies the collecting asked about
    v = verdict("can the third party web beacons on the site collect my personal information?",
                "These may include third-party web beacons, which are prohibited from collecting your personal information.", *FILLER)
    assert v.stance == "no"
    # a denial of one use of cookies does not deny using them
    v = verdict("does the site use cookies?", "The Library uses session cookies and persistent cookies on its websites.",
                "The Library never uses persistent cookies to collect personally identifiable information about visitors.", *FILLER)
    assert v.stance == "yes"
    # what goes on arriving answers "will the ads stop completely?"
    v = verdict("if I opt out of targeted advertising, will I stop seeing ads completely?",
                "Please note this does not opt you out of being served advertising. You will continue to receive generic ads.", *FILLER)
    assert v.stance == "no"
    # a right of parents over their child's data does not answer a user's own
    v = verdict("can I ask them to delete my account and all my personal info?",
                "Please contact us if you believe we may have collected information from your child and we will delete it.", *FILLER)
    assert v.stance != "yes"


def test_telling_where_my_phone_is_asks_for_its_location():
    intent = read_question("can they tell where my phone is when I'm walking around inside a store?")
    assert intent.practice == "collect" and "location" in intent.topics
    assert read_question("will they tell me if the policy changes?").practice == "notify"


def test_a_list_item_is_read_with_the_sentence_that_introduces_the_list():
    texts = ("We may collect and process the following data about you: - information that you provide by filling in forms.",
             "- if you contact us, a record of that correspondence;",
             "- details of your visits to our site including traffic data, location data and weblogs.", *FILLER)
    v = decide_over(_one_section(*texts), "do they collect location data when I visit the site?")
    assert v.stance == "yes" and "location data" in v.support[0].sentence
    assert verdict("do they collect location data when I visit the site?", *texts).stance == "not_stated"  # a list item alone states nothing


def test_residual_information_remaining_answers_whether_it_is_all_gone():
    v = verdict("I asked them to remove my info from their database. Is it actually all gone now?",
                "If you would like your personal information removed from our database, contact us and we will delete it.",
                "Keep in mind that there will be residual information that will remain within our databases and access logs.", *FILLER,
                "Our newsletters are sent weekly.", "We partner with payment processors.", "You must be 13 to register.",
                "This policy is governed by the laws of Ohio.", "We host our site with a cloud provider.")
    assert v.stance == "no"


def test_a_phone_number_is_no_device():
    from assistant.objects import count_named
    assert count_named({"phone", "number"}, "our apps may use your device settings") == 0
    assert count_named({"phone"}, "our apps may use your device settings") == 1


def test_a_passive_with_its_subject_told_before_the_and():
    v = verdict("are their website log files linked to me personally?",
                "Log files are used internally only, and are not associated with any particular user, computer, or browser.", *FILLER)
    assert v.stance == "no"


def test_a_right_pointing_back_to_minors_and_to_that_end_is_no_instruction():
    texts = ("Right to Remove Posted Information: if you are under 18 years of age and reside in California, you may ask us to "
             "remove content you posted.", "To request removal of such information, you can contact us by email.", *FILLER)
    assert decide_over(_one_section(*texts), "I'm done with them, can I get them to delete my whole account and all my data?").stance != "yes"
    v = verdict("can I get a copy of whatever personal info they have on me?",
                "To that end, the site automatically collects and stores the following non-personally identifiable information.", *FILLER)
    assert v.stance != "yes"


def test_a_name_the_documents_define_as_we_is_the_company():
    from assistant.company_names import own_names
    assert own_names("The Media Research Center (THE MRC or we) is the owner and operator of NewsBusters.", "newsbusters", ()) == [
        "media research center", "MRC"]
    assert own_names('Acme Widgets, Inc. ("we", "us") runs this site.', "acmesite", ()) == ["acme widgets"]
    assert own_names("We use Google Analytics (which we use to count visits).", "acmesite", ()) == []
    assert own_names("Our servers are in the United States (US).", "acmesite", ()) == []


def test_preferences_that_do_not_apply_to_service_messages_answer_whether_everything_stops():
    v = verdict("if I turn off everything in the marketing preferences, will that also stop order confirmations?",
                "Note that these preferences do not apply to communications that are directly related to your registration or the "
                "fulfillment of a specific transaction.", *FILLER)
    assert v.stance == "no"


def test_nowhere_before_the_verb_is_a_denial():
    v = verdict("do they collect info from kids under 13 on their website?",
                "Please note that nowhere on the Site do we knowingly collect personal information from children under the age of 13.", *FILLER)
    assert v.stance == "no"


def test_what_if_the_business_is_sold_is_answered_by_the_transfer_clause():
    assert read_question("what if the company gets sold, does my info go with it to the new owner?").topics == ["merger"]
    v = verdict("what if the company gets sold, does my info go with it to the new owner?",
                "In the event that all or substantially all of our assets are sold or transferred to another party, your personally "
                "identifiable information may be transferred as part of the transaction.", *FILLER, relevance=0.3)
    assert v.stance == "yes"  # few sentences speak of a sale of the business: on point at the narrow topics' floor


def test_keep_sending_is_no_retention_and_the_asking_clause_gives_the_right():
    assert "retain" not in read_question("if I opt out of the promo emails, will they keep sending me stuff anyway?").practices
    assert read_question("will they keep my emails after I leave?").practice == "retain"
    assert read_question("my address on file is wrong, can i fix it myself?").practice == "correct"
    assert read_question("can the company see my facebook profile if I sign in with facebook?").practice == "collect"


def test_a_company_name_typed_with_its_abbreviation_point_is_the_company():
    from assistant.question import neutral_question
    assert neutral_question("does the st. louis fed sell or rent peoples info", "Stlouisfed") == "does the company sell or rent peoples info"


def test_when_we_do_this_points_back_to_the_sentence_before():
    texts = ("We may send offers to you on behalf of our marketing partners.",
             "When we do this, we do not give that partner your name and address.", *FILLER)
    v = decide_over(_one_section(*texts), "when they send me offers from their sponsors does the sponsor get my name and address")
    assert v.stance == "no"


def test_sharing_a_profile_with_advertisers_is_read_as_sharing_too():
    v = verdict("do they share the profile of what i read with advertisers?", "We do not share your profile with other third parties.", *FILLER)
    assert v.stance == "no"


def test_friends_are_the_contacts_a_social_network_holds():
    v = verdict("If I connect my facebook, can they see who my friends are?",
                "When you connect a social networking service, we may receive information that you have made available to those services, "
                "including information about your contacts on those services.", *FILLER)
    assert v.stance == "yes"


def test_a_comparison_of_laws_denies_no_transfer():
    v = verdict("could my info end up on servers in another country with weaker privacy laws?",
                "Your information may be transferred to computer networks located outside of the country in which you reside, and the "
                "country in which these computer networks are located may not have privacy laws as protective as the laws in your country.",
                *FILLER)
    assert v.stance == "yes"


def test_changes_applying_only_to_what_is_collected_afterwards_deny_retroactive_use():
    v = verdict("if they change the privacy policy does it apply to data they collected before the change?",
                "Policy changes will apply to information collected after the date of the change.", *FILLER)
    assert v.stance == "no"
    assert "new" not in read_question("if they update the policy, do the new terms cover data they collected before?").object_terms


def test_a_profile_public_only_if_you_select_it_is_not_public_right_away():
    allowed = "If you are a member of the network and select the option to allow your profile to be viewable by the public."
    assert verdict("if I make an account can anyone see my profile right away?", allowed, *FILLER).stance != "yes"
    assert verdict("if I make an account can anyone see my profile?", allowed, *FILLER).stance == "yes"


def test_a_denial_by_someone_else_s_employees_is_not_the_company_s():
    v = verdict("do they use my ip address to guess what kind of articles im into?",
                "While these employees will not need to register to access such portions of the Site if they do so on devices with the "
                "provided IP address, they will need to register to comment.",
                "We use IP addresses and session identifiers to analyze trends, to administer the Site and to infer user interests.",
                *FILLER, *FILLER)  # (the IP address named in few passages: an object word of the bundle)
    assert v.stance == "yes"


def test_what_is_allowed_only_through_something_is_not_allowed_without_it():
    from assistant.polarity import only_through
    assert only_through("can i comment on articles without having a facebook account?",
                        "In order to comment on articles appearing on the Site you may only do so through Facebook, by first logging onto Facebook.")
    v = verdict("If I check out as a guest do they keep my card and address on file?",
                "For your security, we only store your credit card information if you choose to set up an authorized account with one of our Sites.",
                *FILLER)
    assert v.stance == "no"
    v = verdict("do they keep my card and address on file?",
                "For your security, we only store your credit card information if you choose to set up an authorized account with one of our Sites.",
                *FILLER)
    assert v.stance == "yes"


def test_services_provided_to_us_are_no_data_received():
    from assistant.polarity import read_polarity
    stated = BY_NAME["receive"].stated
    assert read_polarity("To process transactions, we may share your personal information with our service providers so they can provide us "
                         "with support services such as order fulfillment.", stated, BY_NAME["receive"].needs_data)[0] == "absent"
    assert read_polarity("Each time you visit the Site, we automatically collect your IP address and the web page from which you came.",
                         stated, BY_NAME["receive"].needs_data)[0] == "absent"
    assert read_polarity("Third parties may provide us with information about you.", stated, BY_NAME["receive"].needs_data)[0] == "yes"
    assert read_polarity("You understand that any information that such service may provide to us will be governed by this Privacy Policy.",
                         stated, BY_NAME["receive"].needs_data)[0] == "yes"
    assert read_polarity("We may transfer information that we collect about you across borders and from your country to other countries.",
                         stated, BY_NAME["receive"].needs_data)[0] == "absent"


def test_a_site_written_with_a_hyphen_is_named_often_enough():
    from assistant.company_names import own_names
    text = ("The Post-Gazette respects your privacy. " * 3) + ("You may comment through Facebook at www.facebook.com. " * 6)
    assert own_names(text, "postgazette", ()) == []
    # a platform the site works with is never its own brand, however often the documents name it
    assert own_names("We use Google Analytics. " * 6 + "See www.google.com/policies.", "stlouisfed", ()) == []


def test_an_example_after_a_cookie_requirement_answers_whether_I_can_still_take_part():
    texts = ("Some features of the site require cookies to be enabled.",
             "For example, the user will not be able to participate in any of our sweepstakes, contests or monthly drawings that take place.",
             *FILLER)
    assert decide_over(_one_section(*texts), "can i still enter the monthly drawings if i block cookies?").stance == "no"


def test_tying_data_back_to_me_and_getting_off_a_list_are_read_as_practices_not_objects():
    q = read_question("can they tie my ip address back to my name")
    assert q.practice == "combine" and "tie" not in q.object_terms
    q = read_question("how do i get off their newsletter list")
    assert q.practice == "opt_out" and "list" not in q.object_terms
    assert "list" in read_question("can they see my contact list?").object_terms  # the list got off only (a customer list: see kinds20)


def test_who_gets_my_data_is_answered_with_each_kind_of_recipient():
    assert read_question("who gets my data?").practice == "share"
    assert read_question("Which companies get my info?").practice == "share"
    texts = ("We collect information in three ways: information you give us directly and information we receive from other companies.",
             "We disclose your information to service providers that act on our behalf under written contracts.",
             "If you allow advertising cookies, our advertising partners also receive information about your activity on our site.",
             "If we are involved in a merger or sale of our assets, your information may be transferred as part of that transaction.",
             "We may disclose information if we believe in good faith that it is required by law or legal process.", *FILLER)
    v = verdict("Who do they share my data with?", *texts)
    assert v.stance == "answered"
    quoted = " ".join(f.sentence for f in v.support)
    for recipient in ("service providers", "advertising partners", "merger", "required by law"):
        assert recipient in quoted
    assert "three ways" not in quoted


def test_plain_text_asks_whether_it_is_not_encrypted():
    q = read_question("Do they store my password in plain text?")
    assert "encryption" in q.topics
    v = verdict("Do they store my password in plain text?", "Personal information and passwords stored in our databases are encrypted at rest.",
                *FILLER)
    assert v.stance == "no"
    from assistant.spelling import meant
    assert meant("unencrypted") == "unencrypted"  # no slip of "encrypted"


def test_what_is_kept_only_answers_whether_the_rest_is_kept():
    sentence = ("Card numbers are entered into forms hosted by our payment processors; we store only a token, the card type and the last "
                "four digits.")
    assert verdict("Is my credit card number stored?", sentence, *FILLER).stance == "no"
    assert verdict("do they collect my phone number?", sentence, *FILLER).stance != "no"


def test_cookies_the_site_cannot_work_without_answer_whether_it_works_without_them():
    v = verdict("If I block cookies can I still order?", "If you block essential cookies, parts of the store, such as the cart and checkout, "
                "will not work.", *FILLER)
    assert v.stance == "no"


def test_questions_read_as_people_type_them():
    cases = {
        "do they keep tabs on which pages people look at on the site": "collect",
        "does the company know roughly where I'm located?": "collect",
        "does the site look at what hardware my pc has?": "collect",
        "i keep getting fundraising phone calls from them, can i make it stop?": "opt_out",
        "if I post something on the site can just anybody on the internet see it?": "public",
        "is the company responsible for what other websites linked from its site do with my info?": "scope",
    }
    for question, practice in cases.items():
        assert read_question(question).practice == practice, question
    assert "merger" in read_question("what happens to my info if Monster sells off the company?").topics
    assert read_question("would they give my data to the government even if there's no subpoena or court order?").object_terms == set()
    assert "turn" not in read_question("could they turn around and sell that info?").object_terms
    assert read_question("do they link my purchases with my profile?").practice == "combine"


def test_not_responsible_for_other_sites_answers_whether_the_company_is():
    v = verdict("is the company responsible for what other websites linked from its site do with my info?",
                "The company is not responsible for the content or privacy practices employed by third-party Web sites.", *FILLER)
    assert v.stance == "no"


def test_a_back_reference_names_what_the_sentence_before_names():
    texts = ("When you use the refer-a-friend feature, we will send your friend a one-time email inviting him or her to visit the site.",
             "We do not store this information.", *FILLER)
    assert decide_over(_one_section(*texts), "when I use the refer-a-friend thing do you guys save my friend's email address?").stance == "no"


def test_a_denial_of_one_means_is_no_denial_of_the_practice():
    v = verdict("do they keep tabs on which pages people look at on the site",
                "Typically, we do not use cookies to collect information about the pages you visit on our central web server.", *FILLER)
    assert v.stance != "no"
    v = verdict("do they use cookies to track which pages I look at?",
                "We do not use cookies to collect information about the pages you visit.", *FILLER)
    assert v.stance == "no"


def test_an_in_store_camera_is_no_storing_and_what_i_tell_first_is_no_question():
    assert read_question("do they give their in-store security camera footage to the police?").practices[:1] == ["share"]
    q = read_question("my son is 11 and wants to make an account to edit the wiki, will they collect his info?")
    assert q.practice == "collect" and "children" in q.topics
    v = verdict("my son is 11 and wants to make an account to edit the wiki, will they collect his info?",
                "We do not knowingly collect personal information from children under 13.", *FILLER)
    assert v.stance == "no"


def test_unsubscribing_from_newsletters_is_no_way_out_of_notification_emails():
    v = verdict("can i turn off the notification emails?",
                "If you do not want to receive our newsletter or marketing communications from us, you can click the unsubscribe link.", *FILLER)
    assert v.stance != "yes"
    v = verdict("can i stop the marketing emails?",
                "If you do not want to receive our newsletter or marketing communications from us, you can click the unsubscribe link.", *FILLER)
    assert v.stance == "yes"


def test_what_the_user_provides_is_no_sharing():
    from assistant.polarity import read_polarity
    stated = BY_NAME["share"].stated
    assert read_polarity("Though an email address must be provided in order to post a comment, it is not shared or sold to third parties.",
                         stated, BY_NAME["share"].needs_data)[0] == "no"
    assert read_polarity("We may provide your information to our service providers.", stated, BY_NAME["share"].needs_data)[0] == "yes"


def test_a_parents_right_answers_a_parent_and_data_bought_from_third_parties_is_received():
    right = ("Giving parents access or the ability to request access to personal information we have collected from their children and "
             "the ability to request that the personal information be changed or deleted.")
    assert verdict("as a parent can I see what they've collected from my kid and get it erased?", right, *FILLER).stance == "yes"
    from assistant.polarity import read_polarity
    assert read_polarity("In addition to information we collect about you on our sites, we acquire information (including personal, demographic, "
                         "behavioral and indirect information) about you from third parties who provide it to us.", BY_NAME["receive"].stated,
                         BY_NAME["receive"].needs_data)[0] == "yes"


def test_a_sentence_that_continues_the_one_before_is_as_close_as_it():
    t = _one_section("If we are acquired by or merged with another company, your information may be transferred to that company.",
                     "Should such an event occur, we will use reasonable means to notify you by email.", *FILLER)
    dense = np.array([0.5, 0.15] + [0.1] * len(FILLER), dtype="float32")
    scored = Scored(fused=dense.copy(), dense=dense, bm25=dense)
    question = "If the company gets bought by another company, will they tell me my data went along with it?"
    v = stance.decide(t, scored, read_question(question), Decision(True, "answered", 0.5, 1.0))
    assert v.stance == "yes" and "notify" in v.support[0].sentence


def test_what_cannot_be_managed_denies_the_user_the_way_out():
    v = verdict("can I manage flash cookies the same way as normal cookies?",
                "Flash cookies (local shared objects) operate a lot like cookies, but cannot be managed in the same way.", *FILLER)
    assert v.stance == "no"


def test_clicks_are_activity_and_banners_based_on_it_are_targeted():
    assert read_question("can they tell what other websites i've been on?").practice == "collect"
    v = verdict("Are the ads/banners I see on their site picked based on what I clicked on there?",
                "We use this information to display the most appropriate banners to you based on your activity while on our site.", *FILLER)
    assert v.stance == "yes"


def test_what_i_do_it_for_is_no_object():
    q = read_question("do i have to give them my info just to read the articles on their site")
    assert q.practice == "collect" and "articl" not in q.object_terms
    v = verdict("do i have to give them my info just to read the articles on their site",
                "You may browse our websites without submitting personal information.", *FILLER)
    assert v.stance == "no"


def test_a_regional_notice_is_about_its_region_throughout():
    from dataclasses import replace
    t = table("BrightCart does not sell your personal information for money.", *FILLER)
    question = "Do they sell data of Californians?"
    assert decide_over(t, question, 0.28).stance == "not_stated"  # a privacy policy's sentence that never names California
    t.rows = [replace(r, document="BrightCart California Privacy Notice", document_kind="regional_notice") for r in t.rows]
    assert decide_over(t, question, 0.28).stance == "no"  # on point at the narrow topic's floor
    assert "resid" not in read_question("As a California resident can I opt out of the sale of my data?").object_terms


def test_what_is_kept_after_i_leave_is_a_retention_question_led_by_what_is_kept():
    q = read_question("Do they keep my data after I close my account?")
    assert q.practice == "retain"
    assert read_question("Can I delete my account and all my data?").practice == "delete"
    v = verdict("Do they keep my data after I close my account?",
                "If you close your account, we delete your account information within 30 days after the account is closed.",
                "We keep the order records of your account for 7 years after the purchase, because tax law requires us to do so.", *FILLER)
    assert v.stance == "yes"
