"""A provider object made and read once in a function: its ``__init__`` and its ``get`` written at the caller.

    class DatasetDataProvider(object):                 # this module's, or another module's of the tree
        def __init__(self, files, shuffle=False, reader=tf.TFRecordReader):
            queue = tf.train.string_input_producer(files, shuffle=shuffle, num_epochs=1)
            _, data = reader().read(queue)
            self._items = {"x": ..., "label": ...}
        def get(self, items):
            return [self._items[item] for item in items]

    provider = DatasetDataProvider(files, shuffle=True)          queue = tf.train.string_input_producer(
    x, label = provider.get(["x", "label"])               ->         files, shuffle=True, num_epochs=1)
    xs, labels = tf.train.batch([x, label], 4)                   _, data = tf.TFRecordReader().read(queue)
                                                                 items = {"x": ..., "label": ...}
                                                                 x, label = items["x"], items["label"]
                                                                 xs, labels = tf.train.batch([x, label], 4)

(slim's ``DatasetDataProvider``, rewritten by users in plain TF: its ``__init__`` reads and decodes the records
into a dict of tensors kept on the object; the caller selects items and batches them). The object is only a
holder of the tensors its ``__init__`` makes: made here, the same ops read the same records, in the same order,
and ``get`` hands over the same tensors. The pipeline then stands in one function, which the recogniser takes.

Only where that holds for sure: a class with no base but ``object``, no decorator and no class attribute, whose
methods are plain functions (no decorator, no dunder but ``__init__``); ``__init__`` with no ``*args``, no nested
function, class or lambda, no ``return``/``yield``/``global``/``import``/``del``/``try``, using ``self`` only as
``self.attr = value`` and, after it, ``self.attr``; ``get(self, items)`` returning ``[self.attr[item] for item in
items]`` of an attribute set once; the object made once (``p = Cls(...)``, arguments by position or keyword,
defaults literal or a dotted name of an import) in a statement run once per call, named afterwards only as ``names =
p.get([<string literals>])``. The ``__init__``'s other names read are builtins or, for a class of another module,
imports that mean the same in the caller's module (a plain ``import a.b as tf``, or an absolute ``from pkg import
mod``, the caller's module lacks is added there), none bound by the caller. Literal and plain-name arguments stand for their parameters (an ``if`` on a
literal ``True``/``False`` keeps its taken branch: slim's ``RandomShuffleQueue`` when ``shuffle``, ``FIFOQueue``
otherwise); others are bound first. A class of this module named nowhere else goes; one of another module goes once
no module of the tree names it (``dead_providers``, from ``tree.py``), and so does its import.
``to_tfdata.run`` keeps the result only where it lets more pipelines be rewritten.

A reader object (tefla's ``Reader``: ``__init__`` only keeps its arguments, ``self.attr = value``; a method, perhaps
through another method of the class, makes the pipeline and returns the dequeue or tensors parsed from it) made
once and read only by ``names = obj.method(...)`` (or made and read at once, ``names = Cls(...).method(...)``) is
written at the call: the method's statements, its ``self.method(...)`` calls inlined in turn, ``self.attr`` as the
constructor's argument or default where that is a constant, a name the caller binds once or a dict literal read
only as ``**self.attr`` (an ``if self.shuffle:`` on a literal then takes its arm, else the branch-queue rewrite
keeps the choice), any other value kept in a local where the object was made (``_reader_inlined``). A class
setting an attribute outside ``__init__``, handing ``self`` on, or an object read otherwise is left
(``reader_object_refusal`` says why in the queue's note).

An ``__init__`` that computes its state (matt-komm's ``root_reader``: a loop over its feature dict extending
``self._branch_list`` and filling ``self._output_formatters`` with lambdas a ``@staticmethod`` makes) is written
whole where the object is made (``_computed_attrs``): each attribute a local (or the value it keeps, where set once
to a constant or a name bound once), its locals renamed apart; each static function read as ``self.f`` / ``Cls.f``
becomes a module-level function of the caller's module (``_hoisted``; the caller's spelling of the class where its
code reads its module's own names). An ``__init__`` calling a method, handing ``self`` on, or reading an attribute
before setting it at the top of its body is left.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Container

import libcst as cst

from tfdata_bridge._src.migrate.calls import (Refusal, bound_names, code_of, free_name, identifiers, is_docstring,
                                               name_counts, names_in, nodes_of, param_names)
from tfdata_bridge._src.migrate.builder_inline import with_imports
from tfdata_bridge._src.migrate.inline_sources import _bound_args, _once
from tfdata_bridge._src.migrate.object_uses import tree_uses
from tfdata_bridge._src.migrate.returned_lists import Replace, module_names

_BUILTINS = frozenset(dir(builtins))
_GET = re.compile(r"\.get\(\s*[\[(]")
# (``names = obj.method(...)`` or ``names = Cls(...).method(...)``: a reader object)
_METHOD_CALL = re.compile(r"=\s*[A-Za-z_]\w*\.[A-Za-z_]\w*\(|=\s*[A-Za-z_][\w.]*\(.*\)\.[A-Za-z_]\w*\(")
_EMPTY = cst.Module(body=[])
_SCOPED = frozenset({"super", "locals", "vars", "globals", "eval", "exec", "__class__"})


def inline_providers(module: cst.Module, external=None) -> cst.Module:
    """``module`` with each provider object made and read in one function written there (the same module
    object where there is none)."""
    code = code_of(module)
    if not (_GET.search(code) or _METHOD_CALL.search(code)) or \
            ("class " not in code and getattr(external, "classdef", None) is None):
        return module
    current = module
    for _ in range(8):  # (one object per pass: names taken are read again from the new module)
        new = _one(current, external)
        if new is current:
            break
        current = new
    return current


def _arm_blocks(body: list[cst.BaseStatement]) -> list[list[cst.SimpleStatementLine]]:
    """The statements of each ``if`` arm in ``body`` (through ``with`` blocks and nested arms, not loops), one
    list per arm, its own ``with`` blocks' statements included: each runs at most once per call, in its order."""
    out: list[list[cst.SimpleStatementLine]] = []
    for stmt in body:
        if isinstance(stmt, cst.With) and isinstance(stmt.body, cst.IndentedBlock):
            out.extend(_arm_blocks(list(stmt.body.body)))
        elif isinstance(stmt, cst.If):
            arm: cst.If | cst.Else | None = stmt
            while isinstance(arm, (cst.If, cst.Else)):
                if isinstance(arm.body, cst.IndentedBlock):
                    inner = list(arm.body.body)
                    out.append(_once(cst.FunctionDef(cst.Name("_"), cst.Parameters(), cst.IndentedBlock(inner))))
                    out.extend(_arm_blocks(inner))
                arm = arm.orelse if isinstance(arm, cst.If) else None
    return out


def _blocks(fn: cst.FunctionDef) -> list[list[cst.SimpleStatementLine]]:
    """The function's statements run once per call (``_once``), then those of each of its ``if`` arms."""
    body = list(fn.body.body) if isinstance(fn.body, cst.IndentedBlock) else []
    return [_once(fn), *_arm_blocks(body)]


def _plain_bases(cls: cst.ClassDef) -> bool:
    """``cls`` has no base but ``object`` and no decorator."""
    return not cls.decorators and all(isinstance(b.value, cst.Name) and b.value.value == "object" and b.keyword is None
                                       for b in cls.bases)


def _held_on_self(module: cst.Module, external) -> cst.Module:
    """``module`` with the reader objects one method holds on its instance (``self._reader = DataReader(...)``,
    then ``samples = self._reader.read()`` later in the same block, run once per call: ConvNetQuake's
    ``DataPipeline``, one per arm of its ``if is_training``) held in locals instead, where the attribute is named
    nowhere else -- not in the module but at these (another plain class's ``self.<attr>`` is another object's),
    not in another module of the tree, not as a string -- so each object is one made and read in one function,
    which ``_one`` writes at its call; the module itself where there is none."""
    code = code_of(module)
    classes = list(nodes_of(module, cst.ClassDef))
    for holder in classes:
        if not _plain_bases(holder):
            continue
        for fn in holder.body.body:
            if not isinstance(fn, cst.FunctionDef) or not fn.params.params or fn.decorators:
                continue
            me = fn.params.params[0].name.value
            held: dict[str, list] = {}
            for block in _blocks(fn):
                for i, stmt in enumerate(block):
                    small = stmt.body[0]
                    t = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
                    if not (isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me
                            and isinstance(small.value, cst.Call) and
                            isinstance(small.value.func, (cst.Name, cst.Attribute)) and
                            me not in names_in(small.value)):
                        continue
                    found = _provider_class(module, external, small.value.func)
                    if found is None or _methods(found[0]) is not None:
                        continue
                    methods = _reader_form(found[0])[1]
                    calls = []
                    for later in block[i + 1:]:
                        s2 = later.body[0]
                        c = s2.value if isinstance(s2, cst.Assign) and len(s2.targets) == 1 else None
                        if isinstance(c, cst.Call) and isinstance(c.func, cst.Attribute) and \
                                isinstance(c.func.value, cst.Attribute) and \
                                isinstance(c.func.value.value, cst.Name) and c.func.value.value.value == me and \
                                c.func.value.attr.value == t.attr.value and \
                                c.func.attr.value in methods and not any(me in names_in(a.value) for a in c.args):
                            calls.append(later)
                    held.setdefault(t.attr.value, []).append((stmt, calls))
            for attr, made in held.items():
                others = {id(a) for c in classes if c is not holder and _plain_bases(c)
                          for m in c.body.body if isinstance(m, cst.FunctionDef) and m.params.params
                          for a in nodes_of(m, cst.Attribute) if isinstance(a.value, cst.Name)
                          and a.value.value == m.params.params[0].name.value}
                named = [a for a in nodes_of(module, cst.Attribute) if a.attr.value == attr and id(a) not in others]
                if any(not calls for _, calls in made) or len(named) != sum(1 + len(calls) for _, calls in made) or \
                        tree_uses(external, attr) or f'"{attr}"' in code or f"'{attr}'" in code:
                    continue
                taken = {n.value for n in identifiers(fn)} | module_names(module)
                changes: dict[int, object] = {}
                for stmt, calls in made:
                    base = attr.lstrip("_") or "obj"
                    local, k = base, 1
                    while local in taken:
                        local, k = f"{base}_{k}", k + 1
                    taken.add(local)
                    small = stmt.body[0]
                    changes[id(stmt)] = stmt.with_changes(body=[small.with_changes(
                        targets=[small.targets[0].with_changes(target=cst.Name(local))])])
                    for later in calls:
                        s2 = later.body[0]
                        changes[id(later)] = later.with_changes(body=[s2.with_changes(value=s2.value.with_changes(
                            func=s2.value.func.with_changes(value=cst.Name(local))))])
                return module.visit(Replace(changes, module))
    return module


def _one(module: cst.Module, external) -> cst.Module:
    held = _held_on_self(module, external)
    if held is not module:
        return held
    for fn in nodes_of(module, cst.FunctionDef):
        for once in _blocks(fn):
            for i, stmt in enumerate(once):
                small = stmt.body[0]
                chained = _chained(module, external, fn, stmt)
                if chained is not None:  # ``names = Cls(...).method(...)``: a reader object made and read at once
                    cls, home, new, imports, hoisted = chained
                    changes = {id(stmt): cst.FlattenSentinel(new)}
                    if home is module and _named_once(module, cls, external) and not _spells(new, cls):
                        changes[id(cls)] = cst.RemovalSentinel.REMOVE
                    out = module.visit(Replace(changes, module))
                    func = small.value.func.value.func
                    if home is not module and isinstance(func, cst.Name):
                        out = _unimported(out, func.value)
                    return _with_functions(with_imports(out, imports), hoisted)
                if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                        isinstance(small.targets[0].target, cst.Name) and isinstance(small.value, cst.Call) and
                        isinstance(small.value.func, (cst.Name, cst.Attribute))):
                    continue
                obj = small.targets[0].target.value
                if not any(isinstance(a.value, cst.Name) and a.value.value == obj
                           for s in once[i + 1:] for a in nodes_of(s, cst.Attribute)):
                    continue  # (no ``obj.method(...)`` read after it: no class looked up)
                found = _provider_class(module, external, small.value.func)
                if found is None:
                    continue
                cls, home = found
                changes: dict[int, object] = {}
                if _methods(cls) is not None:
                    gets = _gets(fn, once[i + 1:], obj)
                    if not gets:
                        continue
                    new = _inlined(module, home, cls, fn, stmt, gets, external)
                    if new is None:
                        continue
                    changes[id(stmt)] = cst.FlattenSentinel(new[0])
                    for g, replaced in zip(gets, new[1]):
                        changes[id(g)] = replaced
                else:  # a reader object: a method makes the pipeline from what ``__init__`` kept
                    calls = _method_calls(fn, once[i + 1:], obj, _reader_form(cls)[1])
                    if not calls:
                        continue
                    new = _reader_inlined(module, home, cls, fn, stmt, calls)
                    if new is None:
                        continue
                    changes[id(stmt)] = cst.FlattenSentinel(new[0]) if new[0] else cst.RemovalSentinel.REMOVE
                    for c, replaced in zip(calls, new[1]):
                        changes[id(c)] = cst.FlattenSentinel(replaced)
                if home is module and _named_once(module, cls, external) and not _spells([new[0], new[1]], cls):
                    # (a subclass flattened with its base, ``_flattened``: the module's own class goes)
                    own = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == cls.name.value]
                    changes[id(own[0] if len(own) == 1 else cls)] = cst.RemovalSentinel.REMOVE
                out = module.visit(Replace(changes, module))
                if home is not module and isinstance(small.value.func, cst.Name):
                    out = _unimported(out, small.value.func.value)
                return _with_functions(with_imports(out, new[2]), new[3] if len(new) > 3 else [])
    return module


