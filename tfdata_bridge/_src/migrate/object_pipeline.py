"""Pipelines kept on an object's attributes: a class makes its source in ``__init__`` (or ``build()``), keeps
tensors on ``self``, and batches them in another method, directly or through a reading method.

Each such class is gathered into one function (``object_merge.py``), which the ordinary recogniser rewrites
(``trial``); the result is split back into the class (``object_split.py``): the making method builds
``self.dataset``, the batching method batches it and returns the iterator's batch. The rewrite is refused,
with the attribute and its reader named, where the attributes it removes are read by other code, or where
the batching method is called more than once or in a loop (legacy's batches compete for one queue there;
the rewrite's iterators would each see every element).
"""

from __future__ import annotations


import libcst as cst
from libcst.metadata import MetadataWrapper, PositionProvider

from tfdata_bridge._src.migrate.base_reads import related_reads
from tfdata_bridge._src.migrate.calls import code_of, free_attribute, names_in, nodes_of, Refusal
from tfdata_bridge._src.migrate.comments import wrapped_comment
from tfdata_bridge._src.migrate.hoist import line_map
from tfdata_bridge._src.migrate.line_words import note_back, outcome_back
from tfdata_bridge._src.migrate.inherited import restore, specialize
from tfdata_bridge._src.migrate.object_merge import Candidate, merged, methods, self_attrs, self_name, \
    tainted
from tfdata_bridge._src.migrate.object_split import split
from tfdata_bridge._src.migrate.object_uses import called_once_elsewhere, runs_once, tree_uses, uses
from tfdata_bridge._src.migrate.results import Note, PipelineOutcome
from tfdata_bridge._src.migrate.unbatched_attrs import unbatched_note, unbatched_reason, with_unbatched_attrs
from tfdata_bridge._src.migrate.walk import Visitor
from tfdata_bridge._src.symbols import BY_PATH

_GATHERED = "_tfdata_bridge_object_pipeline"


def _found(module: cst.Module, external):
    """(class, batching method, batch statement, api, line) of each batch call in a method whose class keeps
    tensors on its instance, with the survey's index (None when the module has no such class)."""
    from tfdata_bridge._src.migrate.pipelines import BATCHES
    from tfdata_bridge._src.migrate.to_tfdata import survey

    classes = [c for c in module.body if isinstance(c, cst.ClassDef) and len(methods(c)) >= 2]
    if not classes or "batch" not in code_of(module) and ".dequeue_" not in code_of(module):
        return None, []
    index = survey(module, external)[0]
    out = []
    for cls in classes:
        for fn in methods(cls):
            if self_name(fn) is None:
                continue
            for stmt in fn.body.body:
                small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
                value = small.value if isinstance(small, (cst.Assign, cst.Return)) else None
                api = index.paths.get(value) if isinstance(value, cst.Call) else None
                if api in BATCHES:
                    out.append((cls, fn, stmt, api, index.lines.get(stmt, 0)))
                elif (api := _kept_queue_dequeue(value, self_name(fn))) is not None:
                    out.append((cls, fn, stmt, api, index.lines.get(stmt, 0)))
    return index, out


_DEQUEUES = ("dequeue_many", "dequeue_up_to")


def _kept_queue_dequeue(value: cst.BaseExpression | None, instance: str | None) -> str | None:
    """``self.queue.dequeue_many(n)`` (or ``dequeue_up_to``): the batch of a hand-built queue kept on the object,
    which the making method fills through a ``QueueRunner`` (``runner_queue.py`` rewrites it once gathered)."""
    if not (isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute)
            and value.func.attr.value in _DEQUEUES):
        return None
    held = value.func.value
    if isinstance(held, cst.Attribute) and isinstance(held.value, cst.Name) and held.value.value == instance:
        return value.func.attr.value
    return None


