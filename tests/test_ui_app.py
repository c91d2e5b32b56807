"""The desktop app end to end (pytest-qt, offscreen): first start, loading bundles, asking with streamed answers and
clickable citations, the document viewer, search, history and export, cancel, readable errors, settings, screenshots.

One window (and one data folder with the sample bundle ingested once on its first start) is shared by the tests of this
module as a heavy resource, but no test depends on another one's side effects: the ``window`` fixture brings it back to a
known state (idle, the sample bundle current, default settings), what the first start showed is recorded by the fixture
that started it, and a conversation several tests read is made by its own fixture. Any order, or any single test, passes.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from PySide6.QtCore import QMimeData, QPoint, Qt, QTimer, QUrl  # noqa: E402
from PySide6.QtGui import QDropEvent, QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from assistant.config import EMBEDDED_MODEL, Settings  # noqa: E402
from assistant.paths import sample_bundle_dir  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
SHOTS = REPO / "screenshots"
JOB_TIMEOUT = 180_000


def _wait_idle(qtbot, window, timeout: int = JOB_TIMEOUT) -> None:
    qtbot.waitUntil(lambda: not window.ctx.jobs.busy, timeout=timeout)
    qtbot.wait(50)


def _wait_idle_unattended(window, timeout: int = JOB_TIMEOUT) -> None:
    """Wait for the window's jobs in a module-scoped fixture (no qtbot there)."""
    deadline = time.monotonic() + timeout / 1000
    while time.monotonic() < deadline and (window.ctx.assistant is None or window.ctx.jobs.busy):
        QApplication.processEvents()
        time.sleep(0.02)
    QApplication.processEvents()


@pytest.fixture(scope="module", autouse=True)
def user_config(tmp_path_factory):
    """The app's own preferences (QSettings: the remembered data folder) go to a temporary folder, never the user's."""
    from PySide6.QtCore import QSettings

    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path_factory.mktemp("ui-config")))


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """The data folder of the shared window; passed to it, never set in the environment."""
    return tmp_path_factory.mktemp("ui-home")


@pytest.fixture(scope="module")
def started(qapp, home):
    """First start on an empty data folder: the window creates the assistant off the GUI thread and loads the sample.

    Yields the window and what was seen while it started (jobs, progress, and the window right after the start)."""
    from ui import theme
    from ui.main_window import MainWindow
    from ui.widgets import ProgressStrip

    theme.apply(qapp)
    window = MainWindow(home=home)  # no assistant given: created lazily on the job queue, like the real app
    seen: dict = {"jobs": [], "progress": []}

    def on_started(job):
        seen["jobs"].append(job.name)
        job.signals.progress.connect(lambda p: seen["progress"].append((p.message, p.done, p.total,
                                                                         not window.bundles_tab.progress.isHidden(),
                                                                         sum(1 for s in window.findChildren(ProgressStrip) if s.isVisible()))))

    window.ctx.jobs.job_started.connect(on_started)
    window.resize(1200, 800)
    window.show()
    _wait_idle_unattended(window)
    window.ctx.jobs.job_started.disconnect(on_started)
    bundles = window.bundles_tab
    seen["after_start"] = {
        "tab": window.tabs.currentWidget(),
        "progress_hidden": bundles.progress.isHidden(),
        "list": [bundles.list.item(i).text() for i in range(bundles.list.count())],
        "documents": bundles.docs.rowCount(),
        "ready": [bundles.ready.item(i).text() for i in range(bundles.ready.count())],
    }
    yield window, seen
    window.close()


@pytest.fixture
def window(started, qtbot):
    """The shared window, idle, on the sample bundle, in a new conversation, with the default settings and size."""
    from assistant.config import Settings

    w, _seen = started
    _wait_idle(qtbot, w)
    a = w.ctx.assistant
    if a.settings != Settings():
        a.update_settings(Settings())
        with qtbot.waitSignal(w.ctx.model_status_changed, timeout=JOB_TIMEOUT):
            w.ctx.check_model()
    w.ctx.refresh_bundles()
    w.ctx.set_current_bundle("brightcart")
    w.ask_tab.new_conversation()  # a question asked by a test never lands in another test's (or a fixture's) conversation
    w.resize(1200, 800)
    return w


@pytest.fixture(scope="module")
def conversation(started):
    """A stored conversation about the sample: one answered question, then one the policy does not address."""
    w, _seen = started
    _wait_idle_unattended(w)
    a = w.ctx.assistant
    cid = a.new_conversation("brightcart", "How long is my data stored?").id
    for question in ("How long is my data stored?", "Does BrightCart store my data on the moon using blockchain?"):
        gen = a.ask("brightcart", question, conversation_id=cid)
        while True:
            try:
                next(gen)
            except StopIteration:
                break
    return cid


# --------------------------------------------------------------------------- bundles


def test_first_start_loads_the_sample_bundle_with_progress(started, home):
    w, seen = started
    assert w.windowTitle() == "Privacy Assistant"
    assert not w.windowIcon().isNull()
    assert w.ctx.assistant is not None and Path(w.ctx.assistant.home) == home
    assert "Starting" in seen["jobs"] and any("sample" in j.lower() for j in seen["jobs"])
    names = [b.name for b in w.ctx.bundles]
    assert "brightcart" in names
    # progress named the current document, with counts, while the strip (with its Cancel button) was visible, and it
    # was the only progress display in the window: the status bar does not show a job a tab shows
    msgs = [m for m, *_ in seen["progress"]]
    assert any("BrightCart Privacy Policy" in m for m in msgs)
    sample = [row for row in seen["progress"] if row[2] == 4]
    assert sample and all(visible and strips == 1 for _m, _d, _t, visible, strips in sample)
    after = seen["after_start"]
    assert after["progress_hidden"]  # hidden again when done
    assert after["tab"] is w.ask_tab  # then the chat, with its starter questions, is shown
    # the list, the detail table and the bundle picker show it
    assert any("BrightCart" in t and "4 documents" in t for t in after["list"])
    assert after["documents"] == 4
    assert w.bundle_combo.findData("brightcart") >= 0
    # ready-made bundles from first start: the sample (loaded) and the GenAIPABench documents when they are here
    from ui.backend import genaipabench_dir

    ready = after["ready"]
    assert ready[0] == "✓ BrightCart sample (fictional shop, 4 documents) — loaded"
    if genaipabench_dir() is not None:
        assert {"Airbnb", "Facebook", "Spotify", "Twitter", "Uber", "GDPR", "CCPA"} <= {t.split()[0] for t in ready[1:]}
    # the model was checked in the background (embedded model by default)
    assert w.ctx.model_status.get("mode") in ("generative", "extractive")


