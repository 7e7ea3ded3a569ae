"""What process workers can leave behind, for the tests to check: live processes and shared-memory
segments. Segment names carry the pid of the process that made them (``shared_chunks.PREFIX``)."""

from __future__ import annotations

import os
import time

from tfdata_bridge._src.runtime.shared_chunks import PREFIX


def segments(owner: int | None = None) -> list[str]:
    """The bridge's shared-memory segments in /dev/shm made by ``owner`` (default: this process)."""
    owner = os.getpid() if owner is None else owner
    return sorted(n for n in os.listdir("/dev/shm") if n.startswith(f"{PREFIX}{owner}_"))


def running(pids: list[int]) -> list[int]:
    """Those of ``pids`` that still exist (a zombie counts: it was never reaped)."""
    return [pid for pid in pids if os.path.exists(f"/proc/{pid}")]


def wait_gone(pids: list[int], owner: int | None = None, timeout: float = 20.0) -> tuple[list[int], list[str]]:
    """Wait (at most ``timeout``) until none of ``pids`` exists and ``owner`` has no segment; return what is
    left (empty lists when all is gone)."""
    deadline = time.monotonic() + timeout
    while True:
        left = running(pids), segments(owner)
        if not any(left) or time.monotonic() > deadline:
            return left
        time.sleep(0.05)
