"""The source printer of a plan: the tf.data chain a competent engineer writes, as text that runs as printed
once the names it uses are bound (the source dataset, the per-element function).

Read by ``explain``, the drop-in's warnings (``compat/batching.py``), ``migrate``'s generated code (through
``compiler/emit.py``) and ``symbols``' generic chains. No TensorFlow import. The tf.data builder
(``plan/tfdata.py``) walks the same ``Plan.steps``.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from tfdata_bridge._src.plan.model import Autotune, Code, Fn, Plan, Step, Value


def value_text(value: Value | Fn) -> str:
    """A step argument as source: a ``Code``'s or ``Fn``'s text as written, an int or bool as Python writes it."""
    if isinstance(value, Code):
        return value.text
    if isinstance(value, Fn):
        return value.text
    if isinstance(value, Autotune):
        return f"{value.v1}.data.AUTOTUNE"
    return repr(value)


def step_text(step: Step) -> str:
    """``op(arg, ..., key=value, ...)``."""
    args = [value_text(a) for a in step.args] + [f"{k}={value_text(v)}" for k, v in step.kwargs]
    return f"{step.op}({', '.join(args)})"


def steps_text(plan: Plan, stages: Container[str] | None = None) -> list[str]:
    """The plan's steps (those of ``stages``, or all) as ``op(...)`` texts."""
    return [step_text(s) for s in plan.steps if stages is None or s.stage in stages]


def chain(head: str, steps: Sequence[str]) -> str:
    """``(head .step .step)`` over several lines, or ``head`` alone."""
    if not steps:
        return head
    return "(\n    " + head.replace("\n", "\n    ") + "".join(f"\n    .{s}" for s in steps) + "\n)"


def inline(head: str, plan: Plan, stages: Container[str] | None = None) -> str:
    """``head.step(...).step(...)`` on one line (a warning's text)."""
    return head + "".join(f".{s}" for s in steps_text(plan, stages))


def statements(name: str, plan: Plan, stages: Container[str] | None = None, reasons: bool = False) -> list[str]:
    """``name = name.step(...)``, one line per step (``explain``'s style), each after a comment with the
    reason for it where ``reasons`` and the plan gives one."""
    lines = []
    for step in plan.steps:
        if stages is None or step.stage in stages:
            if reasons and step.why:
                lines += [f"# {line}" for line in _wrapped(step.why[0].upper() + step.why[1:] + ".")]
            lines.append(f"{name} = {name}.{step_text(step)}")
    return lines


def shuffle_note(capacity: str) -> str:
    """The note every rewritten shuffle carries; ``capacity`` is the batch call's argument as written (a number
    or a name: "capacity=capacity" reads as the argument, where "capacity capacity" did not)."""
    return f"shuffle order differs from the queue's for the same seed (window: capacity={capacity})"


def _wrapped(text: str, width: int = 100) -> list[str]:
    lines = [""]
    for word in text.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}".strip()
    return lines
