"""Reads of a name that cannot change the object it names: a file list counted, printed or logged before the
producer takes it.

    files = sorted(glob.glob(os.path.join(dirname, "*.raw")))
    print("%d frames in %s" % (len(files), dirname))     # len(), print(), str(), a logging call's argument,
    if not files:                                        # a test, an ``in``, a loop or comprehension over it,
        raise ValueError("no frames")                    # an f-string's value, a ``%``'s operand
    queue = tf.train.string_input_producer(files, ...)

A reader helper whose file list moves to its call site (``helpers._check_unchanged``) may read the list so before
the producer: none of these uses change it, so the call site's list is the one the queue read. A method call on
it (``files.sort()``), a subscript (``files[0] = ...``), handing it to another function (``random.shuffle(files)``)
or binding another name to it stay uses that may change it.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import dotted, nodes_of
from tfdata_bridge._src.migrate.queue_size import parents

_READING = frozenset({"len", "print", "str", "repr", "bool"})  # builtins that read their argument
_LOGGING = frozenset({"debug", "info", "warning", "warn", "error", "critical", "exception", "log"})


def unchanging_reads(stmt: cst.CSTNode) -> set[int]:
    """The ids of the Name nodes in ``stmt`` read where they cannot change what they name (the module's
    docstring)."""
    up = parents(stmt)
    return {id(n) for n in nodes_of(stmt, cst.Name) if _unchanging(up, n)}


def _unchanging(up, name: cst.Name) -> bool:
    parent = up.get(id(name))
    if isinstance(parent, cst.Arg):  # ``len(files)``, ``print(files)``, ``logging.info("%s", files)``
        call = up.get(id(parent))
        return parent.value is name and not parent.star and isinstance(call, cst.Call) and call.func is not name \
            and _reading_call(call)
    if isinstance(parent, cst.FormattedStringExpression):  # ``f"{files}"``
        return parent.expression is name
    if isinstance(parent, cst.Element) and isinstance(up.get(id(parent)), cst.Tuple):  # ``"%s %d" % (files, n)``
        parent, name = up.get(id(parent)), up.get(id(parent))
        parent = up.get(id(name))
    if isinstance(parent, cst.BinaryOperation):  # ``"%s" % files``
        return parent.right is name and isinstance(parent.operator, cst.Modulo) and \
            isinstance(parent.left, (cst.SimpleString, cst.ConcatenatedString))
    if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):  # ``if not files:``
        parent, name = up.get(id(parent)), parent
    if isinstance(parent, (cst.If, cst.While, cst.Assert)):
        return parent.test is name
    if isinstance(parent, (cst.For, cst.CompFor)):  # the loop reads it; its body's uses are uses of their own
        return parent.iter is name
    if isinstance(parent, cst.ComparisonTarget):  # ``path in files``
        return parent.comparator is name and isinstance(parent.operator, (cst.In, cst.NotIn))
    return False


def _reading_call(call: cst.Call) -> bool:
    if isinstance(call.func, cst.Name):
        return call.func.value in _READING
    if isinstance(call.func, cst.Attribute) and call.func.attr.value in _LOGGING:
        owner = dotted(call.func.value)  # ``logging``, ``tf.logging``, ``tf.compat.v1.logging``, absl's
        return owner == "logging" or owner.endswith(".logging")
    return False
