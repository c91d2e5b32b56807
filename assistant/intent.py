"""What a question asks: yes/no or open, whose action (the company's or the user's), which practice and topics
(named in the words of :mod:`vocabulary`), and its object words."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .question_clauses import ASKING, ASKING_WORDS, CLAUSE, TOLD, practice_clause, question_verb
from .question_forms import asks_yes_no, plain_question
from .question_objects import REGION_OWN, TRAILING_SITUATION, object_words
from .question_words import ADMIN_SEES, KEPT_OR_THROWN, NOT_JUST, PROMISE_ASKED, RELATIONS, SHARING_WORDS, TRACKER_NAMED, unowned_words
from .sentence_kinds import POLICY_NAMED, WITHOUT_TELLING
from .text import tokenize
from .vocabulary import ABROAD, BUSINESS_SOLD, BY_NAME, OWN_TOPICS, PARTY_TOPICS, PLACE, PRACTICES, PUBLIC_AT_LARGE, RESIDENT, TOPICS, rx

#: "are third party entities able to access my data?", "will my data be used by outside companies?": the company sharing it.
_OTHERS_ACCESS = rx(r"\b((?:third|3rd)[- ]?part\w*|other (companies|businesses|firms)|outside (companies|firms|parties|entities)|advertisers?|"
                     r"partners?)\b(?:\s+\w+){0,3}?\s+(able to |allowed to |have |get )?(access|see|view)\b|"
                     # "could random people get at the details they store?": strangers reaching the data
                     r"\b(random (people|strangers|users|folks)|strangers|(the )?(general )?public)\b(?:\s+\w+){0,2}?\s+(get at|get into|access|look at|look up|dig up)\b|"
                     r"\b(accessible|available|visible|shown|disclosed) to (any |other |outside )?((?:third|3rd)[- ]?part\w*|companies|businesses|advertisers?|partners?)\b|"
                     r"\b(used|accessed|seen|viewed) by (any )?((?:third|3rd)[- ]?part\w*|other (companies|businesses|firms)|outside \w+|advertisers?|partners?)")
#: The auxiliary a yes/no question about another party opens with.
_AUX = r"^\s*(?:do|does|will|would|can|could|might)\s+"
_PARTY_RECEIVES = rx(_AUX + r"((the|that|this|those|these|any|their)\s+)?(advertisers?|marketers?|(business |marketing )?partners?|sponsors?|affiliates?|vendors?|"
                      r"(?:third|3rd)[- ]?part\w*|other (companies|businesses|sites|firms)|outside (companies|firms|parties|businesses|contractors)|"
                      r"(those|these|individual|participating|partner|member|retail|sponsoring) (\w+ )?(companies|businesses|firms|brands|sites|stores|retailers|merchants|shops|tenants|restaurants)|"
                      r"sponsoring (company|business|firm|brand)|(anyone|anybody|someone|somebody) else|(ad|advertising|marketing) (companies|networks|partners|agenc(y|ies)|agents)|"
                      r"brands?|police|cops|government\w*|law enforcement|insurers?|data brokers?)\b"
                      r"(?:\s+\w+){0,4}?\s+(get|receive|see|obtain|have access|access|buy|find out|end up with)\b|" +
                      # "do companies that advertise on the site get my info?": a party named by what it does
                      _AUX + r"(the\s+)?(companies|businesses|firms|sites|apps|organi[sz]ations|brands|stores|retailers)\s+(?:(that|who|which)\s+|(?=\w+ing\b))"
                      r"(?:\S+\s+){1,6}?(get|receive|see|obtain|have access|access|buy|find out)\b|" +
                      # "does that company now have my email?", "does my local station get my details?": another party named by what it is
                      _AUX + r"(?:(?:that|another|some|other|outside)\s+(?:\w+\s+)?(?:compan(?:y|ies)|business(?:es)?|firms?)|"
                      r"(?:my|the|that|this|their|a|an|any)\s+(?:\w+\s+)?(?:stations?|schools?|colleges?|universit(?:y|ies)|employers?|stores?|retailers?|merchants?|sellers?|"
                      r"brands?|sponsors?|banks?|insurers?|landlords?|doctors?))\s+(?:now\s+|also\s+|then\s+)?(get|receive|see|obtain|have|has|know)\b")
#: A leading clause telling a situation, up to its comma ("If I complain about my local store, …", "if the company gets sold, …").
_SITUATION = rx(r"^\s*(when|whenever|if|once|after|before|while|in case|since|as soon as)\b[^,?;]{0,80},\s*(?=\S)|"
                 # … or with no comma, up to the asking verb and its subject ("if I win one of their contests will they post my name?")
                 r"^\s*(when|whenever|if|once|after|before|while|in case|as soon as)\s+(i|i'm|im|my|we)\b[^,?;]{3,80}?\s+"
                 r"(?=(will|would|can|could|do|does|did|is|are|should|may|might) (they|the company|it|you|we|he|she|my|i|the|that|this|these|those|their)\b)")


#: The company itself sold ("if the company gets sold to another company, does my info go with it?").
_COMPANY_SOLD = rx(r"\b(?:the company|it|they|the site|the business)\s+(?:ever\s+)?(?:gets?|is|are|was|were|being)\s+(?:sold|bought|acquired)\b")
#: Learning of an event ("if they change the policy, how would I even find out?").
_HEAR_OF = rx(r"\b(?:i|we|users|people)\s+(?:\w+\s+)?(?:find out|know|hear|learn|be told|get told)\b")
#: My data passed on, in the passive ("would my info get shared with …?", "is it sold to …?").
_PASSED_ON = rx(r"\b(?:get|gets|got|be|being|been|is|are|was|were)\s+(?:\w+ly\s+)?(?:shared|sold|passed|given|handed|disclosed|sent|transferred|rented)\b")


#: A conclusion drawn after what is told ("…, so they must be handing my details to advertisers?"): the clause asked.
_SO_INFERRED = re.compile(r",\s*so\s+(?=(?:they|it|the company|the site)\s+(?:must|have|has|are|is|do|does|will|would|can|could|might|may|probably|obviously|"
                          r"definitely|surely)\b)", re.I)


def hypothetical(question: str) -> bool:
    """Does the question ask what may happen in some case ("if they go bankrupt, could my data be sold?", "could they give it
    to the government just because an agency asked?")? A policy that allows it only in some cases then answers yes."""
    return (bool(_SITUATION.match(question)) or bool(re.search(r"\b(could|might)\b|^\W*(?:so |and |but )?what if\b", question, re.I))
            or bool(re.search(r"\bwhat (happens|will happen|would happen|do they do)\b.{0,60}\b(if|when|in case|in the event)\b", question, re.I)))


_USER_ACTOR = rx(r"\b(can|could|may|am|do) i\b|\bwill i be able\b|\bi (can|could|want|would like|wish|need)\b|\b(my|the) right to\b|\bis it possible\b|"
                  r"\bhow (can|do|would|could) i\b|\bam i able\b|\bdo i have\b|\blet me\b|\ballow (me|users|you)\b|\b(able|possible) to\b|"
                  r"\b(is there|are there|there's|any) (a |an |any |some )?(way|ways|option|options|setting|button|link) (to|for me to|i can)\b")
_SPEED_ASKED = rx(r"\bhow (fast|quickly|soon)\b")  # … asked as the question itself ("how fast do they have to respond?"), not in a yes/no one
_PERIOD_ASKED = rx(r"\bhow long\b|\bfor how (long|many|much)\b|\bhow many (years|months|weeks|days)\b|\b(period|duration|until when|retention)\b")
#: Idioms whose words are no object of the question ("pay attention to", "on the hook").
_IDIOMS = rx(r"\bpa(y|ys|id|ying) (any |no |much )?attention\b|\bright (away|now)\b|\bfor good\b|\bstraight away\b|\bon the hook\b|\bin the first place\b|\bturn(s|ed)? around and\b|\bcares? (if|whether|about|that)\b|\bma(ke|kes|de|king) (any |some )?money(?= (off|from|by|selling|on)\b)|\blead(s)? to\b|\b(down the road|down the line|later on|in the future|at some point)\b|\bat (the very )?least\b")
_GENERIC = set(tokenize(
    "data information personal company policy privacy user users app service services website site use used using does do can will my me i "
    "they them their it this that there any have has is are the what how why when where which who ever still much many sort kind type types "
    "say says said tell state states stated mention mentions document documents know whether also anything something way ask request "
    "am there actually really like just gonna wanna stuff things thing info anyway ever even still sure ok okay please thanks hey level thats whats "
    "mine someone somebody people guys folks basically literally about after around before into onto upon get gets got getting see let "
    "similar such other various certain attention all every single entire whole because build builds building create creates creating run runs running yesterday today tomorrow recently lately "
    "material materially significant significantly important directly personally "
    "take takes took give gives hand show pick picks put keep keeps hold holds go goes going come make makes end happen happens "
    "another big bigger major huge large small minor substantial serious definitely anymore somehow somewhere everything live lives living "
    "detail details behind one ones look looks looking worried worry worries everybody everyone anyone anybody leave leaves write writes "
    "wrote want wants wanted next beside allow allows allowed stuff during while until through via within along individual fill first web internet without organization organisation else "
    "dispute disputes resolve resolved brought bring must claim claims govern governs governed agreement agreements contract contracts "
    "embarrassed embarrassing annoyed annoying scared nervous afraid upset curious wondering kinda kind physically owner owners firm firms "
    "visitor visitors supposed secretly quietly sneakily silently lot lots start starts started starting begin begins began beginning "
    "promise promises promised guarantee guarantees guaranteed real point mean means meant "
    "stop continue continues continued continuing forever indefinitely permanently "
    "went whoever each already herself himself themselves yourself myself different differently "
    # words of how, whether and how often, never what (seen as objects in real users' questions)
    "able unable need needs needed require requires required may might ensure easily easy often anywhere feel knowledge based "
    "available possible well clear far think away against specific specifically last couple whatever since quick quickly own "
    "new roughly altogether totally absolutely completely entirely nobody noone instead invisible hidden gone handle handles handled handling chance chances resident residents citizen citizens frequently attempt im never totally random entity entities across over between among beyond toward towards back "
    "bunch lot lots land lands landed landing quit quits quitting decide decides decided deciding later eventually eventual whose though although statement statements meant elsewhere worse accept accepts accepted accepting rule rules fast faster enough sneak sneaks sneaking snuck inside"
))


@dataclass
class Intent:
    """What a question asks."""

    question: str
    yes_no: bool
    user_action: bool  # "can I …": a right or choice of the user, not something the company does
    practices: list[str] = field(default_factory=list)  # main practice first
    topics: list[str] = field(default_factory=list)
    terms: set[str] = field(default_factory=set)  # content stems of the question (outside parentheses)
    asks_period: bool = False
    object_terms: set[str] = field(default_factory=set)  # content stems not already named by a practice or topic
    recipient_terms: set[str] = field(default_factory=set)  # object words naming a kind of recipient ("to booze brands")
    onward: bool = False  # another party passing the data on ("can that partner pass my name on?"): what the company itself does is no answer
    verb: str = ""  # the stem of the verb of a "Do they <verb> …?" question (:func:`question_verb`)

    @property
    def practice(self) -> str:
        return self.practices[0] if self.practices else ""


def read_question(question: str) -> Intent:
    """The intent of a question (never fails: an unknown practice leaves ``practices`` empty)."""
    q, confirm = plain_question(question)
    low = q.lower()
    # "If I unsubscribe, how long before they stop?": the asking clause after a situation told first decides (its "if" asks nothing)
    told_first = _SITUATION.match(low)
    yes_no = asks_yes_no(low, told_first.end() if told_first and "," in told_first.group(0) else 0)
    # Examples in parentheses ("(e.g. GPS or device geolocation)") add practices, never topics or required words.
    plain = re.sub(r"\([^()]*\)", " ", q)
    # "when I rent textbooks, does X get info about me from my university?": the situation is not what is asked
    main = _SITUATION.sub("", plain)
    # "I paid with my credit card. Do outside companies get it?": the question is the last sentence
    pieces = [x for x in re.split(r"(?<=[.!?])\s+(?=[A-Z]|" + ASKING_WORDS + r"\b)|\s+[—–]\s+", main) if x.strip()]
    if len(pieces) > 1 and pieces[-1].rstrip().endswith("?"):
        # (a question pointing back at the one before asks it again: "how long do they keep my info? is there ever a point where they
        # purge it?")
        points_back = pieces[-2].rstrip().endswith("?") and re.search(r"\b(it|them)\W*$", pieces[-1])
        main = " ".join(pieces[-2:]) if points_back else pieces[-1]
    # "it shows me personalized ads, so they must be handing my details to advertisers?": what is inferred after "so" is asked
    inferred = _SO_INFERRED.search(main)
    if inferred and any(p.asked.search(main[inferred.end():]) for p in PRACTICES):
        main = main[inferred.end():]
    # "my son is 11 and wants to make an account to edit the wiki, will they collect his info?": what I tell first is no question
    told, _, clause = main.rpartition(",")
    # (unless the asking clause points back at it: "i have do not track turned on, does X listen to that?")
    if (told and TOLD.match(told) and ASKING.match(clause) and any(p.asked.search(clause) for p in PRACTICES)
            and not re.search(r"\b(that|this|it)\W*$|\b(that|this|such)\s+(kind|sort|type)s? of\b", clause)):
        main = clause
    practices = ([p.name for p in PRACTICES if p.asked.search(main)] or [p.name for p in PRACTICES if p.asked.search(NOT_JUST.sub(" ", plain))]
                 or [p.name for p in PRACTICES if p.asked.search(q)])
    if "social_login" in practices and not _MAY_I_SIGN_IN.match(plain):
        practices.remove("social_login")  # "If I log in with Facebook, what do they get?": a sign-in told, not asked
    # A question about retention names "keep"/"store"; one about deletion names "delete" — both are kept, and keeping leads
    # where a period is asked, where throwing away is the alternative asked ("do they hang on to my card details or throw them
    # away?") or where the deletion is told after what is kept ("do they keep my data after I close my account?"); sharing named
    # only through a topic ("to advertisers") stays the main practice.
    leaving = AFTER_LEAVING.search(low)
    if "retain" in practices and "delete" in practices and (
            _PERIOD_ASKED.search(q) or KEPT_OR_THROWN.search(low) or (leaving and BY_NAME["retain"].asked.search(low[:leaving.start()]))):
        practices.remove("retain")
        practices.insert(0, "retain")
    if practices[:1] == ["retain"] and TAKES_LONG.search(low) and not _KEPT_HOW_LONG.search(low):
        # "I unsubscribed but they keep coming, how long does it take to stop?": how long the request takes, not retention
        request = next((p for p in ("opt_out", "delete", "access", "correct") if p in practices[1:] or BY_NAME[p].asked.search(plain)), "")
        if request:
            practices = [request, *[p for p in practices if p not in (request, "retain")]]
    if practices[:1] == ["retain"] and "protect" in practices and not _PERIOD_ASKED.search(q):
        practices = ["protect", *[p for p in practices if p != "protect"]]  # "will my password be stored securely?"
    # "do advertisers get my email address?" asks whether the company shares it ("could random people online get at my data?" whether
    # it is public)
    if (_PARTY_RECEIVES.search(main) or _OTHERS_ACCESS.search(main) or ADMIN_SEES.search(main)) and not (practices[:1] == ["public"] and _THE_PUBLIC.search(main)):
        practices = ["share", *[p for p in practices if p not in ("share", "collect", "receive", "access")]]
    if "honor_dnt" in practices or (practices[:1] == ["retaliate"] and BY_NAME["honor_dnt"].asked.search(q)) or (
            BY_NAME["honor_dnt"].asked.search(q) and re.search(r"\b(that|this)\b", main, re.I)):
        # (also "I've got Do Not Track on — do they treat me any differently?", "My browser sends Do Not Track. Does X collect less
        # from me because of that?")
        practices = ["honor_dnt"]
    if practices[:1] == ["receive"] and "share" in practices and _PASSED_ON.search(main):
        practices = ["share", *[p for p in practices if p != "share"]]  # "would my info from polygon get shared with a parent company?"
    if "combine" in practices[1:3] and practices[0] in ("receive", "share", "collect"):
        practices = ["combine", *[p for p in practices if p != "combine"]]  # "do they get data from other companies and merge it with mine?"
    if practices[:1] in (["message"], ["access"]) and (practices[0] == "message" or _HEAR_OF.search(low)) and any(
            asked.search(q) for name, asked, _ in TOPICS if name == "breach" or (
            name == "changes" and POLICY_NAMED.search(low))):
        # "if they ever have a data breach, will they email me about it?": notice of the breach (… or of a change to the policy: "If X
        # changes its privacy rules in a big way, will they actually email me?")
        practices = ["notify", *practices]
    # "outside the US" names a place, not outside parties.
    unplaced = ABROAD.sub(" ", plain)
    topics = [name for name, asked, _ in TOPICS if asked.search(plain if name in ("abroad", "europe") else unplaced)
              and name not in ("dnt", "changes", "breach")]
    if "abroad" in topics and not PLACE.search(unresided := RESIDENT.sub(" ", plain)) and not ABROAD.search(unresided):
        # "I live in the EU - any special rights?": who asks, no transfer (unless a place is named besides: "… keep my data in the US?")
        topics, practices = [t for t in topics if t != "abroad"], [p for p in practices if p != "transfer_abroad"] or practices
    # a leading situation ("if I sign up for their newsletters, …") adds only the topics that scope a question
    # (… and so does one told after the asking: "will they ask for my phone number when I sign up for the newsletter?")
    asked_part = TRAILING_SITUATION.sub("", main) or main
    situation_only = {name for name, asked, _ in TOPICS if not asked.search(ABROAD.sub(" ", asked_part) if name != "abroad" else asked_part)}
    # (… or, for a way out, the channel the user signed up to: "If I sign up for the eNewsletter, is there a way to unsubscribe later?")
    topics = [t for t in topics if t not in situation_only or t in _SCOPING or (practices[:1] == ["opt_out"] and t in ("email", "sms")
                                                                                and not SHARING_WORDS.search(asked_part))]
    if practices[:1] == ["notify"] and len(practices) > 1 and not any(
            asked.search(q) for name, asked, _ in TOPICS if name in OWN_TOPICS["notify"]) and not POLICY_NAMED.search(low) \
            and not set(topics) & {"law", "merger"} and not (WITHOUT_TELLING.search(q) and _NEW_USE.search(q)):
        # (a new use is a change: "could they use my info for something new without telling me?")
        practices = practices[1:]  # "will they send me alerts by SMS?", "do they tell if I opened the email?": no notice of changes
    if practices and practices[0] in OWN_TOPICS:
        own = [name for name, asked, _ in TOPICS if name in OWN_TOPICS[practices[0]] and asked.search(q)]
        # "if they are bought, will I get a heads up before my data moves?", "will they warn me before handing it to the police?":
        # notice of that event
        events = [t for t in topics if t in ("merger", "law")] if practices[0] == "notify" else []
        topics = own or events or OWN_TOPICS[practices[0]][:1]
    if not practices and PROMISE_ASKED.search(plain):
        practices = ["protect"]  # "do they guarantee my info will never get out?"
    if "email" in topics and _EMAIL_AS_DATA.search(plain) and not _EMAIL_MESSAGES.search(plain):
        topics.remove("email")  # "does the advertiser get my name or email?": an address, not e-mail messages
    if "email" in topics and practices[:1] == ["contact"]:
        topics.remove("email")  # "who do I email with a privacy question?": the way to reach them, no topic of their messages
    if not practices and "children" in topics:
        practices = ["collect"]  # "my 12 year old wants to sign up, is that allowed?": what the policy says about children's use and data
    if "precise" in topics and "location" not in topics:
        topics.append("location")
    if "third_parties" in topics and "advertisers" in topics:
        topics.remove("third_parties")
    if "merger" in topics and practices[:1] == ["sell"] and (re.search(r"\b" + BUSINESS_SOLD, plain, re.I) or _COMPANY_SOLD.search(plain)):
        practices = ["share", *[p for p in practices if p not in ("sell", "share")]]
    if "merger" in topics and not set(practices) & {"sell", "share", "notify"}:
        practices.insert(0, "share")  # "if they get bought out, what happens to my info?": a transfer with the business
    if practices[:1] == ["cookies"] and "collect" in practices and _COOKIE_DATA_ASKED.search(main):
        # "can they see the data the ad networks' cookies collect?", "can their cookies be used to figure out who I am?": what is
        # learnt through the cookies, not whether there are cookies
        practices = ["collect", *[p for p in practices if p != "collect"]]
    if practices[:1] == ["cookies"] and _COOKIE_COLLECTS.search(main):
        # "do those tracking pixels pull personal info out of my account?": whether they gather personal information ("no personally
        # identifiable information … is collected using these clear gifs"), not whether there are pixels
        practices = ["collect", *[p for p in practices if p != "collect"]]
    if practices[:1] == ["cookies"] and "combine" in practices:
        practices = ["combine", *[p for p in practices if p != "combine"]]  # "are their cookies tied to my name?"
    passed_on = bool(_RELATED_GETS.match(low))  # a business tied to the company getting the data
    if practices[:1] in (["collect"], []) and passed_on:
        # "does my local franchise get my info?", "does the actual team get my info?", "will the store owner see my contact info?": passed on
        practices = ["share", *practices]
    if practices[:1] == ["share"] and "collect" not in practices and _PARTY_GETS.match(low):
        practices.append("collect")  # "do the ad networks get my info?": what they collect ("we do not authorize advertisers to collect …")
    if "encryption" in topics:
        practices = ["protect", *[p for p in practices if p != "protect"]]  # "is my data encrypted when it is sent?"
    if practices[:1] == ["cookies"] and "precise" in topics and not TRACKER_NAMED.search(low):
        practices = ["collect", *[p for p in practices if p != "collect"]]  # "does the app track my phone's GPS location?": what it collects
        # (its location at large stays tracking: an IP address listed among what is collected is no answer to that)
    if re.match(r"\s*where\b", low) and re.search(r"\b(stor(e|ed|es|ing)|kept|keep|held|hold|process(ed|es)?|host(ed|s)?|located|live|lives|go|goes|sent)\b", low):
        practices = ["transfer_abroad", *[p for p in practices if p != "transfer_abroad"]]  # "where is my data stored?": which countries
        topics = topics if "abroad" in topics else [*topics, "abroad"]
    if "abroad" in topics and "transfer_abroad" in practices and "escalate" not in practices:  # (where a European takes a complaint: no transfer)
        practices = ["transfer_abroad", *[p for p in practices if p != "transfer_abroad"]]  # "is my data sent to other countries?"
    if "law" in topics and not set(practices) & {"sell", "share", "forum", "arbitration", "class_action", "governing_law", "notify", "escalate"}:
        # (after a transfer abroad: "could my info be stored in another country where that government could get at it?")
        practices.insert(1 if practices[:1] == ["transfer_abroad"] else 0, "share")
    user = (bool(_USER_ACTOR.search(low)) and not re.search(r"\b((does|do|will|would|can|could) (the company|they|it|you|we)|(is|are) (the company|they|it) (going to|gonna))\b", low)
            and not _OTHERS_ACCESS.search(main) and not re.search(r"\b(do i (?:really |actually )?(?:have|need) to|must i|am i (required|obliged|forced))\b", low))
    if user and practices[:1] == ["retain"] and {"access", "correct"} & set(practices) and not _PERIOD_ASKED.search(q):
        # "can I ask what info they have on file about me?", "can I get them to fix the address they have on file?": a right to it
        practices = sorted(practices, key=lambda p: p not in ("access", "correct"))
    if user and "opt_out" in practices[1:] and BY_NAME["opt_out"].asked.search(main):
        practices = ["opt_out", *[p for p in practices if p != "opt_out"]]  # "can I opt out of the sale of my data?": the way out
    if user and practices[:1] == ["notify"] and _HEAR_OF.search(low):
        user = False  # "if they change the policy, how would I find out?": their notice, no right of the user
    if user and practices and practices[0] not in _RIGHTS:
        # "my address on file is wrong, can I fix it myself?": the right asked for in the asking clause, not the situation told
        asking = re.split(r"[,;]", main)[-1]
        right = next((p for p in practices[1:] if p in _RIGHTS and BY_NAME[p].asked.search(asking)), "")
        if right and not BY_NAME[practices[0]].asked.search(asking):
            practices = [right, *[p for p in practices if p != right]]
    if practices[:1] == ["receive"] and _SENT_FROM_OTHERS.search(low):
        practices = ["message", *[p for p in practices if p != "receive"]]  # "will they send me offers from other companies?": what they send
    if practices[:1] == ["message"] and "opt_out" not in practices and BY_NAME["opt_out"].asked.search(plain):
        practices = ["opt_out", *practices]  # "if I hit unsubscribe, will they stop emailing me altogether?": whether the way out works
    if user and _OTHERS_ABLE.search(low) and not re.search(r"\b(can|could|may|will|would) i\b|\bi (can|could|want|would like|wish|need)\b", low):
        user = False  # "will strangers be able to see my profile?": what others can do, no right of the user
    if user and practices[:1] == ["message"]:
        user = False  # "am I going to start getting emails from them?": what the company sends, no right of the user
    if user and practices[:1] == ["protect"]:
        user = False  # "can I email them my SSN? is e-mail encrypted?": protecting it is the company's part, whatever the user does
    if user and practices[:1] == ["share"] and passed_on:
        user = False  # "I want to complain … - will the store owner see my contact info?": what the store gets
    # (after a situation told first: "if i enter their contest who ends up with my info")
    if re.match(r"(?:\s*(?:if|when|once|after)\s+(?:i|i'm|im|my|we)\b[^,?;]{3,60}?[,\s]+)?\s*(who|which (companies|parties|businesses|firms|partners|third parties|organi[sz]ations)|what (companies|parties|businesses|firms))\b"
                r"(\s+\w+){0,2}?\s+(get|gets|receive|receives|see|sees|buy|buys|obtain|obtains|end up with|ends up with)\b", low):
        practices = ["share", *[p for p in practices if p not in ("share", "collect", "receive", "access")]]  # "who gets my data?": its recipients
    if practices[:1] == ["access"] and not user and re.match(r"\s*who\b", low):
        practices = ["share", *[p for p in practices if p not in ("access", "share")]]  # "who has access to my data?": its recipients
    elif practices[:1] == ["access"] and not user and not re.search(r"\b(who|whom|employees?|staff|workers?|personnel|insiders?|anyone|anybody|people|others|other (?:people|users|members|customers|folks|companies|parties))\b|"
                                                                      r"\b(let|allow|give|for|to|tell|show) me\b|"
                                                                      # the user seeing ("what can I see?"), not what I type or install
                                                                      r"\bi(?:'d|’d| would| want| wanna)?\b(\s+\w+){0,2}\s+(access|see|view|review|download|copy|look|get|obtain)\b", low):
        practices = ["collect", *[p for p in practices if p not in ("access", "collect")]]  # "can the app view my photos?": the company collecting
    worded = plain  # (an idiom may name the practice: "is X on the hook for …")
    plain = _IDIOMS.sub(" ", plain)
    terms = {t for t in tokenize(plain) if t not in _GENERIC and len(t) > 1}
    # The object of the practice is named in its own clause: "My 12 year old wants the diet tools, does X collect info from kids?"
    focus = _IDIOMS.sub(" ", practice_clause(worded, practices[0])) if practices else plain
    if practices[:1] == ["share"] and re.match(r"\s*(when|whenever|if|once|after)\b", focus, re.I) and any(c and _PARTY_RECEIVES.search(c) for c in CLAUSE.split(plain)):
        focus = plain  # "when they send me offers from other companies, do those companies get my address?": the situation and the asking
    if re.search(r"\b(that|this|such)\s+(kind|sort|type)s? of\b", focus, re.I):
        focus = plain  # "i search a lot about a health condition, will they use that kind of thing to target ads?": what it points back at
    situation = _SITUATION.match(plain)
    after_situation = plain[situation.end():] if situation else plain
    if (practices and situation and "," not in situation.group(0) and BY_NAME[practices[0]].asked.search(after_situation)
            and re.match(r"\s*\w+\s+(i|i'm|im)\b", plain, re.I) and not re.search(r"\b(that|it|this|them|those|these)\b", after_situation, re.I)):
        focus = after_situation  # "if I win one of their contests will they post my name?": what I do first is no object (unless asked of: "… grab that?")
    elif (practices[:1] == ["share"] and situation and (party := _PARTY_RECEIVES.match(after_situation))
          and not re.search(r"\b(those|these|that|this|such|them|they)\b", party.group(0), re.I)
          and not _own_objects(after_situation[party.end():], practices, topics)):
        # "If I enter one of those sweepstakes, does the sponsor get my info?": the party asked of, not what I do (unless the asking
        # names what of it: "If I fill out one of their surveys, will advertisers see my individual answers?")
        focus = after_situation
    focus_terms, recipients = object_words(focus, practices, topics, _GENERIC, takes_long=bool(TAKES_LONG.search(plain)))
    if recipients and not set(topics) & PARTY_TOPICS:
        topics.append("third_parties")  # "hand my email over to booze brands?": a kind of third party
    named = set()
    if practices[:1] == ["protect"]:  # "is the data I send encrypted?": the data, not an object of its own
        named = set(tokenize(" ".join(m.group(2) for m in _DATA_I_GIVE.finditer(plain))))
    for p in PRACTICES:
        if p.name == "social_login" and p.name not in practices:
            continue  # "If I log in with Facebook, what do they pull?": the network told is what the answer must name
        for m in p.asked.finditer(plain):
            # ("are they gonna email my buddy?": the person messaged is what the answer must name, not the user)
            named |= set(tokenize(m.group(0))) - (RELATIONS if p.name == "message" else set())
    if practices:
        for m in BY_NAME[practices[0]].stated.finditer(plain):
            named |= set(tokenize(m.group(0)))
    for _, asked, _ in TOPICS:
        for m in asked.finditer(plain):
            named |= set(tokenize(m.group(0)))
    if practices[:1] == ["share"]:  # "do the ad agencies they work with find out …?": the party receiving is no object
        # (in the asking sentence too, after a sentence telling the situation: "I'm entering their sweepstakes. does that sponsor get …")
        named |= {t for text in (_SITUATION.sub("", plain), main) for m in _PARTY_RECEIVES.finditer(text) for t in tokenize(m.group(0))}
    named |= unowned_words(plain, practices, topics)
    yes_no = yes_no or confirm
    return Intent(q, yes_no, user, practices, topics, terms, asks_period=bool(_PERIOD_ASKED.search(q) or (not yes_no and _SPEED_ASKED.search(q))),
                  object_terms=focus_terms - named, recipient_terms=recipients - named,
                  onward=practices[:1] in (["share"], ["sell"]) and bool(ONWARD.search(main)), verb=question_verb(q))


def _own_objects(clause: str, practices: list[str], topics: list[str]) -> set[str]:
    """The object words of a clause less those naming a practice or a topic ("my info and start sending me offers": none)."""
    said = {t for p in PRACTICES for m in p.asked.finditer(clause) for t in tokenize(m.group(0))}
    said |= {t for _, asked, _ in TOPICS for m in asked.finditer(clause) for t in tokenize(m.group(0))}
    said |= {t for p in practices[:1] for m in BY_NAME[p].stated.finditer(clause) for t in tokenize(m.group(0))}
    return object_words(clause, practices, topics, _GENERIC)[0] - said


#: A question whose subject is another party getting the data ("do the ad networks on their site get my info?").
_PARTY_GETS = re.compile(r"\s*(?:do|does|can|could|will|would)\s+(?:the\s+|their\s+|any\s+|other\s+)?(?:\w+\s+){0,2}"
                         r"(?:advertisers?|ad (?:networks?|companies|partners)|advertising (?:networks?|companies|partners)|partners|third[- ]parties)"
                         r"\b(?:\s+\w+){0,4}?\s+(?:get|see|receive|collect|obtain|grab|pick up)\b")
#: A business tied to the company as the one getting the data ("does my local Buffalo Wild Wings franchise get my info?").
_RELATED_GETS = re.compile(r"(?:.*[-,:;]\s+)?\s*(?:do|does|can|could|will|would)\s+(?:my\s+|the\s+|their\s+|its\s+|our\s+)?(?:[\w']+\s+){0,5}?"
                           r"(?:franchis\w*|stores?|restaurants?|teams?|clubs?|affiliates?|subsidiar\w*|sponsors?|dealers?|dealerships?|retailers?|chapters?|"
                           r"sister (?:companies|brands?|sites?)|parent compan\w*)\b(?:\s+\w+){0,2}?\s+(?:get|gets|see|receive|obtain|have access to)\b")
#: Offers sent to the user from other companies ("will they send me offers from other companies too?"): messages, no data received.
_SENT_FROM_OTHERS = rx(r"\b(send|sends|sending|show|shows|showing|e-?mail|e-?mails|e-?mailing|text|texts|texting|mail|mails|mailing)\s+(me|us)\s+(\w+\s+){0,3}?"
                       r"(offers|ads|deals|promotions|promos|e-?mails|information|info|stuff|messages|mail|newsletters|coupons|catalogs)\s+(\w+\s+){0,2}?from\b")
#: A question about what is kept after the user leaves.
AFTER_LEAVING = re.compile(r"\bafter (i|you|we|me|both|everyone|the other (?:person|party|user))\b.{0,30}?\b(close|closed|delete|deleted|cancel\w*|leave|quit|deactivat\w*|unsubscrib\w*)\b|"
                            r"\bafter (account )?(closure|deletion|cancell?ation)\b", re.I)
#: The user's rights over their data.
_RIGHTS = ("correct", "delete", "access", "opt_out")
_EMAIL_AS_DATA = rx(r"\b(my|your|his|her|their|an?|or|and) e-?mail\b(?!s)|\be-?mail (address|addy|addr)")
_EMAIL_MESSAGES = rx(r"\b(newsletters?|unsubscrib\w*|spam|promo\w*|(get|getting|receive|receiving|stop|send|sending|sent) (\w+ ){0,2}e-?mails|"
                      r"e-?mails? (me|us|you)\b|(e-?mails|an e-?mail) (from|about)|marketing e-?mails?)")
#: A question whether the user may sign in some way ("can I just sign in with my Facebook?"), the question's own start.
_MAY_I_SIGN_IN = rx(r"^\W*(?:[\w' ]{0,60}?(?:\.{2,}|[.,!;:-])\s*)?(?:so |and |but |also )?(?:can|could|may|is it possible to|am i able to|will i be able to|do they let) (?:i|you|we|me)\b")


#: A new use of the data ("for something new", "for a different purpose").
_NEW_USE = re.compile(r"\b(something|anything) (new|else|different)\b|\b(new|different|other|unrelated) (purposes?|uses?|ways?)\b", re.I)
#: The parties a company deals with, named as such.
PARTY_NAMES = (r"partners?|advertisers?|vendors?|(?:third|3rd)[- ]part(?:y|ies)|affiliates?|sponsors?|service providers?|processors?|contractors?|"
               r"brokers?|(?:ad|advertising|marketing) (?:companies|networks?|agenc(?:y|ies))")
#: Another party as the one passing the data on ("can that partner pass my name on to other companies?", "will the advertisers sell it?").
ONWARD = re.compile(rf"\b(?:can|could|will|would|do|does|might|may|is|are)\s+(?:that|the|their|its|our|those|these|any|such)\s+(?:\w+\s+){{0,2}}?"
                    rf"(?:{PARTY_NAMES})\s+(?:\w+\s+){{0,2}}?(?:pass|share|sell|resell|give|hand|disclose|send|forward|rent|transfer)\w*\b", re.I)
#: How long a request takes ("how long does it take to stop?", "how soon will they delete it?").
#: … not how long they keep it ("how long does yahoo hold onto my data before it gets deleted for good?").
_KEPT_HOW_LONG = re.compile(r"\bhow long (?:do|does|will|would|can|could) (?:they|it|the company|\w+) (?:keep|hold|hang|store|retain)\b", re.I)
TAKES_LONG = re.compile(r"\b(how long|how many (days|weeks))\b.{0,40}\b(take|takes|until|till|til|before|get back|respond|reply|answer|kicks? in|takes? effect)\b|\bhow soon\b", re.I)
REGION_ONLY = re.compile(rf"\b({'|'.join(REGION_OWN.split())})\b(\s+\w+)?\s+(privacy\s+)?rights?\b", re.I)
#: A question about what is learnt through cookies rather than about the cookies themselves.
_COOKIE_DATA_ASKED = re.compile(r"\b(see|access|view|look at|read)\b.{0,30}\b(data|info\w*)\b.{0,40}\bcookies?\b|\bcookies?\b.{0,25}\bbe used to\b", re.I)
#: Tracking technology asked to gather personal information ("do their cookies collect my personal info?").
_COOKIE_COLLECTS = re.compile(r"\b(cookies?|pixels?|(web )?beacons?|gifs?|trackers?)\b.{0,30}\b(collect|pull|gather|grab|captur|harvest|record)\w*\b.{0,40}"
                              r"\b(personal|private|identif\w+)\b", re.I)
_SCOPING = {"california", "europe", "children", "abroad", "law", "merger"}
_DATA_I_GIVE = re.compile(r"\b(data|info\w*|details|stuff|things?|numbers?|messages?)(?: that| which)? (?:i|you|we) "
                          r"(send|sent|submit\w*|enter\w*|typ(e|es|ed|ing)|give|gave|provid\w*|upload\w*|post\w*|put|share\w*|fill\w* in)\b", re.I)


_THE_PUBLIC = rx(rf"\b{PUBLIC_AT_LARGE}\b")
#: Others being able to do something ("will strangers be able to see …", "are other companies able to …").
_OTHERS_ABLE = rx(r"\b(strangers|others|other (users|people|members|companies|businesses)|anyone|anybody|everyone|everybody|random (people|strangers)|"
                  r"the public|people|advertisers|third parties|partners|employees|staff|hackers)\b( \w+){0,5}? (be )?able to\b")
