"""The result objects of ``scan`` and ``rewrite``: small frozen dataclasses, never printed here."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Target = Literal["compat", "tfdata"]


@dataclass(frozen=True)
class Finding:
    """One use of a legacy queue-pipeline API."""

    path: str
    line: int  # 1-based
    column: int  # 1-based
    api: str  # canonical, e.g. "tf.compat.v1.train.batch"
    spelled: str  # as written, e.g. "tf.train.batch"
    dropin: str  # what ``tfdata_bridge.compat.v1`` does with it
    tfdata: str  # what ``migrate --to tfdata`` does with it
    cell: int | None = None  # in a notebook: the cell (from 1, every cell counted), and ``line`` is in it


@dataclass(frozen=True)
class FileError:
    """A file that could not be read or parsed; it is skipped, never changed."""

    path: str
    message: str


@dataclass(frozen=True)
class ScanReport:
    findings: tuple[Finding, ...] = ()
    errors: tuple[FileError, ...] = ()
    files_scanned: int = 0
    # session starters (a Supervisor, a monitored session, slim's train loop) in a scan that found no queue
    # pipeline: they start no queue runners, so they are not findings (``scan --check`` passes), only said
    idle_starters: tuple[Finding, ...] = ()
    # Coordinators used only as a loop's stop flag in files with no queue and no runner start
    # (``scanner.stop_flags``): TensorFlow 2 runs them as they are, so they are not findings, only said
    stop_flags: tuple[Finding, ...] = ()


@dataclass(frozen=True)
class Note:
    """Something ``rewrite`` left for a human (``refused``) or accepted and wants said (``info``)."""

    line: int
    message: str
    kind: Literal["refused", "info"] = "refused"
    cell: int | None = None  # in a notebook: the cell (from 1), and ``line`` is in it


@dataclass(frozen=True)
class PipelineOutcome:
    """One pipeline end (a batch call, a join, a fed queue) that ``--to tfdata`` rewrote or left, and why."""

    line: int  # 1-based line of the call site
    api: str  # canonical short path, e.g. "train.shuffle_batch"
    rewritten: bool
    reason: str  # what the rewrite accepted, or why it left the pipeline


@dataclass(frozen=True)
class RewriteResult:
    """What ``rewrite(source, to=...)`` made of one source text."""

    source: str  # the input
    code: str  # the output; equal to ``source`` when nothing changed
    to: Target
    notes: tuple[Note, ...] = field(default=())
    error: str | None = None  # the source does not parse: nothing was changed
    fallback: Target | None = None  # "compat": left pipelines were routed through the drop-in

    @property
    def changed(self) -> bool:
        return self.code != self.source

    @property
    def refused(self) -> tuple[Note, ...]:
        return tuple(n for n in self.notes if n.kind == "refused")
