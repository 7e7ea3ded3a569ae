"""A base class's batching method that reads through methods its subclasses override, each subclass given its own.

    class Reader(object):                                  # reader.py
        def get_input_fn(self):
            def input_fn():
                record = self.get_record()                 # the subclass's: which one depends on the object
                features = self.decode_record(record)
                return tf.train.batch(features, batch_size=self.batch_size)
            return input_fn
        def get_record(self):
            raise NotImplementedError

    class CSVReader(Reader):                               # csv_reader.py, another module of the tree
        def get_record(self):
            if self.input_queue is None:                   # ``input_queue=None`` in ``__init__``, never given
                self.input_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
            _, value = tf.TextLineReader().read(self.input_queue)
            return value

Which reader ``self.get_record()`` reaches depends on the object's class, so the base's batch cannot be rewritten
as one chain. Each direct subclass (of any module of the tree) that does not define the batching method itself is
given its own copy of it, with each ``x = self.m(...)`` call (in the method, or in a closure the method defines)
written out as the body of the ``m`` that class runs (its own, or the base's): one block, producer to batch, that
the rewrite knows. The base then loses the method, where every subclass of the tree got (or has) its own and
no module makes the base itself. A queue the called method keeps on ``self`` (``self.q = producer(...)``, or
under ``if self.q is None:`` where every ``__init__`` leaves it ``None`` for every construction of the tree) is
written as a local of that block, where no other method reads ``self.q``.

Left as written (the base's own note then says why: the object's class chooses): a method called with ``*`` or
keywords, or that returns other than once at its end, yields, nests a function, raises ``NotImplementedError``
(a base's stub the subclass does not override) or calls ``super()``; a copy whose names (the module's imports)
mean another thing in the subclass's module, or whose written-out locals clash with the caller's; a base the tree
constructs itself, a subclass subclassed again, a batching method calling ``super()``; a called method the tree
calls anywhere else; a queue kept behind ``if`` where a construction may hand the queue in, or where the batching
method (or the closure it returns) may run more than once on one object: in TensorFlow 1 every run then shares
the one kept queue (each record read once in all), where each run of a copy would make its own dataset (each
record read again). Taken only where the method is called once in the tree, in no loop or comprehension, on an
object the calling function makes (or at a module's top), and its closure is called right there
(``r.get_input_fn()()``) or bound to a name read once, by a call in no loop (not handed to another call such as
``estimator.train(input_fn=fn)``, stored, or returned); else the base's note says which. A queue kept on ``self``
without the ``if`` is new at each run in TensorFlow 1 too, so such a form is taken however often it runs.

The rewrite of the tree as written runs first; only where it leaves a refusal in a module this pass changes is
the changed tree rewritten too, and kept where it leaves fewer. Cost on trees it does not touch: regular-expression
scans of the modules' texts (class headers; a ``self.m(`` of the base's module that a subclass's module defines);
modules are parsed only past those, where a subclass header names a class a module defines next to ``batch(``;
the once-per-object check walks only the modules whose text holds ``.<method>(``, and only for such a base.
"""

from __future__ import annotations

import os
import re
from typing import Callable, Mapping

import libcst as cst

from tfdata_bridge._src.migrate.calls import nodes_of, top_imports
from tfdata_bridge._src.migrate.results import RewriteResult
from tfdata_bridge._src.migrate.subclasses import defines

_HEADER = re.compile(r"^class (\w+)\(\s*(?:\w+\.)*(\w+)\s*\)\s*:", re.M)
_DEFINED = re.compile(r"^class (\w+)\b", re.M)
_SELF_CALLS = re.compile(r"\bself\.(\w+)\(")
_DEFS = re.compile(r"^\s+def (\w+)\(", re.M)
_BATCHES = ("batch(", "batch_join(")
_SOURCES = ("_producer(", "Reader(", "Queue(")


def _methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    return {s.name.value: s for s in body if isinstance(s, cst.FunctionDef)}


