"""The class form's view of an instance: ``self.attr`` reads and writes, a class's methods, which ``X.attr`` of
the module may be the class's own attribute, and which names hold an instance."""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of
from tfdata_bridge._src.migrate.feed.loop import is_close_call, runs
from tfdata_bridge._src.migrate.queue_size import parents


def self_attr(node: cst.CSTNode, self_name: str) -> str | None:
    """``attr`` for ``self.attr``."""
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == self_name:
        return node.attr.value
    return None


def item_key(node: cst.CSTNode, self_name: str) -> str | None:
    """``phs['image']`` for ``self.phs['image']`` (a placeholder of a dict of them, ``class_init._named``)."""
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
            and isinstance(node.slice[0].slice.value, cst.Integer):  # (``self.phs[0]``: a list of them)
        owner = self_attr(node.value, self_name)
        return None if owner is None else f"{owner}[{int(node.slice[0].slice.value.value)}]"
    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
            and isinstance(node.slice[0].slice.value, cst.SimpleString):
        owner = self_attr(node.value, self_name)
        return None if owner is None else f"{owner}[{node.slice[0].slice.value.evaluated_value!r}]"
    return None


def self_assign(stmt: cst.CSTNode, self_name: str) -> tuple[str, cst.BaseExpression] | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
            and len(stmt.body[0].targets) == 1:
        attr = self_attr(stmt.body[0].targets[0].target, self_name)
        if attr is not None:
            return attr, stmt.body[0].value
    return None


def methods_of(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    return {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef)}


def attr_uses(node: cst.CSTNode, attr: str) -> list[cst.Attribute]:
    """Every ``X.attr`` in ``node``, in source order."""
    return [n for n in nodes_of(node, cst.Attribute) if n.attr.value == attr]


def instance_uses(module: cst.Module, cls: cst.ClassDef, attr: str) -> list[cst.Attribute]:
    """The ``X.attr`` of ``module`` that may be the class's own attribute: ``self.attr`` in one of its methods,
    ``obj.attr`` on a name that is not provably something else (``sess.close()`` of ``sess = tf.Session()`` is
    not the reader's ``close`` op)."""
    inside = {id(a): m for m in methods_of(cls).values() for a in attr_uses(m, attr)}
    foreign = _other_instances(module, cls, attr)
    assigned: dict[str, list[cst.BaseExpression]] = {}
    # (a function's own bindings of a name: its reads there mean those alone, by scope, not another function's
    # ``loader = Other(...)`` of the same spelling)
    local: dict[tuple[int, str], list[cst.BaseExpression]] = {}
    up = parents(module)
    for stmt in nodes_of(module, cst.Assign):
        for t in stmt.targets:
            if isinstance(t.target, cst.Name):
                assigned.setdefault(t.target.value, []).append(stmt.value)
                local.setdefault((id(_function_of(up, stmt)), t.target.value), []).append(stmt.value)
    for item in nodes_of(module, cst.WithItem):
        if item.asname is not None and isinstance(item.asname.name, cst.Name):
            assigned.setdefault(item.asname.name.value, []).append(item.item)
            local.setdefault((id(_function_of(up, item)), item.asname.name.value), []).append(item.item)
    # (the class, and each function or method of the module returning ``Cls(...)``: ``loader =
    # reader.get_loader(...)`` may be one of its objects too)
    made_by = {cls.name.value} | {f.name.value for f in nodes_of(module, cst.FunctionDef) if any(
        isinstance(r.value, cst.Call) and isinstance(r.value.func, cst.Name) and r.value.func.value == cls.name.value
        for r in nodes_of(f, cst.Return))}
    out = []
    for use in attr_uses(module, attr):
        owner = use.value
        if id(use) in foreign:
            continue  # (another class's ``self.attr``: its own attribute of the same spelling)
        if id(use) in inside:
            method = inside[id(use)]
            mine = bool(method.params.params) and isinstance(owner, cst.Name) \
                and owner.value == method.params.params[0].name.value
            if mine or not isinstance(owner, cst.Name):
                out.append(use)
                continue
        values = assigned.get(owner.value) if isinstance(owner, cst.Name) else None
        fn = _function_of(up, owner) if isinstance(owner, cst.Name) else None
        if fn is not None and owner.value in _bound_names(fn) and not _declared_outer(fn, owner.value):
            # (bound in the function that reads it: a local, so its own bindings alone; where it is bound by one
            # the module does not list (a loop's, ``x += ``), nothing proves it something else)
            values = local.get((id(fn), owner.value)) or None
        if values is not None and not any(
                isinstance(v, cst.Call) and (isinstance(v.func, cst.Name) and v.func.value in made_by
                                             or isinstance(v.func, cst.Attribute) and v.func.attr.value in made_by)
                for v in values):
            continue  # a name only ever bound to other things
        out.append(use)
    return out


