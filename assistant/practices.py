"""OPP-115 data-practice categories of passages, questions and policy segments (multi-label, numpy only).

The weights (``resources/models/opp115_practices.npz``, written by ``eval/train_practices.py``) hold two parts:

* a few small networks averaged (a hidden ReLU layer, one sigmoid per category) on a text's MiniLM vector:
  :func:`probabilities` and :func:`labels`, what retrieval uses for passages and questions;
* a TF-IDF logistic regression per category on the words and word pairs of the text; averaged with the networks it
  classifies whole texts better (:func:`text_probabilities`, :func:`text_labels`), e.g. a policy's segments.

Each way has its own per-category thresholds, chosen by cross-validation on the training split.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .paths import resources_dir

WEIGHTS_PATH = resources_dir() / "models" / "opp115_practices.npz"
TOKEN = re.compile(r"(?u)\b\w\w+\b")  # scikit-learn's default token pattern (the trainer uses the same function)


@lru_cache(maxsize=1)
def _model() -> dict[str, Any] | None:
    import numpy as np

    if not WEIGHTS_PATH.is_file():
        return None
    with np.load(WEIGHTS_PATH, allow_pickle=False) as z:
        meta = json.loads(str(z["meta"]))
        nets = [{k: z[f"net{i}_{k}"].astype("float32") for k in ("w1", "b1", "w2", "b2")} for i in range(int(meta["networks"]))]
        lex = {"idf": z["lex_idf"].astype("float32"), "coef": z["lex_coef"].astype("float32"), "bias": z["lex_bias"].astype("float32")}
    vocab = {term: i for i, term in enumerate(meta.pop("vocabulary"))}
    return {"labels": list(meta["labels"]), "nets": nets, "lex": lex, "vocab": vocab, "meta": meta,
            "th_vectors": np.asarray(meta["thresholds"]["vectors"], dtype="float32"),
            "th_texts": np.asarray(meta["thresholds"]["texts"], dtype="float32")}


def category_names() -> list[str]:
    """The categories, in the order of the probability columns (empty without weights)."""
    m = _model()
    return list(m["labels"]) if m else []


def model_info() -> dict[str, Any]:
    """What the weights file says of itself: recipe, thresholds, cross-validated figures, training data (empty without weights)."""
    m = _model()
    return dict(m["meta"]) if m else {}


def probabilities(vectors: Any) -> Any | None:
    """Per-category probabilities (n × categories, independent sigmoids) for unit MiniLM vectors, or None without weights."""
    import numpy as np

    m = _model()
    if m is None:
        return None
    x = np.asarray(vectors, dtype="float32").reshape(-1, m["nets"][0]["w1"].shape[0])
    out = np.zeros((x.shape[0], len(m["labels"])), dtype="float32")
    for net in m["nets"]:
        h = np.maximum(x @ net["w1"] + net["b1"], 0.0)
        out += 1.0 / (1.0 + np.exp(-(h @ net["w2"] + net["b2"])))
    return out / len(m["nets"])


def labels(vectors: Any) -> list[list[str]]:
    """The categories (thresholded, at least one) of each unit MiniLM vector; empty lists without weights."""
    p = probabilities(vectors)
    return decide(p, "vectors") if p is not None else [[] for _ in range(len(vectors))]


def terms(text: str) -> Counter[str]:
    """Lower-cased words of two or more characters and adjacent word pairs, counted (the TF-IDF part's features)."""
    words = TOKEN.findall(text.lower())
    return Counter(words + [f"{a} {b}" for a, b in zip(words, words[1:])])


def lexical_features(texts: Sequence[str], vocab: dict[str, int], idf: Any) -> Any:
    """Sub-linear TF-IDF rows, unit length (n × vocabulary), as scikit-learn's ``TfidfVectorizer(sublinear_tf=True)``."""
    import numpy as np

    x = np.zeros((len(texts), len(vocab)), dtype="float32")
    for i, t in enumerate(texts):
        for term, n in terms(t).items():
            j = vocab.get(term)
            if j is not None:
                x[i, j] = (1.0 + math.log(n)) * idf[j]
        norm = float(np.linalg.norm(x[i]))
        if norm:
            x[i] /= norm
    return x


def text_probabilities(texts: Sequence[str], vectors: Any) -> Any | None:
    """Per-category probabilities of whole texts from their words and their MiniLM vectors (mean of both parts); None without weights."""
    import numpy as np

    m = _model()
    p = probabilities(vectors)
    if m is None or p is None:
        return None
    lex = m["lex"]
    logits = lexical_features(texts, m["vocab"], lex["idf"]) @ lex["coef"] + lex["bias"]
    return 0.5 * p + 0.5 / (1.0 + np.exp(-logits))


def text_labels(texts: Sequence[str], vectors: Any) -> list[list[str]]:
    """The categories (thresholded, at least one) of whole texts (:func:`text_probabilities`); empty lists without weights."""
    p = text_probabilities(texts, vectors)
    return decide(p, "texts") if p is not None else [[] for _ in texts]


def decide(prob: Any, way: str = "texts") -> list[list[str]]:
    """Thresholded categories of probability rows (``way``: "vectors" or "texts"); a row none passes gets its most likely category."""
    import numpy as np

    m = _model()
    if m is None:
        return [[] for _ in range(len(prob))]
    th = m["th_vectors"] if way == "vectors" else m["th_texts"]
    out = []
    for row in np.asarray(prob, dtype="float32"):
        picked = [m["labels"][i] for i in np.flatnonzero(row >= th)]
        out.append(picked or [m["labels"][int(np.argmax(row / th))]])
    return out
