"""``migrate --to tfdata --fallback compat``: no program left broken.

The rewrite to tf.data leaves what it cannot rewrite with the same meaning; such a file still runs its
left pipelines on TensorFlow's own queues, which TensorFlow 2 refuses in eager mode. With the fallback the
file then goes through ``--to compat`` as well, so what was left runs through the drop-in (and a TF1-style
entry point gets ``disable_eager_execution()``); each left pipeline's note says it was routed there.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from tfdata_bridge._src.migrate.results import RewriteResult

ROUTED = "routed through the drop-in (`--to compat` applied to this file)"


def with_fallback(result: RewriteResult) -> RewriteResult:
    """``result`` (of ``--to tfdata``) with the file also converted to the drop-in where a pipeline was left."""
    if result.error is not None or not result.refused:
        return result
    from tfdata_bridge._src.migrate.to_compat import to_compat

    out, compat_notes = to_compat(cst.parse_module(result.code))
    if out.code == result.code:
        return result  # nothing left reaches a queue API (what was refused is harmless plumbing)
    notes = [replace(n, message=f"{n.message}; {ROUTED}") if n.kind == "refused" else n for n in result.notes]
    notes += [replace(n, message=f"(drop-in) {n.message}") for n in compat_notes]
    return replace(result, code=out.code, notes=tuple(sorted(notes, key=lambda n: n.line)), fallback="compat")
