"""One writer at a time per data folder: an advisory lock on ``<data folder>/.write.lock``.

The lock is the operating system's (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows), so a writer that is
killed (``kill -9``, a crash, a power cut) releases it with its process: there is never a stale lock to clean up.
The file holds the holder's pid and what it is doing, read by the writer that has to wait or give up::

    with write_lock(home, "ingest"):
        ...  # write to assistant.db and chroma/

A second writer waits up to ``wait`` seconds and then raises :class:`BusyError` (one line:
"busy: another ingest is writing to this data folder (pid 1234); try again when it finishes"). Readers
(``list``, ``ask``, ``show``) take no lock: SQLite's WAL gives them the last committed state.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from .errors import StorageError

LOCK_NAME = ".write.lock"
DEFAULT_WAIT_S = 3.0  # how long a second writer waits before saying the folder is busy
_POLL_S = 0.1

_held = threading.local()  # data folders this thread holds (a writer may call another writer: re-entrant per thread)


class BusyError(StorageError):
    """Another process (or another job of this one) is writing to the data folder."""


def _try_lock(fh: IO[bytes]) -> bool:
    if sys.platform == "win32":
        import msvcrt

        try:
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fh: IO[bytes]) -> None:
    if sys.platform == "win32":
        import msvcrt

        with contextlib.suppress(OSError):
            fh.seek(0)
            msvcrt.locking(fh.fileno(), msvcrt.LK_UNLCK, 1)
        return
    import fcntl

    with contextlib.suppress(OSError):
        fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def holder(home: Path) -> tuple[int | None, str]:
    """(pid, job) written by the current (or last) holder of the lock; ``(None, '')`` when unknown."""
    try:
        with open(home / LOCK_NAME, "rb") as fh:
            fh.seek(1)  # byte 0 is the one locked on Windows (unreadable there while held)
            text = fh.read(200).decode("utf-8", "replace")
    except OSError:
        return None, ""
    pid, _, job = text.strip().partition(" ")
    return (int(pid) if pid.isdigit() else None), job.strip()


def written_elsewhere(home: Path) -> bool:
    """Whether the last writer of the data folder was another process (what this one keeps in memory may be stale)."""
    pid, _ = holder(Path(home))
    return pid is not None and pid != os.getpid()


@contextlib.contextmanager
def write_lock(home: Path, job: str = "job", wait: float = DEFAULT_WAIT_S,
               on_foreign: Callable[[], None] | None = None) -> Iterator[None]:
    """Hold the data folder's write lock for the block; :class:`BusyError` if another writer keeps it past ``wait`` s.

    ``on_foreign`` is called once the lock is held when the last writer was another process (whatever this process
    holds in memory about the folder, e.g. an open Chroma client, may be stale: reopen it)."""
    key = str(Path(home).resolve())
    held: set[str] = getattr(_held, "folders", set())
    _held.folders = held
    if key in held:  # this thread already writes here (an ingest inside a reindex)
        yield
        return
    path = Path(home) / LOCK_NAME
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fh = open(path, "a+b")  # noqa: SIM115 - closed in the finally below
    except OSError as exc:
        raise StorageError(f"cannot write to the data folder {home}: {exc.strerror or exc}") from exc
    try:
        end = time.monotonic() + max(wait, 0.0)
        while not _try_lock(fh):
            if time.monotonic() >= end:
                pid, other = holder(Path(home))
                who = f"another {other}" if other else "another job"
                pid_note = (" (in this window)" if pid == os.getpid() else f" (pid {pid})") if pid else ""
                raise BusyError(f"busy: {who} is writing to this data folder{pid_note}; try again when it finishes")
            time.sleep(_POLL_S)
        previous, _ = holder(Path(home))
        with contextlib.suppress(OSError):
            # byte 0 stays as the (Windows) locked byte; the holder's pid and job follow it
            fh.seek(0)
            fh.truncate()
            fh.write(f"\n{os.getpid()} {job}\n".encode())
            fh.flush()
        held.add(key)
        try:
            if on_foreign is not None and previous is not None and previous != os.getpid():
                on_foreign()
            yield
        finally:
            held.discard(key)
            _unlock(fh)
    finally:
        fh.close()
