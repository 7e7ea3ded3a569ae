"""Reader factories left with no caller once their pipelines are rewritten go too.

    class Dataset(object):
        def reader(self):                 # goes: every ``dataset.reader()`` was a read the rewrite replaced
            return tf.TFRecordReader()

A factory (a module function or a method whose one statement returns a TensorFlow reader) may be called by
several reads: Inception's ``batch_inputs`` calls ``dataset.reader()`` in its k-reader branch and in its
one-reader branch, and the train/eval choice makes two paths of each. No one pipeline can take it along; instead
each rewrite leaves it, and this pass drops it where the rewritten code (the module, or every module of a tree)
no longer names it while the original did. A factory some code still calls stays as it was (its program
keeps working), and so does one nothing called before (it was no pipeline's).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import libcst as cst

from tfdata_bridge._src.migrate.calls import is_docstring, nodes_of, wrapped


def factory_names(module: cst.Module, is_reader: Callable[[cst.BaseExpression], bool]) -> set[str]:
    """The names of the module's reader factories: module functions and methods of its top-level classes."""
    out: set[str] = set()
    for stmt in module.body:
        defs = [stmt] if isinstance(stmt, cst.FunctionDef) else \
            [s for s in stmt.body.body if isinstance(s, cst.FunctionDef)] if isinstance(stmt, cst.ClassDef) else []
        out |= {fn.name.value for fn in defs if _returns_reader(fn, is_reader)}
    return out


def _returns_reader(fn: cst.FunctionDef, is_reader: Callable[[cst.BaseExpression], bool]) -> bool:
    from tfdata_bridge._src.migrate.reader_factory import factory_body

    body = factory_body(fn)
    small = body[0].body[0] if len(body) == 1 and isinstance(body[0], cst.SimpleStatementLine) and \
        len(body[0].body) == 1 else None
    return isinstance(small, cst.Return) and isinstance(small.value, cst.Call) and is_reader(small.value) and \
        not fn.decorators or _returns_queue(fn, is_reader)


def _returns_queue(fn: cst.FunctionDef, is_made: Callable[[cst.BaseExpression], bool]) -> bool:
    """A file-queue helper (``queue_helpers.py``: its producer returned, locals before it), which several
    rewritten pipelines may have called: it goes as a factory does once none names it."""
    from tfdata_bridge._src.migrate.queue_helpers import _only_return, written_call

    if fn.decorators or fn.asynchronous:
        return False
    value = _only_return(fn)
    return isinstance(value, cst.Call) and is_made(written_call(value))


def names_counted(modules: Iterable[cst.Module], dotted_only: bool = False) -> Counter:
    """How often the modules name each name (a call, a reference, an attribute), ``def`` names aside.
    ``dotted_only``: an attribute of what is no dotted name (``dataset.map(f).shuffle(n)``: a call's result, never
    a module) does not count."""
    count: Counter = Counter()
    for module in modules:
        count.update(node.value for node in nodes_of(module, cst.Name))
        count.subtract(fn.name.value for fn in nodes_of(module, cst.FunctionDef))
        if dotted_only:
            count.subtract(a.attr.value for a in nodes_of(module, cst.Attribute) if not _dotted(a.value))
    return count


def _dotted(node: cst.BaseExpression) -> bool:
    while isinstance(node, cst.Attribute):
        node = node.value
    return isinstance(node, cst.Name)


def drop(module: cst.Module, names: set[str], is_reader: Callable[[cst.BaseExpression], bool],
         kept: list[str] | None = None) -> cst.Module:
    """``module`` without its reader factories called ``names`` (an emptied class keeps ``pass``). A method whose
    class has a base that may declare it abstract (``subclasses.base_declaring``) stays, named in ``kept``."""
    if not names:
        return module

    from tfdata_bridge._src.migrate.subclasses import base_declaring

    class _Drop(cst.CSTTransformer):
        def __init__(self) -> None:
            super().__init__()
            self.depth = 0
            self.classes: list[cst.ClassDef] = []

        def visit_ClassDef(self, node: cst.ClassDef) -> bool:
            self.classes.append(node)
            return True

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            self.depth += 1
            return False

        def leave_FunctionDef(self, original: cst.FunctionDef, updated: cst.FunctionDef):
            self.depth -= 1
            if self.depth == 0 and original.name.value in names and _returns_reader(original, is_reader):
                cls = self.classes[-1] if self.classes else None
                if cls is not None and any(s is original for s in cls.body.body) and \
                        base_declaring(module, cls, original.name.value) is not None:
                    # (an override of an abstract hook: removed, its class could not be made; it stays, raising,
                    # so no legacy reader is left in it: no code of the tree calls it, as for a factory that goes)
                    where = f"{cls.name.value}.{original.name.value}"
                    if kept is not None:
                        kept.append(where)
                    raise_line = cst.SimpleStatementLine([cst.Raise(cst.Call(cst.Name("NotImplementedError"), [
                        cst.Arg(cst.SimpleString(repr(f"{where} is no longer used: a tf.data pipeline reads "
                                                      "the records")))]))])
                    body = updated.body.body if isinstance(updated.body, cst.IndentedBlock) else ()
                    doc = [body[0]] if body and is_docstring(body[0]) else []
                    return updated.with_changes(body=cst.IndentedBlock([*doc, raise_line]))
                return cst.RemovalSentinel.REMOVE
            return updated

        def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
            self.classes.pop()
            if isinstance(updated.body, cst.IndentedBlock) and not updated.body.body:
                return updated.with_changes(body=updated.body.with_changes(
                    body=[cst.SimpleStatementLine([cst.Pass()])]))
            return updated

    return module.visit(_Drop())


