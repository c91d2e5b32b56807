"""Kinds of sentence and of question the verdict reader recognises beyond plain polarity: what a sentence says of
scope, users' rights, retention, consent or children ("you cannot opt out of service messages", "only if you grant us
permission", "not intended for children under 13"), and what a question asks of them ("without asking me first?",
"will they keep it forever?"). Patterns (and a test over one); :mod:`polarity` reads negation and modality, :mod:`stance` applies these.
"""

from __future__ import annotations

import re

from .text import tokenize

BUSINESS_TRANSFER = re.compile(
    r"\b(merg\w*|acqui\w*|bankrupt\w*|insolven\w*|reorgani[sz]\w*|divest\w*|successor|change of control|assets|sale of (all|some|part|the|our|a) "
    r"(business|company|assets)|(business|company|assets?) (is|are|was|were|be|being|gets?) (sold|transferred|acquired)|buyer|purchaser)\b", re.I)

RESTRICTION = re.compile(
    r"\bnot (?:\w+ )?(directed|intended|aimed|designed|targeted|meant|marketed)\b|\b(?:may|must|can|should) not (use|create|register|sign up|access|join|"
    r"open|provide|submit|send|give|post)\b|\bmust be (at least|over|older)\b|\bnot (allowed|permitted) to\b|\bonly (for|to) (persons|people|individuals|users) (over|aged|at least)\b|"
    r"\bblock\w* (\w+ )?(users|children|kids|visitors|anyone|persons) (under|younger than|below)\b|"
    r"\bplease do not (use|register|sign up|provide|submit|send|give|post|join)\b|"
    r"\bonly with (?:the )?(?:involvement|permission|consent|supervision|participation) of (?:a |your )?parents?\b",
    re.I)

PERIOD = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|eighteen|twenty|thirty|sixty|ninety)[- ]((business|working|calendar) )?(days?|weeks?|months?|years?)\b|"
    r"\bas long as\b(?! (?:we|they|it) (?:maintain|keep|retain|hold|store|have) (?:(?:this|that|the|such|your) )?(?:information|data|records?)\b)|"  # (not a circle: "for as long as we maintain this information")
    r"\b(for|during) the (duration|life|lifetime|term)\b|\buntil\b|\bindefinitely\b|\bno longer (than (is )?(reasonably )?)?(necessary|needed|required)\b|"
    r"\b(as|where) (necessary|needed|required)\b|\b(reasonable|limited|certain) (period|time)\b|\bperiod of time\b|\bretention period\w*\b|"
    r"\bafter (you|your|the|an|it|they)\b.{0,40}\b(delete\w*|clos\w*|terminat\w*|deactivat\w*)|\bthereafter\b", re.I)

#: The user's access to the data granted ("You will have the ability to access the information that we have collected about you",
#: "SRL will provide to the visitor a summary of any personally identifiable information retained").
ACCESS_GRANTED = re.compile(r"\b(?:ability|right|opportunity|able) to (?:access|review|see|view|obtain) (?:\w+ ){0,3}(?:information|data)\b|"
                            r"\bprovide (?:to )?(?:\w+ ){0,4}(?:a )?(?:summary|copy) of (?:\w+ ){0,4}(?:information|data)\b", re.I)

USER_SUBJECT = re.compile(
    # "students who are registered at one of our locations can obtain access …"
    r"\b(?:users?|members?|customers?|visitors?|subscribers?|students?|patients?|residents|consumers|individuals)\s+(?:who|that)\s+[^.;]{1,80}?\s+(?:can|may|are able to|will be able to)\b|"
    r"^\W*(?:[A-Z][\w ]{0,30}:\s*)?(?:ask|request|tell|contact|email|write to) us\b|"  # a right in a list: "- Deletion: ask us to delete …"
    # a law or the policy granting it: "Civil Code Section 1798.83 permits our customers who are California residents to request …",
    # "California residents … are entitled to request and obtain …"
    r"\b(permit|permits|entitle|entitles|allow|allows|give|gives|grant|grants)\b[^.;]{0,60}\b(residents?|customers|users|members|consumers|"
    r"individuals|visitors|subscribers|parents)\b[^.;]{0,60}\bto (request|ask|obtain|receive|know|access|opt|see|review|correct|delete)\b|"
    r"\b(are|is|be) entitled\b[^.;]{0,40}?\bto\b|"
    r"\byou (can|may|have|are able|will be able|could|might|also|should|simply)\b|\byou will be (given|offered|provided)( with)? (the |an |a )?(opportunity|option|choice|chance|right)\b|\byou will have (the |an |a )?(ability|opportunity|option|choice|chance|right)\b|\b(give|gives|offer|offers|provide|provides) you (ways?|the (ability|option|means|tools?|right|opportunity|choice|chance)|an (option|opportunity)|a (choice|chance)|tools?|options?|choices?|rights?)\b|"
    # "We provide you reasonable access to your personal information and the ability to review, correct, or delete it"
    r"\b(?:give|gives|offer|offers|provide|provides) you\b[^.;]{1,60}?\bthe (?:ability|option|means|right|opportunity|choice|chance) to\b|"
    r"\b(allow|allows|enable|enables|let|lets|permit|permits|entitle|entitles) (you|users|members|customers)\b|\bparents?( or (legal )?guardians?)?\b[^.;]{0,80}\b(may|can) (request|ask|contact|review|delete|have|refuse)\b|\byour (right|choice|option|request)|\b(at|upon|on) (your )?request\b|"
    r"\bcontact us\b|\bby (e-?mailing|calling|logging|contacting|visiting|clicking|writing|following|selecting|going)\b|\bif (?:at any time,? |ever |at some point,? )?you (wish|would like|want|prefer)\b|"
    # an instruction ("simply utilize the unsubscribe link", "removal requests can be sent to …")
    r"\bsimply (use|utilize|click|follow|reply|send|visit|call|e-?mail|write)\b|\brequests? (can|may|should) be (sent|submitted|made|directed|e-?mailed|mailed|addressed)\b|"
    r"\b(users?|members?|customers?|visitors?|subscribers?|residents|riders|consumers|students?|patients?|readers?|players?|viewers?|participants?|guests?|shoppers?|account holders?)\s+(can|may|have|has (the|a) (right|choice|option)|are able|will be able|"
    r"could|should|must|also)\b|\b(residents?|users?|customers?|consumers?|individuals) (of|in|from) [^.;,]{1,40}?\b(can|may|have the right)\b|"
    r"^[\"“]?(to(?! (that|this) end\b| the extent\b| date\b)|please|visit|go|click|contact|use|unsubscribe|opt|delete|access|update|edit|change|request|e-?mail|write|call|"
    r"log|sign|manage|download|follow|send|set)\b", re.I)

