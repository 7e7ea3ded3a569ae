"""The calls of a module function reached through a namespace object of its module, and names in strings that are
no use of a function.

    # tf_contrib.py (a stand-in for ``tf.contrib``)              # the caller
    def read_batch_features(file_pattern, batch_size, features,  feature_map = tf_contrib.learn.io.read_batch_features(
                            reader, ...):                              file_pattern=files, batch_size=3,
        ...                                                            features=features, reader=tf.TFRecordReader)
        _, example = reader().read(file_name_queue)
    learn = types.SimpleNamespace(
        io=types.SimpleNamespace(read_batch_features=read_batch_features))

(a stand-in for contrib's ``learn.io.read_batch_features``: the function is held by a namespace made once at the top
level of its module, ``types.SimpleNamespace`` or ``argparse.Namespace``, nested). The function's calls are then the
uses of the namespace's name spelled down to it (``learn.io.read_batch_features(...)``, or
``tf_contrib.learn.io.read_batch_features(...)`` through an import of the module or of ``learn``). Only where that
is all: a use of the namespace (or of a namespace it holds on the way) other than as an attribute read on it (the
object handed on, assigned to another name, fetched with ``getattr``) may reach the function unseen, and the calls
are then unknown.

A module naming the function in a string is taken as one that may reach it by name (``__all__``, ``getattr``),
but a string that only names a graph scope or op of TensorFlow (``tf.name_scope(name, 'read_batch_features')``,
``tf.identity(x, name='...')``) is no use.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, dotted, nodes_of, top_imports

_NAMESPACES = ("types.SimpleNamespace", "argparse.Namespace")
_SCOPES = ("name_scope", "variable_scope", "op_scope")
_NAME_KEYWORDS = ("name", "default_name", "scope")


def _is_namespace(module: cst.Module, call: cst.CSTNode) -> bool:
    if not isinstance(call, cst.Call) or any(a.star or a.keyword is None for a in call.args):
        return False
    path = dotted(call.func)
    if not path:
        return False
    head, _, rest = path.partition(".")
    full = top_imports(module).get(head)
    return full is not None and (full + (f".{rest}" if rest else "")) in _NAMESPACES


def held_in_namespaces(module: cst.Module, fname: str
                       ) -> list[tuple[str, tuple[str, ...], cst.Name]] | None:
    """(the namespace's top-level name, the attributes from it down to the function, the ``Name`` the namespace
    holds) for each keyword of a namespace made once at ``module``'s top level that holds the function ``fname``;
    [] where none does; None where one holds it otherwise (a namespace not bound once to a plain name)."""
    out: list[tuple[str, tuple[str, ...], cst.Name]] = []
    bound: dict[str, int] = {}
    for stmt in module.body:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                if isinstance(small, (cst.Assign, cst.AnnAssign, cst.AugAssign)):
                    targets = small.targets if isinstance(small, cst.Assign) else [small]
                    for t in targets:
                        if isinstance(t.target, cst.Name):
                            bound[t.target.value] = bound.get(t.target.value, 0) + 1
    for stmt in module.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if not (isinstance(small, cst.Assign) and _is_namespace(module, small.value)):
            continue
        holders = [t.target.value for t in small.targets if isinstance(t.target, cst.Name)]
        found = list(_held(module, small.value, fname, ()))
        if not found:
            continue
        if len(small.targets) != 1 or len(holders) != 1 or bound.get(holders[0]) != 1:
            return None
        out += [(holders[0], chain, node) for chain, node in found]
    return out


def _held(module: cst.Module, call: cst.Call, fname: str, chain: tuple[str, ...]):
    for arg in call.args:
        key = arg.keyword.value
        if isinstance(arg.value, cst.Name) and arg.value.value == fname:
            yield (*chain, key), arg.value
        elif _is_namespace(module, arg.value):
            yield from _held(module, arg.value, fname, (*chain, key))


def walk_down(up, node: cst.CSTNode, chain: tuple[str, ...]) -> cst.CSTNode | None | bool:
    """From a use of a namespace (``node``), the attribute read that spells ``chain`` on it (the function); False
    where the use leaves the chain for another attribute (``learn.ModeKeys``: no use of the function); None where
    the namespace, or a namespace on the way, is used other than by reading an attribute (it may reach the
    function unseen)."""
    for attr in chain:
        parent = up.get(id(node))
        if not (isinstance(parent, cst.Attribute) and parent.value is node):
            return None
        if parent.attr.value != attr:
            return False
        node = parent
    return node


def named_as_data(module: cst.Module, fname: str) -> bool:
    """``module`` names ``fname`` in a string other than a TensorFlow scope's or op's name (``__all__``,
    ``getattr``)."""
    from tfdata_bridge._src.migrate.queue_size import parents

    if f'"{fname}"' not in code_of(module) and f"'{fname}'" not in code_of(module):
        return False  # (no string spells it: the quick answer)
    up, tops = None, None
    for s in nodes_of(module, cst.SimpleString):
        if s.evaluated_value != fname:
            continue
        up, tops = up or parents(module), tops if tops is not None else top_imports(module)
        arg = up.get(id(s))
        call = up.get(id(arg)) if isinstance(arg, cst.Arg) else None
        path = dotted(call.func) if isinstance(call, cst.Call) else ""
        if path and (tops.get(path.split(".")[0]) or "").split(".")[0] == "tensorflow" and (
                arg.keyword is not None and arg.keyword.value in _NAME_KEYWORDS or path.rsplit(".", 1)[-1] in _SCOPES):
            continue  # (a TensorFlow op's or scope's name)
        return True
    return False


__all__ = ["held_in_namespaces", "named_as_data", "walk_down"]
