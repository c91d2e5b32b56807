"""The kind of a question, in a dozen categories a user recognises ("Selling & sharing", "Retention & deletion", …).

The category is read from the question's intent (its main practice and topics, :mod:`intent`), never from its
wording: a benchmark's per-category figures then apply to any question of the same kind, so the app can show how far
answers of that kind can be trusted next to each answer and each report-card row.
"""

from __future__ import annotations

from .intent import Intent, read_question

#: (key, label), in the order the app lists them.
CATEGORIES: tuple[tuple[str, str], ...] = (
    ("children", "Children"),
    ("location", "Location"),
    ("selling_sharing", "Selling & sharing"),
    ("advertising_tracking", "Advertising & tracking"),
    ("retention_deletion", "Retention & deletion"),
    ("rights_choices", "Your rights & choices"),
    ("security", "Security & breaches"),
    ("changes_notice", "Policy changes & notices"),
    ("transfers", "Transfers abroad"),
    ("legal_terms", "Legal terms & authorities"),
    ("collection_use", "Collection & use"),
    ("other", "Other questions"),
)
LABELS = dict(CATEGORIES)

#: The main practice of a question -> its category (topics that make a question about children, location,
#: breaches or authorities come first, see :func:`category_of_intent`).
_BY_PRACTICE = {
    "sell": "selling_sharing", "share": "selling_sharing", "public": "selling_sharing", "outsource": "selling_sharing",
    "targeted_ads": "advertising_tracking", "cookies": "advertising_tracking", "honor_dnt": "advertising_tracking",
    "retain": "retention_deletion", "delete": "retention_deletion",
    "access": "rights_choices", "correct": "rights_choices", "opt_out": "rights_choices", "rights": "rights_choices",
    "verify": "rights_choices", "charge": "rights_choices", "contact": "rights_choices", "retaliate": "rights_choices", "escalate": "rights_choices",
    "protect": "security",
    "notify": "changes_notice", "retroactive": "changes_notice", "modify": "changes_notice", "scope": "changes_notice",
    "transfer_abroad": "transfers",
    "arbitration": "legal_terms", "class_action": "legal_terms", "governing_law": "legal_terms", "forum": "legal_terms",
    "collect": "collection_use", "use": "collection_use", "social_login": "collection_use", "receive": "collection_use", "combine": "collection_use",
    "message": "advertising_tracking",
}


def category_of_intent(intent: Intent) -> str:
    """The category key of a read question."""
    if "children" in intent.topics:
        return "children"
    if "location" in intent.topics and intent.practice in ("collect", "use", "share", "retain", ""):
        return "location"
    if intent.practice == "notify" and "breach" in intent.topics:
        return "security"
    if "law" in intent.topics and intent.practice in ("share", "collect", ""):
        return "legal_terms"
    if "abroad" in intent.topics and intent.practice in ("share", "collect", "retain", "transfer_abroad"):
        return "transfers"
    return _BY_PRACTICE.get(intent.practice, "other")


def category_of(question: str) -> str:
    """The category key of a question (``"other"`` when its practice is not recognised)."""
    return category_of_intent(read_question(question))


def label(key: str) -> str:
    """The category's label ("Retention & deletion"); the key itself for an unknown one."""
    return LABELS.get(key, key)
