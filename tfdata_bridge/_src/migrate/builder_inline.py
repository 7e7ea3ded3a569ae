"""A queue builder of another module, inlined where it is called (held-out round 12: ``sensor_padding_queue``):

    # seq_lib/queueing.py                              # the trainer
    def build_padding_queue(filename_queue, cap=32):   filename_queue = tf.train.string_input_producer(...)
        x, n = read_sequence(filename_queue)           queue, runner = queueing.build_padding_queue(filename_queue)
        queue = tf.PaddingFIFOQueue(cap, ...)          xs, ns = queue.dequeue_many(BATCH_SIZE)
        enqueue_op = queue.enqueue([x, n])             ...
        runner = tf.train.QueueRunner(queue, [enqueue_op])   threads += runner.create_threads(sess, coord, start=True)
        return queue, runner

The rewrites of hand-built queues (``runner_queue.py``) look for the queue, its enqueue op and its runner in the
function that dequeues it, and follow reader helpers of other modules (``tree.py``); a builder that makes the
queue in another module hides all three. Inlined at its one call, the builder's statements stand in the caller,
its parameters replaced by the caller's arguments, the names it returns bound to the caller's targets, its
other locals renamed apart, and the other names it reads taken from its module (``queueing.read_sequence``,
``queueing.RECORD_BYTES``; an import both modules make alike, such as ``tf``, as it is): the same ops, made in
the same order, so the same program, which the hand-built-queue rewrite then takes. Only a builder of straight
assignments ending in ``return`` of its locals, making a queue and a ``QueueRunner``, called once in the whole
tree as ``names = module.builder(...)`` (or through ``from module import builder``) in a statement that runs
once per call of its function, is inlined; the builder goes from its module. So is a common-queue builder
(the object detection API's ``input_reader_builder.build``: checks ``if test: raise ...``, the queue's class chosen
by ``if config.shuffle:`` / ``else:``, k readers' enqueue ops in a ``for`` loop under one ``QueueRunner``, ``return
decode(queue.dequeue())``; ``_reader_builder``), its returned expression assigned to the caller's targets, at its
one call in another module or in its own (where the caller binds none of its names), so that the chosen-queue
rewrite (``handbuilt.py``) finds queue, readers, runner and the batch in one function. ``tree.rewrite_tree`` keeps the
inlined tree only where it leaves fewer pipelines than the tree as written, so a program left alone stays as
written.
"""

from __future__ import annotations


import libcst as cst
from libcst.helpers import calculate_module_and_package
from libcst.metadata import QualifiedNameProvider, QualifiedNameSource

from tfdata_bridge._src.migrate.calls import absolute_name, fresh_name, is_docstring, last_name, names_in, nodes_of, \
    target_names, wrapped
from tfdata_bridge._src.migrate.inline_sources import _Rename, _bound_args, _locals, _once, _straight
from tfdata_bridge._src.migrate.inline_sources import hoist_producers, in_memory_producer_spelled
from tfdata_bridge._src.migrate.feed_builders import _builder as _feed_builder
from tfdata_bridge._src.migrate.placeholder_helpers import fold_prelude, placeholder_helper
from tfdata_bridge._src.migrate.walk import Visitor

_QUEUES = ("FIFOQueue", "PaddingFIFOQueue", "RandomShuffleQueue")
_PRODUCERS = ("slice_input_producer", "input_producer", "range_input_producer")  # (``inline_sources._PRODUCERS``)


def _straight_calls(fn: cst.FunctionDef) -> list[cst.SimpleStatementLine] | None:
    """``inline_sources._straight``'s statements, calls as statements of their own allowed too
    (``tf.train.add_queue_runner(runner)``)."""
    if fn.decorators or fn.asynchronous or not isinstance(fn.body, cst.IndentedBlock):
        return None
    calls = [s for s in fn.body.body if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 and
             isinstance(s.body[0], cst.Expr) and isinstance(s.body[0].value, cst.Call)]
    rest = fn.with_changes(body=fn.body.with_changes(body=[s for s in fn.body.body if s not in calls]))
    kept = _straight(rest)
    if kept is None:
        return None
    ids = {id(s) for s in [*kept, *calls]}
    return [s for s in fn.body.body if id(s) in ids]


