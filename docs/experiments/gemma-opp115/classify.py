"""OPP-115 categories from Gemma 3 270M hidden states vs the shipped MiniLM + TF-IDF classifier (scratch experiment).

Data, exclusion (PolicyQA policies), folds by policy, thresholds and F1 come from eval/train_practices.py and
eval/opp115.py (imported). All choices (layer, classifier, C) are made on 5-fold-by-policy out-of-fold predictions
inside train; the validation split is scored once per reported configuration at the end.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
sys.path.insert(0, "/work/main")

import numpy as np  # noqa: E402

from eval.opp115 import load_segments, scores  # noqa: E402
from eval.train_practices import (  # noqa: E402
    FOLDS, Recipe, _norm, apply_thresholds, best_thresholds, cross_validate, f1_figures, fit, fit_lexical,
    folds_by_group, policy_groups, predict, predict_lexical, read_segments)
from assistant import practices  # noqa: E402

DATA = Path("/work/shared/data/opp115-majority")
POLICYQA = Path("/work/shared/data/policyqa/dev.json")
POLICIES = Path("/work/shared/data/opp115/sanitized_policies")
CACHE = Path("/tmp/gemma_opp/cache")
OUT = Path("/tmp/gemma_opp/results")
T0 = time.perf_counter()


def log(*a):
    print(f"[{time.perf_counter() - T0:6.0f}s]", *a, flush=True)


def kept_indices(texts):
    """train_practices.main's exclusion of the PolicyQA policies' segments (its inline code, same rule)."""
    titles = {a["title"] for a in json.loads(POLICYQA.read_text(encoding="utf-8"))["data"]}
    excluded = ""
    for p in sorted(POLICIES.glob("*.html")):
        if any(p.name.endswith(f"_{t}.html") for t in titles):
            excluded += " " + _norm(p.read_text(encoding="utf-8", errors="ignore"))
    return [i for i, t in enumerate(texts) if _norm(t)[:60] not in excluded]


def minilm(texts, name):
    f = CACHE / f"minilm_{name}.npy"
    if f.is_file():
        x = np.load(f)
        if x.shape[0] == len(texts):
            return x
    import torch

    torch.set_num_threads(1)
    from assistant.embeddings import Embedder

    log(f"MiniLM: embedding {len(texts)} {name} segments")
    x = Embedder().embed_array(list(texts))
    np.save(f, x)
    return x


def standardize(tr, *others):
    mu, sd = tr.mean(axis=0), tr.std(axis=0) + 1e-6
    return [(a - mu) / sd for a in (tr, *others)]


def lr_fit_predict(xtr, ytr, xte, c):
    from sklearn.linear_model import LogisticRegression

    xtr, xte = standardize(xtr, xte)
    out = np.zeros((xte.shape[0], ytr.shape[1]))
    for j in range(ytr.shape[1]):
        clf = LogisticRegression(C=c, max_iter=2000, class_weight="balanced").fit(xtr, ytr[:, j])
        out[:, j] = clf.predict_proba(xte)[:, 1]
    return out


def mlp_fit_predict(xtr, ytr, xte, recipe=Recipe()):
    xtr, xte = standardize(xtr, xte)
    return predict(fit(xtr.astype("float32"), ytr, recipe), xte.astype("float32"))


def oof(x, y, folds, fn):
    out = np.zeros(y.shape)
    for f in range(FOLDS):
        tr, te = folds != f, folds == f
        out[te] = fn(x[tr], y[tr], x[te])
    return out


def cv_figure(p, y):
    th = best_thresholds(p, y)
    macro, micro = f1_figures(y, apply_thresholds(p, th))
    return th, macro, micro


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    texts, label_sets = read_segments(DATA / "train_dataset.csv")
    keep = kept_indices(texts)
    kset = set(keep)
    groups = [g for i, g in enumerate(policy_groups(texts, POLICIES)) if i in kset]
    folds = np.asarray(folds_by_group(groups))
    labels = sorted({lab for s in label_sets for lab in s})
    assert labels == practices.category_names(), (labels, practices.category_names())
    y = np.array([[lab in label_sets[i] for lab in labels] for i in keep], dtype="float32")
    ktexts = [texts[i] for i in keep]
    log(f"train: {len(texts)} segments, {len(keep)} kept, {len(set(groups))} policies, {FOLDS} folds")
    vtexts, vgold = load_segments(DATA / "validation_dataset.csv")
    log(f"validation: {len(vtexts)} segments")

    gt, gv = np.load(CACHE / "gemma_train.npz"), np.load(CACHE / "gemma_val.npz")
    variants = [k for k in gt.files if k == "final" or k.startswith("L")]
    G = {k: gt[k][keep].astype("float64") for k in variants}
    GV = {k: gv[k].astype("float64") for k in variants}
    log(f"Gemma variants: {variants}; train tokens {int(gt['ntok'].sum())} in {float(gt['seconds']):.0f}s, "
        f"val tokens {int(gv['ntok'].sum())} in {float(gv['seconds']):.0f}s")

    M = minilm(texts, "train")[keep].astype("float64")
    MV = minilm(vtexts, "val").astype("float64")

    res: dict = {"cv": {}, "val": {}}

    # 1. layer scan: LR C=0.03 on each variant (CV macro-F1 on train)
    for k in variants:
        p = oof(G[k], y, folds, lambda a, b, c: lr_fit_predict(a, b, c, 0.03))
        _, ma, mi = cv_figure(p, y)
        res["cv"][f"LR C=0.03 {k}"] = (ma, mi)
        log(f"CV  LR C=0.03  {k:6s}  macro {ma:.4f}  micro {mi:.4f}")
    ranked = sorted(variants, key=lambda k: -res["cv"][f"LR C=0.03 {k}"][0])
    best_layers = ranked[:2]
    concat_key = "+".join(sorted(ranked[:3]))
    G[concat_key] = np.hstack([G[k] for k in sorted(ranked[:3])])
    GV[concat_key] = np.hstack([GV[k] for k in sorted(ranked[:3])])

    # 2. C scan for the best two layers, the top-3 concatenation and 'final' (what llama.cpp's MEAN embedding gives)
    cands = list(dict.fromkeys(best_layers + ["final", concat_key]))
    best = {}
    for k in cands:
        for c in (0.003, 0.01, 0.03, 0.1):
            if c == 0.03 and f"LR C=0.03 {k}" in res["cv"]:
                ma, mi = res["cv"][f"LR C=0.03 {k}"]
            else:
                p = oof(G[k], y, folds, lambda a, b, cc, c=c: lr_fit_predict(a, b, cc, c))
                _, ma, mi = cv_figure(p, y)
                res["cv"][f"LR C={c} {k}"] = (ma, mi)
                log(f"CV  LR C={c}  {k:6s}  macro {ma:.4f}  micro {mi:.4f}")
            if k not in best or ma > best[k][1]:
                best[k] = (c, ma)
    # MLP (the project's recipe, standardized inputs) on the same candidates
    for k in cands:
        p = oof(G[k], y, folds, mlp_fit_predict)
        _, ma, mi = cv_figure(p, y)
        res["cv"][f"MLP {k}"] = (ma, mi)
        log(f"CV  MLP        {k:6s}  macro {ma:.4f}  micro {mi:.4f}")

    # the current classifier's OOF (same folds): MiniLM networks and TF-IDF part, as train_practices computes them
    log("current classifier OOF (MiniLM nets + TF-IDF) ...")
    oof_net = cross_validate(M.astype("float32"), y, list(folds), Recipe())
    oof_lex = np.zeros(y.shape)
    for f in range(FOLDS):
        tr, te = np.flatnonzero(folds != f), np.flatnonzero(folds == f)
        oof_lex[te] = predict_lexical(fit_lexical([ktexts[i] for i in tr], y[tr]), [ktexts[i] for i in te])
    oof_cur = 0.5 * oof_net + 0.5 * oof_lex
    _, ma, mi = cv_figure(oof_cur, y)
    res["cv"]["current (nets+TF-IDF)"] = (ma, mi)
    log(f"CV  current    macro {ma:.4f}  micro {mi:.4f} (shipped meta says 0.7552/0.7843)")
    cur_val = practices.text_probabilities(vtexts, MV.astype("float32"))
    lex_only_val = None

    # choose the Gemma model by CV: best (variant, classifier) among LR-best-C and MLP
    def cv_of(name):
        return res["cv"][name][0]

    options = [(f"LR C={best[k][0]} {k}", k, "lr", best[k][0]) for k in cands] + [(f"MLP {k}", k, "mlp", None) for k in cands]
    options.sort(key=lambda o: -cv_of(o[0]))
    chosen = options[0]
    final_lr = (f"LR C={best['final'][0]} final", "final", "lr", best["final"][0])
    log(f"chosen Gemma model by CV: {chosen[0]} ({cv_of(chosen[0]):.4f}); llama.cpp-mean one: {final_lr[0]} ({cv_of(final_lr[0]):.4f})")

    def model_fn(opt):
        _, k, kind, c = opt
        return (lambda a, b, cc: lr_fit_predict(a, b, cc, c)) if kind == "lr" else mlp_fit_predict

    # final configurations: OOF (thresholds) and validation probabilities (fit on all kept train)
    configs = {}
    for tag, opt in (("gemma-final-mean (llama.cpp MEAN pooling)", final_lr), ("gemma-best-by-CV", chosen)):
        k = opt[1]
        p_oof = oof(G[k], y, folds, model_fn(opt))
        p_val = model_fn(opt)(G[k], y, GV[k])
        configs[f"{tag}: {opt[0]}"] = (p_oof, p_val)
    k = chosen[1]
    gem_oof, gem_val = configs[f"gemma-best-by-CV: {chosen[0]}"]
    # concatenation with MiniLM (standardized together), same classifier kind as chosen
    XC, XCV = np.hstack([G[k], M]), np.hstack([GV[k], MV])
    for kind in ("lr", "mlp"):
        c = best[k][0]
        fn = (lambda a, b, cc: lr_fit_predict(a, b, cc, c)) if kind == "lr" else mlp_fit_predict
        p_oof = oof(XC, y, folds, fn)
        _, ma, mi = cv_figure(p_oof, y)
        log(f"CV  concat {k}+MiniLM {kind}: macro {ma:.4f} micro {mi:.4f}")
        configs[f"concat {k}+MiniLM, {kind}" + (f" C={c}" if kind == "lr" else "")] = (p_oof, fn(XC, y, XCV))
    configs["current (MiniLM nets + TF-IDF), shipped weights, CV thresholds recomputed"] = (oof_cur, cur_val)
    configs[f"avg(current, gemma {chosen[0]})"] = (0.5 * oof_cur + 0.5 * gem_oof, 0.5 * cur_val + 0.5 * gem_val)
    lex_val = 2 * cur_val - practices.probabilities(MV.astype("float32"))  # the shipped TF-IDF part alone
    net_val = practices.probabilities(MV.astype("float32"))
    configs[f"avg3(MiniLM nets, TF-IDF, gemma {chosen[0]})"] = (
        (oof_net + oof_lex + gem_oof) / 3, (net_val + lex_val + gem_val) / 3)
    configs[f"avg(TF-IDF, gemma {chosen[0]})"] = (0.5 * oof_lex + 0.5 * gem_oof, 0.5 * lex_val + 0.5 * gem_val)

    # reference: the shipped classifier with its own thresholds (what bench opp115 reports: 73.2 / 77.3)
    ship = scores(vgold, practices.decide(cur_val, "texts"), labels)
    res["val"]["shipped (practices.text_labels, shipped thresholds)"] = {"cv": None, "macro_f1": ship["macro_f1"],
                                                                        "micro_f1": ship["micro_f1"],
                                                                        "per_category": {c: v["f1"] for c, v in ship["per_category"].items()}}
    log(f"VAL shipped: macro {ship['macro_f1']} micro {ship['micro_f1']}")
    for name, (p_oof, p_val) in configs.items():
        th, cma, cmi = cv_figure(p_oof, y)
        pred = apply_thresholds(np.asarray(p_val), th)
        s = scores(vgold, [[labels[j] for j in np.flatnonzero(r)] for r in pred], labels)
        res["val"][name] = {"cv": [round(cma, 4), round(cmi, 4)], "macro_f1": s["macro_f1"], "micro_f1": s["micro_f1"],
                            "per_category": {c: v["f1"] for c, v in s["per_category"].items()}}
        log(f"VAL {name}: macro {s['macro_f1']} micro {s['micro_f1']}  (CV {cma:.4f}/{cmi:.4f})")
    res["cv"] = {k: [round(a, 4), round(b, 4)] for k, (a, b) in res["cv"].items()}
    (OUT / "results.json").write_text(json.dumps(res, indent=1))
    # per-category table
    names = list(res["val"])
    lines = ["| category | " + " | ".join(f"({i})" for i in range(len(names))) + " |", "|---" * (len(names) + 1) + "|"]
    for c in labels:
        lines.append(f"| {c} | " + " | ".join(f"{100 * (res['val'][n]['per_category'][c] or 0):.1f}" for n in names) + " |")
    lines.append("| **macro** | " + " | ".join(f"**{100 * res['val'][n]['macro_f1']:.1f}**" for n in names) + " |")
    lines.append("| **micro** | " + " | ".join(f"**{100 * res['val'][n]['micro_f1']:.1f}**" for n in names) + " |")
    lines.append("")
    lines += [f"({i}) {n}  CV(train) {res['val'][n]['cv']}" for i, n in enumerate(names)]
    (OUT / "table.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    log("done")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
