"""Pipeline stages spread over properties of an object, each read once: inlined where they are read.

    class TextInput(object):                                    class TextInput(object):
        def __init__(self, path):                                   def __init__(self, path):
            self._path = path                                           self._path = path
            self._queue = None                                          self._batch = None
            self._example = None
            self._batch = None                                      @property
                                                                    def batch(self):
        @property                                                       if self._batch is None:
        def queue(self):                                                    queue = tf.train.string_input_producer(
            if self._queue is None:                                             [self._path], num_epochs=1)
                self._queue = tf.train.string_input_producer(               _, line = tf.TextLineReader().read(queue)
                    [self._path], num_epochs=1)                             example = (line, tf.strings.length(line))
            return self._queue                                              self._batch = tf.train.batch(
                                                                                list(example), batch_size=4)
        @property                                                       return self._batch
        def example(self):
            if self._example is None:
                _, line = tf.TextLineReader().read(self.queue)
                self._example = (line, tf.strings.length(line))
            return self._example

        @property
        def batch(self):
            if self._batch is None:
                self._batch = tf.train.batch(list(self.example), batch_size=4)
            return self._batch

(lazy ``@property`` stages, each built once and cached on ``self``). A property's body runs where it is first
read: read in one place only, its statements may stand just before the statement that reads it, its value in a
local, and the recogniser then sees the whole pipeline in one block. The same ops, made at the same read, so the
same program, where:

- the property is a plain ``@property`` of a module class: either lazy (``if self._x is None:`` then statements
  setting ``self._x`` once, then ``return self._x``; the memo attribute named nowhere else but ``self._x = None``
  in ``__init__``) or straight (statements, then one ``return``); no ``return``, ``yield`` or scope statement
  inside;
- it is read once in the module, named nowhere in the tree's other modules, overridden by no subclass, as
  ``self.x`` of a method of the class (or of a subclass of the module), in a statement of that method that no loop, comprehension, lambda or
  conditional expression holds;
- a lazy property is read where it runs once per object: inside another lazy property's own block, in
  ``__init__``, or in a method that runs once per object (``reader_attr._per_object``): a second read of a lazy
  property returns its first value, while the inlined statements would make a second pipeline.

Its locals are renamed apart; the property and its memo's ``None`` go. Repeated until no property is left to
inline (a chain). ``to_tfdata.run`` keeps the result only where more pipelines are rewritten.
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, identifiers, is_docstring, names_in, nodes_of
from tfdata_bridge._src.migrate.inline_sources import _Rename
from tfdata_bridge._src.migrate.method_inline import _overridden, _stage
from tfdata_bridge._src.migrate.object_uses import tree_uses
from tfdata_bridge._src.migrate.reader_attr import _family, _per_object, _self
from tfdata_bridge._src.migrate.returned_lists import Replace, module_names
from tfdata_bridge._src.migrate.walk import Visitor

_ROUNDS = 8
_STAGES = ("Reader", "input_producer", "batch")  # (a module with none of these has no pipeline to gather)


def inline_memo_properties(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each property read once inlined where it is read, repeatedly (the same module object where
    there is none). ``why``: (class, reason) of each pipeline property left, said at its pipelines."""
    if "@property" not in code_of(module) or not any(k in code_of(module) for k in _STAGES):
        return module
    current = module
    for _ in range(_ROUNDS):
        new = _one_round(current, external)
        if new is current:
            break
        current = new
    if why is not None:  # (at the fixed point: each property left says why)
        _one_round(current, external, why)
    return current


class _Prop:
    def __init__(self, cls: cst.ClassDef, fn: cst.FunctionDef, me: str, stmts: list[cst.BaseStatement],
                 value: cst.BaseExpression | None, memo: str | None, memo_set: cst.SimpleStatementLine | None):
        self.cls, self.fn, self.me, self.stmts, self.value = cls, fn, me, stmts, value
        self.memo, self.memo_set = memo, memo_set  # the memo attribute and the statement setting it (lazy form)