def _top_class(module: cst.Module, name: str) -> cst.ClassDef | None:
    found = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == name]
    return found[0] if len(found) == 1 else None


def _me(fn: cst.FunctionDef) -> str | None:
    if fn.decorators or not fn.params.params:
        return None
    return fn.params.params[0].name.value


def _sites(fn: cst.FunctionDef, me: str) -> list[tuple[cst.FunctionDef, int, str]]:
    """(the function holding it, the statement's index in its body, the method name) for each ``x = self.m(...)``
    at the top of ``fn``'s body or of a closure ``fn`` defines at its top (one that does not rebind ``me``)."""
    holders = [fn] + [s for s in fn.body.body if isinstance(s, cst.FunctionDef) and
                      all(p.name.value != me for p in s.params.params)]
    out = []
    for holder in holders:
        for i, stmt in enumerate(holder.body.body):
            call = _assigned_call(stmt)
            if call is not None and isinstance(call.func, cst.Attribute) and \
                    isinstance(call.func.value, cst.Name) and call.func.value.value == me:
                out.append((holder, i, call.func.attr.value))
    return out


def _assigned_call(stmt: cst.BaseStatement) -> cst.Call | None:
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and \
            isinstance(stmt.body[0], cst.Assign) and len(stmt.body[0].targets) == 1 and \
            isinstance(stmt.body[0].value, cst.Call):
        return stmt.body[0].value
    return None


class _Rename(cst.CSTTransformer):
    def __init__(self, old: str, new: str, attrs: set[str]):
        self.old, self.new, self.attrs = old, new, attrs

    def leave_Attribute(self, original, updated):
        if isinstance(updated.value, cst.Name) and updated.value.value == self.old and updated.attr.value in self.attrs:
            return cst.Name(updated.attr.value)
        return updated

    def leave_Name(self, original, updated):
        return updated.with_changes(value=self.new) if updated.value == self.old and self.old != self.new else updated


def _names(node: cst.CSTNode) -> set[str]:
    return {n.value for n in nodes_of(node, cst.Name)}


def _assigned(stmts) -> set[str]:
    out: set[str] = set()
    for s in stmts:
        for a in nodes_of(s, cst.Assign):
            for t in a.targets:
                out |= {n.value for n in nodes_of(t.target, cst.Name)} if not isinstance(t.target, cst.Attribute) \
                    else set()
        for f in nodes_of(s, cst.For):
            out |= _names(f.target)
    return out


class _Tree:
    """The texts, the modules parsed on demand, and the constructions of classes in the tree."""

    def __init__(self, sources: Mapping[str, str]):
        self.sources = sources
        self.parsed: dict[str, cst.Module | None] = {}

    def module(self, path: str) -> cst.Module | None:
        if path not in self.parsed:
            try:
                self.parsed[path] = cst.parse_module(self.sources[path])
            except Exception:  # (a module that does not parse: left to the rewrite's own error)
                self.parsed[path] = None
        return self.parsed[path]

    def calls_of(self, name: str) -> list[cst.Call]:
        """Every call ``name(...)`` / ``x.name(...)`` in the tree (modules with the text only)."""
        out = []
        for path, text in self.sources.items():
            if f"{name}(" not in text:
                continue
            module = self.module(path)
            if module is None:
                continue
            out += [c for c in nodes_of(module, cst.Call)
                    if (isinstance(c.func, cst.Name) and c.func.value == name)
                    or (isinstance(c.func, cst.Attribute) and c.func.attr.value == name)]
        return out


def _method_calls(tree: _Tree, name: str) -> list[cst.Call]:
    """``tree.calls_of(name)`` less the calls on a TensorFlow reader (``tf.TextLineReader().read(q)``, or on a
    name a ``...Reader(...)`` call binds in that module): a reader's ``read`` is not the object's method."""
    from tfdata_bridge._src.migrate.calls import dotted

    calls = tree.calls_of(name)  # (first: the modules holding such calls parsed)
    readers: set[str] = set()
    for module in tree.parsed.values():
        for a in nodes_of(module, cst.Assign) if module is not None else ():
            if isinstance(a.value, cst.Call) and dotted(a.value.func).endswith("Reader"):
                readers |= {t.target.value for t in a.targets if isinstance(t.target, cst.Name)}
    out = []
    for c in calls:
        receiver = c.func.value if isinstance(c.func, cst.Attribute) else None
        if isinstance(receiver, cst.Call) and dotted(receiver.func).endswith("Reader") or \
                isinstance(receiver, cst.Name) and receiver.value in readers:
            continue
        out.append(c)
    return out


