"""The CLI in-process (fast layer): argument errors, ``--data-dir``, and the commands that load no model.

Every failure is one line ``error: …`` on stderr with a non-zero exit code; the real-model commands run in
subprocesses in test_core_cli.py and test_core_bad_input.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from assistant import cli

pytestmark = pytest.mark.fast

RETENTION = "How long is my data stored?"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, err: str, *fragments: str) -> str:
    assert code != 0
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and not lines[0].startswith("error: unexpected "), err
    for frag in fragments:
        assert frag.lower() in lines[0].lower(), (frag, lines[0])
    return lines[0]


@pytest.mark.parametrize("args, fragments", [
    (["ask", "--bundle", "brightcart", ""], ("question is empty",)),
    (["ask", "--bundle", "brightcart", "Why " * 2500], ("too long",)),
    (["ask", "--bundle", "brightcart", "¿Cuánto tiempo guardan mis datos?"], ("english",)),
    (["ask", "--bundle", "no-such-bundle", RETENTION], ("no bundle named",)),
    (["search", "--bundle", "no-such-bundle", "cookies"], ("no bundle named",)),
    (["show", "--bundle", "no-such-bundle"], ("no bundle named",)),
    (["remove", "--bundle", "no-such-bundle"], ("no bundle named",)),
    (["--model", "/nonexistent.gguf", "ask", "--bundle", "brightcart", RETENTION], ("model file not found",)),
    (["--ctx", "10", "ask", "--bundle", "brightcart", RETENTION], ("context size",)),
    (["--threads", "-1", "list"], ("threads",)),
    (["--n-gpu-layers", "-2", "list"], ("n_gpu_layers",)),
    (["ingest", "/nonexistent/policy.html"], ("not found",)),
], ids=["empty-question", "too-long", "spanish", "ask-unknown-bundle", "search-unknown-bundle", "show-unknown-bundle",
        "remove-unknown-bundle", "missing-gguf", "bad-ctx", "bad-threads", "bad-gpu-layers", "missing-file"])
def test_bad_arguments_are_one_line_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str],
                                           fragments: tuple[str, ...]) -> None:
    code, out, err = run(["--data-dir", str(tmp_path / "home"), *args], capsys)
    one_line_error(code, err, *fragments)
    assert out == ""


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        cli.main(["ask", RETENTION])  # --bundle is required
    assert info.value.code == 2
    assert "--bundle" in capsys.readouterr().err


def test_unwritable_data_dir(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "somefile"
    blocker.write_text("a file, not a folder")
    code, _, err = run(["--data-dir", str(blocker / "sub"), "list"], capsys)
    one_line_error(code, err, "not writable")


def test_data_dir_is_the_home_and_nothing_is_written_to_the_environment(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    default_home = tmp_path / "default"
    monkeypatch.setenv("PRIVACY_ASSISTANT_HOME", str(default_home))
    before = dict(os.environ)
    home = tmp_path / "chosen"
    code, out, _ = run(["--data-dir", str(home), "list"], capsys)
    assert code == 0 and "no bundles yet" in out
    assert (home / "assistant.db").is_file() and not default_home.exists()
    assert dict(os.environ) == before


def test_data_dir_settings_and_global_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from assistant.config import Settings, save_settings

    home = tmp_path / "home"
    save_settings(Settings(model_path="", n_ctx=1024), home)
    code, out, err = run(["--data-dir", str(home), "model", "--json"], capsys)
    assert code == 0, err
    status = json.loads(out)
    assert status["mode"] == "extractive" and status["model"] is None and status["error"] == "no model configured"
    assert status["n_gpu_layers"] == 0
    code, out, err = run(["--data-dir", str(home), "--model", "", "--n-gpu-layers", "3", "model", "--json"], capsys)
    assert code == 0, err
    assert json.loads(out)["n_gpu_layers"] == 3


def test_list_show_and_remove_a_bundle_ingested_with_the_fakes(fake_assistant: Any, tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    from conftest import SAMPLE_DIR, SAMPLE_DOCS

    from assistant.core import drain

    home = tmp_path / "cli-home"
    a = fake_assistant(home=home)
    drain(a.ingest([str(SAMPLE_DIR)]))
    a.close()

    code, out, err = run(["--data-dir", str(home), "list", "--json"], capsys)
    assert code == 0, err
    (bundle,) = json.loads(out)
    assert bundle["name"] == "brightcart" and bundle["company"] == "BrightCart"
    assert sorted(d["title"] for d in bundle["documents"]) == sorted(t for _, t, _ in SAMPLE_DOCS.values())

    code, out, err = run(["--data-dir", str(home), "list"], capsys)
    assert code == 0 and "brightcart  (BrightCart, 4 documents" in out

    code, out, err = run(["--data-dir", str(home), "show", "--bundle", "brightcart", "--json"], capsys)
    assert code == 0, err
    shown = json.loads(out)
    ids = {s["id"] for d in shown["documents"] for s in d["sections"]}
    assert {"PP §4", "CP §4", "TOU §13"} <= ids
    assert any(d["links"] for d in shown["documents"])

    code, out, err = run(["--data-dir", str(home), "show", "--bundle", "brightcart"], capsys)
    assert code == 0 and "PP §4" in out and "→ refers to document" in out

    code, out, err = run(["--data-dir", str(home), "remove", "--bundle", "brightcart"], capsys)
    assert code == 0 and "removed bundle brightcart" in out
    code, out, err = run(["--data-dir", str(home), "list", "--json"], capsys)
    assert json.loads(out) == []


def test_progress_printer_writes_one_line_per_progress(capsys: pytest.CaptureFixture[str]) -> None:
    from assistant.models import Progress, Token

    show = cli.progress_printer(False)
    show(Progress("embed", "embedding", 1, 4))
    show(Token("ignored"))
    show(Progress("done", "finished"))
    assert capsys.readouterr().err.splitlines() == ["[1/4] embedding", "finished"]
    cli.progress_printer(True)(Progress("embed", "quiet"))
    assert capsys.readouterr().err == ""
