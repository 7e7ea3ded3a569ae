"""A reader class or a batch function chosen by name, written as the call it makes (issue 17, forms9).

    READERS = {"tfrecord": tf.TFRecordReader,            reader = tf.TextLineReader()
               "text": tf.TextLineReader}
    reader = READERS[FORMAT]()            # FORMAT = "text"

    batcher = getattr(tf.train, CFG["batcher"])          images = tf.train.batch([image], batch_size=8)
    images = batcher([image], batch_size=8)   # CFG = {"batcher": "batch"}

    batch_fn = tf.train.shuffle_batch if shuffle else tf.train.batch
    images = batch_fn([image], **settings)       ->     images = (tf.train.shuffle_batch([image], ...) if shuffle
                                                                  else tf.train.batch([image], ...))

The recogniser follows a reader or a batch by the API a call names; a lookup by name hides it. A *selector* is
``D[key]`` (``D`` a dict literal of string keys and TensorFlow reader classes or batch functions, bound once and
only subscripted), ``getattr(M, key)`` (``M`` a TensorFlow module, the looked-up name one of its readers or batch
functions) or ``A if cond else B`` (two such APIs). It is called where it stands, or bound once to a name that is
only called (``reader_cls = READERS[fmt]; reader = reader_cls()``).

- **The choice is known when the program is migrated** (the key or the condition is a literal, a name bound once
  to one, ``C["k"]`` of a constant dict of literals, a module constant no other module of the tree assigns, or a
  parameter every call in the tree gives the same literal, its default included): each call names the chosen API;
  the binding, and a dict nothing else reads, go. The same call of the same API: the same program.
- **It is known only when the program runs:** a batch function becomes a choice between the batch calls, the same
  arguments to each (``A(args) if cond else B(args)``: ``choice.py`` makes it a choice between two chains); a
  reader class makes the function's body one copy per candidate, each calling its reader by name, chosen by
  ``if key == ...`` (``cond``) in the candidates' order, as ``registry_readers.py`` does for reader functions. A
  dict's key outside its keys raises ``KeyError`` where the lookup did. ``getattr`` with a name known only at run
  time could name any API of the module: refused, naming the looked-up name.

The condition or key is evaluated where the call is rather than where the selector was bound: only names bound
once (or parameters never bound again) and literals may be in it, so its value is the same. ``to_tfdata.run``
keeps the result only where more pipelines are rewritten (``r16_forms.tried_with_forms``).
"""

from __future__ import annotations

import ast
import re

import libcst as cst
from libcst.metadata import (Assignment, GlobalScope, ParentNodeProvider, QualifiedNameProvider,
                             QualifiedNameSource, ScopeProvider)

from tfdata_bridge._src.migrate.calls import code_of, enclosing, fresh_name, names_in, nodes_of, one_name_value, wrapped
from tfdata_bridge._src.migrate.inline_sources import _Rename
from tfdata_bridge._src.migrate.names import looked_up_apis, lookup_pattern, table_path
from tfdata_bridge._src.migrate.object_uses import tree_uses

READERS = frozenset({"TFRecordReader", "TextLineReader", "FixedLengthRecordReader", "WholeFileReader",
                     "IdentityReader"})
BATCHERS = frozenset({"batch", "shuffle_batch", "batch_join", "shuffle_batch_join", "maybe_batch",
                      "maybe_shuffle_batch"})
# (a dict value or a branch naming a reader class or a batch function, or a getattr of a TensorFlow module: a
# module without any costs one search of its text)
_QUICK = re.compile(r"getattr\(\s*[\w.]*\b(train|tf|v1|tensorflow|compat)\s*,|"
                    r"(\.|:\s*)(\w*Reader|(shuffle_)?batch(_join)?)\s*([,}]|\s(if|else)\b)")
_UNKNOWN = object()
_DEPTH = 6