def _one_round(module: cst.Module, external, why: list | None = None) -> cst.Module:
    classes = [s for s in module.body if isinstance(s, cst.ClassDef)]
    attributes = nodes_of(module, cst.Attribute)
    for cls in classes:
        family = _family(cls, classes)
        for fn in cls.body.body:
            if not isinstance(fn, cst.FunctionDef):
                continue
            prop = _property(cls, fn)
            if prop is None:
                continue
            name = fn.name.value
            reads = [a for a in attributes if a.attr.value == name]
            kind = "lazy property" if prop.memo is not None else "property"
            if len(reads) != 1 or tree_uses(external, name) or _overridden(cls, classes, name, external):
                if why is not None and _stage(fn):
                    why += [(c, f"the {kind} `{name}` (a pipeline stage) is read in more than one place: it is "
                                "not inlined where it is read; read it once, or keep the queues (`migrate --to "
                                "compat`)") for c in family]
                continue
            site = _site(module, family, reads[0], prop, classes, external)
            if site is None:
                if why is not None and _stage(fn):
                    why += [(c, f"the {kind} `{name}` (a pipeline stage) is read where it may run more than once "
                                "per object, or inside a loop, comprehension or conditional expression: it is "
                                "not inlined there") for c in family]
                continue
            if prop.memo is not None:
                memo_uses = [a for a in attributes if a.attr.value == prop.memo]
                inits = _memo_inits(cls, prop.memo)
                own = [a for a in nodes_of(fn, cst.Attribute) if a.attr.value == prop.memo]
                if len(memo_uses) != len(own) + len(inits) or tree_uses(external, prop.memo):
                    continue
            else:
                inits = []
            method, stmt, block = site
            return _inlined(module, prop, reads[0], method, stmt, inits)
    return module


def _property(cls: cst.ClassDef, fn: cst.FunctionDef) -> _Prop | None:
    if len(fn.decorators) != 1 or not (isinstance(fn.decorators[0].decorator, cst.Name)
                                       and fn.decorators[0].decorator.value == "property"):
        return None
    me = _self(fn)
    if me is None or len(fn.params.params) != 1 or not isinstance(fn.body, cst.IndentedBlock):
        return None
    body = list(fn.body.body)
    if body and is_docstring(body[0]):
        body = body[1:]
    if not body:
        return None
    last = body[-1]
    small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    if not isinstance(small, cst.Return) or small.value is None:
        return None
    lazy = _lazy(body, small.value, me)
    if lazy is not None:
        return _Prop(cls, fn, me, *lazy)
    if any(_unsafe(s) for s in body[:-1]):
        return None
    return _Prop(cls, fn, me, body[:-1], small.value, None, None)


def _self_attr(node: cst.CSTNode, me: str) -> str | None:
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == me:
        return node.attr.value
    return None


def _lazy(body: list[cst.BaseStatement], returned: cst.BaseExpression, me: str):
    """(statements, None, memo attribute, the statement setting it) of ``if self._x is None: ...; return
    self._x``; None for another shape."""
    memo = _self_attr(returned, me)
    if memo is None or len(body) != 2 or not isinstance(body[0], cst.If) or body[0].orelse is not None:
        return None
    test = body[0].test
    if not (isinstance(test, cst.Comparison) and _self_attr(test.left, me) == memo and len(test.comparisons) == 1
            and isinstance(test.comparisons[0].operator, cst.Is)
            and isinstance(test.comparisons[0].comparator, cst.Name)
            and test.comparisons[0].comparator.value == "None"):
        return None
    if not isinstance(body[0].body, cst.IndentedBlock):
        return None
    stmts = list(body[0].body.body)
    if any(_unsafe(s) for s in stmts):
        return None
    sets = [s for s in stmts for t in nodes_of(s, cst.AssignTarget) if _self_attr(t.target, me) == memo]
    if len(sets) != 1 or not isinstance(sets[0], cst.SimpleStatementLine) or len(sets[0].body) != 1 or \
            len(sets[0].body[0].targets) != 1 or sets[0] is not stmts[-1]:
        return None
    if any(_self_attr(a, me) == memo for s in stmts for a in nodes_of(s, cst.Attribute)
           if not any(a is t.target for t in nodes_of(sets[0], cst.AssignTarget))):
        return None  # (the memo read inside its own block)
    return stmts[:-1], sets[0].body[0].value, memo, sets[0]


_UNSAFE = (cst.Return, cst.Yield, cst.Global, cst.Nonlocal, cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Await)


class _Unsafe(Visitor):
    found = False

    def on_visit(self, node: cst.CSTNode) -> bool:
        if isinstance(node, _UNSAFE):
            self.found = True
        return not self.found


def _unsafe(stmt: cst.BaseStatement) -> bool:
    """A statement that would not mean the same inlined: a return, a yield, a scope statement, a definition."""
    v = _Unsafe()
    stmt.visit(v)
    return v.found


def _memo_inits(cls: cst.ClassDef, memo: str) -> list[cst.SimpleStatementLine]:
    """The ``self._x = None`` statements of ``__init__``."""
    out = []
    for fn in cls.body.body:
        if isinstance(fn, cst.FunctionDef) and fn.name.value == "__init__" and isinstance(fn.body, cst.IndentedBlock):
            me = _self(fn)
            for s in fn.body.body:
                small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                        _self_attr(small.targets[0].target, me) == memo and isinstance(small.value, cst.Name) and \
                        small.value.value == "None":
                    out.append(s)
    return out


