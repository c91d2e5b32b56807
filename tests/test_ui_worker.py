"""The one worker type of the desktop app: progress, partial text, results, errors and cancel, off the GUI thread."""

from __future__ import annotations

import os
import threading
import time

os.environ["QT_QPA_PLATFORM"] = "offscreen"

import pytest

pytest.importorskip("PySide6")
pytest.importorskip("pytestqt")

from assistant.errors import Cancelled, InputError  # noqa: E402
from assistant.models import Progress, Token  # noqa: E402
from ui.worker import Job, JobQueue, describe_error  # noqa: E402


def _submit(queue: JobQueue, fn, name: str) -> tuple[Job, dict[str, list]]:
    """Submit with collectors connected before the job can start (a signal emitted before a connect is lost)."""
    got: dict[str, list] = {"progress": [], "partial": [], "finished": [], "errored": [], "cancelled": [], "threads": []}

    def finished(value):
        got["finished"].append(value)
        got["threads"].append(threading.get_ident())

    job = queue.submit(fn, name, on_progress=got["progress"].append, on_partial=got["partial"].append, on_finished=finished,
                       on_error=got["errored"].append, on_cancelled=got["cancelled"].append)
    return job, got


def test_generator_job_streams_progress_and_tokens_then_returns_value(qtbot):
    worker_threads: list[int] = []

    def work(cancel):
        worker_threads.append(threading.get_ident())
        yield Progress("load", "reading a.html", 0, 2)
        yield Token("Hello")
        yield Token(" world")
        yield Progress("done", "done", 2, 2)
        return {"answer": 42}

    queue = JobQueue()
    with qtbot.waitSignal(queue.job_ended, timeout=5000):
        job, got = _submit(queue, work, "demo")
    assert [p.message for p in got["progress"]] == ["reading a.html", "done"]
    assert "".join(got["partial"]) == "Hello world"
    assert got["finished"] == [{"answer": 42}]
    assert not got["errored"] and not got["cancelled"]
    assert worker_threads and worker_threads[0] != threading.get_ident()  # ran off the GUI thread
    assert got["threads"] == [threading.get_ident()]  # callbacks arrive on the GUI thread
    assert job.state == "finished"


def test_plain_callable_result_and_every_exception_is_reported(qtbot):
    queue = JobQueue()
    with qtbot.waitSignal(queue.job_ended, timeout=5000):
        ok, got_ok = _submit(queue, lambda _c: 7, "plain")
    assert got_ok["finished"] == [7]

    def boom(_c):
        raise InputError("file not found: /nope.html")

    with qtbot.waitSignal(queue.job_ended, timeout=5000):
        bad, got_bad = _submit(queue, boom, "bad")
    assert got_bad["errored"] == ["file not found: /nope.html"]

    def crash(_c):
        yield Progress("x", "y")
        raise ZeroDivisionError("division by zero")

    with qtbot.waitSignal(queue.job_ended, timeout=5000):
        worse, got_worse = _submit(queue, crash, "crash")
    assert got_worse["errored"] == ["unexpected ZeroDivisionError: division by zero"]
    assert not got_worse["finished"]


def test_cancel_stops_a_running_generator_between_steps(qtbot):
    started = threading.Event()

    def slow(cancel):
        for i in range(1000):
            started.set()
            time.sleep(0.01)
            yield Progress("step", f"step {i}", i, 1000)
        return "never"

    queue = JobQueue()
    job, got = _submit(queue, slow, "slow job")
    assert started.wait(5)
    with qtbot.waitSignal(job.signals.cancelled, timeout=5000):
        job.cancel()
    assert not got["finished"]
    assert got["cancelled"] and "cancelled" in got["cancelled"][0]
    qtbot.waitUntil(lambda: not queue.busy, timeout=5000)


def test_cancel_before_start_and_cancelled_exception(qtbot):
    queue = JobQueue()
    gate = threading.Event()
    blocker = queue.submit(lambda _c: gate.wait(5), "blocker")
    queued, got = _submit(queue, lambda _c: "ran", "queued")
    queued.cancel()  # still waiting behind the blocker: it must never run
    gate.set()
    qtbot.waitUntil(lambda: not queue.busy, timeout=5000)
    assert blocker.state == "finished"
    assert got["cancelled"] and not got["finished"]

    def raises_cancelled(_c):
        raise Cancelled("ingestion cancelled; documents stored before the cancel are kept")

    with qtbot.waitSignal(queue.job_ended, timeout=5000):
        j, got2 = _submit(queue, raises_cancelled, "ingest")
    assert got2["cancelled"] == ["ingestion cancelled; documents stored before the cancel are kept"]


def test_jobs_run_one_at_a_time():
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication([])
    queue = JobQueue()
    active = []
    peak = []
    lock = threading.Lock()

    def work(_c):
        with lock:
            active.append(1)
            peak.append(len(active))
        time.sleep(0.02)
        with lock:
            active.pop()

    for i in range(5):
        queue.submit(work, f"job {i}")
    assert queue.wait(5000)
    assert max(peak) == 1


def test_describe_error_is_one_line():
    assert describe_error(InputError("bad")) == "bad"
    assert describe_error(ValueError("first line\nsecond")) == "unexpected ValueError: first line"
    assert describe_error(FileNotFoundError(2, "No such file or directory", "/x")) == "No such file or directory (/x)"