def _never_given(tree: _Tree, cls: str, init: cst.FunctionDef, param: str) -> bool:
    """No construction ``cls(...)`` of the tree gives ``init``'s parameter ``param`` (keyword or position)."""
    params = [p.name.value for p in init.params.params]
    if param not in params:
        return False
    at = params.index(param) - 1
    for call in tree.calls_of(cls):
        if not isinstance(call.func, cst.Name):
            return False  # (``mod.Cls(...)``: read as a construction all the same, and not followed)
        if any(a.star for a in call.args) or any(a.keyword is not None and a.keyword.value == param
                                                  for a in call.args):
            return False
        if len([a for a in call.args if a.keyword is None]) > at:
            return False
    return True


def _default_none(fn: cst.FunctionDef, param: str) -> bool:
    return any(p.name.value == param and isinstance(p.default, cst.Name) and p.default.value == "None"
               for p in fn.params.params)


def _none_at_first(tree: _Tree, sub: cst.ClassDef, base: cst.ClassDef, attr: str) -> bool:
    """``self.attr`` is ``None`` once any construction of ``sub`` in the tree returns: its ``__init__`` (or the
    base's, through ``super().__init__``) sets it to ``None``, or to a parameter defaulting to ``None`` that no
    construction gives."""
    own = _methods(sub).get("__init__")
    based = _methods(base).get("__init__")
    for init, cls_init in ((own, "sub"), (based, "base")):
        if init is None or not init.params.params:
            continue
        me = init.params.params[0].name.value
        for a in nodes_of(init, cst.Assign):
            if not any(isinstance(t.target, cst.Attribute) and isinstance(t.target.value, cst.Name)
                       and t.target.value.value == me and t.target.attr.value == attr for t in a.targets):
                continue
            if isinstance(a.value, cst.Name) and a.value.value == "None":
                return True
            if not (isinstance(a.value, cst.Name) and _default_none(init, a.value.value)):
                return False
            param = a.value.value
            if cls_init == "sub" or own is None:
                return _never_given(tree, sub.name.value, init if own is None else own, param)
            # (the base's parameter, given by the subclass's ``super().__init__(...)`` from its own)
            given = _super_arg(own, init, param)
            return given is not None and _default_none(own, given) and _never_given(tree, sub.name.value, own, given)
    return False


def _super_arg(own: cst.FunctionDef, base_init: cst.FunctionDef, param: str) -> str | None:
    """The name of ``own``'s parameter its ``super().__init__(...)`` gives as the base's ``param``."""
    params = [p.name.value for p in base_init.params.params][1:]
    for call in nodes_of(own, cst.Call):
        if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "__init__"):
            continue
        pos = [a for a in call.args if a.keyword is None and not a.star]
        for a in call.args:
            if a.keyword is not None and a.keyword.value == param and isinstance(a.value, cst.Name):
                return a.value.value
        i = params.index(param)
        if i < len(pos) and isinstance(pos[i].value, cst.Name):
            return pos[i].value.value
    return None