def _spells(stmts: list[cst.BaseStatement], cls: cst.ClassDef) -> bool:
    """Some of ``stmts`` (an object's statements written at its caller) still name ``cls`` (a static function
    read through the caller's spelling of the class): the class stays."""
    def flat(items) -> list[cst.CSTNode]:
        return [n for i in items for n in (flat(i) if isinstance(i, (list, tuple)) else [i])]

    return any(n.value == cls.name.value for s in flat(stmts) if isinstance(s, cst.CSTNode) for n in identifiers(s))


def _with_functions(module: cst.Module, functions: list[cst.FunctionDef]) -> cst.Module:
    """``module`` with the module-level ``functions`` (a class's static functions written at its caller) before
    its first top-level function or class; one of the same name and the same code already there is not added
    again (a second object of the class)."""
    if not functions:
        return module
    body = list(module.body)
    have = {s.name.value: module.code_for_node(s.with_changes(leading_lines=())) for s in body
            if isinstance(s, cst.FunctionDef)}
    new = [f for f in functions if have.get(f.name.value) != module.code_for_node(f.with_changes(leading_lines=()))]
    at = next((i for i, s in enumerate(body) if isinstance(s, (cst.FunctionDef, cst.ClassDef))), len(body))
    return module.with_changes(body=[*body[:at], *new, *body[at:]])


def _plain_import(home: cst.Module, name: str) -> str | None:
    """``import a.b as name`` (or ``import name``), or an absolute ``from a.b import m as name`` (or ``import
    name``), the one statement of ``home`` binding ``name``; else None."""
    found = [f"import {a.evaluated_name}" + (f" as {a.evaluated_alias}" if a.evaluated_alias else "")
             for s in home.body if isinstance(s, cst.SimpleStatementLine) for i in s.body if isinstance(i, cst.Import)
             for a in i.names if (a.evaluated_alias or a.evaluated_name) == name]
    found += [f"from {_EMPTY.code_for_node(i.module)} import {a.evaluated_name}" +
              (f" as {a.evaluated_alias}" if a.evaluated_alias else "")
              for s in home.body if isinstance(s, cst.SimpleStatementLine) for i in s.body
              if isinstance(i, cst.ImportFrom) and not isinstance(i.names, cst.ImportStar) and not i.relative
              and i.module is not None and _EMPTY.code_for_node(i.module) != "__future__"
              for a in i.names if (a.evaluated_alias or a.evaluated_name) == name]
    return found[0] if len(found) == 1 else None


def _unimported(module: cst.Module, name: str) -> cst.Module:
    """``module`` without its top-level ``from m import name`` where nothing else names ``name`` now (an
    attribute's name, ``v1.TextLineReader``, is no use of it)."""
    aliases = [a for s in module.body if isinstance(s, cst.SimpleStatementLine) for i in s.body
               if isinstance(i, cst.ImportFrom) and not isinstance(i.names, cst.ImportStar) for a in i.names
               if a.asname is None and isinstance(a.name, cst.Name) and a.name.value == name]
    if len(aliases) != 1 or name_counts(module)[name] != 1:
        return module
    changes: dict[int, object] = {}
    for s in module.body:
        if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and isinstance(s.body[0], cst.ImportFrom) \
                and not isinstance(s.body[0].names, cst.ImportStar) and any(a is aliases[0] for a in s.body[0].names):
            kept = [a for a in s.body[0].names if a is not aliases[0]]
            if not kept:
                changes[id(s)] = cst.RemovalSentinel.REMOVE
            else:
                kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
                changes[id(s)] = s.with_changes(body=[s.body[0].with_changes(names=kept)])
    return module.visit(Replace(changes, module)) if changes else module


def _provider_class(module: cst.Module, external, func: cst.BaseExpression
                    ) -> tuple[cst.ClassDef, cst.Module] | None:
    """(the class, its module) that ``func`` names, where it is a provider class this inlines; else None."""
    cls, home = None, module
    if isinstance(func, cst.Name):
        own = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == func.value]
        if len(own) == 1:
            cls = own[0]
        elif own:
            return None
    if cls is None:
        classdef = getattr(external, "classdef", None)
        if classdef is None:
            return None
        try:
            got = classdef(func)
        except Refusal:
            return None
        if got is None:
            return None
        cls, home = got[0], got[1]
    if _methods(cls) is None and _reader_form(cls) is None:
        cls = _flattened(cls, home)
        return (cls, home) if cls is not None and _methods(cls) is not None else None
    return (cls, home)


_CHECK_CALLS = frozenset({"isinstance", "len", "list", "tuple", "set", "sorted", "str", "repr", "ValueError",
                          "TypeError", "KeyError"})
_VIEWS = frozenset({"keys", "values", "items"})


def _flattened(cls: cst.ClassDef, home: cst.Module) -> cst.ClassDef | None:
    """A provider subclass of a holder base (slim's ``DatasetDataProvider(DataProvider)``), as one plain class
    meaning the same to an object made once and read only by ``get([...])``; None where not sure.

    The subclass: one base, a class of its own module (``home``) bound there once, no decorator or keyword; its
    only method ``__init__``, ending in ``super().__init__(...)`` / ``super(Cls, self).__init__(...)`` (``super``
    named nowhere else, ``self`` in none of its arguments). The base: a plain class (``_plain_class``) whose
    ``__init__`` only keeps each of its parameters, ``self.attr = param``, and whose ``get`` is the holder's
    ``return [self.attr[item] for item in items]``, after it perhaps ``self.check(items)`` calls of its methods
    that only check the items (``_only_checks``: raise or do nothing). The super call becomes the base's
    ``self.attr = value`` stores, in the call's argument order (each value evaluated as the call evaluated it);
    the checks go (an item not held then fails as a ``KeyError`` where it was a ``ValueError``: both at graph
    construction, before anything runs)."""
    if cls.decorators or cls.keywords or len(cls.bases) != 1 or not isinstance(cls.body, cst.IndentedBlock):
        return None
    b = cls.bases[0]
    if b.keyword is not None or b.star or not isinstance(b.value, cst.Name) or b.value.value == "object":
        return None
    bases = [s for s in home.body if isinstance(s, cst.ClassDef) and s.name.value == b.value.value]
    if len(bases) != 1 or b.value.value in bound_names(*[s for s in home.body if s is not bases[0]]):
        return None
    base = bases[0]
    mine, theirs = _plain_class(cls.with_changes(bases=())), _plain_class(base)
    if mine is None or theirs is None or set(mine) != {"__init__"} or not {"__init__", "get"} <= set(theirs):
        return None
    init, b_init, get = mine["__init__"], theirs["__init__"], theirs["get"]
    if not (isinstance(init.body, cst.IndentedBlock) and isinstance(b_init.body, cst.IndentedBlock) and
            isinstance(get.body, cst.IndentedBlock) and init.params.params and b_init.params.params and
            len(get.params.params) == 2):
        return None
    me = init.params.params[0].name.value
    # the base's ``__init__``: each parameter kept once as ``self.attr = param``
    b_me = b_init.params.params[0].name.value
    b_params = [p.name.value for p in b_init.params.params[1:]]
    if b_init.params.star_arg is not None and isinstance(b_init.params.star_arg, cst.Param) or \
            b_init.params.star_kwarg is not None or b_init.params.kwonly_params or b_init.params.posonly_params:
        return None
    kept: dict[str, str] = {}
    for k, st in enumerate(b_init.body.body):
        if k == 0 and is_docstring(st):
            continue
        small = st.body[0] if isinstance(st, cst.SimpleStatementLine) and len(st.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                isinstance(small.targets[0].target, cst.Attribute) and
                isinstance(small.targets[0].target.value, cst.Name) and small.targets[0].target.value.value == b_me and
                isinstance(small.value, cst.Name) and small.value.value in b_params and
                small.value.value not in kept):
            return None
        kept[small.value.value] = small.targets[0].target.attr.value
    if len(set(kept.values())) != len(kept):
        return None
    # the subclass's ``__init__``: its last statement the super call, ``super`` named nowhere else
    body = [st for k, st in enumerate(init.body.body) if not (k == 0 and is_docstring(st))]
    last = body[-1] if body else None
    small = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    call = small.value if isinstance(small, cst.Expr) else None
    sup = call.func.value if isinstance(call, cst.Call) and isinstance(call.func, cst.Attribute) and \
        call.func.attr.value == "__init__" else None
    if not (isinstance(sup, cst.Call) and isinstance(sup.func, cst.Name) and sup.func.value == "super"):
        return None
    if sup.args and not (len(sup.args) == 2 and all(a.keyword is None and not a.star for a in sup.args) and
                         isinstance(sup.args[0].value, cst.Name) and sup.args[0].value.value == cls.name.value and
                         isinstance(sup.args[1].value, cst.Name) and sup.args[1].value.value == me):
        return None
    if sum(1 for n in identifiers(init.body) if n.value == "super") != 1 or \
            any(n.value in (me, "super") for a in call.args for n in identifiers(a.value)):
        return None
    bound = _bound_args(b_init.with_changes(params=b_init.params.with_changes(params=b_init.params.params[1:])),
                        call)
    if bound is None or set(bound) != set(kept):
        return None
    given = [a.keyword.value if a.keyword is not None else b_params[k] for k, a in enumerate(call.args)]
    order = given + [p for p in b_params if p not in given]
    stores = [cst.SimpleStatementLine([cst.Assign(
        [cst.AssignTarget(cst.Attribute(cst.Name(me), cst.Name(kept[p])))], bound[p])]) for p in order]
    new_init = init.with_changes(body=init.body.with_changes(body=[*init.body.body[:-1], *stores]))
    # the base's ``get``: checks of its own methods first (dropped), then the holder's selection
    g_me, items = get.params.params[0].name.value, get.params.params[1].name.value
    g_body = [st for k, st in enumerate(get.body.body) if not (k == 0 and is_docstring(st))]
    for st in g_body[:-1]:
        small = st.body[0] if isinstance(st, cst.SimpleStatementLine) and len(st.body) == 1 else None
        c = small.value if isinstance(small, cst.Expr) else None
        if not (isinstance(c, cst.Call) and isinstance(c.func, cst.Attribute) and
                isinstance(c.func.value, cst.Name) and c.func.value.value == g_me and
                c.func.attr.value in theirs and c.func.attr.value not in ("__init__", "get") and
                all(a.keyword is None and not a.star and isinstance(a.value, cst.Name) and a.value.value == items
                    for a in c.args) and _only_checks(theirs[c.func.attr.value], theirs)):
            return None
    new_get = get.with_changes(body=get.body.with_changes(body=g_body[-1:]))
    return cls.with_changes(bases=(), lpar=cst.MaybeSentinel.DEFAULT, rpar=cst.MaybeSentinel.DEFAULT,
                            body=cls.body.with_changes(body=[new_init, new_get]))


def _only_checks(fn: cst.FunctionDef, methods: dict[str, cst.FunctionDef], depth: int = 0) -> bool:
    """``fn`` (a method of a plain class) only checks: it raises or does nothing, changing nothing -- ``if`` /
    ``for`` / ``raise`` / ``pass`` and stores to its own locals, calling builtins (``_CHECK_CALLS``), views
    (``.keys()``) and methods of the class that return what ``self`` holds without calling anything else."""
    if not isinstance(fn.body, cst.IndentedBlock) or fn.decorators or fn.asynchronous or depth > 2:
        return False
    me = fn.params.params[0].name.value if fn.params.params else None
    if any(nodes_of(fn.body, t) for t in (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Yield, cst.Global,
                                         cst.Nonlocal, cst.Await, cst.Import, cst.ImportFrom, cst.Del, cst.Try,
                                         cst.With, cst.While, cst.AugAssign, cst.NamedExpr, cst.AnnAssign)):
        return False
    for st in nodes_of(fn.body, cst.BaseSmallStatement):
        if isinstance(st, (cst.Raise, cst.Pass, cst.Expr)) and (not isinstance(st, cst.Expr) or
                                                                 isinstance(st.value, cst.SimpleString)):
            continue
        if isinstance(st, cst.Return) and depth and st.value is not None:
            continue
        if isinstance(st, cst.Assign) and all(isinstance(t.target, cst.Name) for t in st.targets):
            continue
        return False
    for c in nodes_of(fn.body, cst.Call):
        f = c.func
        if isinstance(f, cst.Name) and f.value in _CHECK_CALLS:
            continue
        if isinstance(f, cst.Attribute) and f.attr.value in _VIEWS and not c.args:
            continue
        if isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name) and f.value.value == me and \
                f.attr.value in methods and f.attr.value not in ("__init__", "get") and not c.args and \
                _only_returns(methods[f.attr.value]):
            continue
        return False
    return True