def test_add_dialog_sets_company_and_document_kind(window, qtbot, tmp_path):
    """Files -> dialog (kind chosen per document, company typed) -> ingest with progress -> listed."""
    from ui.add_bundle_dialog import AddBundleDialog

    src = tmp_path / "kindco-terms.txt"
    src.write_text((sample_bundle_dir() / "terms-of-use.txt").read_text(encoding="utf-8").replace("BrightCart", "KindCo"), encoding="utf-8")
    tab = window.bundles_tab
    window.tabs.setCurrentWidget(tab)
    handled = {}

    def fill_dialog():
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, AddBundleDialog)
        dlg.add_location(str(src))
        dlg.set_kind(0, "cookie_policy")  # deliberately not what detection would say
        qtbot.keyClicks(dlg.company_edit, "KindCo")
        assert dlg.name_edit.text() == "kindco"  # the bundle name follows the company
        handled["ok"] = True
        qtbot.mouseClick(dlg.load_btn, Qt.MouseButton.LeftButton)

    QTimer.singleShot(100, fill_dialog)
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT) as blocker:
        qtbot.mouseClick(tab.add_btn, Qt.MouseButton.LeftButton)
    assert handled.get("ok")
    assert blocker.args == ["finished"]
    a = window.ctx.assistant
    docs = a.documents("kindco")
    assert [d.kind for d in docs] == ["cookie_policy"] and docs[0].abbrev == "CP"
    assert a.bundle("kindco").company == "KindCo"
    assert window.ctx.current_bundle == "kindco"
    assert "Loaded KindCo" in tab.banner.text()

    # re-index keeps the chosen kind (nothing changed, so nothing is re-embedded)
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT) as blocker:
        tab.reindex("kindco")
    assert blocker.args == ["finished"]
    assert [d.kind for d in a.documents("kindco")] == ["cookie_policy"]
    assert tab.last_result.unchanged == [docs[0].title]

    # a source cut short is not stored without asking: "No" keeps the stored version, "Yes" replaces it
    full = src.read_text(encoding="utf-8")
    stored_text = a.documents("kindco")[0].text
    src.write_text(full[: len(full) // 5], encoding="utf-8")
    asked: list[str] = []
    tab.confirm_replace = lambda message: asked.append(message) or False  # type: ignore[method-assign]
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT):
        tab.reindex("kindco")
    assert asked and "cut short" in asked[0]
    assert "Kept the stored version" in tab.banner.text()
    assert a.documents("kindco")[0].text == stored_text
    tab.confirm_replace = lambda message: True  # type: ignore[method-assign]
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT):
        tab.reindex("kindco")  # asks again, and the answer "Yes" starts the replacing re-index
    qtbot.waitUntil(lambda: not tab.ops.busy and len(a.documents("kindco")[0].text) < len(stored_text) // 2, timeout=JOB_TIMEOUT)
    src.write_text(full, encoding="utf-8")

    # remove (no confirmation in the test) and it disappears everywhere
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT):
        tab.remove_bundle("kindco", confirm=False)
    assert "kindco" not in [b.name for b in window.ctx.bundles]
    assert window.bundle_combo.findData("kindco") < 0


def test_drop_files_opens_the_dialog_prefilled(window, qtbot):
    from ui.add_bundle_dialog import AddBundleDialog

    tab = window.bundles_tab
    window.tabs.setCurrentWidget(tab)
    seen = {}

    def check_and_cancel():
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, AddBundleDialog)
        seen["items"] = [it.location for it in dlg.items()]
        dlg.reject()

    mime = QMimeData()
    pdf = sample_bundle_dir() / "california-notice.pdf"
    mime.setUrls([QUrl.fromLocalFile(str(pdf)), QUrl("https://example.com/privacy")])
    QTimer.singleShot(100, check_and_cancel)
    event = QDropEvent(QPoint(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tab.dropEvent(event)
    qtbot.waitUntil(lambda: "items" in seen, timeout=5000)
    assert seen["items"] == [str(pdf.resolve()), "https://example.com/privacy"]


def test_bad_file_gives_a_readable_error(window, qtbot, tmp_path):
    tab = window.bundles_tab
    window.tabs.setCurrentWidget(tab)
    from ui.backend import SourceItem

    bad = tmp_path / "contract.docx"
    bad.write_bytes(b"PK\x03\x04 not really a document")
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT) as blocker:
        tab.ingest([SourceItem(str(bad))], "", "Nobody", False)
    assert blocker.args == ["errored"]
    assert not tab.banner.isHidden() and tab.banner.level == "error"
    assert "unsupported file type .docx" in tab.banner.text()
    assert "Traceback" not in tab.banner.text()

    empty = tmp_path / "empty.html"
    empty.write_text("   ")
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT) as blocker:
        tab.ingest([SourceItem(str(empty))], "", "Nobody", False)
    assert blocker.args == ["errored"]
    assert "empty.html is empty" in tab.banner.text()
    # a web address that cannot be fetched (nothing listens on port 9)
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT) as blocker:
        tab.ingest([SourceItem("http://127.0.0.1:9/privacy")], "", "Nobody", False)
    assert blocker.args == ["errored"]
    assert tab.banner.text().startswith("Error: cannot fetch http://127.0.0.1:9/privacy")
    assert "nobody" not in [b.name for b in window.ctx.bundles]
    assert tab.add_btn.isEnabled()  # still usable