def _candidate(module, index, external, cls, batcher, stmt) -> Candidate | None:
    from tfdata_bridge._src.migrate.pipelines import BATCHES, JOINS

    def is_source(call: cst.Call) -> bool:
        path = index.paths.get(call)
        sym = BY_PATH.get(path) if path else None
        return sym is not None and sym.to_tfdata == "pipeline" and path not in BATCHES and path not in JOINS

    reads = _reads(cls, batcher)
    makers = [(m, t) for m in methods(cls) if m is not batcher and self_name(m) is not None
              and (t := tainted(m, is_source)) and t & reads]
    if not makers:
        return None
    if len(makers) > 1:
        raise Refusal(f"the batched attributes are set in `{makers[0][0].name.value}` and "
                      f"`{makers[1][0].name.value}`; one method must make the pipeline")
    maker, attrs = makers[0]
    if maker.decorators:
        raise Refusal(f"`{maker.name.value}`, which makes the pipeline, is decorated")
    taken = names_in(cls) | {n for s in module.body if not isinstance(s, (cst.ClassDef, cst.FunctionDef))
                             for n in names_in(s)} | {s.name.value for s in module.body
                                                      if isinstance(s, (cst.ClassDef, cst.FunctionDef))}
    names: dict[str, str] = {}
    for attr in sorted(attrs):
        local = attr.lstrip("_") or "value"
        while local in taken:
            local += "_"
        taken.add(local)
        names[attr] = local
        for m in methods(cls):
            if m is not maker and any(attr in _set_attrs(s, self_name(m)) for s in nodes_of(m, cst.AssignTarget)) \
                    and not _declared(m, maker, attr):
                raise Refusal(f"`{self_name(m)}.{attr}` is set in `{m.name.value}` too")
    return Candidate(cls, maker, batcher, stmt, names)


def _declared(init: cst.FunctionDef, maker: cst.FunctionDef, attr: str) -> bool:
    """``self.attr = None`` in ``__init__``, its one setting of ``attr`` there, before anything there calls the
    making method: the attribute declared, then made by the maker (``self._build_queue()``), so the maker's value
    is the one the batching method reads, and the line can stay (nothing reads the attribute once rewritten:
    ``_check_uses``)."""
    instance = self_name(init)
    if init.name.value != "__init__" or instance is None:
        return False
    sets = [s for s in nodes_of(init, cst.AssignTarget) if attr in _set_attrs(s, instance)]
    for stmt in init.body.body:
        small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
        if isinstance(small, cst.Assign) and len(small.targets) == 1 and small.targets[0] in sets:
            return len(sets) == 1 and isinstance(small.value, cst.Name) and small.value.value == "None"
        if any(isinstance(c.func, cst.Attribute) and c.func.attr.value == maker.name.value
               for c in nodes_of(stmt, cst.Call)):
            return False
    return False


def _set_attrs(target: cst.AssignTarget, instance: str | None) -> set[str]:
    t = target.target
    return {t.attr.value} if isinstance(t, cst.Attribute) and isinstance(t.value, cst.Name) and \
        t.value.value == instance else set()


def _reads(cls: cst.ClassDef, fn: cst.FunctionDef, seen=None) -> set[str]:
    """Attributes of the instance ``fn`` reads, and the methods it calls on it read."""
    seen = seen if seen is not None else set()
    seen.add(fn.name.value)
    instance = self_name(fn) or ""
    out = {a.attr.value for a in self_attrs(fn, instance)}
    for m in methods(cls):
        if m.name.value in out and m.name.value not in seen:
            out |= _reads(cls, m, seen)
    return out