def _assigned(body: list[cst.BaseStatement]) -> list[str]:
    """The names the statements bind (in a compound statement's blocks too, a ``for`` loop's target included)."""
    out: list[str] = []
    for s in body:
        if isinstance(s, cst.SimpleStatementLine):
            small = s.body[0]
            if isinstance(small, cst.Assign):
                out += list(target_names(small.targets[0].target) or ())
            continue
        for t in nodes_of(s, cst.AssignTarget):
            out += sorted(names_in(t.target))
        for f in nodes_of(s, cst.For):
            out += sorted(names_in(f.target))
    return out


def _reader_builder(fn: cst.FunctionDef) -> list[cst.BaseStatement] | None:
    """The statements of a common-queue builder that returns what it makes of the dequeue (the object detection
    API's ``input_reader_builder.build``): checks ``if test: raise ...`` (no ``else``), single assignments, call
    statements (``add_queue_runner(...)``), an ``if``/``else`` whose two arms each only bind the same one name
    (the queue chosen by a flag), ``for`` loops of simple statements with no ``else`` (the readers' enqueue ops),
    and a last ``return`` of an expression; a queue, a ``QueueRunner`` and a read made there. None for any other
    function (``_straight_calls`` takes the straight ones)."""
    if fn.decorators or fn.asynchronous or not isinstance(fn.body, cst.IndentedBlock):
        return None
    params = fn.params
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None or params.posonly_params:
        return None
    body = list(fn.body.body)
    if body and is_docstring(body[0]):
        body = body[1:]
    if not body or not isinstance(body[-1], cst.SimpleStatementLine) or len(body[-1].body) != 1 or \
            not isinstance(body[-1].body[0], cst.Return) or body[-1].body[0].value is None:
        return None
    compound = False
    for stmt in body[:-1]:
        if isinstance(stmt, cst.SimpleStatementLine):
            if not _plain(stmt):
                return None
        elif isinstance(stmt, cst.If) and _check(stmt) or isinstance(stmt, cst.If) and _choice(stmt):
            compound = True
        elif isinstance(stmt, cst.For) and stmt.orelse is None and not stmt.asynchronous and \
                isinstance(stmt.body, cst.IndentedBlock) and all(_plain(s) for s in stmt.body.body):
            compound = True
        else:
            return None
    calls = {last_name(c.func) for s in body for c in nodes_of(s, cst.Call)}
    if not compound or not calls & set(_QUEUES) or "QueueRunner" not in calls or \
            not calls & {"read", "read_up_to"} or "dequeue" not in calls or any("batch" in c for c in calls):
        return None
    return body


def _plain(stmt) -> bool:
    """One single assignment (to names) or one call, as a statement."""
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if isinstance(small, cst.Assign):
        return len(small.targets) == 1 and target_names(small.targets[0].target) is not None
    return isinstance(small, cst.Expr) and isinstance(small.value, cst.Call)


def _check(stmt: cst.If) -> bool:
    """``if test: raise ...`` with no ``else``."""
    block = stmt.body
    return stmt.orelse is None and isinstance(block, cst.IndentedBlock) and len(block.body) == 1 and \
        isinstance(block.body[0], cst.SimpleStatementLine) and len(block.body[0].body) == 1 and \
        isinstance(block.body[0].body[0], cst.Raise)


def _choice(stmt: cst.If) -> bool:
    """``if test: name = ...`` ``else: name = ...``: each arm one assignment of the same one name."""
    if not isinstance(stmt.orelse, cst.Else):
        return False
    names = []
    for block in (stmt.body, stmt.orelse.body):
        if not isinstance(block, cst.IndentedBlock) or len(block.body) != 1 or not _plain(block.body[0]) or \
                not isinstance(block.body[0].body[0], cst.Assign) or \
                not isinstance(block.body[0].body[0].targets[0].target, cst.Name):
            return False
        names.append(block.body[0].body[0].targets[0].target.value)
    return names[0] == names[1]