def resolve_named_apis(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each reader class or batch function chosen by name written as the call it makes (the
    same module object where there is none). ``why``: (function, reason) of each choice left."""
    if not _QUICK.search(code_of(module)):
        return module
    return _Pass(module, external, why).run()


def named_apis_of_tree(texts: dict[str, str]) -> dict[str, str] | None:
    """``texts`` (a tree's modules) with each choice by a name known when migrating written as the call it
    makes (the same program), before any module's pipeline is followed into another's helper; None where there
    is none. A name another module spells is taken as changed there (a module constant, a function's callers):
    such a choice stays one known only at run time, for each module's own run (``r16_forms``)."""
    from tfdata_bridge._src.migrate.scanner import scan_source

    out, done = dict(texts), False
    for path, text in texts.items():
        # (a migrated module's note, ``# ...: TFRecordReader, batch, ...``, fits the search: one with no legacy
        # API left is not parsed, so a tree migrated again is left unparsed)
        if not _QUICK.search(text) or not _any_legacy_use(scan_source, text):
            continue
        try:
            module = cst.parse_module(text)
        except cst.ParserSyntaxError:
            continue
        others = [t for p, t in texts.items() if p != path]
        new = _Pass(module, _Elsewhere(others), None, known_only=True).run()
        if new is not module:
            out[path], done = new.code, True
    return out if done else None


def _any_legacy_use(scan_source, text: str) -> bool:
    try:
        return bool(scan_source(text))
    except (SyntaxError, ValueError):
        return False


class _Elsewhere:
    """What a tree's other module texts say of a name: spelled there at all counts as a use."""

    def __init__(self, others: list[str]) -> None:
        self.others = others

    def _spelled(self, name: str) -> bool:
        word = re.compile(r"\b%s\b" % re.escape(name))
        return any(word.search(t) for t in self.others)

    def attribute_uses(self, name: str) -> int:
        return int(self._spelled(name))

    def calls_elsewhere(self, name: str) -> list:
        return [(None, None, None, None)] if self._spelled(name) else []


class Loud(str):
    """A reason said at ``node`` (the lookup) even where no pipeline is left there: a lookup left unresolved
    is a legacy use the recogniser never saw (``r16_forms._explain``)."""

    node: cst.CSTNode

    def __new__(cls, text: str, node: cst.CSTNode) -> "Loud":
        made = super().__new__(cls, text)
        made.node = node
        return made


class _Selection:
    def __init__(self, node, kind: str, candidates: dict, key, test_of, spelled: str, guard: bool) -> None:
        self.node = node  # the selector expression
        self.kind = kind  # "reader" or "batch"
        self.candidates = candidates  # {key: the API's expression}, in the order written
        self.key = key  # the key or condition expression
        self.test_of = test_of  # key -> the test expression that chooses it (None: the last, unconditional)
        self.spelled = spelled
        self.guard = guard  # a key outside the candidates raises KeyError (a dict's lookup)
        self.dict_name: cst.Name | None = None


class _Pass:
    def __init__(self, module: cst.Module, external, why, known_only: bool = False) -> None:
        self.module, self.external, self.why, self.known_only = module, external, why, known_only
        wrapper = wrapped(module)
        self.scopes = wrapper.resolve(ScopeProvider)
        self.parents = wrapper.resolve(ParentNodeProvider)
        self.qnames = wrapper.resolve(QualifiedNameProvider)
        self.code = module.code_for_node
        self.calls: dict[cst.CSTNode, cst.CSTNode] = {}  # a call's func -> its replacement
        self.exprs: dict[cst.CSTNode, cst.CSTNode] = {}  # a call -> the expression it becomes
        self.gone: set[cst.CSTNode] = set()  # statements that go
        self.bodies: dict[cst.FunctionDef, list] = {}  # functions whose body becomes copies
        self.guards: dict[cst.CSTNode, cst.If] = {}  # a statement -> the key's check that goes before it

    def _qnames(self, node):
        got = self.qnames.get(node, ())
        return got() if callable(got) else got

    # -- what a selector names ------------------------------------------------------------------------------
    def api(self, node: cst.CSTNode) -> str | None:
        """The reader class or batch function ``node`` names (its last name), through a TensorFlow import."""
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        for q in self._qnames(node):
            if q.source is QualifiedNameSource.IMPORT and q.name.startswith("tensorflow"):
                last = q.name.rsplit(".", 1)[-1]
                if last in READERS or (last in BATCHERS and ".train." in q.name + "."):
                    return last
        return None

    def tf_module(self, node: cst.CSTNode) -> str | None:
        if not isinstance(node, (cst.Name, cst.Attribute)):
            return None
        for q in self._qnames(node):
            if q.source is QualifiedNameSource.IMPORT and q.name.split(".")[0] == "tensorflow":
                return q.name
        return None

    def selection(self, node: cst.CSTNode) -> _Selection | str | None:
        """The selection ``node`` is, why it is left (a string), or None where it is none."""
        if isinstance(node, cst.IfExp):
            a, b = self.api(node.body), self.api(node.orelse)
            if a is None or b is None:
                return None
            kind = _kind(a, b)
            if kind is None:
                return None
            return _Selection(node, kind, {True: node.body, False: node.orelse}, node.test,
                              lambda k: node.test if k is True else None, self.code(node), False)
        if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index):
            return self._dict_selection(node, node.value, node.slice[0].slice.value)
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "getattr" and \
                len(node.args) == 2 and not any(a.keyword or a.star for a in node.args) and self._builtin(node.func):
            home = self.tf_module(node.args[0].value)
            if home is None:
                return None
            key = self.value(node.args[1].value, node)
            what = "reader class" if "Reader" in self.code(node.args[1].value) else "batch function"
            if key is _UNKNOWN or not isinstance(key, str):
                if not _may_be_queue_api(home, self.code(node.args[1].value)):
                    return None  # (``getattr(tf.train, opt + "Optimizer")``: no queue API has such a name)
                return (f"the {what} is looked up by name (`{self.code(node)}`), and "
                        f"`{self.code(node.args[1].value)}` is known only when the program runs: it could name any "
                        f"API of `{self.code(node.args[0].value)}`; call the API by its name (a choice between "
                        f"named calls is rewritten), or keep the queues (`migrate --to compat`)")
            chosen = cst.Attribute(node.args[0].value, cst.Name(key))
            if key not in READERS and not (key in BATCHERS and home.endswith("train")):
                return None
            sel = _Selection(node, "reader" if key in READERS else "batch", {key: chosen}, node.args[1].value,
                             lambda k: None, self.code(node), False)
            sel.known = key  # type: ignore[attr-defined]
            return sel
        if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute) and node.func.attr.value == "get" \
                and len(node.args) == 1 and not node.args[0].keyword and not node.args[0].star:
            sel = self._dict_selection(node, node.func.value, node.args[0].value)
            if isinstance(sel, _Selection):
                sel.guard = False
                if self.value(sel.key, node) is _UNKNOWN:  # (``.get`` of another key gives None: not followed)
                    return None
            return sel
        return None

    def _builtin(self, name: cst.Name) -> bool:
        scope = self.scopes.get(name)
        return scope is not None and all(not isinstance(a, Assignment) for a in scope[name.value])

    def _dict_selection(self, node, holder, key_node):
        literal, name = holder, None
        if isinstance(holder, cst.Name):
            stmt = self._bound_once(holder, holder.value)
            literal = one_name_value(stmt, holder.value) if stmt is not None else None
            name = holder
        if not isinstance(literal, cst.Dict) or not literal.elements:
            return None
        candidates: dict = {}
        for el in literal.elements:
            if not isinstance(el, cst.DictElement) or not isinstance(el.key, cst.SimpleString):
                return None
            k = el.key.evaluated_value
            if not isinstance(k, str) or k in candidates:
                return None
            candidates[k] = el.value
        apis = [self.api(v) for v in candidates.values()]
        if any(a is None for a in apis):
            return None
        kind = _kind(*apis)
        if kind is None:
            return None
        if name is not None and not self._only_looked_up(name):
            return (f"the dict `{name.value}` the {'reader class' if kind == 'reader' else 'batch function'} is "
                    f"looked up in (`{self.code(node)}`) is used otherwise too (changed or passed on, as far as the "
                    f"rewrite can tell): its entries are not provably the ones written; look the API up in a dict "
                    f"only read by `[...]`, or keep the queues (`migrate --to compat`)")
        keys = list(candidates)

        def test_of(k):
            if k == keys[-1] and not len(keys) == 1:
                return None
            return cst.Comparison(key_node, [cst.ComparisonTarget(cst.Equal(), _string(k))])

        sel = _Selection(node, kind, candidates, key_node, test_of, self.code(node), True)
        sel.dict_name = name
        return sel

    def _only_looked_up(self, name: cst.Name) -> bool:
        """Every use of the dict ``name`` is a ``[...]`` load or a ``.get(...)``; a module's dict is named in no
        other module of the tree."""
        scope = self.scopes.get(name)
        found = list(scope[name.value]) if scope is not None else []
        if len(found) != 1:
            return False
        if isinstance(found[0].scope, GlobalScope) and tree_uses(self.external, name.value):
            return False
        for access in found[0].references:
            parent = self.parents.get(access.node)
            if isinstance(parent, cst.Subscript) and parent.value is access.node and \
                    not isinstance(self.parents.get(parent), (cst.AssignTarget, cst.Del)):
                continue
            if isinstance(parent, cst.Attribute) and parent.attr.value == "get" and \
                    isinstance(self.parents.get(parent), cst.Call):
                continue
            if isinstance(parent, cst.ComparisonTarget):  # ``key in D``
                continue
            return False
        return True

    def _bound_once(self, at: cst.CSTNode, name: str) -> cst.SimpleStatementLine | None:
        """The one ``name = ...`` statement ``name`` read at ``at`` means (a module's, not assigned by another
        module of the tree); None otherwise."""
        scope = self.scopes.get(at)
        found = list(scope[name]) if scope is not None else []
        if len(found) != 1 or not isinstance(found[0], Assignment) or isinstance(found[0].node, cst.Param):
            return None
        if len(list(found[0].scope.assignments[name])) != 1:
            return None
        if isinstance(found[0].scope, GlobalScope) and tree_uses(self.external, name):
            return None
        stmt = enclosing(found[0].node, self.parents, cst.SimpleStatementLine)
        return stmt if one_name_value(stmt, name) is not None else None

    # -- the value of a key or a condition ------------------------------------------------------------------
    def value(self, node, at, depth: int = 0):
        if depth > _DEPTH:
            return _UNKNOWN
        if isinstance(node, (cst.SimpleString, cst.Integer)):
            return node.evaluated_value
        if isinstance(node, cst.Name):
            if node.value in ("True", "False", "None"):
                return {"True": True, "False": False, "None": None}[node.value]
            stmt = self._bound_once(at, node.value)
            if stmt is not None:
                return self.value(one_name_value(stmt, node.value), stmt, depth + 1)
            return self._parameter(node, at, depth)
        if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
            inner = self.value(node.expression, at, depth + 1)
            return _UNKNOWN if inner is _UNKNOWN else not inner
        if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and \
                isinstance(node.comparisons[0].operator, (cst.Equal, cst.NotEqual)):
            left = self.value(node.left, at, depth + 1)
            right = self.value(node.comparisons[0].comparator, at, depth + 1)
            if left is _UNKNOWN or right is _UNKNOWN:
                return _UNKNOWN
            return (left == right) == isinstance(node.comparisons[0].operator, cst.Equal)
        if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name) and len(node.slice) == 1 and \
                isinstance(node.slice[0].slice, cst.Index) and isinstance(node.slice[0].slice.value,
                                                                          cst.SimpleString):
            stmt = self._bound_once(at, node.value.value)
            table = one_name_value(stmt, node.value.value) if stmt is not None else None
            if not isinstance(table, cst.Dict) or not self._only_looked_up(node.value):
                return _UNKNOWN
            want = node.slice[0].slice.value.evaluated_value
            for el in table.elements:
                if isinstance(el, cst.DictElement) and isinstance(el.key, cst.SimpleString) and \
                        el.key.evaluated_value == want:
                    return self.value(el.value, stmt, depth + 1)
        return _UNKNOWN

    def _parameter(self, node: cst.Name, at, depth: int):
        """The one literal every call in the tree gives the parameter ``node`` (its default where a call passes
        nothing); unknown where the function is used other than by direct calls, or not called at all."""
        scope = self.scopes.get(at) if at in self.scopes else self.scopes.get(node)
        found = list(scope[node.value]) if scope is not None else []
        if len(found) != 1 or not isinstance(found[0].node, cst.Param) or \
                len(list(found[0].scope.assignments[node.value])) != 1:
            return _UNKNOWN
        param, fn = found[0].node, found[0].scope.node
        if not isinstance(fn, cst.FunctionDef) or fn.decorators or param not in fn.params.params or \
                not isinstance(self.scopes.get(fn), GlobalScope):
            return _UNKNOWN
        position = list(fn.params.params).index(param)
        outer = self.scopes.get(fn)
        uses = [a for a in outer[fn.name.value]] if outer is not None else []
        if len(uses) != 1:
            return _UNKNOWN
        sites = []
        for access in uses[0].references:
            call = self.parents.get(access.node)
            if not isinstance(call, cst.Call) or call.func is not access.node:
                return _UNKNOWN
            sites.append(call)
        if self.external is not None:
            elsewhere = getattr(self.external, "calls_elsewhere", None)
            if elsewhere is None:
                return _UNKNOWN
            for call, _stmt, _module, _site in elsewhere(fn.name.value):
                if call is None:
                    return _UNKNOWN
                sites.append(call)
        if not sites:
            return _UNKNOWN
        got = set()
        for call in sites:
            if any(a.star for a in call.args):
                return _UNKNOWN
            given = None
            for i, arg in enumerate(call.args):
                if (arg.keyword is None and i == position) or (arg.keyword is not None and
                                                               arg.keyword.value == node.value):
                    given = arg.value
            value_node = given if given is not None else param.default
            if value_node is None:
                return _UNKNOWN
            v = self.value(value_node, value_node if given is None else call, depth + 1) \
                if given is None else _literal_value(value_node)
            if v is _UNKNOWN:
                return _UNKNOWN
            got.add(repr(v))
            last = v
        return last if len(got) == 1 else _UNKNOWN

    # -- the rewrite ---------------------------------------------------------------------------------------
    def run(self) -> cst.Module:
        seen: set[int] = set()
        for node in [*nodes_of(self.module, cst.IfExp), *nodes_of(self.module, cst.Subscript),
                     *nodes_of(self.module, cst.Call)]:
            if id(node) in seen:
                continue
            seen.add(id(node))
            sel = self.selection(node)
            if sel is None:
                continue
            if isinstance(sel, str):
                self._said(node, sel)
                continue
            sites, binding = self._sites(sel)
            if sites is None:
                continue
            self._resolve(sel, sites, binding)
        if not self.calls and not self.exprs and not self.bodies:
            return self.module
        return self.module.visit(_Replace(self.calls, self.exprs, self.gone, self.bodies, self.guards))

    def _said(self, node, reason: str) -> None:
        if self.why is None:
            return
        fn = node
        while fn is not None and not isinstance(fn, cst.FunctionDef):
            fn = self.parents.get(fn)
        if fn is not None:
            self.why.append((fn, Loud(reason, node)))

    def _sites(self, sel: _Selection):
        """(the calls that call the selection, its binding statement or None); (None, None) where it is not
        only called."""
        parent = self.parents.get(sel.node)
        if isinstance(parent, cst.Call) and parent.func is sel.node:
            return [parent], None
        if not isinstance(parent, cst.Assign) or len(parent.targets) != 1 or \
                not isinstance(parent.targets[0].target, cst.Name):
            return None, None
        name = parent.targets[0].target
        stmt = enclosing(parent, self.parents, cst.SimpleStatementLine)
        scope = self.scopes.get(name)
        found = [a for a in (scope.assignments[name.value] if scope is not None else ())]
        if stmt is None or len(stmt.body) != 1 or len(found) != 1 or isinstance(scope, GlobalScope):
            return None, None
        calls = []
        for access in found[0].references:
            call = self.parents.get(access.node)
            if not isinstance(call, cst.Call) or call.func is not access.node:
                self._said(sel.node, f"`{name.value}` (`{sel.spelled}`) is used other than called: the API it "
                                     f"names cannot be written in its place; call it only, or keep the queues "
                                     f"(`migrate --to compat`)")
                return None, None
            calls.append(call)
        return (calls, stmt) if calls else (None, None)

    def _resolve(self, sel: _Selection, sites: list, binding) -> None:
        known = getattr(sel, "known", _UNKNOWN)
        if known is _UNKNOWN:
            v = self.value(sel.key, sel.node)
            if isinstance(sel.node, cst.IfExp):
                known = bool(v) if v is not _UNKNOWN else _UNKNOWN
            elif v is not _UNKNOWN:
                if v not in sel.candidates:
                    return  # (legacy's KeyError, as written)
                known = v
        if known is _UNKNOWN and self.known_only:
            return
        if known is not _UNKNOWN:
            for call in sites:
                self.calls[call.func] = sel.candidates[known]
            if binding is not None:
                self.gone.add(binding)
            self._drop_dict(sel, sites)
            return
        if not self._movable(sel.key, sel.node, sites):
            self._said(sel.node, f"the condition of `{sel.spelled}` reads a name bound more than once: the choice "
                                 f"cannot be moved to the call; bind it once, or keep the queues "
                                 f"(`migrate --to compat`)")
            return
        if sel.kind == "batch":
            for call in sites:
                self.exprs[call] = self._choice_of_calls(sel, call)
            if binding is not None:
                self.gone.add(binding)
            if sel.guard:  # (a key outside the dict raises where the lookup did)
                at = binding if binding is not None else enclosing(sites[0], self.parents, cst.SimpleStatementLine)
                self.guards[at] = _guard(sel)
            self._drop_dict(sel, sites)
            return
        fn = enclosing(sel.node, self.parents, cst.FunctionDef)
        if fn is None or len(sites) != 1:
            return
        copies = self._copies(fn, sel, sites[0], binding)
        if isinstance(copies, str):
            self._said(sel.node, copies)
            return
        self.bodies[fn] = [("body", copies)]
        self._drop_dict(sel, sites)

    def _movable(self, key, at, sites) -> bool:
        """Every name the key or condition reads is bound once (a parameter never bound again included), so
        its value at the calls is the one it had at the selector."""
        for n in nodes_of(key, cst.Name) if not isinstance(key, cst.Name) else [key]:
            parent = self.parents.get(n)
            if isinstance(parent, cst.Attribute) and parent.attr is n:
                continue
            scope = self.scopes.get(n)
            if scope is None:
                return False
            found = list(scope[n.value])
            if len(found) > 1 or (found and len(list(found[0].scope.assignments[n.value])) > 1):
                return False
        return not any(isinstance(c, cst.Call) for c in nodes_of(key, cst.Call))

    def _choice_of_calls(self, sel: _Selection, call: cst.Call) -> cst.BaseExpression:
        keys = list(sel.candidates)
        expr: cst.BaseExpression = call.with_changes(func=sel.candidates[keys[-1]])
        for k in reversed(keys[:-1]):
            test = sel.test_of(k)
            expr = cst.IfExp(test=test, body=call.with_changes(func=sel.candidates[k]), orelse=expr,
                             lpar=[cst.LeftParen()] if k == keys[0] else [],
                             rpar=[cst.RightParen()] if k == keys[0] else [])
        return expr

    def _copies(self, fn: cst.FunctionDef, sel: _Selection, site: cst.Call, binding):
        """The function's body as one copy per candidate (a string: why not)."""
        if not isinstance(fn.body, cst.IndentedBlock):
            return "its function is written on one line"
        body = list(fn.body.body)
        doc = body[:1] if body and isinstance(body[0], cst.SimpleStatementLine) and \
            isinstance(body[0].body[0], cst.Expr) and isinstance(body[0].body[0].value, cst.SimpleString) else []
        body = body[len(doc):]
        what = "reader class" if sel.kind == "reader" else "batch function"
        if not body or not all(isinstance(s, cst.SimpleStatementLine) for s in body) or \
                not isinstance(body[-1].body[-1], cst.Return) or \
                nodes_of(fn.body, cst.FunctionDef) or nodes_of(fn.body, cst.Global):
            return (f"the {what} is chosen by `{self.code(sel.key)}` (`{sel.spelled}`), known only when the program "
                    f"runs, in a function that is not straight statements ending in one `return`: it cannot be "
                    f"one copy of its body per {what}; make the pipeline once per {what} where it is chosen, or "
                    f"keep the queues (`migrate --to compat`)")
        assigned = {n for s in body for t in nodes_of(s, cst.AssignTarget) for n in names_in(t.target)}
        if set(names_in(sel.key)) & assigned:
            return None
        # a dict of this function read only by this lookup goes with it
        table = self._table_statement(sel)
        body = [s for s in body if s is not table]
        taken = names_in(self.module) | {p.name.value for p in fn.params.params}
        keys = list(sel.candidates)
        copies = []
        for i, k in enumerate(keys):
            renames = {} if i == 0 else {n: fresh_name(n, taken) for n in sorted(assigned) if n != "_"}
            subst = _Substitute(site.func, sel.candidates[k], binding)
            copies.append([s.visit(subst).visit(_Rename(renames)) for s in body if s is not binding or
                           binding is None])
            copies[-1] = [s for s in copies[-1] if s is not None]
        new: list[cst.BaseStatement] = list(doc)
        if sel.guard:
            new.append(_guard(sel))
        for k, copy in zip(keys[:-1], copies[:-1]):
            new.append(cst.If(test=sel.test_of(k) if sel.test_of(k) is not None else sel.key,
                              body=cst.IndentedBlock(copy)))
        new += copies[-1]
        return new

    def _table_statement(self, sel: _Selection):
        """The statement binding the dict ``sel`` looks up where this lookup is its only use."""
        name = sel.dict_name
        scope = self.scopes.get(name) if name is not None else None
        found = list(scope[name.value]) if scope is not None else []
        if len(found) != 1 or isinstance(found[0].scope, GlobalScope) or len(found[0].references) != 1:
            return None
        return enclosing(found[0].node, self.parents, cst.SimpleStatementLine)

    def _drop_dict(self, sel: _Selection, sites) -> None:
        """The dict a lookup read goes where every use of it was one of the lookups written out."""
        name = sel.dict_name
        if name is None:
            return
        scope = self.scopes.get(name)
        found = list(scope[name.value]) if scope is not None else []
        if len(found) != 1:
            return
        done = getattr(self, "_looked", {})
        self._looked = done
        done.setdefault(id(found[0]), set()).add(id(sel.node))
        users = {id(self.parents.get(a.node)) for a in found[0].references}
        gets = {id(self.parents.get(self.parents.get(a.node))) for a in found[0].references}
        if all(u in done[id(found[0])] or g in done[id(found[0])] for u, g in zip(users, gets)) and \
                len(done[id(found[0])]) >= len(found[0].references):
            stmt = enclosing(found[0].node, self.parents, cst.SimpleStatementLine)
            if stmt is not None and len(stmt.body) == 1:
                self.gone.add(stmt)


