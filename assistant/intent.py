"""What a question asks: yes/no or open, whose action (the company's or the user's), which practice.

The practices are privacy-policy vocabulary, not question wordings: each names the verbs a
question uses for it and the verbs a policy uses when it states it ("sell" ~ sell, rent,
trade; "retain" ~ keep, store, retain, for N days). The verdict reader in :mod:`stance`
looks for those verbs in the policy's sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .text import tokenize


def _rx(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.I)


@dataclass(frozen=True)
class Practice:
    """A data practice: how questions name it, and how policies state it."""

    name: str
    asked: re.Pattern[str]
    stated: re.Pattern[str]
    needs_data: bool = True  # the stated verb must act on personal data ("sell your information", not "sell tickets")
    phrased_negatively: bool = False  # its stated phrases hold a "not" of their own ("request that we not share", "no longer receive")


_PLACES = (r"(the )?(us|u\.s\.?|usa|united states|america|eu|eea|european union|europe|uk|united kingdom|canada|mexico|germany|france|spain|"
           r"italy|ireland|(the )?netherlands|australia|india|japan|china|brazil)")
#: "if the company sells one of its websites": the business changes hands (a transfer with it, not a sale of personal data)
_BUSINESS_SOLD = (r"(?:sel(l|ls|ling|ld) off the company\b|sel(l|ls|ling|ld) (off )?(one of |part of |some of |all of )?(its|their|the company'?s?) (\w+ )?(websites?|sites?|business\w*|"
                  r"compan(y|ies)|assets|divisions?|brands?|units?|properties|magazines?|papers?|stations?|apps?))")
_ABROAD = _rx(r"\b(servers? (in|outside) (the )?\w+|countr(y|ies)|abroad|overseas|international\w*|outside (of )?(the )?(us|u\.s\.|united states|eu|eea|uk|europe|your country)|"
              r"(end\w* up|processed|stored|kept|held|hosted|goes|go|gets? sent|sent|transferred|moved?|shipped|travel\w*|com(e|es|ing) over) (over )?(in|to|into|from) " + _PLACES + r"|"
              r"\bi('m| am)? ((live|living|based|located|read|reading|use|using|visit|visiting|browse|browsing|access|accessing)( \w+){0,2} )?(in|from) "
              + _PLACES + r")\b")

#: Most specific first: the first practice a question names is its main one.
#: Whom a company tells of a change ("will they tell readers?", "let members know").
_AUDIENCE = "me|us|users|you|people|customers|everyone|anyone|readers|members|subscribers|visitors|consumers|parents|patients|the public|affected users|them"
PRACTICES: tuple[Practice, ...] = (
    Practice("scope", _rx(r"\b(polic(y|ies)|statement|notice|terms)\b.{0,12}\b(cover\w*|appl(y|ies)|govern\w*)\b|\bresponsib\w* for (what|how|the)\b.{0,40}\b(sites?|websites?|apps?|links?|companies|services)\b|"
                          r"\b(cover\w*|appl(y|ies)|govern\w*)\b.{0,20}\b(by|to) (this|the|these|their|its) (privacy )?(polic(y|ies)|statement|notice|terms)\b"),
             _rx(r"\b(appl(y|ies)|cover(s|ed)?|govern(s|ed)?|extends?|subject to|rather than|responsib\w* for)\b"), needs_data=False),
    Practice("public", _rx(r"\b(visible|publicly|(made|make|be|is|are|go|goes|become\w*|stay\w*|kept)( (that|this|it|those|these|everything))? public)\b|"
                           r"\bpost (my|your|his|her|our) (\w+ )?(name|names|info\w*|photos?|pictures?|details)\b|"
                           r"\b(can|could|will|would|do|does|might|may) (just |really |actually |literally )?(everyone|everybody|anyone|anybody|others|other (users|people|members|visitors)|the public|strangers|"
                           r"random (people|strangers|users)|people (online|on the internet))( \w+){0,3} (see|view|read|find|look up)\b|"
                           r"\b(show|display|publish)\w* (my|your) (\w+ ){0,2}(name|e-?mail( address)?|address|phone( number)?|photos?|location)\b|"
                           r"\b(name|e-?mail|photo|picture|address|it|post|comment)s? (\w+ )?(show|shows|showing|turn|turns) up\b"),
             _rx(r"\b(becomes? public|publicly (available|visible|accessible|displayed)|public(ly)? (posting|areas?|forums?|profiles?)|"
                 r"(visible|available|accessible|viewable) (only )?to (other (users|members|visitors|people)|anyone|everyone|the (general )?public|members)|"
                 r"(can be |be |is |are )?(seen|viewed|read|collected|used|visible|viewable|accessible) by (other (users|members|visitors|people)|anyone|everyone|others|the (general )?public)|"
                 r"(anyone|everyone|others|other (users|members|visitors|people)|the (general )?public) (may|can|could|will be able to) (access|see|view|read)|"
                 r"post\w* (your|their|the winners?'?s?) (\w+ )?(names?|information|photos?|pictures?|likeness)|"
                 r"(made|make) (available )?public(ly)?|available publicly|(not|never) (be )?(public|visible|published|displayed)|"
                 r"(display|show|publish)\w* (your|their|the (user|winner)s?'?s?) (\w+ ){0,2}(names?|e-?mail( address)?|address|phone( number)?|photos?|location)|"
                 r"(display|publish)\w* (\w+ )?(information|details) about (you|them|the winners?)|"
                 r"post\w* (any|no) (\w+ ){0,2}(information|names?|details)|"
                 r"(is|are|will be) (considered )?(public|publicly (available|viewable|accessible))(?!\s+(authorit|bod|agenc|record|health|interest|safety|officials)))\b"), needs_data=False),
    Practice("charge", _rx(r"\b((?<!\bin )charg(e|es|ed|ing)|fees?|cost (me )?(anything|money)|for free|free of charge)\b"),
             _rx(r"\b(charg(e|es|ed|ing)( you)?|(a |any |reasonable |nominal |administrative )?fees?|free of charge|at no (cost|charge)|without charge)\b"),
             needs_data=False),
    Practice("retroactive", _rx(r"\b(retroactiv\w*|(data|info\w*) (they|you|it) (already )?(have|hold|collected)\b.{0,20}\balready|"
                                r"(appl(y|ies)|use) .{0,40}\b(already|previously) (have|has|collected|gathered|given))\b|"
                                r"\b(appl(y|ies)|cover\w*) .{0,30}\b(i|you) (already|previously) (gave|given|provided|shared|submitted)\b|"
                                r"\b(collected|gathered|got|obtained) (from (me|you) )?before (the|that|this|an?) (update|change)"),
             _rx(r"\b(retroactiv\w*|(collected|received|obtained|gathered) (from you )?(in the past|previously|before|prior to)|previously collected|"
                 r"already collected|less protective)\b"), needs_data=False),
    Practice("honor_dnt", _rx(r"\b(do[- ]not[- ]track|dnt)\b"),
             _rx(r"\b(honou?r\w*|respect\w*|respond\w*|recogni[sz]\w*|compl(y|ies)|support\w*|react\w*|process\w*|act on|treat\w*|obey\w*|"
                 r"follow\w*|accept\w*|take\w* (no |any )?action|in response to)\b"), needs_data=False),
    Practice("sell", _rx(r"\b(sell\w*|sold|sale of (my|our|your|personal|user)|rent\w*|monetiz\w*|trade\w* (my|your) (data|info)|mak\w* money (off|from|by|on|with)|(buy|buys|buying|purchas\w*) (my|your|our|user|users'|personal) (\w+ )?(data|info\w*|details))"),
             _rx(r"\b(sell|sells|selling|sold|rent|rents|renting|rented|trade|trades|trading|traded|lease|leases|leased|lend|lends|barter\w*|"
                 r"exchang\w*|monetiz\w*|profit from)\b")),
    Practice("targeted_ads", _rx(r"\b(target\w*|interest[- ]based|personali[sz]\w*|tailor\w*|behavio\w*|relevant|customi[sz]\w*)\b.{0,30}\b(ad|ads|advert\w*|marketing)\b|"
                                 r"\b(ads?|advertis\w*)\b.{0,30}\b(based on|tailored|targeted|relevant|personali[sz]\w*|aimed|picked|chosen|follow\w*)|"
                                 r"\b(follow\w*|stalk\w*|chas\w*)\b.{0,30}\b(ads?|advertis\w*)\b|\b(ads?|advertis\w*)\b.{0,20}\b(on|across) other (sites|websites|apps)\b|"
                                 r"\b(ad|advertising|tracking) networks?\b.{0,30}\b(follow|track)\w*|"
                                 r"\bprofil\w* .{0,20}\b(ad|ads|advertis\w*)|\b(retarget\w*|remarket\w*)|"
                                 r"\bus(e|es|ed|ing) (my|your|our|the|this|that|it|them|personal|any) ?(\w+ )?(for|to (show|serve|pick|choose|target)( me)?) (ads|advertis\w*)\b|"
                                 r"\b(pick|choose|decide|select|determine)\w* (which|what) (ads|advertis\w*)"),
             _rx(r"\b(target\w*|interest[- ]based|personali[sz]\w*|tailor\w*|behavio\w*|relevant|customi[sz]\w*|select)\b.{0,40}\b(ad|ads|advert\w*|offers?|promotions?|marketing)\b|"
                 r"\bbehaviou?r(al|ally)? target\w*|"
                 r"\b(ads?|advertis\w*|offers)\b.{0,50}\b(interests?|relevant|tailored|targeted|personali[sz]\w*)\b|\bserve (you )?ads\b|"
                 r"\b(ads?|advertis\w*|banners?|sponsored (content|messag\w*|links?|listings?)|promotions?)\b.{0,60}\bbased (up)?on\b|"
                 r"\b(participate|take part) in (\w+ )?(tracking|ad|advertising) networks?\b|"
                 r"\b(online )?activit(y|ies) (over time and )?across (different |other |(?:third|3rd)[- ]?party )?(web ?sites|sites|services|apps)\b"), needs_data=False),
    Practice("notify", _rx(r"\b(notif\w*|(?<!\bi )(?<!n't )(?<!\bnot )(inform|tell|telling) (" + _AUDIENCE + r")|let (" + _AUDIENCE + r") know|told|alert\w*|"
                           r"warn\w*|hear (about|of) (it|this|that|the change\w*|change\w*|updates?)|"
                           r"(find out|learn|know|hear)( \w+){0,2} (if|when|whether|that|about) (\w+ ){0,5}(chang\w*|updat\w*|revis\w*|breach\w*|hack\w*)|"
                           r"(get|receive) (a |an )?(notice|email|warning|heads[- ]up)|"
                           r"(e-?mail|text|message|ping|contact) (" + _AUDIENCE + r") (\w+ ){0,3}(if|when|whenever|before|about) (\w+ ){0,6}(chang|updat|revis|amend|breach|hack|leak)\w*|give (me|us|you|users|people|customers) (a |an |any )?(heads[- ]up|notice|warning))\b"),
             _rx(r"\b(notif(y|ies|ied|ying|ication\w*)|inform(s|ed|ing)? (you|users?|our users|members|customers|visitors|subscribers)|let you know|"
                 r"alert\w*|(send|sending|provide|providing|give|giving|post|posting|display\w*|place|placing)\b.{0,25}\bnotice|"
                 r"notice (of|to you|to users)|e-?mail (you|to you|notice))"), needs_data=False),
    Practice("opt_out", _rx(r"\b(opt\w*[- ]?out( of receiving)?|get off|take me off|remove me|unsubscrib\w*|stop (receiving|getting|sending|them from|it)|"
                            r"stop (their|the|these|those|all|any|your) (\w+ )?(e-?mails?|messages?|texts?|calls?|newsletters?|notifications?|ads|mail\w*|marketing|promotions?)|"
                            r"stop (every|each|all)( single)? (\w+ )?(e-?mails?|messages?|texts?|calls?|newsletters?|notifications?|mail\w*)|tell (\w+ ){0,3}not to (give|share|sell|send|use|pass|disclose|rent)|"
                            r"stop \w+( \w+)? from|keep (me|myself|my \w+) out|make (it|them|this|that|these|those) stop|"
                            r"turn off|disable|mute|stop (them|those|these)|withdraw\w*|object|say no|decline|refus\w*|(option|choice|choose|able|allowed) (of |to )?not (be )?\w+|"
                            r"choose not|no longer receive|(not|don'?t) want)\b"),
             _rx(r"\b(opt\w*[- ]?out|unsubscrib\w*|stop receiving|no longer (receive|wish)|not to receive|prefer not|turn\w* off|withdraw\w*|object\w*|"
                 r"manage (your |their )?(subscriptions?|preferences|communications?|notifications?|e-?mail)|notification settings|choose (whether|which|not)|"
                 r"disable|decline|let us know|discontinu\w*|opt\w* in only|remove (yourself|your (name|e-?mail))|(be|been|get|getting|being) removed from|revok\w*|set which|"
                 r"(request|ask|direct|instruct)\w* (that )?(us|we|the company)?.{0,60}\bnot (to )?(share|use|sell|disclose|send|contact))\b"), needs_data=False,
             phrased_negatively=True),
    Practice("delete", _rx(r"\b(delet\w*|eras\w*|remov\w*|wip(e|es|ed|ing)|purg\w*|tak(e|en|ing) (\w+ )?(down|off)|clos\w* (my|the|an) (\w+ ){0,2}account|deactivat\w*|forget|forgotten|get rid)\b"),
             _rx(r"\b(delet\w*|eras\w*|remov\w*|clos\w* (your|the|an|their) account|deactivat\w*|terminat\w* (your|the|their) account|forgotten|purg\w*|"
                 r"destroy\w*|suppress\w*)\b"), needs_data=False),
    Practice("retain", _rx(r"\b(for how long|how long|(keep\w*|kept)(?! (?!anything|something|everything|nothing)\w+ing\b)(?! tabs?\b)(?!(?: \w+){0,3} (private|safe|secure|confidential|protected|on track|up to date|informed|in the loop)\b)|retain\w*|retention|(?<!\bthe )(?<!\ba )(?<!\bin )(?<!\bin-)(?<!\bthat )(?<!\bthis )(?<!\blocal )(?<!\bretail )(?<!\bfranchise )(?<!\bour )(?<!\byour )(?<!\btheir )(?<!\bany )(?<!\beach )(?<!\bonline )(?<!\bapp )(?<!\bweb )(?<!\bmy )stor(e|es|ed|ing|age)|(?<=\bapp )stor(e|es) (?=(my|your|any|personal|data|info\w*|it|them|this|that|these|those)\b)|sav(e|es|ed|ing)|on file|(hold|hang)\w* on ?to|preserv\w*|for how)\b(?! track)"),
             _rx(r"\b(retain\w*|retention|keep|keeps|kept|store|stores|stored|storing|sav(e|es|ed|ing)|hold|holds|preserv\w*|maintain\w*|archiv\w*|"
                 r"lasts?|expir\w*(?! dates?)|persist\w*|remain\w*|duration|(up to|for) \d+ (days?|weeks?|months?|years?)(?! (to|for us to) \w+)|"
                 r"(delet|eras|purg|destroy|anonymi[sz])\w*(?=.{0,60}\b(after|within|once|when|thereafter|no longer)\b))\b"), needs_data=False),
    Practice("access", _rx(r"\b(access|copy|copies|download\w*|see what|review|know what|find out|obtain (a copy|my)|export|portab\w*|view|"
                           r"(a|the) list of (who|whom|which|the (companies|parties|businesses|firms)))\b"),
             _rx(r"\b(access\w*|copy|copies|download\w*|review\w*|export\w*|portab\w*|port|right to know|request to know|view\w*|obtain (a copy|your)|request and receive|"
                 r"request\w* (certain )?information (about|regarding|on|concerning)|request and obtain|obtain\b.{0,40}\ba list\b|request (a|an) (notice|list|description|accounting) (from us )?(describing|of|identifying))\b")),
    Practice("correct", _rx(r"\b(correct\w*|rectif\w*|edit\w*|amend\w*|fix\w*|updat\w* (my|incorrect|wrong)|change (my|incorrect|wrong)|wrong|incorrect|"
                            r"inaccurate|out of date|outdated)\b"),
             _rx(r"\b(correct\w*|rectif\w*|edit\w*|amend\w*|updat\w*|modif\w*|chang\w*)\b"), needs_data=False),
    Practice("cookies", _rx(r"\b(cookies?|web beacons?|pixels?|tracking technolog\w*|trackers?|local storage|fingerprint\w*|track (me|my|users)(?! (location|whereabouts|gps|position))|"
                            r"(know|tell|track|see|find out) (whether|if|when) (i|you) (open\w*|read|click\w*))\b"),
             _rx(r"\b(cookies?|web beacons?|pixels?( tags?)?|tracking technolog\w*|similar technolog\w*|local storage|flash|sdks?|clear gifs?|"
                 r"tags?|fingerprint\w*|confirmation (when|that|noting|whether) (you|a user) (have )?open\w*|(know|learn|see) (when|whether|if) (you|users) (open|read))\b"), needs_data=False),
    Practice("receive", _rx(r"\b(?:(?:buy\w*|bought|purchas\w*|pull\w*|get|gets|getting|obtain\w*)\b.{0,40})?\bfrom\b.{0,30}\b(other|(?:third|3rd)[- ]?part\w*|outside|public|partners?|brokers?|bureaus?|agencies|social (media|networks?))\b"
                            r"(?: (sources?|places|compan(y|ies)|businesses|parties|records|databases?)\b)?|\b((?:third|3rd)[- ]?part\w*|other sources?)\b.{0,40}\babout (me|you)\b"),
             _rx(r"\b(receiv\w*|obtain\w*|collect\w*|get|gets|acquir\w*|combin\w*|add\w*)\b(?=.{0,120}\bfrom (?!(you|your|users?|visitors?|customers?|members?|people|persons|individuals|consumers|our (users|visitors|customers)|which|where|whom)\b))|\b(partners?|(?:third|3rd)[- ]?part\w*|advertisers?|companies|providers?|others|"
                 r"sources?|services?|networks?|affiliates?|brokers?|resellers?)\b.{0,40}\b(send|provide|give|share)\w*\b"
                 # what they give us is data ("share information about you with us"), not services ("so they can provide us with support")
                 r"(?=.{0,40}\b(information|data|details|lists?|records?|it|them)\b).{0,40}\b(with )?us\b|"
                 r"\b(information|data)\b.{0,30}\b(partners?|(?:third|3rd)[- ]?part\w*|companies|providers?|others|sources?|services?|networks?|"
                 r"affiliates?)\b.{0,20}\b(send|provide|give|share)\w*\s+(it\s+)?(to|with)\s+us\b")),
    Practice("transfer_abroad", _ABROAD,
             _rx(r"\b(transfer\w*|process\w*|stor(e|ed|ing)|(?<!retail )stores|(?<!stores )(?<!offices )(?<!headquarters )located|host\w*|servers?|sent|send|moved?|safe harbou?r|privacy shield|"
                 r"standard contractual clauses)\b"), needs_data=False),
    Practice("combine", _rx(r"\b(combin\w*|mix\w*|connect\w*\b.{0,40}\b(to|with) (my|your|our|the|a)\b|merg\w* (my|our|your|it|the|data|info)|link\w*\b(?! (from|on|in) )(?<!(sites|pages) linked).{0,40}\b(with|to)\b|match\w* up|(tie|ties|tied|tying) (\w+ ){0,4}(to|with)\b|"
                            r"put (it |them )?together|link\w* (\w+ ){0,4}together|into (one|a single) (\w+ )?(profile|record|account))"),
             _rx(r"\b(combin\w*|merg\w*|link\w*|associat\w*|supplement\w*|match\w*)\b")),
    # clauses of the terms a lawyer reads first (Marotta-Wurgler & Stein's enforcement questions)
    Practice("arbitration", _rx(r"\barbitrat\w*"), _rx(r"\barbitrat\w*"), needs_data=False),
    Practice("class_action", _rx(r"\b(class[- ]actions?|class[- ]wide|representative actions?|join (a|any) (class|lawsuit))\b"),
             _rx(r"\b(class[- ]actions?|class[- ]wide|class arbitration|representative (actions?|proceedings?)|collective actions?)\b"), needs_data=False),
    Practice("governing_law", _rx(r"\b(governing law|choice of law|(which|what) (state'?s?|country'?s?|jurisdiction'?s?) laws?|laws? (of which|that) (state|country))\b"),
             _rx(r"\b(govern\w* by (and construed in accordance with )?(the )?laws? of|governing law|construed (in accordance with|under) the laws? of|"
                 r"laws? of the state of)\b"), needs_data=False),
    Practice("forum", _rx(r"\b((which|what|where) (court|courts|venue|forum)|forum selection|venue)\b|\bwhere (do|would|can|must) i (sue|file|bring)\b"),
             _rx(r"\b((exclusive )?(jurisdiction|venue) (of|in) (the )?(state|federal|courts?)|courts? (located )?in|forum|venue)\b"), needs_data=False),
    Practice("verify", _rx(r"\b(verif\w*|check (who|my identity|that it'?s me)|prove (who|my identity|it'?s me)|confirm (who|my identity))\b"),
             _rx(r"\b(verif\w*|confirm (your|the requester'?s?) identity|proof of (your )?identity|authenticat\w*)\b"), needs_data=False),
    Practice("rights", _rx(r"\b(rights?(?! (away|now|after|before|here|there|then))|entitled)\b"), _rx(r"\b(rights?|entitled|may request|can request|may ask|opt[- ]?out)\b"), needs_data=False),
    Practice("share", _rx(r"\b(shar\w*|disclos\w*|swap\w*|(?<!\bto )(give|gives|giving)(?! (me|us|you|users|people|customers|members|parents|readers|visitors)\b)|pass(es|ed|ing)?|hand(s|ed|ing)?\b( over)?|transfer\w*|make available|(?<!\bi )(?<!\bwe )send|sends|(?<!\bi )(?<!\bto )provid\w* (my|your|personal)|"
                          r"releas\w*|reveal\w*|turn over|forward\w*|(get|gets|be|is|are) sent|end(s|ed)? up (with|in the hands of))\b"),
             _rx(r"\b(shar\w*|disclos\w*|give|gives|giving|pass(es|ed|ing)?|transfer\w*|make (\w+ ){1,3}available|send|sends|sending|(?<!\byou )(?<!\bbe )(?<!\bbeen )provid\w*|releas\w*|reveal\w*|"
                 r"(?<=\bbe )provided to|(?<=\bbeen )provided to|(?<=\bis )provided to|(?<=\bare )provided to|access, preserve|furnish\w*|report\w*|turn over|place you on a mailing list|forward\w*|redirect\w*|hand\w* over|"
                 # a party receiving it from the company: "our advertising partners also receive information about your activity"
                 r"(partners?|advertisers?|(?:third|3rd)[- ]part(y|ies)|vendors?|affiliates?|ad networks?|advertising companies)\b[^.;,]{0,25}\b(receiv\w*|obtain\w*|get|gets|have access to))\b")),
    Practice("protect", _rx(r"\b(encrypt\w*|secur\w*|protect\w*|safeguard\w*|breach\w*|hack\w*|safe|safely|stolen|steal\w*)\b"),
             _rx(r"\b(encrypt\w*|secur\w*|protect\w*|safeguard\w*|ssl|tls|firewall\w*|breach\w*)\b"), needs_data=False),
    Practice("collect", _rx(r"\b((?:(?<=\bcompany )|(?<=\bthey ))(see|view)\b|keep\w* tabs?|collect\w*|gather\w*|(figure|work) out|(?<!\bto )tell ((roughly|exactly|precisely|approximately) )?(where|whether|if|which|what (i|my)|what (other )?(web)?(sites?|pages?|apps?))|infer\w*|guess\w*|deduc\w*|monitor\w*|obtain\w*|pull\w*|(?<!\bon )track\w*|record\w*|log|logs|logged|logging|take (my|your)|grab\w*|get (into|access)|read(s|ing)?\b|scan\w*|know (\w+ )?(where|my)|get (my|your)|access (my|your)|use (my|your)|"
                            r"listen\w* (to|in)|spy\w*|watch\w* (what|my|me|where)|upload\w* (my|your|all|any)|turn\w* on (my |the )?(mic\w*|camera|gps|location)|look\w* (at|through) (my|your|what|which)|determin\w* (my|your|where)|(need|needs|require|requires) (my|your|any|personal)|(be|is|are|get) (required|requested|needed|asked for)|(need|needs|have|has|required|asked) to (give|provide|enter|submit|fill in)|"
                            r"us(e|es|ing) .{0,20}(gps|location|camera|microphone|contacts)|(let|lets|letting|allow|allowing) (it|them|the app|the site|(?!me\b|us\b|you\b)\w+) (see|access|know|track|have|get) (my|your|where))\b"),
             _rx(r"\b(collect\w*|gather\w*|obtain\w*|receiv\w*|record\w*|log|logs|logged|access\w*|us(e|es|ed|ing)|stor(e|es|ed)|captur\w*|"
                 r"request\w*|solicit\w*|ask\w* for|allow us|derive\w*|infer\w*|process\w*|track\w*|monitor\w*|determine (whether|if|which|where))\b")),
    Practice("use", _rx(r"\b(use|uses|using|used|utili[sz]\w*|process\w*|analy[sz]\w*|do (\w+ )?with (my|your|the|this|that|it|our|their))\b"),
             _rx(r"\b(use|uses|using|used|process\w*|analy[sz]\w*)\b")),
)
BY_NAME = {p.name: p for p in PRACTICES}

#: Topics a question may be about, with the words a policy uses for them. A sentence must speak of
#: a question's topics (one word of each) to decide it.
TOPICS: tuple[tuple[str, re.Pattern[str], re.Pattern[str]], ...] = (
    ("children", _rx(r"\b(child\w*|kids?|minors?|under (the age of )?1[0-8]|teen\w*|young|\d{1,2}[- ]?(years?|yrs?)[- ]old|\d{1,2} ?y/?o|son|daughter)\b"),
     _rx(r"\b(child\w*|kids?|minors?|under (the age of )?1[0-8]|age of 1[0-8]|1[0-8] years|teen\w*|coppa|age limit|parent\w*)\b")),
    ("location", _rx(r"\b(where (i am|i'm|im|my (phone|device|car|kids?) is)|locat\w*|gps|geo[- ]?(locat\w*|graphic\w*|tag\w*|fenc\w*|data|target\w*|ip)|whereabouts)\b"),
     _rx(r"\b(locat\w*|gps|geo[- ]?(locat\w*|graphic\w*|tag\w*|fenc\w*|data|target\w*|ip)|latitude|longitude|wi-?fi access points|cell towers)\b")),
    ("precise", _rx(r"\b(precise\w*|exact\w*|gps|geolocat\w*)\b"),
     _rx(r"\b(precise\w*|exact\w*|gps|geolocat\w*|latitude|longitude|geotag\w*|device location|wi-?fi access points)\b")),
    ("law", _rx(r"\b(law enforcement|police|cops?|government\w*|authorit\w*|court\w*( orders?)?|subpoena\w*|legal (request|process|order)s?|required by law|warrant\w*|regulators?)\b"),
     _rx(r"\b(law|laws|legal\w*|government\w*|authorit\w*|court\w*|subpoena\w*|warrant\w*|regulat\w*|police|judicial)\b")),
    ("marketing", _rx(r"\b(market\w*|promot\w*|newsletters?|advertis\w*|offers?|commercial|spam)\b"),
     _rx(r"\b(market\w*|promot\w*|newsletters?|advertis\w*|offers?|commercial|subscriptions?|news|communications?|e-?mails?)\b")),
    ("sms", _rx(r"\btext(s|ed|ing)? (me|us|you|messages?)\b|\btexts\b|\bsms\b|\btext messages?\b"),
     _rx(r"\b(text(ing)? messag\w*|texts|texting|sms|mobile (messag\w*|marketing|alerts?)|short ?codes?|wireless (messag\w*|devices?|carriers?)|"
         r"(cell(ular)?|mobile) (phone )?numbers?|(e-?mail|mail|phone|call)s?,? (or |and )?text)\b")),
    ("email", _rx(r"\b(e-?mails?|newsletters?)\b"), _rx(r"\b(e-?mails?|newsletters?|communications?|messages?|unsubscrib\w*)\b")),
    ("advertisers", _rx(r"\b(advertis\w*|marketers?|marketing partners?|ad (networks?|partners?|companies))\b"),
     _rx(r"\b(advertis\w*|marketers?|marketing|ad (networks?|partners?|companies)|ads|mailing list|promotion\w*|offers?)\b")),
    ("third_parties", _rx(r"\b((?:third|3rd)[- ]?part\w*|partners?|other (compan\w*|organi[sz]ations?|businesses|entities|groups|charities|non-?profits)|outside|others|anyone)\b"),
     _rx(r"\b((?:third|3rd)[- ]?part\w*|partners?|other (compan\w*|organi[sz]ations?|businesses)|outside|others|anyone|advertis\w*|affiliates?|vendors?|"
         r"providers?|networks?)\b")),
    ("account", _rx(r"\baccounts?\b"), _rx(r"\b(accounts?|profiles?|data|information)\b")),
    ("california", _rx(r"\b(californi\w*|ccpa|cpra|shine the light)\b"), _rx(r"\b(californi\w*|ccpa|cpra|shine the light)\b")),
    ("abroad", _ABROAD,
     _rx(r"\b(countr(y|ies)|abroad|overseas|international\w*|outside (of )?(the )?(us|u\.s\.|united states|eu|eea|uk|europe|your country)|cross-border|"
         r"jurisdictions?|other locations|(in|to) the (united states|u\.s\.|us|european union|eu|eea)|safe harbou?r|privacy shield|"
         r"standard contractual clauses)\b")),
    ("dnt", _rx(r"\b(do[- ]not[- ]track|dnt)\b[\"”']?( browser)?( signals?| settings?| requests?)?"), _rx(r"\b(do[- ]not[- ]track|dnt)\b")),
    ("breach", _rx(r"\b(breach\w*|hack\w*|leak\w*|compromis\w*|stolen|unauthori[sz]ed|(data|info\w*|it) (is |gets? |was )?exposed)\b"),
     _rx(r"\b(breach\w*|hack\w*|leak\w*|compromis\w*|stolen|unauthori[sz]ed (access|acquisition|disclosure)|security incident\w*)\b")),
    ("merger", _rx(r"\b(" + _BUSINESS_SOLD + r"|(?<!\bi )(?<!\bwe )(?<!\bi've )(?<!\bi have )bought( out)?|acquir\w*|acquisition|merg(e|es|ed|er|ing)\b(?! (my|your|it|the|data|info))|bankrupt\w*|insolven\w*|new owners?|"
                   r"goes under|out of business|(gets?|is|are|being) sold|(the|a|new) (buyers?|purchasers?))"),
     _rx(r"\b(merg\w*|acqui\w*|bankrupt\w*|insolven\w*|reorgani[sz]\w*|divest\w*|successor|change of control|sale of (all|some|part|the|our|a) "
         r"(business|company|assets)|(business|company|assets?) (is|are|was|were|be|being|gets?) (sold|transferred|acquired)|business transition|buyer|purchaser)")),
    ("encryption", _rx(r"\b(encrypt\w*|scrambl\w*|plain ?text|in the clear|unencrypt\w*)\b"), _rx(r"\b(encrypt\w*|ssl|tls|secure sockets?( layer)?|https|cryptograph\w*|scrambl\w*)\b")),
    ("changes", _rx(r"\b(chang\w*|updat\w*|modif\w*|revis\w*|amend\w*|rewrit\w*)\b"),
     _rx(r"\b(chang\w*|updat\w*|modif\w*|revis\w*|amend\w*)\b.{0,60}\b(polic\w*|notice|statement|terms|practices)\b|"
         r"\b(polic\w*|notice|statement|terms)\b.{0,60}\b(chang\w*|updat\w*|modif\w*|revis\w*|amend\w*)|\bnew version\b")),
)
#: Topics only these practices look for (a change notice is about changes; Do Not Track is its own topic).
#: How a policy states each topic, by name.
TOPIC_STATED = {name: stated for name, _, stated in TOPICS}
#: How a question names each topic (narrower than a policy's words for it: "required by law", not any "laws").
TOPIC_ASKED = {name: asked for name, asked, _ in TOPICS}
OWN_TOPICS = {"notify": ["changes", "breach"], "honor_dnt": ["dnt"]}
#: Practices few sentences state, each of them on point (a lower relevance floor): those with a topic of their own,
#: whether posts are public, what the policy covers, a right to correct one's information.
NARROW_PRACTICES = {*OWN_TOPICS, "public", "scope", "social_login", "arbitration", "class_action", "governing_law", "forum", "correct", "combine"}

_YESNO_START = _rx(r"^(?:(?:and|so|but|ok|okay|please|hey|hi|hello|quick question)[,:]?\s+)*(do|does|did|is|are|was|were|will|would|can|could|may|"
                   r"might|should|shall|has|have|had|am|must)\b")
_WH_START = _rx(r"^(?:(?:and|so|but|ok|okay|please)[,:]?\s+)*(what|which|who|whom|whose|how|when|where|why|list|name|describe|explain|summari[sz]e)\b")
#: "When I play games online, does …": a time clause before a yes/no question, not a "when" question.
_SUBORDINATE = _rx(r"^(when|where|whenever|once|after|before|while)\s+(i|you|we|they|my|a|an|the|someone|users?|people)\b"
                   r".*\b(do|does|did|is|are|was|will|would|can|could|should|has|have)\s+(the company|they|it|you|we|i|my|\w+)\b")
#: "are third party entities able to access my data?", "will my data be used by outside companies?": the company sharing it.
_OTHERS_ACCESS = _rx(r"\b((?:third|3rd)[- ]?part\w*|other (companies|businesses|firms)|outside (companies|firms|parties|entities)|advertisers?|"
                     r"partners?)\b(?:\s+\w+){0,3}?\s+(able to |allowed to |have |get )?(access|see|view)\b|"
                     r"\b(accessible|available|visible|shown|disclosed) to (any |other |outside )?((?:third|3rd)[- ]?part\w*|companies|businesses|advertisers?|partners?)\b|"
                     r"\b(used|accessed|seen|viewed) by (any )?((?:third|3rd)[- ]?part\w*|other (companies|businesses|firms)|outside \w+|advertisers?|partners?)")
_PARTY_RECEIVES = _rx(r"^\s*(do|does|will|would|can|could|might)\s+((the|that|this|those|these|any|their)\s+)?(advertisers?|marketers?|(business |marketing )?partners?|sponsors?|affiliates?|vendors?|"
                      r"(?:third|3rd)[- ]?part\w*|other (companies|businesses|sites|firms)|outside (companies|firms|parties|businesses|contractors)|"
                      r"ad (companies|networks|partners)|brands?|police|cops|government\w*|law enforcement|insurers?|data brokers?)\b"
                      r"(?:\s+\w+){0,3}?\s+(get|receive|see|obtain|have access|access|buy|find out)\b|"
                      # "do companies that advertise on the site get my info?": a party named by what it does
                      r"^\s*(do|does|will|would|can|could|might)\s+(the\s+)?(companies|businesses|firms|sites|apps|organi[sz]ations)\s+(that|who|which)\s+"
                      r"(?:\S+\s+){1,6}?(get|receive|see|obtain|have access|access|buy|find out)\b")
#: A leading clause telling a situation, up to its comma ("If I complain about my local store, …", "if the company gets sold, …").
_SITUATION = _rx(r"^\s*(when|whenever|if|once|after|before|while|in case)\b[^,?;]{0,80},\s*(?=\S)|"
                 # … or with no comma, up to the asking verb and its subject ("if I win one of their contests will they post my name?")
                 r"^\s*(when|whenever|if|once|after|before|while|in case)\s+(i|i'm|im|my|we)\b[^,?;]{3,80}?\s+"
                 r"(?=(will|would|can|could|do|does|did|is|are|should|may|might) (they|the company|it|you|we|he|she|my|i|the|that|this|these|those|their)\b)")


def hypothetical(question: str) -> bool:
    """Does the question ask what may happen in some case ("if they go bankrupt, could my data be sold?", "could they give it
    to the government just because an agency asked?")? A policy that allows it only in some cases then answers yes."""
    return (bool(_SITUATION.match(question)) or bool(re.search(r"\b(could|might)\b|^\W*(?:so |and |but )?what if\b", question, re.I))
            or bool(re.search(r"\bwhat (happens|will happen|would happen|do they do)\b.{0,60}\b(if|when|in case|in the event)\b", question, re.I)))


_YESNO_EMBEDDED = _rx(r"\b(whether|if)\b")
_USER_ACTOR = _rx(r"\b(can|could|may|am|do) i\b|\bwill i be able\b|\bi (can|could|want|would like|wish|need)\b|\b(my|the) right to\b|\bis it possible\b|"
                  r"\bhow (can|do|would|could) i\b|\bam i able\b|\bdo i have\b|\blet me\b|\ballow (me|users|you)\b|\b(able|possible) to\b|"
                  r"\b(is there|are there|there's|any) (a |an |any |some )?(way|ways|option|options|setting|button|link) (to|for me to|i can)\b")
_PERIOD_ASKED = _rx(r"\bhow long\b|\bfor how\b|\b(period|duration|until when|retention)\b")
#: Idioms whose words are no object of the question ("pay attention to", "on the hook").
_IDIOMS = _rx(r"\bpa(y|ys|id|ying) (any |no |much )?attention\b|\bright (away|now)\b|\bfor good\b|\bstraight away\b|\bon the hook\b|\bin the first place\b|\bturn(s|ed)? around and\b|\bcares? (if|whether|about|that)\b")
#: A verb with its particle ("reach out to me", "does it kick in?", "figure out who I am", "sign up for"): a way of acting, no object.
_PHRASAL = _rx(r"\b([a-z]+) (?:up|out|in|over|down|back)(?=\s*(?:[?.!,;]|$)|\s+(?:to|before|after|for|with|when|if|on|at|so|and|or|from|who|what|whether|how|where|which)\b)")
#: Putting the data somewhere ("add it to what they already have", "attach that to my profile"): what is put is the object.
_PUT_TO = _rx(r"\b(add\w*|put|puts|attach\w*|append\w*) (?:it|this|that|them|these|those) (?:to|into|onto|with)\b")
#: What behavioural advertising is based on ("ads based on my browsing", "… on what I search").
_BEHAVIOUR_WORDS = set(tokenize("browse browses browsing history histories activity activities interest interests habit habits visit visits "
                                "search searches behavior behaviour"))
_GENERIC = set(tokenize(
    "data information personal company policy privacy user users app service services website site use used using does do can will my me i "
    "they them their it this that there any have has is are the what how why when where which who ever still much many sort kind type types "
    "say says said tell state states stated mention mentions document documents know whether also anything something way ask request "
    "am there actually really like just gonna wanna stuff things thing info anyway ever even still sure ok okay please thanks hey level "
    "mine someone somebody people guys folks basically literally about after around before into onto upon get gets got getting see let "
    "similar such other various certain attention all every entire whole "
    "material materially significant significantly important directly personally "
    "take takes took give gives hand show pick picks put keep keeps hold holds go goes going come make makes end happen happens "
    "another big bigger major huge large small minor substantial serious definitely anymore somehow somewhere everything live lives living "
    "detail details behind one ones look looks looking worried worry worries everybody everyone anyone anybody leave leaves write writes "
    "wrote want wants wanted next beside allow allows allowed stuff during while until through via within along individual fill first web internet without organization organisation else "
    "dispute disputes resolve resolved brought bring must claim claims govern governs governed agreement agreements contract contracts "
    "promise promises promised guarantee guarantees guaranteed "
    "stop continue continues continued continuing forever indefinitely permanently "
    "went whoever already herself himself themselves yourself myself different differently "
    # words of how, whether and how often, never what (seen as objects in real users' questions)
    "able unable need needs needed require requires required may might ensure easily easy often anywhere feel knowledge based "
    "available possible well clear far think away against specific specifically last couple whatever since quick quickly own "
    "new roughly altogether totally nobody noone instead invisible hidden gone handle handles handled handling chance chances resident residents citizen citizens frequently attempt im never totally random entity entities across over between among beyond toward towards"
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

    @property
    def practice(self) -> str:
        return self.practices[0] if self.practices else ""


def read_question(question: str) -> Intent:
    """The intent of a question (never fails: an unknown practice leaves ``practices`` empty)."""
    q = " ".join(question.split())
    low = q.lower()
    if _WH_START.match(low) and not _SUBORDINATE.match(low):
        # "what I want to know is whether …" asks yes or no; "what happens to my data if …" does not
        yes_no = bool(re.match(r"^(?:how|what)\b.{0,40}\b(whether|if)\b", low)) and not re.match(r"^what (\w+ )?happens?\b", low)
    else:
        yes_no = (bool(_YESNO_START.match(low)) or bool(_YESNO_EMBEDDED.search(low)) or bool(_SUBORDINATE.match(low))
                  or any(_YESNO_START.match(c.strip()) for c in re.split(r"[,;:]", low)[1:])  # "As a parent, can I …?"
                  or bool(_YESNO_START.match(re.sub(r"^\s*as an? \w+(\s+\w+)?,?\s+(?=(do|does|can|could|will|would|is|are|may|should)\b)", "", low)))
                  or not re.search(r"\b(how|what|which|who|when|where|why)\b", low))
    # Examples in parentheses ("(e.g. GPS or device geolocation)") add practices, never topics or required words.
    plain = re.sub(r"\([^()]*\)", " ", q)
    # "when I rent textbooks, does X get info about me from my university?": the situation is not what is asked
    main = _SITUATION.sub("", plain)
    # "I paid with my credit card. Do outside companies get it?": the question is the last sentence
    pieces = [x for x in re.split(r"(?<=[.!?])\s+(?=[A-Z])|\s+[—–]\s+", main) if x.strip()]
    if len(pieces) > 1 and pieces[-1].rstrip().endswith("?"):
        main = pieces[-1]
    # "my son is 11 and wants to make an account to edit the wiki, will they collect his info?": what I tell first is no question
    told, _, clause = main.rpartition(",")
    # (unless the asking clause points back at it: "i have do not track turned on, does X listen to that?")
    if (told and _TOLD.match(told) and _ASKING.match(clause) and any(p.asked.search(clause) for p in PRACTICES)
            and not re.search(r"\b(that|this|it)\W*$", clause)):
        main = clause
    practices = ([p.name for p in PRACTICES if p.asked.search(main)] or [p.name for p in PRACTICES if p.asked.search(plain)]
                 or [p.name for p in PRACTICES if p.asked.search(q)])
    # A question about retention names "keep"/"store"; one about deletion names "delete" — both are kept,
    # but sharing named only through a topic ("to advertisers") stays the main practice.
    if "retain" in practices and ("delete" in practices) and _PERIOD_ASKED.search(q):
        practices.remove("retain")
        practices.insert(0, "retain")
    leaving = AFTER_LEAVING.search(low)
    if "retain" in practices and "delete" in practices and leaving and BY_NAME["retain"].asked.search(low[:leaving.start()]):
        practices.remove("retain")  # "do they keep my data after I close my account?": what is kept, not the deletion told after it
        practices.insert(0, "retain")
    if practices[:1] == ["retain"] and "protect" in practices and not _PERIOD_ASKED.search(q):
        practices = ["protect", *[p for p in practices if p != "protect"]]  # "will my password be stored securely?"
    if _PARTY_RECEIVES.search(main) or _OTHERS_ACCESS.search(main):  # "do advertisers get my email address?" asks whether the company shares it
        practices = ["share", *[p for p in practices if p not in ("share", "collect", "receive", "access")]]
    if "honor_dnt" in practices:
        practices = ["honor_dnt"]
    if "combine" in practices[1:3] and practices[0] in ("receive", "share", "collect"):
        practices = ["combine", *[p for p in practices if p != "combine"]]  # "do they get data from other companies and merge it with mine?"
    # "outside the US" names a place, not outside parties.
    unplaced = _ABROAD.sub(" ", plain)
    topics = [name for name, asked, _ in TOPICS if asked.search(plain if name == "abroad" else unplaced)
              and name not in ("dnt", "changes", "breach")]
    # a leading situation ("if I sign up for their newsletters, …") adds only the topics that scope a question
    situation_only = {name for name, asked, _ in TOPICS if not asked.search(_ABROAD.sub(" ", main) if name != "abroad" else main)}
    topics = [t for t in topics if t not in situation_only or t in _SCOPING]
    if practices[:1] == ["notify"] and len(practices) > 1 and not any(
            asked.search(q) for name, asked, _ in TOPICS if name in OWN_TOPICS["notify"]) and not re.search(r"\b(polic\w*|terms)\b", low) \
            and not set(topics) & {"law", "merger"}:
        practices = practices[1:]  # "will they send me alerts by SMS?", "do they tell if I opened the email?": no notice of changes
    if practices and practices[0] in OWN_TOPICS:
        own = [name for name, asked, _ in TOPICS if name in OWN_TOPICS[practices[0]] and asked.search(q)]
        # "if they are bought, will I get a heads up before my data moves?", "will they warn me before handing it to the police?":
        # notice of that event
        events = [t for t in topics if t in ("merger", "law")] if practices[0] == "notify" else []
        topics = own or events or OWN_TOPICS[practices[0]][:1]
    if not practices and _GUARANTEE.search(plain):
        practices = ["protect"]  # "do they guarantee my info will never get out?"
    if "email" in topics and _EMAIL_AS_DATA.search(plain) and not _EMAIL_MESSAGES.search(plain):
        topics.remove("email")  # "does the advertiser get my name or email?": an address, not e-mail messages
    if not practices and "children" in topics:
        practices = ["collect"]  # "my 12 year old wants to sign up, is that allowed?": what the policy says about children's use and data
    if "precise" in topics and "location" not in topics:
        topics.append("location")
    if "third_parties" in topics and "advertisers" in topics:
        topics.remove("third_parties")
    if "merger" in topics and practices[:1] == ["sell"] and re.search(r"\b" + _BUSINESS_SOLD, plain, re.I):
        practices = ["share", *[p for p in practices if p not in ("sell", "share")]]
    if "merger" in topics and not set(practices) & {"sell", "share", "notify"}:
        practices.insert(0, "share")  # "if they get bought out, what happens to my info?": a transfer with the business
    if practices[:1] == ["cookies"] and "combine" in practices:
        practices = ["combine", *[p for p in practices if p != "combine"]]  # "are their cookies tied to my name?"
    if practices[:1] == ["share"] and "collect" not in practices and _PARTY_GETS.match(low):
        practices.append("collect")  # "do the ad networks get my info?": what they collect ("we do not authorize advertisers to collect …")
    if "encryption" in topics:
        practices = ["protect", *[p for p in practices if p != "protect"]]  # "is my data encrypted when it is sent?"
    if re.match(r"\s*where\b", low) and re.search(r"\b(stor(e|ed|es|ing)|kept|keep|held|hold|process(ed|es)?|host(ed|s)?|located|live|lives|go|goes|sent)\b", low):
        practices = ["transfer_abroad", *[p for p in practices if p != "transfer_abroad"]]  # "where is my data stored?": which countries
        topics = topics if "abroad" in topics else [*topics, "abroad"]
    if "abroad" in topics and "transfer_abroad" in practices:
        practices = ["transfer_abroad", *[p for p in practices if p != "transfer_abroad"]]  # "is my data sent to other countries?"
    if "law" in topics and not set(practices) & {"sell", "share", "forum", "arbitration", "class_action", "governing_law", "notify"}:
        practices.insert(0, "share")
    user = (bool(_USER_ACTOR.search(low)) and not re.search(r"\b(does|do|will|would|can|could) (the company|they|it|you|we)\b", low)
            and not _OTHERS_ACCESS.search(main) and not re.search(r"\b(do i have to|must i|am i (required|obliged|forced))\b", low))
    if user and "opt_out" in practices[1:] and BY_NAME["opt_out"].asked.search(main):
        practices = ["opt_out", *[p for p in practices if p != "opt_out"]]  # "can I opt out of the sale of my data?": the way out
    if user and practices and practices[0] not in _RIGHTS:
        # "my address on file is wrong, can I fix it myself?": the right asked for in the asking clause, not the situation told
        asking = re.split(r"[,;]", main)[-1]
        right = next((p for p in practices[1:] if p in _RIGHTS and BY_NAME[p].asked.search(asking)), "")
        if right and not BY_NAME[practices[0]].asked.search(asking):
            practices = [right, *[p for p in practices if p != right]]
    # (after a situation told first: "if i enter their contest who ends up with my info")
    if re.match(r"(?:\s*(?:if|when|once|after)\s+(?:i|i'm|im|my|we)\b[^,?;]{3,60}?[,\s]+)?\s*(who|which (companies|parties|businesses|firms|partners|third parties|organi[sz]ations)|what (companies|parties|businesses|firms))\b"
                r"(\s+\w+){0,2}?\s+(get|gets|receive|receives|see|sees|buy|buys|obtain|obtains|end up with|ends up with)\b", low):
        practices = ["share", *[p for p in practices if p not in ("share", "collect", "receive", "access")]]  # "who gets my data?": its recipients
    if practices[:1] == ["access"] and not user and re.match(r"\s*who\b", low):
        practices = ["share", *[p for p in practices if p not in ("access", "share")]]  # "who has access to my data?": its recipients
    elif practices[:1] == ["access"] and not user and not re.search(r"\b(who|whom|employees?|staff|workers?|personnel|insiders?|anyone|anybody|people|others?)\b|"
                                                                      r"\b(let|allow|give|for|to|tell|show) me\b|"
                                                                      # the user seeing ("what can I see?"), not what I type or install
                                                                      r"\bi\b(\s+\w+){0,2}\s+(access|see|view|review|download|copy|look|get|obtain)\b", low):
        practices = ["collect", *[p for p in practices if p not in ("access", "collect")]]  # "can the app view my photos?": the company collecting
    plain = _IDIOMS.sub(" ", plain)
    terms = {t for t in tokenize(plain) if t not in _GENERIC and len(t) > 1}
    # The object of the practice is named in its own clause: "My 12 year old wants the diet tools, does X collect info from kids?"
    focus = _practice_clause(plain, practices[0]) if practices else plain
    situation = _SITUATION.match(plain)
    after_situation = plain[situation.end():] if situation else plain
    if (practices and situation and "," not in situation.group(0) and BY_NAME[practices[0]].asked.search(after_situation)
            and re.match(r"\s*\w+\s+(i|i'm|im)\b", plain, re.I) and not re.search(r"\b(that|it|this|them|those|these)\b", after_situation, re.I)):
        focus = after_situation  # "if I win one of their contests will they post my name?": what I do first is no object (unless asked of: "… grab that?")
    focus = _TRAILING_SITUATION.sub("", focus) or focus  # "is my card info encrypted when I buy stuff?": buying is no object
    focus = re.sub(r"\s+\b(just|simply|merely)\s+to\s+\w+.*$", "", focus, flags=re.I) or focus  # "… just to read the articles?": why, not what
    focus_terms = {t for t in tokenize(focus) if t not in _GENERIC and len(t) > 1}
    focus_terms -= {t for way in (_PHRASAL, _PUT_TO) for m in way.finditer(focus) for t in tokenize(m.group(1))}  # ways of acting
    if practices[:1] == ["opt_out"]:
        focus_terms -= set(tokenize("list lists"))  # "how do I get off their newsletter list?": the list is what is left
    named = set()
    if practices[:1] == ["protect"]:  # "is the data I send encrypted?": the data, not an object of its own
        named = set(tokenize(" ".join(m.group(2) for m in _DATA_I_GIVE.finditer(plain))))
    for p in PRACTICES:
        for m in p.asked.finditer(plain):
            named |= set(tokenize(m.group(0)))
    if practices:
        for m in BY_NAME[practices[0]].stated.finditer(plain):
            named |= set(tokenize(m.group(0)))
    for _, asked, _ in TOPICS:
        for m in asked.finditer(plain):
            named |= set(tokenize(m.group(0)))
    if practices[:1] == ["honor_dnt"]:
        named |= _DNT_WORDS  # a Do Not Track signal is sent by a browser: no object of its own
    if practices[:1] == ["targeted_ads"]:
        named |= _BEHAVIOUR_WORDS  # "ads based on his browsing" are behavioural ads: no object of their own
    return Intent(q, yes_no, user, practices, topics, terms, asks_period=bool(_PERIOD_ASKED.search(q)),
                  object_terms=focus_terms - named)


#: A question whose subject is another party getting the data ("do the ad networks on their site get my info?").
_PARTY_GETS = re.compile(r"\s*(?:do|does|can|could|will|would)\s+(?:the\s+|their\s+|any\s+|other\s+)?(?:\w+\s+){0,2}"
                         r"(?:advertisers?|ad (?:networks?|companies|partners)|advertising (?:networks?|companies|partners)|partners|third[- ]parties)"
                         r"\b(?:\s+\w+){0,4}?\s+(?:get|see|receive|collect|obtain|grab|pick up)\b")
#: A question about what is kept after the user leaves.
AFTER_LEAVING = re.compile(r"\bafter (i|you|we)\b.{0,20}\b(close|closed|delete|deleted|cancel\w*|leave|quit|deactivat\w*|unsubscrib\w*)\b|"
                            r"\bafter (account )?(closure|deletion|cancell?ation)\b", re.I)
#: The user's rights over their data.
_RIGHTS = ("correct", "delete", "access", "opt_out")
_EMAIL_AS_DATA = _rx(r"\b(my|your|his|her|their|an?|or|and) e-?mail\b(?!s)|\be-?mail (address|addy|addr)")
_EMAIL_MESSAGES = _rx(r"\b(newsletters?|unsubscrib\w*|spam|promo\w*|(get|getting|receive|receiving|stop|send|sending|sent) (\w+ ){0,2}e-?mails|"
                      r"e-?mails? (me|us|you)\b|(e-?mails|an e-?mail) (from|about)|marketing e-?mails?)")
_GUARANTEE = _rx(r"\b(promis\w*|guarantee\w*)\b.{0,60}\b(never|not|won'?t|safe|secure)\b")
_DNT_WORDS = set(tokenize("browser browsers signal signals setting settings header headers request requests preference preferences "
                          "switch switched switching turn turned enable enabled on firefox chrome safari edge explorer opera brave"))


_SCOPING = {"california", "children", "abroad", "law", "merger"}
_DATA_I_GIVE = re.compile(r"\b(data|info\w*|details|stuff|things?|numbers?|messages?)(?: that| which)? (?:i|you|we) "
                          r"(send|sent|submit\w*|enter\w*|typ(e|es|ed|ing)|give|gave|provid\w*|upload\w*|post\w*|put|share\w*|fill\w* in)\b", re.I)
_TRAILING_SITUATION = re.compile(r"\s+\b(when|whenever|while|once)\s+(i|i'm|im|you|we|my)\b[^,;?]*[?.!]*\s*$|"
                                 # "… after the contest is over?": when, not what
                                 r"\s+\b(after|once|when)\s+(the|a|an|my|that|this|their)\s+(\w+\s+){1,2}(is|are|was|gets?)\s+(over|done|finished|ended|closed|completed)\b[?.!]*\s*$|"
                                 r"\s+\b(after|once|when)\s+(the|a|an|my|that|this|their)\s+(\w+\s+){0,1}\w+\s+(ends|finishes|closes|wraps up)\b[?.!]*\s*$", re.I)
_CLAUSE = re.compile(r"\s*(?:[,;:?!–—]|\s-\s|(?<=[a-z]{2})\.\s+(?=[A-Z]))\s*")


def _practice_clause(text: str, practice: str) -> str:
    """The clause of a question that names its main practice (the whole question when there is one clause)."""
    clauses = [c for c in _CLAUSE.split(text) if c.strip()]
    if len(clauses) < 2:
        return text
    asked = BY_NAME[practice].asked
    naming = [c for c in clauses if asked.search(c)]
    # "I live in Canada and read it online, will my data be sent to the US?": the asking clause, not the situation told first
    asking = [c for c in naming if _ASKING.match(c)] if naming and _TOLD.match(naming[0]) else []
    return (asking or naming or [text])[0]


_TOLD = _rx(r"^\s*(i|i'm|im|i've|ive|i'd|my|we|we're|our)\b")


_ASKING = _rx(r"^\s*(?:(?:and|so|but|ok|okay)\s+)?(do|does|did|is|are|was|were|will|would|can|could|may|might|should|has|have|am|"
              r"what|which|who|how|when|where|why)\b")
