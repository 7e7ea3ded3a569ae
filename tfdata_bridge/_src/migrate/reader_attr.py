"""A reader object kept on ``self``, made in one method and read in another: made where it is read.

    class Reader():                                       class Reader():
        def __init__(self, files, name=''):                   def __init__(self, files, name=''):
            self.files = files                                    self.files = files
            self.reader = tf.TFRecordReader()                     self.name = name
            self.name = name
                                                              def feed(self):
        def feed(self):                                           with tf.name_scope(self.name):
            with tf.name_scope(self.name):                            queue = tf.train.string_input_producer(...)
                queue = tf.train.string_input_producer(...)           _, value = tf.TFRecordReader().read(queue)
                _, value = self.reader.read(queue)                    ...
                ...                                                   return tf.train.shuffle_batch(...)
                return tf.train.shuffle_batch(...)

(the CycleGAN reader's shape). A reader is one op with its own state: read once, it is the same reader made
anywhere before its read, so the inline form is the same graph, which the recogniser follows. Only where that is
so: the attribute is set once, by a plain statement of one method (``__init__`` or another), to a reader made
with arguments that read nothing that can change (literals, module constants, imports, attributes of the object
set once in that method); it is named nowhere else in the module or the tree but at its one ``self.A.read(...)``,
in a statement that runs once per call of a method of the class (or of a subclass of the module), and that
method runs at most once per object (each call on an object made for it: ``Reader(...)`` assigned once, or the
one call of the method). Two reads of one reader share its file between them in legacy; a reader made per read
would not, so anything else is left as written. ``to_tfdata.run`` keeps the result only where more pipelines are
rewritten, so a program left alone stays as written.
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import attribute_made, code_of, import_rooted, imported_roots, nodes_of
from tfdata_bridge._src.migrate.inline_sources import _assigned, _once
from tfdata_bridge._src.migrate.object_uses import _Uses, called_once_elsewhere, tree_uses
from tfdata_bridge._src.migrate.pipelines import READERS
from tfdata_bridge._src.migrate.returned_lists import Replace

_QUICK = re.compile(r"self\.\w+\s*=\s*[\w.]*(" + "|".join(sorted(READERS)) + r")\(")


def inline_reader_attributes(module: cst.Module, external=None, why: list | None = None) -> cst.Module:
    """``module`` with each reader kept on ``self`` and read once elsewhere made at its read (the same module
    object where there is none). ``why``: (function, reason) of each such reader left, said at its pipelines."""
    if not _QUICK.search(code_of(module)):
        return module
    roots = imported_roots(module)
    classes = [s for s in module.body if isinstance(s, cst.ClassDef)]
    changes: dict[int, object] = {}
    for cls in classes:
        family = _family(cls, classes)
        for maker in _methods(cls):
            me = _self(maker)
            if me is None:
                continue
            for stmt in _once(maker):
                made = _reader_attribute(stmt, me)
                if made is None:
                    continue
                attr, ctor = made
                kept = f"the reader `{me}.{attr}`, kept on the object by `{cls.name.value}.{maker.name.value}`"
                site = _one_read(module, family, attr, stmt)
                if site is None:
                    if why is not None:
                        why += [(fn, f"{kept}, is read or named in more than one place: legacy's reads of one "
                                     "reader share its files, a reader per read would not; read it once, or keep "
                                     "the queues (`migrate --to compat`)") for fn in _holders(family, attr)]
                    continue
                owner_cls, reader_fn, read_attr = site
                kept_args: list[cst.BaseStatement] = []
                reason = f"`{attr}` is named in another module" if tree_uses(external, attr) else None
                if reason is None and not _safe_args(ctor, module, maker, reader_fn, me, roots, stmt, external):
                    # (arguments read from the making method's own values, ``skip_header_lines=skip``: each kept
                    # on the object where the reader was made, the reader made at its read from what was kept)
                    held = _held_args(ctor, module, cls, attr, me, external)
                    if held is None:
                        reason = "its arguments read values that may change before the read (only literals, " \
                                 "module constants, imports and attributes set once before it move)"
                    else:
                        ctor, kept_args = held
                reason = reason or _per_object(module, owner_cls, reader_fn, classes, external)
                if reason is not None:
                    if why is not None:
                        why.append((reader_fn, f"{kept}, is not made at its read in `{reader_fn.name.value}`: "
                                               f"{reason}; two reads of one reader share its files in legacy"))
                    continue
                changes[id(stmt)] = cst.FlattenSentinel(kept_args) if kept_args else cst.RemovalSentinel.REMOVE
                changes[id(read_attr)] = _rebased(ctor, me, _self(reader_fn))
                if all(id(s) in changes and changes[id(s)] is cst.RemovalSentinel.REMOVE for s in maker.body.body):
                    changes[id(maker.body)] = maker.body.with_changes(body=[cst.SimpleStatementLine([cst.Pass()])])
    if not changes:
        return module
    return module.visit(Replace(changes, module))


def _methods(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    return [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]


def _self(fn: cst.FunctionDef) -> str | None:
    """The instance parameter of a plain method (``@property`` allowed; not a static or class method)."""
    if any(not (isinstance(d.decorator, cst.Name) and d.decorator.value == "property") for d in fn.decorators):
        return None
    return fn.params.params[0].name.value if fn.params.params else None


def _family(cls: cst.ClassDef, classes: list[cst.ClassDef]) -> list[cst.ClassDef]:
    """``cls`` and the module's classes derived from it (by its name, at any depth)."""
    out, names = [cls], {cls.name.value}
    grown = True
    while grown:
        grown = False
        for c in classes:
            if c not in out and any(isinstance(b.value, cst.Name) and b.value.value in names for b in c.bases):
                out.append(c)
                names.add(c.name.value)
                grown = True
    return out


