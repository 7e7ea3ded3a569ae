"""A coordinator handed to a feeding class of another module, which its rewritten code no longer uses.

    coord = tf.train.Coordinator()                      # the program (another module of the tree)
    feeder = DataFeeder(coord, metadata, hparams)       # handed over ...
    class DataFeeder(threading.Thread):                 # ... to a feeding class (Tacotron's feeder)
        def __init__(self, coordinator, metadata_filename, hparams):
            self._coord = coordinator                   # gone with the thread's checks (``class_coord.py``)

``class_coord.py`` drops the class's parameter only with every call of the class in its own module; a class
called from another module keeps a parameter nothing reads, and the program keeps a coordinator it passes
("used beyond starting and stopping runners"). Here, across the tree: where every use of the class in the tree
is a plain call (no ``*args``, the class not passed on, subclassed or named otherwise), the parameter goes from
``__init__`` and its argument from every call, where the argument is a name, an attribute or an inline
``Coordinator()`` (dropping it runs nothing). The program's coordinator is then the plumbing pass's again: gone,
or kept as the loop's stop flag (which ``scan`` does not count as a queue use). Only parameters the rewrite
emptied go: one the original ``__init__`` never read is the program's own, and stays; one defaulting to
``None`` (``coord=None``) goes too. The class is followed
under the names a package's ``__init__`` gives it too (``from .data_reader import DataReader``: ``from pkg import
DataReader``), and a program the plumbing pass said nothing of (no runner of its own) has its plumbing pass run
again once its coordinator went only to the class.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst
from libcst.metadata import QualifiedNameProvider, QualifiedNameSource

from tfdata_bridge._src.migrate.calls import ArgsSwapped, absolute_name, dotted, nodes_of, parsed, wrapped
from tfdata_bridge._src.migrate.feed.class_coord import drop_args, drop_params
from tfdata_bridge._src.migrate.feed.coord import refs
from tfdata_bridge._src.migrate.walk import Visitor

_KEPT = "kept (harmless without runners): it is used at line"


def handed_coordinators(modules, texts, results, names) -> None:
    """Drop, across the tree, the ``__init__`` parameters of feeding classes that the rewrite left unread, with
    their arguments; the callers' plumbing is then removed again (``plumbing.remove_plumbing``)."""
    for path in modules:
        if results[path].code == texts[path] or not any(
                n.kind == "info" and n.message.startswith("the feed thread's") for n in results[path].notes):
            continue
        new = parsed(results[path].code)
        for cls in [s for s in new.body if isinstance(s, cst.ClassDef)]:
            emptied = _emptied(modules[path], cls)
            if emptied:
                _drop(path, cls.name.value, emptied, modules, texts, results, names)


def _init(cls: cst.ClassDef) -> cst.FunctionDef | None:
    return next((s for s in cls.body.body if isinstance(s, cst.FunctionDef) and s.name.value == "__init__"), None)


def _emptied(original: cst.Module, cls: cst.ClassDef) -> list[str]:
    """The parameters of ``cls.__init__`` (rewritten) that it no longer reads, where the original read them."""
    init = _init(cls)
    old_cls = next((s for s in original.body if isinstance(s, cst.ClassDef) and s.name.value == cls.name.value), None)
    old = _init(old_cls) if old_cls is not None else None
    if init is None or old is None or isinstance(init.params.star_arg, cst.Param):
        return []
    return [p.name.value for p in init.params.params[1:]
            if (p.default is None or _none(p.default)) and not refs(init.body, p.name.value)
            and refs(old.body, p.name.value)]


def _none(default: cst.BaseExpression) -> bool:
    """A ``coord=None`` parameter (a coordinator the class may be given or not): emptied, it goes as one with no
    default does, its argument from the calls that pass it."""
    return isinstance(default, cst.Name) and default.value == "None"


