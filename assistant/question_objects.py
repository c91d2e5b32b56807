"""What a question's words name besides its object: the situation told around the asking, the company and its products, whose
data it is, an age, places, a purpose left out — the words that remain are the question's object words (:func:`object_words`)."""

from __future__ import annotations

import re

from .refusals import REFUSAL_VERBS
from .text import tokenize
from .vocabulary import rx

#: A verb with its particle ("reach out to me", "does it kick in?", "figure out who I am", "sign up for"): a way of acting, no object.
_PHRASAL = rx(r"\b([a-z]+) (?:up|out|in|over|down|back)(?=\s*(?:[?.!,;]|$)|\s+(?:to|before|after|for|with|when|if|on|at|so|and|or|from|who|what|whether|how|where|which)\b)"
              # (… or a verb that takes its particle before the object: "open up my account info to police", "cough up my details")
              r"|\b(open|hand|turn|cough|dig|pull|hook|give) (?:up|over)\b")
#: Putting the data somewhere ("add it to what they already have", "attach that to my profile"): what is put is the object.
_PUT_TO = rx(r"\b(add\w*|put|puts|attach\w*|append\w*|stick|sticks|stuck) (?:it|this|that|them|these|those) (?:to|into|onto|with|in)\b")
#: A product of the company named in capitals ("the At Bat app", "their Beat the Streak game").
_PRODUCT = re.compile(r"\b(?i:the|their|its|his|her|my|our)\s+((?:[A-Z][\w&'-]*\s+)(?:(?:the|of|a|and|[A-Z][\w&'-]*)\s+){0,3})"
                      r"(?:apps?|applications?|sites?|websites?|games?|service|player|program|newsletters?|club|rewards)\b")
#: An app named by what it is for ("the roadside app", "their dating app").
_KIND_OF_APP = re.compile(r"\b(?:the|their|its|your|my)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:apps?|applications?)\b")
#: Kinds of business that are the company itself also as the subject of a question ("would the station give my info to the
#: police?"; not a store or a team, which may be another business: "does the actual team get my info?") …
_THE_ONE = r"station|paper|newspaper|magazine|school|college|university|district|bank|museum|channel|insurer|wiki|blog|portal"
#: … and all kinds naming the business itself, named by what it is ("if the paper gets sold", "when the station sells part of its business").
_BUSINESS_KINDS = _THE_ONE + r"|store|shop|network|team|club|league"
#: … and organisations named by what they are, also as the subject of what they do ("will the library use …", "the details the
#: winery stores")
_ORGANISATIONS = r"winery|vineyard|brewery|library|council|restaurant|hospital|clinic|foundation|society|association|institute|charity|nonprofit|outlet"
_THE_BUSINESS = re.compile(rf"\bthe\s+({_BUSINESS_KINDS}|{_ORGANISATIONS})"
                           r"(?=\s+(?:gets?|is|was|sells?|sold|goes|went|merges?|closes?|shuts?|or|and|itself|ever|has|had|will|would|does|did)\b|\s*[,?.!]|\s*$)|"
                           rf"\bthe\s+({_ORGANISATIONS})(?=\s+(?:\w+(?<!ss)s|uses?|shares?|sells?|keeps?|sends?|gives?|stores?|tracks?|collects?)\b)|"
                           rf"\b(?:will|would|does|did|can|could|may|might|has)\s+the\s+({_ORGANISATIONS}|{_THE_ONE})\b|"
                           # … or any kind doing what is asked with the data ("could the team hand my info over to the police?")
                           rf"\b(?:will|would|does|did|can|could|may|might)\s+the\s+({_BUSINESS_KINDS})\s+(?=(?:ever\s+|just\s+)?(?:hand|give|share|sell|pass|send|disclose|use|keep|collect|track|rent)\b)|"
                           # … and as the one asked ("can I ask the paper which companies …")
                           rf"\b(?:ask|tell|e-?mail|call|contact|write to|get|have|make)\s+the\s+({_ORGANISATIONS}|{_THE_ONE})\b", re.I)
#: Whose data, as "my" ("does kaleida sell patients' health info?", "a member's profile").
_WHOSE = re.compile(r"\b(patients?|customers?|users?|members?|subscribers?|visitors?|consumers?|readers?|guests?|shoppers?|students?|viewers?|players?)"
                    r"(?:['’]s?(?=\s+(?:(?:personal|private|health|medical|contact|financial|account)\s+)?(?:info\w*|data|details|records?)\b)|"
                    # … or without the possessive ("does it sell student info?"): the kind of person, not a kind of data
                    r"(?=\s+(?:(?:personal|private|contact|account)\s+)?(?:info\w*|data|details|records?)\b))", re.I)
