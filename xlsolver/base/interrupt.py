"""Ctrl-C as an event the searches check, so a search stops cleanly with what it found: raised during an
import, C code may swallow a KeyboardInterrupt (an extension's init clearing errors) and the work runs on.

The command line and the workbook's headless presses both stop so.
"""
from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def interruptible() -> Iterator[threading.Event]:
    """Ctrl-C sets an event the searches check, so a search stops cleanly with what it found."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = signal.signal(signal.SIGINT, lambda *_: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


__all__ = ["interruptible"]