def _only_returns(fn: cst.FunctionDef) -> bool:
    """``fn``'s body (past a docstring) is one ``return`` of what ``self`` holds, calling only builtins
    (``_CHECK_CALLS``) and views (``.keys()``)."""
    if not isinstance(fn.body, cst.IndentedBlock) or fn.decorators or len(fn.params.params) != 1:
        return False
    body = [st for k, st in enumerate(fn.body.body) if not (k == 0 and is_docstring(st))]
    if len(body) != 1 or not isinstance(body[0], cst.SimpleStatementLine) or len(body[0].body) != 1 or \
            not isinstance(body[0].body[0], cst.Return) or body[0].body[0].value is None:
        return False
    value = body[0].body[0].value
    if any(nodes_of(value, t) for t in (cst.Lambda, cst.NamedExpr, cst.Yield, cst.Await)):
        return False
    return all(isinstance(c.func, cst.Name) and c.func.value in _CHECK_CALLS or
               isinstance(c.func, cst.Attribute) and c.func.attr.value in _VIEWS and not c.args
               for c in nodes_of(value, cst.Call))


def _inlinable(cls: cst.ClassDef) -> bool:
    """A provider class (``get``) or a reader-object class (``_reader_form``), whose objects this writes at their
    callers."""
    return _methods(cls) is not None or _reader_form(cls) is not None


def _methods(cls: cst.ClassDef) -> tuple[cst.FunctionDef, cst.FunctionDef, str, str] | None:
    """(``__init__``, ``get``, get's parameter, the attribute it selects from) of a provider class; else None."""
    methods = _plain_class(cls)
    if methods is None:
        return None
    init, get = methods.get("__init__"), methods.get("get")
    if init is None or get is None or not isinstance(get.body, cst.IndentedBlock):
        return None
    params = get.params
    if len(params.params) != 2 or isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None or \
            params.kwonly_params or params.posonly_params:
        return None
    me, items = params.params[0].name.value, params.params[1].name.value
    body = [s for k, s in enumerate(get.body.body) if not (k == 0 and is_docstring(s))]
    ret = body[0].body[0] if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) and \
        len(body[0].body) == 1 else None
    comp = ret.value if isinstance(ret, cst.Return) else None
    if not isinstance(comp, cst.ListComp):
        return None
    loop = comp.for_in
    if loop.inner_for_in is not None or loop.ifs or loop.asynchronous is not None or \
            not isinstance(loop.target, cst.Name) or not (isinstance(loop.iter, cst.Name) and loop.iter.value == items):
        return None
    elt = comp.elt
    if not (isinstance(elt, cst.Subscript) and len(elt.slice) == 1 and isinstance(elt.slice[0].slice, cst.Index) and
            isinstance(elt.slice[0].slice.value, cst.Name) and elt.slice[0].slice.value.value == loop.target.value and
            isinstance(elt.value, cst.Attribute) and isinstance(elt.value.value, cst.Name) and
            elt.value.value.value == me):
        return None
    return init, get, items, elt.value.attr.value


def _gets(fn: cst.FunctionDef, after: list[cst.SimpleStatementLine], obj: str) -> list[cst.SimpleStatementLine]:
    """The statements ``names = obj.get([...])`` (a list or tuple of string literals) after the object is made,
    where they are every other use of ``obj`` in ``fn`` (``_method_calls``); else []."""
    gets = _method_calls(fn, after, obj, {"get"})

    def literal_items(stmt: cst.SimpleStatementLine) -> bool:
        args = stmt.body[0].value.args
        if len(args) != 1 or args[0].keyword is not None or args[0].star or \
                not isinstance(args[0].value, (cst.List, cst.Tuple)):
            return False
        elements = args[0].value.elements
        return bool(elements) and all(not isinstance(e, cst.StarredElement) and isinstance(e.value, cst.SimpleString)
                                      for e in elements)

    return gets if all(literal_items(g) for g in gets) else []


def _inlined(module: cst.Module, home: cst.Module, cls: cst.ClassDef, fn: cst.FunctionDef,
             stmt: cst.SimpleStatementLine, gets: list[cst.SimpleStatementLine], external=None):
    """(the statements standing for the object's making, each get's replacement), or None where not sure."""
    init, _, _, attr = _methods(cls)
    if not isinstance(init.body, cst.IndentedBlock) or not init.params.params:
        return None
    if any(nodes_of(init.body, t) for t in (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Return, cst.Yield,
                                             cst.Global, cst.Nonlocal, cst.Await, cst.NamedExpr, cst.Import,
                                             cst.ImportFrom, cst.Del, cst.Try)):
        return None
    if isinstance(init.params.star_arg, cst.Param) or init.params.star_kwarg is not None or init.params.posonly_params:
        return None
    me = init.params.params[0].name.value
    body = [s for k, s in enumerate(init.body.body) if not (k == 0 and is_docstring(s))]
    if not body:
        return None
    # ``self`` only as ``self.attr`` (each set by a plain ``self.attr = value`` before any read of it)
    attrs: dict[str, int] = {}
    for a in nodes_of(init.body, cst.AssignTarget):
        t = a.target
        if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me:
            attrs[t.attr.value] = attrs.get(t.attr.value, 0) + 1
    if attrs.get(attr) != 1 or not any(
            isinstance(s, cst.SimpleStatementLine) and isinstance(s.body[0], cst.Assign) and
            any(isinstance(t.target, cst.Attribute) and t.target.attr.value == attr for t in s.body[0].targets)
            for s in body):
        return None  # (the selected dict set once, in ``__init__``'s own block)
    selves = [n for n in identifiers(init.body) if n.value == me]
    attr_of = {id(a.value): a for a in nodes_of(init.body, cst.Attribute) if isinstance(a.value, cst.Name)}
    for n in selves:
        a = attr_of.get(id(n))
        if a is None or a.attr.value not in attrs:
            return None
    if any(isinstance(t.target, cst.Attribute) for t in nodes_of(init.body, cst.AugAssign)):
        return None
    call = stmt.body[0].value
    plain = init.with_changes(params=init.params.with_changes(params=init.params.params[1:]))
    bound = _bound_args(plain, call, dotted_defaults=lambda n: _import_root(home, n))
    if bound is None:
        return None
    # the names ``__init__`` binds, and the ones it reads from its module
    local = {p.name.value for p in plain.params.params} | {p.name.value for p in plain.params.kwonly_params}
    for t in [*nodes_of(init.body, cst.AssignTarget), *nodes_of(init.body, cst.AugAssign),
              *nodes_of(init.body, cst.For), *nodes_of(init.body, cst.CompFor), *nodes_of(init.body, cst.AsName),
              *nodes_of(init.body, cst.AnnAssign)]:
        target = getattr(t, "target", None) if not isinstance(t, cst.AsName) else t.name
        if target is not None and not isinstance(target, cst.Attribute):
            local |= names_in(target)
    free = {n.value for n in identifiers(init.body)} - local - {me}
    caller_bound = param_names(fn) | bound_names(fn.body)
    imports: list[str] = []
    added: set[str] = set()  # (names the caller's module is given an import of)
    # (``super()``, ``locals()`` read the method's own frame; a name the class reads from its module, bound in the
    # caller, would read the caller's; another module's names must mean the same here, or be imported)
    if not _free_names_ok(module, home, free, caller_bound, imports, added):
        return None
    if home is not module:
        from tfdata_bridge._src.migrate.init_source import _binding

        given = {a.keyword.value for a in call.args if a.keyword is not None}
        given |= {p.name.value for p, a in zip(plain.params.params, [a for a in call.args if a.keyword is None])}
        for p, value in bound.items():  # (a default of the other module: its import must mean the same here)
            if p not in given and isinstance(value, cst.Attribute):
                if any(_binding(home, n.value) != _binding(module, n.value) and n.value not in free or
                       n.value in caller_bound for n in identifiers(value)):
                    return None
    assigned = set()
    for t in nodes_of(init.body, cst.AssignTarget):
        assigned |= names_in(t.target) if not isinstance(t.target, cst.Attribute) else set()
    for t in [*nodes_of(init.body, cst.For), *nodes_of(init.body, cst.AugAssign), *nodes_of(init.body, cst.CompFor)]:
        assigned |= names_in(t.target)
    taken = {n.value for n in identifiers(fn)} | module_names(module) | free | caller_bound | \
        {n.value for v in bound.values() for n in identifiers(v)}
    names: dict[str, str] = {}

    def fresh(name: str) -> str:
        base = name.lstrip("_") or name
        k, out = 1, base
        while out in taken:
            out, k = f"{base}_{k}", k + 1
        taken.add(out)
        return out

    substitute: dict[str, cst.BaseExpression] = {}
    binds: list[tuple[str, cst.BaseExpression]] = []
    for p, value in bound.items():
        dotted = _import_root(module, value) or isinstance(value, cst.Attribute) and \
            bool({n.value for n in identifiers(value)} & added)
        if p not in assigned and (_plain_value(value) or dotted and
                                  not any(n.value in caller_bound for n in identifiers(value))):
            substitute[p] = value
        else:
            binds.append((p, value))
    for name in sorted(local - set(substitute)):
        if name == "_":
            continue
        names[name] = fresh(name)
    held = {a: fresh(a) for a in sorted(attrs)}
    out: list[cst.BaseStatement] = [
        cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[p]))], value)]) for p, value in binds]
    classes = {}  # (a reader class held on an object passed in: ``dataset.reader()``, followed where sure)
    for c in nodes_of(init.body, cst.Call):
        func = c.func
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and \
                isinstance(substitute.get(func.value.value), cst.Name) and not c.args:
            key = (func.value.value, func.attr.value)
            if key not in classes:
                classes[key] = _held_classes(module, external, fn, substitute[key[0]].value, key[1])
    change = _Change(me, held, names, substitute, {k: v for k, v in classes.items() if v is not None})
    asked = {e.value.evaluated_value for g in gets for e in g.body[0].value.args[0].value.elements}
    unasked = _unasked_stores(init, body, me, attr, bound, asked)
    for s in body:
        if id(s) in unasked:
            continue  # (an item stored in the held dict that no ``get`` asks for: slim's record key)
        new = s.visit(change).with_changes(leading_lines=())
        out.extend(_folded(new))
    if not out:
        return None
    out[0] = out[0].with_changes(leading_lines=stmt.leading_lines)
    replaced = []
    for g in gets:
        small = g.body[0]
        keys = [e.value for e in small.value.args[0].value.elements]
        picks = [cst.Element(cst.Subscript(cst.Name(held[attr]), [cst.SubscriptElement(cst.Index(k))])) for k in keys]
        target = small.targets[0].target
        tuple_target = isinstance(target, cst.Tuple) and len(target.elements) == len(picks)
        value = cst.Tuple(picks, lpar=[], rpar=[]) if tuple_target else cst.List(picks)
        replaced.append(g.with_changes(body=[small.with_changes(value=value)]))
    return out, replaced, imports


def _unasked_stores(init: cst.FunctionDef, body: list[cst.BaseStatement], me: str, attr: str,
                    bound: dict[str, cst.BaseExpression], asked: set) -> set[int]:
    """The ids of ``__init__``'s statements ``d[key] = name`` (in its own block, ``body``) storing an item no ``get``
    asks for (``asked``: every get's literal items) in the dict ``self.attr = d`` keeps (slim's ``items_to_tensors[
    record_key] = key``: the reader's key, which a tf.data reader does not give): ``key`` a string literal, or a
    parameter bound to one and bound nowhere in ``__init__``; the value a plain name (reading it does nothing);
    ``d`` a local bound once by a plain assignment and named otherwise only by such stores, as the value kept and
    in a guard of the store, ``if key in d: raise ...`` (no ``else``, only ``raise`` statements not naming ``d``:
    slim's check that no decoded item has the record key's name), which goes with it -- where an item had that
    name, legacy raised at graph construction and the migrated program hands that item over. No get reads the
    item, nothing else reads the dict: the store can go. Empty where any of that is not sure."""
    assigned = set()  # (the names bound in ``__init__``: a subscript's or attribute's store binds none)
    for t in [*nodes_of(init.body, cst.AssignTarget), *nodes_of(init.body, cst.For),
              *nodes_of(init.body, cst.AugAssign), *nodes_of(init.body, cst.CompFor)]:
        assigned |= names_in(t.target) if not isinstance(t.target, (cst.Attribute, cst.Subscript)) else set()
    out: set[int] = set()
    for st in body:
        small = st.body[0] if isinstance(st, cst.SimpleStatementLine) and len(st.body) == 1 else None
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
                isinstance(small.targets[0].target, cst.Subscript) and isinstance(small.value, cst.Name)):
            continue
        target = small.targets[0].target
        if not (isinstance(target.value, cst.Name) and len(target.slice) == 1 and
                isinstance(target.slice[0].slice, cst.Index)):
            continue
        d, key = target.value.value, target.slice[0].slice.value
        if isinstance(key, cst.Name) and key.value not in assigned:
            key = bound.get(key.value)
        if not isinstance(key, cst.SimpleString) or key.evaluated_value in asked:
            continue
        # ``d``: bound once (``d = ...``), otherwise named only as stores' dict and as the value ``self.attr = d``,
        # and in a guard of this store, ``if key in d: raise ...`` (slim's record key asked of the decoded items)
        allowed: set[int] = set()
        binds = kept = 0
        guards: set[int] = set()
        for other in body:
            test = other.test if isinstance(other, cst.If) and other.orelse is None else None
            if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and \
                    isinstance(test.comparisons[0].operator, cst.In) and \
                    isinstance(test.comparisons[0].comparator, cst.Name) and \
                    test.comparisons[0].comparator.value == d and _same_key(test.left, key, assigned, bound) and \
                    isinstance(other.body, cst.IndentedBlock) and other.body.body and all(
                        isinstance(r, cst.SimpleStatementLine) and all(isinstance(x, cst.Raise) for x in r.body)
                        for r in other.body.body) and not any(n.value == d for n in identifiers(other.body)):
                allowed.add(id(test.comparisons[0].comparator))
                guards.add(id(other))
                continue
            o = other.body[0] if isinstance(other, cst.SimpleStatementLine) and len(other.body) == 1 else None
            if not (isinstance(o, cst.Assign) and len(o.targets) == 1):
                continue
            t = o.targets[0].target
            if isinstance(t, cst.Name) and t.value == d:
                allowed.add(id(t))
                binds += 1
            elif isinstance(t, cst.Subscript) and isinstance(t.value, cst.Name) and t.value.value == d:
                allowed.add(id(t.value))
            elif isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me and \
                    t.attr.value == attr and isinstance(o.value, cst.Name) and o.value.value == d:
                allowed.add(id(o.value))
                kept += 1
        named = [n for n in identifiers(init.body) if n.value == d]
        if binds == 1 and kept == 1 and all(id(n) in allowed for n in named):  # (a name bound in a nested
            out.add(id(st))  # block, a loop's target or a read is not allowed)
            out |= guards
    return out


