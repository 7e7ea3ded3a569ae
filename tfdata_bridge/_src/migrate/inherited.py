"""A pipeline kept on an object whose base class makes and batches it, reading through the subclasses' methods.

    class DataReader(object):
        def __init__(self, filenames, batch_size):
            self.batch_size = batch_size
            self.filename_queue = tf.train.string_input_producer(filenames, num_epochs=1, shuffle=False)
        def read_example(self):
            raise NotImplementedError
        def batch(self):
            value, label = self.read_example()          # the subclass's: each subclass is another chain
            return tf.train.batch([value, label], batch_size=self.batch_size)

    class CsvReader(DataReader):
        def read_example(self):
            _, line = tf.TextLineReader(skip_header_lines=1).read(self.filename_queue)
            ...

Which reader ``self.read_example()`` reaches depends on the object's class, so one chain cannot serve the base
method. Each subclass gets its own: ``specialize`` gives the subclasses (of this module, each with the base as
its one base, none subclassed again) the base's methods they inherit, as their own, so each is a class
``object_pipeline.py`` knows (a source made in ``__init__``, batched in another method, read through its
reading methods); ``restore`` puts each subclass's base back once they are rewritten, and the base keeps only
what every subclass overrides (its stubs: ``read_example``). Each subclass then overrides the making and the
batching methods with its own chain, and its class, base and calls stay as written.

Not specialized (the object pipeline's own refusals then say why the base's pipeline is left): a base made or
named anywhere but as its subclasses' base (``DataReader(files)``, ``isinstance(x, DataReader)``, an import
of it in another module of the tree), a subclass of another module, a subclass calling the base's methods
itself (``super().__init__(...)``, ``DataReader.batch(self)``), a base with class attributes or a base of its own,
or a base method no subclass changes the meaning of (no ``self.<name>`` it calls is overridden).
"""

from __future__ import annotations

import libcst as cst

from tfdata_bridge._src.migrate.calls import code_of, is_docstring, nodes_of
from tfdata_bridge._src.migrate.subclasses import defines, local_subclasses

_OBJECT = cst.Arg(cst.Name("object"))


def _plain_base(cls: cst.ClassDef) -> bool:
    return not cls.keywords and (not cls.bases or len(cls.bases) == 1 and isinstance(cls.bases[0].value, cst.Name)
                                 and cls.bases[0].value.value == "object")


def _body(cls: cst.ClassDef) -> list[cst.BaseStatement]:
    return list(cls.body.body) if isinstance(cls.body, cst.IndentedBlock) else []


def _self_calls(fn: cst.FunctionDef) -> set[str]:
    """The names ``self.<name>(...)`` calls in ``fn`` (its first parameter's methods)."""
    if not fn.params.params:
        return set()
    me = fn.params.params[0].name.value
    return {c.func.attr.value for c in nodes_of(fn, cst.Call) if isinstance(c.func, cst.Attribute)
            and isinstance(c.func.value, cst.Name) and c.func.value.value == me}


