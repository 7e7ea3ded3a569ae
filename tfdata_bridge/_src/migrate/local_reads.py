"""A program that reads the graph's local variables while a producer counts epochs keeps its queues.

    epoch_vars = [v for v in tf.local_variables() if "epochs" in v.name]
    ...
    done = sess.run(epoch_vars[0])          # legacy's epoch counter of `string_input_producer(num_epochs=3)`

A producer given ``num_epochs`` keeps its count in a local variable; the tf.data chain that replaces it has none
(``repeat(num_epochs)``), so such a read finds nothing, or another variable, and the program gets other values.
Initialising them (``variables_initializer(local_variables())``) is no read: with no counter left there is
simply less to initialise. Any other read of the collection, in a module or a tree with a producer given
``num_epochs``, leaves the module whole, with the reason (``collection_reads.left_whole``).
"""

from __future__ import annotations

import libcst as cst
from libcst.metadata import PositionProvider
from tfdata_bridge._src.migrate.calls import code_of, last_name, wrapped
from tfdata_bridge._src.migrate.walk import Visitor

# the producers that count epochs, and the position of ``num_epochs`` among their arguments
_COUNTING = {"string_input_producer": 1, "slice_input_producer": 1, "range_input_producer": 1, "limit_epochs": 1,
             "input_producer": 2}
_INITIALISERS = {"variables_initializer", "initialize_variables"}


def _reads_locals(call: cst.Call) -> bool:
    """``local_variables()``, or ``get_collection(GraphKeys.LOCAL_VARIABLES)`` (or of ``"local_variables"``)."""
    name = last_name(call.func)
    if name == "local_variables":
        return True
    if name not in ("get_collection", "get_collection_ref") or not call.args:
        return False
    key = call.args[0].value
    return isinstance(key, cst.Attribute) and key.attr.value == "LOCAL_VARIABLES" or \
        isinstance(key, cst.SimpleString) and key.evaluated_value == "local_variables"


def counts_epochs(module: cst.Module) -> bool:
    """Whether a producer of the module is given ``num_epochs`` (other than ``None``)."""
    if "producer" not in code_of(module) and "limit_epochs" not in code_of(module):
        return False
    found = []

    class _V(Visitor):
        def visit_Call(self, node: cst.Call) -> None:
            at = _COUNTING.get(last_name(node.func))
            if at is None:
                return
            positional = [a for a in node.args if a.keyword is None and not a.star]
            value = next((a.value for a in node.args if a.keyword and a.keyword.value == "num_epochs"),
                         positional[at].value if len(positional) > at else None)
            if value is not None and not (isinstance(value, cst.Name) and value.value == "None"):
                found.append(node)

    module.visit(_V())
    return bool(found)


class _Reads(Visitor):
    METADATA_DEPENDENCIES = (PositionProvider,)

    def __init__(self) -> None:
        super().__init__()
        self.initialised: set[int] = set()
        self.found: tuple[int, cst.Call] | None = None

    def visit_Call(self, node: cst.Call) -> None:
        if last_name(node.func) in _INITIALISERS:
            self.initialised |= {id(a.value) for a in node.args}
        elif self.found is None and id(node) not in self.initialised and _reads_locals(node):
            self.found = (self.get_metadata(PositionProvider, node).start.line, node)


def epoch_counter_read(module: cst.Module, where: str = "", epochs: bool | None = None) -> str | None:
    """Why the module's pipelines must stay queues, or None. ``epochs``: whether a producer (of the module, by
    default; of the tree, for ``tree.py``) counts epochs."""
    code = code_of(module)
    if "local_variables" not in code and "LOCAL_VARIABLES" not in code:
        return None
    if not (counts_epochs(module) if epochs is None else epochs):
        return None
    reads = _Reads()
    wrapped(module).visit(reads)
    if reads.found is None:
        return None
    line, call = reads.found
    at = f"{where}:{line}" if where else f"line {line}"
    return (f"the program reads the graph's local variables (`{module.code_for_node(call)}` at {at}), where a "
            "producer's `num_epochs` counter lives; a tf.data chain has no such counter, so that read would find "
            "other values; keep the queues (`migrate --to compat`), or drop the read")


__all__ = ["counts_epochs", "epoch_counter_read"]