def _may_be_queue_api(home: str, name: str) -> bool:
    """``getattr(<home>, <name>)`` (``home`` qualified, ``name`` as written) may give a queue API: the same
    matcher of the name's constant ends as scan's and the plumbing's (``names.looked_up_apis``)."""
    module = table_path(home + ".")
    if module is None:
        return True
    try:
        starts, ends, exact = lookup_pattern(ast.parse(name.strip(), mode="eval").body)
    except SyntaxError:
        return True
    return bool(looked_up_apis(module.rstrip("."), starts, ends, exact))


def _kind(*apis: str) -> str | None:
    if all(a in READERS for a in apis):
        return "reader"
    if all(a in BATCHERS for a in apis):
        return "batch"
    return None


def _string(k) -> cst.BaseExpression:
    if isinstance(k, str):
        return cst.SimpleString('"%s"' % k if '"' not in k and "\\" not in k and k.isprintable() else repr(k))
    return cst.Name(repr(k)) if isinstance(k, bool) else cst.parse_expression(repr(k))


def _literal_value(node):
    if isinstance(node, (cst.SimpleString, cst.Integer)):
        return node.evaluated_value
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return {"True": True, "False": False, "None": None}[node.value]
    return _UNKNOWN


def _guard(sel: _Selection) -> cst.If:
    keys = cst.Tuple([cst.Element(_string(k)) for k in sel.candidates])
    test = cst.Comparison(sel.key, [cst.ComparisonTarget(cst.NotIn(), keys)])
    raise_ = cst.SimpleStatementLine([cst.Raise(exc=cst.Call(cst.Name("KeyError"), [cst.Arg(sel.key)]))])
    return cst.If(test=test, body=cst.IndentedBlock([raise_]))