#: A name in capitals, not a plural noun opening a sentence ("Advertisers do not have access …" is no company).
_NAME = r"(?![A-Z][a-z]+s\b)[A-Z][\w.&-]+"
#: The company saying it cannot reach what others collect ("… are collected by our advertisers and we do not have access to this
#: information", "RestaurantNews.com has no access or control over these cookies").
COMPANY_NO_ACCESS = re.compile(r"\b(we|the company|" + _NAME + r") (?:(?:do|does|will|would|can|could) ?not|don't|doesn't|won't|cannot|can't|never) (?:have )?(?:any )?"
                               # (not control of a service: "We do not control these social media services or your profiles")
                               r"(access|see|receive|obtain|control(?! (?:these|those|the|such|any|their)? ?(?:[\w-]+ ){0,2}(?:services?|sites?|websites?|platforms?|networks?|apps?)\b))\b|"
                               r"\b(we|the company|" + _NAME + r") (?:have|has) no (access|control)\b")

UNIVERSAL_PARTY = re.compile(r"\b(anyone|anybody|any (third|outside|other)|(?:third|3rd)[- ]?parties|others|other parties|outside (parties|entit\w*|compan\w*)|"
                             # "… will not be shared outside of Abita and its controlled subsidiaries"
                             r"(?<=shared |closed |leased )outside (?:of )?(?:the |our )?\w+|"
                             # "… is not disclosed to that company" (the one on whose behalf the e-mail is sent: the advertiser)
                             r"(another|other|that|those) (compan(y|ies)|business(es)?|organi[sz]ations?))\b",
                             re.I)

WITHOUT_NOTICE = re.compile(r"\bwithout (?:any |prior |advance |further |additional |separate |providing |giving |first |(?:to )?you )*"
                            r"(?:notice|notification|informing|notifying)\b", re.I)

#: A question asking for a promise of security, and a policy that declines to give one.
#: "do they store my password in plain text?": asks whether it is NOT encrypted (a statement of encryption answers no).
PLAIN_ASKED = re.compile(r"\b(plain ?text|in the clear|unencrypt\w*|without (any )?encryption|not encrypted)\b", re.I)

#: "BrightCart stores only a token, the card type and the last four digits": what is kept, and nothing else.
ONLY_KEPT = re.compile(r"\b(stores?|stored|keeps?|kept|retains?|retained|collects?|collected|saves?|saved|holds?|held|receives?|received|recogni[sz]es?)\s+only\s+(?P<what>(?:(?!\bbut not\b)[^.;])+)", re.I)

GUARANTEE_ASKED = re.compile(r"\b(promis\w*|guarantee\w*|100 ?%|(can ?not|can'?t|never|won'?t) (\w+ ){0,2}(be|get) (hacked|stolen|breached|leaked|out)|"
                             r"(totally|completely|perfectly|fully|absolutely) (safe|secure))\b", re.I)

NO_GUARANTEE = re.compile(r"\b(cannot|can ?not|can'?t|do not|does not|don'?t|unable to|not able to),? (\w+,? ){0,3}(guarantee|ensure|warrant|promise|assure)\w*|\bnot a guarantee\b|"
                          r"\bno (\w+ ){0,5}(is|are|can be) (100 ?%|completely|totally|perfectly|fully|entirely) (safe|secure)|"
                          r"\bnot (be )?(100 ?%|completely|totally|perfectly|fully|entirely) (safe|secure)|\bno guarantee|"
                          r"\bno one can (guarantee|ensure|warrant|promise)|\bno (\w+ ){0,5}(can be|is|are) (guaranteed|ensured|warranted)|\b(cannot|can ?not|can'?t) be (guaranteed|ensured|warranted)", re.I)

#: A question when new terms apply ("how long before the new rules actually kick in?", "does the new one kick in right away?") …
EFFECT_ASKED = re.compile(r"\bkicks? in\b|\btakes? effect\b|\b(?:becomes?|goes|go|comes?) (?:into )?effect(?:ive)?\b", re.I)
#: … and a sentence telling when ("Any changes … will be effective upon thirty (30) calendar days following our posting …").
EFFECT_STATED = re.compile(r"\b(?:chang|updat|revis|modif|amend)\w*\b.{0,60}\b(?:will|shall|to) (?:be(?:come)?|take) effective\b|"
                           r"\beffective (?:immediately|upon|as of|on the date|when|(?:\w+ ){0,2}days?)\b", re.I)

