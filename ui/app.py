"""Entry point of the desktop app: ``privacy-assistant gui`` (or ``python -m ui.app``)."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Sequence

NO_DISPLAY = ("error: no display available; the desktop app needs a graphical session "
              "(use the CLI, e.g. privacy-assistant ask ...)")
HEADLESS_PLATFORMS = {"offscreen", "minimal", "vnc", "eglfs", "linuxfb"}


def display_available(env: dict[str, str] | None = None, platform: str | None = None) -> bool:
    """Whether Qt can open a window here (always on Windows and macOS; on Linux it needs X11 or Wayland)."""
    env = dict(os.environ) if env is None else env
    platform = platform or sys.platform
    qpa = env.get("QT_QPA_PLATFORM", "").split(":")[0].strip().lower()
    if qpa in HEADLESS_PLATFORMS:
        return True
    if platform.startswith("win") or platform == "darwin":
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def start_home() -> str | None:
    """The data folder to open, passed to the window (nothing is written to the environment):
    ``$PRIVACY_ASSISTANT_HOME``, else the folder chosen in Settings, else ``None`` (the platform's default)."""
    from assistant.paths import ENV_HOME

    from .tabs.settings import saved_data_dir

    return os.environ.get(ENV_HOME) or saved_data_dir() or None


def main(argv: Sequence[str] | None = None, home: str | None = None) -> int:
    """Open the main window on ``home`` (default: :func:`start_home`); returns the process exit code (1 without a display)."""
    argv = list(argv or [])
    if not display_available():
        print(NO_DISPLAY, file=sys.stderr)
        return 1
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from . import theme
    from .main_window import APP_TITLE, MainWindow, app_icon

    QCoreApplication.setOrganizationName("privacy-assistant")
    QCoreApplication.setApplicationName("desktop")
    QGuiApplication.setHighDpiScaleFactorRoundingPolicy(Qt.HighDpiScaleFactorRoundingPolicy.PassThrough)
    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "privacy-assistant", *argv])
    assert isinstance(app, QApplication)
    app.setApplicationDisplayName(APP_TITLE)
    app.setDesktopFileName("privacy-assistant")
    app.setWindowIcon(app_icon())
    theme.apply(app)
    window = MainWindow(home=home or start_home())
    theme.follow_system(app, window.restyle)
    window.show()
    return int(app.exec())


def smoke_window(assistant: object, timeout_s: float = 120.0) -> str:
    """Open the main window offscreen on ``assistant``, wait until it is ready, close it: the self-test's window check."""
    import time

    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QApplication

    from .main_window import MainWindow

    app = QApplication.instance() or QApplication(["privacy-assistant", "-platform", "offscreen"])
    window = MainWindow(assistant, load_sample_if_empty=False, check_model=False)  # type: ignore[arg-type]
    window.show()
    deadline = time.monotonic() + timeout_s
    while not window.ctx.ready and time.monotonic() < deadline:
        QCoreApplication.processEvents()
        time.sleep(0.02)
    ready, tabs, platform = window.ctx.ready, window.tabs.count(), QApplication.platformName()
    bundles = len(window.ctx.bundles)
    window.close()
    window.deleteLater()
    QCoreApplication.processEvents()
    _ = app
    if not ready:
        raise RuntimeError(f"the window was not ready after {timeout_s:.0f} s")
    return f"main window opened and closed on '{platform}' ({tabs} tabs, {bundles} bundle{'s' if bundles != 1 else ''})"


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