#: A company's list of the people it deals with ("its customer list", "the mailing list"): their personal data, no object of its own.
_PEOPLE_LIST = re.compile(r"\b(?:customers?|subscribers?|members?|mailing|shoppers?|clients?|donors?|buyers?)\s+lists?\b", re.I)
#: A recipient named by what it is ("to booze brands", "with drug companies", "to local businesses").
_RECIPIENT_KIND = re.compile(r"\b(?:to|with)\s+(?:(?:the|their|some|other|random|any|all|those|these|outside|local|big)\s+)?((?:[a-z]+\s+){0,2}?"
                             r"(?:companies|brands|firms|businesses|retailers|merchants|organi[sz]ations|orgs|charities|agencies|sponsors|sellers|vendors|marketers|publishers|"
                             r"developers|brokers|insurers|lenders))\b", re.I)
#: A business changing hands ("if taylor nation gets bought or merges"): its name is the company, no object …
_BUSINESS_CHANGES = re.compile(r"\b(?:if|when|should|once)\s+((?:[\w.&'-]+\s+){1,3}?)(?:ever\s+)?(?:gets?|is|was|were|are)\s+(?:bought|sold|acquired|purchased|taken over)\b|"
                               r"\b(?:if|when|should|once)\s+((?:[\w.&'-]+\s+){1,3}?)(?:ever\s+)?(?:merges?|goes (?:bankrupt|under|out of business))\b", re.I)
#: … unless it is the data ("if my email list is sold").
_DATA_SUBJECT = re.compile(r"\b(my|your|our|his|her|data|info\w*|details|e-?mails?|address\w*|numbers?|records?|accounts?|lists?|it|they|them|this|that|these|those)\b", re.I)
#: The other case a yes/no question names after "or" ("… or do they just update the page?").
_OR_ALTERNATIVE = re.compile(r"\s+\bor (?:do|does|will|would|is|are|can|could) (?:they|it|the company|you|we)\b[^?]*[?.!]*\s*$", re.I)
#: Words asking for a region's own rights ("do I get any special rights as a Californian?"): a right granted to all is no answer.
REGION_OWN = "special extra additional particular specific own"
#: A kind of recipient followed by anyone at all ("to drug companies or anyone else").
_ANYONE_ELSE = re.compile(r"\b(?:\w+\s+)?(?:compan(?:y|ies)|firms?|businesses|brands?|organi[sz]ations?)\s+or\s+(?:to\s+)?(?:anyone|anybody|any ?one)(?:\s+else)?\b", re.I)
#: Where data is taken out of ("deleted from their system").
_PLACE_OF_DATA = re.compile(r"(?i:\b(?:from|out of|through|across|over)\s+(?:their|the|its|your|our|(?:the )?\w+['’]s)\s+(systems?|databases?|servers?|networks?)\b)|"
                            r"\b[Oo]n\s+(?:(?:the|their|its)\s+(?:company'?s?\s+)?|[A-Z][\w.&-]*\s+)?(?:[Ww]eb\s*)?(pages?)\b")  # (… "the pixels on MSN pages": where)
#: The asker's or a child's age ("I'm 16", "my 12 year old").
AGE_ASKED = re.compile(r"\b(?:i'?m|i am|aged?|turned|(?:(?:daughter|son|kid|child|brother|sister|niece|nephew|grandson|granddaughter|he|she)(?:'s|\s+is)))"
                       r"\s+(?:only\s+|just\s+)?(\d{1,2})\b(?!\s*(?:%|percent|dollars|bucks|days|weeks|months|minutes|hours))|\b(\d{1,2})[- ]?(?:years?|yrs?)[- ]?old\b", re.I)
#: A purpose the question leaves out ("will they use my details for anything other than answering me?").
OTHER_THAN_ASKED = re.compile(r"\b(?:anything|any purpose|any other purpose|something|other purposes|other things)\s+(?:else\s+)?(?:other than|besides|apart from|except(?: for)?|beyond)\s+[^,;?.]{1,40}", re.I)
#: What the company learns about the user, as their data ("use what it learns about me to market stuff").
_WHAT_THEY_LEARN = re.compile(r"\bwhat (?:it|they|he|she|the company|the \w+) (?:learns?|learned|learnt|knows?|finds? out|found out|gathers?|gathered|picks? up|"
                              r"picked up|figures? out|figured out) (?:about|on|from) (?:me|us|my \w+)\b|"
                              r"\b(?:something|anything|whatever|what) (?:it|they|the doctors?|the company) (?:find|finds|found|discovers?|discovered)\b", re.I)