#: Something given free: a charge denied ("we will do so for free, except where …", "a copy free of charge").
FREE_OF_CHARGE = re.compile(r"\b(?:free of charge|(?<!\bsign up )(?<!\bregister )for free|without (?:any )?charge|at no (?:extra |additional )?(?:cost|charge))\b", re.I)

#: Personal information as a whole: a denial of it covers an email address.
ALL_DATA = re.compile(r"\b(personal(ly[- ]identif(iable|ying))? (\w+ )?(information|data)|personal details|(any|no) (of your )?(information|data)|your (information|data)|"
                      r"contact (information|info|details)|(information|data) (about|on|regarding) (you|our (customers|users|visitors|members|subscribers|readers)))\b", re.I)

#: A denial limited to some users or to a default ("by default", "for users under 16") says less than a plain one.
SCOPED = re.compile(r"\bby default\b|\b(users?|members?|individuals|people) (under|below|younger)\b|\bunder the age of\b|\bin (the )?(eu|eea|uk|california)\b",
                    re.I)

USER_DENIED = re.compile(r"\b(you|users?|members?|customers?|individuals|people)\b[^.,;]{0,30}\b(cannot|can't|cant|may not|are not able|will not be able|"
                         r"won't be able|do not have the (right|ability|option)|are unable)\b|\bnot (possible|able) (for you )?to\b|"
                         # "Local shared objects … cannot be managed in the same way": what the user cannot do, told in the passive
                         r"\b(cannot|can ?not|can't) be (managed|deleted|removed|erased|disabled|blocked|controlled|changed|corrected|edited|"
                         r"accessed|turned off|opted out of|unsubscribed from)\b|"
                         # … and a claim that may not be brought ("You agree that no such claim may be brought as a class action")
                         r"\bno (?:such )?(?:claims?|actions?|proceedings?|disputes?) (?:may|can|shall|will) be (?:brought|filed|pursued|maintained|heard)\b|"
                         r"\b(?:claims?|actions?|proceedings?|disputes?) (?:may|can|shall|will) not be (?:brought|filed|pursued|maintained|heard)\b", re.I)

#: A question about all of something, or at once ("is all my data wiped right away?"): what is kept answers it.
WHOLLY = re.compile(r"\b(all|even|too|also|as well|every\w*|right away|immediately|at once|complete\w*|entirely|permanent\w*|for good|fully)\b", re.I)

#: A question whether something stays after it could be deleted ("if i delete my account will my old comments still be up?"):
#: a sentence saying it is not deleted answers yes.
STILL_THERE_ASKED = re.compile(r"\bstill (?:be )?(?:up|there|visible|around|online|public|showing|show up|(?:be )?(?:seen|viewable))\b|\b(?:stay|remain)s? (?:up|online|visible|public)\b", re.I)

#: A right asked for all of something ("can I unsubscribe from every email, even the account ones?"): a limit answers it.
#: A contrast opening the rest of a sentence (", although", "; however,", ", but").
CONTRAST = r"[,;]\s*(?:although|but|however|though|whereas),?\s+"

ALL_OF = re.compile(r"\b(all|even|every\w*|entire\w*|complete\w*|fully|altogether|totally|never|no more|any ?more|ever again)\b", re.I)

#: What is not deleted, and so kept ("we may not immediately delete residual copies").
NOT_DELETED = re.compile(r"\b(not|never) (\w+ ){0,2}(delet|remov|eras|purg|destroy)\w*", re.I)

#: A question about the user's own data one by one, and a sentence that uses it only in aggregate.
INDIVIDUAL_ASKED = re.compile(r"\b(individual(ly)?|one by one|me (specifically|personally)|(my|your) (own|specific|particular|exact)|"
                              r"(traced?|tied|linked|connected) (it |them )?back to (me|you)|trace (it |them )?to (me|you))\b", re.I)
AGGREGATE_ONLY = re.compile(r"\bonly\b[^.;]{0,40}\b(in (the )?aggregate|aggregated?|in anonymi[sz]ed form|anonymously|de-identified)\b|"
                            r"\b(is|are|be) not (personally )?(traceable|identifiable) to\b|\bcannot be traced\b", re.I)

KEPT = re.compile(r"\b(retain\w*|keep|keeps|kept|maintain|maintains|preserv\w*|residual|continue to (store|hold|keep)|"
                  r"(copies|backups?|it|they|information|data|content)( that| which)? (may |will |can |might )?(still )?(continue to )?remain\w*)\b", re.I)

#: "if I block cookies, can I still …?": what needs them answers it.
WITHOUT_COOKIES = re.compile(r"\b(block\w*|disabl\w*|refus\w*|reject\w*|turn\w* off|without|delet\w*|clear\w*) (\w+ ){0,2}cookies|cookies (\w+ ){0,2}(off|disabled|blocked)", re.I)

#: Visible to some only, and a question about anyone at all.
ONLY_SOME = re.compile(r"\bonly (to|by|for|with) (\w+ ){0,2}(members|registered|subscribers|friends|users|you|your|people you|those)\b", re.I)

ANYONE = re.compile(r"\b(any ?(one|body)|every ?(one|body)|the public|public|strangers|the (whole )?(internet|world)|the web)\b", re.I)

