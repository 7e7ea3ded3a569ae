"""The reason for a batch whose tensor list grows inside an ``if`` or a loop before the batch (round 17).

    tensors = [doc_id, text, topic]
    if options.with_length:
        tensors.append(tf.size(words))
    return tf.train.batch(tensors, ...)

The recogniser follows straight-line code back from the batch; a list changed inside a block it cannot move into
the per-element function with the rest is left, and the reason says that (it said "`text` is also used outside
the pipeline", naming a name the list's own growth read).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, nodes_of, Refusal

_GROW = frozenset({"append", "extend", "insert", "__setitem__"})


def refuse_grown_list(block: list[cst.BaseStatement], tensors: cst.BaseExpression, api: str,
                      line_of=None) -> None:
    """Refused where ``tensors`` (the batch's list, by name) is grown inside a compound statement of ``block``."""
    if not isinstance(tensors, cst.Name):
        return
    name = tensors.value
    for stmt in block:
        if not isinstance(stmt, cst.If):  # (a loop's list of readers or copies is a join's: join_lists.py)
            continue
        for call in nodes_of(stmt, cst.Call):
            func = call.func
            if isinstance(func, cst.Attribute) and func.attr.value in _GROW and isinstance(func.value, cst.Name) \
                    and func.value.value == name:
                kind = type(stmt).__name__.lower()
                where = line_of(stmt) if line_of is not None else None
                raise Refusal(f"the list `{name}` batched by this `{api}` grows by `{name}.{func.attr.value}(...)` "
                              f"inside an `{kind}` statement{f' at line {where}' if where else ''}: the rewrite "
                              "moves straight-line per-element code into the map function, not a list grown "
                              "under a condition; build the list in straight code (`tensors = [a, b] + ([c] if "
                              "flag else [])`) or keep the queue (`migrate --to compat`)")





def straighten_grown_lists(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each list batched whole and grown under an ``if`` written in straight code:

        tensors = [doc_id, text]                      tensors = [doc_id, text]
        if options.with_length:               ->      tensors = tensors + ([tf.size(words)] if options.with_length
            tensors.append(tf.size(words))                                 else [])

    the same list, element for element, where the ``if`` holds nothing but ``append`` / ``extend`` of that list, has
    no ``else``, and its test calls nothing (it is evaluated once, where it was); the list is made by a literal in the
    same block and read by nothing but its growth and the batch calls (no other name holds it, so a new list object
    changes nothing). The same module object where there is none."""
    if ".append(" not in code_of(module) and ".extend(" not in code_of(module):
        return module
    changes: dict[int, cst.BaseStatement] = {}
    for holder in [module, *nodes_of(module, cst.FunctionDef)]:
        body = holder.body if isinstance(holder, cst.Module) else \
            holder.body.body if isinstance(holder.body, cst.IndentedBlock) else ()
        for blockish in [body, *(b.body for b in nodes_of(holder, cst.IndentedBlock)
                                 if not isinstance(holder, cst.Module) or b is not None)]:
            _straighten_block(holder, list(blockish), changes)
    if not changes:
        return module
    return module.visit(_Put(changes))


def _straighten_block(holder: cst.CSTNode, block: list, changes: dict) -> None:
    made: set[str] = set()
    for stmt in block:
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign) \
                and len(stmt.body[0].targets) == 1 and isinstance(stmt.body[0].targets[0].target, cst.Name) \
                and isinstance(stmt.body[0].value, cst.List) and len(stmt.body[0].value.elements) >= 2:
            # (two or more from the start: legacy's batch gives a list whatever is added, never one bare tensor)
            made.add(stmt.body[0].targets[0].target.value)
            continue
        if id(stmt) in changes or not isinstance(stmt, cst.If):
            continue
        grown = _grown(stmt)
        if grown is None or grown[0] not in made or not _only_grown_and_batched(holder, grown[0]):
            continue
        name, elements = grown
        value = cst.BinaryOperation(cst.Name(name), cst.Add(), cst.IfExp(
            test=stmt.test, body=cst.List(elements), orelse=cst.List([]),
            lpar=[cst.LeftParen()], rpar=[cst.RightParen()]))
        changes[id(stmt)] = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(name))], value)],
                                                    leading_lines=stmt.leading_lines)


def _grown(stmt: cst.If) -> tuple[str, list] | None:
    """(the list, its new elements) of an ``if`` holding only ``name.append(x)`` / ``name.extend(xs)``."""
    if stmt.orelse is not None or nodes_of(stmt.test, cst.Call) or nodes_of(stmt.test, cst.NamedExpr) or \
            not isinstance(stmt.body, cst.IndentedBlock):
        return None
    name, elements = None, []
    for s in stmt.body.body:
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        call = small.value if isinstance(small, cst.Expr) else None
        if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute)
                and call.func.attr.value in ("append", "extend") and isinstance(call.func.value, cst.Name)
                and len(call.args) == 1 and call.args[0].keyword is None and not call.args[0].star):
            return None
        if name not in (None, call.func.value.value):
            return None
        name = call.func.value.value
        arg = call.args[0].value
        elements.append(cst.Element(arg) if call.func.attr.value == "append" else cst.StarredElement(arg))
    return (name, elements) if name is not None else None


def _only_grown_and_batched(holder: cst.CSTNode, name: str) -> bool:
    """Every read of ``name`` in ``holder`` is the receiver of an ``append``/``extend``, or the tensors of a batch
    call (``*batch*(name, ...)``)."""
    allowed: set[int] = set()
    for call in nodes_of(holder, cst.Call):
        func = call.func
        if isinstance(func, cst.Attribute) and func.attr.value in ("append", "extend") and \
                isinstance(func.value, cst.Name) and func.value.value == name:
            allowed.add(id(func.value))
        last = func.attr.value if isinstance(func, cst.Attribute) else func.value if isinstance(func, cst.Name) else ""
        if "batch" in last and call.args and isinstance(call.args[0].value, cst.Name) and \
                call.args[0].value.value == name:
            allowed.add(id(call.args[0].value))
    for assign in nodes_of(holder, cst.AssignTarget):
        allowed |= {id(n) for n in nodes_of(assign, cst.Name)}
    return all(id(n) in allowed for n in nodes_of(holder, cst.Name) if n.value == name)


class _Put(cst.CSTTransformer):
    def __init__(self, changes: dict) -> None:
        super().__init__()
        self.changes = changes

    def leave_If(self, original, updated):
        return self.changes.get(id(original), updated)


__all__ = ["refuse_grown_list", "straighten_grown_lists"]