class _Substitute(cst.CSTTransformer):
    """A copy of the body calling the chosen API: the selector's call names it; its binding goes."""

    def __init__(self, func, chosen, binding) -> None:
        super().__init__()
        self.func, self.chosen, self.binding = func, chosen, binding

    def leave_SimpleStatementLine(self, original, updated):
        return cst.RemovalSentinel.REMOVE if original is self.binding else updated

    def leave_Call(self, original, updated):
        return updated.with_changes(func=self.chosen) if original.func is self.func else updated


class _Replace(cst.CSTTransformer):
    def __init__(self, calls, exprs, gone, bodies, guards) -> None:
        super().__init__()
        self.calls, self.exprs, self.gone, self.bodies, self.guards = calls, exprs, gone, bodies, guards

    def leave_Call(self, original, updated):
        if original in self.exprs:
            return self.exprs[original]
        new = self.calls.get(original.func)
        return updated if new is None else updated.with_changes(func=new)

    def leave_SimpleStatementLine(self, original, updated):
        guard = self.guards.get(original)
        if original in self.gone:
            return guard if guard is not None else cst.RemovalSentinel.REMOVE
        return cst.FlattenSentinel([guard, updated]) if guard is not None else updated

    def leave_FunctionDef(self, original, updated):
        asks = self.bodies.get(original)
        if not asks:
            return updated
        return updated.with_changes(body=updated.body.with_changes(body=asks[0][1]))


__all__ = ["Loud", "named_apis_of_tree", "resolve_named_apis"]