#: Minors old enough to use the service ("minors 13 years of age or older have received permission"): no answer about
#: children under 13.
OLDER_MINORS = re.compile(r"\b1[3-8] (years (of age |old )?)?(or|and) (older|over|above)\b", re.I)
#: A commitment to privacy in general ("committed to protecting and respecting your privacy"): no security measure.
PRIVACY_COMMITMENT = re.compile(r"\b(committed|dedicated|commitment) to (protecting|respecting|safeguarding|your)( and (protecting|respecting))? (your )?privacy\b", re.I)

#: A question whether a child may have an account ("can my 10 yr old have her own account?") …
ACCOUNT_ASKED = re.compile(r"\b(have|make|open|create|get|set up|sign up for|register for) (\w+ ){0,4}accounts?\b", re.I)
#: … and a sentence allowing one ("with parental permission, a child under age 13 might have a Family Account").
CHILD_ACCOUNT = re.compile(r"\b(child|children|kids?|minors?|teens?)\b[^.;]{0,40}\b(may|might|can|could) (have|create|open|register for|set up|get)\b[^.;]{0,30}\baccounts?\b", re.I)

#: What stays on the user's own device ("persistent cookies remain on your computer after you close your browser"): nothing the
#: company keeps.
ON_YOUR_DEVICE = re.compile(r"\b(remain|remains|stay|stays|persist|persists|reside|resides|(?:is|are) (?:kept|stored|saved|left))\b[^.;]{0,25}\b(?:on|in) your "
                            r"(computer|device|hard drive|browser|machine|phone|system)\b", re.I)
#: A question about anybody inside the company ("can any employee pull up my data?") and access limited to some of them.
ANY_INSIDER = re.compile(r"\b(any|every|all) (\w+ ){0,2}(employees?|staff|workers?|personnel|people (there|at|who work))\b|"
                         r"\bany ?(one|body) (at|there|who works|working)\b", re.I)

#: A sentence limiting the company's own people's access to the data ("only authorized individuals have access to the information",
#: "we limit access … to those employees who need it", "only employees who need the information … are granted access").
ACCESS_LIMITED = re.compile(r"\b(limit\w*|restrict\w*) (the )?access\b|\bon a (strict )?need[- ]to[- ]know basis\b|\baccess (is |to [^.;]{1,40} is )?(limited|restricted)\b|"
                            r"\bonly (\w+ ){0,3}(employees|staff|personnel|agents|those)\b[^.;]{0,60}\b(need|authori[sz]ed|require)|"
                            r"\bonly (?:\w+ )?(?:authori[sz]ed|designated|approved|trained) (?:\w+ )?(?:individuals|employees|personnel|staff|people|persons|agents)\b[^.;]{0,40}\baccess\b|"
                            r"\baccess\b[^.;]{0,60}\b(?:is |are )?(?:limited|restricted) to (?:\w+ ){0,3}(?:employees|staff|personnel|individuals|agents|those)\b", re.I)

#: A back reference to what the passage named before ("such information", "these companies").
BACK_REFERENCE = re.compile(r"\b(these|such|those|this|that|the above|said) ((?:sensitive|personal|personally identifiable|identifying|aggregate|anonymous|collected|additional|technical|non-personal|other|online|offline) ){0,2}(information|data|details|signals?|requests?|settings?|companies|"
                             r"providers|vendors|partners|parties|services|networks|platforms|entities|organi[sz]ations|institutions|areas|forums|boards|"
                             r"communications?|messages?|e-?mails?|cookies?|technolog\w*|tools?|notices?|practices?|cases?|disclosures?)\b|"
                             # … and, opening a sentence, what the user gives as told before ("The information you submit is used solely for the
                             # purposes of recruiting", after "… the information asked for in the online application")
                             r"^\W*the (?:information|data|details) (?:that )?you (?:submit|provide|give|enter|send)\w*\b", re.I)

#: A question whether the user must give or allow something ("do I have to turn on location to use the app?") …
MUST_ASKED = re.compile(r"\b(do|would|will) (i|we) (have|need) to\b|\bmust (i|we)\b|\b(am i|are we|is it) (required|obliged|obligated|mandatory|necessary)\b|"
                        r"\b(required|mandatory|obligatory)\?", re.I)

#: "can I … without letting it see my location?" — "some features will not be available if you choose not to provide your
#: location data": what needs it answers no.
WITHOUT_ASKED = re.compile(r"\bwithout (letting|giving|sharing|providing|allowing|turning on|enabling|using|having|creating|making|signing|handing)\b", re.I)
FEATURES_NEED = re.compile(r"\b(not be available|will not work|won't work|not (work|function)|not be able to (use|access)|unable to (use|access))\b[^.;]{0,30}"
                           r"\b(if|unless) you (\w+ )?(not to|do not|don't|decline|refuse|disable|turn off)\b|"
                           # … or a step required first ("In order to use this Web site, a user must first complete the registration form")
                           r"\b(must|need to|needs to|required to|have to|has to) (first |already )?(complete (the |a |our )?registration|register|sign up|"
                           r"create (an |a )?(account|profile)|log ?in|sign in)\b|\bregistration is (required|necessary|mandatory)\b|"
                           # … or what cannot be done unless one gives it ("you cannot … register for the Site, contests … unless you provide
                           # certain information")
                           r"\b(cannot|can't|can not|not be able to)\b[^.;]{0,160}\bunless you (provide|give|submit|share|supply|enter)\b", re.I)

