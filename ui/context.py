"""State shared by the tabs: the one :class:`Assistant`, the job queue, the current bundle, the model status."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal

from .worker import JobQueue

if TYPE_CHECKING:
    from assistant.core import Assistant
    from assistant.models import Bundle



class AppContext(QObject):
    """What every tab can see and the signals they use to talk to each other."""

    assistant_ready = Signal()
    bundles_changed = Signal()
    current_bundle_changed = Signal(str)
    open_citation = Signal(object)  # CiteTarget
    open_trust_run = Signal(str, str)  # suite, run (a GenAIPABench run id or a stance report folder): the run a trust figure comes from
    model_status_changed = Signal(dict)
    status_message = Signal(str)
    error = Signal(str)  # a job failed outside any tab (start-up, warm-up)

    def __init__(self, assistant: Assistant | None = None, jobs: JobQueue | None = None, parent: QObject | None = None):
        super().__init__(parent)
        self.assistant: Assistant | None = assistant
        self.jobs = jobs or JobQueue(self)
        self.current_bundle: str = ""
        self.model_status: dict[str, Any] = {}
        self._bundles: list[Bundle] = []

    # assistant ----------------------------------------------------------------
    @property
    def ready(self) -> bool:
        return self.assistant is not None

    def set_assistant(self, assistant: Assistant) -> None:
        self.assistant = assistant
        self.refresh_bundles(emit=False)
        self.assistant_ready.emit()
        self.bundles_changed.emit()

    # bundles ------------------------------------------------------------------
    def refresh_bundles(self, emit: bool = True) -> list[Bundle]:
        """Re-read the bundle list (a quick SQLite read) and keep the current bundle valid."""
        self._bundles = list(self.assistant.bundles()) if self.assistant else []
        names = [b.name for b in self._bundles]
        if self.current_bundle not in names:
            self.current_bundle = names[0] if names else ""
            self.current_bundle_changed.emit(self.current_bundle)
        if emit:
            self.bundles_changed.emit()
        return self._bundles

    @property
    def bundles(self) -> list[Bundle]:
        return list(self._bundles)

    def company(self, name: str | None = None) -> str:
        name = name or self.current_bundle
        for b in self._bundles:
            if b.name == name:
                return b.company
        return name or ""

    def set_current_bundle(self, name: str) -> None:
        if name and name != self.current_bundle:
            self.current_bundle = name
            self.current_bundle_changed.emit(name)

    # model --------------------------------------------------------------------
    def set_model_status(self, status: dict[str, Any]) -> None:
        self.model_status = dict(status)
        self.model_status_changed.emit(self.model_status)

    @property
    def generative(self) -> bool:
        return self.model_status.get("mode") == "generative"

    def check_model(self) -> Any:
        """Load the model on the job queue (it may take seconds) and publish its status."""
        a = self.assistant
        if a is None:
            return None

        def failed(message: str) -> None:
            self.set_model_status({"model": None, "mode": "extractive", "error": message, "gpu_offload_available": False,
                                   "n_gpu_layers": a.settings.n_gpu_layers, "notice": ""})

        from .ops import run_op

        return run_op(self.jobs, "Loading the language model", lambda _c: a.model_status(), self.set_model_status,
                      on_failed=failed, on_cancelled=lambda _m: None)
