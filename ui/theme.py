"""Light and dark palettes that follow the system colour scheme, and the few colours the app adds."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication


@dataclass(frozen=True)
class Colors:
    """Accent colours used on top of the palette (chips, banners, highlights)."""

    dark: bool
    chip_bg: str
    chip_fg: str
    chip_border: str
    related_bg: str
    related_fg: str
    silent_bg: str
    silent_border: str
    user_bg: str
    bubble_bg: str
    bubble_border: str
    error_bg: str
    error_fg: str
    info_bg: str
    info_fg: str
    highlight: str  # the cited text in the viewer
    section_tint: str  # the rest of the cited section
    muted: str
    # verdict badges: (background, text, border) per tone
    verdict_yes: tuple[str, str, str]
    verdict_no: tuple[str, str, str]
    verdict_none: tuple[str, str, str]  # not stated / not applicable / answered
    verdict_unclear: tuple[str, str, str]

    def verdict(self, stance: str) -> tuple[str, str, str]:
        """Background, text and border colours of a stance's verdict badge."""
        return {"yes": self.verdict_yes, "no": self.verdict_no, "unclear": self.verdict_unclear}.get(stance, self.verdict_none)


LIGHT = Colors(False, "#e3edff", "#123a8a", "#9db8ef", "#eef0f3", "#3b4350", "#fff6e0", "#e0a526", "#e8f1ff", "#ffffff",
               "#d5d9e0", "#fde8e8", "#8a1c1c", "#e8f4ff", "#0f3e6e", "#ffe066", "#e6edf9", "#5f6773",
               verdict_yes=("#dcf3e3", "#14532d", "#6cc08b"), verdict_no=("#fde2e1", "#8a1c1c", "#e58a8a"),
               verdict_none=("#eceef1", "#3b4350", "#b8bec7"), verdict_unclear=("#fff1d0", "#6b4a00", "#e0a526"))
DARK = Colors(True, "#1f3560", "#cfe0ff", "#3e5f9e", "#3a3f47", "#d6dae0", "#3a2f14", "#c79320", "#1d3050", "#23262b",
              "#3a3f46", "#4a1f1f", "#ffd6d6", "#173049", "#cfe6ff", "#8a6d00", "#2b3646", "#9aa3ae",
              verdict_yes=("#1b3a26", "#b8f0c9", "#3f8a5a"), verdict_no=("#4a1f1f", "#ffd6d6", "#a04646"),
              verdict_none=("#3a3f47", "#d6dae0", "#5c636d"), verdict_unclear=("#3a2f14", "#ffd98a", "#c79320"))


def is_dark(app: QGuiApplication | None = None) -> bool:
    """Whether the system asks for a dark scheme (falls back to the palette's window lightness)."""
    app = app or QGuiApplication.instance()  # type: ignore[assignment]
    if app is None:
        return False
    scheme = app.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def colors() -> Colors:
    app = QGuiApplication.instance()
    dark = bool(app.property("pa_dark")) if app is not None and app.property("pa_dark") is not None else is_dark()
    return DARK if dark else LIGHT


_R = QPalette.ColorRole
#: The dark scheme by palette role. Base is lighter than Window so Fusion's indicator outlines (Window, darker) stay
#: visible in lists.
DARK_ROLES: dict[QPalette.ColorRole, str] = {
    _R.Window: "#1f2125",
    _R.WindowText: "#e6e8eb",
    _R.Base: "#2a2d33",
    _R.AlternateBase: "#30343a",
    _R.ToolTipBase: "#2d3036",
    _R.ToolTipText: "#e6e8eb",
    _R.PlaceholderText: "#8b929c",
    _R.Text: "#e6e8eb",
    _R.Button: "#2b2e33",
    _R.ButtonText: "#e6e8eb",
    _R.BrightText: "#ff6b6b",
    _R.Link: "#8ab4ff",
    _R.LinkVisited: "#b39dff",
    _R.Highlight: "#3d6fd6",
    _R.HighlightedText: "#ffffff",
    _R.Light: "#3a3e44",
    _R.Midlight: "#33363c",
    _R.Mid: "#2a2d31",
    _R.Dark: "#111214",
    _R.Shadow: "#000000",
}

#: The light scheme by palette role.
LIGHT_ROLES: dict[QPalette.ColorRole, str] = {
    _R.Window: "#f4f5f7",
    _R.WindowText: "#1d2127",
    _R.Base: "#ffffff",
    _R.AlternateBase: "#f0f2f5",
    _R.ToolTipBase: "#ffffff",
    _R.ToolTipText: "#1d2127",
    _R.PlaceholderText: "#8a9099",
    _R.Text: "#1d2127",
    _R.Button: "#fbfbfc",
    _R.ButtonText: "#1d2127",
    _R.Link: "#1a56c4",
    _R.Highlight: "#2f6fde",
    _R.HighlightedText: "#ffffff",
    _R.Light: "#ffffff",
    _R.Midlight: "#e9ebef",
    _R.Mid: "#c9cdd4",
    _R.Dark: "#9aa0a8",
}


def _palette(roles: dict[QPalette.ColorRole, str], disabled: str) -> QPalette:
    """A palette with ``roles``' colours in every group, and ``disabled`` for disabled text."""
    p = QPalette()
    for role, colour in roles.items():
        p.setColor(role, QColor(colour))
    for role in (_R.Text, _R.WindowText, _R.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, QColor(disabled))
    return p


def dark_palette() -> QPalette:
    return _palette(DARK_ROLES, "#6d737c")


def light_palette() -> QPalette:
    return _palette(LIGHT_ROLES, "#9aa0a8")


def apply(app: QApplication, dark: bool | None = None) -> bool:
    """Use the Fusion style with a light or dark palette (the system's choice unless ``dark`` is given)."""
    if dark is None:
        dark = is_dark(app)
    app.setStyle("Fusion")
    app.setPalette(dark_palette() if dark else light_palette())
    app.setProperty("pa_dark", dark)
    return dark


def on_scheme_changed(app: QApplication, scheme: Qt.ColorScheme, on_change: object = None) -> None:
    """Apply the palette for a new system colour scheme, then let the window restyle its own colours."""
    dark = None if scheme == Qt.ColorScheme.Unknown else scheme == Qt.ColorScheme.Dark
    apply(app, dark)
    if callable(on_change):
        on_change()


def follow_system(app: QApplication, on_change: object = None) -> None:
    """Re-apply the palette when the system switches between light and dark."""
    app.styleHints().colorSchemeChanged.connect(lambda scheme: on_scheme_changed(app, scheme, on_change))