def _inlined(tree: _Tree, holder: cst.FunctionDef, index: int, callee: cst.FunctionDef, me: str,
             sub: cst.ClassDef, base: cst.ClassDef, kept_elsewhere: Callable[[str], bool], once: str | None = None,
             shared: list | None = None) -> list[cst.BaseStatement] | None:
    """The statements written for ``holder``'s statement ``index`` (``x = self.m(args)``) with ``callee`` as
    ``m``; None where ``callee`` cannot be written out (``once``: why the batching method may run more than once
    on an object, None where it runs once; said into ``shared`` where that leaves a queue kept behind ``if``)."""
    stmt = holder.body.body[index]
    call = _assigned_call(stmt)
    them = _me(callee)
    if them is None or isinstance(callee.params.star_arg, cst.Param) or callee.params.star_kwarg is not None or \
            callee.params.kwonly_params or callee.asynchronous:
        return None
    params = [p.name.value for p in callee.params.params][1:]
    if any(a.keyword is not None or a.star for a in call.args) or len(call.args) != len(params):
        return None
    body = list(callee.body.body)
    if nodes_of(callee, cst.Yield) or any(nodes_of(s, kind) for s in body
                                         for kind in (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
        return None
    returns = nodes_of(callee, cst.Return)
    last = body[-1] if body else None
    if len(returns) != 1 or not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1
                                 and last.body[0] is returns[0] and returns[0].value is not None):
        return None
    if any(n.value in ("super", "NotImplementedError", "locals", "vars") for n in nodes_of(callee, cst.Name)):
        return None
    # (a queue kept on ``self`` by the callee, read only by it: a local of the block)
    kept: set[str] = set()
    out_body: list[cst.BaseStatement] = []
    for s in body[:-1]:
        if isinstance(s, cst.If) and s.orelse is None and isinstance(s.test, cst.Comparison) and \
                len(s.test.comparisons) == 1 and isinstance(s.test.comparisons[0].operator, cst.Is) and \
                isinstance(s.test.comparisons[0].comparator, cst.Name) and \
                s.test.comparisons[0].comparator.value == "None" and isinstance(s.test.left, cst.Attribute) and \
                isinstance(s.test.left.value, cst.Name) and s.test.left.value.value == them and \
                len(s.body.body) == 1 and _self_store(s.body.body[0], them) == s.test.left.attr.value:
            attr = s.test.left.attr.value
            if kept_elsewhere(attr) or not _none_at_first(tree, sub, base, attr):
                return None
            if once is not None:
                if shared is not None:
                    shared.append(once)
                return None
            kept.add(attr)
            out_body.append(s.body.body[0].with_changes(leading_lines=s.leading_lines))
            continue
        attr = _self_store(s, them)
        if attr is not None:
            if kept_elsewhere(attr):
                return None
            kept.add(attr)
        out_body.append(s)
    # every other ``self.<kept>`` read stays on the object: not written out
    renamer = _Rename(them, me, kept)
    out_body = [s.visit(renamer) for s in out_body]
    value = returns[0].value.visit(renamer)
    if any(isinstance(a.value, cst.Name) and a.value.value == them and a.attr.value in kept
           for s in out_body for a in nodes_of(s, cst.Attribute)):
        return None
    # locals of the callee must not meet the caller's names
    locals_ = (_assigned(body) | set(params) | kept) - {them}
    given = {p: a.value for p, a in zip(params, call.args)}
    same = {p for p, v in given.items() if isinstance(v, cst.Name) and v.value == p}
    caller = _names(holder) - {me}
    # (a name the call's result is bound to, read nowhere before the call: the callee's local of that name is
    # that name's value until the call's end, ``serialized = serialized``)
    targets = {n.value for t in stmt.body[0].targets for n in nodes_of(t.target, cst.Name)}
    before = set().union(*(_names(s) for s in holder.body.body[:index])) if index else set()
    if (locals_ - same) & (caller - (targets - before)) or me in locals_:
        return None
    binds = [cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(p))], v)])
             for p, v in given.items() if p not in same]
    target = stmt.body[0].targets
    tail = cst.SimpleStatementLine([cst.Assign(target, value)])
    lines = [*binds, *out_body, tail]
    lines[0] = lines[0].with_changes(leading_lines=stmt.leading_lines)
    return [ln if i == 0 else ln.with_changes(leading_lines=[]) if hasattr(ln, "leading_lines") else ln
            for i, ln in enumerate(lines)]