# --------------------------------------------------------------------------- asking


def _ask_via_keyboard(qtbot, window, question: str):
    tab = window.ask_tab
    window.tabs.setCurrentWidget(tab)
    tab.input.setFocus()
    qtbot.keyClicks(tab.input, question)
    with qtbot.waitSignal(tab.answered, timeout=JOB_TIMEOUT) as blocker:
        qtbot.keyClick(tab.input, Qt.Key.Key_Return)
    return blocker.args[0]


def test_ask_streams_an_answer_with_citation_chips(window, qtbot):
    tab = window.ask_tab
    window.tabs.setCurrentWidget(tab)
    tab.new_conversation()
    assert tab.empty.isVisible() and len(tab.suggestion_buttons()) >= 4
    assert any("How long is my data stored?" == b.text() for b in tab.suggestion_buttons())
    partials: list[str] = []
    window.ctx.jobs.job_started.connect(lambda job: job.signals.partial.connect(partials.append))
    answer = _ask_via_keyboard(qtbot, window, "How long is my data stored?")
    bubble = tab.bubbles[-1]
    assert tab.bubbles[-2].role == "user" and tab.bubbles[-2].text() == "How long is my data stored?"
    assert answer.status == "answered" and answer.citations
    if answer.mode == "generative":
        assert bubble.streamed.strip(), "the answer streamed in token by token"
    assert bubble.text() == answer.text and "▍" not in bubble.body.text()
    chips = bubble.chip_buttons()
    assert [c.text().split()[0] + " " + c.text().split()[1] for c in chips] == [c.cite_id for c in answer.citations]
    assert bubble.footer.isVisible()
    assert tab.conversation_id is not None and tab.conv_list.count() >= 1


def test_a_yes_no_question_shows_its_verdict_badge(window, qtbot):
    from assistant.compose import BADGES

    tab = window.ask_tab
    answer = _ask_via_keyboard(qtbot, window, "Does BrightCart sell my personal information?")
    bubble = tab.bubbles[-1]
    assert answer.status == "answered" and answer.stance in ("yes", "no", "unclear"), answer.stance
    badge = BADGES[answer.stance]
    assert bubble.badge.isVisible() and bubble.badge_text() == badge
    assert bubble.badge.accessibleName() == f"Verdict: {badge}"
    if answer.mode == "composed":
        assert "no language model" not in bubble.footer.text()
    # the stored message keeps the verdict: the conversation read back from the store shows the same badge
    tab.load_conversation(tab.conversation_id)
    assert tab.bubbles[-1].badge_text() == badge


def test_clicking_a_citation_opens_the_highlighted_section(window, conversation, qtbot):
    tab = window.ask_tab
    tab.load_conversation(conversation)
    bubble = tab.bubbles[1]  # the answered question's answer, with its citations
    target = bubble.cites[0]
    chip = bubble.chip_buttons()[0]
    window.tabs.setCurrentWidget(tab)
    qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    qtbot.wait(100)
    viewer = window.documents_tab
    assert window.tabs.currentWidget() is viewer
    assert viewer.document_id == target.document_id
    doc = window.ctx.assistant.document(target.document_id)
    assert viewer.highlighted_text() == doc.text[target.start:target.end]
    assert " ".join(viewer.highlighted_text().split())[:40] in " ".join(target.text.split())
    assert viewer.cited_range_visible()
    assert target.cite_id in viewer.cite_label.text()
    current = viewer.outline.currentItem()
    assert current is not None and current.text(0).startswith(target.cite_id)
    assert len(viewer.view.extraSelections()) == 2  # the section lightly, the cited text strongly

    # the outline navigates too
    other = viewer.outline.topLevelItem(0)
    viewer._outline_clicked(other)
    assert viewer.highlighted_text()
    # and [PP §4]-style links inside the answer text work like the chips
    window.tabs.setCurrentWidget(tab)
    bubble.body.linkActivated.emit(f"cite:{target.cite_id}")
    assert window.tabs.currentWidget() is viewer and viewer.target.cite_id == target.cite_id