def _uses(module: cst.Module, qname: str | frozenset[str], package: str) -> list[cst.CSTNode] | None:
    """The nodes of ``module`` naming the class ``qname`` (or any of a set of its names) through an import, or
    None where metadata fails."""
    found: list[cst.CSTNode] = []
    qnames = frozenset({qname}) if isinstance(qname, str) else qname

    class _V(Visitor):
        METADATA_DEPENDENCIES = (QualifiedNameProvider,)

        def _check(self, node) -> bool:
            for q in self.get_metadata(QualifiedNameProvider, node, set()):
                if q.source is QualifiedNameSource.IMPORT and absolute_name(q.name, package) in qnames:
                    found.append(node)
                    return False
            return True

        def visit_Import(self, node) -> bool:
            return False

        def visit_ImportFrom(self, node) -> bool:
            return False

        def visit_Name(self, node) -> bool:
            return self._check(node)

        def visit_Attribute(self, node) -> bool:
            return self._check(node)

    wrapped(module).visit(_V())
    return found


def _droppable(arg: cst.Arg) -> bool:
    """Dropping ``arg`` runs nothing the program would miss: a name, an attribute, a number or string literal, an
    inline ``Coordinator()``, or a list, tuple or dict literal of names, attributes and literals
    (``EnqueueThread([ids, dims], capacity=4, ...)``: the caller keeps its placeholders, which nothing feeds any
    more)."""
    v = arg.value
    if _plain(v):
        return True
    if isinstance(v, (cst.List, cst.Tuple)) and v.elements:
        return all(isinstance(e, cst.Element) and _plain(e.value) for e in v.elements)
    if isinstance(v, cst.Dict) and v.elements:
        return all(isinstance(e, cst.DictElement) and isinstance(e.key, cst.SimpleString) and _plain(e.value)
                   for e in v.elements)
    return isinstance(v, cst.Call) and not v.args and isinstance(v.func, (cst.Name, cst.Attribute)) and \
        (v.func.attr.value if isinstance(v.func, cst.Attribute) else v.func.value) == "Coordinator"


def _plain(v) -> bool:
    return isinstance(v, (cst.Name, cst.Attribute, cst.Integer, cst.Float, cst.SimpleString))


