"""A pipeline kept on an object's attributes, gathered into one function the recogniser follows.

    class SequenceInput:
        def __init__(self, config, data_dir):              # the making method (or ``build()``)
            queue = tf.train.string_input_producer(files(data_dir))
            _, serialized = tf.TFRecordReader().read(queue)
            self.length = ...(serialized)                  # attributes the source's dataflow reaches
        def read(self):                                    # a reading method, called once
            return self.length * 2
        def batch(self, batch_size):                       # the batching method
            length = self.read()
            return tf.train.batch([length], batch_size)

becomes, for recognition only, one function of both methods' parameters::

    def _object_pipeline(self, config, data_dir, batch_size):
        queue = ...; _, serialized = ...; length_ = ...(serialized)
        length = length_ * 2
        return tf.train.batch([length], batch_size)

The attributes the source's dataflow reaches (found by following the making method's assignments in order)
become locals; a reading method the batching method calls as ``x = self.read()`` is inlined. What the
recogniser makes of it is split back into the two methods by ``object_split.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, names_in, nodes_of


@dataclass
class Candidate:
    cls: cst.ClassDef
    maker: cst.FunctionDef  # the method that makes the source and sets the attributes
    batcher: cst.FunctionDef  # the method holding the batch call
    batch_stmt: cst.SimpleStatementLine
    attrs: dict[str, str]  # attribute -> the local it becomes
    readers: list[cst.FunctionDef] = field(default_factory=list)  # reading methods inlined into the batcher
    changed: dict[str, cst.FunctionDef] = field(default_factory=dict)  # methods the rewrite changed, by name
    # runners kept on the object whose threads only a method of the class starts (``object_pipeline._runner_method``)
    started: list[str] = field(default_factory=list)


def self_name(fn: cst.FunctionDef) -> str | None:
    if fn.decorators and not all(isinstance(d.decorator, cst.Name) and d.decorator.value == "property"
                                 for d in fn.decorators):
        return None
    params = fn.params.params
    return params[0].name.value if params else None


def methods(cls: cst.ClassDef) -> list[cst.FunctionDef]:
    return [s for s in cls.body.body if isinstance(s, cst.FunctionDef)]


def self_attrs(node: cst.CSTNode, instance: str) -> list[cst.Attribute]:
    return [a for a in nodes_of(node, cst.Attribute) if isinstance(a.value, cst.Name) and a.value.value == instance]


def _assigned_attr(stmt: cst.BaseStatement, instance: str) -> list[str]:
    out = []
    for a in nodes_of(stmt, cst.AssignTarget):
        for t in [a.target, *(e.value for e in getattr(a.target, "elements", ()))]:
            if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and t.value.value == instance:
                out.append(t.attr.value)
    return out


def tainted(maker: cst.FunctionDef, is_source) -> set[str]:
    """The attributes of the instance that the making method sets from its source's dataflow, in order."""
    instance = self_name(maker)
    names: set[str] = set()
    attrs: set[str] = set()
    for stmt in maker.body.body:
        reads = names_in(stmt)
        read_attrs = {a.attr.value for a in self_attrs(stmt, instance)}
        if any(is_source(c) for c in nodes_of(stmt, cst.Call)) or reads & names or read_attrs & attrs:
            attrs |= set(_assigned_attr(stmt, instance))
            names |= _assigned_names(stmt)
    return attrs


def _assigned_names(stmt: cst.CSTNode) -> set[str]:
    out: set[str] = set()
    for a in nodes_of(stmt, cst.AssignTarget):
        out |= _bound(a.target)
    for a in [*nodes_of(stmt, cst.AugAssign), *nodes_of(stmt, cst.AnnAssign), *nodes_of(stmt, cst.For)]:
        out |= _bound(a.target)
    for f in nodes_of(stmt, cst.FunctionDef):
        out.add(f.name.value)
    return out


def _bound(target: cst.BaseExpression) -> set[str]:
    """The names a target binds (``a``, ``a, (b, *c)``; not ``self.x`` or ``d[k]``)."""
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        return set().union(*(_bound(e.value) for e in target.elements), set())
    if isinstance(target, cst.StarredElement):
        return _bound(target.value)
    return set()


def local_names(fn: cst.FunctionDef) -> set[str]:
    """Parameters and names assigned in ``fn``."""
    out = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params, *fn.params.posonly_params]}
    for stmt in fn.body.body:
        out |= _assigned_names(stmt)
    return out


class _AsLocals(cst.CSTTransformer):
    """``self.X`` read or set as the local ``attrs[X]``."""

    def __init__(self, instance: str, attrs: dict[str, str]) -> None:
        self.instance, self.attrs = instance, attrs

    def leave_Attribute(self, original: cst.Attribute, updated: cst.Attribute) -> cst.BaseExpression:
        if isinstance(original.value, cst.Name) and original.value.value == self.instance and \
                original.attr.value in self.attrs:
            return cst.Name(self.attrs[original.attr.value], lpar=updated.lpar, rpar=updated.rpar)
        return updated


def as_locals(stmts: list, instance: str, attrs: dict[str, str]) -> list:
    return [s.visit(_AsLocals(instance, attrs)) for s in stmts]


