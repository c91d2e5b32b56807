"""Train the OPP-115 data-practice classifier (multi-label: small MLPs on frozen MiniLM vectors plus a TF-IDF regression).

Data: the Polisis/Mousavi Nejad majority splits of OPP-115 (``opp115-majority``, ``text,label`` rows; a segment with
several categories has several rows). The model is trained on ``train_dataset.csv`` alone: the per-category
thresholds come from 5-fold cross-validation *within* train (folds split by policy, recovered from the OPP-115
HTML policies), and ``validation_dataset.csv`` is kept out as the held-out figure (``privacy-assistant bench
opp115``). Segments whose text occurs in the policies of the PolicyQA file given with ``--exclude-policyqa`` are
left out, so the evidence benchmark is not measured on policies the classifier was trained on.

    python -m eval.train_practices --data ../shared/data/opp115-majority \\
        --exclude-policyqa ../shared/data/policyqa/dev.json --policies ../shared/data/opp115/sanitized_policies

(``make train-practices``; seeded and reproducible, about three minutes on two busy cores, most of it embedding the
segments; ``--vectors FILE.npy`` caches those.) Needs scikit-learn (the ``test`` extra) for the TF-IDF part's
regressions; the assistant runs the weights with numpy alone (:mod:`assistant.practices`).
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from assistant.practices import WEIGHTS_PATH, lexical_features, terms

FOLDS = 5
SEED = 0
LEX_C = 30.0


@dataclass(frozen=True)
class Recipe:
    """How the network is trained (full-batch Adam on class-weighted binary cross-entropy)."""

    hidden: int = 256  # 0 = one-vs-rest logistic regression
    epochs: int = 200
    lr: float = 1e-3
    weight_decay: float = 1e-4
    dropout: float = 0.3
    pos_weight_power: float = 0.5  # positives weighted (negatives/positives) ** power, per category
    seeds: int = 3  # networks averaged (different initialisations)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text).lower()).strip()


def read_segments(path: Path) -> tuple[list[str], list[set[str]]]:
    """Segments of a majority-format CSV (``text,label`` rows) and their label sets, in first-seen order."""
    groups: dict[str, set[str]] = {}
    with path.open(encoding="utf-8", newline="") as fh:
        for row in csv.reader(fh):
            if len(row) == 2 and row[0].strip() and row[0].strip() != "#NAME?":  # '#NAME?': a spreadsheet's mangled cell
                groups.setdefault(row[0], set()).add(row[1].strip())
    return list(groups), list(groups.values())


def policy_groups(texts: Sequence[str], policies: Path | None) -> list[str]:
    """A policy name per segment (for folds by policy): the one HTML policy holding its start, else the previous one's run."""
    docs = {p.name: _norm(p.read_text(encoding="utf-8", errors="ignore")) for p in sorted(policies.glob("*.html"))} if policies else {}
    out: list[str] = []
    unknown = 0
    for i, t in enumerate(texts):
        key = _norm(t)[:60]
        hits = [name for name, d in docs.items() if key and key in d]
        if len(hits) == 1:
            out.append(hits[0])
        elif out and (not out[-1].startswith("?") or i % 25):  # rows come policy by policy: keep the run's policy
            out.append(out[-1])
        else:
            unknown += 1
            out.append(f"?{unknown}")
    return out


def folds_by_group(groups: Sequence[str], k: int = FOLDS, seed: int = SEED) -> list[int]:
    """A fold number per item; every group in one fold, the folds of similar size (greedy over shuffled groups)."""
    import numpy as np

    names = sorted(set(groups))
    rng = np.random.default_rng(seed)
    rng.shuffle(names)
    size = {g: 0 for g in names}
    for g in groups:
        size[g] += 1
    load = [0] * k
    fold_of: dict[str, int] = {}
    for g in sorted(names, key=lambda n: -size[n]):
        f = min(range(k), key=lambda j: load[j])
        fold_of[g] = f
        load[f] += size[g]
    return [fold_of[g] for g in groups]


