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
