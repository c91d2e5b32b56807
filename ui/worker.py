"""One worker type for every long job (ingest, ask, summarize, re-index, benchmark) and the queue that runs them.

A :class:`Job` wraps a callable ``fn(cancel_event)``. If the callable returns a generator (the facade's
progress generators), the job steps through it: :class:`~assistant.models.Progress` items become
``progress`` signals, :class:`~assistant.models.Token` items become ``partial`` text, and the generator's
return value (``StopIteration.value``) is emitted with ``finished``. Every exception is caught in
:meth:`Job.run` and reported as a one-line ``errored`` message; :class:`~assistant.errors.Cancelled`
(or a cancel noticed between steps) becomes ``cancelled``. Exactly one of finished / errored / cancelled
is emitted per job.

Tabs do not call :meth:`JobQueue.submit` themselves: they go through :mod:`ui.ops` (``OpRunner.run`` /
``run_op``), which adds the one progress display and Cancel of a job. ``submit`` stays the layer underneath.
"""

from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable, Generator
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from assistant.errors import AssistantError, Cancelled
from assistant.models import Progress, Token

log = logging.getLogger(__name__)


class JobSignals(QObject):
    """The signals of a :class:`Job` (a QRunnable is not a QObject, so they live here)."""

    started = Signal()
    progress = Signal(object)  # assistant.models.Progress
    partial = Signal(str)  # streamed (unchecked) model text
    finished = Signal(object)  # the job's result
    errored = Signal(str)  # one-line message for the user
    cancelled = Signal(str)  # one-line message


def describe_error(exc: BaseException) -> str:
    """A one-line message for any exception (assistant errors carry their own)."""
    if isinstance(exc, AssistantError):
        return str(exc) or type(exc).__name__
    if isinstance(exc, MemoryError):
        return "out of memory; try a smaller model or context size in Settings"
    if isinstance(exc, OSError) and exc.strerror:
        where = f" ({exc.filename})" if exc.filename else ""
        return f"{exc.strerror}{where}"
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"unexpected {type(exc).__name__}" + (f": {text}" if text else "")


class Job(QRunnable):
    """A cancellable unit of work run on the job pool; see the module docstring."""

    def __init__(self, fn: Callable[[threading.Event], Any], name: str = "job"):
        super().__init__()
        self.fn = fn
        self.name = name
        self.cancel_event = threading.Event()
        self.signals = JobSignals()
        self.state = "queued"  # queued | running | finished | errored | cancelled
        self.display: Any = None  # the ui.ops.ProgressDisplay showing this job; None = the status bar shows it
        self.setAutoDelete(False)

    def cancel(self) -> None:
        """Ask the job to stop at its next step (or not to start at all)."""
        self.cancel_event.set()

    @property
    def is_cancelled(self) -> bool:
        return self.cancel_event.is_set()

    def run(self) -> None:  # noqa: D401 - Qt entry point, runs on the pool thread
        try:
            if self.cancel_event.is_set():
                raise Cancelled(f"{self.name} cancelled")
            self.state = "running"
            self.signals.started.emit()
            result = self.fn(self.cancel_event)
            if isinstance(result, Generator):
                result = self._drive(result)
            if self.cancel_event.is_set():
                raise Cancelled(f"{self.name} cancelled")
        except Cancelled as exc:
            self.state = "cancelled"
            self.signals.cancelled.emit(str(exc) or f"{self.name} cancelled")
        except BaseException as exc:  # noqa: BLE001 - a worker must never let an exception escape into Qt
            self.state = "errored"
            if not isinstance(exc, AssistantError):
                log.error("job %s failed:\n%s", self.name, "".join(traceback.format_exception(exc)))
            self.signals.errored.emit(describe_error(exc))
        else:
            self.state = "finished"
            self.signals.finished.emit(result)

    def _drive(self, gen: Generator[Any, None, Any]) -> Any:
        """Step through a progress generator, forwarding its events, and return its value."""
        try:
            while True:
                if self.cancel_event.is_set():
                    raise Cancelled(f"{self.name} cancelled")
                try:
                    item = next(gen)
                except StopIteration as stop:
                    return stop.value
                if isinstance(item, Token):
                    if item.text:
                        self.signals.partial.emit(item.text)
                elif isinstance(item, Progress):
                    self.signals.progress.emit(item)
                elif isinstance(item, str):
                    self.signals.partial.emit(item)
                elif item is not None:
                    self.signals.progress.emit(item)
        finally:
            gen.close()


class JobQueue(QObject):
    """Runs jobs one at a time on a private pool (the facade is used by one thread at a time).

    It keeps every submitted job alive until it ends, and tells listeners (the status bar) which job
    is running.
    """

    job_started = Signal(object)  # Job
    job_ended = Signal(object)  # Job
    busy_changed = Signal(bool)

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._jobs: list[Job] = []

    def submit(
        self,
        fn: Callable[[threading.Event], Any],
        name: str,
        *,
        on_progress: Callable[[Any], None] | None = None,
        on_partial: Callable[[str], None] | None = None,
        on_finished: Callable[[Any], None] | None = None,
        on_error: Callable[[str], None] | None = None,
        on_cancelled: Callable[[str], None] | None = None,
        on_started: Callable[[], None] | None = None,
        display: Any = None,
    ) -> Job:
        """Queue ``fn`` as a job; callbacks run on the GUI thread. ``display``: what already shows its progress."""
        job = Job(fn, name)
        job.display = display
        s = job.signals
        callbacks: list[tuple[Any, Callable[..., None] | None]] = [
            (s.started, on_started), (s.progress, on_progress), (s.partial, on_partial),
            (s.finished, on_finished), (s.errored, on_error), (s.cancelled, on_cancelled),
        ]
        for signal, callback in callbacks:
            if callback:
                signal.connect(callback)
        s.started.connect(lambda: self.job_started.emit(job))
        for sig in (s.finished, s.errored, s.cancelled):
            sig.connect(lambda *_: self._ended(job))
        was_busy = self.busy
        self._jobs.append(job)
        self.pool.start(job)
        if not was_busy:
            self.busy_changed.emit(True)
        return job

    def _ended(self, job: Job) -> None:
        if job in self._jobs:
            self._jobs.remove(job)
        self.job_ended.emit(job)
        if not self._jobs:
            self.busy_changed.emit(False)

    @property
    def busy(self) -> bool:
        return bool(self._jobs)

    @property
    def jobs(self) -> list[Job]:
        return list(self._jobs)

    def current(self) -> Job | None:
        """The running job, else the next queued one (a job that has just ended is never returned)."""
        running = [j for j in self._jobs if j.state == "running"]
        queued = [j for j in self._jobs if j.state == "queued"]
        return running[0] if running else (queued[0] if queued else None)

    def cancel_all(self) -> None:
        for job in list(self._jobs):
            job.cancel()

    def wait(self, msecs: int = -1) -> bool:
        """Block until the pool is idle (used on quit and in tests)."""
        return bool(self.pool.waitForDone(msecs))