def _same_key(expr: cst.BaseExpression, key: cst.SimpleString, assigned: set[str],
              bound: dict[str, cst.BaseExpression]) -> bool:
    """``expr`` is the string ``key`` (the literal, or a parameter bound to it and bound nowhere in ``__init__``)."""
    if isinstance(expr, cst.Name) and expr.value not in assigned:
        expr = bound.get(expr.value)
    return isinstance(expr, cst.SimpleString) and expr.evaluated_value == key.evaluated_value


def _held_classes(module: cst.Module, external, fn: cst.FunctionDef, name: str, attr: str
                  ) -> cst.BaseExpression | None:
    """The dotted name (an import's, the same in ``module``) that ``name.attr`` is, where ``name`` (of ``fn``) is
    an object a tree function returns as ``Cls(..., attr=value)`` whose ``__init__`` keeps ``self.attr = attr``
    (or ``kw["attr"] = attr`` then ``self.__dict__.update(kw)``: ``_dict_kept``) (slim's ``dataset = get_split(...)``, ``Dataset(..., reader=reader, ...)`` with ``reader`` a parameter
    defaulting to ``None`` then set by ``if reader is None: reader = tf.TFRecordReader``), ``name`` bound once in
    ``fn`` by that call, or a parameter of ``fn`` that every call in the tree passes such a name for; None where
    any of that is not sure."""
    if external is None or getattr(external, "global_of", None) is None:
        return None
    texts = [code_of(module), *external.other_texts()]
    stores = sum(len(re.findall(rf"\.{re.escape(attr)}\s*=[^=]", t)) for t in texts)
    strings = sum(t.count(f'"{attr}"') + t.count(f"'{attr}'") for t in texts)
    # (a class's attribute: set once in the tree, the class's ``self.attr = attr``, no ``setattr(obj, "attr",
    # ...)``; a namedtuple's field cannot be set at all, its objects made only by the call followed)
    kept = (stores, strings) == (1, 0) or stores == 0 and strings <= 1  # (or kept through ``self.__dict__``)
    origins: list[tuple[cst.FunctionDef, str, cst.Module, object]] = []
    params = [p.name.value for p in fn.params.params]
    if name in params:
        if not any(s is fn for s in module.body):
            return None
        at = params.index(name)
        uses = [n for n in identifiers(module) if n.value == fn.name.value and n is not fn.name]
        calls = [c for c in nodes_of(module, cst.Call) if c.func in uses]
        if len(calls) != len(uses):
            return None
        sites = [(c, module, external) for c in calls]
        if external.uses_elsewhere(fn.name.value):  # (called from other modules: each call followed there)
            elsewhere = getattr(external, "calls_elsewhere", None)
            if elsewhere is None:
                return None
            for call, _, home, site in elsewhere(fn.name.value):
                ext = getattr(site, "external", None)
                if call is None or ext is None or getattr(ext, "global_of", None) is None:
                    return None
                sites.append((call, home, ext))
        if not sites:
            return None
        for call, home, ext in sites:
            args = [a for a in call.args if a.keyword is None]
            arg = args[at].value if at < len(args) else next(
                (a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)
            caller = next((f for f in nodes_of(home, cst.FunctionDef)
                           if any(c is call for c in nodes_of(f, cst.Call))), None)
            if not isinstance(arg, cst.Name) or caller is None or any(
                    isinstance(a.star, str) and a.star for a in call.args):
                return None
            origins.append((caller, arg.value, home, ext))
    else:
        origins.append((fn, name, module, external))
    found: set[str] = set()
    out = None
    for caller, bound, home, ext in origins:
        made = [a for a in nodes_of(caller, cst.Assign) if any(bound in names_in(t.target) for t in a.targets)]
        if len(made) != 1 or len(made[0].targets) != 1 or not isinstance(made[0].targets[0].target, cst.Name) or \
                bound in {p.name.value for p in caller.params.params} or \
                any(bound in names_in(f.target) for f in nodes_of(caller, cst.For)):
            return None
        value = _made_attr(home, ext, made[0].value, attr, kept, spelled_in=module, strings=strings)
        if value is None:
            return None
        root = value
        while isinstance(root, cst.Attribute):
            root = root.value
        names = param_names(fn) | bound_names(fn.body) | param_names(caller) | bound_names(caller.body)
        if not isinstance(root, cst.Name) or root.value in names:
            return None
        found.add(cst.Module([]).code_for_node(value))
        out = value
    return out if len(found) == 1 else None


def _made_attr(module: cst.Module, external, call: cst.BaseExpression, attr: str, kept: bool = True,
               spelled_in: cst.Module | None = None, strings: int | None = None) -> cst.BaseExpression | None:
    """``attr`` of the object ``call`` returns (``_held_classes``), as a dotted name meaning the same in
    ``module``; None where not sure. The object is of a ``collections.namedtuple`` bound to a module-level
    name (attention_ocr's ``Dataset``), ``attr`` one of its fields, or, where ``kept`` (the tree sets ``.attr``
    once), of a class keeping ``self.attr = attr``. ``spelled_in``: the module the name is to mean the same in (``module`` by default:
    the module calling, not the one reading the attribute, where they differ)."""
    from tfdata_bridge._src.migrate.init_source import _binding

    if not isinstance(call, cst.Call) or any(a.star for a in call.args):
        return None
    spelled = cst.Module([]).code_for_node(call.func)
    own = [s for s in module.body if isinstance(s, cst.FunctionDef) and s.name.value == spelled]
    got = (module, None, [spelled]) if len(own) == 1 else external.global_of(spelled)
    if got is None or len(got[2]) != 1:
        return None
    home, finder, rest = got
    fns = [s for s in home.body if isinstance(s, cst.FunctionDef) and s.name.value == rest[0]]
    if len(fns) != 1:
        return None
    f = fns[0]
    returns = nodes_of(f, cst.Return)
    body = list(f.body.body) if isinstance(f.body, cst.IndentedBlock) else []
    last = body[-1] if body else None
    ret = last.body[0] if isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 else None
    inner = {id(r) for d in nodes_of(f.body, cst.FunctionDef) for r in nodes_of(d, cst.Return)}
    if len([r for r in returns if id(r) not in inner]) != 1 or not isinstance(ret, cst.Return) or \
            not isinstance(ret.value, cst.Call):
        return None
    made = ret.value
    if any(a.star for a in made.args):
        return None
    fields = _namedtuple_fields(home, made.func)
    if fields is not None or not kept:
        if fields is None or attr not in fields:
            return None
        return _passed_value(spelled_in or module, home, f, call, made, fields.index(attr), attr)
    classdef = getattr(getattr(finder, "external", None) if finder is not None else external, "classdef", None)
    try:
        got_cls = classdef(made.func) if classdef is not None else None
    except Refusal:
        return None
    if got_cls is None and isinstance(made.func, cst.Name):
        own = [s for s in home.body if isinstance(s, cst.ClassDef) and s.name.value == made.func.value]
        got_cls = (own[0],) if len(own) == 1 else None
    if got_cls is None:
        return None
    cls = got_cls[0]
    if cls.decorators or cls.keywords or any(not (isinstance(b.value, cst.Name) and b.value.value == "object")
                                             for b in cls.bases):
        return None
    inits = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"]
    if len(inits) != 1 or any(not (isinstance(s, cst.FunctionDef) or is_docstring(s)) for s in cls.body.body) or \
            any(isinstance(s, cst.FunctionDef) and s.decorators for s in cls.body.body):
        return None
    init = inits[0]
    me = init.params.params[0].name.value if init.params.params else None
    param = _dict_kept(init, attr, strings)
    if param is not None:  # (slim's ``Dataset``: ``kwargs["reader"] = reader``, ``self.__dict__.update(kwargs)``)
        plain = init.with_changes(params=init.params.with_changes(params=init.params.params[1:]))
        at = [p.name.value for p in plain.params.params].index(param)
        return _passed_value(spelled_in or module, home, f, call, made, at, param)
    kept = [a for a in nodes_of(init.body, cst.Assign) if len(a.targets) == 1 and
            isinstance(a.targets[0].target, cst.Attribute) and a.targets[0].target.attr.value == attr]
    if len(kept) != 1 or not (isinstance(kept[0].targets[0].target.value, cst.Name) and
                              kept[0].targets[0].target.value.value == me) or \
            not isinstance(kept[0].value, cst.Name) or \
            not any(s is kept[0] for st in init.body.body if isinstance(st, cst.SimpleStatementLine) for s in st.body):
        return None
    param = kept[0].value.value
    plain = init.with_changes(params=init.params.with_changes(params=init.params.params[1:]))
    if param not in {p.name.value for p in plain.params.params} or \
            any(param in names_in(t.target) for t in nodes_of(init.body, cst.AssignTarget)):
        return None
    at = [p.name.value for p in plain.params.params].index(param)
    return _passed_value(spelled_in or module, home, f, call, made, at, param)


def _dict_kept(init: cst.FunctionDef, attr: str, strings: int | None) -> str | None:
    """The parameter of ``init`` that its object keeps as ``attr`` through its ``__dict__``, where ``init`` is only
    ``kw["name"] = param`` / ``kw.update(name=param, ...)`` statements on its ``**kw``, each name once, then
    ``self.__dict__.update(kw)`` (slim's ``Dataset``), ``attr`` stored so, its parameter never rebound, and the
    tree spells ``attr`` as a string (``strings``) only in those stores; else None."""
    p = init.params
    if not p.params or not isinstance(p.star_kwarg, cst.Param) or not isinstance(init.body, cst.IndentedBlock):
        return None
    me, kw = p.params[0].name.value, p.star_kwarg.name.value
    params = {x.name.value for x in p.params[1:]}
    body = [st for k, st in enumerate(init.body.body) if not (k == 0 and is_docstring(st))]
    smalls = [st.body[0] if isinstance(st, cst.SimpleStatementLine) and len(st.body) == 1 else None for st in body]
    last = smalls[-1] if smalls else None
    upd = last.value if isinstance(last, cst.Expr) else None
    if not (isinstance(upd, cst.Call) and code_of_node(upd) == f"{me}.__dict__.update({kw})"):
        return None
    stored: dict[str, str] = {}
    spelled = 0
    for small in smalls[:-1]:
        pairs: list[tuple[str, cst.BaseExpression]] = []
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                isinstance(small.targets[0].target, cst.Subscript):
            t = small.targets[0].target
            key = t.slice[0].slice.value if len(t.slice) == 1 and isinstance(t.slice[0].slice, cst.Index) else None
            if not (isinstance(t.value, cst.Name) and t.value.value == kw and isinstance(key, cst.SimpleString)):
                return None
            pairs.append((key.evaluated_value, small.value))
            spelled += key.evaluated_value == attr
        elif isinstance(small, cst.Expr) and isinstance(small.value, cst.Call) and \
                code_of_node(small.value.func) == f"{kw}.update" and \
                all(a.keyword is not None and not a.star for a in small.value.args):
            pairs += [(a.keyword.value, a.value) for a in small.value.args]
        else:
            return None
        for name, value in pairs:
            if name in stored or not (isinstance(value, cst.Name) and value.value in params):
                return None
            stored[name] = value.value
    if attr not in stored or strings is None or strings != spelled or \
            sum(1 for n in identifiers(init.body) if n.value == kw) != len(smalls) or \
            stored[attr] in bound_names(init.body):
        return None
    return stored[attr]


def code_of_node(node: cst.CSTNode) -> str:
    return _EMPTY.code_for_node(node)


def _passed_value(module: cst.Module, home: cst.Module, f: cst.FunctionDef, call: cst.Call, made: cst.Call,
                  at: int, param: str) -> cst.BaseExpression | None:
    """The dotted name ``made`` (``f``'s returned construction, ``f`` called by ``call``) passes as its ``at``-th
    parameter ``param``, meaning the same in ``module``; None where not sure."""
    from tfdata_bridge._src.migrate.init_source import _binding

    positional = [a for a in made.args if a.keyword is None]
    arg = positional[at].value if at < len(positional) else next(
        (a.value for a in made.args if a.keyword is not None and a.keyword.value == param), None)
    if arg is None:
        return None
    if isinstance(arg, cst.Name) and arg.value in {p.name.value for p in f.params.params}:
        arg = _param_value(f, call, arg.value)  # (``get_split``'s own ``reader``: its default, filled by an ``if``)
    elif any(arg.value in names_in(t.target) for t in nodes_of(f.body, cst.AssignTarget)) \
            if isinstance(arg, cst.Name) else False:
        return None
    if not isinstance(arg, cst.Attribute):
        return None
    root = arg
    while isinstance(root, cst.Attribute):
        root = root.value
    if not isinstance(root, cst.Name) or _binding(home, root.value) is None or \
            _binding(home, root.value) != _binding(module, root.value) or \
            any(root.value in names_in(t.target) for t in nodes_of(f.body, cst.AssignTarget)):
        return None
    return arg


def _namedtuple_fields(home: cst.Module, func: cst.BaseExpression) -> list[str] | None:
    """The fields of ``func``, a name ``home`` binds once, at its top level, to ``collections.namedtuple("N",
    [literal field names])`` (or the same as one string); None otherwise."""
    from tfdata_bridge._src.migrate.init_source import _binding

    if not isinstance(func, cst.Name):
        return None
    binds = [t for t in nodes_of(home, cst.AssignTarget) if func.value in names_in(t.target)]
    if len(binds) != 1 or any(isinstance(d, (cst.ClassDef, cst.FunctionDef)) and d.name.value == func.value
                              for d in home.body):
        return None
    assign = next((s for st in home.body if isinstance(st, cst.SimpleStatementLine) for s in st.body
                   if isinstance(s, cst.Assign) and len(s.targets) == 1 and s.targets[0] is binds[0]), None)
    value = assign.value if assign is not None and isinstance(binds[0].target, cst.Name) else None
    if not isinstance(value, cst.Call) or len(value.args) != 2 or any(a.keyword or a.star for a in value.args):
        return None
    from tfdata_bridge._src.migrate.calls import dotted

    spelled = dotted(value.func) or ""
    head, _, rest = spelled.partition(".")
    bound = _binding(home, head)
    if (f"{bound}.{rest}" if rest else bound) != "collections.namedtuple":
        return None
    names = value.args[1].value
    if isinstance(names, cst.SimpleString):
        return names.evaluated_value.replace(",", " ").split()
    if not isinstance(names, (cst.List, cst.Tuple)) or \
            any(not isinstance(e.value, cst.SimpleString) for e in names.elements):
        return None
    return [e.value.evaluated_value for e in names.elements]


def _param_value(f: cst.FunctionDef, call: cst.Call, name: str) -> cst.BaseExpression | None:
    """The value of ``f``'s parameter ``name`` at its ``return``, where the call does not pass it, it defaults to
    ``None`` and one top-level ``if name is None: name = <dotted>`` sets it; None otherwise."""
    params = [p.name.value for p in f.params.params]
    at = params.index(name)
    positional = [a for a in call.args if a.keyword is None]
    passed = positional[at].value if at < len(positional) else next(
        (a.value for a in call.args if a.keyword is not None and a.keyword.value == name), None)
    sets = [t for t in nodes_of(f.body, cst.AssignTarget) if name in names_in(t.target)]
    if passed is not None:
        return None  # (a reader the caller passes: not followed here)
    default = f.params.params[at].default
    if not (isinstance(default, cst.Name) and default.value == "None") or len(sets) != 1:
        return None
    body = list(f.body.body)
    fill = [s for s in body if isinstance(s, cst.If) and isinstance(s.test, cst.Comparison) and
            isinstance(s.test.left, cst.Name) and s.test.left.value == name and len(s.test.comparisons) == 1 and
            isinstance(s.test.comparisons[0].operator, cst.Is) and
            isinstance(s.test.comparisons[0].comparator, cst.Name) and
            s.test.comparisons[0].comparator.value == "None" and s.orelse is None]
    if len(fill) != 1 or len(fill[0].body.body) != 1:
        return None
    stmt = fill[0].body.body[0]
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and
            isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value == name and
            isinstance(small.value, cst.Attribute)):
        return None
    return small.value