def test_unanswerable_question_is_visibly_different_and_lists_related_sections(window, qtbot):
    answer = _ask_via_keyboard(qtbot, window, "Does BrightCart store my data on the moon using blockchain?")
    bubble = window.ask_tab.bubbles[-1]
    assert answer.status in ("silent", "not_applicable")
    assert bubble.status == answer.status
    assert bubble.header.text() == "The policy does not say"
    assert bubble.sources_label.text() == "Related sections:"
    chips = bubble.chip_buttons()
    assert chips and all(c.kind == "related" for c in chips)
    from ui.tabs.bubble import MessageBubble

    normal = MessageBubble("assistant")
    normal.set_answer("Kept for 90 days [PP §4].", "answered", "generative", "m", [], [])
    assert normal.styleSheet() != bubble.styleSheet()  # a normal answer looks different
    qtbot.mouseClick(chips[0], Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.documents_tab
    assert window.documents_tab.highlighted_text()


def test_history_survives_a_restart_and_exports_markdown(window, conversation, qtbot, tmp_path, home):
    from assistant.core import Assistant
    from ui.main_window import MainWindow

    cid = conversation
    # a second window on a fresh Assistant over the same data folder = the app restarted
    other = Assistant(home=home)
    w2 = MainWindow(other, load_sample_if_empty=False, check_model=False)
    try:
        w2.ctx.set_current_bundle("brightcart")
        t2 = w2.ask_tab
        listed = [t2.conv_list.item(i).data(Qt.ItemDataRole.UserRole) for i in range(t2.conv_list.count())]
        assert cid in listed
        t2.load_conversation(cid)
        assert t2.conversation_id == cid
        roles = [b.role for b in t2.bubbles]
        assert roles == ["user", "assistant", "user", "assistant"]
        restored = [b for b in t2.bubbles if b.role == "assistant"]
        assert restored[0].chip_buttons() and restored[0].cites[0].document_id is not None
        assert any(b.status == "silent" and b.header.text() == "The policy does not say" for b in restored)
        # restored citations still open the right place
        with qtbot.waitSignal(w2.ctx.open_citation, timeout=2000):
            qtbot.mouseClick(restored[0].chip_buttons()[0], Qt.MouseButton.LeftButton)
        assert w2.documents_tab.highlighted_text()
        # copy and export
        md = t2.copy_conversation()
        assert QGuiApplication.clipboard().text() == md
        assert md.startswith("# Conversation about BrightCart") and "**You:** How long is my data stored?" in md
        out = t2.export_conversation(tmp_path / "chat.md")
        assert out is not None and out.read_text(encoding="utf-8") == md
        assert "> [PP" in md
    finally:
        w2.close()
        other.close()


def test_starter_question_and_new_conversation(window, qtbot):
    tab = window.ask_tab
    window.tabs.setCurrentWidget(tab)
    before = tab.conv_list.count()
    qtbot.mouseClick(tab.new_btn, Qt.MouseButton.LeftButton)
    assert not tab.bubbles and tab.empty.isVisible()
    chip = next(b for b in tab.suggestion_buttons() if "sold" in b.text())
    with qtbot.waitSignal(tab.answered, timeout=JOB_TIMEOUT) as blocker:
        qtbot.mouseClick(chip, Qt.MouseButton.LeftButton)
    assert blocker.args[0].question == chip.text()
    assert tab.conv_list.count() == before + 1
    assert tab.conv_list.item(0).text().startswith(chip.text())


def test_search_inside_the_bundle(window, qtbot):
    viewer = window.documents_tab
    window.tabs.setCurrentWidget(viewer)
    with qtbot.waitSignal(viewer.search_done, timeout=JOB_TIMEOUT) as blocker:
        viewer.search_edit.setText("opt out of advertising cookies")
        qtbot.mouseClick(viewer.search_btn, Qt.MouseButton.LeftButton)
    hits = blocker.args[0]
    assert hits and viewer.results_list.count() == len(hits)
    viewer._result_clicked(viewer.results_list.item(0))
    assert viewer.document_id == hits[0].document_id
    assert " ".join(viewer.highlighted_text().split()) == " ".join(hits[0].text.split())
    # find inside the document
    viewer.find_edit.setText("cookies")
    assert viewer.find_next()
    viewer.find_edit.setText("zzzz-not-there")
    assert not viewer.find_next()


# --------------------------------------------------------------------------- cancel


def test_cancel_a_long_ingestion_and_an_answer(window, qtbot):
    from ui.backend import SourceItem

    tab = window.bundles_tab
    window.tabs.setCurrentWidget(tab)
    steps: list[str] = []
    job = tab.ingest([SourceItem(str(sample_bundle_dir()))], "cancel-me", "CancelCo", True)
    assert job is not None and tab.progress.isVisible() and tab.progress.cancel_btn.isEnabled()
    job.signals.progress.connect(lambda p: steps.append(p.stage))
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT) as blocker:
        qtbot.waitUntil(lambda: "embed" in steps, timeout=JOB_TIMEOUT)  # mid-way: documents read, embedding started
        from ui.widgets import ProgressStrip

        # one job, one progress display with one Cancel: the status bar does not show what the tab shows
        assert [s for s in window.findChildren(ProgressStrip) if s.isVisible()] == [tab.progress]
        SHOTS.mkdir(exist_ok=True)
        window.grab().save(str(SHOTS / "bundles-job.png"))
        qtbot.mouseClick(tab.progress.cancel_btn, Qt.MouseButton.LeftButton)
        assert tab.progress.label.text() == "Cancelling…"
    assert blocker.args == ["cancelled"]
    assert tab.banner.text().startswith("Cancelled") and "kept" in tab.banner.text()
    assert not tab.progress.isVisible() and tab.add_btn.isEnabled()
    a = window.ctx.assistant
    if "cancel-me" in [b.name for b in window.ctx.bundles]:
        assert len(a.documents("cancel-me")) < 4  # stopped before the end (what was stored is kept)
        with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT):
            tab.remove_bundle("cancel-me", confirm=False)

    # a summary (a minute with the model) stops at the next topic
    with qtbot.waitSignal(tab.job_done, timeout=JOB_TIMEOUT) as blocker:
        assert tab.summarize("brightcart") is not None
        qtbot.waitUntil(lambda: tab.progress.bar.maximum() > 0, timeout=JOB_TIMEOUT)  # a topic is being written
        tab.cancel()
    assert blocker.args == ["cancelled"] and tab.banner.text() == "Summary cancelled."
    assert tab.summarize_btn.isEnabled()

    # Esc cancels the running answer; the partial text is kept but marked as unchecked
    ask = window.ask_tab
    window.tabs.setCurrentWidget(ask)
    with qtbot.waitSignal(ask.job_done, timeout=JOB_TIMEOUT) as blocker:
        ask.ask("What do you do with my payment card details?")
        assert ask.stop_btn.isEnabled() and window.job_strip.isHidden()  # the Stop button is the answer's one Cancel
        window.cancel_current()
        assert not ask.stop_btn.isEnabled()
    assert blocker.args == ["cancelled"]
    assert ask.bubbles[-1].status == "cancelled" and ask.bubbles[-1].header.text() == "Stopped"
    assert ask.ask_btn.isEnabled()