def fit(x: Any, y: Any, recipe: Recipe, seed: int = SEED) -> list[dict[str, Any]]:
    """The averaged networks (each ``{"w1","b1","w2","b2"}``, or ``{"w2","b2"}`` without a hidden layer)."""
    return [_fit_one(x, y, recipe, seed + 1000 * s) for s in range(recipe.seeds)]


def _fit_one(x: Any, y: Any, r: Recipe, seed: int) -> dict[str, Any]:
    import numpy as np

    rng = np.random.default_rng(seed)
    x = np.asarray(x, dtype="float32")
    y = np.asarray(y, dtype="float32")
    n, d = x.shape
    pos = y.sum(axis=0).clip(1)
    pw = ((n - pos) / pos) ** r.pos_weight_power
    weights = np.where(y > 0, pw, 1.0)
    weights = (weights / weights.mean()).astype("float32")
    params: dict[str, Any] = {}
    if r.hidden:
        params["w1"] = rng.normal(0, np.sqrt(2.0 / d), (d, r.hidden)).astype("float32")
        params["b1"] = np.zeros(r.hidden, dtype="float32")
        params["w2"] = rng.normal(0, np.sqrt(1.0 / r.hidden), (r.hidden, y.shape[1])).astype("float32")
    else:
        params["w2"] = np.zeros((d, y.shape[1]), dtype="float32")
    params["b2"] = np.log(pos / (n - pos)).astype("float32")
    m = {k: np.zeros_like(v) for k, v in params.items()}
    v2 = {k: np.zeros_like(v) for k, v in params.items()}
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t in range(1, r.epochs + 1):
        if r.hidden:
            pre = x @ params["w1"] + params["b1"]
            h = np.maximum(pre, 0)
            mask = ((rng.random(h.shape, dtype="float32") >= r.dropout) / (1 - r.dropout)).astype("float32") if r.dropout else 1.0
            hd = h * mask
        else:
            hd = x
        p = 1 / (1 + np.exp(-(hd @ params["w2"] + params["b2"])))
        g_logit = weights * (p - y) / n
        grads = {"w2": hd.T @ g_logit, "b2": g_logit.sum(axis=0)}
        if r.hidden:
            g_h = (g_logit @ params["w2"].T) * mask * (pre > 0)
            grads["w1"] = x.T @ g_h
            grads["b1"] = g_h.sum(axis=0)
        for k in params:
            g = grads[k] + (r.weight_decay * params[k] if k.startswith("w") else 0)
            m[k] = b1 * m[k] + (1 - b1) * g
            v2[k] = b2 * v2[k] + (1 - b2) * g * g
            params[k] -= r.lr * (m[k] / (1 - b1**t)) / (np.sqrt(v2[k] / (1 - b2**t)) + eps)
    return params


def predict(nets: list[dict[str, Any]], x: Any) -> Any:
    """Mean sigmoid output of the networks (n × categories)."""
    import numpy as np

    x = np.asarray(x, dtype="float32")
    out = 0.0
    for p in nets:
        h = np.maximum(x @ p["w1"] + p["b1"], 0) if "w1" in p else x
        out = out + 1 / (1 + np.exp(-(h @ p["w2"] + p["b2"])))
    return out / len(nets)


