"""The names a company goes by in its own documents besides its site's name (:func:`company_aliases`): the words that spell it
out, its initials, the brand of its web address, the name it defines as "we", the incorporated business that runs the site, and
the name its statements have as their subject. Read once per bundle; :mod:`question` replaces them in the question."""

from __future__ import annotations

import re
from collections import Counter

from .spelling import is_word


def company_aliases(company: str, corpus_lower: str, corpus: str = "") -> tuple[str, ...]:
    """Other names of the company: the words of its documents that spell it out ("dairy queen", "barnes & noble" for
    Dairyqueen, Barnesandnoble), initials in capitals ("DQ", "B&N", "BN"; "BC" for BrightCart), as a user may type them,
    and, read from the documents as written (``corpus``), the name they call themselves by (:func:`own_names`)."""
    compact = re.sub(r"[^a-z0-9]", "", company.lower())
    if len(compact) < 5:
        return tuple(own_names(corpus, compact, ())) if corpus and len(compact) >= 2 else ()
    words = corpus_lower.split()
    spelled: set[str] = set()
    for i, w in enumerate(words):
        if compact[0] not in w[:3]:
            continue  # cheap test first: a bundle may hold millions of words
        first = re.sub(r"[^a-z0-9&]", "", w)
        if not first or not compact.startswith(first) or first == compact:
            continue
        joined, run = first, [first]
        for nxt in words[i + 1:i + 5]:
            part = re.sub(r"[^a-z0-9&]", "", nxt)
            joined += "and" if part == "&" else part
            run.append(part)
            if joined == compact:
                spelled.add(" ".join(run))
                break
            if not compact.startswith(joined):
                break
    out: list[str] = sorted(spelled)
    if "-" in company.strip("-"):
        out.append("".join(p[0].upper() for p in company.split("-") if p))  # "PG" for Post-gazette
    capitals = re.findall(r"[A-Z]", company)
    if len(capitals) >= 2 and re.search(r"[a-z]", company) and " " not in company.strip():
        out.append("".join(capitals))  # "BC" for BrightCart, "PS" for PlayStation
    for name in sorted(spelled):
        parts = name.split()
        initials = [p[0].upper() for p in parts if p not in ("&", "and", "of", "the")]
        if len(initials) >= 2:
            out += ["".join(initials)] + (["&".join(initials)] if "&" in parts or "and" in parts else [])
        if len(initials) >= 2 and "of" in parts:  # "BofA", "BoA" for Bank of America
            out += ["".join("of" if p == "of" else p[0].upper() for p in parts if p not in ("&", "and", "the")),
                    "".join("o" if p == "of" else p[0].upper() for p in parts if p not in ("&", "and", "the"))]
        words = [p for p in parts if p not in ("&", "and", "of", "the")]
        if len(words) >= 2 and len(words[0]) >= 5 and words[0].isalpha() and not is_word(words[0]):
            out.append(words[0])  # "Caribou" for Caribou Coffee, "Motley" for the Motley Fool: a first word that is no English word
        if len(words) == 2 and all(len(w) >= 4 and w.isalpha() for w in words) and not is_word(words[0][:2] + words[1][:2]):
            out.append(words[0][:2] + words[1][:2])  # "WaPo" for the Washington Post: two letters of each word
    if corpus:
        out += own_names(corpus, compact, tuple(spelled))
        # the site's name as the start of a longer capitalised name written twice or more ("Disinformation" for Disinfo)
        longer = Counter(re.findall(rf"\b{re.escape(compact[0].upper() + compact[1:])}[a-z]{{2,}}\b", corpus))
        out += sorted(w for w, n in longer.items() if n >= 2)
    return tuple(dict.fromkeys(out))


_DOMAIN = re.compile(r"\b(?:www\.)?([a-z][a-z0-9-]{2,})\.(?:com|org|net|edu|gov|co\.uk|io)\b", re.I)
_NAME_RUN = re.compile(r"\b[A-Z][a-z]+(?:[\s-]+[A-Z][a-z]+){1,4}\b")
#: An address of the company's own for privacy matters, its domain named for the owner ("Privacy_administration@condenast.com").
_OWN_EMAIL = re.compile(r"\b[\w.+-]*(?:privacy|info|support|contact|legal|help|customer|service|feedback|webmaster|admin)[\w.+-]*@([a-z0-9-]+)\."
                        r"(?:com|org|net|edu|gov|co\.uk)\b", re.I)
#: The small words between the capitalised words of a name ("Food Allergy Research & Education", "The Media Research Center").
_CONNECTORS = ("&", "and", "of", "the", "for")
_CONNECTOR = "|".join(_CONNECTORS)
_ACRONYM = re.compile(rf"((?:[A-Z][\w'-]*\s+(?:(?:{_CONNECTOR})\s+)?){{2,8}})\(\s*([A-Z]{{2,6}})\s*\)")