def needed_for(question: str, sentence: str) -> bool:
    """Does the sentence tell what an act needs that the question asks to do without ("can I use it without having to register?" —
    "a user must first complete the registration form")?"""
    return bool(WITHOUT_ASKED.search(question) and FEATURES_NEED.search(sentence))

#: … and a sentence saying it is up to them ("riders may use the app without enabling collection of location data").
OPTIONAL = re.compile(r"\bwithout (enabling|providing|giving|turning on|allowing|sharing|creating|registering|submitting|disclosing)\b|"
                      r"\b(is|are) (entirely |completely |strictly )?(optional|voluntary|not (required|mandatory|obligatory))\b|"
                      r"\b(you|users?) (are not|aren't|is not|isn't) (required|obliged|obligated)\b|\bat your (option|discretion)\b|"
                      r"\b(you|users?) (may|can) (choose|decide|elect|decline) (not )?(whether )?to (provide|give|share|enable|disclose|submit)\b", re.I)

#: Something the user needs for an action ("cookies are required to place an online order").
REQUIRED = re.compile(r"\b(required|necessary|needed|essential|must (have|keep|leave|accept) (\w+ ){0,2}(enabled|turned on|on|accepted)) (to|for|in order to) (place|complete|make|use|access|order|log|sign|register|purchase|buy|"
                      r"shop|check ?out|enter|participate|view|submit|take part)|"
                      # "essential for the Services to work", "cannot function without them", "parts of the store … will not work"
                      r"\b(required|necessary|needed|essential)\b (for|to) (the |our )?(services?|site|store|website|app|cart|checkout)( to)? (work|function)|"
                      r"\bcannot (work|function|operate) without\b|\b(will not|won't|cannot|can't|may not|does not|do not) (work|function)( properly)?\b", re.I)

#: A denial in a relative clause ("third-party web beacons, which are prohibited from collecting your personal information").
WHICH_DENIED = re.compile(r"\b(which|who|that) (are|is) (prohibited|not (allowed|permitted)|forbidden|barred)\b", re.I)

#: A denial of one use only ("we never use persistent cookies to collect personal information").
USE_DENIED = re.compile(r"\b(?:not|never) (?:\w+ )?us(?:e|es|ing)\b[^.;]{0,40}?\bto (collect|gather|store|obtain)\b (?:\w+ ){0,2}(?:personal|personally|identif)",
                        re.I)

#: What a cookie or a record holds, denied ("Cookies do not contain any personally identifiable information", "It does not
#: contain your name or e-mail address").
CONTAINS_NO_PERSONAL = re.compile(r"\b(?:do|does|will|can|shall)\s*(?:not|n't)\s+(?:\w+\s+)?(?:contain|include|hold|carry|store|tell (?:us|them|anyone|anybody))\b[^.;]{0,40}?"
                                  r"\b(?:personal\w*|identif\w*|names?|e-?mail|who you are|(?:subscriber|user|member|customer|account|registration) information)", re.I)

#: The question asks whether personal details are among it ("… store my name or other personal info?").
PERSONAL_ASKED = re.compile(r"\b(?:personal\w*|identif\w*|(?:my|your) (?:real |full )?names?|e-?mail|who (?:i|you) (?:am|are))\b", re.I)

#: A child's participation not made to depend on more data (the COPPA wording: "does not and cannot condition a child's
#: participation in any of our online activities on the disclosure of more information than is reasonably necessary").
CONDITION_DENIED = re.compile(r"\b(?:not|never)\b(?:\s+\w+){0,3}\s+condition\w*\s+(?:\S+\s+){0,6}?participation\b", re.I)

#: … and the question whether they make a child give more to take part ("can they make my kid give extra info just to play?").
FORCED_ASKED = re.compile(r"\b(make|makes|force|forces|require|requires|need|needs|have to|has to|must)\b(?:\s+\S+){0,3}?\s+"
                          r"(give|provide|share|hand over|enter|submit|disclose|fill in|type in)\b", re.I)

#: A right told of minors or their parents only.
FOR_MINORS = re.compile(r"\b(from|about|of|by) (your |their )?(child|children|kids|minors)\b|\bminors\b|\bunder (the age of )?1[0-9]\b", re.I)

#: A practice told of children only ("from children under 13", "about minors").
OF_CHILDREN = re.compile(r"\b(from|about|of|by|to) (children|kids|minors|(persons|individuals|users|anyone|visitors|people) (under|younger))\b", re.I)

#: An exception that takes back the whole denial ("except as described in this policy").
VACUOUS_EXCEPTION = re.compile(r"\bas (otherwise )?(expressly |specifically |explicitly )?(described|set forth|set out|provided|stated|outlined|explained|disclosed|permitted|specified|noted) "
                                r"((in|by|under) (this|our|the) (privacy )?(policy|policies|statement|notice)|below|above|herein)", re.I)
#: … and a denial only of ways the policy does not describe ("will not use or transfer personally identifiable information … in ways
#: unrelated to the ones described above"): it denies nothing the policy describes.
UNDESCRIBED_WAYS = re.compile(r"\b(in (any )?ways?|for (any )?purposes?) (unrelated|not related|other than|inconsistent with|beyond) (to )?(the ones|those|that|the purposes?)? ?"
                              r"(described|set forth|set out|stated|outlined|disclosed) (above|below|herein|in this (privacy )?(policy|statement|notice))", re.I)