def _check_uses(module, external, cand: Candidate) -> None:
    cls, batcher = cand.cls, cand.batcher
    name = f"{cls.name.value}.{batcher.name.value}"
    calls = uses(module, cls, batcher.name.value)
    elsewhere = tree_uses(external, batcher.name.value)
    count = len(calls) + elsewhere
    # (another module's calls: each on an object made there once, outside a loop, as ``Cls(...).batch(...)``)
    once_each = called_once_elsewhere({cls.name.value}, batcher.name.value, external,
                                      strict=bool(calls) or elsewhere > 1) if elsewhere else None
    if once_each is not None and count == 1:  # (its one call, on a parameter, say: judged by its count, below,
        # unless in a loop; two or more: said by their count, below)
        raise Refusal(f"`{name}` may run more than once on one object ({once_each}): legacy's "
                      "batches of one object compete for its one queue, and a dataset's iterators would each see "
                      "every element; call it once, or keep the queue (`migrate --to compat`)")
    # ``Cls(...).batch(...)``: each use on an object of its own (each object makes its own queues in legacy too)
    fresh = all(isinstance(n.value, cst.Call) and isinstance(n.value.func, cst.Name) and
                n.value.func.value == cls.name.value for n, _, _ in calls) and (not elsewhere or once_each is None)
    looped = any(loop for _, _, loop in calls)
    kept: list[str] = []
    if not count:  # (DeepLab's ``ImageReader.dequeue``, beside ``reader.image`` read unbatched)
        mine = {id(n) for m in methods(cls) for n in nodes_of(m, cst.Attribute)}
        read = sorted(a for a in cand.attrs if tree_uses(external, a) or
                      any(id(n) not in mine for n, _, _ in uses(module, cls, a)))
        shown = ", ".join(f"`.{a}`" for a in read)
        why = unbatched_reason(cand, read) if read else None
        if why is not None:
            raise Refusal(f"`{name}` is used nowhere in the migrated code: legacy's batches of one object compete "
                          "for its one queue, and a dataset's iterators would each see every element"
                          + (f"; and here the object's tensors ({shown}) are read another way, unbatched through "
                             f"its attributes, {why}" if read else "")
                          + "; call it once, or keep the queue (`migrate --to compat`)")
        kept = read  # (each the ``get_next()`` of one iterator over the element dataset: ``unbatched_attrs.py``)
    if not kept and (not (count == 1 or count and fresh) or looped):
        where = "in a loop" if looped else f"{count} times" if count else "nowhere in the migrated code"
        raise Refusal(f"`{name}` is used {where}: legacy's batches of one object compete for its one queue, "
                      "and a dataset's iterators would each see every element; call it once, or keep the queue "
                      "(`migrate --to compat`)")
    once = runs_once(module, cls, batcher.name.value) if count == 1 else None
    if once is not None:
        raise Refusal(f"`{name}` may run more than once on one object ({once}): legacy's batches of one object "
                      "compete for its one queue, and a dataset's iterators would each see every element; call "
                      "it once, or keep the queue (`migrate --to compat`)")
    inside = {cand.maker, batcher, *cand.readers}
    for attr in cand.attrs:
        if attr in kept:
            continue
        declared = {id(t.target) for m in methods(cls) if _declared(m, cand.maker, attr)
                    for t in nodes_of(m, cst.AssignTarget) if attr in _set_attrs(t, self_name(m))}
        for node, owner, _ in uses(module, cls, attr):
            if id(node) in declared:
                continue
            fn = next((m for m in methods(cls) if m in inside and any(a is node for a in nodes_of(m, cst.Attribute))),
                      None)
            if fn is None:
                plumbing = _runner_method(cls, cand, attr, node)
                if plumbing is not None:  # its threads' only starter: a method that starts none
                    cand.changed[plumbing.name.value] = _starts_none(plumbing, attr)
                    cand.started.append(attr)
                    continue
                _lockstep(cls, node, attr)
                raise Refusal(f"`{attr}`, which the pipeline keeps on its object, is read by {owner}: it would no "
                              "longer exist; read the batch instead, or keep the queue (`migrate --to compat`)")
        if tree_uses(external, attr):
            raise Refusal(f"`{attr}`, which the pipeline keeps on its object, is read in another module")
    return kept