def _drop(path, cls_name, params, modules, texts, results, names) -> None:
    from tfdata_bridge._src.migrate.plumbing import remove_plumbing

    qname = _reexports(f"{names[path].name}.{cls_name}", modules, names)
    home = parsed(results[path].code)
    supers = {id(a.value) for c in nodes_of(home, cst.Call) if isinstance(c.func, cst.Name)
              and c.func.value == "super" for a in c.args}  # (``super(Cls, self).__init__()``: no call)
    if [n for n in nodes_of(home, cst.Name) if n.value == cls_name and id(n) not in supers] != [
            s.name for s in home.body if isinstance(s, cst.ClassDef) and s.name.value == cls_name]:
        return  # (the class named in its own module: ``class_coord.py``'s work, or a use not followed)
    cls = next(s for s in home.body if isinstance(s, cst.ClassDef) and s.name.value == cls_name)
    init = _init(cls)
    plans: dict[str, tuple[cst.Module, dict[cst.Call, cst.Call], list[str]]] = {}
    for other in modules:
        if other == path or cls_name not in results[other].code:
            continue
        module = parsed(results[other].code)
        uses = _uses(module, qname, names[other].package)
        if not uses:
            continue
        calls = {id(c.func): c for c in nodes_of(module, cst.Call)}
        swaps: dict[cst.Call, cst.Call] = {}
        passed: list[str] = []
        queues: list[str] = []  # (``queue_class=tf.FIFOQueue`` handed to ``__init__``: ``feed/queue_class.py``)
        for use in uses:
            call = calls.get(id(use))
            if call is None or any(a.star for a in call.args):
                return  # the class passed on, subclassed or called with ``*args``: its signature stays
            positional = [p.name.value for p in init.params.params[1:]]
            for a in _args_for(call, positional, params):
                if not _droppable(a):
                    return
                if isinstance(a.value, cst.Name):
                    passed.append(a.value.value)
                # (only a name or an attribute hands a queue class: an inline ``Coordinator()`` names none)
                named = a.value.attr.value if isinstance(a.value, cst.Attribute) else \
                    a.value.value if isinstance(a.value, cst.Name) else None
                if named is not None and named.endswith("Queue"):
                    queues.append(named)
            swaps[call] = drop_args(call, init, params)
        plans[other] = (module, swaps, passed, queues)
    if not plans:
        return
    new_cls = cls.with_changes(body=cls.body.with_changes(body=[
        drop_params(s, params) if s is init else s for s in cls.body.body]))
    code = home.with_changes(body=[new_cls if s is cls else s for s in home.body]).code
    results[path] = replace(results[path], code=code)
    for other, (module, swaps, passed, queues) in plans.items():
        out = module.visit(ArgsSwapped(swaps))
        notes = _queue_class_notes(list(results[other].notes), queues, out.code)
        kept = [n for n in notes if any(f"`{p}` {_KEPT}" in n.message for p in passed)]
        # (a module the plumbing pass said nothing of, no runner started in it: its coordinator went only to the
        # class, as in a program whose one pipeline is the class's)
        untouched = passed and not any("queue-runner plumbing" in n.message for n in notes) and not any(
            w in out.code for w in ("start_queue_runners", "QueueRunner", "add_queue_runner"))
        if kept or untouched:  # the coordinator that only went to the class: the plumbing pass's again
            again, more = remove_plumbing(parsed(out.code))
            # (a kept note is replaced by the pass's new word even where the code stays (``coord`` then kept as
            # the loop's stop flag); an untouched module takes the pass's result only where it changed something)
            if more and (kept or again.code != out.code and not any(m.kind == "refused" for m in more)):
                out = again
                notes = [n for n in notes if n not in kept] + [
                    replace(m, line=kept[0].line) if kept else m for m in more]
        results[other] = replace(results[other], code=out.code, notes=tuple(sorted(notes, key=lambda n: n.line)))


def _queue_class_notes(notes: list, queues: list[str], code: str) -> list:
    """``notes`` less the refusals of a queue class (``FIFOQueue``) whose only uses were the arguments that went
    (the class handed to a feeding class's ``__init__``, its queue rewritten there): none is left in ``code``."""
    if not queues:
        return notes
    from tfdata_bridge._src.migrate.scanner import scan_source

    left = {f.api.rsplit(".", 1)[-1] for f in scan_source(code)}
    gone = {q for q in queues if q not in left}
    return [n for n in notes if not (n.kind == "refused" and n.message.startswith("`") and
                                     n.message.split("`", 2)[1].rsplit(".", 1)[-1] in gone and
                                     n.message.split("`", 2)[2].startswith(" left:"))]


def _reexports(qname: str, modules, names) -> frozenset[str]:
    """``qname`` and the names a package's ``__init__`` gives it by importing it (``from .data_reader import
    DataReader`` in ``kiln_lib/__init__.py``: ``kiln_lib.DataReader`` too)."""
    out = {qname}
    for other, module in modules.items():
        for stmt in module.body:
            small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
            if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar):
                continue
            base = absolute_name("." * len(small.relative) + (dotted(small.module) if small.module else ""),
                                 names[other].package)
            for alias in small.names:
                if f"{base}.{alias.evaluated_name}" == qname:
                    out.add(f"{names[other].name}.{alias.evaluated_alias or alias.evaluated_name}")
    return frozenset(out)


def _args_for(call: cst.Call, positional: list[str], params: list[str]) -> list[cst.Arg]:
    out = []
    for j, a in enumerate(call.args):
        if a.keyword is None and j < len(positional) and positional[j] in params or \
                a.keyword is not None and a.keyword.value in params:
            out.append(a)
    return out


uses_of_class = _uses  # (for ``across_calls.py``: the other modules' calls of a rewritten class)
droppable = _droppable