#: A name the documents define as "we" ("The Media Research Center (THE MRC or we)", "Acme Widgets, Inc. ("we", "us")").
_WE_DEFINED = re.compile(rf"((?:[A-Z][\w'.-]*,?\s+(?:(?:{_CONNECTOR})\s+)?){{2,6}})\(\s*((?:[\"“'‘]?[\w&.-]+[\"”'’]?,?\s+(?:or\s+|and\s+)?){{0,3}}"
                         r"[\"“'‘]?(?:[Ww]e|WE|[Uu]s)[\"”'’]?)\s*[,)]")
#: … but not a clause that only mentions "we" ("Google Analytics (which we use …)").
_NOT_A_DEFINITION = re.compile(r"\s*(which|that|who|as|if|when|where|whom|whose|see|e\.g|i\.e|for)\b", re.I)


def _related(words: list[str], compact: str) -> bool:
    """Does a name of several words stand for the site ("Cincinnati Museum Center" for Cincymuseum: same first letters, a word of it
    inside the site's name)?"""
    low = [re.sub(r"[^a-z0-9]", "", w.lower()) for w in words]
    return len(low) >= 2 and low[0][:3] == compact[:3] and any(len(w) >= 4 and w in compact for w in low[1:])


#: Services a policy names as the third parties it works with (analytics, advertising, social networks): never the site's own brand.
_PLATFORMS = frozenset("google facebook twitter youtube instagram linkedin pinterest apple microsoft adobe amazon yahoo doubleclick "
                       "aboutads networkadvertising paypal addthis disqus tumblr snapchat tiktok bing omniture quantcast".split())


def own_names(corpus: str, compact: str, spelled: tuple[str, ...]) -> list[str]:
    """Names the documents give the company besides its site's name, read from their text as written.

    The brand of its own web address when that is another word and the documents seldom name the site ("Curse" for a wiki hosted on curse.com: the word its
    domain is named for, written with a capital nearly always and the most used such word), and an acronym the
    documents define for the company ("Food Allergy Research & Education (FARE)" for Foodallergy).
    """
    out: list[str] = []
    counts: dict[str, int] = {}
    unlinked = _DOMAIN.sub(" ", corpus).lower()
    squeezed = re.sub(r"[^a-z0-9]", "", unlinked)  # "Post-Gazette" names Post-gazette
    seldom = sum(squeezed.count(n) for n in (compact, *(s.replace(" ", "") for s in spelled))) < 3
    for m in _DOMAIN.finditer(corpus if seldom else ""):  # only documents that seldom use the site's own name go by another
        word = m.group(1).lower()
        if word != compact and word not in counts and word not in _PLATFORMS:
            capital = len(re.findall(rf"\b{re.escape(word.capitalize())}\b", corpus))
            lower = len(re.findall(rf"(?<![./@-])\b{re.escape(word)}\b(?![./@-])", corpus))
            if capital >= 5 and capital >= 4 * lower:
                counts[word] = capital
    if counts:
        out.append(max(counts, key=lambda w: counts[w]))
    names = {compact, *(re.sub(r"[^a-z0-9]", "", s) for s in spelled), *out}
    # a site named by the initials of its first words and the rest spelled ("New York Times" for Nytimes, "Orange County
    # Register" for Ocregister): the name and its initials ("NYT")
    for run in dict.fromkeys(m.group(0) for m in _NAME_RUN.finditer(corpus)):
        words = [re.sub(r"[^a-z0-9]", "", w.lower()) for w in re.split(r"[\s-]+", run) if w]
        for low in (words[i:j] for i in range(len(words)) for j in range(i + 2, len(words) + 1)):  # "The New York Times Store"
            if all(low) and any("".join(w[0] for w in low[:k]) + "".join(low[k:]) == compact for k in range(1, len(low))):
                out += [" ".join(low), "".join(w[0] for w in low).upper()]
                if len(low) >= 3 and re.search(rf"\b[Tt]he {re.escape(low[-1].capitalize())}\b", corpus):
                    out.append(f"the {low[-1]}")  # "the Times", as the documents (and its readers) call The New York Times
    if len(compact) <= 4:  # a site named by the initials of a name with small words in it ("Library of Congress" for Loc)
        for run in dict.fromkeys(m.group(0) for m in _CONNECTED_RUN.finditer(corpus)):
            parts = run.split()[1:] if run.split()[0] == "The" else run.split()
            if len(parts) >= 2 and compact in ("".join(p[0] for p in parts).lower(), "".join(p[0] for p in parts if p.lower() not in _CONNECTORS).lower()):
                out.append(" ".join(parts).lower())
    for m in _VISITING.finditer(corpus):  # "Thank you for visiting Essence": the name the site greets its visitors by
        out.append(m.group(1).lower())
    for m in _WE_DEFINED.finditer(corpus):  # "The Media Research Center (THE MRC or we) is the owner and operator of NewsBusters"
        words = [w.strip(",") for w in m.group(1).split()]
        while words and words[0].lower() in _CONNECTORS:
            words = words[1:]
        while words and re.sub(r"\W", "", words[-1].lower()) in ("inc", "llc", "ltd", "corp", "co", "plc", "gmbh", "lp"):
            words = words[:-1]  # "Acme Widgets, Inc." is typed "Acme Widgets"
        if len(words) >= 2 and not _NOT_A_DEFINITION.match(m.group(2)):
            out.append(" ".join(words).lower())
            out += [a for a in re.findall(r"\b[A-Z]{2,6}\b", m.group(2)) if a != "THE"]
    for m in _OWN_EMAIL.finditer(corpus):  # "Privacy_administration@condenast.com" and "mailings from Conde Nast": the owner's name
        owner = m.group(1).lower()
        if owner not in compact and len(owner) >= 5:  # (another name than the site's, not a part of it)
            out += [run.lower() for run in dict.fromkeys(r.group(0) for r in _NAME_RUN.finditer(corpus))
                    if re.sub(r"[^a-z0-9]", "", run.lower()) == owner]
    for m in _OPERATOR.finditer(corpus):  # "all Web sites owned or operated by Freedom Communications, Inc."
        name = " ".join(m.group(1).replace(",", " ").split()).lower()
        if " " in name or not is_word(name):  # (not a word of the language alone: "Time Inc." is no "time")
            out.append(name)
    for m in _ACRONYM.finditer(corpus):
        words = [w for w in m.group(1).split() if w.lower() not in _CONNECTORS]
        run = re.sub(r"[^a-z0-9]", "", " ".join(words).lower())
        if "".join(w[0] for w in words[-len(m.group(2)):]).upper() == m.group(2) and (
                any(n and n in run for n in names) or _related(words[-len(m.group(2)):], compact)):
            out += [m.group(2), " ".join(words[-len(m.group(2)):]).lower()]
    # the name that states the company's practices ("Geekdo collects …", "Geekdo uses …" in BoardGameGeek's policy): a proper name
    # the documents never write in lower case, the subject of such statements at least three times and twice as often as any other
    subjects: dict[str, int] = {}
    for m in _PRACTICE_SUBJECT.finditer(corpus):
        word = m.group(1)
        if word.lower() not in _PLATFORMS and word.lower() not in _NOT_NAMES and word.lower() != compact:
            subjects[word] = subjects.get(word, 0) + 1
    ranked = sorted(subjects.items(), key=lambda kv: -kv[1])
    # (twice is enough for a name the documents also give incorporated: "Groundspeak, Inc.")
    least = 2 if ranked and re.search(rf"\b{re.escape(ranked[0][0])},? (?:Inc|LLC|Ltd|Corp)\b", corpus) else 3
    if ranked and ranked[0][1] >= least and (len(ranked) == 1 or ranked[0][1] >= 2 * ranked[1][1]) \
            and not re.search(rf"(?<![./@-])\b{re.escape(ranked[0][0].lower())}\b", corpus):
        out.append(ranked[0][0].lower())
    return list(dict.fromkeys(out))


