"""Where the assistant keeps its data: one user data dir, overridable by environment."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import StorageError

ENV_HOME = "PRIVACY_ASSISTANT_HOME"
APP_NAME = "privacy-assistant"
REPO_ROOT = Path(__file__).resolve().parent.parent


def data_dir() -> Path:
    """The user data dir (``$PRIVACY_ASSISTANT_HOME`` or the platform's default)."""
    override = os.environ.get(ENV_HOME)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def ensure_writable(path: Path) -> Path:
    """Create ``path`` if needed and check that files can be written there."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        # a probe of this process's own: two processes starting at once must not remove each other's
        fd, probe = tempfile.mkstemp(prefix=".write-test-", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise StorageError(f"data folder {path} is not writable: {exc.strerror or exc}") from exc
    return path


def resources_dir() -> Path:
    """The shipped ``resources/`` folder (question banks, samples, prompts, icons)."""
    override = os.environ.get("PRIVACY_ASSISTANT_RESOURCES")
    if override:
        return Path(override)
    return REPO_ROOT / "resources"


def licence_texts() -> list[tuple[str, str]]:
    """(title, text) of the app's licence and its third-party notices, as the About dialog shows them: the project's
    ``LICENSE``, ``resources/licenses/THIRD_PARTY_NOTICES.md`` and, in an installed app, the package list written at
    build time (``licenses/python-packages.txt``)."""
    lic = resources_dir() / "licenses"
    out: list[tuple[str, str]] = []
    for title, path in (("Licence", REPO_ROOT / "LICENSE"), ("Licence", lic / "LICENSE"),
                        ("Third-party notices", lic / "THIRD_PARTY_NOTICES.md"), ("Bundled Python packages", lic / "python-packages.txt")):
        if path.is_file() and not any(t == title for t, _ in out):
            out.append((title, path.read_text(encoding="utf-8", errors="replace")))
    return out


def sample_bundle_dir() -> Path:
    """The bundled sample policy bundle."""
    return resources_dir() / "samples" / "brightcart"