def _function_of(up, node: cst.CSTNode) -> cst.FunctionDef | None:
    """The innermost function holding ``node`` (None at the module or class level)."""
    at = up.get(id(node))
    while at is not None and not isinstance(at, (cst.FunctionDef, cst.Lambda)):
        at = up.get(id(at))
    return at if isinstance(at, cst.FunctionDef) else None


def _declared_outer(fn: cst.FunctionDef, name: str) -> bool:
    """``fn`` declares ``name`` ``global`` or ``nonlocal``."""
    return any(n.name.value == name for kind in (cst.Global, cst.Nonlocal) for s in nodes_of(fn, kind) for n in s.names)


def _plain_bases(cls: cst.ClassDef) -> bool:
    """``cls`` derives from nothing but ``object``: no class of the module is its base."""
    return all(isinstance(b.value, cst.Name) and b.value.value == "object" and b.keyword is None for b in cls.bases)


def _bound_names(fn: cst.FunctionDef) -> set[str]:
    """The plain names ``fn`` assigns (``x = ``, ``x, y = ``, ``for x in``, ``with ... as x``, ``x += ``): not
    ``self.x = ``'s ``self``."""
    out: set[str] = set()

    def add(target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            out.add(target.value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for e in target.elements:
                add(e.value)
        elif isinstance(target, cst.StarredElement):
            add(target.value)

    for node in nodes_of(fn, cst.CSTNode):
        if isinstance(node, (cst.AssignTarget, cst.For, cst.AugAssign, cst.AnnAssign)):
            add(node.target)
        elif isinstance(node, cst.WithItem) and node.asname is not None:
            add(node.asname.name)
        elif isinstance(node, cst.NamedExpr):
            add(node.target)
    return out


def _other_instances(module: cst.Module, cls: cst.ClassDef, attr: str) -> set[int]:
    """The ``self.attr`` (ids) in the plain methods of the module's other classes, ``self`` their first parameter
    never re-bound: that class's instance, not ``cls``'s, where neither class derives from another (both have no
    base but ``object``)."""
    if not _plain_bases(cls):
        return set()
    out: set[int] = set()
    for other in nodes_of(module, cst.ClassDef):
        if other is cls or not _plain_bases(other):
            continue
        for m in methods_of(other).values():
            if m.decorators or not m.params.params:
                continue
            me = m.params.params[0].name.value
            nested = [*nodes_of(m.body, cst.FunctionDef), *nodes_of(m.body, cst.Lambda)]
            if me in _bound_names(m) or any(
                    isinstance(f, cst.Lambda) or me in {p.name.value for p in nodes_of(f.params, cst.Param)}
                    for f in nested):
                continue  # (re-bound, or a nested function's parameter of the same spelling: not followed)
            out |= {id(a) for a in attr_uses(m, attr) if isinstance(a.value, cst.Name) and a.value.value == me}
    return out


def owner_is_instance(module: cst.Module, cls: cst.ClassDef, at: cst.SimpleStatementLine, name: str) -> bool:
    """``name`` at ``at`` is the class's own ``self`` (in one of its methods) or assigned once ``Cls(...)``."""
    for m in methods_of(cls).values():
        if at in nodes_of(m, cst.SimpleStatementLine):
            return bool(m.params.params) and m.params.params[0].name.value == name
    lines = nodes_of(module, cst.SimpleStatementLine)
    made = [s for s in lines if len(s.body) == 1 and isinstance(s.body[0], cst.Assign)
            and any(isinstance(t.target, cst.Name) and t.target.value == name for t in s.body[0].targets)]
    return len(made) == 1 and isinstance(made[0].body[0].value, cst.Call) and \
        isinstance(made[0].body[0].value.func, cst.Name) and made[0].body[0].value.func.value == cls.name.value


def runs_close(stmt: cst.SimpleStatementLine, use: cst.Attribute, inline: bool) -> bool:
    """``sess.run(self.close_op)`` / ``sess.run(self.queue.close(...))``: the queue's close run on the way out
    (a ``stop`` method): the generator ends the data by itself."""
    call = runs(stmt)
    if call is None or len(call.args) != 1:
        return False
    op = call.args[0].value
    return is_close_call(op, lambda q: q is use) if inline else op is use


def contains(node: cst.CSTNode, target: cst.CSTNode) -> bool:
    return any(n is target for n in nodes_of(node, type(target)))


def flat(method: cst.FunctionDef) -> list[cst.BaseStatement]:
    """A method's statements, those of its ``with`` blocks (``with tf.device('/cpu:0'):``) in their place."""
    out: list[cst.BaseStatement] = []

    def walk(body) -> None:
        for stmt in body:
            out.append(stmt)
            if isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock):
                walk(stmt.body.body)

    walk(method.body.body if isinstance(method.body, cst.IndentedBlock) else ())
    return out


def makers(module: cst.Module, cls: cst.ClassDef) -> list[cst.FunctionDef]:
    """``__init__`` and the methods it alone calls (``self.add_queue(...)``): where an instance makes its
    queue. A method called anywhere else may run again, making another queue: it is none of these."""
    methods = methods_of(cls)
    init = methods.get("__init__")
    if init is None or not init.params.params or not isinstance(init.body, cst.IndentedBlock):
        return []
    me = init.params.params[0].name.value
    out = [init]
    for stmt in flat(init):
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        call = small.value if isinstance(small, (cst.Expr, cst.Assign)) else None
        name = self_attr(call.func, me) if isinstance(call, cst.Call) else None
        method = methods.get(name or "")
        if method is not None and method is not init and method not in out and method.params.params \
                and isinstance(method.body, cst.IndentedBlock) and len(instance_uses(module, cls, name)) == 1:
            out.append(method)
    return out


def enqueue_ops(init: cst.FunctionDef, self_name: str) -> dict[str, str]:
    """queue attribute -> its enqueue op's attribute, for ``self.op = self.queue.enqueue[_many](...)`` in ``__init__``."""
    out = {}
    for stmt in flat(init):
        found = self_assign(stmt, self_name)
        value = found[1] if found is not None else None
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) \
                and value.func.attr.value in ("enqueue", "enqueue_many"):
            queue = self_attr(value.func.value, self_name)
            if queue is not None:
                out.setdefault(queue, found[0])
    return out


def none_inits(cls: cst.ClassDef, maker: cst.FunctionDef, attrs: list[str]) -> list[cst.SimpleStatementLine]:
    """``self.attr = None`` in ``__init__`` for the ``attrs`` a maker other than ``__init__`` makes (the attributes
    declared first, ``self._queue = None``, then made by ``self._create_queue_and_ops()``): they go with them."""
    init = methods_of(cls).get("__init__")
    if init is None or init is maker or not init.params.params:
        return []
    me = init.params.params[0].name.value
    return [stmt for stmt in flat(init) if (found := self_assign(stmt, me)) is not None and found[0] in attrs
            and isinstance(found[1], cst.Name) and found[1].value == "None"]
