"""A feeding loop's coordinator, once the loop is a generator read by tf.data.

``if coord.should_stop(): break``, ``while not coord.should_stop():``, ``with coord.stop_on_exception():`` and
``try: ... finally: coord.request_stop()`` let a feeding thread end when the program stops, or tell the program
that the feeder ended; a generator is simply no longer pulled once the consumer stops, its end is the data's
end, and an exception in it reaches the consumer at ``get_next``. A coordinator the loop uses only so (a
parameter, ``self.coord``, a module-level name) loses those uses; what the threads passed for it goes with
them (then nothing keeps the program's ``Coordinator`` alive, and the plumbing pass removes it).

(Dropping the ``finally: request_stop()`` lets the consumer read to the end of the data; legacy stopped a
``while not coord.should_stop()`` consumer when the feeder ended, which reads everything only where the
consumer kept up: the rewrite delivers that outcome.)
"""

from __future__ import annotations

import libcst as cst
from libcst.helpers import get_full_name_for_node

from tfdata_bridge._src.migrate.calls import nodes_of

_CHECKS = ("should_stop", "stop_on_exception", "request_stop")


def _calls(expr: cst.CSTNode, name: str, method: str) -> bool:
    """``name.method()`` (``name`` dotted: ``coord``, ``self.coord``)."""
    return isinstance(expr, cst.Call) and not expr.args and isinstance(expr.func, cst.Attribute) \
        and expr.func.attr.value == method and get_full_name_for_node(expr.func.value) == name


def _is_check(stmt: cst.CSTNode, name: str) -> bool:
    """``if name.should_stop(): break`` (or ``return``), before it nothing but local flags set for the loops
    around to end too (``stop = True; break``: WaveNet's reader); the whole ``if`` runs only on a stop."""
    if not (isinstance(stmt, cst.If) and stmt.orelse is None and _calls(stmt.test, name, "should_stop")):
        return False
    smalls = [small for line in stmt.body.body if isinstance(line, cst.SimpleStatementLine) for small in line.body]
    if len(smalls) != sum(len(line.body) if isinstance(line, cst.SimpleStatementLine) else 1e9
                          for line in stmt.body.body) or not smalls:
        return False  # (a compound statement in it)
    *flags, last = smalls
    return (isinstance(last, cst.Break) or (isinstance(last, cst.Return) and last.value is None)) and all(
        isinstance(f, cst.Assign) and all(isinstance(t.target, cst.Name) for t in f.targets)
        and isinstance(f.value, (cst.Name, cst.Integer)) for f in flags)


def _stop_term(test: cst.BaseExpression, name: str) -> cst.BaseExpression | None:
    """The ``not name.should_stop()`` of a loop's test: the test itself, or a term of its ``and`` chain
    (``while start < len(rows) and not coord.should_stop():``)."""
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and \
            _calls(test.expression, name, "should_stop"):
        return test
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _stop_term(test.left, name) or _stop_term(test.right, name)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        # ``not (coord.should_stop() or self.stopped)``: the check, a term of the ``or`` under the ``not``
        return _or_term(test.expression, name)
    return None


def _or_term(test: cst.BaseExpression, name: str) -> cst.BaseExpression | None:
    if _calls(test, name, "should_stop"):
        return test
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _or_term(test.left, name) or _or_term(test.right, name)
    return None


def _without(test: cst.BaseExpression, term: cst.BaseExpression, kind=cst.And) -> cst.BaseExpression | None:
    """``test`` less the ``and`` term ``term`` (None where the test was that term alone)."""
    if test is term:
        return None
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) and isinstance(
            test.expression, cst.BooleanOperation) and isinstance(test.expression.operator, cst.Or):
        rest = _without(test.expression, term, cst.Or)  # (``not (stop or x)`` less ``stop``: ``not (x)``)
        return None if rest is None else test.with_changes(expression=rest if rest.lpar else rest.with_changes(
            lpar=[cst.LeftParen()], rpar=[cst.RightParen()]))
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, kind):
        left, right = _without(test.left, term, kind), _without(test.right, term, kind)
        if left is None or right is None:
            rest = right if left is None else left
            return rest.with_changes(lpar=test.lpar, rpar=test.rpar) if test.lpar and not rest.lpar else rest
        return test.with_changes(left=left, right=right)
    return test


def _is_loop(stmt: cst.CSTNode, name: str) -> bool:
    """``while not name.should_stop():``, or that check as a term of the test's ``and`` chain."""
    return isinstance(stmt, cst.While) and _stop_term(stmt.test, name) is not None


