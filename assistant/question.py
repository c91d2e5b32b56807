"""The question itself: checked and normalised, its language and subject read, and whether the evidence answers it.

Before any verdict, a question is refused when it is empty, too long or not in English; the
company's name is replaced by "the company"; a subject that is another company makes it not
applicable; and the policy is taken to be silent when its rare key terms are missing from the evidence.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from .errors import InputError
from .keyterms import key_terms
from .models import Evidence
from .objects import synonyms_of
from .others_data import OTHERS_DATA_ASKED
from .question_objects import AGE_ASKED, business_named
from .spelling import is_word
from .text import tokenize
from .vocabulary import PRACTICES, RESIDENT

MAX_QUESTION_CHARS = 2000

# Words that say little about what a question is about.
_GENERIC = set(tokenize(
    "data information personal company policy privacy user users app service services website site use used using "
    "does do can will my me i they them their it this that there any have has is are the what how why when where which "
    "who whose whom also get give make take way ever still well much many sort kind type types"
))

#: Words that frame a question rather than name what it is about ("what is your *stance* on…", "as *far* as…"):
#: never taken as the rare key terms whose absence makes the policy silent.
_FRAMING = set(tokenize(
    "stance far impact ensure potential address outline clearly clear context specific approach handle manage "
    "practices measures steps regarding concerning related "
    # casual words of how a user talks, never what the question is about
    "really actually gonna wanna gotta just basically literally honestly seriously totally anyway kinda sorta ok okay hey guys folks "
    "stuff thing things somehow pretty somewhere supposedly allegedly apparently am left whoever whatever besides "
    # … and how the user fears it is done ("will they quietly tailor …?")
    "quietly sneakily silently secretly "
    # … and how the user feels about it ("I'm fine with their emails but hate phone calls")
    "fine hate "
    # … and what the user would do in place of another way ("can I phone them instead of writing in?")
    "instead rather "
    # … and how a party or an act is told ("random people who ask", "follow me around with ads")
    "random around since couple anything something big bunch lot lots soon "
    # … and the button the user presses ("if I hit unsubscribe") and when a situation came about ("I moved last month")
    "hit moved month months week weeks ago recently "
    # … and when it would happen ("deleted eventually or kept forever?")
    "happen happens eventually afterward afterwards forever "
    # … and everyday words for the user, their words and where things are ("reader surveys", "what I wrote", "inside the US", "take down my number")
    "reader readers wrote written inside down switch"
))

#: Where the asker lives, named by its capitalised name ("I live in Toronto"): who asks.
_LIVES_IN = re.compile(r"\b(?i:i(?:'m| am)?\s+(?:live|living|based|located)\s+in\s+(?:the\s+)?)[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?")

#: Below this cosine similarity of the best passage, the policy is taken to be silent.
ANSWERABLE_DENSE_FLOOR = 0.35


@dataclass
class Decision:
    """The assistant's own answerability verdict and why."""

    answerable: bool
    status: str  # answered | silent | not_applicable
    best_dense: float
    coverage: float
    reason: str = ""


def check_question(question: str) -> str:
    """Normalise a question or refuse it with a one-line error."""
    q = " ".join(question.split())
    if not q:
        raise InputError("the question is empty")
    if len(q) > MAX_QUESTION_CHARS:
        raise InputError(f"the question is too long ({len(q):,} characters; the limit is {MAX_QUESTION_CHARS:,})")
    letters = [c for c in q if c.isalpha()]
    if not letters:
        raise InputError("the question has no words in it")
    if sum(1 for c in letters if c.isascii() or "\u00c0" <= c <= "\u024f") < 0.5 * len(letters):
        raise InputError("the question is not in English (the assistant reads questions in English only); please ask it in English")
    language = foreign_language(q)
    if language:
        raise InputError(f"the question looks like {language}; the assistant reads questions in English only, please ask it in English")
    return q