def _site(module, family, read: cst.Attribute, prop: _Prop, classes, external):
    """(the method, the statement, its block) reading the property where inlining it is the same program."""
    for cls in family:
        for fn in cls.body.body:
            if not isinstance(fn, cst.FunctionDef) or fn is prop.fn or not isinstance(fn.body, cst.IndentedBlock):
                continue
            me = _self(fn)
            if me is None or _self_attr(read, me) is None or not any(a is read for a in nodes_of(fn, cst.Attribute)):
                continue
            found = _statement(fn.body, read, False, None)
            if found is None:
                return None
            stmt, block, in_memo = found
            if prop.memo is not None:  # a lazy property: read where it runs once per object
                owner = _property(cls, fn)
                once = in_memo is not None and owner is not None and owner.memo is not None and \
                    _is_memo_block(fn, in_memo) or fn.name.value == "__init__"
                if not once and _per_object(module, cls, fn, classes, external) is not None:
                    return None
            return fn, stmt, block
    return None


def _is_memo_block(fn: cst.FunctionDef, block) -> bool:
    body = [s for s in fn.body.body if not is_docstring(s)]
    return bool(body) and isinstance(body[0], cst.If) and body[0].body is block


def _statement(block, read, looped: bool, memo_block):
    """(the simple statement holding ``read``, its block, the ``if`` block it is in or None) where no loop,
    comprehension, lambda or conditional expression holds it; None otherwise."""
    for stmt in block.body:
        if not any(a is read for a in nodes_of(stmt, cst.Attribute)):
            continue
        if isinstance(stmt, cst.SimpleStatementLine):
            if looped or len(stmt.body) != 1 or not _plain_path(stmt, read):
                return None
            return stmt, block, memo_block
        if isinstance(stmt, (cst.For, cst.While)):
            return None
        if isinstance(stmt, cst.If):
            if any(a is read for a in nodes_of(stmt.test, cst.Attribute)) or stmt.orelse is not None:
                return None
            return _statement(stmt.body, read, looped, stmt.body)
        if isinstance(stmt, cst.With):
            if any(a is read for i in stmt.items for a in nodes_of(i, cst.Attribute)):
                return None
            return _statement(stmt.body, read, looped, memo_block)
        return None
    return None


def _plain_path(stmt: cst.SimpleStatementLine, read: cst.Attribute) -> bool:
    """No lambda, comprehension, conditional expression or boolean operation holds ``read`` in ``stmt``."""
    kinds = (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.IfExp, cst.BooleanOperation)
    return not any(any(a is read for a in nodes_of(n, cst.Attribute)) for k in kinds for n in nodes_of(stmt, k))


def _inlined(module, prop: _Prop, read: cst.Attribute, method: cst.FunctionDef, stmt, inits):
    me = _self(method)
    # (a new local must not take a name of the method, of the module's top, or one the property reads freely)
    taken = {n.value for n in identifiers(method)} | module_names(module) | \
        {n.value for s in prop.stmts for n in identifiers(s)} | {n.value for n in identifiers(prop.value)}
    local: set[str] = set()
    for s in prop.stmts:
        for t in nodes_of(s, cst.AssignTarget):
            local |= names_in(t.target)
        for f in nodes_of(s, cst.For):
            local |= names_in(f.target)
        for w in nodes_of(s, cst.AsName):
            local |= names_in(w.name)
    names: dict[str, str] = {}

    def fresh(base: str) -> str:
        k, out = 1, base
        while out in taken:
            out = f"{base}_{k}"
            k += 1
        taken.add(out)
        return out

    targets = {id(n) for s in prop.stmts for a in nodes_of(s, cst.AssignTarget) for n in nodes_of(a, cst.Name)}
    read_names = {n.value for s in prop.stmts for n in identifiers(s) if id(n) not in targets} | \
        {n.value for n in identifiers(prop.value)}
    taken -= local
    for name in sorted(local):
        if name == "_" and name not in read_names:
            continue  # (a throwaway target stays one)
        names[name] = fresh(name)
    if prop.me != me:
        names[prop.me] = me
    value_name = fresh(prop.fn.name.value.lstrip("_") or "value")
    rename = _Rename(names)
    new = [s.visit(rename).with_changes(leading_lines=()) for s in prop.stmts]
    new.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(value_name))],
                                                   prop.value.visit(rename))]))
    new[0] = new[0].with_changes(leading_lines=stmt.leading_lines)
    changes: dict[int, object] = {
        id(read): cst.Name(value_name),
        id(prop.fn): cst.RemovalSentinel.REMOVE,
    }
    for s in inits:
        changes[id(s)] = cst.RemovalSentinel.REMOVE
    inner = stmt.visit(Replace({id(read): cst.Name(value_name)}, stmt)).with_changes(leading_lines=())
    changes[id(stmt)] = cst.FlattenSentinel([*new, inner])
    del changes[id(read)]
    return module.visit(Replace(changes, module))


__all__ = ["inline_memo_properties"]