def _plain_value(value: cst.BaseExpression) -> bool:
    """A literal or a plain name: the same value read where the parameter was."""
    return isinstance(value, (cst.Integer, cst.Float, cst.SimpleString, cst.Name))


def _import_root(home: cst.Module, node: cst.BaseExpression) -> bool:
    """``node`` is a dotted name whose root is an import of ``home`` (a default such as ``tf.TFRecordReader``)."""
    from tfdata_bridge._src.migrate.init_source import _binding

    if not isinstance(node, cst.Attribute):
        return False
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name) and _binding(home, node.value) is not None



class _Change(cst.CSTTransformer):
    """``self.attr`` -> its local, ``__init__``'s locals renamed apart, parameters given their arguments."""

    def __init__(self, me: str, held: dict[str, str], names: dict[str, str],
                 substitute: dict[str, cst.BaseExpression], classes: dict | None = None) -> None:
        self.me, self.held, self.names, self.substitute = me, held, names, substitute
        self.classes = classes or {}

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if isinstance(original.value, cst.Name) and original.value.value == self.me:
            return cst.Name(self.held[original.attr.value])
        if isinstance(original.value, cst.Name) and (original.value.value, original.attr.value) in self.classes:
            return self.classes[(original.value.value, original.attr.value)]
        return updated.with_changes(attr=original.attr)

    def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
        return updated.with_changes(keyword=original.keyword)

    def leave_Name(self, original: cst.Name, updated: cst.Name):
        if original.value in self.substitute:
            return self.substitute[original.value]
        new = self.names.get(original.value)
        return updated.with_changes(value=new) if new else updated


def _folded(stmt: cst.BaseStatement) -> list[cst.BaseStatement]:
    """``stmt``, an ``if`` on a literal ``True``/``False`` (nested ones too) replaced by its taken branch."""
    if isinstance(stmt, cst.If) and isinstance(stmt.test, cst.Name) and stmt.test.value in ("True", "False"):
        if stmt.test.value == "True":
            branch = list(stmt.body.body)
        elif isinstance(stmt.orelse, cst.Else):
            branch = list(stmt.orelse.body.body)
        elif isinstance(stmt.orelse, cst.If):
            return _folded(stmt.orelse)
        else:
            branch = []
        return [t for s in branch for t in _folded(s.with_changes(leading_lines=()))]
    if isinstance(stmt, (cst.For, cst.While, cst.With, cst.If)) and isinstance(stmt.body, cst.IndentedBlock):
        inner = [t for s in stmt.body.body for t in _folded(s)]
        if not inner:
            inner = [cst.SimpleStatementLine([cst.Pass()])]
        return [stmt.with_changes(body=stmt.body.with_changes(body=inner))]
    return [stmt]


def _named_once(module: cst.Module, cls: cst.ClassDef, external) -> bool:
    """``cls`` named once in its module (at the call inlined) and nowhere in the tree's other modules."""
    name = cls.name.value
    inside = {id(n) for n in identifiers(cls.body)}  # (the class naming itself: ``Cls.static_fn(...)``)
    count = sum(1 for n in identifiers(module) if n.value == name and n is not cls.name and id(n) not in inside)
    others = getattr(external, "other_texts", None)
    word = re.compile(rf"\b{re.escape(name)}\b")
    elsewhere = any(word.search(text) for text in others()) if others is not None else False
    return count == 1 and not elsewhere and not tree_uses(external, name) and not _listed(module, name)


def _listed(module: cst.Module, name: str) -> bool:
    """``name`` spelled as a string of the module's own statements (``__all__ = ["Provider"]``)."""
    return any(isinstance(n, cst.SimpleString) and n.evaluated_value == name
               for s in module.body if not isinstance(s, (cst.FunctionDef, cst.ClassDef))
               for n in nodes_of(s, cst.SimpleString))


def not_inlined(cls: cst.ClassDef, module: cst.Module | None = None, built: cst.CSTNode | None = None,
                obj: str = "") -> str:
    """Why a provider object of ``cls`` read at a batch was not written at its caller, said as best this can
    (``built``: the statement of ``module`` making the object ``obj``)."""
    if _methods(cls) is None:
        return ("such an object is written where it is made only where its class is a plain holder of the tensors "
                "(no base but `object`, no decorator, `get(self, items)` returning `[self.attr[item] for item in "
                "items]`); this one is not")
    init = _methods(cls)[0]
    params = {p.name.value for p in init.params.params[1:]}
    made = {}
    for a in nodes_of(init.body, cst.Assign):
        if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name):
            made[a.targets[0].target.value] = a.value
    for call in nodes_of(init.body, cst.Call):
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in ("read", "read_up_to")):
            continue
        reader = func.value
        if isinstance(reader, cst.Name) and reader.value in made:
            reader = made[reader.value]
        if isinstance(reader, cst.Call) and isinstance(reader.func, cst.Attribute) and \
                isinstance(reader.func.value, cst.Name) and reader.func.value.value in params:
            held = reader.func.value.value
            said = cst.Module([]).code_for_node(reader)
            return (f"such an object is written where it is made (its `__init__` and `get` inlined) only where the "
                    f"pipeline is then whole; here `__init__` reads with `{said}`, a reader class kept "
                    f"on the object passed as `{held}`, which the rewrite does not follow (passing the reader class "
                    f"to the provider itself, `reader=tf.TFRecordReader`, lets it)")
    rule = ("such an object is written where it is made (its `__init__` and `get` inlined) only where it is made "
            "once and read only by `names = obj.get([...])` of literal item names, its `__init__` reading no name of "
            "another module but its imports, and the pipeline is then one the rewrite takes")
    fn = next((f for f in nodes_of(module, cst.FunctionDef) if any(s is built for s in _once(f))), None) \
        if module is not None and built is not None else None
    if fn is not None and obj:
        once = _once(fn)
        after = once[next(i for i, s in enumerate(once) if s is built) + 1:]
        if not _gets(fn, after, obj):
            return f"{rule}; here `{obj}` is read otherwise too"
    return f"{rule}; here one of those fails"


def dead_providers(original: cst.Module, rewritten: cst.Module, near: list[tuple[cst.Module, cst.Module]]
                   ) -> tuple[cst.Module, list[tuple[int, int]]]:
    """``rewritten`` (a tree's module) less its provider classes that the originals of the modules that can hold
    their objects (``near``: (original, rewritten) pairs, this one among them) named and their rewrites no
    longer do (each object written at its caller), with the lines they spanned in ``original`` (its notes
    there go with them); ``rewritten`` itself where there is none."""
    from libcst.metadata import PositionProvider

    from tfdata_bridge._src.migrate.calls import wrapped
    from tfdata_bridge._src.migrate.dead_factories import names_counted

    classes = [s for s in original.body if isinstance(s, cst.ClassDef) and
               (_inlinable(s) or (lambda flat: flat is not None and _inlinable(flat))(_flattened(s, original)))]
    if not classes:
        return rewritten, []
    before = names_counted(o for o, _ in near)
    now = names_counted(r for _, r in near)
    def own(module: cst.Module, name: str) -> int:  # (the class naming itself: ``Cls.static_fn(...)``)
        return sum(1 for c in module.body if isinstance(c, cst.ClassDef) and c.name.value == name
                   for n in nodes_of(c.body, cst.Name) if n.value == name)

    gone = {c.name.value for c in classes if before[c.name.value] - own(original, c.name.value) > 1 and
            now[c.name.value] - own(rewritten, c.name.value) == 1 and not _listed(original, c.name.value)}
    if not gone:
        return rewritten, []
    where = wrapped(original).resolve(PositionProvider)
    spans = [(where[c].start.line, where[c].end.line) for c in classes if c.name.value in gone and c in where]
    body = [s for s in rewritten.body if not (isinstance(s, cst.ClassDef) and s.name.value in gone)]
    if len(body) == len(rewritten.body):
        return rewritten, []
    return rewritten.with_changes(body=body), spans