def inline_readers(cand: Candidate, body: list, taken: dict[str, set[str]], uses) -> list:
    """``x = self.read()`` in the batching method, ``read`` a method of the class reading pipeline attributes:
    its statements, then ``x = <what it returns>`` (``uses(name)``: how often ``.name`` is used in the tree)."""
    instance = self_name(cand.batcher)
    out: list = []
    for stmt in body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
        func = value.func if isinstance(value, cst.Call) else None
        fn = None
        if isinstance(func, cst.Attribute) and isinstance(func.value, cst.Name) and func.value.value == instance:
            fn = next((m for m in methods(cand.cls) if m.name.value == func.attr.value), None)
        if fn is None or fn in (cand.maker, cand.batcher) or not any(
                a.attr.value in cand.attrs for a in self_attrs(fn, self_name(fn) or "")):
            out.append(stmt)
            continue
        name = f"{cand.cls.name.value}.{fn.name.value}"
        if value.args or len(fn.params.params) != 1 or fn.decorators or fn in cand.readers:
            raise Refusal(f"`{name}` reads the pipeline's attributes but is not called plainly as `self."
                          f"{fn.name.value}()` once")
        if uses(fn.name.value) != 1:
            raise Refusal(f"`{name}` reads the pipeline's attributes and is used more than once; each use would "
                          "read the one queue in legacy")
        stmts = list(fn.body.body)
        last = stmts[-1] if stmts else None
        if not (isinstance(last, cst.SimpleStatementLine) and isinstance(last.body[0], cst.Return)) or \
                any(isinstance(n, cst.Return) for s in stmts[:-1] for n in nodes_of(s, cst.Return)) or \
                last.body[0].value is None:
            raise Refusal(f"`{name}` does not end with its one `return` of the tensors")
        own = local_names(fn) - {self_name(fn)}
        targets = _assigned_names(stmt) if isinstance(small, cst.Assign) else set()
        clash = (own & taken["maker"]) | (own & taken["batcher"]) - targets
        clash |= (names_in(fn.body) - own - {self_name(fn)}) & (taken["maker"] | taken["batcher"])
        if clash:
            raise Refusal(f"`{name}`'s `{sorted(clash)[0]}` would meet a name of the method that calls it or "
                          "makes the pipeline")
        taken["batcher"] |= own
        cand.readers.append(fn)
        renamed = as_locals(stmts, self_name(fn), cand.attrs)
        if self_name(fn) != instance:
            raise Refusal(f"`{name}` names its instance other than `{instance}`")
        ret = renamed[-1].body[0].value
        new = small.with_changes(value=ret)
        out += [*inline_readers(cand, renamed[:-1], taken, uses),
                stmt.with_changes(body=[new])]
    return out


def merged(cand: Candidate, fname: str, uses) -> tuple[cst.FunctionDef, list, list]:
    """(the one function of both methods, the making method's statements in it, the batching method's)."""
    instance = self_name(cand.maker)
    if self_name(cand.batcher) != instance:
        raise Refusal(f"`{cand.batcher.name.value}` names its instance other than `{instance}`")
    for fn in (cand.maker, cand.batcher):
        p = fn.params
        if p.star_arg not in (None, cst.MaybeSentinel.DEFAULT) or p.star_kwarg is not None or p.posonly_params:
            raise Refusal(f"`{fn.name.value}` takes `*args` or `**kwargs`; its parameters cannot be followed")
    if any(nodes_of(s, cst.Return) or nodes_of(s, cst.Yield) for s in cand.maker.body.body):
        raise Refusal(f"`{cand.maker.name.value}` returns or yields; only a method that sets the attributes is "
                      "followed")
    clash = (local_names(cand.maker) & local_names(cand.batcher)) - {instance}
    if clash:
        raise Refusal(f"`{sorted(clash)[0]}` names something in both `{cand.maker.name.value}` and "
                      f"`{cand.batcher.name.value}`")
    maker_body = as_locals(list(cand.maker.body.body), instance, cand.attrs)
    taken = {"maker": local_names(cand.maker) | set(cand.attrs.values()), "batcher": local_names(cand.batcher)}
    batcher_body = as_locals(inline_readers(cand, list(cand.batcher.body.body), taken, uses), instance, cand.attrs)
    if any(a.attr.value in cand.attrs for s in batcher_body for a in self_attrs(s, instance)):
        raise Refusal("the batching method reads a pipeline attribute where the rewrite cannot follow it")
    params = [p.with_changes(default=None, equal=cst.MaybeSentinel.DEFAULT, annotation=None)
              for p in [*cand.maker.params.params, *cand.batcher.params.params[1:],
                        *cand.maker.params.kwonly_params, *cand.batcher.params.kwonly_params]]
    fn = cst.FunctionDef(cst.Name(fname), cst.Parameters(params), cst.IndentedBlock([*maker_body, *batcher_body]),
                         leading_lines=[cst.EmptyLine(), cst.EmptyLine()])
    return fn, maker_body, batcher_body


__all__ = ["Candidate", "inline_readers", "local_names", "merged", "methods", "self_attrs", "self_name", "tainted"]