#: What the user told the company, as their data ("will they pass along what I told them?").
_WHAT_I_TOLD = re.compile(r"\bwhat (?:i|i've|ive|we) (?:told|tell|tells|say|gave|give) (?:them|you|him|her|it|the \w+)\b", re.I)
#: Other organisations named by a word of their own ("to outside groups", "some external body"): a kind of third party, no object.
_OUTSIDE_PARTY = re.compile(r"\b(?:outside|external|other|third[- ]party|independent)\s+(groups?|bod(?:y|ies)|entit(?:y|ies)|outfits?|organi[sz]ations?|orgs?|parties|people|folks)\b", re.I)
#: The company's own people, named by their work there ("can people who work at Caribou look at my info?"): no object, nor is the name.
_WORKING_THERE = re.compile(r"\b(?:people|folks|anyone|anybody|someone|somebody|those|everyone|employees|staff)\s+(?:who|that)\s+((?:works?|working)\s+(?:at|for|there)(?:\s+(?-i:[A-Z][\w&'-]*))?)\b", re.I)
#: The user's consent asked in other words ("without checking with me first").
_WITHOUT_CHECKING = re.compile(r"\bwithout (?:first )?(?:checking|clearing it|consulting|talking|asking)(?: with)? (?:me|us)(?: first)?\b|"
                               r"\bwithout (?:first )?(?:getting |asking for )?(?:my|our|a) (?:written )?signature(?: first)?\b", re.I)
#: What the user types in, as their data ("the stuff I enter on their website").
_WHAT_I_ENTER = re.compile(r"\b(?:the |any )?(?:stuff|info|information|data|details|things?|everything|anything) (?:that )?(?:i|i've|ive|we) "
                           r"(?:enter|entered|type|typed|submit|submitted|upload|uploaded|put in|provide|provided|fill in|filled in)\b", re.I)
#: How the user uses the site ("data about how I use the site"): the usage data policies name so.
_HOW_I_USE = re.compile(r"\bhow (?:i|we) use (?:the|their|its|this|that|your) (?:web)?(?:site|app|service|platform)s?\b", re.I)
#: A device as the owner of what is asked ("my phone's GPS"): the object is what it has.
_DEVICE_OWNS = re.compile(r"\b(?:my|your|the) (phones?|devices?|computers?|laptops?|tablets?|browsers?|iphones?|androids?)['’]s?\s|"
                          # … or where cookies are put ("the cookies they put on my computer")
                          r"\b(?:puts?|placed?|places|stored?|saves?|sets?|installs?|drops?|leaves?)\s+on\s+(?:my|your|the)\s+(computers?|devices?|phones?|browsers?|laptops?|machines?|hard drives?)\b", re.I)
#: The company's machinery as the subject ("are their computers reading my emails?"): the company, no object.
_THEIR_MACHINES = re.compile(r"\b(?:their|its|the company'?s?) (computers?|software|robots?|bots?|algorithms?|machines?)\b", re.I)
#: Words of a business changing hands and of the authorities, said by the question's own topic ("go along with the sale", "a
#: government agency").
_TOPIC_WORDS = {"merger": "sale deal acquisition acquisitions merger mergers buyout bought purchase purchased takeover",
                "law": "government governments agency agencies authority authorities official officials demand demands demanded court courts",
                "marketing": "pitch pitches pitched pitching"}  # "… so they can pitch me stuff?": marketing, no object