# --------------------------------------------------------------------------- settings


def test_settings_refuse_a_bad_model_path_and_survive_a_broken_model(window, qtbot, tmp_path):
    st = window.settings_tab
    a = window.ctx.assistant
    window.tabs.setCurrentWidget(st)
    before = a.settings
    st.file_radio.setChecked(True)
    st.model_path.setText(str(tmp_path / "missing" / "model.gguf"))
    with qtbot.waitSignal(st.applied, timeout=5000) as blocker:
        qtbot.mouseClick(st.apply_btn, Qt.MouseButton.LeftButton)
    assert blocker.args == [False]
    assert st.banner.level == "error" and "model file not found" in st.banner.text()
    assert a.settings is before  # refused: nothing changed

    # a file that exists but is not a model: accepted by validation, refused by the loader -> extractive mode, no crash
    fake = tmp_path / "fake.gguf"
    fake.write_bytes(b"this is not a gguf file" * 100)
    st.model_path.setText(str(fake))
    with qtbot.waitSignal(window.ctx.model_status_changed, timeout=JOB_TIMEOUT) as blocker:
        assert st.apply()
    status = blocker.args[0]
    assert status["mode"] == "extractive" and "not a GGUF model file" in status["error"]
    assert "not a GGUF model file" in st.status_label.text()
    assert "no model could be loaded" in st.banner.text() and st.banner.level == "warning"
    assert "extractive mode" in window.ask_tab.mode_banner.text() and "Settings" in window.ask_tab.mode_banner.text()
    assert "Extractive" in window.model_chip.text()

    # asking still works without a model: the answer quotes the policy
    window.ctx.set_current_bundle("brightcart")
    answer = _ask_via_keyboard(qtbot, window, "Can I delete my account?")
    assert answer.mode in ("extractive", "abstain")
    if answer.status == "answered":
        assert window.ask_tab.bubbles[-1].header.text() == "Assistant — quoted from the policy"

    # other impossible values are refused with a message by the facade's validation
    window.tabs.setCurrentWidget(st)
    st.none_radio.setChecked(True)
    st.judge_kind.setCurrentIndex(2)
    st.judge_path.setText(str(tmp_path / "nope.gguf"))
    assert not st.apply() and "judge model file not found" in st.banner.text()
    st.judge_kind.setCurrentIndex(0)

    # back to the embedded model
    st.embedded_radio.setChecked(True)
    with qtbot.waitSignal(window.ctx.model_status_changed, timeout=JOB_TIMEOUT):
        assert st.apply()
    assert a.settings.model_path == EMBEDDED_MODEL
    assert st.banner.text().startswith("Settings saved; answers are written by")
    assert (Path(a.home) / "settings.json").is_file()
    assert st.gpu_label.text().startswith(("✔", "✘"))
    a.update_settings(Settings())


def test_switching_the_data_folder(qapp, qtbot, tmp_path):
    """Settings → Data folder: the app reopens on the new folder (and remembers it); an unusable folder is refused."""
    from PySide6.QtCore import QSettings

    from assistant.core import Assistant
    from ui.main_window import MainWindow
    from ui.tabs.settings import saved_data_dir

    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, str(tmp_path / "config"))
    first = Assistant(home=tmp_path / "first")
    w = MainWindow(first, load_sample_if_empty=False, check_model=False)
    new = tmp_path / "elsewhere"
    try:
        w.settings_tab.data_dir.setText(str(new))
        with qtbot.waitSignal(w.ctx.assistant_ready, timeout=JOB_TIMEOUT):
            assert w.settings_tab.apply()
        assert Path(w.ctx.assistant.home) == new.resolve() and w.ctx.bundles == []
        assert saved_data_dir() == str(new.resolve())
        assert w.settings_tab.data_dir.text() == str(new.resolve())
        w.settings_tab.data_dir.setText("/proc/not-a-place/for-data")
        w.settings_tab.apply()
        qtbot.waitUntil(lambda: "cannot use that data folder" in w.settings_tab.banner.text(), timeout=JOB_TIMEOUT)
        assert Path(w.ctx.assistant.home) == new.resolve()
        assert saved_data_dir() == str(new.resolve())
        assert os.environ.get("PRIVACY_ASSISTANT_HOME") != str(new.resolve())  # passed to the facade, not set
    finally:
        _wait_idle(qtbot, w)
        w.close()
        first.close()


# --------------------------------------------------------------------------- keyboard, layout, screenshots


def test_keyboard_shortcuts_and_tab_order(window, qtbot):
    window.activateWindow()
    for i in range(6):
        window.tabs.setCurrentIndex(i)
        assert window.tabs.currentIndex() == i
    view_menu = [a for a in window.menuBar().actions() if a.text() == "&View"][0].menu()
    shortcuts = [a.shortcut().toString() for a in view_menu.actions()]
    assert shortcuts == ["Ctrl+1", "Ctrl+2", "Ctrl+3", "Ctrl+4", "Ctrl+5", "Ctrl+6"]
    view_menu.actions()[1].trigger()
    assert window.tabs.currentWidget() is window.ask_tab
    assert window.ask_tab.input.nextInFocusChain() is window.ask_tab.ask_btn or window.ask_tab.input.tabChangesFocus()
    # every tab stays usable when the window is made small (splitters and scroll areas, no fixed sizes)
    window.resize(800, 560)
    qtbot.wait(50)
    assert window.width() <= 820
    window.resize(1200, 800)


# --------------------------------------------------------------------------- benchmark