def _self_store(stmt: cst.BaseStatement, me: str) -> str | None:
    """``attr`` where ``stmt`` is ``me.attr = <call>``."""
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Assign):
        a = stmt.body[0]
        if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Attribute) and \
                isinstance(a.targets[0].target.value, cst.Name) and a.targets[0].target.value.value == me and \
                isinstance(a.value, cst.Call):
            return a.targets[0].target.attr.value
    return None


_LOOPS = (cst.For, cst.While, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.Lambda)


def _walk(node: cst.CSTNode, found: Callable[[cst.CSTNode], bool], above: tuple = ()):
    """(node, its ancestors from the outermost) for each node under ``node`` that ``found`` takes."""
    for child in node.children:
        if found(child):
            yield child, above + (node,)
        yield from _walk(child, found, above + (node,))


def _scope(above: tuple) -> cst.CSTNode:
    """The innermost function holding a node whose ancestors are ``above`` (or the module)."""
    return next((n for n in reversed(above) if isinstance(n, cst.FunctionDef)), above[0])


def _runs_once(tree: _Tree, name: str, closure: bool) -> str | None:
    """None where the batching method ``name`` (and, ``closure``, the function it returns) provably runs once per
    object: called once in the tree, in no loop, on an object made in the calling function (or at a module's top),
    its closure called right there or bound to a name read once, by a call in no loop; else why not."""
    calls = []
    for path, text in tree.sources.items():
        if f".{name}" in text and (module := tree.module(path)) is not None:
            for attr, above in _walk(module, lambda n: isinstance(n, cst.Attribute) and n.attr.value == name):
                if not (isinstance(above[-1], cst.Call) and above[-1].func is attr):
                    return f"`{name}` is named without being called (a bound method handed on may run more than once)"
                calls.append((above[-1], above[:-1]))
    if len(calls) != 1:
        return f"`{name}` is called {len(calls)} times in the tree" if calls else \
            f"`{name}` is called nowhere in the tree (its callers may call it more than once)"
    call, above = calls[0]
    if any(isinstance(n, _LOOPS) for n in above):
        return f"`{name}` is called in a loop"
    scope = _scope(above)
    receiver = call.func.value
    if isinstance(scope, cst.FunctionDef) and not isinstance(receiver, cst.Call):
        binds = [a for a in nodes_of(scope, cst.Assign) for t in a.targets
                 if isinstance(t.target, cst.Name) and t.target.value == receiver.value] \
            if isinstance(receiver, cst.Name) else []
        made = len(binds) == 1 and isinstance(binds[0].value, cst.Call) and \
            receiver.value not in {p.name.value for p in scope.params.params} and \
            receiver.value not in {n.value for f in nodes_of(scope, cst.For) for n in nodes_of(f.target, cst.Name)}
        if not made:
            return f"the object `{name}` is called on is not made in `{scope.name.value}`, which may run more " \
                   f"than once on it"
    if not closure:
        return None
    parent = above[-1]
    if isinstance(parent, cst.Call) and parent.func is call:
        return None
    if not (isinstance(parent, cst.Assign) and parent.value is call and len(parent.targets) == 1 and
            isinstance(parent.targets[0].target, cst.Name)):
        return f"the closure `{name}` returns is handed on (passed to a call, stored or returned), where it may " \
               f"run more than once"
    bound = parent.targets[0].target.value
    uses = list(_walk(scope, lambda n: isinstance(n, cst.Name) and n.value == bound))
    reads = [(n, up) for n, up in uses if n is not parent.targets[0].target]
    if len(reads) != 1:
        return f"the closure `{name}` returns, bound to `{bound}`, is named {len(reads)} times after"
    read, up = reads[0]
    if not (isinstance(up[-1], cst.Call) and up[-1].func is read) or \
            any(isinstance(n, _LOOPS + (cst.FunctionDef,)) for n in up[1:]):
        return f"the closure `{name}` returns, bound to `{bound}`, is handed on or called in a loop"
    return None