#: Words that name no object of a question about a practice, by its main practice.
_PRACTICE_WORDS = {
    # "I don't live in the US. Does Vox ship my data to other countries?": places and ways of moving it
    "transfer_abroad": "us usa america united states eu europe uk canada country countries ship ships shipped shipping move moves moved send sends",
    # "from my carrier or other outside sources": from anywhere else; "will they check my credit with the bureaus?": getting it
    "receive": "source sources check checks checked checking pull pulls pulled pulling",
    "share": "publish publishes published publishing",  # "could they publish it or pass it on to others?": making it public is sharing it
    # "how do I get off their newsletter list?": the list is what is left; "after I hit unsubscribe": how, not what
    "opt_out": "list lists completely entirely totally hit hits hitting press pressed pressing tap tapped tapping click clicks clicked clicking send sends sending",
    # "do they stitch all that into one profile on me?": how, not what
    "combine": "stitch stitches stitched stitching glue glues glued piece pieces pieced",
    # "if they rewrite the policy and want it to cover data they already have on me": applying it is the practice itself
    "retroactive": "cover covers covered covering apply applies applied applying",
    "contact": "best quickest fastest easiest right proper",  # "what's the best way to reach them?": which way, no object
    # "will they call me about new menu items and deals?": what the messages are about, no object of contacting me
    # "can i update my address online?": where the request is made, no object
    "correct": "online website site web internet myself",
    "access": "online website site web internet myself",
    # "does AOL honor the Do Not Track option in my browser?": the signal's own names
    "honor_dnt": "option options setting settings signal signals feature features preference preferences request requests button flag header",
    "message": "new deal deals offer offers special specials sale sales coupon coupons discount discounts menu item items product products news",
}
#: The user's refusal asked of ("can I block …", "is there a way to disable …").
_CAN_I_REFUSE = re.compile(rf"\b(?:can|could|may) (?:i|we) (?:just |still |even )?({REFUSAL_VERBS})\b|\bway to ({REFUSAL_VERBS})\b", re.I)
#: What the user sent or wrote, as their messages ("do they keep a copy of what I sent?").
_WHAT_I_SENT = re.compile(r"\s+\bwhat (?:i|i've|ive|we) (?:sent|send|wrote|write|submitted|typed|said|posted)\b", re.I)
TRAILING_SITUATION = re.compile(r"\s+\b(when|whenever|while|once)\s+(i|i'm|im|you|we|my)\b[^,;?]*[?.!]*\s*$|"
                                 # "… from them, like if they're trying to find someone?": an example of when, not what
                                 r",?\s+\blike (if|when|whenever)\b[^?]*[?.!]*\s*$|"
                                 # "… on file after I pay for a subscription?": when, not what
                                 r"\s+\bafter (i|i've|ive|we)\s+(pay|paid|buy|bought|purchase\w*|order\w*|check\w* out|sign\w* up|subscrib\w*|regist\w*|log\w* in)\b[^,;?]*[?.!]*\s*$|"
                                 # "… even when it's just left open in the background?": when, not what
                                 r"\s+\beven (when|whenever|while|if)\s+(it'?s|it is|it gets|the app is|the app'?s|they'?re|they are)\b[^,;?]*[?.!]*\s*$|"
                                 # "… after the contest is over?": when, not what
                                 r"\s+\b(after|once|when)\s+(the|a|an|my|that|this|their)\s+(\w+\s+){1,2}(is|are|was|gets?)\s+(over|done|finished|ended|closed|completed)\b[?.!]*\s*$|"
                                 r"\s+\b(after|once|when)\s+(the|a|an|my|that|this|their)\s+(\w+\s+){0,1}\w+\s+(ends|finishes|closes|wraps up)\b[?.!]*\s*$", re.I)


def _named_by(focus: str, *ways: re.Pattern[str]) -> set[str]:
    """The words each way names in the focus (the first group each match fills)."""
    return {t for way in ways for m in way.finditer(focus) for t in tokenize(next(g for g in m.groups() if g))}


def business_named(text: str) -> set[str]:
    """The words naming the company by what it is ("the college", "if the paper gets sold"): the company, no object."""
    return _named_by(text, _THE_BUSINESS)


