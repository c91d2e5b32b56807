"""Background operations: how a tab runs a facade generator off the GUI thread, in one line (as Anki's aqt does
with its ``QueryOp`` / ``CollectionOp``).

A tab owns one :class:`OpRunner` (one job at a time, one progress display, one Cancel) and asks it::

    self.ops = OpRunner(ctx, display=self.progress, on_failed=self._failed, on_cancelled=self._cancelled)
    self.ops.ended.connect(self.job_done.emit)          # "finished" | "errored" | "cancelled"
    self.ops.busy_changed.connect(self._update_buttons)
    ...
    return self.ops.run(f"Re-indexing {name}", lambda cancel: backend.reindex(a, name, cancel), self._reindexed)

``op`` is ``fn(cancel: threading.Event)`` returning either a generator (a facade method such as
``Assistant.ingest`` / ``ask`` / ``summarize``: it yields small progress dataclasses or tokens and *returns* the
result) or the result itself. It runs on the app's single :class:`~ui.worker.Job` worker, whose ``run()`` reports
every exception as one line. Exactly one of ``on_done(result)``, ``on_failed(message)``, ``on_cancelled(message)``
is called, on the GUI thread; then the display is hidden, the runner is idle again and ``ended`` is emitted.

The stable API (the Benchmark tab and every other tab use only this):

``OpRunner(ctx, display=None, *, on_failed=None, on_cancelled=None, parent=None)``
    ``display`` is a :class:`ProgressDisplay` (a :class:`~ui.widgets.ProgressStrip`, a :class:`ButtonDisplay`, or
    ``None``: then the main window's status bar shows the job). ``on_failed`` / ``on_cancelled`` are the tab's
    defaults, overridable per call.
``OpRunner.run(name, op, on_done=None, *, on_failed=None, on_cancelled=None, on_progress=None, on_partial=None,
message=None) -> Job | None``
    ``None`` when the runner is busy or the assistant is not open yet. ``on_progress(item)`` receives every
    non-token item the generator yields (after the display has shown it); ``on_partial(text)`` the streamed
    text of :class:`~assistant.models.Token` items; ``message`` is the display's first line (default ``name + "…"``).
``OpRunner.cancel()``, ``OpRunner.job``, ``OpRunner.busy``; signals ``busy_changed(bool)`` and ``ended(str)``.

:func:`run_op` is the same without a runner's one-at-a-time state (start-up, model check), and
:func:`cancel_job` is what every Cancel button and Esc call. A job shown by a display is never shown a second
time by the status bar, so one job has one progress bar and one Cancel button.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QAbstractButton

from .worker import Job, JobQueue

if TYPE_CHECKING:
    from .context import AppContext

#: ``fn(cancel)`` -> a progress generator that returns the result, or the result itself.
Op = Callable[[threading.Event], Any]


class ProgressDisplay(Protocol):
    """What shows one job's progress and offers its Cancel (:class:`~ui.widgets.ProgressStrip` is one)."""

    cancel_requested: Any  # a Qt signal without arguments

    def start(self, message: str) -> None: ...

    def update_progress(self, message: str, done: int = 0, total: int = 0) -> None: ...

    def cancelling(self) -> None: ...

    def finish(self) -> None: ...


class ButtonDisplay(QObject):
    """A lone Stop/Cancel button as a job's display, for a tab that shows progress its own way (the Ask tab)."""

    cancel_requested = Signal()

    def __init__(self, button: QAbstractButton, parent: QObject | None = None):
        super().__init__(parent or button)
        self.button = button
        button.setEnabled(False)
        button.clicked.connect(self.cancel_requested.emit)

    def start(self, message: str) -> None:
        self.button.setEnabled(True)

    def update_progress(self, message: str, done: int = 0, total: int = 0) -> None:
        pass

    def cancelling(self) -> None:
        self.button.setEnabled(False)

    def finish(self) -> None:
        self.button.setEnabled(False)