def _reader_attribute(stmt: cst.BaseStatement, me: str) -> tuple[str, cst.Call] | None:
    """(attribute, constructor call) for ``me.A = <reader>(...)``."""
    made = attribute_made(stmt, me)
    if made is None or made[2] not in READERS or any(a.star for a in made[1].args):
        return None
    return made[0], made[1]


def _holders(family: list[cst.ClassDef], attr: str) -> list[cst.FunctionDef]:
    """The methods of ``family`` naming the attribute ``attr``."""
    return [fn for cls in family for fn in _methods(cls)
            if any(a.attr.value == attr for a in nodes_of(fn, cst.Attribute))]


def _one_read(module: cst.Module, family: list[cst.ClassDef], attr: str, stmt: cst.BaseStatement):
    """(the class, the method, the ``self.A`` node) of the one other use of ``A`` in the module: ``self.A.read(q)``
    in a statement that runs once per call of a method of ``family``; None otherwise."""
    uses = [a for a in nodes_of(module, cst.Attribute) if a.attr.value == attr]
    own = [a for a in nodes_of(stmt, cst.Attribute) if a.attr.value == attr]
    others = [a for a in uses if not any(a is o for o in own)]
    if len(own) != 1 or len(others) != 1:
        return None
    node = others[0]
    for cls in family:
        for fn in _methods(cls):
            me = _self(fn)
            if me is None or not (isinstance(node.value, cst.Name) and node.value.value == me):
                continue
            for line in _once(fn):
                small = line.body[0]
                if not isinstance(small, cst.Assign):
                    continue
                read = small.value
                if isinstance(read, cst.Call) and isinstance(read.func, cst.Attribute) and read.func.value is node \
                        and read.func.attr.value in ("read", "read_up_to"):
                    return cls, fn, node
    return None