_LANGUAGES: dict[str, set[str]] = {
    "English": set("the a an is are do does can will my your i you they what how when who which of to and or with for from about data".split()),
    "Spanish": set("el la los las es son mis mi sus qué cómo cuánto cuándo quién puedo datos de del y o con para por se una un sobre tiempo".split()),
    "German": set("der die das ist sind meine mein ihre was wie wann wer kann daten und oder mit für von über werden lange speichern ich".split()),
    "French": set("le la les est sont mes mon leurs que quoi comment combien quand qui puis-je données et ou avec pour sur une un je".split()),
    "Italian": set("il lo gli è sono miei mio loro che come quanto quando chi posso dati e o con per su una un io".split()),
    "Portuguese": set("o os as é são meus meu seus que como quanto quando quem posso dados e ou com para sobre uma um eu".split()),
    "Dutch": set("de het is zijn mijn hun wat hoe hoelang wanneer wie kan gegevens en of met voor over een ik".split()),
}


def foreign_language(question: str) -> str:
    """The name of the language a question seems to be written in, when it is clearly not English ('' otherwise)."""
    words = re.findall(r"[^\W\d_]+(?:-[^\W\d_]+)?", question.lower())
    if len(words) < 3:
        return ""
    counts = {lang: sum(1 for w in words if w in vocab) for lang, vocab in _LANGUAGES.items()}
    best = max(counts, key=lambda k: counts[k])
    if best != "English" and counts[best] >= 2 and counts[best] > counts["English"] + 1:
        return best
    return ""


def content_terms(question: str) -> set[str]:
    return {t for t in tokenize(question) if t not in _GENERIC and len(t) > 1}



def neutral_question(question: str, company: str, aliases: tuple[str, ...] = ()) -> str:
    """The question with the company's name replaced by 'the company' (names skew similarity and are no object of the question).

    Besides the name itself, a capitalised run that spells it out ("Everyday Health" for "Everydayhealth", "Austin Community
    College" for "Austincc"), a domain of it ("allstate.com") and its ``aliases`` (:func:`company_aliases`) count as the name.
    """
    if not company or len(company) < 2:
        return question
    out = re.sub(rf"\b{re.escape(company)}(?:\.(?:com|org|net|edu|gov|co\.uk))?(?:'s)?\b", "the company", question, flags=re.I)
    for alias in sorted(aliases, key=lambda a: -len(a)):  # (the longest first: "freedom communications" before "freedom")
        if alias.isupper() or "&" in alias and alias.replace("&", "").isupper():
            # initials: as typed in capitals, or in lower case when that spells no word ("nyt", but never "abc" or "fare")
            flags = re.I if len(alias) >= 3 and alias.isalpha() and not is_word(alias.lower()) else 0
            out = re.sub(rf"(?<![\w&])(?:the\s+)?{re.escape(alias)}(?:'s)?(?![\w&])", "the company", out, flags=flags)
        else:
            spelled = r"\s+".join(r"(?:&|and)" if w in ("&", "and") else re.escape(w) for w in alias.split())
            out = re.sub(rf"\b(?:the\s+)?{spelled}(?:'s)?\b", "the company", out, flags=re.I)
    compact = re.sub(r"[^a-z0-9]", "", company.lower())
    if len(compact) < 4:
        return out
    out = _CAPITALISED_RUN.sub(lambda m: _name_in_run(m.group(0), compact), out)
    # the last word of the name, capitalised after "the" ("the Register" for Ocregister, "the Post" for Washingtonpost)
    # (or three letters of it, "the Fed" for Stlouisfed; or that word cut short by the site's name, "the Tribune" for Sltrib)
    out = re.sub(r"\bthe\s+([A-Z][a-z]{2,})(?:'s)?\b", lambda m: "the company" if _last_word_of(m.group(1).lower(), compact) else m.group(0), out)
    # (… or a long last word, capitalised inside the question: "Could Fridays hand my data over?" for Tgifridays)
    out = re.sub(r"(?<=[a-z,] )([A-Z][a-z]{5,})(?:'s)?\b", lambda m: "the company" if compact.endswith(m.group(1).lower()) and len(compact) - len(m.group(1)) >= 3 else m.group(0), out)
    # typed in lower case, shortened: "lodge" for Lodgemfg, "walmart.com";
    # only a short tail may be left off ("lodge" for Lodgemfg), so "health" never stands for Healthline
    out = _words_spelling(out, compact)
    out = _LOWER_WORD.sub(lambda m: "the company" if compact.startswith(m.group(1)) and len(compact) - len(m.group(1)) <= 3 else m.group(0), out)
    if compact.startswith("the") and len(compact) >= 9:  # "atlantic" for Theatlantic: the name typed without its article
        out = re.sub(rf"\b{re.escape(compact[3:])}(?:'s)?\b", "the company", out, flags=re.I)
    for suffix in _BRAND_SUFFIXES:  # a brand typed without the word its site's name adds ("abc app" for Abcnews)
        brand = compact[:-len(suffix)]
        if compact.endswith(suffix) and len(brand) >= 3:
            out = re.sub(rf"\b(?:the\s+)?{re.escape(brand)}(?:'s)?\b", "the company", out, flags=re.I)
    return out


