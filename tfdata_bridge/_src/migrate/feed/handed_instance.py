"""A feeding class's instance handed whole to another class's constructor, which keeps it on its own instance.

    mem = ExperienceQueue(capacity=8)            # the program
    agent = DQNAgent(mem, batch_size=4)

    class DQNAgent:                              # the same module, or another of the tree
        def __init__(self, memory, batch_size):
            self.memory = memory                 # kept once, as it is
        def build(self):
            s, a = self.memory.queue.dequeue_many(self.batch_size)   # read only as ``self.memory.<attribute>``

The receiving class reads the instance only through ``self.memory.<attribute>``: those reads are followed as
the program's own reads of ``mem.<attribute>`` are (``across_calls.py``: the queue's dequeue reads the class's
dataset, an attribute the rewrite took is refused). Any other use (the parameter read otherwise, the attribute
stored again, read whole, handed on, or read through another instance of the receiving class) is refused,
naming it.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of
from tfdata_bridge._src.migrate.feed.members import contains, methods_of, self_assign, self_attr


def receiver_owners(module: cst.Module, cls_name: str, call: cst.Call, arg: cst.Arg, at) -> set[str]:
    """The names (``self.memory``) the instance handed as ``arg`` of ``call`` (a construction of the class
    ``cls_name`` of ``module``) is read through in that class; raises ``Refusal`` saying why it cannot be
    followed. ``at(node)``: the line of a node of the calling module."""
    what = f"hands `{cst.Module([]).code_for_node(arg.value)}` to `{cls_name}` (line {at(call)})"
    classes = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == cls_name]
    init = methods_of(classes[0]).get("__init__") if len(classes) == 1 else None
    plain = init is not None and all(isinstance(b.value, cst.Name) and b.value.value == "object"
                                     for b in classes[0].bases)
    if not plain or classes[0].decorators or init.decorators or not init.params.params:
        raise Refusal(f"{what}, a class whose constructor the rewrite does not follow")
    cls = classes[0]
    if any(a.star for a in call.args):
        raise Refusal(f"{what} with `*args`")
    params = init.params.params[1:]
    if arg.keyword is None:
        j = [a for a in call.args if a.keyword is None].index(arg)
        param = params[j] if j < len(params) else None
    else:
        param = next((p for p in [*params, *init.params.kwonly_params] if p.name.value == arg.keyword.value), None)
    if param is None:
        raise Refusal(f"{what}, whose constructor takes it through `*args` or `**kwargs`")
    me, name = init.params.params[0].name.value, param.name.value
    attrs = {id(a.attr) for a in nodes_of(init, cst.Attribute)}
    reads = [n for n in nodes_of(init.body, cst.Name) if n.value == name and id(n) not in attrs]
    keeps = [s for s in init.body.body if (found := self_assign(s, me)) is not None
             and isinstance(found[1], cst.Name) and found[1].value == name]
    if len(reads) != 1 or len(keeps) != 1 or not contains(keeps[0], reads[0]):
        raise Refusal(f"{what}, whose constructor uses its parameter `{name}` other than keeping it once "
                      f"(`{me}.attribute = {name}`)")
    kept = self_assign(keeps[0], me)[0]
    target = keeps[0].body[0].targets[0].target
    owners: set[str] = set()
    methods = methods_of(cls)
    imported = {id(a) for i in nodes_of(module, (cst.Import, cst.ImportFrom)) for a in nodes_of(i, cst.Attribute)}
    for use in nodes_of(module, cst.Attribute):
        if use.attr.value != kept or use is target or id(use) in imported:
            continue
        method = next((m for m in methods.values() if contains(m, use)), None)
        mine = method.params.params[0].name.value if method is not None and method.params.params else None
        on = next((a for a in nodes_of(module, cst.Attribute) if a.value is use), None)
        stored = any(t.target is use for a in nodes_of(module, (cst.Assign, cst.AugAssign, cst.AnnAssign))
                     for t in (a.targets if isinstance(a, cst.Assign) else [a]))
        if mine is None or self_attr(use, mine) != kept or on is None or stored or \
                any(m is not method and contains(m, use) for m in nodes_of(method.body, cst.FunctionDef)):
            line = _line(module, use)
            raise Refusal(f"{what}, which keeps it as `{me}.{kept}` and uses that other than reading an attribute "
                          f"of it in its methods (`{cls_name}`'s module, line {line})")
        owners.add(f"{mine}.{kept}")
    return owners


def _line(module: cst.Module, node: cst.CSTNode):
    from libcst.metadata import PositionProvider

    from tfdata_bridge._src.migrate.calls import wrapped

    try:
        pos = wrapped(module).resolve(PositionProvider)
    except Exception:  # noqa: BLE001 (a module wrapped anew: its nodes are copies)
        return "?"
    return pos[node].start.line if node in pos else "?"


def receiving_class(modules, names, other: str, module: cst.Module, call: cst.Call) -> tuple[str, str] | None:
    """(the tree's module, the class) that ``call``, in ``other`` (its text now: ``module``), constructs: a class
    of that module by its plain name, or one another module defines, imported. None where it is no such class."""
    from tfdata_bridge._src.migrate.feed.handed_coord import uses_of_class

    func = call.func
    last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else None
    for path, tree_module in modules.items():
        if not any(isinstance(s, cst.ClassDef) and s.name.value == last for s in tree_module.body):
            continue
        if path == other:
            if isinstance(func, cst.Name):
                return path, last
        elif any(u is func for u in uses_of_class(module, f"{names[path].name}.{last}", names[other].package) or ()):
            return path, last
    return None


def constructions(modules, names, receiver: str, name: str) -> int | None:
    """How many calls of the class ``name`` of ``receiver`` the tree makes; None where it is named other than
    called (subclassed, passed, kept under another name)."""
    from tfdata_bridge._src.migrate.feed.handed_coord import uses_of_class

    count = 0
    for path, module in modules.items():
        funcs = {id(c.func) for c in nodes_of(module, cst.Call)}
        if path == receiver:
            attrs = {id(a.attr) for a in nodes_of(module, cst.Attribute)}
            defs = {id(d.name) for d in nodes_of(module, (cst.ClassDef, cst.FunctionDef))}
            refs = [n for n in nodes_of(module, cst.Name) if n.value == name and id(n) not in attrs
                    and id(n) not in defs]
        else:
            refs = uses_of_class(module, f"{names[receiver].name}.{name}", names[path].package) or []
        if any(id(r) not in funcs for r in refs):
            return None
        count += len(refs)
    return count