def _runner_method(cls: cst.ClassDef, cand: Candidate, attr: str, node: cst.CSTNode) -> cst.FunctionDef | None:
    """The method of ``cls`` holding ``node`` (a read of ``attr``) where ``attr`` is the ``QueueRunner`` the
    making method keeps and the method only starts its threads: its statements (a docstring aside) are
    ``return self.attr.create_threads(...)``, ``self.attr.create_threads(...)``, or ``threads =
    self.attr.create_threads(...)`` then ``return threads`` (the superconvergence ``AsyncRunner.create_threads``).
    Plumbing: with the queue gone there is no thread to start. None: not such a method."""
    instance = self_name(cand.maker)
    made = [t for t in nodes_of(cand.maker, cst.Assign) if len(t.targets) == 1 and
            attr in _set_attrs(t.targets[0], instance) and isinstance(t.value, cst.Call)]
    if len(made) != 1 or not (isinstance(made[0].value.func, (cst.Attribute, cst.Name)) and
                              getattr(getattr(made[0].value.func, "attr", made[0].value.func), "value", None)
                              == "QueueRunner"):
        return None
    fn = next((m for m in methods(cls) if any(a is node for a in nodes_of(m, cst.Attribute))), None)
    me = self_name(fn) if fn is not None else None
    if me is None or fn in (cand.maker, cand.batcher) or fn.decorators or not isinstance(fn.body, cst.IndentedBlock):
        return None
    body = list(fn.body.body)
    if body and _is_docstring(body[0]):
        body = body[1:]
    smalls = [s.body[0] if isinstance(s, cst.SimpleStatementLine) and len(s.body) == 1 else None for s in body]

    def starts(value) -> bool:
        return isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and \
            value.func.attr.value == "create_threads" and isinstance(value.func.value, cst.Attribute) and \
            value.func.value.attr.value == attr and isinstance(value.func.value.value, cst.Name) and \
            value.func.value.value.value == me and attr not in {a.attr.value for a in self_attrs(
                cst.Module([]).with_changes(body=[cst.SimpleStatementLine([cst.Expr(x.value)])
                                                  for x in value.args]), me)}

    if len(smalls) == 1 and isinstance(smalls[0], (cst.Return, cst.Expr)) and starts(smalls[0].value):
        return fn
    if len(smalls) == 2 and isinstance(smalls[0], cst.Assign) and len(smalls[0].targets) == 1 and \
            isinstance(smalls[0].targets[0].target, cst.Name) and starts(smalls[0].value) and \
            isinstance(smalls[1], cst.Return) and isinstance(smalls[1].value, cst.Name) and \
            smalls[1].value.value == smalls[0].targets[0].target.value:
        return fn
    return None


def _started_here(fn: cst.FunctionDef, runners: list[str]) -> cst.FunctionDef:
    """The gathered ``fn`` with ``runner.create_threads(None, start=True)`` after each ``runner = QueueRunner(...)``
    of ``runners`` (the locals the kept runners became): what the class's starting method did, in the form the
    hand-built-queue rewrite takes (``queue_runners.started_by_hand``), which removes it with the runner."""
    class _Start(cst.CSTTransformer):
        def leave_IndentedBlock(self, original, updated):
            body = []
            for stmt in updated.body:
                body.append(stmt)
                small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 else None
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and \
                        isinstance(small.targets[0].target, cst.Name) and small.targets[0].target.value in runners:
                    body.append(cst.parse_statement(
                        f"{small.targets[0].target.value}.create_threads(None, start=True)\n"))
            return updated.with_changes(body=body)

    return fn.visit(_Start())


def _is_docstring(stmt: cst.CSTNode) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1 and isinstance(stmt.body[0], cst.Expr) \
        and isinstance(stmt.body[0].value, (cst.SimpleString, cst.ConcatenatedString))


def _starts_none(fn: cst.FunctionDef, attr: str) -> cst.FunctionDef:
    """``fn`` (``_runner_method``) with no thread to start: ``return []`` (the empty list of started threads its
    callers join or extend) where it returned them, else ``pass``."""
    body = list(fn.body.body)
    doc = body[:1] if body and _is_docstring(body[0]) else []
    returned = any(isinstance(r, cst.Return) for r in nodes_of(fn.body, cst.Return))
    comment = cst.EmptyLine(comment=cst.Comment(
        f"# tfdata-bridge migrate: `{attr}`'s queue is a dataset now; there is no thread to start"))
    new = cst.parse_statement("return []\n" if returned else "pass\n")
    first = (body[len(doc)] if len(body) > len(doc) else body[0]) if body else None
    lead = [ln for ln in getattr(first, "leading_lines", ()) if ln.comment is not None] if not doc else []
    new = new.with_changes(leading_lines=[*lead, comment])
    return fn.with_changes(body=fn.body.with_changes(body=[*doc, new]))


