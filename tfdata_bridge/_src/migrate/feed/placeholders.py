"""What a fed queue's enqueue takes, in the function form: its placeholders (a literal list, a name bound to
one, one placeholder bare, or a list made by a comprehension and fed by ``dict(zip(...))``), and the queue's
arguments that name module-level literal lists (``DTYPES``), read as those lists."""

from __future__ import annotations

from collections import Counter

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, nodes_of, target_names
from tfdata_bridge._src.migrate.feed.derived import enqueued_held
from tfdata_bridge._src.migrate.feed.queue import by_names, enqueued, queue_names
from tfdata_bridge._src.migrate.feed.wraps import unwrapped


def enqueued_placeholders(finder, ecall: cst.Call, body, plan, components: int) -> tuple[list[str], list]:
    """The names the enqueue takes (a literal list, or a name bound once to one), each a ``placeholder``
    made once in the block, and their ``placeholder(...)`` calls; their statements into ``plan.removed``."""
    items = by_names(enqueued(ecall), queue_names(finder.queue_arguments))
    if isinstance(items, cst.Call) and isinstance(items.func, cst.Name) and items.func.value in ("list", "tuple") \
            and len(items.args) == 1 and items.args[0].keyword is None and not items.args[0].star and \
            isinstance(items.args[0].value, cst.Name):
        items = items.args[0].value  # (``enqueue(list(phs))``: the same values as ``phs``, a literal's name below)
    holder = enqueued_held(finder, items, body) if items is not None else None
    if holder is not None:  # ``[p for p in d.values()]``, ``list(d.values())``, a list of them (``derived.py``)
        if len(holder.keys) != components:
            raise Refusal(f"`{holder.name}` holds {len(holder.keys)} placeholders for {components} queue components")
        finder.list_name, finder.held = holder.name, holder
        plan.removed.extend(holder.stmts)
        return holder.refs(), holder.calls
    if isinstance(items, cst.Name):  # inputs = [x, y]; queue.enqueue(inputs)
        lists = [st for st in body if assigned(st) == [items.value]]
        if len(lists) == 1 and isinstance(lists[0].body[0].value, (cst.List, cst.Tuple)):
            finder.list_name = items.value
            plan.removed.append(lists[0])
            items = lists[0].body[0].value
        elif len(lists) == 1 and components > 1 and isinstance(lists[0].body[0].value, cst.ListComp) and \
                finder.index.paths.get(lists[0].body[0].value.elt, "") == "placeholder":
            return _made_in_comprehension(finder, items.value, lists[0], plan, components)
        elif len(lists) == 1 and components == 1:  # queue.enqueue(x): one component, its placeholder
            items = cst.List([cst.Element(items)])
    # (``tf.cast(x, tf.int32)``, ``tf.sparse.to_dense(sp)`` of a placeholder made in the block: a ``map``, ``wraps.py``)
    made = {assigned(s)[0]: s for s in body if isinstance(s, cst.SimpleStatementLine) and len(assigned(s)) == 1
            and (finder.index.paths.get(getattr(s.body[0], "value", None), "") or "") in (
                "placeholder", "sparse_placeholder")}
    # (``n = tf.shape(x)[0]`` read by the enqueue alone, beside ``x``: a component the ``map`` computes, ``wraps.py``)
    reads = Counter(n.value for s in body for n in nodes_of(s, cst.Name))
    bound = {assigned(s)[0]: s for s in body if len(assigned(s)) == 1 and isinstance(s.body[0].targets[0].target,
             cst.Name) and reads[assigned(s)[0]] == 2 and sum(assigned(o) == assigned(s) for o in body) == 1}
    derived: list = []
    items, finder.wraps = unwrapped(finder.index, items, None, made, bool(queue_names(finder.queue_arguments)),
                                    bound, derived)
    plan.removed.extend(derived)
    if not isinstance(items, (cst.List, cst.Tuple)) or not all(isinstance(e.value, cst.Name) for e in items.elements):
        made_by = [s.body[0].value for s in body if isinstance(items, cst.Name) and assigned(s) == [items.value]]
        if len(made_by) == 1 and isinstance(made_by[0], cst.Call):
            helper = cst.Module([]).code_for_node(made_by[0].func)
            raise Refusal(f"enqueue takes `{items.value}`, the placeholders `{helper}(...)` returns; such a helper "
                          "is followed only where it is called once in the tree and is made of `placeholder` lines "
                          "ending in `return` of them; make the placeholders in this block, or call it once")
        raise Refusal("enqueue does not take a literal list of placeholders")
    placeholders = [e.value.value for e in items.elements]
    if len(placeholders) != components:
        raise Refusal("enqueue's list does not have one placeholder per queue component")
    calls = []
    for name in placeholders:
        defs = [s for s in body if assigned(s) == [name]]
        sparse = len(defs) == 1 and finder.index.paths.get(defs[0].body[0].value, "") == "sparse_placeholder"
        if sparse and placeholders.index(name) not in finder.wraps:
            raise Refusal(f"the queue takes the sparse placeholder `{name}` itself (a queue holds dense tensors): "
                          "not rewritten")
        if len(defs) != 1 or finder.index.paths.get(defs[0].body[0].value, "") not in ("placeholder",) and not sparse:
            raise Refusal(f"`{name}` is not a `placeholder` made once in the same block")
        plan.removed.append(defs[0])
        calls.append(defs[0].body[0].value)
    return placeholders, calls