def _last_word_of(word: str, compact: str) -> bool:
    """Is ``word`` the last word of the name the site's name spells (its tail, or a word its tail cuts short by up to three letters)?"""
    if compact.endswith(word):
        return len(compact) > len(word) + (3 if len(word) == 3 else 0)
    return any(word.startswith(compact[-k:]) and len(word) - k <= 3 for k in range(4, len(compact) - 1))


def _words_spelling(text: str, compact: str) -> str:
    """The text with runs of two or three words that spell the company ("post gazette" for Post-gazette) replaced by 'the company'."""
    words = list(re.finditer(r"[A-Za-z0-9]+", text))
    for i in range(len(words) - 1, -1, -1):
        for size in (3, 2):
            run = words[i:i + size]
            if len(run) == size and "".join(w.group(0) for w in run).lower() == compact and all(
                    re.fullmatch(r"\.?\s+", text[a.end():b.start()]) for a, b in zip(run, run[1:])):
                start = run[0].start()
                the = re.search(r"\bthe\s+$", text[:start], re.I)
                end = run[-1].end() + (2 if text[run[-1].end():run[-1].end() + 2] == "'s" else 0)
                text = text[:the.start() if the else start] + "the company" + text[end:]
                break
    return text


_BRAND_SUFFIXES = ("news", "online", "app", "apps", "media", "group", "inc", "corp", "tv", "radio", "games", "store", "shop", "mail",
                   "music", "web", "net", "world", "hq", "labs", "global", "usa", "official", "sports", "outlet", "outlets")


_CAPITALISED_RUN = re.compile(r"\b[A-Z][\w&-]*(?:\s+(?:of\s+)?[A-Z][\w&-]*){0,4}")
_LOWER_WORD = re.compile(r"\b([a-z][a-z0-9&-]{4,})(?:\.(?:com|org|net|edu|gov))?(?:'s)?\b")


def _name_in_run(run: str, compact: str) -> str:
    """A run of capitalised words with the longest part of it that spells the company replaced by 'the company'."""
    words = run.split()
    for size in range(len(words), 0, -1):
        for i in range(len(words) - size + 1):
            if _spells(words[i:i + size], compact):
                return " ".join([*words[:i], "the company", *words[i + size:]])
    return run


def _spells(words: list[str], compact: str) -> bool:
    """Do these capitalised words spell a company whose compact name is ``compact`` (whole, or first word + initials)?"""
    parts = [re.sub(r"[^a-z0-9]", "", w.lower()) for w in words]
    joined = "".join(parts)
    if joined == compact or (len(parts) > 1 and len(joined) >= 5 and compact.startswith(joined)):
        return True
    if len(words) == 1 and words[0].isupper() and len(joined) >= 3 and compact.startswith(joined):
        return True  # "ABC" typed for Abcnews, "NYT" for Nytimes
    if len(words) == 1 and words[0].isupper() and 2 <= len(joined) <= 5 and _initials_of(joined, compact):
        return True  # "BGG" for Boardgamegeek (board-game-geek)
    first, rest = parts[0], [w for w in parts[1:] if w and w != "of"]
    return bool(rest) and len(first) >= 3 and compact == first + "".join(w[0] for w in rest)


def _initials_of(initials: str, compact: str) -> bool:
    """Can ``compact`` be cut into words of 3+ letters starting with these initials, in order ("bgg": board|game|geek)?"""
    if not initials:
        return not compact
    if not compact.startswith(initials[0]):
        return False
    if len(initials) == 1:
        return len(compact) >= 3
    return any(compact[i] == initials[1] and _initials_of(initials[1:], compact[i:]) for i in range(3, len(compact) - 2))