def _lockstep(cls: cst.ClassDef, node: cst.CSTNode, attr: str) -> None:
    """Refuses, saying so, where the method reading ``attr`` feeds two queues of the object in lockstep
    (WaveNet's audio and id queues: ``feed/lockstep.py``)."""
    from tfdata_bridge._src.migrate.feed.lockstep import lockstep_queues

    feeder = next((m for m in methods(cls) if any(a is node for a in nodes_of(m, cst.Attribute))), None)
    queues = lockstep_queues(cls, feeder) if feeder is not None else []
    if queues:
        raise Refusal(f"`{feeder.name.value}` feeds the queues {', '.join(f'`{q}`' for q in queues)} in lockstep: "
                      f"their batches pair up only by that order, so `{attr}` cannot go with one of them alone; "
                      "the note at the first queue says why they are left; keep the queues (`migrate --to compat`)")


def _with_imports(body: list[cst.BaseStatement], imports: list[cst.BaseStatement]) -> list[cst.BaseStatement]:
    """``body`` with each of ``imports`` it lacks (what a rewrite imports: ``import tensorflow.compat.v1 as
    tf`` where the module spelled ``from tensorflow.compat.v1 import train``), after its last import."""
    body = list(body)
    for added in imports:
        if not any(added.deep_equals(s) for s in body):
            at = max((i + 1 for i, s in enumerate(body) if _is_import(s)), default=0)
            body.insert(at, added)
    return body


def _is_import(stmt: cst.CSTNode) -> bool:
    return isinstance(stmt, cst.SimpleStatementLine) and all(isinstance(s, (cst.Import, cst.ImportFrom))
                                                             for s in stmt.body)


def _one(module, index, external, trial, cls, batcher, stmt, api, line):
    """(the new module, its note and outcome, the trial's requests) or ``Refusal``."""
    cand = _candidate(module, index, external, cls, batcher, stmt)
    if cand is None:
        return None
    names = set(cand.attrs) | {cand.batcher.name.value}
    related = related_reads(module, cls, external, names) if cls.bases or cls.keywords else None
    if related is not None:  # (before the trial: what the rewrite changes at least)
        raise Refusal(related)
    fn, maker_in, batcher_in = merged(cand, _GATHERED, lambda n: len(uses(module, cls, n)) + tree_uses(external, n))
    kept = _check_uses(module, external, cand)
    if cand.started:  # its threads started as the class's method did, so the queue's rewrite sees them started
        fn = _started_here(fn, [cand.attrs[a] for a in cand.started if a in cand.attrs])
    requests: list = []
    called = _own_methods_called(cls, fn, cand)
    if called:  # ``self._read(queue)`` in the making method: gathered as a method, so ``self`` means the class
        gathered_cls = cls.with_changes(body=cls.body.with_changes(body=[
            *(m for m in cls.body.body if m not in (cand.maker, cand.batcher, *cand.readers)),
            fn.with_changes(leading_lines=[cst.EmptyLine()])]))
        trial_module = module.with_changes(body=[gathered_cls if s is cls else s for s in module.body])
    else:
        trial_module = module.with_changes(body=[*module.body, fn])
    first, last = _span(trial_module)
    out, notes, outcomes = trial(trial_module, requests)
    mine = [o for o in outcomes if first <= o.line <= last]
    refused = [n for n in notes if first <= n.line <= last and n.kind == "refused"]
    if not mine or not all(o.rewritten for o in mine) or refused:
        why = next((o.reason for o in mine if not o.rewritten), refused[0].message if refused else
                   "the gathered pipeline is not recognised")
        raise Refusal(why)
    holder = out.body
    if called:
        out_cls = next((s for s in out.body if isinstance(s, cst.ClassDef) and s.name.value == cls.name.value
                        and any(isinstance(m, cst.FunctionDef) and m.name.value == _GATHERED for m in s.body.body)),
                       None)
        holder = out_cls.body.body if out_cls is not None else []
        after = {m.name.value: m for m in holder if isinstance(m, cst.FunctionDef)}
        for name in called:  # a reader method the rewrite inlined goes; one it made a function of the record changes
            before = next(m for m in methods(cls) if m.name.value == name)
            if name not in after:
                cand.readers.append(before)
            elif module.code_for_node(after[name]) != module.code_for_node(before):
                cand.changed[name] = after[name]
    new_fn = next((s for s in holder if isinstance(s, cst.FunctionDef) and s.name.value == _GATHERED), None)
    if new_fn is None:
        raise Refusal("the gathered pipeline is not recognised")
    attr = free_attribute(module, cls, ("dataset", "_dataset", "element_dataset"))
    if cls.bases or cls.keywords:  # (and the methods the trial changed, the attribute it adds)
        related = related_reads(module, cls, external, names | {attr} | {m.name.value for m in cand.readers}
                                | set(cand.changed))
        if related is not None:
            raise Refusal(related)
    maker_body, batcher_body = split(new_fn, maker_in, batcher_in, cand.maker, cand.batcher, attr,
                                     set(cand.attrs.values()), {ln.comment.value for o in mine for ln in
                                                                wrapped_comment("tfdata-bridge migrate: " + o.reason)})
    reasons = "; ".join(o.reason for o in mine)
    if kept:  # the attributes read unbatched: one iterator's elements, set where the dataset is made
        maker_body = with_unbatched_attrs(maker_body, batcher_body, self_name(cand.maker), attr, cand, kept)
        reasons += "; " + unbatched_note(cand, kept, attr)
    new_cls = cls.with_deep_changes(cls.body, body=[
        m.with_changes(body=m.body.with_changes(body=maker_body)) if m is cand.maker else
        m.with_changes(body=m.body.with_changes(body=batcher_body)) if m is cand.batcher else
        cand.changed.get(m.name.value, m) if isinstance(m, cst.FunctionDef) else m
        for m in cls.body.body if m not in cand.readers])
    new_module = module.with_changes(body=_with_imports([new_cls if s is cls else s for s in module.body],
                                                        [s for s in out.body if _is_import(s)]))
    what = f"kept on `{self_name(cand.maker)}` by `{cls.name.value}.{cand.maker.name.value}`"
    note = Note(line, f"{reasons}; the element dataset is {what}", kind="info")
    mine_asked = [r for r in requests if first <= r[2] <= last]
    return new_module, note, PipelineOutcome(line, api, True, note.message), mine_asked