#: A question about doing something without the user's say ("will they text me promos without asking me first?") …
WITHOUT_CONSENT = re.compile(r"\bwhether (i|we) (want|like|agree to|asked for) (it|them|that|this)? ?or not\b|\bwithout (first )?(asking|ask(ing)? (me|us|you)|(my|your|our|their|the user'?s?) (prior |express |explicit )?"
                             r"(consent|permission|ok|okay|approval|agreement|say[- ]?so)|(me|us) (first )?(opting|signing|saying|agreeing|giving)|"
                             r"opt(ing)?[- ]?in|permission|consent|checking with|(getting |asking for )?(my|our|a) (written )?signature)\b|"
                             r"\b(i|we) (never|didn'?t|did not|haven'?t|have not|don'?t|do not) (agreed?|consented?|opted?[- ]?in|signed up|said yes|gave|"
                             r"(tick|check)(ed)? (the|that|a|any) (\w+ )?box)\b|"
                             # "do they automatically put me on their newsletter list?"
                             r"\bautomatically (?:put|add|sign|subscribe|enrol|enroll|opt|include)\w* (?:me|us|my \w+)\b", re.I)

#: … and a practice the policy allows only with it ("only if a customer grants us permission", "with your consent").
#: An exception that is only the user's own leave ("unless you affirmatively agree to such disclosure").
CONSENT_EXCEPTION = re.compile(r"unless (?:you|we have your|we receive your|with your) (?:\w+ ){0,2}?(?:agree|consent|permission|opt[- ]?in|authori[sz]|choose to|elect to)"
                               r"(?![^.;]*\b(?:or|and) (?:unless|as|when|where|if|except|required|compelled)\b)", re.I)  # (… and nothing else)
#: … and a question about that leave ("… if I opt in?", "… without my OK?").
LEAVE_ASKED = re.compile(r"\b(consent\w*|permission|agree\w*|opt\w*[- ]?in|allow\w*|approv\w*|ok|okay|ask\w*|say so|sign\w* up)\b", re.I)
CONSENT_GATED = re.compile(r"\bonly\b[^.;]{0,100}\b(if|when|after|with|where|once|upon)\b[^.;]{0,60}\b(consent\w*|permission|opt(s|ed)?[- ]?in|"
                           r"agree\w*|authori[sz]\w*|grant\w*|ask\w* for|request\w*)\b|"
                           r"\b(with|upon|after (obtaining|receiving)) (your|their|the user'?s?|a customer'?s?|the customer'?s?) (prior |express |explicit |"
                           r"affirmative )?(consent|permission|authori[sz]ation)\b|"
                           r"\b(if|when|once|after) (you|a customer|the customer|users?) (have |has )?(choose to |chosen to |elect to |elected to |specifically )?"
                           r"(opt(s|ed)?[- ]?in(to)?|consent(s|ed)?|agree[sd]?|grants?|granted)\b", re.I)

#: The policy named by what it says ("If Lynda makes big changes to how they use my info, do they email me?"): a notice of changes.
POLICY_NAMED = re.compile(r"\b(polic\w*|terms|rules|(?:privacy )?statement)\b|\bchang\w* (?:to|in) how (?:\w+ ){1,2}?(?:use|uses|handle|handles|treat|treats|"
                          r"collect|collects|share|shares|process|processes)\b", re.I)
#: A question about doing something without notice ("could they change it without telling me?").
WITHOUT_TELLING = re.compile(r"\bwithout (?:(?:them|it|him|her|the company|anyone|someone|you|us) )?(first |even |ever )?(telling|notify\w*|notice|letting (me|us|users|anyone) know|informing|warning|asking|"
                             r"(giving|sending) (\w+ ){0,2}?(a |any )?(heads[- ]?up|notice|warning|notification)|(a |any )?heads[- ]?up)\b", re.I)

#: A question about what happens without the user's act ("does Uber automatically get a copy?") …
AUTOMATIC_ASKED = re.compile(r"\b(automatic(ally)?|by default|on (its|their) own)\b", re.I)
#: … and a sentence saying it happens only through that act ("… are only shared with Uber if submitted by the users").
ONLY_IF_USER = re.compile(r"\bonly (?:be )?(?:(?:shar|sen[dt]|collect|receiv|provid|upload|transmit|access|disclos|get|obtain)\w*|available)\b[^.;]{0,40}?"
                          r"\b(?:if|when|where|after|once) (?:(?:it is|they are) )?(?:submitted|sent|shared|uploaded|provided|chosen|you|the user|users)\b", re.I)

#: Data on its way ("when transferring and receiving", "during transmission"): the scope of encryption, not a condition.
IN_TRANSIT = re.compile(r"\b(when|while|during|in) (\w+ ){0,2}(transferr\w*|transmi\w*|send\w*|sent|receiv\w*|submit\w*|exchang\w*|transit)\b", re.I)

#: A sentence pointing back at what its passage named ("these signals", "in such an event").
ANAPHORA = re.compile(r"\b(these|such|those|this|that)( an)? (signals?|requests?|settings?|preferences?|technolog\w*|tools?|messages?|"
                      r"communications?|notices?|changes?|practices?|events?|cases?|situations?|circumstances?|transactions?|cookies?)\b|\b(when|if) we do (this|so)\b|\b(none|each|all|some|any|one) of (them|these|those)\b", re.I)

#: "Are there any limits on what they can do with aggregated data?" …
LIMITS_ASKED = re.compile(r"\b(any|no|some) (limits?|limitations?|restrictions?|rules)\b|\b(limited|restricted)\b", re.I)