def stored_reader_classes(module: cst.Module, texts: list[str], external=None) -> tuple[cst.Module, list[int]]:
    """``module`` (a tree's rewritten module) with each reader class that is only kept on objects, as an attribute
    no code of the tree reads any more (``texts``: every module's rewritten text), spelled as its tf.data
    counterpart (slim's ``if reader is None: reader = tf.TFRecordReader``, then ``Dataset(..., reader=reader)``
    storing ``self.reader = reader``, once each ``dataset.reader()`` is rewritten), and the lines changed.

    A class ``tf.X`` (``X`` a reader with a tf.data dataset) as a parameter's default or assigned to a name in a
    function, where every other read of that name is an argument of a call of a class of the tree whose
    ``__init__`` reads the matching parameter only to store it as ``self.attr``, and no module names ``.attr``
    (or the string ``"attr"``) but those stores. ``external``: the tree's lookups for ``module`` (``global_of``)."""
    from libcst.metadata import PositionProvider

    from tfdata_bridge._src.migrate.calls import wrapped
    from tfdata_bridge._src.symbols import READER_SOURCES

    if "Reader" not in code_of(module):
        return module, []
    trees: list[cst.Module] = []  # (parsed once a candidate is met)
    changes: dict[int, object] = {}
    for fn in nodes_of(module, cst.FunctionDef):
        found: list[tuple[str, cst.Attribute]] = []
        for p in [*fn.params.params, *fn.params.kwonly_params]:
            if isinstance(p.default, cst.Attribute):
                found.append((p.name.value, p.default))
        for a in nodes_of(fn.body, cst.Assign):
            if len(a.targets) == 1 and isinstance(a.targets[0].target, cst.Name) and \
                    isinstance(a.value, cst.Attribute):
                found.append((a.targets[0].target.value, a.value))
        for name, value in found:
            dataset = READER_SOURCES.get(value.attr.value, (None,))[0]
            root = value.value
            if dataset is None or not isinstance(root, cst.Name) or id(value) in changes:
                continue
            from tfdata_bridge._src.migrate.init_source import _binding

            if not (_binding(module, root.value) or "").startswith("tensorflow"):
                continue
            attrs = _stored_only(module, fn, name, external)
            if attrs and not trees:
                trees = [cst.parse_module(t) for t in texts]
            if not attrs or any(sum(1 for t in trees for x in nodes_of(t, cst.Attribute) if x.attr.value == a) != n
                                or any(isinstance(x, cst.SimpleString) and x.evaluated_value == a
                                       for t in trees for x in nodes_of(t, cst.SimpleString))
                                for a, n in attrs.items()):
                continue  # (read somewhere, or named by a string: ``getattr(obj, "reader")``)
            changes[id(value)] = cst.Attribute(cst.Attribute(root, cst.Name("data")), cst.Name(dataset))
    # (attention_ocr's ``Dataset(..., reader=tf.TFRecordReader, ...)``, ``Dataset`` a namedtuple of this module: the
    # field named by its list alone, read as an attribute by no code of the tree any more)
    for call in nodes_of(module, cst.Call):
        fields = None
        for arg in call.args:
            value = arg.value
            if arg.keyword is None or arg.star or not isinstance(value, cst.Attribute) or \
                    not isinstance(value.value, cst.Name) or id(value) in changes:
                continue
            dataset = READER_SOURCES.get(value.attr.value, (None,))[0]
            from tfdata_bridge._src.migrate.init_source import _binding

            if dataset is None or not (_binding(module, value.value.value) or "").startswith("tensorflow"):
                continue
            fields = _namedtuple_fields(module, call.func) if fields is None else fields
            attr = arg.keyword.value
            if not fields or attr not in fields:
                continue
            if not trees:
                trees = [cst.parse_module(t) for t in texts]
            if any(x.attr.value == attr for t in trees for x in nodes_of(t, cst.Attribute)) or \
                    sum(1 for t in trees for x in nodes_of(t, cst.SimpleString) if x.evaluated_value == attr) != 1 or \
                    any(x.attr.value in ("_asdict", "_replace") for t in trees for x in nodes_of(t, cst.Attribute)) or \
                    any(isinstance(c.func, cst.Name) and c.func.value in ("getattr", "vars")
                        for t in trees for c in nodes_of(t, cst.Call)):
                continue  # (read somewhere, or named by a string, or the tuple read whole)
            changes[id(value)] = cst.Attribute(cst.Attribute(value.value, cst.Name("data")), cst.Name(dataset))
    if not changes:
        return module, []
    where = wrapped(module).resolve(PositionProvider)
    lines = sorted({where[n].start.line for n in nodes_of(module, cst.Attribute) if id(n) in changes and n in where})
    return module.visit(Replace(changes, module)), lines


def _stored_only(module: cst.Module, fn: cst.FunctionDef, name: str, external) -> dict[str, int]:
    """{attr: how many ``self.attr = ...`` stores the tree has} where every read of ``name`` in ``fn`` (besides
    its binding and ``name is None`` tests) is an argument of a call of a class whose ``__init__`` reads that
    parameter only to store it as ``self.attr``; {} otherwise."""
    binders = {id(t) for a in nodes_of(fn.body, cst.Assign) for t in a.targets for t in nodes_of(t, cst.Name)}
    tests = {id(c.left) for c in nodes_of(fn.body, cst.Comparison)
             if len(c.comparisons) == 1 and isinstance(c.comparisons[0].operator, cst.Is) and
             isinstance(c.comparisons[0].comparator, cst.Name) and c.comparisons[0].comparator.value == "None"}
    params = {id(p.name) for p in [*fn.params.params, *fn.params.kwonly_params]}
    reads = [n for n in identifiers(fn) if n.value == name and id(n) not in binders | tests | params]
    if not reads:
        return {}
    args = {id(a.value): (call, a) for call in nodes_of(fn.body, cst.Call) for a in call.args}
    out: dict[str, int] = {}
    for n in reads:
        if id(n) not in args:
            return {}
        call, arg = args[id(n)]
        if arg.star:
            return {}
        cls = None
        if isinstance(call.func, cst.Name):
            own = [s for s in module.body if isinstance(s, cst.ClassDef) and s.name.value == call.func.value]
            cls = own[0] if len(own) == 1 else None
        global_of = getattr(external, "global_of", None)  # (read by spelling: the rewritten module's nodes are new)
        if cls is None and global_of is not None and isinstance(call.func, (cst.Name, cst.Attribute)):
            got = global_of(cst.Module([]).code_for_node(call.func))
            if got is not None and len(got[2]) == 1:
                there = [s for s in got[0].body if isinstance(s, cst.ClassDef) and s.name.value == got[2][0]]
                cls = there[0] if len(there) == 1 else None
        inits = [s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"] \
            if cls is not None and isinstance(cls.body, cst.IndentedBlock) else []
        if len(inits) != 1 or not inits[0].params.params:
            return {}
        init = inits[0]
        names = [p.name.value for p in init.params.params[1:]]
        if arg.keyword is not None:
            param = arg.keyword.value
        else:
            at = [a for a in call.args if a.keyword is None].index(arg)
            param = names[at] if at < len(names) else None
        if param not in names:
            return {}
        me = init.params.params[0].name.value
        used = [m for m in identifiers(init.body) if m.value == param]
        stores = [a for a in nodes_of(init.body, cst.Assign) if len(a.targets) == 1 and
                  isinstance(a.targets[0].target, cst.Attribute) and isinstance(a.value, cst.Name) and
                  a.value.value == param and isinstance(a.targets[0].target.value, cst.Name) and
                  a.targets[0].target.value.value == me]
        if len(used) != 1 or len(stores) != 1 or used[0] is not stores[0].value:
            return {}
        out[stores[0].targets[0].target.attr.value] = 1
    return out


# --- a reader object: ``__init__`` only keeps its arguments; a method makes the pipeline ---------------------------

_UNSAFE = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Global, cst.Nonlocal, cst.Yield, cst.Await, cst.Import,
           cst.ImportFrom, cst.Del, cst.Try, cst.NamedExpr, cst.While)


def _plain_class(cls: cst.ClassDef, statics: bool = False) -> dict[str, cst.FunctionDef] | None:
    """The methods of a class with no base but ``object``, no decorator, no class attribute, whose methods are
    plain functions (no decorator, no dunder but ``__init__``); else None. ``statics``: a method decorated only
    ``@staticmethod`` is let through too, left out of the methods (``_statics`` names them)."""
    if cls.decorators or cls.keywords or any(
            not (isinstance(b.value, cst.Name) and b.value.value == "object") or b.keyword is not None or b.star
            for b in cls.bases) or not isinstance(cls.body, cst.IndentedBlock):
        return None
    methods: dict[str, cst.FunctionDef] = {}
    seen: set[str] = set()
    for i, s in enumerate(cls.body.body):
        if i == 0 and is_docstring(s):
            continue
        if statics and isinstance(s, cst.FunctionDef) and _is_static(s) and not s.name.value.startswith("__") \
                and s.name.value not in seen:
            seen.add(s.name.value)
            continue
        if not isinstance(s, cst.FunctionDef) or s.decorators or s.asynchronous or s.name.value in seen or \
                s.name.value.startswith("__") and s.name.value != "__init__":
            return None
        methods[s.name.value] = s
        seen.add(s.name.value)
    return methods


def _is_static(fn: cst.FunctionDef) -> bool:
    """``fn`` decorated ``@staticmethod`` alone (no other decorator, not async)."""
    return len(fn.decorators) == 1 and isinstance(fn.decorators[0].decorator, cst.Name) and \
        fn.decorators[0].decorator.value == "staticmethod" and fn.asynchronous is None


def _statics(cls: cst.ClassDef) -> set[str]:
    """The names of ``cls``'s ``@staticmethod`` functions (matt-komm's ``root_reader.slice_and_reshape``)."""
    if not isinstance(cls.body, cst.IndentedBlock):
        return set()
    return {s.name.value for s in cls.body.body if isinstance(s, cst.FunctionDef) and _is_static(s)}


def _static_refs_ok(cls: cst.ClassDef, methods: dict[str, cst.FunctionDef]) -> str | None:
    """Why the class's static functions are not read only as ``self.f`` / ``Cls.f`` in its methods (so that
    the caller's spelling of the class stands for them at the call); None where they are."""
    statics = _statics(cls)
    if not statics:
        return None
    name = cls.name.value
    for m in methods.values():
        mine = m.params.params[0].name.value if m.params.params else None
        if name in param_names(m) or name in bound_names(m.body):
            return f"its method `{m.name.value}` binds the class's own name `{name}`"
        roots = {id(a.value) for a in nodes_of(m.body, cst.Attribute) if isinstance(a.value, cst.Name)
                 and a.value.value in (mine, name) and a.attr.value in statics}
        if any(n.value == name and id(n) not in roots for n in identifiers(m.body)):
            return f"its method `{m.name.value}` reads the class `{name}` itself, not one of its static functions"
    return None


def reader_object_refusal(cls: cst.ClassDef) -> str | None:
    """Why ``cls`` is not a reader-object class this inlines (``_reader_form``); None where it is one."""
    methods = _plain_class(cls, statics=True)
    if methods is None:
        return "its class is not a plain one (a base but `object`, a decorator, a class attribute or a dunder method)"
    init = methods.get("__init__")
    if init is None or not init.params.params or not isinstance(init.body, cst.IndentedBlock) or \
            isinstance(init.params.star_arg, cst.Param) or init.params.star_kwarg is not None or \
            init.params.posonly_params or init.params.kwonly_params:
        return "its `__init__` is not one of plain parameters"
    me = init.params.params[0].name.value
    said = _static_refs_ok(cls, methods)
    if said is not None:
        return said
    attrs = _kept_attrs(init)
    if attrs is None:  # (an ``__init__`` computing what it keeps: written whole at the caller)
        got = _computed_attrs(init, set(methods) - {"__init__"}, _statics(cls))
        if isinstance(got, str):
            return got
        attrs = dict.fromkeys(got)
    statics = _statics(cls)
    if set(attrs) & statics:
        return f"its `__init__` sets `{me}.{sorted(set(attrs) & statics)[0]}`, the name of a static function of its class"
    for name, m in methods.items():
        if name == "__init__":
            continue
        p = m.params
        if not p.params or isinstance(p.star_arg, cst.Param) or p.star_kwarg is not None or p.posonly_params or \
                p.kwonly_params or not isinstance(m.body, cst.IndentedBlock):
            return f"its method `{name}` takes `*`/`**` or keyword-only parameters"
        if any(nodes_of(m.body, t) for t in _UNSAFE):
            return f"its method `{name}` holds a nested function, a lambda, a `while`, a `try`, a `global` or a `del`"
        mine = m.params.params[0].name.value
        for t in [*nodes_of(m.body, cst.AssignTarget), *nodes_of(m.body, cst.AugAssign),
                  *nodes_of(m.body, cst.AnnAssign), *nodes_of(m.body, cst.For)]:
            if mine in names_in(t.target):
                return f"its method `{name}` sets an attribute (`{mine}.attr = ...`): only `__init__` may"
        reads = {id(a.value): a for a in nodes_of(m.body, cst.Attribute) if isinstance(a.value, cst.Name)}
        funcs = {id(c.func) for c in nodes_of(m.body, cst.Call)}
        for n in identifiers(m.body):
            if n.value != mine:
                continue
            a = reads.get(id(n))
            if a is None:
                return f"its method `{name}` hands `{mine}` itself on (the object escapes)"
            if a.attr.value in methods and a.attr.value != "__init__" and id(a) in funcs:
                continue
            if a.attr.value in statics:  # (a static function: the caller's spelling of the class stands for it)
                continue
            if a.attr.value not in attrs:
                return f"its method `{name}` reads `{mine}.{a.attr.value}`, which `__init__` does not set"
        returns = nodes_of(m.body, cst.Return)
        last = m.body.body[-1]
        if len(returns) > 1 or returns and not (isinstance(last, cst.SimpleStatementLine) and
                                                last.body[0] is returns[0] and returns[0].value is not None):
            return f"its method `{name}` returns other than by one last `return value`"
    if len(methods) < 2:
        return "it has no method but `__init__`"
    return None