def specialize(module: cst.Module, external=None) -> tuple[cst.Module | None, dict[str, cst.ClassDef],
                                                           dict[str, str]]:
    """(the module with each specializable base's subclasses given its methods, or None where no base
    qualifies; ``{subclass name: its class as written}``; ``{base name: why it is not specialized}`` for each
    base whose methods call a method its subclasses define, left as written)."""
    if "class " not in code_of(module):
        return None, {}, {}
    classes = [s for s in module.body if isinstance(s, cst.ClassDef)]
    names = [c.name.value for c in classes]
    changed: dict[int, cst.ClassDef] = {}
    originals: dict[str, cst.ClassDef] = {}
    reasons: dict[str, str] = {}
    for base in classes:
        subs = local_subclasses(module, base)
        fns = [s for s in _body(base) if isinstance(s, cst.FunctionDef)]
        # a subclass changes what a base method means: a ``self.<name>`` the base calls, a subclass defines
        meant = sorted({n for f in fns for n in _self_calls(f)} & {m for s in subs for m in _own_names(s)})
        if not subs or not meant:
            continue
        why = _why_not(module, external, base, subs, names)
        if why is not None:
            listed = ", ".join(f"`{s.name.value}`" for s in subs)
            reasons[base.name.value] = (f"`{base.name.value}` reads through `self.{meant[0]}()`, which its subclasses "
                                        f"({listed}) define: each needs its own chain, and {why}; "
                                        "`migrate --to compat` runs it through the drop-in")
            continue
        for sub in subs:
            inherited = [f for f in fns if not defines(sub, f.name.value)]
            own = _body(sub)
            head = [s for s in own[:1] if is_docstring(s)]
            rest = [s for s in own[len(head):]
                    if not (isinstance(s, cst.SimpleStatementLine) and all(isinstance(x, cst.Pass) for x in s.body))]
            lead = list((own[0] if own else sub.body).leading_lines) if not head else [cst.EmptyLine(indent=False)]
            first = [f.deep_clone().with_changes(leading_lines=[cst.EmptyLine(indent=False)] if i else lead)
                     for i, f in enumerate(inherited)]
            new_body = [*head, *first, *[r.with_changes(leading_lines=[cst.EmptyLine(indent=False)])
                                         if i == 0 and first and isinstance(r, cst.FunctionDef) else r
                                         for i, r in enumerate(rest)]]
            changed[id(sub)] = sub.with_changes(bases=[_OBJECT], body=sub.body.with_changes(body=new_body))
            originals[sub.name.value] = sub
        kept = [s for s in _body(base)
                if not isinstance(s, cst.FunctionDef) or all(defines(sub, s.name.value) for sub in subs)]
        kept = [s for s in kept if not is_docstring(s)] and kept or [*kept, cst.SimpleStatementLine([cst.Pass()])]
        kept[0] = kept[0].with_changes(leading_lines=[])
        changed[id(base)] = base.with_changes(body=base.body.with_changes(body=kept))
    if not originals:
        return None, {}, reasons
    return module.with_changes(body=[changed.get(id(s), s) for s in module.body]), originals, reasons


def _why_not(module: cst.Module, external, base: cst.ClassDef, subs: list[cst.ClassDef], names: list[str]
             ) -> str | None:
    """Why the subclasses of ``base`` cannot each be given its methods; None where they can."""
    if names.count(base.name.value) != 1 or not _plain_base(base):
        return f"`{base.name.value}` has a base class of its own"
    if any(not isinstance(s, cst.FunctionDef) and not is_docstring(s) and
           not (isinstance(s, cst.SimpleStatementLine) and all(isinstance(x, cst.Pass) for x in s.body))
           for s in _body(base)):
        return f"`{base.name.value}` has class attributes"
    for s in subs:
        if len(s.bases) != 1 or s.keywords or names.count(s.name.value) != 1:
            return f"`{s.name.value}` has more than one base"
        if local_subclasses(module, s):
            return f"`{s.name.value}` is subclassed again"
        if any(n.value == "super" for n in nodes_of(s, cst.Name)):
            return f"`{s.name.value}` calls `super()`"
    tree = getattr(external, "subclasses", None)
    other = [t for t in tree(base) if all(t is not s for s in subs)] if tree is not None else []
    if other:
        return f"`{other[0].name.value}` of another module subclasses it too"
    elsewhere = getattr(external, "calls_elsewhere", None)
    if elsewhere is not None and elsewhere(base.name.value):
        return f"another module names `{base.name.value}`"
    bases_of = {id(s.bases[0].value) for s in subs} | {id(base.name)}
    if any(n.value == base.name.value and id(n) not in bases_of for n in nodes_of(module, cst.Name)):
        return f"`{base.name.value}` is used itself, not only as its subclasses' base"
    return None


def _own_names(cls: cst.ClassDef) -> set[str]:
    return {s.name.value for s in _body(cls) if isinstance(s, cst.FunctionDef)}


def restore(module: cst.Module, originals: dict[str, cst.ClassDef]) -> cst.Module:
    """``module`` with each specialized subclass's bases (and their spelling) as written."""
    body = []
    for s in module.body:
        if isinstance(s, cst.ClassDef) and s.name.value in originals:
            was = originals[s.name.value]
            s = s.with_changes(bases=was.bases, lpar=was.lpar, rpar=was.rpar, keywords=was.keywords)
        body.append(s)
    return module.with_changes(body=body)
