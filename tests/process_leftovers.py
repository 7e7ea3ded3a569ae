"""What process workers and the tf.data service's servers can leave behind, for the tests to check: live
processes, shared-memory segments, listening ports. Segment names carry the pid of the process that made
them (``shared_chunks.PREFIX``)."""

from __future__ import annotations

import os
import socket
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


def listening_ports() -> list[int]:
    """The TCP ports this process listens on: its socket inodes (``/proc/self/fd``) in LISTEN state."""
    mine = set()
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith("socket:["):
            mine.add(target[len("socket:["):-1])
    return sorted({port for port, inode in listening() if inode in mine})


def listening() -> list[tuple[int, str]]:
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if os.path.exists(table):
            with open(table) as f:
                for row in f.read().splitlines()[1:]:
                    cols = row.split()
                    if cols[3] == "0A":  # LISTEN
                        found.append((int(cols[1].rsplit(":", 1)[1], 16), cols[9]))
    return found


def children_of(pid: int) -> list[int]:
    """Live processes whose parent is ``pid``."""
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry))
    return kids


def still_open(ports: list[int]) -> list[int]:
    """Those of ``ports`` that some process still listens on, or that still accept a connection."""
    listed = {port for port, _ in listening()}
    left = []
    for port in ports:
        with socket.socket() as s:
            s.settimeout(5)
            if port in listed or s.connect_ex(("127.0.0.1", port)) == 0:
                left.append(port)
    return left