def _is_guard(stmt: cst.CSTNode, name: str) -> bool:
    return isinstance(stmt, cst.With) and len(stmt.items) == 1 and stmt.items[0].asname is None \
        and _calls(stmt.items[0].item, name, "stop_on_exception") and isinstance(stmt.body, cst.IndentedBlock)


def _is_final_stop(stmt: cst.CSTNode, name: str) -> bool:
    """``try: ... finally: name.request_stop()`` (the ``finally`` does nothing else)."""
    final = stmt.finalbody.body.body if isinstance(stmt, cst.Try) and stmt.finalbody is not None else ()
    return bool(final) and all(isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1
                               and isinstance(s.body[0], cst.Expr) and _calls(s.body[0].value, name, "request_stop")
                               for s in final)


def _is_report(handler: cst.CSTNode, name: str) -> bool:
    """``except Exception as e: name.request_stop(e)`` (the handler does nothing else): the exception reported
    to the coordinator, which raises it in the program's ``join``; from a generator it reaches ``get_next``.
    Also with a log before it (``_logged``)."""
    body = handler.body.body if isinstance(handler, cst.ExceptHandler) and isinstance(
        handler.body, cst.IndentedBlock) else ()
    if len(body) == 2 and _logged(body[0], name) is not None:
        body = body[1:]
    if len(body) == 1 and _unless_none(body[0], name):  # ``if name is not None: name.request_stop(e)``
        body = body[0].body.body
    small = body[0].body[0] if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) \
        and len(body[0].body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
        call.func.attr.value == "request_stop" and get_full_name_for_node(call.func.value) == name and \
        len(call.args) <= 1 and all(a.keyword is None and not a.star for a in call.args)


def _unless_none(stmt: cst.CSTNode, name: str) -> bool:
    """``if name is not None:`` (or ``if name:``) over one statement, no ``else``: a coordinator the feeder may
    be given or not (``coord=None``), told of the error where it was."""
    if not (isinstance(stmt, cst.If) and stmt.orelse is None and isinstance(stmt.body, cst.IndentedBlock)
            and len(stmt.body.body) == 1):
        return False
    test = stmt.test
    if get_full_name_for_node(test) == name and isinstance(test, (cst.Name, cst.Attribute)):
        return True
    return isinstance(test, cst.Comparison) and get_full_name_for_node(test.left) == name and \
        len(test.comparisons) == 1 and isinstance(test.comparisons[0].operator, cst.IsNot) and \
        isinstance(test.comparisons[0].comparator, cst.Name) and test.comparisons[0].comparator.value == "None"


def _logged(stmt: cst.CSTNode, name: str) -> list[cst.BaseStatement] | None:
    """The log of ``if not name.should_stop(): traceback.print_exc()`` (Tacotron's feeder: the error printed
    unless the program stopped first; expression statements only, no ``else``) before a report: its body. An
    unconditional log (``traceback.print_exc()``, expression statements not reading ``name``) is itself."""
    if isinstance(stmt, cst.SimpleStatementLine) and all(isinstance(b, cst.Expr) for b in stmt.body) \
            and not refs(stmt, name):
        return [stmt]
    if not (isinstance(stmt, cst.If) and stmt.orelse is None and isinstance(stmt.test, cst.UnaryOperation)
            and isinstance(stmt.test.operator, cst.Not) and _calls(stmt.test.expression, name, "should_stop")
            and isinstance(stmt.body, cst.IndentedBlock)):
        return None
    body = list(stmt.body.body)
    ok = body and all(isinstance(s, cst.SimpleStatementLine) and all(isinstance(b, cst.Expr) for b in s.body)
                      for s in body)
    return body if ok and not refs(stmt.body, name) else None


def refs(node: cst.CSTNode, name: str) -> list[cst.CSTNode]:
    """The references to ``name`` in ``node``: ``Name`` nodes (not attribute names) or ``self.x`` attributes."""
    if "." in name:
        return [a for a in nodes_of(node, cst.Attribute) if get_full_name_for_node(a) == name]
    attrs = {id(a.attr) for a in nodes_of(node, cst.Attribute)}
    return [n for n in nodes_of(node, cst.Name) if n.value == name and id(n) not in attrs]


def only_checked(body: cst.CSTNode, name: str) -> bool:
    """``name`` is used in ``body``, and only by the coordinator forms above."""
    allowed: set[int] = set()
    for s in nodes_of(body, cst.CSTNode):
        part = s if _is_check(s, name) else _stop_term(s.test, name) if _is_loop(s, name) else s.items[0] if _is_guard(s, name) \
            else s.finalbody if _is_final_stop(s, name) else s.body if _is_report(s, name) else None
        if part is not None:
            allowed |= {id(n) for n in refs(part, name)}
    uses = refs(body, name)
    return bool(uses) and all(id(n) in allowed for n in uses)


def coordinator_params(fn: cst.FunctionDef, keep: str) -> list[str]:
    """The parameters (``keep`` aside, no default) used in ``fn`` only by the coordinator forms above."""
    return [p.name.value for p in fn.params.params
            if p.name.value != keep and p.default is None and only_checked(fn.body, p.name.value)]


def checked_names(fn: cst.FunctionDef) -> list[str]:
    """Every receiver of ``X.should_stop()`` / ``stop_on_exception()`` / ``request_stop()`` in ``fn``, dotted
    (``coord``, ``self.coord``), used only by the coordinator forms above."""
    found: list[str] = []
    for call in nodes_of(fn.body, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in _CHECKS:
            name = get_full_name_for_node(call.func.value)
            if name and name not in found and only_checked(fn.body, name):
                found.append(name)
    return found


def sites_note(feeder: cst.FunctionDef, yields: int, dropped: list[str]) -> str:
    """What the comment adds for a feeder of several enqueue sites (each a yield, in the order legacy ran them)
    and for a ``with X.stop_on_exception():`` guard that goes (``X`` among ``dropped``)."""
    note = f"; its enqueue, run at {yields} sites, is a yield at each, in the order legacy ran them" if yields > 1 \
        else ""
    guards = [n for n in dropped if any(_is_guard(w, n) for w in nodes_of(feeder.body, cst.With))]
    if guards:
        note += ("; the coordinator's exception guard around the loop goes: an exception in the generator reaches "
                 "`get_next`, and the generator's end is the data's end")
    return note


class DropChecks(cst.CSTTransformer):
    def __init__(self, names: list[str]) -> None:
        super().__init__()
        self.names = names

    def leave_If(self, original, updated):
        return cst.RemovalSentinel.REMOVE if any(_is_check(original, n) for n in self.names) else updated

    def leave_While(self, original, updated):
        test = original.test
        for n in self.names:
            term = _stop_term(test, n) if test is not None else None
            if term is not None:
                test = _without(test, term)
        return updated if test is original.test else updated.with_changes(test=test or cst.Name("True"))

    def leave_With(self, original, updated):
        if any(_is_guard(original, n) for n in self.names):
            body = list(updated.body.body)  # (libcst indents by nesting: the statements move as they are)
            return cst.FlattenSentinel(body) if body else cst.RemovalSentinel.REMOVE
        return updated

    def leave_Try(self, original, updated):
        # a report with a log keeps the log and raises: the error reaches ``get_next``, printed as before
        logged = {id(o): log for o in original.handlers for n in self.names
                  if _is_report(o, n) and len(o.body.body) == 2 and (log := _logged(o.body.body[0], n))}
        if logged:
            handlers = [h.with_changes(body=h.body.with_changes(body=[
                *logged[id(o)], cst.SimpleStatementLine([cst.Raise()])])) if id(o) in logged else h
                for h, o in zip(updated.handlers, original.handlers)]
            return updated.with_changes(handlers=handlers) if not any(
                _is_final_stop(original, n) for n in self.names) else updated.with_changes(handlers=handlers,
                                                                                         finalbody=None)
        kept = [h for h, o in zip(updated.handlers, original.handlers) if not any(_is_report(o, n) for n in self.names)]
        if len(kept) < len(original.handlers):
            if kept or updated.finalbody is not None:
                updated = updated.with_changes(handlers=kept, orelse=updated.orelse if kept else None)
                if not kept and original.orelse is not None:  # (an else runs after the body when nothing raised)
                    updated = updated.with_changes(body=updated.body.with_changes(
                        body=[*updated.body.body, *original.orelse.body.body]))
            else:
                body = [*updated.body.body, *(updated.orelse.body.body if updated.orelse is not None else ())]
                return cst.FlattenSentinel(body) if body else cst.RemovalSentinel.REMOVE
        if not any(_is_final_stop(original, n) for n in self.names):
            return updated
        if updated.handlers or updated.orelse is not None:
            return updated.with_changes(finalbody=None)
        body = list(updated.body.body)
        return cst.FlattenSentinel(body) if body else cst.RemovalSentinel.REMOVE
