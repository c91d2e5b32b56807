"""Guess a document's kind and decide whether a text is a policy at all."""

from __future__ import annotations

import re

from .errors import NotAPolicyError

_KIND_PATTERNS: list[tuple[str, re.Pattern[str]]] = [
    ("regulation", re.compile(r"general data protection regulation|\bregulation \(eu\)|consumer privacy act of|civil code|"
                              r"^(gdpr|ccpa|cpra|hipaa|lgpd|pipeda|coppa)\b(?!.*\b(notice|policy|statement|supplement|addendum|disclosure)\b)", re.I)),
    ("cookie_policy", re.compile(r"cookie", re.I)),
    ("regional_notice", re.compile(r"\bccpa\b|\bcpra\b|california|\beea\b|\bgdpr\b|european|\buk\b|regional|state privacy|nevada|virginia|brazil|lgpd|notice (for|to) .*residents", re.I)),
    ("terms_of_use", re.compile(r"terms|conditions|user agreement|\btos\b|acceptable use", re.I)),
    ("privacy_policy", re.compile(r"privacy|data policy|data protection", re.I)),
]

_POLICY_TERMS = (
    "privacy", "personal", "information", "data", "collect", "cookie", "third part", "share", "disclose",
    "consent", "opt out", "opt-out", "rights", "delete", "retain", "retention", "process", "law", "terms",
    "agree", "service", "account", "security", "email", "contact us", "advertis", "children", "access",
    "regulation", "controller", "liability", "policy", "notice", "user",
)


def guess_kind(title: str, name: str, text: str) -> str:
    """Guess the kind from the title, file name and opening text."""
    probe = f"{title} {name}".replace("_", " ").replace("-", " ")
    for kind, pattern in _KIND_PATTERNS:
        if pattern.search(probe):
            return kind
    head = text[:600]
    if re.search(r"^\s*(GDPR|CALIFORNIA CONSUMER PRIVACY ACT)", head) or len(re.findall(r"^Art\. \d+", text, re.M)) > 10:
        return "regulation"
    for kind in ("privacy_policy", "cookie_policy", "terms_of_use", "regional_notice"):
        if dict(_KIND_PATTERNS)[kind].search(head[:200]):
            return kind
    return "other"


def policy_score(text: str) -> float:
    """Share of policy vocabulary present (0–1) in the text."""
    low = text.lower()
    return sum(1 for t in _POLICY_TERMS if t in low) / len(_POLICY_TERMS)


#: A text that opens with its own title as a policy, terms or notice.
_TITLED = re.compile(r"\W*(?:[\w.&'-]+\s+){0,4}(?:online\s+)?(?:privacy|cookie|data protection)\s+(?:policy|notice|statement)|\W*terms\s+(?:of\s+(?:use|service)|and\s+conditions)", re.I)


def check_is_policy(text: str, name: str) -> None:
    """Refuse documents that do not read like a policy, terms, notice or regulation."""
    words = len(text.split())
    if words < 25:
        raise NotAPolicyError(f"{name} has too little text to be a policy ({words} words)")
    score = policy_score(text)
    low = text.lower()
    anchors = sum(low.count(t) for t in ("privacy", "personal data", "personal information", "cookie", "terms", "agreement", "consent", "data"))
    # a short text that calls itself a policy ("Privacy Policy For each visitor to our Web site …", 150 words) needs less of
    # the vocabulary: it has room for few of the words
    titled = bool(_TITLED.match(text)) and words < 1000
    if score < (0.15 if titled else 0.25) or anchors < max(2, words // 2000):
        raise NotAPolicyError(
            f"{name} does not look like a privacy policy, terms or notice (use --force to load it anyway)"
        )
