"""Recognise the feeding loop and turn it into a generator, in a function or a method alike.

``sess.run(ENQUEUE, feed_dict={P1: v1, P2: v2})`` becomes ``yield (v1, v2)`` (``feed_dict=dict(zip([P1, P2],
values))`` yields the values in order), a run of the queue's close goes (the generator's end is the data's end),
and anything else the loop does with the session is refused. The enqueue may run at several sites (a chunked
feeder's full chunk in its loop, the remainder after it, branches of nested ``if``): each is a ``yield`` of the
same structure (the placeholders' order), so the generator delivers legacy's order, the order of those runs; a run
in a function, lambda or class defined inside the feeder is refused (its ``yield`` would not be the generator's),
and so is a run of the enqueue on another session. What ``ENQUEUE`` and ``Pi`` look like is the form's business:
a name in the function form, ``self.attr`` in the class form; ``key`` says which op a node names.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tfdata_bridge._src.migrate.calls import fresh_name, names_in, nodes_of, Refusal, target_names

Key = Callable[[cst.BaseExpression], "str | None"]


def name_key(node: cst.BaseExpression) -> str | None:
    """The function form's key: ``x`` for the name ``x``."""
    return node.value if isinstance(node, cst.Name) else None


def is_obj(node: cst.CSTNode, obj: str) -> bool:
    """``node`` is ``obj``: a name, or ``self.attr`` for ``"self.attr"`` (a session kept on the instance)."""
    if "." not in obj:
        return isinstance(node, cst.Name) and node.value == obj
    owner, attr = obj.split(".", 1)
    return isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == owner \
        and node.attr.value == attr


def mentions(node: cst.CSTNode, obj: str) -> bool:
    """``node`` reads ``obj`` (a name, or ``self.attr``)."""
    if "." not in obj:
        return obj in names_in(node)
    return any(is_obj(a, obj) for a in nodes_of(node, cst.Attribute))


def method_call(stmt: cst.CSTNode, obj: str) -> tuple[str, cst.Call, list[str] | None] | None:
    """(method, call, assigned names) for ``[names =] obj.method(...)`` statements (``obj`` a name, or
    ``self.attr``)."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1):
        return None
    small = stmt.body[0]
    value = small.value if isinstance(small, (cst.Assign, cst.Expr)) else None
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and is_obj(value.func.value, obj)):
        return None
    names = target_names(small.targets[0].target) if isinstance(small, cst.Assign) and len(small.targets) == 1 \
        else None
    if isinstance(small, cst.Assign) and names is None:
        return None
    return value.func.attr.value, value, names


def is_falsy_constant(node: cst.BaseExpression | None) -> bool:
    """``False``, ``None`` or ``0``."""
    return isinstance(node, cst.Name) and node.value in ("False", "None") or \
        isinstance(node, cst.Integer) and node.value == "0"


def runs(stmt: cst.CSTNode) -> cst.Call | None:
    """The call of ``<x>.run(...)`` that is the whole statement, or None."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return None
    call = stmt.body[0].value
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "run" \
            and call.args:
        return call
    return None


def is_close_call(op: cst.BaseExpression, queue: Callable[[cst.BaseExpression], bool]) -> bool:
    """``Q.close()`` / ``Q.close(cancel_pending_enqueues=...)`` made inline in a ``run``, ``queue(Q)`` true."""
    return isinstance(op, cst.Call) and isinstance(op.func, cst.Attribute) and op.func.attr.value == "close" \
        and queue(op.func.value)


def runs_close_of(stmt: cst.CSTNode, queue: str) -> bool:
    call = runs(stmt)
    return call is not None and len(call.args) == 1 and is_close_call(call.args[0].value,
                                                                       lambda q: name_key(q) == queue)


# the session an op's own ``run`` uses (``enqueue_op.run(feed_dict=...)``, ``close_op.run()``): the default one
# (``with sess.as_default():``); ``default_runs`` spells such a run ``DEFAULT_SESSION.run(op, ...)``, so the loop
# reads it as one more session's (a name no program binds: a rewrite that left it would be refused)
DEFAULT_SESSION = "__tfdata_bridge_default_session__"
_OP_RUN_KEYWORDS = ("feed_dict", "session")


