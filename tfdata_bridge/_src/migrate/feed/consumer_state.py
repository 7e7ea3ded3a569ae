"""A feeding function reading state the consumer changes while the thread runs: not rewritten.

Legacy's feed thread runs beside the main loop: what it enqueues next may depend on what the main loop did so
far (a list it appends to per batch, an ``Event`` it sets, a counter it bumps, a ``queue.Queue`` it puts to).
The generator the rewrite makes runs in tf.data's own thread, ahead of the consumer by its prefetch, so those
reads see other values and the data differs silently. Such a feeder is refused, naming the state and the line
that changes it."""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bound_names, last_name, names_in, nodes_of
from tfdata_bridge._src.migrate.walk import preorder

# Methods that change the object they are called on (containers, ``queue.Queue``, ``threading.Event``/``Condition``).
MUTATORS = frozenset({"append", "appendleft", "extend", "extendleft", "insert", "pop", "popleft", "popitem",
                      "remove", "clear", "update", "add", "discard", "setdefault", "put", "put_nowait",
                      "get_nowait", "set", "notify", "notify_all", "release", "acquire", "sort", "reverse",
                      "fill", "resize", "itemset", "send"})
# Functions that change (or advance) their first argument: ``next(it)``, ``random.shuffle(rows)``,
# ``np.random.shuffle(a)``, ``np.copyto(a, b)``, ``heapq.heappush(h, x)``.
CHANGING_FIRST = frozenset({"next", "shuffle", "copyto", "heappush", "heappop", "heapreplace", "heappushpop"})


def _root(node: cst.BaseExpression) -> str | None:
    """``x`` of ``x``, ``x[...]``, ``x.a``, ``x.a[...]``."""
    while isinstance(node, (cst.Subscript, cst.Attribute)):
        node = node.value
    return node.value if isinstance(node, cst.Name) else None


def _changed(node: cst.CSTNode) -> list[str]:
    """The names ``node`` itself changes: assigned (plainly, by item or attribute, augmented), deleted, or the
    receiver of a mutating method call."""
    if isinstance(node, cst.Assign):
        return [r for t in node.targets for e in _targets(t.target) if (r := _root(e))]
    if isinstance(node, (cst.AugAssign, cst.AnnAssign)):
        return [r] if (r := _root(node.target)) else []
    if isinstance(node, cst.Del):
        return [r for e in _targets(node.target) if (r := _root(e))]
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) \
            and node.func.attr.value in MUTATORS:
        return [r] if (r := _root(node.func.value)) else []
    if isinstance(node, cst.Call) and node.args and last_name(node.func) in CHANGING_FIRST:
        return [r] if (r := _root(node.args[0].value)) else []
    return []


def _imported(module: cst.Module) -> set[str]:
    """The names the module's imports bind (modules and their members are not the consumer's state)."""
    out: set[str] = set()
    for node in [*nodes_of(module, cst.Import), *nodes_of(module, cst.ImportFrom)]:
        if isinstance(node.names, cst.ImportStar):
            continue
        for alias in node.names:
            bound = alias.asname.name if alias.asname is not None else alias.name
            while isinstance(bound, cst.Attribute):
                bound = bound.value
            if isinstance(bound, cst.Name):
                out.add(bound.value)
    return out


def _targets(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(node, (cst.Tuple, cst.List)):
        return [e for el in node.elements for e in _targets(el.value)]
    return [node]


def check_consumer_state(fn: cst.FunctionDef, generator_body: cst.CSTNode, module: cst.Module | None,
                         threads: list[cst.Call]) -> None:
    """Refuse where the generator made of ``fn`` reads a name of its enclosing function (or module) that it
    changes after it starts ``fn``'s thread, in source order (``threads``: the ``threading.Thread(...)`` calls of
    the module)."""
    if module is None:
        return
    site: cst.CSTNode = module
    for outer in nodes_of(module, cst.FunctionDef):  # (source order: the innermost holder comes last)
        if outer is not fn and any(f is fn for f in nodes_of(outer, cst.FunctionDef)):
            site = outer
    own = bound_names(fn.body) | {p.name.value for p in fn.params.params}
    free = names_in(generator_body) - own - _imported(module)
    if not free:
        return
    inside = {id(n) for n in preorder(fn)}
    started = False
    for node in preorder(site):
        if id(node) in inside:
            continue
        if not started and isinstance(node, cst.Call) and any(node is t for t in threads) \
                and any(n.value == fn.name.value for n in nodes_of(node, cst.Name)):
            started = True
            continue
        if not started:
            continue
        for name in _changed(node):
            if name in free:
                _refuse(fn, f"`{name}`, which the code after its thread starts changes", node)


def check_class_consumer_state(module: cst.Module, cls: cst.ClassDef, feeder: cst.FunctionDef,
                               generator: cst.FunctionDef) -> None:
    """The class form of ``check_consumer_state``: refuse where the generator made of the feeding method reads an
    attribute of its instance (``self.level``) that code outside the class changes in a loop that runs a session
    (the consumer's loop: ``feeder.level += 1`` after each batch), or changes by a mutating call there."""
    if not feeder.params.params:
        return
    me = feeder.params.params[0].name.value
    read = {a.attr.value for a in nodes_of(generator, cst.Attribute)
            if isinstance(a.value, cst.Name) and a.value.value == me}
    if not read:
        return
    inside = {id(n) for n in preorder(cls)}
    for loop in [*nodes_of(module, cst.For), *nodes_of(module, cst.While)]:
        if id(loop) in inside or not any(last_name(c.func) == "run" for c in nodes_of(loop, cst.Call)):
            continue
        for node in preorder(loop):
            for target in _changed_attrs(node):
                if target in read:
                    _refuse(feeder, f"`{me}.{target}`, which the consumer's loop changes", node)


def _refuse(feeder: cst.FunctionDef, read: str, node: cst.CSTNode) -> None:
    """The refusal of a feeder that reads what the consumer changes (``read`` says what, ``node`` the change)."""
    what = cst.Module([]).code_for_node(node).strip().splitlines()[0]
    raise Refusal(f"`{feeder.name.value}` reads {read} (`{what}`): legacy's feeder runs beside the consumer and sees "
                  "those changes as they happen, a tf.data generator runs ahead of it in its own thread; not "
                  "rewritten (`migrate --to compat` keeps the thread)")


def _changed_attrs(node: cst.CSTNode) -> list[str]:
    """The attribute names ``node`` changes on some object: ``x.a = ...``, ``x.a += 1``, ``x.a.append(...)``,
    ``x.a[k] = ...``."""
    exprs: list[cst.BaseExpression] = []
    if isinstance(node, cst.Assign):
        exprs = [e for t in node.targets for e in _targets(t.target)]
    elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
        exprs = [node.target]
    elif isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value in MUTATORS:
        exprs = [node.func.value]
    out = []
    for e in exprs:
        while isinstance(e, cst.Subscript):
            e = e.value
        if isinstance(e, cst.Attribute):
            out.append(e.attr.value)
    return out