def object_words(focus: str, practices: list[str], topics: list[str], generic: set[str], takes_long: bool = False) -> tuple[set[str], set[str]]:
    """The object words of a question's asking clause ``focus`` (its words less ``generic`` ones and those naming something other
    than the object: when, whose, which product, the company itself, where, a purpose left out …), and those of them naming a kind
    of recipient ("to booze brands"). ``takes_long``: the question asks how long a request takes."""
    focus = TRAILING_SITUATION.sub("", focus) or focus  # "is my card info encrypted when I buy stuff?": buying is no object
    if practices[:1] == ["message"]:  # "could they still reach out to me later?": when they would, no object
        focus = re.sub(r"\s+\b(later( on)?|afterwards?|again|anymore)\s*[?.!]*\s*$", "", focus, flags=re.I) or focus
    focus = _ANYONE_ELSE.sub(" ", focus) or focus  # "to drug companies or anyone else?": anyone at all, no kind of recipient
    focus = _OR_ALTERNATIVE.sub("", focus) or focus  # "will anyone tell me or do they just update the page?": the other case
    focus = _WHAT_I_TOLD.sub(" my data", focus)  # "will they pass along what I told them?": my data
    focus = _WITHOUT_CHECKING.sub(" ", focus)  # "… without checking with me first?": my consent, no object
    focus = _WHAT_I_ENTER.sub(" my data", focus)  # "how long do they keep the stuff I enter?": my data
    focus = _HOW_I_USE.sub(" my usage", focus)  # "share data about how I use the site?": my usage
    focus = _WHAT_I_SENT.sub(" my messages", focus)  # "do they keep a copy of what I sent?": my messages
    focus = _WHAT_THEY_LEARN.sub(" my data", focus)  # "will they use what they learn about me to …": my data
    focus = OTHER_THAN_ASKED.sub(" ", focus)  # "for anything other than answering me?": the purpose left out is no object
    focus = re.sub(r"\s+\b(just|simply|merely)\s+to\s+\w+.*$", "", focus, flags=re.I) or focus  # "… just to read the articles?": why, not what
    if practices[:1] in (["share"], ["sell"]):  # "give my info to other companies so they can send me promos?": why, not what
        focus = re.sub(r"\s+\bso (?:that )?(?:they|it|he|she|those \w+|these \w+|the \w+) (?:can|could|may|might|will|would)\b.*$", "", focus,
                       flags=re.I) or focus
    if practices[:1] in (["access"], ["delete"], ["correct"]):  # "can I download my stuff so I can move it somewhere else?": why, not what
        focus = re.sub(r"\s+\bso (?:that )?(?:i|we) (?:can|could)\b.*$", "", focus, flags=re.I) or focus
    focus_terms = {t for t in tokenize(focus) if t not in generic and len(t) > 1}
    # names ("the At Bat app"), which app ("the roadside app"), the company itself ("if the paper gets sold") and ways of acting
    # ("look it up", "add it to …") are no object
    focus_terms -= _named_by(focus, _PRODUCT, _KIND_OF_APP, _THE_BUSINESS, _PHRASAL, _PUT_TO)
    # "to outside groups": a third party; "people who work at X": its staff; "my phone's GPS": the device has it; "are their computers reading …?": the company's
    # machinery is the company; "patients' health info": whose, as "my"
    focus_terms -= _named_by(focus, _OUTSIDE_PARTY, _DEVICE_OWNS, _THEIR_MACHINES, _WHOSE, _WORKING_THERE)
    for topic, words in _TOPIC_WORDS.items():
        if topic in topics:
            focus_terms -= set(tokenize(words))  # "would my account info go along with the sale?": the merger asked, no object
    focus_terms -= {t for m in AGE_ASKED.finditer(focus) for t in tokenize(m.group(1) or m.group(2))}  # "I'm 16 and …": who asks, no object
    recipients: set[str] = set()
    if practices[:1] in (["share"], ["sell"]):
        focus_terms -= {t for m in _PEOPLE_LIST.finditer(focus) for t in tokenize(m.group(0))}  # "sell its customer list": the people's data
        # "hand my email over to booze brands?": a recipient named by what it is, a kind of third party (a denial of sharing with
        # any third party answers it; a statement must name the kind)
        recipients = {t for m in _RECIPIENT_KIND.finditer(focus) for t in tokenize(m.group(1))} & focus_terms
    focus_terms -= {t for m in _BUSINESS_CHANGES.finditer(focus) for t in tokenize(m.group(1) or m.group(2))
                    if not _DATA_SUBJECT.search(m.group(1) or m.group(2))}  # "if Taylor Nation gets bought": the business
    focus_terms -= {t for m in _PLACE_OF_DATA.finditer(focus) for t in tokenize(m.group(1) or m.group(2))}  # "deleted from their system": where, not what
    if "california" in topics:
        focus_terms -= set(tokenize(REGION_OWN))  # "any special rights in California?": the region's own rights
    if practices:
        focus_terms -= set(tokenize(_PRACTICE_WORDS.get(practices[0], "")))
    if practices[:1] == ["cookies"]:  # "can I block the tracking pixels?": refusing them is the user's act asked, no object
        focus_terms -= {t for m in _CAN_I_REFUSE.finditer(focus) for t in tokenize(m.group(1) or m.group(2))}
    if practices[:1] == ["opt_out"] and takes_long:
        # "if I ask to get off their promo list, how long before the emails stop?": how long the opt-out takes, whatever the messages
        focus_terms -= set(tokenize("promo promos promotional promotion promotions marketing newsletter newsletters offers deals spam junk "
                                    "email emails emailing e-mails mail mails messages texts texting calls calling"))
    return focus_terms, recipients
