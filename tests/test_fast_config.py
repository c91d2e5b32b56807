"""Settings and the data folder (fast layer): validation, persistence, environment overrides read (never written)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from argparse import Namespace
from pathlib import Path

import pytest
from conftest import REPO

from assistant.config import EMBEDDED_MODEL, Settings, load_settings, save_settings, settings_from_options
from assistant.errors import InputError
from assistant.paths import data_dir

pytestmark = pytest.mark.fast


@pytest.mark.parametrize("changes, fragment", [
    ({"n_gpu_layers": -2}, "n_gpu_layers"),
    ({"n_ctx": 100}, "context size"),
    ({"n_threads": 999}, "threads"),
    ({"max_answer_tokens": 4}, "max answer tokens"),
    ({"evidence_words": 5}, "evidence words"),
    ({"fetch_timeout_s": 0}, "fetch timeout"),
    ({"model_path": "/nonexistent.gguf"}, "model file not found"),
])
def test_impossible_values_are_refused(changes: dict[str, object], fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        Settings(**changes).validate()  # type: ignore[arg-type]


def test_defaults_are_valid() -> None:
    s = Settings().validate()
    assert s.model_path == EMBEDDED_MODEL and s.n_gpu_layers == 0 and s.fetch_timeout_s == 15.0
    assert Settings(model_path="").validate().model_path == ""


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    s = Settings(model_path="", n_ctx=1024, n_threads=2, evidence_words=90, fetch_timeout_s=3.5)
    save_settings(s, tmp_path)
    assert load_settings(tmp_path) == s
    with pytest.raises(InputError):
        save_settings(Settings(n_ctx=1), tmp_path)
    assert load_settings(tmp_path) == s, "a refused value is not written"


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", json.dumps({"n_ctx": "big", "unknown": 1, "n_threads": 3})])
def test_broken_or_unknown_entries_fall_back_to_defaults(tmp_path: Path, content: str) -> None:
    (tmp_path / "settings.json").write_text(content, encoding="utf-8")
    s = load_settings(tmp_path)
    assert s.n_ctx == Settings().n_ctx
    assert s.n_threads in (0, 3)


def test_an_integer_is_accepted_for_a_float_setting(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"fetch_timeout_s": 2}), encoding="utf-8")
    assert load_settings(tmp_path).fetch_timeout_s == 2


def test_environment_overrides_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRIVACY_ASSISTANT_MODEL", "")
    monkeypatch.setenv("PRIVACY_ASSISTANT_FETCH_TIMEOUT", "2")
    s = load_settings(tmp_path)
    assert s.model_path == "" and s.fetch_timeout_s == 2.0


def test_command_line_options_override_the_saved_settings(tmp_path: Path) -> None:
    save_settings(Settings(n_ctx=1024, n_threads=3), tmp_path)
    s = settings_from_options(Namespace(model="", n_gpu_layers=None, ctx=4096, threads=None), tmp_path)
    assert (s.model_path, s.n_ctx, s.n_threads) == ("", 4096, 3)
    with pytest.raises(InputError, match="context size"):
        settings_from_options(Namespace(ctx=10), tmp_path)


def test_data_dir_reads_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PRIVACY_ASSISTANT_HOME", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"


def test_importing_the_assistant_writes_no_environment_variable() -> None:
    """Settings are passed, not set: importing every module of the core leaves ``os.environ`` as it was."""
    code = (
        "import os, pkgutil, importlib, assistant; before = dict(os.environ); "
        "[importlib.import_module('assistant.' + m.name) for m in pkgutil.iter_modules(assistant.__path__) if m.name != '__main__']; "
        "from assistant.core import Assistant; import tempfile; a = Assistant(home=tempfile.mkdtemp()); a.vectors.client; "
        "changed = sorted(k for k in set(before) | set(os.environ) if before.get(k) != os.environ.get(k)); "
        "print(changed); assert not changed, changed"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "TRANSFORMERS_", "ANONYMIZED_", "TOKENIZERS_"))}
    proc = subprocess.run([sys.executable, "-c", code], cwd=str(REPO), env=env, capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
