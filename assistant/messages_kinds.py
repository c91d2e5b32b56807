"""Kinds of sentence and of question about the messages a user gets and the ways out of them, read by the verdict reader:
what still comes after an opt-out ("you will continue to receive service messages", "you may still see ads"), what an opt-out
covers (each device, only marketing), and what a question asks of them ("will all the emails stop?", "even the account ones?")."""

from __future__ import annotations

import re

#: What goes on arriving after an opt-out ("you may continue to receive service messages"): answers "will all of it stop?".
STILL_SENT = re.compile(r"\b((preferences|choices|opt[- ]?outs?|settings|requests?|this|these|that) (do|does|will) not (apply|affect|extend) to (\w+ ){0,3}"
                        r"(communications|messages|e-?mails|notices|mailings)|(do|does|will) not (affect|limit|restrict) (our|its|the company'?s?) (ability|right) to (send|contact|e-?mail)|"
                        r"continue to (receive|get|be sent)|(still|nonetheless|nevertheless) (\w+ ){0,3}(receive|get|be sent|send you|contact you)|"
                        r"(receive|send you) (\w+ ){0,3}(even|still) (if|after|though)|reserve\w* the right to (send|contact|e-?mail) (you|(a |the )?(registered )?(users?|members?|customers?|subscribers?)))\b", re.I)

#: Service messages (account, transactional) as opposed to marketing: a limit on opting out of these does not answer a
#: question about marketing messages.
SERVICE_MESSAGES = re.compile(r"\b(service[- ]related|transactional|admin(istrative)?|account[- ]related|relationship|operational|service) "
                              r"(\w+ )?(e-?mails?|messages?|communications?|notices?|notifications?|announcements?)\b", re.I)

#: A question whether messages go on after the user opted out ("are they still gonna keep sending them?") …
CONTINUE_ASKED = re.compile(r"\b(still|keep|keeps|continue\w*|anyway)\b[^?]{0,30}\b(send\w*|e-?mail\w*|mail\w*|messag\w*|text\w*|contact\w*|call\w*|get|getting|"
                            r"receiv\w*|spam\w*)\b", re.I)

#: … and a sentence ruling that out ("we will never knowingly send messages to customers who have asked not to receive them").
NOT_SENT_AFTER = re.compile(r"\b(not|never)\b[^.;]{0,30}\b(send|e-?mail|contact|messag|call|text)\w*\b[^.;]{0,60}\b(asked|requested|chosen|opted|elected|"
                            r"indicated|told us|unsubscribed)\b", re.I)

#: Service messages as a question names them ("the emails about my orders", "order confirmations", "receipts").
SERVICE_ASKED = re.compile(SERVICE_MESSAGES.pattern + r"|\b(e-?mails?|messages?|notices?|texts?)\s+(about|for|on|regarding|confirming)\s+(my\s+|the\s+)?"
                           r"(orders?|purchases?|account|tickets?|bookings?|reservations?|payments?|transactions?|deliver\w*|shipping)\b|"
                           r"\b(order|shipping|purchase|account|ticket|booking)\s+(e-?mails?|confirmations?|updates|messages|receipts|notices)\b|\breceipts?\b", re.I)

#: A question whether turning off ad personalisation ends the ads ("if I opt out, does that mean I won't see ads anymore?") …
ADS_STOP_ASKED = re.compile(r"\b(won'?t|will not|not|no longer|never|stop)\b[^?]{0,25}\b(see|get|receive|seeing|getting|be shown|show)\b[^?]{0,15}"
                            r"\b(ads|advertisements|advertising)\b(?! (based|tailored|targeted|that))|"
                            # "does that mean no more ads at all?"
                            r"\bno (?:more )?(?:ads|advertisements|advertising)\b(?! (?:based|tailored|targeted|that))|"
                            # "do the ads go away?", "will the ads disappear?"
                            r"\b(?:the |all )?(?:ads|advertisements|advertising)\s+(?:\w+\s+)?(?:go away|disappear|stop|vanish|end)\b", re.I)

#: … and a sentence saying ads still come ("you may still receive advertisements even if you opt out").
STILL_ADS = re.compile(r"\b(still|continue to|will continue)\b[^.;]{0,30}\b(receive|see|get|be shown|be served)\b[^.;]{0,20}\b(ads|advertisements|advertising)\b|"
                       # "… but it does not mean you will no longer receive any targeted content or ads on our Website"
                       r"\b(?:not|never) mean (?:that )?you will (?:no longer|not) (?:receive|see|get|be shown|be served)\b[^.;]{0,30}\b(?:ads|advertisements|advertising)\b", re.I)