def test_limited_benchmark_shows_table_charts_and_scored_answers(window, qtbot, tmp_path):
    bench = window.benchmark_tab
    window.tabs.setCurrentWidget(bench)
    bench.reload()
    if bench.unavailable:
        pytest.skip(f"benchmark not runnable here: {bench.unavailable}")
    bench.set_options(suite="genaipabench", policies=["facebook"], inits=["pd"], runs=1, limit=1, paraphrases=False, judge=EMBEDDED_MODEL)
    assert bench.planned() == 1 and "1 answers will be asked and judged" in bench.plan_label.text()
    progress: list[str] = []
    window.ctx.jobs.job_started.connect(lambda job: job.signals.progress.connect(lambda p: progress.append(p.message)))
    with qtbot.waitSignal(bench.job_done, timeout=JOB_TIMEOUT) as blocker:
        qtbot.mouseClick(bench.start_btn, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: bench.progress.isVisible() and bench.cancel_btn.isEnabled(), timeout=5000)
    assert blocker.args == ["finished"], bench.banner.text()
    assert any("ETA" in m for m in progress)
    # the sortable table: one row per scored answer
    assert bench.model.rowCount() == 1 == len(bench.rows)
    headers = [bench.model.horizontalHeaderItem(i).text() for i in range(bench.model.columnCount())]
    assert {"Policy", "Question", "Proxy M_all", "Judge M_all"} <= set(headers)
    bench.table.sortByColumn(headers.index("Proxy M_all"), Qt.SortOrder.DescendingOrder)
    assert bench.table.isSortingEnabled()
    assert bench.rows[0]["policy"] == "facebook" and bench.rows[0]["init"] == "pd"
    # the report's charts, including the comparison with the paper's Bard and BingAI figures
    names = {p.name for p in bench.charts}
    assert {"boxplot_m_all.png", "heatmap_category_metric.png", "paraphrase_consistency.png", "comparison_bard_bing.png"} <= names
    assert "Bard" in bench.report_view.toPlainText()
    assert bench.run_combo.count() >= 1 and "facebook" in bench.run_combo.currentText()
    # any scored answer opens with its evidence and the judge's reasons
    dlg = bench.open_answer(0)
    assert dlg is not None
    text = dlg.text()
    assert "Evidence given to the model" in text and "Automatic scores" in text
    assert "Judge:" in text and "Reasons:" in text
    dlg.close()
    # export the report to a folder
    with qtbot.waitSignal(bench.report_ready, timeout=JOB_TIMEOUT) as blocker:
        bench.export_report(tmp_path)
    exported = {p.name for p in blocker.args[0]}
    assert {"report.md", "answers.csv", "comparison_bard_bing.png"} <= exported
    assert (tmp_path / f"report-{bench.run_id}" / "report.md").is_file()
    # the suite's bundle shows up with the others, and is the same bundle the ready-made list offers
    assert "genaipabench-facebook" in [b.name for b in window.ctx.bundles]
    ready = [window.bundles_tab.ready.item(i).text() for i in range(window.bundles_tab.ready.count())]
    assert "✓ Facebook privacy policy (GenAIPABench) — loaded" in ready


def test_cancel_a_running_benchmark_keeps_what_was_stored(window, qtbot):
    bench = window.benchmark_tab
    window.tabs.setCurrentWidget(bench)
    if bench.unavailable:
        pytest.skip(f"benchmark not runnable here: {bench.unavailable}")
    bench.set_options(suite="genaipabench", policies=["facebook"], inits=["pd"], runs=1, limit=6, paraphrases=False, judge="")
    answering: list[str] = []

    def on_started(job):
        job.signals.progress.connect(lambda p: answering.append(p.message) if p.stage == "answer" else None)

    window.ctx.jobs.job_started.connect(on_started)
    with qtbot.waitSignal(bench.job_done, timeout=JOB_TIMEOUT) as blocker:
        bench.start()
        qtbot.waitUntil(lambda: len(answering) >= 2, timeout=JOB_TIMEOUT)
        qtbot.mouseClick(bench.cancel_btn, Qt.MouseButton.LeftButton)
    assert blocker.args == ["cancelled"]
    assert "cancelled" in bench.banner.text().lower() and "resume" in bench.banner.text()
    assert 1 <= bench.model.rowCount() < 6  # what was answered before the cancel is kept and shown
    assert bench.start_btn.isEnabled() and not bench.cancel_btn.isEnabled()


STANCE_POLICY = """AcmeShop Privacy Policy

1. Information we collect
We collect your name, email address and order history when you create an account.

2. Cookies
We use cookies to remember your preferences and to keep you signed in.

3. Selling your information
We do not sell your personal information to anyone.

4. Sharing with third parties
We share your data with the third parties who deliver your orders, only as this privacy policy describes.

5. Your rights
You may access or delete your account data. Contact us by email at privacy@acmeshop.example with questions.

6. Security
We protect your personal data with encryption and access controls.
"""


def _stance_files(tmp_path: Path, name: str) -> Path:
    """A one-policy truth set (two questions) in tmp_path; returns the truth file."""
    import json

    folder = tmp_path / "policies"
    folder.mkdir(exist_ok=True)
    (folder / f"{name}.txt").write_text(STANCE_POLICY, encoding="utf-8")
    items = [{"policy": f"{name}.txt", "site": "acmeshop.com", "qid": "sell", "question": "Does the company sell my personal information?",
              "label": "no", "evidence": ["We do not sell your personal information to anyone."], "ambiguous": False},
             {"policy": f"{name}.txt", "site": "acmeshop.com", "qid": "cookies", "question": "Does the company use cookies?",
              "label": "yes", "evidence": ["We use cookies to remember your preferences and to keep you signed in."], "ambiguous": False}]
    truth = tmp_path / f"{name}.jsonl"
    truth.write_text("\n".join(json.dumps(i) for i in items) + "\n", encoding="utf-8")
    return truth