def _builder(fn: cst.FunctionDef) -> tuple[list[cst.SimpleStatementLine], list[str]] | None:
    """(the statements, the returned locals) of a queue builder (or a fed queue's placeholders helper,
    ``placeholder_helpers.py``); None for any other function."""
    if (helper := placeholder_helper(fn)) is not None:
        return helper
    body = _straight_calls(fn)
    if body is None:
        # (a builder with checks, a queue chosen by a flag and the readers' loop: its returned expression is
        # assigned to the caller's targets after its statements)
        reader_body = _reader_builder(fn)
        return (reader_body, None) if reader_body is not None else None
    calls = [last_name(c.func) for s in body for c in nodes_of(s, cst.Call)]
    producer = _producer(calls)
    if producer:  # (``return slice_input_producer(...)[0]``: the producer named first)
        body = hoist_producers(fn, body)
    if not producer and (not any(c in _QUEUES for c in calls) or "QueueRunner" not in calls) and \
            _feed_builder(fn) is None:
        return None  # (a feed-thread queue's builder, no runner: ``feed_builders.py``'s, called from another module)
    value = body[-1].body[0].value
    items = [e.value for e in value.elements] if isinstance(value, cst.Tuple) else [value]
    if not all(isinstance(v, cst.Name) for v in items):
        return (body, None) if producer else None
    returned = [v.value for v in items]
    params = {p.name.value for p in [*fn.params.params, *fn.params.kwonly_params]}
    counts: dict[str, int] = {}
    for n in _assigned(body[:-1]):
        counts[n] = counts.get(n, 0) + 1
    if len(set(returned)) != len(returned) or any(counts.get(r) != 1 or r in params for r in returned):
        return (body, None) if producer else None
    return body, returned


def _producer(calls: list[str]) -> bool:
    """The calls (by their last names) are an input producer's helper's: a producer made, no reader read and
    no batch (``inline_sources._in_memory_producer``: its elements are what it returns, which the recogniser
    follows only where the producer and the batch stand in one block)."""
    return any(c in _PRODUCERS for c in calls) and not any(c in ("read", "read_up_to") or "batch" in c
                                                            for c in calls)


def _top_level(module: cst.Module) -> dict[str, cst.CSTNode]:
    """The module's top-level bindings by name (functions, classes, assignments, imports)."""
    out: dict[str, cst.CSTNode] = {}
    for s in module.body:
        if isinstance(s, (cst.FunctionDef, cst.ClassDef)):
            out[s.name.value] = s
        elif isinstance(s, cst.SimpleStatementLine):
            for small in s.body:
                if isinstance(small, cst.Assign):
                    for t in small.targets:
                        for n in target_names(t.target) or ():
                            out[n] = small
                elif isinstance(small, (cst.Import, cst.ImportFrom)) and not isinstance(small.names, cst.ImportStar):
                    for alias in small.names:
                        bound = alias.asname.name if alias.asname is not None else alias.name
                        key = bound.value if isinstance(bound, cst.Name) else \
                            cst.Module([]).code_for_node(bound).split(".")[0]
                        out[key] = small
    return out


def _import_text(node: cst.CSTNode, name: str) -> str | None:
    """How an import statement binds ``name`` (``import tensorflow as tf`` -> "tensorflow as tf"), to compare two
    modules' imports; None for a relative import (another package may mean another module)."""
    code = cst.Module([]).code_for_node
    if isinstance(node, cst.Import):
        for a in node.names:
            bound = code(a.asname.name) if a.asname is not None else code(a.name).split(".")[0]
            if bound == name:
                return f"import {code(a.name)} as {bound}" if a.asname is not None else f"import {code(a.name)}"
    if isinstance(node, cst.ImportFrom) and not node.relative and node.module is not None:
        for a in node.names:
            bound = code(a.asname.name) if a.asname is not None else code(a.name)
            if bound == name:
                return f"from {code(node.module)} import {code(a.name)} as {bound}"
    return None


class _Uses(Visitor):
    METADATA_DEPENDENCIES = (QualifiedNameProvider,)

    def __init__(self, wanted: set[str]) -> None:
        super().__init__()
        self.wanted, self.found = wanted, []

    def visit_Import(self, node: cst.Import) -> bool:
        return False  # (the import binds the name: no use of it)

    def visit_ImportFrom(self, node: cst.ImportFrom) -> bool:
        return False

    def _check(self, node) -> None:
        for q in self.get_metadata(QualifiedNameProvider, node, set()):
            if q.source is QualifiedNameSource.IMPORT:
                self.found.append((node, q.name))

    def visit_Name(self, node: cst.Name) -> None:
        if node.value in self.wanted:
            self._check(node)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value in self.wanted:
            self._check(node)