#: The name a site greets its visitors by ("Thank you for visiting Essence", "Welcome to Sci-News").
_VISITING = re.compile(r"\b(?:[Tt]hank you for visiting|[Ww]elcome to)\s+((?:[A-Z][\w&'.-]*[\w&])(?:\s+[A-Z][\w&'.-]*[\w&]){0,2})")
#: A capitalised name with small words inside it ("Library of Congress", "Bank of America").
_CONNECTED_RUN = re.compile(rf"\b[A-Z][a-z]+(?:\s+(?:(?:{_CONNECTOR})\s+)?[A-Z][a-z]+){{1,3}}\b")
#: The business a site's documents say owns or runs it, by its incorporated name ("owned or operated by Freedom Communications, Inc.").
_OPERATOR = re.compile(rf"\b(?:owned|operated|run|maintained)(?: (?:and|or|and/or) (?:owned|operated|run|maintained))? by (?:the )?"
                       rf"((?:[A-Z][\w'.-]*\s+(?:(?:{_CONNECTOR})\s+)?){{0,4}}[A-Z][\w'.-]*),?\s+(?:Inc|LLC|L\.L\.C|Ltd|Corp|Corporation|Company|Co)\b")


#: A capitalised name as the subject of the company's statements ("Geekdo collects", "Geekdo may use", "Hearst will not").
_PRACTICE_SUBJECT = re.compile(r"(?:^|[.!?]\s+|\n)([A-Z][a-z]+[A-Z]?[a-z]*)(?:\.com)?\s+(?:(?:may|will|does|can|also|automatically|only|never|generally)\s+)?"
                               r"(?:collects?|uses?|receives?|shares?|discloses?|stores?|retains?|keeps?|takes?|is committed|respects?|records?|reserves?|"
                               r"obtains?|gathers?|sells?|provides?|sends?|processes|protects?|not)\b")
#: Words opening a sentence that are no name.
_NOT_NAMES = frozenset("we our you your this these that those such it they cookies information data users members visitors the some "
                       "any each all no many most other others personal children parents advertisers partners third to".split())
