"""Benchmark tab: choose a suite of ``eval.registry`` and its options, run it with progress, ETA and Cancel, and inspect
the results (stored runs of GenAIPABench and the regulations, the stance suite's verdicts, any other suite's figures).

``eval`` is built separately and may be missing from a build: it is reached through ``eval.registry`` inside functions
only, and the tab says so clearly when it is unavailable. The forms are :mod:`.bench_forms` and :mod:`.stance_pane`,
the stored runs :mod:`.bench_runs`.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QFormLayout, QHBoxLayout, QPushButton, QScrollArea, QVBoxLayout, QWidget

from assistant.models import Progress

from ..context import AppContext
from ..ops import OpRunner, run_op
from ..widgets import Banner, ProgressStrip, columns, heading_label, muted_label, pane, size_columns
from ..worker import Job
from .bench_forms import GenericOptions, GenericResults, ReplayOptions
from .bench_runs import AnswerDialog, RunsView, choose_folder
from .stance_pane import StanceOptions, StanceResults, fmt_rate, latest_result

#: What the tab says while a suite's report is being written, and when a run is cancelled, by form.
REPORT_STEP = {"replay": "drawing the report's charts", "stance": "writing the stance report"}
CANCELLED = {"replay": "Benchmark cancelled. The answers stored so far are kept; start again with the same options to resume.",
             "stance": "Stance benchmark cancelled; nothing was scored. The policies indexed so far are kept as stance-… bundles, "
                       "so the next run starts faster."}


class BenchmarkTab(QWidget):
    """Choose a suite and its options, run it with progress, ETA and Cancel, and inspect the results."""

    job_done = Signal(str)  # finished | errored | cancelled
    report_ready = Signal(list)  # report files drawn or exported

    def __init__(self, ctx: AppContext, parent: QWidget | None = None):
        super().__init__(parent)
        self.ctx = ctx
        self.suites: dict[str, Any] = {}  # name -> eval.suite.Suite, those the tab offers
        self.unavailable = ""
        self.generic: dict[str, tuple[GenericOptions, GenericResults]] = {}
        self.report_job: Job | None = None

        outer = QVBoxLayout(self)
        self.banner = Banner()
        outer.addWidget(self.banner)
        split = columns(outer)
        setup_scroll = QScrollArea()
        setup_scroll.setWidgetResizable(True)
        setup_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        setup_scroll.setMinimumWidth(340)
        setup = QWidget()
        setup_scroll.setWidget(setup)
        self.setup_layout = sl = QVBoxLayout(setup)
        sl.addWidget(heading_label("Run a benchmark", 1.2))
        self.intro = muted_label("")
        sl.addWidget(self.intro)
        form = QFormLayout()
        self.suite = QComboBox()
        self.suite.currentIndexChanged.connect(lambda _i: self._suite_changed())
        form.addRow("&Suite:", self.suite)
        sl.addLayout(form)
        self.genai_options = ReplayOptions()
        self.stance_options = StanceOptions()
        self.forms_at = sl.count()
        for w in (self.genai_options, self.stance_options):
            w.changed.connect(self._update_plan)
            w.hide()
            sl.addWidget(w)
        self.plan_label = muted_label("")
        sl.addWidget(self.plan_label)
        brow = QHBoxLayout()
        self.start_btn = QPushButton("&Start")
        self.start_btn.clicked.connect(lambda: self.start())
        brow.addWidget(self.start_btn)
        brow.addStretch(1)
        sl.addLayout(brow)
        self.progress = ProgressStrip(show_eta=True)  # the job's one progress display and its one Cancel
        self.progress.bar.setMinimumWidth(90)
        self.cancel_btn = self.progress.cancel_btn
        self.cancel_btn.setEnabled(False)
        sl.addWidget(self.progress)
        sl.addStretch(1)
        self._setup, self._setup_scroll = setup, setup_scroll
        self._fit_setup()
        split.addWidget(setup_scroll)

        self.results_col = pane(split)
        self.genai_results = RunsView(ctx, self.banner, lambda: self.ops.busy)
        self.genai_results.report_ready.connect(self.report_ready.emit)
        self.stance_results = StanceResults()
        self.stance_results.export_requested.connect(lambda: self.export_stance_report())
        for view in (self.genai_results, self.stance_results):
            view.hide()
            self.results_col.addWidget(view, 1)
        size_columns(split, [1, 3], [360, 840])

        self.ops = OpRunner(ctx, self.progress, on_failed=self._failed, on_cancelled=self._cancelled, parent=self)
        self.ops.ended.connect(self._end)
        ctx.assistant_ready.connect(self.reload)
        ctx.model_status_changed.connect(lambda _s: self.genai_options.update_inits_enabled(self._no_model()))
        if ctx.ready:
            self.reload()
        else:
            self.banner.show_message("Starting…", "info")

    # the stored runs' view, as the tab's own attributes (tests, screen readers) ------------------------
    @property
    def model(self) -> Any:
        return self.genai_results.model

    @property
    def table(self) -> Any:
        return self.genai_results.table

    @property
    def rows(self) -> list[dict[str, Any]]:
        return self.genai_results.rows

    @property
    def charts(self) -> list[Path]:
        return self.genai_results.charts

    @property
    def report_view(self) -> Any:
        return self.genai_results.report_view

    @property
    def run_combo(self) -> QComboBox:
        return self.genai_results.run_combo

    @property
    def run_id(self) -> str:
        return self.genai_results.run_id

    def open_answer(self, proxy_row: int) -> AnswerDialog | None:
        return self.genai_results.open_answer(proxy_row)

    def export_report(self, folder: str | Path | None = None) -> Job | None:
        return self.genai_results.export_report(folder)

    # availability & options -------------------------------------------------------------------------
    def reload(self) -> None:
        """(Re)discover the suites and the benchmark data, fill the options and the stored runs."""
        keep = self.suite.currentData()
        self.suites, self.unavailable = {}, ""
        broken: dict[str, str] = {}
        try:
            from eval import registry

            self.suites = {s.name: s for s in registry.app_suites(broken)}
            if registry.find_genaipabench() is None:
                self.unavailable = "the GenAIPABench data is not on this machine"
        except Exception as exc:  # noqa: BLE001 - a missing or half-written eval must not break the app
            self.unavailable = f"the benchmark package is not available in this build ({type(exc).__name__}: {exc})"
        if not self.suites and not self.unavailable:
            self.unavailable = "the benchmark package is incomplete (" + "; ".join(f"{k}: {v}" for k, v in broken.items()) + ")"
        self.suite.blockSignals(True)
        self.suite.clear()
        for s in self.suites.values():
            self.suite.addItem(s.title, s.name)
        self.suite.setCurrentIndex(max(0, self.suite.findData(keep)))
        self.suite.blockSignals(False)
        if self.unavailable:
            self.banner.show_message(f"The benchmark cannot run here: {self.unavailable}", "warning")
        else:
            self.banner.hide()
        a = self.ctx.assistant
        self.genai_options.fill_judges(a.settings.judge_model_path if a is not None else "")
        self.genai_results.titles = {n: s.title for n, s in self.suites.items() if s.form == "replay"}
        self._suite_changed()
        self.genai_results.refresh_runs()
        latest = latest_result(Path(a.home) / "reports") if a is not None else None
        if latest is not None:
            self.stance_results.show_result(*latest)
        else:
            self.stance_results.clear()
        if not self.genai_results.run_id:
            self.genai_results.show_latest()  # the latest run, without drawing anything yet

    def current(self) -> Any:
        return self.suites.get(self.suite.currentData() or "")

    def is_stance(self) -> bool:
        return bool(self.suite.currentData() == "stance")

    def suite_unavailable(self) -> str:
        """Why the chosen suite cannot run here ("" when it can)."""
        suite = self.current()
        if suite is None:
            return self.unavailable or "the suite is not in this build"
        return "" if suite.form == "stance" else self.unavailable

    def _views(self, suite: Any) -> tuple[Any, QWidget]:
        """The options form and the results view of a suite."""
        if suite is not None and suite.form == "replay":
            return self.genai_options, self.genai_results
        if suite is not None and suite.form == "stance":
            return self.stance_options, self.stance_results
        if suite is None:
            return None, self.genai_results
        if suite.name not in self.generic:
            options, results = GenericOptions(suite), GenericResults()
            options.changed.connect(self._update_plan)
            self.setup_layout.insertWidget(self.forms_at, options)
            self.results_col.addWidget(results, 1)
            self.generic[suite.name] = (options, results)
        return self.generic[suite.name]

    def _suite_changed(self) -> None:
        suite = self.current()
        options, results = self._views(suite)
        for w in (self.genai_options, self.stance_options, *[o for o, _ in self.generic.values()]):
            w.setVisible(w is options)
        for w in (self.genai_results, self.stance_results, *[r for _, r in self.generic.values()]):
            w.setVisible(w is results)
        self.intro.setText(suite.intro if suite is not None else "")
        reason = self.suite_unavailable()
        if reason:
            self.banner.show_message(f"The benchmark cannot run here: {reason}", "warning")
        elif self.banner.text().startswith("The benchmark cannot run here") or self.banner.text() == "Starting…":
            self.banner.hide()
        if options is self.genai_options:
            self.genai_options.set_suite(suite, self._no_model())
        self._update_plan()
        self._fit_setup()

    def _fit_setup(self) -> None:
        """The setup pane as wide as the suite form now shown (measured after the form is made visible, not before)."""
        scroll = self._setup_scroll
        scroll.setMinimumWidth(self._setup.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width() + 4)

    def _no_model(self) -> bool:
        return self.ctx.model_status.get("mode") == "extractive"

    def settings(self) -> Any:
        """The chosen suite's settings as its form sets them."""
        options, _results = self._views(self.current())
        return options.settings()

    def set_options(self, *, suite: str | None = None, policies: list[str] | None = None, inits: list[str] | None = None,
                    runs: int | None = None, limit: int | None = None, paraphrases: bool | None = None, judge: str | None = None) -> None:
        """Set the form (used by tests and to repeat a stored run)."""
        if suite is not None:
            self.suite.setCurrentIndex(max(0, self.suite.findData(suite)))
        self.genai_options.set_options(policies=policies, inits=inits, runs=runs, limit=limit, paraphrases=paraphrases, judge=judge)
        self._update_plan()

    def planned(self) -> int:
        """How many answers the options ask for."""
        suite = self.current()
        return suite.plan(self.settings()).count if suite is not None and suite.plan is not None else 0

    def _update_plan(self) -> None:
        suite = self.current()
        text, n = "", 0
        if suite is not None and suite.plan is not None:
            try:
                plan = suite.plan(self.settings())
                text, n = plan.text, plan.count
            except Exception as exc:  # noqa: BLE001 - a broken bank or truth file: say so here, Start reports it too
                text = f"Cannot plan this run: {exc}"
        elif suite is not None:
            text, n = "", 1
        self.plan_label.setText(text)
        self.start_btn.setEnabled(bool(n) and not self.suite_unavailable() and not self.ops.busy and self.ctx.ready)

    # running ----------------------------------------------------------------------------------------
    def start(self) -> Job | None:
        suite = self.current()
        if self.ops.busy or not self.ctx.ready or suite is None or self.suite_unavailable():
            if self.suite_unavailable():
                self.banner.show_message(f"The benchmark cannot run here: {self.suite_unavailable()}", "error")
            return None
        options, _results = self._views(suite)
        problem = options.problem()
        if problem:
            self.banner.show_message(problem, "error")
            return None
        settings = options.settings()
        a = self.ctx.assistant
        home = Path(a.home)  # type: ignore[union-attr]

        def work(cancel: threading.Event) -> Any:
            result = yield from suite.run(a, settings, cancel)
            files: list[Path] = []
            note = ""
            folder = home / "reports" / (suite.report_name(result) if suite.report_name else f"{suite.name}-{time.strftime('%Y%m%d-%H%M%S')}")
            if not cancel.is_set():
                yield Progress("report", REPORT_STEP.get(suite.form, "writing the report"))
                try:
                    files = self._write_report(suite, a, result, folder)
                except Exception as exc:  # noqa: BLE001 - the figures are shown even if the report cannot be written
                    note = f"the report could not be written to {folder}: {exc}"
                try:
                    from eval import registry

                    registry.record_trust(a, suite.name, result, folder if files else None)
                except Exception as exc:  # noqa: BLE001 - the run's figures stand even if the trust figures cannot be kept
                    note = (note + "; " if note else "") + f"the per-category trust figures could not be kept: {exc}"
            return {"suite": suite, "result": result, "files": files, "folder": folder if files else None, "note": note}

        self.banner.hide()
        stance = suite.form == "stance"
        job = self.ops.run("Stance benchmark" if stance else "Benchmark", work, self._finished,
                           message="Preparing the stance benchmark…" if stance else "Preparing the benchmark…")
        if job is not None:
            self._running(True)
        return job

    @staticmethod
    def _write_report(suite: Any, a: Any, result: Any, folder: Path) -> list[Path]:
        """A replay's report covers every answer stored in its run (as the stored runs' view shows it)."""
        if suite.form == "replay":
            from eval.registry import StoredRuns

            stored = StoredRuns(Path(a.home))
            try:
                return stored.report(result["run_id"], folder)
            finally:
                stored.close()
        return [Path(p) for p in suite.write_report(a, result, folder)] if suite.write_report else []

    def cancel(self) -> None:
        self.ops.cancel()

    def _running(self, on: bool) -> None:
        self.suite.setEnabled(not on)
        self.genai_options.set_running(on, self._no_model())
        self.stance_options.set_running(on)
        for options, _results in self.generic.values():
            options.set_running(on)
        if not on:
            self.cancel_btn.setEnabled(False)
        self._update_plan()

    def _end(self, state: str) -> None:
        self.ctx.refresh_bundles()  # the suites ingest their documents as bundles (genaipabench-uber, stance-…)
        self._running(False)
        self.job_done.emit(state)

    def _finished(self, out: dict[str, Any]) -> None:
        suite, result = out["suite"], out["result"]
        if suite.form == "replay":
            run_id = result.get("run_id", "")
            self.genai_results.refresh_runs(select=run_id)
            self.genai_results.show_run(run_id, charts=out["files"])
            message = f"Benchmark finished: {result.get('n')} answers in run {run_id}"
        elif suite.form == "stance":
            self.stance_results.show_result(result, out["folder"])
            message = f"Stance benchmark finished: verdict accuracy {fmt_rate(result.get('verdict_accuracy'))} over {result.get('n')} questions"
        else:
            self.generic[suite.name][1].show_result(suite, result, out["folder"])
            message = f"{suite.title} finished"
        if out.get("note"):
            self.banner.show_message(out["note"], "warning")
        self.ctx.status_message.emit(message)

    def _failed(self, message: str) -> None:
        self.banner.show_message(message, "error")
        self.genai_results.refresh_runs()

    def _cancelled(self, _message: str) -> None:
        suite = self.current()
        form = suite.form if suite is not None else "replay"
        self.banner.show_message(CANCELLED.get(form, "Benchmark cancelled."), "warning")
        if form == "replay":
            self.genai_results.refresh_runs(select=self.genai_results.run_combo.itemData(0) if self.genai_results.run_combo.count() else None)
            self.genai_results.show_latest()

    def show_trust_run(self, suite: str, run: str) -> bool:
        """Show the run a trust figure comes from (a GenAIPABench run, or a stance report folder); False when it is gone."""
        if suite not in self.suites:
            return False
        self.suite.setCurrentIndex(max(0, self.suite.findData(suite)))
        if self.suites[suite].form == "replay":
            if not run:
                return False
            self.genai_results.refresh_runs(select=run)
            self.genai_results.show_run(run)
            return self.genai_results.run_id == run
        path = Path(run) / "result.json" if run else None
        if path is None or not path.is_file():
            self.banner.show_message("The report of that stance run is no longer in the data folder.", "warning")
            return False
        import json

        self.stance_results.show_result(json.loads(path.read_text(encoding="utf-8")), path.parent)
        return True

    # reports ----------------------------------------------------------------------------------------
    def export_stance_report(self, folder: str | Path | None = None) -> Job | None:
        """Write the shown stance run's report (report.md, rows.csv, result.json, confusion.png) to a chosen folder."""
        result = self.stance_results.result
        suite = self.suites.get("stance")
        if result is None or self.report_job is not None or suite is None or suite.write_report is None:
            return None
        chosen = choose_folder(self, "Export the stance report to", folder)
        if chosen is None:
            return None
        shown = self.stance_results.folder
        target = chosen / (shown.name if shown is not None else f"stance-{time.strftime('%Y%m%d-%H%M%S')}")
        a = self.ctx.assistant

        def done(paths: list[Path]) -> None:
            self.report_job = None
            self.banner.show_message(f"Report saved to {target} ({len(paths)} files)", "info")
            self.ctx.status_message.emit(f"Stance report exported to {target}")
            self.report_ready.emit(paths)

        def failed(message: str) -> None:
            self.report_job = None
            self.banner.show_message(f"cannot export the report: {message}", "error")
            self.report_ready.emit([])

        self.report_job = run_op(self.ctx.jobs, "Writing the stance report", lambda _c: [Path(p) for p in suite.write_report(a, result, target)],
                                 done, on_failed=failed, on_cancelled=lambda _m: failed("cancelled"))
        return self.report_job

