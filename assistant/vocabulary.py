"""The vocabulary of data practices and topics: how a question names each and how a policy states it.

The practices are privacy-policy vocabulary, not question wordings: each names the verbs a question uses for it and the
verbs a policy uses when it states it ("sell" ~ sell, rent, trade; "retain" ~ keep, store, retain, for N days). The
question reader (:mod:`intent`) finds them in a question; the verdict reader (:mod:`stance`) looks for them in the
policy's sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


def rx(pattern: str) -> re.Pattern[str]:
    """A case-insensitive pattern."""
    return re.compile(pattern, re.I)


@dataclass(frozen=True)
class Practice:
    """A data practice: how questions name it, and how policies state it."""

    name: str
    asked: re.Pattern[str]
    stated: re.Pattern[str]
    needs_data: bool = True  # the stated verb must act on personal data ("sell your information", not "sell tickets")
    phrased_negatively: bool = False  # its stated phrases hold a "not" of their own ("request that we not share", "no longer receive")


#: A phone number written out ("1-800-658-8372", "(212) 555-0100").
PHONE_NUMBER = r"(?<![\d-])(?:1[-. ])?\(?\d{3}\)?[-. ]\d{3}[-. ]\d{4}(?![\d-])"
#: The public at large named as such ("random people", "strangers", "people online").
PUBLIC_AT_LARGE = r"(?:the (?:general )?public|strangers|random (?:people|strangers|users|folks)|(?:people|anyone) (?:online|on the internet))"
_PLACES = (r"(the )?(us|u\.s\.?|usa|united states|america|eu|eea|european union|europe|uk|united kingdom|canada|mexico|germany|france|spain|"
           r"italy|ireland|(the )?netherlands|australia|india|japan|china|brazil)")
#: "if the company sells one of its websites": the business changes hands (a transfer with it, not a sale of personal data)
BUSINESS_SOLD = (r"(?:sel(l|ls|ling|ld) off the company\b|sel(l|ls|ling|ld) (off )?(one of |part of |some of |all of )?(its|their|the company'?s?) (\w+ )?(websites?|sites?|business\w*|"
                  r"compan(y|ies)|assets|divisions?|brands?|units?|properties|magazines?|papers?|stations?|apps?))")
#: The asker telling where she lives ("i live in germany", "I'm based in the EU"): who asks, not where the data goes.
RESIDENCE = (r"\bi('m| am)? ((live|living|based|located|read|reading|use|using|visit|visiting|browse|browsing|access|accessing)( \w+){0,2} )?(in|from) "
             + _PLACES + r"\b")
RESIDENT = rx(RESIDENCE)
#: A place named ("in the US", "an EU-US program").
PLACE = rx(r"\b" + _PLACES + r"\b")
ABROAD = rx(r"\b(servers? (in|outside) (the )?\w+|countr(y|ies)|(?<!study )(?<!study-)(?<!studying )abroad|(?<!study )(?<!study-)overseas|international\w*(?! (students?|programs?|studies|travel))|outside (of )?(the )?(us|u\.s\.|united states|eu|eea|uk|europe|your country)|"
              r"(end\w* up|processed|stored|kept|held|hosted|goes|go|gets? sent|sent|transferred|moved?|shipped|travel\w*|com(e|es|ing) over) (over )?(in|to|into|from) " + _PLACES + r"|"
              r"(stored|kept|held|hosted|sent|transferred|moved|shipped) (overseas|abroad|offshore)|"
              + RESIDENCE + r")\b")

#: Trackers named as such ("cookies", "web beacons", "pixels").
TRACKERS = r"cookies?|web beacons?|pixels?|tracking technolog\w*|trackers?|local storage|fingerprint\w*"
#: A list of the recipients of one's data asked for ("a list of who they gave my info to").
LIST_OF_RECIPIENTS = (r"(a|the) list of (who|whom|which|the (companies|parties|businesses|firms)|"
                      r"(companies|parties|third parties|businesses|firms)(?= (?:\w+ ){0,2}(?:they|it|the company|you|have|has|that|who|which)\b))")

#: Most specific first: the first practice a question names is its main one.
#: Whom a company tells of a change ("will they tell readers?", "let members know").
_AUDIENCE = ("me|us|users|you|people|customers|everyone|anyone|readers|members|subscribers|visitors|consumers|parents|patients|merchants|clients|cardholders|account holders|the public|affected users|"
             # (others told which customers did what are told my data: "do they tell them which customers clicked on what?")
             r"them(?!\s+(?:which|what|who|whether|about)\b)|"
             "the (?:people|users|customers|members|subscribers|individuals)(?: affected)?|those affected|affected (?:people|customers|members|individuals)")
#: A social network one may sign in with ("my Google or Facebook account", "Facebook Connect").
_NETWORK = r"(?:google|facebook|fb|twitter|apple|instagram|linkedin|twitch|yahoo|amazon|microsoft)"
_NETWORKS = _NETWORK + r"(?:\s*(?:,|or|and|/)\s*(?:my\s+|your\s+)?" + _NETWORK + r")*(?:\s+(?:accounts?|log-?ins?|sign-?ins?|credentials|ids?|profiles?|connect))?"
PRACTICES: tuple[Practice, ...] = (
    # signing in with another account ("can I just sign in with my Google or Facebook account?"): asked of the user's way in, stated
    # where a sentence tells of it ("You may register … by linking your Facebook or Google accounts")
    Practice("social_login", rx(r"\b(?:sign(?:ing)?|log(?:ging)?)\s*-?\s*(?:in|into|on|onto|up)\b[^?.]{0,40}?\b(?:with|using|via|through|thru|w/)\s+(?:my\s+|your\s+|a\s+|an\s+)?"
                                + _NETWORKS + r"|\b(?:register|make|create|open|join)\b[^?.]{0,40}?\b(?:with|using|via|through|thru|w/)\s+(?:my\s+|your\s+)?" + _NETWORKS
                                + r"|\b(?:use|using)\s+(?:my\s+|your\s+)?" + _NETWORKS + r"\s+to\s+(?:sign|log|register|comment|join)\b"),
             rx(r"\b(?:sign(?:s|ed|ing)?\s*-?\s*(?:in|on|up)|log(?:s|ged|ging)?\s*-?\s*(?:in|on)|register\w*|registration|connect\w*|link\w*|authenticat\w*)\b[^.;]{0,80}?\b"
                 + _NETWORK + r"\b|\b" + _NETWORK + r"\s+(?:connect|log-?in|sign-?in)\b|\bsocial (?:media |network(?:ing)? )?(?:log-?in|sign-?in)s?\b|"
                 r"\b" + _NETWORK + r"\b[^.;]{0,40}?\bto (?:sign|log|register|create|access|comment)\b"), needs_data=False),
    # taking a privacy complaint past the company ("if they blow off my complaint, is there anyone else I can go to?"): stated where
    # a policy names an outside body for complaints it leaves unresolved ("If you are not satisfied with our response you can contact TRUSTe")
    Practice("escalate", rx(r"\b(?:anyone|anybody|someone|somebody|somewhere|anywhere|any|some|an?)\s+(?:(?:else|independent|outside|external|neutral|"
                            r"third[- ]party|other|official|government)\s+)+(?:\w+\s+)?(?:i|we)\s+(?:can|could)\s+(?:go|turn|take|bring|escalate|appeal|complain|report|refer)\b|"
                            r"\bescalat\w*|\btake (?:it|this|that|my complaint|the (?:matter|complaint|dispute)) (?:further|elsewhere|higher)\b|"
                            r"\b(?:complain|report (?:them|it|this)|(?:take|bring) (?:it|this|that|(?:my|a|the) (?:complaint|dispute|matter|case))(?:\s+\w+){0,3}?)\s+to\s+(?:a |an |the |my |our )?(?:local |national |government |state |federal |eu |european )?"
                            r"(?:regulators?|(?:data protection |supervisory )?authorit(?:y|ies)|dpa|ftc|federal trade commission|attorney general|ombudsman|bbb|better business bureau)\b"),
             rx(r"\b(?:unresolved|not (?:been )?(?:satisfactorily|adequately|properly) (?:addressed|resolved|handled)|not satisfied with (?:our|the|its) (?:response|resolution|answer|reply)|"
                r"(?:not|never) (?:been )?(?:responded|answered) to|independent (?:dispute|recourse|arbitrat|(?:\w+ )?mechanism)\w*|dispute resolution (?:mechanism|provider|program|service)s?|"
                r"(?:lodge|file|make|bring|submit) (?:a |your )?complaint (?:with|to) (?:a |the |your )?(?:\w+ ){0,3}(?:authorit(?:y|ies)|regulators?|commission|ftc|ombudsman|bbb|truste|esrb)|"
                r"supervisory authorit\w*|data protection authorit\w*|right to complain to)\b"), needs_data=False, phrased_negatively=True),
    Practice("scope", rx(r"\b(polic(y|ies)|statement|notice|terms)\b.{0,12}\b(cover\w*|appl(y|ies)|govern\w*)\b|"
                          # "does the museum's privacy policy still protect me after I click a link …?", "do DQ's privacy promises still cover me?"
                          r"\b(polic(y|ies)|statement|notice|promises|protections)\b (?:still |even |also )?(?:protect|cover|apply to)s? (?:me|us|you|stuff|things|what|anything|information|info|data|content|posts)\b|\bresponsib\w* for (what|how|the)\b.{0,40}\b(sites?|websites?|apps?|links?|companies|services)\b|"
                          # whether the company answers for what others do ("if Mint misuses my data, is the bank on the hook?")
                          r"\b(on the hook|liab(le|ility)|accountable|take (any )?(responsibility|the blame)|(is|are) (they|the company|\w+) to blame|in charge of (what|how))\b|\b(?=(is|are|be|being) (they|the company|(?:the |that |this )?\w+) (held )?responsible\b)|"
                          r"\b(cover\w*|appl(y|ies)|govern\w*)\b.{0,20}\b(by|to) (the company(?:'s)?|this|the|these|their|its|[\w.-]+'s?) (privacy )?(polic(y|ies)|statement|notice|terms)\b"),
             rx(r"\b(appl(y|ies)|cover(s|ed)?|govern(s|ed)?|extends?|subject to|rather than|responsib\w* for|in effect for|"
                # "we don't control the privacy practices of these (or any other) third-party services"
                r"control\w* (?:over )?(?:the )?(?:privacy )?(?:practices|policies|content|sites?|services?))\b"), needs_data=False),
    Practice("public", rx(r"\b(visible|publicly|(made|make|be|is|are|go|goes|become\w*|stay\w*|kept)( (that|this|it|those|these|everything))? public)\b|"
                           # "will the comments I post show up on google?"
                           r"\b(?:show|turn|pop)s? up (?:on|in) (?:google|bing|search(?: engines?| results)?)\b|\b(?:searchable|indexed) (?:on|by|in) (?:google|bing|search)|"
                           r"\bpost (my|your|his|her|our) (\w+ )?(name|names|info\w*|photos?|pictures?|details)\b|"
                           # "will they slap my name up on a winners page?"
                           r"\b(?:slap|stick|put) (?:my|your|his|her|our) (?:\w+ )?(?:name|names|photos?|pictures?) (?:up )?on (?:a|the|their|its) (?:\w+ )?(?:page|list|site|website|wall|board)s?\b|"
                           # "could they print it in the magazine with my name on it?"
                           r"\b(?:print|run|publish|feature)\w* (?:it|them|that|this|my \w+) (?:\w+ )?in (?:the|their|a|its|one of their) (?:print |next )?(?:magazines?|papers?|newspapers?|issues?|print edition)\b|"
                           r"\b(?:printed|published|featured|run) in (?:the|their|a|its) (?:print |next )?(?:magazines?|papers?|newspapers?|issues?|print edition)\b|"
                           r"\b(can|could|will|would|do|does|might|may) (just |really |actually |literally )?(everyone|everybody|anyone|anybody|others|other (users|people|members|visitors)|people(?! (?:who|that|at|in|working|from|there|inside)\b)|"
                           + PUBLIC_AT_LARGE + r")( \w+){0,3}?(?: (?:on|in|at) (?:the|this|their) (?:site|website|app|forum|community)(?: \w+){0,3}?)? (see|view|read|find|look up|get at|access|get (?:into|hold of))\b|"
                           # "can anyone use what I write there?": others taking what I post
                           r"\b(everyone|everybody|anyone|anybody|others|other (users|people|members)|strangers) (\w+ )?(use|copy|reuse|repost|share|take) what (i|you) (write|post|upload|share|say)\b|"
                           # "stuff I type in one of their chats - can they post it on the site?"
                           r"\b(?:(?<=they )|(?<=company ))(?:post|publish|print|display)\w* (?:it|them|that|this|those|these) (?:up )?(?:on|in) (?:the|their|its) (?:site|website|web ?site|pages?|forums?)\b|"
                           r"\b(print|publish|run)\w* (my|your) (real |full )?(name|letter|story|review|comment)s?\b|\b(put|stick|post|plaster)\w* my (\w+ )?name (up )?on\b|"
                           r"\b(show|display|publish)\w* (my|your) (\w+ ){0,2}(name|e-?mail( address)?|address|phone( number)?|photos?|location)\b|"
                           r"\b(name|e-?mail|photo|picture|address|it|post|comment)s? (\w+ )?(show|shows|showing|turn|turns) up\b|"
                           # "could my name and profile pic end up showing in ads?", "can I make my comments private?"
                           r"\b(end|ends|wind|winds) up (showing|appearing|being (shown|displayed|posted|published))\b|\bmake (my|your|the|these|those) (\w+ ){0,4}(private|hidden|invisible)\b|"
                           r"\b(is|are|be|becomes?|goes|go|stays?)\b(?:\s+[\w']+){1,8}\s+public\s*\?*\s*$"),
             rx(r"\b(?:publication|publish\w*) (?:\w+ ){0,3}?in (?:the |our |its |their )?(?:\w+ )?(?:magazines?|newspapers?|print|papers?)\b|\b(becomes? public|publicly (available|visible|accessible|displayed)|public(ly)? (posting|areas?|forums?|profiles?)|"
                 r"(visible|available|accessible|viewable) (only )?to (other (users|members|visitors|people)|all (other )?(users|members|visitors)|anyone|everyone|the (general )?public|members)|"
                 r"(can be |be |is |are )?(seen|viewed|read|accessed|collected|used|visible|viewable|accessible) by (other (users|members|visitors|people)|anyone|everyone|others|the (general )?public)|"
                 r"(anyone|everyone|others|other (users|members|visitors|people)|the (general )?public) (may|can|could|will be able to) (access|see|view|read|use)|"
                 r"post\w* (your|their|the winners?'?s?) (\w+ )?(names?|information|photos?|pictures?|likeness)|"
                 r"(made|make) (available )?public(ly)?|available publicly|"
                 # "the comments, information, thoughts or ideas you provide may be published on the Site"
                 r"(?:be|is|are) (?:published|posted|displayed) (?:\w+ ){0,2}on (?:the|our) (?:site|website|web ?site|pages?)|"
                 # "Your username and location and any … content you post publicly will be shared with others"
                 r"post\w* publicly|"
                 # "We may also share some of your entry information with third parties or the public in connection with … winner selection"
                 r"(share|disclose|release)\w* (\w+ ){0,6}?(with|to) ((third parties|others|sponsors) (or|and) )?the (general )?public|(not|never) (be )?(public|visible|published|displayed)|"
                 r"(display|show|publish)\w* (your|their|the (user|winner)s?'?s?) (\w+ ){0,2}(names?|e-?mail( address)?|address|phone( number)?|photos?|location)|"
                 r"(display|publish)\w* (\w+ )?(information|details) about (you|them|the winners?)|"
                 r"post\w* (any|no) (\w+ ){0,2}(information|names?|details)|"
                 r"(is|are|will be) (considered )?(public|publicly (available|viewable|accessible))(?!\s+(authorit|bod|agenc|record|health|interest|safety|officials)))\b"), needs_data=False),
    # being held to account for a complaint or a choice ("if I file a complaint will it affect how they treat me?", "will they
    # penalize me for opting out?"): a policy rules out retaliation and discrimination
    Practice("retaliate", rx(r"\b(retaliat\w*|discriminat\w*|penali[sz]\w*|punish\w*|hold (it|that|this) against|treat (me|us) (any )?(differently|worse)|(get|be|being|getting) (me |us )?treated (any )?(differently|worse|badly|unfairly)|"
                             r"affect (how|the way) (they|you|the company|\w+) (treat|treats|care for)|get (me )?in trouble|(deny|refuse) me (service|care|treatment))\b"),
             rx(r"\b(retaliat\w*|discriminat\w*|penali[sz]\w*|take (any )?(adverse )?action against|treat (you )?differently|"
                r"(deny|denying|refuse|refusing) you (goods|services|care|treatment))\b"),
             needs_data=False),
    Practice("charge", rx(r"\b((?<!\bin )charg(e|es|ed|ing)|fees?|cost (me )?(anything|money)|for free|free of charge|(have|need|got) to pay|pay (them|anything|money|a fee|extra) (for|to))\b"),
             rx(r"\b(charg(e|es|ed|ing)( you)?|(a |any |reasonable |nominal |administrative )?fees?|free of charge|at no (cost|charge)|without charge)\b"),
             needs_data=False),
    Practice("retroactive", rx(r"\b(retroactiv\w*|(data|info\w*) (they|you|it) (already )?(have|hold|collected)\b.{0,20}\balready|"
                                r"(appl(y|ies)|use) .{0,40}\b(already|previously) (have|has|collected|gathered|given))\b|"
                                r"\b(appl(y|ies)|cover\w*) .{0,30}\b(i|you) (already|previously) (gave|given|provided|shared|submitted)\b|"
                                r"\b(collected|gathered|got|obtained) (from (me|you) )?before (the|that|this|an?) (update|change)|"
                                # "could they switch to a worse policy for the data they already have on me?"
                                r"(?<!\bwith )(?<!\bwith other )(?<!\bwith the )(?<!\bto )(?<!\bto other )(?<!\bto the )\b(data|info\w*|details|stuff|everything) (that )?(i|they|you|it) (already|previously) (have|has|hold|holds|collected|got|gave|given|provided|shared|submitted)\b"),
             rx(r"\b(retroactiv\w*|(collected|received|obtained|gathered) (from you )?(in the past|previously|before|prior to)|previously collected|"
                 r"already collected|chang\w* (?:\w+ ){0,6}?(?:to make (?:it|them) )?less protective|less protective)\b"), needs_data=False),
    Practice("honor_dnt", rx(r"\b(do[- ]not[- ]track|dnt)\b"),
             rx(r"\b(honou?r\w*|respect\w*|respond\w*|recogni[sz]\w*|compl(y|ies)|support\w*|react\w*|process\w*|act on|treat\w*|obey\w*|"
                 r"follow\w*|accept\w*|take\w* (no |any )?action|in response to)\b"), needs_data=False),
    # (not things sold to the user: "other companies that want to sell me stuff")
    Practice("sell", rx(r"\b((?:re)?sell\w*\b(?! (?:me|us|you|him|her)\b)|(?:re)?sold|sale of (my|our|your|personal|user)|rent\w*|monetiz\w*|trade\w* (my|your) (data|info)|mak\w* money (off|from|by|on|with)|(buy|buys|buying|purchas\w*) (my|your|our|user|users'|personal) (\w+ )?(data|info\w*|details))"),
             rx(r"\b(sell|sells|selling|sold|resell|resells|reselling|resold|rent|rents|renting|rented|trade|trades|trading|traded|lease|leases|leased|lend|lends|barter\w*|"
                 r"exchang\w*(?![^.;]{0,80}\b(?:fraud|credit risk))|monetiz\w*|profit from|"
                 # a trade for value: "third parties who purchase leads from us", "… who compensate us for leads"
                 r"purchas\w* leads|buy\w* leads|compensat\w* (\w+ ){0,2}for (leads|(your |personal )?(information|data)))\b")),
    Practice("targeted_ads", rx(r"\b(target\w*|interest[- ]based|personali[sz]\w*|tailor\w*|behavio\w*|relevant|customi[sz]\w*)\b.{0,30}\b(ad|ads|advert\w*|marketing)\b|"
                                 r"\b(ads?|advertis\w*)\b.{0,30}\b(based on|tailored|targeted|relevant|personali[sz]\w*|aimed|picked|chosen|follow\w*)|"
                                 r"\b(follow\w*|stalk\w*|chas\w*)\b.{0,30}\b(ads?|advertis\w*)\b|\b(ads?|advertis\w*)\b.{0,20}\b(on|across) other (sites|websites|apps)\b|"
                                 r"\b(ad|advertising|tracking) networks?\b.{0,30}\b(follow|track)\w*|"
                                 r"\bprofil\w* .{0,20}\b(ad|ads|advertis\w*)(?: target\w*)?|\b(affect|affects|influenc\w*|shap(e|es|ing)|determin\w*|decid\w*)\b.{0,20}\b(the |which |what )?(ads?|advertis\w*)\b|\b(retarget\w*|remarket\w*)|\b(ad|ads|advertising) target\w*|"
                                 r"\bus(e|es|ed|ing) (my|your|our|the|this|that|it|them|personal|any) ?(\w+ )?(for|to (show|serve|pick|choose|target)( me)?) (ads|advertis\w*)\b|"
                                 r"\b(pick|choose|decide|select|determine)\w* (which|what) (ads|advertis\w*)|"
                                 # remarketing: "will they use cookies to show me their ads later?"
                                 r"\bshow (me|us) (their|its|the|those|these) (ads|advertis\w*) (later|afterwards?|elsewhere|on other)"),
             rx(r"\b(target\w*|interest[- ]based|personali[sz]\w*|tailor\w*|behavio\w*|relevant|customi[sz]\w*|select)\b.{0,40}\b(ad|ads|advert\w*|offers?|promotions?|marketing)\b|"
                 r"\bbehaviou?r(al|ally)? target\w*|\b(?:third|3rd)[- ]party behaviou?ral tracking|"
                 # "we use demographic data to decide which advertisements … to show to which members", "ads are displayed only to female members"
                 r"\b(decid|determin|choos|select)\w* (which|what) (ads|advertisements|advertising)\b|"
                 r"\b(ads|advertisements|advertising)\b.{0,20}\b(displayed|shown|served|delivered) only to\b|"
                 # remarketing: "Show DCCCD ads to people who have previously visited our website"
                 r"\b(ads|advertisements|advertising)\b.{0,20}\bto (people|users|visitors|those|individuals) who (have )?(previously |already )?visited\b|"
                 # "… used to deliver banner advertisements to you on the Internet", "help show advertisements on other websites"
                 r"\b(deliver|show|serve|display|redeliver)\w* (\w+ ){0,2}(ads|advertisements|advertising)\b.{0,20}\b(on|across) (the internet|other (web ?)?sites|third[- ]party (web ?)?sites)\b|"
                 r"\b(ads?|advertis\w*|offers)\b.{0,50}\b(interests?|relevant|tailored|targeted|personali[sz]\w*)\b|\bserve (you )?ads\b|"
                 r"\b(ads?|advertis\w*|banners?|sponsored (content|messag\w*|links?|listings?)|promotions?)\b.{0,60}\bbased (up)?on\b|"
                 r"\b(participate|take part) in (\w+ )?(tracking|ad|advertising) networks?\b|"
                 # "creates individual profiles for commercial marketing"
                 r"\b(creat|build|compil|develop)\w* (\w+ ){0,2}profiles? (\w+ ){0,3}for (\w+ ){0,2}(marketing|advertising)\b|"
                 r"\b(online )?activit(y|ies) (over time and )?across (different |other |(?:third|3rd)[- ]?party )?(web ?sites|sites|services|apps)\b"), needs_data=False),
    Practice("notify", rx(r"\b(notif\w*|(?<!\bi )(?<!n't )(?<!\bnot )(inform|tell|telling) (" + _AUDIENCE + r")(?!\s+(?:why|how|where|which|who)\b)|let (" + _AUDIENCE + r") know|told|alert\w*|"
                           r"warn\w*|hear (about|of) (it|this|that|the change\w*|change\w*|updates?)|where (?:would|will|do|can|could|should) (?:i|we) (?:find out|hear)(?: about (?:it|that|them))?(?=\W*$)|"
                           r"(find out|learn|know|hear)( \w+){0,2} (if|when|whether|that|about) (\w+ ){0,5}(chang\w*|updat\w*|revis\w*|breach\w*|hack\w*)|"
                           r"(get|receive) (a |an )?(notice|email|warning|heads[- ]up)|heads[- ]up|how much (advance )?notice|advance notice|"
                           r"(e-?mail|text|message|ping|contact) (" + _AUDIENCE + r") (\w+ ){0,3}(if|when|whenever|before|about) (\w+ ){0,6}(chang|updat|revis|amend|breach|hack|leak)\w*|give (me|us|you|users|people|customers) (a |an |any )?(heads[- ]up|notice|warning)|"
                           r"(give|gives|provide|provides|post|posts) (any |advance |prior |some )?notice|"
                           # when new terms apply ("how long before the new rules actually kick in?")
                           r"(?<=\bnew )(?:\w+ )?(?:one|rules?|polic\w*|terms|version) (?:\w+ )?(?:kicks? in|takes? effect|(?:becomes?|goes|go|comes?) (?:into )?effect\w*))\b"),
             rx(r"\b(notif(y|ies|ied|ying|ication\w*)|inform(s|ed|ing)? (you|users?|our users|members|customers|visitors|subscribers)|let you know|"
                 r"alert\w*|(send|sending|provide|providing|give|giving|post|posting|display\w*|place|placing)\b.{0,25}\bnotice|"
                 r"notice (of|to you|to users)|e-?mail (you|to you|notice)|"
                 # "all changes will be posted to this Privacy Policy at the time such changes are made"
                 r"(?:chang|updat|revis|modif)\w*\b.{0,30}\b(?:will|shall) be (?:posted|published|displayed)|"
                 r"post\w* (?:any |all |the |such |those |these |our )?(?:chang|updat|revis|modif)\w*)"), needs_data=False),
    # the right to change the policy at will ("can RestaurantNews change its privacy statement whenever it wants?")
    Practice("modify", rx(r"\b(chang\w*|modif\w*|alter\w*|rewrit\w*|updat\w*|revis\w*|amend\w*|tweak\w*) (?:\w+ ){0,3}?(?:polic\w*|statement|terms|rules|notice)\b[^?]{0,40}\b(whenever|any ?time|at will|on a whim|"
                          r"as (?:they|it|he|she) (?:please|pleases|like|likes|want|wants|see fit))\b"),
             rx(r"\b(reserve\w* the right to|may|can|will) (?:\w+ ){0,2}(chang|modif|alter|updat|revis|amend)\w*\b.{0,40}\b(polic\w*|statement|terms|notice)\b|"
                r"\b(polic\w*|statement|terms|notice|contents)\b.{0,60}\b(may|can|will) be (chang|modif|alter|updat|revis|amend)\w*"), needs_data=False),
    Practice("opt_out", rx(r"\b(opt\w*[- ]?out( of receiving)?|(?<=\bway to )stop (?:\w+ ){0,3}?(?:from )?(?:collect|gather|track)\w* (?:anything|everything|any (?:data|info\w*))|get off|take me off|remove me|(?:drop|delete|cut) me (?:off|from)|unsubscrib\w*|stop (receiving|getting|sending|them from|it)|quit (receiving|getting)|"
                            r"stop (their|the|these|those|all|any|your) (\w+ )?(e-?mails?|messages?|texts?|calls?|newsletters?|notifications?|ads|mail\w*|marketing|promotions?)|"
                            # "can I cancel the text alerts later?"
                            r"cancel (?:the |their |my |those |these |all )?(?:\w+ ){0,4}?(?:e-?mails?|messages?|texts?|alerts?|newsletters?|notifications?|mailings?|subscriptions?)|"
                            r"stop (every|each|all)( single)? (\w+ )?(e-?mails?|messages?|texts?|calls?|newsletters?|notifications?|mail\w*)|quit (the |their |those |these |all )?(\w+ ){0,2}(e-?mails?|newsletters?|messages?|texts?|mailing lists?)|tell (\w+ ){0,3}not to (give|share|sell|send|use|pass|disclose|rent)|"
                            r"stop \w+( \w+)? from|stop \w+( \w+)? (calling|e-?mailing|texting|mailing|contacting|messaging) (me|us)|keep (me|myself|my \w+) out|make (it|them|this|that|these|those) stop|"
                            r"(?:turn|switch) off|(?:turn|switch) (?:(?:all|each|every|both|any)(?: of)? )?(those|these|them|it|that|this)( \w+)? off|disable|mute|stop (them|those|these)|withdraw\w*|object|say no|(?:get|have) (?:a |any |some )?say\b|decline|refus\w*|(option|choice|choose|able|allowed) (of |to )?not (be )?\w+|"
                            r"choose not|no longer receive|(not|don'?t) want)\b"),
             rx(r"\b(opt\w*[- ]?out|unsubscrib\w*|stop receiving|stop (the )?(delivery|receipt) of|no longer (receive|wish)|not to receive|prefer not|turn\w* off|withdraw\w*|object\w*|"
                 r"(manage|adjust|update) (your |their )?(\w+ ){0,2}(subscriptions?|preferences|choices|communications?|notifications?|e-?mail)|prefer (that )?(we|us) not|"
                 # (found in OPP-115's User Choice/Control sentences)
                 r"(option|choice|opportunity|ability) (to |of )?not (to )?receiv\w*|(option|choice|right) (of|to) (exclud|withhold|remov)\w*|to not receive|(us|we) to stop sending|remove you from (the|our|any|a) (\w+ )?(list|mailing)|notification settings|choose (whether|which|not)|"
                 r"disabl\w*|decline|let us know|discontinu\w*|opt\w* in only|remove (yourself|your (name|e-?mail))|(be|been|get|getting|being) removed from|revok\w*|set which|"
                 # "you may choose to accept e-mails, but not postal mail or telephone calls"
                 r"(?:choose|elect) to (?:accept|receive|get) [^.;]{1,40}?,? but not|"
                 # "if you wish to exclude your personal information from our direct marketing purposes"
                 r"exclud\w* (your |my )?(personal )?(\w+ )?(information|data|details|name|e-?mail( address)?) from|"
                 r"(request|ask|direct|instruct)\w* (that )?(us|we|the company)?.{0,60}\bnot (to )?(share|use|sell|disclose|send|contact))\b"), needs_data=False,
             phrased_negatively=True),
    Practice("delete", rx(r"\b(delet\w*|eras\w*|remov\w*|wip(e|es|ed|ing)|purg\w*|destroy\w*|tak(e|en|ing) (\w+ )?(down|off)|tak(e|en|ing) (\w+ ){0,2}out of (the|their|your|its|his|her) (\w+ )?(database|records?|systems?|files?)|(?:get|got|have|had) (?:it|them|this|that) (?:taken|took) out\b|clos\w* (my|the|an) (\w+ ){0,2}account|shut\w* (down )?(my|the|an) (\w+ ){0,2}account|deactivat\w*|forget|forgotten|get rid|throw\w* (?:\w+ ){0,2}away|toss\w* (?:\w+ ){0,2}(?:away|out))\b"),
             # (not taking oneself off a list: "You may also remove yourself from Food Allergy Research & Education e-mail list")
             rx(r"\b(delet\w*|eras\w*|remov\w*(?! (?:yourself|your name|you|your e-?mail(?: address)?) from (?:[\w&'-]+ ){0,6}?(?:e-?mail|mailing|distribution|subscriber|marketing|newsletter) lists?)|clos\w* (your|the|an|their) account|deactivat\w*|terminat\w* (your|the|their) account|forgotten|purg\w*|"
                 r"destroy\w*|suppress\w*)\b"), needs_data=False),
    Practice("retain", rx(r"\b(for how long|how long(?! (?:they|i|we|you|he|she|kids|children|users|people|visitors|members) (?:stay|spend|spent|remain|linger|are on|were on|browse))|(keep\w*|kept)(?! (?!anything|something|everything|nothing)\w+ing\b)(?! tabs?\b)(?! an? (?:close )?eye\b)(?! (a |any )?(record|log)s? of\b)(?!(?: \w+){0,3} (private|safe|secure|confidential|protected|on track|up to date|informed|in the loop)\b(?! (messages?|info\w*|data|details|photos?|posts?|chats?|conversations?|notes?|files?|records?)\b))|retain\w*|retention|(?<!\bthe )(?<!\ba )(?<!\bin )(?<!\bin-)(?<!\bthat )(?<!\bthis )(?<!\blocal )(?<!\bretail )(?<!\bfranchise )(?<!\bour )(?<!\byour )(?<!\btheir )(?<!\bany )(?<!\beach )(?<!\bonline )(?<!\bapp )(?<!\bweb )(?<!\bmy )(?<!\bits )stor(e(?! (?:cameras?|footage|employees?|staff|clerks?|managers?|locations?|visits?|purchases?|receipts?|associates?|security)\b)|es(?!\s*(?:so|that|who|which|and|or|like|such|[,.?!;]|$))|ed|ing|age)|(?<=\bapp )stor(e|es) (?=(my|your|any|personal|data|info\w*|it|them|this|that|these|those)\b)|sav(e|es|ed|ing)|on file|(hold|hang)\w* on ?to|(hang|stick)\w* around|linger\w*|(?<=\bstill )(sit|sits|sitting|be sitting|stay|stays|staying|remain|remains|be kept)(?= (in|on) (their|the|its|some) (\w+ )?(backups?|servers?|archives?|systems?|databases?))|preserv\w*|for how (long|many)|(?<=\bstill )ha(?:ve|s)(?= (?:(?:my|his|her|your|their|our|the|any|all) )?(?:\w+ )?(?:info\w*|data|details|records?|stuff|it|them)\b))\b(?! track)"),
             rx(r"\b(retain\w*|retention|keep|keeps|kept|store|stores|stored|storing|sav(e|es|ed|ing)|hold|holds|preserv\w*|maintain\w*|archiv\w*|"
                 r"lasts?|expir\w*(?! dates?)|persist\w*|remain\w*|stay\w* (?:\w+ ){0,2}(?:in|on) (?:our|its|the) (?:\w+ )?(?:backups?|servers?|archives?|systems?|databases?|back-?up files?)|duration|continu\w* to exist|still exists?|(up to|for) \d+ (days?|weeks?|months?|years?)(?! (to|for us to) \w+)|"
                 r"(delet|eras|purg|destroy|remov|anonymi[sz])\w*(?=.{0,60}\b(after|within|once|when|thereafter|no longer)\b))\b"), needs_data=False),
    Practice("access", rx(r"\b(access|copy|copies|download\w*|see what|show (?:me|us) (?:what|which|all|everything|the (?:\w+ )?(?:info\w*|data|details|records?) (?:they|you|it|\w+) (?:have|hold|keep))|look (at|over|through) what|check what|review|know what|find out|obtain (a copy|my)|export|portab\w*|view|"
                           r"ask (them |you |\w+ ){0,2}(what|which) (\w+ ){0,2}(info\w*|data|details)|(?:ask|request) (?:\w+ ){0,2}?to (?:see|view|look at) (?:the|my|all|what|everything)\b|(?:(?<=\bi )|(?<=\bi can )|(?<=\bi could ))(?:see|pull up|look up|look back at|look back through) (?:all |every |a list of )?(?:of )?(?:the|my)|"
                           + LIST_OF_RECIPIENTS + r"|send (?:me|us) (?:a copy of |a list of )?(?:what|which|all|everything)\b.{0,30}\b(?:have|hold|keep|store|know|got) (?:on|about) (?:me|us)|"
                           r"(?<!\bto )(?<!\binto )(?<!\bwith )(?:what|everything|all) (?:\w+ ){0,2}(?:they|you|it|\w+) (?:have|hold|keep|store|know|got) (?:on|about) (?:me|us)(?= *\?))\b"),
             rx(r"\b(access\w*|copy|copies|download\w*|review\w*|export\w*|portab\w*|port|right to know|request to know|view\w*|obtain (a copy|your)|request and receive|"
                 r"request\w* (certain )?information (about|regarding|on|concerning)|request and obtain|(right|entitled) to (receive|obtain)\b.{0,30}\binformation (about|regarding|on|concerning)|(request\w*|ask\w*) to see|see (your|the) (personal )?information|obtain\b.{0,40}\ba list\b|request (a|an) (notice|list|description|accounting) (from us )?(describing|of|identifying)|request\w* (a|an) ([\w-]+ )?disclosure\b|take (\w+ ){1,6}out of (\w+ ){0,3}(services|products|account)|"
                 # "… will provide to the visitor a summary of any personally identifiable information retained"
                 # "The following information is available to registered students: … Grades"
                 r"(?:(?<=information is )|(?<=data is )|(?<=records are )|(?<=details are ))available to (you|(registered |current |enrolled )?(students|users|members|customers|subscribers|account holders))\b|"
                 r"(provide|send|give|furnish)\w* (to (you|the \w+) )?((you|the \w+) )?(with )?(a|an) (summary|copy|list|report|description) of (any |all |the )?(your )?(personal\w*|info\w*|data))\b")),
    Practice("correct", rx(r"\b(correct\w*|rectif\w*|edit\w*|amend\w*|fix\w*|updat\w* (my|incorrect|wrong)|change (my|incorrect|wrong)|(?:change|update) the (?:\w+ )?(?:address|e-?mail|phone number|name)\b(?= (?:on|in) (?:\w+ ){1,3}(?:account|profile|file))|wrong|incorrect|"
                            r"inaccurate|out of date|outdated)\b"),
             rx(r"\b(correct\w*|rectif\w*|edit\w*|amend\w*|updat\w*|modif\w*|chang\w*|(?:in)?accura(?:cy|te)\b)\b"), needs_data=False),
    Practice("cookies", rx(r"\b(" + TRACKERS + r"|track (me|my|users)(?!(?: \w+)? (location|whereabouts|gps|position))|"
                            r"(know|tell|track|see|find out|check|detect|notice|confirm) ((whether|if|when) |(which|what) (\w+ )?(links?|e-?mails?|ads?|messages?|newsletters?) )(i|you) (open\w*|read|click\w*))\b"),
             rx(r"\b(cookies?|web beacons?|pixels?( tags?)?|tracking technolog\w*|similar technolog\w*|local storage|flash|sdks?|clear gifs?|"
                 r"tags?|fingerprint\w*|confirmation (when|that|noting|whether) (you|a user) (have )?open\w*|"
                 r"(know|learn|see|determine|tell|track) (when|whether( or not)?|if) (you|users|recipients|readers|(our )?(users|consumers|customers|guests|members|subscribers|readers)) (have )?(open|read|view)\w*|"
                 # "help us track which emails are opened"
                 r"(know|learn|see|determine|tell|track\w*) (which|what) (of our )?(e-?mails?|messages|newsletters) (are|were|have been|is|was|you) (opened|open|read))\b"), needs_data=False),
    Practice("receive", rx(r"\b(?:(?:buy\w*|bought|purchas\w*|pull\w*|get|gets|getting|obtain\w*)\b.{0,40})?\bfrom\b.{0,30}\b(other|(?:third|3rd)[- ]?part\w*|outside|public|partners?|brokers?|bureaus?|agencies|social (media|networks?))\b"
                            r"(?: (sources?|places|compan(y|ies)|businesses|parties|records|databases?)\b)?|\b((?:third|3rd)[- ]?part\w*|other sources?)\b.{0,40}\babout (me|you)\b|"
                            r"\b(get|gets|getting|got|obtain\w*|buy\w*|bought|pull\w*)\b.{0,40}\bfrom (somewhere|someplace|anywhere|anyplace) else\b|\bfrom elsewhere\b|"
                            r"\bcredit (?:checks?|reports?|bureaus?|histor\w*)\b"),  # "will they look me up with credit bureaus?"
             rx(r"\b(receiv\w*|obtain\w*|collect\w*|get|gets|acquir\w*|combin\w*|add\w*)\b(?=.{0,120}\bfrom (?!(you|your|users?|visitors?|customers?|members?|people|persons|individuals(?! and (?:companies|businesses|organi[sz]ations|entities))|consumers|our (users|visitors|customers)|which|where|whom)\b))|\b(partners?|(?:third|3rd)[- ]?part\w*|advertisers?|companies|providers?|others|"
                 r"sources?|services?|networks?|affiliates?|brokers?|resellers?)\b.{0,40}\b(send|provide|give|share)\w*\b"
                 # what they give us is data ("share information about you with us"), not services ("so they can provide us with support")
                 r"(?=.{0,40}\b(information|data|details|lists?|records?|it|them)\b).{0,40}\b(with )?us\b|"
                 r"\b(information|data)\b.{0,30}\b(partners?|(?:third|3rd)[- ]?part\w*|companies|providers?|others|sources?|services?|networks?|"
                 r"affiliates?)\b.{0,20}\b(send|provide|give|share)\w*\s+(it\s+)?(to|with)\s+us\b")),
    Practice("transfer_abroad", ABROAD,
             rx(r"\b(transfer\w*|process\w*|stor(e|ed|ing)|(?<!retail )stores|(?<!stores )(?<!offices )(?<!headquarters )located|host\w*|servers?|sent|send|moved?|safe harbou?r|privacy shield|"
                 r"standard contractual clauses)\b"), needs_data=False),
    Practice("combine", rx(r"\b(combin\w*|add\w* (?:it|that|this|them|those) to (?:what|everything|all) (?:they|you|it) (?:already )?know|mix\w*|mash\w*(?: (?:it|them|this|that|these|those|everything|all))? together|mash\w*|connect\w*\b(?!.{0,40}\bwith (?:my|your|our|a|an) (?:facebook|google|twitter|apple|social|fb|instagram)\b).{0,40}\b(to|with) (my|your|our|the|a|who (?:i|you) (?:\w+ )?(?:am|are))\b|merg\w* (my|our|your|it|the|data|info|what|everything|all)|link\w*\b(?! (from|on|in) )(?<!(sites|pages) linked).{0,40}\b(with|to)\b|match\w* up|(tie|ties|tied|tying) (\w+ ){0,6}(to|with)\b|(attach|attaches|attached|attaching) (\w+ ){0,4}to (my|your|our|the|their) (\w+ )?(account|profile|record|name)s?\b|(tie|ties|tied|tying|trace|traces|traced|tracing|link|links|linked|linking|connect|connects|connected|connecting|match|matches|matched|matching) (\w+ ){0,8}back to (me|my|us|you|who)\b|hook\w* (\w+ ){0,5}up (to|with)\b|hook\w* up (\w+ ){1,6}(to|with)\b|"
                            r"put (it |them )?together|(?:link|stitch|piec|sew|tie|glu|bundl|pull)\w* (\w+ ){0,4}together|into (one|a single) (\w+ )?(profile|record|account))"),
             # (not a merger of companies: "the merged company will have the same privacy practices")
             rx(r"\b(combin\w*|merg(?!ers?\b|ed (?:company|companies|entity|entities|business)\b)\w*|link\w*|associat\w*|supplement\w*|match\w*)\b")),
    # clauses of the terms a lawyer reads first (Marotta-Wurgler & Stein's enforcement questions)
    Practice("arbitration", rx(r"\barbitrat\w*"), rx(r"\barbitrat\w*"), needs_data=False),
    Practice("class_action", rx(r"\b(class[- ]actions?|class[- ]wide|representative actions?|join (a|any) (class|lawsuit))\b"),
             rx(r"\b(class[- ]actions?|class[- ]wide|class arbitration|representative (actions?|proceedings?)|collective actions?)\b"), needs_data=False),
    Practice("governing_law", rx(r"\b(governing law|choice of law|(which|what) (state'?s?|country'?s?|jurisdiction'?s?) laws?|laws? (of which|that) (state|country))\b"),
             rx(r"\b(govern\w* by (and construed in accordance with )?(the )?laws? of|governing law|construed (in accordance with|under) the laws? of|"
                 r"laws? of the state of)\b"), needs_data=False),
    Practice("forum", rx(r"\b((which|what|where) (court|courts|venue|forum)|forum selection|venue)\b|\bwhere (do|would|can|must) i (sue|file|bring)\b"),
             rx(r"\b((exclusive )?(jurisdiction|venue) (of|in) (the )?(state|federal|courts?)|courts? (located )?in|forum|venue)\b"), needs_data=False),
    Practice("verify", rx(r"\b(verif\w*|check (who|my identity|that it'?s me)|(check|make sure|confirm) (that )?it'?s (really |actually )?me|prove (who|my identity|it'?s me)|confirm (who|my identity))\b"),
             rx(r"\b(verif\w*|confirm (your|the requester'?s?) identity|proof of (your )?identity|authenticat\w*)\b"), needs_data=False),
    Practice("rights", rx(r"\b(rights?(?! (away|now|after|before|here|there|then))|entitled)\b"), rx(r"\b(rights?|entitled|may request|can request|may ask|opt[- ]?out)\b"), needs_data=False),
    # work done for the company by another company ("is my order handled by an outside company?" — "shoppbs.org uses a third party
    # fulfillment agent to manage orders, credit card processing, order fulfillment and shipping")
    Practice("outsource", rx(r"\b((handled|processed|run|managed|administered|done|taken care of|operated|hosted|fulfilled|shipped) by (\w+ ){0,2}"
                             r"(outside|third[- ]party|external|other|another|separate) (compan\w*|firms?|vendors?|contractors?|businesses|services?|organi[sz]ations?)|"
                             r"(use|uses|using|hire|hires|hiring) (\w+ ){0,2}(outside|third[- ]party|external|other) (compan\w*|firms?|vendors?|contractors?|businesses) (to|for)|"
                             r"outsourc\w*|in-house)\b"),
             rx(r"\b((retain|retains|use|uses|used|engag\w*|hir\w*|employ\w*|contract\w* with|rel(y|ies|ied) on|work\w* with) (the services of )?"
                r"(an? |some |certain |other )?((third[- ]party|outside|external|independent|trusted|other) )?(\w+ )?(contractors?|vendors?|agents?|service providers?|"
                r"companies|firms|processors?|third[- ]parties) ((to|who|that) (\w+ ){0,2}|for (\w+ ){0,2}(?=\w+(?:ing|ment|ion)\b))(manage|handle|process|provide|perform|administer|run|host|ship|fulfill|operate|deliver|"
                r"maintain)\w*|outsourc\w*)\b"), needs_data=False),
    Practice("share", rx(r"\b(shar\w*|(?<=they )post\w* (?:[\w']+ ){0,6}?(?:to|on) (?:my |your |their )?(?:facebook|twitter|instagram|social media|timeline|wall|feed)\b|disclos\w*|swap\w*|(?:(?<!\bto )|(?<=going to ))(give|gives|giving)(?! (me|us|you|users|people|customers|members|parents|readers|visitors)\b)(?! (?:any |advance |prior |some )?notice\b)|(?<=\bthey )gave(?! (me|us|you)\b)|(?:'ve|\bhave|\bhas|\bhad) given(?! (me|us|you)\b)|pass(es|ed|ing)?|hand(s|ed|ing)?\b( over)?|transfer\w*|make available|(?<!\bi )(?<!\bwe )send|sends|(?<!\bi )(?<!\bto )provid\w* (my|your|personal)|"
                          r"releas\w*|reveal\w*|turn\w* (\w+ ){0,3}over|forward\w*|tell (my|the|your) (boss|employer|insurer|insurance company|family|parents?|school|landlord)|(?<=my )(boss|employer|insurer|insurance company|landlord) (\w+ ){0,2}?(hear\w*|find\w* out|learn\w*) about|(?<=\bthey )tell them (?=(which|what|who|whether|about)\b)|show\w* (my|your) (?:\w+ ){0,4}?to (?:my|your|their|other|all)\b|(get|gets|got|be|been|being|is|are|was|were) sent(?! (?:over )?to (?:them|the company|it|their (?:servers?|site|website))\b)|(?:be|been|being|get|gets|got|getting) given (?:to|out|away)\b|(?<!\bcompany )(?<!\bthey )end(s|ed)? up (with|in the hands of|in front of)|(end|ends|ended|wind|winds|wound) up on (\w+ ){0,2}lists?|(get|gets|be|is|are|being|getting) mov(ed|e) (around )?(to|between|among)|tell (?:her|him|my (?:sister|brother|mother|mom|father|dad|wife|husband|partner|family|parents?|son|daughter|kids?|friend|relatives?)) (?:how|about|what|whether)|(?<=\binfo )(?:go|goes|going) to|(?<=\binformation )(?:go|goes|going) to|(?<=\bdata )(?:go|goes|going) to|(?:go|goes|going|flow|flows|pass|passes|passed) back and forth|(?<=\bdetails )(?:go|goes|going) to|end(s|ed)? up (on|in) ([\w']+ ){0,4}(lists?|databases?))\b"),
             rx(r"\b(shar\w*|disclos\w*|give|gives|giving|pass(es|ed|ing)?|transfer\w*|make (\w+ ){1,3}available|send|sends|sending|(?<!\byou )(?<!\bbe )(?<!\bbeen )provid\w*(?! us\b)|releas\w*|reveal\w*|"
                 r"(?<=\bbe )provided to|(?<=\bbeen )provided to|(?<=\bis )provided to|(?<=\bare )provided to|access, preserve|furnish\w*|report\w*|turn over|place you on a mailing list|exchang\w* (?:\w+ ){0,2}?with|swap\w* (?:\w+ ){0,2}?with|forward\w*|redirect\w*|hand\w* over|"
                 # a party receiving it from the company: "our advertising partners also receive information about your activity"
                 r"(partners?|advertisers?|(?:third|3rd)[- ]part(y|ies)|vendors?|affiliates?|family of companies|ad networks?|advertising companies)\b[^.;,]{0,25}\b(receiv\w*|obtain\w*|get|gets|have access to)|administrators?\b[^.;]{0,80}?\bhave access to|"
                 # … or let to gather it: "We allow third-party companies to serve ads and/or collect certain anonymous information"
                 r"(?:allow|permit|let)s? (?:certain |selected |some )?(?:third[- ]part\w*|other|outside|advertising|ad) ?(?:companies|partners|vendors|networks|advertisers|parties)?"
                 r"(?: \w+){0,5}? (?:to |and/or |or )(?:collect|gather|obtain|access|receive))\b")),
    Practice("protect", rx(r"\b(encrypt\w*|secur\w*|protect\w*|safeguard\w*|breach\w*|hack\w*|safe|safely|stolen|steal\w*)\b"),
             rx(r"\b(encrypt\w*|secur\w*|protect\w*|safeguard\w*|ssl|tls|firewall\w*|breach\w*|"
                 # access kept to those who need it (read from OPP-115's Data Security sentences)
                 r"(limit|restrict)\w* (\w+ ){0,3}access|access (\w+ ){0,5}(is|are) (limited|restricted)|prevent unauthori[sz]ed access)\b"), needs_data=False),
    Practice("collect", rx(r"\b((?:(?<=\bcompany )|(?<=\bthey )|(?<=\bapp )|(?<=\bapps ))(get to |be able to |able to )?(see|view)\b|(?<=\bwhat )(?:do|does|will|would|did) (?:they|it|you) (?:get|grab|pull|receive)(?= *\?)|(?<=\b(?:info|data) )(?:do|does|will|would|did) (?:they|it|you) (?:take|want|grab|ask for)\b|(?<=\binformation )(?:do|does|will|would|did) (?:they|it|you) (?:take|want|grab|ask for)\b|(?<=\bstuff )(?:do|does|will|would|did) (?:they|it|you) (?:take|want|grab|ask for)\b|(?<=\bdetails )(?:do|does|will|would|did) (?:they|it|you) (?:take|want|grab|ask for)\b|\bask\w* (?:me |you )?to (?:confirm|provide|give|send|enter|verify|update|type|re-?enter) (?:my|your|his|her)\b|\bask\w* (?:me |you )?(?:what|which|about) (?:my|your|his|her)\b|\bask\w* (?:me |you )?how (?:much|many|old)\b|\bask\w* (?:me |you |us )?for (?:any |some |more )?(?:personal|private|contact) (?:info\w*|data|details)\b|\bask\w* (?:me |you )?for (?:stuff|things|info\w*|details|data|more)(?: like| such as)? (?:my|your)\b|\bask\w* (?:me |you )?for (?:my|your|his|her) (?!(?:consent|permission|approval|opinion|feedback|help|input|agreement|ok|okay)\b)|\bget\w* (?:\w+ )?(?:info|information|data|details|stuff) from (?:(?:my|your|his|her) )?(?!(?:kids?|child|children|son|daughter|me|us|you)\b)|follow\w* (how|where|what|which) (i|you)\b|go(es)? through (my|your|the) (?:\w+ ){0,2}?(?=(?:contacts?|address book|photos?|pictures?|e-?mails?|messages?|texts?|files?|phone|camera roll|gallery|calendar|inbox)\b)|go(es)? through (my|your)\b|keep\w* tabs?|keep\w* an? (?:close )?eye on|look\w* at the (?:private |personal |direct )?(?:messages|e-?mails|chats|conversations|dms|texts)\b|collect\w*|gather\w*|pick(s|ed|ing)? up (on )?(my|your|info\w*|data|location|where|what|details)|(figure|work) out|(?<!\bto )tell ((roughly|exactly|precisely|approximately) )?(where|whether|if|which|what (i|my)|what (other )?(web)?(sites?|pages?|apps?))|infer\w*|guess\w*|deduc\w*|monitor\w*|obtain\w*|pull\w*|(?<!\bon )track\w*|record\w*|log|logs|logging|logged(?! in\b)|(?<!\bi'm )(?<!\bim )(?<!\bam )(?<!\bbe )(?<!\bstay )logged(?= in\b)|take (my|your)|grab\w*|get (into|access)|read(s|ing)?\b|scan\w*|know (\w+ )?(where|my)|get (my|your)|(?:(?<=\bcompany )|(?<=\bthey ))end(?:s)? up with (?:my|your)\b|(?:(?<=\bcompany )|(?<=\bthey )|(?<=\bit )|(?<=\bare they )|(?<=\bis it )|(?<=\bthey're ))(?:gets|getting) (my|your)|access (my|your)|use (my|your)|(?:(?<=\bthey )|(?<=\bit )|going to |gonna )have (my|your|all my|any of my)|"
                            r"listen\w* (to|in)|spy(?!ware)\w*|report\w* back|watch\w* (what|my|me|where)|upload\w* (my|your|all|any)|turn\w* on (my |the )?(mic\w*|camera|gps|location)|look\w* (at|through) (my|your|what|which)|determin\w* (my|your|where)|(need|needs|require|requires) (my|your|any|personal)|(be|is|are|get) (required|requested|needed|asked for)|(need|needs|have|has|required|asked) to (give|provide|enter|submit|fill in|tell them)|"
                            r"us(e|es|ing) .{0,20}(gps|location|camera|microphone|contacts)|(let|lets|letting|allow|allowing) (it|them|the app|the site|(?!me\b|us\b|you\b)\w+(?: (?!me\b|us\b|you\b)\w+)?) (see|access|know|track|have|get) (my|your|where))\b"),
             rx(r"\b(collect\w*|gather\w*|obtain\w*|receiv\w*|record\w*|(?<=automatically )recogni[sz]\w*|log(?! files?\b)|logs(?! files\b)|logged|access\w*|us(e|es|ed|ing)|stor(e|es|ed)|captur\w*|"
                 r"request\w*|solicit\w*|tells? us (?:how|which|what|whether|where|when|from)|ask\w* (?:you |users? |members? |customers? |visitors? )?for|requir\w* (?:that )?(?:(?:website|site) )?(?:you|users?|visitors?|members?|customers?) (?:to )?(?:provide|submit|give|enter|supply|reveal|disclose)|ask\w* (?:you |users? |members? |customers? )to (?:provide|confirm|give|send|enter|verify|update|identify|indicate|tell us|share)|allow us|derive\w*|infer\w*|process\w*|track\w*|monitor\w*|determine (whether|if|which|where)|determin\w*(?= (?:[\w']+ ){0,12}?(?:geographic\w* |physical |approximate |general )location)|"
                 # what the user must give, and what the company looks at (read from OPP-115's First Party Collection sentences)
                 r"(required|asked|prompted) to (provide|submit|give|enter|supply)|(?<=\bis )(?:required|mandatory) (?:for|in order)|(?<=\bare )(?:required|mandatory) (?:for|in order)|look at what|(information|data) we learn|"
                 r"(allow|permit|let)\w* (\w+ ){1,6}to (provide|submit|give|send) us)\b")),
    Practice("use", rx(r"\b(use|uses|using|used|utili[sz]\w*|process\w*|analy[sz]\w*|do (\w+ )?with (my|your|the|this|that|it|our|their)|"
                       # "will they add me to their mailing list because of that?": my address put to marketing use
                       r"add (me|it|them|my \w+( address)?) to (a|the|their|its|your) (\w+ )?(mailing|e-?mail|marketing|newsletter|contact) lists?)\b"),
             # (… and sharing for a purpose is a use for it: "We may share … your name and home institution, for the purposes of promoting
             # IFSA-Butler programs" for "could they use my name to advertise their programs?"; not a sharing the user may refuse)
             rx(r"\b(use|uses|using|used|process\w*|analy[sz]\w*|(?<!\bnot )(?<!n't )(?:share|disclose)\w*(?=\b[^.;]{0,100}\bfor (?:the )?(?:purposes? of )?(?:promot|advertis|market)))\b")),
    # the company getting in touch with the user ("will they start texting me?", "am I going to start getting emails from them?"); a way
    # out named anywhere in the question comes first (:func:`intent.read_question`), and "send me …" stays sharing with me, with the
    # kind of message as its topic
    Practice("message", rx(r"\b((?<!\bi )(?<!\bto )(?<!\bme )(?:e-?mail(?:s|ing)?|text(?:s|ing)?|call(?:s|ing)?|contact(?:s|ing)?|messag(?:e|es|ing)|phon(?:e|es|ing)) (?:me|us|you|my (?:kids?|child|children|son|daughter|teen))\b|(?<!\bi )(?<!\bto )(?:e-?mail(?:s|ing)?|text(?:s|ing)?|spam(?:s|ming)?|messag(?:e|es|ing)) (?:my|his|her|that|the) (?:friends?|buddy|buddies|brother|sister|mom|mother|dad|father|wife|husband|partner|aunt|uncle|cousin|relatives?|recipients?)\b|(?<!\bi )(?:reach|reaches|reaching) out (?:to (?:me|us)|about (?:it|that|this|them))\b|(?:start|starts|begin) (?:sending|e-?mailing|texting|calling|messaging) (?:me|us)\b|(?:start|starts|begin) (?:getting|receiving) "
                            r"(?:\w+ ){0,2}(?:e-?mails|texts|calls|messages|newsletters|mailings|offers|promos?|promotions)|"
                            r"(?:get|getting|receive|receiving) (?:\w+ ){0,2}(?:e-?mails|texts|calls|messages|newsletters|mailings) from (?:them|it|the company)|"
                            # "do I get signed up for their newsletter automatically?"
                            r"(?:signed|sign|put|added|enroll|enrolled|subscribed|stuck|placed) (?:me |us )?(?:up )?(?:for|to|in|on) (?:their|the|a|any|its|some) (?:\w+ )?(?:newsletters?|mailing lists?|e-?mail lists?)|(?:sign|signed|signing|subscribe|subscribed|subscribing) (?:up )?(?:for|to) (?:[\w']+ ){1,3}?(?:text (?:message )?alerts|sms alerts|text messages|texts))\b"),
             rx(r"\b((?:e-?mail|text|call|(?:re-?)?contact|messag|phon)(?:s|es|ed|ing)? (?:you|customers|former customers|users|members|subscribers|visitors|participants|them)\b|"
                 r"(?:send|sends|sent|sending) (?:\w+ ){0,2}(?:e-?mails|texts|text messages|messages|newsletters|mailings) to (?:\w+ )?(?:you|users|customers|members|subscribers|visitors)\b|"
                 # "We will automatically send your friend a one-time email inviting him or her to visit the site"
                 r"(?:send|sends|sent|sending|e-?mail|e-?mails|contact|contacts) (?:your|the|that) (?:friends?|recipients?|contacts?|invitees?)(?: (?:\w+ ){0,3}(?:e-?mails?|messages?|invitations?|notes?|texts?))?\b|"
                 r"(?:send|sends|sent|sending) (?:our |its )?(?:you|them|customers|users|members|subscribers) (?:\w+ ){0,3}(?:e-?mails?|texts?|text messages|messages|newsletters?|offers|"
                 r"promotions?|promotional|information|updates|notices|alerts|communications|mailings|materials|catalogs?)|"
                 r"(?:notify|inform|tell) you (?:of|about) (?:\w+ ){0,3}(?:offers|promotions|products|deals|events|news)|"
                 r"you (?:will|may|might|could) (?:also )?(?:receive|get|be sent|be contacted)|"
                 # "if you buy tickets from us we'll enroll you in our newsletter"
                 r"(?:enroll|subscribe|sign|add|put|plac)\w* you (?:up )?(?:in|to|for|on) (?:our|the|its|a) (?:\w+ )?(?:newsletters?|mailing lists?|e-?mail lists?))\b"), needs_data=False),
    # whom the user can reach about privacy ("is there a privacy person I can write to?", "who do I contact with a complaint?")
    Practice("contact", rx(r"\b(privacy (officer|person|people|team|contact|department|office|administrator|manager)|data protection officer|dpo|"
                            r"(who|whom) (do|can|should|would) i (contact|write|e-?mail|call|complain|talk|speak|ask)|"
                            r"(someone|somebody|anyone|a person|a human)( \w+){0,3} (i can |to )?(call|contact|write|e-?mail|reach|talk|speak)|"
                            r"(call|contact|reach|write|write to|e-?mail|talk to|speak to|speak with|talk with) (\w+ ){0,3}(with|about|regarding) (a |an |my |any )?(privacy )?(complaints?|questions?|concerns?)|"
                            # a way to reach them ("is there a phone number I can call …?", "do they list a mailing address if I want to send them a letter?")
                            # (the number or address asked stays an object: a sentence must give it)
                            r"(is there|do they (have|list|give|provide|post|publish)|does \w+ (have|list|give|provide|post|publish)) (a |an |any )?(?!(?:my|your|his|her|our|their)\b)"
                            r"(?=(\w+ )?(phone|telephone|toll[- ]free|mailing|postal|physical|street) (number|line|address))|"
                            r"(?:(?<=number )|(?<=address ))(?=(?:i|we) (?:can|could) (?:call|write to|send \w+ to|mail)\b))\b"),
             rx(PHONE_NUMBER + r"|\b[A-Z][a-z]+,? [A-Z]{2} \d{5}\b|\b(contact (us|our|the)|you (can|may) (also )?(contact|write|e-?mail|call|reach)|privacy (officer|administrator|team|office|department|manager)|"
                 r"data protection officer|(questions|concerns|comments|complaints)\b.{0,60}\b(contact|write|e-?mail|call|send)\w*)\b"), needs_data=False),
)
BY_NAME = {p.name: p for p in PRACTICES}

#: Topics a question may be about, with the words a policy uses for them. A sentence must speak of
#: a question's topics (one word of each) to decide it.
TOPICS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    ("children", rx(r"\b(?<!post about my )(?<!posts about my )(?<!posted about my )(?<!posting about my )(child\w*|kids?|minors?|under (the age of )?1[0-8]|teen\w*|young|\d{1,2}[- ]?(years?|yrs?)[- ]old|\d{1,2} ?y/?o|son|daughter|"
                    r"(?<=\bi'm )(1[0-7]|[5-9])|(?<=\bim )(1[0-7]|[5-9])|(?<=\bi am )(1[0-7]|[5-9])|"
                    # "my little brother is 11"
                    r"(?:daughter|son|kid|child|brother|sister|niece|nephew|grandson|granddaughter)(?:'s|\s+is)\s+(?:only\s+|just\s+)?(?:1[0-7]|[5-9]))\b"),
     rx(r"\b(child\w*|kids?|minors?|under (the age of )?1[0-8]|age of 1[0-8]|1[0-8] years|teen\w*|coppa|age limit|parent\w*|(your|a) (son|daughter)s?|"
        r"(under|younger than|below) (the age of )?(thirteen|fourteen|fifteen|sixteen|seventeen|eighteen)\b( \(1[3-8]\))?)\b")),
    ("location", rx(r"\b(where (i am|i'm|im|my (phone|device|car|kids?) is)|(what|which) (city|town|area|region|neighbou?rhood|part of (the )?\w+)( or (city|town|area|region|neighbou?rhood))? (i am|i'm|im|i live)( \w+ing)?|locat\w*|gps|geo[- ]?(locat\w*|graphic\w*|tag\w*|fenc\w*|data|target\w*|ip)|whereabouts)\b"),
     rx(r"\b(locat\w*|gps|geo[- ]?(locat\w*|graphic\w*|tag\w*|fenc\w*|data|target\w*|ip)|latitude|longitude|wi-?fi access points|cell towers)\b")),
    ("precise", rx(r"\b(precise\w*|exact\w*|gps|geo-?locat\w*)\b"),
     rx(r"\b(precise\w*|exact\w*|gps|geo-?locat\w*|latitude|longitude|geotag\w*|device location|wi-?fi access points)\b")),
    ("law", rx(r"\b(law enforcement|police|cops?|government\w*|authorit\w*|court\w*( orders?)?|subpoena\w*|legal (request|process|order)s?|required by law|(search )?warrant\w*|regulators?)\b"),
     rx(r"\b(law|laws|legal\w*|government\w*|authorit\w*|court\w*|subpoena\w*|warrant\w*|regulat\w*|police|judicial)\b")),
    ("marketing", rx(r"\b(market(?!place| research)\w*|promot\w*|newsletters?|advertis\w*|offers?|commercial(?! (?:databases?|sources?|records|data|brokers?))|spam\w*|"
                     r"sell (?:me|us|you) (?:stuff|things|products|their|\w+ (?:stuff|things|products))|"
                     # "… so those companies can send me ads?", "… to send me their own ads?"
                     r"(?:send|mail|email|e-mail) (?:me|us|you) (?:\w+ ){0,2}?ads|(?:their|its) own ads)\b"),
     rx(r"\b(market\w*|promot\w*|newsletters?|advertis\w*|offers?|commercial|subscriptions?|news|communications?|e-?mails?|mailing lists?)\b")),
    ("sms", rx(r"\btext(s|ed|ing)? (me|us|you|messages?)\b|\btexts\b|\bsms\b|\btext messages?\b"),
     rx(r"\b(text(ing)? messag\w*|texts|texting|sms|mobile (messag\w*|marketing|alerts?)|short ?codes?|wireless (messag\w*|devices?|carriers?)|"
         r"(cell(ular)?|mobile) (phone )?numbers?|(e-?mail|mail|phone|call)s?,? (or |and )?text)\b")),
    ("email", rx(r"\b(e-?mails?|e?-?newsletters?)\b"), rx(r"\b(e-?mails?|newsletters?|communications?|messages?|unsubscrib\w*)\b|[\w.+-]+@[\w-]+\.\w+")),
    # (not the company advertising its own things: "could they use my name to advertise their programs?", "in their advertising")
    ("advertisers", rx(r"\b((?<!\btheir )(?<!\bits )(?<!\bour )advertis\w*(?! (?:their|its|our) )|marketers?|marketing partners?|ad (networks?|partners?|companies|agenc(?:y|ies)|agents?)|advertising (?:agenc(?:y|ies)|agents?))\b"),
     # (… nor a sentence about its own: "help us better advertise our mission, programs, and events")
     rx(r"\b(advertis\w*\b(?! (?:our|its) )|marketers?|marketing|ad (networks?|partners?|companies)|ads|mailing list|promotion\w*|offers?|"
        r"(?:third|3rd)[- ]party (?:behaviou?ral )?tracking|behaviou?ral tracking)\b")),
    ("third_parties", rx(r"\b((?:third|3rd)[- ]?part\w*|partners?|other (compan\w*|organi[sz]ations?|businesses|entities|groups|charities|non-?profits)|outside|others|anyone)\b"),
     rx(r"\b((?:third|3rd)[- ]?part\w*|partners?|other (?:\w+ )?(compan\w*|organi[sz]ations?|businesses|groups|charities|non-?profits)|outside|others|anyone|advertis\w*|affiliates?|vendors?|"
         r"providers?|networks?|payment (?:services?|processors?)|"
         # "we make customer mailing lists available to carefully screened companies"
         r"(?:to|with) (?:(?:carefully|selected|select|screened|certain|trusted|reputable|unaffiliated|various|some|specific|outside) ){1,3}(?:compan(?:y|ies)|organi[sz]ations?|businesses|entities|firms|merchants|retailers))\b")),
    ("account", rx(r"\baccounts?\b"), rx(r"\b(accounts?|profiles?|data|databases?|information)\b")),
    ("california", rx(r"\b(californi\w*|ccpa|cpra|shine the light|los angeles|san francisco|san diego|san jose|sacramento|oakland|(?-i:LA|SF|CA))\b"), rx(r"\b(californi\w*|ccpa|cpra|shine the light)\b")),
    # rights under European law ("does the policy give people in Europe any particular privacy rights?", "any rights under GDPR?")
    ("europe", rx(r"\bi(?:'m| am)? (?:live|living|based|located) in (?:the )?(?:eu|e\.u\.|europe|eea|european union|germany|france|spain|italy|ireland|netherlands)\b.{0,60}\brights?\b|"
                  r"\b(gdpr|general data protection regulation|(eu|e\.u\.|europe|european|eea)\b(\s+\w+){0,3}\s+(rights?|laws?|regulations?)\b|"
                  r"(rights?|protections?)\b(\s+\w+){0,3}\s+(in|under|for)\s+(the\s+)?(eu|e\.u\.|europe|european|eea)\b)"),
     rx(r"\b(gdpr|general data protection regulation|eu|e\.u\.|europe\w*|eea|switzerland|swiss|united kingdom|uk|data protection (authorit\w+|act|directive))\b")),
    ("abroad", ABROAD,
     rx(r"\b(countr(y|ies)|abroad|overseas|international\w*|outside (of )?(the )?(us|u\.s\.|united states|eu|eea|uk|europe|your country)|cross-border|"
         r"jurisdictions?|other locations|(in|to) the (united states|u\.s\.|us|european union|eu|eea)|safe harbou?r|privacy shield|"
         r"(stored|hosted|located|processed|kept|held|maintained|housed)\b[^.;]{0,60}\b(in|to) " + _PLACES + r"|"
         r"standard contractual clauses)\b")),
    ("dnt", rx(r"\b(do[- ]not[- ]track|dnt)\b[\"”']?( browser)?( signals?| settings?| requests?)?"), rx(r"\b(do[- ]not[- ]track|dnt)\b")),
    ("breach", rx(r"\b(breach\w*|hack\w*|leak\w*|compromis\w*|stolen|unauthori[sz]ed|(data|info\w*|it) (is |gets? |was )?exposed|breaks? into|broke into)\b"),
     # (a measure "to prevent unauthorized access" is protection, no breach)
     rx(r"\b(breach\w*|hack\w*|leak\w*|compromis\w*|stolen|(?<!prevent )(?<!against )unauthori[sz]ed (access|acquisition|disclosure)|security incident\w*)\b")),
    ("merger", rx(r"\b(" + BUSINESS_SOLD + r"|(?<!\bi )(?<!\bwe )(?<!\bi've )(?<!\bi have )(?<!\bdata )(?<!\binfo )(?<!\binformation )(?<!\bdetails )(?<!\balready )(?<!\bjust )(?<!\bonce )bought(?! (?:a|an|some|something|anything|stuff|tickets?|it|this|that|these|those|one|two|\d+)\b)( out)?|acquir\w*|acquisition|merg(e|es|ed|er|ing)\b(?! (my|your|it|the|data|info|what|everything|all|them))|bankrupt\w*|insolven\w*|new owners?|"
                   r"goes under|out of business|(?<!address )(?<!data )(?<!info )(?<!information )(?<!details )(?<!name )(?<!email )(?<!number )(?<!list )(?<!lists )(gets?|is|are|being) sold|(the|a|new) (buyers?|purchasers?))"),
     rx(r"\b(merg\w*|acqui\w*|bankrupt\w*|insolven\w*|reorgani[sz]\w*|divest\w*|successor|change of control|sale of (all|some|part|the|our|a) "
         r"(business|company|assets)|(business|company|assets?) (is|are|was|were|be|being|gets?) (sold|transferred|acquired)|business transition|buyer|purchaser|"
         # "a sale of substantially all Miami New Times assets", "we may buy or sell various assets", "… the other party(ies) of the transaction"
         r"sale of substantially all\b[^.;]{0,40}\bassets|(buy|sell)\w* (various |certain |some |any )?(assets|business(es)?)|part(y|ies|\(ies\)) (of|to) the transaction|assets (\w+ )?(transferred|sold)|"
         # "in connection with a corporate transaction where all or a portion of our business or assets (including …) are sold",
         # "If a CBS Interactive Services is sold to another company"
         r"corporate (?:transaction|reorgani[sz]ation|restructuring)|(?:business|assets)\b[^.;]{0,80}?\b(?:is|are|be|being) (?:sold|transferred)\b|"
         r"(?:is|are|be|being|gets?) sold to (?:another|a third|an acquir\w*|a new|a successor))")),
    ("encryption", rx(r"\b(encrypt\w*|scrambl\w*|plain ?text|in the clear|unencrypt\w*)\b"), rx(r"\b(encrypt\w*|unencrypt\w*|ssl|tls|secure sockets?( layer)?|https|cryptograph\w*|scrambl\w*)\b")),
    ("changes", rx(r"\b(chang\w*|updat\w*|modif\w*|revis\w*|amend\w*|rewrit\w*|tweak\w*)\b"),
     rx(r"\b(chang\w*|updat\w*|modif\w*|revis\w*|amend\w*)\b.{0,60}\b(polic\w*|notice|statement|terms|practices)\b|"
         r"\b(polic\w*|notice|statement|terms)\b.{0,60}\b(chang\w*|updat\w*|modif\w*|revis\w*|amend\w*)|\bnew version\b|\b(?:the|a|this) new (?:privacy )?(?:policy|terms|notice|statement)\b|"
         # the company's changes named without the policy ("If we make changes, we will notify our users")
         # … or a practice it may take up later ("If we choose to do so in the future, you will be notified by email")
         r"\b(?:if|should|when) we (?:ever )?(?:choose|decide|elect|intend|plan) to\b[^.;]{0,40}\bin the future\b|"
         r"\bwe (\w+ ){0,2}(make|makes|made|decide to make) (\w+ ){0,2}(changes|revisions|updates)\b|\bnotif\w* (\w+ ){0,2}of (any )?(such )?((significant|material|substantial|major|important|or|and) ){0,3}changes\b|"
         # a change of the practices ("changes in the way we treat your information")
         r"\bchang\w* (in|to) (the way|how) (we|it|the company) (treat|handle|use|collect|process|protect|share|disclose)\w*\b|"
         r"\bin a (manner|way) (materially )?different from\b")),
)
#: How a policy states each topic, by name.
TOPIC_STATED = {name: stated for name, _, stated in TOPICS}
#: How a question names each topic (narrower than a policy's words for it: "required by law", not any "laws").
TOPIC_ASKED = {name: asked for name, asked, _ in TOPICS}
#: Topics only these practices look for (a change notice is about changes; Do Not Track is its own topic).
OWN_TOPICS = {"notify": ["changes", "breach"], "honor_dnt": ["dnt"]}
#: Topics naming a kind of recipient ("to advertisers", "third parties", "marketing partners").
PARTY_TOPICS = {"advertisers", "third_parties", "marketing"}
#: Practices few sentences state, each of them on point (a lower relevance floor): those with a topic of their own,
#: whether posts are public, what the policy covers, a right to correct one's information.
NARROW_PRACTICES = {*OWN_TOPICS, "social_login", "escalate", "public", "scope", "arbitration", "class_action", "governing_law", "forum", "correct", "combine", "retaliate"}
