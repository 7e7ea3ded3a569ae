"""The per-element functions a rewrite hands to ``map``, marked to run as written (no AutoGraph).

tf.data traces a ``map`` function through AutoGraph unless told not to; that conversion is most of a small
migrated program's start-up (0.4-0.7 s measured on the TFRecord and CSV programs). Legacy per-element code was
written for graph mode: a Python ``if`` or ``for`` over a tensor failed there, so there is nothing for AutoGraph
to convert, and ``@tf.autograph.experimental.do_not_convert`` keeps the meaning and drops the cost.
"""

from __future__ import annotations

import libcst as cst

WHY = "# graph-mode code, as the queue ran it: no AutoGraph conversion (it would only slow the start)"


def decorator(v1: str) -> str:
    return f"{v1}.autograph.experimental.do_not_convert"


def run_as_written(fn: cst.FunctionDef, v1: str) -> cst.FunctionDef:
    """``fn`` with the ``do_not_convert`` decorator (once) and the line saying why, before its other decorators."""
    if any(_named_do_not_convert(d.decorator) for d in fn.decorators):
        return fn
    dec = cst.Decorator(cst.parse_expression(decorator(v1)), leading_lines=[cst.EmptyLine(comment=cst.Comment(WHY))])
    return fn.with_changes(decorators=[dec, *fn.decorators])  # its own leading comments stay above it all


def wrapped(fn_text: str, v1: str) -> str:
    """``do_not_convert(fn)``: for a function defined elsewhere (another module's helper) or a lambda."""
    return f"{decorator(v1)}({fn_text})"


def _named_do_not_convert(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.Attribute) and node.attr.value == "do_not_convert" or \
        isinstance(node, cst.Name) and node.value == "do_not_convert"