def best_thresholds(prob: Any, y: Any) -> list[float]:
    """Per category, the threshold (0.05 … 0.95) with the best F1 on these out-of-fold probabilities."""
    import numpy as np

    grid = np.round(np.arange(0.05, 0.951, 0.025), 3)
    out = []
    for c in range(y.shape[1]):
        f1s = []
        for t in grid:
            pred = prob[:, c] >= t
            tp = float((pred & (y[:, c] > 0)).sum())
            denom = float(pred.sum() + (y[:, c] > 0).sum())
            f1s.append(2 * tp / denom if denom else 0.0)
        best = max(f1s)
        # the middle of the best plateau: steadier than its first point
        ties = [float(t) for t, f in zip(grid, f1s) if f >= best - 1e-9]
        out.append(ties[len(ties) // 2])
    return out


def apply_thresholds(prob: Any, thresholds: Sequence[float], at_least_one: bool = True) -> Any:
    """Boolean predictions; with ``at_least_one`` a segment none passes gets its most likely category (relative to its threshold)."""
    import numpy as np

    th = np.asarray(thresholds)
    pred = prob >= th
    if at_least_one:
        empty = ~pred.any(axis=1)
        best = np.argmax(prob / th, axis=1)
        pred[np.flatnonzero(empty), best[empty]] = True
    return pred


def f1_figures(y: Any, pred: Any) -> tuple[float, float]:
    """(macro-F1, micro-F1) of boolean n × categories arrays (a category without gold or predictions scores 0)."""
    import numpy as np

    y = np.asarray(y) > 0
    pred = np.asarray(pred, dtype=bool)
    tp = (y & pred).sum(axis=0)
    denom = y.sum(axis=0) + pred.sum(axis=0)
    per = np.where(denom > 0, 2 * tp / np.maximum(denom, 1), 0.0)
    return float(per.mean()), float(2 * tp.sum() / max(int(denom.sum()), 1))


def cross_validate(x: Any, y: Any, folds: Sequence[int], recipe: Recipe) -> Any:
    """Out-of-fold probabilities (n × categories)."""
    import numpy as np

    folds_a = np.asarray(folds)
    oof = np.zeros(y.shape)
    for f in sorted(set(folds)):
        tr, te = folds_a != f, folds_a == f
        oof[te] = predict(fit(x[tr], y[tr], recipe), x[te])
    return oof


def build_vocabulary(texts: Sequence[str], min_df: int = 2, max_terms: int = 20000) -> tuple[list[str], Any]:
    """The TF-IDF part's terms (in at least ``min_df`` texts; the ``max_terms`` most frequent) and their smoothed idf."""
    import numpy as np

    docs = [terms(t) for t in texts]
    df: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for d in docs:
        df.update(d.keys())
        total.update(d)
    kept = sorted((t for t in df if df[t] >= min_df), key=lambda t: (-total[t], t))[:max_terms]
    vocab = sorted(kept)
    n = len(texts)
    idf = np.array([math.log((1 + n) / (1 + df[t])) + 1.0 for t in vocab], dtype="float32")
    return vocab, idf


def fit_lexical(texts: Sequence[str], y: Any, c: float = LEX_C) -> dict[str, Any]:
    """The TF-IDF logistic regressions (one per category, class-balanced), trained with scikit-learn."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from sklearn.linear_model import LogisticRegression

    vocab, idf = build_vocabulary(texts)
    x = csr_matrix(lexical_features(texts, {t: i for i, t in enumerate(vocab)}, idf))
    coef = np.zeros((len(vocab), y.shape[1]), dtype="float32")
    bias = np.zeros(y.shape[1], dtype="float32")
    for j in range(y.shape[1]):
        clf = LogisticRegression(C=c, max_iter=3000, class_weight="balanced").fit(x, y[:, j])
        coef[:, j], bias[j] = clf.coef_[0], clf.intercept_[0]
    return {"vocabulary": vocab, "idf": idf, "coef": coef, "bias": bias}


def predict_lexical(lex: dict[str, Any], texts: Sequence[str]) -> Any:
    import numpy as np

    x = lexical_features(texts, {t: i for i, t in enumerate(lex["vocabulary"])}, lex["idf"])
    return 1 / (1 + np.exp(-(x @ lex["coef"] + lex["bias"])))


def kept_segments(data: Path, exclude_policyqa: Path | None, policies: Path | None) -> tuple[list[str], list[set[str]], list[int], list[str]]:
    """The train split's segments and categories, the indices kept (segments of PolicyQA's policies left out when both
    files are given) and the policy of each kept segment (for folds by policy)."""
    texts, label_sets = read_segments(data / "train_dataset.csv")
    excluded_text = ""
    if exclude_policyqa and policies:
        titles = {a["title"] for a in json.loads(exclude_policyqa.read_text(encoding="utf-8"))["data"]}
        for p in sorted(policies.glob("*.html")):
            if any(p.name.endswith(f"_{t}.html") for t in titles):
                excluded_text += " " + _norm(p.read_text(encoding="utf-8", errors="ignore"))
    keep = [i for i, t in enumerate(texts) if not excluded_text or _norm(t)[:60] not in excluded_text]
    groups_all = policy_groups(texts, policies)
    return texts, label_sets, keep, [groups_all[i] for i in keep]


def main(argv: list[str] | None = None) -> int:
    import numpy as np

    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--data", required=True, type=Path, help="folder holding train_dataset.csv (the majority split)")
    ap.add_argument("--exclude-policyqa", type=Path, help="PolicyQA file whose policies' segments are left out")
    ap.add_argument("--policies", type=Path, help="folder of the OPP-115 HTML policies (folds by policy, the exclusion)")
    ap.add_argument("--out", type=Path, default=WEIGHTS_PATH)
    ap.add_argument("--vectors", type=Path, help="cache of the segments' MiniLM vectors (.npy), reused when it matches")
    args = ap.parse_args(argv)

    texts, label_sets, keep, groups = kept_segments(args.data, args.exclude_policyqa, args.policies)
    labels = sorted({lab for s in label_sets for lab in s})
    y = np.array([[lab in label_sets[i] for lab in labels] for i in keep], dtype="float32")
    if args.vectors and args.vectors.is_file() and np.load(args.vectors).shape[0] == len(texts):
        x_all = np.load(args.vectors)
    else:
        from assistant.embeddings import Embedder

        print(f"embedding {len(texts)} segments ...", flush=True)
        x_all = Embedder().embed_array(texts)
        if args.vectors:
            np.save(args.vectors, x_all)
    x = np.asarray(x_all, dtype="float32")[keep]
    kept_texts = [texts[i] for i in keep]
    recipe = Recipe()
    folds = np.asarray(folds_by_group(groups))
    print(f"cross-validating ({FOLDS} folds by policy over {len(set(groups))} policies) ...", flush=True)
    oof_net = cross_validate(x, y, list(folds), recipe)
    oof_lex = np.zeros(y.shape, dtype="float32")
    for f in range(FOLDS):
        tr = np.flatnonzero(folds != f)
        te = np.flatnonzero(folds == f)
        oof_lex[te] = predict_lexical(fit_lexical([kept_texts[i] for i in tr], y[tr]), [kept_texts[i] for i in te])
    oof_text = 0.5 * oof_net + 0.5 * oof_lex
    th_vec, th_text = best_thresholds(oof_net, y), best_thresholds(oof_text, y)
    cv = {"folds": FOLDS, "by": "policy", "note": "thresholds chosen on the same out-of-fold predictions"}
    for way, oof, th in (("vectors", oof_net, th_vec), ("texts", oof_text, th_text)):
        macro, micro = f1_figures(y, apply_thresholds(oof, th))
        cv[way] = {"macro_f1": round(macro, 4), "micro_f1": round(micro, 4)}
        print(f"cross-validated on train ({way}): macro-F1 {macro:.4f}, micro-F1 {micro:.4f}", flush=True)
    nets = fit(x, y, recipe)
    lex = fit_lexical(kept_texts, y)
    meta = {
        "format": "opp115-multilabel-2",
        "labels": labels,
        "networks": len(nets),
        "thresholds": {"vectors": th_vec, "texts": th_text},
        "vocabulary": lex["vocabulary"],
        "recipe": {**asdict(recipe), "lexical": f"TF-IDF words and word pairs, logistic regression C={LEX_C}, class-balanced",
                   "texts": "mean of the networks and the TF-IDF part"},
        "cv": cv,
        "trained_on": f"{len(keep)} OPP-115 majority train segments ({len(texts) - len(keep)} from PolicyQA's policies left out); "
                      "validation split held out",
        "source": "majority splits of OPP-115 (Wilson et al. 2016; Mousavi Nejad et al. 2020); research use",
    }
    arrays = {f"net{i}_{k}": v.astype("float16") for i, net in enumerate(nets) for k, v in net.items()}
    arrays |= {"lex_idf": lex["idf"].astype("float32"), "lex_coef": lex["coef"].astype("float16"), "lex_bias": lex["bias"].astype("float32")}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("wb") as fh:
        np.savez_compressed(fh, meta=np.array(json.dumps(meta)), **arrays)
    print(f"wrote {args.out} ({args.out.stat().st_size // 1024} KiB): {len(labels)} categories from {len(keep)} segments")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