def _own_methods_called(cls: cst.ClassDef, fn: cst.FunctionDef, cand: Candidate) -> list[str]:
    """The class's other methods the gathered function calls on its instance (``self._read_slice(queue)``)."""
    instance = self_name(cand.maker) or ""
    names = {m.name.value for m in methods(cls) if m not in (cand.maker, cand.batcher, *cand.readers)}
    out: list[str] = []
    for call in nodes_of(fn.body, cst.Call):
        f = call.func
        if isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name) and f.value.value == instance and \
                f.attr.value in names and f.attr.value not in out:
            out.append(f.attr.value)
    return out


def _span(module: cst.Module) -> tuple[int, int]:
    """The lines of the gathered function in ``module``."""

    class _Where(Visitor):
        METADATA_DEPENDENCIES = (PositionProvider,)
        found = (0, -1)

        def visit_FunctionDef(self, node: cst.FunctionDef) -> bool:
            if node.name.value == _GATHERED:
                where = self.get_metadata(PositionProvider, node)
                _Where.found = (where.start.line, where.end.line)
            return True

    _Where.found = (0, -1)
    MetadataWrapper(module).visit(_Where())
    return _Where.found


class _Refusals(dict):
    """``{batch line: reason}``; ``dequeues``: ``{line: method}`` of those that are a kept queue's dequeue."""

    def __init__(self) -> None:
        super().__init__()
        self.dequeues: dict[int, tuple[str, str]] = {}  # (the method, the statement's code)

    @classmethod
    def of(cls, reasons: dict[int, str], was: "_Refusals") -> "_Refusals":
        out = cls()
        out.update(reasons)
        out.dequeues = dict(was.dequeues)
        return out