def _safe_args(ctor: cst.Call, module: cst.Module, maker: cst.FunctionDef, reader_fn: cst.FunctionDef, me: str,
               roots, stmt: cst.BaseStatement, external) -> bool:
    """The constructor's arguments read the same values at the read as where the reader was made."""
    top = _module_constants(module)
    before = []
    for s in _once(maker):
        if s is stmt:
            break
        before.append(s)
    local = _assigned(maker) | _assigned(reader_fn)

    def safe(node: cst.BaseExpression) -> bool:
        if isinstance(node, (cst.Integer, cst.Float, cst.SimpleString)):
            return True
        if isinstance(node, cst.Name):
            return node.value in ("True", "False", "None") or node.value in top and node.value not in local
        if isinstance(node, cst.UnaryOperation):
            return safe(node.expression)
        if isinstance(node, cst.BinaryOperation):
            return safe(node.left) and safe(node.right)
        if isinstance(node, cst.Attribute) and import_rooted(node, roots):
            return node.value is not None and not any(isinstance(n, cst.Call) for n in nodes_of(node, cst.Call))
        if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name) and node.value.value == me:
            # an attribute of the object, set once in the making method before the reader and nowhere else
            sets = [t for t in nodes_of(module, cst.AssignTarget) for a in nodes_of(t, cst.Attribute)
                    if a.attr.value == node.attr.value]
            augmented = [a for a in nodes_of(module, cst.AugAssign) if isinstance(a.target, cst.Attribute)
                         and a.target.attr.value == node.attr.value]
            set_before = [s for s in before for t in nodes_of(s, cst.AssignTarget)
                          if isinstance(t.target, cst.Attribute) and t.target.attr.value == node.attr.value
                          and isinstance(t.target.value, cst.Name) and t.target.value.value == me]
            return len(sets) == 1 and not augmented and len(set_before) == 1 and not tree_uses(external,
                                                                                               node.attr.value)
        return False

    return all(safe(a.value) for a in ctor.args)


def _held_args(ctor: cst.Call, module: cst.Module, cls: cst.ClassDef, attr: str, me: str, external
               ) -> tuple[cst.Call, list[cst.BaseStatement]] | None:
    """(the constructor call reading each argument from a fresh attribute of the object, the statements keeping
    the arguments' values there) for a reader made from values of its making method (``skip_header_lines=skip``):
    each value is computed where it was, and read at the read from the object; None where an argument is not a
    plain keyword or positional one, reads the object or calls something."""
    from tfdata_bridge._src.migrate.calls import free_attribute, names_in

    args: list[cst.Arg] = []
    kept: list[cst.BaseStatement] = []
    for i, a in enumerate(ctor.args):
        if a.star:
            return None
        if isinstance(a.value, (cst.Integer, cst.Float, cst.SimpleString)) or \
                isinstance(a.value, cst.Name) and a.value.value in ("True", "False", "None"):
            args.append(a)
            continue
        if me in names_in(a.value) or nodes_of(a.value, cst.Call) or nodes_of(a.value, cst.Lambda):
            return None  # (the object's attributes: the checks above say when they hold; no call is moved)
        label = a.keyword.value if a.keyword is not None else f"arg{i}"
        held = free_attribute(module, cls, (f"_{attr.lstrip('_')}_{label}", f"_{attr.lstrip('_')}_{label}_value"))
        if tree_uses(external, held):
            return None
        kept.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Attribute(cst.Name(me), cst.Name(
            held)))], a.value)]))
        args.append(a.with_changes(value=cst.Attribute(cst.Name(me), cst.Name(held))))
    return ctor.with_changes(args=args), kept