def _line_of(text: str, cls: str, fn: str) -> int:
    """The 1-based line of method ``fn``'s ``def`` in class ``cls`` of ``text``, 1 where it is not found."""
    head = re.search(rf"^class {cls}\b", text, re.M)
    at = re.compile(rf"^\s+def {fn}\(", re.M).search(text, head.end()) if head else None
    return text.count("\n", 0, at.end()) + 1 if at else 1


def _free(fn: cst.FunctionDef) -> set[str]:
    """Names ``fn`` reads that it does not bind (read from its module, or builtins)."""
    bound = _assigned([fn]) | {p.name.value for f in nodes_of(fn, cst.FunctionDef) for p in f.params.params} | \
        {f.name.value for f in nodes_of(fn, cst.FunctionDef)}
    attrs = {id(a.attr) for a in nodes_of(fn, cst.Attribute)} | \
        {id(a.keyword) for a in nodes_of(fn, cst.Arg) if a.keyword is not None}
    return {n.value for n in nodes_of(fn, cst.Name) if id(n) not in attrs} - bound


def split_overridden_calls(sources: Mapping[str, str], why: list | None = None) -> dict[str, str] | None:
    """``sources`` with each such base method given to its subclasses (above); None where none is (``why``:
    (absolute path, first line, last line, reason) for each base method left because its kept queue would be
    shared by more than one run)."""
    why = [] if why is None else why
    pairs = [(p, m.group(1), m.group(2)) for p, t in sources.items() if "class " in t
             for m in _HEADER.finditer(t)]
    if not pairs:
        return None
    named = {base for _, _, base in pairs}
    homes: dict[str, list[str]] = {}
    for p, t in sources.items():
        if any(b in t for b in _BATCHES):
            for base in set(_DEFINED.findall(t)) & named:
                homes.setdefault(base, []).append(p)
    if not homes:
        return None
    tree = _Tree(sources)
    new: dict[str, cst.Module] = {}
    for base_name, where in homes.items():
        if len(set(where)) != 1:
            continue
        home = where[0]
        # (text first: a ``self.m(`` of the base's module that a subclass's module defines, else nothing to do)
        defined = set().union(*(_DEFS.findall(sources[p]) for p, _, b in pairs if b == base_name))
        if not set(_SELF_CALLS.findall(sources[home])) & defined:
            continue
        module = new.get(home) or tree.module(home)
        base = _top_class(module, base_name) if module is not None else None
        if base is None or tree.calls_of(base_name) and any(
                isinstance(c.func, cst.Name) for c in tree.calls_of(base_name)):
            continue  # (a base the tree makes itself runs its own methods)
        subs = []
        for p, name, b in pairs:
            if b != base_name:
                continue
            m = new.get(p) or tree.module(p)
            sub = _top_class(m, name) if m is not None else None
            if sub is None or len(sub.bases) != 1 or sub.keywords or \
                    (p != home and not _imports_base(m, sources[p], home, base_name)) or \
                    any(b == name for _, _, b in pairs):
                subs = None  # (a subclass of another class of that name, or one subclassed again: not followed)
                break
            subs.append((p, sub))
        if not subs:
            continue
        done = _give(tree, sources, new, home, module, base, subs, why)
        if done:
            new.update(done)
    if not new:
        return None
    return {p: (new[p].code if p in new else t) for p, t in sources.items()}


def _imports_base(module: cst.Module, text: str, home: str, name: str) -> bool:
    """``module`` binds ``name`` by importing it from the module at ``home`` (``from .reader import Reader``,
    ``from pkg.reader import Reader``, ``import pkg.reader`` then ``pkg.reader.Reader``)."""
    stem = home.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if stem == "__init__":
        stem = home.replace("\\", "/").rsplit("/", 2)[-2]
    for m in re.finditer(rf"^from\s+(\S+)\s+import\s+.*\b{name}\b", text, re.M):
        if m.group(1).rsplit(".", 1)[-1].lstrip(".") == stem or m.group(1).strip(".") == "" and stem:
            return True
    return any(q.rsplit(".", 1)[-1] == stem for q in top_imports(module).values())