#: A question whether ads keep coming at all ("if I opt out of the behavioral ad stuff, will they still show me ads?") …
STILL_ADS_ASKED = re.compile(r"\bstill\b[^?]{0,30}\b(see|get|receive|show|serve)\w*\b[^?]{0,20}\b(ads|advertisements|advertising)\b(?! (based|tailored|targeted|that))", re.I)
#: … which a sentence about how ads are chosen does not answer ("the ads you receive will not be tailored based on your choices").
ADS_CHOSEN = re.compile(r"\b(un)?(tailor\w*|target\w*|personali[sz]\w*|customi[sz]\w*|relevant|behavior\w*|behaviour\w*|interest-based|based on)\b", re.I)

#: Messages about the user's own activity or account (not marketing) …
NOTIFICATIONS = re.compile(r"\b(notifications?|alerts?|account e-?mails?|order (updates|confirmations?)|reminders?)\b", re.I)

#: A practice done only with the user's consent by the policy's own rule ("We use an opt-in standard for phone and text messages").
OPT_IN_STANDARD = re.compile(r"\bopt[- ]in (standard|basis|approach|policy|only)\b|\b(requires?|need) your (prior |express |affirmative )?opt[- ]in\b|"
                             # "If you do not sign up for the product update or birthday greeting emails you will not receive them"
                             r"\bif you do(?: not|n't) (?:sign up|subscribe|opt[- ]in|register|ask|request)\b[^.;]{0,80}\byou (?:will not|won't|do not|don't) "
                             r"(?:receive|get|be sent)\b", re.I)

#: Opting out of sharing asked ("is there a way to stop them from sharing my activity with my college?") …
SHARING_STOPPED = re.compile(r"\b(stop|keep|prevent|block)\w* (\w+ ){0,3}from (?:(?:shar|sell|disclos|pass|giv)\w*|send\w*+(?! (?:me|us|you)\b))|\bopt\w*[- ]?out of (\w+ ){0,2}(shar|sell|disclos)\w*", re.I)

#: … and a way out of marketing only (unsubscribing from newsletters is no answer about those messages).
MARKETING_ONLY = re.compile(r"\b(newsletters?|marketing|promotional|promotions?|offers|advertising)\b", re.I)

#: An opt-out that holds on one device or browser only ("you must opt-out separately from each computer or device and
#: browser", "your opt-out applies only to the browser you used") …
PER_DEVICE = re.compile(r"\b(?:separately|individually)\b[^.;]{0,60}\b(?:each|every)\s+(?:computer|device|browser)|"
                        r"\bopt[- ]?out\b[^.;]{0,40}\b(?:on|from|in) (?:each|every) (?:computer|device|browser)|"
                        r"\bonly (?:applies|apply|works?|affects?|be effective) (?:to|on|for|in) the (?:specific |particular )?(?:browser|device|computer)|"
                        # "If you delete cookies, buy a new device, … you will need to opt-out again"
                        r"\b(?:need|have|required) to opt[- ]?out again\b", re.I)

#: … answers whether it covers another device ("does that cover my phone too?").
OTHER_DEVICE_ASKED = re.compile(r"\b(?:cover|apply|applies|carry over|work|count)\b[^?]{0,30}\b(?:phone|tablet|laptop|computer|devices?|browsers?)\b|"
                                r"\b(?:other|all (?:of )?my|every|each) (?:devices?|browsers?|computers?)\b|"
                                # "if I clear my cookies or get a new laptop, does the opt-out carry over?"
                                r"\b(?:new|different|another|second) (?:phone|tablet|laptop|computer|device|browser)\b|\bclear\w* (?:out )?(?:my |the |all )?cookies\b", re.I)

#: A question whether an opt-out still holds in a later case ("if I then enter one of their sweepstakes, does my opt-out still
#: cover that?") …
OPT_OUT_COVERS_ASKED = re.compile(r"\b(?:opt[- ]?outs?|choices?|preferences?)\b[^?]{0,20}\b(?:still\s+)?(?:cover|covers|apply|applies|hold|holds|count)\b", re.I)
#: … and a sentence saying it does not ("then your previous opt-out preferences will not apply to such service").
OPT_OUT_LAPSES = re.compile(r"\b(?:opt[- ]?outs?|choices|preferences|requests?)\b[^.;]{0,20}\b(?:will|do|does|shall|would) not (?:apply|cover|extend)\b", re.I)
