"""A reader helper that returns another function's result, unpacked by its caller:

    def parse_document(text, shape):
        ...
        return dense, label

    def read_input_tuple(filename_queue, shape):
        reader = tf.WholeFileReader()
        _, text = reader.read(filename_queue)
        return parse_document(text, shape)        # one value, written; two tensors, given

    doc, label = read_input_tuple(queue, SHAPE)

How many tensors the helper gives is what the function it calls returns: a function of the helper's own module
(followed through further such returns) whose every ``return`` is a literal tuple or list of one length. That
function must read no queue or reader of its own (a second source, read in step, is not a per-record function).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.walk import Visitor

_READS = frozenset({"read", "read_up_to", "dequeue", "dequeue_many", "dequeue_up_to", "get_next"})
_DEPTH = 8


class _Returns(Visitor):
    def __init__(self) -> None:
        self.returns: list[cst.Return] = []

    def visit_Return(self, node: cst.Return) -> None:
        self.returns.append(node)

    def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
        return False

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False

    def visit_ClassDef(self, node: cst.ClassDef) -> bool:
        return False


def _returns(fn: cst.FunctionDef) -> list[cst.Return]:
    found = _Returns()
    fn.body.visit(found)
    return found.returns


def returned_count(scopes, fn: cst.FunctionDef, depth: int = 0) -> int | None:
    """How many tensors ``fn`` (a function of the module ``scopes`` reads) returns when each of its returns
    gives a literal tuple or list of one length, or the call of a module function that does; None when that
    cannot be told; ``Refusal`` when a function it follows reads a queue or reader."""
    if depth > _DEPTH:
        return None
    counts = set()
    for ret in _returns(fn):
        value = ret.value
        if isinstance(value, (cst.Tuple, cst.List)) and not any(
                isinstance(e, cst.StarredElement) for e in value.elements):
            counts.add(len(value.elements))
        elif isinstance(value, cst.Call) and isinstance(value.func, cst.Name):
            callee = scopes.module_function(ret, value.func.value)
            if callee is None or callee is fn:
                return None
            for c in nodes_of(callee.body, cst.Call):
                if isinstance(c.func, cst.Attribute) and c.func.attr.value in _READS:
                    raise Refusal(f"`{callee.name.value}`, whose result `{fn.name.value}` returns, calls "
                                  f"`{c.func.attr.value}()`: a second queue or reader read in step is not a "
                                  "per-record function")
            counts.add(returned_count(scopes, callee, depth + 1))
        else:
            return None
    return counts.pop() if len(counts) == 1 and None not in counts else None


__all__ = ["returned_count"]