def unshared_globals(cls: cst.ClassDef, home: cst.Module) -> list[str]:
    """The names the methods (static functions too) of a reader-object class read from its module ``home`` that
    the module binds other than by an import (``ORDER = [...]``, a helper function, another class): written at a
    caller in another module they would mean nothing there (``_free_names_ok``), so its objects stay."""
    from tfdata_bridge._src.migrate.copy_dequeues import _assigned_names
    from tfdata_bridge._src.migrate.init_source import _binding

    own = module_names(home)
    out: set[str] = set()
    for m in cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ():
        if not isinstance(m, cst.FunctionDef):
            continue
        lambdas = {p.name.value for lam in nodes_of(m, cst.Lambda) for p in lam.params.params}
        read = names_in(m.body) - _assigned_names(m) - param_names(m) - lambdas
        out |= {n for n in read if n in own and _binding(home, n) is None and n != cls.name.value}
    return sorted(out)


def _kept_attrs(init: cst.FunctionDef) -> dict[str, cst.BaseExpression] | None:
    """{attribute: value} of an ``__init__`` that only keeps values (``self.attr = value``, each attribute once,
    reading no attribute); None where it does more."""
    me = init.params.params[0].name.value
    attrs: dict[str, cst.BaseExpression] = {}
    for k, s in enumerate(init.body.body):
        if k == 0 and is_docstring(s):
            continue
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        t = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
        if not (isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me) or \
                t.attr.value in attrs or me in names_in(small.value):
            return None
        attrs[t.attr.value] = small.value
    return attrs


def _computed_attrs(init: cst.FunctionDef, methods: set[str], statics: set[str]) -> list[str] | str:
    """The attributes an ``__init__`` computing its state sets (``self._formatters[name] = ...`` in a loop over
    its arguments, ``self._branches.extend(...)``, ``self.n = index``: matt-komm's ``root_reader``), in order,
    where its statements can stand at the caller as they are, ``self.attr`` as a local: ``self`` read only as
    ``self.attr`` or ``self.<static function>`` (no method called, ``self`` handed to nothing, never rebound), each
    attribute set by ``self.attr = value`` at the top of the body before anything reads or mutates it, no nested
    function or lambda, no ``return``, ``while``, ``try``, ``global``, ``import`` or ``del``; else why not."""
    me = init.params.params[0].name.value
    body = [s for k, s in enumerate(init.body.body) if not (k == 0 and is_docstring(s))]
    if any(nodes_of(init.body, t) for t in (*_UNSAFE, cst.Return)):
        return ("its `__init__` computes what it keeps with a nested function, a lambda, a `return`, a `while`, a "
                "`try`, a `global`, an `import` or a `del`")
    from tfdata_bridge._src.migrate.copy_dequeues import _assigned_names

    if me in _assigned_names(init):
        return f"its `__init__` rebinds `{me}`"
    values = {id(a.value): a for a in nodes_of(init.body, cst.Attribute) if isinstance(a.value, cst.Name)}
    order: list[str] = []
    for stmt in body:  # (set at the top of the body before any use: a local there means the same)
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        t = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
        kept = isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me
        for n in identifiers(small.value if kept else stmt):
            if n.value != me:
                continue
            a = values.get(id(n))
            if a is None:
                return f"its `__init__` hands `{me}` itself on (the object escapes)"
            if a.attr.value in statics:
                continue
            if a.attr.value in methods:
                return f"its `__init__` calls the method `{me}.{a.attr.value}` (only static functions are written there)"
            if a.attr.value not in order:
                return (f"its `__init__` reads or sets `{me}.{a.attr.value}` before `{me}.{a.attr.value} = value` "
                        "at the top of its body")
        if kept and t.attr.value not in order:
            order.append(t.attr.value)
    return order


def _reader_form(cls: cst.ClassDef) -> tuple[cst.FunctionDef, dict[str, cst.FunctionDef],
                                             dict[str, cst.BaseExpression] | None] | None:
    """(``__init__``, the other methods, {attribute: its value in ``__init__``}) of a reader-object class: a plain
    class whose ``__init__`` only keeps values (``self.attr = value``, each once), whose other methods read
    ``self`` only as ``self.attr`` of those attributes or call ``self.method(...)``, set no attribute, hand ``self``
    to nothing and return by one last ``return value``; the attributes None where ``__init__`` computes them
    (``_computed_attrs``: its statements are written at the caller); else None."""
    if reader_object_refusal(cls) is not None:
        return None
    methods = _plain_class(cls, statics=True)
    init = methods["__init__"]
    return init, {n: m for n, m in methods.items() if n != "__init__"}, _kept_attrs(init)


def _method_calls(fn: cst.FunctionDef, after: list[cst.SimpleStatementLine], obj: str,
                  methods: Container[str]) -> list[cst.SimpleStatementLine]:
    """The statements ``names = obj.method(...)`` after the object is made, where they are every other use of
    ``obj`` in ``fn`` (``obj`` bound once, not a parameter); else []."""
    if obj in param_names(fn):
        return []
    uses = [n for n in identifiers(fn) if n.value == obj]
    found = []
    for stmt in after:
        small = stmt.body[0]
        if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call)):
            continue
        call = small.value
        if not (isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name) and
                call.func.value.value == obj and call.func.attr.value in methods):
            continue
        if obj in names_in(small.targets[0].target) or any(obj in names_in(a.value) for a in call.args):
            return []
        found.append(stmt)
    return found if len(uses) == 1 + len(found) else []


def _chained(module: cst.Module, external, fn: cst.FunctionDef, stmt: cst.SimpleStatementLine):
    """(the class, its module, the statements standing for ``stmt``, imports to add) where ``stmt`` is ``names =
    Cls(...).method(...)`` of a reader-object class (``_reader_form``), written as its method's statements at the
    call; else None."""
    small = stmt.body[0]
    if not (isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call)):
        return None
    func = small.value.func
    if not (isinstance(func, cst.Attribute) and isinstance(func.value, cst.Call) and
            isinstance(func.value.func, (cst.Name, cst.Attribute))):
        return None
    found = _provider_class(module, external, func.value.func)
    if found is None or _methods(found[0]) is not None or func.attr.value not in _reader_form(found[0])[1]:
        return None
    cls, home = found
    taken = {n.value for n in identifiers(fn)} | module_names(module)
    obj, k = "obj", 1
    while obj in taken:
        obj, k = f"obj_{k}", k + 1
    made = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(obj))], func.value)],
                                   leading_lines=stmt.leading_lines)
    call = stmt.with_changes(body=[small.with_changes(value=small.value.with_changes(
        func=func.with_changes(value=cst.Name(obj))))])
    new = _reader_inlined(module, home, cls, fn, made, [call])
    if new is None:
        return None
    return cls, home, [*new[0], *new[1][0]], new[2], new[3]


def _binding_sites(fn: cst.FunctionDef, name: str) -> int:
    """How many places of ``fn`` bind ``name`` (its parameter one), counted widely (``name.x = ...`` too)."""
    count = int(name in param_names(fn))
    for kind in (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor):
        count += sum(1 for t in nodes_of(fn.body, kind) if name in names_in(t.target))
    count += sum(1 for t in nodes_of(fn.body, cst.AsName) if name in names_in(t.name))
    count += sum(1 for t in nodes_of(fn.body, cst.ImportAlias)
                 if (t.evaluated_alias or t.evaluated_name).split(".")[0] == name)
    return count + len(nodes_of(fn.body, cst.Global)) + len(nodes_of(fn.body, cst.Nonlocal))


def _constant(value: cst.BaseExpression) -> bool:
    """A literal of an immutable value (a number, a string, ``True``/``False``/``None``, a tuple of them)."""
    if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString)):
        return True
    if isinstance(value, cst.Name):
        return value.value in ("True", "False", "None")
    if isinstance(value, cst.UnaryOperation) and isinstance(value.operator, cst.Minus):
        return isinstance(value.expression, (cst.Integer, cst.Float))
    if isinstance(value, cst.Tuple):
        return all(not isinstance(e, cst.StarredElement) and _constant(e.value) for e in value.elements)
    return False


def _literal_box(value: cst.BaseExpression) -> bool:
    """A dict or list literal of constants (``{}``, ``{"name": "r"}``)."""
    if isinstance(value, cst.Dict):
        return all(isinstance(e, cst.DictElement) and _constant(e.key) and _constant(e.value) for e in value.elements)
    if isinstance(value, cst.List):
        return all(not isinstance(e, cst.StarredElement) and _constant(e.value) for e in value.elements)
    return False


def _or_folded(value: cst.BaseExpression) -> cst.BaseExpression:
    """``None or x`` / ``False or x`` / ``{} or x`` as ``x`` (slim's ``self.reader_kwargs = reader_kwargs or {}``,
    the argument left at its default or an empty dict)."""
    while isinstance(value, cst.BooleanOperation) and isinstance(value.operator, cst.Or) and (
            isinstance(value.left, cst.Name) and value.left.value in ("None", "False") or
            isinstance(value.left, (cst.Dict, cst.List)) and not value.left.elements):
        value = value.right
    return value