#: … "our use of aggregated information is not subject to any restrictions" answers no.
UNRESTRICTED = re.compile(r"\bnot (subject to|bound by|limited by) (any )?(restrictions?|limits?|limitations?)\b|\bwithout (any )?(restrictions?|limitations?|limits?)\b|"
                          r"\b(no|any) (restrictions?|limitations?) (whatsoever|at all)\b|\bfor any (lawful |legal )?purpose\b", re.I)

#: "Do they treat me differently with Do Not Track on?" — "… whether or not a Do Not Track signal is received": no.
DNT_IGNORED = re.compile(r"\b(whether or not|(regardless|irrespective) of (whether|any|the|such|these|those|your))\b|\bnot (yet )?(been )?(finali[sz]ed|agreed upon|"
                         r"established|adopted)\b|\bno (uniform|common|industry|consensus) (technology )?standard\b", re.I)

#: "Will they keep my data forever?" …
FOREVER_ASKED = re.compile(r"\b(forever|for ever|indefinitely|permanently|for good|for all time)\b", re.I)

#: … "we retain it for no longer than is necessary" answers no.
LIMITED_RETENTION = re.compile(r"\bno longer than (is |are )?(necessary|needed|required|reasonably)|\bonly (for )?(as long as|so long as|the (period|time))\b|"
                               r"\b(for )?(a|the) (limited|reasonable) (period|time|amount)\b", re.I)

#: A sentence that goes on from the one before it ("For example, the user will not be able to …").
EXAMPLE = re.compile(r"\s*(for example|for instance|in particular|as a result|consequently|therefore|in that case|if so)\b", re.I)

#: What the user cannot do.
UNABLE = re.compile(r"\b(not be able to|unable to|cannot|can ?not|can't|will not work|won't work|may not (work|function))\b", re.I)

#: A denial of one means of a practice ("we do not use cookies to collect information") …
BY_MEANS = re.compile(r"\b(use|using|uses)\s+(\w+\s+){0,2}(cookies|web beacons|beacons|pixels|tracking technolog\w*|flash|lsos?)\s+(to|for)\b", re.I)

#: … is an answer only to a question about that means.
MEANS_ASKED = re.compile(r"\b(cookies?|beacons?|pixels?|tracking technolog\w*|flash|lsos?|trackers?)\b", re.I)

#: A question asked as a parent ("as a parent can I see what they collected from my kid?"): a parent's right is the user's.
AS_PARENT = re.compile(r"\b(as a (parent|mom|dad|mother|father|guardian)|my (kid|kids|child|children|son|daughter|teen)s?)\b", re.I)

#: Changes of the policy that apply only to what is collected from then on.
ONLY_AFTER = re.compile(r"\b(collected|received|obtained|gathered|provided|submitted) (from you |by us )?(after|following|from) (the|such|that|this|its|their) "
                         r"(date|change|changes|effective date|update|amendment|revision|modification)s?\b|\bnot (be )?(applied )?retroactive\w*", re.I)

#: Deleting cookies from one's own browser ("… refuse cookies or delete any existing cookies from your computer").
COOKIES_DELETED = re.compile(r"\b(delet|remov|clear|eras)\w*\s+(?:\w+\s+){0,3}(cookies?|flash|local shared objects|browsing (history|data))\b|"
                             r"\b(delet|remov|clear|eras)\w*\b[^.;]{0,60}\b(used|stored|set|kept|placed|saved|held) (by|in) (your |the )?(browsers?|add-ons?|plug-?ins?)\b", re.I)
COOKIES_ASKED = re.compile(r"\b(cookies?|flash|lsos?|local shared objects|browser|browsing|tracking)\b", re.I)
#: "is it encrypted while it's stored, not just when I send it?": encryption in transit is no answer
AT_REST = re.compile(r"\b(stored|at rest|on (their|the|its|the company's) servers|in (their|the) database|sitting (on|in))\b", re.I)
SENT = re.compile(r"\btransmi\w*|\bin transit\b|\bover the internet\b", re.I)
PROTECTED_KINDS = re.compile(r"\b(financial|sensitive|payment|billing|credit)(/\w+)? (card )?(information|data|details|transactions)\b|\b(all|financial|online) transactions\b|"
                             r"\ball (the )?(information|data) (that )?you (submit|supply|provide|enter|send|transmit)\b|"
                             r"\b(that|this|such|the) (information|data)\b", re.I)
#: A denial of keeping the data only, not of collecting or seeing it ("we will not store the information in your contacts list").
STORE_DENIED = re.compile(r"\b(?:not|never)\s+(?:\w+\s+)?(?:store|keep|retain|save|hold)\b(?!.*\b(?:not|never)\s+(?:\w+\s+)?(?:collect|access|obtain|see|gather|receive|use)\b)",
                          re.I)
#: A question about keeping the data.
STORE_ASKED = re.compile(r"\b(stor\w*|keep\w*|kept|retain\w*|sav(e|ed|es|ing)|hold\w*|on file|how long)\b", re.I)
#: A denial limited to the recipients' own marketing ("we will not share your information with third parties for the purposes of their
#: direct marketing").
#: Another party's own purposes, asked or stated ("so they can send me their own promos", "for their own direct marketing purposes").
THEIR_OWN = re.compile(r"\btheir own\b", re.I)
THEIR_MARKETING = re.compile(r"\b(not|never)\b[^.;]{0,80}\bfor (?:the )?(?:purposes? of )?(?:their|its|his|her) (?:own )?(?:direct |independent )?"
                             r"(?:marketing|advertising|promotional|commercial)\b", re.I)
