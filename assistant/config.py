"""User settings (model, GPU offload, context, threads), stored as JSON in the data dir."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from .errors import InputError
from .paths import data_dir

EMBEDDED_MODEL = "embedded"


@dataclass
class Settings:
    """Everything a user can configure. ``model_path`` 'embedded' means the shipped GGUF; '' disables generation."""

    model_path: str = EMBEDDED_MODEL
    n_gpu_layers: int = 0
    n_ctx: int = 2048
    n_threads: int = 0  # 0 = automatic: half the logical CPUs, at least 2 (see llm.auto_threads)
    max_answer_tokens: int = 96
    judge_model_path: str = ""
    evidence_words: int = 120  # evidence in the prompt; each word costs ~1.5 prompt tokens of first-token latency
    fetch_timeout_s: float = 15.0  # how long a URL may take to answer when ingesting
    fetch_deadline_s: float = 60.0  # how long one download may take in all (a server trickling bytes is stopped)

    def validate(self) -> Settings:
        """Refuse impossible values with a one-line message."""
        if self.n_gpu_layers < -1:
            raise InputError("n_gpu_layers must be -1 (all layers), 0 (CPU) or a positive number of layers")
        if not 256 <= self.n_ctx <= 131072:
            raise InputError("context size must be between 256 and 131072 tokens")
        if self.n_threads < 0 or self.n_threads > 256:
            raise InputError("threads must be between 0 (automatic) and 256")
        if not 8 <= self.max_answer_tokens <= 2048:
            raise InputError("max answer tokens must be between 8 and 2048")
        if not 30 <= self.evidence_words <= 2000:
            raise InputError("evidence words must be between 30 and 2000")
        if not 0 < self.fetch_timeout_s <= 600:
            raise InputError("fetch timeout must be between 0 and 600 seconds")
        if not 0 < self.fetch_deadline_s <= 3600:
            raise InputError("download deadline must be between 0 and 3600 seconds")
        if self.model_path not in ("", EMBEDDED_MODEL) and not Path(self.model_path).expanduser().is_file():
            raise InputError(f"model file not found: {self.model_path}")
        return self


def _valid(key: str, value: Any) -> bool:
    """Whether one stored value passes :meth:`Settings.validate` (a model file that is gone is kept: the user must hear of it)."""
    if key == "model_path":
        return True
    try:
        Settings(**{key: value}).validate()
    except InputError:
        return False
    return True


def settings_path(home: Path | None = None) -> Path:
    return (home or data_dir()) / "settings.json"


def load_settings(home: Path | None = None) -> Settings:
    """Read settings from the data dir (or ``home``); unknown or broken entries fall back to defaults.

    Two environment variables are read (never written): ``PRIVACY_ASSISTANT_MODEL`` overrides the model and
    ``PRIVACY_ASSISTANT_FETCH_TIMEOUT`` the fetch timeout.
    """
    path = settings_path(home)
    settings = Settings()
    if path.is_file():
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return settings
        names = {f.name for f in fields(Settings)}
        for key, value in raw.items() if isinstance(raw, dict) else ():  # a list, a number, null: all defaults
            current = getattr(settings, key, None)
            if key in names and (isinstance(value, type(current)) or (isinstance(current, float) and type(value) is int)) \
                    and type(value) is not bool and _valid(key, value):
                setattr(settings, key, value)
    env_model = os.environ.get("PRIVACY_ASSISTANT_MODEL")
    if env_model is not None:
        settings.model_path = env_model
    env_timeout = os.environ.get("PRIVACY_ASSISTANT_FETCH_TIMEOUT")
    if env_timeout:
        try:
            settings.fetch_timeout_s = float(env_timeout)
        except ValueError:
            pass
    return settings


#: The command line's global options (``--model``, ``--n-gpu-layers``, ``--ctx``, ``--threads``) and the settings they set.
OPTION_FIELDS = {"model": "model_path", "n_gpu_layers": "n_gpu_layers", "ctx": "n_ctx", "threads": "n_threads"}


def settings_from_options(options: Any, home: Path | None = None) -> Settings:
    """The settings of the data folder ``home`` with the command line's global options applied (those not ``None``), validated."""
    settings = load_settings(home)
    for option, name in OPTION_FIELDS.items():
        value = getattr(options, option, None)
        if value is not None:
            setattr(settings, name, value)
    return settings.validate()


def save_settings(settings: Settings, home: Path | None = None) -> None:
    """Validate and write settings atomically."""
    settings.validate()
    path = settings_path(home)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(asdict(settings), indent=2), encoding="utf-8")
    tmp.replace(path)