def inline_queue_builders(texts: dict[str, str], root: str) -> dict[str, str] | None:
    """``texts`` with each queue builder of one module inlined at its one call in another; None where none is."""
    if not any(("QueueRunner" in t and "Queue(" in t or in_memory_producer_spelled(t) or
                 "Queue(" in t and "placeholder" in t) and "return" in t
               for t in texts.values()) and not (any("Queue(" in t for t in texts.values()) and any(
                   "placeholder(" in t and "return" in t for t in texts.values())):
        return None  # (no builder can be there: nothing is parsed)
    modules: dict[str, cst.Module] = {}
    for path, text in texts.items():
        if "def " in text or "import" in text:
            try:
                modules[path] = cst.parse_module(text)
            except cst.ParserSyntaxError:
                continue
    names = {p: calculate_module_and_package(root, p) for p in modules}
    builders = {}
    for path, module in modules.items():
        if "QueueRunner" not in texts[path] and not in_memory_producer_spelled(texts[path]) and \
                "Queue(" not in texts[path] and "placeholder(" not in texts[path]:
            continue
        for fn in module.body:
            if isinstance(fn, cst.FunctionDef) and (found := _builder(fn)) is not None:
                builders[(names[path].name, fn.name.value)] = (path, fn, *found)
    if not builders:
        return None
    wanted = {k[1] for k in builders}
    out = dict(texts)
    done = False
    for (mod_name, fname), (bpath, fn, body, returned) in builders.items():
        sites = []  # (module path, node) of every use of the builder in the tree, its own module included
        for path, module in modules.items():
            if fname not in texts[path]:
                continue
            if path == bpath:
                defs = {id(f.name) for f in nodes_of(module, cst.FunctionDef)}
                uses = [n for n in nodes_of(module, cst.Name) if n.value == fname and id(n) not in defs]
                sites += [(path, n, None) for n in uses]
                continue
            visitor = _Uses(wanted)
            wrapped(module).visit(visitor)
            for node, q in visitor.found:
                full = absolute_name(q, names[path].package)
                if full == f"{mod_name}.{fname}":
                    sites.append((path, node, None))
        if len(sites) > 1 and _feed_builder(fn) is not None:
            # (a feed-thread queue's builder called from several other modules, once in each: inlined at every
            # call, or at none; it goes from its module only then)
            callers = [c for c, _, _ in sites]
            if bpath in callers or len(set(callers)) != len(callers):
                continue
            news = {c: _inline_at(modules[c], n, fn, body, returned, modules[bpath], mod_name, names[c].package)
                    for c, n, _ in sites}
            if any(m is None for m in news.values()):
                continue
            for c, m in news.items():
                modules[c] = m
                out[c] = m.code
            modules[bpath] = modules[bpath].visit(_Drop(fname))
            out[bpath] = modules[bpath].code
            done = True
            continue
        if len(sites) != 1:
            continue
        cpath, node, _ = sites[0]
        if cpath == bpath:  # (a common-queue builder of the caller's own module: ``_reader_builder``'s alone)
            if returned is not None or _straight_calls(fn) is not None or not isinstance(node, cst.Name):
                continue
            new = _inline_at(modules[cpath], node, fn, body, returned, modules[bpath], mod_name,
                             names[cpath].package, same=True)
            if new is None:
                continue
            modules[cpath] = new.visit(_Drop(fname))
            out[cpath] = modules[cpath].code
            done = True
            continue
        new = _inline_at(modules[cpath], node, fn, body, returned, modules[bpath], mod_name, names[cpath].package)
        if new is None:
            continue
        modules[cpath] = new
        modules[bpath] = modules[bpath].visit(_Drop(fname))
        out[cpath], out[bpath] = new.code, modules[bpath].code
        done = True
    return out if done else None


class _Drop(cst.CSTTransformer):
    """The module's top-level function ``name`` removed."""

    def __init__(self, name: str) -> None:
        self.name, self.depth = name, 0

    def visit_FunctionDef(self, node) -> None:
        self.depth += 1

    def leave_FunctionDef(self, original, updated):
        self.depth -= 1
        return cst.RemovalSentinel.REMOVE if self.depth == 0 and original.name.value == self.name else updated

    def visit_ClassDef(self, node) -> bool:
        return False