def _module_constants(module: cst.Module) -> set[str]:
    """Names the module binds once at its top (an import, or one assignment) and nowhere else declares global."""
    counts: dict[str, int] = {}
    for s in module.body:
        if isinstance(s, cst.SimpleStatementLine):
            for small in s.body:
                if isinstance(small, cst.Assign):
                    for t in small.targets:
                        if isinstance(t.target, cst.Name):
                            counts[t.target.value] = counts.get(t.target.value, 0) + 1
                elif isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
                    for alias in small.names:
                        name = alias.asname.name if alias.asname else alias.name
                        if isinstance(name, cst.Name):
                            counts[name.value] = counts.get(name.value, 0) + 1
                        elif isinstance(name, cst.Attribute):
                            root = name
                            while isinstance(root, cst.Attribute):
                                root = root.value
                            counts[root.value] = counts.get(root.value, 0) + 1
    declared = {n.value for g in nodes_of(module, cst.Global) for n in (x.name for x in g.names)}
    return {n for n, c in counts.items() if c == 1 and n not in declared}


def _per_object(module: cst.Module, cls: cst.ClassDef, fn: cst.FunctionDef, classes: list[cst.ClassDef],
                external) -> str | None:
    """None where the method ``fn`` of ``cls`` runs at most once per object; otherwise why that cannot be told."""
    name = fn.name.value
    if any(isinstance(d.decorator, cst.Name) and d.decorator.value == "property" for d in fn.decorators):
        return f"`{name}` is a property (it runs at each use)"
    made_by = {c.name.value for c in _family(cls, classes)}
    elsewhere = tree_uses(external, name)
    if elsewhere:
        why = called_once_elsewhere(made_by, name, external)
        if why is not None:
            return why
    if name == "__init__":
        return None
    v = _Uses(module, cls, name)
    module.visit(v)
    if not v.found:
        return None if elsewhere else f"`{name}` is called nowhere in the migrated code"
    receivers: dict[tuple[int, str], int] = {}
    for node, owner, looped in v.found:
        if looped:
            return f"`{name}` is called in a loop"
        holder = v.holders[id(node)]
        value = node.value
        if isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in made_by:
            continue  # ``Reader(...).feed()``: an object of its own
        if holder is None or not isinstance(value, cst.Name):
            return f"`{name}` is called on {owner}'s `{cst.Module([]).code_for_node(value)}`"
        key = (id(holder), value.value)
        receivers[key] = receivers.get(key, 0) + 1
        if receivers[key] > 1:
            return f"`{name}` is called twice on `{value.value}` in {owner}"
        if any(s is holder for c in classes for s in c.body.body) and holder.params.params and \
                holder.params.params[0].name.value == value.value:
            if len(v.found) != 1 or elsewhere:
                return f"`{name}` is called on `self` and elsewhere"
            from tfdata_bridge._src.migrate.object_uses import runs_once
            return runs_once(module, cls, name)
        binds = [t for t in nodes_of(holder, cst.AssignTarget) if isinstance(t.target, cst.Name)
                 and t.target.value == value.value]
        made = [s for s in _once(holder) if isinstance(s.body[0], cst.Assign) and len(s.body[0].targets) == 1
                and isinstance(s.body[0].targets[0].target, cst.Name) and s.body[0].targets[0].target.value ==
                value.value and isinstance(s.body[0].value, cst.Call) and isinstance(s.body[0].value.func, cst.Name)
                and s.body[0].value.func.value in made_by]
        params = {p.name.value for p in [*holder.params.params, *holder.params.kwonly_params]}
        if len(binds) != 1 or len(made) != 1 or value.value in params or \
                any(f.target.value == value.value for f in nodes_of(holder, cst.For) if isinstance(f.target, cst.Name)):
            return f"`{value.value}` in {owner} is not one object made there once"
    return None


def _rebased(ctor: cst.Call, old: str, new: str | None) -> cst.Call:
    """The constructor call with the making method's instance name as the reading method's."""
    if new is None or new == old:
        return ctor

    class _Swap(cst.CSTTransformer):
        def leave_Attribute(self, original, updated):
            if isinstance(updated.value, cst.Name) and updated.value.value == old:
                return updated.with_changes(value=cst.Name(new))
            return updated

    return ctor.visit(_Swap())


__all__ = ["inline_reader_attributes"]