def test_current_never_returns_a_job_that_has_ended(qtbot):
    """Esc right after a job ends must reach the next job, not the one whose end is still queued for the GUI."""
    queue = JobQueue()
    job, _ = _submit(queue, lambda cancel: "done", "Quick")
    deadline = time.monotonic() + 10
    while job.state != "finished" and time.monotonic() < deadline:
        time.sleep(0.01)  # no Qt events processed: the job's end has not reached the queue yet
    assert job.state == "finished" and job in queue.jobs
    assert queue.current() is None
    qtbot.waitUntil(lambda: not queue.busy, timeout=5000)


# --------------------------------------------------------------------------- ui.ops: the background-op helper


def _runner(qtbot, display=None):
    from ui.context import AppContext
    from ui.ops import OpRunner

    ctx = AppContext(assistant=object())  # any non-None assistant: the runner only asks whether one is open
    ended: list[str] = []
    busy: list[bool] = []
    runner = OpRunner(ctx, display, parent=ctx)
    runner.ended.connect(ended.append)
    runner.busy_changed.connect(busy.append)
    return ctx, runner, ended, busy


def test_op_runner_runs_a_generator_on_its_display_in_one_line(qtbot):
    from ui.widgets import ProgressStrip

    strip = ProgressStrip()
    qtbot.addWidget(strip)
    ctx, runner, ended, busy = _runner(qtbot, strip)
    seen: dict[str, list] = {"done": [], "progress": [], "shown": []}

    def op(cancel):
        yield Progress("read", "reading a.html", 1, 2)
        yield Token("partial")
        return 42

    def progress(p):
        seen["progress"].append(p.message)
        seen["shown"].append((strip.isVisible() or not strip.isHidden(), strip.label.text(), strip.bar.maximum()))

    with qtbot.waitSignal(runner.ended, timeout=5000):
        job = runner.run("Loading a", op, seen["done"].append, on_progress=progress)
        assert job is not None and job.display is strip and runner.busy and runner.job is job
        assert not strip.isHidden() and strip.label.text() == "Loading a…" and strip.cancel_btn.isEnabled()
        assert runner.run("Another", lambda _c: 1) is None  # one op at a time per runner
    assert seen["done"] == [42] and ended == ["finished"] and busy == [True, False]
    assert seen["progress"] == ["reading a.html"] and seen["shown"] == [(True, "reading a.html", 2)]
    assert strip.isHidden() and runner.job is None and not runner.busy
    qtbot.waitUntil(lambda: not ctx.jobs.busy, timeout=5000)


def test_op_runner_cancel_button_errors_and_defaults(qtbot):
    from ui.widgets import ProgressStrip

    strip = ProgressStrip()
    qtbot.addWidget(strip)
    failed: list[str] = []
    cancelled: list[str] = []
    ctx, runner, ended, _busy = _runner(qtbot, strip)
    runner.on_failed, runner.on_cancelled = failed.append, cancelled.append
    started = threading.Event()

    def slow(cancel):
        started.set()
        for i in range(1000):
            time.sleep(0.01)
            yield Progress("step", f"step {i}", i, 1000)

    done: list = []
    with qtbot.waitSignal(runner.ended, timeout=5000):
        runner.run("Slow", slow, done.append)
        assert started.wait(5)
        strip.cancel_btn.click()  # the display's own Cancel
        assert strip.label.text() == "Cancelling…" and not strip.cancel_btn.isEnabled()
    assert ended == ["cancelled"] and cancelled and not done and not failed

    def broken(_cancel):
        raise ValueError("boom\nsecond line")

    per_call: list[str] = []
    with qtbot.waitSignal(runner.ended, timeout=5000):
        runner.run("Broken", broken, done.append, on_failed=per_call.append)
    assert ended[-1] == "errored" and per_call == ["unexpected ValueError: boom"] and not failed  # the per-call callback wins
    with qtbot.waitSignal(runner.ended, timeout=5000):
        runner.run("Broken again", broken, done.append)
    assert failed == ["unexpected ValueError: boom"]
    assert not done and strip.isHidden()
    qtbot.waitUntil(lambda: not ctx.jobs.busy, timeout=5000)


def test_op_runner_waits_for_the_assistant_and_button_display(qtbot):
    from PySide6.QtWidgets import QPushButton

    from ui.context import AppContext
    from ui.ops import ButtonDisplay, OpRunner, cancel_job

    assert OpRunner(AppContext()).run("Too early", lambda _c: 1) is None  # no assistant open yet: nothing starts
    stop = QPushButton("Stop")
    qtbot.addWidget(stop)
    display = ButtonDisplay(stop)
    assert not stop.isEnabled()
    ctx, runner, ended, _busy = _runner(qtbot, display)
    gate = threading.Event()
    with qtbot.waitSignal(runner.ended, timeout=5000):
        job = runner.run("Answering", lambda cancel: gate.wait(5) and "late")
        assert stop.isEnabled()
        cancel_job(job)  # what Esc does: the job's own display says it is stopping
        assert not stop.isEnabled() and job.is_cancelled
        gate.set()
    assert ended == ["cancelled"] and not stop.isEnabled()
    qtbot.waitUntil(lambda: not ctx.jobs.busy, timeout=5000)


def test_run_op_without_a_display_leaves_it_to_the_status_bar(qtbot):
    from ui.ops import run_op

    queue = JobQueue()
    got: list = []
    states: list[str] = []
    with qtbot.waitSignal(queue.job_ended, timeout=5000):
        job = run_op(queue, "Starting", lambda _c: "made", got.append, on_ended=states.append)
    assert job.display is None and got == ["made"] and states == ["finished"]