def _inline_at(caller_module: cst.Module, node, fn: cst.FunctionDef, body, returned: list[str] | None,
               bmodule: cst.Module, mod_name: str, package: str, same: bool = False) -> cst.Module | None:
    """``caller_module`` with the builder's call at ``node`` inlined, or None where that cannot keep the meaning.
    ``returned`` None: the helper returns expressions (a producer helper's ``decode(queue[0]), queue[1]``),
    assigned to the caller's targets after its statements. ``same``: the builder is of the caller's module, its
    free names read as they are (where the caller binds none of them)."""
    caller = None
    top = cst.FunctionDef(cst.Name("_"), cst.Parameters(), cst.IndentedBlock(list(caller_module.body)))
    for f in [*nodes_of(caller_module, cst.FunctionDef), top]:  # (``top``: the module's own statements)
        for stmt in _once(f):
            small = stmt.body[0]
            if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.value, cst.Call) \
                    and small.value.func is node:
                caller = (f, stmt)
    if caller is None:
        return None
    cfn, stmt = caller
    small = stmt.body[0]
    target = small.targets[0].target
    targets = [e.value for e in target.elements] if isinstance(target, (cst.Tuple, cst.List)) else [target]
    if not all(isinstance(t, cst.Name) for t in targets):
        return None
    helper = placeholder_helper(fn) is not None
    if helper and returned is not None and isinstance(target, cst.Name) and len(returned) > 1:
        returned = None  # (``phs = helper(...)``: its tuple bound to the caller's name, after its lines)
    if returned is not None and (len(targets) != len(returned) or
                                 len(returned) == 1 and isinstance(target, (cst.Tuple, cst.List))):
        return None
    bound = _bound_args(fn, small.value)
    if bound is None:
        return None
    if helper and (body := fold_prelude(fn, body, bound)) is None:
        return None
    if set(_assigned(body[:-1])) & set(bound):
        return None  # (a parameter bound again: the caller's name would be)
    targets_n = [t.value for t in targets]
    if any(names_in(v) & set(targets_n) for v in bound.values()):
        return None  # (``queue = build(queue)``: the argument is read after the target is bound)
    # the names the caller's module and function already use
    inside = {id(n) for n in nodes_of(fn, cst.Name)} if same else set()  # (the builder goes: its names free)
    taken = {n.value for n in nodes_of(caller_module, cst.Name) if id(n) not in inside}
    own = _locals(fn, [s for s in body if isinstance(s, cst.SimpleStatementLine)]) | set(_assigned(body))
    free = set().union(*(names_in(s) for s in body)) - own
    tops = _top_level(bmodule)
    ctops = _top_level(caller_module)
    cassigned = {n.value for t in nodes_of(cfn, cst.AssignTarget) for n in nodes_of(t, cst.Name)} | \
        {p.name.value for p in [*cfn.params.params, *cfn.params.kwonly_params]}
    if same:
        prefix = ""
        if free & cassigned:
            return None  # (a global the builder reads that the caller binds would read another value there)
    elif isinstance(node, cst.Attribute):
        prefix = cst.Module([]).code_for_node(node.value)
        if prefix.split(".")[0] in cassigned:
            return None
    else:  # ``from package.module import builder``: the module itself imported beside it, its names read there
        prefix = mod_name.rsplit(".", 1)[-1]
        in_imports = {id(n) for i in [*nodes_of(caller_module, cst.Import), *nodes_of(caller_module, cst.ImportFrom)]
                      for n in nodes_of(i, cst.Name)}
        if prefix in ctops or any(n.value == prefix and id(n) not in in_imports
                                  for n in nodes_of(caller_module, cst.Name)):
            return None
    renames: dict[str, str] = {}
    added: list[str] = []
    imports: list[str] = []  # the builder module's imports the caller's module is given
    used = names_in(caller_module)
    for name in sorted(free) if not same else ():
        where = tops.get(name)
        if where is None:
            if name in ctops or name in cassigned:
                return None  # (a builtin the caller's module binds to something else)
            continue
        if isinstance(where, (cst.Import, cst.ImportFrom)):
            mine = _import_text(where, name)
            if mine is not None and ctops.get(name) is None and name not in used:
                imports.append(mine)  # (a name the caller's module never spells: its import comes along)
                continue
            if mine is None or name in cassigned or ctops.get(name) is None or \
                    _import_text(ctops[name], name) != mine:
                return None  # (the caller's module reads the name as another thing)
            continue
        renames[name] = f"{prefix}.{name}"
        added.append(name)
    # parameters: the caller's argument where it is a plain name or literal, else a fresh name bound first
    first: list[cst.BaseStatement] = []
    for p, value in bound.items():
        if isinstance(value, (cst.Name, cst.Integer, cst.Float, cst.SimpleString)) and \
                not (isinstance(value, cst.Name) and value.value in own - {p}):
            renames[p] = value
        else:
            fresh = fresh_name(p, taken)
            renames[p] = fresh
            first.append(cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(cst.Name(fresh))], value)]))
    for local in sorted(own - set(bound) - {"_"}):  # (``_``: a name nobody reads, kept)
        renames[local] = targets_n[returned.index(local)] if returned is not None and local in returned else \
            fresh_name(local, taken)
    visitor = _Substitute(renames)
    stmts = [*first, *(s.visit(visitor).with_changes(leading_lines=()) for s in body[:-1])]
    if returned is None:  # the returned expressions, assigned to the caller's targets
        stmts.append(stmt.with_changes(body=[small.with_changes(value=body[-1].body[0].value.visit(visitor))],
                                       leading_lines=()))
    stmts[0] = stmts[0].with_changes(leading_lines=stmt.leading_lines)
    new = caller_module.visit(_Replace(stmt, stmts))
    if isinstance(node, cst.Name) and not same:
        new = new.visit(_AddNames(node.value, prefix, bool(added)))
    if imports:
        new = with_imports(new, imports)
    return new