class _NoEmptyStars(cst.CSTTransformer):
    """``f(**{})`` as ``f()``."""

    def leave_Call(self, original: cst.Call, updated: cst.Call) -> cst.Call:
        args = [a for a in updated.args if not (a.star == "**" and isinstance(a.value, cst.Dict) and
                                                not a.value.elements)]
        if len(args) == len(updated.args):
            return updated
        if args:
            args[-1] = args[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
        return updated.with_changes(args=args)


def _free_names_ok(module: cst.Module, home: cst.Module, free: set[str], caller_bound: set[str],
                   imports: list[str], added: set[str]) -> bool:
    """Whether the names a class of ``home`` reads from its module (``free``) mean the same in ``module``'s
    function binding ``caller_bound``; a plain ``import a.b as tf`` the caller's module lacks is put in
    ``imports`` (and its name in ``added``)."""
    if free & _SCOPED or free & caller_bound:
        return False
    if home is module:
        return True
    from tfdata_bridge._src.migrate.init_source import _binding

    for name in sorted(free):
        there = _binding(home, name)
        if there is None:
            if name in _BUILTINS and name not in module_names(home) and name not in module_names(module):
                continue
            return False
        if _binding(module, name) != there:
            text = _plain_import(home, name)
            if text is None or name in module_names(module) or name in caller_bound or \
                    any(name in names_in(s) for s in module.body):
                return False
            if text not in imports:
                imports.append(text)
            added.add(name)
    return True


class _Held(_Change):
    """``self.attr`` -> the value standing for the attribute, locals renamed apart, parameters given their
    arguments."""

    def __init__(self, me: str, values: dict[str, cst.BaseExpression], names: dict[str, str],
                 substitute: dict[str, cst.BaseExpression]) -> None:
        super().__init__(me, {}, names, substitute)
        self.values = values

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if isinstance(original.value, cst.Name) and original.value.value == self.me:
            if original.attr.value in self.values:
                return self.values[original.attr.value]
            return original
        return updated.with_changes(attr=original.attr)


def _returned_local(stmts: list[cst.BaseStatement], value: cst.BaseExpression, target: cst.BaseExpression
                    ) -> list[cst.BaseStatement] | None:
    """``stmts`` (an inlined method's, its locals renamed apart) with the local it returns (``value``, bound by one
    ``name = ...`` of them and nowhere else) bound as ``target`` (a fresh name of the caller) instead, so no copy
    ``target = name`` stands between what makes it and what reads it; None where that is not so."""
    if not (isinstance(value, cst.Name) and isinstance(target, cst.Name)) or \
            any(n.value == target.value for s in stmts for n in identifiers(s)):
        return None
    binds = [s for s in stmts if value.value in bound_names(s)]
    if len(binds) != 1 or not (isinstance(binds[0], cst.SimpleStatementLine) and len(binds[0].body) == 1 and
                               isinstance(binds[0].body[0], cst.Assign) and len(binds[0].body[0].targets) == 1 and
                               isinstance(binds[0].body[0].targets[0].target, cst.Name)):
        return None

    class _Rename(cst.CSTTransformer):
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.Name:
            return updated.with_changes(value=target.value) if original.value == value.value else updated

        def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.Attribute:
            return updated.with_changes(attr=original.attr)  # (``x.name``: no local)

        def leave_Arg(self, original: cst.Arg, updated: cst.Arg) -> cst.Arg:
            return updated.with_changes(keyword=original.keyword)  # (``f(name=...)``: a keyword)

    return [s.visit(_Rename()) for s in stmts]


def _reader_inlined(module: cst.Module, home: cst.Module, cls: cst.ClassDef, fn: cst.FunctionDef,
                    stmt: cst.SimpleStatementLine, calls: list[cst.SimpleStatementLine]):
    """(the statements standing for the object's making, each call's statements, imports to add), or None where
    not sure. The making keeps each attribute's value in a local of the caller, but a constant, a name the caller
    binds once, or a dict literal read only as ``**self.attr``, which stand for the attribute where it is read;
    each ``names = obj.method(...)`` becomes the method's statements (its ``self.method(...)`` calls inlined in
    turn), parameters bound, locals renamed apart, an ``if`` on a literal taking its arm, then ``names = value``
    of its ``return``."""
    from tfdata_bridge._src.migrate.copy_dequeues import _assigned_names

    init, methods, attrs = _reader_form(cls)
    me = init.params.params[0].name.value
    call = stmt.body[0].value
    statics = _statics(cls)
    if statics:  # (``self.f`` / ``Cls.f`` of a static function: the caller's spelling of the class, at the end)
        root = call.func
        while isinstance(root, cst.Attribute):
            root = root.value
        if not isinstance(root, cst.Name) or _binding_sites(fn, root.value):
            return None  # (the class's spelling a name of the module, not one the caller binds)
        init = init.visit(_StaticRefs(init, cls.name.value, statics))
        methods = {n: m.visit(_StaticRefs(m, cls.name.value, statics)) for n, m in methods.items()}
    plain = init.with_changes(params=init.params.with_changes(params=init.params.params[1:]))
    bound = _bound_args(plain, call, dotted_defaults=lambda n: _import_root(home, n))
    if bound is None:
        return None
    caller_bound = param_names(fn) | bound_names(fn.body)
    imports: list[str] = []
    added: set[str] = set()
    computed = attrs is None  # (``__init__`` computes its state: its statements are written where it is made)
    init_locals = (_assigned_names(init) | set(bound)) - {me} if computed else set()
    if computed:
        free = {n.value for n in identifiers(init.body)} - init_locals - {me}
    else:
        free = {n.value for v in attrs.values() for n in identifiers(v)} - set(bound)
    free = {n for n in free if not n.startswith(_STATIC)}
    if not _free_names_ok(module, home, free, caller_bound, imports, added):
        return None
    taken = {n.value for n in identifiers(fn)} | module_names(module) | caller_bound | free | \
        {n.value for v in bound.values() for n in identifiers(v)}
    for m in methods.values():  # (the names the methods read from their module: no local renamed to one)
        taken |= {n.value for n in identifiers(m.body)} - param_names(m) - _assigned_names(m)

    def fresh(name: str) -> str:
        base = name.lstrip("_") or name
        k, out = 1, base
        while out in taken:
            out, k = f"{base}_{k}", k + 1
        taken.add(out)
        return out

    def stable(value: cst.BaseExpression) -> bool:
        return _constant(value) or isinstance(value, cst.Name) and _binding_sites(fn, value.value) == 1 or \
            _import_root(module, value) and not any(n.value in caller_bound for n in identifiers(value))

    made: list[cst.BaseStatement] = []
    params: dict[str, cst.BaseExpression] = {}
    reads = name_counts(init.body)
    rebound = _assigned_names(init) if computed else set()
    if computed:
        taken |= {n.value for n in identifiers(init.body)} - init_locals
    for p, value in bound.items():
        if p in rebound or computed and not stable(value):  # (a local of its own: ``__init__`` may rebind it)
            held = fresh(p)
            made.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(held))], value)]))
            params[p] = cst.Name(held)
        elif stable(value) or _literal_box(value) and reads.get(p, 0) == 1:
            params[p] = value  # (a dict or list literal read once: made where ``__init__`` reads it)
        else:
            held = fresh(p)
            made.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(held))], value)]))
            params[p] = cst.Name(held)
    star_only = {}
    for m in methods.values():
        mine = m.params.params[0].name.value
        stars = {id(a.value) for a in nodes_of(m.body, cst.Arg) if a.star == "**"}
        for a in nodes_of(m.body, cst.Attribute):
            if isinstance(a.value, cst.Name) and a.value.value == mine:
                star_only[a.attr.value] = star_only.get(a.attr.value, True) and id(a) in stars
    values: dict[str, cst.BaseExpression] = {}
    if computed:  # each attribute a local of the caller; ``__init__``'s own locals renamed apart
        order = _computed_attrs(init, set(methods), statics)
        sites: dict[str, int] = {}
        for t in [*nodes_of(init.body, cst.AssignTarget), *nodes_of(init.body, cst.AugAssign),
                  *nodes_of(init.body, cst.AnnAssign), *nodes_of(init.body, cst.For), *nodes_of(init.body, cst.CompFor)]:
            for a in nodes_of(t.target, cst.Attribute):
                if isinstance(a.value, cst.Name) and a.value.value == me:
                    sites[a.attr.value] = sites.get(a.attr.value, 0) + 1
        kept: dict[int, cst.BaseExpression] = {}  # (``self.q = queue`` set once to a value that stays: read as it)
        for k, s in enumerate(init.body.body):
            small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
            t = small.targets[0].target if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == me and \
                    sites.get(t.attr.value) == 1 and not any(n.value == me for n in identifiers(small.value)):
                value = small.value.visit(_Change(me, {}, {}, params))
                steady = {v.value for p, v in params.items() if p not in rebound and isinstance(v, cst.Name)}
                if (stable(value) or isinstance(value, cst.Name) and value.value in steady) and \
                        not (names_in(small.value) & (init_locals - set(bound))):
                    kept[id(s)] = value
                    values[t.attr.value] = value
        held_attrs = {a: fresh(a) for a in order if a not in values}
        values.update({a: cst.Name(n) for a, n in held_attrs.items()})
        names = {n: fresh(n) for n in sorted(init_locals - set(bound)) if n != "_"}
        change = _Held(me, values, names, params)
        for k, s in enumerate(init.body.body):
            if not (k == 0 and is_docstring(s)) and id(s) not in kept:
                made.extend(_folded(s.visit(change).with_changes(leading_lines=())))
    for attr, value in (attrs or {}).items():
        value = _or_folded(value.visit(_Change(me, {}, {}, params)))
        if stable(value) or isinstance(value, cst.Dict) and _literal_box(value) and star_only.get(attr):
            values[attr] = value
        else:
            held = fresh(attr)
            made.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(held))], value)]))
            values[attr] = cst.Name(held)

    def body_of(name: str, call: cst.Call, depth: int):
        """(statements, returned value) of method ``name`` called as ``call``; None where not sure."""
        m = methods.get(name)
        if m is None or depth > 4:
            return None
        mine = m.params.params[0].name.value
        plain_m = m.with_changes(params=m.params.with_changes(params=m.params.params[1:]))
        args = _bound_args(plain_m, call)
        if args is None:
            return None
        local = (param_names(plain_m) | _assigned_names(m)) - {mine}
        read = {n.value for n in identifiers(m.body)} - local - {mine}
        read = {n for n in read if not n.startswith(_STATIC)}
        if not _free_names_ok(module, home, read, caller_bound, imports, added):
            return None
        names = {n: fresh(n) for n in sorted(local) if n != "_"}
        out: list[cst.BaseStatement] = []
        subs: dict[str, cst.BaseExpression] = {}
        for p, value in args.items():
            if _constant(value) or depth == 0 and stable(value):
                subs[p] = value  # (a literal, or a name the caller binds once)
            else:
                out.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(names[p]))], value)]))
        change = _Held(mine, values, {k: v for k, v in names.items() if k not in subs}, subs)
        body = [s for k, s in enumerate(m.body.body) if not (k == 0 and is_docstring(s))]
        returned = None
        for k, s in enumerate(body):
            small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
            if k == len(body) - 1 and isinstance(small, cst.Return):
                returned = small.value
                break
            inner = small.value if isinstance(small, cst.Assign) and len(small.targets) == 1 else None
            if isinstance(inner, cst.Call) and isinstance(inner.func, cst.Attribute) and \
                    isinstance(inner.func.value, cst.Name) and inner.func.value.value == mine:
                got = body_of(inner.func.attr.value, inner.visit(change), depth + 1)
                if got is None:
                    return None
                target = small.targets[0].target.visit(change)
                if got[1] is None:
                    return None
                renamed = _returned_local(got[0], got[1], target)
                if renamed is not None:  # (``queue = self._filename_queue()``: the queue made as ``queue``)
                    out.extend(renamed)
                    continue
                out.extend(got[0])
                out.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(target)], got[1])]))
                continue
            if any(isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name) and
                   c.func.value.value == mine for c in nodes_of(s, cst.Call)):
                return None  # (``self.method()`` inside an expression: not inlined)
            out.extend(_folded(s.visit(change).visit(_NoEmptyStars()).with_changes(leading_lines=())))
        if isinstance(returned, cst.Call) and isinstance(returned.func, cst.Attribute) and \
                isinstance(returned.func.value, cst.Name) and returned.func.value.value == mine:
            got = body_of(returned.func.attr.value, returned.visit(change), depth + 1)  # ``return self.m(...)``
            return None if got is None else (out + got[0], got[1])
        if returned is not None and any(isinstance(c.func, cst.Attribute) and isinstance(c.func.value, cst.Name)
                                        and c.func.value.value == mine for c in nodes_of(returned, cst.Call)):
            return None  # (``self.method()`` inside the returned expression: not inlined)
        value = returned.visit(change) if returned is not None else None
        return out, value

    replaced = []
    for c in calls:
        small = c.body[0]
        got = body_of(small.value.func.attr.value, small.value, 0)
        if got is None or got[1] is None:
            return None
        out = [*got[0], c.with_changes(body=[small.with_changes(value=got[1])], leading_lines=())]
        out[0] = out[0].with_changes(leading_lines=c.leading_lines)
        replaced.append(out)
    if made:
        made[0] = made[0].with_changes(leading_lines=stmt.leading_lines)
    hoisted: list[cst.FunctionDef] = []
    used = sorted({n.value[len(_STATIC):] for s in [*made, *(t for r in replaced for t in r)]
                   for n in nodes_of(s, cst.Name) if n.value.startswith(_STATIC)})
    if used:  # the static functions written at the caller's module, where their names mean the same there
        hoisted = _hoisted(module, home, cls, used, imports, added)
        spelled = _Spelled(call.func, {f: cst.Name(h.name.value) for f, h in zip(used, hoisted)} if hoisted else {})
        made = [s.visit(spelled) for s in made]
        replaced = [[s.visit(spelled) for s in r] for r in replaced]
    return made, replaced, imports, hoisted


def _hoisted(module: cst.Module, home: cst.Module, cls: cst.ClassDef, used: list[str], imports: list[str],
             added: set[str]) -> list[cst.FunctionDef]:
    """The class's static functions ``used`` as module-level functions of the caller's ``module`` (no decorator,
    a name free there, or the same function already written there), where each reads from its module only
    names meaning the same in ``module`` (imports, builtins) and not the class; else [] (the caller's spelling
    of the class then stands for them)."""
    from tfdata_bridge._src.migrate.copy_dequeues import _assigned_names

    defs = {s.name.value: s for s in cls.body.body if isinstance(s, cst.FunctionDef) and _is_static(s)}
    have = {s.name.value: module.code_for_node(s.with_changes(leading_lines=())) for s in module.body
            if isinstance(s, cst.FunctionDef)}
    own = {id(d.name) for d in defs.values()}  # (the class's own ``def f``: no name of the module)
    taken = module_names(module) | {n.value for n in identifiers(module) if id(n) not in own}
    out: list[cst.FunctionDef] = []
    more: list[str] = list(imports)
    for name in used:
        sdef = defs[name]
        lambdas = {p.name.value for lam in nodes_of(sdef, cst.Lambda) for p in
                   [*lam.params.posonly_params, *lam.params.params, *lam.params.kwonly_params,
                    *(x for x in (lam.params.star_arg, lam.params.star_kwarg) if isinstance(x, cst.Param))]}
        free = names_in(sdef.body) - _assigned_names(sdef) - param_names(sdef) - lambdas
        if cls.name.value in free or nodes_of(sdef.body, cst.Global) or nodes_of(sdef.body, cst.Nonlocal) or \
                any(n.value in defs for n in identifiers(sdef.body)) or \
                not _free_names_ok(module, home, free, set(), more, set(added)):
            return []
        fn = sdef.with_changes(decorators=[], leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
        code = module.code_for_node(fn.with_changes(leading_lines=()))
        if have.get(name) == code:
            out.append(fn)
            continue
        new = free_name(name, taken)
        fn = fn.with_changes(name=cst.Name(new))
        if have.get(new) not in (None, module.code_for_node(fn.with_changes(leading_lines=()))):
            return []
        out.append(fn)
    imports[:] = more
    return out


_STATIC = "__static_function__"


class _StaticRefs(cst.CSTTransformer):
    """``self.f`` / ``Cls.f`` of the class's static functions as a placeholder name (``_Spelled`` writes it)."""

    def __init__(self, fn: cst.FunctionDef, name: str, statics: set[str]) -> None:
        self.roots = {name, *([fn.params.params[0].name.value] if fn.params.params and not _is_static(fn) else [])}
        self.statics = statics

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute):
        if isinstance(original.value, cst.Name) and original.value.value in self.roots and \
                original.attr.value in self.statics:
            return cst.Name(_STATIC + original.attr.value)
        return updated


class _Spelled(cst.CSTTransformer):
    """The placeholder of a static function as ``<the caller's spelling of the class>.f``."""

    def __init__(self, func: cst.BaseExpression, hoisted: dict[str, cst.Name]) -> None:
        self.func, self.hoisted = func, hoisted

    def leave_Name(self, original: cst.Name, updated: cst.Name):
        if original.value.startswith(_STATIC):
            name = original.value[len(_STATIC):]
            return self.hoisted.get(name) or cst.Attribute(self.func, cst.Name(name))
        return updated


__all__ = ["dead_providers", "inline_providers", "not_inlined", "stored_reader_classes"]
