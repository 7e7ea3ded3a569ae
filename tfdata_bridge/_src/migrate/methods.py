"""Methods of a tree's classes, for ``tree.py``: a reader method inlined into a pipeline of another module
(``objects.py``) is keyed ``(path, "Class.method")`` and goes from its class when that pipeline was its only
use in the tree. Uses are counted by attribute name over every module, so any other ``x.method`` keeps it.
"""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst
from tfdata_bridge._src.migrate.walk import Visitor


def class_of(module: cst.Module, name: str) -> cst.ClassDef | None:
    """The one module-level ``class name`` of ``module``."""
    found = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == name]
    return found[0] if len(found) == 1 else None


def method(module: cst.Module, key: str) -> cst.FunctionDef | None:
    """The method ``"Class.method"`` of ``module``, defined once in the class itself."""
    cls_name, _, name = key.partition(".")
    cls = class_of(module, cls_name)
    if cls is None:
        return None
    found = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == name]
    return found[0] if len(found) == 1 else None


def method_key(modules: Mapping[str, cst.Module], fn: cst.FunctionDef) -> tuple[str, str]:
    """``(path, "Class.method")`` of the method ``fn`` in the tree."""
    for path, module in modules.items():
        for cls in module.body:
            if isinstance(cls, cst.ClassDef) and any(s is fn for s in cls.body.body):
                return path, f"{cls.name.value}.{fn.name.value}"
    raise LookupError(f"`{fn.name.value}` is no method of a class of the tree")  # objects.py found it in one


def method_uses(modules: Mapping[str, cst.Module], fn: cst.FunctionDef | None, skip=None) -> int:
    """Every ``x.<name>`` in the tree outside the method itself (a name's every meaning counts, but a TensorFlow
    module path's: the ``train`` of ``tf.train.batch``, and those ``skip(path, attribute)`` says are another's)."""
    if fn is None:
        return -1
    name = fn.name.value
    count = 0

    class _V(Visitor):
        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            return node is not fn

        def visit_Attribute(self, node: cst.Attribute) -> None:
            nonlocal count
            count += node.attr.value == name and id(node) not in paths and not (skip and skip(where, node))

    paths: set[int] = set()
    where = None
    for where, module in modules.items():
        paths = {id(a) for a in _module_paths(module)}
        module.visit(_V())
    return count


def _module_paths(module: cst.Module) -> list[cst.Attribute]:
    """The attributes of ``module`` that are TensorFlow's module paths (the ``train`` of ``tf.train.batch``, the
    root an import of ``tensorflow`` binds): no use of a method of the same name."""
    from tfdata_bridge._src.migrate.calls import dotted, nodes_of

    roots: set[str] = set()
    for node in nodes_of(module, cst.Import):
        for alias in node.names:
            if dotted(alias.name).split(".")[0] == "tensorflow":
                roots.add(alias.asname.name.value if alias.asname is not None and
                          isinstance(alias.asname.name, cst.Name) else "tensorflow")
    out: list[cst.Attribute] = []
    for node in nodes_of(module, cst.Attribute):
        root = node.value
        while isinstance(root, cst.Attribute):
            root = root.value
        if isinstance(root, cst.Name) and root.value in roots and not any(
                isinstance(n, (cst.Call, cst.Subscript)) for n in nodes_of(node.value, cst.CSTNode)):
            out.append(node)
    return out