def decide(question: str, evidence: list[Evidence], best_dense: float, foreign_names: list[str] | None = None,
           company: str = "") -> Decision:
    """Is the question answered by the evidence? Also tells silent from not applicable where it can.

    Calibrated on GenAIPABench's five policies (which questions each leaves unaddressed): the policy
    is taken to be silent when the question's rare key terms (rare across OPP-115 policies) are all
    missing from the evidence, or when no passage is even loosely similar.
    """
    terms = content_terms(question)
    ev_terms: set[str] = set()
    for e in evidence:
        ev_terms |= set(tokenize(e.text)) | set(tokenize(e.heading))
    coverage = (len(terms & ev_terms) / len(terms)) if terms else 1.0
    if foreign_names:
        return Decision(False, "not_applicable", best_dense, coverage,
                        f"the question is about {', '.join(foreign_names)}, but these documents are {company}'s")
    # ("the college" a school's own policy speaks of is the company, named or not)
    # (… nor where the asker lives: "i live in germany, does my data go to the US?", nor how old a child is, nor the words of the practice
    # asked: "will they pass it along?", "do they hang on to it?", nor whose data: "my husband's account")
    told = [m.group(0) for m in RESIDENT.finditer(question)] + [m.group(0) for m in AGE_ASKED.finditer(question)] + [
        m.group(0) for m in _LIVES_IN.finditer(question)] + [m.group(0) for m in OTHERS_DATA_ASKED.finditer(question)] + [
        m.group(0) for p in PRACTICES for m in p.asked.finditer(question) if len(m.group(0).split()) <= 3]
    key = key_terms(terms - _FRAMING - business_named(question) - set(tokenize(" ".join(told))))
    if key and not any(_mentioned(t, ev_terms) or any(_mentioned(s, ev_terms) for s in synonyms_of(t)) for t in key):
        return Decision(False, "silent", best_dense, coverage, f"nothing in the bundle mentions {', '.join(sorted(key))}")
    if best_dense < ANSWERABLE_DENSE_FLOOR:
        return Decision(False, "silent", best_dense, coverage, "no passage of the bundle addresses the question")
    return Decision(True, "answered", best_dense, coverage)


def _mentioned(term: str, words: set[str]) -> bool:
    """Is a key term among the words, as written, a little longer ("spam" in "spammer's") or misspelt ("acount")?"""
    # (or shortened: "admin" for "administrator")
    if term in words or (len(term) >= 4 and any(w.startswith(term) and (len(w) - len(term) <= 3 or len(term) >= 5) for w in words)):
        return True
    if len(term) >= 4 and any(w.endswith(term) and 2 <= len(w) - len(term) <= 4 for w in words):
        return True  # (… or the end of a compound: "cache" in "geocache")
    if len(term) < 5:
        return False
    return bool(difflib.get_close_matches(term, [w for w in words if abs(len(w) - len(term)) <= 1 and w[:1] == term[:1]], n=1, cutoff=0.8))


_SUBJECT = re.compile(
    r"^(?i:(?:(?:how|what|why|when|where|who|which)(?:\s+[a-z]+){0,3}?\s+)?(?:does|do|did|will|would|can|could|is|are|has|have|should))\s+"
    r"([A-Z][\w&.\-]*(?:\s+[A-Z][\w&.\-]*)*)\b|^(?:(?:If|When|Once|After|Before|Since|While|Although|Even if|And|But|So)\s+)?([A-Z][\w&.\-]*(?:\s+[A-Z][\w&.\-]*)*)'s\b"
)


def foreign_entities(question: str, bundle_text_lower: str, company: str, aliases: tuple[str, ...] = ()) -> list[str]:
    """The subject of the question when it is a name that never occurs in the bundle (another company).

    Only the grammatical subject counts ("Does Facebook track me?", "Facebook's cookies…"): names
    elsewhere ("Does BrightCart sell my data to Facebook?") are objects the policy may well cover; the
    company's own ``aliases`` ("B&N") are never another company.
    """
    if company and company.lower() in question.lower():
        return []
    if neutral_question(question, company, aliases) != question:
        return []
    m = _SUBJECT.match(question.strip())
    if not m:
        return []
    name = (m.group(1) or m.group(2) or "").strip()
    skip = {"i", "you", "we", "they", "it", "the", "this", "that", "my", "gdpr", "ccpa", "eu", "us", "uk", "california"}
    if not name or name.lower() in skip or name.lower() in bundle_text_lower:
        return []
    return [name]
