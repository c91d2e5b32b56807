"""The verdict badge of an answer bubble and the honest mode labels (pytest-qt, offscreen, real widgets)."""

from __future__ import annotations

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from assistant.compose import BADGES  # noqa: E402


@pytest.fixture
def bubble(qtbot):
    from ui.tabs.ask import MessageBubble

    b = MessageBubble("assistant")
    qtbot.addWidget(b)
    b.resize(600, 200)
    b.show()
    return b


@pytest.mark.parametrize(("stance", "status", "text"), [
    ("yes", "answered", "Yes"),
    ("no", "answered", "No"),
    ("not_stated", "silent", "Not stated"),
    ("not_applicable", "not_applicable", "Not applicable"),
    ("unclear", "answered", "Unclear — see the quotes"),
])
def test_badge_shows_the_verdict(bubble, stance, status, text):
    bubble.set_answer("The policy says …", status, "generative", "model.gguf", [], [], 1.2, stance=stance)
    assert bubble.badge.isVisible()
    assert bubble.badge_text() == text == BADGES[stance]
    assert bubble.badge.accessibleName() == f"Verdict: {text}"
    assert bubble.badge.toolTip()


def test_badge_colours_differ_by_verdict_and_follow_the_palette(bubble, qapp):
    from ui import theme

    styles = {}
    for stance in ("yes", "no", "not_stated", "unclear"):
        bubble.set_answer("…", "answered", "generative", "m", [], [], stance=stance)
        styles[stance] = bubble.badge.styleSheet()
    assert len(set(styles.values())) == 4
    assert theme.LIGHT.verdict_yes[0] in styles["yes"] and theme.LIGHT.verdict_no[0] in styles["no"]
    try:
        qapp.setProperty("pa_dark", True)
        bubble.restyle()
        assert theme.DARK.verdict_unclear[0] in bubble.badge.styleSheet()
    finally:
        qapp.setProperty("pa_dark", False)
        bubble.restyle()
    assert theme.LIGHT.verdict_unclear[0] in bubble.badge.styleSheet()


def test_no_badge_for_descriptive_or_closed_book_answers_and_while_streaming(bubble):
    bubble.set_answer("Data is kept for 3 years [PP §4].", "answered", "generative", "m", [], [], stance="answered")
    assert bubble.badge.isHidden() and bubble.badge_text() == ""
    bubble.set_answer("Closed-book answer.", "answered", "closed_book", "m", [], [], stance="")
    assert bubble.badge.isHidden()
    bubble.set_answer("No — …", "answered", "generative", "m", [], [], stance="no")
    bubble.start_streaming()
    assert bubble.badge.isHidden()
    bubble.set_failed("stopped", cancelled=True)
    assert bubble.badge.isHidden()


def test_stored_answers_without_a_stance_still_get_a_not_stated_badge(bubble):
    bubble.set_answer("The policy does not say.", "silent", "abstain", "", [], [])
    assert bubble.badge_text() == "Not stated"
    assert bubble.header.text() == "The policy does not say"


def test_composed_answers_never_claim_there_is_no_model(bubble):
    bubble.set_answer("No — the policy says it does not sell [PP §5].", "answered", "composed", "qwen.gguf", [], [], 2.0, stance="no")
    footer = bubble.footer.text()
    assert "Composed from the policy's own sentences: the model's draft did not pass the check" in footer
    assert "no language model" not in footer.lower() and "no language model" not in bubble.header.text().lower()
    assert "Extractive" not in footer
    assert bubble.header.text() == "Assistant — quoted from the policy"
    assert bubble.badge_text() == "No"
    # extractive mode (no model loaded) keeps its own label
    bubble.set_answer("No — …", "answered", "extractive", "", [], [], stance="no")
    assert bubble.footer.text().startswith("Extractive mode: no language model")
    # and a generative answer names its model
    bubble.set_answer("No — …", "answered", "generative", "qwen.gguf", [], [], stance="no")
    assert "Written by qwen.gguf" in bubble.footer.text()