#: The user's right to stop a practice ("you may request that we not share …", "ask us not to sell …"): the practice is the default.
REQUEST_NOT = re.compile(r"\b(?i:request|ask|direct|instruct|tell)\w* (?i:that )?(?:(?i:we|us|the company)|[A-Z][\w&.'-]*(?i: and (?:its|our|their) (?:[\w-]+ ){0,3}?[\w-]+)?) "
                         r"(?i:do |will )?(?i:not) (?i:to )?(?i:share|sell|disclose|rent)\b")  # (a named subject: "request that Allstate and its affiliate companies not share")
#: A duty of the user ("You must take precautions to protect …", "You are responsible for keeping your password secret").
USER_DUTY = re.compile(r"^\W*(you|users?) (must|should(?! (?:also |always )?(be aware|note|know|understand|remember|keep in mind|realize|recognize)\b)|need to|are (solely )?responsible for|have to)\b", re.I)
#: Contact information: the e-mail address and phone number a question names ("… however, your contact information is not displayed").
CONTACT_INFO = re.compile(r"\bcontact (information|info|details)\b", re.I)
#: E-mails as messages ("does it go through my emails?"), not an e-mail address (a kind of personal data).
MESSAGES_ASKED = re.compile(r"\b(e-?mails|inbox|e-?mail (messages|contents?))\b", re.I)

#: What a statement leaves out ("(other than Guest Users data)", "except your payment information").
LEFT_OUT = re.compile(r"\((?:other than|except(?: for)?|excluding|not including)\s+([^()]{1,50})\)|"
                      r"\b(?:other than|except(?: for)?|excluding)\s+((?:your |the |our )?\w+(?: \w+){0,2})\s*[.;]?\s*$", re.I)

#: A request's processing time ("it may take up to 10 days to process your email request").
REQUEST_PERIOD = re.compile(r"\b(takes?|allow|within|up to)\b[^.;]{0,40}\b(days?|weeks?|hours?)\b[^.;]{0,60}\b(process|complet|honou?r|effect|implement)\w*\b[^.;]{0,40}\brequests?\b|"
                            r"\b(process|complet|honou?r|respond)\w*\b[^.;]{0,40}\brequests?\b[^.;]{0,40}\bwithin\b[^.;]{0,20}\b(days?|weeks?)\b|"
                            # "these requests may take up to ten business days to process"
                            r"\brequests?\b[^.;]{0,20}\b(take|takes)\b[^.;]{0,30}\b(days?|weeks?|hours?)\b", re.I)

def leaves_out(sentence: str, terms: set[str]) -> bool:
    """Does the statement leave out what the question's terms name ("(other than Guest Users data)" for "as a guest, …?")? (The
    question's terms leave out "data", "users" ….)"""
    m = LEFT_OUT.search(sentence)
    return m is not None and bool(set(tokenize(m.group(1) or m.group(2))) & terms)

#: Kinds of data a sentence leaves out of what it tells of ("… (but not your name, address or other personal information), is used
#: to serve ads"): group 1, the kinds left out.
BUT_NOT = re.compile(r"\b(?:but|and) not (?:including )?((?:your|the user'?s?|any) [^).;]{3,80})", re.I)
#: What the data a practice acts on leaves out ("the information we share with these services does not include …").
NOT_INCLUDED = re.compile(r"\b(?:information|data|details)\s+(?:that\s+|which\s+)?((?:we|they|it)\s+(?:\w+\s+)?\w+)\b[^.;]{0,60}?"
                          r"\b(?:does not|doesn't|do not|don't|will not|won't|never|shall not)\s+(?:include|contain|cover)s?\b", re.I)

#: A question whether the user can keep something private ("can I make my profile private?", "… visible only to me?").
PRIVATE_ASKED = re.compile(r"\b(private|hidden|hide|visible only to (me|my friends)|only (i|me|my friends) can see|not public|invisible)\b", re.I)
#: What is public whatever the user does ("posts are always public", "your profile is public and cannot be hidden").
ALWAYS_PUBLIC = re.compile(r"\b(always|will always be|are always|is always|remain|remains)\s+(publicly\s+\w+|public|visible|available to (everyone|anyone|the public))\b", re.I)
#: Data used only for the purpose it was given ("this information will only be used for the stated purpose").
ONLY_STATED_PURPOSE = re.compile(r"\b(?:will|is|are|shall)\s+(?:be\s+)?only\s+(?:be\s+)?used\s+(?:for|to)\s+(?:the\s+)?(?:stated|specific|specified|intended|original|requested)?\s*"
                                 r"(?:purposes?|reason|fulfil\w*|process\w*|deliver\w*|respond\w*|complet\w*)\b|"
                                 r"\bused\s+(?:solely|only|exclusively)\s+(?:for|to)\s+(?:the\s+)?(?:stated|specific|specified|intended|original|requested)\s+purposes?\b|"
                                 # "If you give us your friend's information, we will only use it to provide services you requested."
                                 r"\b(?:will|would|shall)\s+only\s+use\s+(?:it|them|this|that|such \w+)\s+(?:to|for)\s+(?:provide|provid\w+|deliver\w*|fulfil\w*|complet\w*|respond\w*)\s+"
                                 r"(?:\w+\s+){0,3}?(?:you\s+)?(?:requested|asked for|request)\b", re.I)