def op_run(stmt: cst.CSTNode) -> cst.Call | None:
    """The call of ``<op>.run()`` / ``<op>.run(feed)`` / ``<op>.run(feed_dict=feed)`` that is the whole statement
    (``Operation.run``'s arguments: a feed, a session by keyword), or None."""
    if not (isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr)):
        return None
    call = stmt.body[0].value
    if not (isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and call.func.attr.value == "run"):
        return None
    args = call.args
    if any(a.star for a in args) or len(args) > 2 or any(a.keyword is not None and a.keyword.value
                                                           not in _OP_RUN_KEYWORDS for a in args) \
            or any(a.keyword is None for a in args[1:]):
        return None
    return call


class _DefaultRuns(cst.CSTTransformer):
    def __init__(self, is_op: Callable[[cst.BaseExpression], bool]) -> None:
        super().__init__()
        self.is_op = is_op
        self.found = 0

    def leave_SimpleStatementLine(self, original, updated):
        call = op_run(original)
        if call is None or not self.is_op(call.func.value):
            return updated
        if any(a.keyword is not None and a.keyword.value == "session" for a in call.args):
            return updated  # (an op run on a session it is handed: that session's run, not read here)
        self.found += 1
        feed = [a.with_changes(keyword=cst.Name("feed_dict"), equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")))
            for a in call.args]
        new = cst.Call(cst.Attribute(cst.Name(DEFAULT_SESSION), cst.Name("run")),
                       [cst.Arg(call.func.value, comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
                        if feed else cst.Arg(call.func.value), *feed])
        return updated.with_changes(body=[updated.body[0].with_changes(value=new)])


def runs_beyond(body: cst.CSTNode) -> str | None:
    """The first ``X.run(...)`` / ``X.eval(...)`` left in a generator made from a feeder that ran its ops on the
    default session (its enqueue and close are yields and gone by then): what else it ran there, or None. A session
    it reads for nothing but ``as_default()`` is no such run."""
    for call in nodes_of(body, cst.Call):
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in ("run", "eval"):
            return cst.Module([]).code_for_node(call)
    return None


def check_default_runs(name: str, body: cst.CSTNode, sess: str) -> None:
    """Refuses the generator body made from feeder ``name`` where it still runs something on the default session:
    the enqueue op other than as the loop's enqueue and close, or (a feeder on ``DEFAULT_SESSION``) any other run
    beside them (``runs_beyond``)."""
    if mentions(body, DEFAULT_SESSION):
        raise Refusal(f"`{name}` runs the enqueue op on the default session other than as the feeding loop's enqueue "
                      "and close")
    if sess == DEFAULT_SESSION and (other := runs_beyond(body)):
        raise Refusal(f"`{name}` runs its enqueue op on the default session and runs `{other}` beside it: only the "
                      "enqueue and the close are followed there; not rewritten")


def default_runs(node: cst.CSTNode, is_op: Callable[[cst.BaseExpression], bool]) -> tuple[cst.CSTNode, int]:
    """``node`` with each ``<op>.run(feed_dict=...)`` statement of an op ``is_op`` says is the queue's (its enqueue,
    a close) spelled ``DEFAULT_SESSION.run(<op>, feed_dict=...)``, and how many there were."""
    rewriter = _DefaultRuns(is_op)
    return node.visit(rewriter), rewriter.found


def session_of(stmt: cst.CSTNode, op: str, key: Key = name_key) -> str | None:
    """``sess`` for the statement ``sess.run(op, ...)``."""
    call = runs(stmt)
    if call is None or not isinstance(call.func.value, cst.Name):
        return None
    return call.func.value.value if key(call.args[0].value) == op else None


_PASSES_ON = ("closes the queue on a pass of a loop that goes on after it (no `break` / `return` after the close): "
              "legacy's next pass would find the queue closed (its enqueue fails, the thread ends), the generator's "
              "would feed again or loop without yielding (the migrated program would hang); not rewritten")


def _until_flag(loop: cst.While) -> str | None:
    """``stop`` for ``while not stop:`` with no ``else``; None otherwise."""
    test = loop.test
    if loop.orelse is None and isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) \
            and isinstance(test.expression, cst.Name):
        return test.expression.value
    return None


def _flag_set_before(body: list[cst.BaseStatement], flag: str | None) -> bool:
    """``flag = True`` a statement of ``body`` itself (every pass runs it), and nothing after it in ``body`` binds
    ``flag`` again or ``continue``s: the loop's test ends the loop after this pass (``while not stop:``)."""
    if flag is None:
        return False
    at = [k for k, stmt in enumerate(body) if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1
          and isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1
          and isinstance(stmt.body[0].targets[0].target, cst.Name) and stmt.body[0].targets[0].target.value == flag
          and isinstance(stmt.body[0].value, cst.Name) and stmt.body[0].value.value == "True"]
    if not at:
        return False
    after = body[at[-1] + 1:]
    for stmt in after:
        if flag in names_in(stmt) or nodes_of(stmt, cst.Continue) or nodes_of(stmt, cst.Break):
            return False  # (read or bound again, or a pass cut short: not followed)
    return True


class ToGenerator(cst.CSTTransformer):
    """``sess.run(enqueue, feed_dict={P: v, ...})`` -> ``yield v``; a run of the close (``is_close``) goes.
    ``what`` names the feeding callable in refusals (``function`` / ``method``)."""

    def __init__(self, sess: str, enqueue: str, is_close: Callable[[cst.BaseExpression], bool],
                 placeholders: list[str], key: Key, what: str, list_name: str | None = None,
                 names: list[str] | None = None, zip_keys: Callable[[cst.BaseExpression], bool] | None = None,
                 taken: set[str] | None = None) -> None:
        super().__init__()
        # placeholders held by a dict or list (``derived.py``): which zipped keys are they, in order; the names
        # the feeding callable uses (a feed built by a comprehension is named before its yield)
        self.zip_keys, self.taken = zip_keys, taken
        self._before: cst.BaseSmallStatement | None = None
        self.sess, self.enqueue, self.is_close, self.placeholders = sess, enqueue, is_close, placeholders
        self.key, self.what, self.list_name = key, what, list_name
        self.names = names  # a queue with ``names=``: a yield is a dict of them
        self.yields = 0
        self.closes = 0
        self.closed_last = False
        self.refusal = ""
        self._close_ids: set[int] = set()
        self.ended = 0  # closes followed at once by ``break`` / ``return``: the loop ends there
        self.valued_end = False  # one of them is ``return False`` (``None``, ``0``): its caller must stop on it
        self._nested = 0  # inside a function, lambda or class defined in the feeding callable
        self._loop_bodies: set[int] = set()  # the blocks run on every pass of a ``for`` / ``while``
        self._flagged: dict[int, str] = {}  # ``while not stop:`` bodies (in no other loop): the flag that ends them
        self._loops = 0  # the loops the visit is in

    def visit_For(self, node):
        self._loop_bodies.add(id(node.body))
        self._loops += 1

    def visit_While(self, node):
        self._loop_bodies.add(id(node.body))
        if not self._loops and (flag := _until_flag(node)) is not None:  # (a loop around it would come back)
            self._flagged[id(node.body)] = flag
        self._loops += 1

    def visit_FunctionDef(self, node):
        self._nested += 1

    def leave_FunctionDef(self, original, updated):
        self._nested -= 1
        return updated

    def visit_ClassDef(self, node):
        self._nested += 1

    def leave_ClassDef(self, original, updated):
        self._nested -= 1
        return updated

    def visit_Lambda(self, node):
        self._nested += 1

    def leave_Lambda(self, original, updated):
        self._nested -= 1
        return updated

    def leave_SimpleStatementLine(self, original, updated):
        if self._nested and mentions(original, self.sess):
            self.refusal = (f"the feeding {self.what} runs `{self.sess}` in a function defined inside it: its "
                            "enqueue would not become the generator's yield")
            return updated
        hit = method_call(original, self.sess)
        if hit is None:
            other = runs(original)
            if other is not None and self.key(other.args[0].value) == self.enqueue:
                self.refusal = (f"the feeding {self.what} runs the enqueue on another session than `{self.sess}`: "
                                f"`{cst.Module([]).code_for_node(other.func.value)}`")
                return updated
            if mentions(original, self.sess):
                self.refusal = f"the feeding {self.what} uses the session `{self.sess}` for more than the enqueue"
            return updated
        method, call, names = hit
        args = call.args
        if method != "run" or names or not args:
            self.refusal = f"the feeding {self.what} runs `{self.sess}.{method}` beyond the enqueue and close"
            return updated
        if self.is_close(args[0].value) and len(args) == 1:
            self.closes += 1
            self.closed_last = True
            self._close_ids.add(id(original))
            return cst.RemovalSentinel.REMOVE
        feed = args[1].value if len(args) == 2 and (args[1].keyword is None or args[1].keyword.value == "feed_dict") \
            else None
        if self.key(args[0].value) != self.enqueue:
            self.refusal = (f"the feeding {self.what} runs something other than the enqueue (with a feed_dict) and "
                            f"close: `{cst.Module([]).code_for_node(args[0].value)}` goes beyond the enqueue and close")
            return updated
        value = self._fed(feed)
        if value is None:
            self.refusal = self.refusal or (f"the feeding {self.what} runs something other than the enqueue "
                                            "(with a feed_dict) and close")
            return updated
        self.yields += 1
        self.closed_last = False
        if self._before is not None:  # ``fed = {k: v for ...}`` then the yield of its values in order
            before, self._before = self._before, None
            return cst.FlattenSentinel([updated.with_changes(body=[before]),
                                        cst.SimpleStatementLine([cst.Expr(cst.Yield(value=value))])])
        return updated.with_changes(body=[cst.Expr(cst.Yield(value=value))])

    def leave_Try(self, original, updated):
        """``try: ... finally: sess.run(close_op)``: with the close gone, an empty ``finally`` goes too."""
        final = updated.finalbody
        if final is None or not isinstance(final.body, cst.IndentedBlock) or final.body.body:
            return updated
        if updated.handlers:
            return updated.with_changes(finalbody=None)
        body = [*updated.body.body, *(updated.orelse.body.body if updated.orelse is not None else ())]
        return cst.FlattenSentinel(body) if body else cst.RemovalSentinel.REMOVE

    def leave_For(self, original, updated):
        """``for ...: ... else: sess.run(close_op)`` (the close when the loop ran out): the ``else`` goes with it."""
        self._loops -= 1
        return self._no_empty_else(original, updated)

    def leave_While(self, original, updated):
        self._loops -= 1
        return self._no_empty_else(original, updated)

    def _no_empty_else(self, original, updated):
        before, after = original.orelse, updated.orelse
        if before is None or after is None or not isinstance(after.body, cst.IndentedBlock) or \
                not any(id(s) in self._close_ids for s in before.body.body):
            return updated
        if all(isinstance(s, cst.SimpleStatementLine) and all(isinstance(b, cst.Pass) for b in s.body)
               for s in after.body.body):
            return updated.with_changes(orelse=None)
        return updated

    def leave_IndentedBlock(self, original, updated):
        """``sess.run(close); break`` (or ``return``): the data end there, whatever the loop says after."""
        body = list(original.body)
        for k, stmt in enumerate(body[:-1]):
            after = body[k + 1]
            if id(stmt) in self._close_ids and isinstance(after, cst.SimpleStatementLine) and len(after.body) == 1 \
                    and (isinstance(after.body[0], cst.Break) or isinstance(after.body[0], cst.Return)
                         and after.body[0].value is None):
                self.ended += 1
            elif id(stmt) in self._close_ids and isinstance(after, cst.SimpleStatementLine) and len(after.body) == 1 \
                    and isinstance(after.body[0], cst.Return) and is_falsy_constant(after.body[0].value):
                # ``sess.run(close); return False``: the data end there; a caller driving the method in a loop
                # must stop on that value (``if not self.feed(): break``, ``thread_driver.py``)
                self.ended += 1
                self.valued_end = True
        if body and id(body[-1]) in self._close_ids and id(original) in self._loop_bodies:
            if _flag_set_before(body, self._flagged.get(id(original))):
                self.ended += 1  # (``stop = True`` then the close, last of ``while not stop:``: the loop ends there)
            else:
                self.refusal = _PASSES_ON  # (the close last on every pass: the next pass goes on)
        return updated

    def _fed(self, feed: cst.BaseExpression | None) -> cst.BaseExpression | None:
        """What one enqueue yields: the fed values in the placeholders' order, or None (refusal said)."""
        zipped = self._zipped(feed)
        n = len(self.placeholders)
        if zipped is not None and self.names:
            self.refusal = "the queue has names= and its feed_dict is zipped: not rewritten"
            return None
        if zipped is None and (comprehended := self._zip_comprehended(feed)) is not None:
            return comprehended  # ``{ph: v for ph, v in zip(phs, values)}``: values in order
        if zipped is not None:  # feed_dict=dict(zip([x, y], values)): values in order
            if isinstance(zipped, (cst.List, cst.Tuple)) and len(zipped.elements) == n \
                    and not any(isinstance(e, cst.StarredElement) for e in zipped.elements):
                return cst.Tuple([cst.Element(e.value) for e in zipped.elements])
            # (zip stops at the shorter: values beyond the placeholders were never fed)
            return cst.parse_expression(f"tuple({cst.Module([]).code_for_node(zipped)})[:{n}]")
        if isinstance(feed, cst.DictComp) and self.names and self.list_name is not None and \
                all(p.startswith(f"{self.list_name}['") for p in self.placeholders):  # (a dict of placeholders)
            return self._comprehended(feed)
        if isinstance(feed, cst.DictComp) and self.zip_keys is not None and not self.names:
            return self._picked(feed)
        if not isinstance(feed, cst.Dict):
            return None
        values = {}
        for el in feed.elements:
            key = self.key(el.key) if isinstance(el, cst.DictElement) else None
            if key is None:
                self.refusal = "the feed_dict is not keyed by the placeholders"
                return None
            values[key] = el.value
        if set(values) != set(self.placeholders):
            self.refusal = "the feed_dict does not feed exactly the enqueued placeholders"
            return None
        parts = [values[p] for p in self.placeholders]
        if self.names:
            return cst.Dict([cst.DictElement(cst.SimpleString(repr(n)), v) for n, v in zip(self.names, parts)])
        return parts[0] if len(parts) == 1 else cst.Tuple([cst.Element(v) for v in parts])

    def _comprehended(self, feed: cst.DictComp) -> cst.BaseExpression | None:
        """``{self.phs[k]: out[k] for k in out}`` (``self.phs`` the dict of placeholders a named queue's enqueue
        took): ``{k: out[k] for k in out}``, the element as a dict keyed by the names (a key that is no name, or a
        name left out, fails in both: legacy feeds no such placeholder, the generator's signature has no such key)."""
        key = feed.key
        if not (isinstance(key, cst.Subscript) and len(key.slice) == 1 and isinstance(key.slice[0].slice, cst.Index)
                and self.key(key.value) == self.list_name):
            self.refusal = "the feed_dict comprehension is not keyed by the enqueued dict of placeholders"
            return None
        if mentions(feed, self.sess):
            return None
        return feed.with_changes(key=key.slice[0].slice.value)

    def _picked(self, feed: cst.DictComp) -> cst.BaseExpression | None:
        """``{phs[k]: data[k] for k in data}`` (``phs`` the dict or list holding the enqueued placeholders,
        ``derived.py``): ``fed = {k: data[k] for k in data}`` before the yield of ``(fed['a'], fed['b'])``, the
        placeholders' order (a placeholder left unfed fails in both; legacy's ``phs[k]`` of a key it does not
        hold raises, the generator leaves that value out)."""
        key = feed.key
        if not (isinstance(key, cst.Subscript) and len(key.slice) == 1 and isinstance(key.slice[0].slice, cst.Index)
                and self.key(key.value) == self.list_name) or mentions(feed, self.sess):
            self.refusal = "the feed_dict comprehension is not keyed by the dict (list) of the enqueued placeholders"
            return None
        fed = fresh_name("fed", self.taken) if self.taken is not None and "fed" in self.taken else "fed"
        if self.taken is not None:
            self.taken.add(fed)
        self._before = cst.Assign([cst.AssignTarget(cst.Name(fed))], feed.with_changes(key=key.slice[0].slice.value))
        picks = [cst.parse_expression(fed + p[len(self.list_name):]) for p in self.placeholders]
        return picks[0] if len(picks) == 1 else cst.Tuple([cst.Element(p) for p in picks])

    def _zipped(self, feed) -> cst.BaseExpression | None:
        """``values`` for ``dict(zip(KEYS, values))`` whose KEYS are the placeholders in the enqueue's order (a
        literal list, or the name of the list the enqueue took); several placeholders only (one would yield a
        1-tuple)."""
        if not (isinstance(feed, cst.Call) and isinstance(feed.func, cst.Name) and feed.func.value == "dict"
                and len(feed.args) == 1 and isinstance(feed.args[0].value, cst.Call)):
            return None
        z = feed.args[0].value
        if not (isinstance(z.func, cst.Name) and z.func.value == "zip" and len(z.args) == 2
                and len(self.placeholders) > 1 and not any(a.keyword or a.star for a in z.args)):
            return None
        return z.args[1].value if self._placeholder_keys(z.args[0].value) else None

    def _placeholder_keys(self, keys: cst.BaseExpression) -> bool:
        """Whether ``keys`` are the placeholders in the enqueue's order (the list the enqueue took, by its name or
        as a literal list)."""
        if self.zip_keys is not None and self.zip_keys(keys):
            return True
        if self.list_name is not None and self.zip_keys is None and (isinstance(keys, cst.Name) and keys.value == self.list_name
                                           or self.key(keys) == self.list_name):  # (``self.phs`` in a class)
            return True
        return isinstance(keys, (cst.List, cst.Tuple)) and [self.key(e.value) for e in keys.elements] \
            == self.placeholders

    def _zip_comprehended(self, feed) -> cst.BaseExpression | None:
        """``{ph: f(v) for ph, v in zip(KEYS, values)}`` whose KEYS are the placeholders in order and whose value
        does not read ``ph``: ``tuple(f(v) for ph, v in zip(range(n), values))``, the values in order (zip stops
        at the shorter, as the comprehension's did; several placeholders only)."""
        if not isinstance(feed, cst.DictComp) or len(self.placeholders) < 2 or self.names:
            return None
        comp = feed.for_in
        target = comp.target
        if comp.ifs or comp.inner_for_in is not None or comp.asynchronous is not None \
                or not isinstance(target, cst.Tuple) or len(target.elements) != 2 \
                or not isinstance(target.elements[0].value, cst.Name) or not isinstance(feed.key, cst.Name) \
                or feed.key.value != target.elements[0].value.value:
            return None
        z = comp.iter
        if not (isinstance(z, cst.Call) and isinstance(z.func, cst.Name) and z.func.value == "zip" and len(z.args) == 2
                and not any(a.keyword or a.star for a in z.args) and self._placeholder_keys(z.args[0].value)):
            return None
        key = feed.key.value
        if key in names_in(feed.value) or key in names_in(z.args[1].value):
            return None  # (the value reads the placeholder itself: it has no value in the generator)
        code = cst.Module([]).code_for_node
        n = len(self.placeholders)
        return cst.parse_expression(f"tuple({code(feed.value)} for {code(target)} in zip(range({n}), "
                                    f"{code(z.args[1].value)}))")

    def check(self, name: str) -> str:
        """Why the loop is not one enqueue per step ending at the close, or ``""``."""
        if self.refusal:
            return self.refusal
        if not self.yields:
            return f"`{name}` must run the enqueue"
        if self.closes and not self.closed_last and self.ended < self.closes:
            return f"`{name}` runs something after closing the queue"
        return ""
