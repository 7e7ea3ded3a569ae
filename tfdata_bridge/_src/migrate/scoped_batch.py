"""A batch under a graph scope, its pipeline made before the scope or in sibling scope blocks::

    features = self._extract_features()          # the reader, its queue and the decoding: outside the scope
    with tf.name_scope("ocr_batch"):
        return tf.train.batch(features, batch_size=16)

    with tf.name_scope("train_input"):           # or: each stage in a block of its own
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=1)
    with tf.name_scope("read_files"):
        _, line = tf.TextLineReader().read(filename_queue)
    with tf.name_scope("queue_trees"):
        capacity = min_after_dequeue + 3 * batch_size
        batch = tf.train.shuffle_batch([...], batch_size, capacity=capacity, ...)

The recogniser looks for a batch's source in the batch's own block. A ``with`` of ``name_scope`` /
``variable_scope`` items only (no ``as``), whose body is that one batch statement, names the batch's ops and
nothing else; so do sibling ``with`` blocks of ``name_scope`` / ``variable_scope`` / ``tf.device("/cpu:...")``
(nested or not) whose ``as`` name nothing reads, that make no variable or summary (nor does a module function
they call: a checkpoint's keys and a summary's tag would change) and hold nothing after the batch
(``_Siblings``: the blocks binding what the batch reads, back from it). The trial module without them
(``unwrap_scoped_batches``) is rewritten by ``to_tfdata.run``, which keeps it only where each unwrapped batch is
rewritten and more pipelines are (its queue and ops gone, so no op name the scope gave is left to differ; the
dataset code goes without the scopes: op names are all they meant).
"""

from __future__ import annotations

import dataclasses
import re

import libcst as cst
from tfdata_bridge._src.migrate.calls import code_of, identifiers, name_counts, nodes_of, last_name
from tfdata_bridge._src.migrate.walk import Visitor

_SCOPES = {"name_scope", "variable_scope"}
_SCOPE_WITH = re.compile(r"\bwith\b[^\n]*(_scope|device)\(")


def _lone_batch(stmt: cst.With, paths, batches) -> cst.Call | None:
    """The batch call of ``stmt``'s one statement, where ``stmt`` is a scope around that statement alone."""
    if not isinstance(stmt.body, cst.IndentedBlock) or len(stmt.body.body) != 1 or stmt.asynchronous:
        return None
    if not all(i.asname is None and isinstance(i.item, cst.Call) and
               (paths.get(i.item) or "").rsplit(".", 1)[-1] in _SCOPES for i in stmt.items):
        return None
    inner = stmt.body.body[0]
    small = inner.body[0] if isinstance(inner, cst.SimpleStatementLine) and len(inner.body) == 1 else None
    value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
    return value if isinstance(value, cst.Call) and paths.get(value) in batches else None


class _Scopes(Visitor):
    def __init__(self, paths, batches) -> None:
        self.paths, self.batches = paths, batches
        self.found: dict[int, tuple[cst.With, cst.Call]] = {}

    def visit_With(self, node: cst.With) -> None:
        call = _lone_batch(node, self.paths, self.batches)
        if call is not None:
            self.found[id(node)] = (node, call)