def object_pipelines(module: cst.Module, external, trial):
    """(the module with each class's kept pipeline rewritten, info notes, outcomes, ``{batch line: refusal}``,
    the trials' requests); ``trial(module, requests)`` is the ordinary rewrite of a module. A base class whose
    pipeline reads through its subclasses' methods is first tried as each subclass's own (``inherited.py``)."""
    flat, originals, reasons = specialize(module, external)
    got = _subclasses(module, (flat, originals), external, trial) if flat is not None else None
    if got is None:
        got = _object_pipelines(module, external, trial)
        if flat is not None:  # (a subclass's pipeline was refused: each subclass's is rewritten, or none)
            reasons.update((name, f"the subclasses of `{name}` are not all rewritten, each on its own")
                           for name in {next(b.value.value for b in c.bases) for c in originals.values()})
    if reasons:  # a base batching through its subclasses' methods, left: said at its batch
        _, found = _found(module, external)
        for cls, _, _, _, line in found:
            if cls.name.value in reasons and line not in got[3]:
                got[3][line] = reasons[cls.name.value]
    return got


def _subclasses(module: cst.Module, special, external, trial):
    """``object_pipelines`` of the module with its subclasses specialized (``inherited.py``), each subclass's
    pipeline rewritten on its own (the others' still as written: each is its own object, and the others' chains
    are no uses of its batching method), the classes put back; None where one of them is not rewritten."""
    flat, originals = special
    index, found = _found(flat, external)
    classes: dict[str, cst.ClassDef] = {}
    notes, outcomes, requests, imports = [], [], [], []
    for cls, batcher, stmt, api, line in found:
        if cls.name.value not in originals:
            continue
        try:
            got = _one(flat, index, external, trial, cls, batcher, stmt, api, line)
        except Refusal:
            return None
        if got is None or cls.name.value in classes:
            return None
        new_module, note, outcome, asked = got
        classes[cls.name.value] = next(s for s in new_module.body if isinstance(s, cst.ClassDef)
                                       and s.name.value == cls.name.value)
        imports += [s for s in new_module.body if _is_import(s) and not any(s.deep_equals(t) for t in flat.body)]
        notes.append(note)
        outcomes.append(outcome)
        requests += asked
    if set(classes) != set(originals):
        return None
    body = [classes.get(s.name.value, s) if isinstance(s, cst.ClassDef) else s for s in flat.body]
    merged = flat.with_changes(body=_with_imports(body, imports))
    merged = restore(cst.parse_module(code_of(merged)), originals)
    back = line_map(code_of(module), code_of(flat))
    notes = [note_back(n, back) for n in notes]
    outcomes = [outcome_back(o, back) for o in outcomes]
    requests = [(fn, new_fn, back(line)) for fn, new_fn, line in requests]
    rest, more_notes, more_outcomes, refusals, more_requests = _object_pipelines(merged, external, trial)
    there = line_map(code_of(module), code_of(merged))
    return (rest, notes + [note_back(n, there) for n in more_notes],
            outcomes + [outcome_back(o, there) for o in more_outcomes],
            _Refusals.of({there(k): v for k, v in refusals.items()}, refusals),
            requests + [(fn, new_fn, there(line)) for fn, new_fn, line in more_requests])


def _object_pipelines(module: cst.Module, external, trial):
    notes, outcomes, refusals, requests = [], [], _Refusals(), []
    original = code_of(module)
    index, found = _found(module, external)
    lines = {id(f[2]): f[4] for f in found}
    done: set[int] = set()
    while found:
        for cls, batcher, stmt, api, _ in found:
            line = lines.get(id(stmt), 0)
            if line in done or line in refusals:
                continue
            try:
                got = _one(module, index, external, trial, cls, batcher, stmt, api, line)
            except Refusal as exc:
                refusals[line] = str(exc)
                if api in _DEQUEUES:  # (no note of the recogniser's is at a kept queue's dequeue)
                    refusals.dequeues[line] = (api, module.code_for_node(stmt.body[0]))
                continue
            if got is None:
                continue
            module, note, outcome, reqs = got
            notes.append(note)
            outcomes.append(outcome)
            requests += reqs
            done.add(line)
            if len(found) == 1:  # (no other batch to try: no second survey)
                return module, notes, outcomes, refusals, requests
            module = cst.parse_module(code_of(module))
            index, found = _found(module, external)
            back = line_map(original, code_of(module))
            lines = {id(f[2]): back(f[4]) for f in found}
            break
        else:
            break
    return module, notes, outcomes, refusals, requests


__all__ = ["object_pipelines"]