def test_stance_suite_runs_shows_figures_and_exports_its_report(window, qtbot, tmp_path):
    bench = window.benchmark_tab
    window.tabs.setCurrentWidget(bench)
    bench.set_options(suite="stance")
    if bench.suite_unavailable():
        pytest.skip(f"stance suite not runnable here: {bench.suite_unavailable()}")
    assert bench.stance_options.isVisible() and bench.stance_results.isVisible()
    assert not bench.genai_options.isVisible() and not bench.genai_results.isVisible()
    # the defaults point at the shared truth set and its two policy folders
    defaults = bench.stance_options.options()
    assert defaults["truth"][0].parts[-2:] == ("stance-truth", "dev.jsonl") and len(defaults["policy_dirs"]) == 2
    # a missing truth file: no Start, and the plan says why
    bench.stance_options.set_options(truth=tmp_path / "missing.jsonl")
    assert not bench.start_btn.isEnabled() and "truth file" in bench.plan_label.text()

    truth = _stance_files(tmp_path, "acme_cancel")
    bench.stance_options.set_options(truth=truth, folders=[tmp_path / "policies"], limit=0, use_model=False)
    assert bench.plan_label.text() == "2 questions over 1 policies will be asked (verdicts only, without the model)."
    assert bench.start_btn.isEnabled()
    # Cancel stops it (here while the policy is still being indexed) and leaves the tab usable
    with qtbot.waitSignal(bench.job_done, timeout=JOB_TIMEOUT) as blocker:
        assert bench.start() is not None
        assert not bench.stance_options.truth.isEnabled() and bench.cancel_btn.isEnabled()
        qtbot.mouseClick(bench.cancel_btn, Qt.MouseButton.LeftButton)
    assert blocker.args == ["cancelled"], bench.banner.text()
    assert "cancelled" in bench.banner.text().lower()
    assert bench.start_btn.isEnabled() and bench.stance_options.truth.isEnabled()

    truth = _stance_files(tmp_path, "acme")
    bench.stance_options.set_options(truth=truth)
    progress: list[str] = []
    window.ctx.jobs.job_started.connect(lambda job: job.signals.progress.connect(lambda p: progress.append(p.stage)))
    with qtbot.waitSignal(bench.job_done, timeout=JOB_TIMEOUT) as blocker:
        qtbot.mouseClick(bench.start_btn, Qt.MouseButton.LeftButton)
    assert blocker.args == ["finished"], bench.banner.text()
    assert "ask" in progress  # per-question progress (with counts, so the strip shows an ETA)
    res = bench.stance_results
    result = res.result
    assert result is not None and result["n"] == 2 and result["model"] is False
    for key in ("verdict_accuracy", "wrong_verdict_rate", "hedge_rate", "false_decline_rate", "gold_in_evidence", "gold_in_citations"):
        value = result[key]
        assert res.figure_text(key) == (f"{value:.1%}" if value is not None else "—"), key
    assert res.figure_text("silent_recognised") == "—"  # no not-stated question in this truth set
    # the confusion matrix: one row per truth label, every question counted once
    assert sum(res.confusion_count(label, s) or 0 for label in ("yes", "no", "not_stated")
               for s in ("yes", "no", "not_stated", "not_applicable", "unclear", "answered")) == 2
    assert res.confusion_count("no", result["rows"][0]["stance"]) == 1
    assert res.rows.rowCount() == 2
    assert res.folder is not None and (res.folder / "report.md").is_file()  # written to the data folder after the run
    # export to a chosen folder
    with qtbot.waitSignal(bench.report_ready, timeout=JOB_TIMEOUT) as blocker:
        assert bench.export_stance_report(tmp_path / "export") is not None
    assert {"report.md", "rows.csv", "result.json"} <= {p.name for p in blocker.args[0]}
    assert "Report saved to" in bench.banner.text()
    # the latest run is shown again after a reload (e.g. the app restarted)
    bench.reload()
    assert bench.stance_results.result is not None and bench.stance_results.result["n"] == 2
    # its per-category figures are kept in the data folder, shown under answers of that kind, linked to the run
    figs = [f for f in window.ctx.assistant.trust() if f.suite == "stance"]  # (a replay test before may have left its own)
    assert figs and sum(f.n for f in figs) == 2
    assert all(f.run == str(res.folder) for f in figs)
    line = window.ask_tab.trust_text(category=figs[0].category)
    assert "verdicts right" in line and "trust:stance:" in line
    assert "no benchmark question of this kind" in window.ask_tab.trust_text(category="transfers")
    bench.stance_results.clear()
    window.tabs.setCurrentWidget(window.ask_tab)
    window.ctx.open_trust_run.emit("stance", figs[0].run)
    assert window.tabs.currentWidget() is bench and bench.stance_results.result is not None
    assert bench.stance_results.result["n"] == 2

    # tidy up: the suite's bundles, and the suite choice
    for name in [b.name for b in window.ctx.bundles if b.name.startswith("stance-acme")]:
        with qtbot.waitSignal(window.bundles_tab.job_done, timeout=JOB_TIMEOUT):
            window.bundles_tab.remove_bundle(name, confirm=False)
    bench.set_options(suite="genaipabench")
    assert bench.genai_options.isVisible() and not bench.stance_options.isVisible()


def test_palette_follows_the_system_colour_scheme(window, conversation, qtbot, qapp):
    """The handler connected to QStyleHints.colorSchemeChanged (the offscreen platform cannot emit it itself)."""
    from PySide6.QtGui import QPalette

    from ui import theme

    window.ask_tab.load_conversation(conversation)
    bubble = window.ask_tab.bubbles[1]
    try:
        theme.on_scheme_changed(qapp, Qt.ColorScheme.Dark, window.restyle)
        assert qapp.palette().color(QPalette.ColorRole.Window).lightness() < 100
        assert theme.colors().dark
        assert theme.DARK.bubble_bg in bubble.styleSheet()
        SHOTS.mkdir(exist_ok=True)
        window.tabs.setCurrentWidget(window.ask_tab)
        qtbot.wait(50)
        window.grab().save(str(SHOTS / "ask-dark.png"))
    finally:
        theme.on_scheme_changed(qapp, Qt.ColorScheme.Light, window.restyle)
    assert qapp.palette().color(QPalette.ColorRole.Window).lightness() > 200
    assert not theme.colors().dark