def _give(tree: _Tree, sources, new, home: str, module: cst.Module, base: cst.ClassDef,
          subs: list[tuple[str, cst.ClassDef]], why: list) -> dict[str, cst.Module] | None:
    """The modules changed by giving each subclass the base's batching methods; None where one cannot be given
    (``why``: (path, first line, last line, reason) where a kept queue would be shared by more than one run)."""
    methods = _methods(base)
    given: dict[tuple[str, str], list[cst.FunctionDef]] = {}
    dead: dict[tuple[str, str], set[str]] = {}
    moved: list[str] = []
    for name, fn in methods.items():
        me = _me(fn)
        if me is None or name.startswith("__") or not any(b in module.code_for_node(fn) for b in _BATCHES) or \
                "super" in _names(fn):
            continue  # (``super()`` in a copy would mean the subclass's base)
        sites = _sites(fn, me)
        if not any(defines(s, m) for _, s in subs for _, _, m in sites):
            continue
        # (a batching method, or the closure it returns, that may run more than once on an object: a queue kept
        # under ``if self.q is None`` is then shared by every run, where each copy would make its own dataset)
        once = _runs_once(tree, name, any(holder is not fn for holder, _, _ in sites))
        shared: list = []
        for p, sub in subs:
            if defines(sub, name):
                continue
            copy = _specialized(tree, sources, new, home, module, base, p, sub, fn, me, sites, once, shared)
            if copy is None:
                if shared:
                    at = _line_of(sources[home], base.name.value, name)
                    why.append((os.path.abspath(home), at, at + module.code_for_node(fn).count("\n"),
                                f"`{sub.name.value}` keeps the queue of `{base.name.value}.{name}` on the object "
                                f"behind `if ... is None`, and {shared[0]}: in TensorFlow 1 every run shares that one "
                                f"queue (each record read once in all), where each run of a tf.data copy would make "
                                f"its own dataset (each record read again); call it once per object, not in a loop, "
                                f"and call its closure once where it is made"))
                return None
            given.setdefault((p, sub.name.value), []).append(copy)
            dead.setdefault((p, sub.name.value), set()).update(m for _, _, m in sites)
        moved.append(name)
    if not moved:
        return None
    out: dict[str, cst.Module] = {}
    # the base loses the moved methods
    kept = [s for s in base.body.body if not (isinstance(s, cst.FunctionDef) and s.name.value in moved)]
    if not kept:
        kept = [cst.SimpleStatementLine([cst.Pass()])]
    new_base = base.with_changes(body=base.body.with_changes(body=kept))
    replaced = {id(base): new_base}
    for p, sub in subs:
        key = (p, sub.name.value)
        if key not in given:
            continue
        # (the sub's own methods written out there, which hold a queue source, go: nothing else calls them, and
        # left they would keep the legacy source)
        gone = {
            m for m in dead.get(key, set()) if defines(sub, m) and
            any(k in module.code_for_node(_methods(sub)[m]) for k in _SOURCES)}
        body = [s for s in sub.body.body if not (isinstance(s, cst.FunctionDef) and s.name.value in gone)]
        at = next((i + 1 for i, s in enumerate(body) if isinstance(s, cst.FunctionDef) and
                   s.name.value == "__init__"), 0)
        copies = [c.with_changes(leading_lines=[cst.EmptyLine(indent=False)]) for c in given[key]]
        if at == 0 and body:
            body[0] = body[0].with_changes(leading_lines=[cst.EmptyLine(indent=False)]) \
                if isinstance(body[0], cst.FunctionDef) else body[0]
        new_sub = sub.with_changes(body=sub.body.with_changes(body=[*body[:at], *copies, *body[at:]]))
        if p == home:
            replaced[id(sub)] = new_sub
        else:
            m = out.get(p) or new.get(p) or tree.module(p)
            out[p] = m.with_changes(body=[new_sub if s is sub else s for s in m.body])
    out[home] = module.with_changes(body=[replaced.get(id(s), s) for s in module.body])
    return out


