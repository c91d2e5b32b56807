"""Slips of the keyboard in a question ("can i delte my acount?") read as the privacy words they were meant to be.

A word is corrected only when it is no English word (not in the embedder's vocabulary, which ships with the
product), not a word of the documents, and one privacy word alone is closest to it: one edit away (two for
long words), a swap of neighbouring letters counting as one edit. Without the vocabulary nothing is corrected.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

#: The words a question about a privacy practice turns on (practices, what they act on, who receives it).
KEYWORDS = frozenset("""
sell sells selling sold sale rent rents share shares shared sharing disclose discloses disclosed disclosure give gives transfer
transferred transfers send sends sent provide collect collects collected collecting collection gather gathers track tracks
tracked tracking record records recorded monitor monitors monitoring store stores stored storing storage keep keeps kept
retain retains retained retention delete deletes deleted deleting deletion erase erased remove removed account accounts
access download copy correct update change changes changed notify notified notification notifications notice tell inform
email emails address addresses information data personal private privacy policy cookie cookies beacon beacons pixel pixels
location locations advertiser advertisers advertising ads marketing marketers partner partners third party parties affiliate
affiliates children child kids minors parent parents consent permission unsubscribe subscribe subscription newsletter
newsletters encrypt encrypted encryption secure security protect protected protection breach breaches hacked hackers password
passwords browser browsing history search searches contacts phone number credit card payment government police enforcement
court law legal california europe european country countries abroad merger acquisition bankruptcy business anonymous
aggregate aggregated profile social identify identifiable sensitive health financial biometric camera microphone photos
messages purchase purchases order orders receive received third-party companies company service services website
""".split())

_WORD = re.compile(r"[A-Za-z]{3,}")


@lru_cache(maxsize=1)
def _english() -> frozenset[str]:
    """The whole words of the embedder's vocabulary: the MiniLM package's, or the packaged app's exported tokenizer
    (empty when neither can be read: then nothing is corrected)."""
    from .embeddings import default_embedder_path
    from .errors import ModelError
    from .onnx_embedder import exported_embedder_dir

    words: list[str] = []
    try:
        words = (Path(default_embedder_path()) / "vocab.txt").read_text(encoding="utf-8").split()
    except (ModelError, OSError):
        exported = exported_embedder_dir()
        try:
            if exported is not None:
                words = list(json.loads((exported / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"])
        except (OSError, ValueError, KeyError, TypeError):
            words = []
    return frozenset(w for w in words if w.isalpha() and w.islower())


def is_word(word: str) -> bool:
    """Is it a whole word of the embedder's vocabulary (lower case)?"""
    return word in _english()


def distance(a: str, b: str, limit: int = 2) -> int:
    """Edits between two words (insertion, deletion, substitution, a swap of neighbours), ``limit + 1`` when more."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev2: list[int] = []
    prev = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > limit:
            return limit + 1
        prev2, prev = prev, cur
    return min(prev[-1], limit + 1)


def meant(word: str, known: Callable[[str], bool] | None = None) -> str:
    """The privacy word a slip stands for, or the word itself."""
    low = word.lower()
    english = _english()
    if not english or low in KEYWORDS or low in english or (known is not None and known(low)):
        return word
    if any(low.startswith(p) and (low[len(p):] in KEYWORDS or low[len(p):] in english) for p in ("un", "non", "dis", "re", "pre")):
        return word  # "unencrypted" is no slip of "encrypted", nor "reshare" of "share"
    limit = 2 if len(low) >= 8 else 1
    scored = sorted((distance(low, k, limit), k) for k in KEYWORDS if abs(len(k) - len(low)) <= limit)
    best = [k for d, k in scored if d <= limit and d == scored[0][0]]
    if len(best) != 1:
        return word
    return best[0].capitalize() if word[:1].isupper() else best[0]


def corrected(question: str, known: Callable[[str], bool] | None = None) -> str:
    """The question with its slips corrected (``known``: words of the documents, never corrected), its accented words as the
    documents spell them ("Condé Nast" typed, "Conde Nast" written)."""
    text = _SHORTHAND.sub(lambda m: _SHORT_FOR[m.group(0)], question)
    return _WORD.sub(lambda m: meant(m.group(0), known), _ACCENTED.sub(lambda m: unaccented(m.group(0), known), text))


#: Words typed in text-message shorthand ("r the online forms encrypted?", "can u delete it?", "is ur data sold?", "do i have to go
#: thru FB?", "whats the email for privacy questions?").
_SHORT_FOR = {"r": "are", "u": "you", "ur": "your", "thru": "through", "fb": "Facebook", "FB": "Facebook", "whats": "what's", "Whats": "What's",
              "wheres": "where's", "Wheres": "Where's"}
_SHORTHAND = re.compile(r"(?<![\w'’.-])(?:r|u|ur|thru|fb|FB|[Ww]hats|[Ww]heres)(?![\w'’.-])")


#: A word with a letter outside ASCII.
_ACCENTED = re.compile(r"\w*[^\x00-\x7f]\w*")


def unaccented(word: str, known: Callable[[str], bool] | None = None) -> str:
    """The word without its accents when the documents spell it so and never with them (else the word as typed)."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", word) if not unicodedata.combining(ch))
    if plain == word or not plain.isascii() or known is None:
        return word
    return plain if known(plain.lower()) and not known(word.lower()) else word
