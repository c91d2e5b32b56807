"""Launching the desktop app: a clear one-line error without a display, and the ``gui`` command wiring."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ui.app import NO_DISPLAY, display_available, main

REPO = Path(__file__).resolve().parent.parent


def test_display_detection():
    assert not display_available({}, "linux")
    assert display_available({"DISPLAY": ":0"}, "linux")
    assert display_available({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert display_available({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not display_available({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert display_available({}, "win32")
    assert display_available({}, "darwin")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="display detection only applies on Linux")
def test_main_without_display_fails_with_a_clear_message(monkeypatch, capsys):
    for var in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(var, raising=False)
    assert main([]) == 1
    err = capsys.readouterr().err.strip()
    assert err == NO_DISPLAY
    assert err.startswith("error: no display available") and "privacy-assistant ask" in err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="display detection only applies on Linux")
def test_gui_command_headless(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PRIVACY_ASSISTANT_HOME"] = str(tmp_path)
    proc = subprocess.run([sys.executable, "-m", "assistant", "gui"], cwd=REPO, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines()[-1] == NO_DISPLAY
    assert "Traceback" not in proc.stderr


def test_ui_never_imports_heavy_backends():
    """The UI package itself imports no llama_cpp, chromadb, torch or sentence-transformers (see the import-linter contract)."""
    code = ("import sys, os; os.environ['QT_QPA_PLATFORM']='offscreen'; import ui.app, ui.main_window; "
            "heavy=[m for m in ('llama_cpp','chromadb','torch','sentence_transformers') if m in sys.modules]; print(','.join(heavy))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == ""