def constants_in(finder, call: cst.Call, at: cst.SimpleStatementLine) -> cst.Call:
    """The queue's call with its arguments that name a module-level literal list (``DTYPES = [tf.float32,
    tf.int64]``, bound once) replaced by that list: the generator's signature is read from them."""
    if finder.scopes is None:
        return call
    args = []
    for arg in call.args:
        value = arg.value
        if isinstance(value, cst.Name):
            stmt = finder.scopes.single_assignment(at, value.value)
            scope = finder.scopes.scope(at)
            found = list(scope[value.value]) if scope is not None else []
            if stmt is None and len(found) == 1 and isinstance(getattr(found[0], "node", None), cst.Name):
                stmt = finder.index.owners.get(id(found[0].node))
                if stmt is not None and found[0].scope is not scope and stmt not in finder.index.blocks[0]:
                    stmt = None  # (only a module-level binding, read from a function)
            small = stmt.body[0] if stmt is not None and len(stmt.body) == 1 else None
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(
                    small.targets[0].target, cst.Name) and isinstance(small.value, (cst.List, cst.Tuple)):
                arg = arg.with_changes(value=small.value)
        args.append(arg)
    return call.with_changes(args=args)

def _made_in_comprehension(finder, name: str, stmt: cst.SimpleStatementLine, plan, components: int
                           ) -> tuple[list[str], list]:
    """``phs = [tf.placeholder(d, s) for d, s in zip(DTYPES, SHAPES)]``, fed as ``dict(zip(phs, values))``:
    the values in order (``loop.py``); the shapes are the queue's (a comprehension's are its loop's names)."""
    if not isinstance(finder.queue_arguments.get("shapes"), (cst.List, cst.Tuple)) \
            or len(finder.queue_arguments["shapes"].elements) != components:
        raise Refusal(f"the placeholders `{name}` are made in a comprehension and the queue gives no literal "
                      "shapes= to read theirs from; give the queue shapes=[...]")
    finder.list_name = name
    plan.removed.append(stmt)
    return [f"{name}[{j}]" for j in range(components)], [stmt.body[0].value.elt] * components


def assigned(stmt: cst.CSTNode) -> list[str]:
    """The names ``stmt`` binds when it is one plain assignment (``a = ...``, ``a, b = ...``), else ``[]``."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return []
    small = stmt.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return target_names(small.targets[0].target) or []
    return []