# --------------------------------------------------------------------------- screenshots (last: every tab has content)


def test_screenshots_of_every_tab(window, conversation, qtbot):
    """Saves screenshots/<tab>.png (git-ignored) so a person can look at them (and copy them to docs/screenshots/)."""
    SHOTS.mkdir(exist_ok=True)
    names = ["bundles", "ask", "documents", "overview", "benchmark", "settings"]
    window.ask_tab.load_conversation(conversation)
    window.ask_tab.bubbles[1].chip_buttons()[0].click()
    window.statusBar().clearMessage()  # no left-over message of another test in the pictures
    for i, name in enumerate(names):
        window.tabs.setCurrentIndex(i)
        qtbot.wait(100)
        path = SHOTS / f"{name}.png"
        assert window.grab().save(str(path))
        assert path.stat().st_size > 10_000


# --------------------------------------------------------------------------- the report card


def test_the_overview_tab_fills_in_the_report_card_and_exports_it(window, qtbot, tmp_path):
    """The card is computed off the GUI thread with its own progress and Cancel, rows showing as they are answered; the
    stored card of the same version opens without a job; Export writes Markdown or a standalone HTML page."""
    tab = window.overview_tab
    a = window.ctx.assistant
    bundle_id = a.bundle("brightcart").id
    window.tabs.setCurrentWidget(window.ask_tab)
    _wait_idle(qtbot, window)
    with a.store.db.conn:  # start from no stored card
        a.store.db.execute("delete from report_cards where bundle_id = ?", [bundle_id])
    tab.card = None
    window.tabs.setCurrentWidget(tab)
    qtbot.waitUntil(lambda: tab.ops.busy, timeout=5000)
    assert tab.progress.isVisible() and tab.progress.cancel_btn.isVisible()
    qtbot.waitUntil(lambda: tab.card is not None, timeout=JOB_TIMEOUT)
    assert tab.lines, "rows were shown while the checklist was answered"
    text = tab.view.toPlainText()
    assert "E-3" in text and "Oregon" in text and "Reading level" in text and "Data Retention" in text and "Versions" in text
    SHOTS.mkdir(exist_ok=True)
    window.grab().save(str(SHOTS / "overview.png"))
    # a citation of the card opens its section in the Documents tab
    assert 'href="cite:' in tab.view.toHtml()
    with qtbot.waitSignal(window.documents_tab.shown, timeout=10_000) as opened:
        tab.view.anchorClicked.emit(QUrl("cite:" + tab.card.checklist[0].quotes[0].cite_id))
    assert opened.args[0].cite_id == tab.card.checklist[0].quotes[0].cite_id and window.tabs.currentWidget() is window.documents_tab
    window.tabs.setCurrentWidget(tab)
    # the stored card opens again at once
    created = tab.card.created
    tab.card = None
    tab.load()
    qtbot.waitUntil(lambda: tab.card is not None, timeout=JOB_TIMEOUT)
    assert tab.card.created == created
    # Cancel while recomputing keeps the stored card and says so
    with qtbot.waitSignal(tab.ops.ended, timeout=JOB_TIMEOUT) as blocker:
        tab.load(refresh=True)
        tab.ops.cancel()
    assert blocker.args == ["cancelled"] and tab.banner.text().startswith("Cancelled")
    assert a.store.load_card(bundle_id)["created"] == created
    tab.load()
    qtbot.waitUntil(lambda: tab.card is not None and not tab.ops.busy, timeout=JOB_TIMEOUT)
    out = tab.export(str(tmp_path / "card.html"))
    assert out is not None and out.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert tab.export(str(tmp_path / "card.md")).read_text(encoding="utf-8").startswith("# BrightCart")
    # the card's data practices label the Documents tab's outline, which can show one category only
    docs = window.documents_tab
    window.tabs.setCurrentWidget(docs)
    assert docs.show_document(a.documents("brightcart")[0].id)
    assert docs.practice_filter.isEnabled() and docs.practice_filter.count() > 2
    items = []
    stack = [docs.outline.topLevelItem(i) for i in range(docs.outline.topLevelItemCount())]
    while stack:
        item = stack.pop()
        items.append(item)
        stack += [item.child(i) for i in range(item.childCount())]
    assert any("[" in it.text(0) for it in items)
    docs.practice_filter.setCurrentIndex(docs.practice_filter.findData("Data Retention"))
    shown = [it for it in items if not it.isHidden() and it.data(0, Qt.ItemDataRole.UserRole)]
    assert shown and all("Data Retention" in it.text(0) for it in shown) and len(shown) < len(items)
    window.grab().save(str(SHOTS / "documents-practices.png"))


def test_about_shows_the_version_and_opens_the_licences(window, qtbot):
    from PySide6.QtWidgets import QTabWidget

    from assistant import __version__

    box = window._about()
    assert __version__ in box.text() and "Gemma Terms of Use" in box.text()
    dialog = window.show_licences()
    tabs = dialog.findChild(QTabWidget)
    titles = [tabs.tabText(i) for i in range(tabs.count())]
    assert titles[:2] == ["Licence", "Third-party notices"]
    assert "MIT License" in tabs.widget(0).toPlainText()
    notices = tabs.widget(1).toPlainText()
    assert "LGPL" in notices and "Gemma Terms of Use" in notices and "OPP-115" in notices
    dialog.close()
    box.close()