def _is_reader(module: cst.Module) -> Callable[[cst.BaseExpression], bool]:
    from tfdata_bridge._src.migrate.pipelines import READERS
    from tfdata_bridge._src.migrate.to_tfdata import survey

    finder = survey(module)[2]
    return lambda call: finder.is_api(call, *READERS, "train.string_input_producer") is not None


def _spans(module: cst.Module, names: set[str], is_reader) -> list[tuple[int, int]]:
    """The lines of the module's factories called ``names``."""
    from libcst.metadata import PositionProvider

    wrapper = wrapped(module)
    where = wrapper.resolve(PositionProvider)
    return [(where[fn].start.line, where[fn].end.line) for fn in nodes_of(module, cst.FunctionDef)
            if fn.name.value in names and fn in where and _returns_reader(fn, is_reader)]


def drop_dead(original: cst.Module, out: cst.Module, notes: list, elsewhere=None,
              candidates: set[str] | None = None) -> tuple[cst.Module, list]:
    """``out`` (the rewrite of ``original``) less the factories of ``original`` that it named and ``out`` names
    no more, nor (``elsewhere(name)``: a tree's other modules) any other module; ``candidates``: the names the
    tree found dead instead. The refusals said of their lines go with them, and a note says so."""
    from tfdata_bridge._src.migrate.results import Note

    maybe = factory_names(original, lambda c: True)
    if maybe:
        now, before = names_counted([out]), names_counted([original])
        maybe = {n for n in maybe if now[n] == 0 and (n in candidates if candidates is not None else
                                                      before[n] > 0 and not (elsewhere is not None and elsewhere(n)))}
    if not maybe:  # (the common case, told without a survey of the module)
        return out, notes
    is_reader = _is_reader(original)
    names = maybe & factory_names(original, is_reader)
    if not names:
        return out, notes
    spans = _spans(original, names, is_reader)
    hooks: list[str] = []
    dropped = drop(out, names, _is_reader(out), hooks)
    kept = [n for n in notes if not (n.kind == "refused" and any(a <= n.line <= b for a, b in spans))]
    if hooks:  # (no read calls it, but its class needs it: it stays, never run, no note of a reader left)
        kept.append(Note(min(a for a, _ in spans) if spans else 1, "the reader method " + ", ".join(
            f"`{h}`" for h in sorted(set(hooks))) + " now raises `NotImplementedError`: no read calls it once its "
            "pipelines are rewritten, but a base of its class may declare it abstract (every subclass must define "
            "it)", kind="info"))
    if dropped is out or dropped.code == out.code:
        return out, notes
    if hooks and names <= {h.rsplit(".", 1)[-1] for h in hooks}:
        return dropped, kept
    said = ", ".join(f"`{n}`" for n in sorted(names))
    line = min(a for a, _ in spans) if spans else 1
    queues = {fn.name.value for fn in nodes_of(original, cst.FunctionDef) if fn.name.value in names
              and _returns_queue(fn, is_reader) and "string_input_producer" in original.code_for_node(fn)}
    if queues == names:
        return dropped, [*kept, Note(line, f"file-queue helper {said} removed: every pipeline that called it is "
                                           "rewritten", kind="info")]
    return dropped, [*kept, Note(line, f"reader factory {said} removed: no read calls it once its pipelines are "
                                       "rewritten", kind="info")]


def dead_in_tree(originals: dict[str, cst.Module], rewritten: dict[str, cst.Module], reach
                 ) -> dict[str, set[str]]:
    """path -> the names of its factories that the originals of the modules it can reach (``reach(path)``:
    those that import it, and those they import, where its objects can go) named, and their rewrites no more."""
    out: dict[str, set[str]] = {}
    for path, original in originals.items():
        near = [p for p in originals if p == path or p in reach(path)]
        before = names_counted(originals[p] for p in near)
        now = names_counted(rewritten[p] for p in near if p in rewritten)
        gone = {n for n in factory_names(original, lambda c: True) if before[n] > 0 and now[n] == 0}
        gone = gone & factory_names(original, _is_reader(original)) if gone else gone
        if gone and path in rewritten:
            out[path] = gone
    return out


def tree_elsewhere(external, module: cst.Module):
    """``elsewhere`` for ``drop_dead`` in a tree: another module calls the function, or names the method."""
    if external is None:
        return None
    top = {s.name.value for s in module.body if isinstance(s, cst.FunctionDef)}
    return lambda n: external.attribute_uses(n) > 0 or n in top and external.uses_elsewhere(n)