def _specialized(tree: _Tree, sources, new, home: str, module: cst.Module, base: cst.ClassDef, path: str,
                 sub: cst.ClassDef, fn: cst.FunctionDef, me: str, sites, once: str | None, shared: list
                 ) -> cst.FunctionDef | None:
    """``fn`` as ``sub`` runs it: each ``x = self.m(...)`` written out with ``sub``'s ``m`` (or the base's)."""
    sub_module = new.get(path) or tree.module(path)
    base_imports, sub_imports = top_imports(module), top_imports(sub_module)
    module_names = {s.name.value for s in sub_module.body if isinstance(s, (cst.FunctionDef, cst.ClassDef))}

    def same_names(f: cst.FunctionDef, f_home: cst.Module) -> bool:
        if f_home is sub_module:
            return True
        imports = top_imports(f_home)
        for n in _free(f):
            if n in imports:
                if sub_imports.get(n) != imports[n]:
                    return False
            elif n in module_names or any(isinstance(s, (cst.FunctionDef, cst.ClassDef)) and s.name.value == n
                                          for s in f_home.body):
                return False  # (a module-level function or class of the base's module, not followed)
        return True

    if not same_names(fn, module):
        return None
    del base_imports

    def kept_elsewhere(attr: str, callee: str) -> bool:
        """``self.attr`` is read by a method of the base or the subclass other than ``__init__`` and the callee."""
        for cls in (base, sub):
            for name, f in _methods(cls).items():
                if name in ("__init__", callee):
                    continue
                if any(a.attr.value == attr for a in nodes_of(f, cst.Attribute)):
                    return True
        for p in sources:
            if p in (home, path) or f".{attr}" not in sources[p]:
                continue
            m = tree.module(p)
            if m is None or any(a.attr.value == attr for a in nodes_of(m, cst.Attribute)):
                return True
        return False

    holders: dict[int, cst.FunctionDef] = {}
    for holder, index, m in reversed(sites):  # (from the last: indexes of earlier statements stay)
        if defines(sub, m):
            callee, callee_home = _methods(sub).get(m), sub_module
        else:
            callee, callee_home = _methods(base).get(m), module
        if callee is None or not same_names(callee, callee_home) or len(_method_calls(tree, m)) != 1:
            return None
        current = holders.get(id(holder), holder)
        lines = _inlined(tree, current, index, callee, me, sub, base, lambda a, m=m: kept_elsewhere(a, m), once,
                         shared)
        if lines is None:
            return None
        body = list(current.body.body)
        holders[id(holder)] = current.with_changes(body=current.body.with_changes(
            body=[*body[:index], *lines, *body[index + 1:]]))
    if id(fn) in holders:
        out = holders[id(fn)]
        inner = [holders.get(id(s), s) for s in out.body.body]
    else:
        inner = [holders.get(id(s), s) for s in fn.body.body]
        out = fn
    return out.with_changes(body=out.body.with_changes(body=inner))


def with_overridden_calls(sources: Mapping[str, str], run: Callable[[dict[str, str]], dict[str, RewriteResult]]
                          ) -> dict[str, RewriteResult]:
    """``run(sources)``, or ``run`` of the sources with such methods given to the subclasses where the plain run
    leaves a refusal in a module the pass changes and the trial leaves fewer (its notes given back to the
    original lines)."""
    from tfdata_bridge._src.migrate.registry_readers import said_at
    from tfdata_bridge._src.migrate.tree import trial_if_fewer

    why: list = []
    split = split_overridden_calls(sources, why)
    plain = said_at(run(dict(sources)), why)
    # (a tree whose modules the pass would change already rewritten there as written, by the passes that take
    # such a base themselves (``inherited.py``, a map over ``self.decode``): kept, and no trial run)
    trial = trial_if_fewer(sources, split, plain, run)
    return plain if trial is None else said_at(trial, why)


__all__ = ["split_overridden_calls", "with_overridden_calls"]
