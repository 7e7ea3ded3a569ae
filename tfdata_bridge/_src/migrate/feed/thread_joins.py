"""The feeding class's thread, kept on the instance by its starter and waited for by another method.

    def start(self, sess, data):
        self._thread = threading.Thread(target=self._feed, args=(sess, data))
        self._thread.start()

    def join(self):                         # def join(self):
        self._thread.join()                 #     # tfdata-bridge migrate: no thread to join ...
                                            #     pass

Once the starter makes no thread (``klass.py``), what only waited for it has nothing to wait for: a statement
that only joins the kept thread (``self._thread.join()``, ``self._thread.join(timeout)``), joins it behind a
check of it (``if self._thread is not None:``, ``if self._thread.is_alive():``), or joins each of a kept list
(``for t in self._threads: t.join()``) goes. A method left with nothing else stays, doing nothing, so every
caller (in any module, seen or not) still runs: ``mem.join()`` returns at once, as legacy's did once the
feeding was over. Any other read of the attribute (the thread handed on, returned, kept elsewhere, its
``name`` or ``ident``, an ``is_alive()`` whose answer is used) is refused, naming its line.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import is_docstring, nodes_of, Refusal
from tfdata_bridge._src.migrate.feed.loop import runs
from tfdata_bridge._src.migrate.feed.members import contains, instance_uses, methods_of, self_assign, self_attr


def thread_joins(index, module: cst.Module, cls: cst.ClassDef, starter: cst.FunctionDef, init: cst.FunctionDef,
                 feeder: cst.FunctionDef, removed: list, replaced: dict, kept_args: bool = True,
                 session: str | None = None, going: tuple = ()) -> list[str]:
    """The attributes the starter keeps its thread(s) in whose every other read only joins them: those
    statements go (``removed``), a method left with nothing else does nothing (``replaced``). Returns the
    attributes (gone from the instance: another module's reads are refused, ``across_calls.py``); raises
    ``Refusal`` naming the line of any other read. ``kept_args``: the starter keeps its threads' arguments now
    (its every statement goes): any other attribute it set and another method reads is refused too, but for
    ``session``, the attribute the feeding method ran the enqueue on (that method is a generator now), and reads
    in ``going``, statements that go with the rewrite (a countdown of running threads: ``countdown.py``)."""
    me = starter.params.params[0].name.value if starter.params.params else "self"
    made = {t.target.value for a in nodes_of(starter, cst.Assign) if a.value in index.threads
            for t in a.targets if isinstance(t.target, cst.Name)}
    threadish = lambda v: v in index.threads or isinstance(v, cst.Name) and v.value in made or isinstance(  # noqa: E731
        v, cst.List) and all(isinstance(e.value, cst.Name) and e.value.value in made for e in v.elements) or \
        isinstance(v, cst.ListComp) and v.elt in index.threads
    assigned = {found[0]: found[1] for stmt in nodes_of(starter, cst.SimpleStatementLine)
                if (found := self_assign(stmt, me)) is not None}
    kept = {a for a, v in assigned.items() if threadish(v)}
    kept |= {attr for call in nodes_of(starter, cst.Call) if isinstance(call.func, cst.Attribute)
             and call.func.attr.value == "append" and (attr := self_attr(call.func.value, me)) is not None}
    stores = {id(t.target) for a in nodes_of(cls, cst.Assign) for t in a.targets}
    for attr in sorted(set(assigned) - kept) if kept_args else ():
        for use in instance_uses(module, cls, attr):  # (what the starter set, unset now: read nowhere else)
            if not (contains(starter, use) or contains(init, use) or id(use) in stores
                    or attr == session and contains(feeder, use) or any(contains(g, use) for g in going)):
                raise Refusal(f"`{attr}`, which `{starter.name.value}` sets, is read beyond it: the starter's "
                              "statements go with its threads")
    methods = methods_of(cls)
    out: list[str] = []
    touched: dict[str, cst.FunctionDef] = {}
    for attr in sorted(kept):
        reads = [u for u in instance_uses(module, cls, attr)
                 if not (contains(starter, u) or contains(init, u) or id(u) in stores)]
        for use in reads:
            method = next((m for m in methods.values() if contains(m, use)), None)
            self_name = method.params.params[0].name.value if method is not None and method.params.params else None
            top = next((s for s in (method.body.body if method is not None and isinstance(
                method.body, cst.IndentedBlock) else ()) if contains(s, use)), None)
            if top is None or not _joins_only(top, attr, self_name):
                at = _line_of(module, use, [u for u in reads if top is not None and contains(top, u)], attr,
                              self_name)
                raise Refusal(f"`{attr}`, which `{starter.name.value}` sets to what it starts, is read at line {at} "
                              "other than joined (handed on, returned, or its state used): it makes no thread "
                              "after the rewrite")
            if top not in removed:
                removed.append(top)
            touched[method.name.value] = method
        if reads:
            out.append(attr)
            # (its declaration, ``self._thread = None`` / ``self._threads = []`` in ``__init__``, goes too)
            init_me = init.params.params[0].name.value if init.params.params else "self"
            removed += [s for s in nodes_of(init, cst.SimpleStatementLine) if (found := self_assign(s, init_me))
                        is not None and found[0] == attr and (isinstance(found[1], cst.Name) and found[1].value
                        == "None" or isinstance(found[1], cst.List) and not found[1].elements)]
    note = cst.EmptyLine(comment=cst.Comment(
        f"# tfdata-bridge migrate: no thread to join: `{feeder.name.value}` is read by tf.data"))
    for method in touched.values():
        body = method.body.body
        rest = [s for s in body if s not in removed and not is_docstring(s) and not _none_store(s, method)]
        if rest:
            continue  # (what else it does stays; the joins alone go)
        doc = [s for s in body[:1] if is_docstring(s)]
        removed[:] = [s for s in removed if not any(s is b for b in body)]
        replaced[method] = [method.with_changes(body=method.body.with_changes(
            body=[*doc, cst.SimpleStatementLine([cst.Pass()], leading_lines=[note])]))]
    return out


def _line_of(module: cst.Module, use: cst.Attribute, in_top: list[cst.Attribute], attr: str, me: str | None):
    """The line of the read that is no join: of ``use``'s statement, the first of its reads that is neither
    ``X.join(...)`` nor ``X`` in a check (``is not None``, ``is_alive()``)."""
    from libcst.metadata import PositionProvider

    from tfdata_bridge._src.migrate.calls import wrapped

    pos = wrapped(module).resolve(PositionProvider)
    joins = {id(c.func.value) for c in nodes_of(module, cst.Call) if isinstance(c.func, cst.Attribute)
             and c.func.attr.value in ("join", "is_alive", "isAlive")}
    checks = {id(c.left) for c in nodes_of(module, cst.Comparison)}
    bad = next((u for u in in_top if id(u) not in joins and id(u) not in checks), use)
    return pos[bad].start.line if bad in pos else "?"


def _none_store(stmt, method: cst.FunctionDef) -> bool:
    """``self._thread = None`` after the join: a store that reads nothing."""
    me = method.params.params[0].name.value if method.params.params else "self"
    found = self_assign(stmt, me)
    return found is not None and isinstance(found[1], cst.Name) and found[1].value == "None"


def _is_attr(node, attr: str, me: str | None) -> bool:
    return me is not None and self_attr(node, me) == attr


def _join_call(stmt, target) -> bool:
    """``X.join()``/``X.join(timeout)``/``X.join(timeout=t)`` as a statement, ``X`` matching ``target``."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    return isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "join" \
        and target(call.func.value) and len(call.args) <= 1 and not any(a.star for a in call.args) \
        and all(a.keyword is None or a.keyword.value == "timeout" for a in call.args) \
        and not any(target(n) for a in call.args for n in nodes_of(a, cst.CSTNode))


def _check(test, target) -> bool:
    """``X``, ``X is not None``, ``X.is_alive()``, ``not X``-free ``and`` of those: a check of the thread alone."""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _check(test.left, target) and _check(test.right, target)
    if target(test):
        return True
    if isinstance(test, cst.Comparison) and target(test.left) and len(test.comparisons) == 1:
        c = test.comparisons[0]
        return isinstance(c.operator, cst.IsNot) and isinstance(c.comparator, cst.Name) and \
            c.comparator.value == "None"
    return isinstance(test, cst.Call) and not test.args and isinstance(test.func, cst.Attribute) and \
        test.func.attr.value in ("is_alive", "isAlive") and target(test.func.value)


def _joins_only(stmt, attr: str, me: str | None, target=None) -> bool:
    """``stmt`` only joins the kept thread (or each of the kept list), perhaps behind a check of it."""
    target = target or (lambda node: _is_attr(node, attr, me))
    if isinstance(stmt, cst.SimpleStatementLine):
        return _join_call(stmt, target)
    body = stmt.body.body if isinstance(getattr(stmt, "body", None), cst.IndentedBlock) else None
    if isinstance(stmt, cst.If) and stmt.orelse is None and body:
        return _check(stmt.test, target) and all(_joins_only(s, attr, me, target) for s in body)
    if isinstance(stmt, cst.For) and stmt.orelse is None and body and target(stmt.iter) \
            and isinstance(stmt.target, cst.Name) and stmt.asynchronous is None:
        name = stmt.target.value
        each = lambda node: isinstance(node, cst.Name) and node.value == name  # noqa: E731
        return all(_joins_only(s, attr, me, each) for s in body)
    return False


def session_guarded_closes(cls: cst.ClassDef, starter: cst.FunctionDef, skip: tuple, is_close) -> list:
    """``if self.sess: self.sess.run(<the queue's close>)`` (``is not None`` too) in a method of the class other
    than the starter and ``skip``, ``self.sess`` an attribute the starter sets to its own session parameter (the
    first after ``self``): the close of a queue that is a dataset now, on a session no thread was given, goes with
    the check (``__init__``'s ``self.sess = None`` stays, so other reads still find it). ``is_close(op, me)``:
    ``op``, run in a method whose ``self`` is ``me``, closes the queue."""
    params = starter.params.params
    if len(params) < 2:
        return []
    me, sess = params[0].name.value, params[1].name.value
    attrs = {found[0] for stmt in nodes_of(starter, cst.SimpleStatementLine) if (found := self_assign(stmt, me))
             is not None and isinstance(found[1], cst.Name) and found[1].value == sess}
    out = []
    for method in methods_of(cls).values():
        if method is starter or any(method is m for m in skip) or not method.params.params:
            continue
        mine = method.params.params[0].name.value
        for branch in nodes_of(method, cst.If):
            test = branch.test
            if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(
                    test.comparisons[0].operator, cst.IsNot) and isinstance(test.comparisons[0].comparator, cst.Name) \
                    and test.comparisons[0].comparator.value == "None":
                test = test.left
            attr = self_attr(test, mine)
            body = branch.body.body if isinstance(branch.body, cst.IndentedBlock) else ()
            if attr in attrs and branch.orelse is None and body and all(
                    (call := runs(s)) is not None and self_attr(call.func.value, mine) == attr and len(call.args) == 1
                    and call.args[0].keyword is None and is_close(call.args[0].value, mine) for s in body):
                out.append(branch)
    return out