def with_imports(module: cst.Module, texts: list[str]) -> cst.Module:
    """``module`` with the import statements ``texts`` (each once) after its last top-level import (after its
    docstring and ``__future__`` imports where it has no other)."""
    if not texts:
        return module
    body = list(module.body)
    at = 0
    for i, s in enumerate(body):
        small = s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None
        if isinstance(small, (cst.Import, cst.ImportFrom)) or (i == 0 and is_docstring(s)):
            at = i + 1
    stmts = []
    for text in dict.fromkeys(texts):
        head, _, alias = text.rpartition(" as ")
        if head.startswith("from ") and head.endswith(f" import {alias}"):
            text = head  # (``from m import x as x``: ``from m import x``)
        stmts.append(cst.parse_statement(text + "\n"))
    return module.with_changes(body=[*body[:at], *stmts, *body[at:]])


class _Substitute(_Rename):
    """Names replaced by names, dotted names or literals (``_Rename``'s rules for attributes and keywords)."""

    def leave_Name(self, original: cst.Name, updated: cst.Name):
        new = self.names.get(original.value)
        if new is None:
            return updated
        if isinstance(new, str):
            return cst.parse_expression(new) if "." in new else updated.with_changes(value=new)
        return new

    def leave_AssignTarget(self, original, updated):
        return updated


class _Replace(cst.CSTTransformer):
    def __init__(self, stmt, stmts) -> None:
        self.stmt, self.stmts = stmt, stmts

    def leave_SimpleStatementLine(self, original, updated):
        return cst.FlattenSentinel(self.stmts) if original is self.stmt else updated


class _AddNames(cst.CSTTransformer):
    """``from package.module import builder`` loses ``builder``; ``from package import module`` (``import
    module`` at the top level) comes after it where the inlined code reads names of the module."""

    def __init__(self, bound: str, leaf: str, needed: bool) -> None:
        self.bound, self.leaf, self.needed = bound, leaf, needed

    def leave_SimpleStatementLine(self, original, updated):
        small = original.body[0] if len(original.body) == 1 else None
        if not isinstance(small, cst.ImportFrom) or isinstance(small.names, cst.ImportStar):
            return updated
        code = cst.Module([]).code_for_node
        names = list(small.names)
        hit = [a for a in names if (code(a.asname.name) if a.asname else code(a.name)) == self.bound]
        if not hit:
            return updated
        out = []
        rest = [a for a in names if a is not hit[0]]
        if rest:
            rest[-1] = rest[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
            out.append(updated.with_changes(body=[small.with_changes(names=rest)]))
        if self.needed:
            module = code(small.module) if small.module is not None else ""
            dots = "".join("." for _ in small.relative)
            package = dots + (module.rsplit(".", 1)[0] if "." in module else "")
            text = f"from {package} import {self.leaf}\n" if package else f"import {self.leaf}\n"
            out.append(cst.parse_statement(text).with_changes(leading_lines=() if rest else updated.leading_lines))
        return cst.FlattenSentinel(out) if out else cst.RemovalSentinel.REMOVE


__all__ = ["inline_queue_builders"]