def cancel_job(job: Job | None) -> None:
    """Ask ``job`` to stop at its next step; its display says so."""
    if job is None or job.cancel_event.is_set():
        return
    job.cancel()
    if job.display is not None:
        job.display.cancelling()


def show_progress(display: ProgressDisplay, item: Any) -> None:
    """One progress item (``message``, ``done``, ``total``) on a display."""
    display.update_progress(str(getattr(item, "message", item)), int(getattr(item, "done", 0) or 0), int(getattr(item, "total", 0) or 0))


def run_op(jobs: JobQueue, name: str, op: Op, on_done: Callable[[Any], None] | None = None, *,
           on_failed: Callable[[str], None] | None = None, on_cancelled: Callable[[str], None] | None = None,
           on_progress: Callable[[Any], None] | None = None, on_partial: Callable[[str], None] | None = None,
           display: ProgressDisplay | None = None, message: str | None = None,
           on_ended: Callable[[str], None] | None = None) -> Job:
    """Queue ``op`` as a job named ``name``; see the module docstring. ``on_ended(state)`` runs last."""
    job_ref: list[Job] = []

    def cancel_clicked() -> None:
        cancel_job(job_ref[0] if job_ref else None)

    def progress(item: Any) -> None:
        if display is not None:
            show_progress(display, item)
        if on_progress is not None:
            on_progress(item)

    def end(state: str, callback: Callable[[Any], None] | None, value: Any) -> None:
        try:
            if callback is not None:
                callback(value)
        finally:
            if display is not None:
                try:
                    display.cancel_requested.disconnect(cancel_clicked)
                    display.finish()
                except RuntimeError:  # the display's widget is gone (its window closed while the job ended)
                    pass
            if on_ended is not None:
                on_ended(state)

    if display is not None:
        display.start(message or f"{name}…")
        display.cancel_requested.connect(cancel_clicked)
    job = jobs.submit(op, name, on_progress=progress, on_partial=on_partial,
                      on_finished=lambda value: end("finished", on_done, value),
                      on_error=lambda text: end("errored", on_failed, text),
                      on_cancelled=lambda text: end("cancelled", on_cancelled, text), display=display)
    job_ref.append(job)
    return job


class OpRunner(QObject):
    """One tab's background operations: one at a time, shown on one display; see the module docstring."""

    busy_changed = Signal(bool)
    ended = Signal(str)  # "finished" | "errored" | "cancelled", after the op's own callback

    def __init__(self, ctx: AppContext, display: ProgressDisplay | None = None, *,
                 on_failed: Callable[[str], None] | None = None, on_cancelled: Callable[[str], None] | None = None,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.display = display
        self.on_failed = on_failed
        self.on_cancelled = on_cancelled
        self._job: Job | None = None

    @property
    def job(self) -> Job | None:
        """The running (or queued) job of this runner, ``None`` when idle."""
        return self._job

    @property
    def busy(self) -> bool:
        return self._job is not None

    def run(self, name: str, op: Op, on_done: Callable[[Any], None] | None = None, *,
            on_failed: Callable[[str], None] | None = None, on_cancelled: Callable[[str], None] | None = None,
            on_progress: Callable[[Any], None] | None = None, on_partial: Callable[[str], None] | None = None,
            message: str | None = None) -> Job | None:
        """Run ``op`` in the background; ``None`` (nothing started) while busy or before the assistant is open."""
        if self._job is not None or not self.ctx.ready:
            return None
        self._job = run_op(self.ctx.jobs, name, op, on_done, on_failed=on_failed or self.on_failed,
                           on_cancelled=on_cancelled or self.on_cancelled, on_progress=on_progress, on_partial=on_partial,
                           display=self.display, message=message, on_ended=self._ended)
        self.busy_changed.emit(True)
        return self._job

    def cancel(self) -> None:
        """Ask the running op to stop at its next step."""
        cancel_job(self._job)

    def _ended(self, state: str) -> None:
        self._job = None
        self.busy_changed.emit(False)
        self.ended.emit(state)