class _Siblings(Visitor):
    """The sibling graph-scope blocks of one statement list that hold a pipeline up to its batch (``blocks``:
    id(``with``) -> the ``with``; ``calls``: the batch calls they lead to)."""

    def __init__(self, module: cst.Module, paths, batches) -> None:
        self.paths, self.batches = paths, batches
        self.defs = {s.name.value: s for s in module.body if isinstance(s, cst.FunctionDef)}
        self.used = name_counts(module)
        self.blocks: dict[int, cst.With] = {}
        self.parents: dict[int, cst.Module | cst.IndentedBlock] = {}  # id(list) -> the list holding blocks
        self.calls: list[cst.Call] = []

    def visit_Module(self, node: cst.Module) -> None:
        self._list(node, list(node.body))

    def visit_IndentedBlock(self, node: cst.IndentedBlock) -> None:
        self._list(node, list(node.body))

    def _batches(self, node: cst.CSTNode) -> list[cst.Call]:
        return [c for c in nodes_of(node, cst.Call) if self.paths.get(c) in self.batches]

    def _list(self, parent, body: list[cst.BaseStatement]) -> None:
        last = max((k for k, s in enumerate(body) if not isinstance(s, (cst.FunctionDef, cst.ClassDef))
                    and self._batches(s)), default=None)
        if last is None:
            return
        flat = {k: self._flat(s) for k, s in enumerate(body[:last + 1]) if isinstance(s, cst.With)}
        if last in flat and flat[last] is not None and not self._batches(flat[last][-1]):
            flat[last] = None  # (statements after the batch in its block: the scope names what stays)
        # the slice of the list the batch reads, back from it: each block binding a name read later goes
        needed: set[str] = set()
        chosen = []
        for k in range(last, -1, -1):
            stmt = body[k]
            if k != last and not (_bound(stmt) & needed):
                continue
            needed |= set(name_counts(stmt))
            if k in flat and flat[k] is not None:
                chosen.append(stmt)
        if chosen and (last in flat and flat[last] is not None or not isinstance(body[last], cst.With)):
            self.blocks.update((id(w), w) for w in chosen)
            self.parents[id(parent)] = parent
            self.calls += self._batches(body[last])

    def _flat(self, stmt: cst.With) -> list[cst.BaseStatement] | None:
        """``stmt``'s statements, nested scope blocks opened, where it is a scope that means only op names (or a
        CPU placement) to the statements inside; None where it is not."""
        if stmt.asynchronous or not isinstance(stmt.body, cst.IndentedBlock) or \
                not all(self._plain(item) for item in stmt.items):
            return None
        out: list[cst.BaseStatement] = []
        for inner in stmt.body.body:
            if isinstance(inner, cst.With) and last_name(inner.items[0].item.func if isinstance(
                    inner.items[0].item, cst.Call) else inner.items[0].item) in _GRAPH:
                got = self._flat(inner)
                if got is None:
                    return None
                out += got
            else:
                out.append(inner)
        return out if out and not self._makes_state(stmt.body, set()) else None

    def _plain(self, item: cst.WithItem) -> bool:
        call = item.item
        if not isinstance(call, cst.Call):
            return False
        if item.asname is not None and not (isinstance(item.asname.name, cst.Name)
                                            and self.used[item.asname.name.value] == 1):
            return False  # (a scope's name read: ``name=scope``)
        kind = (self.paths.get(call) or "").rsplit(".", 1)[-1]
        if kind == "device":  # a CPU placement only: a tf.data pipeline runs there
            arg = call.args[0].value if len(call.args) == 1 else None
            value = arg.evaluated_value if isinstance(arg, cst.SimpleString) else None
            return isinstance(value, str) and "cpu" in value.lower()
        return kind in _SCOPES

    def _makes_state(self, node: cst.CSTNode, seen: set[str]) -> bool:
        """Whether ``node`` (or a module function it calls) makes a variable or a summary, whose names a
        scope gives (a checkpoint's keys, a summary's tag)."""
        for call in nodes_of(node, cst.Call):
            path = self.paths.get(call)
            if path is not None:
                if path.rsplit(".", 1)[-1] in _VARIABLES or path.split(".", 1)[0] in _STATEFUL:
                    return True
                continue
            if isinstance(call.func, cst.Attribute) and call.func.attr.value in _VARIABLES:
                return True
            if isinstance(call.func, cst.Name) and call.func.value in self.defs and call.func.value not in seen:
                seen.add(call.func.value)
                if self._makes_state(self.defs[call.func.value], seen):
                    return True
        return False


_GRAPH = _SCOPES | {"device"}
_VARIABLES = {"Variable", "VariableV1", "get_variable", "get_local_variable", "model_variable", "local_variable",
              "global_variable", "get_or_create_global_step", "create_global_step", "ResourceVariable"}
_STATEFUL = {"layers", "keras", "contrib", "metrics", "summary", "estimator", "nn.rnn_cell", "rnn_cell"}


def _bound(stmt: cst.CSTNode) -> set[str]:
    """The names ``stmt`` assigns (with the names its targets read: an over-count only keeps more)."""
    out: set[str] = set()
    for t in nodes_of(stmt, cst.AssignTarget):
        out |= {n.value for n in identifiers(t.target)}
    for kind in (cst.AugAssign, cst.AnnAssign):
        for t in nodes_of(stmt, kind):
            out |= {n.value for n in identifiers(t.target)}
    for t in nodes_of(stmt, cst.For):
        out |= {n.value for n in identifiers(t.target)}
    return out


