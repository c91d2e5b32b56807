"""What the company's own service providers may do with the data: "can the companies that ship orders for them use my details for
their own marketing?" against "these companies do not retain, share, store or use personally identifiable information for any
secondary purposes" (no)."""

from __future__ import annotations

import re
from typing import Any

from .intent import Intent
from .models import Finding
from .sentences import closest_finding

#: The businesses that work for the company, as a question names them ("the companies that ship orders and run the site for
#: them", "the shipping company or card processor they use", "their vendors") …
_PROVIDERS_ASKED = re.compile(r"\b(?:compan(?:y|ies)|firms?|businesses) (?:that|who|which) (?:\w+ ){0,2}(?:ship|process|run|handle|deliver|host|send|do|help)\w*\b|"
                              r"\b(?:shipping|delivery|payment|card|credit card|billing|email|hosting) (?:compan(?:y|ies)|firms?|processors?|providers?|services?)\b|"
                              r"\b(?:vendors?|contractors?|(?:service )?providers?|processors?|suppliers?)\b", re.I)
#: … asked whether they may use it for themselves.
_OWN_USE_ASKED = re.compile(r"\btheir own\b|\bfor themselves\b|\bfor (?:other|their|any other) (?:purposes|reasons|stuff|things)\b", re.I)
#: A sentence restricting them to the company's purposes ("may not use it for their own purposes", "are prohibited from using …
#: for any other purpose", "do not retain, share, store or use … for any secondary purposes").
_RESTRICTED = re.compile(r"\b(?:not|never|prohibited|forbidden|restricted)\b[^.;]{0,80}?\b(?:us\w*|retain\w*|shar\w*|stor\w*|sell\w*|market\w*|disclos\w*)\b"
                         r"[^.;]{0,80}?\b(?:their own|secondary|any other|other than|for any purpose other)\b", re.I)
#: … naming them as its subject.
_PROVIDER_SUBJECT = re.compile(r"\b(?:they|these|such|those|contractors?|vendors?|(?:service )?providers?|processors?|agents?|compan(?:y|ies)|third parties)\b",
                               re.I)


def provider_gate(table: Any, intent: Intent, dense: Any) -> Finding | None:
    """The sentence restricting the company's service providers to its own purposes, for a yes/no question whether they may use
    the data for their own; else None."""
    if not (intent.yes_no and _PROVIDERS_ASKED.search(intent.question) and _OWN_USE_ASKED.search(intent.question)):
        return None
    return closest_finding(table, dense, lambda s: "no" if _RESTRICTED.search(s) and _PROVIDER_SUBJECT.search(s) else "", "share")
