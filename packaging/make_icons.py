"""Render resources/icons/privacy-assistant.svg to the PNG, ICO (Windows) and ICNS (macOS) icons the installers use.

Run with the project's Python (needs PySide6):  python packaging/make_icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "resources" / "icons" / "privacy-assistant.svg"


def render(size: int):  # -> QImage
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    img = QImage(size, size, QImage.Format.Format_ARGB32)
    img.fill(Qt.GlobalColor.transparent)
    painter = QPainter(img)
    QSvgRenderer(str(SVG)).render(painter)
    painter.end()
    return img


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication, QImageWriter

    app = QGuiApplication.instance() or QGuiApplication([])  # noqa: F841 - needed for image plugins
    icons = ROOT / "resources" / "icons"
    for size in (64, 256, 512):
        render(size).save(str(icons / f"privacy-assistant-{size}.png"))
    formats = {bytes(f).decode() for f in QImageWriter.supportedImageFormats()}
    out = Path(__file__).resolve().parent
    if "ico" in formats:
        render(256).save(str(out / "privacy-assistant.ico"))
    else:
        print("note: this Qt has no ICO writer; the Windows build uses no custom icon", file=sys.stderr)
    if "icns" in formats:
        render(1024).save(str(out / "privacy-assistant.icns"))
    else:
        print("note: this Qt has no ICNS writer; build_macos.sh makes the .icns with iconutil instead", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
