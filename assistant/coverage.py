"""Kinds of sentence about what a policy covers (its scope), read by :mod:`sentence_reading`: another party's own policy governs
some data, this policy does not apply to other sites, or only to what is collected online; and what a question asks of them."""

from __future__ import annotations

import re

#: "Does the policy cover what I type on the payment page?" — "… subject to the Payment Service's privacy policy, rather than this
#: Privacy Policy": another party's own policy governs it.
OTHER_POLICY = re.compile(r"\brather than (this|our|the) (privacy )?(policy|statement|notice)\b|\b(is|are|will be|remains?) (governed by|subject to) "
                          r"(the|their|its|that|such|those) (\w+'?s? ){0,3}(own )?privacy (polic\w*|statements?|notices?)\b", re.I)

#: "This Privacy Policy does not cover any use of information that an ad company may collect": the policy's own reach, no denial of
#: the practice it names.
NOT_COVERED = re.compile(r"\b(this|our|the|these|such) (\w+ ){0,2}(polic(y|ies)|statements?|notices?) (\w+ )?(does|do|will|shall|would) not (cover|apply|govern|address|extend)\b|"
                         r"\b(this|our|the) (\w+ ){0,2}(polic(y|ies)|statements?|notices?) (\w+ )?(is|are) not (applicable|responsible)\b", re.I)

#: … to other sites ("does not apply to, and cannot control the activities of, those other sites"), which answers only a question
#: about other sites, apps or parties …
OTHER_SITES = re.compile(r"\b(other|third[- ]party|linked|those|these|such|external|outside|non-\w+) (web ?)?(sites?|websites?|apps?|applications|services|companies|parties)\b|"
                         r"\blinks?\b", re.I)
#: … as the question names them.
OTHER_ASKED = re.compile(r"\b(sites?|websites?|links?|apps?|applications?|third|other|outside|partners?|advertis\w*|plug-?ins?|widgets?|"
                         r"facebook|twitter|google|youtube|instagram|paypal|pinterest|linkedin)\b", re.I)

#: "This Privacy Policy applies only to information collected through our Site and not to information collected by us offline" …
ONLINE_ONLY = re.compile(r"\bnot (to )?(\w+ ){0,5}offline\b|\bonly (to )?(\w+ ){0,4}(online|through (our|this|the) (web ?)?(sites?|websites?|services?))\b", re.I)
#: … answers no to a question about what was given over the phone, by mail or in a store.
OFFLINE_ASKED = re.compile(r"\b(over the phone|by (tele)?phone|on the phone|phone calls?|called (them|in|up)|by (mail|post|fax)|mailed|in person|"
                           r"in[- ]store|at (the|a|their) (store|shop|restaurant|counter)|offline|paper (forms?|coupons?)|mail-in)\b", re.I)