def _opened(stmt: cst.With) -> list[cst.BaseStatement]:
    """``stmt``'s body, the scope blocks nested in it opened too (``_Siblings._flat`` said they may be)."""
    out: list[cst.BaseStatement] = []
    for inner in stmt.body.body:
        out += _opened(inner) if isinstance(inner, cst.With) and all(
            isinstance(i.item, cst.Call) and last_name(i.item.func) in _GRAPH for i in inner.items) else [inner]
    return out


def _rebuilt(node: cst.CSTNode, new: dict[int, cst.CSTNode]) -> cst.CSTNode:
    """``node`` with each node ``new`` names replaced; every other node stays the same object (a tree's helpers
    are found by the nodes of the module as parsed)."""
    if id(node) in new:
        return new[id(node)]
    changes = {}
    for field in dataclasses.fields(node):
        value = getattr(node, field.name)
        if isinstance(value, cst.CSTNode):
            got = _rebuilt(value, new)
            if got is not value:
                changes[field.name] = got
        elif isinstance(value, (list, tuple)) and any(isinstance(v, cst.CSTNode) for v in value):
            got = [_rebuilt(v, new) if isinstance(v, cst.CSTNode) else v for v in value]
            if any(g is not v for g, v in zip(got, value)):
                changes[field.name] = type(value)(got)
    return node.with_changes(**changes) if changes else node


def unwrap_scoped_batches(module: cst.Module, external=None, siblings: bool = False
                          ) -> tuple[cst.Module, list[str]]:
    """(the module with each scope around a lone batch statement removed, the code of each such batch call);
    the module itself where there is none. ``siblings``: the sibling blocks leading to a batch go too (and only
    where there are such blocks is the module given back changed)."""
    from tfdata_bridge._src.migrate.pipelines import BATCHES, JOINS
    from tfdata_bridge._src.migrate.to_tfdata import survey

    if "batch" not in code_of(module) or not _SCOPE_WITH.search(code_of(module)) or not _may_hold(module, siblings):
        return module, []
    paths = survey(module, external)[0].paths
    v = _Scopes(paths, BATCHES)
    module.visit(v)
    sib = _Siblings(module, paths, BATCHES | JOINS)
    if siblings:
        module.visit(sib)
    if not (sib.blocks if siblings else v.found):
        return module, []
    new = {}
    for with_id, (stmt, _) in v.found.items():
        inner = stmt.body.body[0]
        new[with_id] = inner.with_changes(leading_lines=[*stmt.leading_lines, *inner.leading_lines])
    for parent in reversed(list(sib.parents.values())):  # (each list of sibling blocks, inner lists first)
        body = []
        for old in parent.body:
            if id(old) in sib.blocks:
                inner = [_rebuilt(x, new) for x in _opened(old)]
                body += [inner[0].with_changes(leading_lines=[*old.leading_lines, *inner[0].leading_lines]),
                         *inner[1:]]
            else:
                body.append(_rebuilt(old, new))
        new[id(parent)] = parent.with_changes(body=body)
    calls = [module.code_for_node(call) for _, call in v.found.values()]
    calls += [c for c in (module.code_for_node(call) for call in sib.calls) if c not in calls]
    return _rebuilt(module, new), calls


def _may_hold(module: cst.Module, siblings: bool) -> bool:
    """Whether some ``with`` of the module may be a scope around a lone batch (``siblings``: any graph scope),
    read by spelling alone: the survey (which costs) decides by qualified name, only where one may be."""
    found = []

    class _V(Visitor):
        def visit_With(self, node: cst.With) -> None:
            if isinstance(node.body, cst.IndentedBlock) and (siblings or len(node.body.body) == 1 and \
                    "batch" in cst.Module([]).code_for_node(node.body.body[0])) and \
                    all(isinstance(i.item, cst.Call) and last_name(i.item.func) in (_GRAPH if siblings else _SCOPES)
                        for i in node.items):
                found.append(node)

    module.visit(_V())
    return bool(found)


def all_rewritten(code: str, calls: list[str]) -> bool:
    """Whether none of the unwrapped batch calls is left in the rewritten ``code``."""
    return not any(c in code for c in calls)


__all__ = ["all_rewritten", "unwrap_scoped_batches"]
